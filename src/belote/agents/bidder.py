"""Hand-strength bidding for the three bidding systems (turned card; Bulgarian auction with
contra; coinche auction of points with coinche and surcoinche).

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

from collections.abc import Callable, Iterable, Sequence

from belote.bidding import BID_VALUES, Bid, Call, Double, Pass, Redouble
from belote.cards import SUIT_MASKS, Rank, cardset_from_mask
from belote.declarations import declaration_options
from belote.seats import Seat
from belote.trumps import PLAIN_ORDER, TRUMP_ORDER, Trump
from belote.variants import BiddingSystem
from belote.views import PlayerView

__all__ = [
    "AUCTION_ALLOWANCE",
    "CAPOT_TRICKS",
    "TAKE_THRESHOLD",
    "capot_bid",
    "clearly_strong",
    "coinche_estimate",
    "easy_call",
    "mode_value",
    "mode_values",
    "partner_support",
    "points_auction_call",
    "suit_value",
    "sure_tricks",
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


def _suit_table(value: Callable[[int], int]) -> tuple[int, ...]:
    """``value`` of each of the 256 patterns of one suit (clubs, the other suits empty)."""
    return tuple(value(pattern) for pattern in range(256))


# Each mode's value is a sum over the four suits of a function of that suit's cards alone (its
# trump part or its side part), so it is read from tables of the 256 patterns of a suit, built
# from the functions above: a clubs pattern as trumps, as a side suit (spades trumps), and in
# no trumps and all trumps.
_AS_TRUMPS = _suit_table(lambda pattern: suit_value(pattern, Trump.CLUBS))
_AS_SIDE = _suit_table(lambda pattern: suit_value(pattern, Trump.SPADES))
_IN_NO_TRUMPS = _suit_table(lambda pattern: mode_value(pattern, Trump.NO_TRUMPS))
_IN_ALL_TRUMPS = _suit_table(lambda pattern: mode_value(pattern, Trump.ALL_TRUMPS))


def mode_values(hand: int) -> tuple[int, int, int, int, int, int]:
    """:func:`mode_value` of ``hand`` (a mask) in every trump mode, by mode number (the four
    suits, no trumps, all trumps), the same values read from tables: the auction model and the
    reading of the auction value many hands.

    >>> from belote import CardSet
    >>> hand = CardSet.parse("JH 9H AH AS 7C").mask
    >>> mode_values(hand) == tuple(mode_value(hand, mode) for mode in Trump)
    True
    """
    patterns = (hand & 0xFF, hand >> 8 & 0xFF, hand >> 16 & 0xFF, hand >> 24 & 0xFF)
    side = [_AS_SIDE[pattern] for pattern in patterns]
    sides = side[0] + side[1] + side[2] + side[3]
    return (
        _AS_TRUMPS[patterns[0]] + sides - side[0],
        _AS_TRUMPS[patterns[1]] + sides - side[1],
        _AS_TRUMPS[patterns[2]] + sides - side[2],
        _AS_TRUMPS[patterns[3]] + sides - side[3],
        sum(_IN_NO_TRUMPS[pattern] for pattern in patterns),
        sum(_IN_ALL_TRUMPS[pattern] for pattern in patterns),
    )


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


EASY_MAX_BID = 100
"""The easy player's highest coinche bid: it bids the cheapest value, never above this."""


def easy_call(view: PlayerView) -> Call:
    """Take only with a clearly strong hand (the cheapest such bid); never contra. In a coinche
    auction: never over the partner, and never above :data:`EASY_MAX_BID`."""
    hand = _with_turned(view)
    if view.variant.bidding is BiddingSystem.POINTS_AUCTION and _partner_holds_bid(view):
        return Pass()
    for call in view.legal_bids:  # a capot (level 170) or a générale (180) is above EASY_MAX_BID
        if isinstance(call, Bid) and call.level <= EASY_MAX_BID and clearly_strong(hand, call.trump):
            return call
    return Pass()


def _last_bid(auction: Sequence[tuple[Seat, Call]]) -> tuple[Seat | None, Bid | None]:
    """The seat and the bid of the last bid in ``auction`` (None, None before any)."""
    for seat, call in reversed(auction):
        if isinstance(call, Bid):
            return seat, call
    return None, None


def _partner_holds_bid(view: PlayerView) -> bool:
    seat, _ = _last_bid(view.auction)
    return seat is not None and seat.team == view.seat.team


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


