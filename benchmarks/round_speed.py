"""Speed of the round engine through the public API.

Prints random rounds per second (deal, random legal bidding, 32 x legal_moves + play,
score_round) and the mean time of one ``legal_moves`` and one ``play`` over a sample of
mid-trick states, each also as a ratio to a baseline measured in the same run (a plain Python
function call doing a fixed small amount of work), so that figures from different machines
can be compared. Budgets (the project's design goals, one core): >= 4,000 rounds/s, legal_moves <= 2 us,
play <= 3 us.

For a variant other than classic it also times classic rounds in the same run and prints the
ratio (coinche budget: >= 70 % of the classic rate).

Usage: python benchmarks/round_speed.py [--rounds N] [--variant NAME] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import belote
from belote import Phase, RoundState, bid, deal, legal_bids, legal_moves, play, score_round


def random_round(variant: belote.Variant, seed: int, rng: random.Random) -> RoundState:
    """One round with uniformly random legal calls and cards, through the public API."""
    state = deal(variant, dealer=belote.Seat(seed & 3), seed=seed)
    while state.phase is Phase.BIDDING:
        calls = legal_bids(state)
        state = bid(state, calls[rng.randrange(len(calls))])
    if state.phase is Phase.PASSED_OUT:
        return state
    while state.phase is Phase.PLAYING:
        cards = list(legal_moves(state))
        state = play(state, cards[rng.randrange(len(cards))])
    score_round(state)
    return state


def mid_trick_states(variant: belote.Variant, count: int, seed: int) -> list[tuple[RoundState, belote.Card]]:
    """Playing states with 1 to 3 cards in the current trick, and a legal card for each."""
    rng = random.Random(seed)
    found: list[tuple[RoundState, belote.Card]] = []
    round_seed = seed
    while len(found) < count:
        round_seed += 1
        state = deal(variant, seed=round_seed)
        while state.phase is Phase.BIDDING:
            calls = legal_bids(state)
            state = bid(state, calls[rng.randrange(len(calls))])
        while state.phase is Phase.PLAYING:
            cards = list(legal_moves(state))
            if state.trick_cards:
                found.append((state, cards[rng.randrange(len(cards))]))
            state = play(state, cards[rng.randrange(len(cards))])
    return found[:count]


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The fastest of ``repeats`` timings of ``work()`` in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def baseline_unit() -> int:
    """The baseline: a function call that does a fixed, small amount of Python work."""
    total = 0
    for value in (1, 2, 3, 4, 5, 6, 7, 8):
        total += value
    return total


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = belote.find_variant(args.variant)

    calls = 200_000
    baseline = best_of(5, lambda: [baseline_unit() for _ in range(calls)]) / calls

    def rounds_work(rules: belote.Variant = variant) -> None:
        rng = random.Random(args.seed)
        for number in range(args.rounds):
            random_round(rules, args.seed * 1_000_003 + number, rng)

    rounds_time = best_of(3, rounds_work)
    classic_time = rounds_time
    if variant is not belote.CLASSIC:
        classic_time = best_of(3, lambda: rounds_work(belote.CLASSIC))
    states = mid_trick_states(variant, 2000, args.seed)
    reps = 50

    def legal_work() -> None:
        for state, _ in states:
            for _ in range(reps):
                legal_moves(state)

    def play_work() -> None:
        for state, card in states:
            for _ in range(reps):
                play(state, card)

    legal_time = best_of(5, legal_work) / (len(states) * reps)
    play_time = best_of(5, play_work) / (len(states) * reps)

    print(f"variant: {variant.name}   python: {'.'.join(map(str, __import__('sys').version_info[:3]))}")
    print(f"baseline call: {baseline * 1e6:.3f} us")
    print(f"random rounds: {args.rounds / rounds_time:,.0f} rounds/s  (budget >= 4,000)")
    if variant is not belote.CLASSIC:
        print(
            f"classic rounds: {args.rounds / classic_time:,.0f} rounds/s in this run: "
            f"{variant.name} at {classic_time / rounds_time:.0%} of classic  (coinche budget >= 70 %)"
        )
    print(
        f"legal_moves:   {legal_time * 1e6:.2f} us = {legal_time / baseline:.1f} x baseline  (budget <= 2 us)"
    )
    print(
        f"play:          {play_time * 1e6:.2f} us = {play_time / baseline:.1f} x baseline  (budget <= 3 us)"
    )


if __name__ == "__main__":
    main()
