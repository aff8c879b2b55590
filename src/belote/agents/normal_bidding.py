"""The normal player's bidding: hand strength read together with the auction, the seat and
the match score, each reading a named rule.

The hand is valued per trump mode as in :mod:`belote.agents.bidder` (:func:`mode_value`,
:func:`coinche_estimate`); the rules here move the value a bid needs, or the estimate a coinche
bid is made from:

- the seat: the last to speak after three passes, when its pass would throw the cards in,
  takes with less (the passes say the others are weak);
- the partner: a partner who passed the turned suit holds none of its honours; a partner who
  bid has shown strength (its jack counts toward all trumps in the Bulgarian auction, it
  lightens a contra; its coinche bid is a promise to raise on, counted once:
  :func:`~belote.agents.bidder.partner_support`);
- the turned card (classic and 501): a jack or nine turned up goes to the taker, so it is
  worth taking a little lighter rather than hand it to an opponent who speaks later;
- the opponents' calls: their suit weakens no trumps; contra an opponents' contract the
  hand (with a partner who bid) can defeat; re-contra when the contra meets strength;
- the match score: bolder when the opponents are about to win, more careful when ahead near
  the target.

>>> from belote import CLASSIC, Seat
>>> from belote.views import seat_view
>>> view = seat_view(CLASSIC, Seat(0), hand="JH 9H AS 7C 8D", dealer=Seat(3), turned="AH")
>>> normal_bid(view)
Bid(Trump.HEARTS)
"""

from __future__ import annotations

from belote.agents.bidder import (
    AUCTION_ALLOWANCE,
    TAKE_THRESHOLD,
    _defeats,
    _estimates,
    _last_bid,
    mode_value,
    points_auction_call,
)
from belote.bidding import Bid, Call, Double, Pass, Redouble
from belote.cards import Rank
from belote.trumps import Trump
from belote.variants import BiddingSystem
from belote.views import PlayerView

__all__ = [
    "BOLD_NEAR_LOSS",
    "CAREFUL_NEAR_WIN",
    "CONTRA_MARGIN",
    "CONTRA_PARTNER_BID",
    "LAST_TO_SPEAK_ALLOWANCE",
    "NEAR_TARGET_SHARE",
    "OPPONENT_SUIT_AGAINST_NO_TRUMPS",
    "PARTNER_JACK_FOR_ALL_TRUMPS",
    "PARTNER_OVERBID_MARGIN",
    "PARTNER_PASSED_TURNED_SUIT",
    "RECONTRA_MARGIN",
    "TURNED_HONOUR_DENIAL",
    "contra_worth",
    "last_to_speak",
    "normal_bid",
    "partner_passed",
    "score_pressure",
    "speaking_position",
]

LAST_TO_SPEAK_ALLOWANCE = 3
"""How much less a hand needs when the three other seats passed in this round of the
auction and a pass ends it (the turned-card system's second round, or the first round of an
auction): none of them could take, so the trumps and aces are likelier on this side, and a
pass only throws the cards in. In the turned-card system's first round the dealer's pass
still leaves a second round, so the rule waits for that."""

PARTNER_PASSED_TURNED_SUIT = 4
"""How much more a hand needs to take the turned suit in round 1 after the partner passed
it: the partner holds no honours of that suit to add."""

TURNED_HONOUR_DENIAL = 2
"""How much less a hand needs to take the turned suit in round 1 when the turned card is its
jack or nine and an opponent speaks later: passing may hand that trump to the opponents."""

PARTNER_OVERBID_MARGIN = 20
"""How much more a hand needs to bid over the partner's own bid (Bulgarian auction): a new
mode takes away the contract the partner chose."""

PARTNER_JACK_FOR_ALL_TRUMPS = 18
"""What the partner's suit bid adds to this hand's all-trumps value (Bulgarian auction): a
suit bid promises that suit's jack, the highest card in all trumps."""

OPPONENT_SUIT_AGAINST_NO_TRUMPS = 10
"""What an opponent's suit bid takes off this hand's no-trumps value when the hand lacks that
suit's ace (Bulgarian auction): the opponents will run their long suit."""

CONTRA_MARGIN = 20
"""How far above its own bidding threshold (Bulgarian auction) the hand must be valued in the
opponents' mode to contra it: their trumps and aces are then in this hand."""

CONTRA_PARTNER_BID = 10
"""How much less the hand needs to contra when the partner bid in this auction: the partner's
strength defends too."""

RECONTRA_MARGIN = 25
"""How far above its take threshold the contract's mode must be valued for a re-contra; a
partner who took lends its bid, so then the hand needs only the plain threshold."""

