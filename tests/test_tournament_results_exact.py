"""Exact values of belote.tournament.results that mutation testing (mutmut 3.8) checks: the
sides of each :class:`~belote.tournament.Seating`, a :class:`~belote.tournament.GameResult`'s
``repr``, its JSON both ways with every refusal of ``from_json`` (its exact message and reason),
the running totals over the games and the :class:`~belote.TournamentSummary` they make, its
rates, intervals, JSON and ``repr``. The tournament tests (test_tournament*.py) run worker
pools, which deadlock in mutmut's forked runners, and are left out of its runs: these build the
values directly or play a few cheap single deals in this process (``executor=None``)."""

from __future__ import annotations

import json
import math
from typing import Any

import attrs
import pytest

from belote import Reason, TournamentError, TournamentSummary, tournament
from belote.stats import RunningMean, wilson
from belote.tournament import GameResult, Seating
from belote.tournament import results as results_module
from belote.tournament.results import Totals

# -- Seating ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seating", "plays", "sides"),
    [
        (Seating.FIXED, 1, [(0,), (0,), (0,), (0,)]),
        (Seating.ROTATE, 1, [(0,), (1,), (0,), (1,)]),
        (Seating.DUPLICATE, 2, [(0, 1), (0, 1), (0, 1), (0, 1)]),
    ],
)
def test_seating_plays_and_sides(seating: Seating, plays: int, sides: list[tuple[int, ...]]) -> None:
    assert seating.plays == plays
    assert [seating.sides(index) for index in range(4)] == sides
    assert Seating(seating.value) is seating


@pytest.mark.parametrize(
    ("value", "seating"),
    [("fixed", Seating.FIXED), ("rotate", Seating.ROTATE), ("duplicate", Seating.DUPLICATE)],
)
def test_seating_values(value: str, seating: Seating) -> None:
    assert seating.value == value
    assert str(seating) == value


# -- GameResult -------------------------------------------------------------------------------

RESULT = GameResult(
    index=3,
    seed="7/3",
    points=(100, 62),
    wins=(1, 0),
    ties=0,
    deals=2,
    decisions=(10, 12),
    seconds=(0.5, 0.25),
    records=('{"a": 1}', '{"b": "é"}'),
    taken=(1, 2),
    made=(1, 0),
    doubled=(0, 1),
)

RESULT_JSON: dict[str, Any] = {
    "index": 3,
    "seed": "7/3",
    "points": [100, 62],
    "wins": [1, 0],
    "ties": 0,
    "deals": 2,
    "decisions": [10, 12],
    "seconds": [0.5, 0.25],
    "records": [{"a": 1}, {"b": "é"}],
    "taken": [1, 2],
    "made": [1, 0],
    "doubled": [0, 1],
}


def _plain(**changes: Any) -> GameResult:
    fields: dict[str, Any] = {
        "index": 1,
        "seed": "0/1",
        "points": (100, 62),
        "wins": (1, 0),
        "ties": 0,
        "deals": 1,
        "decisions": (10, 12),
        "seconds": (0.5, 0.25),
    }
    return GameResult(**{**fields, **changes})


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (
            _plain(),
            "GameResult(index=1, seed='0/1', points=(100, 62), wins=(1, 0), ties=0, deals=1, "
            "decisions=(10, 12), seconds=(0.5, 0.25))",
        ),
        (
            RESULT,
            "GameResult(index=3, seed='7/3', points=(100, 62), wins=(1, 0), ties=0, deals=2, "
            "decisions=(10, 12), seconds=(0.5, 0.25), taken=(1, 2), made=(1, 0), doubled=(0, 1), "
            "records=2)",
        ),
        (
            _plain(records=("{}",)),
            "GameResult(index=1, seed='0/1', points=(100, 62), wins=(1, 0), ties=0, deals=1, "
            "decisions=(10, 12), seconds=(0.5, 0.25), records=1)",
        ),
    ],
)
def test_game_result_repr(result: GameResult, text: str) -> None:
    assert repr(result) == text


