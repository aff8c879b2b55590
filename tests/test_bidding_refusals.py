"""Every refused call says exactly why (docs/rules/classic.md C2-C4, docs/rules/bulgarian.md B3),
and the values a call or a contract may hold: parse_call's words, Contract's multiplier and bid."""

from __future__ import annotations

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    COINCHE,
    Bid,
    Call,
    Contract,
    Double,
    IllegalBidError,
    NotationError,
    Pass,
    Reason,
    Redouble,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    parse_call,
)
from belote.bidding import legal_calls

H, S, C, D = Trump.HEARTS, Trump.SPADES, Trump.CLUBS, Trump.DIAMONDS


def after(state: RoundState, *sequence: Call) -> RoundState:
    for call in sequence:
        state = bid(state, call)
    return state


def refusal(state: RoundState, call: Call) -> IllegalBidError:
    with pytest.raises(IllegalBidError) as caught:
        bid(state, call)
    return caught.value


# --- classic (C2, C3): the turned card is 7D in this deal --------------------------------------------


@pytest.mark.parametrize(
    ("passes", "call", "message", "reason"),
    [
        (
            0,
            Bid(H),
            "round 1: only the turned suit (diamonds) may be taken, or pass",
            Reason.BID_NOT_AVAILABLE,
        ),
        (
            3,
            Bid(C),
            "round 1: only the turned suit (diamonds) may be taken, or pass",
            Reason.BID_NOT_AVAILABLE,
        ),
        (
            4,
            Bid(D),
            "round 2: name a suit other than the turned one (diamonds), or pass",
            Reason.BID_NOT_AVAILABLE,
        ),
        (0, Bid(Trump.ALL_TRUMPS), "all_trumps is not a contract of classic", Reason.BID_NOT_AVAILABLE),
        (5, Bid(Trump.NO_TRUMPS), "no_trumps is not a contract of classic", Reason.BID_NOT_AVAILABLE),
        (0, Double(), "contra: there is no doubling in classic bidding", Reason.DOUBLE_NOT_ALLOWED),
        (4, Redouble(), "recontra: there is no doubling in classic bidding", Reason.REDOUBLE_NOT_ALLOWED),
    ],
)
def test_classic_refusals(passes: int, call: Call, message: str, reason: Reason) -> None:
    state = after(deal(CLASSIC, dealer=Seat(0), seed=17), *[Pass()] * passes)
    assert state.turned is not None
    assert str(state.turned) == "7D"
    error = refusal(state, call)
    assert str(error) == message
    assert error.reason is reason


def test_classic_rounds_offer_the_turned_suit_then_the_others() -> None:
    """C2: the first four calls may take the turned suit only; C3: then any other suit."""
    state = deal(CLASSIC, dealer=Seat(0), seed=17)
    for _ in range(4):
        assert legal_bids(state) == (Pass(), Bid(D))
        state = bid(state, Pass())
    for _ in range(4):
        assert legal_bids(state) == (Pass(), Bid(C), Bid(H), Bid(S))
        state = bid(state, Pass())
    assert legal_bids(state) == ()


def test_classic_without_a_turned_card_only_passes() -> None:
    assert legal_calls(CLASSIC, ()) == (Pass(),)


def test_classic_legal_calls_offer_the_turned_suit() -> None:
    """C2: in round 1 the turned suit, given as ``turned``, may be taken."""
    assert legal_calls(CLASSIC, (), turned=Trump.HEARTS.suit) == (Pass(), Bid(H))
    round_two = tuple((Seat((1 + i) % 4), Pass()) for i in range(4))
    assert legal_calls(CLASSIC, round_two, turned=Trump.HEARTS.suit) == (Pass(), Bid(C), Bid(D), Bid(S))


def test_classic_turned_suit_not_a_contract_cannot_be_taken() -> None:
    variant = attrs.evolve(CLASSIC, contracts=(C, H, S))
    assert legal_calls(variant, (), turned=Trump.DIAMONDS.suit) == (Pass(),)


# --- Bulgarian auction (B3) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sequence", "call", "message", "reason"),
    [
        ((), Double(), "contra: there is no bid to double", Reason.DOUBLE_NOT_ALLOWED),
        ((), Redouble(), "re-contra: there is no contra to answer", Reason.REDOUBLE_NOT_ALLOWED),
        (
            (Bid(H), Pass()),
            Double(),
            "contra: only an opponent of the last bidder may say contra",
            Reason.DOUBLE_NOT_ALLOWED,
        ),
        ((Bid(H), Double()), Double(), "contra: the contract is already doubled", Reason.DOUBLE_NOT_ALLOWED),
        (
            (Bid(H), Double(), Redouble()),
            Double(),
            "contra: the contract is already doubled",
            Reason.DOUBLE_NOT_ALLOWED,
        ),
        (
            (Bid(H), Double(), Pass()),
            Redouble(),
            "re-contra: only the bidding side (team 1) may say re-contra, not seat 0",
            Reason.REDOUBLE_NOT_ALLOWED,
        ),
        (
            (Bid(H), Double(), Redouble()),
            Redouble(),
            "re-contra: the contract is already redoubled",
            Reason.REDOUBLE_NOT_ALLOWED,
        ),
        ((Bid(H),), Bid(H), "H is not higher than the last bid H", Reason.BID_TOO_LOW),
        (
            (Bid(H), Bid(Trump.NO_TRUMPS)),
            Bid(S),
            "S is not higher than the last bid NONE",
            Reason.BID_TOO_LOW,
        ),
    ],
)
def test_bulgarian_refusals(sequence: tuple[Call, ...], call: Call, message: str, reason: Reason) -> None:
    state = after(deal(BULGARIAN, dealer=Seat(0), seed=4), *sequence)
    error = refusal(state, call)
    assert str(error) == message
    assert error.reason is reason


