"""Exact values of the pure exact search's helpers that mutation testing (mutmut 3.8) found
untested by the fast rule tests (tests/test_solver_search.py and tests/test_kernel_solver.py,
which check the whole search, are slow and left out of the mutation run): the equivalent cards
(belote.kernel._equivalent_cards), the capot flags and tables (belote.kernel._capots), the value
of a position alone with its flat margins (belote.kernel._value) and the reading of the search's
arguments (belote.kernel._search_arguments).

Cards are numbered ``suit * 8 + rank``: clubs 0-7, diamonds 8-15, hearts 16-23, spades 24-31,
each from the 7 to the ace.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from belote import CLASSIC, COINCHE, CardSet
from belote.cards import DECK, mask_indices
from belote.kernel._capots import (
    MOST_BONUS,
    capot_tables,
    per_seat,
    searched_bonuses,
    start_flag,
    unsearched_value,
)
from belote.kernel._equivalent_cards import equivalence_groups, reducer, suit_orders
from belote.kernel._rules import rule_values
from belote.kernel._search import Table, solve_cards
from belote.kernel._search_arguments import check_flat, read_search_arguments
from belote.kernel._value import solve_value
from belote.trumps import points_row

HEARTS = 2
NO_TRUMPS = 4


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


def deal_hands(north: str, west: str, south: str, east: str) -> tuple[int, int, int, int]:
    return mask(north), mask(west), mask(south), mask(east)


def card_texts(cards: list[int]) -> list[str]:
    return [str(DECK[card]) for card in cards]


def mask_text(cards: int) -> str:
    return " ".join(card_texts(mask_indices(cards)))


# ---------------------------------------------------------------- equivalent cards

HEARTS_POINTS = points_row(HEARTS, CLASSIC)


def groups(legal: str, alive: str, mode: int = HEARTS) -> list[list[str]]:
    points = points_row(mode, CLASSIC)
    orders, shared = suit_orders(mode, points)
    return [
        card_texts(group)
        for group in equivalence_groups(mask(legal), mask(legal + " " + alive), orders, shared, points)
    ]


def reduced(legal: str, alive: str) -> str:
    reduce = reducer(HEARTS, HEARTS_POINTS)  # built in the test: a mutant is switched on by then
    kept = reduce(mask(legal), mask(legal + " " + alive))
    assert kept & ~mask(legal) == 0
    return mask_text(kept)


@pytest.mark.parametrize(
    ("legal", "alive", "expected_groups", "kept"),
    [
        # a plain suit, strongest first: A T K Q J, then the 9 8 7 (no points) as one choice
        (
            "7C 8C 9C TC JC QC KC AC",
            "",
            [["AC"], ["TC"], ["KC"], ["QC"], ["JC"], ["9C", "8C", "7C"]],
            "9C TC JC QC KC AC",
        ),
        # the trump suit: J 9 A T K Q, then the 8 7
        (
            "7H 8H 9H TH JH QH KH AH",
            "",
            [["JH"], ["9H"], ["AH"], ["TH"], ["KH"], ["QH"], ["8H", "7H"]],
            "8H 9H TH JH QH KH AH",
        ),
        # a card still alive in another hand between two of no points parts them
        ("9C 7C", "8C", [["9C"], ["7C"]], "7C 9C"),
        ("9S 7S", "8S", [["9S"], ["7S"]], "7S 9S"),
        # a card already played does not
        ("9S 7S", "", [["9S", "7S"]], "9S"),
        # the strongest card alive of a suit has no points: it leads its group
        ("9S 8S 7S", "", [["9S", "8S", "7S"]], "9S"),
        ("9S 8S 7S", "AS", [["9S", "8S", "7S"]], "9S"),
        # several suits, each reduced apart (a lone candidate in clubs, an ace in spades)
        (
            "AC 7C 9D 8D 7D AS 8S 7S",
            "",
            [["AC"], ["7C"], ["9D", "8D", "7D"], ["AS"], ["8S", "7S"]],
            "7C AC 9D 8S AS",
        ),
        # a king and a queen of different points stay apart even when adjacent
        ("KS QS", "", [["KS"], ["QS"]], "QS KS"),
        # one candidate only: nothing to drop
        ("AS 7S", "", [["AS"], ["7S"]], "7S AS"),
        ("7C", "8C", [["7C"]], "7C"),
    ],
)
def test_equivalent_cards_of_one_suit_adjacent_with_equal_points_are_one_choice(
    legal: str, alive: str, expected_groups: list[list[str]], kept: str
) -> None:
    assert groups(legal, alive) == expected_groups
    assert reduced(legal, alive) == kept


def test_cards_sharing_their_points_in_each_mode() -> None:
    """The cards an equivalence can drop: the 7 8 9 of a plain suit (the 9 is worth 14 in
    trumps), the 7 8 of trumps; in no trumps (classic scale) the 7 8 9 of every suit."""
    orders, shared = suit_orders(HEARTS, HEARTS_POINTS)
    assert card_texts(list(orders[2])) == ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    assert card_texts(list(orders[0])) == ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"]
    assert shared == mask("7C 8C 9C 7D 8D 9D 7H 8H 7S 8S 9S")
    _, no_trumps_shared = suit_orders(NO_TRUMPS, points_row(NO_TRUMPS, CLASSIC))
    assert no_trumps_shared == mask("7C 8C 9C 7D 8D 9D 7H 8H 9H 7S 8S 9S")


# ---------------------------------------------------------------- capot flags and tables


@pytest.mark.parametrize(
    ("won", "capot", "solo", "flag"),
    [
        # per team: bit 0 while team 1 has no trick (team 0's capot open), bit 1 the other way
        ((5, 0), (90, 90), None, 1),
        ((3, 0), (90, 90), None, 1),
        ((0, 3), (90, 90), None, 2),
        ((0, 0), (90, 90), None, 3),
        ((2, 3), (90, 90), None, 0),
        # per seat, without one-player bonuses: the teams' sums
        ((0, 0, 3, 0), (90, 90), None, 1),
        ((1, 0, 1, 0), (90, 90), None, 1),
        ((1, 0, 0, 0), (90, 90), None, 1),
        ((0, 0, 0, 1), (90, 90), None, 2),
        ((0, 0, 1, 0), (90, 90), None, 1),
        ((0, 2, 0, 2), (90, 90), None, 2),
        # the one-player capot of a seat that took every trick so far (bit 2 + seat)
        ((1, 0, 0, 0), (90, 80), (188, 170, 189, 171), 1 | 4),
        ((0, 0, 3, 0), (90, 80), (188, 170, 189, 171), 1 | 16),
        ((0, 4, 0, 0), (90, 80), (188, 170, 189, 171), 2 | 8),
        ((0, 0, 0, 1), (90, 80), (188, 170, 189, 171), 2 | 32),
        ((0, 0, 1, 0), (90, 80), (188, 170, 189, 171), 1 | 16),
        ((2, 0, 3, 0), (90, 80), (188, 170, 189, 171), 1),
        ((0, 2, 0, 2), (90, 80), (188, 170, 189, 171), 2),
        ((0, 0, 0, 0), (90, 80), (188, 170, 189, 171), 63),
        # followed only where the seat's bonus differs from its team's
        ((0, 0, 0, 0), (90, 90), (188, 90, 188, 90), 3 | 4 | 16),
        ((0, 4, 0, 0), (90, 170), (188, 170, 189, 171), 2),
        ((3, 0, 0, 0), (188, 90), (188, 90, 188, 90), 1),
    ],
)
def test_the_capots_still_open_at_the_start(
    won: tuple[int, ...], capot: tuple[int, int], solo: tuple[int, int, int, int] | None, flag: int
) -> None:
    assert start_flag(won, capot, solo) == flag


def test_the_capot_tables_per_seat_and_flag() -> None:
    capot, solo = (90, 80), (188, 170, 50, 171)
    keep, closing, top = capot_tables(capot, solo)
    assert keep == (1 | 4, 2 | 8, 1 | 16, 2 | 32)
    assert [len(row) for row in closing] == [64, 64, 64, 64]
    assert [len(row) for row in top] == [64, 64]
    # the last trick's winner earns its one-player bonus, else its team's, else nothing
    assert [closing[0][flag] for flag in (0, 1, 2, 4, 5, 16, 63)] == [0, 90, 0, 188, 188, 0, 188]
    assert [closing[1][flag] for flag in (0, 1, 2, 8, 10, 32, 63)] == [0, 0, 80, 170, 170, 0, 170]
    assert [closing[2][flag] for flag in (0, 1, 2, 4, 16, 17, 63)] == [0, 90, 0, 0, 50, 50, 50]
    assert [closing[3][flag] for flag in (0, 1, 2, 8, 32, 34, 63)] == [0, 0, 80, 0, 171, 171, 171]
    # the most a team can still earn: its best open capot (none without its team bit)
    assert [top[0][flag] for flag in (0, 1, 2, 4, 5, 16, 17, 21, 63)] == [0, 90, 0, 0, 188, 0, 90, 188, 188]
    assert [top[1][flag] for flag in (0, 1, 2, 8, 10, 32, 34, 42, 63)] == [0, 0, 80, 0, 170, 0, 171, 171, 171]


@pytest.mark.parametrize(
    ("given", "seats"),
    [((188, 90), (188, 90, 188, 90)), ((1, 2, 3, 4), (1, 2, 3, 4)), ((0, 0, 0, 88), (0, 0, 0, 88))],
)
def test_one_player_bonuses_per_team_or_per_seat(given: tuple[int, ...], seats: tuple[int, ...]) -> None:
    assert per_seat(given) == seats


@pytest.mark.parametrize("given", [(), (1,), (1, 2, 3), (1, 2, 3, 4, 5)])
def test_one_player_bonuses_of_another_length_are_refused(given: tuple[int, ...]) -> None:
    message = f"solo_bonus must hold 2 ints (per team) or 4 (per seat), got {len(given)}"
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        per_seat(given)
    assert str(caught.value) == message


def test_a_capot_beyond_the_points_in_play_gets_its_real_bonus() -> None:
    real = (0, 19838, 29838)
    assert unsearched_value(163, 163, 162, real) == (19838 + 162, 19838 + 162)
    assert unsearched_value(30, 164, 162, real) == (30 - 2 + 29838, 29838 + 162)
    assert unsearched_value(0, -163, 162, real) == (0, -(162 + 19838))
    assert unsearched_value(0, -164, 162, real) == (0, -(162 + 29838))
    assert unsearched_value(100, 38, 162, real) == (100, 38)
    assert unsearched_value(0, -162, 162, real) == (0, -162)
    assert unsearched_value(164, 164, 162, None) == (164, 164)


def test_bonuses_up_to_ten_thousand_are_searched_as_they_are() -> None:
    assert MOST_BONUS == 10000
    inside = ((10000, 0), (10000, 0, 9999, 0))
    assert searched_bonuses(inside) == (inside, None)
    assert searched_bonuses(((10001, 0), (10000, 0, 10001, 5))) == (
        ((3, 0), (2, 0, 3, 1)),
        (0, 5, 10000, 10001),
    )
    # a one-player bonus alone beyond the range ranks them all
    assert searched_bonuses(((90, 90), (20000, 90, 20000, 90))) == (((1, 1), (2, 1, 2, 1)), (0, 90, 20000))


# ---------------------------------------------------------------- the value of a position

LAST_TRICK = deal_hands("JH", "7S", "8S", "9S")
"""The last trick, seat 0 to lead in hearts: its jack takes 20 points and the last-trick 10."""


def test_the_value_of_the_best_card_and_the_flat_margins() -> None:
    rules = rule_values(CLASSIC)
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90)) == (30, 30)
    # a best margin from low to high is given as low, and its points as low's
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90), flat=(-30, 30)) == (0, -30)
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90), flat=(-10, 40)) == (10, -10)
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90), flat=(30, 30)) == (30, 30)
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90), flat=(31, 40)) == (30, 30)
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90), flat=(-40, 29)) == (30, 30)


def test_a_flat_margin_is_counted_on_the_variants_point_scale() -> None:
    """Coinche's no trumps counts an ace 19: the last trick (AS led, the 7S, 8S, 9S) holds 29."""
    hands = deal_hands("AS", "7S", "8S", "9S")
    rules = rule_values(COINCHE)
    assert solve_value(hands, (), 0, NO_TRUMPS, rules, (5, 2), (0, 90)) == (29, 29)
    assert solve_value(hands, (), 0, NO_TRUMPS, rules, (5, 2), (0, 90), flat=(-9, 29)) == (10, -9)


