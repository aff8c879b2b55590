"""The project's text cites what a user can read: the docs' rules pages (rule C10c), the rule
books and the game descriptions by their titles; never the maintainers' working files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = re.compile(
    r"\bseeds? ?\d{3}\b"  # the game descriptions by their file numbers ("seed 000", "seeds 001/004")
    r"|(?-i:\bRULES\b)"  # the rules reference file ("RULES §7", "RULES C6", "RULES.md")
    r"|\bDESIGN\.md\b|\bexamples\.json\b"
    r"|(?<!FFB-[A-Z]\d\d )§",  # a section sign not numbering a section of an FFB rule book
    re.IGNORECASE,
)
FILES = sorted(
    path
    for pattern in (
        "src/**/*.py",
        "src/**/*.json",
        "src/**/*.c",
        "docs/**/*.md",
        "docs/**/*.py",
        "benchmarks/**/*.py",
        "tests/**/*.py",
        "tests/**/*.md",
        "scripts/**/*",
    )
    for path in ROOT.glob(pattern)
    if path.is_file() and path.name != "test_citations.py" and "__pycache__" not in path.parts
) + [ROOT / name for name in ("README.md", "CHANGELOG.md", "CONTRIBUTING.md", "mkdocs.yml")]


@pytest.mark.parametrize("path", FILES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_citation_of_working_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8").replace("BIDDING_RULES", "")
    found = [
        f"line {text.count(chr(10), 0, match.start()) + 1}: {match.group()!r}"
        for match in FORBIDDEN.finditer(text)
    ]
    assert not found, f"cite the docs' rules pages or the real sources instead: {found}"


@pytest.mark.parametrize(
    "text",
    ["as seed 000 says", "seeds 001/004", "RULES §7", "see RULES.md", "DESIGN.md budget", "the §7 values"],
)
def test_the_pattern_catches_the_old_citations(text: str) -> None:
    assert FORBIDDEN.search(text)


@pytest.mark.parametrize("text", ["FFB-B16 §5.2.2", "rule C10c", "--seed 7", "BIDDING_RULES", "many seeds"])
def test_the_pattern_leaves_real_citations_alone(text: str) -> None:
    assert not FORBIDDEN.search(text.replace("BIDDING_RULES", ""))
