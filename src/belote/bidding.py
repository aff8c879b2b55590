"""Calls, contracts and the two bidding systems (rules C2-C4 and B3).

A call is a value: :class:`Pass`, :class:`Bid`, :class:`Double` (contra) or
:class:`Redouble` (re-contra). Each bidding system is a small rule object that lists the
legal calls for an auction so far and tells when the auction is over; the variant's
``bidding`` field picks one from :data:`BIDDING_RULES`.

>>> from belote import BULGARIAN, Seat, Trump
>>> auction = ((Seat(1), Bid(Trump.HEARTS)),)
>>> [str(call) for call in legal_calls(BULGARIAN, auction)]
['pass', 'S', 'NONE', 'ALL', 'contra']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeAlias

import attrs

from belote._repr import short_repr
from belote.cards import Suit
from belote.errors import IllegalBidError, NotationError, Reason
from belote.seats import Seat, Team
from belote.trumps import Trump
from belote.variants import BiddingSystem, Variant

__all__ = [
    "Bid",
    "Call",
    "Contra",
    "Contract",
    "Double",
    "Pass",
    "Recontra",
    "Redouble",
    "parse_call",
]


@attrs.frozen
class Pass:
    """Pass: take no contract now.

    >>> str(Pass()), parse_call("pass") == Pass()
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Bid:
    """Take (or bid) a contract in trump mode ``trump``.

    >>> str(Bid(Trump.HEARTS)), Bid(Trump.ALL_TRUMPS) == parse_call("all")
    ('H', True)
    """

    trump: Trump = attrs.field(converter=Trump)

    def __str__(self) -> str:
        return self.trump.code

    def __repr__(self) -> str:
        return short_repr(self, positional=("trump",))


@attrs.frozen
class Double:
    """Contra: an opponent of the last bidder doubles the contract (x2).

    >>> Double() == Contra(), str(Double())
    (True, 'contra')
    """

    def __str__(self) -> str:
        return "contra"


@attrs.frozen
class Redouble:
    """Re-contra: the doubled side doubles again (x4).

    >>> Redouble() == Recontra(), str(Redouble())
    (True, 'recontra')
    """

    def __str__(self) -> str:
        return "recontra"


_BIDS: dict[Trump, Bid] = {mode: Bid(mode) for mode in Trump}
_PASS = Pass()
_DOUBLE = Double()
_REDOUBLE = Redouble()

Contra = Double
"""The Bulgarian name of :class:`Double`."""
Recontra = Redouble
"""The Bulgarian name of :class:`Redouble`."""

Call: TypeAlias = "Pass | Bid | Double | Redouble"
"""Anything a seat may say during the auction."""

_CALL_WORDS: dict[str, Pass | Double | Redouble] = {
    "PASS": Pass(),
    "P": Pass(),
    "CONTRA": Double(),
    "DOUBLE": Double(),
    "X": Double(),
    "RECONTRA": Redouble(),
    "RE_CONTRA": Redouble(),
    "REDOUBLE": Redouble(),
    "XX": Redouble(),
}


def parse_call(text: str) -> Call:
    """Read a call: ``pass``, a trump mode (``H``, ``hearts``, ``NONE``, ``ALL``...),
    ``contra``/``double`` or ``recontra``/``redouble``.

    >>> parse_call("pass"), parse_call("h"), parse_call("contra")
    (Pass(), Bid(Trump.HEARTS), Double())
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a call", reason=Reason.BAD_ARGUMENT)
    key = text.strip().upper().replace("-", "_").replace(" ", "_")
    if key in _CALL_WORDS:
        return _CALL_WORDS[key]
    try:
        return Bid(Trump.parse(key))
    except NotationError:
        raise NotationError(
            f"{text!r} is not a call: expected pass, a trump mode, contra or recontra",
            reason=Reason.BAD_ARGUMENT,
        ) from None


def _check_multiplier(instance: object, attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IllegalBidError(
            f"multiplier must be a whole number >= 1, got {value!r}", reason=Reason.BAD_CONTRACT
        )


def _check_bid_value(instance: object, attribute: object, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise IllegalBidError(
            f"bid must be a whole number or None, got {value!r}", reason=Reason.BAD_CONTRACT
        )


def _taker(value: Seat) -> Seat:
    # typed ``Seat`` so that mypy refuses ``Contract(5, ...)``; name a seat with ``Seat(n)``
    if value.__class__ is Seat:
        return value
    raise TypeError(f"taker must be a Seat (Seat(0) to Seat(3)), got {value!r}")


def _contract_trump(value: Trump | str) -> Trump:
    # a Trump, or its text (``"H"``, ``"hearts"``, ``"ALL"``): an int is refused, by mypy too
    if value.__class__ is Trump:
        return value
    if isinstance(value, str):
        return Trump.parse(value)
    raise TypeError(f"trump must be a Trump or its text (H, hearts, NONE, ALL), got {value!r}")


@attrs.frozen
class Contract:
    """The result of the auction: who took, in which trump mode, at what doubling level.

    >>> Contract(Seat(1), Trump.HEARTS).taker_team
    <Team.EAST_WEST: 1>
    """

    taker: Seat = attrs.field(converter=_taker)
    trump: Trump = attrs.field(converter=_contract_trump)
    multiplier: int = attrs.field(default=1, validator=_check_multiplier)
    """1, or 2 after contra, 4 after re-contra."""
    bid: int | None = attrs.field(default=None, validator=_check_bid_value)
    """The bid value, for auction variants that bid points (coinche); ``None`` otherwise."""

    def __repr__(self) -> str:
        return short_repr(self, positional=("taker", "trump"))

    @property
    def taker_team(self) -> Team:
        """The team that took the contract."""
        return self.taker.team


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

    def result(self, auction: Auction) -> tuple[bool, Contract | None]:
        """``(finished, contract)``: a finished auction without contract is passed out."""
        ...


class TurnedCardBidding:
    """Classic bidding: round 1 take the turned suit or pass, round 2 name another suit."""

    turned_card = True

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

    def result(self, auction: Auction) -> tuple[bool, Contract | None]:
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

    def result(self, auction: Auction) -> tuple[bool, Contract | None]:
        last_bid, level = _auction_facts(auction)
        if last_bid < 0:
            return len(auction) >= 4, None
        if not all(isinstance(call, Pass) for _, call in auction[-3:]):  # the bid is among them
            return False, None
        bidder, bid = auction[last_bid]
        assert isinstance(bid, Bid)
        return True, Contract(bidder, bid.trump, multiplier=level)


BIDDING_RULES: dict[BiddingSystem, BiddingRules] = {
    BiddingSystem.TURNED_CARD: TurnedCardBidding(),
    BiddingSystem.AUCTION: RisingAuction(),
}
"""The rule object of each bidding system."""


MULTIPLIERS: dict[BiddingSystem, tuple[int, ...]] = {
    BiddingSystem.TURNED_CARD: (1,),
    BiddingSystem.AUCTION: (1, 2, 4),
}
"""The doubling levels each bidding system can reach."""


def legal_calls(variant: Variant, auction: Auction, turned: Suit | None = None) -> tuple[Call, ...]:
    """The calls the next seat may make after ``auction`` under ``variant``'s bidding system.

    ``turned`` is the suit of the turned card, for the turned-card system.
    """
    return BIDDING_RULES[variant.bidding].legal(variant, auction, turned)
