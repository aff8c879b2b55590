"""Decision time per agent level: median and 99th percentile, on one core.

Views are collected from rounds played by normal agents (every bidding and playing decision
of every seat), then each level decides on each view; the time of each ``choose_call`` /
``choose_play`` is measured with ``time.perf_counter``. Card decisions with a single legal
card are reported apart as well (the hard agent answers them at once), and calls per bidding
system. On a busy machine, ``--clock process`` measures the CPU time of this process
(``time.process_time``) instead of the wall clock. With ``--auction-weight W``, the hard and
expert players are timed a second time reading the auction (``auction_weight=W``), in the same
run, and the ratio of the medians of their card decisions with a choice is printed.

    python benchmarks/agent_speed.py --rounds 40
    python benchmarks/agent_speed.py --rounds 10 --levels hard expert --auction-weight 0.2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from belote import PRESETS, Phase, Seat
from belote.agents import LEVELS, ExpertAgent, HardAgent, NormalAgent, make_agent
from belote.agents.base import Agent
from belote.games import agent_step
from belote.round import deal
from belote.views import PlayerView, observe


def collect(rounds: int, seed: int) -> list[PlayerView]:
    """Every decision's view in ``rounds`` rounds per preset played by normal agents."""
    agents = [NormalAgent(seat) for seat in range(4)]
    views = []
    for variant in PRESETS.values():
        for number in range(rounds):
            state = deal(variant, dealer=Seat(number % 4), seed=f"{seed}/{variant.name}/{number}")
            while state.phase in (Phase.BIDDING, Phase.PLAYING):
                assert state.to_act is not None
                views.append(observe(state, state.to_act))
                state = agent_step(state, agents)
    return views


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds per preset to collect views from")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", nargs="*", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--clock", default="wall", choices=("wall", "process"), help="time source")
    parser.add_argument(
        "--auction-weight",
        type=float,
        default=None,
        help="also time the hard and expert players reading the auction with this weight",
    )
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    views = collect(args.rounds, args.seed)
    print(f"{len(views)} decision views from {args.rounds} rounds per preset ({', '.join(PRESETS)})")
    players: list[tuple[str, Agent]] = [(level, make_agent(level, seed=1)) for level in args.levels]
    if args.auction_weight is not None:
        reading = {"hard": HardAgent, "expert": ExpertAgent}
        players += [
            (f"{level}+auction", reading[level](1, auction_weight=args.auction_weight))
            for level in args.levels
            if level in reading
        ]
    choice_medians: dict[str, float] = {}
    for level, agent in players:
        bids: list[float] = []
        by_system: dict[str, list[float]] = {}
        plays: list[float] = []
        choices: list[float] = []
        for view in views:
            if view.phase is Phase.BIDDING:
                start = clock()
                agent.choose_call(view)
                bids.append(clock() - start)
                by_system.setdefault(f"calls, {view.variant.bidding.value}", []).append(bids[-1])
            else:
                start = clock()
                agent.choose_play(view)
                elapsed = clock() - start
                plays.append(elapsed)
                if len(view.legal_cards) > 1:
                    choices.append(elapsed)
        every = bids + plays
        for label, times in (
            ("all decisions", every),
            ("calls", bids),
            *sorted(by_system.items()),
            ("cards", plays),
            ("cards, >1 legal", choices),
        ):
            print(
                f"{level:>14} {label:<26} n={len(times):>5}  median {statistics.median(times) * 1e3:8.3f} ms"
                f"  p99 {percentile(times, 0.99) * 1e3:8.3f} ms  max {max(times) * 1e3:8.3f} ms"
            )
        choice_medians[level] = statistics.median(choices)
    for level in args.levels:
        if f"{level}+auction" in choice_medians:
            ratio = choice_medians[f"{level}+auction"] / choice_medians[level]
            print(f"{level}: cards with a choice take {ratio:.2f} times as long reading the auction (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