def test_recontra_by_the_doubling_side_names_the_seat() -> None:
    """B3: seat 2 bids, seat 3 doubles; seat 1 (the doubling side) may not re-contra."""
    state = after(deal(BULGARIAN, dealer=Seat(0), seed=4), Pass(), Bid(H), Double(), Pass())
    assert state.to_act is Seat(1)
    error = refusal(state, Redouble())
    assert str(error) == "re-contra: only the bidding side (team 0) may say re-contra, not seat 1"
    assert error.reason is Reason.REDOUBLE_NOT_ALLOWED


@pytest.mark.parametrize("preset", [CLASSIC, BULGARIAN])
@pytest.mark.parametrize(
    "call", [Bid(C, 80), Bid(S, capot=True), Bid(Trump.ALL_TRUMPS, generale=True), Bid(D, 160)]
)
@pytest.mark.parametrize("before", [(), (Pass(),), (Pass(),) * 4])
def test_a_bid_with_a_value_is_refused_where_bids_name_the_mode_alone(
    preset: Variant, call: Bid, before: tuple[Call, ...]
) -> None:
    """In the turned-card and rising auctions a bid is the trump mode alone (C2, B3): a value,
    capot or générale is refused with the reason, before any bid as after one (it once failed
    an assertion in the Bulgarian auction, with no bid to compare)."""
    state = after(deal(preset, dealer=Seat(0), seed=1), *before[: 4 if preset is CLASSIC else 1])
    error = refusal(state, call)
    assert str(error) == (
        f"{call}: a {preset.name} bid names the trump mode alone ({call.trump.code}), "
        "with no value, capot or générale"
    )
    assert error.reason is Reason.BID_NOT_AVAILABLE


def test_bulgarian_valued_bid_after_a_bid_is_refused_for_its_value() -> None:
    state = after(deal(BULGARIAN, dealer=Seat(0), seed=1), Bid(C))
    assert "names the trump mode alone" in str(refusal(state, Bid(Trump.ALL_TRUMPS, 80)))


def test_bulgarian_bid_outside_the_contract_list() -> None:
    variant = attrs.evolve(BULGARIAN, contracts=(C, D, H, S))
    state = deal(variant, dealer=Seat(0), seed=4)
    error = refusal(state, Bid(Trump.ALL_TRUMPS))
    assert str(error) == "all_trumps is not a contract of bulgarian"
    assert error.reason is Reason.BID_NOT_AVAILABLE


@pytest.mark.parametrize(
    ("sequence", "legal"),
    [
        ((), ("pass", "C", "D", "H", "S", "NONE", "ALL")),
        ((Bid(H),), ("pass", "S", "NONE", "ALL", "contra")),  # seat 2, an opponent
        ((Bid(H), Pass()), ("pass", "S", "NONE", "ALL")),  # seat 3, the partner
        ((Bid(H), Double()), ("pass", "S", "NONE", "ALL", "recontra")),  # seat 3, bidding side
        ((Bid(H), Double(), Pass()), ("pass", "S", "NONE", "ALL")),  # seat 0, doubling side
        ((Bid(H), Double(), Redouble()), ("pass", "S", "NONE", "ALL")),
        ((Bid(H), Double(), Bid(S)), ("pass", "NONE", "ALL", "contra")),  # a new bid clears the contra
    ],
)
def test_bulgarian_legal_calls(sequence: tuple[Call, ...], legal: tuple[str, ...]) -> None:
    state = after(deal(BULGARIAN, dealer=Seat(0), seed=4), *sequence)
    assert tuple(str(call) for call in legal_bids(state)) == legal


@pytest.mark.parametrize(
    ("sequence", "contract"),
    [
        ((Bid(H), Double(), Pass(), Pass(), Pass()), Contract(Seat(1), H, multiplier=2)),
        ((Bid(H), Double(), Redouble(), Pass(), Pass(), Pass()), Contract(Seat(1), H, multiplier=4)),
        ((Bid(H), Double(), Bid(S), Pass(), Pass(), Pass()), Contract(Seat(3), S, multiplier=1)),
        ((Pass(), Pass(), Pass(), Bid(C), Pass(), Pass(), Pass()), Contract(Seat(0), C)),
    ],
)
def test_bulgarian_contract_after_three_passes(sequence: tuple[Call, ...], contract: Contract) -> None:
    state = after(deal(BULGARIAN, dealer=Seat(0), seed=4), *sequence[:-1])
    assert state.contract is None
    state = bid(state, sequence[-1])
    assert state.contract == contract


