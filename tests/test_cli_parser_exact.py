"""Exact tests of the ``belote`` command's arguments (``belote.cli._parser``): every option of
every subcommand (its names, destination, help text, metavar, choices, type and default), the
types' refusals with their messages and bounds, the usage error they become, and the reading of
a record file or standard input with its limits and its errors.

The command's own tests run it in a subprocess, where mutation testing cannot see the mutated
code; these build the parser and call its helpers in process. Help texts are compared as the
parser holds them, not as argparse lays them out (which changes between Python versions).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

import pytest

from belote import BULGARIAN, CLASSIC
from belote._version import __version__
from belote.cli import _parser
from belote.cli._executors import MAX_WORKERS
from belote.cli._parser import LEVELS, SEATINGS, UsageError, build_parser, read_file_argument
from belote.errors import BeloteError
from belote.notation import parse_variant
from belote.records import MAX_RECORD_LENGTH
from belote.seats import Seat

VARIANT_HELP = (
    "a preset (classic, classic_501, bulgarian, coinche, contree or an alias) with options: "
    "'classic:undertrump_opponent=free,target=501' (default: classic); see 'belote rules'"
)
SCHEDULER_HELP = (
    "run on a Dask cluster: a scheduler address (tcp://HOST:8786) or local:N to start N local "
    "workers; needs pip install 'belote-rules[dask]'"
)
Row = tuple[tuple[str, ...], str, Any, Any, Any, bool, Any, Any, str]


def rows(parser: argparse.ArgumentParser) -> list[Row]:
    """Each option: names, destination, metavar, help, choices, required, nargs, type, kind."""
    return [
        (
            tuple(action.option_strings),
            action.dest,
            action.metavar,
            action.help,
            action.choices,
            action.required,
            action.nargs,
            getattr(action.type, "__name__", action.type),
            type(action).__name__,
        )
        for action in parser._actions
        if not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction))
    ]


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    assert parser._subparsers is not None
    action = parser._subparsers._group_actions[0]
    assert isinstance(action, argparse._SubParsersAction)
    return dict(action.choices)


def usage_error(args: list[str]) -> str:
    with pytest.raises(UsageError) as caught:
        build_parser().parse_args(args)
    return str(caught.value)


# -- the parser -------------------------------------------------------------------------------------


def test_the_constants() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert SEATINGS == ("fixed", "rotate", "duplicate")
    assert _parser.__all__ == ["LEVELS", "SEATINGS", "UsageError", "build_parser"]


def test_the_main_parser() -> None:
    parser = build_parser()
    assert isinstance(parser, _parser._Parser)
    assert (parser.prog, parser.description, parser.epilog) == (
        "belote",
        "Belote in the terminal: play against AI players, simulate, replay records, read rules.",
        "example:\n  belote demo --variant bulgarian --seed 7",
    )
    assert parser.formatter_class is argparse.RawDescriptionHelpFormatter
    assert rows(parser) == [
        (
            ("--version",),
            "version",
            None,
            "show program's version number and exit",
            None,
            False,
            0,
            None,
            "_VersionAction",
        )
    ]
    version = next(action for action in parser._actions if isinstance(action, argparse._VersionAction))
    assert version.version == f"belote-rules {__version__}"
    assert parser._subparsers is not None
    group = parser._subparsers._group_actions[0]
    assert isinstance(group, argparse._SubParsersAction)
    assert (group.dest, group.metavar) == ("command", "COMMAND")
    assert [(choice.dest, choice.help) for choice in group._choices_actions] == [
        ("play", "play a match against three AI players"),
        ("simulate", "play many seeded matches or deals between AI levels and print the statistics"),
        ("selfplay", "write self-play game records as gzip JSON-lines shards, resuming an interrupted run"),
        ("replay", "check a game record through the rules and print its score sheet"),
        (
            "analyze",
            "judge every card played in a game record with the exact solver (points lost, biggest mistakes)",
        ),
        ("rules", "show a variant's options, their values and meaning"),
        ("demo", "watch four AI players play a whole match"),
    ]


def test_the_version_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        build_parser().parse_args(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"belote-rules {__version__}\n"


@pytest.mark.parametrize(
    ("name", "description", "example"),
    [
        (
            "play",
            "play a match against three AI players",
            "belote play --level easy --seed 7 --save game.json",
        ),
        (
            "simulate",
            "play many seeded matches or deals between AI levels and print the statistics",
            "belote simulate --team0 hard --team1 normal -n 200 --jobs 2",
        ),
        (
            "selfplay",
            "write self-play game records as gzip JSON-lines shards, resuming an interrupted run",
            "belote selfplay --out games/ -n 10000 --shard-size 500 --jobs 2",
        ),
        (
            "replay",
            "check a game record through the rules and print its score sheet",
            "belote replay game.json",
        ),
        (
            "analyze",
            "judge every card played in a game record with the exact solver (points lost, biggest mistakes)",
            "belote analyze game.json --from-trick 3",
        ),
        ("rules", "show a variant's options, their values and meaning", "belote rules bulgarian"),
        ("demo", "watch four AI players play a whole match", "belote demo --variant classic_501 --seed 3"),
    ],
)
def test_each_command_has_its_description_and_example(name: str, description: str, example: str) -> None:
    parser = commands()[name]
    assert isinstance(parser, _parser._Parser)
    assert (parser.prog, parser.description, parser.epilog) == (
        f"belote {name}",
        description,
        f"example:\n  {example}",
    )
    assert parser.formatter_class is argparse.RawDescriptionHelpFormatter


def test_the_options_of_play_and_demo() -> None:
    levels = ("easy", "normal", "hard", "expert")
    game = [
        (("--variant",), "variant", None, VARIANT_HELP, None, False, None, "_variant", "_StoreAction"),
    ]
    seed = (
        ("--seed",),
        "seed",
        None,
        "seed of the deals and the AI players (default: random)",
        None,
        False,
        None,
        "int",
        "_StoreAction",
    )
    found = commands()
    assert rows(found["play"]) == [
        *game,
        (
            ("--level",),
            "level",
            None,
            "strength of the three AI players (default: normal)",
            levels,
            False,
            None,
            None,
            "_StoreAction",
        ),
        seed,
        (
            ("--seat",),
            "seat",
            None,
            "your seat, 0..3 (default 0; partner sits opposite)",
            None,
            False,
            None,
            "_seat",
            "_StoreAction",
        ),
        (
            ("--deals",),
            "deals",
            None,
            "stop after this many deals (default: play the whole match)",
            None,
            False,
            None,
            "_positive",
            "_StoreAction",
        ),
        (
            ("--save",),
            "save",
            "FILE",
            "write the game record (JSON) to FILE at the end",
            None,
            False,
            None,
            "_path",
            "_StoreAction",
        ),
    ]
    assert rows(found["demo"]) == [
        *game,
        (
            ("--level",),
            "level",
            None,
            "strength of the four AI players (default: normal)",
            levels,
            False,
            None,
            None,
            "_StoreAction",
        ),
        seed,
        (
            ("--save",),
            "save",
            "FILE",
            "write the match record (JSON) to FILE",
            None,
            False,
            None,
            "_path",
            "_StoreAction",
        ),
    ]


def test_the_options_of_simulate_and_selfplay() -> None:
    levels = ("easy", "normal", "hard", "expert")
    deals = (
        ("--deals",),
        "deals",
        None,
        "play single deals instead of whole matches",
        None,
        False,
        0,
        None,
        "_StoreTrueAction",
    )
    variant = (
        ("--variant",),
        "variant",
        None,
        "the variant (default classic)",
        None,
        False,
        None,
        "_variant",
        "_StoreAction",
    )
    team0 = (
        ("--team0",),
        "team0",
        None,
        "level of seats 0 and 2 (default normal)",
        levels,
        False,
        None,
        None,
        "_StoreAction",
    )
    jobs = (
        ("--jobs",),
        "jobs",
        None,
        "processes to use (default 1)",
        None,
        False,
        None,
        "_workers",
        "_StoreAction",
    )
    scheduler = (
        ("--scheduler",),
        "scheduler",
        "ADDRESS",
        SCHEDULER_HELP,
        None,
        False,
        None,
        None,
        "_StoreAction",
    )
    quiet = (
        ("--no-progress",),
        "no_progress",
        None,
        "no progress bar on stderr",
        None,
        False,
        0,
        None,
        "_StoreTrueAction",
    )
    found = commands()
    assert rows(found["simulate"]) == [
        (
            ("-n", "--count"),
            "count",
            None,
            "how many matches (or deals) (default 20)",
            None,
            False,
            None,
            "_positive",
            "_StoreAction",
        ),
        deals,
        team0,
        (
            ("--team1",),
            "team1",
            None,
            "level of seats 1 and 3 (default easy)",
            levels,
            False,
            None,
            None,
            "_StoreAction",
        ),
        variant,
        (
            ("--seed",),
            "seed",
            None,
            "base seed (default 0): same seed, same results",
            None,
            False,
            None,
            "int",
            "_StoreAction",
        ),
        (
            ("--seating",),
            "seating",
            None,
            "fixed: team0's level at seats 0 and 2 (default); rotate: the levels swap sides every game; "
            "duplicate: every game played twice, sides swapped",
            ("fixed", "rotate", "duplicate"),
            False,
            None,
            None,
            "_StoreAction",
        ),
        jobs,
        scheduler,
        (("--json",), "json", None, "print the results as JSON", None, False, 0, None, "_StoreTrueAction"),
        (
            ("--out",),
            "out",
            "FILE",
            "write each game's result to FILE, one JSON line per game",
            None,
            False,
            None,
            "_path",
            "_StoreAction",
        ),
        (
            ("--resume",),
            "resume",
            None,
            "with --out: keep the games FILE holds from a stopped run of the same command and play "
            "only the rest",
            None,
            False,
            0,
            None,
            "_StoreTrueAction",
        ),
        quiet,
    ]
    assert rows(found["selfplay"]) == [
        (("--out",), "out", "DIR", "directory of the shards", None, True, None, "_path", "_StoreAction"),
        (
            ("-n", "--count"),
            "count",
            None,
            "games (default 1000)",
            None,
            False,
            None,
            "_positive",
            "_StoreAction",
        ),
        (
            ("--shard-size",),
            "shard_size",
            None,
            "games per shard (default 100)",
            None,
            False,
            None,
            "_positive",
            "_StoreAction",
        ),
        deals,
        team0,
        (
            ("--team1",),
            "team1",
            None,
            "level of seats 1 and 3 (default normal)",
            levels,
            False,
            None,
            None,
            "_StoreAction",
        ),
        variant,
        (("--seed",), "seed", None, "base seed (default 0)", None, False, None, "int", "_StoreAction"),
        jobs,
        scheduler,
        quiet,
    ]


def test_the_options_of_replay_analyze_and_rules() -> None:
    found = commands()
    assert rows(found["replay"]) == [
        (
            (),
            "file",
            "FILE",
            "a record written by 'belote play --save' or belote.records ('-': stdin)",
            None,
            True,
            None,
            None,
            "_StoreAction",
        ),
        (
            ("--svg",),
            "svg",
            "DIR",
            "also draw every trick as an SVG picture in DIR (deal-001-trick-1.svg, ...)",
            None,
            False,
            None,
            "_path",
            "_StoreAction",
        ),
    ]
    assert rows(found["analyze"]) == [
        (
            (),
            "file",
            "FILE",
            "a round or match record (belote play --save, belote.records; '-': stdin)",
            None,
            True,
            None,
            None,
            "_StoreAction",
        ),
        (
            ("--json",),
            "json",
            None,
            "print JSON for programs instead of tables: the facts of belote.analysis, so a play's number "
            "counts from 0 (the table's card column counts from 1)",
            None,
            False,
            0,
            None,
            "_StoreTrueAction",
        ),
        (
            ("--round",),
            "round",
            "N",
            "in a match record, only deal N (from 1)",
            None,
            False,
            None,
            "int",
            "_StoreAction",
        ),
        (
            ("--from-trick",),
            "from_trick",
            "T",
            "judge the cards from trick T on (1-8, default 1; the first tricks take longest to solve)",
            None,
            False,
            None,
            "int",
            "_StoreAction",
        ),
        (
            ("--top",),
            "top",
            "K",
            "list the K biggest mistakes (default 5)",
            None,
            False,
            None,
            "int",
            "_StoreAction",
        ),
        (
            ("--threads",),
            "threads",
            "N",
            "the solver's threads in the first trick (default: the processors; 1 beside busy processes)",
            None,
            False,
            None,
            "int",
            "_StoreAction",
        ),
    ]
    assert rows(found["rules"]) == [
        (
            (),
            "variant",
            "VARIANT",
            "a preset or alias, with optional options (default: classic)",
            None,
            False,
            "?",
            "_variant",
            "_StoreAction",
        )
    ]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], {"command": None}),
        (
            ["play"],
            {
                "command": "play",
                "variant": CLASSIC,
                "level": "normal",
                "seed": None,
                "seat": Seat(0),
                "deals": None,
                "save": None,
            },
        ),
        (
            ["simulate"],
            {
                "command": "simulate",
                "count": 20,
                "deals": False,
                "team0": "normal",
                "team1": "easy",
                "variant": CLASSIC,
                "seed": 0,
                "seating": "fixed",
                "jobs": 1,
                "scheduler": None,
                "json": False,
                "out": None,
                "resume": False,
                "no_progress": False,
            },
        ),
        (
            ["selfplay", "--out", "d"],
            {
                "command": "selfplay",
                "out": "d",
                "count": 1000,
                "shard_size": 100,
                "deals": False,
                "team0": "normal",
                "team1": "normal",
                "variant": CLASSIC,
                "seed": 0,
                "jobs": 1,
                "scheduler": None,
                "no_progress": False,
            },
        ),
        (["replay", "f"], {"command": "replay", "file": "f", "svg": None}),
        (
            ["analyze", "f"],
            {
                "command": "analyze",
                "file": "f",
                "json": False,
                "round": None,
                "from_trick": 1,
                "top": 5,
                "threads": None,
            },
        ),
        (["rules"], {"command": "rules", "variant": CLASSIC}),
        (["demo"], {"command": "demo", "variant": CLASSIC, "level": "normal", "seed": None, "save": None}),
    ],
)
def test_the_defaults(args: list[str], expected: dict[str, object]) -> None:
    assert vars(build_parser().parse_args(args)) == expected


def test_options_given() -> None:
    options = build_parser().parse_args(
        [
            "play",
            "--variant",
            "bulgarian",
            "--level",
            "hard",
            "--seed",
            "-3",
            "--seat",
            "3",
            "--deals",
            "2",
            "--save",
            "g.json",
        ]
    )
    assert vars(options) == {
        "command": "play",
        "variant": BULGARIAN,
        "level": "hard",
        "seed": -3,
        "seat": Seat(3),
        "deals": 2,
        "save": "g.json",
    }
    assert type(options.seat) is Seat
    simulate = build_parser().parse_args(
        ["simulate", "-n", "4", "--jobs", str(MAX_WORKERS), "--variant", "classic:target=501"]
    )
    assert (simulate.count, simulate.jobs, simulate.variant) == (
        4,
        MAX_WORKERS,
        parse_variant("classic:target=501"),
    )
    assert build_parser().parse_args(["rules", "bulgarian"]).variant == BULGARIAN


# -- the types and their refusals --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "-n", "0"], "argument -n/--count: must be at least 1, got 0"),
        (["simulate", "-n", "-5"], "argument -n/--count: must be at least 1, got -5"),
        (["simulate", "-n", "x"], "argument -n/--count: 'x' is not a whole number"),
        (["simulate", "-n", "1.5"], "argument -n/--count: '1.5' is not a whole number"),
        (["simulate", "--jobs", "0"], "argument --jobs: must be at least 1, got 0"),
        (
            ["simulate", "--jobs", str(MAX_WORKERS + 1)],
            f"argument --jobs: must be at most {MAX_WORKERS} processes, got {MAX_WORKERS + 1}",
        ),
        (["simulate", "--out", ""], "argument --out: an empty path names no file or directory"),
        (["play", "--seat", "4"], "argument --seat: '4' is not a seat 0..3"),
        (["play", "--seat", "-1"], "argument --seat: '-1' is not a seat 0..3"),
        (["play", "--seat", " 1"], "argument --seat: ' 1' is not a seat 0..3"),
        (
            ["play", "--level", "master"],
            "argument --level: invalid choice: 'master' (choose from 'easy', 'normal', 'hard', 'expert')",
        ),
    ],
)
def test_bad_values_are_usage_errors(args: list[str], message: str) -> None:
    command = args[0]
    error = unquoted(usage_error(args))
    assert error == unquoted(f"belote {command}: error: {message} (see 'belote {command} --help')")


def unquoted(message: str) -> str:
    """``message`` with the choices argparse lists unquoted (quoted from Python 3.12.8 and 3.13.1)."""
    head, found, choices = message.partition("(choose from ")
    return head + found + choices.replace("'", "") if found else message


def library_message(text: str) -> str:
    """The library's refusal of the variant ``text``."""
    with pytest.raises(BeloteError) as caught:
        parse_variant(text)
    return str(caught.value)


