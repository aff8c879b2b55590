"""The deals the bidding simulation samples: the other hands drawn to agree with the calls made.

At a bidding decision a seat knows its own cards and the turned card; the other seats' hands
are dealt at random from the unseen cards, seat by seat, each redrawn (:data:`REDRAWS` times at
most) until the auction model (:func:`~belote.agents.auction_model.model_call`) would have made
the calls that seat made. The cards still to be dealt after the auction (classic and
Bulgarian) are kept shuffled in :attr:`BidDeal.rest`; :func:`final_hands` deals them, the
turned card to the taker, as the round deals them. :func:`~belote.agents.sim_bidding.evaluate_calls`
values its candidate calls on these deals.

The hands are drawn one seat after another, so the last one drawn takes its cards from what the
first two left. Where cards remain to be dealt after the auction (classic, Bulgarian), every
hand has a choice of cards, and they are drawn in seat order from the deciding seat's left.
Where every card is dealt before the auction (the coinche auction), the last hand drawn is the
eight cards left, so the seats that bid (rather than passed) most are drawn first, and the
whole deal is drawn again (:data:`REDRAWS` times at most) until the last hand agrees too.
Before, the seat to the deciding seat's right (the one that spoke just before it) was always
drawn last there, and its calls went unread: a seat that had just bid clubs held a hand the
auction model bids clubs with in 9 sampled deals of 200, now in 181. The hard player against
the normal one on the same 400 duplicate deals (``benchmarks/agent_strength.py``, seed 0,
paired deal by deal) gained +0.037 point share (+-0.022) in coinche, 0.728 to 0.765, and +0.020
(+-0.023) in contrée, 0.646 to 0.667; the classic and Bulgarian deals are drawn as before.

>>> import random
>>> from belote import CLASSIC, Seat, deal, observe
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> sample = draw_bid_deal(observe(state, Seat(1)), random.Random(1))
>>> [hand.bit_count() for hand in sample.current], len(sample.rest)
([5, 5, 5, 5], 11)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from belote.agents.auction_model import model_call, same_kind
from belote.agents.bidder import _declaration_bonus
from belote.bidding import Contract, Pass
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
    model makes every call that seat made (else the one that misses the fewest). Where every
    card is dealt before the auction, the seats that bid are drawn first, and the whole deal is
    drawn again, up to :data:`REDRAWS` times, while it misses a call (the deal that misses the
    fewest is kept). With ``bonus_wanted``, each hand's declaration points are read too (the
    points auction's model counts them).

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
    said: dict[int, list[int]] = {}
    for index, (caller, _) in enumerate(view.auction):
        if int(caller) != me:
            said.setdefault(int(caller), []).append(index)
    order = [(me + step) & 3 for step in range(1, 4)]
    attempts = 1
    if len(pool) == 3 * size:  # every card dealt: the last hand drawn is the cards left
        order.sort(
            key=lambda seat: -sum(not isinstance(view.auction[i][1], Pass) for i in said.get(seat, ()))
        )
        attempts = REDRAWS
    best = _draw_hands(view, rng, order, pool, said, bonus_wanted)
    for _ in range(attempts - 1):
        if not best[3]:
            break
        drawn = _draw_hands(view, rng, order, pool, said, bonus_wanted)
        if drawn[3] < best[3]:
            best = drawn
    hands, rest, bonus, _ = best
    hands[me] = mine
    if bonus_wanted:
        bonus[me] = _declaration_bonus(mine)
    rng.shuffle(rest)
    return BidDeal(hands, rest, bonus)


def _draw_hands(
    view: PlayerView,
    rng: random.Random,
    order: list[int],
    pool: list[int],
    said: dict[int, list[int]],
    bonus_wanted: bool,
) -> tuple[list[int], list[int], list[int], int]:
    """The other seats' hands drawn from ``pool`` in ``order``, each redrawn up to
    :data:`REDRAWS` times to agree with its calls (a hand that is all the pool holds is drawn
    once): the hands, the cards left, the declaration points and the calls missed in all."""
    turned = -1 if view.turned is None else view.turned.index
    size = len(view.hand)
    hands = [0, 0, 0, 0]
    bonus = [0, 0, 0, 0]
    missed = 0
    for seat in order:
        best_hand = 0
        best_misses = -1
        for _ in range(REDRAWS if len(pool) > size else 1):
            chosen = rng.sample(pool, size) if len(pool) > size else pool
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
        missed += best_misses
        pool = [card for card in pool if not best_hand >> card & 1]
    return hands, pool, bonus, missed


def final_hands(view: PlayerView, sample: BidDeal, taker: int, turned: int) -> list[int]:
    """The eight-card hands of ``sample`` once the auction ends with ``taker`` taking: the
    turned card (``turned``, a card number, or -1 for none) to the taker, the rest dealt from
    the dealer's left as the round deals them.

    >>> import random
    >>> from belote import CLASSIC, Seat, deal, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> view = observe(state, Seat(1))
    >>> turned = view.turned
    >>> assert turned is not None  # the turned-card auction
    >>> hands = final_hands(view, draw_bid_deal(view, random.Random(1)), 1, turned.index)
    >>> [hand.bit_count() for hand in hands], bool(hands[1] >> turned.index & 1)
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
