"""Self-play datasets: game records in compressed JSON-lines shards, and a reader for training.

:func:`selfplay` plays seeded games (as :func:`~belote.tournament.tournament` does, on any
executor) and writes their records (:func:`belote.dumps` format, one per line) into gzip
shards of ``shard_size`` games, named by their range of game numbers:
``selfplay-s{seed}-{first:09d}-{last:09d}.jsonl.gz``. A shard is written under a temporary
name and renamed once complete, so an interrupted run leaves only whole shards (a write cut
short by an error or Ctrl-C removes its temporary file; one left by a killed process is removed
by the next run), and running it again plays only the missing ones: the directory ends up byte
for byte the same as after an uninterrupted run. A ``selfplay.json`` file keeps the run's
settings (the variant with all its options, as records write it), so a run cannot resume
another's directory by mistake.

:func:`read_records` streams the records back, :func:`training_pairs` the (view, action)
pairs of every decision: what the player saw (:func:`belote.observe`) and what it did.

>>> import tempfile
>>> from belote import Play
>>> with tempfile.TemporaryDirectory() as folder:
...     shards = selfplay(folder, games=4, shard_size=2, deals=True, players=("easy", "easy"))
...     print([path.name for path in shards])
...     view, action = next(training_pairs(folder))
...     print(sum(1 for _ in read_records(folder)), view.seat == view.to_act)
['selfplay-s0-000000000-000000001.jsonl.gz', 'selfplay-s0-000000002-000000003.jsonl.gz']
4 True
"""

from __future__ import annotations

import fnmatch
import gzip
import itertools
import os
import zlib
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from belote._repr import safe_repr
from belote._selfplay_settings import SETTINGS, TEMPORARY, check_settings, run_settings, write_whole
from belote.agents import Play
from belote.bidding import Call, parse_call
from belote.cards import Card, CardSet
from belote.declarations import Declaration
from belote.errors import ArgumentTypeError, RecordError, ReplayError, TournamentError
from belote.match import Match, match
from belote.records import MAX_RECORD_LENGTH, apply_actions, replay
from belote.records._jsonschema import json_type
from belote.records._replay import integers, replay_round
from belote.records._text import RecordTextError, parse_json
from belote.records.variant import variant_from_json
from belote.round import RoundState
from belote.seats import Seat
from belote.tournament._executing import ordered_map, window
from belote.tournament.plan import Plan, PlayerSpec, check_callback, chunks, make_plan, play_chunk
from belote.tournament.results import Seating
from belote.variants import CLASSIC, Variant
from belote.views import PlayerView, observe

__all__ = ["MAX_SEED_DIGITS", "read_records", "selfplay", "training_pairs"]


MAX_SEED_DIGITS = 200
"""The most digits a self-play seed may have: it is written in each shard's file name
(:func:`shard_name`), which most file systems keep under 256 characters."""


def shard_name(seed: int, first: int, last: int) -> str:
    """The file name of the shard holding games ``first`` to ``last`` of a run from ``seed``.

    >>> shard_name(7, 0, 99)
    'selfplay-s7-000000000-000000099.jsonl.gz'
    """
    return f"selfplay-s{seed}-{first:09d}-{last:09d}.jsonl.gz"


def _play_shard(task: tuple[Plan, int, int]) -> bytes:
    """The gzip bytes of one shard (a top-level function: it runs in worker processes)."""
    lines = [text + "\n" for result in play_chunk(task) for text in result.records]
    return gzip.compress("".join(lines).encode("utf-8"), mtime=0)


