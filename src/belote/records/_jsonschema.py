"""A small JSON Schema checker (the draft 2020-12 subset the record schema uses), so that game
records are validated against the schema shipped in the package without a runtime dependency.

The schema file ``record.schema.json`` is the single source of truth; the test suite also
validates records with the ``jsonschema`` package to keep this checker honest. Two readings
follow the standard where that package follows Python: a ``pattern`` is an ECMA-262 regular
expression, whose ``$`` is the end of the text (not also before a final newline), and a ``str``
subclass is a string compared by its text.

Two readings of the one schema: :func:`conforms`, a yes or no compiled once into closures (the
common case, a record that conforms, some four times faster), and the interpreter that finds
the first problem's place and message, which :func:`first_problem` runs only when the answer is
no (and whose verdict it gives).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

from belote._repr import safe_repr

__all__ = ["conforms", "first_problem", "interpreted_problem", "is_int", "json_type", "record_schema_text"]


@functools.cache
def record_schema_text() -> str:
    """The text of ``record.schema.json`` as shipped in the package."""
    return resources.files("belote.records").joinpath("record.schema.json").read_text(encoding="utf-8")


def _schema() -> dict[str, Any]:
    """The parsed record schema (a fresh copy: callers may not change the cached text)."""
    schema: dict[str, Any] = json.loads(record_schema_text())
    return schema


_Path = list[str | int]
_TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda value: isinstance(value, Mapping),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: is_int(value),
    "number": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
}


def is_int(value: object) -> bool:
    """An integer in JSON's data model (as JSON Schema counts): an ``int`` that is not a
    ``bool``, or a ``float`` with no fractional part (``1.0``)."""
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, int) and not isinstance(value, bool)


def json_type(value: object) -> str:
    """The JSON type name of ``value`` (``"integer"`` before ``"number"``)."""
    if isinstance(value, float) and value != value:
        return "NaN"
    return next((name for name, test in _TYPES.items() if test(value)), type(value).__name__)


def _show(value: object, limit: int = 40) -> str:
    """``value`` as short JSON for a message (a hostile record may hold megabytes)."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _path_text(path: _Path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _problem(value: Any, schema: Any, path: _Path, root: Mapping[str, Any]) -> tuple[_Path, str] | None:
    """The first place where ``value`` breaks ``schema`` (path, message), or ``None``."""
    if schema is True:
        return None
    if "$ref" in schema:
        schema = root["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    types = schema.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else types
        if not any(_TYPES[name](value) for name in names):
            return path, f"must be {' or '.join(names)}, got {json_type(value)}"
    if "const" in schema and not _same(value, schema["const"]):
        return path, f"must be {json.dumps(schema['const'])}, got {_show(value)}"
    if "enum" in schema and not any(_same(value, item) for item in schema["enum"]):
        return path, f"{_show(value)} is not one of {', '.join(map(json.dumps, schema['enum']))}"
    if isinstance(value, str) and (
        not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value))
        or ("pattern" in schema and not _pattern(schema["pattern"]).search(value))
    ):
        return path, f"{_show(value)} is not valid: {schema.get('description', schema.get('pattern'))}"
    if _TYPES["number"](value):
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return path, f"must be {low}..{high}, got {_show(value)}"
    for keyword in ("oneOf", "anyOf"):
        if keyword in schema:
            problems = [_problem(value, branch, path, root) for branch in schema[keyword]]
            if keyword == "oneOf" and sum(problem is None for problem in problems) > 1:
                return path, "matches more than one form"
            if all(problem is not None for problem in problems):
                found = [problem for problem in problems if problem is not None]
                deepest = max(len(problem[0]) for problem in found)
                messages = [problem[1] for problem in found if len(problem[0]) == deepest]
                place = next(problem[0] for problem in found if len(problem[0]) == deepest)
                return place, " or ".join(dict.fromkeys(messages))
    if isinstance(value, Mapping):
        problem = _object_problem(value, schema, path, root)
        if problem is not None:
            return problem
    if isinstance(value, list):
        size = len(value)
        if size < schema.get("minItems", 0) or size > schema.get("maxItems", size):
            low, high = schema.get("minItems", 0), schema.get("maxItems")
            wanted = (
                f"{low}"
                if low == high
                else f"at least {low}" + ("" if high is None else f" and at most {high}")
            )
            return path, f"must hold {wanted} items, got {size}"
        if "items" in schema:
            for index, item in enumerate(value):
                problem = _problem(item, schema["items"], [*path, index], root)
                if problem is not None:
                    return problem
        if schema.get("uniqueItems") and any(
            _same(item, other) for index, item in enumerate(value) for other in value[index + 1 :]
        ):
            return path, "must not hold the same item twice"
    if "not" in schema and _problem(value, schema["not"], path, root) is None:
        return path, schema.get("description", "must not match the excluded form")
    for branch in schema.get("allOf", ()):
        problem = _problem(value, branch, path, root)
        if problem is not None:
            return problem
    if "if" in schema and _problem(value, schema["if"], path, root) is None and "then" in schema:
        return _problem(value, schema["then"], path, root)
    return None


