"""Exact refusals and results of belote.positions that mutation testing (mutmut 3.8) checks:
the sizes of the hands and the stock, a card given twice named with both places (the seven of
clubs, card 0, included), the turned card as the stock's first, the argument names in the
messages, and a card played before the contract refused at its index with the seat it names."""

from __future__ import annotations

import pytest

from _doc_deal import HANDS
from belote import (
    CLASSIC,
    COINCHE,
    ArgumentTypeError,
    BeloteError,
    Card,
    Contract,
    NotationError,
    Phase,
    PositionError,
    Reason,
    ReplayError,
    Seat,
    Trump,
    deal,
    position,
)
from belote.positions import Plays

HEARTS = Contract(Seat(0), Trump.HEARTS)
# deal(CLASSIC or COINCHE, dealer=Seat(0), seed=1): the first 5 cards of each seat as dealt, and
# the 12 undealt cards (the classic turned card JH first)
FIRST = ["7H 8D TH KC JD", "9S 8H TD KS QD", "9D JS 8C KH 7C", "QC JC AC QH QS"]
STOCK = "JH AH KD AD TC AS 9C 7S 8S TS 9H 7D"
SIZES = "give four hands of 8 cards, or four of 5 and the 12 undealt cards as the stock; got hands of"


@pytest.mark.parametrize(
    ("hands", "stock", "message"),
    [
        (FIRST, None, f"{SIZES} 5, 5, 5, 5 cards"),
        (FIRST, STOCK.rsplit(" ", 1)[0], f"{SIZES} 5, 5, 5, 5 cards and a stock of 11"),
        (FIRST, f"{STOCK} 8C", f"{SIZES} 5, 5, 5, 5 cards and a stock of 13"),
        (HANDS, STOCK, f"{SIZES} 8, 8, 8, 8 cards and a stock of 12"),
        ([*HANDS[:3], "AD KD QD TD 7H KC QC"], None, f"{SIZES} 8, 8, 8, 7 cards"),
        ([*FIRST[:3], "QC JC AC QH"], STOCK, f"{SIZES} 5, 5, 5, 4 cards and a stock of 12"),
    ],
)
def test_hands_and_stock_of_the_wrong_sizes_are_named(
    hands: list[str], stock: str | None, message: str
) -> None:
    with pytest.raises(PositionError) as caught:
        position(CLASSIC, dealer=0, hands=hands, stock=stock, turned="JH" if stock is None else None)
    assert str(caught.value) == message
    assert caught.value.reason is Reason.MALFORMED_CARDS


@pytest.mark.parametrize(
    ("hands", "stock", "message"),
    [
        # the seven of clubs (card 0) is the card missing: hand 1 gives AS instead
        (
            [HANDS[0], HANDS[1].replace("7C", "AS"), *HANDS[2:]],
            None,
            "AS is given twice: in hand 0 and in hand 1",
        ),
        ([*HANDS[:3], HANDS[3].replace("JC", "AS")], None, "AS is given twice: in hand 0 and in hand 3"),
        (
            [*HANDS[:2], HANDS[2].replace("9C", "7D"), HANDS[3]],
            None,
            "7D is given twice: in hand 0 and in hand 2",
        ),
        (FIRST, STOCK.replace("7D", "KH"), "KH is given twice: in hand 2 and in the stock"),
        (FIRST, STOCK.replace("9H", "7H"), "7H is given twice: in hand 0 and in the stock"),
    ],
)
def test_a_card_given_twice_is_named_with_both_places(
    hands: list[str], stock: str | None, message: str
) -> None:
    turned = "JH" if stock is None else None
    with pytest.raises(PositionError) as caught:
        position(
            CLASSIC,
            dealer=3,
            hands=hands,
            stock=stock,
            turned=turned,
            contract=HEARTS if stock is None else None,
        )
    assert str(caught.value) == message
    assert caught.value.reason is Reason.MALFORMED_CARDS


def test_the_turned_card_must_be_the_stocks_first() -> None:
    with pytest.raises(PositionError) as caught:
        position(CLASSIC, dealer=0, hands=FIRST, stock=STOCK, turned="AH")
    assert str(caught.value) == "the turned card is the stock's first card, JH, not AH"
    assert caught.value.reason is Reason.MALFORMED_CARDS
    dealt = deal(CLASSIC, dealer=Seat(0), seed=1)
    for turned in ("JH", Card.parse("JH"), None):
        state = position(CLASSIC, dealer=0, hands=FIRST, stock=STOCK, turned=turned)
        assert state == dealt
        assert state.turned == Card.parse("JH")