def selfplay(
    directory: str | os.PathLike[str],
    *,
    games: int,
    players: Sequence[PlayerSpec] = ("normal", "normal"),
    variant: Variant = CLASSIC,
    seed: int = 0,
    deals: bool = False,
    seating: Seating | str = Seating.FIXED,
    shard_size: int = 100,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Path, ...]:
    """Play ``games`` seeded games and write their records in gzip JSON-lines shards in
    ``directory`` (created if needed); the paths of every shard, in game order.

    The arguments are those of :func:`~belote.tournament.tournament`; ``shard_size`` games
    go in each shard (one task for the executor). Shards already in the directory are kept:
    a run that stopped (an error, Ctrl-C, a lost machine) resumes where it stopped.
    ``progress`` is called with (games written, games in all) after each shard.

    Players are named in ``selfplay.json`` as tournaments name them: the same in every
    process, so that any process can resume the run.

    Raises:
        TournamentError: as :func:`~belote.tournament.tournament`; also a ``shard_size``
            below 1, a ``seed`` of more than :data:`MAX_SEED_DIGITS` digits, a directory
            holding a run with other settings, or one the system refuses to read or write (no
            permission, a full disk: the file is named).
        ArgumentTypeError: as :func:`~belote.tournament.tournament` (``progress`` not
            callable, ``directory`` not a path: refused before anything is written).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     shards = selfplay(folder, games=4, players=("easy", "easy"), deals=True, shard_size=2)
    ...     [path.name for path in shards], sum(1 for _ in read_records(folder))
    (['selfplay-s0-000000000-000000001.jsonl.gz', 'selfplay-s0-000000002-000000003.jsonl.gz'], 4)
    """
    plan = make_plan(
        players,
        games=games,
        variant=variant,
        seed=seed,
        deals=deals,
        seating=seating,
        records=True,
        executor=executor,
    )
    seed = plan.seed  # as a plain int
    digits = len(str(abs(seed)))
    if digits > MAX_SEED_DIGITS:
        raise TournamentError(
            f"a self-play seed names its shard files: at most {MAX_SEED_DIGITS} digits, got {digits}"
        )
    if isinstance(shard_size, bool) or not isinstance(shard_size, int):
        raise ArgumentTypeError(f"shard_size must be an int, got {safe_repr(shard_size)}")
    if shard_size < 1:
        raise TournamentError(f"shard_size must be at least 1, got {safe_repr(shard_size)}")
    check_callback(progress, "progress")
    folder = _as_path(directory, "directory", "a directory's path")
    if folder.exists() and not folder.is_dir():
        raise TournamentError(f"{folder} is not a directory")
    # the folders mkdir makes, the deepest first, as it walks the path as given: "new/../x" makes
    # "new" and "new/../x" ("new/.." is never made: it exists once "new" does)
    created = [path for path in (folder, *folder.parents) if path.name != ".." and not path.exists()]
    new_run = not (folder / SETTINGS).exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _unusable(folder, error) from None
    tasks = list(chunks(plan, games, shard_size))
    paths = [folder / shard_name(seed, start, stop - 1) for _, start, stop in tasks]
    wrote = False  # a shard of this run
    try:
        try:
            check_settings(folder, run_settings(plan, games, shard_size), plan.variant)
            for leftover in [*folder.glob(f"selfplay-*{TEMPORARY}"), *folder.glob(f"{SETTINGS}{TEMPORARY}")]:
                leftover.unlink()  # an incomplete shard or settings file of a killed run
        except OSError as error:  # no permission, a full disk, a folder where the settings go
            raise _unusable(folder, error) from None
        missing = [(task, path) for task, path in zip(tasks, paths, strict=True) if not path.exists()]
        done = games - sum(stop - start for (_, start, stop), _ in missing)
        results = ordered_map(executor, _play_shard, [task for task, _ in missing], window=window(executor))
        try:
            for ((_, start, stop), path), data in zip(missing, results, strict=True):
                try:
                    write_whole(path, data)
                except OSError as error:
                    raise _unusable(folder, error) from None
                wrote = True
                done += stop - start
                if progress is not None:
                    progress(done, games)
        finally:
            results.close()  # cancel the shards not started yet
    except BaseException:
        if new_run and not wrote:  # nothing of the run to resume: the directory as it was
            _undo_new_run(folder, created)
        raise
    return tuple(paths)


def _unusable(folder: Path, error: OSError) -> TournamentError:
    """The error of a self-play directory the system refuses to read or write, naming the file."""
    named = error.filename is not None and Path(error.filename) != folder
    where = f" ({error.filename})" if named else ""
    return TournamentError(f"cannot use the self-play directory {folder}: {error.strerror or error}{where}")


