"""Exact refusals and results of the private auction history module (belote._auction_history)
that mutation testing (mutmut 3.8) checks, through :func:`~belote.positions.position` and
:func:`~belote.views.seat_view`: the turned card a variant without one refuses, the contract
given checked by type and by the variant, an auction and a contract given together that
disagree, every call refused at its index with the seat given or to act (a call after the
auction is over, out of turn, unreadable, not allowed), and the calls read from one text.

``split_calls`` is tested directly as well: it decides alone which words of a text make one
call, which the positions only show through the calls they then refuse or accept ("all
trumps" in words included: it used to be read as the call "all" and the word "trumps")."""

from __future__ import annotations

from typing import Any

import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    COINCHE,
    ArgumentTypeError,
    Bid,
    Call,
    Card,
    Contract,
    Double,
    NotationError,
    Pass,
    Phase,
    PositionError,
    Reason,
    Redouble,
    ReplayError,
    RoundState,
    Seat,
    Trump,
    Variant,
    position,
    seat_view,
)
from belote._auction_history import Calls, _is_call, split_calls
from belote.calls import _CALL_WORDS
from belote.trumps import _MODE_ALIASES

# deal(CLASSIC or COINCHE, dealer=Seat(0), seed=1): the first 5 cards of each seat as dealt,
# and the 12 undealt cards (the classic turned card JH first)
FIRST = ["7H 8D TH KC JD", "9S 8H TD KS QD", "9D JS 8C KH 7C", "QC JC AC QH QS"]
STOCK = "JH AH KD AD TC AS 9C 7S 8S TS 9H 7D"
HEARTS_BY_NORTH = Contract(Seat(0), Trump.HEARTS)
HEARTS_BY_WEST = Contract(Seat(1), Trump.HEARTS)


def dealt(variant: Variant = CLASSIC, **facts: Any) -> RoundState:
    """The deal of seed 1 with the dealer north, given as its first 5 cards each and the stock."""
    return position(variant, dealer=Seat(0), hands=FIRST, stock=STOCK, **facts)


# the turned card and the contract given


def test_a_turned_card_is_refused_where_the_variant_turns_none() -> None:
    for turned in ("JH", Card.parse("JH")):
        with pytest.raises(PositionError) as caught:
            dealt(COINCHE, turned=turned)
        assert str(caught.value) == "coinche turns no card: give turned=None"
        assert caught.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(NotationError):  # read before the variant is asked
        dealt(COINCHE, turned="JX")


@pytest.mark.parametrize("turned", ["JH", Card.parse("JH"), None])
def test_the_turned_card_is_read_as_a_card_or_a_text(turned: Card | str | None) -> None:
    view = seat_view(CLASSIC, Seat(1), hand=FIRST[1], dealer=Seat(0), turned=turned or "JH")
    assert view.turned == Card.parse("JH")
    assert dealt(turned=turned).turned == Card.parse("JH")


def test_a_contract_that_is_no_contract_is_refused_by_type() -> None:
    for contract, shown in (("H", "'H'"), (Trump.HEARTS, "<Trump.HEARTS: 2>")):
        with pytest.raises(ArgumentTypeError) as caught:
            dealt(contract=contract)
        assert str(caught.value) == f"contract must be a Contract, got {shown}"
        assert caught.value.reason is Reason.BAD_ARGUMENT


def test_a_contract_the_variant_does_not_allow_is_a_bad_contract() -> None:
    with pytest.raises(PositionError) as caught:
        dealt(COINCHE, contract=HEARTS_BY_NORTH)
    assert str(caught.value) == (
        "a coinche contract names one of a bid (80 ... 160), capot or générale, "
        "got Contract(Seat.NORTH, Trump.HEARTS)"
    )
    assert caught.value.reason is Reason.BAD_CONTRACT
    with pytest.raises(PositionError) as caught:  # checked even with an auction that gives it
        dealt(COINCHE, auction="80 H pass pass pass", contract=Contract(Seat(1), Trump.HEARTS))
    assert caught.value.reason is Reason.BAD_CONTRACT


