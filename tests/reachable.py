"""Reachable round states for the record and notation tests: random legal calls, cards, belote
choices (announced, or declined) and declarations, stopped after any number of actions."""

from __future__ import annotations

import random

from belote import (
    Declaration,
    Phase,
    RoundState,
    Seat,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
)


def random_round(variant: Variant, seed: int, stop: int | None = None) -> RoundState:
    """The state after ``stop`` random legal actions (all of them when ``None``) from a seeded deal."""
    rng = random.Random(seed)
    state = deal(variant, dealer=Seat(rng.randrange(4)), rng=rng)
    steps = 0
    while state.phase in (Phase.BIDDING, Phase.PLAYING) and (stop is None or steps < stop):
        steps += 1
        if state.phase is Phase.BIDDING:
            state = bid(state, rng.choice(legal_bids(state)))
            continue
        state = random_play(state, rng)
    return state


def random_play(state: RoundState, rng: random.Random) -> RoundState:
    """``state`` after a random legal card, its belote announced or declined at random, with a
    random part of a random choice of declarations shown."""
    shown: tuple[Declaration, ...] = ()
    options = legal_declarations(state)
    if options and rng.random() < 0.8:
        shown = tuple(d for d in rng.choice(options) if rng.random() < 0.8)
    card = rng.choice(list(legal_moves(state)))
    return play(state, card, belote=rng.choice((None, None, False)), declarations=shown)
