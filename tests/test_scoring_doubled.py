"""Contra and re-contra deals, scored field by field (docs/rules/bulgarian.md B11-B14), and the
capot team's own declarations under the French rule (docs/rules/classic.md C14, C19).

The score sheet of a doubled deal is decided by which team has more points, not by the made /
failed rule of an ordinary deal: these tests pin the outcome, the winner, the raw written
points, the held points and the explanation lines of each case, for a taker of either team.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from _score_helpers import decl, score
from belote import BULGARIAN, CLASSIC, Team, Trump, Variant
from belote.scoring import Outcome

S, ALL, NONE = Trump.SPADES, Trump.ALL_TRUMPS, Trump.NO_TRUMPS
RAW = attrs.evolve(BULGARIAN, rounding="none")
"""Bulgarian scoring to the point, so that every written number can be read directly."""
FRENCH = attrs.evolve(CLASSIC, announcements="on")


def bulgarian(**options: Any) -> Variant:
    return attrs.evolve(BULGARIAN, **options)


# --- B13: the team with more points takes the whole deal, multiplied ----------------------------------


@pytest.mark.parametrize(
    ("taker", "card_points", "tricks", "last", "multiplier", "outcome", "winner", "written"),
    [
        # takers (team 0) have more: made, all 162 x2 to them
        (0, (92, 60), (4, 4), 0, 2, Outcome.MADE, 0, (324, 0)),
        (0, (92, 60), (4, 4), 0, 4, Outcome.MADE, 0, (648, 0)),
        # takers (team 0) have less: failed, all to the defenders
        (0, (60, 92), (4, 4), 1, 2, Outcome.FAILED, 1, (0, 324)),
        # a taker of team 1: the same deal is a failure for them
        (1, (92, 60), (4, 4), 0, 2, Outcome.FAILED, 0, (324, 0)),
        (1, (60, 92), (4, 4), 1, 4, Outcome.MADE, 1, (0, 648)),
        # valat (B11): 162 + 90, doubled, and it is a capot of the side that won every trick
        (0, (152, 0), (8, 0), 0, 2, Outcome.CAPOT, 0, (504, 0)),
        (1, (0, 152), (0, 8), 1, 4, Outcome.CAPOT, 1, (0, 1008)),
        (0, (0, 152), (0, 8), 1, 2, Outcome.DEFENDERS_CAPOT, 1, (0, 504)),
        (1, (152, 0), (8, 0), 0, 2, Outcome.DEFENDERS_CAPOT, 0, (504, 0)),
    ],
)
def test_doubled_deal_goes_whole_to_the_team_with_more_points(
    taker: int,
    card_points: tuple[int, int],
    tricks: tuple[int, int],
    last: int,
    multiplier: int,
    outcome: Outcome,
    winner: int,
    written: tuple[int, int],
) -> None:
    """B13: contra x2, re-contra x4, the stronger team records everything."""
    result = score(RAW, S, card_points, tricks, taker=taker, last=last, multiplier=multiplier)
    assert result.outcome is outcome
    assert result.winner is Team(winner)
    assert result.breakdown.written_raw == written
    assert result.points == written
    assert (result.breakdown.held, result.carry) == (0, 0)
    assert result.breakdown.multiplier == multiplier


def test_doubled_valat_is_a_capot_not_a_plain_make() -> None:
    """B11, B13: a doubled valat keeps its valat label and its bonus in the breakdown."""
    result = score(BULGARIAN, S, (152, 0), (8, 0), multiplier=2)
    assert result.outcome is Outcome.CAPOT
    assert result.capot is Team(0)
    assert result.breakdown.capot_bonus == (90, 0)
    assert result.breakdown.totals == (252, 0)
    assert result.breakdown.written_raw == (504, 0)
    assert result.points == (50, 0)


def test_doubled_tie_holds_every_point() -> None:
    """B13: equal totals under contra hold the whole deal (x2) for the next deal's winner."""
    result = score(RAW, S, (71, 81), last=0, multiplier=2)
    b = result.breakdown
    assert (result.outcome, result.winner) == (Outcome.DOUBLED_TIE, None)
    assert (b.totals, b.written_raw, b.held) == ((81, 81), (0, 0), 324)
    assert (result.points, result.carry) == ((0, 0), 324)
    rounded = score(BULGARIAN, S, (71, 81), last=0, multiplier=4)
    assert (rounded.breakdown.held, rounded.breakdown.held_rounded, rounded.carry) == (648, 64, 64)
    assert rounded.breakdown.rounded == (0, 0)


def test_doubled_deal_with_belote_and_declarations_takes_them_all() -> None:
    """B12, B13: the winning team records every point, the losers' belot and declarations too."""
    quarta = (decl(1, "TD JD QD KD"),)
    result = score(RAW, S, (92, 60), last=0, multiplier=2, belotes=(1,), declarations=quarta)
    b = result.breakdown
    assert (b.belote, b.declarations) == ((0, 20), (0, 50))
    assert b.totals == (102, 130)
    assert (result.outcome, result.winner) == (Outcome.FAILED, Team(1))
    assert b.written_raw == (0, 2 * (102 + 130))


