"""Exact tests of the ``belote`` command's entry point and small commands (``belote.cli``): the
exit code and the one line of error of each way a command ends (bad arguments, a library
error, Ctrl-C, a closed or refused output, a lost worker, an error of the system), the checks
of a file to save to, the seeds, and the commands ``play``, ``simulate``, ``selfplay``,
``replay``, ``rules`` and ``demo`` with what they hand to their collaborators and print.

The command's own tests run it in a subprocess (and start a process pool); these call
:func:`belote.cli.main` in process with an argument list and pytest's captured output, with
the game loop, the tournament, the self-play, the executor, the pictures and the AI players
replaced by spies or run on tiny inputs, so that each test takes milliseconds.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import enum
import importlib
import io
import json
import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import pytest

import belote.agents
import belote.cli
import belote.cli._executors
import belote.cli.pictures
import belote.cli.play
import belote.cli.simulate
import belote.games
from belote import CLASSIC, Phase, RoundState, Seat, deal, match
from belote.bidding import Pass
from belote.cli import main
from belote.cli._display import Style
from belote.cli._parser import UsageError, build_parser
from belote.cli.play import Console, Game, GameStoppedError
from belote.errors import BeloteError
from belote.match import Match
from belote.notation import parse_variant
from belote.records import dumps, loads
from belote.round import bid, legal_bids, legal_moves, play
from belote.tournament import Seating, TournamentSummary
from belote.trumps import Trump
from belote.variants import BULGARIAN, option_docs

cli = belote.cli
selfplay_module = importlib.import_module("belote.selfplay")  # belote.selfplay is also the function

Captured = pytest.CaptureFixture[str]


def out_err(capsys: Captured) -> tuple[str, str]:
    captured = capsys.readouterr()
    return captured.out, captured.err


def played_out(state: RoundState) -> RoundState:
    state = bid(state, legal_bids(state)[1])
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return state


def two_deals() -> Match:
    """A classic match: deal 1 passed out, deal 2 played out."""
    game = match(CLASSIC, seed=5)
    state = game.deal()
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    game = game.record(state)
    return game.record(played_out(game.deal()))


# -- main and its endings ----------------------------------------------------------------------------


def test_help_and_version_return_0(capsys: Captured) -> None:
    assert main(["--help"]) == 0
    assert out_err(capsys)[0].startswith("usage: belote [-h] [--version] COMMAND ...")
    assert main(["--version"]) == 0
    assert out_err(capsys)[0].startswith("belote-rules ")


def test_a_parser_that_exits_with_a_message_returns_0(monkeypatch: pytest.MonkeyPatch) -> None:
    class Exiting:
        def parse_args(self, argv: object) -> argparse.Namespace:
            raise SystemExit("bye")

    monkeypatch.setattr(cli, "build_parser", Exiting)
    assert main([]) == 0

    class Failing:
        def parse_args(self, argv: object) -> argparse.Namespace:
            raise SystemExit(3)

    monkeypatch.setattr(cli, "build_parser", Failing)
    assert main([]) == 3


def test_no_command(capsys: Captured) -> None:
    assert main([]) == 2
    assert out_err(capsys) == (
        "",
        "belote: error: choose a command: play, simulate, selfplay, replay, analyze, rules or demo "
        "(see 'belote --help')\n",
    )


def test_bad_arguments(capsys: Captured) -> None:
    assert main(["simulate", "-n", "0"]) == 2
    assert out_err(capsys) == (
        "",
        "belote simulate: error: argument -n/--count: must be at least 1, got 0 "
        "(see 'belote simulate --help')\n",
    )


@pytest.mark.parametrize(
    ("command", "handler"),
    [
        (["play"], "_play"),
        (["simulate"], "_simulate"),
        (["selfplay", "--out", "d"], "_selfplay"),
        (["replay", "f"], "_replay"),
        (["analyze", "f"], "_analyze"),
        (["rules"], "_rules"),
        (["demo"], "_demo"),
    ],
)
def test_each_command_has_its_handler(
    monkeypatch: pytest.MonkeyPatch, command: list[str], handler: str
) -> None:
    seen: list[tuple[str, str, object, object]] = []

    def spy(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
        seen.append((options.command, type(stdout).__name__, getattr(stdout, "_stream", None), stderr))
        stdout.write("x")
        return 7

    monkeypatch.setattr(cli, handler, spy)
    assert main(command) == 7
    assert seen == [(command[0], "_WatchedOutput", sys.stdout, sys.stderr)]


def ending(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    """Makes ``belote rules`` raise ``error``."""

    def fail(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
        raise error

    monkeypatch.setattr(cli, "_rules", fail)


def test_a_library_error(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    ending(monkeypatch, BeloteError("no such thing"))
    assert main(["rules"]) == 2
    assert out_err(capsys) == ("", "belote: error: no such thing\n")


def test_a_usage_error_of_a_command(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    ending(monkeypatch, UsageError("bad file", "belote replay"))
    assert main(["rules"]) == 2
    assert out_err(capsys) == ("", "belote replay: error: bad file\n")


def test_ctrl_c(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    ending(monkeypatch, KeyboardInterrupt())
    assert main(["rules"]) == 130
    assert out_err(capsys) == ("", "\ninterrupted\n")


@pytest.fixture
def discarded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(cli, "_discard_closed_output", lambda: calls.append("discarded"))
    return calls


def test_a_closed_output(monkeypatch: pytest.MonkeyPatch, capsys: Captured, discarded: list[str]) -> None:
    ending(monkeypatch, BrokenPipeError())
    assert main(["rules"]) == 0
    assert out_err(capsys) == ("", "")
    assert discarded == ["discarded"]


def test_a_lost_worker_of_a_reason_ending_in_x(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    ending(monkeypatch, concurrent.futures.BrokenExecutor("lost worker X."))
    assert main(["rules"]) == 1
    assert capsys.readouterr().err.startswith("belote: error: a worker process was lost (lost worker X); ")


def test_a_lost_worker(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    ending(monkeypatch, concurrent.futures.process.BrokenProcessPool("A child process terminated abruptly."))
    assert main(["rules"]) == 1
    assert out_err(capsys) == (
        "",
        "belote: error: a worker process was lost (A child process terminated abruptly); any games "
        "already written are kept: run the same command again (with --resume for simulate --out) to go on\n",
    )


def test_an_error_of_the_system(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, discarded: list[str]
) -> None:
    ending(monkeypatch, OSError(24, "Too many open files"))
    assert main(["rules"]) == 1
    assert out_err(capsys) == ("", "belote: error: Too many open files\n")
    ending(monkeypatch, OSError(13, "Permission denied", "a.json", None, "b.json"))
    assert main(["rules"]) == 1
    assert out_err(capsys) == ("", "belote: error: Permission denied: a.json -> b.json\n")
    assert discarded == []


def test_an_error_before_the_output_is_made(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    class Failing:
        def parse_args(self, argv: object) -> argparse.Namespace:
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(cli, "build_parser", Failing)
    assert main([]) == 1
    assert out_err(capsys) == ("", "belote: error: Input/output error\n")


class Refusing(io.StringIO):
    """A standard output the system refuses: its writes (``write``) or its flush fail."""

    def __init__(self, fail_write: bool) -> None:
        super().__init__()
        self.fail_write = fail_write

    def write(self, text: str) -> int:
        if self.fail_write:
            raise OSError(28, "No space left on device")
        return super().write(text)

    def flush(self) -> None:
        if not self.fail_write:
            raise OSError(28, "No space left on device")


@pytest.mark.parametrize("fail_write", [True, False])
def test_an_output_the_system_refuses(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, discarded: list[str], fail_write: bool
) -> None:
    monkeypatch.setattr(sys, "stdout", Refusing(fail_write))
    assert main(["rules"]) == 1
    assert capsys.readouterr().err == "belote: error: cannot write the output: No space left on device\n"
    assert discarded == ["discarded"]


def test_the_output_is_flushed_before_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    flushed: list[str] = []

    class Output(io.StringIO):
        def flush(self) -> None:
            flushed.append(self.getvalue()[-1:])

    monkeypatch.setattr(sys, "stdout", Output())
    assert main(["rules"]) == 0
    assert flushed == ["\n"]


def test_the_outputs_are_made_forgiving(monkeypatch: pytest.MonkeyPatch) -> None:
    forgiven: list[object] = []
    monkeypatch.setattr(cli, "forgive_unencodable", forgiven.append)
    assert main(["--version"]) == 0
    assert forgiven == [sys.stdout, sys.stderr]


def test_watched_output() -> None:
    stream = io.StringIO()
    output = cli._WatchedOutput(stream)
    assert output.write("abc") == 3
    output.flush()
    assert (stream.getvalue(), output.failed) == ("abc", False)
    getvalue = output.getvalue  # every other attribute is the stream's own
    assert callable(getvalue)
    assert getvalue() == "abc"
    refused = cli._WatchedOutput(Refusing(fail_write=True))
    with pytest.raises(OSError, match="No space left on device"):
        refused.write("x")
    assert refused.failed is True
    unflushed = cli._WatchedOutput(Refusing(fail_write=False))
    with pytest.raises(OSError, match="No space left on device"):
        unflushed.flush()
    assert unflushed.failed is True


def test_system_error() -> None:
    assert cli._system_error(OSError(24, "Too many open files")) == "Too many open files"
    assert cli._system_error(OSError(13, "Permission denied", "out.json")) == "Permission denied: out.json"
    assert cli._system_error(OSError("plain")) == "plain"
    second = OSError(2, "No such file")
    second.filename2 = "b"
    assert cli._system_error(second) == "No such file: b"


def test_discard_closed_output(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[object, ...]] = []

    class Stdout:
        def fileno(self) -> int:
            return 41

    monkeypatch.setattr(sys, "stdout", Stdout())

    def open_null(path: str, flags: int) -> int:
        calls.append(("open", path, flags))
        return 99

    monkeypatch.setattr(os, "open", open_null)
    monkeypatch.setattr(os, "dup2", lambda a, b: calls.append(("dup2", a, b)))
    monkeypatch.setattr(os, "close", lambda fd: calls.append(("close", fd)))
    cli._discard_closed_output()
    assert calls == [("open", os.devnull, os.O_WRONLY), ("dup2", 99, 41), ("close", 99)]


@pytest.mark.parametrize("error", [OSError, ValueError, AttributeError])
def test_discard_closed_output_without_a_descriptor(
    monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    class Stdout:
        def fileno(self) -> int:
            raise error("no descriptor")

    closed: list[int] = []
    monkeypatch.setattr(sys, "stdout", Stdout())
    monkeypatch.setattr(os, "open", lambda path, flags: 99)
    monkeypatch.setattr(os, "close", closed.append)
    cli._discard_closed_output()
    assert closed == []


# -- files to save to, records and seeds --------------------------------------------------------------


def refusal(function: Any, *args: object) -> str:
    with pytest.raises(UsageError) as caught:
        function(*args)
    return str(caught.value)


def test_check_writable(tmp_path: Path) -> None:
    assert cli._check_writable(None) is None
    new = tmp_path / "new.json"
    assert cli._check_writable(str(new)) == new
    assert not new.exists()
    old = tmp_path / "old.json"
    old.write_text("kept", encoding="utf-8")
    assert cli._check_writable(str(old)) == old
    assert old.read_text(encoding="utf-8") == "kept"
    assert (
        refusal(cli._check_writable, str(tmp_path))
        == f"belote: error: cannot save to {tmp_path}: it is a directory"
    )
    missing = tmp_path / "none" / "a.json"
    assert refusal(cli._check_writable, str(missing)) == (
        f"belote: error: cannot save to {missing}: no directory {tmp_path / 'none'}"
    )


def test_check_writable_of_a_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert cli._check_writable(str(fifo)) == fifo
    asked: list[tuple[object, int]] = []

    def access(path: object, mode: int) -> bool:
        asked.append((path, mode))
        return False

    monkeypatch.setattr(os, "access", access)
    assert (
        refusal(cli._check_writable, str(fifo)) == f"belote: error: cannot save to {fifo}: permission denied"
    )
    assert asked == [(fifo, os.W_OK)]


def test_check_writable_of_a_file_the_system_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[str, str, str]] = []

    def refuse(self: Path, mode: str, encoding: str) -> io.StringIO:
        opened.append((str(self), mode, encoding))
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", refuse)
    path = tmp_path / "a.json"
    assert (
        refusal(cli._check_writable, str(path)) == f"belote: error: cannot save to {path}: Permission denied"
    )
    assert opened == [(str(path), "a", "utf-8")]

    def plain(self: Path, mode: str, encoding: str) -> io.StringIO:
        raise OSError("refused")

    monkeypatch.setattr(Path, "open", plain)
    assert refusal(cli._check_writable, str(path)) == f"belote: error: cannot save to {path}: refused"


def test_write_record(tmp_path: Path) -> None:
    game = two_deals()
    path = tmp_path / "m.json"
    assert cli._write_record(None, game) is None
    assert cli._write_record(path, None) is None
    assert not path.exists()
    assert cli._write_record(path, game) == path
    assert path.read_text(encoding="utf-8") == dumps(game) + "\n"
    assert (
        refusal(cli._write_record, tmp_path, game)
        == f"belote: error: cannot save to {tmp_path}: Is a directory"
    )


def test_write_record_writes_utf_8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[tuple[str, str, str]] = []

    def write(self: Path, text: str, encoding: str) -> int:
        written.append((str(self), text, encoding))
        return len(text)

    monkeypatch.setattr(Path, "write_text", write)
    game = two_deals()
    cli._write_record(tmp_path / "a", game)
    assert written == [(str(tmp_path / "a"), dumps(game) + "\n", "utf-8")]


def test_write_record_error_without_a_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(self: Path, text: str, encoding: str) -> int:
        raise OSError("refused")

    monkeypatch.setattr(Path, "write_text", fail)
    assert (
        refusal(cli._write_record, tmp_path / "a", two_deals())
        == f"belote: error: cannot save to {tmp_path / 'a'}: refused"
    )


def test_say_saved() -> None:
    stream = io.StringIO()
    cli._say_saved(None, stream)
    cli._say_saved(Path("g.json"), stream)
    assert stream.getvalue() == "Record saved to g.json (check it with: belote replay g.json)\n"


def test_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    class System:
        def randrange(self, stop: int) -> int:
            asked.append(stop)
            return 4242

    monkeypatch.setattr(random, "SystemRandom", System)
    assert cli._seed(None) == 4242
    assert asked == [1_000_000]
    assert cli._seed(7) == 7
    assert cli._seed(2**4094 - 1) == 2**4094 - 1
    with pytest.raises(BeloteError) as caught:
        cli._seed(2**4094)
    assert str(caught.value) == (
        "seed (in the players' seeds it gives) is too large: an int of 4097 bits (at most 4096)"
    )


# -- play ---------------------------------------------------------------------------------------------


class PlaySpy:
    """``belote.cli.play``'s ``run`` and ``show_result`` replaced: the game, the console, and
    what ``run`` gives or raises."""

    def __init__(self, result: Match | BaseException) -> None:
        self.result = result
        self.games: list[Game] = []
        self.consoles: list[Console] = []
        self.shown: list[tuple[Match, Seat]] = []

    def run(self, game: Game, console: Console) -> Match:
        self.games.append(game)
        self.consoles.append(console)
        if isinstance(self.result, BaseException):
            raise self.result
        return self.result

    def show_result(self, progress: Match, human: Seat, console: Console) -> None:
        self.shown.append((progress, human))
        console.stdout.write("RESULT\n")


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    stream = io.StringIO("")
    monkeypatch.setattr(sys, "stdin", stream)
    return stream


def install_play(monkeypatch: pytest.MonkeyPatch, result: Match | BaseException) -> PlaySpy:
    spy = PlaySpy(result)
    monkeypatch.setattr(belote.cli.play, "run", spy.run)
    monkeypatch.setattr(belote.cli.play, "show_result", spy.show_result)
    return spy


def test_play_a_game_and_save_it(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path, stdin: io.StringIO
) -> None:
    game = two_deals()
    spy = install_play(monkeypatch, game)
    save = tmp_path / "g.json"
    args = ["play", "--variant", "bulgarian", "--level", "hard", "--seed", "9", "--seat", "2", "--deals", "3"]
    assert main([*args, "--save", str(save)]) == 0
    assert spy.games == [Game(variant=BULGARIAN, level="hard", seed=9, human=Seat(2), deals=3)]
    (console,) = spy.consoles
    assert console.stdin is stdin
    assert type(console.stdout).__name__ == "_WatchedOutput"
    assert console.style == Style(symbols=True, colour=False)
    assert spy.shown == [(game, Seat(2))]
    assert loads(save.read_text(encoding="utf-8")) == game
    assert out_err(capsys) == (f"RESULT\nRecord saved to {save} (check it with: belote replay {save})\n", "")


def test_play_without_saving(monkeypatch: pytest.MonkeyPatch, capsys: Captured, stdin: io.StringIO) -> None:
    install_play(monkeypatch, two_deals())
    monkeypatch.setattr(cli, "_seed", lambda value: 11 if value is None else -1)
    spy = install_play(monkeypatch, two_deals())
    assert main(["play"]) == 0
    assert spy.games == [Game(variant=CLASSIC, level="normal", seed=11, human=Seat(0), deals=None)]
    assert out_err(capsys) == ("RESULT\n", "")


@pytest.mark.parametrize(("interrupted", "code"), [(True, 130), (False, 1)])
def test_a_stopped_game_saves_its_finished_deals(
    monkeypatch: pytest.MonkeyPatch,
    capsys: Captured,
    tmp_path: Path,
    stdin: io.StringIO,
    interrupted: bool,
    code: int,
) -> None:
    progress = two_deals()
    install_play(monkeypatch, GameStoppedError("you quit", progress, interrupted=interrupted))
    save = tmp_path / "g.json"
    assert main(["play", "--seed", "1", "--save", str(save)]) == code
    assert loads(save.read_text(encoding="utf-8")) == progress
    assert out_err(capsys) == (
        f"Game stopped: you quit.\nRecord saved to {save} (check it with: belote replay {save})\n",
        "",
    )


@pytest.mark.parametrize("progress", [None, match(CLASSIC, seed=1)])
def test_a_game_stopped_before_a_finished_deal_saves_nothing(
    monkeypatch: pytest.MonkeyPatch,
    capsys: Captured,
    tmp_path: Path,
    stdin: io.StringIO,
    progress: Match | None,
) -> None:
    install_play(monkeypatch, GameStoppedError("input ended", progress))
    save = tmp_path / "g.json"
    assert main(["play", "--seed", "1", "--save", str(save)]) == 1
    assert not save.exists()
    assert out_err(capsys) == ("Game stopped: input ended.\n", "")


def test_play_with_its_input_closed(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["play", "--save", str(tmp_path)]) == 2
    assert out_err(capsys) == ("", "belote play: error: cannot read the moves: standard input is closed\n")


def test_play_refuses_a_directory_to_save_to(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path, stdin: io.StringIO
) -> None:
    spy = install_play(monkeypatch, two_deals())
    assert main(["play", "--save", str(tmp_path)]) == 2
    assert spy.games == []
    assert out_err(capsys)[1] == f"belote: error: cannot save to {tmp_path}: it is a directory\n"


# -- simulate and selfplay ----------------------------------------------------------------------------


SUMMARY = TournamentSummary(
    variant="classic",
    players=("normal", "easy"),
    unit="matches",
    seating=Seating.FIXED,
    games=2,
    seed=0,
    plays=2,
    deals=20,
    wins=(1, 1),
    ties=0,
    points=(10, 10),
    share=(0.5, 0.5),
    share_interval=((0.4, 0.6), (0.4, 0.6)),
    decisions=(1, 1),
    taken=(1, 1),
    made=(1, 1),
    doubled=(0, 0),
    seconds_per_decision=(0.001, 0.001),
    elapsed=1.0,
)


class Executors:
    """``open_executor`` replaced: records (jobs, scheduler) and gives ``executor``, or raises."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.opened: list[tuple[int, str | None]] = []
        self.executor = object()
        self.error = error

    @contextlib.contextmanager
    def open(self, jobs: int, scheduler: str | None) -> Iterator[object]:
        self.opened.append((jobs, scheduler))
        if self.error is not None:
            raise self.error
        yield self.executor


