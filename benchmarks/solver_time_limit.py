"""The exact search's time limit: what reading the clock costs, how soon a search stops past its
limit, and the expert player's bidding decisions under a time budget, in one run.

1. **Cost.** Whole random classic deals (suit contracts) solved from the first lead on one
   thread, with no limit and with one never reached (1,000 s), in alternating order per deal:
   the ratio of the summed processor times (1.0: free). The pure path the same on 16-card
   endgames.
2. **Stop.** The same deals under limits of 1, 5 and 20 ms (wall clock): of the searches
   stopped, how long past the limit each raised ``TimeoutError`` (median, 99th percentile,
   most), and how many ended within the limit.
3. **Budget.** The expert's bidding decisions (its solved bidding: classic and the 501 game)
   with ``time_budget``: each view evaluated by the expert (a solve past the budget gives way to
   the normal heuristics' play) and by the same simulation whose solves run to their end (as
   before the time limit), alternating; the decision times' median, 99th percentile and most.

    python benchmarks/solver_time_limit.py --deals 200 --views 120
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from solved_bidding_speed import bidding_views
from solver_speed import percentile

from belote import CLASSIC, find_variant
from belote.agents import ExpertAgent, HardAgent
from belote.agents.expert_bidding import solved_play_out
from belote.kernel import COMPILED, solve_cards
from belote.kernel._rules import rule_values
from belote.kernel._search import solve_cards as pure_solve_cards
from belote.views import PlayerView

CLASSIC_RULES = rule_values(CLASSIC)
LIMITS = (0.001, 0.005, 0.02)


Deal = tuple[tuple[int, int, int, int], int, int]
"""The hands by seat, the leader and the trump suit."""


def deals(count: int, cards: int, seed: int) -> list[Deal]:
    """(hands, leader, suit) of ``count`` random deals of ``cards`` cards."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        each = cards // 4
        a, b, c, d = (sum(1 << card for card in deck[seat * each : (seat + 1) * each]) for seat in range(4))
        found.append(((a, b, c, d), rng.randrange(4), rng.randrange(4)))
    return found


def clock_cost(search: Callable[..., object], positions: Sequence[Deal]) -> float:
    """Processor time with a limit never reached over without one, alternating per position."""
    spent = {False: 0.0, True: 0.0}
    for number, (hands, leader, suit) in enumerate(positions):
        for limited in (False, True) if number % 2 else (True, False):
            start = time.process_time()
            search(
                hands,
                (),
                leader,
                suit,
                CLASSIC_RULES,
                (0, 0),
                (90, 90),
                threads=1,
                time_limit=1000.0 if limited else None,
            )
            spent[limited] += time.process_time() - start
    return spent[True] / spent[False]


def stops(positions: Sequence[Deal]) -> None:
    for limit in LIMITS:
        late: list[float] = []
        within = 0
        for hands, leader, suit in positions:
            start = time.perf_counter()
            try:
                solve_cards(
                    hands, (), leader, suit, CLASSIC_RULES, (0, 0), (90, 90), threads=1, time_limit=limit
                )
                within += 1
            except TimeoutError:
                late.append(time.perf_counter() - start - limit)
        line = f"  limit {1000 * limit:4.0f} ms: {within:4d} solved within it, {len(late):4d} stopped"
        if late:
            line += (
                f", past the limit by median {1e6 * statistics.median(late):6.0f} us, "
                f"p99 {1e6 * percentile(late, 0.99):6.0f} us, most {1e6 * max(late):6.0f} us"
            )
        print(line)


def budgeted(views: Sequence[PlayerView], budget: float) -> None:
    times: dict[str, list[float]] = {"time limit": [], "solves to the end": []}
    for number, view in enumerate(views):
        ways = ("time limit", "solves to the end") if number % 2 else ("solves to the end", "time limit")
        for way in ways:
            start = time.perf_counter()
            if way == "time limit":
                ExpertAgent(seed=number, time_budget=budget, solved_bidding=True).evaluate_calls(view)
            else:
                play_out = solved_play_out(view.variant, carry=view.carry)
                HardAgent(seed=number, time_budget=budget).evaluate_calls(view, play_out=play_out, samples=64)
            times[way].append(time.perf_counter() - start)
    for way, spent in times.items():
        print(
            f"  budget {1000 * budget:3.0f} ms, {way:<17}: median {1000 * statistics.median(spent):5.0f} ms, "
            f"p99 {1000 * percentile(spent, 0.99):5.0f} ms, most {1000 * max(spent):5.0f} ms"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="whole random deals (default 200)")
    parser.add_argument("--pure-deals", type=int, default=20, help="16-card endgames for the pure path")
    parser.add_argument("--views", type=int, default=120, help="bidding decisions per variant (default 120)")
    parser.add_argument("--budgets", type=float, nargs="*", default=[0.1, 0.05])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    whole = deals(args.deals, 32, args.seed)
    print(f"compiled kernel in use: {COMPILED}")
    if COMPILED:
        print(
            f"cost of the clock, {args.deals} whole deals, one thread: {clock_cost(solve_cards, whole):.3f}x"
        )
    endgames = deals(args.pure_deals, 16, args.seed + 1)
    pure_cost = clock_cost(pure_solve_cards, endgames)
    print(f"cost of the clock, pure path, {args.pure_deals} endgames of 16 cards: {pure_cost:.3f}x")
    if COMPILED:
        print(f"stopping past the limit, {args.deals} whole deals, one thread (wall clock):")
        stops(whole)
        views = [
            view
            for name in ("classic", "classic_501")
            for view in bidding_views(find_variant(name), args.views, args.seed)
        ]
        print(f"the expert's bidding under a time budget, {len(views)} decisions of classic and 501:")
        for budget in args.budgets:
            budgeted(views, budget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
