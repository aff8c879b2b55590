"""The compiled solver search against its pure-Python twin, :mod:`belote.kernel._search`.

Random positions of real deals, from one trick to five tricks left (0-3 cards on the table),
every trump mode, the rules of every preset and every combination of the play options and point
scales, capot still open or not for either team, various capot bonuses: the value and the margin
of every legal card must be the same. (The pure search itself is checked against a plain
minimax in ``test_solver_search.py``.) Skipped, with the reason, when the compiled module is not
built; CI builds it.
"""

from __future__ import annotations

import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import pytest

import belote.kernel
from _solver_helpers import seat_tricks
from belote import PRESETS
from belote.agents.sim import random_deal
from belote.kernel._rules import Rules, payoff_of, remaining_points, rule_values, rules_variant
from belote.kernel._search import solve_cards
from belote.kernel._value import solve_value
from belote.tricks import legal_mask, winning_position
from belote.trumps import points_row

ALL_RULES: list[Rules] = [
    (overtrump, under, partner, exception, no_trumps, all_trumps)
    for overtrump, under, partner, exception, no_trumps, all_trumps in itertools.product(
        range(2), range(3), range(3), range(2), range(2), range(4)
    )
]
"""Every combination of the play options and point scales, as the solver core's rules."""

Position = tuple[
    tuple[int, int, int, int], tuple[int, ...], int, int, Rules, tuple[int, int], tuple[int, int]
]


def random_position(rng: random.Random, cards_left: int) -> Position:
    """A random deal played at random down to ``cards_left`` cards still in the hands."""
    variant = rng.choice(list(PRESETS.values()))
    hands, _ = random_deal(variant, rng)
    mode = rng.randrange(6)
    rules = rule_values(variant) if rng.random() < 0.5 else rng.choice(ALL_RULES)
    rule_variant = rules_variant(rules)
    trick: list[int] = []
    leader = rng.randrange(4)
    won = [0, 0]
    for _ in range(32 - cards_left):
        seat = (leader + len(trick)) & 3
        legal = legal_mask(hands[seat], trick, mode, rule_variant)[0]
        card = rng.choice([card for card in range(32) if legal >> card & 1])
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + winning_position(trick, mode)) & 3
            won[leader & 1] += 1
            trick = []
    if rng.random() < 0.3:  # one team still without a trick: the capot stays open
        won = [sum(won), 0] if rng.random() < 0.5 else [0, sum(won)]
    bonus = (rng.choice((0, 88, 90, 188)), rng.choice((0, 88, 90, 188)))
    return (
        (hands[0], hands[1], hands[2], hands[3]),
        tuple(trick),
        leader,
        mode,
        rules,
        (won[0], won[1]),
        bonus,
    )


ENDGAMES = [random_position(random.Random(seed), random.Random(seed).randint(1, 16)) for seed in range(500)]


def test_endgame_values_agree(compiled: ModuleType) -> None:
    for position in ENDGAMES:
        assert compiled.solve_cards(*position) == solve_cards(*position), position


def test_last_two_tricks_agree(compiled: ModuleType) -> None:
    # the compiled search plays the last two tricks out by direct minimax, without its table:
    # positions from two tricks left (and the end of the trick before) down to one card
    rng = random.Random(2)
    for _ in range(400):
        position = random_position(rng, rng.randint(5, 11))
        assert compiled.solve_cards(*position) == solve_cards(*position), position


def test_middle_game_values_agree(compiled: ModuleType) -> None:
    rng = random.Random(77)
    for _ in range(12):
        position = random_position(rng, rng.randint(17, 20))
        assert compiled.solve_cards(*position) == solve_cards(*position), position


def test_a_table_kept_across_one_deal_changes_no_value(compiled: ModuleType) -> None:
    table: dict[int, tuple[int, int]] = {}
    for cards_left in range(18, 0, -1):
        # the same deal, further played each time, with one mode, rules and capot bonus
        hands, trick, leader, mode, rules, won, _ = random_position(random.Random(3), cards_left)
        expected = solve_cards(hands, trick, leader, mode, rules, won, (90, 90))
        assert compiled.solve_cards(hands, trick, leader, mode, rules, won, (90, 90), table) == expected
        assert compiled.solve_cards(hands, trick, leader, mode, rules, won, (90, 90), table=table) == expected
        assert compiled.solve_cards(hands, trick, leader, mode, rules, won, (90, 90)) == expected


