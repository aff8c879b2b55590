#!/usr/bin/env python3
"""Type-check the documentation's examples: ``mypy --strict`` over every ```` ```python ````
block of docs/**/*.md and README.md.

The docs test (tests/test_docs.py) runs the blocks; this script checks their types the way a
user's editor would. The blocks of one page are concatenated in order into one module (a page
reads as one script, as it runs), written to a temporary directory; a block preceded by the
line ``<!-- docs-test: skip -->`` is left out, as the docs test leaves it out. mypy's messages
point at the Markdown page and line.

Usage: python scripts/typecheck_docs.py [mypy options...]   (exit status: mypy's)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP_MARKER = "<!-- docs-test: skip -->"
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$")


def python_blocks(page: Path) -> list[tuple[int, list[str]]]:
    """The page's python blocks as (line number of the first code line, dedented lines)."""
    lines = page.read_text(encoding="utf-8").split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        indent, fence, info = opening["indent"], opening["fence"], opening["info"].strip()
        language = info.split()[0].lstrip(".{").rstrip("}") if info else ""
        previous = next((line.strip() for line in reversed(lines[:index]) if line.strip()), "")
        start = index + 1
        index += 1
        body = []
        while index < len(lines) and lines[index].strip() != fence:
            line = lines[index]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        if language == "python" and previous != SKIP_MARKER:
            blocks.append((start + 1, body))
    return blocks


def main(arguments: list[str]) -> int:
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    with tempfile.TemporaryDirectory(prefix="belote-docs-types-") as folder:
        origin: dict[str, tuple[str, list[int]]] = {}
        for page in pages:
            blocks = python_blocks(page)
            if not blocks:
                continue
            label = str(page.relative_to(ROOT))
            lines, where = [], []
            for start, body in blocks:
                for offset, line in enumerate(body):
                    lines.append(line)
                    where.append(start + offset)
            module = "docs_" + re.sub(r"\W", "_", label.removesuffix(".md"))
            (Path(folder) / f"{module}.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
            origin[f"{module}.py"] = (label, where)
        command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *arguments, folder]
        result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
        for line in (result.stdout + result.stderr).splitlines():
            found = re.match(r"(?:.*[/\\])?(docs_\w+\.py):(\d+):(.*)", line)
            if found and found[1] in origin:
                label, where = origin[found[1]]
                number = int(found[2])
                line = f"{label}:{where[number - 1] if number <= len(where) else number}:{found[3]}"
            print(line)
        return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
