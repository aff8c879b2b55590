"""Every refused action of the round engine says exactly what was wrong, with its reason, and
leaves the state as it was (docs/rules/classic.md C1-C6, C12; docs/rules/bulgarian.md B8)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    DECK,
    BeloteError,
    Card,
    CardSet,
    DeclarationError,
    IllegalBidError,
    IllegalMoveError,
    NotationError,
    OutOfTurnError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
    score_round,
)
from belote.declarations import Declaration
from belote.round import round_tally, unannounced_belotes


def refused(
    state: RoundState, action: Callable[[RoundState], object], kind: type[BeloteError]
) -> BeloteError:
    snapshot = attrs.evolve(state)
    with pytest.raises(kind) as caught:
        action(state)
    assert state == snapshot
    return caught.value


def bidding() -> RoundState:
    """Classic, dealer 0, seed 8: seat 1 will take spades and lead (hands in the tests below)."""
    return deal(CLASSIC, dealer=Seat(0), seed=8)


def playing() -> RoundState:
    state = bidding()
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    assert str(state.hand(Seat(1))) == "TS 9S AH TH 7H 8D AC QC"
    return state


def finished() -> RoundState:
    state = playing()
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return state


# --- dealing (C1) --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "kind", "message", "reason"),
    [
        (
            {"seed": 1, "rng": random.Random(1)},
            BeloteError,
            "give at most one of seed, rng and deck",
            Reason.BAD_ARGUMENT,
        ),
        (
            {"seed": 1, "deck": list(DECK)},
            BeloteError,
            "give at most one of seed, rng and deck",
            Reason.BAD_ARGUMENT,
        ),
        (
            {"rng": random.Random(1), "deck": list(DECK)},
            BeloteError,
            "give at most one of seed, rng and deck",
            Reason.BAD_ARGUMENT,
        ),
        ({"deck": 32}, NotationError, "deck must be a sequence of 32 Card", Reason.MALFORMED_CARDS),
        ({"deck": []}, NotationError, "deck must be a sequence of 32 Card", Reason.MALFORMED_CARDS),
        (
            {"deck": [str(card) for card in DECK]},
            NotationError,
            "deck must be a sequence of 32 Card",
            Reason.MALFORMED_CARDS,
        ),
        (
            {"deck": list(DECK)[:31]},
            NotationError,
            "deck must hold each of the 32 cards once",
            Reason.MALFORMED_CARDS,
        ),
        (
            {"deck": [*list(DECK)[:31], DECK[0]]},
            NotationError,
            "deck must hold each of the 32 cards once",
            Reason.MALFORMED_CARDS,
        ),
        ({"seed": True}, BeloteError, "seed must be an int or a str, got True", Reason.BAD_ARGUMENT),
        ({"seed": 1.5}, BeloteError, "seed must be an int or a str, got 1.5", Reason.BAD_ARGUMENT),
        ({"rng": 7}, BeloteError, "rng must be a random.Random", Reason.BAD_ARGUMENT),
        ({"dealer": 4}, BeloteError, "dealer must be a seat 0..3, got 4", Reason.BAD_ARGUMENT),
    ],
)
def test_deal_refuses(
    arguments: dict[str, Any], kind: type[BeloteError], message: str, reason: Reason
) -> None:
    with pytest.raises(kind) as caught:
        deal(CLASSIC, **arguments)
    assert str(caught.value) == message
    assert caught.value.reason is reason


def test_deal_refuses_a_non_variant() -> None:
    with pytest.raises(BeloteError) as caught:
        deal("classic")  # type: ignore[arg-type]
    assert str(caught.value) == "variant must be a Variant, got 'classic'"
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_packets_of_three_then_two_from_the_eldest(dealer: int) -> None:
    """C1: the deck in order deals cards 0-2 to the eldest, 3-5 to the next..., then 2 each,
    and turns card 20 face up."""
    state = deal(CLASSIC, dealer=Seat(dealer), deck=list(DECK))
    for step in range(4):
        seat = Seat((dealer + 1 + step) % 4)
        expected = [*DECK[3 * step : 3 * step + 3], *DECK[12 + 2 * step : 14 + 2 * step]]
        assert state.hand(seat) == CardSet.of(expected)
    assert state.turned == DECK[20]
    assert state.to_act == Seat((dealer + 1) % 4)
    assert (state.dealer, state.phase) == (Seat(dealer), Phase.BIDDING)


def test_deal_takes_a_seat_number_and_a_generator() -> None:
    assert deal(CLASSIC, dealer=2).dealer is Seat(2)  # type: ignore[arg-type]
    drawn = deal(CLASSIC, rng=random.Random(5))
    assert drawn.hand_masks == deal(CLASSIC, seed=5).hand_masks
    assert deal(CLASSIC, seed="five").hand_masks == deal(CLASSIC, seed="five").hand_masks
    assert deal(BULGARIAN, seed=5).turned is None


def test_the_taker_gets_the_turned_card_and_everyone_holds_eight() -> None:
    """C5: the taker gets the turned card and 2 more, the others 3 each, from the deck in order."""
    state = deal(CLASSIC, dealer=Seat(0), deck=list(DECK))
    state = bid(state, legal_bids(state)[-1])  # seat 1 takes the turned card
    assert state.contract is not None
    assert state.contract.taker is Seat(1)
    assert DECK[20] in state.hand(Seat(1))
    dealt = {1: DECK[21:23], 2: DECK[23:26], 3: DECK[26:29], 0: DECK[29:32]}
    for seat, cards in dealt.items():
        assert len(state.hand(Seat(seat))) == 8
        assert all(card in state.hand(Seat(seat)) for card in cards)


def test_bulgarian_deals_three_more_each_after_the_auction() -> None:
    """B2: no turned card; after the auction 3 more cards each, from the eldest on."""
    state = deal(BULGARIAN, dealer=Seat(0), deck=list(DECK))
    state = bid(state, legal_bids(state)[1])
    for _ in range(3):
        state = bid(state, Pass())
    assert state.phase is Phase.PLAYING
    dealt = {1: DECK[20:23], 2: DECK[23:26], 3: DECK[26:29], 0: DECK[29:32]}
    for seat, cards in dealt.items():
        assert all(card in state.hand(Seat(seat)) for card in cards)
    assert state.to_act is Seat(1)  # B1: the player after the dealer leads


# --- turn and phase --------------------------------------------------------------------------------------


def test_wrong_phase_messages() -> None:
    error = refused(bidding(), lambda s: play(s, "7C"), PhaseError)
    assert str(error) == "cannot play now: the round is in the bidding phase"
    assert error.reason is Reason.WRONG_PHASE
    error = refused(playing(), lambda s: bid(s, Pass()), PhaseError)
    assert str(error) == "cannot bid now: the round is in the playing phase"
    passed = bidding()
    for _ in range(8):
        passed = bid(passed, Pass())
    assert passed.phase is Phase.PASSED_OUT
    assert legal_bids(passed) == ()
    error = refused(passed, lambda s: bid(s, Pass()), PhaseError)
    assert str(error) == "cannot bid now: the round is in the passed out phase"


def test_out_of_turn_messages() -> None:
    error = refused(bidding(), lambda s: bid(s, Pass(), seat=Seat(3)), OutOfTurnError)
    assert str(error) == "seat 3 cannot bid: it is seat 1's turn"
    assert error.reason is Reason.OUT_OF_TURN
    error = refused(playing(), lambda s: play(s, "TS", seat=Seat(2)), OutOfTurnError)
    assert str(error) == "seat 2 cannot play: it is seat 1's turn"
    assert play(playing(), "TS", seat=Seat(1)).to_act is Seat(2)


def test_not_a_call() -> None:
    error = refused(bidding(), lambda s: bid(s, "pass"), IllegalBidError)  # type: ignore[arg-type]
    assert str(error) == "'pass' is not a call (Pass, Bid, Double or Redouble)"


# --- cards -------------------------------------------------------------------------------------------------


def test_card_refusals() -> None:
    error = refused(playing(), lambda s: play(s, "JS"), IllegalMoveError)
    assert str(error) == "JS: not in seat 1's hand (TS 9S AH TH 7H 8D AC QC)"
    assert error.reason is Reason.CARD_NOT_IN_HAND
    error = refused(playing(), lambda s: play(s, 12), IllegalMoveError)  # type: ignore[arg-type]
    assert str(error) == "12 is not a card"
    assert error.reason is Reason.MALFORMED_CARD
    state = play(playing(), Card.parse("AH"))  # a Card or its text
    assert state.trick_cards == (Card.parse("AH").index,)
    error = refused(state, lambda s: play(s, "9C"), IllegalMoveError)
    assert str(error) == "9C: must follow hearts (you hold JH 9H 8H)"
    assert error.reason is Reason.MUST_FOLLOW_SUIT


def test_belote_refused_with_a_card_that_cannot_announce_it() -> None:
    """C12: belote is announced with the king or the queen of trumps only."""
    error = refused(playing(), lambda s: play(s, "TS", belote=True), DeclarationError)
    assert str(error) == "TS: belote cannot be announced with this card"
    assert error.reason is Reason.BELOTE_NOT_ALLOWED
    error = refused(playing(), lambda s: play(s, "QC", belote=True), DeclarationError)
    assert str(error) == "QC: belote cannot be announced with this card"


def test_declarations_only_with_the_first_card() -> None:
    """B8: declarations are shown with the player's first card; later ones are refused, even
    combinations the player holds."""
    state = deal(BULGARIAN, dealer=Seat(3), seed=0)
    state = bid(state, legal_bids(state)[1])
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    for _ in range(4):
        state = play(state, next(iter(legal_moves(state))), declarations=())
    assert state.to_act is not None
    assert legal_declarations(state) == ()
    terca = Declaration(state.to_act, CardSet.parse("7C 8C 9C"))
    error = refused(
        state, lambda s: play(s, next(iter(legal_moves(s))), declarations=[terca]), DeclarationError
    )
    assert str(error) == "declarations are shown with a player's first card only"
    assert error.reason is Reason.DECLARATION_NOT_ALLOWED


# --- the end of the round -------------------------------------------------------------------------------


def test_unfinished_round_refusals() -> None:
    state = play(playing(), "TS")
    error = refused(state, round_tally, PhaseError)
    assert str(error) == "the round is not finished (playing): 0 of 8 tricks played"
    assert error.reason is Reason.ROUND_NOT_FINISHED
    error = refused(state, score_round, PhaseError)
    assert str(error) == "the round is not finished (playing): 0 of 8 tricks played"
    error = refused(state, unannounced_belotes, PhaseError)
    assert str(error) == "the round is not finished"
    assert error.reason is Reason.ROUND_NOT_FINISHED


def test_round_tally_counts_every_trick() -> None:
    """C15: card points per team, tricks per seat, the last trick's winner."""
    state = finished()
    tally = round_tally(state)
    assert sum(tally.card_points) == 152
    assert sum(tally.tricks) == 8
    for team in (0, 1):
        won = [trick for trick in state.tricks if trick.winner % 2 == team]
        assert tally.card_points[team] == sum(trick.points for trick in won)
    for seat in Seat:
        assert tally.tricks[seat] == sum(trick.winner == seat for trick in state.tricks)
    assert tally.last_trick == state.tricks[-1].winner
    assert score_round(state, 30).breakdown.carry_in == 30