def test_the_value_is_the_best_cards_not_the_last_cards() -> None:
    """North leads the last two tricks in hearts with the JH and 7C: the jack first lets West keep
    the AC for the last trick; the 7C first gives West the AC's trick but the last (and its 10)
    to the jack. The best card is the lowest card number."""
    hands = deal_hands("JH 7C", "AC 7S", "8S 9S", "TS QS")
    values = solve_cards(hands, (), 0, HEARTS, rule_values(CLASSIC), (3, 3), (90, 90))
    assert [(str(DECK[card]), points, margin) for card, points, margin in values] == [
        ("7C", 33, 12),
        ("JH", 23, -8),
    ]
    assert solve_value(hands, (), 0, HEARTS, rule_values(CLASSIC), (3, 3), (90, 90)) == (33, 12)


def test_the_value_takes_the_table_and_the_one_player_capot() -> None:
    """North has taken every trick alone: the JH keeps the one-player capot (188 with the 30 in
    play); the table given is filled."""
    table: Table = {}
    rules = rule_values(CLASSIC)
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (7, 0, 0, 0), (90, 90), table, (188, 90)) == (
        218,
        218,
    )
    assert solve_value(
        LAST_TRICK, (), 0, HEARTS, rules, (7, 0, 0, 0), (90, 90), table, (100, 90, 188, 90)
    ) == (
        130,
        130,
    )
    assert solve_value(LAST_TRICK, (), 0, HEARTS, rules, (7, 0, 0, 0), (90, 90)) == (120, 120)
    filled: Table = {}
    three_tricks = deal_hands("JH AC KC", "7S 7C 8D", "8S 8C 9D", "9S 9C TD")
    assert solve_value(three_tricks, (), 0, HEARTS, rules, (3, 2), (90, 90), filled) == (55, 55)
    assert filled


