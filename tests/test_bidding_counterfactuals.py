"""benchmarks/bidding_counterfactuals.py: the replay of a decision, the rules and the share they
change (the script measures the searching players' bidding, so its arithmetic is tested here)."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest

_BENCHMARKS = str(Path(__file__).resolve().parent.parent / "benchmarks")
if _BENCHMARKS not in sys.path:
    sys.path.insert(0, _BENCHMARKS)

import bidding_counterfactuals as bc  # noqa: E402


def decision(
    index: int,
    table: int,
    order: int,
    *,
    values: tuple[float, float],
    errors: tuple[float, float] | None,
    prior: str,
    chosen: str,
    points: list[int],
    other_points: list[int] | None = None,
) -> dict[str, Any]:
    """A decision between a pass and hearts, as play_deal writes it (replayed when other_points)."""
    record: dict[str, Any] = {
        "index": index,
        "table": table,
        "order": order,
        "seat": 0,
        "auction": [],
        "calls": ["pass", "H"],
        "values": list(values),
        "errors": None if errors is None else list(errors),
        "prior": prior,
        "samples": 64,
        "chosen": chosen,
        "points": points,
    }
    if other_points is not None:
        record["other"] = bc.alternative(record)
        record["other_points"] = other_points
    return record


def table(index: int, number: int, points: list[int]) -> dict[str, Any]:
    return {"index": index, "table": number, "order": -1, "points": points}


def rule(offset: float, confidence: float) -> bc.Decide:
    return partial(bc.rule_call, offset=offset, confidence=confidence)


def test_take_gain_and_alternative() -> None:
    taken = decision(0, 0, 0, values=(-5.0, 20.0), errors=(20.0, 0.0), prior="H", chosen="H", points=[90, 72])
    assert bc.take_gain(taken) == ("H", 25.0)
    assert bc.alternative(taken) == "pass"
    passed = {**taken, "chosen": "pass"}
    assert bc.alternative(passed) == "H"


@pytest.mark.parametrize(
    ("values", "errors", "prior", "offset", "confidence", "expected"),
    [
        ((0.0, 25.0), (0.0, 20.0), "pass", 0.0, 1.5, "pass"),  # 25 < 1.5 x 20: the prior stays
        ((0.0, 25.0), (0.0, 20.0), "pass", 0.0, 1.0, "H"),  # 25 > 1.0 x 20
        ((0.0, 25.0), (0.0, 20.0), "pass", -10.0, 1.5, "H"),  # the bid worth 35: > 30
        ((0.0, 10.0), (15.0, 0.0), "H", 0.0, 1.5, "H"),  # the prior bid, above a pass
        ((0.0, 10.0), (15.0, 0.0), "H", 20.0, 1.5, "pass"),  # shifted below a pass: never chosen
    ],
)
def test_rule_call_is_the_evaluation_best_on_shifted_values(
    values: tuple[float, float],
    errors: tuple[float, float],
    prior: str,
    offset: float,
    confidence: float,
    expected: str,
) -> None:
    record = decision(0, 0, 0, values=values, errors=errors, prior=prior, chosen=prior, points=[0, 0])
    assert bc.rule_call(record, offset, confidence) == expected


def test_share_changes_count_the_first_changed_decision_of_each_table() -> None:
    first = decision(
        0,
        0,
        0,
        values=(0.0, 25.0),
        errors=(0.0, 20.0),
        prior="pass",
        chosen="pass",
        points=[60, 102],
        other_points=[100, 62],
    )
    later = decision(
        0,
        0,
        1,
        values=(0.0, 25.0),
        errors=(0.0, 20.0),
        prior="pass",
        chosen="pass",
        points=[60, 102],
        other_points=[0, 162],
    )
    records = [table(0, 0, [60, 102]), first, later, table(0, 1, [81, 81])]
    changes, changed, unknown = bc.share_changes(records, rule(0.0, 1.0))
    # only the first decision counts: A's points go from 60 + 81 to 100 + 81 of 324
    assert (changed, unknown) == (1, 0)
    assert changes == [pytest.approx((181 - 141) / 324)]
    assert bc.share_changes(records, rule(0.0, 1.5)) == ([0.0], 0, 0)


def test_share_changes_report_a_call_not_played() -> None:
    unplayed = decision(
        1, 0, 0, values=(0.0, 25.0), errors=(0.0, 20.0), prior="pass", chosen="pass", points=[0, 162]
    )
    changes, changed, unknown = bc.share_changes([table(1, 0, [0, 162]), unplayed], rule(0.0, 1.0))
    assert (changes, changed, unknown) == ([0.0], 0, 1)


def test_a_small_run_replays_the_player_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the hard player's calls are cheap; the shipped rule must change none of its decisions
    stored = tmp_path / "decisions.jsonl"
    arguments = ["--deals", "2", "--a", "hard", "--b", "normal", "--seed", "3", "--offsets", "0", "30"]
    assert bc.main([*arguments, "--out", str(stored)]) == 0
    out = capsys.readouterr().out
    assert "played both ways" in out
    assert "(shipped)" in out
    # read back, the same decisions give the same report; the player itself as a candidate
    # changes none of them
    assert bc.main(["--from", str(stored), "--offsets", "0", "30", "--candidate", "hard"]) == 0
    again = capsys.readouterr().out
    assert again.split("other players")[0] == out
    assert "  hard:    0 decisions changed, share +0.0000" in again


def test_an_unknown_candidate_is_refused_before_any_game() -> None:
    with pytest.raises(SystemExit):
        bc.main(["--deals", "1", "--candidate", "hard:nonsense=3"])
