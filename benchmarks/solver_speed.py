"""Whole-deal solve time of the exact solver: median and 99th percentile.

Random deals (8 cards each, the first lead to play) are solved from the first lead under a
suit contract, no trumps and all trumps: every legal card of the leader gets its exact value.
The pure-Python path is timed (one thread), and the compiled kernel's when it is in use: as
``solve`` runs it by default (``compiled``: a whole deal splits its legal cards over the
processors the process may run on, printed in the header) and on one thread (``compiled-1``);
``value-1`` times the compiled search for the best card's value alone on one thread
(``solve_value``, as the expert player's bidding solves each sampled deal).
``--paths`` chooses; another path can be added to ``PATHS`` with the same call.

On a shared or virtual machine one timing of a deal is at the mercy of the other work running:
``--repeat K`` solves each deal K times by each path (in turn) and keeps its fastest, the time
the deal takes undisturbed, and ``--clock process`` times the processor time of this process
instead of the wall clock (for a threaded path, the sum of its threads' time).

    python benchmarks/solver_speed.py --deals 200
    python benchmarks/solver_speed.py --deals 1000 --paths compiled-1 value-1 --repeat 3 --clock process
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from belote import BULGARIAN, CLASSIC
from belote.kernel import _compiled
from belote.kernel._rules import rule_values
from belote.kernel._search import solve_cards

Solver = Callable[..., object]
PATHS: dict[str, Solver] = {"pure": solve_cards}
"""The solver paths to time: a name and a function with the signature of ``solve_cards``."""
if _compiled is not None:
    PATHS["compiled"] = _compiled.solve_cards
    PATHS["compiled-1"] = functools.partial(_compiled.solve_cards, threads=1)
    PATHS["value-1"] = functools.partial(_compiled.solve_value, threads=1)

CONTRACTS = {"suit": (2, CLASSIC), "no trumps": (4, BULGARIAN), "all trumps": (5, BULGARIAN)}


def random_hands(rng: random.Random) -> tuple[int, int, int, int]:
    """Eight random cards per seat, as masks."""
    deck = list(range(32))
    rng.shuffle(deck)
    a, b, c, d = (sum(1 << card for card in deck[seat * 8 : seat * 8 + 8]) for seat in range(4))
    return a, b, c, d


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "process": time.process_time}
"""The clocks a solve can be timed by: the wall clock, or this process's processor time."""


def solve_times(
    paths: Sequence[str], contract: str, deals: int, seed: int = 0, *, repeat: int = 1, clock: str = "wall"
) -> list[list[float]]:
    """Seconds to solve each of ``deals`` random whole deals from the first lead, per path (each
    deal by every path in turn, so that they share the machine's moods): the fastest of
    ``repeat`` solves of the deal, timed by ``clock`` (a name in :data:`CLOCKS`)."""
    solvers = [PATHS[path] for path in paths]
    mode, variant = CONTRACTS[contract]
    rules = rule_values(variant)
    now = CLOCKS[clock]
    rng = random.Random(f"{seed}/{contract}")
    times: list[list[float]] = [[] for _ in paths]
    for _ in range(deals):
        hands = random_hands(rng)
        fastest = [float("inf")] * len(solvers)
        for _ in range(repeat):
            for number, solver in enumerate(solvers):
                start = now()
                solver(hands, (), 0, mode, rules, (0, 0), (90, 90))
                fastest[number] = min(fastest[number], now() - start)
        for timed, seconds in zip(times, fastest, strict=True):
            timed.append(seconds)
    return times


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="random deals per contract (default 200)")
    parser.add_argument("--pure-deals", type=int, default=10, help="of them, for the pure path (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--paths", nargs="*", default=list(PATHS), choices=list(PATHS))
    parser.add_argument("--contracts", nargs="*", default=list(CONTRACTS), choices=list(CONTRACTS))
    parser.add_argument("--repeat", type=int, default=1, help="solves per deal and path, the fastest kept")
    parser.add_argument("--clock", default="wall", choices=list(CLOCKS), help="wall clock or processor time")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"processors for the compiled path's threads: {cpus}; clock: {args.clock}, fastest of {args.repeat}"
    )
    print(f"{'path':<10} {'contract':<11} {'deals':>5} {'median ms':>10} {'p99 ms':>10} {'max ms':>10}")
    for contract in args.contracts:
        # the pure path on fewer deals: a whole deal takes it seconds
        fast = [path for path in args.paths if path != "pure"]
        timing = {"repeat": args.repeat, "clock": args.clock}
        rows = dict(zip(fast, solve_times(fast, contract, args.deals, args.seed, **timing), strict=True))
        if "pure" in args.paths:
            rows["pure"] = solve_times(["pure"], contract, args.pure_deals, args.seed, **timing)[0]
        for path in args.paths:
            times = rows[path]
            print(
                f"{path:<10} {contract:<11} {len(times):>5} {1000 * statistics.median(times):>10.1f} "
                f"{1000 * percentile(times, 0.99):>10.1f} {1000 * max(times):>10.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
