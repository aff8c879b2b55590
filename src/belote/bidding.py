"""Calls, contracts and the three bidding systems (rules C2-C4, B3 and K2).

A call is a value: :class:`Pass`, :class:`Bid`, :class:`Double` (contra) or
:class:`Redouble` (re-contra). Each bidding system is a small rule object that lists the
legal calls for an auction so far and tells when the auction is over; the variant's
``bidding`` field picks one from :data:`BIDDING_RULES`.

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

import attrs

from belote._repr import short_repr
from belote.cards import Suit
from belote.errors import IllegalBidError, NotationError, Reason
from belote.seats import Seat, Team
from belote.trumps import Trump
from belote.variants import BiddingSystem, Variant

__all__ = [
    "BID_VALUES",
    "Bid",
    "Call",
    "Coinche",
    "Contra",
    "Contract",
    "Double",
    "Pass",
    "Recontra",
    "Redouble",
    "Surcoinche",
    "call_text",
    "parse_call",
    "points_bids",
]


@attrs.frozen
class Pass:
    """Pass: take no contract now.

    >>> str(Pass()), parse_call("pass") == Pass()
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


BID_VALUES: tuple[int, ...] = (80, 90, 100, 110, 120, 130, 140, 150, 160)
"""The point values a coinche bid may name (rule K2)."""


