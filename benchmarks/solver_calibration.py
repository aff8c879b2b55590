"""What the hidden cards cost the taker: the points a contract's team takes in real play against
the exact solver's value of the same deal with all hands open.

Each deal is played twice by the expert and the hard player (the expert's team at seats 0 and 2,
then at 1 and 3), bidding included. For every contract played, the taking team's card points
(with the last trick's 10) are compared with the solver's value of the same four hands from the
first lead (:func:`belote.agents.expert_bidding.solved_play_out`, the expert player's bidding
simulation's play), per level of the taking team: the mean difference with its normal 95%
interval, and the share of the deals where the taking team took more than half of the points,
played and solved. It tells how far the simulation's all-hands-open play is from the play at
the table (see :data:`belote.agents.expert_bidding.SOLVED_BIDDING`).

    python benchmarks/solver_calibration.py --deals 200 --jobs 2
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from paired_strength import mean_interval

from belote import ExpertAgent, HardAgent, Seat, find_variant, play_round, round_tally
from belote.agents import Agent
from belote.agents.expert_bidding import solved_play_out
from belote.round_score import _dealt_hands
from belote.tally import LAST_TRICK_BONUS

Row = tuple[str, int, int]
"""One contract: the taking team's level, its points in play, its points solved."""


def contracts_of_deal(variant_name: str, seed: int) -> list[Row]:
    """The contracts of deal ``seed`` played twice, the expert's team on each side in turn."""
    variant = find_variant(variant_name)
    solved = solved_play_out(variant, flat=False)  # the points themselves, not only their sheet
    rows: list[Row] = []
    for expert_team in (0, 1):
        agents: list[Agent] = [
            ExpertAgent(seed=4 * seed + seat) if seat & 1 == expert_team else HardAgent(seed=4 * seed + seat)
            for seat in range(4)
        ]
        state = play_round(variant, agents, seed=seed, dealer=Seat(seed % 4))
        contract = state.contract
        if contract is None:
            continue
        tally = round_tally(state)
        points = list(tally.card_points)
        points[int(tally.last_trick) & 1] += LAST_TRICK_BONUS
        taker = int(contract.taker)
        hands = _dealt_hands(state.tricks)
        won0, won1, _, _ = solved(hands, int(state.tricks[0].leader), taker, int(contract.trump))
        level = "expert" if taker & 1 == expert_team else "hard"
        rows.append((level, points[taker & 1], won1 if taker & 1 else won0))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="preset name")
    parser.add_argument("--deals", type=int, default=200, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.deals)
    with ProcessPoolExecutor(args.jobs) as executor:
        rows = [
            row
            for deal in executor.map(contracts_of_deal, [args.variant] * args.deals, seeds)
            for row in deal
        ]
    print(
        f"variant {args.variant}: {args.deals} deals played twice, expert against hard, {len(rows)} contracts"
    )
    for level in ("expert", "hard"):
        mine = [row for row in rows if row[0] == level]
        if len(mine) < 2:
            continue
        mean, half = mean_interval([played - solved for _, played, solved in mine])
        played_half = sum(played > 81 for _, played, _ in mine) / len(mine)
        solved_half = sum(solved > 81 for _, _, solved in mine) / len(mine)
        print(
            f"taken by {level}: {len(mine)} contracts; played minus solved {mean:+.1f} points "
            f"[{mean - half:+.1f}, {mean + half:+.1f}]; more than half the points: "
            f"played {played_half:.3f}, solved {solved_half:.3f}"
        )
    print(f"time: {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