@pytest.mark.parametrize(
    ("auction", "contract", "index", "got"),
    [
        ("H", HEARTS_BY_NORTH, 1, "Contract(Seat.WEST, Trump.HEARTS)"),
        ("pass", HEARTS_BY_NORTH, 1, "no contract"),
        ("pass pass pass", HEARTS_BY_WEST, 3, "no contract"),
        ("", HEARTS_BY_WEST, 0, "no contract"),
    ],
)
def test_an_auction_and_a_contract_given_together_must_agree(
    auction: str, contract: Contract, index: int, got: str
) -> None:
    with pytest.raises(ReplayError) as caught:
        dealt(auction=auction, contract=contract)
    assert str(caught.value) == (
        f"action {index}: the auction gives {got}, not the contract given {contract!r} [bad_contract]"
    )
    assert (caught.value.index, caught.value.seat) == (index, None)
    assert caught.value.reason is Reason.BAD_CONTRACT


def test_an_auction_that_gives_the_contract_given_keeps_its_calls() -> None:
    state = dealt(auction="H", contract=HEARTS_BY_WEST)
    assert state == dealt(auction="H")
    assert state.auction == ((Seat.WEST, Bid(Trump.HEARTS)),)
    assert state.phase is Phase.PLAYING
    alone = dealt(contract=HEARTS_BY_WEST)
    assert (alone.auction, alone.contract, alone.phase) == ((), HEARTS_BY_WEST, Phase.PLAYING)


@pytest.mark.parametrize("auction", [42, 7.5])
def test_an_auction_that_is_no_calls_is_refused_by_type(auction: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        dealt(auction=auction)
    assert str(caught.value) == f"auction must be calls (a sequence or a text like 'pass,H'), got {auction!r}"


def test_no_auction_and_no_contract_is_the_bidding_to_start() -> None:
    state = dealt()
    assert (state.phase, state.to_act, state.auction, state.contract) == (Phase.BIDDING, Seat.WEST, (), None)


# the calls, one by one


@pytest.mark.parametrize(
    ("variant", "auction", "phase", "to_act", "calls"),
    [
        (CLASSIC, "", Phase.BIDDING, Seat.WEST, ()),
        (CLASSIC, "pass pass", Phase.BIDDING, Seat.EAST, ((Seat.WEST, Pass()), (Seat.SOUTH, Pass()))),
        (CLASSIC, "pass " * 8, Phase.PASSED_OUT, None, tuple((Seat((1 + i) % 4), Pass()) for i in range(8))),
        (COINCHE, "80 H, coinche", Phase.BIDDING, Seat.EAST,
         ((Seat.WEST, Bid(Trump.HEARTS, value=80)), (Seat.SOUTH, Double()))),
        (COINCHE, [(Seat(1), "80 H"), (Seat(2), Double()), "surcoinche"], Phase.PLAYING, Seat.WEST,
         ((Seat.WEST, Bid(Trump.HEARTS, value=80)), (Seat.SOUTH, Double()), (Seat.EAST, Redouble()))),
    ],
)  # fmt: skip
def test_the_calls_are_made_from_the_eldest_in_turn(
    variant: Variant, auction: Calls, phase: Phase, to_act: Seat | None, calls: tuple[tuple[Seat, Call], ...]
) -> None:
    state = dealt(variant, auction=auction)
    assert (state.phase, state.to_act, state.auction) == (phase, to_act, calls)


NOT_A_CALL = (
    "'xyz' is not a call: expected pass, a trump mode, a value and a trump mode (100 H), capot and a "
    "trump mode, contra or recontra"
)
PLAYING = "cannot bid now: the round is in the playing phase"


@pytest.mark.parametrize(
    ("variant", "auction", "index", "seat", "detail", "reason"),
    [
        (CLASSIC, "H pass", 1, None, PLAYING, "wrong_phase"),
        (CLASSIC, ["H", (Seat(2), "pass")], 1, Seat.SOUTH, PLAYING, "wrong_phase"),
        (
            CLASSIC,
            "pass " * 9,
            8,
            None,
            "cannot bid now: the round is in the passed out phase",
            "wrong_phase",
        ),
        (CLASSIC, ["H", "xyz"], 1, None, NOT_A_CALL, "bad_argument"),
        (
            CLASSIC,
            [(Seat(2), "pass")],
            0,
            Seat.SOUTH,
            "seat 2 cannot bid: it is seat 1's turn",
            "out_of_turn",
        ),
        (
            CLASSIC,
            ["pass", (Seat(1), "pass")],
            1,
            Seat.WEST,
            "seat 1 cannot bid: it is seat 2's turn",
            "out_of_turn",
        ),
        (CLASSIC, "pass xyz", 1, Seat.SOUTH, NOT_A_CALL, "bad_argument"),
        (CLASSIC, ["pass", (Seat(2), "xyz")], 1, Seat.SOUTH, NOT_A_CALL, "bad_argument"),
        (CLASSIC, ["pass", (Seat(3), "xyz")], 1, Seat.SOUTH, NOT_A_CALL, "bad_argument"),
        (
            CLASSIC,
            "pass S",
            1,
            Seat.SOUTH,
            "round 1: only the turned suit (hearts) may be taken, or pass",
            "bid_not_available",
        ),
        (COINCHE, "pass 80 H 80 S", 2, Seat.EAST, "80 S is not higher than the last bid 80 H", "bid_too_low"),
    ],
)
def test_a_call_refused_is_named_with_its_index_and_its_seat(
    variant: Variant, auction: Calls, index: int, seat: Seat | None, detail: str, reason: str
) -> None:
    with pytest.raises(ReplayError) as caught:
        dealt(variant, auction=auction)
    where = f"action {index}" if seat is None else f"action {index}, seat {int(seat)}"
    assert str(caught.value) == f"{where}: {detail} [{reason}]"
    assert (caught.value.index, caught.value.seat) == (index, seat)
    assert caught.value.reason is Reason(reason)


def test_a_call_is_refused_with_the_error_the_round_gives() -> None:
    with pytest.raises(ReplayError) as caught:
        dealt(auction="pass S")
    assert caught.value.__cause__ is not None
    assert type(caught.value.__cause__).__name__ == "IllegalBidError"


# the calls of one text


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("", []),
        ("pass", ["pass"]),
        ("  pass   pass  H ", ["pass", "pass", "H"]),
        ("pass, 100 H ,coinche", ["pass", "100 H", "coinche"]),
        ("pass,pass", ["pass", "pass"]),
        (",pass,", ["", "pass", ""]),
        ("pass 100 H capot S no trumps", ["pass", "100 H", "capot S", "no trumps"]),
        ("100 H 110 S", ["100 H", "110 S"]),
        ("H S", ["H", "S"]),
        ("foo bar", ["foo", "bar"]),
        ("no", ["no"]),
        ("pass no", ["pass", "no"]),
        ("80 ALL 90", ["80 ALL", "90"]),
    ],
)
def test_the_calls_of_a_text_split_at_commas_or_at_spaces_between_calls(text: str, calls: list[str]) -> None:
    assert split_calls(text) == calls