def test_game_result_equality_ignores_the_seconds_only() -> None:
    assert _plain(seconds=(9.0, 9.0)) == _plain()
    assert _plain(taken=(1, 0)) != _plain()
    assert "__lt__" not in vars(GameResult)  # no ordering


def test_game_result_as_json_exact() -> None:
    data = RESULT.as_json()
    assert data == RESULT_JSON
    assert list(data) == list(RESULT_JSON)
    for name in ("points", "wins", "decisions", "taken", "made", "doubled", "seconds", "records"):
        assert type(data[name]) is list, name
    assert json.loads(json.dumps(data)) == RESULT_JSON
    assert _plain().as_json()["records"] == []


def test_game_result_from_json_reads_what_as_json_wrote() -> None:
    back = GameResult.from_json(RESULT.as_json())
    assert back == RESULT
    assert back.seconds == (0.5, 0.25)
    assert back.records == ('{"a": 1}', '{"b": "é"}')  # not ASCII-escaped
    for name in ("points", "wins", "decisions", "taken", "made", "doubled", "seconds", "records"):
        assert type(getattr(back, name)) is tuple, name


def test_game_result_from_json_defaults() -> None:
    data = {
        key: value for key, value in RESULT_JSON.items() if key not in ("records", "taken", "made", "doubled")
    }
    back = GameResult.from_json(data)
    assert back == _plain(index=3, seed="7/3", deals=2)
    assert (back.records, back.taken, back.made, back.doubled) == ((), (0, 0), (0, 0), (0, 0))


@pytest.mark.parametrize(
    ("seconds", "read"),
    [([0, 3], (0.0, 3.0)), ([1.5, 0.0], (1.5, 0.0)), ([2**60, 0], (float(2**60), 0.0))],
)
def test_game_result_from_json_seconds(seconds: list[Any], read: tuple[float, float]) -> None:
    back = GameResult.from_json({**RESULT_JSON, "seconds": seconds})
    assert back.seconds == read
    assert all(type(value) is float for value in back.seconds)


def test_game_result_from_json_counts_up_to_two_to_the_53() -> None:
    most = 2**53
    back = GameResult.from_json({**RESULT_JSON, "index": most, "ties": 0, "points": [most, 0]})
    assert (back.index, back.points) == (most, (most, 0))


def _refusal(data: object) -> str:
    with pytest.raises(TournamentError) as caught:
        GameResult.from_json(data)
    error = caught.value
    assert error.reason is Reason.MALFORMED_RECORD
    assert error.__cause__ is None
    assert error.__suppress_context__
    return str(error)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "not a tournament game result (not an object): []"),
        ("x", "not a tournament game result (not an object): 'x'"),
        ({"records": {}}, "not a tournament game result (records is not a list of records): {'records': {}}"),
        (
            {"records": [{}, 1]},
            "not a tournament game result (records is not a list of records): {'records': [{}, 1]}",
        ),
        ({}, "not a tournament game result (no 'index'): {}"),
        ({"index": 0}, "not a tournament game result (no 'seed'): {'index': 0}"),
        ({"index": -1}, "not a tournament game result (-1 is not a whole number): {'index': -1}"),
        ({"index": True}, "not a tournament game result (True is not a whole number): {'index': True}"),
        ({"index": 1.0}, "not a tournament game result (1.0 is not a whole number): {'index': 1.0}"),
        ({"index": "1"}, "not a tournament game result ('1' is not a whole number): {'index': '1'}"),
        (
            {"index": 2**53 + 1},
            "not a tournament game result (9007199254740993 is past any count of a tournament (2**53)): "
            "{'index': 9007199254740993}",
        ),
        (
            {"index": 0, "seed": 7},
            "not a tournament game result (7 is not a string): {'index': 0, 'seed': 7}",
        ),
    ],
)
def test_game_result_from_json_refusals(data: object, message: str) -> None:
    assert _refusal(data) == message


