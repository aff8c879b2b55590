"""The normal player's card play as named heuristics, on card numbers and masks.

Each heuristic is a small function with one job (lead from strength, give points to a
master partner, win the trick when it is worth it, trump when needed while keeping the
master trumps, play low on a lost trick). :func:`choose_card` strings them together; it is
used by :class:`~belote.agents.NormalAgent` on a view and by the rollouts of
:class:`~belote.agents.HardAgent`, so it works on ints only and never sees hidden cards:
``unseen`` is the mask of the cards the player has not seen (neither in its hand nor played).
"""

from __future__ import annotations

from collections.abc import Sequence

from belote.cards import SUIT_MASKS, mask_indices
from belote.tricks import winning_position
from belote.trumps import ABOVE_TABLE, POINTS_TABLE, STRENGTH_TABLE, TRUMP_SUIT_MASK

__all__ = [
    "WORTH_WINNING",
    "beats",
    "choose_card",
    "give_points",
    "is_master",
    "lead_from_strength",
    "lowest_card",
    "play_low",
    "win_cheaply",
    "win_if_worth_it",
]

WORTH_WINNING = 10
"""Card points on the table (with the card used) that make a trick worth taking early."""


def beats(card: int, best: int, mode: int) -> bool:
    """True when ``card`` would win over ``best``, the card winning the trick so far."""
    trumps = TRUMP_SUIT_MASK[mode]
    if trumps >> card & 1:
        return not trumps >> best & 1 or STRENGTH_TABLE[mode][card] > STRENGTH_TABLE[mode][best]
    # a plain card wins only over a weaker card of its own suit (then no trump either)
    return card >> 3 == best >> 3 and STRENGTH_TABLE[mode][card] > STRENGTH_TABLE[mode][best]


def is_master(card: int, mode: int, unseen: int) -> bool:
    """True when no card the player has not seen ranks above ``card`` in its suit."""
    return not ABOVE_TABLE[mode][card] & unseen


def lowest_card(cards: int, mode: int) -> int:
    """The cheapest card to give away: fewest points, then weakest; trumps last."""
    points = POINTS_TABLE[mode]
    strength = STRENGTH_TABLE[mode]
    trumps = TRUMP_SUIT_MASK[mode]
    best = -1
    best_key = (1 << 30,)
    for card in mask_indices(cards):
        key = ((trumps >> card & 1) * 1000 + points[card] * 10 + strength[card],)
        if key < best_key:
            best, best_key = card, key
    return best


def play_low(legal: int, mode: int) -> int:
    """Play low on a trick the side cannot win: the cheapest legal card, a trump only if forced."""
    return lowest_card(legal, mode)


def give_points(legal: int, mode: int, unseen: int) -> int:
    """The partner is master: give it the most points without spending a trump."""
    points = POINTS_TABLE[mode]
    strength = STRENGTH_TABLE[mode]
    plain = legal & ~TRUMP_SUIT_MASK[mode]
    if not plain:
        return lowest_card(legal, mode)
    return max(mask_indices(plain), key=lambda card: (points[card], -strength[card]))


def win_cheaply(winning: int, mode: int) -> int:
    """Win with the weakest winning card, so that the master trumps are kept for later."""
    strength = STRENGTH_TABLE[mode]
    points = POINTS_TABLE[mode]
    return min(mask_indices(winning), key=lambda card: (strength[card], -points[card]))


def lead_from_strength(hand: int, mode: int, unseen: int, attacking: bool) -> int:
    """Lead: draw trumps with the master trump when attacking, else cash a master card, else
    lead the cheapest card of the longest plain suit."""
    trumps = TRUMP_SUIT_MASK[mode]
    points = POINTS_TABLE[mode]
    my_trumps = hand & trumps
    if attacking and my_trumps and unseen & trumps:
        masters = [card for card in mask_indices(my_trumps) if is_master(card, mode, unseen)]
        if masters:
            return max(masters, key=lambda card: STRENGTH_TABLE[mode][card])
    plain = hand & ~trumps
    masters = [
        card
        for card in mask_indices(plain)
        if is_master(card, mode, unseen) and (unseen & SUIT_MASKS[card >> 3] or not unseen & trumps)
    ]
    if masters:
        return max(masters, key=lambda card: (points[card], card))
    if plain:
        longest = max(range(4), key=lambda suit: ((plain & SUIT_MASKS[suit]).bit_count(), suit))
        return lowest_card(plain & SUIT_MASKS[longest], mode)
    return lowest_card(hand, mode)


def choose_card(hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool) -> int:
    """The normal player's card (a card number of ``legal``).

    ``trick`` holds the card numbers already played in the trick; ``attacking`` is true for
    the taking side.
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    count = len(trick)
    if not count:
        return lead_from_strength(legal, mode, unseen, attacking)
    winner = winning_position(trick, mode)
    best = trick[winner]
    if count >= 2 and winner == count - 2 and (count == 3 or _holds(best, trick[0], mode, unseen)):
        return give_points(legal, mode, unseen)
    winning = 0
    for card in mask_indices(legal):
        if beats(card, best, mode):
            winning |= 1 << card
    if not winning:
        return play_low(legal, mode)
    if count == 3:
        return win_cheaply(winning, mode)
    return win_if_worth_it(legal, winning, trick, mode, unseen, attacking)


def win_if_worth_it(
    legal: int, winning: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool
) -> int:
    """Not last to play and able to win: cash a master plain card; trump when needed (the trick
    holds points, or the side is attacking); win with the cheapest card when the trick is worth
    it; otherwise play low and keep the strong cards."""
    points = POINTS_TABLE[mode]
    trumps = TRUMP_SUIT_MASK[mode]
    on_table = sum(points[card] for card in trick)
    led_suit_left = unseen & SUIT_MASKS[trick[0] >> 3]
    safe = bool(led_suit_left) or not unseen & trumps
    plain_masters = [card for card in mask_indices(winning & ~trumps) if is_master(card, mode, unseen)]
    if plain_masters and safe:
        return max(plain_masters, key=lambda card: (points[card], card))
    cheapest = win_cheaply(winning, mode)
    if trumps >> cheapest & 1 and not trumps >> trick[0] & 1:
        if on_table or attacking:  # trump when needed
            return cheapest
        return play_low(legal, mode)
    if on_table + points[cheapest] >= WORTH_WINNING and (is_master(cheapest, mode, unseen) or on_table >= 10):
        return cheapest
    return play_low(legal, mode)


def _holds(best: int, led: int, mode: int, unseen: int) -> bool:
    """True when the partner's winning card ``best`` cannot be beaten by a card not yet seen."""
    trumps = TRUMP_SUIT_MASK[mode]
    if trumps >> best & 1:
        return not ABOVE_TABLE[mode][best] & unseen
    if ABOVE_TABLE[mode][best] & unseen:
        return False
    return not (unseen & trumps) or bool(unseen & SUIT_MASKS[led >> 3])