def test_every_legal_card_gets_a_value(compiled: ModuleType) -> None:
    for hands, trick, leader, mode, rules, won, bonus in ENDGAMES[:100]:
        seat = (leader + len(trick)) & 3
        legal = legal_mask(hands[seat], list(trick), mode, rules_variant(rules))[0]
        cards = [row[0] for row in compiled.solve_cards(hands, trick, leader, mode, rules, won, bonus)]
        assert cards == [card for card in range(32) if legal >> card & 1]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0), (90, 90)), None),
        (((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0), (0, 0), (90, 90)), "6 ints"),
        (((1, 2, 4, 8), (), 0, 2, (1, 3, 0, 0, 0, 0), (0, 0), (90, 90)), "out of range"),
        (((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0,), (90, 90)), "2 ints"),
        (((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0), (-1, 90)), "0..10000"),
        (((1, 2, 4, 24), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0), (90, 90)), "hand sizes"),
        (((1, 2, 4, 8), (), 0, 6, (1, 0, 0, 0, 0, 0), (0, 0), (90, 90)), "mode"),
    ],
)
def test_compiled_arguments_are_checked(
    compiled: ModuleType, arguments: tuple[Any, ...], message: str | None
) -> None:
    if message is None:
        assert compiled.solve_cards(*arguments) == solve_cards(*arguments)
    else:
        with pytest.raises(ValueError, match=message):
            compiled.solve_cards(*arguments)


def test_the_dispatch_serves_the_active_path() -> None:
    module = belote.kernel._compiled
    expected = module.solve_cards if module is not None else solve_cards
    assert belote.kernel.solve_cards is expected


def test_concurrent_solves_give_the_sequential_values(compiled: ModuleType) -> None:
    # the compiled search releases the GIL: threads solving at once must not share its table.
    # The same hands in the six modes, side by side: the same table keys with other values,
    # which a shared table would mix up (without the lock, dozens of wrong values a run).
    rng = random.Random(11)
    positions = []
    for _ in range(30):
        hands, _, leader, _, rules, won, bonus = random_position(rng, 24)
        positions.extend((hands, (), leader, mode, rules, won, bonus) for mode in range(6))
    expected = [compiled.solve_cards(*position) for position in positions]
    for _ in range(3):
        with ThreadPoolExecutor(max_workers=4) as pool:
            assert list(pool.map(lambda position: compiled.solve_cards(*position), positions)) == expected


def solo_position(rng: random.Random, cards_left: int) -> tuple[Any, ...]:
    """A random position with tricks per seat (most often all taken by one seat so far) and
    one-player capot bonuses beside the team's, as in the 501 game."""
    hands, trick, leader, mode, rules, won, _ = random_position(rng, cards_left)
    seats = seat_tricks(rng, sum(won))
    bonus, solo = rng.choice(
        [
            ((90, 90), (188, 188)),
            ((90, 0), (350, 0)),
            ((90, 90), (90, 188)),
            ((88, 88), (40, 40)),
            ((0, 0), (0, 0, 0, 88)),  # a coinche générale: only the taker's own capot earns
            ((0, 0), (0, 0, 250, 0)),
            ((90, 90), (188, 90, 90, 350)),
        ]
    )
    return hands, trick, leader, mode, rules, seats, bonus, None, solo


def test_one_player_capot_values_agree(compiled: ModuleType) -> None:
    rng = random.Random(501)
    for _ in range(400):
        position = solo_position(rng, rng.randint(1, 16))
        assert compiled.solve_cards(*position) == solve_cards(*position), position
    for _ in range(10):
        position = solo_position(rng, rng.randint(17, 20))
        assert compiled.solve_cards(*position) == solve_cards(*position), position


def test_tricks_per_seat_without_a_solo_bonus_agree(compiled: ModuleType) -> None:
    rng = random.Random(502)
    for _ in range(200):
        hands, trick, leader, mode, rules, seats, bonus, _, _ = solo_position(rng, rng.randint(1, 16))
        expected = solve_cards(hands, trick, leader, mode, rules, seats, bonus)
        assert compiled.solve_cards(hands, trick, leader, mode, rules, seats, bonus) == expected
        teams = (seats[0] + seats[2], seats[1] + seats[3])
        assert compiled.solve_cards(hands, trick, leader, mode, rules, teams, bonus) == expected


def test_a_solo_bonus_needs_tricks_per_seat(compiled: ModuleType) -> None:
    with pytest.raises(ValueError, match="4 ints"):
        compiled.solve_cards(
            (1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0), (90, 90), solo_bonus=(188, 188)
        )


@pytest.mark.parametrize("solo", [(188,), (188, 188, 188), (0, 0, 0, 0, 88), ()])
def test_a_solo_bonus_holds_two_or_four_ints_on_both_paths(
    compiled: ModuleType, solo: tuple[int, ...]
) -> None:
    position = ((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0, 0, 0), (90, 90))
    message = rf"solo_bonus must hold 2 ints \(per team\) or 4 \(per seat\), got {len(solo)}"
    for search in (compiled.solve_cards, solve_cards, compiled.solve_value, solve_value):
        with pytest.raises(ValueError, match=message):
            search(*position, solo_bonus=solo)


def test_a_solo_bonus_per_team_is_the_same_per_seat(compiled: ModuleType) -> None:
    rng = random.Random(503)
    for _ in range(100):
        hands, trick, leader, mode, rules, seats, bonus, _, solo = solo_position(rng, rng.randint(1, 16))
        if len(solo) == 2:
            seat_solo = (solo[0], solo[1], solo[0], solo[1])
            position = (hands, trick, leader, mode, rules, seats, bonus, None)
            expected = solve_cards(*position, solo)
            assert solve_cards(*position, seat_solo) == expected
            assert compiled.solve_cards(*position, seat_solo) == expected


