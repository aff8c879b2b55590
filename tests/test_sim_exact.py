"""Exact results of belote.agents.sim's pure-Python rollout path that mutation testing (mutmut
3.8) found untested by the fast tests (the agents' test files and the compiled kernel's
differential tests are slow and left out of the mutation run): each policy call of a play-out
with its arguments, the card given first, the variant's point scales, the look-ahead seats and
their choice among equal margins, the random policy's draw, the random deals and rounds of a
seed, and which play-out normal_playouts hands out.

The Python functions are called directly (``play_out`` is what the compiled kernel's
``normal_play_out`` reproduces in C), so the mutated code is what runs, whichever kernel is in
use. Cards are numbered ``suit * 8 + rank``: clubs 0-7, diamonds 8-15, hearts 16-23, spades
24-31, each from the 7 to the ace.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from _player_helpers import HANDS, number
from belote import BULGARIAN, CLASSIC, COINCHE, Variant
from belote.agents import sim
from belote.agents.heuristics import choose_card
from belote.cards import mask_indices
from belote.tricks import legal_mask

HEARTS = 2
FULL = (1 << 32) - 1
# The late classic position of tests/_player_helpers.py: North (seat 0) led the ace of hearts,
# West the jack of diamonds; South (seat 2) is to play, 14 cards left.
TRICK = (number("AH"), number("JD"))
PLAYED = FULL & ~sum(HANDS)

Call = tuple[int, int, tuple[int, ...], int, int, bool]


class Spy:
    """A policy that plays the highest legal card and keeps each call's arguments."""

    def __init__(self) -> None:
        self.calls: list[Call] = []

    def __call__(
        self, hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool
    ) -> int:
        self.calls.append((hand, legal, tuple(trick), mode, unseen, attacking))
        return legal.bit_length() - 1


def late_play_out(policy: sim.Policy, taker_team: int, **options: int) -> tuple[Any, ...]:
    hands, trick = list(HANDS), list(TRICK)
    result = sim.play_out(hands, trick, 0, HEARTS, CLASSIC, policy, taker_team, PLAYED, **options)
    return (*result, hands, trick)


# ---------------------------------------------------------------- play_out


def test_a_play_out_asks_the_policy_for_each_choice_with_its_arguments() -> None:
    spy = Spy()
    # North takes the four tricks left (88 card points with the last trick's 10); the hands and
    # the trick are emptied in place
    assert late_play_out(spy, 1) == (88, 0, [4, 0, 0, 0], 0, [0, 0, 0, 0], [])
    # the seat's hand, its legal cards, the trick so far, the mode, the cards it has not seen (not
    # its own, not played before) and whether its team took; a seat with one legal card is not
    # asked (every seat in the last trick)
    assert spy.calls == [
        (0xC000C00, 0xC000C00, (23, 12), HEARTS, 0x50682078, False),  # South: 9S TS 9D TD
        (0x78, 0x78, (23, 12, 27), HEARTS, 0x54682C00, True),  # East: its four clubs
        (0x680000, 0x680000, (), HEARTS, 0x54002C38, False),  # North leads: TH QH KH
        (0x50002000, 0x50002000, (22,), HEARTS, 0x4280C38, True),  # West: QD JS KS
        (0x4000C00, 0x4000C00, (22, 30), HEARTS, 0x10282038, False),
        (0x38, 0x38, (22, 30, 26), HEARTS, 0x10282C00, True),
        (0x280000, 0x280000, (), HEARTS, 0x10002C18, False),
        (0x10002000, 0x10002000, (21,), HEARTS, 0x80C18, True),
        (0xC00, 0xC00, (21, 28), HEARTS, 0x82018, False),
        (0x18, 0x18, (21, 28, 11), HEARTS, 0x82400, True),
    ]


def test_the_attacking_flag_is_the_seats_team_against_the_taking_team() -> None:
    spy = Spy()
    late_play_out(spy, 0)
    # South (team 0) and East (team 1) alternate, North (team 0) leads the next tricks
    assert [call[5] for call in spy.calls] == [True, False] * 5


def test_a_play_out_of_empty_hands_is_nothing() -> None:
    spy = Spy()
    assert sim.play_out([0, 0, 0, 0], [], 2, HEARTS, CLASSIC, spy, 0, FULL) == (0, 0, [0, 0, 0, 0], -1)
    assert spy.calls == []


