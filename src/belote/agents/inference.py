"""What a seat can deduce about the hidden hands from its view: card memory, voids, probabilities.

:func:`infer` reads a :class:`~belote.views.PlayerView` and returns :class:`Beliefs`:

* the cards each other seat is known to hold (the turned card held by the taker, the cards
  of a declaration shown and not yet played, the other half of an announced belote);
* the cards each seat cannot hold. Every card played is checked against the rules: a card
  ``u`` is excluded from the player's hand when the card it played would not have been legal
  had it also held ``u`` (so a player who did not follow is void in the led suit, one who
  did not trump when obliged holds no trump, one who did not overtrump holds no higher
  trump, ...). Adding cards to a hand never makes an illegal card legal, so this is sound;
* a probability for every unseen card in every seat, fitted so that each card is somewhere
  and each seat holds as many cards as it should, with exactly 0 where a card is excluded;
* :meth:`Beliefs.sample`: random deals of the hidden cards consistent with all of the above.
"""

from __future__ import annotations

import functools
import random

import attrs

from belote._hidden_cards import Revealed, deal_problem, revealed
from belote.agents.base import check_view
from belote.cards import SUIT_MASKS, Card, CardSet, Suit, cardset_from_mask, mask_indices
from belote.errors import BeloteError
from belote.round import Phase
from belote.seats import Seat
from belote.views import PlayerView

__all__ = ["Beliefs", "NoDealFitsError", "infer"]

_FULL = (1 << 32) - 1


@attrs.frozen(order=False)
class Beliefs:
    """A seat's knowledge of the hidden hands at one moment (see :func:`infer`).

    >>> from belote import CLASSIC, Seat, deal, observe
    >>> beliefs = infer(observe(deal(CLASSIC, dealer=Seat(0), seed=1), Seat(1)))
    >>> beliefs.seat, beliefs.hand_sizes
    (<Seat.WEST: 1>, (5, 5, 5, 5))
    """

    seat: Seat
    """The seat that reasons."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each seat holds now."""
    known_masks: tuple[int, int, int, int]
    """Per seat, the cards it is known to hold (the observer's own hand for itself)."""
    excluded_masks: tuple[int, int, int, int]
    """Per seat, the cards it cannot hold now."""
    probabilities: tuple[tuple[float, ...], ...]
    """Per seat, per card number ``0..31``: the probability that the seat holds the card now."""

    def known(self, seat: Seat) -> CardSet:
        """The cards ``seat`` is known to hold."""
        return cardset_from_mask(self.known_masks[seat])

    def excluded(self, seat: Seat) -> CardSet:
        """The cards ``seat`` cannot hold."""
        return cardset_from_mask(self.excluded_masks[seat])

    def voids(self, seat: Seat) -> frozenset[Suit]:
        """The suits ``seat`` holds no card of (for certain)."""
        free = _FULL & ~self.excluded_masks[seat]
        return frozenset(suit for suit in Suit if not free & SUIT_MASKS[suit])

    def probability(self, seat: Seat, card: Card) -> float:
        """The probability that ``seat`` holds ``card`` now."""
        return self.probabilities[seat][card.index]

    def sample(self, rng: random.Random) -> tuple[int, int, int, int]:
        """A random deal of the hidden cards consistent with everything known: one hand
        mask per seat (the observer's own hand included). Only once the contract is made
        (before it, part of the deck is not dealt yet).

        Raises:
            NoDealFitsError: no deal fits what the view shows (a view typed in from outside,
                whose plays leave some seat fewer cards it may hold than it holds).

        >>> import random
        >>> from belote import CLASSIC, Seat, bid, deal, legal_bids, observe
        >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
        >>> state = bid(state, legal_bids(state)[-1])  # the eldest takes: the deck is dealt
        >>> view = observe(state, Seat(2))
        >>> hands = infer(view).sample(random.Random(1))
        >>> hands[2] == view.hand.mask, sum(hand.bit_count() for hand in hands)
        (True, 32)
        """
        others, need, cards, allowed = _plan(
            self.seat, self.hand_sizes, self.known_masks, self.excluded_masks
        )
        draw = rng.random
        cards = [card for _, _, card in sorted([(len(allowed[card]), draw(), card) for card in cards])]
        for _ in range(30):
            result = _greedy(cards, allowed, need, rng)
            if result is not None:
                break
        else:
            result = _search(cards, allowed, need, rng)
        hands = list(self.known_masks)
        for index, seat in enumerate(others):
            hands[seat] |= result[index]
        return hands[0], hands[1], hands[2], hands[3]


class NoDealFitsError(BeloteError):
    """No deal of the hidden cards fits what a view shows: the voids its plays reveal leave some
    seat fewer cards it may hold than it holds. No real table reaches such a view, but
    :func:`~belote.views.seat_view` checks each seat's plays against its own later cards only,
    so a view typed in from outside can be one; the searching players then play the normal
    heuristics' card (:func:`~belote.agents.hard.best_scored_play`).

    >>> issubclass(NoDealFitsError, BeloteError)
    True
    """