def test_a_text_auction_reads_two_word_calls_as_one() -> None:
    state = dealt(COINCHE, auction="pass 100 H capot S")  # capot ends it
    assert state.auction == (
        (Seat.WEST, Pass()),
        (Seat.SOUTH, Bid(Trump.HEARTS, value=100)),
        (Seat.EAST, Bid(Trump.SPADES, capot=True)),
    )
    assert dealt(BULGARIAN, auction="pass no trumps") == dealt(BULGARIAN, auction="pass,no trumps")


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("pass all trumps", ["pass", "all trumps"]),
        ("all trumps pass", ["all trumps", "pass"]),
        ("80 all trumps", ["80 all", "trumps"]),  # no call of three words: refused as it reads
        ("ALL ALL", ["ALL", "ALL"]),
        ("ALL pass all", ["ALL", "pass", "all"]),
    ],
)
def test_all_trumps_in_words_is_one_call_though_all_alone_is_one(text: str, calls: list[str]) -> None:
    """A fix: "all" alone is the all-trumps call, so "all trumps" used to be read as "all" and
    "trumps" (no call), and an auction text with it was refused."""
    assert split_calls(text) == calls


def test_an_auction_text_with_all_trumps_in_words_is_read() -> None:
    state = dealt(BULGARIAN, auction="pass all trumps")
    assert state.auction == ((Seat.WEST, Pass()), (Seat.SOUTH, Bid(Trump.ALL_TRUMPS)))


def test_no_two_calls_make_one_call_together() -> None:
    """Why ``split_calls`` may join any two words that make one call: no word that is a call
    alone makes a call with another such word (or "pass pass" would be read as one)."""
    words = [*_CALL_WORDS, *_MODE_ALIASES, *(trump.name for trump in Trump), "hearts", "spades", "h", "s"]
    calls = [word for word in words if " " not in word and "_" not in word and _is_call(word)]
    assert len(calls) > 20
    assert [(a, b) for a in calls for b in calls if _is_call(f"{a} {b}")] == []
    assert split_calls("pass re contra") == ["pass", "re contra"]