COINCHE_SLOPE = {"suit": 0.82, Trump.NO_TRUMPS: 0.73, Trump.ALL_TRUMPS: 0.59}
"""Per kind of mode, the expected points of the bidder's side per point of :func:`mode_value`
over eight cards (fitted on random deals played out by the normal heuristics)."""
COINCHE_INTERCEPT = {"suit": 49.6, Trump.NO_TRUMPS: 64.5, Trump.ALL_TRUMPS: 62.6}
"""Per kind of mode, the expected points of the bidder's side for a hand valued 0."""
COINCHE_RISK = 15
"""How many points below its estimate the normal bidder bids (a margin for the partner's hand)."""


def _kind(trump: Trump) -> object:
    return "suit" if trump.is_suit else trump


def coinche_estimate(hand: int, trump: Trump, *, declarations: bool = True) -> int:
    """The points (belote and the hand's declarations included) the bidder's side can expect
    from an eight-card ``hand`` with ``trump`` as its contract, the partner's hand unknown.

    >>> from belote import CardSet
    >>> strong = CardSet.parse("JH 9H AH TH KH AS AD AC").mask
    >>> coinche_estimate(strong, Trump.HEARTS) > coinche_estimate(strong, Trump.SPADES)
    True
    """
    kind = _kind(trump)
    value = COINCHE_SLOPE[kind] * mode_value(hand, trump) + COINCHE_INTERCEPT[kind]
    if declarations and trump is not Trump.NO_TRUMPS:
        value += _declaration_bonus(hand)
    return int(value)


def _declaration_bonus(hand: int) -> int:
    """The points of the best set of declarations ``hand`` (a mask) holds."""
    options = declaration_options(cardset_from_mask(hand), Seat(0))
    return max((sum(d.value for d in option) for option in options), default=0)


def _estimates(view: PlayerView) -> dict[Trump, int]:
    declarations = view.variant.announcements.value != "off"
    hand = view.hand.mask
    return {mode: coinche_estimate(hand, mode, declarations=declarations) for mode in view.variant.contracts}


def partner_support(seat: Seat, auction: Sequence[tuple[Seat, Call]]) -> tuple[Trump, int] | None:
    """The mode of the partner's bid when it is the auction's last bid, and the points it
    promises above an average hand (a capot bid read as 160), which the coinche estimate of that
    mode gains; None when the last bid is not the partner's (an opponent's, or this seat's own,
    coinched), or when it raises a mode this seat bid before: that raise already counts this
    seat's bid, and counting it again would send the two partners up to a capot on each other's
    promises.

    >>> from belote import Bid, Call, Pass, Seat, Trump
    >>> partner_support(Seat(0), [(Seat(2), Bid(Trump.HEARTS, 100)), (Seat(3), Pass())])
    (<Trump.HEARTS: 2>, 20)
    >>> auction: list[tuple[Seat, Call]] = [(Seat(0), Bid(Trump.HEARTS, 100)), (Seat(1), Pass())]
    >>> auction.append((Seat(2), Bid(Trump.HEARTS, 120)))
    >>> partner_support(Seat(0), auction) is None  # an echo of seat 0's own 100
    True
    """
    bidder, last = _last_bid(auction)
    if last is None or bidder != seat.partner:
        return None
    if any(who == seat and isinstance(call, Bid) and call.trump is last.trump for who, call in auction):
        return None
    return last.trump, max(0, (last.value or 160) - 80)


def sure_tricks(hand: int, trump: Trump) -> int:
    """The tricks an eight-card ``hand`` (a mask) wins by itself with ``trump`` as its contract:
    in each suit the cards of its unbroken run from the top (in trump order where the suit is
    trumps); in a suit contract every trump when the run is as long as the trumps out against
    it (the run draws them). A bidder bids capot on :data:`CAPOT_TRICKS`: a points estimate
    cannot tell, as declarations and long runs are not tricks.

    >>> from belote import CardSet
    >>> sure_tricks(CardSet.parse("JH 9H AH TH KH AS AD AC").mask, Trump.HEARTS)
    8
    >>> sure_tricks(CardSet.parse("QS QH 8H QD 9D QC TC 9C").mask, Trump.CLUBS)  # a square of queens
    0
    """
    if trump.is_suit:
        tricks = _SURE_AS_TRUMPS[hand >> 8 * int(trump) & 0xFF]
        return tricks + sum(_SURE_PLAIN[hand >> 8 * suit & 0xFF] for suit in range(4) if suit != int(trump))
    table = _SURE_PLAIN if trump is Trump.NO_TRUMPS else _SURE_ALL_TRUMPS
    return sum(table[hand >> 8 * suit & 0xFF] for suit in range(4))


