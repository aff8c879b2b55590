"""benchmarks/paired_strength.py: the paired difference of two configurations over every deal
pair (the script measures changes to a player, so it is tested here)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest

_BENCHMARKS = str(Path(__file__).resolve().parent.parent / "benchmarks")
if _BENCHMARKS not in sys.path:
    sys.path.insert(0, _BENCHMARKS)

import paired_strength  # noqa: E402


def test_the_docstring_examples() -> None:
    assert doctest.testmod(paired_strength).failed == 0


def test_the_difference_runs_over_every_deal_pair(capsys: pytest.CaptureFixture[str]) -> None:
    """Easy passes where normal takes: the pairs easy passed out (no points) count 0.5 in the
    difference, which is then the difference of the shares over all pairs (it was over the
    pairs where both scored only, +0.03 where the shares differed by 0.17)."""
    arguments = ["--deals", "12", "--first", "normal", "--second", "easy", "--opponent", "easy"]
    arguments += ["--seed", "4"]
    assert paired_strength.main(arguments) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith("over 12 deal pairs (" + lines[-1].split("(")[-1])
    first = paired_strength.play("normal", "easy", paired_strength_args(), None)
    second = paired_strength.play("easy", "easy", paired_strength_args(), None)
    differences = paired_strength.paired_differences(first, second)
    shares = [paired_strength._share(result) for result in first]
    others = [paired_strength._share(result) for result in second]
    assert differences == [mine - theirs for mine, theirs in zip(shares, others, strict=True)]
    mean, _ = paired_strength.mean_interval(differences)
    assert f"{mean:+.4f}" in lines[-1]


def paired_strength_args() -> object:
    import argparse

    return argparse.Namespace(deals=12, variant="classic", seed=4, resume=False)
