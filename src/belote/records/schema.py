"""The record format: its name and version, its JSON Schema, and the check of a record against it.

Every record (:mod:`belote.records`) starts with ``{"format": RECORD_FORMAT, "version": ...,
"kind": ...}``. The version is the lowest that reads the record: 1, or 2 when a round holds a
contract given directly with no auction (:data:`RECORD_VERSION`, the newest, is what this library
reads at most). :func:`record_schema` is the JSON Schema (draft 2020-12) of the format as shipped
in the package; :func:`validate_record` checks a record against it without replaying it, and
agrees with any JSON Schema validator.

>>> validate_record({"format": RECORD_FORMAT, "version": RECORD_VERSION, "kind": "draw"})
Traceback (most recent call last):
...
belote.errors.RecordError: kind: 'draw' is not a record kind: expected 'round' or 'match'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from belote._repr import clipped_repr, safe_repr
from belote.errors import RecordError
from belote.records._jsonschema import first_problem, is_int, json_type, record_schema_text

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "record_schema", "validate_record"]

RECORD_FORMAT: str = "belote-record"
"""The ``format`` field of every record."""
RECORD_VERSION: int = 2
"""The newest record format version this library reads and writes; it reads every version from
1 on. A record is written with the lowest version that reads it: version 1 (what every release
reads) unless a round holds a contract given directly with no auction (the ``contract`` field,
new in version 2)."""


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the record format, as shipped in the package
    (a fresh copy: change it freely).

    >>> schema = record_schema()
    >>> schema["$schema"], sorted(schema["properties"])[:4]
    ('https://json-schema.org/draft/2020-12/schema', ['format', 'kind', 'version'])
    """
    schema: dict[str, Any] = json.loads(record_schema_text())
    return schema


def validate_record(record: object) -> None:
    """Check that ``record`` follows the shipped JSON Schema (:func:`record_schema`) without
    replaying it; raise :class:`RecordError` naming the first problem's path.

    It agrees with any JSON Schema validator using :func:`record_schema`: ``RecordError``
    exactly when the schema rejects the record. As in JSON Schema, ``true`` is not an integer
    and ``1.0`` is.

    >>> validate_record({"format": "belote-record", "version": True, "kind": "round"})
    Traceback (most recent call last):
    ...
    belote.errors.RecordError: version: must be an integer, got boolean
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object, got {json_type(record)}")
    for key in ("format", "version", "kind"):
        if key not in record:
            raise RecordError(f"missing {safe_repr(key)}: is this a belote record?")
    if not isinstance(record["format"], str) or record["format"] != RECORD_FORMAT:
        raise RecordError(
            f"must be {safe_repr(RECORD_FORMAT)}, got {clipped_repr(record['format'])}", path="format"
        )
    version = record["version"]
    if not is_int(version):
        raise RecordError(f"must be an integer, got {json_type(version)}", path="version")
    if version > RECORD_VERSION:
        raise RecordError(
            f"record version {safe_repr(version)} is newer than this library reads ({RECORD_VERSION}): "
            "upgrade belote-rules",
            path="version",
        )
    if version < 1:
        raise RecordError(f"must be 1 to {RECORD_VERSION}, got {clipped_repr(version)}", path="version")
    kind = record["kind"]
    target = {"round": "roundRecord", "match": "matchRecord"}.get(kind) if isinstance(kind, str) else None
    if target is None:
        raise RecordError(
            f"{clipped_repr(kind)} is not a record kind: expected 'round' or 'match'", path="kind"
        )
    problem = first_problem(record, target)
    if problem is not None:
        path, message = problem
        raise RecordError(message, path=path)
