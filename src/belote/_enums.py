"""How every public enum prints and how it refuses a value it does not have.

``str(member)`` and ``format(member)`` give the member's name in the rules, in lower case
(``hearts``, ``no_trumps``, ``north``, ``passed_out``, ``undertrump`` option values such as
``free``): the same spelling the variant options, the command line and the docs' rules pages
use. Python's own ``str`` of an ``IntEnum`` changed between 3.10 (``Suit.HEARTS``) and 3.11
(``2``); defining both methods here makes every supported version print the same.

>>> from belote import Suit, Trump
>>> str(Suit.HEARTS), f"{Trump.NO_TRUMPS}", f"{Suit.SPADES:>8}|"
('hearts', 'no_trumps', '  spades|')
"""

from __future__ import annotations

import numbers
from typing import Any, NoReturn, TypeVar

from belote._repr import safe_repr

__all__ = ["Named", "member"]

E = TypeVar("E")

_NUMBER_FORMATS = frozenset("bcdoxXn")


class Named:
    """Mixin for the library's enums: ``str``/``format`` print the lower-case member name, and
    a value that is not a member raises :class:`~belote.errors.NotationError` listing the
    valid ones (``NotationError`` is a ``ValueError``, as Python's own refusal is)."""

    name: str

    def __str__(self) -> str:
        return self.name.lower()

    def __format__(self, spec: str) -> str:
        # a number format ("{seat:d}") keeps working on the int-valued enums
        if spec and spec[-1] in _NUMBER_FORMATS and isinstance(self, int):
            return format(int(self), spec)
        return format(str(self), spec)

    @classmethod
    def _missing_(cls, value: object) -> Any:
        return refuse(cls, value)


def member(cls: type[E], value: object) -> E:
    """``cls(value)``, refusing a number that only compares equal to an int: a bool (``True == 1``),
    a float (``2.0 == 2``), a ``Decimal`` would find a member by value, where the library takes
    ints only (an int of a subclass, another enum's member, an integer of another library such
    as numpy's, is taken by its value).

    >>> from belote import Seat
    >>> member(Seat, 2), member(Seat, Seat.EAST)
    (<Seat.SOUTH: 2>, <Seat.EAST: 3>)
    >>> from belote import Team
    >>> member(Team, True)
    Traceback (most recent call last):
    ...
    belote.errors.NotationError: True is not a valid Team: expected one of 0, 1 (north_south, east_west)
    """
    if isinstance(value, cls):
        return value
    if isinstance(value, bool):
        refuse(cls, value)
    if isinstance(value, numbers.Integral):  # an int, or an integer of another kind (numpy's)
        return cls(int(value))  # type: ignore[call-arg]
    if isinstance(value, numbers.Number):
        refuse(cls, value)
    return cls(value)  # type: ignore[call-arg]  # a text, where the enum reads one, is its own to read


def refuse(cls: type, value: object) -> NoReturn:
    """Raise the :class:`~belote.errors.NotationError` of ``cls(value)`` for a non-member value."""
    from belote.errors import NotationError, Reason  # errors.py itself uses this module

    members = list(cls)  # type: ignore[call-overload]
    valid = ", ".join(repr(member.value) for member in members)
    if any(str(member) != member.value for member in members):
        valid += " (" + ", ".join(str(member) for member in members) + ")"
    raise NotationError(
        f"{safe_repr(value)} is not a valid {cls.__name__}: expected one of {valid}",
        reason=Reason.BAD_ARGUMENT,
    )
