"""Short reprs for the library's attrs values.

An attrs ``repr`` prints every field, enums as ``<Seat.NORTH: 0>`` and nested values in full:
a round state came to over 1,600 characters. :func:`short_repr` prints only the fields that say
something (not their default, not empty), enums as ``Seat.NORTH`` and leaves out the fields a
class names as too long to read (a match's history), so that a repr fits on a line or two.

>>> from belote import Seat, Tally
>>> Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat.NORTH)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

__all__ = ["clipped_repr", "safe_repr", "short_repr", "value_repr"]


LONGEST_INT_BITS = 128
"""The longest int an error message writes out (39 digits); a longer one is given by its size."""


def safe_repr(value: object) -> str:
    """``repr(value)`` for an error message, an int longer than :data:`LONGEST_INT_BITS` given
    by its size instead: its digits say nothing to the reader, and past the interpreter's limit
    on the digits of an int's text (4,300 by default) writing them raises ``ValueError``, which
    would take the message's place. In a tuple or a list (as a message writes pairs and lists
    of numbers) such an int is given by its size too; any other value whose repr fails on one
    inside it is named by its type.

    >>> safe_repr(10**400), safe_repr((1, 2)), safe_repr("a")
    ('an int of 1329 bits', '(1, 2)', "'a'")
    >>> safe_repr((10**5000, 0)), safe_repr([(1,), 2**200]), safe_repr({"a": 10**5000})
    ('(an int of 16610 bits, 0)', '[(1,), an int of 201 bits]', 'a dict too large to write')
    >>> looped: list[object] = ["easy"]
    >>> looped.append(looped)
    >>> safe_repr(looped) == repr(looped)
    True
    """
    return _safe_repr(value, frozenset())


_DEEPEST = 16
"""How deep :func:`safe_repr` walks into nested lists and tuples; deeper, ``repr`` writes them."""


def _safe_repr(value: object, within: frozenset[int]) -> str:
    """:func:`safe_repr` of ``value`` written inside the lists and tuples of ids ``within``."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > LONGEST_INT_BITS:
        return f"an int of {value.bit_length()} bits"
    if type(value) in (list, tuple) and len(within) < _DEEPEST:
        if id(value) in within:  # a list holding itself, written as repr writes it
            return "[...]" if type(value) is list else "(...)"
        inner = within | {id(value)}
        items = [_safe_repr(item, inner) for item in value]  # type: ignore[attr-defined]
        if type(value) is list:
            return f"[{', '.join(items)}]"
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    try:
        return repr(value)
    except ValueError:  # an int past the limit on digits, inside the value
        return f"a {type(value).__name__} too large to write"
    except RecursionError:  # a value nested past the interpreter's depth
        return f"a {type(value).__name__} nested too deep to write"


def clipped_repr(value: object) -> str:
    """:func:`safe_repr`, cut to 40 characters for an error message (a value given by mistake may
    be a whole file's text).

    >>> clipped_repr("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    text = safe_repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def value_repr(value: object) -> str:
    """``repr(value)`` with enum members written ``Seat.NORTH`` (an expression that evaluates back)."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        items = [value_repr(item) for item in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return repr(value)


def _empty(value: object) -> bool:
    return value is None or value == () or (hasattr(value, "mask") and value.mask == 0)  # an empty CardSet


def short_repr(
    instance: Any,
    *,
    positional: Iterable[str] = (),
    hide: Iterable[str] = (),
    keep: Iterable[str] = (),
    extra: Iterable[tuple[str, object]] = (),
    omit_zeros: bool = False,
) -> str:
    """``Class(field=value, ...)`` with only the fields worth reading.

    ``positional`` fields are written without their name (first, in order); ``hide`` names fields
    never shown; a field is otherwise left out when it equals its default or is empty (``None``,
    ``()``, an empty card set) unless ``keep`` names it. ``extra`` appends ``name=value`` pairs
    that are not fields (a count standing for a hidden field); ``omit_zeros`` also leaves out
    zeros and pairs of zeros.
    """
    hidden, kept, first = set(hide), set(keep), tuple(positional)
    parts = []
    for field in attrs.fields(type(instance)):
        name = field.name
        if not field.repr or name in hidden:
            continue
        value = getattr(instance, name)
        if name in first:
            parts.append(value_repr(value))
            continue
        if name not in kept:
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory(instance) if default.takes_self else default.factory()
            if (default is not attrs.NOTHING and value == default) or _empty(value):
                continue
            if omit_zeros and value in (0, (0, 0)) and not isinstance(value, bool):
                continue
        parts.append(f"{name}={value_repr(value)}")
    parts.extend(f"{name}={value_repr(value)}" for name, value in extra)
    return f"{type(instance).__name__}({', '.join(parts)})"
