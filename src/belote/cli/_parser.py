"""The ``belote`` command's arguments: its parser, subcommand by subcommand, and the usage error
every bad argument becomes (exit code 2, one line on stderr).

>>> options = build_parser().parse_args(["simulate", "-n", "4", "--seating", "duplicate"])
>>> options.command, options.count, options.seating
('simulate', 4, 'duplicate')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn

from belote._repr import safe_repr
from belote._version import __version__
from belote.cli._executors import MAX_WORKERS
from belote.errors import BeloteError
from belote.notation import parse_variant
from belote.records import MAX_RECORD_LENGTH
from belote.seats import Seat
from belote.variants import PRESETS, Variant

__all__ = ["LEVELS", "SEATINGS", "UsageError", "build_parser"]

LEVELS = ("easy", "normal", "hard", "expert")
SEATINGS = ("fixed", "rotate", "duplicate")


class UsageError(Exception):
    """Bad arguments or an unreadable file: exit code 2 with one line."""

    def __init__(self, message: str, prog: str = "belote") -> None:
        super().__init__(f"{prog}: error: {message}")


def read_file_argument(name: str, prog: str) -> bytes:
    """The bytes of the record file a command was given (``-``: standard input), or a
    :class:`UsageError` that says why they cannot be read: no name, a closed standard input, an
    error of the system (a missing file, a directory, no permission), or more bytes than the
    longest record (:data:`~belote.records.MAX_RECORD_LENGTH`; an endless input such as
    ``/dev/zero`` is not read to its end)."""
    if not name:
        raise UsageError("no file given: name a record file, or '-' for standard input", prog)
    most = MAX_RECORD_LENGTH + 1
    try:
        if name != "-":
            with Path(name).open("rb") as stream:
                data = stream.read(most)
        else:
            stdin = sys.stdin
            if stdin is None:  # the process was started with its standard input closed
                raise UsageError("cannot read -: standard input is closed", prog)
            buffer = getattr(stdin, "buffer", None)
            data = buffer.read(most) if buffer is not None else stdin.read(most).encode()
        if len(data) > MAX_RECORD_LENGTH:
            raise UsageError(
                f"cannot read {name}: longer than a record may be ({MAX_RECORD_LENGTH:,} bytes)", prog
            )
        return bytes(data)
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror or error}", prog) from None
    except ValueError as error:  # a standard input already closed by the process itself
        raise UsageError(f"cannot read {name}: {error}", prog) from None


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')", self.prog)


def _variant(text: str) -> Variant:
    try:
        return parse_variant(text)
    except BeloteError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{safe_repr(text)} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {safe_repr(value)}")
    return value


def _path(text: str) -> str:
    """A file or directory argument: any text but an empty one (which names no path: it would
    mean the working directory, or nothing)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or directory")
    return text


def _workers(text: str) -> int:
    value = _positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_WORKERS} processes, got {safe_repr(value)}")
    return value


def _seat(text: str) -> Seat:
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"{safe_repr(text)} is not a seat 0..3")
    return Seat(int(text))


def _command(
    subparsers: argparse._SubParsersAction[_Parser], name: str, summary: str, example: str
) -> _Parser:
    return subparsers.add_parser(
        name,
        help=summary,
        description=summary,
        epilog=f"example:\n  {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _add_game_options(parser: argparse.ArgumentParser, level_help: str) -> None:
    parser.add_argument(
        "--variant",
        type=_variant,
        default=PRESETS["classic"],
        help="a preset (classic, classic_501, bulgarian, coinche, contree or an alias) with options: "
        "'classic:undertrump_opponent=free,target=501' (default: classic); see 'belote rules'",
    )
    parser.add_argument("--level", choices=LEVELS, default="normal", help=level_help)
    parser.add_argument("--seed", type=int, help="seed of the deals and the AI players (default: random)")


def _add_executor_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=_workers, default=1, help="processes to use (default 1)")
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler address (tcp://HOST:8786) or local:N to start "
        "N local workers; needs pip install 'belote-rules[dask]'",
    )


