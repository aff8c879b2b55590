"""The three bidding systems (rules C2-C4, B3 and K2).

Each bidding system is a small rule object that lists the legal calls (the values of
:mod:`belote.calls`: :class:`~belote.calls.Pass`, :class:`~belote.calls.Bid`,
:class:`~belote.calls.Double`, :class:`~belote.calls.Redouble`) for an auction so far and tells
when the auction is over; the variant's ``bidding`` field picks one from :data:`BIDDING_RULES`.
The calls and :class:`~belote.calls.Contract` are importable from here too, and so are the bids
and contracts an auction can reach (:func:`~belote.contracts.points_bids`,
:func:`~belote.contracts.contract_problem`), which :mod:`belote.contracts` holds.

>>> from belote import BULGARIAN, Seat, Trump
>>> auction = ((Seat(1), Bid(Trump.HEARTS)),)
>>> [str(call) for call in legal_calls(BULGARIAN, auction)]
['pass', 'S', 'NONE', 'ALL', 'contra']

Coinche bids carry a value (80 to 160) or capot:

>>> from belote import COINCHE
>>> Bid(Trump.HEARTS, 100), parse_call("capot S")
(Bid(Trump.HEARTS, value=100), Bid(Trump.SPADES, capot=True))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeAlias

from belote._args import require
from belote.calls import BID_VALUES as BID_VALUES
from belote.calls import Bid as Bid
from belote.calls import Call as Call
from belote.calls import Coinche as Coinche
from belote.calls import Contra as Contra
from belote.calls import Contract as Contract
from belote.calls import Double as Double
from belote.calls import Pass as Pass
from belote.calls import Recontra as Recontra
from belote.calls import Redouble as Redouble
from belote.calls import Surcoinche as Surcoinche
from belote.calls import parse_call as parse_call
from belote.cards import Suit
from belote.contracts import MULTIPLIERS as MULTIPLIERS
from belote.contracts import _points_bids_above
from belote.contracts import contract_problem as contract_problem
from belote.contracts import points_bids as points_bids
from belote.errors import IllegalBidError, Reason
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import BiddingSystem, Variant

__all__ = ["call_text", "contract_problem", "points_bids"]


_BIDS: dict[Trump, Bid] = {mode: Bid(mode) for mode in Trump}
_PASS = Pass()
_DOUBLE = Double()
_REDOUBLE = Redouble()

Auction: TypeAlias = Sequence[tuple[Seat, Call]]


class BiddingRules(Protocol):
    """A bidding system: the legal calls, and the contract once the auction is over."""

    turned_card: bool
    """Whether a card is turned face up after the first packets (its suit is proposed)."""

    def legal(self, variant: Variant, auction: Auction, turned: Suit | None) -> tuple[Call, ...]:
        """The calls the next seat may make, in a stable order (pass first)."""
        ...

    def refusal(self, variant: Variant, auction: Auction, turned: Suit | None, call: Call) -> IllegalBidError:
        """The error explaining why ``call`` is not legal now."""
        ...

    deal_all: bool
    """Whether the whole pack is dealt before the auction (coinche)."""

    doubling_names: tuple[str, str]
    """What the players call :class:`Double` and :class:`Redouble` in this system."""

    def result(self, variant: Variant, auction: Auction) -> tuple[bool, Contract | None]:
        """``(finished, contract)``: a finished auction without contract is passed out."""
        ...


def _valued_refusal(variant: Variant, call: Bid) -> IllegalBidError | None:
    """The refusal of a bid with a value, capot or générale in a system whose bids name the trump
    mode alone (turned card, rising auction), or None for a plain bid."""
    if call.value is None and not call.capot and not call.generale:
        return None
    return IllegalBidError(
        f"{call}: a {variant.name} bid names the trump mode alone ({call.trump.code}), "
        "with no value, capot or générale",
        reason=Reason.BID_NOT_AVAILABLE,
    )


class TurnedCardBidding:
    """Classic bidding: round 1 take the turned suit or pass, round 2 name another suit."""

    turned_card = True
    deal_all = False
    doubling_names = ("contra", "recontra")  # no doubling in this system: the common names

    def legal(self, variant: Variant, auction: Auction, turned: Suit | None) -> tuple[Call, ...]:
        if turned is None:
            return (_PASS,)
        turned_mode = Trump.of_suit(turned)
        if len(auction) < 4:
            taken = (_BIDS[turned_mode],) if turned_mode in variant.contracts else ()
            return (_PASS, *taken)
        return (_PASS, *(_BIDS[mode] for mode in variant.contracts if mode != turned_mode))

    def refusal(self, variant: Variant, auction: Auction, turned: Suit | None, call: Call) -> IllegalBidError:
        if isinstance(call, (Double, Redouble)):
            return IllegalBidError(
                f"{call}: there is no doubling in {variant.name} bidding",
                reason=Reason.DOUBLE_NOT_ALLOWED if isinstance(call, Double) else Reason.REDOUBLE_NOT_ALLOWED,
            )
        assert isinstance(call, Bid)
        assert turned is not None
        valued = _valued_refusal(variant, call)
        if valued is not None:
            return valued
        if call.trump not in variant.contracts:
            return IllegalBidError(
                f"{call.trump.name.lower()} is not a contract of {variant.name}",
            )
        if len(auction) < 4:
            return IllegalBidError(
                f"round 1: only the turned suit ({turned.name.lower()}) may be taken, or pass",
            )
        return IllegalBidError(
            f"round 2: name a suit other than the turned one ({turned.name.lower()}), or pass",
        )

    def result(self, variant: Variant, auction: Auction) -> tuple[bool, Contract | None]:
        if auction and isinstance(auction[-1][1], Bid):
            seat, call = auction[-1]
            assert isinstance(call, Bid)
            return True, Contract(seat, call.trump)
        return len(auction) >= 8, None


def _auction_facts(auction: Auction) -> tuple[int, int]:
    """Index of the last bid (-1 if none) and the doubling level reached since it."""
    last_bid = -1
    level = 1
    for index, (_, call) in enumerate(auction):
        if isinstance(call, Bid):
            last_bid, level = index, 1
        elif isinstance(call, Double):
            level = 2
        elif isinstance(call, Redouble):
            level = 4
    return last_bid, level


class RisingAuction:
    """Bulgarian bidding: each bid higher than the last, contra and re-contra, ends after
    three passes following a bid (or four passes: passed out)."""

    turned_card = False
    deal_all = False
    doubling_names = ("contra", "recontra")

    def legal(self, variant: Variant, auction: Auction, turned: Suit | None) -> tuple[Call, ...]:
        last_bid, level = _auction_facts(auction)
        calls: list[Call] = [_PASS]
        if last_bid < 0:
            calls.extend(_BIDS[mode] for mode in variant.contracts)
            return tuple(calls)
        bidder, bid = auction[last_bid]
        assert isinstance(bid, Bid)
        calls.extend(_BIDS[mode] for mode in variant.contracts if mode > bid.trump)
        seat = auction[-1][0].next  # after a bid: the auction is not empty
        if level == 1 and seat.team != bidder.team:
            calls.append(_DOUBLE)
        elif level == 2 and seat.team == bidder.team:
            calls.append(_REDOUBLE)
        return tuple(calls)

    def refusal(self, variant: Variant, auction: Auction, turned: Suit | None, call: Call) -> IllegalBidError:
        last_bid, level = _auction_facts(auction)
        if isinstance(call, Bid):
            valued = _valued_refusal(variant, call)
            if valued is not None:
                return valued
            if call.trump not in variant.contracts:
                return IllegalBidError(
                    f"{call.trump.name.lower()} is not a contract of {variant.name}",
                )
            last = auction[last_bid][1]
            assert isinstance(last, Bid)
            return IllegalBidError(
                f"{call} is not higher than the last bid {last}", reason=Reason.BID_TOO_LOW
            )
        if isinstance(call, Double):
            if last_bid < 0:
                why = "there is no bid to double"
            elif level > 1:
                why = "the contract is already doubled"
            else:
                why = "only an opponent of the last bidder may say contra"
            return IllegalBidError(f"contra: {why}", reason=Reason.DOUBLE_NOT_ALLOWED)
        if level == 1:
            why = "there is no contra to answer"
        elif level == 4:
            why = "the contract is already redoubled"
        else:
            bidder, seat = auction[last_bid][0], auction[-1][0].next
            why = f"only the bidding side (team {bidder.team.value}) may say re-contra, not seat {seat.value}"
        return IllegalBidError(f"re-contra: {why}", reason=Reason.REDOUBLE_NOT_ALLOWED)

    def result(self, variant: Variant, auction: Auction) -> tuple[bool, Contract | None]:
        last_bid, level = _auction_facts(auction)
        if last_bid < 0:
            return len(auction) >= 4, None
        if not all(isinstance(call, Pass) for _, call in auction[-3:]):  # the bid is among them
            return False, None
        bidder, bid = auction[last_bid]
        assert isinstance(bid, Bid)
        return True, Contract(bidder, bid.trump, multiplier=level)


def _last_bid(auction: Auction) -> tuple[int, int, Bid | None]:
    """Index of the last bid (-1), the doubling level since it and the bid itself."""
    last_bid, level = _auction_facts(auction)
    bid = auction[last_bid][1] if last_bid >= 0 else None
    assert bid is None or isinstance(bid, Bid)
    return last_bid, level, bid


class PointsAuction:
    """Coinche bidding (rule K2): bids of 80 to 160 points or capot in a trump mode, each
    higher than the last; coinche by an opponent of the last bidder, surcoinche by the
    coinched side. Ends after three passes following a bid, at a surcoinche, or (by the
    variant) at a capot bid; four passes throw the deal in. The whole pack is dealt first."""

    turned_card = False
    deal_all = True
    doubling_names = ("coinche", "surcoinche")

    def legal(self, variant: Variant, auction: Auction, turned: Suit | None) -> tuple[Call, ...]:
        last_bid, level, last = _last_bid(auction)
        calls: list[Call] = [_PASS]
        if last is None:
            calls.extend(points_bids(variant))
            return tuple(calls)
        bidder = auction[last_bid][0]
        seat = _next_seat(auction)
        if level == 1 or not variant.coinche_ends_auction:
            calls.extend(_points_bids_above(variant, last.level))
        if level == 1 and seat.team != bidder.team:
            calls.append(_DOUBLE)
        elif level == 2 and seat.team == bidder.team:
            calls.append(_REDOUBLE)
        return tuple(calls)

    def refusal(self, variant: Variant, auction: Auction, turned: Suit | None, call: Call) -> IllegalBidError:
        last_bid, level, last = _last_bid(auction)
        seat = _next_seat(auction)
        if isinstance(call, Bid):
            if call.trump not in variant.contracts:
                return IllegalBidError(
                    f"{call.trump.name.lower()} is not a contract of {variant.name}",
                    reason=Reason.BID_NOT_AVAILABLE,
                )
            if call.value is None and not call.capot and not call.generale:
                return IllegalBidError(
                    f"{call}: a {variant.name} bid names a value (80 ... 160) or capot",
                    reason=Reason.BID_NOT_AVAILABLE,
                )
            if call.generale and variant.generale_value is None:
                return IllegalBidError(
                    f"{call}: there is no générale in {variant.name}", reason=Reason.BID_NOT_AVAILABLE
                )
            if last is not None and level > 1 and variant.coinche_ends_auction:
                return IllegalBidError(
                    f"{call}: the coinche closed the auction", reason=Reason.BID_NOT_AVAILABLE
                )
            assert last is not None
            return IllegalBidError(
                f"{call} is not higher than the last bid {last}", reason=Reason.BID_TOO_LOW
            )
        if isinstance(call, Double):
            if last is None:
                why = "there is no bid to coinche"
            elif level > 1:
                why = "the contract is already coinched"
            else:
                why = "only an opponent of the last bidder may coinche"
            return IllegalBidError(f"coinche: {why}", reason=Reason.DOUBLE_NOT_ALLOWED)
        if level == 1:
            why = "there is no coinche to answer"
        else:
            bidder = auction[last_bid][0]
            why = f"only the coinched side (team {bidder.team.value}) may surcoinche, not seat {seat.value}"
        return IllegalBidError(f"surcoinche: {why}", reason=Reason.REDOUBLE_NOT_ALLOWED)

    def result(self, variant: Variant, auction: Auction) -> tuple[bool, Contract | None]:
        last_bid, level, last = _last_bid(auction)
        if last is None:
            return len(auction) >= 4, None
        passes_after = len(auction) - 1 - _last_non_pass(auction)
        closed = level == 4 or (last.level >= 170 and variant.capot_ends_auction)
        if passes_after < 3 and not closed:
            return False, None
        bidder = auction[last_bid][0]
        return True, Contract(
            bidder,
            last.trump,
            multiplier=level,
            bid=last.value,
            capot=last.capot,
            generale=last.generale,
        )


def _last_non_pass(auction: Auction) -> int:
    for index in range(len(auction) - 1, -1, -1):
        if not isinstance(auction[index][1], Pass):
            return index
    return -1


def _next_seat(auction: Auction) -> Seat:
    return auction[-1][0].next if auction else Seat(0)


BIDDING_RULES: dict[BiddingSystem, BiddingRules] = {
    BiddingSystem.TURNED_CARD: TurnedCardBidding(),
    BiddingSystem.AUCTION: RisingAuction(),
    BiddingSystem.POINTS_AUCTION: PointsAuction(),
}
"""The rule object of each bidding system."""


def call_text(call: Call, variant: Variant) -> str:
    """A call as ``variant``'s players say it: ``pass``, the bid, and the doubling calls by
    the names of its bidding system (contra and recontra in belot, coinche and surcoinche in
    coinche).

    >>> from belote import BULGARIAN, COINCHE
    >>> call_text(Double(), BULGARIAN), call_text(Double(), COINCHE), call_text(Redouble(), COINCHE)
    ('contra', 'coinche', 'surcoinche')
    """
    require(call, (Pass, Bid, Double, Redouble), "call", "a call (Pass, Bid, Double or Redouble)")
    require(variant, Variant, "variant", "a Variant")
    if isinstance(call, (Double, Redouble)):
        return BIDDING_RULES[variant.bidding].doubling_names[isinstance(call, Redouble)]
    return str(call)


def legal_calls(variant: Variant, auction: Auction, turned: Suit | None = None) -> tuple[Call, ...]:
    """The calls the next seat may make after ``auction`` under ``variant``'s bidding system.

    ``turned`` is the suit of the turned card, for the turned-card system.
    """
    return BIDDING_RULES[variant.bidding].legal(variant, auction, turned)
