"""Hand-strength bidding for both bidding systems (turned card; Bulgarian auction with contra).

A hand is valued for each trump mode on a card-points scale (what the hand is likely to
bring in): trumps by their trump points plus length, side aces and guarded tens, and for no
trumps / all trumps the cards that win tricks there. A bidder takes the best mode whose
value reaches its threshold; the easy player's :func:`clearly_strong` is much stricter.

>>> from belote import CardSet, Trump
>>> hand = CardSet.parse("JH 9H AH AS 7C")
>>> suit_value(hand.mask, Trump.HEARTS) > suit_value(hand.mask, Trump.SPADES)
True
"""

from __future__ import annotations

from belote.bidding import Bid, Call, Double, Pass, Redouble
from belote.cards import SUIT_MASKS, Rank
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import BiddingSystem
from belote.views import PlayerView

__all__ = [
    "AUCTION_ALLOWANCE",
    "TAKE_THRESHOLD",
    "auction_call",
    "clearly_strong",
    "easy_call",
    "mode_value",
    "normal_call",
    "suit_value",
    "turned_card_call",
]

TAKE_THRESHOLD = {
    Trump.CLUBS: 48,
    Trump.DIAMONDS: 48,
    Trump.HEARTS: 48,
    Trump.SPADES: 48,
    Trump.NO_TRUMPS: 46,
    Trump.ALL_TRUMPS: 60,
}
"""Per mode, the hand value from which the normal bidder takes (on the turned-card system's six
cards: five dealt and the turned one)."""

AUCTION_ALLOWANCE = 10
"""How much lower the thresholds are in the auction, where a bid is made on five cards only."""

_TRUMP_VALUE = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3}


def _has(hand: int, suit: int, rank: int) -> bool:
    return bool(hand >> (suit * 8 + rank) & 1)


def suit_value(hand: int, trump: Trump) -> int:
    """The value of ``hand`` (a mask) with ``trump`` (a suit) as trumps."""
    suit = int(trump)
    trumps = hand & SUIT_MASKS[suit]
    value = sum(points for rank, points in _TRUMP_VALUE.items() if _has(hand, suit, rank))
    value += 9 * max(0, trumps.bit_count() - 1)
    if _has(hand, suit, Rank.KING) and _has(hand, suit, Rank.QUEEN):
        value += 10  # belote
    for other in range(4):
        if other == suit:
            continue
        if _has(hand, other, Rank.ACE):
            value += 11
            if _has(hand, other, Rank.TEN):
                value += 8
        elif _has(hand, other, Rank.TEN) and (hand & SUIT_MASKS[other]).bit_count() >= 2:
            value += 3
    return value


def mode_value(hand: int, trump: Trump) -> int:
    """The value of ``hand`` in any trump mode (suit, no trumps, all trumps)."""
    if trump.is_suit:
        return suit_value(hand, trump)
    value = 0
    for suit in range(4):
        length = (hand & SUIT_MASKS[suit]).bit_count()
        if trump is Trump.NO_TRUMPS:
            if _has(hand, suit, Rank.ACE):
                value += 16 + (12 if _has(hand, suit, Rank.TEN) else 0) + 2 * max(0, length - 2)
            elif _has(hand, suit, Rank.TEN) and length >= 2:
                value += 4
        else:
            if _has(hand, suit, Rank.JACK):
                value += 18 + (12 if _has(hand, suit, Rank.NINE) else 0) + 2 * max(0, length - 2)
            elif _has(hand, suit, Rank.NINE) and length >= 2:
                value += 6
            if _has(hand, suit, Rank.ACE):
                value += 4
    return value


def clearly_strong(hand: int, trump: Trump) -> bool:
    """The easy bidder's test: jack and nine of trumps and three trumps at least (suits), three
    aces (no trumps) or three jacks (all trumps)."""
    if trump.is_suit:
        suit = int(trump)
        return (
            _has(hand, suit, Rank.JACK)
            and _has(hand, suit, Rank.NINE)
            and (hand & SUIT_MASKS[suit]).bit_count() >= 3
        )
    rank = Rank.ACE if trump is Trump.NO_TRUMPS else Rank.JACK
    return sum(_has(hand, suit, rank) for suit in range(4)) >= 3


def _with_turned(view: PlayerView) -> int:
    hand = view.hand.mask
    return hand if view.turned is None else hand | 1 << view.turned.index


def easy_call(view: PlayerView) -> Call:
    """Take only with a clearly strong hand (the cheapest such bid); never contra."""
    hand = _with_turned(view)
    for call in view.legal_bids:
        if isinstance(call, Bid) and clearly_strong(hand, call.trump):
            return call
    return Pass()


def turned_card_call(view: PlayerView) -> Call:
    """Classic bidding: take the turned suit, or in round 2 the best other suit, when the hand
    (with the turned card, which the taker receives) reaches the threshold."""
    hand = _with_turned(view)
    best: Call = Pass()
    best_margin = 0
    for call in view.legal_bids:
        if isinstance(call, Bid):
            margin = mode_value(hand, call.trump) - TAKE_THRESHOLD[call.trump]
            if margin >= best_margin:
                best, best_margin = call, margin
    return best


def auction_call(view: PlayerView) -> Call:
    """Bulgarian auction: bid the best mode above the last bid when the hand reaches its
    threshold (well above it to overbid the partner); contra an opponent's contract the hand
    can defeat; re-contra when doubled holding a clearly strong hand."""
    hand = view.hand.mask
    last_bidder: Seat | None = None
    last_trump: Trump | None = None
    for seat, call in view.auction:
        if isinstance(call, Bid):
            last_bidder, last_trump = seat, call.trump
    partner_bid = last_bidder is not None and last_bidder.team == view.seat.team
    extra = 20 if partner_bid else 0
    best: Call = Pass()
    best_margin = 0
    for call in view.legal_bids:
        if isinstance(call, Bid):
            margin = mode_value(hand, call.trump) - TAKE_THRESHOLD[call.trump] + AUCTION_ALLOWANCE - extra
            if margin >= best_margin:
                best, best_margin = call, margin
    if isinstance(best, Bid):
        return best
    if last_trump is not None and Double() in view.legal_bids and _defeats(hand, last_trump):
        return Double()
    strong = last_trump is not None and mode_value(hand, last_trump) >= TAKE_THRESHOLD[last_trump] + 25
    if Redouble() in view.legal_bids and strong:
        return Redouble()
    return Pass()


def _defeats(hand: int, trump: Trump) -> bool:
    """Strong enough against ``trump`` to say contra."""
    if trump.is_suit:
        suit = int(trump)
        trumps = (hand & SUIT_MASKS[suit]).bit_count()
        aces = sum(_has(hand, other, Rank.ACE) for other in range(4) if other != suit)
        return _has(hand, suit, Rank.JACK) and trumps >= 3 and aces >= 1
    if trump is Trump.NO_TRUMPS:
        return sum(_has(hand, suit, Rank.ACE) for suit in range(4)) >= 3
    return sum(_has(hand, suit, Rank.JACK) for suit in range(4)) >= 3


def normal_call(view: PlayerView) -> Call:
    """The normal bidder for the view's bidding system."""
    if view.variant.bidding is BiddingSystem.AUCTION:
        return auction_call(view)
    return turned_card_call(view)
