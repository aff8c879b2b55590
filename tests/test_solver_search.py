"""The solver core against a plain minimax on thousands of random endgames.

The reference below plays every legal card at every turn (no transposition table, no
pruning, no equivalent cards) and scores each finished line from scratch: the card points
of each team's tricks, the last-trick 10, and the capot bonus of a team that won every trick
of the deal. Endgames of one to four tricks, with 0-3 cards already on the table, every trump
mode and every combination of the play-rule options and point scales.
"""

from __future__ import annotations

import itertools
import random

import pytest

from belote import BULGARIAN, CLASSIC, CLASSIC_501, COINCHE
from belote.analysis._search import Rules, rule_values, rules_variant, solve_cards
from belote.tricks import legal_mask, winning_position
from belote.trumps import points_row

ALL_RULES: list[Rules] = [
    (overtrump, under, partner, exception, nt_scale, ta_scale)
    for overtrump, under, partner, exception, nt_scale, ta_scale in itertools.product(
        range(2), range(3), range(3), range(2), range(2), range(4)
    )
]


def cards_of(mask: int) -> list[int]:
    return [card for card in range(32) if mask >> card & 1]


def reference(
    hands: list[int],
    trick: list[int],
    leader: int,
    mode: int,
    rules: Rules,
    won: tuple[int, int],
    bonus: tuple[int, int],
) -> dict[int, tuple[int, int]]:
    """Per legal card of the seat to act: (acting team's payoff, margin), by plain minimax."""
    variant = rules_variant(rules)
    points = points_row(mode, variant)
    actor = (leader + len(trick)) & 1

    def leaf(scores: list[int], tricks: list[int]) -> tuple[int, int]:
        payoff = list(scores)
        for team in (0, 1):
            if tricks[team] == 8:
                payoff[team] += bonus[team]
        return payoff[0] - payoff[1], payoff[actor]

    def value(trick: list[int], leader: int, scores: list[int], tricks: list[int]) -> tuple[int, int]:
        seat = (leader + len(trick)) & 3
        if len(trick) == 4:
            winner = (leader + winning_position(trick, mode)) & 3
            scores = list(scores)
            tricks = list(tricks)
            scores[winner & 1] += sum(points[card] for card in trick)
            tricks[winner & 1] += 1
            if not any(hands):
                scores[winner & 1] += 10
                return leaf(scores, tricks)
            return value([], winner, scores, tricks)
        results = []
        for card in cards_of(legal_mask(hands[seat], trick, mode, variant)[0]):
            hands[seat] ^= 1 << card
            results.append(value([*trick, card], leader, scores, tricks))
            hands[seat] ^= 1 << card
        return max(results) if seat & 1 == 0 else min(results)

    seat = (leader + len(trick)) & 3
    answer = {}
    for card in cards_of(legal_mask(hands[seat], trick, mode, variant)[0]):
        hands[seat] ^= 1 << card
        margin0, payoff = value([*trick, card], leader, [0, 0], list(won))
        hands[seat] ^= 1 << card
        answer[card] = (payoff, margin0 if actor == 0 else -margin0)
    return answer


def random_endgame(
    rng: random.Random, tricks_left: int
) -> tuple[list[int], list[int], int, int, Rules, tuple[int, int], tuple[int, int]]:
    """A random position with ``tricks_left`` tricks to finish (the one in progress included)."""
    mode = rng.randrange(6)
    rules = rng.choice(ALL_RULES)
    variant = rules_variant(rules)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [
        sum(1 << card for card in deck[seat * tricks_left : (seat + 1) * tricks_left]) for seat in range(4)
    ]
    leader = rng.randrange(4)
    trick: list[int] = []
    for _ in range(rng.randrange(4)):
        seat = (leader + len(trick)) & 3
        card = rng.choice(cards_of(legal_mask(hands[seat], trick, mode, variant)[0]))
        hands[seat] ^= 1 << card
        trick.append(card)
    done = 8 - tricks_left
    won = rng.choice([(done, 0), (0, done), (done - done // 2, done // 2)])
    bonus = rng.choice([(90, 90), (90, 0), (0, 90), (0, 0), (88, 88)])
    return hands, trick, leader, mode, rules, won, bonus


@pytest.mark.parametrize("tricks_left", [1, 2, 3, 4])
def test_solver_matches_plain_minimax(tricks_left: int) -> None:
    rng = random.Random(1300 + tricks_left)
    count = {1: 400, 2: 1500, 3: 500, 4: 40}[tricks_left]
    for _ in range(count):
        hands, trick, leader, mode, rules, won, bonus = random_endgame(rng, tricks_left)
        expected = reference(hands, trick, leader, mode, rules, won, bonus)
        got = solve_cards(tuple(hands), tuple(trick), leader, mode, rules, won, bonus)  # type: ignore[arg-type]
        assert {card: (points, margin) for card, points, margin in got} == expected, (
            hands, trick, leader, mode, rules, won, bonus,
        )  # fmt: skip


def test_presets_rule_values_round_trip() -> None:
    for variant in (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE):
        rebuilt = rules_variant(rule_values(variant))
        assert rule_values(rebuilt) == rule_values(variant)
        for mode in range(6):
            assert points_row(mode, rebuilt) == points_row(mode, variant)
