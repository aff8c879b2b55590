"""``Tally.from_totals``: a score keeper enters each team's total, and scores like the played deal;
and ``Tally.team_tricks``."""

from __future__ import annotations

from typing import Any

import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    ArgumentTypeError,
    BeloteError,
    Contract,
    Phase,
    Reason,
    Seat,
    Tally,
    TallyError,
    Team,
    Trump,
    Variant,
    round_tally,
    score_deal,
    score_round,
)
from reachable import random_round


def _totals_tally(tally: Tally, trump: Trump) -> Tally:
    """What a table would enter for ``tally``: totals, the last trick, capot, belotes by team."""
    totals = list(tally.card_points)
    totals[tally.last_trick.team] += 10
    capot: Team | Seat | None = None
    for team in Team:
        if tally.team_tricks(team) == 8:
            capot = Seat(tally.tricks.index(8)) if max(tally.tricks) == 8 else team
    return Tally.from_totals(
        totals,
        trump=trump.name.lower(),
        last_trick=None if capot is not None else tally.last_trick.team,
        capot=capot,
        belotes=[seat.team for seat in tally.belotes],
        declarations=tally.declarations,
    )


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN], ids=lambda v: v.name)
def test_entering_only_the_totals_scores_like_the_played_deal(variant: Variant) -> None:
    scored = 0
    for seed in range(120):
        state = random_round(variant, seed)
        if state.phase is not Phase.FINISHED:
            continue
        assert state.contract is not None
        tally = round_tally(state)
        entered = _totals_tally(tally, state.contract.trump)
        for carry in (0, 30):
            expected = score_round(state, carry)
            got = score_deal(variant, state.contract, entered, carry)
            assert (got.points, got.outcome, got.carry, got.capot) == (
                expected.points,
                expected.outcome,
                expected.carry,
                expected.capot,
            )
        scored += 1
    assert scored >= 60


def test_the_totals_include_the_last_trick() -> None:
    tally = Tally.from_totals((102, 60), trump=Trump.HEARTS, last_trick=Seat(2))
    assert tally.card_points == (92, 60)
    assert tally.last_trick is Seat(2)
    assert score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally).points == (102, 60)
    assert Tally.from_totals((100, 158), trump="all trumps", last_trick=Team(1)).card_points == (100, 148)
    assert Tally.from_totals((60, 70), trump="no trumps", last_trick=1).last_trick is Seat(1)


def test_a_capot_team_and_a_one_player_capot() -> None:
    spades = Contract(Seat(1), Trump.SPADES)
    team_capot = Tally.from_totals((0, 162), trump="S", capot=Team(1))
    solo_capot = Tally.from_totals((0, 162), trump="S", capot=Seat(3))
    assert team_capot.last_trick.team is Team(1)
    assert max(team_capot.tricks) < 8
    assert solo_capot.tricks == (0, 0, 0, 8)
    assert solo_capot.last_trick is Seat(3)
    assert score_deal(CLASSIC_501, spades, team_capot).points == (0, 252)
    assert score_deal(CLASSIC_501, spades, solo_capot).points == (0, 350)
    with_last = Tally.from_totals((162, 0), trump="S", capot=0, last_trick=Seat(2))
    assert with_last.last_trick is Seat(2)


def test_belotes_by_team_or_seat() -> None:
    tally = Tally.from_totals((60, 102), trump="H", last_trick=Team(1), belotes=[Team(0)])
    assert [seat.team for seat in tally.belotes] == [Team(0)]
    by_seat = Tally.from_totals((60, 102), trump="H", last_trick=Team(1), belotes=[Seat(3)])
    assert by_seat.belotes == (Seat(3),)
    score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally)
    assert score.points == (20, 162)


def test_a_team_entered_is_credited_to_its_first_seat() -> None:
    """A ``Team`` for the last trick, a capot or a belote stands for its first seat (North for
    team 0, West for team 1), as the docstring says."""
    west = Tally.from_totals((60, 102), trump="H", last_trick=Team(1), belotes=[Team(1), Team(0)])
    assert west.last_trick is Seat.WEST
    assert west.belotes == (Seat.WEST, Seat.NORTH)
    north = Tally.from_totals((102, 60), trump="H", last_trick=Team(0))
    assert north.last_trick is Seat.NORTH
    capot = Tally.from_totals((0, 162), trump="H", capot=Team(1))
    assert (capot.last_trick, capot.tricks) == (Seat.WEST, (0, 4, 0, 4))