def _field_refusal(name: str, value: object) -> str:
    message = _refusal({**RESULT_JSON, name: value})
    prefix = "not a tournament game result ("
    assert message.startswith(prefix)
    why, _, shown = message[len(prefix) :].partition("): ")
    assert shown == repr({**RESULT_JSON, name: value})[:80]
    return why


@pytest.mark.parametrize("name", ["points", "wins", "decisions", "taken", "made", "doubled"])
@pytest.mark.parametrize(
    ("value", "why"),
    [
        ([1], "[1] is not a pair"),
        ([1, 2, 3], "[1, 2, 3] is not a pair"),
        ((1, 2), "(1, 2) is not a pair"),
        ("12", "'12' is not a pair"),
        ([-1, 0], "-1 is not a whole number"),
        ([0, -1], "-1 is not a whole number"),
        ([0, False], "False is not a whole number"),
    ],
)
def test_game_result_from_json_pair_refusals(name: str, value: object, why: str) -> None:
    assert _field_refusal(name, value) == why


@pytest.mark.parametrize(
    ("name", "value", "why"),
    [
        ("ties", -2, "-2 is not a whole number"),
        ("deals", None, "None is not a whole number"),
        ("seconds", [1.0], "[1.0] is not a pair"),
        ("seconds", [1.0, 2.0, 3.0], "[1.0, 2.0, 3.0] is not a pair"),
        ("seconds", (1.0, 2.0), "(1.0, 2.0) is not a pair"),
        ("seconds", [True, 0.0], "True is not a time"),
        ("seconds", [0.0, -0.5], "-0.5 is not a time"),
        ("seconds", [-1, 0.0], "-1 is not a time"),
        ("seconds", [float("nan"), 0.0], "nan is not a time"),
        ("seconds", [float("inf"), 0.0], "inf is not a time"),
        ("seconds", [0.0, float("-inf")], "-inf is not a time"),
        ("seconds", [0.0, "1"], "'1' is not a time"),
        ("seconds", [2**1100, 0.0], "an int of 1101 bits is not a time"),
        ("seconds", [0.0, 2**1024], "an int of 1025 bits is not a time"),
    ],
)
def test_game_result_from_json_field_refusals(name: str, value: object, why: str) -> None:
    assert _field_refusal(name, value) == why


def test_game_result_from_json_refusal_shows_80_characters() -> None:
    data = {"index": "x" * 200}
    message = _refusal(data)
    assert message == f"not a tournament game result ({'x' * 200!r} is not a whole number): {repr(data)[:80]}"


def test_game_result_from_json_largest_int_time() -> None:
    assert GameResult.from_json({**RESULT_JSON, "seconds": [2**1023, 0]}).seconds == (float(2**1023), 0.0)


# -- Totals and TournamentSummary ------------------------------------------------------------

GAMES = [
    _plain(
        index=0,
        points=(30, 10),
        wins=(1, 0),
        ties=0,
        deals=1,
        decisions=(4, 6),
        seconds=(1.0, 3.0),
        taken=(1, 0),
        made=(1, 0),
        doubled=(0, 1),
    ),
    _plain(
        index=1,
        points=(0, 0),
        wins=(0, 0),
        ties=1,
        deals=2,
        decisions=(6, 4),
        seconds=(2.0, 0.5),
        taken=(0, 0),
        made=(0, 0),
        doubled=(0, 0),
    ),
    _plain(
        index=2,
        points=(10, 30),
        wins=(0, 1),
        ties=0,
        deals=3,
        decisions=(2, 3),
        seconds=(0.0, 0.5),
        taken=(2, 1),
        made=(1, 1),
        doubled=(1, 0),
    ),
    _plain(
        index=3,
        points=(50, 40),
        wins=(1, 1),
        ties=0,
        deals=4,
        decisions=(0, 0),
        seconds=(0.0, 0.0),
        taken=(0, 3),
        made=(0, 2),
        doubled=(2, 0),
    ),
]


