"""Exact values of the pure exact search (belote.kernel._search) on endgames of 1 to 3 tricks,
against a plain minimax written here, for the mutation run (tests/test_solver_search.py and
tests/test_kernel_solver.py, which check it on bigger positions, are slow and left out of it).

Besides each card's value, the transposition table the search fills is checked: each of its
entries must bound the exact margin of its position, since a later search trusts it. The pure
values are compared with the compiled search's when the compiled kernel is built.

Cards are numbered ``suit * 8 + rank``: clubs 0-7, diamonds 8-15, hearts 16-23, spades 24-31,
each from the 7 to the ace.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from types import ModuleType

import pytest

from _kernel_helpers import built_kernel
from belote import PRESETS, CardSet
from belote.agents.sim import random_deal
from belote.kernel._rules import Rules, rule_values, rules_variant
from belote.kernel._search import Table, solve_cards
from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tricks import legal_mask, winning_position
from belote.trumps import points_row
from belote.variants import CLASSIC

HEARTS = 2
ALL_RULES: tuple[Rules, ...] = tuple(
    itertools.product(
        (0, 1),
        range(len(Undertrump)),
        range(len(PartnerMasterTrumped)),
        (0, 1),
        range(len(NoTrumpsScale)),
        range(len(ToutAtoutScale)),
    )
)
Capot = Callable[[list[int]], tuple[int, int]]
"""The capot bonuses (team 0's, team 1's) earned given the winners of the tricks still to play."""


def four(hands: list[int]) -> tuple[int, int, int, int]:
    return hands[0], hands[1], hands[2], hands[3]


def cards_of(mask: int) -> list[int]:
    return [card for card in range(32) if mask >> card & 1]


def minimax(
    hands: list[int], trick: list[int], leader: int, mode: int, rules: Rules, capot: Capot
) -> dict[int, tuple[int, int]]:
    """Per legal card of the seat to act: (team 0's margin, the acting team's payoff) of the rest
    of the deal, by plain minimax on team 0's margin (``capot`` adds the capot bonuses)."""
    variant = rules_variant(rules)
    points = points_row(mode, variant)
    actor = (leader + len(trick)) & 1

    def value(trick: list[int], leader: int, scores: tuple[int, int], winners: list[int]) -> tuple[int, int]:
        seat = (leader + len(trick)) & 3
        if len(trick) == 4:
            winner = (leader + winning_position(trick, mode)) & 3
            gained = sum(points[card] for card in trick)
            score = [scores[0], scores[1]]
            score[winner & 1] += gained
            if any(hands):
                return value([], winner, (score[0], score[1]), [*winners, winner])
            score[winner & 1] += 10
            bonus = capot([*winners, winner])
            payoff = (score[0] + bonus[0], score[1] + bonus[1])
            return payoff[0] - payoff[1], payoff[actor]
        results = []
        for card in cards_of(legal_mask(hands[seat], trick, mode, variant)[0]):
            hands[seat] ^= 1 << card
            results.append(value([*trick, card], leader, scores, winners))
            hands[seat] ^= 1 << card
        return max(results) if seat & 1 == 0 else min(results)

    seat = (leader + len(trick)) & 3
    found = {}
    for card in cards_of(legal_mask(hands[seat], trick, mode, variant)[0]):
        hands[seat] ^= 1 << card
        found[card] = value([*trick, card], leader, (0, 0), [])
        hands[seat] ^= 1 << card
    return found


def capot_of_won(won: tuple[int, ...], bonus: tuple[int, int], solo: tuple[int, ...] | None) -> Capot:
    """The capot rule from the tricks won so far (per team, or per seat)."""

    def capot(winners: list[int]) -> tuple[int, int]:
        per_seat = list(won) if len(won) == 4 else [won[0], won[1], 0, 0]
        for winner in winners:
            per_seat[winner] += 1
        earned = [0, 0]
        for team in (0, 1):
            if per_seat[team] + per_seat[team + 2] == 8:
                if solo is not None and 8 in per_seat:
                    earned[team] = solo[per_seat.index(8) % len(solo)]
                else:
                    earned[team] = bonus[team]
        return earned[0], earned[1]

    return capot


def capot_of_flag(flag: int, bonus: tuple[int, int], solo: tuple[int, int, int, int]) -> Capot:
    """The capot rule of a table key's flag: bit ``team`` a team capot still open, bit
    ``2 + seat`` a seat's one-player capot still open."""

    def capot(winners: list[int]) -> tuple[int, int]:
        earned = [0, 0]
        for team in (0, 1):
            if flag >> team & 1 and all(winner & 1 == team for winner in winners):
                earned[team] = bonus[team]
                for seat in (team, team + 2):
                    if flag & 4 << seat and all(winner == seat for winner in winners):
                        earned[team] = solo[seat]
        return earned[0], earned[1]

    return capot


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    """The compiled kernel, even on the pure path; a skip when it is not built."""
    module = built_kernel()
    if module is None:
        pytest.skip("compiled kernel not built (or older than its C sources)")
    return module


