"""The settings file of a self-play run: what makes a run, kept so that only the same run resumes.

:func:`~belote.selfplay.selfplay` keeps its settings (the variant with all its options, as
records write it, the players, the seed, the games, the shard size...) in ``selfplay.json`` in
its directory. Running again in a directory that holds another run is refused, naming the
settings that differ; settings written by an older version, which name the variant only, are
read with the help of the records already written, then written again whole. The file is
written under a temporary name and renamed, as the shards are: never half a file.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

from belote.errors import BeloteError, TournamentError
from belote.notation import format_variant
from belote.records.variant import variant_from_json, variant_to_json
from belote.tournament.plan import Plan, player_name
from belote.variants import Variant

__all__ = ["SETTINGS", "TEMPORARY", "check_settings", "run_settings", "write_whole"]

SETTINGS = "selfplay.json"
"""The name of a run's settings file in its directory."""
TEMPORARY = ".tmp"
"""The suffix of a file being written (a shard or the settings), renamed once complete."""


def run_settings(plan: Plan, games: int, shard_size: int) -> dict[str, Any]:
    """What makes a run: resuming a directory needs the same settings."""
    return {
        "variant": variant_to_json(plan.variant),
        "players": [player_name(spec) for spec in plan.players],
        "seed": plan.seed,
        "games": games,
        "deals": plan.deals,
        "seating": plan.seating.value,
        "shard_size": shard_size,
    }


def check_settings(folder: Path, settings: dict[str, Any], variant: Variant) -> None:
    """Refuse a directory that holds another run; write the settings of a new run.

    Settings written by an older version name the variant only (``"classic"`` for every house
    rule of classic): the variant is then read from the records of a shard already written,
    and once it matches the file is rewritten with the whole variant.
    """
    path = folder / SETTINGS
    if not path.exists():
        _write_settings(path, settings)
        return
    found = _read_settings(path)
    legacy = isinstance(found.get("variant"), str)
    if legacy:
        found = {**found, "variant": _legacy_variant(found["variant"], folder, variant)}
    if found != settings:
        raise TournamentError(
            f"{folder} holds a self-play run with other settings: {_differences(found, settings)}"
        )
    if legacy:
        _write_settings(path, settings)


def _read_settings(path: Path) -> dict[str, Any]:
    """The settings of ``path``; a file that is no JSON object is refused, not guessed at."""
    try:
        found = json.loads(path.read_bytes().decode("utf-8"))
    except ValueError as error:  # not UTF-8 or not JSON
        raise TournamentError(f"{path} is not a self-play settings file ({error})") from None
    if not isinstance(found, dict):
        raise TournamentError(f"{path} is not a self-play settings file (not a JSON object)")
    return found


def _write_settings(path: Path, settings: dict[str, Any]) -> None:
    """Write the settings file whole (:func:`write_whole`)."""
    write_whole(path, (json.dumps(settings, indent=2) + "\n").encode("utf-8"))


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` under a temporary name (:data:`TEMPORARY`), then rename it:
    never half a file under the real name. A write cut short by an error (a full disk) or by
    Ctrl-C removes the temporary file before the error goes on; only a killed process leaves
    one, which the next run removes."""
    temporary = path.with_name(path.name + TEMPORARY)
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _legacy_variant(name: str, folder: Path, variant: Variant) -> Any:
    """The variant of a run whose settings name it only: ``variant``'s JSON when the name and
    the records of the directory's first shard agree with it (or no shard was written yet),
    else what the directory holds (its name, or its records' variant JSON)."""
    if name != variant.name:
        return name
    shards = sorted(folder.glob("selfplay-*.jsonl.gz"))
    if not shards:
        return variant_to_json(variant)
    try:
        with gzip.open(shards[0], "rt", encoding="utf-8") as lines:
            written = json.loads(lines.readline())["variant"]
        same = variant_from_json(written) == variant
    except (OSError, EOFError, ValueError, LookupError, TypeError, BeloteError):
        return f"{name} (unreadable in {shards[0].name})"
    return variant_to_json(variant) if same else written


def _differences(found: dict[str, Any], settings: dict[str, Any]) -> str:
    """The settings that differ: ``variant classic there, classic:target=501 here``."""
    keys = [*settings, *(key for key in found if key not in settings)]
    return "; ".join(
        f"{key} {_setting_text(found.get(key))} there, {_setting_text(settings.get(key))} here"
        for key in keys
        if found.get(key) != settings.get(key)
    )


def _setting_text(value: Any) -> str:
    """A setting as text: a variant as ``classic:undertrump_opponent=free``, others as JSON."""
    if isinstance(value, dict):
        try:
            return format_variant(variant_from_json(value))
        except BeloteError:
            pass
    return value if isinstance(value, str) else json.dumps(value)