@functools.cache
def _pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled with JSON Schema's meaning (ECMA-262 regular expressions): there
    ``$`` matches at the end of the text only, where Python's also matches before a last
    newline, so each ``$`` outside a character class is read as ``\\Z``.

    >>> bool(_pattern("^[CDHS]$").search("H\\n")), bool(_pattern("^[$]$").search("$"))
    (False, True)
    """
    translated: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            char = "\\Z"
        translated.append(char)
    return re.compile("".join(translated))


def _text(value: str) -> str:
    """A string as a plain ``str`` (JSON has one string type: a subclass compares by its text)."""
    return str.__str__(value)


def _same(value: object, other: object) -> bool:
    """Equal as JSON values: ``1 == 1.0`` but ``true != 1`` (JSON Schema's equality)."""
    if isinstance(value, str) and isinstance(other, str):
        return _text(value) == _text(other)
    if isinstance(value, bool) or isinstance(other, bool):
        return isinstance(value, bool) and isinstance(other, bool) and value == other
    if isinstance(value, list) and isinstance(other, list):
        return len(value) == len(other) and all(map(_same, value, other))
    if isinstance(value, Mapping) and isinstance(other, Mapping):
        return value.keys() == other.keys() and all(_same(value[key], other[key]) for key in value)
    if _TYPES["number"](value) and _TYPES["number"](other):
        return value == other
    return type(value) is type(other) and value == other


def _object_problem(
    value: Mapping[str, Any], schema: Any, path: _Path, root: Mapping[str, Any]
) -> tuple[_Path, str] | None:
    for key in schema.get("required", ()):
        if key not in value:
            return path, f"missing {safe_repr(key)}"
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    if extra is False:
        unexpected = sorted(str(key) for key in value if key not in properties)
        if unexpected:
            return path, f"unexpected field(s) {', '.join(unexpected)}"
    for key, item in value.items():
        sub = properties.get(key, extra)
        problem = _problem(item, sub, [*path, key], root)
        if problem is not None:
            return problem
    return None


def first_problem(value: object, definition: str) -> tuple[str, str] | None:
    """The first place where ``value`` breaks the schema's ``$defs[definition]``, as
    ``(path, message)`` (path like ``deals[0].actions[3].card``), or ``None`` if it conforms."""
    return None if conforms(value, definition) else interpreted_problem(value, definition)


def interpreted_problem(value: object, definition: str) -> tuple[str, str] | None:
    """What :func:`first_problem` gives, read by the interpreter alone (no compiled check first):
    the reference the compiled checks are tested and measured against."""
    schema = _schema()
    problem = _problem(value, schema["$defs"][definition], [], schema)
    if problem is None:
        return None
    return _path_text(problem[0]), problem[1]


_Check = Callable[[Any], bool]


def conforms(value: object, definition: str) -> bool:
    """Whether ``value`` follows the schema's ``$defs[definition]``: what :func:`first_problem`
    finds no problem in, read by checks compiled once from the schema.

    >>> conforms({"kind": "round"}, "roundRecord"), conforms("TH", "card"), conforms("1H", "card")
    (False, True, False)
    """
    return _compiled()[definition](value)


@functools.cache
def _compiled() -> dict[str, _Check]:
    """Per definition of the record schema, its check (each ``$ref`` read through this table,
    so that definitions may refer to each other)."""
    schema = _schema()
    table: dict[str, _Check] = {}
    for name, definition in schema["$defs"].items():
        table[name] = _compile(definition, table)
    return table


def _compile(schema: Any, table: dict[str, _Check]) -> _Check:
    """The check of ``schema``: true exactly where :func:`_problem` finds no problem."""
    if schema is True:
        return lambda value: True
    checks: list[_Check] = []
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return lambda value: table[name](value)
    types = schema.get("type")
    if types is not None:
        tests = [_TYPES[name] for name in ([types] if isinstance(types, str) else types)]
        checks.append(tests[0] if len(tests) == 1 else lambda value: any(test(value) for test in tests))
    if "const" in schema:
        checks.append(_member_check([schema["const"]]))
    if "enum" in schema:
        checks.append(_member_check(schema["enum"]))
    checks.extend(_string_checks(schema))
    if "minimum" in schema or "maximum" in schema:
        low, high = schema.get("minimum"), schema.get("maximum")
        is_number = _TYPES["number"]
        checks.append(
            lambda value: (
                not is_number(value)
                or not ((low is not None and value < low) or (high is not None and value > high))
            )
        )
    if "oneOf" in schema:
        one_of = [_compile(branch, table) for branch in schema["oneOf"]]
        checks.append(lambda value: sum(check(value) for check in one_of) == 1)
    if "anyOf" in schema:
        any_of = [_compile(branch, table) for branch in schema["anyOf"]]
        checks.append(lambda value: any(check(value) for check in any_of))
    checks.extend(_object_checks(schema, table))
    checks.extend(_array_checks(schema, table))
    if "not" in schema:
        excluded = _compile(schema["not"], table)
        checks.append(lambda value: not excluded(value))
    checks.extend(_compile(branch, table) for branch in schema.get("allOf", ()))
    if "if" in schema and "then" in schema:
        condition, then = _compile(schema["if"], table), _compile(schema["then"], table)
        checks.append(lambda value: not condition(value) or then(value))
    if len(checks) == 1:
        return checks[0]

    def every(value: Any) -> bool:
        for check in checks:  # noqa: SIM110 (a loop: all() over a generator costs twice the time)
            if not check(value):
                return False
        return True

    return every


def _member_check(items: list[Any]) -> _Check:
    """Whether a value is one of ``items`` as JSON Schema compares (:func:`_same`); by sets
    where the items are plain values (not arrays, objects or NaN)."""
    if any(isinstance(item, (list, Mapping)) or item != item for item in items):
        return lambda value: any(_same(value, item) for item in items)
    is_number = _TYPES["number"]
    texts = frozenset(item for item in items if type(item) is str)
    numbers = frozenset(item for item in items if is_number(item))
    flags = frozenset(item for item in items if isinstance(item, bool))
    null = any(item is None for item in items)

    def check(value: Any) -> bool:
        if isinstance(value, str):
            return _text(value) in texts
        if isinstance(value, bool):
            return value in flags
        if is_number(value):
            return value in numbers
        return value is None and null

    return check


def _string_checks(schema: Any) -> list[_Check]:
    if not any(key in schema for key in ("minLength", "maxLength", "pattern")):
        return []
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    pattern = _pattern(schema["pattern"]) if "pattern" in schema else None
    return [
        lambda value: (
            not isinstance(value, str)
            or (
                low <= len(value) <= (len(value) if high is None else high)
                and (pattern is None or pattern.search(value) is not None)
            )
        )
    ]


def _object_checks(schema: Any, table: dict[str, _Check]) -> list[_Check]:
    keys = ("required", "properties", "additionalProperties")
    if not any(key in schema for key in keys):
        return []
    required = tuple(schema.get("required", ()))
    properties = {key: _compile(item, table) for key, item in schema.get("properties", {}).items()}
    extra_schema = schema.get("additionalProperties", True)
    closed = extra_schema is False
    extra = None if closed else _compile(extra_schema, table)

    def check(value: Any) -> bool:
        if not isinstance(value, Mapping):
            return True
        if any(key not in value for key in required):
            return False
        for key, item in value.items():
            sub = properties.get(key)
            if sub is None:
                if closed or (extra is not None and not extra(item)):
                    return False
            elif not sub(item):
                return False
        return True

    return [check]


def _array_checks(schema: Any, table: dict[str, _Check]) -> list[_Check]:
    if not any(key in schema for key in ("minItems", "maxItems", "items", "uniqueItems")):
        return []
    low, high = schema.get("minItems", 0), schema.get("maxItems")
    item_check = _compile(schema["items"], table) if "items" in schema else None
    unique = bool(schema.get("uniqueItems"))

    def check(value: Any) -> bool:
        if not isinstance(value, list):
            return True
        size = len(value)
        if size < low or (high is not None and size > high):
            return False
        if item_check is not None:
            for item in value:
                if not item_check(item):
                    return False
        return not unique or _all_different(value)

    return [check]


_KINDS: dict[type, int] = {str: 0, bool: 1, int: 2, float: 2}
"""The plain JSON values :func:`_all_different` compares by set, and their kind: equal as JSON
(:func:`_same`) exactly when of one kind and equal in Python (``1 == 1.0``)."""


def _all_different(values: list[Any]) -> bool:
    """No two of ``values`` the same as JSON Schema compares (:func:`_same`): by a set where
    they are plain values, pair by pair otherwise (arrays, objects, NaN, subclasses)."""
    seen: set[tuple[int, Any]] = set()
    for value in values:
        kind = _KINDS.get(type(value), 3 if value is None else -1)
        if kind < 0 or value != value:
            return not any(
                _same(item, other) for index, item in enumerate(values) for other in values[index + 1 :]
            )
        key = (kind, value)
        if key in seen:
            return False
        seen.add(key)
    return True