def test_the_card_given_first_is_played_without_asking() -> None:
    spy = Spy()
    # South plays its ten of diamonds (card 11) first, not the policy's ten of spades: the policy
    # is asked from East on, and South's later choices are among the three cards left
    assert late_play_out(spy, 1, first=number("TD"))[:4] == (88, 0, [4, 0, 0, 0], 0)
    assert spy.calls == [
        (0x78, 0x78, (23, 12, 11), HEARTS, 0x5C682400, True),
        (0x680000, 0x680000, (), HEARTS, 0x5C002438, False),
        (0x50002000, 0x50002000, (22,), HEARTS, 0xC280438, True),
        (0xC000400, 0xC000400, (22, 30), HEARTS, 0x10282038, False),
        (0x38, 0x38, (22, 30, 27), HEARTS, 0x14282400, True),
        (0x280000, 0x280000, (), HEARTS, 0x14002418, False),
        (0x10002000, 0x10002000, (21,), HEARTS, 0x4080418, True),
        (0x4000400, 0x4000400, (21, 28), HEARTS, 0x82018, False),
        (0x18, 0x18, (21, 28, 26), HEARTS, 0x82400, True),
    ]


def test_the_last_trick_goes_to_its_winner_with_the_last_trick_bonus() -> None:
    # one card each, East (seat 3) leads the ace of spades and takes the last trick: 11 + 10
    hands = [1 << 0, 1 << 8, 1 << 1, 1 << 31]
    played = FULL & ~sum(hands)
    assert sim.play_out(hands, [], 3, HEARTS, CLASSIC, Spy(), 0, played) == (0, 21, [0, 0, 0, 1], 3)
    # a trick in progress (West led the 7 of spades) is finished by the seats after it, North's
    # ace of hearts taking it
    hands = [1 << 23, 0, 1 << 1, 1 << 2]
    played = FULL & ~sum(hands)
    assert sim.play_out(hands, [24], 1, HEARTS, CLASSIC, Spy(), 0, played) == (21, 0, [1, 0, 0, 0], 0)


def test_the_card_given_first_may_be_the_seven_of_clubs() -> None:
    # North holds 7C AC, West 8C 9C, South 8D 9D, East TC KC; hearts are trumps
    hands = [1 << 0 | 1 << 7, 1 << 1 | 1 << 2, 1 << 9 | 1 << 10, 1 << 3 | 1 << 6]
    played = FULL & ~sum(hands)
    # the 7 of clubs first: East's king takes it, North's ace the last trick (with East's ten)
    assert sim.play_out(list(hands), [], 0, HEARTS, CLASSIC, Spy(), 0, played, 0) == (31, 4, [1, 0, 0, 1], 0)
    # the policy's own lead is the ace, and East's ten takes the 7 in the last trick
    assert sim.play_out(list(hands), [], 0, HEARTS, CLASSIC, Spy(), 0, played) == (15, 20, [1, 0, 0, 1], 3)


def test_the_unseen_cards_are_the_whole_deck_but_the_hand_and_the_cards_played() -> None:
    hands, mode = sim.random_deal(CLASSIC, random.Random(0))
    spy = Spy()
    sim.play_out(list(hands), [], 0, mode, CLASSIC, spy, 0, 0)
    # South holds the 7 of clubs (card 0), which North has not seen
    assert hands[2] & 1
    assert spy.calls[0][:2] == (hands[0], hands[0])
    assert spy.calls[0][4] == FULL & ~hands[0]


def test_the_variants_point_scales_count_in_no_trumps_and_all_trumps() -> None:
    hands, _ = sim.random_deal(COINCHE, random.Random(4))
    # coinche counts no trumps with the ace at 19 and all trumps on its own scale (162 with the
    # last trick's 10, as no trumps); the classic scales give 130 and 258
    no_trumps, all_trumps = 4, 5
    policy = sim.normal_policy
    assert sim.play_out(list(hands), [], 1, no_trumps, COINCHE, policy, 0, 0) == (80, 82, [0, 3, 5, 0], 1)
    assert sim.play_out(list(hands), [], 1, no_trumps, CLASSIC, policy, 0, 0) == (64, 66, [0, 3, 5, 0], 1)
    assert sim.play_out(list(hands), [], 1, all_trumps, COINCHE, policy, 0, 0) == (80, 82, [4, 4, 0, 0], 0)
    assert sim.play_out(list(hands), [], 1, all_trumps, CLASSIC, policy, 0, 0) == (128, 130, [4, 4, 0, 0], 0)