def test_a_bad_variant_is_refused_with_the_libraries_message() -> None:
    message = library_message("nope")
    assert message.startswith("'nope': unknown variant 'nope': known names are ")
    assert usage_error(["play", "--variant", "nope"]) == (
        f"belote play: error: argument --variant: {message} (see 'belote play --help')"
    )


def test_each_seat_is_read() -> None:
    assert [_parser._seat(text) for text in ("0", "1", "2", "3")] == [Seat(0), Seat(1), Seat(2), Seat(3)]
    assert _parser._positive("1") == 1
    assert _parser._workers("1") == 1
    assert _parser._path("x") == "x"


def test_a_usage_error_of_the_main_parser() -> None:
    assert unquoted(usage_error(["nope"])) == (
        "belote: error: argument COMMAND: invalid choice: 'nope' (choose from "
        "play, simulate, selfplay, replay, analyze, rules, demo) (see belote --help)"
    )
    assert usage_error(["selfplay"]) == (
        "belote selfplay: error: the following arguments are required: --out (see 'belote selfplay --help')"
    )


def test_usage_error_text() -> None:
    assert str(UsageError("bad")) == "belote: error: bad"
    assert str(UsageError("bad", "belote x")) == "belote x: error: bad"
    assert isinstance(UsageError("bad"), Exception)


