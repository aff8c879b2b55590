"""The expert player's solved bidding: a call's evaluation with the flat margins against a search
of every margin, on the same views, in one run.

Where the expert player solves its bidding simulation's deals (classic, 501), each deal's search
stops once it knows the deal ends among the margins the score sheet writes alike (a failed
contract's, :func:`belote.agents.expert_bidding.flat_margins`). The views are the bidding
decisions with a choice of rounds bid by the normal player; each is evaluated both ways in turn
(the order alternating from view to view), the evaluations are checked equal, and the processor
time of each way is summed: the ratio is the saving.

    python benchmarks/solved_bidding_speed.py --views 40
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from belote import Seat, bid, deal, find_variant, observe
from belote.agents import HardAgent
from belote.agents.expert_bidding import SOLVED_BID_SAMPLES, solved_play_out
from belote.agents.normal_bidding import normal_bid
from belote.variants import Variant
from belote.views import PlayerView


def bidding_views(variant: Variant, count: int, seed: int) -> list[PlayerView]:
    """``count`` bidding decisions with a choice, from auctions the normal player bids."""
    views: list[PlayerView] = []
    number = 0
    while len(views) < count:
        state = deal(variant, dealer=Seat(number % 4), seed=f"{seed}/{number}")
        number += 1
        while state.to_act is not None and state.contract is None and len(views) < count:
            view = observe(state, state.to_act)
            if len(view.legal_bids) < 2:
                break
            views.append(view)
            state = bid(state, normal_bid(view))
    return views


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="preset name (classic, classic_501)")
    parser.add_argument("--views", type=int, default=40, help="bidding decisions (default 40)")
    parser.add_argument("--samples", type=int, default=SOLVED_BID_SAMPLES, help="deals sampled per call")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    variant = find_variant(args.variant)
    times: dict[bool, list[float]] = {True: [], False: []}
    for number, view in enumerate(bidding_views(variant, args.views, args.seed)):
        evaluations = {}
        for flat in (True, False) if number % 2 else (False, True):
            play_out = solved_play_out(variant, carry=view.carry, flat=flat)
            start = time.process_time()
            evaluations[flat] = HardAgent(seed=number).evaluate_calls(
                view, play_out=play_out, samples=args.samples
            )
            times[flat].append(time.process_time() - start)
        if evaluations[True] != evaluations[False]:
            print(f"view {number}: the evaluations differ", file=sys.stderr)
            return 1
    print(
        f"variant {variant.name}: {args.views} bidding decisions, {args.samples} deals a call, processor time"
    )
    for flat, label in ((False, "every margin"), (True, "flat margins")):
        print(
            f"  {label:<13} median {1000 * statistics.median(times[flat]):7.0f} ms, "
            f"total {sum(times[flat]):6.1f} s"
        )
    ratios = [fast / full for fast, full in zip(times[True], times[False], strict=True) if full > 0]
    print(
        f"  flat / every margin: {sum(times[True]) / sum(times[False]):.3f} of the total time, "
        f"median ratio per call {statistics.median(ratios):.3f}; the same evaluations"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
