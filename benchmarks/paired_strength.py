"""Two configurations of a player against the same opponent on the same duplicate deals: each
point share and their paired difference, with 95% intervals.

``agent_strength.py`` measures one match-up; its interval at 400 deals is about +-0.015, wider
than most changes to a player are worth. Here both configurations play the same deals against
the same opponent with the same agent seeds, so where their decisions agree the games agree
too, and the difference of their shares is measured deal pair by deal pair: its interval is
narrower than either share's. The difference runs over every deal pair: a pair where nobody
scored (both tables passed out) counts as a share of 0.5 there, so a configuration that takes
and scores where the other passes is credited with what that gains or loses (each share, as
the tournament's, is over the pairs where somebody scored).

A player is a level name with options, ``level[:name=value,...]``: ``hard``,
``hard:samples=48``, ``hard:reading=1``, ``expert:solve_from=32,samples=24`` (the options of
:class:`HardAgent` and :class:`ExpertAgent`).

With ``--out PREFIX`` each configuration's games are written as JSON lines to
``PREFIX.first.jsonl`` and ``PREFIX.second.jsonl``; with ``--resume`` as well, the games those
files hold are kept and only the rest played (:func:`belote.tournament`'s ``resume``), so a long
comparison can run in pieces, and a baseline played once can be compared with several
candidates (copy its file under each prefix).

    python benchmarks/paired_strength.py --variant classic --deals 400 \
        --first expert:solve_from=32 --second expert --opponent hard --jobs 2
"""

from __future__ import annotations

import argparse
import inspect
import math
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial

from belote import LEVELS, ExpertAgent, HardAgent, find_variant, tournament
from belote.stats import Z95
from belote.tournament import PlayerSpec
from belote.tournament.results import GameResult

OPTIONS = {"hard": HardAgent, "expert": ExpertAgent}
"""The levels that take options, and their agent classes."""


def player(spec: str) -> PlayerSpec:
    """The player of ``level[:name=value,...]`` (option values are numbers: ``samples=48``,
    ``auction_weight=0.2``)."""
    level, _, text = spec.partition(":")
    if level not in LEVELS:
        raise SystemExit(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    if not text:
        return level
    if level not in OPTIONS:
        raise SystemExit(f"level {level!r} takes no options")
    known = set(inspect.signature(OPTIONS[level]).parameters) - {"seed"}
    options: dict[str, int | float] = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        if name not in known:
            raise SystemExit(f"{level} takes the options {', '.join(sorted(known))}, not {name!r}")
        try:
            options[name] = int(value) if value.lstrip("-").isdigit() else float(value)
        except ValueError:
            raise SystemExit(f"option {item!r} is not name=number") from None
    return partial(OPTIONS[level], **options)


def pair_shares(results: Sequence[GameResult]) -> dict[int, float]:
    """Player 0's share of the points of each deal pair where somebody scored, by game index."""
    return {result.index: _share(result) for result in results if sum(result.points) > 0}


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95% interval (both NaN for no
    value: no deal pair scored)."""
    count = len(values)
    if not count:
        return float("nan"), float("nan")
    mean = sum(values) / count
    if count < 2:
        return mean, float("nan")
    spread = math.sqrt(sum((value - mean) ** 2 for value in values) / (count - 1))
    return mean, Z95 * spread / math.sqrt(count)


def play(
    spec: str, opponent: str, args: argparse.Namespace, executor: Executor | None, output: str | None = None
) -> list[GameResult]:
    """The deal pairs of ``spec`` against ``opponent`` (each game written to ``output`` when
    given, the games it holds kept with ``--resume``)."""
    results: list[GameResult] = []
    tournament(
        (player(spec), player(opponent)),
        games=args.deals,
        variant=find_variant(args.variant),
        seed=args.seed,
        deals=True,
        seating="duplicate",
        executor=executor,
        on_game=results.append,
        output=output,
        resume=args.resume,
    )
    return results


def paired_differences(first: Sequence[GameResult], second: Sequence[GameResult]) -> list[float]:
    """Per deal pair (the games of one index), the first configuration's share minus the
    second's, a pair where nobody scored counting 0.5.

    >>> def pair(index: int, points: tuple[int, int]) -> GameResult:
    ...     return GameResult(index, f"0/{index}", points, (0, 0), 2, 2, (1, 1), (0.0, 0.0))
    >>> paired_differences([pair(0, (120, 40)), pair(1, (90, 70))], [pair(0, (0, 0)), pair(1, (80, 80))])
    [0.25, 0.0625]
    """
    seconds = {result.index: result for result in second}
    differences = []
    for result in first:
        other = seconds[result.index]
        differences.append(_share(result) - _share(other))
    return differences


def _share(result: GameResult) -> float:
    """Player 0's share of a deal pair's points, 0.5 when nobody scored."""
    scored = sum(result.points)
    return result.points[0] / scored if scored else 0.5


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="preset name")
    parser.add_argument("--deals", type=int, default=400, help="duplicate deals (each played twice)")
    parser.add_argument("--first", required=True, help="the first configuration, level[:name=value,...]")
    parser.add_argument("--second", required=True, help="the second configuration")
    parser.add_argument("--opponent", default="normal", help="the opponent of both (default normal)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--out", metavar="PREFIX", help="write each game to PREFIX.first.jsonl and PREFIX.second.jsonl"
    )
    parser.add_argument(
        "--resume", action="store_true", help="with --out: keep the games those files hold, play the rest"
    )
    args = parser.parse_args(argv)
    if args.resume and args.out is None:
        parser.error("--resume needs --out PREFIX")
    outputs = (None, None) if args.out is None else (f"{args.out}.first.jsonl", f"{args.out}.second.jsonl")
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        first = play(args.first, args.opponent, args, executor, outputs[0])
        second = play(args.second, args.opponent, args, executor, outputs[1])
    finally:
        if executor is not None:
            executor.shutdown()
    print(f"variant {args.variant}, {args.deals} duplicate deals, seed {args.seed}, against {args.opponent}")
    for name, results in ((args.first, first), (args.second, second)):
        shares = pair_shares(results)
        mean, half = mean_interval(list(shares.values()))
        print(f"  {name:<32} mean deal-pair share {mean:.4f} +- {half:.4f} over {len(shares)} scored pairs")
    differences = paired_differences(first, second)
    mean, half = mean_interval(differences)
    differing = sum(difference != 0 for difference in differences)
    print(
        f"  paired difference (first - second): {mean:+.4f} +- {half:.4f} "
        f"over {len(differences)} deal pairs ({differing} differ; no points counts 0.5)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
