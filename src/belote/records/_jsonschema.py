"""A small JSON Schema checker (the draft 2020-12 subset the record schema uses), so that game
records are validated against the schema shipped in the package without a runtime dependency.

The schema file ``record.schema.json`` is the single source of truth; the test suite also
validates records with the ``jsonschema`` package to keep this checker honest.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

__all__ = ["first_problem", "is_int", "json_type", "record_schema_text"]


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
        or ("pattern" in schema and not re.search(schema["pattern"], value))
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


def _same(value: object, other: object) -> bool:
    """Equal as JSON values: ``1 == 1.0`` but ``true != 1`` (JSON Schema's equality)."""
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
            return path, f"missing {key!r}"
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
    schema = _schema()
    problem = _problem(value, schema["$defs"][definition], [], schema)
    if problem is None:
        return None
    return _path_text(problem[0]), problem[1]