# -- read_file_argument -----------------------------------------------------------------------------


def refused(name: str, prog: str = "belote replay") -> str:
    with pytest.raises(UsageError) as caught:
        read_file_argument(name, prog)
    return str(caught.value)


def test_no_file_name() -> None:
    assert (
        refused("", "belote analyze")
        == "belote analyze: error: no file given: name a record file, or '-' for standard input"
    )


def test_a_file_is_read_whole_up_to_the_longest_record(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"x" * MAX_RECORD_LENGTH)
    assert read_file_argument(str(path), "p") == b"x" * MAX_RECORD_LENGTH
    path.write_bytes(b"x" * (MAX_RECORD_LENGTH + 1))
    assert (
        refused(str(path), "p")
        == f"p: error: cannot read {path}: longer than a record may be (10,000,000 bytes)"
    )


def test_a_missing_file_or_a_directory(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert refused(str(missing)) == f"belote replay: error: cannot read {missing}: No such file or directory"
    assert refused(str(tmp_path)) == f"belote replay: error: cannot read {tmp_path}: Is a directory"


def test_an_error_of_the_system_without_a_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def fail(self: Path, mode: str) -> io.BytesIO:
        raise OSError("no reason")

    monkeypatch.setattr(Path, "open", fail)
    assert refused("x.json") == "belote replay: error: cannot read x.json: no reason"


class Reader:
    """A standard input's binary buffer that records how much was asked and gives ``data``."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.asked: list[int] = []

    def read(self, size: int) -> bytes:
        self.asked.append(size)
        return self.data[:size]


class File(Reader):
    """A file opened by the reader (a context manager)."""

    def __enter__(self) -> File:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def test_an_endless_file_is_read_only_past_the_longest_record(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[str, str]] = []
    endless = File(b"0" * (MAX_RECORD_LENGTH + 5))

    def open_file(self: Path, mode: str) -> File:
        opened.append((str(self), mode))
        return endless

    monkeypatch.setattr(Path, "open", open_file)
    assert (
        refused("/dev/zero", "p")
        == "p: error: cannot read /dev/zero: longer than a record may be (10,000,000 bytes)"
    )
    assert opened == [("/dev/zero", "rb")]
    assert endless.asked == [MAX_RECORD_LENGTH + 1]


class Stdin:
    """A standard input with a binary buffer."""

    def __init__(self, buffer: Reader) -> None:
        self.buffer = buffer


def test_standard_input_is_read_from_its_buffer(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = Reader(b"\xffabc")
    monkeypatch.setattr(sys, "stdin", Stdin(reader))
    data = read_file_argument("-", "p")
    assert (data, type(data)) == (b"\xffabc", bytes)
    assert reader.asked == [MAX_RECORD_LENGTH + 1]


def test_an_endless_standard_input_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = Reader(b"0" * (MAX_RECORD_LENGTH + 5))
    monkeypatch.setattr(sys, "stdin", Stdin(reader))
    assert refused("-", "p") == "p: error: cannot read -: longer than a record may be (10,000,000 bytes)"
    assert reader.asked == [MAX_RECORD_LENGTH + 1]


class TextStdin(io.StringIO):
    """A standard input without a binary buffer; records the size asked."""

    asked: list[int | None]

    def read(self, size: int | None = -1) -> str:
        self.asked.append(size)
        return super().read(size)


def test_a_standard_input_without_buffer_is_read_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = TextStdin("é{}")
    stdin.asked = []
    monkeypatch.setattr(sys, "stdin", stdin)
    assert read_file_argument("-", "p") == "é{}".encode()
    assert stdin.asked == [MAX_RECORD_LENGTH + 1]


def test_a_closed_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert refused("-", "belote analyze") == "belote analyze: error: cannot read -: standard input is closed"
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    assert refused("-") == "belote replay: error: cannot read -: I/O operation on closed file"


def test_the_variant_type_gives_the_libraries_message() -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        _parser._variant("nope")
    assert str(caught.value) == library_message("nope")
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__
