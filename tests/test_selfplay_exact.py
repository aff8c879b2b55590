"""Exact values of belote.selfplay that mutation testing (mutmut 3.8) checks: the shards' names
and bytes, the settings a run writes, which shards a resumed run plays and the progress it
reports, what a run leaves when it fails (its temporary files, its settings, the folders it
made), every refusal with its exact message, the order in which shards are handed to an
executor and read back, and the reading: which files of a directory are shards, each line's
number and limits, and the (view, action) pairs of round and match records, against the views
the players saw when they played.

The self-play tests (test_selfplay.py) start a process pool, which deadlocks in mutmut's forked
runners, and are left out of its runs: these play a few single deals of the easy level in this
process (a few milliseconds each), on no executor or on the in-thread stand-ins of
tests/_executor_stand_ins.py."""

from __future__ import annotations

import functools
import gzip
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import belote
from _executor_stand_ins import LazyExecutor
from belote import CLASSIC, Play, RecordError, ReplayError, TournamentError
from belote import _selfplay_settings as settings_module
from belote.agents import EasyAgent
from belote.bidding import Pass, parse_call
from belote.cards import Card, CardSet
from belote.declarations import Declaration
from belote.errors import ArgumentTypeError, Reason
from belote.records._text import RecordTextError, parse_json
from belote.records.variant import variant_to_json
from belote.seats import Seat
from belote.selfplay import MAX_SEED_DIGITS, read_records, selfplay, shard_name, training_pairs
from belote.tournament.plan import make_plan, play_chunk
from belote.views import PlayerView

module: Any = sys.modules["belote.selfplay"]  # belote.selfplay is also the function's name

OPTIONS: dict[str, Any] = {"games": 5, "shard_size": 2, "players": ("easy", "easy"), "seed": 3, "deals": True}


def run(folder: str | os.PathLike[str], **changes: Any) -> tuple[Path, ...]:
    return selfplay(folder, **{**OPTIONS, **changes})


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def expected_shard(start: int, stop: int, **changes: Any) -> bytes:
    """The bytes of the shard of games ``start`` to ``stop - 1`` of ``run``, made here."""
    options = {**OPTIONS, **changes}
    plan = make_plan(
        options["players"],
        games=options["games"],
        variant=CLASSIC,
        seed=options["seed"],
        deals=options["deals"],
        seating="fixed",
        records=True,
        executor=None,
    )
    text = "".join(record + "\n" for result in play_chunk((plan, start, stop)) for record in result.records)
    return gzip.compress(text.encode("utf-8"), mtime=0)


# -- names and shards --------------------------------------------------------------------------


def test_shard_names() -> None:
    assert shard_name(7, 0, 99) == "selfplay-s7-000000000-000000099.jsonl.gz"
    assert shard_name(-3, 5, 1_234_567_890) == "selfplay-s-3-000000005-1234567890.jsonl.gz"
    assert MAX_SEED_DIGITS == 200


def test_a_shard_is_the_gzip_of_its_records_one_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    tasks: list[object] = []

    def chunk(task: object) -> list[Any]:
        tasks.append(task)
        return [
            SimpleNamespace(records=("a", "é")),
            SimpleNamespace(records=()),
            SimpleNamespace(records=("c",)),
        ]

    monkeypatch.setattr(module, "play_chunk", chunk)
    task: Any = ("plan", 4, 7)
    data = module._play_shard(task)
    assert tasks == [task]
    assert data == gzip.compress("a\né\nc\n".encode(), mtime=0)


# -- a run -------------------------------------------------------------------------------------