def _top_run(pattern: int, order: Sequence[Rank]) -> int:
    """How many cards of one suit's ``pattern`` run unbroken from the top of ``order``."""
    run = 0
    while run < len(order) and pattern >> order[run] & 1:
        run += 1
    return run


def _drawn_run(pattern: int) -> int:
    """A trump suit's sure tricks: all its trumps when its top run draws the ones out."""
    run, held = _top_run(pattern, TRUMP_ORDER), pattern.bit_count()
    return held if run >= 8 - held else run


_SURE_PLAIN = _suit_table(lambda pattern: _top_run(pattern, PLAIN_ORDER))
_SURE_ALL_TRUMPS = _suit_table(lambda pattern: _top_run(pattern, TRUMP_ORDER))
_SURE_AS_TRUMPS = _suit_table(_drawn_run)


CAPOT_TRICKS = 8
"""The :func:`sure_tricks` from which the normal bidder bids capot. A points estimate reached
capot on declarations (a square of queens) and on partners raising each other: over 400 coinche
deals of four normal players it bid 63 capots and made 5. On eight sure tricks, 2 capots over
4,000 deals, both made; on seven, 34, of which 13 made, for a point share of 0.498 [0.497,
0.499] against eight (duplicate, the same 4,000 deals); on six, 0.484."""


def capot_bid(hand: int, best: Trump, modes: Iterable[Trump], legal: Sequence[Call]) -> Bid | None:
    """The capot bid the coinche rule makes with ``hand``: in ``best`` (the mode it would bid),
    else the first of ``modes`` where the hand holds :data:`CAPOT_TRICKS` sure tricks
    (:func:`sure_tricks`) and a capot is among the ``legal`` calls; None when there is none.

    >>> from belote import CardSet, Pass
    >>> hand = CardSet.parse("JH 9H AH TH KH AS AD AC").mask
    >>> capot_bid(hand, Trump.SPADES, Trump, (Pass(), Bid(Trump.HEARTS, capot=True)))
    Bid(Trump.HEARTS, capot=True)
    """
    for mode in (best, *(mode for mode in modes if mode is not best)):
        if sure_tricks(hand, mode) >= CAPOT_TRICKS:
            capot = Bid(mode, capot=True)
            if capot in legal:
                return capot
    return None


def points_auction_call(view: PlayerView, estimates: dict[Trump, int] | None = None) -> Call:
    """Coinche auction: bid the best mode at the value the hand can expect (less a margin),
    above the last bid; raise the partner only with a strong hand in its mode; coinche an
    opponents' contract the hand defeats; surcoinche when coinched and strong.

    ``estimates`` replaces the hand evaluation (:func:`coinche_estimate`) per mode.
    """
    hand = view.hand.mask
    legal = view.legal_bids
    bidder, last = _last_bid(view.auction)
    ours = bidder is not None and bidder.team == view.seat.team
    estimates = dict(_estimates(view) if estimates is None else estimates)
    support = partner_support(view.seat, view.auction)
    if support is not None:
        estimates[support[0]] += support[1]
    mode = max(estimates, key=lambda m: (estimates[m], -int(m)))
    target = estimates[mode] - COINCHE_RISK
    if ours and last is not None and mode is not last.trump:
        target -= 20  # changing the partner's mode needs more
    capot = capot_bid(hand, mode, estimates, legal)
    if capot is not None:
        return capot
    value = min(160, target // 10 * 10)
    if value >= BID_VALUES[0] and Bid(mode, value) in legal:  # a legal bid is above the last one
        return Bid(mode, value)
    if last is not None and not ours and Double() in legal and _coinche_worth(hand, last):
        return Double()
    strong = last is not None and estimates[last.trump] - COINCHE_RISK >= (last.value or 170) + 20
    if ours and strong and Redouble() in legal:
        return Redouble()
    return Pass()


def _coinche_worth(hand: int, bid: Bid) -> bool:
    """The hand expects to defeat the opponents' bid: the master cards of their mode (the jack
    with two more trumps and a side ace in a suit, three aces in no trumps, three jacks in all
    trumps).

    Measured and not kept: also coinching any bid of 120 or more where the hand's own value in
    the bid's mode reached 40 (side aces counted, with no trump honour required). Over 1,500
    deals of four normal players that rule coinched 119 times and lost 95; the coinching side
    averaged -327 points a deal against -140 had it passed."""
    return bid.value is not None and _defeats(hand, bid.trump)
