"""Rules of the round engine pinned down to the exact outcome: the type errors naming the wrong
argument, belote under ``belote_credit="held"`` (docs/rules/classic-501.md), the dealt hands the
tally reads back from the tricks, and the belotes a round let pass (docs/rules/classic.md C12)."""

from __future__ import annotations

import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    ArgumentTypeError,
    BeloteError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_moves,
    play,
    score_round,
)
from belote.round import round_tally


def test_legal_moves_of_a_non_state_names_what_it_was_given() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        legal_moves("JH")  # type: ignore[arg-type]
    assert str(caught.value) == "state must be a RoundState, got 'JH'"


def playing(variant: Variant = CLASSIC, seed: int = 8) -> RoundState:
    """A round in its first trick: every seat bids its last legal call (the first takes)."""
    state = deal(variant, dealer=Seat(0), seed=seed)
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    assert state.phase is Phase.PLAYING
    return state


def test_play_on_a_non_state_names_what_it_was_given() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        play(("not", "a state"), "JH")  # type: ignore[arg-type]
    assert str(caught.value) == "state must be a RoundState, got ('not', 'a state')"


@pytest.mark.parametrize(("belote", "shown"), [(1, "1"), ("yes", "'yes'"), (0.0, "0.0")])
def test_play_refuses_a_belote_flag_that_is_not_a_bool(belote: object, shown: str) -> None:
    state = playing()
    card = next(iter(legal_moves(state)))
    with pytest.raises(ArgumentTypeError) as caught:
        play(state, card, belote=belote)  # type: ignore[arg-type]
    assert str(caught.value) == f"belote must be None, True or False, got {shown}"


@pytest.mark.parametrize(("declarations", "shown"), [("KH QH JH", "'KH QH JH'"), (7, "7"), (b"x", "b'x'")])
def test_play_refuses_declarations_that_are_not_a_sequence(declarations: object, shown: str) -> None:
    state = playing(BULGARIAN)
    card = next(iter(legal_moves(state)))
    with pytest.raises(ArgumentTypeError) as caught:
        play(state, card, declarations=declarations)  # type: ignore[arg-type]
    assert str(caught.value) == f"declarations must be a sequence of Declaration, got {shown}"


@pytest.mark.parametrize("action", ["bid", "play"])
def test_a_seat_of_the_wrong_type_or_range_is_named_seat(action: str) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=8) if action == "bid" else playing()

    def act(seat: object) -> RoundState:
        if action == "bid":
            return bid(state, Pass(), seat=seat)  # type: ignore[arg-type]
        return play(state, next(iter(legal_moves(state))), seat=seat)  # type: ignore[arg-type]

    with pytest.raises(ArgumentTypeError) as caught:
        act("1")
    assert str(caught.value) == "seat must be a Seat or an int 0..3, got '1'"
    with pytest.raises(BeloteError) as out_of_range:
        act(4)
    assert str(out_of_range.value) == "seat must be a seat 0..3, got 4"
    assert out_of_range.value.reason is Reason.BAD_ARGUMENT
    assert act(1).to_act is Seat(2)  # an int seat is the seat to act


def test_a_passed_out_round_is_not_finished_and_says_its_phase() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=8)
    for _ in range(8):
        state = bid(state, Pass())
    assert state.phase is Phase.PASSED_OUT
    for action in (round_tally, score_round):
        with pytest.raises(PhaseError) as caught:
            action(state)
        assert str(caught.value) == "the round is not finished (passed out): 0 of 8 tricks played"
        assert caught.value.reason is Reason.ROUND_NOT_FINISHED
