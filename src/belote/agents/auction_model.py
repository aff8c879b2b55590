"""The auction model of the bidding simulation: the calls a plain hand-strength rule makes.

:mod:`belote.agents.sim_bidding` needs, for every sampled deal, the calls the other seats
would have made (to keep the deals that agree with the auction) and the rest of the auction
after each candidate call. :func:`model_call` is that rule, on hand masks and with the normal
player's thresholds (:mod:`belote.agents.bidder`), one per bidding system:

* the turned-card auction: take the suit whose value clears its threshold by most;
* the Bulgarian auction: bid the best mode over its threshold (a partner's bid asks for 20
  more), else contra a contract the hand defeats, else re-contra with strength in its mode;
* the coinche auction: bid the hand's estimate in its best mode (the partner's promise counted
  once), capot on eight sure tricks, else coinche a bid the hand defeats.

:func:`candidate_calls` is the set of calls the simulation values for the seat to bid.

>>> from belote import BULGARIAN, CardSet, Seat
>>> model_call(BULGARIAN, Seat(1), CardSet.parse("JH 9H AH TH AS").mask, -1, ())
Bid(Trump.HEARTS)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from belote.agents.bidder import (
    AUCTION_ALLOWANCE,
    CAPOT_TRICKS,
    COINCHE_INTERCEPT,
    COINCHE_RISK,
    COINCHE_SLOPE,
    TAKE_THRESHOLD,
    _coinche_worth,
    _declaration_bonus,
    _defeats,
    _last_bid,
    capot_bid,
    mode_values,
    partner_support,
    sure_tricks,
)
from belote.bidding import BID_VALUES, Bid, Call, Double, Pass, Redouble, legal_calls
from belote.cards import Suit
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import Announcements, BiddingSystem, Variant
from belote.views import PlayerView

__all__ = ["candidate_calls", "model_call", "same_kind", "turned_card_call"]


@functools.lru_cache(maxsize=8192)
def _values(hand: int) -> tuple[int, ...]:
    """:func:`~belote.agents.bidder.mode_value` of ``hand`` in each trump mode (by number)."""
    return mode_values(hand)


def _coinche_estimate(hand: int, mode: Trump, bonus: int) -> int:
    kind: object = "suit" if mode.is_suit else mode
    value = COINCHE_SLOPE[kind] * _values(hand)[mode] + COINCHE_INTERCEPT[kind]
    return int(value) + (bonus if mode is not Trump.NO_TRUMPS else 0)


def same_kind(made: Call, said: Call) -> bool:
    """Whether the call the model ``made`` is the kind of call a seat ``said``: the same mode for
    two bids (a bid's value aside), else the same type of call. The simulation's sampling and
    the reading of the auction count a seat's calls the model would not have made by it.

    >>> same_kind(Bid(Trump.HEARTS), Bid(Trump.HEARTS)), same_kind(Bid(Trump.HEARTS), Pass())
    (True, False)
    """
    if isinstance(made, Bid) and isinstance(said, Bid):
        return made.trump is said.trump
    return type(made) is type(said)


def turned_card_call(values: Sequence[int], legal: Sequence[Call]) -> Call:
    """The auction model's call in the turned-card auction, from the hand's value in each mode
    (``values``, by mode number, the turned card counted: :func:`~belote.agents.bidder.mode_values`):
    of the ``legal`` bids, the one whose value exceeds the normal player's threshold
    (:data:`~belote.agents.bidder.TAKE_THRESHOLD`) by the most (the last of equals), or pass
    when none reaches it.

    >>> from belote import CardSet
    >>> from belote.agents.bidder import mode_values
    >>> values = mode_values(CardSet.parse("JS 9S AS AH TH 7S").mask)
    >>> turned_card_call(values, (Pass(), Bid(Trump.SPADES)))
    Bid(Trump.SPADES)
    >>> turned_card_call(values, (Pass(), Bid(Trump.CLUBS)))
    Pass()
    """
    best: Call = Pass()
    best_margin = 0
    for call in legal:
        if isinstance(call, Bid):
            margin = values[call.trump] - TAKE_THRESHOLD[call.trump]
            if margin >= best_margin:
                best, best_margin = call, margin
    return best


def model_call(
    variant: Variant,
    seat: Seat,
    hand: int,
    turned: int,
    auction: Sequence[tuple[Seat, Call]],
    bonus: int = 0,
) -> Call:
    """The call a plain hand-strength rule makes for ``seat`` holding ``hand`` (a mask) after
    ``auction``: the model of the other seats (and of this seat's later calls) in the
    simulation. ``turned`` is the turned card's number (-1 without one); ``bonus`` the points of
    the hand's declarations (coinche estimates). The call is always legal.

    >>> from belote import CLASSIC, CardSet
    >>> hand = CardSet.parse("JS 9S AS AH TH").mask
    >>> model_call(CLASSIC, Seat(1), hand, CardSet.parse("7S").mask.bit_length() - 1, ())
    Bid(Trump.SPADES)
    """
    suit = None if turned < 0 else Suit(turned >> 3)
    legal = legal_calls(variant, auction, suit)
    system = variant.bidding
    if system is BiddingSystem.TURNED_CARD:
        return turned_card_call(_values(hand | (1 << turned if turned >= 0 else 0)), legal)
    bidder, last = _last_bid(auction)
    ours = bidder is not None and bidder.team == seat.team
    values = _values(hand)
    if system is BiddingSystem.AUCTION:
        extra = 20 if ours else 0
        best: Bid | None = None
        best_margin = 0
        for call in legal:
            if isinstance(call, Bid):
                margin = values[call.trump] - TAKE_THRESHOLD[call.trump] + AUCTION_ALLOWANCE - extra
                if margin >= best_margin:
                    best, best_margin = call, margin
        if best is not None:
            return best
        if last is not None and Double() in legal and _defeats(hand, last.trump):
            return Double()
        if last is not None and Redouble() in legal and values[last.trump] >= TAKE_THRESHOLD[last.trump] + 25:
            return Redouble()
        return Pass()
    estimates = {mode: _coinche_estimate(hand, mode, bonus) for mode in variant.contracts}
    support = partner_support(seat, auction)
    if support is not None:
        estimates[support[0]] += support[1]
    mode = max(estimates, key=lambda m: (estimates[m], -int(m)))
    target = (
        estimates[mode] - COINCHE_RISK - (20 if ours and last is not None and mode is not last.trump else 0)
    )
    capot = capot_bid(hand, mode, estimates, legal)
    if capot is not None:
        return capot
    value = min(160, target // 10 * 10)
    if value >= BID_VALUES[0] and Bid(mode, value) in legal:  # a legal bid is above the last one
        return Bid(mode, value)
    if last is not None and not ours and Double() in legal and _coinche_worth(hand, last):
        return Double()
    return Pass()


def candidate_calls(view: PlayerView) -> tuple[Call, ...]:
    """The calls the simulation values: every legal call, except in the coinche auction where,
    per trump mode, only the legal bid values from 40 below the hand's estimate to 10 above it
    are kept (and capot from six sure tricks, :func:`~belote.agents.bidder.sure_tricks`: the
    partner may hold the rest), with pass, coinche and surcoinche.

    >>> from belote import BULGARIAN, Seat, deal, observe
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=5)
    >>> candidate_calls(observe(state, state.eldest)) == observe(state, state.eldest).legal_bids
    True
    """
    legal = view.legal_bids
    if view.variant.bidding is not BiddingSystem.POINTS_AUCTION:
        return legal
    hand = view.hand.mask
    bonus = _declaration_bonus(hand) if view.variant.announcements is not Announcements.OFF else 0
    kept: list[Call] = []
    for call in legal:
        if not isinstance(call, Bid):
            kept.append(call)
            continue
        if call.capot:
            if sure_tricks(hand, call.trump) >= CAPOT_TRICKS - 2:
                kept.append(call)
            continue
        estimate = _coinche_estimate(hand, call.trump, bonus)
        if call.value is not None and estimate - 40 <= call.value <= estimate + 10:
            kept.append(call)
    return tuple(kept)
