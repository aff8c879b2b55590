"""The internal rollout path: play a deal to its end on ints and masks, with no public objects.

Agents that search (the hard level) play thousands of deals to the end per decision; this
module does it with card numbers and 32-bit hand masks, reusing the rule core
(:func:`~belote.tricks.legal_mask`, :func:`~belote.tricks.winning_position` and the tables
of :mod:`belote.trumps`) so that no rule is written twice.

>>> import random
>>> from belote import CLASSIC
>>> points = random_round(CLASSIC, random.Random(1))
>>> sum(points)
162
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Sequence
from types import ModuleType

from belote.agents.heuristics import choose_card
from belote.cards import mask_indices
from belote.tally import LAST_TRICK_BONUS
from belote.tricks import legal_mask, winning_position
from belote.trumps import _points_row
from belote.variants import Variant

__all__ = [
    "NormalPlayOut",
    "Policy",
    "compiled_kernel",
    "normal_playouts",
    "normal_policy",
    "play_out",
    "random_deal",
    "random_policy",
    "random_round",
]

Policy = Callable[[int, int, Sequence[int], int, int, bool], int]
"""A card choice on ints: ``(hand, legal, trick, mode, unseen, attacking) -> card number``."""


def normal_policy(
    hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool
) -> int:
    """The normal player's heuristics (see :mod:`belote.agents.heuristics`)."""
    return choose_card(hand, legal, trick, mode, unseen, attacking)


def random_policy(rng: random.Random) -> Policy:
    """A policy that plays a uniformly random legal card, drawn from ``rng``."""
    draw = rng.random

    def policy(hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool) -> int:
        for _ in range(int(draw() * legal.bit_count())):
            legal &= legal - 1
        return (legal & -legal).bit_length() - 1

    return policy


def play_out(
    hands: list[int],
    trick: list[int],
    leader: int,
    mode: int,
    variant: Variant,
    policy: Policy,
    taker_team: int,
    played: int,
    first: int = -1,
    ahead: int = -1,
) -> tuple[int, int, list[int], int]:
    """Play the deal to its end from ``hands`` (one mask per seat, changed in place) and the
    ``trick`` in progress (card numbers, led by ``leader``; changed in place).

    ``played`` is the mask of the cards played before (the current trick included); ``first``,
    if not -1, is the card the seat to act plays now (it must be legal). The seats of team
    ``ahead`` (0 or 1; -1 for none) look one card ahead on the open hands instead of asking
    ``policy``: each of their choices goes to the legal card whose own playout (by ``policy``
    alone) ends with the best card-point margin for their team, the lowest card number among
    equals. Returns the card points won from the current trick on by team 0 and team 1
    (last-trick bonus included), the tricks each seat won from it on, and the seat that took
    the last trick (-1 if the hands were already empty).
    """
    points = _points_row(mode, variant)
    full = (1 << 32) - 1
    won = [0, 0]
    tricks = [0, 0, 0, 0]
    winner = -1
    seat = (leader + len(trick)) & 3
    while True:
        hand = hands[seat]
        if not hand:
            break
        legal = legal_mask(hand, trick, mode, variant)[0]
        if first >= 0:
            card, first = first, -1
        elif seat & 1 == ahead and legal & (legal - 1):
            card = _best_ahead(hands, trick, leader, mode, variant, policy, taker_team, played, legal, ahead)
        elif legal & (legal - 1):
            card = policy(hand, legal, trick, mode, full & ~(hand | played), (seat & 1) == taker_team)
        else:
            card = legal.bit_length() - 1
        bit = 1 << card
        hands[seat] = hand & ~bit
        played |= bit
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + winning_position(trick, mode)) & 3
            team = winner & 1
            won[team] += points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            tricks[winner] += 1
            trick.clear()
            leader = seat = winner
            if not hands[winner]:
                won[team] += LAST_TRICK_BONUS
                break
        else:
            seat = (seat + 1) & 3
    return won[0], won[1], tricks, winner