@pytest.fixture
def executors(monkeypatch: pytest.MonkeyPatch) -> Executors:
    spy = Executors()
    monkeypatch.setattr(belote.cli._executors, "open_executor", spy.open)
    return spy


class SimulateSpy:
    def __init__(self, error: BaseException | None = None) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.error = error

    def __call__(self, job: Any, executor: object, stderr: TextIO, **kwargs: Any) -> TournamentSummary:
        self.calls.append((job, executor, stderr, kwargs))
        if self.error is not None:
            raise self.error
        return SUMMARY


def test_simulate(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors, tmp_path: Path
) -> None:
    spy = SimulateSpy()
    monkeypatch.setattr(belote.cli.simulate, "run", spy)
    out = tmp_path / "games.jsonl"
    args = ["simulate", "--team0", "hard", "--team1", "expert", "-n", "3", "--seed", "5", "--deals"]
    assert (
        main(
            [
                *args,
                "--seating",
                "duplicate",
                "--jobs",
                "2",
                "--scheduler",
                "local:2",
                "--out",
                str(out),
                "--resume",
                "--no-progress",
            ]
        )
        == 0
    )
    ((job, executor, stderr, kwargs),) = spy.calls
    assert job == belote.cli.simulate.Job(
        variant=CLASSIC, levels=("hard", "expert"), count=3, seed=5, deals=True, seating=Seating.DUPLICATE
    )
    assert executor is executors.executor
    assert stderr is sys.stderr
    assert kwargs == {"progress": False, "output": str(out), "resume": True}
    assert executors.opened == [(2, "local:2")]
    assert out_err(capsys) == ("\n".join(belote.cli.simulate.summary_lines(SUMMARY, "classic")) + "\n", "")