# --- the words of a call and the values of a contract --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("no trumps", Bid(Trump.NO_TRUMPS)),
        ("No-Trumps", Bid(Trump.NO_TRUMPS)),
        ("all trumps", Bid(Trump.ALL_TRUMPS)),
        ("  pass ", Pass()),
        ("re contra", Redouble()),
        ("RE_CONTRA", Redouble()),
        ("x", Double()),
        ("redouble", Redouble()),
        ("p", Pass()),
        ("100_H", Bid(H, 100)),  # the round notation's spelling
        ("capot_S", Bid(S, capot=True)),
        ("generale_all", Bid(Trump.ALL_TRUMPS, generale=True)),
    ],
)
def test_parse_call_words(text: str, call: Call) -> None:
    assert parse_call(text) == call


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (123, "123 is not a call"),
        (None, "None is not a call"),
        (
            "maybe",
            "'maybe' is not a call: expected pass, a trump mode, a value and a trump mode (100 H), "
            "capot and a trump mode, contra or recontra",
        ),
        (
            "",
            "'' is not a call: expected pass, a trump mode, a value and a trump mode (100 H), "
            "capot and a trump mode, contra or recontra",
        ),
        *(  # digits int() refuses although str.isdigit takes them
            (
                text,
                f"{text!r} is not a call: expected pass, a trump mode, a value and a trump mode (100 H), "
                "capot and a trump mode, contra or recontra",
            )
            for text in ("\u00b2 H", "\u246000 H", "\u0661\u0660\u0660 H")
        ),
    ],
)
def test_parse_call_refuses(value: object, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_call(value)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("multiplier", [1, 2, 4])
def test_contract_multiplier_accepted(multiplier: int) -> None:
    assert Contract(Seat(0), H, multiplier=multiplier).multiplier == multiplier


@pytest.mark.parametrize("multiplier", [0, -2, True, 2.0, "2"])
def test_contract_multiplier_refused(multiplier: object) -> None:
    with pytest.raises(IllegalBidError) as caught:
        Contract(Seat(0), H, multiplier=multiplier)  # type: ignore[arg-type]
    assert str(caught.value) == f"multiplier must be a whole number >= 1, got {multiplier!r}"
    assert caught.value.reason is Reason.BAD_CONTRACT


@pytest.mark.parametrize("value", [None, 0, 80, 160])
def test_contract_bid_accepted(value: int | None) -> None:
    contract = Contract(Seat(2), S, bid=value)
    assert contract.bid == value
    assert contract.taker_team == Seat(2).team


@pytest.mark.parametrize("value", [-1, True, False, 80.0, "80"])
def test_contract_bid_refused(value: object) -> None:
    with pytest.raises(IllegalBidError) as caught:
        Contract(Seat(0), H, bid=value)  # type: ignore[arg-type]
    assert str(caught.value) == f"bid must be a whole number or None, got {value!r}"
    assert caught.value.reason is Reason.BAD_CONTRACT


@pytest.mark.parametrize("flag", ["capot", "generale"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_contract_flags_refused(flag: str, value: object) -> None:
    with pytest.raises(IllegalBidError) as caught:
        Contract(Seat(0), H, **{flag: value})  # type: ignore[arg-type]
    assert str(caught.value) == f"{flag} must be True or False, got {value!r}"
    assert caught.value.reason is Reason.BAD_CONTRACT


def test_contract_defaults() -> None:
    contract = Contract(Seat(1), H)
    assert (contract.multiplier, contract.bid) == (1, None)


# --- coinche (K2, K3) ----------------------------------------------------------------------------


def test_coinche_a_second_coinche_is_refused() -> None:
    # the coinche does not end the auction here (coinche_ends_auction=false): nobody coinches again
    state = after(deal(COINCHE, dealer=Seat(0), seed=4), Bid(H, 80), Double())
    for then in (state, after(state, Pass())):  # the bidder's partner, then the coincher's partner
        error = refusal(then, Double())
        assert str(error) == "coinche: the contract is already coinched"
        assert error.reason is Reason.DOUBLE_NOT_ALLOWED


@pytest.mark.parametrize("mode", [Trump.NO_TRUMPS, Trump.ALL_TRUMPS])
def test_coinche_bid_in_a_mode_the_variant_does_not_play(mode: Trump) -> None:
    suits_only = attrs.evolve(COINCHE, name="suits only", contracts="C D H S")
    error = refusal(deal(suits_only, dealer=Seat(0), seed=4), Bid(mode, 80))
    assert str(error) == f"{mode.name.lower()} is not a contract of suits only"
    assert error.reason is Reason.BID_NOT_AVAILABLE


@pytest.mark.parametrize("flag", ["capot", "generale"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_bid_flags_refused(flag: str, value: object) -> None:
    with pytest.raises(IllegalBidError) as caught:
        Bid(H, **{flag: value})  # type: ignore[arg-type]
    assert str(caught.value) == f"{flag} must be True or False, got {value!r}"
    assert caught.value.reason is Reason.BAD_ARGUMENT