@functools.lru_cache(maxsize=256)
def _plan(
    me: Seat,
    sizes: tuple[int, int, int, int],
    known: tuple[int, int, int, int],
    excluded: tuple[int, int, int, int],
) -> tuple[list[Seat], list[int], list[int], dict[int, list[int]]]:
    """What :meth:`Beliefs.sample` deals, worked out once per beliefs: the other seats, how many
    hidden cards each still needs, the hidden cards and, per card, the seats (by index among
    the others) that may hold it. The lists are shared between calls: never changed."""
    pool = _FULL
    for mask in known:
        pool &= ~mask
    others = [seat for seat in Seat if seat != me]
    need = [sizes[seat] - known[seat].bit_count() for seat in others]
    cards = [card for card in mask_indices(pool) if any(not excluded[s] >> card & 1 for s in others)]
    if sum(need) != len(cards):
        raise NoDealFitsError("inconsistent beliefs: cannot deal the hidden cards")
    facts = Revealed(known=known, ruled_out=excluded, hidden=sum(1 << card for card in cards))
    problem = deal_problem(me, sizes, facts)
    if problem is not None:  # found here once, rather than by every sample's search
        raise NoDealFitsError(f"inconsistent beliefs: no deal fits: {problem}")
    allowed = {card: [i for i, s in enumerate(others) if not excluded[s] >> card & 1] for card in cards}
    return others, need, cards, allowed


def _greedy(
    cards: list[int], allowed: dict[int, list[int]], need: list[int], rng: random.Random
) -> list[int] | None:
    """Deal ``cards`` in order, each to a seat that may hold it with room left, drawn in
    proportion to the room; None when a card finds no room."""
    room = list(need)
    hands = [0, 0, 0]
    draw = rng.random
    for card in cards:
        choices = allowed[card]
        if len(choices) == 1:
            index = choices[0]
            if not room[index]:
                return None
            draw()  # one draw a card, as below
        else:
            total = 0
            for index in choices:
                total += room[index]
            if not total:
                return None
            pick = draw() * total
            for index in choices:  # a seat without room takes nothing off: never chosen
                pick -= room[index]
                if pick < 0:
                    break
        room[index] -= 1
        hands[index] |= 1 << card
    return hands


def _search(
    cards: list[int], allowed: dict[int, list[int]], need: list[int], rng: random.Random
) -> list[int]:
    room = list(need)
    hands = [0, 0, 0]

    def place(position: int) -> bool:
        if position == len(cards):
            return True
        card = cards[position]
        choices = [index for index in allowed[card] if room[index]]
        rng.shuffle(choices)
        for index in choices:
            room[index] -= 1
            hands[index] |= 1 << card
            if place(position + 1):
                return True
            room[index] += 1
            hands[index] &= ~(1 << card)
        return False

    if not place(0):
        raise NoDealFitsError("inconsistent beliefs: no deal fits what was observed")
    return hands


def infer(view: PlayerView) -> Beliefs:
    """The beliefs of ``view.seat`` about the hidden hands (see the module documentation).

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`~belote.views.PlayerView`.

    >>> from belote import CLASSIC, Card, Seat, deal, observe
    >>> beliefs = infer(observe(deal(CLASSIC, dealer=Seat(0), seed=1), Seat(1)))
    >>> round(sum(beliefs.probabilities[Seat(2)]), 6)
    5.0
    """
    check_view(view)
    if view.phase is Phase.BIDDING or view.contract is None:
        return _before_play(view)
    facts = revealed(view)
    sizes = tuple(view.hand_size(seat) for seat in Seat)
    return _finish(view.seat, sizes, list(facts.known), list(facts.ruled_out), facts.hidden)  # type: ignore[arg-type]


def _before_play(view: PlayerView) -> Beliefs:
    """Before the contract: nothing is known but the own hand and the turned card."""
    me = view.seat
    mine = view.hand.mask
    turned = 0 if view.turned is None else 1 << view.turned.index
    hidden = _FULL & ~(mine | turned)
    size = len(view.hand)
    share = size / hidden.bit_count()
    table = [tuple(share if hidden >> card & 1 else 0.0 for card in range(32)) for _ in Seat]
    table[me] = tuple(float(mine >> card & 1) for card in range(32))
    excluded = tuple(_FULL & ~mine if seat == me else _FULL & ~hidden for seat in Seat)
    return Beliefs(
        seat=me,
        hand_sizes=(size, size, size, size),
        known_masks=tuple(mine if seat == me else 0 for seat in Seat),  # type: ignore[arg-type]
        excluded_masks=excluded,  # type: ignore[arg-type]
        probabilities=tuple(table),
    )


def _finish(
    me: Seat,
    sizes: tuple[int, int, int, int],
    known: list[int],
    inferred: list[int],
    hidden: int,
) -> Beliefs:
    """Close the exclusions (a card is in one place only) and fit the probabilities."""
    excluded = [_FULL & ~known[seat] & (inferred[seat] | ~hidden) for seat in Seat]
    excluded[me] = _FULL & ~known[me]
    others = [seat for seat in Seat if seat != me]
    need = [max(0, sizes[seat] - known[seat].bit_count()) for seat in others]
    cards = mask_indices(hidden)
    weights = [[0.0 if excluded[seat] >> card & 1 else 1.0 for seat in others] for card in cards]
    for _ in range(25):
        for row in weights:  # each card is somewhere
            total = sum(row)
            if total:
                row[:] = [value / total for value in row]
        for column in range(3):  # each seat holds as many cards as it should
            total = sum(row[column] for row in weights)
            if total:
                scale = need[column] / total
                for row in weights:
                    row[column] *= scale
    table = [[0.0] * 32 for _ in range(4)]
    for seat in Seat:
        for card in mask_indices(known[seat]):
            table[seat][card] = 1.0
    for row, card in zip(weights, cards, strict=True):
        for column, seat in enumerate(others):
            table[seat][card] = min(1.0, row[column])
    return Beliefs(
        seat=me,
        hand_sizes=sizes,
        known_masks=(known[0], known[1], known[2], known[3]),
        excluded_masks=(excluded[0], excluded[1], excluded[2], excluded[3]),
        probabilities=tuple(tuple(row) for row in table),
    )
