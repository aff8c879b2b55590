"""Bidding: classic take-or-pass on the turned card (rules C2-C5) and the Bulgarian auction (B2-B3)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    Bid,
    Call,
    Contra,
    Contract,
    Double,
    IllegalBidError,
    NotationError,
    OutOfTurnError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    Recontra,
    Redouble,
    RoundState,
    Seat,
    Trump,
    bid,
    deal,
    legal_bids,
    parse_call,
)

SUITS = (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES)


def calls(state: RoundState, *sequence: Call) -> RoundState:
    for call in sequence:
        state = bid(state, call)
    return state


def refused(state: RoundState, call: Call, reason: Reason) -> IllegalBidError:
    snapshot = attrs.evolve(state)
    assert call not in legal_bids(state)
    with pytest.raises(IllegalBidError) as caught:
        bid(state, call)
    assert caught.value.reason is reason, caught.value
    assert state == snapshot
    return caught.value


def text(bids: Sequence[Call]) -> list[str]:
    return [str(call) for call in bids]


# ---------------------------------------------------------------- calls


@pytest.mark.parametrize(
    ("word", "call"),
    [
        ("pass", Pass()),
        ("P", Pass()),
        ("h", Bid(Trump.HEARTS)),
        ("spades", Bid(Trump.SPADES)),
        ("NONE", Bid(Trump.NO_TRUMPS)),
        ("all", Bid(Trump.ALL_TRUMPS)),
        ("contra", Double()),
        ("double", Double()),
        ("re-contra", Redouble()),
        ("XX", Redouble()),
    ],
)
def test_parse_call(word: str, call: Call) -> None:
    assert parse_call(word) == call
    assert parse_call(str(call)) == call


def test_parse_call_junk_and_aliases() -> None:
    with pytest.raises(NotationError) as caught:
        parse_call("maybe")
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert Contra is Double
    assert Recontra is Redouble
    assert Bid("H") == Bid(Trump.HEARTS)  # type: ignore[arg-type]


# ---------------------------------------------------------------- classic


@pytest.fixture
def classic() -> RoundState:
    return deal(CLASSIC, dealer=Seat(0), seed=17)


def test_classic_round_one(classic: RoundState) -> None:
    assert classic.turned is not None
    turned = Trump.of_suit(classic.turned.suit)
    for step in range(4):
        assert classic.to_act is Seat(1).offset(step)  # from the eldest on
        assert legal_bids(classic) == (Pass(), Bid(turned))
        for other in SUITS:
            if other is not turned:
                error = refused(classic, Bid(other), Reason.BID_NOT_AVAILABLE)
                assert "round 1" in str(error)
        refused(classic, Double(), Reason.DOUBLE_NOT_ALLOWED)
        refused(classic, Redouble(), Reason.REDOUBLE_NOT_ALLOWED)
        refused(classic, Bid(Trump.NO_TRUMPS), Reason.BID_NOT_AVAILABLE)
        if step < 3:
            classic = bid(classic, Pass())
    taken = bid(classic, Bid(turned))
    assert taken.phase is Phase.PLAYING
    assert taken.contract == Contract(Seat(0), turned)  # the dealer took, last in round 1


def test_classic_take_ends_bidding_at_once(classic: RoundState) -> None:
    assert classic.turned is not None
    state = calls(classic, Pass(), Bid(Trump.of_suit(classic.turned.suit)))
    assert state.phase is Phase.PLAYING
    assert state.contract is not None
    assert state.contract.taker is Seat(2)
    assert state.contract.multiplier == 1
    assert state.auction == ((Seat(1), Pass()), (Seat(2), Bid(Trump.of_suit(classic.turned.suit))))
    assert legal_bids(state) == ()


def test_classic_round_two(classic: RoundState) -> None:
    assert classic.turned is not None
    turned = Trump.of_suit(classic.turned.suit)
    state = calls(classic, Pass(), Pass(), Pass(), Pass())
    assert state.phase is Phase.BIDDING
    assert state.to_act is Seat(1)
    others = tuple(Bid(mode) for mode in SUITS if mode is not turned)
    assert legal_bids(state) == (Pass(), *others)
    error = refused(state, Bid(turned), Reason.BID_NOT_AVAILABLE)
    assert "round 2" in str(error)
    state = bid(state, Pass())
    state = bid(state, others[1])
    assert state.phase is Phase.PLAYING
    assert state.contract == Contract(Seat(2), others[1].trump)


def test_classic_passed_out_after_eight_passes(classic: RoundState) -> None:
    state = classic
    for count in range(8):
        assert state.phase is Phase.BIDDING, count
        state = bid(state, Pass())
    assert state.phase is Phase.PASSED_OUT
    assert state.to_act is None
    assert state.contract is None
    assert legal_bids(state) == ()
    with pytest.raises(PhaseError) as caught:
        bid(state, Pass())
    assert caught.value.reason is Reason.WRONG_PHASE


def test_classic_with_all_six_contracts_in_round_two() -> None:
    variant = attrs.evolve(CLASSIC, contracts=tuple(Trump))
    state = deal(variant, seed=17)
    assert state.turned is not None
    turned = Trump.of_suit(state.turned.suit)
    state = calls(state, *[Pass()] * 4)
    assert Bid(Trump.ALL_TRUMPS) in legal_bids(state)
    assert Bid(Trump.NO_TRUMPS) in legal_bids(state)
    assert Bid(turned) not in legal_bids(state)


def test_bidding_out_of_turn_and_non_calls(classic: RoundState) -> None:
    snapshot = attrs.evolve(classic)
    with pytest.raises(OutOfTurnError) as caught:
        bid(classic, Pass(), seat=Seat(3))
    assert caught.value.reason is Reason.OUT_OF_TURN
    assert bid(classic, Pass(), seat=Seat(1)).to_act is Seat(2)
    with pytest.raises(IllegalBidError) as not_a_call:
        bid(classic, "pass")  # type: ignore[arg-type]
    assert not_a_call.value.reason is Reason.BID_NOT_AVAILABLE
    assert classic == snapshot


# ---------------------------------------------------------------- Bulgarian


@pytest.fixture
def bulgarian() -> RoundState:
    return deal(BULGARIAN, dealer=Seat(0), seed=4)


def test_bulgarian_opening_calls(bulgarian: RoundState) -> None:
    assert bulgarian.to_act is Seat(1)
    assert bulgarian.turned is None
    assert text(legal_bids(bulgarian)) == ["pass", "C", "D", "H", "S", "NONE", "ALL"]
    error = refused(bulgarian, Double(), Reason.DOUBLE_NOT_ALLOWED)
    assert "no bid" in str(error)
    error = refused(bulgarian, Redouble(), Reason.REDOUBLE_NOT_ALLOWED)
    assert "no contra" in str(error)


def test_bulgarian_bids_must_rise(bulgarian: RoundState) -> None:
    state = bid(bulgarian, Bid(Trump.HEARTS))  # seat 1
    assert text(legal_bids(state)) == ["pass", "S", "NONE", "ALL", "contra"]
    for low in (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS):
        error = refused(state, Bid(low), Reason.BID_TOO_LOW)
        assert "not higher" in str(error)
    state = bid(state, Bid(Trump.NO_TRUMPS))  # seat 2
    assert text(legal_bids(state)) == ["pass", "ALL", "contra"]
    refused(state, Bid(Trump.SPADES), Reason.BID_TOO_LOW)
    state = bid(state, Bid(Trump.ALL_TRUMPS))  # seat 3
    assert text(legal_bids(state)) == ["pass", "contra"]


def test_contra_only_by_an_opponent_of_the_last_bidder(bulgarian: RoundState) -> None:
    state = bid(bulgarian, Bid(Trump.HEARTS))  # seat 1 bids
    assert Double() in legal_bids(state)  # seat 2: opponent
    state = bid(state, Pass())
    assert Double() not in legal_bids(state)  # seat 3: partner of the bidder
    error = refused(state, Double(), Reason.DOUBLE_NOT_ALLOWED)
    assert "opponent" in str(error)
    state = bid(state, Pass())
    assert Double() in legal_bids(state)  # seat 0: opponent


def test_recontra_only_by_the_bidding_side_after_contra(bulgarian: RoundState) -> None:
    state = calls(bulgarian, Bid(Trump.HEARTS), Double())  # seat 1 bids, seat 2 contra
    assert text(legal_bids(state)) == ["pass", "S", "NONE", "ALL", "recontra"]  # seat 3: bidding side
    refused(state, Double(), Reason.DOUBLE_NOT_ALLOWED)
    state = bid(state, Pass())  # seat 3
    assert Redouble() not in legal_bids(state)  # seat 0: the doubling side
    error = refused(state, Redouble(), Reason.REDOUBLE_NOT_ALLOWED)
    assert "bidding side" in str(error)
    state = bid(state, Pass())  # seat 0
    state = bid(state, Redouble())  # seat 1, the bidder
    assert text(legal_bids(state)) == ["pass", "S", "NONE", "ALL"]  # seat 2
    error = refused(state, Redouble(), Reason.REDOUBLE_NOT_ALLOWED)
    assert "already" in str(error)
    refused(state, Double(), Reason.DOUBLE_NOT_ALLOWED)


def test_recontra_without_contra(bulgarian: RoundState) -> None:
    state = calls(bulgarian, Bid(Trump.CLUBS), Pass())
    assert Redouble() not in legal_bids(state)
    refused(state, Redouble(), Reason.REDOUBLE_NOT_ALLOWED)


@pytest.mark.parametrize(
    ("sequence", "contract"),
    [
        # ends after three passes following a bid
        ([Bid(Trump.HEARTS), Pass(), Pass(), Pass()], Contract(Seat(1), Trump.HEARTS, multiplier=1)),
        ([Pass(), Bid(Trump.CLUBS), Pass(), Pass(), Pass()], Contract(Seat(2), Trump.CLUBS)),
        (
            [Bid(Trump.CLUBS), Bid(Trump.SPADES), Pass(), Pass(), Pass()],
            Contract(Seat(2), Trump.SPADES),
        ),
        # contra x2, re-contra x4
        (
            [Bid(Trump.HEARTS), Double(), Pass(), Pass(), Pass()],
            Contract(Seat(1), Trump.HEARTS, multiplier=2),
        ),
        (
            [Bid(Trump.HEARTS), Double(), Redouble(), Pass(), Pass(), Pass()],
            Contract(Seat(1), Trump.HEARTS, multiplier=4),
        ),
        # a higher bid after contra cancels it
        (
            [Bid(Trump.HEARTS), Double(), Bid(Trump.ALL_TRUMPS), Pass(), Pass(), Pass()],
            Contract(Seat(3), Trump.ALL_TRUMPS, multiplier=1),
        ),
        (
            [Bid(Trump.HEARTS), Double(), Redouble(), Bid(Trump.NO_TRUMPS), Double(), Pass(), Pass(), Pass()],
            Contract(Seat(0), Trump.NO_TRUMPS, multiplier=2),
        ),
    ],
)
def test_bulgarian_auction_results(bulgarian: RoundState, sequence: list[Call], contract: Contract) -> None:
    state = bulgarian
    for count, call in enumerate(sequence):
        assert state.phase is Phase.BIDDING, count
        state = bid(state, call)
    assert state.phase is Phase.PLAYING
    assert state.contract == contract
    assert state.auction == tuple((Seat(1).offset(i), call) for i, call in enumerate(sequence))


def test_bulgarian_two_passes_after_a_bid_do_not_end(bulgarian: RoundState) -> None:
    state = calls(bulgarian, Bid(Trump.DIAMONDS), Pass(), Pass())
    assert state.phase is Phase.BIDDING
    assert state.to_act is Seat(0)
    state = calls(state, Bid(Trump.HEARTS), Pass(), Pass())  # a new bid restarts the count
    assert state.phase is Phase.BIDDING
    state = bid(state, Pass())
    assert state.contract == Contract(Seat(0), Trump.HEARTS)


def test_bulgarian_four_passes_is_passed_out(bulgarian: RoundState) -> None:
    state = calls(bulgarian, Pass(), Pass(), Pass())
    assert state.phase is Phase.BIDDING
    state = bid(state, Pass())
    assert state.phase is Phase.PASSED_OUT
    assert state.contract is None
    assert state.to_act is None
    assert all(len(hand) == 5 for hand in state.hands)


def test_bulgarian_contract_list_option() -> None:
    variant = attrs.evolve(BULGARIAN, contracts=["H", "S", "ALL"])
    state = deal(variant, seed=1)
    assert text(legal_bids(state)) == ["pass", "H", "S", "ALL"]
    error = refused(state, Bid(Trump.CLUBS), Reason.BID_NOT_AVAILABLE)
    assert "not a contract" in str(error)
