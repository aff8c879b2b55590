"""The solver core against a plain minimax on thousands of random endgames.

The reference below plays every legal card at every turn (no transposition table, no
pruning, no equivalent cards) and scores each finished line from scratch: the card points
of each team's tricks, the last-trick 10, and the capot bonus of a team that won every trick
of the deal (the one-player bonus when one seat won them all and the search is given one).
Endgames of one to four tricks, with 0-3 cards already on the table, every trump mode and every
combination of the play-rule options and point scales.
"""

from __future__ import annotations

import itertools
import random

import pytest

from _solver_helpers import seat_tricks
from belote import BULGARIAN, CLASSIC, CLASSIC_501, COINCHE, Variant
from belote.kernel._rules import Rules, rule_values, rules_variant
from belote.kernel._search import solve_cards
from belote.tricks import legal_mask, winning_position
from belote.trumps import TRICK_POWER, points_row

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
    won: tuple[int, ...],
    bonus: tuple[int, int],
    solo: tuple[int, ...] | None = None,
) -> dict[int, tuple[int, int]]:
    """Per legal card of the seat to act: (acting team's payoff, margin), by plain minimax."""
    variant = rules_variant(rules)
    points = points_row(mode, variant)
    actor = (leader + len(trick)) & 1

    def leaf(scores: list[int], tricks: list[int]) -> tuple[int, int]:
        # tricks per seat, or per team when won gives them so
        payoff = list(scores)
        per_team = tricks if len(tricks) == 2 else [tricks[0] + tricks[2], tricks[1] + tricks[3]]
        for team in (0, 1):
            if per_team[team] == 8:
                if solo is not None and max(tricks) == 8:  # one seat's capot: solo per team or per seat
                    payoff[team] += solo[tricks.index(8) % len(solo)]
                else:
                    payoff[team] += bonus[team]
        return payoff[0] - payoff[1], payoff[actor]

    def value(trick: list[int], leader: int, scores: list[int], tricks: list[int]) -> tuple[int, int]:
        seat = (leader + len(trick)) & 3
        if len(trick) == 4:
            winner = (leader + winning_position(trick, mode)) & 3
            scores = list(scores)
            tricks = list(tricks)
            scores[winner & 1] += sum(points[card] for card in trick)
            tricks[winner % len(tricks)] += 1
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


