"""Reading the hidden hands from the auction: each sampled deal weighed by the calls it explains.

A seat that passed on a turned jack of hearts seldom holds the nine and the ace of hearts; a
seat that named spades in the second round holds spades. The searching players can read the
auction as they read the play (:mod:`belote.agents.reading`): of the deals drawn consistent
with what they know, each is weighed by :data:`AUCTION_WEIGHT` to the power of the calls of the
other seats that the auction model (:func:`~belote.agents.auction_model.model_call`, the
normal player's thresholds) would not have made from the hands that deal gives them.

A seat makes its calls before it holds its whole hand in the turned-card and Bulgarian
auctions (five cards dealt, three more after the auction; the taker's turned card among
them): its hand at the auction is drawn at random among the cards the deal gives it (those it
holds and those it played, the turned card left out), as the round's deal drew them. In the
coinche auction the whole hand is dealt first.

>>> import random
>>> from belote import CLASSIC, Seat, bid, deal, observe
>>> from belote.bidding import Bid, Pass
>>> state = deal(CLASSIC, dealer=Seat(0), seed=10)
>>> turned = state.turned
>>> assert turned is not None  # the turned-card auction
>>> state = bid(bid(state, Pass()), Bid(turned.suit))
>>> evidence = auction_evidence(observe(state, Seat(3)))
>>> assert evidence is not None  # two seats have called
>>> [(int(seat), [str(call) for _, call in calls]) for seat, calls in evidence.calls]
[(1, ['pass']), (2, ['C'])]
>>> str(state.turned), str(state.hands[2])  # south took clubs with the ace beside the 8
('8C', 'QS JS AH 8H KD TD AC 8C')
>>> north, west, south, east = (hand.mask for hand in state.hands)
>>> {evidence.misses((north, west, south, east), random.Random(seed)) for seed in range(8)}
{1}
"""

from __future__ import annotations

import random

import attrs

from belote._repr import safe_repr
from belote.agents.auction_model import model_call, same_kind, turned_card_call
from belote.agents.bidder import _declaration_bonus, mode_values
from belote.bidding import BIDDING_RULES, Call, legal_calls
from belote.cards import Suit, mask_indices
from belote.errors import BeloteError
from belote.seats import Seat
from belote.variants import Announcements, BiddingSystem, Variant
from belote.views import PlayerView

__all__ = ["AUCTION_WEIGHT", "AuctionEvidence", "auction_evidence", "check_auction_weight"]

AUCTION_WEIGHT = 0.2
"""The weight of a sampled deal, per call of another seat that the auction model would not
have made from that deal's hands (see the module documentation). Chosen, not tuned: the
auction model is plain, and a seat is not bound to bid as it does. The expert reading the
auction with it, against the hard player in classic on the first 1,133 of the 2,000 duplicate
deals of seed 0 (``benchmarks/agent_strength.py``), measured +0.000 point share (+-0.009) paired
with the expert that does not read it (0.530 against 0.530 on those deals). In the auctions,
where a bid says more of a hand, the hard player reading it against the hard player that does
not (``benchmarks/paired_strength.py``, duplicate deals of seed 0) measured 0.506 (+-0.011) in
coinche (the first 800 deals, 790 of them scored) and 0.505 (+-0.014) in Bulgarian (the first
400, 378 scored). No gain found, so no player reads the auction by default."""

_AUCTION_HAND = 5
"""Cards a seat holds at the auction where the rest is dealt after it (3 + 2 are dealt first)."""