def _totals(results: list[GameResult]) -> Totals:
    totals = Totals()
    for result in results:
        totals.add(result)
    return totals


def _summary(results: list[GameResult], **options: Any) -> TournamentSummary:
    settings: dict[str, Any] = {
        "variant": "classic",
        "players": ("normal", "easy"),
        "deals": True,
        "seating": Seating.ROTATE,
        "seed": 5,
        "elapsed": 2.5,
        **options,
    }
    return _totals(results).summary(**settings)


def test_totals_add_exact() -> None:
    totals = _totals(GAMES)
    assert (totals.games, totals.plays, totals.deals, totals.ties) == (4, 5, 10, 1)
    assert totals.wins == [2, 2]
    assert totals.points == [90, 80]
    assert totals.decisions == [12, 13]
    assert totals.seconds == [3.0, 4.0]
    assert (totals.taken, totals.made, totals.doubled) == ([3, 4], [2, 3], [3, 1])
    assert totals.share.count == 3  # the game without a point is no share
    assert totals.share.mean == pytest.approx((0.75 + 0.25 + 50 / 90) / 3)


def test_totals_start_at_zero() -> None:
    totals = Totals()
    assert (totals.games, totals.plays, totals.deals, totals.ties) == (0, 0, 0, 0)
    assert (totals.wins, totals.points, totals.decisions) == ([0, 0], [0, 0], [0, 0])
    assert (totals.taken, totals.made, totals.doubled, totals.seconds) == ([0, 0], [0, 0], [0, 0], [0.0, 0.0])
    assert totals.share.count == 0


def test_summary_exact() -> None:
    summary = _summary(GAMES, resumed=1)
    running = RunningMean()
    for share in (0.75, 0.25, 50 / 90):
        running.add(share)
    interval = running.interval()
    assert interval is not None
    assert summary.variant == "classic"
    assert summary.players == ("normal", "easy")
    assert (summary.unit, summary.seating, summary.games, summary.seed) == ("deals", Seating.ROTATE, 4, 5)
    assert (summary.plays, summary.deals, summary.wins, summary.ties, summary.points) == (
        5,
        10,
        (2, 2),
        1,
        (90, 80),
    )
    assert summary.share == (running.mean, 1 - running.mean)
    assert summary.share_interval == (interval, (1 - interval[1], 1 - interval[0]))
    assert summary.decisions == (12, 13)
    assert (summary.taken, summary.made, summary.doubled) == ((3, 4), (2, 3), (3, 1))
    assert summary.seconds_per_decision == (0.25, 4.0 / 13)
    assert (summary.elapsed, summary.resumed) == (2.5, 1)
    for name in ("wins", "points", "decisions", "taken", "made", "doubled", "seconds_per_decision", "share"):
        assert type(getattr(summary, name)) is tuple, name


@pytest.mark.parametrize(("deals", "unit"), [(True, "deals"), (False, "matches")])
def test_summary_unit(deals: bool, unit: str) -> None:
    assert _summary(GAMES, deals=deals).unit == unit


def test_summary_of_unscored_games() -> None:
    unscored = [GAMES[1], _plain(index=1, points=(0, 0), wins=(0, 0), ties=1, decisions=(0, 0))]
    summary = _summary(unscored)
    assert all(math.isnan(share) for share in summary.share)
    assert summary.share_interval == (None, None)
    assert summary.seconds_per_decision == (2.5 / 6, 0.75 / 4)
    assert summary.resumed == 0
    empty = _summary([])
    assert empty.seconds_per_decision == (0.0, 0.0)
    assert (empty.plays, empty.games, empty.ties) == (0, 0, 0)


def test_summary_of_one_scored_game_has_a_share_but_no_interval() -> None:
    summary = _summary([GAMES[0]])
    assert summary.share == (0.75, 0.25)
    assert summary.share_interval == (None, None)


