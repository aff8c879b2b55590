"""Speed of the kernel (belote.kernel): random rollouts and the exact solver, compiled against
pure Python in one run.

Rollouts: random legal cards from the first lead of random whole deals (every preset, a random
contract among the variant's) to the end of the deal, per second on one core, through
``rollouts(..., count=N)`` on the compiled module and on its pure-Python twin, and their ratio
(targets: >= 500,000/s compiled, >= 25x the pure rate). Also the compiled rate when each call
plays a single rollout (the Python call overhead included).

Normal playouts: whole deals played out by the normal player's heuristics (the hard player's
playouts), per second, compiled and pure, plain and with one team looking one card ahead
(``normal_play_out(..., ahead=0)``), and their ratios.

Solver: the value of every legal card of the first lead of random classic deals in a suit
contract (32 cards), median and 99th percentile, compiled and pure (targets compiled: <= 10 ms
median, <= 100 ms p99). The compiled search is timed as ``solve`` runs it (a whole deal splits
its legal cards over the processors the process may run on) and on one thread, the two
alternating deal by deal. The pure solver is far slower: it runs on fewer deals
(``--pure-deals``).

Each figure is given as wall-clock time and as the process's CPU time: on a shared machine the
CPU time is the better measure of one core (with threads, it adds up the threads' time).

    python benchmarks/kernel_speed.py [--deals 200] [--pure-deals 3] [--seed 0]
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from belote import CLASSIC, PRESETS
from belote.agents.sim import random_deal
from belote.kernel import _compiled, _pure, _rules, _search, rules_code


def clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def random_cases(deals: int, seed: int) -> list[tuple[list[int], int, int, int]]:
    """``deals`` random whole deals of every preset: the hands, a contract among the variant's,
    its rules code and 64 random bits (a rollout seed, or a leader in the low two bits)."""
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    cases = []
    for _ in range(deals):
        variant = presets[rng.randrange(len(presets))]
        hands, mode = random_deal(variant, rng)
        cases.append((hands, mode, rules_code(variant), rng.getrandbits(64)))
    return cases


def rollout_rate(
    rollouts: Callable[..., tuple[int, int]], deals: int, calls: int, per_call: int, seed: int
) -> tuple[float, float]:
    """Rollouts per second (wall, CPU): ``calls`` calls of ``per_call`` rollouts on each of
    ``deals`` random whole deals."""
    cases = random_cases(deals, seed)
    wall, cpu = clocks()
    for hands, mode, code, rollout_seed in cases:
        for call in range(calls):
            rollouts(hands, [], 0, mode, code, rollout_seed + call, per_call)
    end_wall, end_cpu = clocks()
    total = deals * calls * per_call
    return total / (end_wall - wall), total / (end_cpu - cpu)


def normal_playout_rate(
    play_out: Callable[..., object], deals: int, ahead: int, seed: int
) -> tuple[float, float]:
    """Whole-deal playouts by the normal heuristics per second (wall, CPU), team 0 looking one
    card ahead when ``ahead`` is 0 (-1: nobody)."""
    cases = random_cases(deals, seed)
    wall, cpu = clocks()
    for hands, mode, code, bits in cases:
        leader = bits & 3
        play_out(hands, [], leader, mode, code, leader & 1, 0, -1, ahead)
    end_wall, end_cpu = clocks()
    return deals / (end_wall - wall), deals / (end_cpu - cpu)


def solve_times(
    solvers: Sequence[Callable[..., object]], deals: int, seed: int
) -> list[tuple[list[float], list[float]]]:
    """Wall and CPU seconds of solving the first lead of ``deals`` random classic suit deals,
    per solver (each deal by every solver in turn, so that they share the machine's moods)."""
    rng = random.Random(seed)
    rules = _rules.rule_values(CLASSIC)
    bonus = CLASSIC.capot_value - 162
    times: list[tuple[list[float], list[float]]] = [([], []) for _ in solvers]
    for _ in range(deals):
        hands, _ = random_deal(CLASSIC, rng)
        mode = rng.randrange(4)
        leader = rng.randrange(4)
        for solve, (walls, cpus) in zip(solvers, times, strict=True):
            wall, cpu = clocks()
            solve(tuple(hands), (), leader, mode, rules, (0, 0), (bonus, bonus))
            end_wall, end_cpu = clocks()
            walls.append(end_wall - wall)
            cpus.append(end_cpu - cpu)
    return times


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for the compiled figures")
    parser.add_argument("--pure-deals", type=int, default=3, help="deals for the pure solver")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if _compiled is None:
        print("the compiled kernel is not in use (not built, or BELOTE_PURE=1): pure figures only")

    print("random rollouts per second, one core (wall / CPU)")
    pure_wall, pure_cpu = rollout_rate(_pure.rollouts, max(1, args.deals // 4), 1, 20, args.seed)
    print(f"  pure Python         {pure_wall:>12,.0f} / {pure_cpu:,.0f}")
    if _compiled is not None:
        batch_wall, batch_cpu = rollout_rate(_compiled.rollouts, args.deals, 1, 5000, args.seed)
        single_wall, single_cpu = rollout_rate(_compiled.rollouts, args.deals, 2000, 1, args.seed)
        print(f"  compiled, batches   {batch_wall:>12,.0f} / {batch_cpu:,.0f}")
        print(f"  compiled, 1 a call  {single_wall:>12,.0f} / {single_cpu:,.0f}")
        print(
            f"  ratio compiled/pure {batch_wall / pure_wall:>11,.0f}x / {batch_cpu / pure_cpu:,.0f}x"
            f"   (one a call: {single_wall / pure_wall:,.0f}x / {single_cpu / pure_cpu:,.0f}x)"
        )

    print("normal-heuristics playouts of whole deals per second, one core (wall / CPU)")
    for ahead, name in ((-1, "plain"), (0, "one team looking ahead")):
        pure_wall, pure_cpu = normal_playout_rate(
            _pure.normal_play_out, max(1, args.deals // (4 if ahead < 0 else 20)), ahead, args.seed
        )
        print(f"  pure Python, {name:<24} {pure_wall:>10,.0f} / {pure_cpu:,.0f}")
        if _compiled is not None:
            wall, cpu = normal_playout_rate(_compiled.normal_play_out, 50 * args.deals, ahead, args.seed)
            ratios = f"({wall / pure_wall:,.0f}x / {cpu / pure_cpu:,.0f}x)"
            print(f"  compiled, {name:<27} {wall:>10,.0f} / {cpu:,.0f}   {ratios}")

    print("solver, whole classic deal from the first lead (32 cards, suit contract), ms (wall / CPU)")
    if _compiled is not None:
        one_thread = functools.partial(_compiled.solve_cards, threads=1)
        timed = solve_times((_compiled.solve_cards, one_thread), args.deals, args.seed)
        for name, (walls, cpus) in zip(("compiled", "compiled, one thread"), timed, strict=True):
            print(
                f"  {name}, {args.deals} deals: median {1000 * statistics.median(walls):.1f} / "
                f"{1000 * statistics.median(cpus):.1f}, p99 {1000 * percentile(walls, 0.99):.1f} / "
                f"{1000 * percentile(cpus, 0.99):.1f}, max {1000 * max(walls):.1f} / {1000 * max(cpus):.1f}"
            )
    if args.pure_deals:
        ((walls, cpus),) = solve_times((_search.solve_cards,), args.pure_deals, args.seed)
        print(
            f"  pure, {args.pure_deals} deals: median {1000 * statistics.median(walls):,.0f} / "
            f"{1000 * statistics.median(cpus):,.0f}, max {1000 * max(walls):,.0f} / {1000 * max(cpus):,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
