"""The README must not lie: its Python blocks run, and its two quick-start commands are the ones
.ci/run executes (it reads them from the README, after the marker comments tested here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("block", python_blocks())
def test_readme_python_block_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(README), "exec"), {})
    # a ``# prints: ...`` comment is what the block prints, line for line and in order
    expected = re.findall(r"^\s*# prints: (.*)$", block, re.M)
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in printed if line in expected] == expected


def test_the_readme_shows_printed_output() -> None:
    assert any("# prints: " in block for block in python_blocks())


def test_readme_round_example_prints_a_score() -> None:
    namespace: dict[str, object] = {}
    block = next(block for block in python_blocks() if "score_round" in block)
    exec(compile(block, str(README), "exec"), namespace)
    score = namespace["score"]
    assert sum(score.points) >= 162  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("marker", "must_contain"), [("main-command", "belote demo"), ("test-command", "pytest")]
)
def test_quick_start_commands_are_marked(marker: str, must_contain: str) -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"<!-- {marker} -->")
    assert lines[start + 1] == "```"
    command = lines[start + 2]
    assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert must_contain in command
    assert lines[start + 3] == "```"
