"""Views at a bidding decision for the tests of the bidding simulation and its sampled deals."""

from __future__ import annotations

import random

from belote import Phase, Seat, Variant
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
