"""The deals the bidding simulation samples: the other hands drawn to agree with the calls made.

At a bidding decision a seat knows its own cards and the turned card; the other seats' hands
are dealt at random from the unseen cards, seat by seat, each redrawn (:data:`REDRAWS` times at
most) until the auction model (:func:`~belote.agents.auction_model.model_call`) would have made
the calls that seat made. The cards still to be dealt after the auction (classic and
Bulgarian) are kept shuffled in :attr:`BidDeal.rest`; :func:`final_hands` deals them, the
turned card to the taker, as the round deals them. :func:`~belote.agents.sim_bidding.evaluate_calls`
values its candidate calls on these deals.

The hands are drawn in seat order from the deciding seat's left, so the last one drawn (the
seat to its right) takes its cards from what the first two left. Where every card is dealt
before the auction (the coinche auction), that hand is the eight cards left: it is not redrawn,
and that seat's calls are not read.

>>> import random
>>> from belote import CLASSIC, Seat, deal, observe
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> sample = draw_bid_deal(observe(state, state.to_act), random.Random(1))
>>> [hand.bit_count() for hand in sample.current], len(sample.rest)
([5, 5, 5, 5], 11)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from belote.agents.auction_model import model_call, same_kind
from belote.agents.bidder import _declaration_bonus
from belote.bidding import Contract
from belote.declarations import Declaration
from belote.seats import Seat
from belote.views import PlayerView

__all__ = ["REDRAWS", "BidDeal", "draw_bid_deal", "final_hands"]

REDRAWS = 6
"""How many times a sampled hand is redrawn at most to agree with the calls its seat made (the
draw that disagrees with the fewest calls is kept)."""

PlayedDeal = tuple[tuple[tuple[Seat, ...], tuple[Declaration, ...]], tuple[int, int], Sequence[int], int]
"""A contract played out on a sampled deal: the deal's belotes and declarations shown, each
team's card points, the tricks per seat and the seat that took the last trick."""


class BidDeal:
    """One sampled deal of the bidding simulation: the hands now (:attr:`current`, card masks
    by seat), the cards still to deal (:attr:`rest`, shuffled), each seat's declaration points
    where the auction model reads them (:attr:`bonus`), and what the simulation has worked out
    on it so far: each taker and mode played out (:attr:`plays`) and each contract's value
    (:attr:`values`), so that no deal is played or scored twice.

    It is the simulation's working state for one decision, not a value: it is filled as the
    candidate calls are valued.

    >>> deal = BidDeal([1, 2, 4, 8], [4, 5], [0, 0, 0, 0])
    >>> deal.current, deal.rest, deal.plays, deal.values
    ([1, 2, 4, 8], [4, 5], {}, {})
    """

    __slots__ = ("bonus", "current", "plays", "rest", "values")

    def __init__(self, current: list[int], rest: list[int], bonus: list[int]) -> None:
        self.current = current
        self.rest = rest
        self.bonus = bonus
        self.plays: dict[tuple[int, int], PlayedDeal] = {}
        self.values: dict[Contract, float] = {}

    def __repr__(self) -> str:
        return f"BidDeal(current={self.current!r}, rest={self.rest!r}, bonus={self.bonus!r})"


def draw_bid_deal(view: PlayerView, rng: random.Random, bonus_wanted: bool = False) -> BidDeal:
    """A deal consistent with ``view`` at a bidding decision: each other seat's hand drawn from
    the unseen cards up to :data:`REDRAWS` times, keeping the first draw with which the auction
    model makes every call that seat made (else the one that misses the fewest). With
    ``bonus_wanted``, each hand's declaration points are read too (the points auction's model
    counts them).

    >>> import random
    >>> from belote import BULGARIAN, Seat, deal, observe
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=5)
    >>> view = observe(state, state.eldest)
    >>> sample = draw_bid_deal(view, random.Random(2))
    >>> sample.current[int(view.seat)] == view.hand.mask, len(sample.rest)
    (True, 12)
    >>> mask = 0
    >>> for hand in sample.current + [1 << card for card in sample.rest]:
    ...     assert not mask & hand
    ...     mask |= hand
    >>> mask == (1 << 32) - 1
    True
    """
    me = int(view.seat)
    mine = view.hand.mask
    turned = -1 if view.turned is None else view.turned.index
    size = len(view.hand)
    pool = [card for card in range(32) if not (mine >> card & 1) and card != turned]
    hands = [0, 0, 0, 0]
    hands[me] = mine
    said: dict[int, list[int]] = {}
    for index, (caller, _) in enumerate(view.auction):
        if int(caller) != me:
            said.setdefault(int(caller), []).append(index)
    bonus = [0, 0, 0, 0]
    for step in range(1, 4):
        seat = (me + step) & 3
        best_hand = 0
        best_misses = -1
        for _ in range(REDRAWS):
            chosen = rng.sample(pool, size)
            hand = 0
            for card in chosen:
                hand |= 1 << card
            extra = _declaration_bonus(hand) if bonus_wanted else 0
            misses = 0
            for index in said.get(seat, ()):
                made = model_call(view.variant, Seat(seat), hand, turned, view.auction[:index], extra)
                misses += not same_kind(made, view.auction[index][1])
            if best_misses < 0 or misses < best_misses:
                best_hand, best_misses = hand, misses
                bonus[seat] = extra
            if not misses:
                break
        hands[seat] = best_hand
        pool = [card for card in pool if not best_hand >> card & 1]
    if bonus_wanted:
        bonus[me] = _declaration_bonus(mine)
    rng.shuffle(pool)
    return BidDeal(hands, pool, bonus)


def final_hands(view: PlayerView, sample: BidDeal, taker: int, turned: int) -> list[int]:
    """The eight-card hands of ``sample`` once the auction ends with ``taker`` taking: the
    turned card (``turned``, a card number, or -1 for none) to the taker, the rest dealt from
    the dealer's left as the round deals them.

    >>> import random
    >>> from belote import CLASSIC, Seat, deal, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> view = observe(state, state.to_act)
    >>> hands = final_hands(view, draw_bid_deal(view, random.Random(1)), 1, view.turned.index)
    >>> [hand.bit_count() for hand in hands], bool(hands[1] >> view.turned.index & 1)
    ([8, 8, 8, 8], True)
    """
    hands = list(sample.current)
    position = 0
    if turned >= 0:
        hands[taker] |= 1 << turned
    for step in range(1, 5):
        seat = (int(view.dealer) + step) & 3
        need = 8 - hands[seat].bit_count()
        for card in sample.rest[position : position + need]:
            hands[seat] |= 1 << card
        position += need
    return hands
