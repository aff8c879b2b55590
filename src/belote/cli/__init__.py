"""The ``belote`` command: play, simulate, selfplay, replay, analyze, rules and demo (standard library only).

``belote COMMAND --help`` explains each command with an example; ``python -m belote`` is the
same command. Exit codes: 0 success, 1 an invalid record (``replay``) or a game stopped
early, 2 bad arguments or an unreadable file (one line on stderr, never a traceback), 130
interrupted (Ctrl-C; ``belote play --save`` saves the finished deals first).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import functools
import json
import os
import random
import sys
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from belote._args import check_seed_size
from belote.cli._display import (
    Style,
    counted,
    deal_summary,
    forgive_unencodable,
    result_line,
    score_sheet,
    seat_name,
    wrap,
)
from belote.cli._parser import LEVELS, SEATINGS, UsageError, build_parser, read_file_argument
from belote.errors import BeloteError, RecordError, ReplayError
from belote.match import Match
from belote.notation import format_variant
from belote.records import dumps, loads
from belote.round import Phase, RoundState, score_round
from belote.variants import OptionDoc, Variant, option_docs

__all__ = ["LEVELS", "SEATINGS", "UsageError", "build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``belote`` command with ``argv`` (default: the process arguments); the exit code
    (``--help`` and ``--version`` too return 0 rather than exit).

    A closed output (``belote demo | head -1``) ends the command quietly with 0, once any
    record it was asked to save is written; an output the system refuses to write (a full disk)
    ends it with one line of error and 1, as does any other error of the system (too many open
    files), named by its reason. A standard output or error whose encoding lacks
    some characters (ASCII, cp1252) is reconfigured to print them as ``?`` rather than fail.
    """
    forgive_unencodable(sys.stdout)
    forgive_unencodable(sys.stderr)
    parser = build_parser()
    output: _WatchedOutput | None = None
    try:
        try:
            options = parser.parse_args(argv)
        except SystemExit as done:  # --help and --version print, then exit: returned as a status
            return done.code if isinstance(done.code, int) else 0
        if options.command is None:
            raise UsageError(
                "choose a command: play, simulate, selfplay, replay, analyze, rules or demo"
                " (see 'belote --help')"
            )
        handler = {
            "play": _play,
            "simulate": _simulate,
            "selfplay": _selfplay,
            "replay": _replay,
            "analyze": _analyze,
            "rules": _rules,
            "demo": _demo,
        }
        output = _WatchedOutput(sys.stdout)
        code = handler[options.command](options, typing.cast(TextIO, output), sys.stderr)
        output.flush()  # a closed output fails here rather than at exit
        return code
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except BeloteError as error:
        print(f"belote: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _discard_closed_output()
        return 0
    except concurrent.futures.BrokenExecutor as error:  # a worker killed, or out of memory
        reason = str(error).rstrip(".")
        print(
            f"belote: error: a worker process was lost ({reason}); any games already written are "
            "kept: run the same command again (with --resume for simulate --out) to go on",
            file=sys.stderr,
        )
        return 1
    except OSError as error:  # the system refuses the output (a full disk, /dev/full) or something else
        if output is not None and output.failed:
            print(f"belote: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
            _discard_closed_output()
        else:
            print(f"belote: error: {_system_error(error)}", file=sys.stderr)
        return 1


class _WatchedOutput:
    """The standard output as the commands write to it, remembering whether the system refused a
    write or a flush (``failed``), so that such an error is told from the others; every other
    attribute is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.failed = False

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            self.failed = True
            raise


def _system_error(error: OSError) -> str:
    """An error of the system in one line: its reason, and the files it names.

    >>> _system_error(OSError(24, "Too many open files"))
    'Too many open files'
    >>> _system_error(OSError(13, "Permission denied", "out.json"))
    'Permission denied: out.json'
    """
    reason = error.strerror or str(error)
    names = [str(name) for name in (error.filename, error.filename2) if name is not None]
    return f"{reason}: {' -> '.join(names)}" if names else reason


def _discard_closed_output() -> None:
    """Point a closed standard output at the null device, so that Python's last flush at exit
    does not fail again ("Exception ignored ... BrokenPipeError", exit code 120)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no file descriptor: nothing to do
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


def _check_writable(path: str | None) -> Path | None:
    """The path of ``--save FILE`` or ``--out FILE``, checked before any game is played: its
    directory exists and a file can be created there (or the file written)."""
    if path is None:
        return None
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"cannot save to {path}: it is a directory")
    if not target.parent.is_dir():
        raise UsageError(f"cannot save to {path}: no directory {target.parent}")
    existed = target.exists()
    if existed and not target.is_file():  # a device or a pipe: opening it could block or consume
        if not os.access(target, os.W_OK):
            raise UsageError(f"cannot save to {path}: permission denied")
        return target
    try:
        with target.open("a", encoding="utf-8"):  # appends nothing: an existing file is unchanged
            pass
    except OSError as error:
        raise UsageError(f"cannot save to {path}: {error.strerror or error}") from None
    if not existed:
        target.unlink()
    return target


def _write_record(target: Path | None, game: Match | None) -> Path | None:
    """Write ``game``'s record to ``target`` (nothing when either is None); the path written.

    Commands write the record before they print the output that announces it, so that an
    output closed early (``| head``) cannot lose it.
    """
    if target is None or game is None:
        return None
    try:
        target.write_text(dumps(game) + "\n", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot save to {target}: {error.strerror or error}") from None
    return target


def _say_saved(saved: Path | None, stdout: TextIO) -> None:
    """Where :func:`_write_record` saved the record, if it did."""
    if saved is not None:
        print(f"Record saved to {saved} (check it with: belote replay {saved})", file=stdout)


def _seed(value: int | None) -> int:
    """The seed of ``demo`` and ``play`` (a random one when none is given), checked as the
    players' seeds it gives (``seed * 4 + seat``) are: a seed too large is refused by its own
    name, not by the first player's."""
    if value is None:
        return random.SystemRandom().randrange(1_000_000)
    check_seed_size(value * 4 + 3, "seed (in the players' seeds it gives)")
    return value


def _play(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.cli.play import Console, Game, GameStoppedError, run, show_result

    if sys.stdin is None:  # the process was started with its standard input closed
        raise UsageError("cannot read the moves: standard input is closed", "belote play")
    target = _check_writable(options.save)
    game = Game(
        variant=options.variant,
        level=options.level,
        seed=_seed(options.seed),
        human=options.seat,
        deals=options.deals,
    )
    console = Console(sys.stdin, stdout, Style.detect(stdout))
    try:
        played = run(game, console)
    except GameStoppedError as stop:
        finished = stop.progress if stop.progress is not None and stop.progress.history else None
        saved = _write_record(target, finished)
        print(f"Game stopped: {stop.why}.", file=stdout)
        _say_saved(saved, stdout)
        return 130 if stop.interrupted else 1
    saved = _write_record(target, played)
    show_result(played, game.human, console)
    _say_saved(saved, stdout)
    return 0


def _simulate(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.cli._executors import DaskUnavailableError, open_executor
    from belote.cli.simulate import Job, run, summary_json, summary_lines
    from belote.tournament import Seating

    job = Job(
        variant=options.variant,
        levels=(options.team0, options.team1),
        count=options.count,
        seed=options.seed,
        deals=options.deals,
        seating=Seating(options.seating),
    )
    if options.resume and options.out is None:
        raise UsageError("--resume needs --out FILE (see 'belote simulate --help')", "belote simulate")
    _check_writable(options.out)
    try:
        with open_executor(options.jobs, options.scheduler) as executor:
            summary = run(
                job,
                executor,
                stderr,
                progress=not options.no_progress,
                output=options.out,
                resume=options.resume,
            )
    except DaskUnavailableError as error:
        raise UsageError(str(error), "belote simulate") from None
    except OSError as error:
        if options.out is None:
            raise
        # the games' results are written to --out as they come: a full disk, a file system
        # that refuses the file, an I/O error
        raise UsageError(
            f"cannot write {options.out}: {error.strerror or error}", "belote simulate"
        ) from None
    variant_text = format_variant(options.variant)
    if options.json:
        print(json.dumps(summary_json(summary, variant_text), indent=2), file=stdout)
    else:
        print("\n".join(summary_lines(summary, variant_text)), file=stdout)
    return 0


def _selfplay(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.cli._executors import DaskUnavailableError, open_executor
    from belote.cli.simulate import ProgressBar
    from belote.selfplay import selfplay

    bar = ProgressBar(stderr, options.count, enabled=not options.no_progress)
    try:
        with open_executor(options.jobs, options.scheduler) as executor:
            shards = selfplay(
                options.out,
                games=options.count,
                players=(options.team0, options.team1),
                variant=options.variant,
                seed=options.seed,
                deals=options.deals,
                shard_size=options.shard_size,
                executor=executor,
                progress=lambda done, total: bar(done),
            )
    except DaskUnavailableError as error:
        raise UsageError(str(error), "belote selfplay") from None
    except OSError as error:
        raise UsageError(
            f"cannot write to {options.out}: {error.strerror or error}", "belote selfplay"
        ) from None
    games = counted(options.count, "deal") if options.deals else counted(options.count, "match", "matches")
    print(f"{games} in {counted(len(shards), 'shard')} in {options.out}", file=stdout)
    return 0


def _analyze(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.cli.analyze import run

    return run(options, stdout, stderr)


def _replay(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    name = options.file
    data = read_file_argument(name, "belote replay")
    try:
        game = loads(data)
    except (RecordError, ReplayError) as error:
        print(f"belote replay: invalid record {name}: {error}", file=stderr)
        return 1
    style = Style.detect(stdout)
    variant = format_variant(game.variant)
    if isinstance(game, Match):
        seed = "no seed" if game.seed is None else f"seed {game.seed}"
        lines = [f"Valid match record: {variant}, {counted(len(game.history), 'deal')}, {seed}.", ""]
        lines += [*score_sheet(game, style), result_line(game)]
    else:
        lines = [f"Valid round record: {variant}.", *_round_lines(game, style)]
    if options.svg is not None:  # first: an output closed early still gets the pictures asked for
        count = _write_pictures(game, Path(options.svg))
        lines.append(f"{count} trick pictures written to {options.svg}.")
    print("\n".join(lines), file=stdout)
    return 0


def _write_pictures(game: RoundState | Match, directory: Path) -> int:
    """Draw every trick of ``game`` in ``directory``; how many pictures."""
    from belote.cli.pictures import write_trick_pictures

    try:
        if directory.exists() and not directory.is_dir():
            raise UsageError(f"cannot write pictures to {directory}: not a directory", "belote replay")
        count = write_trick_pictures(game, directory)
    except OSError as error:
        raise UsageError(
            f"cannot write pictures to {directory}: {error.strerror or error}", "belote replay"
        ) from None
    except ValueError as error:  # a name the system cannot take (a NUL byte, from the Python API)
        raise UsageError(f"cannot write pictures to {directory!r}: {error}", "belote replay") from None
    return count


def _round_lines(state: RoundState, style: Style) -> list[str]:
    lines = [f"Dealer: {seat_name(state.dealer)}."]
    if state.auction:
        lines.append(
            "Auction: "
            + ", ".join(f"{int(seat)} {style.call(call, state.variant)}" for seat, call in state.auction)
        )
    for number, trick in enumerate(state.tricks, 1):
        cards = ", ".join(f"{int(seat)}: {style.card(card)}" for seat, card in trick.plays)
        lines.append(f"Trick {number}: {cards} - won by seat {int(trick.winner)} ({trick.points})")
    if state.phase is Phase.FINISHED:
        lines.extend(deal_summary(score_round(state), style, state.variant))
    elif state.phase is Phase.PASSED_OUT:
        lines.append("Passed out: nobody took.")
    else:
        assert state.to_act is not None
        lines.append(f"The record stops in the {state.phase.value} phase; {seat_name(state.to_act)} to act.")
    return lines


def _rules(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    variant: Variant = options.variant
    rows = []
    values = variant.options()
    for doc in option_docs():
        value = values[doc.name]
        rows.append((doc.name, _option_text(value), _choices(doc, value), doc.doc.replace("``", "")))
    lines = [f"Variant {variant.name} ({format_variant(variant)}): every option, its value and meaning.", ""]
    for name, shown, choices, meaning in rows:
        lines.append(f"{name} = {shown}    [{choices}]")
        lines.extend(wrap(meaning, 4))
    lines.append("")
    lines.append("Change an option with --variant 'PRESET:option=value,...', e.g. 'classic:target=501'.")
    print("\n".join(lines), file=stdout)
    return 0


def _choices(doc: OptionDoc, value: object) -> str:
    """What an option accepts, as ``belote rules`` shows it: its values, a list of contracts, or a
    whole number (``or none`` when the option's type allows None, as ``generale_value``)."""
    if doc.values:
        return " | ".join(doc.values)
    if isinstance(value, tuple):
        return "a list of C D H S NONE ALL, joined by +"
    optional = type(None) in typing.get_args(_option_types()[doc.name])
    return "a whole number or none" if optional else "a whole number"


@functools.cache
def _option_types() -> dict[str, object]:
    """The type of every variant option (``int | None`` for an optional number)."""
    return typing.get_type_hints(Variant)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "+".join(getattr(item, "code", str(item)) for item in value)
    if value is None:
        return "none"
    enum_value = getattr(value, "value", None)
    return str(enum_value) if isinstance(enum_value, str) else str(value)


def _demo(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.agents import make_agent
    from belote.games import play_match

    target = _check_writable(options.save)
    seed = _seed(options.seed)
    variant: Variant = options.variant
    agents = [make_agent(options.level, seed=seed * 4 + seat) for seat in range(4)]
    heading = (
        f"Demo: {format_variant(variant)} to {variant.target}, four {options.level} AI players, seed {seed}."
    )
    try:
        print(heading, file=stdout)
    except BrokenPipeError:  # nobody reads: the match is still played and saved, if asked
        if target is not None:
            _write_record(target, play_match(variant, agents, seed=seed))
        raise
    played = play_match(variant, agents, seed=seed)
    saved = _write_record(target, played)
    style = Style.detect(stdout)
    print("\n".join(score_sheet(played, style)), file=stdout)
    print(result_line(played), file=stdout)
    _say_saved(saved, stdout)
    return 0