def test_five_card_hands_and_the_stock_rebuild_the_whole_deal() -> None:
    for variant in (CLASSIC, COINCHE):
        state = position(variant, dealer=0, hands=FIRST, stock=STOCK)
        assert state == deal(variant, dealer=Seat(0), seed=1)
        assert state.phase is Phase.BIDDING
        assert state.to_act is Seat.WEST
    assert (
        str(position(COINCHE, dealer=0, hands=FIRST, stock=STOCK).hand(Seat(0))) == "TS TH 9H 7H JD 8D 7D KC"
    )


def test_eight_card_hands_without_a_contract_are_refused() -> None:
    with pytest.raises(PositionError) as caught:
        position(CLASSIC, dealer=3, hands=HANDS, turned="JH")
    assert str(caught.value) == "hands of 8 cards need the contract (or an auction that ends in one)"
    assert caught.value.reason is Reason.BAD_CONTRACT


def test_the_turned_card_is_required_with_eight_card_hands() -> None:
    with pytest.raises(PositionError) as caught:
        position(CLASSIC, dealer=3, hands=HANDS, contract=HEARTS)
    assert str(caught.value) == "give the turned card: it is public, and the taker holds it"
    assert caught.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(PositionError) as caught:
        position(CLASSIC, dealer=3, hands=HANDS, contract=HEARTS, turned="AD")
    assert str(caught.value) == "the turned card AD must be in the taker's hand (seat 0)"
    assert caught.value.reason is Reason.MALFORMED_CARDS


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"dealer": 7}, BeloteError, "dealer must be a seat 0..3, got 7"),
        ({"dealer": "x"}, ArgumentTypeError, "dealer must be a Seat or an int 0..3, got 'x'"),
        (
            {"stock": 5},
            ArgumentTypeError,
            "the stock must be cards (a CardSet, Cards or a text like 'AS JH'), got 5",
        ),
        ({"stock": "JH JH"}, PositionError, "the stock gives JH twice"),
        ({"stock": [1]}, NotationError, "1 in the stock is not a card"),
        ({"hands": [*FIRST[:2], "9D JS 8C KH KH", FIRST[3]]}, PositionError, "hand 2 gives KH twice"),
        (
            {"hands": "AS KS"},
            ArgumentTypeError,
            "hands must be a sequence of the four seats' hands, got 'AS KS'",
        ),
        ({"hands": FIRST[:3]}, PositionError, "give four hands, one per seat, got 3"),
    ],
)
def test_the_arguments_are_named_in_their_refusals(
    arguments: dict[str, object], error: type[BeloteError], message: str
) -> None:
    given: dict[str, object] = {"dealer": 0, "hands": FIRST, "stock": STOCK}
    given.update(arguments)
    with pytest.raises(error) as caught:
        position(CLASSIC, **given)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("auction", "plays", "index", "seat", "message"),
    [
        ("", "7H", 0, Seat.WEST, "action 0, seat 1: cannot play now: the round is in the bidding phase"),
        (
            "pass",
            [(Seat(3), Card.parse("QC"))],
            1,
            Seat.EAST,
            "action 1, seat 3: cannot play now: the round is in the bidding phase",
        ),
        ("pass", "ZZ", 1, Seat.SOUTH, "action 1, seat 2: cannot play now: the round is in the bidding phase"),
        (
            "pass",
            [(Seat(1), "ZZ")],
            1,
            Seat.WEST,
            "action 1, seat 1: cannot play now: the round is in the bidding phase",
        ),
        ("pass " * 8, "7H", 8, None, "action 8: cannot play now: the round is in the passed out phase"),
    ],
)
def test_a_card_before_the_contract_is_refused_at_its_index_with_its_seat(
    auction: str, plays: Plays, index: int, seat: Seat | None, message: str
) -> None:
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=0, hands=FIRST, stock=STOCK, auction=auction, plays=plays)
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (index, seat, Reason.WRONG_PHASE)
    assert str(caught.value) == f"{message} [wrong_phase]"


def test_a_passed_out_position_has_nobody_to_act() -> None:
    state = position(CLASSIC, dealer=0, hands=FIRST, stock=STOCK, auction="pass " * 8)
    assert (state.phase, state.to_act) == (Phase.PASSED_OUT, None)
    state = position(CLASSIC, dealer=0, hands=FIRST, stock=STOCK, auction="pass pass pass")
    assert (state.phase, state.to_act) == (Phase.BIDDING, Seat.NORTH)


def test_an_unreadable_card_after_the_contract_is_refused_at_its_index() -> None:
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=3, hands=HANDS, turned="JH", contract=HEARTS, plays="AS ZZ")
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (
        1,
        Seat.WEST,
        Reason.MALFORMED_CARD,
    )
    assert str(caught.value).startswith("action 1, seat 1: 'ZZ' is not a card")