def test_team_tricks_counts_both_seats_of_a_team_and_refuses_others() -> None:
    tally = Tally(card_points=(92, 60), tricks=(3, 2, 1, 2), last_trick=Seat(0))
    assert (tally.team_tricks(Team(0)), tally.team_tricks(1)) == (4, 4)
    assert Tally(card_points=(92, 60), tricks=(5, 0, 0, 3), last_trick=Seat(0)).team_tricks(Team(1)) == 3
    for team in (2, -1):
        with pytest.raises(BeloteError, match=f"^team must be 0 or 1, got {team}$") as refused:
            tally.team_tricks(team)
        assert refused.value.reason is Reason.BAD_ARGUMENT
    for junk in (True, "0", None):
        with pytest.raises(ArgumentTypeError, match=r"^team must be a Team or an int 0\.\.1, got "):
            tally.team_tricks(junk)  # type: ignore[arg-type]


def test_a_team_may_take_only_the_last_trick_and_its_ten() -> None:
    """Ten points are enough for the team that took the last trick: the trick may hold only
    cards worth nothing (sevens, eights, nines off trumps)."""
    tally = Tally.from_totals((152, 10), trump="H", last_trick=Team(1))
    assert (tally.card_points, tally.last_trick) == ((152, 0), Seat.WEST)
    score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally)
    assert score.points == (152, 10)


@pytest.mark.parametrize(
    ("totals", "options", "message"),
    [
        ((100, 60), {"last_trick": Seat(0)}, "must be >= 0 and sum to 162"),
        ((172, -10), {"last_trick": Seat(0)}, "must be >= 0"),
        ((100, 158), {"trump": "H", "last_trick": Seat(0)}, "sum to 162 in a hearts"),
        ((5, 157), {"last_trick": Seat(0)}, "took the last trick \\(10 points\\) but has only 5"),
        ((102, 60), {}, r"^say who took the last trick \(last_trick=\) or which team was capot \(capot=\)$"),
        ((150, 12), {"capot": Team(0)}, "team 0 was capot but team 1 has 12 points"),
        ((162, 0), {"capot": Team(0), "last_trick": Seat(1)}, "seat 1 took the last trick"),
        (  # the contradiction was once dropped, the last trick given to seat 0
            (162, 0),
            {"capot": Seat(0), "last_trick": Seat(2)},
            "^seat 0 won every trick alone but seat 2 took the last trick$",
        ),
        ((162, 0), {"capot": 2}, "capot must be a team"),
        ((102, 60), {"last_trick": 7}, "last_trick must be a seat"),
        ((102, 60), {"last_trick": 0, "belotes": [5]}, "each belote must be a team"),
        ((102, 60), {"last_trick": 0, "belotes": "01"}, "belotes must be a sequence"),
        ((102, 60), {"trump": "hartz", "last_trick": 0}, "trump must be a trump mode"),
        ((102, 60), {"trump": True, "last_trick": 0}, "^trump must be a trump mode, got True$"),
        (
            (102, 60),
            {"last_trick": 0, "variant": "classic"},
            "variant must be a Variant or None, got 'classic'",
        ),
        (
            (102, 60),
            {"last_trick": 0, "belotes": [2]},
            "each belote must be a team \\(0 or 1\\) or a seat, got 2",
        ),
        ((100, 60), {"last_trick": 0}, "belote and declarations are entered apart\\)$"),
        ((102, 60, 0), {"last_trick": 0}, "pair of whole numbers"),
        (("102", 60), {"last_trick": 0}, "pair of whole numbers"),
    ],
)
def test_totals_that_no_deal_produces_are_refused(totals: Any, options: dict[str, Any], message: str) -> None:
    options.setdefault("trump", Trump.SPADES)
    with pytest.raises(TallyError, match=message):
        Tally.from_totals(totals, **options)