def best_of(values: tuple[tuple[int, int, int], ...]) -> tuple[int, int]:
    """The ``(points, margin)`` of the best card of a ``solve_cards`` answer."""
    _card, points, margin = max(values, key=lambda value: value[2])
    return points, margin


def test_the_value_alone_is_the_best_cards_on_both_paths(compiled: ModuleType) -> None:
    # the compiled search stops each card's search once it cannot beat the best found; the value
    # must still be the best card's, the pure twin's and the same with threads sharing bounds
    rng = random.Random(21)
    for number, position in enumerate(
        [*ENDGAMES[:300], *(random_position(rng, rng.randint(17, 24)) for _ in range(40))]
    ):
        expected = best_of(solve_cards(*position))
        assert solve_value(*position) == expected, position
        assert compiled.solve_value(*position, threads=1) == expected, position
        assert compiled.solve_value(*position, threads=1 + number % 3) == expected, position


def test_a_whole_deals_value_is_its_best_cards(compiled: ModuleType) -> None:
    rng = random.Random(6)
    for number in range(12):
        position = random_position(rng, 32 - number % 4)
        expected = best_of(compiled.solve_cards(*position, threads=1))
        assert compiled.solve_value(*position, threads=1) == expected, position
        assert compiled.solve_value(*position, threads=2) == expected, position
        hands, trick, leader, mode, rules, _won, bonus = position
        solo = (hands, trick, leader, mode, rules, seat_tricks(rng, 0), bonus, None, (188, 188))
        assert compiled.solve_value(*solo, threads=1) == best_of(compiled.solve_cards(*solo, threads=1)), solo


@pytest.mark.parametrize("search", [solve_value, belote.kernel.solve_value], ids=["pure", "active"])
def test_no_value_once_the_deal_is_over(search: Any) -> None:
    with pytest.raises(ValueError, match="the seat to act holds no card"):
        search((0, 0, 0, 0), (), 0, 2, rule_values(PRESETS["classic"]), (4, 4), (90, 90))


def test_the_value_dispatch_serves_the_active_path() -> None:
    module = belote.kernel._compiled
    assert belote.kernel.solve_value is (module.solve_value if module is not None else solve_value)


def canonical(value: tuple[int, int], flat: tuple[int, int], position: Position) -> tuple[int, int]:
    """A best value as ``solve_value(..., flat=flat)`` gives it: a margin among the flat ones is
    the lowest of them, with its points."""
    _points, margin = value
    if not flat[0] <= margin <= flat[1]:
        return value
    hands, trick, _leader, mode, rules, _won, _bonus = position
    remaining = remaining_points(hands, trick, points_row(mode, rules_variant(rules)))
    return payoff_of(flat[0], remaining), flat[0]


def test_flat_margins_end_the_search_with_the_same_answer_on_both_paths(compiled: ModuleType) -> None:
    # margins the caller writes alike stop the compiled search early; the answer must be the
    # exact best value, or, when that lies among them, their lowest, on both paths, with threads
    rng = random.Random(31)
    positions = [*ENDGAMES[:250], *(random_position(rng, rng.randint(17, 24)) for _ in range(40))]
    inside = 0
    for number, position in enumerate(positions):
        exact = best_of(solve_cards(*position))
        low = exact[1] + rng.randint(-60, 20) if number % 4 else exact[1]
        flat = (low, low + rng.choice([0, 2, 8, 40, 120]))
        expected = canonical(exact, flat, position)
        inside += expected != exact or flat[0] == exact[1]
        assert solve_value(*position, flat=flat) == expected, (position, flat)
        assert compiled.solve_value(*position, threads=1, flat=flat) == expected, (position, flat)
        assert compiled.solve_value(*position, threads=1 + number % 3, flat=flat) == expected, (
            position,
            flat,
        )
    assert inside > len(positions) // 4  # the windows did hold the best margin, often


def test_flat_margins_of_whole_deals_on_both_sides_of_the_value(compiled: ModuleType) -> None:
    rng = random.Random(8)
    for number in range(10):
        position = random_position(rng, 32)
        exact = compiled.solve_value(*position, threads=1)
        for flat in ((exact[1] - 40, exact[1] + 40), (exact[1] + 2, exact[1] + 90), (-400, exact[1] - 2)):
            expected = canonical(exact, flat, position)
            assert compiled.solve_value(*position, threads=1 + number % 2, flat=flat) == expected, flat


@pytest.mark.parametrize("flat", [(3, 1), (1,), (1, 2, 3), "ab", (1.0, 2), (True, 2), (-20000, 0), 5])
@pytest.mark.parametrize("search", [solve_value, belote.kernel.solve_value], ids=["pure", "active"])
def test_flat_margins_must_be_two_ordered_ints(search: Any, flat: object) -> None:
    position = ENDGAMES[0]
    with pytest.raises(ValueError, match=r"flat must be None or two ints \(low, high\), low <= high"):
        search(*position, flat=flat)