def test_summary_rates() -> None:
    summary = _summary(GAMES)
    assert summary.win_rate == (2 / 5, 2 / 5)
    assert summary.win_interval == (wilson(2 * 4 / 5, 4), wilson(2 * 4 / 5, 4))
    assert summary.take_rate == (0.3, 0.4)
    assert summary.made_rate == (2 / 3, 3 / 4)
    assert summary.contra_rate == (3 / 4, 1 / 3)


def test_summary_rates_per_player() -> None:
    games = [_plain(index=0, wins=(3, 1), ties=0, deals=5, taken=(4, 1), made=(1, 1), doubled=(0, 2))]
    summary = _summary(games)
    assert summary.plays == 4
    assert summary.win_rate == (0.75, 0.25)
    assert summary.win_interval == (wilson(0.75, 1), wilson(0.25, 1))
    assert summary.take_rate == (0.8, 0.2)
    assert summary.made_rate == (0.25, 1.0)
    assert summary.contra_rate == (0.0, 0.5)


def test_summary_rates_without_anything_played() -> None:
    summary = _summary([])
    assert summary.win_interval == ((0.0, 1.0), (0.0, 1.0))
    for rates in (summary.take_rate, summary.made_rate, summary.contra_rate):
        assert all(math.isnan(rate) for rate in rates)
    one = _summary([_plain(index=0, deals=2, taken=(0, 1), made=(0, 0), doubled=(0, 0))])
    assert math.isnan(one.made_rate[0])
    assert one.made_rate[1] == 0.0
    assert one.contra_rate[0] == 0.0
    assert math.isnan(one.contra_rate[1])


def test_duplicate_win_interval_counts_games() -> None:
    # duplicate: 4 games, 8 plays, player 0 won 5 of them (2.5 games' worth), player 1 won 1
    summary = _summary(
        [
            _plain(index=i, wins=wins, ties=2 - sum(wins))
            for i, wins in enumerate([(2, 0), (1, 1), (1, 0), (1, 0)])
        ],
        seating=Seating.DUPLICATE,
    )
    assert (summary.games, summary.plays, summary.wins, summary.ties) == (4, 8, (5, 1), 2)
    assert summary.win_interval == (wilson(2.5, 4), wilson(0.5, 4))
    assert summary.win_rate == (5 / 8, 1 / 8)


def test_summary_as_json_exact() -> None:
    summary = _summary(GAMES, resumed=2, seating=Seating.DUPLICATE, variant="belote 501")
    interval = summary.share_interval[0]
    other = summary.share_interval[1]
    assert interval is not None
    assert other is not None
    data = summary.as_json()
    expected: dict[str, Any] = {
        "variant": "belote 501",
        "unit": "deals",
        "seating": "duplicate",
        "games": 4,
        "seed": 5,
        "plays": 5,
        "deals_played": 10,
        "ties": 1,
        "players": [
            {
                "name": "normal",
                "wins": 2,
                "win_rate": 2 / 5,
                "win_rate_ci95": list(summary.win_interval[0]),
                "points": 90,
                "point_share": summary.share[0],
                "point_share_ci95": list(interval),
                "decisions": 12,
                "taken": 3,
                "made": 2,
                "doubled": 3,
                "seconds_per_decision": 0.25,
            },
            {
                "name": "easy",
                "wins": 2,
                "win_rate": 2 / 5,
                "win_rate_ci95": list(summary.win_interval[1]),
                "points": 80,
                "point_share": summary.share[1],
                "point_share_ci95": list(other),
                "decisions": 13,
                "taken": 4,
                "made": 3,
                "doubled": 1,
                "seconds_per_decision": 4.0 / 13,
            },
        ],
        "elapsed": 2.5,
        "resumed": 2,
    }
    assert data == expected
    assert list(data) == list(expected)
    assert [list(player) for player in data["players"]] == [list(player) for player in expected["players"]]
    assert json.loads(json.dumps(data)) == expected


