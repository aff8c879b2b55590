"""Duplicate play between two agent levels: point share and match win rate with 95% CIs.

Each deal is played twice with the same cards and the same dealer, the teams' seats swapped:
level A sits at seats 0 and 2 in the first play and at seats 1 and 3 in the second. The point
share of A is its score-sheet points over all points written in the two plays (a deal pair
where nobody scores is skipped); its 95% interval is the normal interval of the mean of the
per-pair shares. Matches are played in duplicate the same way (same match seed, seats
swapped); the win rate of A comes with a Wilson 95% interval.

    python benchmarks/agent_strength.py --variant classic --deals 2000 --a normal --b easy --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence

from belote import Phase, Seat, find_variant, score_round
from belote.agents import LEVELS, Agent, HardAgent, make_agent
from belote.games import play_match, play_round

Z95 = 1.959964


def _agent(level: str, seed: int, samples: int | None) -> Agent:
    if level == "hard" and samples is not None:
        return HardAgent(seed, samples=samples)
    return make_agent(level, seed=seed)


def _agents(first: str, second: str, seed: int, samples: int | None) -> list[Agent]:
    """``first`` at seats 0 and 2, ``second`` at 1 and 3."""
    levels = (first, second, first, second)
    return [_agent(level, seed + seat, samples) for seat, level in enumerate(levels)]


def duplicate_deal(job: tuple[str, str, str, int, int, int | None]) -> tuple[int, int]:
    """Points of A and of B over the two plays of deal ``number``."""
    variant_name, a, b, seed, number, samples = job
    variant = find_variant(variant_name)
    deal_seed = f"{seed}/deal/{number}"
    dealer = Seat(number % 4)
    a_points = b_points = 0
    for flip, agents in enumerate((_agents(a, b, seed, samples), _agents(b, a, seed, samples))):
        final = play_round(variant, agents, seed=deal_seed, dealer=dealer)
        if final.phase is not Phase.FINISHED:
            continue
        points = score_round(final).points
        a_points += points[flip]
        b_points += points[1 - flip]
    return a_points, b_points


def duplicate_match(job: tuple[str, str, str, int, int, int | None]) -> tuple[int, int]:
    """Matches won by A and by B in the two plays of match ``number``."""
    variant_name, a, b, seed, number, samples = job
    variant = find_variant(variant_name)
    wins = [0, 0]
    for flip, agents in enumerate((_agents(a, b, seed, samples), _agents(b, a, seed, samples))):
        final = play_match(variant, agents, seed=f"{seed}/match/{number}", first_dealer=Seat(number % 4))
        assert final.winner is not None
        wins[int(final.winner) ^ flip] += 1
    return wins[0], wins[1]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and normal 95% interval of the mean."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, float("nan"), float("nan")
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def wilson(successes: int, trials: int) -> tuple[float, float, float]:
    """Proportion and Wilson 95% interval."""
    if not trials:
        return float("nan"), float("nan"), float("nan")
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return p, centre - half, centre + half


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
    parser.add_argument("--samples", type=int, default=None, help="hard agent samples (default: its own)")
    args = parser.parse_args(argv)
    variant = find_variant(args.variant)
    matches = args.deals // 20 if args.matches is None else args.matches
    deal_jobs = [
        (variant.name, args.a, args.b, args.seed, number, args.samples) for number in range(args.deals)
    ]
    match_jobs = [
        (variant.name, args.a, args.b, args.seed, number, args.samples) for number in range(matches)
    ]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            deal_results = pool.map(duplicate_deal, deal_jobs, chunksize=4)
            match_results = pool.map(duplicate_match, match_jobs, chunksize=1)
    else:
        deal_results = [duplicate_deal(job) for job in deal_jobs]
        match_results = [duplicate_match(job) for job in match_jobs]
    elapsed = time.perf_counter() - start
    shares = [a / (a + b) for a, b in deal_results if a + b]
    total_a = sum(a for a, _ in deal_results)
    total_b = sum(b for _, b in deal_results)
    share, low, high = mean_interval(shares) if shares else (float("nan"),) * 3
    wins_a = sum(a for a, _ in match_results)
    played = sum(a + b for a, b in match_results)
    rate, rate_low, rate_high = wilson(wins_a, played)
    hard = f", hard samples {args.samples}" if args.samples else ""
    print(f"variant {variant.name}: {args.a} (A) vs {args.b} (B), seed {args.seed}, {args.jobs} job(s){hard}")
    print(
        f"duplicate deals: {args.deals} ({len(shares)} scored pairs, {2 * args.deals} rounds); "
        f"points A {total_a}, B {total_b}"
    )
    print(f"point share of A: {share:.4f}  95% CI [{low:.4f}, {high:.4f}]")
    print(
        f"match win rate of A: {rate:.4f}  95% CI [{rate_low:.4f}, {rate_high:.4f}]"
        f"  ({wins_a}/{played} matches)"
    )
    print(f"time: {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
