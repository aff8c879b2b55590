"""Stateful tests: legal and illegal actions mixed at random, for classic and Bulgarian rounds.

Every illegal action (a bid that is too low or in the wrong round, contra by the wrong side,
re-contra without contra, a card not in hand, a card the rules forbid, a seat acting out of
turn, a bid while playing, a card while bidding, anything once the round is over) must raise
its documented error with the expected reason and leave the state exactly as it was. Legal
actions advance the round; a finished or passed-out round is scored (if played) and a new
one is dealt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from belote import (
    BULGARIAN,
    CLASSIC,
    DECK,
    BeloteError,
    Bid,
    Call,
    Card,
    CardSet,
    Double,
    IllegalBidError,
    IllegalMoveError,
    OutOfTurnError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    Redouble,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_moves,
    play,
    score_round,
)
from belote.variants import BiddingSystem, Undertrump

ALL_CALLS: tuple[Call, ...] = (Pass(), *(Bid(mode) for mode in Trump), Double(), Redouble())


def expected_bid_reason(state: RoundState, call: Call) -> Reason:
    """Why ``call`` is refused, worked out from the rule text (C2-C3, B3)."""
    if isinstance(call, Double):
        return Reason.DOUBLE_NOT_ALLOWED
    if isinstance(call, Redouble):
        return Reason.REDOUBLE_NOT_ALLOWED
    assert isinstance(call, Bid)
    if call.trump not in state.variant.contracts or state.variant.bidding is BiddingSystem.TURNED_CARD:
        return Reason.BID_NOT_AVAILABLE
    return Reason.BID_TOO_LOW


TRUMP_LOW_TO_HIGH = "78QKTA9J"
PLAIN_LOW_TO_HIGH = "789JQKTA"


def expected_card_reason(state: RoundState, card: Card) -> Reason:
    """Why a card held but not legal is refused, from the rule text (C7-C10, B5-B7).

    The presets play with a free partner-master rule and must overtrump the partner when
    trumps are led, so only the opponents' cards oblige.
    """
    trick = state.trick
    assert trick
    assert state.to_act is not None
    assert state.trump is not None
    hand = state.hand(state.to_act)
    led = trick[0][1].suit
    trump_suit = state.trump.suit
    ranks_as_trump = state.trump is Trump.ALL_TRUMPS or led == trump_suit
    order = TRUMP_LOW_TO_HIGH if ranks_as_trump else PLAIN_LOW_TO_HIGH

    def rank(c: Card) -> int:
        return order.index(c.rank.letter)

    following = [held for held in hand if held.suit == led]
    if following:
        if ranks_as_trump:  # trumps led, or all trumps: beat the best card of the led suit if able
            best = max((played for _, played in trick if played.suit == led), key=rank)
            if any(rank(held) > rank(best) for held in following):
                return Reason.MUST_BEAT if state.trump is Trump.ALL_TRUMPS else Reason.MUST_OVERTRUMP
        return Reason.MUST_FOLLOW_SUIT
    assert trump_suit is not None, "void in the led suit: any card in all trumps and no trumps"
    trumps_played = [played for _, played in trick if played.suit == trump_suit]
    if not trumps_played:
        return Reason.MUST_TRUMP
    best = max(trumps_played, key=lambda c: TRUMP_LOW_TO_HIGH.index(c.rank.letter))
    higher = [
        held
        for held in hand
        if held.suit == trump_suit
        and TRUMP_LOW_TO_HIGH.index(held.rank.letter) > TRUMP_LOW_TO_HIGH.index(best.rank.letter)
    ]
    if higher:
        return Reason.MUST_OVERTRUMP
    assert state.variant.undertrump_opponent is Undertrump.MUST
    return Reason.MUST_PLAY_TRUMP


class RoundMachine(RuleBasedStateMachine):
    """One round after another of ``variant``, with illegal actions thrown in."""

    variant: Variant = CLASSIC

    def __init__(self) -> None:
        super().__init__()
        self.state: RoundState = deal(self.variant, seed=0)  # replaced by first_deal
        self.rounds = 0

    @initialize(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)))
    def first_deal(self, seed: int, dealer: Seat) -> None:
        self.state = deal(self.variant, dealer=dealer, seed=seed)

    # -- helpers

    def refused(
        self, action: Callable[[RoundState], Any], error: type[BeloteError], reason: Reason
    ) -> BeloteError:
        before = self.state
        snapshot = attrs.evolve(before)
        legal_before = (legal_bids(before), legal_moves(before))
        with pytest.raises(error) as caught:
            action(before)
        assert caught.value.reason is reason, f"{caught.value!r}: {caught.value.reason}, expected {reason}"
        assert before == snapshot
        assert (legal_bids(before), legal_moves(before)) == legal_before
        return caught.value

    def bidding(self) -> bool:
        return self.state.phase is Phase.BIDDING

    def playing(self) -> bool:
        return self.state.phase is Phase.PLAYING

    def has_illegal_card(self) -> bool:
        seat = self.state.to_act
        return seat is not None and len(legal_moves(self.state)) < len(self.state.hand(seat))

    def over(self) -> bool:
        return self.state.phase in (Phase.FINISHED, Phase.PASSED_OUT)

    # -- legal actions

    @precondition(lambda self: self.bidding())
    @rule(data=st.data())
    def legal_call(self, data: st.DataObject) -> None:
        calls = legal_bids(self.state)
        call = data.draw(st.sampled_from(calls))
        before = self.state
        self.state = bid(before, call, seat=before.to_act)
        assert self.state.auction == (*before.auction, (before.to_act, call))

    @precondition(lambda self: self.bidding())
    @rule()
    def pass_(self) -> None:
        self.state = bid(self.state, Pass())

    @precondition(lambda self: self.playing())
    @rule(data=st.data(), count=st.integers(1, 8))
    def legal_cards(self, data: st.DataObject, count: int) -> None:
        """Play ``count`` legal cards in a row (fewer if the round ends)."""
        for _ in range(count):
            before = self.state
            seat = before.to_act
            if before.phase is not Phase.PLAYING or seat is None:
                break
            if len(legal_moves(before)) < len(before.hand(seat)) and data.draw(st.booleans()):
                self.illegal_card(data)  # an illegal card slipped into the run of legal ones
            card = data.draw(st.sampled_from(list(legal_moves(before))))
            self.state = play(before, card, seat=seat)
            assert card not in self.state.hand(seat)
            played_before = len(before.tricks) * 4 + len(before.trick)
            assert len(self.state.tricks) * 4 + len(self.state.trick) == played_before + 1

    @precondition(lambda self: self.over())
    @rule(seed=st.integers(0, 2**32 - 1))
    def next_deal(self, seed: int) -> None:
        state = self.state
        if state.phase is Phase.FINISHED:
            score = score_round(state)
            assert score.contract == state.contract
        self.state = deal(self.variant, dealer=state.dealer.next, seed=seed)
        self.rounds += 1

    # -- illegal actions

    @precondition(lambda self: self.bidding())
    @rule(data=st.data())
    def illegal_call(self, data: st.DataObject) -> None:
        legal = legal_bids(self.state)
        illegal = [call for call in ALL_CALLS if call not in legal]
        assert illegal  # doubling is never open to everyone at once
        call = data.draw(st.sampled_from(illegal))
        event(f"illegal call: {expected_bid_reason(self.state, call).value}")
        self.refused(lambda s: bid(s, call), IllegalBidError, expected_bid_reason(self.state, call))

    @precondition(lambda self: self.bidding() or self.playing())
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        to_act = self.state.to_act
        assert to_act is not None
        seat = data.draw(st.sampled_from([s for s in Seat if s is not to_act]))
        if self.bidding():
            call = data.draw(st.sampled_from(legal_bids(self.state)))
            error = self.refused(lambda s: bid(s, call, seat=seat), OutOfTurnError, Reason.OUT_OF_TURN)
        else:
            card = data.draw(st.sampled_from(list(legal_moves(self.state))))
            error = self.refused(lambda s: play(s, card, seat=seat), OutOfTurnError, Reason.OUT_OF_TURN)
        assert f"seat {int(to_act)}" in str(error)

    @precondition(lambda self: self.bidding())
    @rule(card=st.sampled_from(DECK))
    def play_while_bidding(self, card: Card) -> None:
        self.refused(lambda s: play(s, card), PhaseError, Reason.WRONG_PHASE)

    @precondition(lambda self: self.playing())
    @rule(call=st.sampled_from(ALL_CALLS))
    def bid_while_playing(self, call: Call) -> None:
        self.refused(lambda s: bid(s, call), PhaseError, Reason.WRONG_PHASE)

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def card_not_in_hand(self, data: st.DataObject) -> None:
        seat = self.state.to_act
        assert seat is not None
        card = data.draw(st.sampled_from([c for c in DECK if c not in self.state.hand(seat)]))
        error = self.refused(lambda s: play(s, card), IllegalMoveError, Reason.CARD_NOT_IN_HAND)
        assert str(card) in str(error)

    @precondition(lambda self: self.playing() and self.has_illegal_card())
    @rule(data=st.data())
    def illegal_card(self, data: st.DataObject) -> None:
        seat = self.state.to_act
        assert seat is not None
        legal = legal_moves(self.state)
        card = data.draw(st.sampled_from(list(self.state.hand(seat) - legal)))
        reason = expected_card_reason(self.state, card)
        event(f"illegal card: {reason.value}")
        error = self.refused(lambda s: play(s, card), IllegalMoveError, reason)
        assert str(error).startswith(f"{card}: ")
        assert f"(you hold {legal})" in str(error)

    @precondition(lambda self: self.over())
    @rule(card=st.sampled_from(DECK), call=st.sampled_from(ALL_CALLS))
    def act_when_over(self, card: Card, call: Call) -> None:
        self.refused(lambda s: play(s, card), PhaseError, Reason.WRONG_PHASE)
        self.refused(lambda s: bid(s, call), PhaseError, Reason.WRONG_PHASE)

    def teardown(self) -> None:
        event(f"rounds completed: {min(self.rounds, 3)}{'+' if self.rounds >= 3 else ''}")
        event(f"last phase: {self.state.phase.value}")

    # -- invariants

    @invariant()
    def one_seat_to_act(self) -> None:
        state = self.state
        if state.phase in (Phase.BIDDING, Phase.PLAYING):
            assert state.to_act is not None
        else:
            assert state.to_act is None
        assert bool(legal_bids(state)) == (state.phase is Phase.BIDDING)
        assert bool(legal_moves(state)) == (state.phase is Phase.PLAYING)

    @invariant()
    def cards_conserved(self) -> None:
        state = self.state
        seen = CardSet()
        count = 0
        for hand in state.hands:
            seen |= hand
            count += len(hand)
        played = [card for trick in state.tricks for card in trick.cards] + [card for _, card in state.trick]
        seen |= CardSet.of(played)
        count += len(played)
        if state.phase in (Phase.BIDDING, Phase.PASSED_OUT):
            undealt = [DECK[index] for index in state.deck[20:]]
            seen |= CardSet.of(undealt)
            count += len(undealt)
        assert count == 32
        assert seen == CardSet.full()


class ClassicRoundMachine(RoundMachine):
    variant = CLASSIC


class BulgarianRoundMachine(RoundMachine):
    variant = BULGARIAN


MACHINE_SETTINGS = settings(max_examples=40, stateful_step_count=100, deadline=None)

TestClassicRound = ClassicRoundMachine.TestCase
TestClassicRound.settings = MACHINE_SETTINGS
TestBulgarianRound = BulgarianRoundMachine.TestCase
TestBulgarianRound.settings = MACHINE_SETTINGS