def _undo_new_run(folder: Path, created: list[Path]) -> None:
    """Remove the settings a new run wrote, and the directories it made, left empty, when the
    run fails before its first shard: a later run with other settings must not be refused for
    a run that never wrote a game."""
    (folder / SETTINGS).unlink(missing_ok=True)
    for directory in created:  # the deepest first
        try:
            directory.rmdir()
        except OSError:  # not empty: something else was put there meanwhile
            return


def _as_path(value: object, name: str, expected: str) -> Path:
    """``value`` as a path; ``ArgumentTypeError`` naming the argument when it is none."""
    if isinstance(value, (str, os.PathLike)):
        try:
            return Path(value)
        except TypeError:  # a path-like object of bytes
            pass
    raise ArgumentTypeError(f"{name} must be {expected}, got {safe_repr(value)}")


def _shards(source: object) -> list[Path]:
    """The shards of ``source``: the file itself, or a directory's shards in game order."""
    path = _as_path(source, "source", "the path of a self-play shard or directory")
    if path.is_dir():
        try:
            names = os.listdir(path)  # unlike a glob, says when the directory cannot be read
        except OSError as error:
            raise TournamentError(f"cannot read the directory {path}: {error.strerror or error}") from None
        return sorted(path / name for name in names if fnmatch.fnmatchcase(name, "selfplay-*.jsonl.gz"))
    if not path.exists():
        raise TournamentError(f"no self-play shard or directory at {path}")
    return [path]


def _shard_error(shard: Path, line: int, message: str, *, path: str = "") -> RecordError:
    """A ``malformed_record`` error naming the shard and the line (``path``: where in the
    record, as :class:`~belote.errors.RecordError` says it)."""
    error = RecordError(f"{shard}, line {line}: {message}")
    error.path = path
    return error


def _lines(shard: Path) -> Iterator[tuple[int, bytes]]:
    """The numbered lines of a gzip shard, each at most :data:`~belote.records.MAX_RECORD_LENGTH`
    bytes (as :func:`belote.loads` reads bytes): a longer line is refused, never read whole."""
    with gzip.open(shard) as stream:  # binary: each line as bytes
        for number in itertools.count(1):
            try:
                line = stream.readline(MAX_RECORD_LENGTH + 1)
            except (gzip.BadGzipFile, EOFError, zlib.error) as error:
                raise _shard_error(shard, number, f"not a whole gzip file ({error})") from None
            if not line:
                return
            if len(line) > MAX_RECORD_LENGTH and not line.endswith(b"\n"):
                raise _shard_error(shard, number, f"a line longer than {MAX_RECORD_LENGTH:,} bytes")
            yield number, line


def _records(shards: list[Path]) -> Iterator[tuple[Path, int, dict[str, Any]]]:
    """Every record of ``shards`` with its shard and line: a JSON object read within the
    limits of :func:`belote.loads` (blank lines are skipped), not yet checked as a record."""
    for shard in shards:
        for number, line in _lines(shard):
            if not line.strip():
                continue
            try:
                record = parse_json(line)
            except RecordTextError as error:
                raise _shard_error(shard, number, str(error)) from None
            if not isinstance(record, dict):
                raise _shard_error(shard, number, f"a record must be a JSON object, got {json_type(record)}")
            yield shard, number, record


