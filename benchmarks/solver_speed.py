"""Whole-deal solve time of the exact solver: median and 99th percentile, on one core.

Random deals (8 cards each, the first lead to play) are solved from the first lead under a
suit contract, no trumps and all trumps: every legal card of the leader gets its exact value.
The pure-Python path is timed, and the compiled kernel's when it is in use (``--paths``
chooses); another path can be added to ``PATHS`` with the same call.

    python benchmarks/solver_speed.py --deals 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from belote import BULGARIAN, CLASSIC
from belote.analysis._search import rule_values, solve_cards
from belote.kernel import _compiled

Solver = Callable[..., tuple[tuple[int, int, int], ...]]
PATHS: dict[str, Solver] = {"pure": solve_cards}
"""The solver paths to time: a name and a function with the signature of ``solve_cards``."""
if _compiled is not None:
    PATHS["compiled"] = _compiled.solve_cards

CONTRACTS = {"suit": (2, CLASSIC), "no trumps": (4, BULGARIAN), "all trumps": (5, BULGARIAN)}


def random_hands(rng: random.Random) -> tuple[int, int, int, int]:
    """Eight random cards per seat, as masks."""
    deck = list(range(32))
    rng.shuffle(deck)
    a, b, c, d = (sum(1 << card for card in deck[seat * 8 : seat * 8 + 8]) for seat in range(4))
    return a, b, c, d


def solve_times(path: str, contract: str, deals: int, seed: int = 0) -> list[float]:
    """Seconds to solve each of ``deals`` random whole deals from the first lead."""
    solver = PATHS[path]
    mode, variant = CONTRACTS[contract]
    rules = rule_values(variant)
    rng = random.Random(f"{seed}/{contract}")
    times = []
    for _ in range(deals):
        hands = random_hands(rng)
        start = time.perf_counter()
        solver(hands, (), 0, mode, rules, (0, 0), (90, 90))
        times.append(time.perf_counter() - start)
    return times


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="random deals per contract (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--paths", nargs="*", default=list(PATHS), choices=list(PATHS))
    parser.add_argument("--contracts", nargs="*", default=list(CONTRACTS), choices=list(CONTRACTS))
    args = parser.parse_args(argv)
    print(f"{'path':<8} {'contract':<11} {'deals':>5} {'median ms':>10} {'p99 ms':>10} {'max ms':>10}")
    for path in args.paths:
        for contract in args.contracts:
            times = solve_times(path, contract, args.deals, args.seed)
            print(
                f"{path:<8} {contract:<11} {len(times):>5} {1000 * statistics.median(times):>10.1f} "
                f"{1000 * percentile(times, 0.99):>10.1f} {1000 * max(times):>10.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
