"""benchmarks/card_play_roles.py: the three tables of a deal, the gains by role and the file of
deals (the script measures the card play of a candidate player, so it is tested here)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest

_BENCHMARKS = str(Path(__file__).resolve().parent.parent / "benchmarks")
if _BENCHMARKS not in sys.path:
    sys.path.insert(0, _BENCHMARKS)

import card_play_roles as roles  # noqa: E402
from paired_strength import player  # noqa: E402


def test_the_docstring_examples() -> None:
    assert doctest.testmod(roles).failed == 0


@pytest.mark.parametrize(("variant", "spec"), [("classic", "normal"), ("bulgarian", "hard:samples=2")])
def test_a_candidate_that_is_the_baseline_plays_the_same_cards_at_the_three_tables(
    variant: str, spec: str
) -> None:
    for index in range(3):
        deal = roles.play_deal(variant, player(spec), player(spec), 5, index)
        assert deal.contract is not None
        assert deal.margins[0] == deal.margins[1] == deal.margins[2]
        assert deal.outcomes[0] == deal.outcomes[1] == deal.outcomes[2]


def test_the_three_tables_play_the_baselines_contract_with_the_candidate_on_each_side() -> None:
    deal = roles.play_deal("classic", "easy", "normal", 0, 0)
    assert deal.contract == "Contract(Seat.NORTH, Trump.CLUBS)"
    assert deal.margins == (100, 66, 144)
    assert (deal.declaring, deal.defending) == (-34, -44)


def test_a_weaker_candidate_loses_on_both_sides() -> None:
    deals = [roles.play_deal("classic", "easy", "normal", 0, index) for index in range(12)]
    taken = [deal for deal in deals if deal.contract is not None]
    assert len(taken) == 8
    assert sum(deal.declaring for deal in taken) < 0
    assert sum(deal.defending for deal in taken) < 0


def test_a_passed_out_deal_is_kept_and_not_measured(capsys: pytest.CaptureFixture[str]) -> None:
    deal = roles.play_deal("classic", "easy", "normal", 0, 4)
    assert (deal.contract, deal.margins, deal.outcomes) == (None, (0, 0, 0), ("passed",) * 3)
    assert roles.main(["--deals", "5", "--candidate", "easy", "--baseline", "normal"]) == 0
    assert "5 deals bid by normal, 4 taken" in capsys.readouterr().out


def test_the_file_of_deals_keeps_what_it_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "roles.jsonl"
    common = ["--candidate", "easy", "--baseline", "normal", "--out", str(out)]
    assert roles.main(["--deals", "3", *common]) == 0
    first = capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 1 + 3  # the settings, then the deals
    assert roles.main(["--deals", "5", *common]) == 0
    assert len(out.read_text().splitlines()) == 1 + 5
    settings = {"variant": "classic", "seed": 0, "candidate": "easy", "baseline": "normal"}
    held = roles.read_deals(out, settings)
    assert held == {index: roles.play_deal("classic", "easy", "normal", 0, index) for index in range(5)}
    assert roles.main(["--deals", "3", *common]) == 0
    assert capsys.readouterr().out.splitlines()[-6:] == first.splitlines()[-6:]
    assert len(out.read_text().splitlines()) == 1 + 5


@pytest.mark.parametrize(
    "other", [["--seed", "1"], ["--variant", "bulgarian"], ["--candidate", "normal"], ["--baseline", "easy"]]
)
def test_the_file_of_deals_refuses_other_settings(
    other: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file of deals played with other settings is not read as this run's (it was: seed 1
    printed the deals of seed 0)."""
    out = tmp_path / "roles.jsonl"
    assert roles.main(["--deals", "2", "--candidate", "easy", "--baseline", "normal", "--out", str(out)]) == 0
    kept = out.read_text()
    arguments = {"--candidate": "easy", "--baseline": "normal", "--seed": "0", "--variant": "classic"}
    arguments[other[0]] = other[1]
    with pytest.raises(SystemExit):
        roles.main(
            ["--deals", "2", *[word for pair in arguments.items() for word in pair], "--out", str(out)]
        )
    assert "holds the deals of other settings" in capsys.readouterr().err
    assert out.read_text() == kept


def test_a_capot_counts_as_made(capsys: pytest.CaptureFixture[str]) -> None:
    """The made rate of a table counts capots (the tournament's does too)."""
    deals = [roles.Deal(0, "c", (10, 10, 10), ("capot", "made", "failed"))]
    roles.report(deals, roles.argparse.Namespace(variant="classic", seed=0, baseline="b", candidate="c"))
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0].strip() for line in lines[-3:]] == [
        "table C: made 1.000 (capots too)",
        "table A: made 1.000 (capots too)",
        "table B: made 0.000 (capots too)",
    ]