def read_records(source: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """Every record of a shard, or of all the shards of a directory in game order, one at a
    time (records are JSON data as :func:`belote.to_record` writes).

    Each line is read as :func:`belote.loads` reads text (same limits) and must be a JSON
    object; it is not checked against the record format, which costs more than the reading:
    :func:`belote.replay` checks one, :func:`training_pairs` checks each.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = selfplay(folder, games=2, deals=True, players=("easy", "easy"))
    ...     [record["kind"] for record in read_records(folder)]
    ['round', 'round']

    Raises:
        ArgumentTypeError: ``source`` is not a path (raised at once).
        TournamentError: nothing at ``source`` (raised at once).
        RecordError: while reading, a shard that is not gzip or a line that is not a JSON
            object (``malformed_record``), naming the shard and the line.
    """
    shards = _shards(source)
    return (record for _shard, _line, record in _records(shards))


def _action(entry: dict[str, Any], seat: Seat) -> Call | Play:
    if "call" in entry:
        return parse_call(entry["call"])
    shown = tuple(
        Declaration(seat, CardSet.of(map(Card.parse, cards))) for cards in entry.get("declarations", ())
    )
    return Play(Card.parse(entry["card"]), belote=bool(entry.get("belote")), declarations=shown)


def _round_pairs(
    state: RoundState, actions: list[dict[str, Any]], progress: Match | None
) -> Generator[tuple[PlayerView, Call | Play], None, RoundState]:
    for entry in actions:
        seat = state.to_act
        assert seat is not None  # the record was replayed: every action has a seat to act
        yield observe(state, seat, match=progress), _action(entry, seat)
        state = apply_actions(state, [entry])
    return state


def _start(variant: Variant, entry: dict[str, Any], seed: int | str | None) -> RoundState:
    """A round's state before its first action: as dealt (from its deck, or from ``seed`` when
    it gives none, as :func:`belote.replay` deals it), or, for a round a record gives with its
    contract and no auction (record version 2), as the contract leaves it. The record was
    replayed first: no deal number is needed for an error's message."""
    return replay_round(variant, {**entry, "actions": []}, seed=seed, number=None)


def _decisions(record: dict[str, Any]) -> Iterator[tuple[PlayerView, Call | Play]]:
    """The (view, action) pairs of a record that :func:`belote.replay` accepts."""
    record = integers(record)  # 1.0 read as 1, as the replay reads it
    variant = variant_from_json(record["variant"])
    if record["kind"] == "round":
        start = _start(variant, record, record.get("seed"))
        yield from _round_pairs(start, record["actions"], None)
        return
    progress = match(variant, seed=record.get("seed"), first_dealer=Seat(record["first_dealer"]))
    for entry in record["deals"]:
        start = _start(variant, entry, progress.deal_seed())  # the seed of the deal it is at
        final = yield from _round_pairs(start, entry["actions"], progress)
        progress = progress.record(final)


def _record_pairs(shard: Path, line: int, record: dict[str, Any]) -> list[tuple[PlayerView, Call | Play]]:
    """Every pair of one record, once :func:`belote.replay` accepts it (the schema, every
    action, the recorded scores): a malformed record gives no pair, but an error naming its
    shard and line."""
    try:
        replay(record)
    except RecordError as error:
        raise _shard_error(shard, line, str(error), path=error.path) from None
    except ReplayError as error:
        raise ReplayError(
            f"{error.detail} (in {shard}, line {line})",
            index=error.index,
            seat=error.seat,
            reason=error.reason,
            deal=error.deal,
        ) from error
    return list(_decisions(record))


def training_pairs(source: str | os.PathLike[str]) -> Iterator[tuple[PlayerView, Call | Play]]:
    """The (view, action) pair of every decision in the records of ``source`` (a shard or a
    directory), in play order: the :class:`~belote.views.PlayerView` of the seat to act
    (with the match score in match records) and the :class:`~belote.calls.Call` or
    :class:`~belote.agents.Play` it chose.

    Each record is checked as :func:`belote.replay` checks it (the record format, every action
    through the rules, the recorded scores) before its first pair is given, so a malformed
    record gives no pair but an error naming its shard and line.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = selfplay(folder, games=1, deals=True, players=("easy", "easy"))
    ...     pairs = list(training_pairs(folder))
    >>> all(view.is_to_act for view, _ in pairs)
    True

    Raises:
        ArgumentTypeError: ``source`` is not a path (raised at once).
        TournamentError: nothing at ``source`` (raised at once).
        RecordError: while reading, what :func:`read_records` refuses, or a record that does
            not follow the record format (``malformed_record``), naming the shard and line.
        ReplayError: while reading, a record whose actions or scores the rules refuse
            (as :func:`belote.replay` says), naming the shard and line.
    """
    shards = _shards(source)
    return (pair for shard, line, record in _records(shards) for pair in _record_pairs(shard, line, record))