def test_simulate_json_and_defaults(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors
) -> None:
    spy = SimulateSpy()
    monkeypatch.setattr(belote.cli.simulate, "run", spy)
    assert main(["simulate", "--json", "--variant", "classic:target=501"]) == 0
    ((job, _, _, kwargs),) = spy.calls
    assert (job.count, job.levels, job.seating, job.deals) == (20, ("normal", "easy"), Seating.FIXED, False)
    assert kwargs == {"progress": True, "output": None, "resume": False}
    assert executors.opened == [(1, None)]
    out, _ = out_err(capsys)
    assert out == json.dumps(belote.cli.simulate.summary_json(SUMMARY, "classic:target=501"), indent=2) + "\n"


def test_simulate_resume_needs_out(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors
) -> None:
    assert main(["simulate", "--resume"]) == 2
    assert out_err(capsys) == (
        "",
        "belote simulate: error: --resume needs --out FILE (see 'belote simulate --help')\n",
    )
    assert executors.opened == []


def test_simulate_checks_its_out_file_first(capsys: Captured, executors: Executors, tmp_path: Path) -> None:
    assert main(["simulate", "--out", str(tmp_path)]) == 2
    assert out_err(capsys)[1] == f"belote: error: cannot save to {tmp_path}: it is a directory\n"
    assert executors.opened == []


