#!/usr/bin/env python3
"""Type-check the documentation's examples: ``mypy --strict`` over every ```` ```python ````
block of docs/**/*.md and README.md, and over the examples of every docstring of the package.

The docs test (tests/test_docs.py) runs the blocks and the doctests run the docstrings' examples;
this script checks their types the way a user's editor would. The blocks of one page are
concatenated in order into one module (a page reads as one script, as it runs); a block preceded
by the line ``<!-- docs-test: skip -->`` is left out, as the docs test leaves it out. The examples
of one docstring make one module too, headed by imports of the names of the docstring's module
they use before assigning them (a doctest runs in its module's namespace; the import names each
one from the module that defines it, so that the strict check of re-exports passes). mypy's
messages point at the Markdown page or the source file, and line.

Usage: python scripts/typecheck_docs.py [mypy options...]   (exit status: mypy's)
"""

from __future__ import annotations

import ast
import builtins
import doctest
import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
import tempfile
import types
from collections.abc import Iterator
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


def package_modules() -> list[types.ModuleType]:
    """The package's modules (``belote`` and every submodule but ``__main__``, which runs the CLI)."""
    import belote

    found = [belote]
    for info in pkgutil.walk_packages(belote.__path__, "belote."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            found.append(importlib.import_module(info.name))
    return found


def defined_names(module: types.ModuleType, cache: dict[str, set[str]]) -> set[str]:
    """The names ``module``'s own top-level code defines (functions, classes, assignments); none
    for a compiled module."""
    if module.__name__ not in cache:
        names: set[str] = set()
        try:
            source = inspect.getsource(module)
        except (OSError, TypeError):  # a compiled module: no source
            source = ""
        for node in ast.parse(source).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    names.update(name.id for name in ast.walk(target) if isinstance(name, ast.Name))
        cache[module.__name__] = names
    return cache[module.__name__]


def import_line(
    name: str,
    value: object,
    module: types.ModuleType,
    modules: list[types.ModuleType],
    cache: dict[str, set[str]],
) -> str:
    """The import that binds ``name`` to ``value`` (``module``'s) for the type checker."""
    if isinstance(value, types.ModuleType):
        return f"import {value.__name__} as {name}"
    candidates = [module, *modules]
    home = getattr(value, "__module__", None)
    if isinstance(home, str) and home in sys.modules:
        candidates.insert(0, sys.modules[home])
    for candidate in candidates:
        if candidate.__dict__.get(name) is value and name in defined_names(candidate, cache):
            return f"from {candidate.__name__} import {name}"
    return f"from {module.__name__} import {name}"


def names_read_first(code: str) -> set[str]:
    """The names ``code`` reads before (or without) assigning them."""
    loaded: dict[str, tuple[int, int]] = {}
    stored: dict[str, tuple[int, int]] = {}
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name):
            first = stored if isinstance(node.ctx, (ast.Store, ast.Del)) else loaded
            where = (node.lineno, node.col_offset)
            first[node.id] = min(first.get(node.id, where), where)
    return {name for name, where in loaded.items() if name not in stored or where < stored[name]}


def docstring_examples() -> Iterator[tuple[str, str, list[str], list[int | None]]]:
    """Per docstring with examples: its test name, its file (from the root), the module's lines
    (imports, then the examples' source) and each line's line number in the file."""
    modules = package_modules()
    cache: dict[str, set[str]] = {}
    finder = doctest.DocTestFinder(exclude_empty=True)
    for module in modules:
        for test in finder.find(module, module.__name__):
            if not test.examples or test.filename is None:
                continue
            lines: list[str] = []
            where: list[int | None] = []
            for example in test.examples:
                for offset, line in enumerate(example.source.rstrip("\n").split("\n")):
                    lines.append(line)
                    where.append((test.lineno or 0) + example.lineno + offset + 1)
            namespace = module.__dict__
            header = sorted(
                {
                    import_line(name, namespace[name], module, modules, cache)
                    for name in names_read_first("\n".join(lines))
                    if name in namespace
                    and not name.startswith("__")
                    # a submodule named as a builtin (belote.round) is the builtin in user code
                    and not (hasattr(builtins, name) and isinstance(namespace[name], types.ModuleType))
                }
            )
            label = str(Path(test.filename).resolve().relative_to(ROOT))
            unnumbered: list[int | None] = [None] * len(header)
            yield test.name, label, header + lines, unnumbered + where


def main(arguments: list[str]) -> int:
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    with tempfile.TemporaryDirectory(prefix="belote-docs-types-") as folder:
        origin: dict[str, tuple[str, list[int | None]]] = {}
        for page in pages:
            blocks = python_blocks(page)
            if not blocks:
                continue
            label = str(page.relative_to(ROOT))
            page_lines: list[str] = []
            page_numbers: list[int | None] = []
            for start, body in blocks:
                for offset, line in enumerate(body):
                    page_lines.append(line)
                    page_numbers.append(start + offset)
            module = "docs_" + re.sub(r"\W", "_", label.removesuffix(".md"))
            (Path(folder) / f"{module}.py").write_text("\n".join(page_lines) + "\n", encoding="utf-8")
            origin[f"{module}.py"] = (label, page_numbers)
        for name, label, lines, numbers in docstring_examples():
            module = "doc_" + re.sub(r"\W", "_", name)
            (Path(folder) / f"{module}.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
            origin[f"{module}.py"] = (label, numbers)
        command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *arguments, folder]
        result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
        for line in (result.stdout + result.stderr).splitlines():
            found = re.match(r"(?:.*[/\\])?(docs?_\w+\.py):(\d+):(.*)", line)
            if found and found[1] in origin:
                label, where = origin[found[1]]
                number = int(found[2])
                at = where[number - 1] if number <= len(where) else None
                line = f"{label}:{at if at is not None else f'{found[1]}:{number}'}:{found[3]}"
            print(line)
        return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