def build_parser() -> _Parser:
    """The argument parser of the ``belote`` command."""
    parser = _Parser(
        prog="belote",
        description="Belote in the terminal: play against AI players, simulate, replay records, read rules.",
        epilog="example:\n  belote demo --variant bulgarian --seed 7",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"belote-rules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")  # of _Parser, as parser

    play = _command(
        commands,
        "play",
        "play a match against three AI players",
        "belote play --level easy --seed 7 --save game.json",
    )
    _add_game_options(play, "strength of the three AI players (default: normal)")
    play.add_argument(
        "--seat", type=_seat, default=Seat(0), help="your seat, 0..3 (default 0; partner sits opposite)"
    )
    play.add_argument(
        "--deals", type=_positive, help="stop after this many deals (default: play the whole match)"
    )
    play.add_argument(
        "--save", metavar="FILE", type=_path, help="write the game record (JSON) to FILE at the end"
    )

    simulate = _command(
        commands,
        "simulate",
        "play many seeded matches or deals between AI levels and print the statistics",
        "belote simulate --team0 hard --team1 normal -n 200 --jobs 2",
    )
    simulate.add_argument(
        "-n", "--count", type=_positive, default=20, help="how many matches (or deals) (default 20)"
    )
    simulate.add_argument("--deals", action="store_true", help="play single deals instead of whole matches")
    simulate.add_argument(
        "--team0", choices=LEVELS, default="normal", help="level of seats 0 and 2 (default normal)"
    )
    simulate.add_argument(
        "--team1", choices=LEVELS, default="easy", help="level of seats 1 and 3 (default easy)"
    )
    simulate.add_argument(
        "--variant", type=_variant, default=PRESETS["classic"], help="the variant (default classic)"
    )
    simulate.add_argument(
        "--seed", type=int, default=0, help="base seed (default 0): same seed, same results"
    )
    simulate.add_argument(
        "--seating",
        choices=SEATINGS,
        default="fixed",
        help="fixed: team0's level at seats 0 and 2 (default); rotate: the levels swap sides every "
        "game; duplicate: every game played twice, sides swapped",
    )
    _add_executor_options(simulate)
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.add_argument(
        "--out", metavar="FILE", type=_path, help="write each game's result to FILE, one JSON line per game"
    )
    simulate.add_argument(
        "--resume",
        action="store_true",
        help="with --out: keep the games FILE holds from a stopped run of the same command and "
        "play only the rest",
    )
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")

    selfplay = _command(
        commands,
        "selfplay",
        "write self-play game records as gzip JSON-lines shards, resuming an interrupted run",
        "belote selfplay --out games/ -n 10000 --shard-size 500 --jobs 2",
    )
    selfplay.add_argument("--out", metavar="DIR", type=_path, required=True, help="directory of the shards")
    selfplay.add_argument("-n", "--count", type=_positive, default=1000, help="games (default 1000)")
    selfplay.add_argument("--shard-size", type=_positive, default=100, help="games per shard (default 100)")
    selfplay.add_argument("--deals", action="store_true", help="play single deals instead of whole matches")
    selfplay.add_argument(
        "--team0", choices=LEVELS, default="normal", help="level of seats 0 and 2 (default normal)"
    )
    selfplay.add_argument(
        "--team1", choices=LEVELS, default="normal", help="level of seats 1 and 3 (default normal)"
    )
    selfplay.add_argument(
        "--variant", type=_variant, default=PRESETS["classic"], help="the variant (default classic)"
    )
    selfplay.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    _add_executor_options(selfplay)
    selfplay.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")

    replay = _command(
        commands,
        "replay",
        "check a game record through the rules and print its score sheet",
        "belote replay game.json",
    )
    replay.add_argument(
        "file", metavar="FILE", help="a record written by 'belote play --save' or belote.records ('-': stdin)"
    )
    replay.add_argument(
        "--svg",
        metavar="DIR",
        type=_path,
        help="also draw every trick as an SVG picture in DIR (deal-001-trick-1.svg, ...)",
    )

    analyze = _command(
        commands,
        "analyze",
        "judge every card played in a game record with the exact solver (points lost, biggest mistakes)",
        "belote analyze game.json --from-trick 3",
    )
    from belote.cli.analyze import add_arguments as add_analyze_arguments

    add_analyze_arguments(analyze)

    rules = _command(
        commands, "rules", "show a variant's options, their values and meaning", "belote rules bulgarian"
    )
    rules.add_argument(
        "variant",
        nargs="?",
        type=_variant,
        default=PRESETS["classic"],
        metavar="VARIANT",
        help="a preset or alias, with optional options (default: classic)",
    )

    demo = _command(
        commands,
        "demo",
        "watch four AI players play a whole match",
        "belote demo --variant classic_501 --seed 3",
    )
    _add_game_options(demo, "strength of the four AI players (default: normal)")
    demo.add_argument("--save", metavar="FILE", type=_path, help="write the match record (JSON) to FILE")
    return parser