def test_simulate_without_dask(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    spy = Executors(belote.cli._executors.DaskUnavailableError("needs dask"))
    monkeypatch.setattr(belote.cli._executors, "open_executor", spy.open)
    assert main(["simulate", "--scheduler", "local:2"]) == 2
    assert out_err(capsys) == ("", "belote simulate: error: needs dask\n")


def test_simulate_cannot_write_its_out_file(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors, tmp_path: Path
) -> None:
    monkeypatch.setattr(belote.cli.simulate, "run", SimulateSpy(OSError(28, "No space left on device")))
    out = tmp_path / "o.jsonl"
    assert main(["simulate", "--out", str(out)]) == 2
    assert out_err(capsys) == ("", f"belote simulate: error: cannot write {out}: No space left on device\n")
    monkeypatch.setattr(belote.cli.simulate, "run", SimulateSpy(OSError("refused")))
    assert main(["simulate", "--out", str(out)]) == 2
    assert out_err(capsys) == ("", f"belote simulate: error: cannot write {out}: refused\n")


def test_simulate_without_out_passes_an_error_of_the_system_on(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors
) -> None:
    monkeypatch.setattr(belote.cli.simulate, "run", SimulateSpy(OSError(24, "Too many open files")))
    assert main(["simulate"]) == 1
    assert out_err(capsys) == ("", "belote: error: Too many open files\n")


class SelfplaySpy:
    def __init__(self, error: BaseException | None = None, shards: int = 2) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.error = error
        self.shards = shards

    def __call__(self, directory: str, **kwargs: Any) -> tuple[Path, ...]:
        self.calls.append((directory, kwargs))
        if self.error is not None:
            raise self.error
        kwargs["progress"](5, 10)
        return tuple(Path(f"s{n}") for n in range(self.shards))


def test_selfplay(monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors) -> None:
    spy = SelfplaySpy()
    monkeypatch.setattr(selfplay_module, "selfplay", spy)
    args = [
        "selfplay",
        "--out",
        "games",
        "-n",
        "10",
        "--shard-size",
        "5",
        "--team0",
        "easy",
        "--team1",
        "hard",
    ]
    assert (
        main([*args, "--variant", "bulgarian", "--seed", "4", "--jobs", "3", "--scheduler", "tcp://h:1"]) == 0
    )
    ((directory, kwargs),) = spy.calls
    progress = kwargs.pop("progress")
    assert directory == "games"
    assert kwargs == {
        "games": 10,
        "players": ("easy", "hard"),
        "variant": BULGARIAN,
        "seed": 4,
        "deals": False,
        "shard_size": 5,
        "executor": executors.executor,
    }
    assert callable(progress)
    assert executors.opened == [(3, "tcp://h:1")]
    out, err = out_err(capsys)
    assert out == "10 matches in 2 shards in games\n"
    assert err == "[###############...............] 5/10\n"


def test_selfplay_of_deals_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors
) -> None:
    spy = SelfplaySpy(shards=1)
    monkeypatch.setattr(selfplay_module, "selfplay", spy)
    assert main(["selfplay", "--out", "d", "-n", "1", "--deals", "--no-progress"]) == 0
    assert spy.calls[0][1]["deals"] is True
    assert out_err(capsys) == ("1 deal in 1 shard in d\n", "")
    assert main(["selfplay", "--out", "d", "--no-progress"]) == 0
    assert spy.calls[1][1]["players"] == ("normal", "normal")
    assert out_err(capsys) == ("1000 matches in 1 shard in d\n", "")