def test_a_deal_over_has_no_value() -> None:
    with pytest.raises(
        ValueError, match=re.escape("the seat to act holds no card: the deal is over")
    ) as caught:
        solve_value((0, 0, 0, 0), (), 0, HEARTS, rule_values(CLASSIC), (4, 4), (90, 90))
    assert str(caught.value) == "the seat to act holds no card: the deal is over"


# ---------------------------------------------------------------- reading the arguments


def test_the_arguments_are_read_per_seat_and_per_team() -> None:
    rules = rule_values(CLASSIC)
    assert read_search_arguments(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 80)) == (
        LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 80), None,
    )  # fmt: skip
    as_lists = read_search_arguments(
        LAST_TRICK, [], 0, HEARTS, list(rules), (3, 2, 2, 0), [90, 80], [1, 2, 3, 4]
    )
    assert as_lists == (
        LAST_TRICK, (), 0, HEARTS, rules, (3, 2, 2, 0), (90, 80), (1, 2, 3, 4),
    )  # fmt: skip
    assert read_search_arguments(LAST_TRICK, (), 0, HEARTS, rules, (3, 2, 2, 0), (90, 80), (188, 170)) == (
        LAST_TRICK, (), 0, HEARTS, rules, (3, 2, 2, 0), (90, 80), (188, 170, 188, 170),
    )  # fmt: skip