@attrs.frozen(order=False)
class AuctionEvidence:
    """The calls of the seats other than the observer, with what is needed to test a deal
    against them (:func:`auction_evidence` builds it from a view).

    >>> from belote import CLASSIC, Seat, bid, deal, observe
    >>> from belote.bidding import Pass
    >>> state = bid(deal(CLASSIC, dealer=Seat(0), seed=7), Pass())
    >>> auction_evidence(observe(state, Seat(1))) is None  # only its own call so far
    True
    """

    variant: Variant
    calls: tuple[tuple[Seat, tuple[tuple[int, Call], ...]], ...]
    """Per other seat that called, in the order of its first call: its calls with their index
    in the auction."""
    auction: tuple[tuple[Seat, Call], ...]
    turned: int
    """The turned card's number, -1 without one."""
    taker: int
    """The taker's seat number, -1 before the contract."""
    played: tuple[int, int, int, int]
    """The cards each seat has played (masks)."""
    legal: tuple[tuple[Call, ...], ...]
    """The legal calls before each call of the auction (turned-card auction only)."""

    def misses(
        self,
        hands: tuple[int, int, int, int],
        rng: random.Random,
        memo: dict[tuple[int, int], int] | None = None,
    ) -> int:
        """How many calls of the other seats the auction model would not have made from the
        hands of ``hands`` (the cards each seat holds now), each seat's hand at the auction
        drawn with ``rng`` (see the module documentation). ``memo``, kept between calls on the
        same evidence, remembers each seat's count per hand at the auction (the model's calls
        are a function of the hand): the same counts, for the model's work done once a hand."""
        variant = self.variant
        size = 8 if BIDDING_RULES[variant.bidding].deal_all else _AUCTION_HAND
        turned = self.turned
        turned_bit = 1 << turned if turned >= 0 else 0
        fast = variant.bidding is BiddingSystem.TURNED_CARD
        bonus_wanted = variant.bidding is BiddingSystem.POINTS_AUCTION and (
            variant.announcements is not Announcements.OFF
        )
        count = 0
        for seat, calls in self.calls:
            number = int(seat)
            original = hands[number] | self.played[number]
            if number == self.taker:
                original &= ~turned_bit
            cards = mask_indices(original)
            if len(cards) > size:
                cards = rng.sample(cards, size)
            hand = 0
            for card in cards:
                hand |= 1 << card
            known = None if memo is None else memo.get((number, hand))
            if known is not None:
                count += known
                continue
            seat_misses = 0
            values = mode_values(hand | turned_bit) if fast else ()
            bonus = _declaration_bonus(hand) if bonus_wanted else 0
            for index, said in calls:
                if fast:
                    made = turned_card_call(values, self.legal[index])
                else:
                    made = model_call(variant, seat, hand, turned, self.auction[:index], bonus)
                seat_misses += not same_kind(made, said)
            if memo is not None:
                memo[(number, hand)] = seat_misses
            count += seat_misses
        return count


def auction_evidence(view: PlayerView) -> AuctionEvidence | None:
    """The auction of ``view`` as evidence about the other seats' hands, or None when no other
    seat has called yet.

    >>> from belote import CLASSIC, Seat, deal, observe
    >>> from belote.bidding import Pass
    >>> from belote import bid
    >>> state = bid(deal(CLASSIC, dealer=Seat(0), seed=7), Pass())
    >>> evidence = auction_evidence(observe(state, Seat(2)))
    >>> [int(seat) for seat, _ in evidence.calls] if evidence else None
    [1]
    >>> auction_evidence(observe(deal(CLASSIC, dealer=Seat(0), seed=7), Seat(1))) is None  # no call yet
    True
    """
    me = view.seat
    by_seat: dict[Seat, list[tuple[int, Call]]] = {}
    for index, (caller, call) in enumerate(view.auction):
        if caller != me:
            by_seat.setdefault(caller, []).append((index, call))
    if not by_seat:
        return None
    turned = -1 if view.turned is None else view.turned.index
    played = [0, 0, 0, 0]
    for seat, card in view.plays:
        played[seat] |= 1 << card.index
    auction = tuple(view.auction)
    legal: tuple[tuple[Call, ...], ...] = ()
    if view.variant.bidding is BiddingSystem.TURNED_CARD:
        suit = None if turned < 0 else Suit(turned >> 3)
        legal = tuple(legal_calls(view.variant, auction[:index], suit) for index in range(len(auction)))
    return AuctionEvidence(
        variant=view.variant,
        calls=tuple((seat, tuple(calls)) for seat, calls in by_seat.items()),
        auction=auction,
        turned=turned,
        taker=-1 if view.contract is None else int(view.contract.taker),
        played=(played[0], played[1], played[2], played[3]),
        legal=legal,
    )


def check_auction_weight(weight: object, name: str = "auction_weight") -> None:
    """Raise :class:`~belote.errors.BeloteError` (``BAD_ARGUMENT``) unless ``weight`` is None (the
    auction is not read) or a number above 0 and at most 1.

    >>> check_auction_weight(0.2)
    >>> check_auction_weight(0)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: auction_weight must be None or a number above 0 and at most 1, got 0
    """
    if weight is None:
        return
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 1:
        raise BeloteError(f"{name} must be None or a number above 0 and at most 1, got {safe_repr(weight)}")