def _best_ahead(
    hands: list[int],
    trick: list[int],
    leader: int,
    mode: int,
    variant: Variant,
    policy: Policy,
    taker_team: int,
    played: int,
    legal: int,
    team: int,
) -> int:
    """The card of ``legal`` whose playout by ``policy`` ends best for ``team`` (see
    :func:`play_out`'s ``ahead``)."""
    best = card = -1
    for option in mask_indices(legal):
        won0, won1, _, _ = play_out(
            list(hands), list(trick), leader, mode, variant, policy, taker_team, played, option
        )
        margin = won1 - won0 if team else won0 - won1
        if card < 0 or margin > best:
            best, card = margin, option
    return card


NormalPlayOut = Callable[
    [Sequence[int], Sequence[int], int, int, int, int, int, int], tuple[int, int, list[int], int]
]
"""A deal played out by the normal heuristics under one variant's rules:
``(hands, trick, leader, mode, taker_team, played, first, ahead) -> (team 0 points, team 1
points, tricks per seat, last trick's winner)``, as :func:`play_out` with :func:`normal_policy`
(``hands`` and ``trick`` are left unchanged)."""


@functools.cache
def compiled_kernel() -> ModuleType | None:
    """:mod:`belote.kernel` when its compiled module is in use, else None (imported at the first
    call: the kernel loads its tables from this package).

    >>> kernel = compiled_kernel()
    >>> kernel is None or kernel.COMPILED
    True
    """
    kernel = importlib.import_module("belote.kernel")
    return kernel if kernel.COMPILED else None


def normal_playouts(variant: Variant) -> NormalPlayOut:
    """The function that plays a deal to its end with the normal heuristics under ``variant``'s
    rules (the seats of team ``ahead`` looking one card ahead, see :func:`play_out`): the
    compiled kernel's :func:`belote.kernel.normal_play_out` when it is built (the same results,
    many times faster), else :func:`play_out` with :func:`normal_policy`. The searching players
    play their samples out through it.

    >>> from belote import CLASSIC
    >>> play = normal_playouts(CLASSIC)
    >>> won0, won1, tricks, last = play([0x11111111 << seat for seat in range(4)], [], 0, 2, 0, 0, -1, 1)
    >>> won0 + won1, sum(tricks)
    (162, 8)
    """
    kernel = compiled_kernel()
    compiled = None if kernel is None else kernel.normal_play_out
    rules = -1 if kernel is None else kernel.rules_code(variant)

    def play(
        hands: Sequence[int],
        trick: Sequence[int],
        leader: int,
        mode: int,
        taker_team: int,
        played: int,
        first: int,
        ahead: int,
    ) -> tuple[int, int, list[int], int]:
        if compiled is not None:
            result: tuple[int, int, list[int], int] = compiled(
                hands, trick, leader, mode, rules, taker_team, played, first, ahead
            )
            return result
        return play_out(
            list(hands), list(trick), leader, mode, variant, normal_policy, taker_team, played, first, ahead
        )

    return play


def random_deal(variant: Variant, rng: random.Random) -> tuple[list[int], int]:
    """Eight random cards per seat (as masks) and a contract drawn among the variant's."""
    order = list(range(32))
    rng.shuffle(order)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(order):
        hands[position & 3] |= 1 << card
    contracts = variant.contracts
    return hands, int(contracts[int(rng.random() * len(contracts))])


def random_round(variant: Variant, rng: random.Random) -> tuple[int, int]:
    """One random round on ints: shuffle, deal 8 cards each, draw a contract among the
    variant's, play random legal cards to the end; the card points of each team."""
    hands, mode = random_deal(variant, rng)
    taker = int(rng.random() * 4)
    won = play_out(hands, [], 0, mode, variant, random_policy(rng), taker & 1, 0)
    return won[0], won[1]
