"""Equivalent-card reduction for the exact solver: cards of one suit that are adjacent in the
mode's order among the cards not yet played (the cards on the table count as not yet played)
and that carry equal points are one choice, with the same value.

>>> from belote.trumps import points_row
>>> from belote import CLASSIC
>>> points = points_row(2, CLASSIC)  # hearts trumps
>>> reduce = reducer(2, points)
>>> clubs = 0b1111_1111  # the 7 8 9 T J Q K A of clubs (cards 0 to 7), all alive and legal
>>> bin(reduce(clubs, clubs))  # the 9, 8 and 7 (no points, adjacent): the 9 stands for all
'0b11111100'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from belote.trumps import STRENGTH_TABLE

__all__ = ["equivalence_groups", "reducer", "suit_orders"]

_SUIT_MASK = 0xFF


@lru_cache(maxsize=64)
def suit_orders(mode: int, points: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Per suit, its cards strongest first under ``mode``; and the mask of the cards that share
    their points with another card of their suit (the only ones an equivalence can drop)."""
    strength = STRENGTH_TABLE[mode]
    orders = []
    shared = 0
    for suit in range(4):
        cards = sorted(range(suit * 8, suit * 8 + 8), key=lambda card: -strength[card])
        orders.append(tuple(cards))
        for card in cards:
            if sum(1 for other in cards if points[other] == points[card]) > 1:
                shared |= 1 << card
    return tuple(orders), shared


def equivalence_groups(
    legal: int, alive: int, orders: tuple[tuple[int, ...], ...], shared: int, points: Sequence[int]
) -> list[list[int]]:
    """The legal cards in groups of equivalent cards (each group strongest first).

    Two legal cards are equivalent when no alive card of their suit lies between them in the
    mode's order and they carry equal points (chains of such pairs form one group).
    """
    groups: list[list[int]] = []
    for suit in range(4):
        if not legal >> (suit * 8) & _SUIT_MASK:
            continue
        previous = -1
        for card in orders[suit]:
            bit = 1 << card
            if not alive & bit:
                continue
            if legal & bit:
                if previous >= 0 and shared & bit and points[previous] == points[card]:
                    groups[-1].append(card)
                else:
                    groups.append([card])
                previous = card
            else:
                previous = -1
    return groups


def reducer(mode: int, points: tuple[int, ...]) -> Callable[[int, int], int]:
    """``reduce(legal, alive)``: the legal mask with one card kept per equivalence group."""
    orders, shared = suit_orders(mode, points)

    def reduce(legal: int, alive: int) -> int:
        candidates = legal & shared
        if not candidates & (candidates - 1):
            return legal
        drop = 0
        for suit in range(4):
            if (candidates >> (suit * 8) & _SUIT_MASK).bit_count() < 2:
                continue
            previous = -1
            for card in orders[suit]:
                bit = 1 << card
                if not alive & bit:
                    continue
                if legal & bit:
                    if previous >= 0 and points[previous] == points[card]:
                        drop |= bit
                    previous = card
                else:
                    previous = -1
        return legal & ~drop

    return reduce