NEAR_TARGET_SHARE = 0.15
"""A team is near the target when it lacks less than this share of the target: about one
deal's points in every preset (150 of 1,000, 75 of 501, 22 of 151)."""

BOLD_NEAR_LOSS = 8
"""How much less a hand needs when the opponents are near the target and ahead: a deal they
win may end the match, so a failed contract costs little more than a pass."""

CAREFUL_NEAR_WIN = 6
"""How much more a hand needs when this side is near the target and ahead: a failed contract
gives the opponents the deal's points and the way back."""


def speaking_position(view: PlayerView) -> int:
    """Where the seat speaks in each round: 0 for the dealer's left (eldest) to 3 for the
    dealer, who speaks last.

    >>> from belote import CLASSIC, Seat
    >>> from belote.views import seat_view
    >>> speaking_position(seat_view(CLASSIC, Seat(1), hand="7H 8H 9H TH JH", dealer=Seat(0), turned="AS"))
    0
    """
    return (int(view.seat) - int(view.dealer) - 1) % 4


def last_to_speak(view: PlayerView) -> bool:
    """This seat closes a round of the auction (three calls, or seven in the turned-card
    system's second round, before it), and the three other seats passed in that round.

    >>> from belote import CLASSIC, Seat
    >>> from belote.views import seat_view
    >>> last_to_speak(seat_view(CLASSIC, Seat(3), hand="7H 8H 9H TH JH", dealer=Seat(3),
    ...                         turned="AS", auction="pass pass pass"))
    True
    """
    calls = view.auction[-3:]
    return len(view.auction) % 4 == 3 and all(isinstance(call, Pass) for _, call in calls)


def partner_passed(view: PlayerView) -> bool:
    """The partner has spoken, and every call it made was a pass.

    >>> from belote import BULGARIAN, Seat
    >>> from belote.views import seat_view
    >>> partner_passed(seat_view(BULGARIAN, Seat(2), hand="7H 8H 9H TH JH", dealer=Seat(3), auction="pass H"))
    True
    """
    partner = view.seat.partner
    calls = [call for seat, call in view.auction if seat == partner]
    return bool(calls) and all(isinstance(call, Pass) for call in calls)


def score_pressure(view: PlayerView) -> int:
    """The change to every threshold the match score asks for: minus :data:`BOLD_NEAR_LOSS`
    when the opponents are near the target and ahead, plus :data:`CAREFUL_NEAR_WIN` when this
    side is near it and ahead, else 0 (and 0 outside a match).

    >>> from belote import CLASSIC, Seat
    >>> from belote.views import seat_view
    >>> score_pressure(seat_view(CLASSIC, Seat(0), hand="7H 8H 9H TH JH", dealer=Seat(3),
    ...                          turned="AS", scores=(100, 900), target=1000))
    -8
    """
    if view.scores is None or view.target is None:
        return 0
    ours, theirs = view.scores[view.seat.team], view.scores[1 - view.seat.team]
    near = view.target * (1 - NEAR_TARGET_SHARE)
    if theirs >= near and theirs > ours:
        return -BOLD_NEAR_LOSS
    if ours >= near and ours > theirs:
        return CAREFUL_NEAR_WIN
    return 0


def _with_turned(view: PlayerView) -> int:
    hand = view.hand.mask
    return hand if view.turned is None else hand | 1 << view.turned.index


def _turned_honour(view: PlayerView) -> bool:
    return view.turned is not None and view.turned.rank in (Rank.JACK, Rank.NINE)


def turned_card_bid(view: PlayerView) -> Call:
    """Classic and 501: take the mode whose value (the turned card counted: the taker gets
    it) is furthest above its threshold, moved by the seat, partner, turned-card and score
    rules."""
    hand = _with_turned(view)
    first_round = len(view.auction) < 4
    shift = score_pressure(view)
    if last_to_speak(view) and not first_round:
        shift -= LAST_TO_SPEAK_ALLOWANCE
    if first_round and partner_passed(view):
        shift += PARTNER_PASSED_TURNED_SUIT
    if first_round and _turned_honour(view) and speaking_position(view) < 3:
        shift -= TURNED_HONOUR_DENIAL
    best: Call = Pass()
    best_margin = 0
    for call in view.legal_bids:
        if isinstance(call, Bid):
            margin = mode_value(hand, call.trump) - TAKE_THRESHOLD[call.trump] - shift
            if margin >= best_margin:
                best, best_margin = call, margin
    return best


