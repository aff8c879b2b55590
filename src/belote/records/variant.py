"""A record's variant: a preset name plus the options (and the name) that differ from it.

Records (:mod:`belote.records`), notation lines (:mod:`belote.notation`) and tournament results
write a variant this way, so that a house variant is stored as what it changes and a preset as
its name alone; reading checks every option through :class:`~belote.variant.Variant` itself.

>>> import attrs
>>> from belote import CLASSIC
>>> house = attrs.evolve(CLASSIC, name="house", target=501)
>>> variant_from_json(variant_to_json(house)) == house
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from belote._args import require
from belote.errors import BeloteError, RecordError
from belote.variants import PRESETS, Variant, find_variant

__all__ = ["variant_from_json", "variant_to_json"]


def variant_to_json(variant: Variant) -> dict[str, Any]:
    """The variant as ``{"preset": ..., "name": ..., "options": {...}}``: the closest preset
    and only the options (and name) that differ from it.

    >>> import attrs
    >>> from belote import CLASSIC
    >>> variant_to_json(attrs.evolve(CLASSIC, name="house", target=501))
    {'preset': 'classic', 'name': 'house', 'options': {'target': 501}}
    """
    require(variant, Variant, "variant", "a Variant")
    if variant.name in PRESETS:
        base = PRESETS[variant.name]
    else:
        base = min(PRESETS.values(), key=lambda preset: len(variant.differences(preset)))
    result: dict[str, Any] = {"preset": base.name}
    if variant.name != base.name:
        result["name"] = variant.name
    differences = variant.differences(base)
    if differences:
        result["options"] = differences
    return result


def variant_from_json(data: Mapping[str, Any], *, path: str = "variant") -> Variant:
    """The variant a record's ``variant`` object describes (see :func:`variant_to_json`).

    >>> variant_from_json({"preset": "classic", "options": {"target": 501}}).target
    501
    """
    if not isinstance(data, Mapping):
        raise RecordError("must be an object with a preset", path=path)
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise RecordError("preset must be a preset name", path=f"{path}.preset")
    try:
        base = find_variant(preset)
    except BeloteError as error:
        raise RecordError(str(error), path=f"{path}.preset") from None
    given = data.get("options", {})
    if not isinstance(given, Mapping):
        raise RecordError("options must be an object of option names and values", path=f"{path}.options")
    if not all(isinstance(key, str) for key in given):
        raise RecordError("option names must be strings", path=f"{path}.options")
    options = dict(given)
    if "name" in data:
        if "name" in options:
            raise RecordError(f"given twice: here and in {path}.name", path=f"{path}.options.name")
        options["name"] = data["name"]
    if not options:
        return base
    unknown = sorted(set(options) - {field.name for field in attrs.fields(Variant)})
    if unknown:
        raise RecordError(f"unknown option(s) {', '.join(unknown)}", path=f"{path}.options")
    try:
        return attrs.evolve(base, **options)
    except (BeloteError, TypeError) as error:
        raise RecordError(str(error), path=f"{path}.options") from None
