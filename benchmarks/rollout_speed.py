"""Speed of the agents' internal rollout path (ints and masks, no public objects per step).

Measures random rounds per second on one core with :func:`belote.agents.sim.random_round`
(shuffle, deal, draw a contract, 32 random legal cards, card points), the same with the
normal heuristics for every card (the hard agent's rollouts), and, as the baseline measured
in the same run, random rounds through the public API (deal, bid, legal_moves + play,
score_round). Design budget: at least 10,000 random rollout rounds/s.

    python benchmarks/rollout_speed.py --rounds 20000
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from belote import PRESETS, Phase, Seat, bid, deal, legal_bids, legal_moves, play, score_round
from belote.agents.sim import normal_policy, play_out, random_deal, random_round
from belote.variants import Variant


def public_round(variant: Variant, rng: random.Random) -> int:
    state = deal(variant, dealer=Seat(0), rng=rng)
    while state.phase is Phase.BIDDING:
        calls = legal_bids(state)
        state = bid(state, calls[-1] if len(state.auction) >= 3 else calls[0])
    while state.phase is Phase.PLAYING:
        moves = list(legal_moves(state))
        state = play(state, moves[int(rng.random() * len(moves))])
    return sum(score_round(state).points) if state.phase is Phase.FINISHED else 0


def heuristic_round(variant: Variant, rng: random.Random) -> tuple[int, int, list[int], int]:
    hands, mode = random_deal(variant, rng)
    return play_out(hands, [], 0, mode, variant, normal_policy, int(rng.random() * 2), 0)


def rate(function: object, variant: Variant, rounds: int, seed: int) -> float:
    assert callable(function)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(rounds):
        function(variant, rng)
    return rounds / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(
        f"{'variant':<12} {'rollout random':>16} {'rollout normal':>16} {'public API random':>18}  (rounds/s)"
    )
    for name, variant in PRESETS.items():
        fast = rate(random_round, variant, args.rounds, args.seed)
        heuristic = rate(heuristic_round, variant, max(1, args.rounds // 4), args.seed)
        public = rate(public_round, variant, max(1, args.rounds // 4), args.seed)
        print(
            f"{name:<12} {fast:>16,.0f} {heuristic:>16,.0f} {public:>18,.0f}"
            f"   ratio random/public {fast / public:.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
