"""Resuming a tournament from its output file: the same results as a run never stopped, and
refusals, with the file untouched, for a file that another tournament wrote."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote
from belote import BULGARIAN, CLASSIC_501, TournamentError, tournament
from belote.agents import NormalAgent
from belote.errors import Reason
from belote.tournament import GameResult
from belote.tournament.output import stored_results

PLAYERS = ("normal", "easy")


def run(path: Path | None, games: int, **options: Any) -> tuple[list[GameResult], Any]:
    results: list[GameResult] = []
    options = {"deals": True, **options}
    summary = tournament(PLAYERS, games=games, output=path, on_game=results.append, **options)
    return results, summary


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[GameResult], Any, str]:
    """A run of 6 games never stopped: its results, summary and file."""
    path = tmp_path_factory.mktemp("whole") / "games.jsonl"
    results, summary = run(path, 6, seating="duplicate", records=True)
    return results, summary, path.read_text(encoding="utf-8")


def lines_without_seconds(text: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in text.splitlines()]
    for row in rows:
        del row["seconds"]
    return rows


@pytest.mark.parametrize("stopped_after", [0, 1, 4, 6])
def test_a_resumed_run_ends_as_a_run_never_stopped(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str], stopped_after: int
) -> None:
    results, summary, text = whole
    path = tmp_path / "games.jsonl"
    if stopped_after:
        run(path, stopped_after, seating="duplicate", records=True)
    progress: list[tuple[int, int]] = []
    resumed, resumed_summary = run(
        path, 6, seating="duplicate", records=True, resume=True, progress=lambda *done: progress.append(done)
    )
    assert resumed == results  # the stored games first, then the new ones, in game order
    assert resumed_summary == summary
    assert lines_without_seconds(path.read_text(encoding="utf-8")) == lines_without_seconds(text)
    assert progress[-1] == (6, 6)
    if stopped_after:
        assert progress[0] == (stopped_after, 6)


@pytest.mark.parametrize("cut", [1, 20, -1])
@pytest.mark.parametrize("complete", [0, 3])
def test_a_last_line_cut_short_is_played_again(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str], cut: int, complete: int
) -> None:
    results, summary, text = whole
    lines = text.splitlines(keepends=True)
    path = tmp_path / "games.jsonl"
    # stopped while writing the line of game `complete`
    path.write_text("".join(lines[:complete]) + lines[complete][:cut], encoding="utf-8")
    resumed, resumed_summary = run(path, 6, seating="duplicate", records=True, resume=True)
    assert resumed == results
    assert resumed_summary == summary
    assert lines_without_seconds(path.read_text(encoding="utf-8")) == lines_without_seconds(text)


def test_resume_without_a_file_plays_every_game(tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    resumed, summary = run(path, 3, resume=True)
    plain, plain_summary = run(None, 3)
    assert resumed == plain
    assert summary == plain_summary
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3


def normal_factory(seed: int, bonus: int = 0) -> NormalAgent:
    """A module-level factory with an argument, to be given as a ``functools.partial``: another
    process imports it to start the run this one resumes."""
    return NormalAgent(seed + bonus)


ANOTHER_PROCESS = """
import importlib, sys
from functools import partial
from belote import selfplay, tournament

