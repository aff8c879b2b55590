"""Calls and contracts: the values of the auction (rules C2-C4, B3 and K2).

A call is a value: :class:`Pass`, :class:`Bid`, :class:`Double` (contra, coinche) or
:class:`Redouble` (re-contra, surcoinche); :func:`parse_call` reads one from text. A
:class:`Contract` is what an auction ends in: the taker, the trump mode, the doubling level
and, in coinche, the bid. Which calls are legal when is the bidding systems' work
(:mod:`belote.bidding`).

>>> from belote import Trump
>>> parse_call("110 hearts"), Bid(Trump.SPADES, capot=True)
(Bid(Trump.HEARTS, value=110), Bid(Trump.SPADES, capot=True))
>>> Contract(Seat.WEST, Trump.HEARTS, multiplier=2)
Contract(Seat.WEST, Trump.HEARTS, multiplier=2)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from belote._args import is_digits, store_plain_int
from belote._enums import member
from belote._repr import safe_repr, short_repr
from belote.errors import ArgumentTypeError, IllegalBidError, NotationError, Reason
from belote.seats import Seat, Team
from belote.trumps import Trump

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
    "parse_call",
]


@attrs.frozen(order=False)
class Pass:
    """Pass: take no contract now.

    >>> str(Pass()), parse_call("pass") == Pass()
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


BID_VALUES: tuple[int, ...] = (80, 90, 100, 110, 120, 130, 140, 150, 160)
"""The point values a coinche bid may name (rule K2)."""


def _bid_trump(value: object) -> Trump:
    return member(Trump, value)


def _check_value(instance: Bid, attribute: object, value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value not in BID_VALUES:
        raise IllegalBidError(
            f"a bid value must be one of 80, 90 ... 160, got {safe_repr(value)}", reason=Reason.BAD_ARGUMENT
        )
    store_plain_int(instance, "value", value)


def _check_flag(instance: Bid, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise IllegalBidError(
            f"{attribute.name} must be True or False, got {safe_repr(value)}", reason=Reason.BAD_ARGUMENT
        )
    if value and (instance.value is not None or (attribute.name == "generale" and instance.capot)):
        raise IllegalBidError(
            "a bid is a value, a capot or a générale: give only one", reason=Reason.BAD_ARGUMENT
        )


@attrs.frozen(repr=False, order=False)
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

    trump: Trump = attrs.field(converter=_bid_trump)
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


@attrs.frozen(order=False)
class Double:
    """Contra: an opponent of the last bidder doubles the contract (x2).

    >>> Double() == Contra(), str(Double())
    (True, 'contra')
    """

    def __str__(self) -> str:
        return "contra"


@attrs.frozen(order=False)
class Redouble:
    """Re-contra: the doubled side doubles again (x4).

    >>> Redouble() == Recontra(), str(Redouble())
    (True, 'recontra')
    """

    def __str__(self) -> str:
        return "recontra"


Contra = Double
"""The Bulgarian name of :class:`Double`."""
Recontra = Redouble
"""The Bulgarian name of :class:`Redouble`."""
Coinche = Double
"""The coinche name of :class:`Double` (the coinche, x2)."""
Surcoinche = Redouble
"""The coinche name of :class:`Redouble` (the surcoinche, x4 or x3)."""

Call: TypeAlias = Pass | Bid | Double | Redouble
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

    The round notation's spelling, with ``_`` for the space (``100_H``, ``capot_S``), reads too.

    >>> parse_call("pass"), parse_call("h"), parse_call("contra"), parse_call("110 hearts")
    (Pass(), Bid(Trump.HEARTS), Double(), Bid(Trump.HEARTS, value=110))
    >>> parse_call("capot_S")
    Bid(Trump.SPADES, capot=True)
    """
    if not isinstance(text, str):
        raise NotationError(f"{safe_repr(text)} is not a call", reason=Reason.BAD_ARGUMENT)
    key = text.strip().upper().replace("-", "_")
    words = key.replace("_", " ").split()  # "100_H" is the round notation's spelling of "100 H"
    if len(words) == 2 and (is_digits(words[0]) or words[0] in _LEVEL_WORDS):  # "100 H", "capot S"
        return _parse_valued(text, words[0], words[1])
    key = key.replace(" ", "_")
    if key in _CALL_WORDS:
        return _CALL_WORDS[key]
    try:
        return Bid(Trump.parse(key))
    except NotationError:
        raise NotationError(
            f"{safe_repr(text)} is not a call: expected pass, a trump mode, a value and a trump mode "
            "(100 H), capot and a trump mode, contra or recontra",
            reason=Reason.BAD_ARGUMENT,
        ) from None


def _parse_valued(text: str, level: str, mode: str) -> Bid:
    try:
        trump = Trump.parse(mode)
        if level in _LEVEL_WORDS:
            return Bid(trump, capot=level == "CAPOT", generale=_LEVEL_WORDS[level] == "generale")
        if is_digits(level):
            return Bid(trump, int(level))
    except (NotationError, IllegalBidError) as error:
        raise NotationError(f"{safe_repr(text)} is not a call: {error}", reason=Reason.BAD_ARGUMENT) from None
    raise NotationError(  # pragma: no cover - the caller sends only a number or a level word
        f"{safe_repr(text)} is not a call: expected a value (80 ... 160), capot or generale before the mode",
        reason=Reason.BAD_ARGUMENT,
    )


def _check_multiplier(instance: object, attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IllegalBidError(
            f"multiplier must be a whole number >= 1, got {safe_repr(value)}", reason=Reason.BAD_CONTRACT
        )
    store_plain_int(instance, "multiplier", value)


def _check_bid_value(instance: object, attribute: object, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise IllegalBidError(
            f"bid must be a whole number or None, got {safe_repr(value)}", reason=Reason.BAD_CONTRACT
        )
    if value is not None:
        store_plain_int(instance, "bid", value)


def _check_contract_flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise IllegalBidError(
            f"{attribute.name} must be True or False, got {safe_repr(value)}", reason=Reason.BAD_CONTRACT
        )


def _taker(value: Seat) -> Seat:
    # typed ``Seat`` so that mypy refuses ``Contract(5, ...)``; name a seat with ``Seat(n)``
    if value.__class__ is Seat:
        return value
    raise ArgumentTypeError(f"taker must be a Seat (Seat(0) to Seat(3)), got {safe_repr(value)}")


def _contract_trump(value: Trump | str) -> Trump:
    # a Trump, or its text (``"H"``, ``"hearts"``, ``"ALL"``): an int is refused, by mypy too
    if value.__class__ is Trump:
        return value
    if isinstance(value, str):
        return Trump.parse(value)
    raise ArgumentTypeError(
        f"trump must be a Trump or its text (H, hearts, NONE, ALL), got {safe_repr(value)}"
    )


@attrs.frozen(order=False)
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
    capot: bool = attrs.field(default=False, kw_only=True, validator=_check_contract_flag)
    """A coinche contract to win every trick (a bid capot)."""
    generale: bool = attrs.field(default=False, kw_only=True, validator=_check_contract_flag)
    """A coinche contract for the taker alone to win every trick (a générale)."""

    def __repr__(self) -> str:
        return short_repr(self, positional=("taker", "trump"))

    @property
    def taker_team(self) -> Team:
        """The team that took the contract."""
        return self.taker.team
