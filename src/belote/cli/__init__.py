"""The ``belote`` command: play, simulate, selfplay, replay, analyze, rules and demo (standard library only).

``belote COMMAND --help`` explains each command with an example; ``python -m belote`` is the
same command. Exit codes: 0 success, 1 an invalid record (``replay``) or a game stopped
early, 2 bad arguments or an unreadable file (one line on stderr, never a traceback), 130
interrupted (Ctrl-C; ``belote play --save`` saves the finished deals first).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from belote._version import __version__
from belote.cli._display import Style, deal_summary, result_line, score_sheet, seat_name, wrap
from belote.errors import BeloteError
from belote.match import Match
from belote.notation import format_variant, parse_variant
from belote.records import RecordError, ReplayError, dumps, loads
from belote.round import Phase, RoundState, score_round
from belote.seats import Seat
from belote.variants import PRESETS, Variant, option_docs

__all__ = ["main"]

LEVELS = ("easy", "normal", "hard", "expert")
SEATINGS = ("fixed", "rotate", "duplicate")


class UsageError(Exception):
    """Bad arguments or an unreadable file: exit code 2 with one line."""

    def __init__(self, message: str, prog: str = "belote") -> None:
        super().__init__(f"{prog}: error: {message}")


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
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seat(text: str) -> Seat:
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat 0..3")
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
    parser.add_argument("--jobs", type=_positive, default=1, help="processes to use (default 1)")
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
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

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
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE at the end")

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
        "--out", metavar="FILE", help="write each game's result to FILE, one JSON line per game"
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
    selfplay.add_argument("--out", metavar="DIR", required=True, help="directory of the shards")
    selfplay.add_argument("-n", "--count", type=_positive, default=1000, help="games (default 1000)")
    selfplay.add_argument("--shard-size", type=_positive, default=100, help="games per shard (default 100)")
    selfplay.add_argument("--deals", action="store_true", help="play single deals instead of whole matches")
    selfplay.add_argument("--team0", choices=LEVELS, default="normal", help="level of seats 0 and 2")
    selfplay.add_argument("--team1", choices=LEVELS, default="normal", help="level of seats 1 and 3")
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
    demo.add_argument("--save", metavar="FILE", help="write the match record (JSON) to FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``belote`` command with ``argv`` (default: the process arguments); the exit code."""
    parser = build_parser()
    try:
        options = parser.parse_args(argv)
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
        return handler[options.command](options, sys.stdout, sys.stderr)
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
        return 0


def _check_writable(path: str | None) -> Path | None:
    if path is None:
        return None
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"cannot save to {path}: it is a directory", "belote")
    if not target.parent.is_dir():
        raise UsageError(f"cannot save to {path}: no directory {target.parent}")
    return target


def _save(target: Path | None, game: Match, stdout: TextIO) -> None:
    if target is None:
        return
    try:
        target.write_text(dumps(game) + "\n", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot save to {target}: {error.strerror or error}") from None
    print(f"Record saved to {target} (check it with: belote replay {target})", file=stdout)


def _seed(value: int | None) -> int:
    return random.SystemRandom().randrange(1_000_000) if value is None else value


def _play(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.cli.play import Console, Game, GameStoppedError, run

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
        print(f"Game stopped: {stop.why}.", file=stdout)
        if stop.progress is not None and stop.progress.history:
            _save(target, stop.progress, stdout)
        return 130 if stop.interrupted else 1
    _save(target, played, stdout)
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
    if options.json:
        print(json.dumps(summary_json(summary, format_variant(options.variant)), indent=2), file=stdout)
    else:
        print("\n".join(summary_lines(summary)), file=stdout)
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
    unit = "deals" if options.deals else "matches"
    print(f"{options.count} {unit} in {len(shards)} shards in {options.out}", file=stdout)
    return 0


def _analyze(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from belote.cli.analyze import run

    return run(options, stdout, stderr)


def _replay(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    name = options.file
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror or error}", "belote replay") from None
    try:
        game = loads(data)
    except (RecordError, ReplayError) as error:
        print(f"belote replay: invalid record {name}: {error}", file=stderr)
        return 1
    style = Style.detect(stdout)
    if isinstance(game, Match):
        lines = [f"Valid match record: {game.variant.name}, {len(game.history)} deals, seed {game.seed}.", ""]
        lines += [*score_sheet(game, style), result_line(game)]
    else:
        lines = [f"Valid round record: {game.variant.name}.", *_round_lines(game, style)]
    print("\n".join(lines), file=stdout)
    if options.svg is not None:
        _write_pictures(game, Path(options.svg), stdout)
    return 0


def _write_pictures(game: RoundState | Match, directory: Path, stdout: TextIO) -> None:
    from belote.cli.pictures import write_trick_pictures

    if directory.exists() and not directory.is_dir():
        raise UsageError(f"cannot write pictures to {directory}: not a directory", "belote replay")
    try:
        count = write_trick_pictures(game, directory)
    except OSError as error:
        raise UsageError(
            f"cannot write pictures to {directory}: {error.strerror or error}", "belote replay"
        ) from None
    print(f"{count} trick pictures written to {directory}.", file=stdout)


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
        lines.extend(deal_summary(score_round(state), style))
    elif state.phase is Phase.PASSED_OUT:
        lines.append("Passed out: nobody took.")
    else:
        assert state.to_act is not None
        lines.append(f"The record stops in the {state.phase.value} phase; {seat_name(state.to_act)} to act.")
    return lines


def _rules(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    variant: Variant = options.variant
    rows = []
    docs = {doc.name: doc for doc in option_docs()}
    values = variant.options()
    for name, doc in docs.items():
        value = values[name]
        shown = _option_text(value)
        if doc.values:
            choices = " | ".join(doc.values)
        elif isinstance(value, tuple):
            choices = "a list of C D H S NONE ALL, joined by +"
        else:
            choices = "a whole number" + (" or none" if name == "solo_capot_value" else "")
        rows.append((name, shown, choices, doc.doc.replace("``", "")))
    lines = [f"Variant {variant.name} ({format_variant(variant)}): every option, its value and meaning.", ""]
    for name, shown, choices, meaning in rows:
        lines.append(f"{name} = {shown}    [{choices}]")
        lines.extend(wrap(meaning, 4))
    lines.append("")
    lines.append("Change an option with --variant 'PRESET:option=value,...', e.g. 'classic:target=501'.")
    print("\n".join(lines), file=stdout)
    return 0


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
    print(
        f"Demo: {variant.name} to {variant.target}, four {options.level} AI players, seed {seed}.",
        file=stdout,
    )
    played = play_match(variant, agents, seed=seed)
    style = Style.detect(stdout)
    print("\n".join(score_sheet(played, style)), file=stdout)
    print(result_line(played), file=stdout)
    _save(target, played, stdout)
    return 0
