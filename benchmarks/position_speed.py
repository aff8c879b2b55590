"""Speed of building positions from the outside world.

Prints the median time of :func:`belote.seat_view` (one seat's view of a mid-deal position,
12 to 24 cards played, from its hand, the contract and the plays) and of
:func:`belote.position` (a whole round state with 20 cards played, from the four hands), each
as a ratio to a baseline measured in the same run: ``observe`` of the same moment for the view,
and replaying the same deal through the public ``deal`` / ``bid`` / ``play`` calls for the
position; both also in units of one ``play`` call (``benchmarks/round_speed.py`` gives its
absolute time on a quiet machine). Plays are given as ``Card`` values, and (in parentheses) as
one text (``"AS 7S KH*"``). Budgets (one core): seat_view <= 50 us, position with 20 cards
<= 100 us (medians).

Usage: python benchmarks/position_speed.py [--positions N] [--variant NAME] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import belote
from belote import DECK, Card, Phase, RoundState, Seat, bid, deal, legal_bids, legal_moves, play


def random_position(variant: belote.Variant, seed: int, cards: int) -> RoundState | None:
    """A round of random legal play stopped after ``cards`` cards (``None`` if passed out)."""
    rng = random.Random(seed)
    state = deal(variant, dealer=Seat(rng.randrange(4)), rng=rng)
    while state.phase is Phase.BIDDING:
        calls = legal_bids(state)
        state = bid(state, calls[-1] if rng.random() < 0.3 else rng.choice(calls))
    if state.phase is not Phase.PLAYING:
        return None
    for _ in range(cards):
        state = play(state, rng.choice(list(legal_moves(state))))
    return state


def plays_of(state: RoundState) -> list[Card]:
    return [card for trick in state.tricks for _, card in trick.plays] + [card for _, card in state.trick]


def dealt_hands(state: RoundState) -> list[belote.CardSet]:
    played = [0, 0, 0, 0]
    for trick in state.tricks:
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
    for seat, card in state.trick:
        played[seat] |= 1 << card.index
    return [belote.CardSet(state.hand_masks[seat] | played[seat]) for seat in range(4)]


def median_of(repeats: int, work: Callable[[], object]) -> float:
    """The median of ``repeats`` timings of one call of ``work()``, in seconds."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def medians(cases: list[Callable[[], object]], repeats: int = 15) -> float:
    """The median over the cases of each case's median time."""
    return statistics.median(median_of(repeats, case) for case in cases)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variant = belote.find_variant(args.variant)
    rng = random.Random(args.seed)

    views: list[tuple[RoundState, Seat, list[Card]]] = []
    wholes: list[tuple[RoundState, list[Card]]] = []
    number = 0
    while len(views) < args.positions or len(wholes) < args.positions:
        number += 1
        mid = random_position(variant, args.seed * 1_000_003 + number, rng.randint(12, 24))
        if mid is not None and len(views) < args.positions:
            assert mid.to_act is not None
            views.append((mid, mid.to_act, plays_of(mid)))
        twenty = random_position(variant, args.seed * 2_000_003 + number, 20)
        if twenty is not None and len(wholes) < args.positions:
            wholes.append((twenty, plays_of(twenty)))

    def view_case(state: RoundState, seat: Seat, plays: str | list[Card]) -> Callable[[], object]:
        hand, contract, turned, dealer = state.hand(seat), state.contract, state.turned, state.dealer
        return lambda: belote.seat_view(
            variant, seat, hand=hand, dealer=dealer, turned=turned, contract=contract, plays=plays
        )

    def position_case(state: RoundState, plays: str | list[Card]) -> Callable[[], object]:
        hands, contract, turned, dealer = dealt_hands(state), state.contract, state.turned, state.dealer
        return lambda: belote.position(
            variant, dealer=dealer, hands=hands, turned=turned, contract=contract, plays=plays
        )

    def replay_case(state: RoundState, plays: list[Card]) -> Callable[[], object]:
        deck = [DECK[card] for card in state.deck]
        calls = [call for _, call in state.auction]

        def work() -> RoundState:
            replayed = deal(variant, dealer=state.dealer, deck=deck)
            for call in calls:
                replayed = bid(replayed, call)
            for card in plays:
                replayed = play(replayed, card)
            return replayed

        return work

    text = [" ".join(map(str, plays)) for _, plays in wholes]
    view_time = medians([view_case(state, seat, plays) for state, seat, plays in views])
    view_text = medians([view_case(state, seat, " ".join(map(str, plays))) for state, seat, plays in views])

    def observe_case(state: RoundState, seat: Seat) -> Callable[[], object]:
        return lambda: belote.observe(state, seat)

    def play_case(state: RoundState, card: Card) -> Callable[[], object]:
        return lambda: play(state, card)

    observe_time = medians([observe_case(state, seat) for state, seat, _ in views])
    one_play = [(state, next(iter(legal_moves(state)))) for state, _, _ in views]
    play_time = medians([play_case(state, card) for state, card in one_play])
    position_time = medians([position_case(state, plays) for state, plays in wholes])
    position_text = medians(
        [position_case(state, words) for (state, _), words in zip(wholes, text, strict=True)]
    )
    replay_time = medians([replay_case(state, plays) for state, plays in wholes])

    print(f"variant: {variant.name}   python: {'.'.join(map(str, sys.version_info[:3]))}")
    print(f"observe (baseline):            {observe_time * 1e6:6.1f} us")
    print(f"one play() call (a unit):      {play_time * 1e6:6.1f} us")
    print(
        f"seat_view, 12-24 cards played: {view_time * 1e6:6.1f} us = {view_time / observe_time:.1f} x observe"
        f" = {view_time / play_time:.1f} x play()"
        f"  (plays as text: {view_text * 1e6:.1f} us)  (budget <= 50 us)"
    )
    print(f"deal + bid + 20 x play:        {replay_time * 1e6:6.1f} us  (baseline)")
    print(
        f"position, 20 cards played:     {position_time * 1e6:6.1f} us"
        f" = {position_time / replay_time:.2f} x replay = {position_time / play_time:.1f} x play()"
        f"  (plays as text: {position_text * 1e6:.1f} us)  (budget <= 100 us)"
    )


if __name__ == "__main__":
    main()