def test_one_player_bonuses_need_the_tricks_per_seat() -> None:
    with pytest.raises(
        ValueError, match=re.escape("won must hold 4 ints, one per seat, with solo_bonus")
    ) as caught:
        read_search_arguments(LAST_TRICK, (), 0, HEARTS, rule_values(CLASSIC), (5, 2), (90, 90), (188, 90))
    assert str(caught.value) == "won must hold 4 ints, one per seat, with solo_bonus"


@pytest.mark.parametrize("flat", [None, (-10000, 10000), (5, 5), (10000, 10000), (-10000, -10000), [-3, 7]])
def test_flat_margins_within_the_range_are_taken(flat: Any) -> None:
    check_flat(flat)


@pytest.mark.parametrize(
    "flat", [(-10001, 0), (0, 10001), (3, 1), (0,), (0, 1, 2), (True, 5), (0.0, 5), "ab", {0: 1, 1: 2}, 5]
)
def test_flat_margins_out_of_the_range_are_refused(flat: Any) -> None:
    message = f"flat must be None or two ints (low, high), low <= high, within 10000, got {flat!r}"
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        check_flat(flat)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("rules", "refusal"),
    [
        # each rule value is read up to its widest (1, 3, 3, 1, 3, 3), then the code checked whole
        ((0, 0, 0, 0, 0, 0), None),
        ((1, 0, 0, 1, 0, 3), None),
        ((2, 0, 0, 0, 0, 0), "rules code: rule value 2 out of range"),
        ((1, 3, 0, 0, 0, 0), "rules code 7 out of range"),
        ((1, 4, 0, 0, 0, 0), "rules code: rule value 4 out of range"),
        ((1, 0, 3, 0, 0, 0), "rules code 25 out of range"),
        ((1, 0, 4, 0, 0, 0), "rules code: rule value 4 out of range"),
        ((1, 0, 0, 2, 0, 0), "rules code: rule value 2 out of range"),
        ((1, 0, 0, 0, 3, 0), "rules code 193 out of range"),
        ((1, 0, 0, 0, 4, 0), "rules code: rule value 4 out of range"),
        ((1, 0, 0, 0, 0, 4), "rules code: rule value 4 out of range"),
        ((1, 0, 0, 0, 0, -1), "rules code: rule value -1 out of range"),
    ],
)
def test_each_rule_value_is_read_within_its_width(rules: tuple[int, ...], refusal: str | None) -> None:
    def read() -> object:
        return read_search_arguments(LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90))

    if refusal is None:
        assert read() == (LAST_TRICK, (), 0, HEARTS, rules, (5, 2), (90, 90), None)
        return
    with pytest.raises(ValueError, match=re.escape(refusal)) as caught:
        read()
    assert str(caught.value) == refusal