def trick_in_progress(
    rng: random.Random, hands: list[int], leader: int, mode: int, variant: Variant
) -> list[int]:
    """0 to 3 random legal cards led by ``leader``, taken out of ``hands``."""
    trick: list[int] = []
    for _ in range(rng.randrange(4)):
        seat = (leader + len(trick)) & 3
        card = rng.choice(cards_of(legal_mask(hands[seat], trick, mode, variant)[0]))
        hands[seat] ^= 1 << card
        trick.append(card)
    return trick


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
    trick = trick_in_progress(rng, hands, leader, mode, variant)
    done = 8 - tricks_left
    won = rng.choice([(done, 0), (0, done), (done - done // 2, done // 2)])
    bonus = rng.choice([(90, 90), (90, 0), (0, 90), (0, 0), (88, 88)])
    return hands, trick, leader, mode, rules, won, bonus


def solo_endgame(
    rng: random.Random, tricks_left: int
) -> tuple[list[int], list[int], int, int, Rules, tuple[int, ...], tuple[int, int], tuple[int, ...]]:
    """A random endgame of the 501 game's kind: tricks per seat, most often all taken by one
    seat so far, and one-player capot bonuses beside the team's, per team or per seat (a
    coinche générale: only the taker's own capot earns a bonus)."""
    hands, trick, leader, mode, rules, _, _ = random_endgame(rng, tricks_left)
    won = seat_tricks(rng, 8 - tricks_left)
    bonus, solo = rng.choice(
        [
            ((90, 90), (188, 188)),
            ((90, 90), (350, 350)),
            ((90, 0), (188, 0)),
            ((90, 90), (90, 188)),
            ((88, 88), (50, 50)),
            ((0, 0), (0, 0, 0, 88)),
            ((0, 0), (88, 0, 0, 0)),
            ((0, 0), (0, 0, 90, 0)),
            ((90, 90), (188, 90, 90, 90)),
            ((0, 88), (0, 88, 0, 0)),
        ]
    )
    return hands, trick, leader, mode, rules, won, bonus, solo


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


@pytest.mark.parametrize("tricks_left", [1, 2, 3, 4])
def test_solver_with_one_player_capots_matches_plain_minimax(tricks_left: int) -> None:
    rng = random.Random(2600 + tricks_left)
    count = {1: 300, 2: 800, 3: 400, 4: 30}[tricks_left]
    for _ in range(count):
        hands, trick, leader, mode, rules, won, bonus, solo = solo_endgame(rng, tricks_left)
        expected = reference(hands, trick, leader, mode, rules, won, bonus, solo)
        got = solve_cards(tuple(hands), tuple(trick), leader, mode, rules, won, bonus, solo_bonus=solo)  # type: ignore[arg-type]
        assert {card: (points, margin) for card, points, margin in got} == expected, (
            hands, trick, leader, mode, rules, won, bonus, solo,
        )  # fmt: skip
        # tricks per seat without a one-player bonus: the team capot only
        expected = reference(hands, trick, leader, mode, rules, won, bonus)
        got = solve_cards(tuple(hands), tuple(trick), leader, mode, rules, won, bonus)  # type: ignore[arg-type]
        assert {card: (points, margin) for card, points, margin in got} == expected


def generale_endgame(
    rng: random.Random, tricks_left: int, taker: int
) -> tuple[list[int], list[int], int, int, Rules, tuple[int, ...], tuple[int, ...]]:
    """An endgame of a générale the ``taker`` has carried alone so far: it leads the trick in
    progress, and its team holds the strongest cards of the mode, so that most often the team
    can still take every trick, by the taker alone or not."""
    mode = rng.randrange(6)
    rules = rng.choice(ALL_RULES)
    variant = rules_variant(rules)
    power = TRICK_POWER[mode]
    deck = sorted(range(32), key=lambda card: -power[card >> 3][card] - rng.random() * 4)
    strong, weak = deck[: 2 * tricks_left], deck[2 * tricks_left : 4 * tricks_left]
    rng.shuffle(strong)
    hands = [0, 0, 0, 0]
    for seat, cards in ((taker, strong[::2]), ((taker + 2) & 3, strong[1::2])):
        hands[seat] = sum(1 << card for card in cards)
    for seat, cards in (((taker + 1) & 3, weak[::2]), ((taker + 3) & 3, weak[1::2])):
        hands[seat] = sum(1 << card for card in cards)
    trick = trick_in_progress(rng, hands, taker, mode, variant)
    won = tuple((8 - tricks_left) * (seat == taker) for seat in range(4))
    solo = tuple(rng.choice((88, 90, 250)) * (seat == taker) for seat in range(4))
    return hands, trick, taker, mode, rules, won, solo


@pytest.mark.parametrize("taker", range(4))
def test_a_generale_matches_plain_minimax_for_a_taker_in_any_seat(taker: int) -> None:
    """A coinche générale: only the taker's own capot earns (as :func:`solo_capot_bonuses`
    gives it); the partner's trick, or the team capot, earns no bonus."""
    rng = random.Random(3900 + taker)
    alone = 0
    for number in range(450):
        hands, trick, leader, mode, rules, won, solo = generale_endgame(rng, 1 + number % 3, taker)
        expected = reference(hands, trick, leader, mode, rules, won, (0, 0), solo)
        got = solve_cards(tuple(hands), tuple(trick), leader, mode, rules, won, (0, 0), solo_bonus=solo)  # type: ignore[arg-type]
        assert {card: (points, margin) for card, points, margin in got} == expected, (
            hands, trick, leader, mode, rules, won, solo,
        )  # fmt: skip
        alone += any(margin > 200 for _, margin in expected.values())
    assert alone >= 30  # the taker's own capot within reach


@pytest.mark.parametrize(("won", "solo"), [((1, 0), (188, 188)), ((1, 0, 0), None), ((1, 0, 0, 0, 0), None)])
def test_won_must_be_per_seat_with_a_solo_bonus(won: tuple[int, ...], solo: tuple[int, ...] | None) -> None:
    hands = (1 << 0, 1 << 1, 1 << 2, 1 << 3)
    with pytest.raises(ValueError, match="won must hold"):
        solve_cards(hands, (), 0, 2, rule_values(CLASSIC), won, (90, 90), solo_bonus=solo)


def test_presets_rule_values_round_trip() -> None:
    for variant in (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE):
        rebuilt = rules_variant(rule_values(variant))
        assert rule_values(rebuilt) == rule_values(variant)
        for mode in range(6):
            assert points_row(mode, rebuilt) == points_row(mode, variant)