def _check_value(instance: Bid, attribute: object, value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value not in BID_VALUES:
        raise IllegalBidError(
            f"a bid value must be one of 80, 90 ... 160, got {value!r}", reason=Reason.BAD_ARGUMENT
        )


def _check_flag(instance: Bid, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise IllegalBidError(
            f"{attribute.name} must be True or False, got {value!r}", reason=Reason.BAD_ARGUMENT
        )
    if value and (instance.value is not None or (attribute.name == "generale" and instance.capot)):
        raise IllegalBidError(
            "a bid is a value, a capot or a générale: give only one", reason=Reason.BAD_ARGUMENT
        )


@attrs.frozen(repr=False)
class Bid:
    """Take (or bid) a contract in trump mode ``trump``.

    Coinche bids also name a ``value`` (80, 90 ... 160), or ``capot`` (the takers will win
    every trick) or ``generale`` (the taker alone will); other systems bid the mode alone.

    >>> str(Bid(Trump.HEARTS)), Bid(Trump.ALL_TRUMPS) == parse_call("all")
    ('H', True)
    >>> Bid(Trump.HEARTS), Bid(Trump.HEARTS, 110), Bid(Trump.SPADES, capot=True).level
    (Bid(Trump.HEARTS), Bid(Trump.HEARTS, value=110), 170)

    Raises:
        IllegalBidError: a value other than 80, 90 ... 160, or more than one of a value,
            ``capot`` and ``generale``.
    """

    trump: Trump = attrs.field(converter=Trump)
    value: int | None = attrs.field(default=None, validator=_check_value)
    capot: bool = attrs.field(default=False, kw_only=True, validator=_check_flag)
    generale: bool = attrs.field(default=False, kw_only=True, validator=_check_flag)

    @property
    def level(self) -> int:
        """How high the bid is in a coinche auction: its value, 170 for capot, 180 for a
        générale (0 for a bid without value)."""
        if self.generale:
            return 180
        if self.capot:
            return 170
        return self.value or 0

    def __str__(self) -> str:
        if self.generale:
            return f"generale {self.trump.code}"
        if self.capot:
            return f"capot {self.trump.code}"
        if self.value is not None:
            return f"{self.value} {self.trump.code}"
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
Coinche = Double
"""The coinche name of :class:`Double` (the coinche, x2)."""
Surcoinche = Redouble
"""The coinche name of :class:`Redouble` (the surcoinche, x4 or x3)."""

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
    "COINCHE": Double(),
    "CONTRE": Double(),
    "SURCOINCHE": Redouble(),
    "SURCONTRE": Redouble(),
}

_LEVEL_WORDS: dict[str, str] = {"CAPOT": "capot", "GENERALE": "generale", "GÉNÉRALE": "generale"}


def parse_call(text: str) -> Call:
    """Read a call: ``pass``, a trump mode (``H``, ``hearts``, ``NONE``, ``ALL``...), a coinche
    bid (``100 H``, ``110 hearts``, ``capot S``, ``generale ALL``), ``contra``/``double``/
    ``coinche`` or ``recontra``/``redouble``/``surcoinche``.

    >>> parse_call("pass"), parse_call("h"), parse_call("contra"), parse_call("110 hearts")
    (Pass(), Bid(Trump.HEARTS), Double(), Bid(Trump.HEARTS, value=110))
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a call", reason=Reason.BAD_ARGUMENT)
    key = text.strip().upper().replace("-", "_")
    words = key.split()
    if len(words) == 2 and (words[0].isdigit() or words[0] in _LEVEL_WORDS):  # "100 H", "capot S"
        return _parse_valued(text, words[0], words[1])
    key = key.replace(" ", "_")
    if key in _CALL_WORDS:
        return _CALL_WORDS[key]
    try:
        return Bid(Trump.parse(key))
    except NotationError:
        raise NotationError(
            f"{text!r} is not a call: expected pass, a trump mode, a value and a trump mode "
            "(100 H), capot and a trump mode, contra or recontra",
            reason=Reason.BAD_ARGUMENT,
        ) from None


def _parse_valued(text: str, level: str, mode: str) -> Bid:
    try:
        trump = Trump.parse(mode)
        if level in _LEVEL_WORDS:
            return Bid(trump, capot=level == "CAPOT", generale=_LEVEL_WORDS[level] == "generale")
        if level.isdigit():
            return Bid(trump, int(level))
    except (NotationError, IllegalBidError) as error:
        raise NotationError(f"{text!r} is not a call: {error}", reason=Reason.BAD_ARGUMENT) from None
    raise NotationError(  # pragma: no cover - the caller sends only a number or a level word
        f"{text!r} is not a call: expected a value (80 ... 160), capot or generale before the mode",
        reason=Reason.BAD_ARGUMENT,
    )


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
    """1, or 2 after contra (coinche), 4 after re-contra (surcoinche; a coinche variant may
    score it x3, see ``surcoinche_multiplier``)."""
    bid: int | None = attrs.field(default=None, validator=_check_bid_value)
    """The bid value, for auction variants that bid points (coinche); ``None`` otherwise."""
    capot: bool = attrs.field(default=False, kw_only=True, validator=attrs.validators.instance_of(bool))
    """A coinche contract to win every trick (a bid capot)."""
    generale: bool = attrs.field(default=False, kw_only=True, validator=attrs.validators.instance_of(bool))
    """A coinche contract for the taker alone to win every trick (a générale)."""

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

    deal_all: bool
    """Whether the whole pack is dealt before the auction (coinche)."""

    doubling_names: tuple[str, str]
    """What the players call :class:`Double` and :class:`Redouble` in this system."""

    def result(self, variant: Variant, auction: Auction) -> tuple[bool, Contract | None]:
        """``(finished, contract)``: a finished auction without contract is passed out."""
        ...


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


def _points_bids(variant: Variant) -> tuple[Bid, ...]:
    bids = [Bid(mode, value) for value in BID_VALUES for mode in variant.contracts]
    bids.extend(Bid(mode, capot=True) for mode in variant.contracts)
    if variant.generale_value is not None:
        bids.extend(Bid(mode, generale=True) for mode in variant.contracts)
    return tuple(bids)


_POINTS_BIDS_CACHE: dict[int, tuple[Variant, tuple[Bid, ...], dict[int, int]]] = {}
"""Per variant (by identity: hashing a variant costs more than the lookup saves), its bids and
where the bids above each level start."""


def _points_bids_above(variant: Variant, level: int) -> tuple[Bid, ...]:
    """The bids of ``variant`` higher than ``level``, from a per-variant cache."""
    cached = _POINTS_BIDS_CACHE.get(id(variant))
    if cached is None or cached[0] is not variant:
        bids = _points_bids(variant)
        levels = {0, *(one.level for one in bids)}
        after = {low: sum(one.level <= low for one in bids) for low in levels}  # bids are sorted
        if len(_POINTS_BIDS_CACHE) > 64:
            _POINTS_BIDS_CACHE.clear()
        cached = _POINTS_BIDS_CACHE[id(variant)] = (variant, bids, after)
    _, bids, after = cached
    return bids[after[level] :]


def points_bids(variant: Variant) -> tuple[Bid, ...]:
    """Every bid of a coinche auction under ``variant``, lowest level first.

    >>> from belote import COINCHE
    >>> len(points_bids(COINCHE)), str(points_bids(COINCHE)[-1])
    (60, 'capot ALL')
    """
    return _points_bids_above(variant, 0)


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


MULTIPLIERS: dict[BiddingSystem, tuple[int, ...]] = {
    BiddingSystem.TURNED_CARD: (1,),
    BiddingSystem.AUCTION: (1, 2, 4),
    BiddingSystem.POINTS_AUCTION: (1, 2, 4),
}
"""The doubling levels each bidding system can reach."""


def call_text(call: Call, variant: Variant) -> str:
    """A call as ``variant``'s players say it: ``pass``, the bid, and the doubling calls by
    the names of its bidding system (contra and recontra in belot, coinche and surcoinche in
    coinche).

    >>> from belote import BULGARIAN, COINCHE
    >>> call_text(Double(), BULGARIAN), call_text(Double(), COINCHE), call_text(Redouble(), COINCHE)
    ('contra', 'coinche', 'surcoinche')
    """
    if isinstance(call, (Double, Redouble)):
        return BIDDING_RULES[variant.bidding].doubling_names[isinstance(call, Redouble)]
    return str(call)


def legal_calls(variant: Variant, auction: Auction, turned: Suit | None = None) -> tuple[Call, ...]:
    """The calls the next seat may make after ``auction`` under ``variant``'s bidding system.

    ``turned`` is the suit of the turned card, for the turned-card system.
    """
    return BIDDING_RULES[variant.bidding].legal(variant, auction, turned)
