"""Views at a bidding decision for the tests of the bidding simulation and its sampled deals, and
a stand-in for the auction model."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from belote import CLASSIC, COINCHE, Phase, Seat, Variant, seat_view
from belote.bidding import Call
from belote.round import bid, deal, legal_bids
from belote.views import PlayerView, observe


def auction_view(variant: Variant, seed: int, calls: int, chooser: random.Random) -> PlayerView | None:
    """The view of the seat to bid after ``calls`` random legal calls on a seeded deal (None
    when the auction ended first). Random calls lean to pass so that auctions stay open."""
    state = deal(variant, dealer=Seat(seed % 4), seed=seed)
    for _ in range(calls):
        if state.phase is not Phase.BIDDING:
            return None
        options = legal_bids(state)
        call = options[0] if chooser.random() < 0.6 else chooser.choice(options)
        state = bid(state, call)
    if state.phase is not Phase.BIDDING:
        return None
    assert state.to_act is not None
    return observe(state, state.to_act)


def classic_view(auction: str = "pass pass") -> PlayerView:
    """East (seat 3) to bid in a classic deal, North dealt, the jack of hearts (card 20) turned."""
    return seat_view(CLASSIC, Seat(3), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH", auction=auction)


def coinche_view(auction: str = "80 H pass") -> PlayerView:
    """East (seat 3) to bid in a coinche deal, North dealt, the whole pack dealt: by default West
    bid 80 hearts and South passed."""
    return seat_view(COINCHE, Seat(3), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(0), auction=auction)


class Model:
    """A stand-in for the auction model (model_call): answers the calls listed in turn and keeps
    its arguments (the variant, the seat, the hand, the turned card, the number of calls before,
    the declaration points)."""

    def __init__(self, calls: Sequence[Call]) -> None:
        self.calls = list(calls)
        self.asked: list[tuple[Any, ...]] = []

    def __call__(
        self, variant: Variant, seat: Seat, hand: int, turned: int, auction: Sequence[Any], bonus: int
    ) -> Call:
        self.asked.append((variant, int(seat), hand, turned, len(auction), bonus))
        return self.calls.pop(0)