module, output, directory = sys.argv[1:]
factory = partial(importlib.import_module(module).normal_factory, bonus=1)
tournament((factory, "easy"), games=2, deals=True, output=output)
selfplay(directory, games=2, deals=True, players=(factory, "easy"), shard_size=1)
"""


def test_a_partial_factory_resumes_a_run_another_process_started(tmp_path: Path) -> None:
    """A partial's name held an object address, so another process's file or directory was
    refused ("its players are [...], not [...]", "holds a self-play run with other settings")."""
    path, directory = tmp_path / "games.jsonl", tmp_path / "shards"
    tests = str(Path(__file__).resolve().parent)
    started = subprocess.run(
        [sys.executable, "-c", ANOTHER_PROCESS, normal_factory.__module__, str(path), str(directory)],
        env={**os.environ, "PYTHONPATH": os.pathsep.join([tests, str(Path(tests).parent)])},
        capture_output=True,
        text=True,
        check=False,
    )
    assert started.returncode == 0, started.stderr
    factory = partial(normal_factory, bonus=1)
    resumed = tournament((factory, "easy"), games=3, deals=True, output=path, resume=True)
    assert resumed.resumed == 2
    assert resumed == tournament((factory, "easy"), games=3, deals=True)
    assert resumed.players == (f"{normal_factory.__module__}.normal_factory(bonus=1)", "easy")
    shards = tuple(sorted(directory.glob("*.gz")))
    again = belote.selfplay(directory, games=2, deals=True, players=(factory, "easy"), shard_size=1)
    assert again == shards  # the same run: nothing refused, nothing to play


def test_results_read_back_equal_the_results_written() -> None:
    written = io.StringIO()
    results: list[GameResult] = []
    tournament(PLAYERS, games=3, seating="duplicate", records=True, output=written, on_game=results.append)
    stream = io.BytesIO(written.getvalue().encode("utf-8"))
    settings = json.loads(written.getvalue().splitlines()[0])["tournament"]
    assert settings == {
        "version": belote.__version__,
        "players": list(PLAYERS),
        "variant": {"preset": "classic"},
        "deals": False,
        "seating": "duplicate",
        "seed": 0,
        "records": True,
    }
    read = list(stored_results(stream, settings=settings, games=3))
    assert [result for result, _ in read] == results
    assert [result.seconds for result, _ in read] == [result.seconds for result in results]
    assert read[-1][1] == len(written.getvalue().encode("utf-8"))
    assert [GameResult.from_json(result.as_json()) for result in results] == results


@settings(max_examples=60, deadline=None)
@given(
    points=st.tuples(st.integers(0, 9999), st.integers(0, 9999)),
    seconds=st.tuples(st.floats(0, 1e6), st.floats(0, 1e6)),
    index=st.integers(0, 10**6),
)
def test_from_json_inverts_as_json(points: tuple[int, int], seconds: tuple[float, float], index: int) -> None:
    result = GameResult(
        index=index,
        seed=f"3/{index}",
        points=points,
        wins=(1, 0),
        ties=1,
        deals=2,
        decisions=(30, 31),
        seconds=seconds,
        taken=(1, 1),
        made=(1, 0),
        doubled=(0, 1),
    )
    back = GameResult.from_json(json.loads(json.dumps(result.as_json())))
    assert back == result
    assert back.seconds == seconds


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": 1}, "its seed is 0, not 1"),
        ({"seating": "rotate"}, "its seating is 'duplicate', not 'rotate'"),
        ({"records": False}, "its records is True, not False"),
        ({"deals": False}, "its deals is True, not False"),
        ({"players": ("easy", "easy")}, "its players are ['normal', 'easy'], not ['easy', 'easy']"),
        (
            {"players": ("normal", NormalAgent)},
            "its players are ['normal', 'easy'], not ['normal', 'NormalAgent']",
        ),
        ({"variant": BULGARIAN}, "its variant is {'preset': 'classic'}, not {'preset': 'bulgarian'}"),
        ({"variant": CLASSIC_501}, "its variant is"),
        ({"games": 2}, "the tournament has only 2 games"),
    ],
)
def test_a_file_of_another_tournament_is_refused_untouched(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str], change: dict[str, Any], message: str
) -> None:
    _, _, text = whole
    path = tmp_path / "games.jsonl"
    path.write_text(text, encoding="utf-8")
    options: dict[str, Any] = {
        "seating": "duplicate",
        "records": True,
        "seed": 0,
        "games": 6,
        "deals": True,
        "players": PLAYERS,
        **change,
    }
    results: list[GameResult] = []
    with pytest.raises(TournamentError, match=re.escape(message)) as raised:
        tournament(output=path, resume=True, on_game=results.append, **options)
    assert not results
    assert raised.value.reason is Reason.RECORD_MISMATCH
    assert path.read_text(encoding="utf-8") == text


def test_a_file_without_records_is_refused_when_records_are_asked(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run(path, 2)
    before = path.read_bytes()
    with pytest.raises(TournamentError, match="its records is False, not True") as raised:
        run(path, 4, records=True, resume=True)
    assert raised.value.reason is Reason.RECORD_MISMATCH
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"index": 5}, "it is game 5"),
        ({"seed": "0/9"}, "it was dealt from seed '0/9', not 0/0"),
        ({"wins": [2, 1], "ties": 0}, "it was played 3 times, not 2"),
        ({"deals": 4}, "it is a match of 4 deals, not a single deal"),
        ({"records": []}, "it holds no records"),
        ({"tournament": None}, "it holds no tournament settings"),
        ({"tournament": {"seed": 0}}, "its deals is None, not True"),
        ({"tournament": "version"}, "its version is '0.0.1', not "),
    ],
)
def test_a_line_that_does_not_fit_its_settings_is_refused(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str], change: dict[str, Any], message: str
) -> None:
    _, _, text = whole
    lines = text.splitlines(keepends=True)
    first = json.loads(lines[0])
    if change == {"tournament": "version"}:  # written by another version of the library
        change = {"tournament": {**first["tournament"], "version": "0.0.1"}}
    first = {**first, **change}
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(first) + "\n" + "".join(lines[1:]), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(
        TournamentError, match=re.escape(f"line 1 is not this tournament's game 0: {message}")
    ):
        run(path, 6, seating="duplicate", records=True, resume=True)
    assert path.read_bytes() == before


def test_a_file_that_is_no_tournament_output_is_never_cut(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str]
) -> None:
    _, _, text = whole
    path = tmp_path / "notes.txt"
    for content in ("important notes, no newline at the end", text.splitlines(keepends=True)[0] + "junk"):
        path.write_text(content, encoding="utf-8")
        with pytest.raises(
            TournamentError, match="neither a whole game result nor the start of game"
        ) as raised:
            run(path, 6, seating="duplicate", records=True, resume=True)
        assert raised.value.reason is Reason.MALFORMED_RECORD
        assert path.read_text(encoding="utf-8") == content


def test_bad_arguments_are_refused_before_anything_is_read_or_changed(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str]
) -> None:
    _, _, text = whole
    path = tmp_path / "games.jsonl"
    cut = text[: len(text) // 2]
    path.write_text(cut, encoding="utf-8")
    seen: list[object] = []
    with pytest.raises(TournamentError, match="chunk_size must be at least 1"):
        tournament(
            PLAYERS,
            games=6,
            deals=True,
            seating="duplicate",
            records=True,
            output=path,
            resume=True,
            chunk_size=0,
            on_game=seen.append,
            progress=lambda *done: seen.append(done),
        )
    assert not seen
    assert path.read_text(encoding="utf-8") == cut


@pytest.mark.parametrize("chunk_size", [None, 1, 4])
def test_a_resumed_run_on_an_executor_ends_as_a_run_never_stopped(
    tmp_path: Path, whole: tuple[list[GameResult], Any, str], chunk_size: int | None
) -> None:
    results, summary, _ = whole
    path = tmp_path / "games.jsonl"
    run(path, 3, seating="duplicate", records=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        resumed, resumed_summary = run(
            path, 6, seating="duplicate", records=True, resume=True, executor=pool, chunk_size=chunk_size
        )
    assert resumed == results
    assert resumed_summary == summary
    assert resumed_summary.resumed == 3
    assert summary.resumed == 0


def test_deep_nesting_and_records_that_are_not_records_are_malformed(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    for line in ("[" * 100_000 + "]" * 100_000 + "\n", '{"index": 0, "records": [42]}\n'):
        path.write_text(line, encoding="utf-8")
        with pytest.raises(TournamentError) as raised:
            run(path, 2, resume=True)
        assert raised.value.reason is Reason.MALFORMED_RECORD


def test_games_out_of_order_are_refused(tmp_path: Path, whole: tuple[list[GameResult], Any, str]) -> None:
    _, _, text = whole
    lines = text.splitlines(keepends=True)
    path = tmp_path / "games.jsonl"
    path.write_text(lines[1] + lines[0], encoding="utf-8")
    with pytest.raises(TournamentError, match="line 1 is not this tournament's game 0: it is game 1"):
        run(path, 6, seating="duplicate", records=True, resume=True)


@pytest.mark.parametrize(
    "line",
    [
        "not json\n",
        "\n",
        "[1, 2]\n",
        '{"index": 0}\n',
        '{"index": -1, "seed": "0/0", "points": [1, 2], "wins": [1, 0], "ties": 0, "deals": 1,'
        ' "decisions": [1, 1], "seconds": [0, 0]}\n',
        '{"index": 0, "seed": "0/0", "points": [1, 2, 3], "wins": [1, 0], "ties": 0, "deals": 1,'
        ' "decisions": [1, 1], "seconds": [0, 0]}\n',
        '{"index": 0, "seed": "0/0", "points": [1, 2], "wins": [1, 0], "ties": 0, "deals": 1,'
        ' "decisions": [1, 1], "seconds": [0, -1]}\n',
        '{"index": 0, "seed": 0, "points": [1, 2], "wins": [1, 0], "ties": 0, "deals": 1,'
        ' "decisions": [1, 1], "seconds": [0, 0]}\n',
        '{"index": 0, "seed": "0/0", "points": [1, 2], "wins": [1, 0], "ties": 0, "deals": 1,'
        ' "decisions": [1, 1], "seconds": [0, 0], "records": {}}\n',
    ],
)
def test_a_line_that_is_not_a_result_is_refused_untouched(tmp_path: Path, line: str) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(line, encoding="utf-8")
    with pytest.raises(TournamentError) as raised:
        run(path, 2, resume=True)
    assert raised.value.reason is Reason.MALFORMED_RECORD
    assert str(raised.value).startswith("line 1")
    if line == '{"index": 0}\n':
        assert "(no 'seed')" in str(raised.value)
    assert path.read_text(encoding="utf-8") == line


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"output": None}, TournamentError, "resume needs output to be a file's path"),
        ({"output": io.StringIO()}, TournamentError, "resume needs output to be a file's path"),
        ({"resume": "yes"}, TypeError, "resume must be a bool"),
        ({"output": 123}, TypeError, "output must be a path or a text stream"),
    ],
)
def test_resume_needs_a_path(options: dict[str, Any], error: type[Exception], message: str) -> None:
    arguments: dict[str, Any] = {"games": 2, "deals": True, "resume": True, **options}
    with pytest.raises(error, match=message):
        tournament(PLAYERS, **arguments)


@pytest.mark.parametrize(
    ("seconds", "message"),
    [
        ([10**400, 0], "an int of 1329 bits is not a time"),
        ([0, -1], "-1 is not a time"),
        ([0, float("nan")], "nan is not a time"),
        ([0, "1"], "'1' is not a time"),
        ([0], "is not a pair"),
    ],
)
def test_a_result_with_no_time_is_refused(seconds: list[Any], message: str) -> None:
    data = GameResult(
        index=0, seed="0/0", points=(1, 2), wins=(0, 1), ties=0, deals=1, decisions=(3, 4), seconds=(0.5, 0.5)
    ).as_json()
    with pytest.raises(TournamentError, match=re.escape(message)) as raised:
        GameResult.from_json({**data, "seconds": seconds})
    assert raised.value.reason is Reason.MALFORMED_RECORD


# -- outputs the system will not let a run resume from, refused before any game is counted -----------


@pytest.mark.parametrize("kind", ["directory", "pipe", "empty name"])
def test_resume_from_what_is_no_regular_file_is_refused_at_once(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    if kind == "directory":
        output = tmp_path / "folder"
        output.mkdir()
    elif kind == "pipe":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes")
        output = tmp_path / "fifo"
        os.mkfifo(output)  # opened to read, it would wait for a writer forever
    else:
        output = Path("")
    seen: list[GameResult] = []
    with pytest.raises(TournamentError, match=r"cannot resume from .*: not a regular file") as refused:
        tournament(("normal", "easy"), games=2, deals=True, output=output, resume=True, on_game=seen.append)
    assert refused.value.reason is Reason.BAD_ARGUMENT
    assert seen == []


def test_resume_from_a_file_the_system_will_not_read_is_a_tournament_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "games.jsonl"
    tournament(("normal", "easy"), games=2, deals=True, output=output)
    real_open = Path.open

    def unreadable(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if self == output and "b" in mode:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", unreadable)  # as a file of mode 000 is to anyone but root
    with pytest.raises(TournamentError, match=r"cannot resume from .*games.jsonl: Permission denied"):
        tournament(("normal", "easy"), games=4, deals=True, output=output, resume=True)


def test_a_binary_stream_output_is_refused_before_any_game() -> None:
    seen: list[GameResult] = []
    with pytest.raises(belote.ArgumentTypeError, match="output must be a path or a text stream"):
        tournament(("normal", "easy"), games=2, deals=True, output=io.BytesIO(), on_game=seen.append)
    assert seen == []


def test_an_error_of_the_on_game_callback_while_resuming_is_its_own(tmp_path: Path) -> None:
    output = tmp_path / "games.jsonl"
    tournament(("normal", "easy"), games=2, deals=True, output=output)

    def full(_: GameResult) -> None:
        raise OSError(28, "No space left on device")  # the callback's own log, not the output

    with pytest.raises(OSError, match="No space left") as raised:
        tournament(("normal", "easy"), games=4, deals=True, output=output, resume=True, on_game=full)
    assert not isinstance(raised.value, TournamentError)


def _no_agent(seed: int) -> NormalAgent:
    raise RuntimeError("no agent today")


@pytest.mark.parametrize("resume", [False, True])
def test_a_new_run_failing_before_its_first_game_leaves_no_file(tmp_path: Path, resume: bool) -> None:
    """With ``resume`` and no file yet the run is a new one: it created an empty file that stayed
    when the run failed before its first game (without ``resume`` the file was already removed)."""
    path = tmp_path / "new.jsonl"
    with pytest.raises(RuntimeError, match="no agent today"):
        tournament((_no_agent, "easy"), games=2, deals=True, output=path, resume=resume)
    assert list(tmp_path.iterdir()) == []
