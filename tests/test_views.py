"""Player views: what a seat sees, and the information-set property (hidden cards never show)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    DECK,
    BeloteError,
    Card,
    CardSet,
    Phase,
    RoundState,
    Seat,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    match,
    play,
)
from belote.views import PlayerView, observe

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE)


def test_view_holds_own_hand_and_public_facts_only() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    view = observe(state, Seat(1))
    assert view.hand == state.hand(Seat(1))
    assert view.turned == state.turned
    assert view.to_act == Seat(1)
    assert view.legal_bids == legal_bids(state)
    names = {field.name for field in attrs.fields(PlayerView)}
    assert not names & {"hands", "hand_masks", "deck"}


def test_legal_actions_only_for_the_seat_to_act() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    other = observe(state, Seat(2))
    assert other.legal_bids == ()
    assert not other.legal_cards
    assert not other.is_to_act


def test_view_while_playing_tracks_trick_and_played_cards() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    first = next(iter(legal_moves(state)))
    leader = state.to_act
    assert leader is not None
    state = play(state, first)
    view = observe(state, leader.next)
    assert view.trick == ((leader, first),)
    assert view.played == CardSet.of([first])
    assert view.legal_cards == legal_moves(state)
    assert view.hand_size(leader) == 7
    assert view.hand_size(leader.next) == 8
    assert view.hand_size(int(leader)) == 7  # type: ignore[arg-type]
    assert view.contract == state.contract
    assert view.taker == state.taker
    assert view.trump == state.trump


@pytest.mark.parametrize(("seat", "message"), [(7, "seat must be a seat 0..3, got 7"), ("x", "seat must be")])
def test_hand_size_refuses_what_is_not_a_seat(seat: object, message: str) -> None:
    """It once answered 8 for any value at all."""
    view = observe(deal(CLASSIC, dealer=Seat(0), seed=7), Seat(1))
    with pytest.raises(BeloteError, match=message):
        view.hand_size(seat)  # type: ignore[arg-type]


def test_view_through_a_match_carries_the_score() -> None:
    m = match(CLASSIC, seed=4)
    view = observe(m.deal(), Seat(0), match=m)
    assert view.scores == (0, 0)
    assert view.carry == 0
    assert view.target == CLASSIC.target
    assert observe(m.deal(), Seat(0)).scores is None


def test_observe_rejects_bad_input() -> None:
    state = deal(CLASSIC, seed=1)
    with pytest.raises(BeloteError):
        observe(state, 7)  # type: ignore[arg-type]
    with pytest.raises(BeloteError):
        observe("state", Seat(0))  # type: ignore[arg-type]


# --- information sets -------------------------------------------------------------------


Action = tuple[str, object, object]


def _random_history(state: RoundState, rng: random.Random) -> tuple[list[RoundState], list[Action]]:
    """Random legal play to the end; the states and the actions, with the announcements made."""
    states, actions = [state], []
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        if state.phase is Phase.BIDDING:
            calls = legal_bids(state)
            call = calls[0] if rng.random() < 0.3 else rng.choice(calls)
            actions.append(("bid", call, None))
            state = bid(state, call)
        else:
            card = rng.choice(list(legal_moves(state)))
            options = legal_declarations(state)
            shown = rng.choice(options) if options and rng.random() < 0.7 else ()
            belotes = len(state.belotes)
            state = play(state, card, declarations=shown)
            actions.append(("play", card, (len(state.belotes) > belotes, shown)))
        states.append(state)
    return states, actions


def _owners(states: list[RoundState]) -> dict[int, int]:
    """Card number -> seat that ends up holding it (-1: never dealt)."""
    owner = dict.fromkeys(range(32), -1)
    for state in states:
        if state.phase is Phase.PLAYING and not state.tricks and not state.trick_cards:
            for seat, mask in enumerate(state.hand_masks):
                for card in range(32):
                    if mask >> card & 1:
                        owner[card] = seat
            return owner
    for seat, mask in enumerate(states[0].hand_masks):
        for card in range(32):
            if mask >> card & 1:
                owner[card] = seat
    return owner


@settings(max_examples=150)
@given(
    variant=st.sampled_from(PRESETS),
    seed=st.integers(0, 10**6),
    seat=st.sampled_from(list(Seat)),
    picks=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)),
    same_suit=st.booleans(),
)
def test_views_do_not_depend_on_other_seats_cards(
    variant: object, seed: int, seat: Seat, picks: tuple[int, int], same_suit: bool
) -> None:
    assert isinstance(variant, type(CLASSIC))
    rng = random.Random(seed)
    start = deal(variant, dealer=Seat(seed % 4), seed=seed)
    states, actions = _random_history(start, rng)
    owner = _owners(states)
    turned = -1 if start.turned is None else start.turned.index
    hidden = [card for card in range(32) if owner[card] != seat and card != turned]
    x = hidden[picks[0] % len(hidden)]
    partners = [
        card
        for card in hidden
        if owner[card] != owner[x] and (not same_suit or card >> 3 == x >> 3 or owner[card] == -1)
    ]
    if not partners:
        partners = [card for card in hidden if owner[card] != owner[x]]
    y = partners[picks[1] % len(partners)]
    order = list(start.deck)
    i, j = order.index(x), order.index(y)
    order[i], order[j] = order[j], order[i]
    other = deal(variant, dealer=start.dealer, deck=[DECK[card] for card in order])
    assert other.deck != start.deck
    compared = 0
    for state, action in zip(states, [*actions, None], strict=True):
        assert observe(other, seat) == observe(state, seat)
        compared += 1
        if action is None:
            break
        kind, value, extra = action
        try:
            if kind == "bid":
                other = bid(other, value)  # type: ignore[arg-type]
            else:
                announced, shown = extra  # type: ignore[misc]
                assert isinstance(value, Card)
                other = play(other, value, belote=announced, declarations=shown)
        except BeloteError:
            break  # the swap made this public action impossible: the histories part here
    assert compared >= 1