Endgame = tuple[list[int], list[int], int, int, Rules, tuple[int, int, int, int]]


def endgame(rng: random.Random, tricks_left: int) -> Endgame:
    """A random deal played at random to ``tricks_left`` tricks from its end (0 to 3 cards of the
    next trick played too): hands, trick, leader, mode, rules and the tricks won per seat."""
    variant = rng.choice(list(PRESETS.values()))
    hands, _ = random_deal(variant, rng)
    mode = rng.randrange(6)
    rules = rng.choice(ALL_RULES)
    rule_variant = rules_variant(rules)
    won = [0, 0, 0, 0]
    leader = rng.randrange(4)
    trick: list[int] = []
    plays = 4 * (8 - tricks_left) + rng.randrange(4)
    # often one seat takes every trick, so that the capots stay open
    favourite = rng.randrange(4) if rng.random() < 0.5 else -1
    for _ in range(plays):
        seat = (leader + len(trick)) & 3
        legal = cards_of(legal_mask(hands[seat], trick, mode, rule_variant)[0])
        card = max(legal) if seat == favourite else rng.choice(legal)
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + winning_position(trick, mode)) & 3
            won[leader] += 1
            trick = []
    if rng.random() < 0.5:  # the search takes any tricks won: give them all to one seat
        won = [0, 0, 0, 0]
        won[rng.randrange(4)] = 8 - tricks_left
    return hands, trick, leader, mode, rules, (won[0], won[1], won[2], won[3])


def bonuses(rng: random.Random) -> tuple[tuple[int, int], tuple[int, ...] | None]:
    bonus = (rng.choice((0, 90, 250)), rng.choice((0, 90, 500)))
    solo: tuple[int, ...] | None = None
    if rng.random() < 0.5:
        solo = (rng.choice((0, 90, 188)), rng.choice((90, 300)))
    elif rng.random() < 0.5:
        solo = tuple(rng.choice((0, 90, 188, 400)) for _ in range(4))
    return bonus, solo


def check_table(
    table: Table, mode: int, rules: Rules, bonus: tuple[int, int], solo: tuple[int, int, int, int]
) -> int:
    """Check that each entry of ``table`` bounds the exact margin of its position; the entries."""
    for key, (low, high, move) in table.items():
        hands = [key >> shift & 0xFFFFFFFF for shift in (0, 32, 64, 96)]
        leader, flag = key >> 128 & 3, key >> 130
        exact = minimax(hands, [], leader, mode, rules, capot_of_flag(flag, bonus, solo))
        margins = [margin for margin, _ in exact.values()]
        margin = max(margins) if leader % 2 == 0 else min(margins)
        assert low <= margin <= high, (key, low, high, margin)
        assert move in exact
    return len(table)


def pure_and_reference(seed: int, tricks_left: int) -> tuple[Endgame, list[tuple[int, int, int]], Table]:
    rng = random.Random(seed)
    hands, trick, leader, mode, rules, won = endgame(rng, tricks_left)
    bonus, solo = bonuses(rng)
    given_won: tuple[int, ...] = (
        won if solo is not None or rng.random() < 0.5 else (won[0] + won[2], won[1] + won[3])
    )
    table: Table = {}
    found = solve_cards(four(hands), tuple(trick), leader, mode, rules, given_won, bonus, table, solo)
    sign = -1 if (leader + len(trick)) & 1 else 1
    reference = minimax(list(hands), list(trick), leader, mode, rules, capot_of_won(given_won, bonus, solo))
    assert [card for card, _, _ in found] == sorted(reference)
    for card, points, margin in found:
        assert (points, margin) == (reference[card][1], sign * reference[card][0]), (seed, card)
    given = bonus if solo is None else solo
    seats = four([given[seat % len(given)] for seat in range(4)])  # one-player bonuses per seat
    check_table(table, mode, rules, bonus, seats)
    return (hands, trick, leader, mode, rules, won), list(found), table


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_the_pure_search_is_the_plain_minimax_on_random_endgames(tricks_left: int) -> None:
    count = {1: 150, 2: 150, 3: 150}[tricks_left]
    entries = 0
    for seed in range(count):
        _, _, table = pure_and_reference(1000 * tricks_left + seed, tricks_left)
        entries += len(table)
    assert (entries > count) is (tricks_left == 3)  # a table holds positions of 2 tricks or more