@pytest.mark.parametrize(
    ("won", "capot", "solo", "refusal"),
    [
        ((8, 0), (90, 90), None, None),
        ((0, 8, 0, 0), (90, 90), None, None),
        ((9, 0), (90, 90), None, "won values must be 0..8 tricks"),
        ((0, 0, 0, 9), (90, 90), None, "won values must be 0..8 tricks"),
        ((5, 2), (10000, 0), None, None),
        ((5, 2), (10001, 0), None, "capot_bonus values must be 0..10000"),
        ((5, 2), (0, 10001), None, "capot_bonus values must be 0..10000"),
        ((5, 2, 0, 0), (0, 0), (10000, 0), None),
        ((5, 2, 0, 0), (0, 0), (0, 10001), "solo_bonus values must be 0..10000"),
    ],
)
def test_the_tricks_won_and_the_bonuses_are_read_within_their_ranges(
    won: tuple[int, ...], capot: tuple[int, int], solo: tuple[int, ...] | None, refusal: str | None
) -> None:
    rules = rule_values(CLASSIC)

    def read() -> object:
        return read_search_arguments(LAST_TRICK, (), 0, HEARTS, rules, won, capot, solo)

    if refusal is None:
        assert read() == (
            LAST_TRICK,
            (),
            0,
            HEARTS,
            rules,
            won,
            capot,
            None if solo is None else per_seat(solo),
        )
        return
    with pytest.raises(ValueError, match=re.escape(refusal)) as caught:
        read()
    assert str(caught.value) == refusal
