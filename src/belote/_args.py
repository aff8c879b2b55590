"""Checks of public arguments shared by the modules that take them (internal).

A wrong type raises :class:`~belote.errors.ArgumentTypeError` (a :class:`TypeError` and a
:class:`~belote.errors.BeloteError`) naming the argument; a value of the right type but out of
range raises :class:`~belote.errors.BeloteError` with reason ``BAD_ARGUMENT``.

>>> as_seat(2, "seat")
<Seat.SOUTH: 2>
>>> as_seat("1", "seat")
Traceback (most recent call last):
...
belote.errors.ArgumentTypeError: seat must be a Seat or an int 0..3, got '1'
"""

from __future__ import annotations

from belote._repr import safe_repr
from belote.errors import ArgumentTypeError, BeloteError, Reason
from belote.seats import Seat

__all__ = [
    "MAX_SEED_BITS",
    "as_seat",
    "check_seed_size",
    "fits_a_float",
    "is_digits",
    "is_unicode_text",
    "plain_int",
    "plain_seed",
    "require",
    "require_int",
    "store_plain_int",
    "wrong_type",
]

MAX_SEED_BITS = 4096
"""The largest int seed, in bits (1,234 digits): every seed derived from a seed (each deal's of a
match, each game's of a tournament, an agent's draws) is written with it as text."""


def wrong_type(name: str, expected: str, value: object) -> ArgumentTypeError:
    """The error for argument ``name`` given ``value`` instead of ``expected``."""
    return ArgumentTypeError(f"{name} must be {expected}, got {safe_repr(value)}")


def require(value: object, kind: type | tuple[type, ...], name: str, expected: str) -> None:
    """Raise :func:`wrong_type` for ``name`` unless ``value`` is an instance of ``kind``.

    >>> require(Seat(1), Seat, "seat", "a Seat")
    >>> require("N", Seat, "seat", "a Seat")
    Traceback (most recent call last):
    ...
    belote.errors.ArgumentTypeError: seat must be a Seat, got 'N'
    """
    if not isinstance(value, kind):
        raise wrong_type(name, expected, value)


def require_int(value: object, name: str) -> None:
    """Raise :func:`wrong_type` for ``name`` unless ``value`` is an int (a bool is not one).

    >>> require_int(True, "points")
    Traceback (most recent call last):
    ...
    belote.errors.ArgumentTypeError: points must be an int, got True
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong_type(name, "an int", value)


def fits_a_float(value: int, name: str) -> None:
    """Raise :class:`~belote.errors.BeloteError` unless the int ``value`` converts to a float,
    which every measure computes with (the message gives its size: the text of such an int may
    be too long to write).

    >>> fits_a_float(10**400, "total")
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: total is too large to compute with (an int of 1329 bits)
    """
    try:
        float(value)
    except OverflowError:
        raise BeloteError(
            f"{name} is too large to compute with (an int of {value.bit_length()} bits)",
            reason=Reason.BAD_ARGUMENT,
        ) from None


def check_seed_size(seed: object, name: str = "seed") -> None:
    """Raise :class:`~belote.errors.BeloteError` for an int ``seed`` past :data:`MAX_SEED_BITS`
    or a text ``seed`` that is not Unicode text (the type is each caller's to check): the seeds
    derived from it write it as text, the interpreter refuses to write an int of over 4,300
    digits, and a text seeds the shuffle by its UTF-8 bytes, which a lone surrogate has none of.

    >>> check_seed_size(2**4096)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: seed is too large: an int of 4097 bits (at most 4096)
    >>> check_seed_size("table " + chr(0xD800))
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: seed must be Unicode text (no lone surrogate), got 'table \\ud800'
    """
    if isinstance(seed, int) and not isinstance(seed, bool) and seed.bit_length() > MAX_SEED_BITS:
        raise BeloteError(
            f"{name} is too large: an int of {seed.bit_length()} bits (at most {MAX_SEED_BITS})",
            reason=Reason.BAD_ARGUMENT,
        )
    if isinstance(seed, str) and not is_unicode_text(seed):
        raise BeloteError(
            f"{name} must be Unicode text (no lone surrogate), got {safe_repr(seed)}",
            reason=Reason.BAD_ARGUMENT,
        )


def is_unicode_text(text: str) -> bool:
    """Whether ``text`` is Unicode text: no lone surrogate, so that UTF-8 can write it (a seed
    read as bytes, a record written as text).

    >>> is_unicode_text("pique ♠"), is_unicode_text("a" + chr(0xD800))
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def plain_int(value: int) -> int:
    """An int of a subclass as the plain int of its value, to be stored or written: an int
    enum member (a ``Seat``, a ``Trump``) formats as its name, so that a seed or a count kept as
    given would derive other seeds and texts than the same number. Check the type first.

    >>> from belote import Trump
    >>> plain_int(Trump.ALL_TRUMPS), f"{plain_int(Trump.SPADES)}/0"
    (5, '3/0')
    """
    return value if type(value) is int else int(value)


def store_plain_int(instance: object, name: str, value: int) -> None:
    """In an attrs validator of a frozen class, after the checks: keep an int field of a
    subclass (an int enum member) as its plain int (:func:`plain_int`), so that the value's repr,
    its texts and the seeds derived from it are those of the number. Nothing to do (one type
    test) for a plain int."""
    if type(value) is not int:
        object.__setattr__(instance, name, int(value))


def plain_seed(seed: object) -> object:
    """A seed as a plain int or str (:func:`plain_int`; a text of a str subclass as the str of its
    characters, not its ``__str__``), every other value as it is, for its checks to refuse.

    >>> from belote import Seat
    >>> plain_seed(Seat(2)), plain_seed("7"), plain_seed(None), plain_seed(True)
    (2, '7', None, True)
    """
    if isinstance(seed, bool):
        return seed
    if isinstance(seed, int):
        return plain_int(seed)
    if isinstance(seed, str) and type(seed) is not str:
        return str.__str__(seed)
    return seed


def is_digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0 to 9 only, as typed or read as
    text: ``str.isdigit`` also takes ``²``, ``①`` and the digits of other scripts, which ``int``
    refuses or the library never writes.

    >>> is_digits("120"), is_digits("\u00b2"), is_digits(""), is_digits("-5")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def as_seat(value: object, name: str) -> Seat:
    """``value`` as a :class:`Seat`: a Seat, or an int ``0..3`` (not a bool, a float or a text)."""
    if isinstance(value, Seat):
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise wrong_type(name, "a Seat or an int 0..3", value)
    if not 0 <= value <= 3:
        raise BeloteError(f"{name} must be a seat 0..3, got {safe_repr(value)}", reason=Reason.BAD_ARGUMENT)
    return Seat(value)