# ---------------------------------------------------------------- the seats that look ahead


def reference_ahead(hands: list[int], leader: int, mode: int, team: int) -> int:
    """The legal card of the seat to lead whose play-out by the normal policy ends best for
    ``team``, the lowest among equals, found by trying each."""
    legal = legal_mask(hands[leader], [], mode, CLASSIC)[0]
    margins = {}
    for card in mask_indices(legal):
        won0, won1, _, _ = sim.play_out(list(hands), [], leader, mode, CLASSIC, sim.normal_policy, 0, 0, card)
        margins[card] = won1 - won0 if team else won0 - won1
    best = max(margins.values())
    return min(card for card, margin in margins.items() if margin == best)


@pytest.mark.parametrize(
    ("seed", "team", "ties"),
    [(0, 1, [25, 26]), (3, 0, [22, 23]), (3, 1, [16, 17, 21]), (17, 0, [2, 8, 11, 12, 16, 20, 22])],
)
def test_a_seat_that_looks_ahead_plays_its_best_card_the_lowest_of_equals(
    seed: int, team: int, ties: list[int]
) -> None:
    hands, mode = sim.random_deal(CLASSIC, random.Random(seed))
    legal = legal_mask(hands[team], [], mode, CLASSIC)[0]
    card = sim._best_ahead(list(hands), [], team, mode, CLASSIC, sim.normal_policy, 0, 0, legal, team)
    assert card == reference_ahead(hands, team, mode, team) == ties[0]


@pytest.mark.parametrize(
    ("seed", "ahead", "expected"),
    [
        (0, -1, (73, 89, [3, 2, 1, 2], 0)),
        (0, 0, (87, 75, [4, 2, 0, 2], 0)),
        (0, 1, (44, 118, [3, 3, 0, 2], 0)),
        (1, -1, (93, 69, [2, 1, 3, 2], 2)),
        (1, 0, (106, 56, [2, 1, 4, 1], 2)),
        (1, 1, (66, 96, [1, 1, 4, 2], 3)),
        (2, 0, (107, 55, [3, 2, 2, 1], 0)),
        (2, 1, (72, 90, [3, 3, 1, 1], 0)),
    ],
)
def test_the_seats_of_the_team_ahead_play_better_for_it(
    seed: int, ahead: int, expected: tuple[int, int, list[int], int]
) -> None:
    hands, mode = sim.random_deal(CLASSIC, random.Random(seed))
    assert sim.play_out(list(hands), [], 0, mode, CLASSIC, sim.normal_policy, 0, 0, -1, ahead) == expected


def test_a_seat_that_looks_ahead_with_one_legal_card_plays_it_unsearched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[tuple[int, int]] = []
    best_ahead = sim._best_ahead

    def spy(hands: list[int], trick: list[int], *rest: Any) -> int:
        searched.append((rest[-2], rest[-1]))  # legal, team
        return best_ahead(hands, trick, *rest)

    monkeypatch.setattr(sim, "_best_ahead", spy)
    late_play_out(Spy(), 1, ahead=1)
    # East and West (team 1) look ahead at each choice; in the last trick each seat has one card
    assert searched == [(0x78, 1), (0x50002000, 1), (0x70, 1), (0x50000000, 1), (0x60, 1)]
    searched.clear()
    late_play_out(Spy(), 1, ahead=0)
    # South and North (team 0); North's last heart is played unsearched
    assert searched == [(0xC000C00, 0), (0x680000, 0), (0xC000800, 0), (0x600000, 0), (0xC000000, 0)]


# ---------------------------------------------------------------- the random policy and deals


class Draws(random.Random):
    """A generator whose ``random()`` gives the values listed, in turn."""

    def __new__(cls, *args: object, **kwargs: object) -> Draws:
        # Python 3.10's random.Random seeds a subclass from the arguments given: not these
        return super().__new__(cls)

    def __init__(self, values: Sequence[float]) -> None:
        super().__init__(0)
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


def test_the_random_policy_plays_the_legal_card_its_draw_falls_on() -> None:
    legal = 1 << 3 | 1 << 5 | 1 << 9
    policy = sim.random_policy(Draws([0.0, 0.34, 0.67, 0.999, 0.5]))
    assert [policy(FULL, legal, [], HEARTS, 0, False) for _ in range(4)] == [3, 5, 9, 9]
    assert policy(FULL, 1 << 31, [], HEARTS, 0, False) == 31