def test_doubled_deal_pays_the_carry_to_its_winner() -> None:
    result = score(RAW, S, (60, 92), last=1, multiplier=2, carry=40)
    assert result.breakdown.carry_paid == (0, 40)
    assert (result.points, result.carry) == ((0, 324 + 40), 0)


def test_doubled_breakdown_lines() -> None:
    """B11, B13: no-trumps points doubled, then the contra, in words."""
    result = score(BULGARIAN, NONE, (70, 50), last=0, multiplier=2)
    assert result.breakdown.lines() == (
        "card points 70 - 50 (x2 no trumps)",
        "last trick 10 - 0",
        "totals 160 - 100",
        "doubled x2",
        "scored 520 - 0",
        "rounded 52 - 0",
    )
    redoubled = score(BULGARIAN, S, (92, 60), last=0, multiplier=4)
    assert "doubled x4" in redoubled.breakdown.lines()
    assert "card points 92 - 60" in redoubled.breakdown.lines()


def test_undoubled_breakdown_has_no_doubling_line() -> None:
    lines = score(BULGARIAN, S, (92, 60), last=0).breakdown.lines()
    assert not any(line.startswith("doubled") for line in lines)
    assert lines[0] == "card points 92 - 60"


@pytest.mark.parametrize(
    ("trump", "doubled", "factor", "totals"),
    [
        (NONE, True, 2, (160, 100)),  # B11: no-trumps points doubled
        (NONE, False, 1, (80, 50)),
        (ALL, True, 1, (158, 100)),  # only no trumps is doubled
    ],
)
def test_no_trumps_factor(trump: Trump, doubled: bool, factor: int, totals: tuple[int, int]) -> None:
    points = (70, 50) if trump is NONE else (148, 100)
    result = score(bulgarian(no_trumps_doubled=doubled), trump, points, last=0)
    assert result.breakdown.no_trumps_factor == factor
    assert result.breakdown.totals == totals


# --- C14, C19: the capot team keeps its own declarations and takes the other side's ---------------------


def test_french_capot_team_keeps_its_own_declarations() -> None:
    result = score(FRENCH, Trump.HEARTS, (152, 0), (8, 0), declarations=(decl(0, "TD JD QD"),))
    assert result.breakdown.declarations == (20, 0)
    assert result.breakdown.totals == (252 + 20, 0)
    assert (result.outcome, result.points) == (Outcome.CAPOT, (272, 0))


def test_french_defenders_capot_keeps_their_declarations_and_takes_the_takers() -> None:
    shown = (decl(1, "TD JD QD KD"), decl(0, "7C 8C 9C"))
    result = score(FRENCH, Trump.HEARTS, (0, 152), (0, 8), last=1, declarations=shown)
    assert result.breakdown.declarations == (0, 50)
    assert (result.outcome, result.points) == (Outcome.DEFENDERS_CAPOT, (0, 252 + 50))


# --- rounding to the nearest 10 (option rounding) of doubled and tied deals ------------------------------


@pytest.mark.parametrize(
    ("order", "multiplier", "points"),
    [
        ("round_then_multiply", 2, 320),  # 162 -> 160, x2
        ("multiply_then_round", 2, 320),  # 324 -> 320
        ("round_then_multiply", 4, 640),  # 162 -> 160, x4
        ("multiply_then_round", 4, 650),  # 648 -> 650
    ],
)
def test_doubled_deal_rounded_to_the_nearest_10(order: str, multiplier: int, points: int) -> None:
    variant = bulgarian(rounding="nearest_10", contra_round_order=order)
    result = score(variant, S, (92, 60), last=0, multiplier=multiplier)
    assert result.breakdown.written_raw == (162 * multiplier, 0)
    assert result.points == (points, 0)
    assert result.breakdown.rounded == (points, 0)


def test_litige_rounded_to_the_nearest_10_keeps_the_takers_belote() -> None:
    """C13, C18 with ``litige_belote="outside"``: the takers write their belote, the rest is held."""
    variant = attrs.evolve(CLASSIC, rounding="nearest_10", litige_belote="outside")
    result = score(variant, Trump.HEARTS, (71, 81), last=0, belotes=(0,))
    b = result.breakdown
    assert result.outcome is Outcome.LITIGE
    assert (b.totals, b.written_raw, b.held) == ((101, 81), (20, 81), 81)
    assert (result.points, result.carry) == ((20, 80), 80)
    assert (b.rounded, b.held_rounded) == ((20, 80), 80)


def test_breakdown_lists_the_counted_declarations_in_order_of_announcement() -> None:
    """B9: the separate comparisons keep one team's carré and the other's quinta; C14: the
    single best declaration's team keeps all of its own."""
    quinta, carre, terca = decl(0, "TD JD QD KD AD"), decl(1, "9S 9H 9D 9C"), decl(3, "QC KC AC")
    shown = (quinta, carre, terca)
    bulgarian_deal = score(BULGARIAN, Trump.HEARTS, (92, 60), last=0, declarations=shown)
    assert bulgarian_deal.breakdown.counted_declarations == (quinta, carre)
    french_deal = score(FRENCH, Trump.HEARTS, (92, 60), last=0, declarations=shown)
    assert french_deal.breakdown.counted_declarations == (carre, terca)
    assert french_deal.breakdown.declarations == (0, 170)
    assert score(RAW, S, (92, 60), last=0).breakdown.counted_declarations == ()
