"""Bulgarian scoring (rules B8-B15): game points and their rounding, valat, inside, hanging,
contra / re-contra, and the declaration comparisons (with the French single-best rule)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from _score_helpers import decl, score
from belote import BULGARIAN, CLASSIC, ArgumentTypeError, Seat, Team, Trump, Variant
from belote.bidding import Contract
from belote.declarations import Declaration
from belote.rounding import round_pair, round_single
from belote.scoring import Outcome, Tally, score_deal
from belote.variants import Rounding

S, ALL, NONE = Trump.SPADES, Trump.ALL_TRUMPS, Trump.NO_TRUMPS
GP = Rounding.GAME_POINTS


def bulgarian(**options: Any) -> Variant:
    return attrs.evolve(BULGARIAN, **options)


# --- rounding (B14) ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "first", "second", "expected"),
    [
        (S, 56, 106, (6, 10)),
        (S, 106, 56, (10, 6)),
        (S, 6, 156, (1, 15)),
        (S, 102, 60, (10, 6)),
        (S, 81, 81, (8, 8)),
        (S, 75, 87, (7, 9)),
        (S, 106, 106, (10, 11)),  # hanging: defenders' share down, held share up
        (S, 72, 76, (7, 8)),  # only one total on the conflict digit: each rounds alone
        (S, 76, 72, (8, 7)),
        (ALL, 34, 224, (4, 22)),
        (ALL, 224, 34, (22, 4)),
        (ALL, 164, 194, (17, 19)),
        (ALL, 154, 154, (15, 16)),
        (ALL, 125, 133, (13, 13)),
        (ALL, 129, 129, (13, 13)),
        (ALL, 124, 137, (12, 14)),  # only the first on the conflict digit: it rounds down alone
        (ALL, 137, 124, (14, 12)),
        (NONE, 146, 114, (15, 11)),
        (NONE, 160, 100, (16, 10)),
    ],
)
def test_round_pair(trump: Trump, first: int, second: int, expected: tuple[int, int]) -> None:
    assert round_pair(first, second, trump, GP) == expected


@pytest.mark.parametrize(
    ("trump", "points", "expected"),
    [(S, 182, 18), (S, 162, 16), (S, 252, 25), (S, 156, 16), (S, 155, 15), (ALL, 278, 28), (ALL, 258, 26),
     (ALL, 254, 25), (NONE, 260, 26), (NONE, 350, 35)],
)  # fmt: skip
def test_round_single(trump: Trump, points: int, expected: int) -> None:
    assert round_single(points, trump, GP) == expected


def test_other_roundings() -> None:
    assert round_single(81, S, Rounding.NONE) == 81
    assert round_single(85, S, Rounding.NEAREST_10) == 90
    assert round_single(84, S, Rounding.NEAREST_10) == 80
    assert round_pair(85, 77, S, Rounding.NEAREST_10) == (90, 80)
    assert round_pair(85, 77, S, Rounding.NONE) == (85, 77)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: round_single("82", S, GP), "points must be an int, got '82'"),
        (lambda: round_single(82, "S", GP), "trump must be a Trump, got 'S'"),
        (lambda: round_single(82, S, "game_points"), "rounding must be a Rounding, got 'game_points'"),
        (lambda: round_pair(8.5, 77, S, GP), "first must be an int, got 8.5"),
        (lambda: round_pair(85, None, S, GP), "second must be an int, got None"),
        (lambda: round_pair(85, 77, None, GP), "trump must be a Trump, got None"),
        (lambda: round_pair(85, 77, S, None), "rounding must be a Rounding, got None"),
    ],
)
def test_rounding_names_the_argument_it_refuses(call: Any, message: str) -> None:
    with pytest.raises(ArgumentTypeError) as refused:
        call()
    assert str(refused.value) == message


def test_rounded_pairs_always_add_up_to_the_rounded_deal() -> None:
    """Every split of a suit / all-trumps / no-trumps deal rounds to 16 / 26 / 26 in total."""
    for trump, total, whole in ((S, 162, 16), (ALL, 258, 26), (NONE, 260, 26)):
        step = 2 if trump is NONE else 1
        for first in range(0, total + 1, step):
            assert sum(round_pair(first, total - first, trump, GP)) == whole, (trump, first)


# --- made, inside, hanging, valat ---------------------------------------------------------------------


def test_bulgarian_examples_of_b14_through_score_deal() -> None:
    assert score(BULGARIAN, S, (96, 56), (5, 3)).points == (10, 6)
    assert score(BULGARIAN, S, (146, 6), (7, 1)).points == (15, 1)
    assert score(BULGARIAN, ALL, (214, 34), (6, 2)).points == (22, 4)


def test_hanging_106_106() -> None:
    result = score(BULGARIAN, S, (46, 106), last=0, declarations=(decl(0, "7H 8H 9H TH"),))
    assert result.breakdown.totals == (106, 106)
    assert (result.outcome, result.points, result.carry, result.winner) == (Outcome.LITIGE, (0, 10), 11, None)


def test_hanging_154_154() -> None:
    result = score(BULGARIAN, ALL, (94, 154), last=0, declarations=(decl(0, "7H 8H 9H TH"),))
    assert result.breakdown.totals == (154, 154)
    assert (result.outcome, result.points, result.carry) == (Outcome.LITIGE, (0, 15), 16)


@pytest.mark.parametrize(
    ("trump", "card_points", "belotes", "declarations", "points"),
    [
        (S, (50, 102), (0,), (), (0, 18)),  # 182 -> 18: the bidders' belot goes too
        (ALL, (100, 148), (0,), (), (0, 28)),  # 278 -> 28
        (NONE, (50, 70), (), (), (0, 26)),  # 260 -> 26
        (S, (40, 112), (), ((0, "7H 8H 9H"),), (0, 18)),  # the bidders' declarations go too
    ],
)
def test_inside(
    trump: Trump,
    card_points: tuple[int, int],
    belotes: tuple[int, ...],
    declarations: tuple[tuple[int, str], ...],
    points: tuple[int, int],
) -> None:
    shown = tuple(decl(seat, cards) for seat, cards in declarations)
    result = score(BULGARIAN, trump, card_points, last=1, belotes=belotes, declarations=shown)
    assert (result.outcome, result.points, result.winner) == (Outcome.FAILED, points, Team(1))


def test_no_trumps_doubling() -> None:
    result = score(BULGARIAN, NONE, (70, 50), (5, 3))
    assert result.breakdown.no_trumps_factor == 2
    assert result.breakdown.totals == (160, 100)
    assert sum(result.breakdown.totals) == 260


@pytest.mark.parametrize(
    ("variant", "trump", "card_points", "belotes", "points"),
    [
        (BULGARIAN, S, (152, 0), (), (25, 0)),  # 162 + 90
        (BULGARIAN, S, (152, 0), (0,), (27, 0)),
        (BULGARIAN, S, (152, 0), (1,), (25, 2)),  # the opponents keep their belot
        (BULGARIAN, ALL, (248, 0), (), (35, 0)),  # 258 + 90 = 348
        (BULGARIAN, NONE, (120, 0), (), (35, 0)),  # 260 + 90: the bonus is not doubled
        (bulgarian(nt_valat_doubled=True), NONE, (120, 0), (), (44, 0)),  # 260 + 180
    ],
)
def test_valat(
    variant: Variant,
    trump: Trump,
    card_points: tuple[int, int],
    belotes: tuple[int, ...],
    points: tuple[int, int],
) -> None:
    result = score(variant, trump, card_points, (8, 0), belotes=belotes)
    assert (result.outcome, result.points, result.capot) == (Outcome.CAPOT, points, Team(0))


def test_valat_by_the_defenders() -> None:
    result = score(BULGARIAN, S, (0, 152), (0, 8), last=1, belotes=(0,))
    assert (result.outcome, result.points, result.capot) == (Outcome.DEFENDERS_CAPOT, (0, 27), Team(1))


def test_hanging_points_accumulate() -> None:
    first = score(BULGARIAN, S, (71, 81), last=0)
    assert (first.outcome, first.points, first.carry) == (Outcome.LITIGE, (0, 8), 8)
    second = score(BULGARIAN, ALL, (119, 129), last=0, carry=first.carry)
    assert (second.outcome, second.points, second.carry) == (Outcome.LITIGE, (0, 13), 8 + 13)
    inside = score(BULGARIAN, S, (92, 60), (5, 3), taker=1, last=0, carry=second.carry)
    assert (inside.outcome, inside.points, inside.carry) == (Outcome.FAILED, (16 + 21, 0), 0)
    won = score(BULGARIAN, S, (92, 60), (5, 3), carry=second.carry)
    assert (won.outcome, won.points, won.carry) == (Outcome.MADE, (10 + 21, 6), 0)


# --- contra / re-contra (B13) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "card_points", "last", "multiplier", "points"),
    [
        (S, (92, 60), 0, 2, (32, 0)),
        (S, (92, 60), 0, 4, (64, 0)),
        (S, (60, 92), 1, 2, (0, 32)),  # the defenders have more: they take everything
        (ALL, (148, 100), 0, 2, (52, 0)),
        (ALL, (148, 100), 0, 4, (104, 0)),
        (NONE, (70, 50), 0, 2, (52, 0)),
        (NONE, (50, 70), 1, 4, (0, 104)),
    ],
)
def test_contra(
    trump: Trump, card_points: tuple[int, int], last: int, multiplier: int, points: tuple[int, int]
) -> None:
    result = score(BULGARIAN, trump, card_points, last=last, multiplier=multiplier)
    assert result.points == points
    assert result.carry == 0
    assert result.breakdown.multiplier == multiplier


def test_contra_with_belot_and_valat() -> None:
    assert score(BULGARIAN, S, (92, 60), last=0, multiplier=2, belotes=(1,)).points == (36, 0)
    assert score(BULGARIAN, S, (152, 0), (8, 0), multiplier=2).points == (50, 0)
    assert score(BULGARIAN, S, (152, 0), (8, 0), multiplier=4).points == (100, 0)


def test_contra_tie_holds_everything() -> None:
    tied = score(BULGARIAN, S, (71, 81), last=0, multiplier=2)
    assert (tied.outcome, tied.points, tied.carry, tied.winner) == (Outcome.DOUBLED_TIE, (0, 0), 32, None)
    again = score(BULGARIAN, S, (71, 81), last=0, multiplier=4, carry=tied.carry)
    assert (again.points, again.carry) == ((0, 0), 32 + 64)
    next_deal = score(BULGARIAN, S, (60, 92), (3, 5), last=1, carry=again.carry)
    assert (next_deal.outcome, next_deal.points, next_deal.carry) == (Outcome.FAILED, (0, 16 + 96), 0)


@pytest.mark.parametrize(
    ("order", "trump", "card_points", "multiplier", "points"),
    [
        ("round_then_multiply", S, (92, 60), 4, 64),
        ("multiply_then_round", S, (92, 60), 4, 65),  # 648 -> 65
        ("round_then_multiply", ALL, (148, 100), 4, 104),
        ("multiply_then_round", ALL, (148, 100), 4, 103),  # 1032 -> 103
        ("round_then_multiply", S, (92, 60), 2, 32),
        ("multiply_then_round", S, (92, 60), 2, 32),
    ],
)
def test_contra_round_order(
    order: str, trump: Trump, card_points: tuple[int, int], multiplier: int, points: int
) -> None:
    variant = bulgarian(contra_round_order=order)
    assert score(variant, trump, card_points, last=0, multiplier=multiplier).points == (points, 0)
    tied = score(variant, S, (71, 81), last=0, multiplier=multiplier)
    assert tied.carry == (
        16 * multiplier if order == "round_then_multiply" else round_single(162 * multiplier, S, GP)
    )


# --- declarations compared (B9 and the French C14) -----------------------------------------------------


def counted(variant: Variant, trump: Trump, *shown: Declaration) -> tuple[int, int]:
    """The declaration points each team counts, through score_deal."""
    cards = (148, 100) if trump is ALL else (92, 60)
    tally = Tally(cards, (3, 2, 2, 1), Seat(0), declarations=shown)
    return score_deal(variant, Contract(Seat(0), trump), tally).breakdown.declarations


@pytest.mark.parametrize(
    ("shown", "expected"),
    [
        (((0, "7H 8H 9H"), (1, "7S 8S 9S TS")), (0, 50)),  # longest wins
        (((0, "QH KH AH"), (1, "JS QS KS")), (20, 0)),  # then the higher top
        (((0, "JH QH KH"), (1, "JS QS KS")), (0, 0)),  # equal best: no team scores sequences
        (((0, "JH QH KH"), (2, "7C 8C 9C"), (1, "JS QS KS")), (0, 0)),
        (((0, "QH KH AH"), (2, "7C 8C 9C"), (1, "JS QS KS")), (40, 0)),  # the winner scores all
        (((0, "9H TH JH QH KH AH"), (1, "7S 8S 9S TS JS")), (100, 0)),  # six beats five
        (((0, "AH AS AD AC"), (1, "9H 9S 9D 9C")), (0, 150)),  # carrés: J > 9 > A > T > K > Q
        (((0, "JH JS JD JC"), (1, "9H 9S 9D 9C")), (200, 0)),
        (((0, "AH AS AD AC"), (1, "TH TS TD TC")), (100, 0)),
        (((0, "QH QS QD QC"), (1, "KH KS KD KC")), (0, 100)),
        (((0, "TH TS TD TC"), (1, "KH KS KD KC")), (100, 0)),
        (((0, "QH QS QD QC"), (1, "7S 8S 9S TS JS")), (100, 100)),  # independent comparisons
        (((0, "QH QS QD QC"), (0, "7S 8S 9S"), (1, "KH KS KD KC")), (20, 100)),
    ],
)
def test_bulgarian_comparison(shown: tuple[tuple[int, str], ...], expected: tuple[int, int]) -> None:
    assert counted(BULGARIAN, Trump.CLUBS, *(decl(seat, cards) for seat, cards in shown)) == expected


def test_bulgarian_exact_tie_first_announcer() -> None:
    variant = bulgarian(decl_exact_tie="first_announcer")
    assert counted(variant, Trump.CLUBS, decl(1, "JS QS KS"), decl(0, "JH QH KH")) == (0, 20)
    assert counted(variant, Trump.CLUBS, decl(0, "JH QH KH"), decl(1, "JS QS KS")) == (20, 0)


FRENCH = attrs.evolve(CLASSIC, announcements="on")


@pytest.mark.parametrize(
    ("trump", "shown", "expected"),
    [
        (Trump.CLUBS, ((0, "7H 8H 9H"), (1, "QH QS QD QC")), (0, 100)),  # single best decides
        (Trump.CLUBS, ((0, "JH JS JD JC"), (2, "7C 8C 9C"), (1, "7S 8S 9S TS")), (220, 0)),
        (Trump.CLUBS, ((0, "7H 8H 9H"), (2, "QD KD AD"), (1, "JS QS KS")), (40, 0)),  # scores all of its own
        (Trump.CLUBS, ((0, "JH QH KH"), (1, "JS QS KS")), (0, 0)),  # exact tie: nobody
        (Trump.SPADES, ((0, "JH QH KH"), (1, "JS QS KS")), (0, 20)),  # equal: trump beats plain
        (Trump.HEARTS, ((0, "JH QH KH"), (1, "JS QS KS")), (20, 0)),
        (Trump.CLUBS, ((0, "9H 9S 9D 9C"), (1, "TD JD QD KD AD")), (150, 0)),
        (Trump.CLUBS, ((0, "AH AS AD AC"), (1, "KH KS KD KC")), (100, 0)),
    ],
)
def test_french_single_best(
    trump: Trump, shown: tuple[tuple[int, str], ...], expected: tuple[int, int]
) -> None:
    assert counted(FRENCH, trump, *(decl(seat, cards) for seat, cards in shown)) == expected


def test_french_exact_tie_first_announcer() -> None:
    variant = attrs.evolve(FRENCH, decl_exact_tie="first_announcer")
    assert counted(variant, Trump.CLUBS, decl(1, "JS QS KS"), decl(0, "JH QH KH")) == (0, 20)


def test_french_dedans_gives_the_takers_declarations_to_the_defenders() -> None:
    result = score(FRENCH, Trump.CLUBS, (40, 112), last=1, declarations=(decl(0, "7H 8H 9H TH"),))
    assert result.breakdown.totals == (90, 122)
    assert (result.outcome, result.points) == (Outcome.FAILED, (0, 212))


def test_french_capot_takes_the_opponents_announcements() -> None:
    """Rules C14/C19: the team that won no trick scores only its belote; its counted
    announcements change hands."""
    shown = (decl(1, "QH QS QD QC"), decl(0, "7C 8C 9C"))
    capot = score(FRENCH, Trump.CLUBS, (152, 0), (8, 0), declarations=shown, belotes=(1,))
    assert capot.breakdown.declarations == (100, 0)
    assert capot.points == (252 + 100, 20)
    swept = score(FRENCH, Trump.CLUBS, (0, 152), (0, 8), last=1, declarations=(decl(0, "7C 8C 9C"),))
    assert (swept.outcome, swept.points) == (Outcome.DEFENDERS_CAPOT, (0, 252 + 20))


def test_bulgarian_valat_leaves_the_opponents_declarations() -> None:
    result = score(BULGARIAN, Trump.CLUBS, (152, 0), (8, 0), declarations=(decl(1, "QH QS QD QC"),))
    assert result.breakdown.totals == (252, 100)
    assert result.points == (25, 10)


@pytest.mark.parametrize(("trump", "base"), [(S, 162), (ALL, 258)])
def test_rounded_pairs_add_up_with_bonuses(trump: Trump, base: int) -> None:
    """Bonuses are multiples of 10, so every split still rounds to the rounded deal total."""
    for bonus in range(0, 400, 10):
        total = base + bonus
        for first in range(total + 1):
            assert sum(round_pair(first, total - first, trump, GP)) == round_single(total, trump, GP)


def test_breakdown_shows_the_rounding() -> None:
    result = score(BULGARIAN, S, (46, 106), last=0, declarations=(decl(0, "7H 8H 9H TH"),), carry=3)
    b = result.breakdown
    assert (b.rounded, b.held, b.held_rounded) == ((0, 10), 106, 11)
    assert b.lines() == (
        "card points 46 - 106",
        "last trick 10 - 0",
        "declarations 50 - 0",
        "totals 106 - 106",
        "scored 0 - 106",
        "rounded 0 - 10",
        "held for the next deal 106 (rounded 11)",
    )
    assert (result.points, result.carry) == ((0, 10), 14)
    inside = score(BULGARIAN, S, (50, 102), last=1, belotes=(0,), carry=14).breakdown
    assert inside.lines()[-3:] == ("scored 0 - 182", "rounded 0 - 18", "carry paid 0 - 14")