def test_a_random_deal_of_a_seed() -> None:
    hands, mode = sim.random_deal(CLASSIC, random.Random(0))
    assert ([hex(hand) for hand in hands], mode) == (
        ["0x808e818", "0x568100a0", "0xa0020345", "0x1741402"],
        1,
    )
    # the cards are dealt one by one around the table (the shuffled order's 0th, 4th, ... to North)
    order = list(range(32))
    random.Random(0).shuffle(order)
    assert hands[0] == sum(1 << card for card in order[0::4])
    assert hands[3] == sum(1 << card for card in order[3::4])


def test_the_contract_of_a_random_deal_is_drawn_among_the_variants() -> None:
    modes = {sim.random_deal(BULGARIAN, random.Random(seed))[1] for seed in range(40)}
    assert modes == set(range(6))
    modes = {sim.random_deal(CLASSIC, random.Random(seed))[1] for seed in range(40)}
    assert modes == set(range(4))


def test_a_random_round_of_a_seed() -> None:
    assert sim.random_round(CLASSIC, random.Random(1)) == (84, 78)
    assert sim.random_round(BULGARIAN, random.Random(2)) == (54, 108)


# ---------------------------------------------------------------- the normal policy and play-outs


def test_the_normal_policy_is_the_heuristics_card() -> None:
    rng = random.Random(3)
    for _ in range(200):
        hands, mode = sim.random_deal(BULGARIAN, rng)
        trick = list(mask_indices(hands[1]))[: rng.randrange(4)]
        legal = legal_mask(hands[0], trick, mode, BULGARIAN)[0]
        unseen = hands[2] | hands[3]
        attacking = rng.random() < 0.5
        assert sim.normal_policy(hands[0], legal, trick, mode, unseen, attacking) == choose_card(
            hands[0], legal, trick, mode, unseen, attacking
        )


def test_normal_playouts_without_the_compiled_kernel_play_out_with_the_normal_policy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Any, ...]] = []

    def spy(*arguments: Any) -> tuple[int, int, list[int], int]:
        asked.append(arguments)
        arguments[0][0] = arguments[1][0] = -1  # lists of their own, which play_out may change
        return 1, 2, [3], 4

    monkeypatch.setattr(sim, "compiled_kernel", lambda: None)
    monkeypatch.setattr(sim, "play_out", spy)
    play = sim.normal_playouts(COINCHE)
    hands, trick = (1, 2, 4, 8), (16,)
    assert play(hands, trick, 3, 5, 1, 64, 7, 0) == (1, 2, [3], 4)
    assert asked == [([-1, 2, 4, 8], [-1], 3, 5, COINCHE, sim.normal_policy, 1, 64, 7, 0)]


def test_normal_playouts_with_the_compiled_kernel_call_it_with_the_variants_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Any, ...]] = []
    coded: list[Variant] = []

    def rules_code(variant: Variant) -> int:
        coded.append(variant)
        return 77

    def normal_play_out(*arguments: Any) -> tuple[int, int, list[int], int]:
        asked.append(arguments)
        return 5, 6, [7], 8

    kernel = SimpleNamespace(COMPILED=True, rules_code=rules_code, normal_play_out=normal_play_out)
    monkeypatch.setattr(sim, "compiled_kernel", lambda: kernel)
    monkeypatch.setattr(sim, "play_out", None)
    play = sim.normal_playouts(BULGARIAN)
    assert coded == [BULGARIAN]
    assert play((1, 2, 4, 8), (16,), 3, 5, 1, 64, 7, 0) == (5, 6, [7], 8)
    assert asked == [((1, 2, 4, 8), (16,), 3, 5, 77, 1, 64, 7, 0)]


def test_the_compiled_kernel_is_given_only_when_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    import belote.kernel

    sim.compiled_kernel.cache_clear()
    try:
        monkeypatch.setattr(belote.kernel, "COMPILED", False)
        assert sim.compiled_kernel() is None
        sim.compiled_kernel.cache_clear()
        monkeypatch.setattr(belote.kernel, "COMPILED", True)
        assert sim.compiled_kernel() is belote.kernel
    finally:
        monkeypatch.undo()
        sim.compiled_kernel.cache_clear()