def test_a_table_kept_between_searches_gives_the_same_values() -> None:
    for seed in range(12):
        hands, trick, leader, mode, rules, won = endgame(random.Random(5000 + seed), 3)
        fresh = solve_cards(four(hands), tuple(trick), leader, mode, rules, won, (90, 90))
        kept: Table = {}
        first = solve_cards(four(hands), tuple(trick), leader, mode, rules, won, (90, 90), kept)
        assert (
            solve_cards(four(hands), tuple(trick), leader, mode, rules, won, (90, 90), kept) == first == fresh
        )
        check_table(kept, mode, rules, (90, 90), (90, 90, 90, 90))


POOL = (24, 25, 26, 27, 28, 29, 31, 0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 18, 20, 22, 23)
"""Few cards, many of them small cards of equal points: equal cards and cards between them often
meet in the endgames below (the 7 to the ace of spades, the 7 to the 10 and the ace of clubs, the
7, 8 and ace of diamonds, the 7, 8, 9, jack, king and ace of hearts)."""


def pooled_endgame(rng: random.Random) -> Endgame:
    """A random endgame of 3 or 4 tricks dealt from :data:`POOL` (0 to 3 cards of the trick
    played at random), with the tricks before won by one seat or spread."""
    tricks = rng.choice((3, 4))
    cards = rng.sample(POOL, 4 * tricks)
    hands = [sum(1 << card for card in cards[seat * tricks : (seat + 1) * tricks]) for seat in range(4)]
    mode, rules = rng.choice((4, 4, 2, 0, 5)), rng.choice(ALL_RULES)
    leader = rng.randrange(4)
    trick: list[int] = []
    for _ in range(rng.randrange(4)):
        seat = (leader + len(trick)) & 3
        card = rng.choice(cards_of(legal_mask(hands[seat], trick, mode, rules_variant(rules))[0]))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    won = [0, 0, 0, 0]
    for _ in range(8 - tricks):
        won[rng.randrange(4) if rng.random() < 0.5 else leader] += 1
    return hands, trick, leader, mode, rules, (won[0], won[1], won[2], won[3])


def test_the_pure_search_is_the_minimax_on_endgames_of_few_cards() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        hands, trick, leader, mode, rules, won = pooled_endgame(rng)
        if hands[0].bit_count() + hands[1].bit_count() > 6:
            continue  # 4 tricks: against the compiled search only (below)
        bonus, solo = bonuses(rng)
        table: Table = {}
        found = solve_cards(four(hands), tuple(trick), leader, mode, rules, won, bonus, table, solo)
        sign = -1 if (leader + len(trick)) & 1 else 1
        reference = minimax(list(hands), list(trick), leader, mode, rules, capot_of_won(won, bonus, solo))
        assert found == tuple(
            (card, points, sign * margin) for card, (margin, points) in sorted(reference.items())
        ), seed


def test_the_pure_search_is_the_compiled_one_on_endgames_of_few_cards(compiled: ModuleType) -> None:
    for seed in range(400):
        rng = random.Random(seed)
        hands, trick, leader, mode, rules, won = pooled_endgame(rng)
        bonus, solo = bonuses(rng)
        arguments = (four(hands), tuple(trick), leader, mode, rules, won, bonus, None, solo)
        assert solve_cards(*arguments) == compiled.solve_cards(*arguments), seed


def test_the_pure_search_is_the_compiled_one_on_random_endgames(compiled: ModuleType) -> None:
    for seed in range(150):
        rng = random.Random(9000 + seed)
        hands, trick, leader, mode, rules, won = endgame(rng, 1 + seed % 4)
        bonus, solo = bonuses(rng)
        arguments = (four(hands), tuple(trick), leader, mode, rules, won, bonus, None, solo)
        assert solve_cards(*arguments) == compiled.solve_cards(*arguments), seed


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


def test_the_last_trick_by_hand() -> None:
    """Seat 0 leads the last trick in hearts: the jack takes 20 + 0 + 0 + 0 and the 10."""
    hands = (mask("JH"), mask("7S"), mask("8S"), mask("TS"))
    rules = rule_values(CLASSIC)
    assert solve_cards(hands, (), 0, HEARTS, rules, (5, 2), (90, 90)) == ((20, 40, 40),)
    # the same trick won by team 0 after every trick before: its capot (90) on top
    assert solve_cards(hands, (), 0, HEARTS, rules, (7, 0), (90, 90)) == ((20, 130, 130),)
    # the last card of the last trick: team 0 takes its 30 and the 10, and its capot
    last = (0, 0, 0, mask("TS"))
    assert solve_cards(last, (20, 24, 25), 0, HEARTS, rules, (7, 0), (90, 90)) == ((27, 0, -130),)
    assert solve_cards(last, (20, 24, 25), 0, HEARTS, rules, (6, 1), (90, 90)) == ((27, 0, -40),)
    # seat 1 to play its last card after the jack: team 1 loses the trick (and takes no capot)
    assert solve_cards((0, *hands[1:]), (20,), 0, HEARTS, rules, (0, 7), (90, 90)) == ((24, 0, -40),)


