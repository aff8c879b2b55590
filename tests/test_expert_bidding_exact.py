"""Exact values of belote.agents.expert_bidding that mutation testing (mutmut 3.8) found untested
by the fast tests (tests/test_expert_flat.py and tests/test_expert.py cover the same ground with
the solver and are left out of the mutation run): each end :func:`solved_end` reads from a margin
(points, tricks per seat, the last trick's seat; a capot of either team, a one-player capot of
either seat of a team, a margin of all the points that is no capot, a tie), and what
:func:`solved_play_out` asks of the search and reads back, with the search replaced by a spy
(each argument, the flat margins given or not by variant and by ``flat``, the deal's points of a
no-trump contract, a one-player capot read back), and the time left before a deadline given to
the search, or the heuristics' play-out once it is spent."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

import belote.agents.expert_bidding as expert_bidding
from _clock import Clock
from belote import BULGARIAN, CLASSIC, CLASSIC_501, COINCHE, CardSet, Contract, Seat, Trump, Variant
from belote.agents.expert_bidding import flat_margins, solved_end, solved_play_out
from belote.agents.sim_bidding import heuristic_play_out
from belote.analysis.solver import capot_bonuses, solo_capot_bonuses
from belote.declarations import Declaration
from belote.kernel._rules import rule_values

End = tuple[list[int], list[int], int]
Bonuses = tuple[tuple[int, int], tuple[int, int, int, int]]


@pytest.mark.parametrize(
    ("base", "team", "margin", "remaining", "expected"),
    [
        ([40, 80], 0, 30, 42, ([76, 86], [2, 2, 2, 2], 1)),  # 36 of the 42 left to team 0
        ([10, 20], 1, -10, 50, ([40, 40], [2, 2, 2, 2], 0)),  # a tie: team 0 is given the last trick
        ([0, 0], 1, 10, 162, ([76, 86], [2, 2, 2, 2], 1)),
        ([0, 0], 0, 162, 162, ([162, 0], [2, 2, 2, 2], 0)),  # every point, not every trick
        ([0, 0], 1, -162, 162, ([162, 0], [2, 2, 2, 2], 0)),
        ([0, 0], 0, 252, 162, ([162, 0], [4, 0, 4, 0], 0)),  # beyond the points: team 0's capot
        ([0, 0], 1, 252, 162, ([0, 162], [0, 4, 0, 4], 1)),
        ([0, 0], 0, -252, 162, ([0, 162], [0, 4, 0, 4], 1)),  # the other team's capot
        ([5, 7], 1, -300, 162, ([167, 7], [4, 0, 4, 0], 0)),
    ],
)
def test_the_end_a_margin_stands_for(
    base: list[int], team: int, margin: int, remaining: int, expected: End
) -> None:
    before = list(base)
    assert solved_end(base, team, margin, remaining) == expected
    assert base == before  # the points so far are read, not added to


@pytest.mark.parametrize(
    ("team", "margin", "bonuses", "expected"),
    [
        (1, 250, ((0, 0), (0, 0, 0, 88)), ([0, 162], [0, 0, 0, 8], 3)),  # seat 3's générale
        (1, 250, ((0, 0), (0, 88, 0, 0)), ([0, 162], [0, 8, 0, 0], 1)),  # seat 1's
        (0, -250, ((0, 0), (0, 0, 0, 88)), ([0, 162], [0, 0, 0, 8], 3)),  # against the acting team
        (0, 350, ((90, 90), (188, 188, 188, 188)), ([162, 0], [8, 0, 0, 0], 0)),  # the 501 game's
        (0, 252, ((90, 90), (188, 188, 188, 188)), ([162, 0], [4, 0, 4, 0], 0)),  # its team capot
        (1, 252, ((90, 90), (90, 90, 90, 500)), ([0, 162], [0, 4, 0, 4], 1)),  # a team capot beside a
        (1, 662, ((90, 90), (90, 90, 90, 500)), ([0, 162], [0, 0, 0, 8], 3)),  # bigger one-player one
        (0, 252, ((90, 90), (90, 90, 90, 90)), ([162, 0], [4, 0, 4, 0], 0)),  # alike: a team capot
    ],
)
def test_a_capot_whose_bonus_is_a_seats_alone(
    team: int, margin: int, bonuses: Bonuses, expected: End
) -> None:
    assert solved_end([0, 0], team, margin, 162, bonuses) == expected


ANNOUNCING = Variant.parse("classic:announcements=on")


@pytest.mark.parametrize(
    ("variant", "contract", "shown", "team", "expected"),
    [
        (CLASSIC, Contract(Seat.NORTH, Trump.HEARTS), (), 0, (-162, -2)),  # 80 or fewer fail
        (CLASSIC, Contract(Seat.NORTH, Trump.HEARTS), (), 1, (2, 162)),
        # game points of ten card points: two runs of ten margins alike, from -150 and from 130;
        # the first is kept
        (
            BULGARIAN,
            Contract(Seat.EAST, Trump.SPADES),
            (Declaration(Seat.WEST, CardSet.parse("9S 9H 9D 9C")),),
            0,
            (-150, -132),
        ),
    ],
)
def test_the_longest_run_of_margins_written_alike(
    variant: Variant, contract: Contract, shown: tuple[Declaration, ...], team: int, expected: tuple[int, int]
) -> None:
    bonuses = (capot_bonuses(variant, contract), solo_capot_bonuses(variant, contract))
    assert flat_margins(variant, contract, (), shown, 0, team, bonuses) == expected


HANDS = tuple(
    CardSet.parse(text).mask
    for text in (
        "JH 9H AH TH AS TS KS QS",  # spades trumps: North's belote
        "KH 8H JS 9S AD TD KD QD",  # hearts trumps: the king and queen apart; diamonds: West's
        "QH 7H 8S 7S JD 9D 8D 7D",
        "AC TC KC QC JC 9C 8C 7C",
    )
)


class Search:
    """A stand-in for the exact search that keeps what it is asked and gives ``answer``."""

    def __init__(self, answer: tuple[int, int]) -> None:
        self.answer = answer
        self.asked: list[tuple[tuple[object, ...], dict[str, object]]] = []

    def __call__(self, *args: object, **kwargs: object) -> tuple[int, int]:
        self.asked.append((args, kwargs))
        return self.answer


def spy(monkeypatch: pytest.MonkeyPatch, margin: int = 0) -> Search:
    search = Search((0, margin))
    monkeypatch.setattr(expert_bidding, "exact_value", lambda: search)
    return search


def test_the_search_is_asked_for_the_whole_deal_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    search = spy(monkeypatch)
    solved_play_out(CLASSIC)(list(HANDS), 1, 0, 2)  # West leads against North's hearts
    solved_play_out(CLASSIC)(HANDS, 0, 0, 3)  # North leads its spades, its belote in hand
    solved_play_out(CLASSIC_501)(HANDS, 3, 2, 1)  # East leads against South's diamonds
    solved_play_out(ANNOUNCING)(HANDS, 1, 0, 2)  # the declarations shown from West's lead on
    rules = rule_values(CLASSIC)
    assert search.asked == [
        (
            (HANDS, (), 1, 2, rules, (0, 0, 0, 0), (90, 90)),
            {"solo_bonus": (90, 90, 90, 90), "threads": 1, "flat": (2, 162), "time_limit": None},
        ),
        (
            (HANDS, (), 0, 3, rules, (0, 0, 0, 0), (90, 90)),
            {
                "solo_bonus": (90, 90, 90, 90),
                "threads": 1,
                "flat": (-162, -22),
                "time_limit": None,
            },  # 70 + 20 of 182 fail
        ),
        (
            (HANDS, (), 3, 1, rule_values(CLASSIC_501), (0, 0, 0, 0), (90, 90)),
            # West's belote: 71 + 20 against 91 ties, and a tie fails the contract there
            {"solo_bonus": (188, 188, 188, 188), "threads": 1, "flat": (-20, 162), "time_limit": None},
        ),
        (
            (HANDS, (), 1, 2, rules, (0, 0, 0, 0), (90, 90)),
            # the defenders' declarations (East's eight clubs, a hundred) count: the takers fail
            # with up to 140 card points
            {"solo_bonus": (90, 90, 90, 90), "threads": 1, "flat": (-118, 162), "time_limit": None},
        ),
    ]


@pytest.mark.parametrize(
    ("variant", "flat", "window"),
    [
        (CLASSIC, True, (2, 162)),
        (CLASSIC, False, None),
        (BULGARIAN, True, None),  # the auctions: a contract is more than its taker and mode
        (COINCHE, True, None),
    ],
    ids=["classic", "classic-unflat", "bulgarian", "coinche"],
)
def test_the_flat_margins_only_in_the_turned_card_auction(
    monkeypatch: pytest.MonkeyPatch, variant: Variant, flat: bool, window: tuple[int, int] | None
) -> None:
    search = spy(monkeypatch)
    solved_play_out(variant, flat=flat)(HANDS, 1, 0, 2)
    assert search.asked[0][1]["flat"] == window
    if flat:  # the default
        solved_play_out(variant)(HANDS, 1, 0, 2)
        assert search.asked[1] == search.asked[0]


@pytest.mark.parametrize(
    ("variant", "leader", "mode", "margin", "expected"),
    [
        (CLASSIC, 0, 2, 20, (91, 71, [2, 2, 2, 2], 0)),  # the leader's team makes 20 more of 162
        (CLASSIC, 1, 2, 20, (71, 91, [2, 2, 2, 2], 1)),
        (COINCHE, 2, 4, 0, (81, 81, [2, 2, 2, 2], 0)),  # no trumps there: aces of 19, 162 in all
        (CLASSIC_501, 2, 2, 350, (162, 0, [8, 0, 0, 0], 0)),  # beyond 162 + 90: one player's capot
        (CLASSIC_501, 3, 2, -252, (162, 0, [4, 0, 4, 0], 0)),  # the leader's side loses every trick
    ],
)
def test_the_end_read_from_the_searchs_margin(
    monkeypatch: pytest.MonkeyPatch,
    variant: Variant,
    leader: int,
    mode: int,
    margin: int,
    expected: tuple[int, int, Sequence[int], int],
) -> None:
    spy(monkeypatch, margin)
    assert solved_play_out(variant)(HANDS, leader, 0, mode) == expected


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN], ids=lambda variant: variant.name)
def test_the_search_is_given_the_time_left_before_the_deadline(
    monkeypatch: pytest.MonkeyPatch, variant: Variant
) -> None:
    search = spy(monkeypatch, 20)
    monkeypatch.setattr(expert_bidding, "time", Clock(100.0))
    solved = solved_play_out(variant, deadline=100.25)(HANDS, 0, 0, 2)
    assert search.asked[0][1]["time_limit"] == 0.25
    assert solved == solved_play_out(variant)(HANDS, 0, 0, 2)  # the same end as without a deadline


@pytest.mark.parametrize("now", [100.25, 101.0])
def test_past_the_deadline_the_deal_is_played_by_the_heuristics(
    monkeypatch: pytest.MonkeyPatch, now: float
) -> None:
    search = spy(monkeypatch, 20)
    monkeypatch.setattr(expert_bidding, "time", Clock(now))
    played = solved_play_out(CLASSIC, deadline=100.25)(HANDS, 1, 0, 2)
    assert search.asked == []  # no time left: not even a search of no time
    assert played == heuristic_play_out(CLASSIC)(HANDS, 1, 0, 2)
    assert played != solved_play_out(CLASSIC)(HANDS, 1, 0, 2)  # which the spy would have given


def test_a_search_out_of_time_gives_way_to_the_heuristics(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []

    def out_of_time(*args: object, **kwargs: object) -> tuple[int, int]:
        asked.append(kwargs["time_limit"])
        raise TimeoutError("the search ran past its time_limit")

    monkeypatch.setattr(expert_bidding, "exact_value", lambda: out_of_time)
    monkeypatch.setattr(expert_bidding, "time", Clock(7.0))
    played = solved_play_out(BULGARIAN, deadline=7.5)(HANDS, 2, 1, 5)
    assert asked == [0.5]
    assert played == heuristic_play_out(BULGARIAN)(HANDS, 2, 1, 5)


def test_a_real_search_out_of_time_gives_way_to_the_heuristics() -> None:
    """The search itself (compiled or pure) stopped by its time limit: the deal of all 32 cards
    cannot be solved in a microsecond."""
    hands = [0x11111111 << seat for seat in range(4)]  # each seat one card of each rank
    played = solved_play_out(CLASSIC, deadline=time.perf_counter() + 1e-6)(hands, 0, 0, 2)
    assert played == heuristic_play_out(CLASSIC)(hands, 0, 0, 2) == (72, 90, [1, 0, 1, 6], 2)
    # solved, the deal ends (0, 162, [2, 2, 2, 2], 1): the defenders take every point
