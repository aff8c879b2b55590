"""Duplicate play between two agent levels: point share and match win rate with 95% CIs.

Each deal is played twice with the same cards and the same dealer, the teams' seats swapped:
level A sits at seats 0 and 2 in the first play and at seats 1 and 3 in the second. The point
share of A is the mean, over the deal pairs where somebody scored, of A's share of the points
written in the two plays, with the normal 95% interval of that mean. Per level, the bidding
over the deals: the take rate (contracts its side took per deal), the made rate as taker and
the contra rate (the share of the opponents' contracts its side doubled). Matches are played in
duplicate the same way (same match seed, seats swapped); the win rate of A comes with a
Wilson 95% interval. The games run on :func:`belote.tournament` (``--jobs`` processes).

With ``--out PREFIX`` each game's result is written as a JSON line to ``PREFIX.deals.jsonl``
(and ``PREFIX.matches.jsonl``); with ``--resume`` as well, a run that stopped (Ctrl-C, a lost
machine, the end of a working session) keeps the games those files hold and plays only the
rest, so a long measure can be run in pieces and still give the figures of one run.

    python benchmarks/agent_strength.py --variant classic --deals 2000 --a normal --b easy --jobs 2
    python benchmarks/agent_strength.py --a expert --b hard --matches 0 --out runs/expert --resume
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any

from belote import LEVELS, ExpertAgent, HardAgent, find_variant, tournament
from belote.tournament import PlayerSpec


def player(
    level: str, samples: int | None, solve_from: int | None = None, auction_weight: float | None = None
) -> PlayerSpec:
    """The level name, or a hard or expert agent with ``samples`` sampled deals per decision
    (and an expert agent's ``solve_from``) and ``auction_weight`` (reading the auction)."""
    options: dict[str, Any] = {}
    if level in ("hard", "expert"):
        if samples is not None:
            options["samples"] = samples
        if auction_weight is not None:
            options["auction_weight"] = auction_weight
    if level == "expert" and solve_from is not None:
        options["solve_from"] = solve_from
    if not options:
        return level
    return partial(HardAgent if level == "hard" else ExpertAgent, **options)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant", default="classic", help="preset name (classic, classic_501, bulgarian, coinche, contree)"
    )
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals (each played twice)")
    parser.add_argument("--matches", type=int, default=None, help="duplicate matches (default deals // 20)")
    parser.add_argument("--a", default="normal", choices=LEVELS, help="level A (the one measured)")
    parser.add_argument("--b", default="easy", choices=LEVELS, help="level B (the opponent)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--samples", type=int, default=None, help="hard and expert agent samples (default: their own)"
    )
    parser.add_argument(
        "--solve-from", type=int, default=None, help="expert agent's solve_from (default: its own)"
    )
    parser.add_argument(
        "--auction-weight",
        type=float,
        default=None,
        help="level A's auction_weight, if hard or expert (default: none, the auction is not read)",
    )
    parser.add_argument(
        "--out",
        metavar="PREFIX",
        default=None,
        help="write each game's result to PREFIX.deals.jsonl and PREFIX.matches.jsonl",
    )
    parser.add_argument(
        "--resume", action="store_true", help="with --out: keep the games those files hold, play the rest"
    )
    args = parser.parse_args(argv)
    if args.resume and args.out is None:
        parser.error("--resume needs --out PREFIX")
    variant = find_variant(args.variant)
    matches = args.deals // 20 if args.matches is None else args.matches
    players = (
        player(args.a, args.samples, args.solve_from, args.auction_weight),
        player(args.b, args.samples, args.solve_from),
    )
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        deals = tournament(
            players,
            games=args.deals,
            variant=variant,
            seed=args.seed,
            deals=True,
            seating="duplicate",
            executor=executor,
            output=None if args.out is None else f"{args.out}.deals.jsonl",
            resume=args.resume,
        )
        played = None
        if matches:
            played = tournament(
                players,
                games=matches,
                variant=variant,
                seed=args.seed,
                seating="duplicate",
                executor=executor,
                output=None if args.out is None else f"{args.out}.matches.jsonl",
                resume=args.resume,
            )
    finally:
        if executor is not None:
            executor.shutdown()
    hard = f", hard/expert samples {args.samples}" if args.samples else ""
    hard += f", expert solve_from {args.solve_from}" if args.solve_from is not None else ""
    print(f"variant {variant.name}: {args.a} (A) vs {args.b} (B), seed {args.seed}, {args.jobs} job(s){hard}")
    print(
        f"duplicate deals: {args.deals} ({deals.plays} rounds); "
        f"points A {deals.points[0]}, B {deals.points[1]}"
    )
    low, high = deals.share_interval[0] or (float("nan"), float("nan"))
    print(f"point share of A: {deals.share[0]:.4f}  95% CI [{low:.4f}, {high:.4f}]")
    if played is not None:
        rate_low, rate_high = played.win_interval[0]
        print(
            f"match win rate of A: {played.win_rate[0]:.4f}  95% CI [{rate_low:.4f}, {rate_high:.4f}]"
            f"  ({played.wins[0]}/{played.plays} matches)"
        )
    for number, label in ((0, "A"), (1, "B")):
        print(
            f"bidding of {label} ({deals.players[number]}) over the deals: "
            f"take rate {deals.take_rate[number]:.4f} ({deals.taken[number]}/{deals.deals}), "
            f"made as taker {deals.made_rate[number]:.4f} ({deals.made[number]}/{deals.taken[number]}), "
            f"contra rate {deals.contra_rate[number]:.4f} "
            f"({deals.doubled[number]}/{deals.taken[1 - number]} opponents' contracts)"
        )
    elapsed = deals.elapsed + (played.elapsed if played is not None else 0.0)
    ms = ", ".join(
        f"{name} {1000 * t:.2f}" for name, t in zip(deals.players, deals.seconds_per_decision, strict=True)
    )
    kept = deals.resumed + (played.resumed if played is not None else 0)
    resumed = f" (this run; {kept} games kept from --out's files)" if kept else ""
    print(f"time: {elapsed:.1f} s{resumed}; ms per decision: {ms}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
