"""The readers and checks of the :class:`~belote.variant.Variant` fields that are not enums (internal).

An option that takes an enum converts with the enum itself; the others are read here, so that a
variant can be built from text (a command line, a game record, the variant notation) as well as
from Python values: booleans (``true``/``false``, ``yes``/``no``), whole numbers (as records
write them), optional whole numbers (``none``) and the list of contracts (trump codes). The
validators refuse a value out of range, or a name that is no text or blank, each with a
:class:`~belote.errors.VariantError` that names the field.

>>> bool_option("Yes"), optional_int_option("none"), contracts_option("ALL S,H")
(True, None, (<Trump.HEARTS: 2>, <Trump.SPADES: 3>, <Trump.ALL_TRUMPS: 5>))
>>> from belote import Variant
>>> Variant(surcoinche_multiplier=2)
Traceback (most recent call last):
...
belote.errors.VariantError: surcoinche_multiplier must be 3 or 4, got 2
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from belote._args import plain_int
from belote._repr import clipped_repr, safe_repr
from belote.errors import VariantError
from belote.trumps import Trump

__all__ = [
    "at_least",
    "bool_option",
    "check_contracts",
    "check_name",
    "check_optional_capot",
    "check_surcoinche",
    "contracts_option",
    "int_option",
    "optional_int_option",
]


def bool_option(value: bool | str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no"):
        return value.strip().lower() in ("true", "yes")
    raise VariantError(f"{safe_repr(value)} is not a boolean option: expected true or false")


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
"""A whole number as option text: an optional single minus, then ASCII digits (not ``+5``,
``1_000`` or the digits of other scripts, which ``int`` reads but records do not write)."""


def int_option(value: int | str) -> int:
    """A whole-number option: an ``int`` (not a ``bool``) or its text (:data:`_WHOLE_NUMBER`,
    spaces around allowed), written and read back as text by records and the notation.

    >>> int_option(" -12 "), int_option(501)
    (-12, 501)
    >>> int_option("--5")
    Traceback (most recent call last):
    ...
    belote.errors.VariantError: '--5' is not a whole number
    """
    if isinstance(value, int) and not isinstance(value, bool):
        number = plain_int(value)
    elif isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
        try:
            number = int(value)
        except ValueError:  # more digits than the interpreter converts (sys.get_int_max_str_digits)
            raise VariantError(f"{clipped_repr(value)} is not a whole number: too many digits") from None
    else:
        raise VariantError(f"{clipped_repr(value)} is not a whole number")
    try:
        if number.bit_length() > 2000:  # over 600 digits: the interpreter may refuse to write it
            str(number)
    except ValueError:  # too many digits to be written as text (in a record, the notation, a repr)
        raise VariantError(
            f"a whole number of {number.bit_length()} bits has too many digits to be written"
        ) from None
    return number


def optional_int_option(value: int | str | None) -> int | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "")):
        return None
    return int_option(value)


def contracts_option(value: Trump | str | Iterable[Trump | str]) -> tuple[Trump, ...]:
    if isinstance(value, (str, Trump)):
        value = (value,) if isinstance(value, Trump) else value.replace(",", " ").split()
    if not isinstance(value, Iterable):
        raise VariantError(f"{safe_repr(value)} is not a list of contracts")
    try:
        modes = {Trump.parse(item) for item in value}
    except ValueError as error:
        raise VariantError(f"bad contract in {safe_repr(value)}: {error}") from None
    return tuple(sorted(modes))


def at_least(minimum: int) -> Callable[[Any, attrs.Attribute[int], int], None]:
    def check(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
        if value < minimum:
            raise VariantError(f"{attribute.name} must be at least {minimum}, got {safe_repr(value)}")

    return check


def check_optional_capot(instance: Any, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and value < 162:
        raise VariantError(f"{attribute.name} must be at least 162 or None, got {safe_repr(value)}")


def check_surcoinche(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in (3, 4):
        raise VariantError(f"surcoinche_multiplier must be 3 or 4, got {safe_repr(value)}")


_NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""What a variant's name may not hold: control characters (a line break, a tab, NUL...), lone
surrogates (no UTF-8 writes them) and the two non-characters XML refuses."""


def check_name(instance: Any, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise VariantError(f"name must be a str, got {safe_repr(value)}")
    if not value.strip():  # the name stands in every message, table and record
        raise VariantError(f"name must hold more than spaces, got {safe_repr(value)}")
    if _NOT_TEXT.search(value):  # a line of a table, a record, a picture's title: one line of text
        raise VariantError(
            f"name must be one line of text, no control character or lone surrogate, got {safe_repr(value)}"
        )


def check_contracts(
    instance: Any, attribute: attrs.Attribute[tuple[Trump, ...]], value: tuple[Trump, ...]
) -> None:
    if not value:
        raise VariantError("contracts must name at least one trump mode")