def test_selfplay_errors(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    monkeypatch.setattr(
        belote.cli._executors,
        "open_executor",
        Executors(belote.cli._executors.DaskUnavailableError("no dask")).open,
    )
    assert main(["selfplay", "--out", "d"]) == 2
    assert out_err(capsys) == ("", "belote selfplay: error: no dask\n")
    monkeypatch.setattr(belote.cli._executors, "open_executor", Executors().open)
    monkeypatch.setattr(selfplay_module, "selfplay", SelfplaySpy(OSError(13, "Permission denied")))
    assert main(["selfplay", "--out", "d"]) == 2
    assert out_err(capsys) == ("", "belote selfplay: error: cannot write to d: Permission denied\n")
    monkeypatch.setattr(selfplay_module, "selfplay", SelfplaySpy(OSError("refused")))
    assert main(["selfplay", "--out", "d"]) == 2
    assert out_err(capsys) == ("", "belote selfplay: error: cannot write to d: refused\n")


def test_analyze_is_handed_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, TextIO, TextIO]] = []

    def spy(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
        seen.append((options.file, stdout, stderr))
        return 5

    monkeypatch.setattr(belote.cli.analyze, "run", spy)
    assert main(["analyze", "g.json"]) == 5
    ((name, stdout, stderr),) = seen
    assert (name, getattr(stdout, "_stream", None), stderr) == ("g.json", sys.stdout, sys.stderr)


# -- replay --------------------------------------------------------------------------------------------


def test_replay_a_match(capsys: Captured, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(dumps(two_deals()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert out_err(capsys) == (
        "Valid match record: classic, 2 deals, seed 5.\n"
        "\n"
        "deal  dealer  contract    taker  outcome   points   scores  carry\n"
        "----  ------  ----------  -----  -------  -------  -------  -----\n"
        "   1       2  passed out      -  -          0 - 0    0 - 0      -\n"
        "   2       3  ♣ clubs         0  failed   0 - 162  0 - 162      0\n"
        "No winner yet after 2 deals: 0 - 162 (target 1000).\n",
        "",
    )


def test_replay_a_match_without_a_seed(capsys: Captured, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    game = match(CLASSIC)
    path.write_text(dumps(game), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert out_err(capsys)[0].startswith("Valid match record: classic, 0 deals, no seed.\n")


def test_replay_an_invalid_record(capsys: Captured, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text("{", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out, err = out_err(capsys)
    assert out == ""
    assert err.startswith(f"belote replay: invalid record {path}: ")
    assert err.count("\n") == 1


def test_replay_an_unreadable_file(capsys: Captured, tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "none")]) == 2
    assert (
        out_err(capsys)[1]
        == f"belote replay: error: cannot read {tmp_path / 'none'}: No such file or directory\n"
    )


def test_replay_a_finished_round(capsys: Captured, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    state = played_out(deal(CLASSIC, dealer=Seat(0), seed=4))
    path.write_text(dumps(state), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    lines = out_err(capsys)[0].split("\n")
    assert lines[:4] == [
        "Valid round record: classic.",
        "Dealer: seat 0 (North).",
        "Auction: 1 ♥ hearts",
        "Trick 1: 1: J♠, 2: 9♠, 3: A♠, 0: K♠ - won by seat 3 (17)",
    ]
    assert len([line for line in lines if line.startswith("Trick ")]) == 8
    assert lines[11].startswith("Contract ♥ hearts by seat 1 (West): ")
    assert lines[-1] == ""


def test_round_lines_of_a_passed_out_and_a_stopped_round() -> None:
    state = deal(CLASSIC, dealer=Seat(2), seed=4)
    assert cli._round_lines(state, Style()) == [
        "Dealer: seat 2 (South).",
        "The record stops in the bidding phase; seat 3 (East) to act.",
    ]
    for _ in range(8):
        state = bid(state, Pass())
    assert cli._round_lines(state, Style()) == [
        "Dealer: seat 2 (South).",
        "Auction: 3 pass, 0 pass, 1 pass, 2 pass, 3 pass, 0 pass, 1 pass, 2 pass",
        "Passed out: nobody took.",
    ]
    coinche = bid(
        deal(parse_variant("coinche"), dealer=Seat(0), seed=1),
        legal_bids(deal(parse_variant("coinche"), dealer=Seat(0), seed=1))[1],
    )
    coinche = bid(coinche, legal_bids(coinche)[-1])
    assert cli._round_lines(coinche, Style())[1] == "Auction: 1 80 clubs, 2 coinche"


def test_replay_draws_the_pictures(monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path) -> None:
    drawn: list[tuple[object, Path]] = []

    def draw(game: object, directory: Path) -> int:
        drawn.append((game, directory))
        return 16

    monkeypatch.setattr(belote.cli.pictures, "write_trick_pictures", draw)
    path = tmp_path / "m.json"
    game = two_deals()
    path.write_text(dumps(game), encoding="utf-8")
    assert main(["replay", str(path), "--svg", str(tmp_path / "svg")]) == 0
    assert drawn == [(game, tmp_path / "svg")]
    assert out_err(capsys)[0].endswith(f"(target 1000).\n16 trick pictures written to {tmp_path / 'svg'}.\n")


def test_write_pictures_refusals(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game = two_deals()
    file = tmp_path / "f"
    file.write_text("", encoding="utf-8")
    assert (
        refusal(cli._write_pictures, game, file)
        == f"belote replay: error: cannot write pictures to {file}: not a directory"
    )

    def fail(error: Exception) -> Any:
        def draw(game: object, directory: Path) -> int:
            raise error

        return draw

    monkeypatch.setattr(belote.cli.pictures, "write_trick_pictures", fail(OSError(13, "Permission denied")))
    assert (
        refusal(cli._write_pictures, game, tmp_path)
        == f"belote replay: error: cannot write pictures to {tmp_path}: Permission denied"
    )
    monkeypatch.setattr(belote.cli.pictures, "write_trick_pictures", fail(OSError("refused")))
    assert (
        refusal(cli._write_pictures, game, tmp_path)
        == f"belote replay: error: cannot write pictures to {tmp_path}: refused"
    )
    monkeypatch.setattr(belote.cli.pictures, "write_trick_pictures", fail(ValueError("embedded null byte")))
    assert refusal(cli._write_pictures, game, tmp_path) == (
        f"belote replay: error: cannot write pictures to {tmp_path!r}: embedded null byte"
    )
    new = tmp_path / "new"
    monkeypatch.setattr(belote.cli.pictures, "write_trick_pictures", lambda game, directory: 3)
    assert cli._write_pictures(game, new) == 3


# -- rules ---------------------------------------------------------------------------------------------


def test_rules(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    monkeypatch.setattr(cli, "wrap", lambda text, indent: [f"{indent}|{text}"])
    assert main(["rules", "bulgarian:target=101"]) == 0
    lines = out_err(capsys)[0].split("\n")
    docs = option_docs()
    assert lines[:3] == [
        "Variant bulgarian (bulgarian:target=101): every option, its value and meaning.",
        "",
        "bidding = auction    [turned_card | auction | points_auction]",
    ]
    assert lines[3] == "4|" + docs[0].doc.replace("``", "")
    assert "``" in docs[0].doc
    assert "target = 101    [a whole number]" in lines
    assert "generale_value = none    [a whole number or none]" in lines
    assert "contracts = C+D+H+S+NONE+ALL    [a list of C D H S NONE ALL, joined by +]" in lines
    assert len(lines) == 2 * len(docs) + 5
    assert lines[-3:] == [
        "",
        "Change an option with --variant 'PRESET:option=value,...', e.g. 'classic:target=501'.",
        "",
    ]


class Mode(enum.Enum):
    """An enum whose text is not its value (``Mode.PLAIN``)."""

    PLAIN = "plain"


def test_option_text() -> None:
    assert cli._option_text(True) == "true"
    assert cli._option_text(False) == "false"
    assert cli._option_text(None) == "none"
    assert cli._option_text(501) == "501"
    assert cli._option_text(0) == "0"
    assert cli._option_text(Seating.FIXED) == "fixed"
    assert cli._option_text(Seat(1)) == "west"
    assert cli._option_text(Mode.PLAIN) == "plain"
    assert cli._option_text((Trump.CLUBS, Trump.NO_TRUMPS)) == "C+NONE"
    assert cli._option_text(("x", 5)) == "x+5"
    assert cli._option_text(()) == ""


def test_choices() -> None:
    docs = {doc.name: doc for doc in option_docs()}
    assert cli._choices(docs["bidding"], "auction") == "turned_card | auction | points_auction"
    assert cli._choices(docs["contracts"], ()) == "a list of C D H S NONE ALL, joined by +"
    assert cli._choices(docs["target"], 1000) == "a whole number"
    assert cli._choices(docs["generale_value"], None) == "a whole number or none"
    assert cli._choices(docs["generale_value"], 500) == "a whole number or none"
    assert cli._option_types()["target"] is int


# -- demo ----------------------------------------------------------------------------------------------


class DemoSpy:
    """The AI players and the match replaced: records ``make_agent``'s and ``play_match``'s
    arguments and gives ``game``."""

    def __init__(self, game: Match) -> None:
        self.game = game
        self.made: list[tuple[str, int]] = []
        self.played: list[tuple[object, list[object], object]] = []

    def make_agent(self, level: str, *, seed: int) -> str:
        self.made.append((level, seed))
        return f"agent {seed}"

    def play_match(self, variant: object, agents: list[object], *, seed: object) -> Match:
        self.played.append((variant, agents, seed))
        return self.game


def install_demo(monkeypatch: pytest.MonkeyPatch) -> DemoSpy:
    spy = DemoSpy(two_deals())
    monkeypatch.setattr(belote.agents, "make_agent", spy.make_agent)
    monkeypatch.setattr(belote.games, "play_match", spy.play_match)
    return spy


def test_demo(monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path) -> None:
    spy = install_demo(monkeypatch)
    save = tmp_path / "d.json"
    assert (
        main(["demo", "--variant", "bulgarian", "--level", "easy", "--seed", "2", "--save", str(save)]) == 0
    )
    assert spy.made == [("easy", 8), ("easy", 9), ("easy", 10), ("easy", 11)]
    assert spy.played == [(BULGARIAN, ["agent 8", "agent 9", "agent 10", "agent 11"], 2)]
    assert loads(save.read_text(encoding="utf-8")) == spy.game
    assert out_err(capsys) == (
        "Demo: bulgarian to 151, four easy AI players, seed 2.\n"
        "deal  dealer  contract    taker  outcome   points   scores  carry\n"
        "----  ------  ----------  -----  -------  -------  -------  -----\n"
        "   1       2  passed out      -  -          0 - 0    0 - 0      -\n"
        "   2       3  ♣ clubs         0  failed   0 - 162  0 - 162      0\n"
        "No winner yet after 2 deals: 0 - 162 (target 1000).\n"
        f"Record saved to {save} (check it with: belote replay {save})\n",
        "",
    )


def test_demo_with_a_random_seed(monkeypatch: pytest.MonkeyPatch, capsys: Captured) -> None:
    spy = install_demo(monkeypatch)
    monkeypatch.setattr(cli, "_seed", lambda value: 6 if value is None else -1)
    assert main(["demo"]) == 0
    assert spy.made == [("normal", 24), ("normal", 25), ("normal", 26), ("normal", 27)]
    assert spy.played[0][2] == 6
    assert out_err(capsys)[0].startswith("Demo: classic to 1000, four normal AI players, seed 6.\n")


class Closed(io.StringIO):
    """An output closed by its reader: every write fails."""

    def write(self, text: str) -> int:
        raise BrokenPipeError


@pytest.mark.parametrize("saved", [True, False])
def test_demo_into_a_closed_output_still_saves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, discarded: list[str], saved: bool
) -> None:
    spy = install_demo(monkeypatch)
    monkeypatch.setattr(sys, "stdout", Closed())
    save = tmp_path / "d.json"
    assert main(["demo", "--seed", "1", *(["--save", str(save)] if saved else [])]) == 0
    assert discarded == ["discarded"]
    assert save.exists() is saved
    assert spy.played == ([(CLASSIC, ["agent 4", "agent 5", "agent 6", "agent 7"], 1)] if saved else [])
    if saved:
        assert loads(save.read_text(encoding="utf-8")) == spy.game


def test_the_names_exported() -> None:
    assert cli.__all__ == ["LEVELS", "SEATINGS", "UsageError", "build_parser", "main"]
    assert (cli.LEVELS, cli.SEATINGS) == (
        ("easy", "normal", "hard", "expert"),
        ("fixed", "rotate", "duplicate"),
    )


# -- each command writes to the output it is handed ----------------------------------------------------


def handle(command: str, *args: str) -> tuple[int, str]:
    """Runs ``command``'s handler with its own output stream (not the standard output)."""
    options = build_parser().parse_args([command, *args])
    stdout = io.StringIO()
    code = getattr(cli, f"_{command}")(options, stdout, sys.stderr)
    return code, stdout.getvalue()


def test_play_writes_to_its_output(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path, stdin: io.StringIO
) -> None:
    install_play(monkeypatch, two_deals())
    save = tmp_path / "g.json"
    assert handle("play", "--seed", "1", "--save", str(save)) == (
        0,
        f"RESULT\nRecord saved to {save} (check it with: belote replay {save})\n",
    )
    install_play(monkeypatch, GameStoppedError("you quit", two_deals()))
    assert handle("play", "--seed", "1", "--save", str(save)) == (
        1,
        f"Game stopped: you quit.\nRecord saved to {save} (check it with: belote replay {save})\n",
    )
    assert capsys.readouterr() == ("", "")


def test_simulate_and_selfplay_write_to_their_output(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, executors: Executors
) -> None:
    monkeypatch.setattr(belote.cli.simulate, "run", SimulateSpy())
    code, out = handle("simulate", "--variant", "classic:target=501")
    assert (code, out) == (
        0,
        "\n".join(belote.cli.simulate.summary_lines(SUMMARY, "classic:target=501")) + "\n",
    )
    assert out.startswith("2 matches of classic:target=501, seed 0:\n")
    code, out = handle("simulate", "--json")
    assert json.loads(out) == belote.cli.simulate.summary_json(SUMMARY, "classic")
    monkeypatch.setattr(selfplay_module, "selfplay", SelfplaySpy(shards=1))
    assert handle("selfplay", "--out", "d", "-n", "1", "--no-progress") == (0, "1 match in 1 shard in d\n")
    assert capsys.readouterr() == ("", "")


def test_replay_and_demo_write_to_their_output(
    monkeypatch: pytest.MonkeyPatch, capsys: Captured, tmp_path: Path
) -> None:
    path = tmp_path / "m.json"
    path.write_text(dumps(two_deals()), encoding="utf-8")
    code, out = handle("replay", str(path))
    assert (code, out.split("\n")[0]) == (0, "Valid match record: classic, 2 deals, seed 5.")
    spy = install_demo(monkeypatch)
    save = tmp_path / "d.json"
    code, out = handle("demo", "--seed", "2", "--save", str(save))
    assert code == 0
    assert out.split("\n") == [
        "Demo: classic to 1000, four normal AI players, seed 2.",
        "deal  dealer  contract    taker  outcome   points   scores  carry",
        "----  ------  ----------  -----  -------  -------  -------  -----",
        "   1       2  passed out      -  -          0 - 0    0 - 0      -",
        "   2       3  clubs           0  failed   0 - 162  0 - 162      0",
        "No winner yet after 2 deals: 0 - 162 (target 1000).",
        f"Record saved to {save} (check it with: belote replay {save})",
        "",
    ]
    assert spy.played == [(CLASSIC, ["agent 8", "agent 9", "agent 10", "agent 11"], 2)]
    assert capsys.readouterr() == ("", "")
