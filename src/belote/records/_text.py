"""JSON text of a record, parsed with limits: hostile text fails with one error, never with
a ``RecursionError``, a ``ValueError`` of the interpreter or a half-read value.

The limits (also stated in :func:`belote.records.loads`):

* at most :data:`MAX_RECORD_LENGTH` characters (bytes for ``bytes`` input);
* arrays and objects nested at most :data:`MAX_DEPTH` deep (a record needs 7);
* numbers below ``10**100`` in magnitude (:data:`MAX_NUMBER_DIGITS` digits), no ``NaN`` or
  ``Infinity``;
* no object with the same key twice, and strings that are Unicode text (no lone surrogates).
"""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

from belote._args import is_unicode_text

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_DIGITS",
    "MAX_RECORD_LENGTH",
    "RecordTextError",
    "parse_json",
    "unreadable",
]

MAX_RECORD_LENGTH = 10_000_000
MAX_DEPTH = 32
MAX_NUMBER_DIGITS = 100


class RecordTextError(Exception):
    """Why a text is not a record's JSON (turned into a ``RecordError`` by the caller)."""


def _reject(message: str) -> NoReturn:
    raise RecordTextError(message)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        _reject(f"a number with more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not abs(value) < 10.0**MAX_NUMBER_DIGITS:
        _reject(f"a number of {MAX_NUMBER_DIGITS} digits or more ({text[:20]})")
    return value


def _parse_constant(text: str) -> NoReturn:
    _reject(f"{text} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                _reject(f"the key {json.dumps(key)[:40]} appears twice in one object")
            seen.add(key)
    return result


def _check_shape(value: Any) -> None:
    """Depth and strings of a parsed value, without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not is_unicode_text(item):
                _reject("a string with a lone surrogate (not Unicode text)")
        elif isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                _reject(f"arrays and objects nested more than {MAX_DEPTH} deep")
            children = item if isinstance(item, list) else [*item.keys(), *item.values()]
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, float) and not math.isfinite(item):  # pragma: no cover - parse_float
            _reject("a number that is not finite")


_GZIP_MAGIC = b"\x1f\x8b"
"""The first two bytes of gzip data (RFC 1952), as self-play shards are written."""


def parse_json(text: str | bytes | bytearray) -> Any:
    """The JSON value of ``text`` within the limits; :class:`RecordTextError` otherwise.

    >>> parse_json('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> parse_json('[NaN]')
    Traceback (most recent call last):
    ...
    belote.records._text.RecordTextError: NaN is not a JSON number
    """
    if len(text) > MAX_RECORD_LENGTH:
        _reject(f"longer than {MAX_RECORD_LENGTH:,} characters ({len(text):,})")
    if isinstance(text, (bytes, bytearray)) and text.startswith(_GZIP_MAGIC):
        _reject(
            "gzip-compressed data, not JSON text (a self-play shard holds a record a line: "
            "belote.selfplay.read_records reads them)"
        )
    try:
        value = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as error:
        several = (  # a JSON-lines file: say why a second line is not read
            ": text after a whole JSON value (a record is one value; JSON lines hold one a line)"
            if error.msg == "Extra data"
            else ""
        )
        _reject(f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno}){several}")
    except UnicodeDecodeError as error:
        _reject(f"not valid JSON text: {error}")
    except RecursionError:
        _reject(f"arrays and objects nested more than {MAX_DEPTH} deep")
    _check_shape(value)
    return value


def unreadable(value: Any) -> tuple[str, str] | None:
    """The first place in a JSON-ready ``value`` that :func:`parse_json` would refuse once
    written, as ``(path, why)`` (path like ``variant.options.target``), or ``None``: an
    integer of more than :data:`MAX_NUMBER_DIGITS` digits or a string that is not Unicode
    text. Writing checks it so that what is written can be read back.

    >>> unreadable({"scores": [1, 10**100]})
    ('scores[1]', 'a number with more than 100 digits')
    >>> unreadable({"name": "house"}) is None
    True
    """
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            if abs(item) >= 10**MAX_NUMBER_DIGITS:
                return path, f"a number with more than {MAX_NUMBER_DIGITS} digits"
        elif isinstance(item, str):
            if not is_unicode_text(item):
                return path, "a string with a lone surrogate (not Unicode text)"
        elif isinstance(item, dict):
            children = []
            for key, child in item.items():
                where = f"{path}.{key}" if path else str(key)
                children += [(key, where), (child, where)]
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(child, f"{path}[{index}]") for index, child in enumerate(item)]))
    return None