def test_two_tricks_where_the_trump_must_wait() -> None:
    """Seat 0 (hearts trumps) holds the AS and the 7H; seat 1 the TS and 8D; seat 2 the KS and 7D;
    seat 3 the QS and 9D. Leading the AS takes the 11+10+4+3 and then the 7H the last trick; the
    7H first takes 0+0+0+0 and the AS then 28 and the 10: each gives 38 and team 0 every point."""
    hands = (mask("AS 7H"), mask("TS 8D"), mask("KS 7D"), mask("QS 9D"))
    values = solve_cards(hands, (), 0, HEARTS, rule_values(CLASSIC), (6, 0), (90, 90))
    assert values == ((16, 128, 128), (31, 128, 128))
    # with a trick to team 1 before, no capot: 38 each, over nothing
    values = solve_cards(hands, (), 0, HEARTS, rule_values(CLASSIC), (5, 1), (90, 90))
    assert values == ((16, 38, 38), (31, 38, 38))


def test_equal_cards_are_one_choice_only_while_no_card_between_them_is_in_play() -> None:
    """East (seat 3) leads the ace of diamonds in no trumps, holding the 9 and 7 of spades; North
    may discard the 8 of spades on it, making the two spades one choice for East's next lead, or
    keep it, making them two. The choices found after the one discard must not be reused after
    the other (the search keeps a hand's lead choices per hand and cards still in play): reused,
    the ace's margin would be -4 instead of 0."""
    hands = (mask("8C 8S QS"), mask("9C AC AH"), mask("7H 8H JS"), mask("AD 7S 9S"))
    rules = rule_values(CLASSIC)
    found = solve_cards(hands, (), 3, 4, rules, (4, 1), (90, 90))
    assert found == ((15, 24, 0), (24, 43, 38), (26, 32, 16))
    reference = minimax(list(hands), [], 3, 4, rules, capot_of_won((4, 1), (90, 90), None))
    assert [(card, points, -margin) for card, (margin, points) in sorted(reference.items())] == list(found)


def test_the_cards_on_the_table_part_equal_cards_of_the_seat_to_act() -> None:
    """North led the 8 of spades in no trumps; West holds the 9 and the 7 of spades, both worth
    nothing: the 8 on the table lies between them, so they are two choices (the 9 takes this
    trick and the last, with East's 10 of diamonds and the 10 for the last trick; the 7 neither)."""
    hands = (mask("7H"), mask("9S 7S"), mask("7D 8D"), mask("9D TD"))
    rules = rule_values(CLASSIC)
    found = solve_cards(hands, (25,), 0, 4, rules, (3, 3), (90, 90))
    reference = minimax(list(hands), [25], 0, 4, rules, capot_of_won((3, 3), (90, 90), None))
    assert found == tuple((card, points, -margin) for card, (margin, points) in sorted(reference.items()))
    assert found == ((24, 0, -20), (26, 20, 20))


def test_capot_bonuses_up_to_ten_thousand_are_searched_as_they_are() -> None:
    """North led the jack of hearts (trumps) to the last two tricks after team 0 took the six
    before; whatever the others play, team 0 takes both, with their 34 points, the 10 and a capot
    bonus of 10000 (the largest the search takes), beyond any margin of the cards alone."""
    hands = (mask("9H"), mask("7S 8S"), mask("7D 8D"), mask("7C 8C"))
    rules = rule_values(CLASSIC)
    found = solve_cards(hands, (20,), 0, HEARTS, rules, (6, 0), (10000, 10000))
    assert found == ((24, 0, -10044), (25, 0, -10044))
    reference = minimax(list(hands), [20], 0, HEARTS, rules, capot_of_won((6, 0), (10000, 10000), None))
    assert found == tuple((card, points, -margin) for card, (margin, points) in sorted(reference.items()))


def test_the_root_window_holds_the_largest_one_player_capot() -> None:
    """West leads in no trumps, no trick taken yet (the tricks won before are not checked against
    the cards), North's one-player capot worth 400 and South's 188 over a team capot of 90: after
    West's 8 of hearts North can take every trick alone, 59 points and its 400."""
    hands = (mask("AD QH AH"), mask("TC 8H 7S"), mask("7H KH TS"), mask("7C 7D 8S"))
    solo = (400, 0, 188, 188)
    found = solve_cards(hands, (), 1, 4, rule_values(CLASSIC), (0, 0, 0, 0), (90, 90), None, solo)
    assert found == ((3, 13, -33), (17, 0, -459), (24, 0, -247))