def test_a_run_writes_its_shards_and_settings(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    progress: list[tuple[int, int]] = []
    paths = run(folder, progress=lambda done, games: progress.append((done, games)))
    names = [shard_name(3, 0, 1), shard_name(3, 2, 3), shard_name(3, 4, 4)]
    assert paths == tuple(folder / name for name in names)
    assert progress == [(2, 5), (4, 5), (5, 5)]
    written = files(folder)
    assert sorted(written) == sorted([*names, "selfplay.json"])
    assert json.loads(written["selfplay.json"]) == {
        "variant": variant_to_json(CLASSIC),
        "players": ["easy", "easy"],
        "seed": 3,
        "games": 5,
        "deals": True,
        "seating": "fixed",
        "shard_size": 2,
    }
    for name, (start, stop) in zip(names, [(0, 2), (2, 4), (4, 5)], strict=True):
        assert written[name] == expected_shard(start, stop)


def test_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    planned: list[tuple[Any, dict[str, Any]]] = []
    real_make_plan = module.make_plan

    def spy(players: Any, **options: Any) -> Any:
        planned.append((players, options))
        return real_make_plan(("easy", "easy"), **{**options, "deals": True})

    monkeypatch.setattr(module, "make_plan", spy)
    paths = selfplay(tmp_path, games=101)
    assert planned == [
        (
            ("normal", "normal"),
            {
                "games": 101,
                "variant": CLASSIC,
                "seed": 0,
                "deals": False,
                "seating": belote.Seating.FIXED,
                "records": True,
                "executor": None,
            },
        )
    ]
    assert [path.name for path in paths] == [shard_name(0, 0, 99), shard_name(0, 100, 100)]


def note(progress: list[tuple[int, int]], done: int, games: int) -> None:
    progress.append((done, games))


def test_a_resumed_run_plays_only_the_missing_shards(tmp_path: Path) -> None:
    run(tmp_path)
    whole = files(tmp_path)
    names = [shard_name(3, 0, 1), shard_name(3, 2, 3), shard_name(3, 4, 4)]
    for missing, reported in (
        ([0, 2], [(4, 5), (5, 5)]),
        ([1], [(5, 5)]),
        ([2], [(5, 5)]),
        ([0, 1, 2], [(2, 5), (4, 5), (5, 5)]),
    ):
        for index in missing:
            (tmp_path / names[index]).unlink()
        progress: list[tuple[int, int]] = []
        paths = run(tmp_path, progress=functools.partial(note, progress))
        assert progress == reported
        assert paths == tuple(tmp_path / name for name in names)
        assert files(tmp_path) == whole
    # a shard already there is kept as it is, not played again
    (tmp_path / names[1]).write_bytes(b"kept")
    progress = []
    assert run(tmp_path, progress=functools.partial(note, progress))[1] == tmp_path / names[1]
    assert progress == []
    assert (tmp_path / names[1]).read_bytes() == b"kept"


def test_the_leftovers_of_a_killed_run_are_removed(tmp_path: Path) -> None:
    run(tmp_path)
    whole = files(tmp_path)
    leftovers = ["selfplay-s3-000000000-000000001.jsonl.gz.tmp", "selfplay-anything.tmp", "selfplay.json.tmp"]
    kept = ["other.tmp", "notes.json.tmp", "selfplay.tmp.txt"]
    for name in leftovers + kept:
        (tmp_path / name).write_bytes(b"half")
    run(tmp_path)
    assert files(tmp_path) == {**whole, **dict.fromkeys(kept, b"half")}


def test_a_new_run_leftovers_are_removed_too(tmp_path: Path) -> None:
    (tmp_path / "selfplay.json.tmp").write_bytes(b"half")
    (tmp_path / "selfplay-s3-000000000-000000001.jsonl.gz.tmp").write_bytes(b"half")
    run(tmp_path)
    assert sorted(files(tmp_path)) == sorted(
        ["selfplay.json", shard_name(3, 0, 1), shard_name(3, 2, 3), shard_name(3, 4, 4)]
    )


@pytest.mark.parametrize("seed", [10**199, -(10**199), 10**199 - 1])
def test_a_seed_of_200_digits_names_its_shards(tmp_path: Path, seed: int) -> None:
    (path,) = run(tmp_path, seed=seed, games=1, shard_size=1)
    assert path.name == f"selfplay-s{seed}-000000000-000000000.jsonl.gz"


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        (
            {"seed": 10**200},
            TournamentError,
            "a self-play seed names its shard files: at most 200 digits, got 201",
        ),
        (
            {"seed": -(10**200)},
            TournamentError,
            "a self-play seed names its shard files: at most 200 digits, got 201",
        ),
        ({"shard_size": 2.0}, ArgumentTypeError, "shard_size must be an int, got 2.0"),
        ({"shard_size": True}, ArgumentTypeError, "shard_size must be an int, got True"),
        ({"shard_size": "2"}, ArgumentTypeError, "shard_size must be an int, got '2'"),
        ({"shard_size": 0}, TournamentError, "shard_size must be at least 1, got 0"),
        ({"shard_size": -2}, TournamentError, "shard_size must be at least 1, got -2"),
        ({"progress": 5}, ArgumentTypeError, "progress must be a function or None, got 5"),
        ({"games": 0}, TournamentError, "games must be at least 1, got 0"),
        ({"deals": "no"}, ArgumentTypeError, "deals must be a bool, got 'no'"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_written(
    tmp_path: Path, changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        run(tmp_path / "run", **changes)
    assert str(raised.value) == message
    assert type(raised.value) is error
    assert getattr(raised.value, "reason", None) is Reason.BAD_ARGUMENT
    assert list(tmp_path.iterdir()) == []


class BytesPath:
    """A path-like object of bytes, which Path refuses."""

    def __fspath__(self) -> bytes:
        return b"run"

    def __repr__(self) -> str:
        return "BytesPath()"


@pytest.mark.parametrize(("directory", "shown"), [(5, "5"), (b"run", "b'run'"), (BytesPath(), "BytesPath()")])
def test_a_directory_that_is_no_path_is_refused(directory: Any, shown: str) -> None:
    with pytest.raises(ArgumentTypeError) as raised:
        selfplay(directory, games=1)
    assert str(raised.value) == f"directory must be a directory's path, got {shown}"


def test_a_directory_given_as_text_or_path_like(tmp_path: Path) -> None:
    class Folder:
        def __fspath__(self) -> str:
            return str(tmp_path / "like")

    assert run(tmp_path / "text", games=1)[0].parent == tmp_path / "text"
    assert run(str(tmp_path / "str"), games=1)[0].parent == tmp_path / "str"
    assert run(Folder(), games=1)[0].parent == tmp_path / "like"


def test_a_file_where_the_directory_goes_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    with pytest.raises(TournamentError) as raised:
        run(blocker)
    assert str(raised.value) == f"{blocker} is not a directory"
    with pytest.raises(TournamentError) as raised:
        run(blocker / "sub")
    assert str(raised.value) == f"cannot use the self-play directory {blocker / 'sub'}: Not a directory"
    assert raised.value.reason is Reason.BAD_ARGUMENT
    assert files(tmp_path) == {"file": b""}


def test_a_folder_where_the_settings_go_is_refused(tmp_path: Path) -> None:
    (tmp_path / "selfplay.json").mkdir()
    with pytest.raises(TournamentError) as raised:
        run(tmp_path)
    assert str(raised.value) == (
        f"cannot use the self-play directory {tmp_path}: Is a directory ({tmp_path / 'selfplay.json'})"
    )
    assert [path.name for path in tmp_path.iterdir()] == ["selfplay.json"]


def test_the_error_of_an_unusable_directory(tmp_path: Path) -> None:
    def message(error: OSError) -> str:
        made = module._unusable(tmp_path, error)
        assert type(made) is TournamentError
        assert made.reason is Reason.BAD_ARGUMENT
        return str(made)

    start = f"cannot use the self-play directory {tmp_path}: "
    assert message(OSError(28, "No space left on device", str(tmp_path / "x"))) == (
        f"{start}No space left on device ({tmp_path / 'x'})"
    )
    assert message(OSError(13, "Permission denied", str(tmp_path))) == f"{start}Permission denied"
    assert message(OSError(13, "Permission denied")) == f"{start}Permission denied"
    assert message(OSError("no errno")) == f"{start}no errno"


def full_disk_after(shards: int) -> Any:
    """A write_whole that writes ``shards`` shards (and every settings file), then finds the
    disk full."""
    real = module.write_whole
    written: list[Path] = []

    def write(path: Path, data: bytes) -> None:
        if len(written) >= shards:
            raise OSError(28, "No space left on device", str(path) + ".tmp")
        written.append(path)
        real(path, data)

    return write


def test_a_new_run_that_writes_no_shard_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(module, "write_whole", full_disk_after(0))
    folder = tmp_path / "a" / "b" / "run"
    with pytest.raises(TournamentError) as raised:
        run(folder)
    shard = folder / shard_name(3, 0, 1)
    assert str(raised.value) == (
        f"cannot use the self-play directory {folder}: No space left on device ({shard}.tmp)"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_run_that_wrote_a_shard_keeps_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "write_whole", full_disk_after(1))
    with pytest.raises(TournamentError, match="No space left on device"):
        run(tmp_path / "run")
    assert sorted(files(tmp_path / "run")) == ["selfplay-s3-000000000-000000001.jsonl.gz", "selfplay.json"]


def no_agent(seed: int) -> EasyAgent:
    raise RuntimeError("no agent today")


def test_a_failed_new_run_removes_the_folders_it_made(tmp_path: Path) -> None:
    for folder in (tmp_path / "a" / "b" / "run", tmp_path / "stray" / ".." / "run", tmp_path):
        with pytest.raises(RuntimeError, match="no agent today"):
            run(folder, players=(no_agent, "easy"))
        assert tmp_path.is_dir()
        assert list(tmp_path.iterdir()) == []


def test_a_failed_run_of_an_existing_directory_keeps_its_settings(tmp_path: Path) -> None:
    run(tmp_path, players=("easy", "easy"))
    for path in tmp_path.glob("selfplay-*"):
        path.unlink()
    settings = (tmp_path / "selfplay.json").read_bytes()

    def failing(seed: int) -> EasyAgent:
        raise RuntimeError("no agent today")

    # the same settings (a player named "easy"), played by another factory that fails
    failing.__qualname__ = "easy"
    with pytest.raises(RuntimeError, match="no agent today"):
        run(tmp_path, players=(failing, "easy"))
    assert files(tmp_path) == {"selfplay.json": settings}


def test_a_failed_new_run_stops_at_a_folder_something_else_filled(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "run"

    def intruder(seed: int) -> EasyAgent:
        (folder / "intruder.txt").write_bytes(b"")
        raise RuntimeError("no agent today")

    with pytest.raises(RuntimeError, match="no agent today"):
        run(folder, players=(intruder, "easy"))
    assert files(folder) == {"intruder.txt": b""}
    assert [path.name for path in tmp_path.iterdir()] == ["a"]


def test_the_executor_is_checked_as_a_tournament_checks_it(tmp_path: Path) -> None:
    with pytest.raises(ArgumentTypeError) as raised:
        run(tmp_path / "run", executor="pool")
    assert str(raised.value) == "executor must be a concurrent.futures.Executor or None, got 'pool'"
    with pytest.raises(ArgumentTypeError, match=r"^players must be picklable to run in a process pool: "):
        run(tmp_path / "run", executor=UnstartedPool(), players=("easy", lambda seed: EasyAgent(seed=seed)))
    assert list(tmp_path.iterdir()) == []


class UnstartedPool(ProcessPoolExecutor):
    """A process pool as the checks see it (its type), that starts nothing."""

    def __init__(self) -> None:
        pass


def test_settings_that_name_the_variant_only_are_written_whole(tmp_path: Path) -> None:
    run(tmp_path)
    whole = files(tmp_path)
    settings = json.loads(whole["selfplay.json"])
    (tmp_path / "selfplay.json").write_text(json.dumps({**settings, "variant": "classic"}), encoding="utf-8")
    run(tmp_path)
    assert files(tmp_path) == whole


def test_a_new_run_that_cannot_write_its_settings_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device", str(path) + ".tmp")

    monkeypatch.setattr(settings_module, "write_whole", full)
    folder = tmp_path / "new" / "run"
    with pytest.raises(TournamentError) as raised:
        run(folder)
    settings = folder / "selfplay.json"
    assert str(raised.value) == (
        f"cannot use the self-play directory {folder}: No space left on device ({settings}.tmp)"
    )
    assert list(tmp_path.iterdir()) == []


def test_shards_are_handed_to_the_executor_in_a_window(tmp_path: Path) -> None:
    executor = LazyExecutor(workers=1, name_of=lambda task: task[1])  # a window of 16 shards
    log = executor.log

    def progress(done: int, games: int) -> None:
        log.append(("written", done))

    paths = run(tmp_path / "paced", games=18, shard_size=1, executor=executor, progress=progress)
    assert len(paths) == 18
    expected: list[tuple[str, object]] = [("submit", index) for index in range(16)]
    expected += [("run", 0), ("written", 1), ("submit", 16), ("run", 1), ("written", 2)]
    expected += [("submit", 17), ("run", 2), ("written", 3)]
    for index in range(3, 18):
        expected += [("run", index), ("written", index + 1)]
    assert log == expected
    unpaced = tmp_path / "unpaced"
    run(unpaced, games=18, shard_size=1)
    assert files(unpaced) == files(tmp_path / "paced")


def test_the_shards_not_started_are_cancelled_when_a_run_stops(tmp_path: Path) -> None:
    executor = LazyExecutor(workers=1, name_of=lambda task: task[1])

    def stop(done: int, games: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(tmp_path, games=18, shard_size=1, executor=executor, progress=stop)
    assert [future.cancelled() for future in executor.futures] == [False] + [True] * 15
    assert executor.log[-1] == ("run", 0)
    assert sorted(files(tmp_path)) == [shard_name(3, 0, 0), "selfplay.json"]


# -- reading -----------------------------------------------------------------------------------


def write_shard(path: Path, data: bytes) -> Path:
    path.write_bytes(gzip.compress(data, mtime=0))
    return path


def test_the_shards_of_a_directory_in_order(tmp_path: Path) -> None:
    for name, text in [
        ("selfplay-b.jsonl.gz", '{"n": 2}\n'),
        ("selfplay-a.jsonl.gz", '{"n": 1}\n{"n": 1.5}\n'),
        ("selfplay-c.jsonl.gz.tmp", '{"n": 3}\n'),
        ("SELFPLAY-d.jsonl.gz", '{"n": 4}\n'),
        ("other.jsonl.gz", '{"n": 5}\n'),
        ("selfplay-e.jsonl", '{"n": 6}\n'),
    ]:
        write_shard(tmp_path / name, text.encode())
    (tmp_path / "selfplay-dir.jsonl.gz.d").mkdir()
    assert module._shards(tmp_path) == [tmp_path / "selfplay-a.jsonl.gz", tmp_path / "selfplay-b.jsonl.gz"]
    assert list(read_records(tmp_path)) == [{"n": 1}, {"n": 1.5}, {"n": 2}]
    assert list(read_records(str(tmp_path / "other.jsonl.gz"))) == [{"n": 5}]
    assert module._shards(tmp_path / "other.jsonl.gz") == [tmp_path / "other.jsonl.gz"]


def test_a_source_that_is_no_path_or_nothing(tmp_path: Path) -> None:
    for read in (read_records, training_pairs):
        with pytest.raises(ArgumentTypeError) as raised:
            read(5)  # type: ignore[arg-type]
        assert str(raised.value) == "source must be the path of a self-play shard or directory, got 5"
        with pytest.raises(TournamentError) as missing:
            read(tmp_path / "missing")
        assert str(missing.value) == f"no self-play shard or directory at {tmp_path / 'missing'}"
    assert list(read_records(tmp_path)) == []
    assert list(training_pairs(tmp_path)) == []


def test_a_directory_the_system_will_not_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[OSError] = [PermissionError(13, "Permission denied", str(tmp_path)), OSError("gone")]

    def refused(path: Any) -> list[str]:
        raise errors.pop(0)

    monkeypatch.setattr(module.os, "listdir", refused)
    with pytest.raises(TournamentError) as raised:
        read_records(tmp_path)
    assert str(raised.value) == f"cannot read the directory {tmp_path}: Permission denied"
    with pytest.raises(TournamentError) as raised:
        training_pairs(tmp_path)
    assert str(raised.value) == f"cannot read the directory {tmp_path}: gone"


def refusal(shard: Path, line: int, message: str) -> str:
    return f"{shard}, line {line}: {message}"


@pytest.mark.parametrize(
    ("data", "line", "message"),
    [
        (b"not gzip at all", 1, "not a whole gzip file (Not a gzipped file (b'no'))"),
        (
            gzip.compress(b'{"a":1}\n{"b":2}\n', mtime=0) + b"garbage!!",
            3,
            "not a whole gzip file (Not a gzipped file (b'ga'))",
        ),
        (
            gzip.compress(b'{"a":1}\n{"b":2}\n', mtime=0)[:20],
            2,
            "not a whole gzip file (Compressed file ended before the end-of-stream marker was reached)",
        ),
        (
            gzip.compress(b'{"a":1}\n{"b":2}\n', mtime=0)[:10] + b"\xff" * 6 + b"\x00" * 20,
            1,
            "not a whole gzip file (Error -3 while decompressing data: invalid block type)",
        ),
    ],
)
def test_a_file_that_is_no_whole_gzip_shard(tmp_path: Path, data: bytes, line: int, message: str) -> None:
    shard = tmp_path / "broken.jsonl.gz"
    shard.write_bytes(data)
    for read in (read_records, training_pairs) if line == 1 else (read_records,):
        with pytest.raises(RecordError) as raised:
            list(read(shard))
        assert str(raised.value) == refusal(shard, line, message)
        assert raised.value.path == ""
        assert raised.value.reason is Reason.MALFORMED_RECORD


def record_of(size: int) -> bytes:
    """A JSON object of exactly ``size`` bytes."""
    text = b'{"a":""}'
    return text[:-2] + b"x" * (size - len(text)) + text[-2:]


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        ([record_of(2000)], None),  # the last line, with no newline, at the limit
        ([record_of(2000) + b"\n", record_of(10)], None),
        ([record_of(10) + b"\n", record_of(2001)], 2),
        ([record_of(10) + b"\n", record_of(2001) + b"\n"], 2),
        ([record_of(2002) + b"\n"], 1),
    ],
)
def test_the_longest_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: list[bytes], error: int | None
) -> None:
    monkeypatch.setattr(module, "MAX_RECORD_LENGTH", 2000)
    shard = write_shard(tmp_path / "long.jsonl.gz", b"".join(lines))
    if error is None:
        assert [len(json.dumps(record, separators=(",", ":"))) for record in read_records(shard)] == [
            len(line.strip()) for line in lines
        ]
    else:
        with pytest.raises(RecordError) as raised:
            list(read_records(shard))
        assert str(raised.value) == refusal(shard, error, "a line longer than 2,000 bytes")


def test_blank_lines_are_skipped_but_counted(tmp_path: Path) -> None:
    shard = write_shard(tmp_path / "s.jsonl.gz", b'{"a": 1}\n\n  \t\n{"b": [2]}\n\n"text"\n')
    records = read_records(shard)
    assert next(records) == {"a": 1}
    assert next(records) == {"b": [2]}
    with pytest.raises(RecordError) as raised:
        next(records)
    assert str(raised.value) == refusal(shard, 6, "a record must be a JSON object, got string")
    assert list(module._lines(shard)) == [
        (1, b'{"a": 1}\n'),
        (2, b"\n"),
        (3, b"  \t\n"),
        (4, b'{"b": [2]}\n'),
        (5, b"\n"),
        (6, b'"text"\n'),
    ]


@pytest.mark.parametrize(("line", "kind"), [(b"[1]", "array"), (b"null", "null"), (b"2.5", "number")])
def test_a_line_that_is_no_object(tmp_path: Path, line: bytes, kind: str) -> None:
    shard = write_shard(tmp_path / "s.jsonl.gz", b'{"a": 1}\n' + line + b"\n")
    with pytest.raises(RecordError) as raised:
        list(read_records(shard))
    assert str(raised.value) == refusal(shard, 2, f"a record must be a JSON object, got {kind}")


def test_a_line_that_is_no_json(tmp_path: Path) -> None:
    shard = write_shard(tmp_path / "s.jsonl.gz", b'{"a": 1}\n{"a": \n')
    with pytest.raises(RecordTextError) as parsed:
        parse_json(b'{"a": \n')
    with pytest.raises(RecordError) as raised:
        list(read_records(shard))
    assert str(raised.value) == refusal(shard, 2, str(parsed.value))
    assert raised.value.reason is Reason.MALFORMED_RECORD


def test_records_with_their_shard_and_line(tmp_path: Path) -> None:
    first = write_shard(tmp_path / "1.jsonl.gz", b'{"a": 1}\n\n{"a": 2}\n')
    second = write_shard(tmp_path / "2.jsonl.gz", b'{"a": 3}\n')
    assert list(module._records([first, second])) == [
        (first, 1, {"a": 1}),
        (first, 3, {"a": 2}),
        (second, 1, {"a": 3}),
    ]


# -- training pairs ----------------------------------------------------------------------------


class Recording:
    """An easy agent that keeps every (view, action) pair it was asked for; it declares every
    declaration it may show (``declares``)."""

    def __init__(self, seed: int, pairs: list[tuple[PlayerView, Any]], declares: bool = False) -> None:
        self.agent = EasyAgent(seed=seed)
        self.pairs = pairs
        self.declares = declares

    def choose_call(self, view: PlayerView) -> Any:
        call = self.agent.choose_call(view)
        self.pairs.append((view, call))
        return call

    def choose_play(self, view: PlayerView) -> Play:
        # no belote announced (a Play announces it by default when it can): the record then
        # says just what the player chose
        choice = self.agent.choose_play(view)
        shown = max(view.legal_declarations, key=len, default=()) if self.declares else choice.declarations
        choice = Play(choice.card, belote=False, declarations=shown)
        self.pairs.append((view, choice))
        return choice


def recorded_round(
    seed: int, dealer: int = 1, declares: bool = False, variant: belote.Variant = CLASSIC
) -> tuple[dict[str, Any], list[tuple[PlayerView, Any]]]:
    pairs: list[tuple[PlayerView, Any]] = []
    agents = [Recording(seat, pairs, declares) for seat in range(4)]
    final = belote.play_round(variant, agents, seed=seed, dealer=Seat(dealer))
    return belote.to_record(final), pairs


def recorded_match(
    seed: int, first_dealer: Seat | None = None
) -> tuple[dict[str, Any], list[tuple[PlayerView, Any]]]:
    pairs: list[tuple[PlayerView, Any]] = []
    agents = [Recording(seat, pairs) for seat in range(4)]
    final = belote.play_match(CLASSIC, agents, seed=seed, first_dealer=first_dealer)
    return belote.to_record(final), pairs


def shard_of(folder: Path, *records: dict[str, Any]) -> Path:
    text = "".join(json.dumps(record) + "\n" for record in records)
    return write_shard(folder / "records.jsonl.gz", text.encode("utf-8"))


def test_the_pairs_of_round_records_are_what_the_players_saw(tmp_path: Path) -> None:
    played, played_pairs = recorded_round(6)
    passed, passed_pairs = recorded_round(2, dealer=3)
    assert played["actions"][-1].get("card")
    assert len(passed["actions"]) == 8
    pairs = list(training_pairs(shard_of(tmp_path, played, passed)))
    assert pairs == played_pairs + passed_pairs
    assert [type(action) for _, action in pairs[:4]] == [type(action) for _, action in played_pairs[:4]]


def test_the_pairs_of_a_round_with_declarations(tmp_path: Path) -> None:
    for seed in range(40):  # coinche has declarations (classic's are off by default)
        played, played_pairs = recorded_round(seed, declares=True, variant=belote.COINCHE)
        if any(entry.get("declarations") for entry in played["actions"]):
            break
    assert list(training_pairs(shard_of(tmp_path, played))) == played_pairs
    declared = [
        action.declarations for _, action in played_pairs if isinstance(action, Play) and action.declarations
    ]
    assert declared
    assert all(declaration.seat is not None for shown in declared for declaration in shown)


def test_the_pairs_of_a_match_whose_first_dealer_is_not_its_seeds(tmp_path: Path) -> None:
    assert belote.match(CLASSIC, seed=2).first_dealer is Seat.SOUTH
    for first_dealer in (Seat.NORTH, Seat.EAST):
        game, game_pairs = recorded_match(2, first_dealer)
        assert game["first_dealer"] == int(first_dealer)
        no_decks = {
            **game,
            "deals": [{k: v for k, v in entry.items() if k != "deck"} for entry in game["deals"]],
        }
        assert list(training_pairs(shard_of(tmp_path, game, no_decks))) == game_pairs + game_pairs
    game, game_pairs = recorded_match(None, Seat.WEST)  # type: ignore[arg-type]
    assert game["seed"] is None
    assert list(training_pairs(shard_of(tmp_path, game))) == game_pairs


def test_the_pairs_of_a_round_dealt_from_its_seed(tmp_path: Path) -> None:
    played, played_pairs = recorded_round(6)
    seeded = {key: value for key, value in played.items() if key != "deck"}
    seeded["seed"] = 6
    assert list(training_pairs(shard_of(tmp_path, seeded))) == played_pairs


def test_the_pairs_of_a_match_carry_its_score(tmp_path: Path) -> None:
    game, game_pairs = recorded_match(2)
    assert len(game["deals"]) > 2
    no_decks = {**game, "deals": [{k: v for k, v in entry.items() if k != "deck"} for entry in game["deals"]]}
    shard = shard_of(tmp_path, game, no_decks)
    pairs = list(training_pairs(shard))
    assert pairs == game_pairs + game_pairs
    assert pairs[-1][0].scores != (0, 0)


def test_integral_floats_read_as_ints(tmp_path: Path) -> None:
    game, game_pairs = recorded_match(2)
    floats = {**game, "first_dealer": float(game["first_dealer"])}
    floats["deals"] = [{**entry, "dealer": float(entry["dealer"])} for entry in game["deals"]]
    assert list(training_pairs(shard_of(tmp_path, floats))) == game_pairs


def test_actions_read_from_a_record() -> None:
    assert module._action({"seat": 1, "call": "pass"}, Seat.WEST) == Pass()
    assert module._action({"call": "H"}, Seat.WEST) == parse_call("H")
    assert module._action({"card": "AS"}, Seat.EAST) == Play(Card.parse("AS"), belote=False)
    assert module._action({"card": "AS", "belote": False}, Seat.EAST) == Play(Card.parse("AS"), belote=False)
    assert module._action({"card": "AS", "belote": True}, Seat.EAST) == Play(Card.parse("AS"), belote=True)
    shown = module._action(
        {"card": "QH", "belote": True, "declarations": [["7S", "8S", "9S"], ["JC", "JD", "JH", "JS"]]},
        Seat.SOUTH,
    )
    assert shown == Play(
        Card.parse("QH"),
        belote=True,
        declarations=(
            Declaration(Seat.SOUTH, CardSet.of(map(Card.parse, ["7S", "8S", "9S"]))),
            Declaration(Seat.SOUTH, CardSet.of(map(Card.parse, ["JC", "JD", "JH", "JS"]))),
        ),
    )


def test_a_malformed_record_names_its_shard_and_line(tmp_path: Path) -> None:
    played, _ = recorded_round(6)
    shard = shard_of(tmp_path, played, {**played, "dealer": 7})
    pairs = training_pairs(shard)
    for _ in played["actions"]:
        next(pairs)
    with pytest.raises(RecordError) as raised:
        next(pairs)
    assert str(raised.value) == refusal(shard, 2, "dealer: must be 0..3, got 7")
    assert raised.value.path == "dealer"
    assert raised.value.reason is Reason.MALFORMED_RECORD


def test_a_record_the_rules_refuse_names_its_shard_and_line(tmp_path: Path) -> None:
    played, _ = recorded_round(2, dealer=3)  # passed out
    played["actions"].append({"seat": 3, "call": "pass"})
    with pytest.raises(ReplayError) as replayed:
        belote.replay(played)
    shard = shard_of(tmp_path, played)
    with pytest.raises(ReplayError) as raised:
        list(training_pairs(shard))
    error = raised.value
    assert error.detail == f"{replayed.value.detail} (in {shard}, line 1)"
    assert str(error) == f"action 8, seat 3: {replayed.value.detail} (in {shard}, line 1) [wrong_phase]"
    assert (error.index, error.seat, error.reason, error.deal) == (8, Seat.EAST, Reason.WRONG_PHASE, None)
    assert isinstance(error.__cause__, ReplayError)


def test_a_match_record_the_rules_refuse_names_its_deal(tmp_path: Path) -> None:
    game, _ = recorded_match(2)
    game["deals"][1]["actions"][0] = {
        **game["deals"][1]["actions"][0],
        "seat": (game["deals"][1]["actions"][0]["seat"] + 1) % 4,
    }
    with pytest.raises(ReplayError) as replayed:
        belote.replay(game)
    shard = shard_of(tmp_path, game)
    with pytest.raises(ReplayError) as raised:
        list(training_pairs(shard))
    error = raised.value
    original = replayed.value
    assert error.detail == f"{original.detail} (in {shard}, line 1)"
    assert str(error) == f"deal 2, action 0, seat {int(error.seat or 0)}: {error.detail} [{original.reason}]"
    assert (error.index, error.seat, error.reason, error.deal) == (
        original.index,
        original.seat,
        original.reason,
        1,
    )
    assert (error.index, error.reason) == (0, original.reason)
    assert error.seat is not None


def test_pairs_are_read_one_record_at_a_time(tmp_path: Path) -> None:
    played, played_pairs = recorded_round(6)
    shard = shard_of(tmp_path, played)
    shard.write_bytes(gzip.compress((json.dumps(played) + "\n").encode(), mtime=0) + b"garbage")
    pairs: Iterator[Any] = training_pairs(shard)
    assert [next(pairs) for _ in played_pairs] == played_pairs
    with pytest.raises(RecordError, match="line 2: not a whole gzip file"):
        next(pairs)