def test_summary_as_json_without_a_share() -> None:
    data = _summary([GAMES[1]]).as_json()
    for player in data["players"]:
        assert player["point_share"] is None
        assert player["point_share_ci95"] is None
    assert json.dumps(data, allow_nan=False)
    single = _summary([GAMES[0]]).as_json()
    assert [player["point_share"] for player in single["players"]] == [0.75, 0.25]
    assert [player["point_share_ci95"] for player in single["players"]] == [None, None]


@pytest.mark.parametrize(
    ("options", "text"),
    [
        ({}, "TournamentSummary('normal' vs 'easy', 4 deals, rotate: points 0.519/0.481, wins 2/2, ties 1)"),
        (
            {"deals": False, "seating": Seating.FIXED, "players": ("a", "b'")},
            "TournamentSummary('a' vs \"b'\", 4 matches, fixed: points 0.519/0.481, wins 2/2, ties 1)",
        ),
    ],
)
def test_summary_repr(options: dict[str, Any], text: str) -> None:
    assert repr(_summary(GAMES, **options)) == text


def test_summary_repr_per_player_and_nan() -> None:
    games = [_plain(index=0, points=(3, 1), wins=(3, 1), ties=2, decisions=(1, 1))]
    assert repr(_summary(games)) == (
        "TournamentSummary('normal' vs 'easy', 1 deals, rotate: points 0.750/0.250, wins 3/1, ties 2)"
    )
    assert repr(_summary([GAMES[1]])) == (
        "TournamentSummary('normal' vs 'easy', 1 deals, rotate: points nan/nan, wins 0/0, ties 1)"
    )


def test_summary_equality_ignores_timings_only() -> None:
    base = _summary(GAMES)
    assert _summary(GAMES, elapsed=99.0, resumed=3) == base
    assert _summary(GAMES, seed=6) != base
    assert "__lt__" not in vars(TournamentSummary)


# -- a few cheap games in this process --------------------------------------------------------


@pytest.mark.parametrize("seating", ["rotate", "duplicate", "fixed"])
def test_tournament_summary_is_the_totals_of_its_games(seating: str) -> None:
    results: list[GameResult] = []
    summary = tournament(
        ("normal", "easy"),
        games=3,
        deals=True,
        seed=2,
        seating=seating,
        executor=None,
        records=True,
        on_game=results.append,
    )
    assert [result.index for result in results] == [0, 1, 2]
    assert summary == _summary(results, seed=2, seating=Seating(seating))
    plays = Seating(seating).plays
    assert summary.plays == 3 * plays
    assert all(len(result.records) == plays for result in results)
    assert all(GameResult.from_json(json.loads(json.dumps(result.as_json()))) == result for result in results)


def test_summary_equality_ignores_each_timing() -> None:
    base = _summary(GAMES)
    assert attrs.evolve(base, seconds_per_decision=(9.0, 9.0)) == base
    assert attrs.evolve(base, elapsed=0.0) == base
    assert attrs.evolve(base, resumed=4) == base
    assert attrs.evolve(base, ties=2) != base


def test_summary_resumed_defaults_to_zero() -> None:
    fields = {
        field.name: getattr(_summary(GAMES, resumed=3), field.name)
        for field in attrs.fields(TournamentSummary)
    }
    del fields["resumed"]
    assert TournamentSummary(**fields).resumed == 0


def test_public_names() -> None:
    assert results_module.__all__ == ["GameResult", "Seating", "TournamentSummary"]
    assert results_module.TournamentSummary is TournamentSummary


@pytest.mark.parametrize(("points", "count"), [((1, 0), 1), ((0, 1), 1), ((0, 0), 0)])
def test_a_game_of_one_point_is_a_share(points: tuple[int, int], count: int) -> None:
    totals = _totals([_plain(index=0, points=points)])
    assert totals.share.count == count
    if count:
        assert totals.share.mean == points[0]