def _auction_value(view: PlayerView, trump: Trump, partner_bid: Bid | None, opponent_suits: int) -> int:
    """The hand's value in ``trump`` with what the partner's and opponents' bids tell."""
    hand = view.hand.mask
    value = mode_value(hand, trump)
    promised = int(partner_bid.trump) if partner_bid is not None and partner_bid.trump.is_suit else None
    if trump is Trump.ALL_TRUMPS and promised is not None and not hand >> (promised * 8 + Rank.JACK) & 1:
        value += PARTNER_JACK_FOR_ALL_TRUMPS
    if trump is Trump.NO_TRUMPS:
        for suit in range(4):
            if opponent_suits >> suit & 1 and not hand >> (suit * 8 + Rank.ACE) & 1:
                value -= OPPONENT_SUIT_AGAINST_NO_TRUMPS
    return value


def auction_bid(view: PlayerView) -> Call:
    """Bulgarian auction: bid the best mode the rules value above its threshold (over the
    partner only by :data:`PARTNER_OVERBID_MARGIN` more); else contra an opponents' contract
    the hand defeats; re-contra when doubled with strength in the contract's mode."""
    hand = view.hand.mask
    partner = view.seat.partner
    partner_bid: Bid | None = None
    opponent_suits = 0
    for seat, call in view.auction:
        if isinstance(call, Bid):
            if seat == partner:
                partner_bid = call
            elif seat.team != view.seat.team and call.trump.is_suit:
                opponent_suits |= 1 << int(call.trump)
    bidder, last = _last_bid(view.auction)
    ours = bidder is not None and bidder.team == view.seat.team
    shift = score_pressure(view) - AUCTION_ALLOWANCE
    if last_to_speak(view):
        shift -= LAST_TO_SPEAK_ALLOWANCE
    if ours:
        shift += PARTNER_OVERBID_MARGIN
    best: Call = Pass()
    best_margin = 0
    for call in view.legal_bids:
        if isinstance(call, Bid):
            value = _auction_value(view, call.trump, partner_bid, opponent_suits)
            margin = value - TAKE_THRESHOLD[call.trump] - shift
            if margin >= best_margin:
                best, best_margin = call, margin
    if isinstance(best, Bid) or last is None:
        return best
    if not ours and Double() in view.legal_bids and contra_worth(view, last.trump, partner_bid is not None):
        return Double()
    if Redouble() in view.legal_bids:
        needed = TAKE_THRESHOLD[last.trump] + (RECONTRA_MARGIN if bidder == view.seat else 0)
        if mode_value(hand, last.trump) >= needed:
            return Redouble()
    return Pass()


def contra_worth(view: PlayerView, trump: Trump, partner_bid: bool) -> bool:
    """The hand defeats the opponents' ``trump`` contract (Bulgarian auction): it holds the
    cards that defeat it outright, or its value in their mode is :data:`CONTRA_MARGIN` above
    the value it would bid that mode on (:data:`CONTRA_PARTNER_BID` less after a partner's
    bid); a careful score asks for more, a bold one for less.

    >>> from belote import BULGARIAN, Seat, Trump
    >>> from belote.views import seat_view
    >>> view = seat_view(BULGARIAN, Seat(1), hand="KH JH 9H 7H 9C", dealer=Seat(3), auction="H")
    >>> contra_worth(view, Trump.HEARTS, partner_bid=False)
    True
    """
    hand = view.hand.mask
    if _defeats(hand, trump):
        return True
    needed = TAKE_THRESHOLD[trump] - AUCTION_ALLOWANCE + CONTRA_MARGIN + score_pressure(view)
    if partner_bid:
        needed -= CONTRA_PARTNER_BID
    return mode_value(hand, trump) >= needed


def points_bid(view: PlayerView) -> Call:
    """Coinche auction: the hand's estimates per mode, moved by the seat and score rules, bid
    as :func:`~belote.agents.bidder.points_auction_call` bids them (it reads the partner's bid
    as a promise to raise on, and coinches an opponents' bid the hand defeats)."""
    shift = score_pressure(view)
    if last_to_speak(view):
        shift -= LAST_TO_SPEAK_ALLOWANCE
    estimates = _estimates(view)
    if shift:  # the estimates are in points: a value point of a rule moves them by one point
        estimates = {mode: value - shift for mode, value in estimates.items()}
    return points_auction_call(view, estimates)


_BIDS = {
    BiddingSystem.TURNED_CARD: turned_card_bid,
    BiddingSystem.AUCTION: auction_bid,
    BiddingSystem.POINTS_AUCTION: points_bid,
}


def normal_bid(view: PlayerView) -> Call:
    """The normal player's call for the view's bidding system (one of the view's legal calls).

    >>> from belote import BULGARIAN, Seat
    >>> from belote.views import seat_view
    >>> normal_bid(seat_view(BULGARIAN, Seat(0), hand="JS JH 9H JD AC", dealer=Seat(3)))
    Bid(Trump.ALL_TRUMPS)
    """
    return _BIDS[view.variant.bidding](view)
