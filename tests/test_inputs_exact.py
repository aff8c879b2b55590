"""Exact readings and refusals of belote._inputs, the friendly inputs of ``position`` and
``seat_view`` (seats, cards, calls, plays with their belote and declaration marks), that mutation
testing (mutmut 3.8) checks: each form read to its value, each refusal with its message and
reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from belote import Bid, Card, CardSet, Double, Pass, Reason, Seat, Trump
from belote._inputs import (
    _canonical,
    card_list,
    entry_list,
    parse_call_input,
    parse_play,
    seat_of,
    split_plays,
)
from belote.errors import ArgumentTypeError, BeloteError, NotationError, PositionError


def _index(text: str) -> int:
    return Card.parse(text).index


def _mask(texts: str) -> int:
    return sum(1 << _index(text) for text in texts.split())


# ---------------------------------------------------------------- seats


@pytest.mark.parametrize(("value", "seat"), [(Seat.SOUTH, Seat.SOUTH), (0, Seat.NORTH), (3, Seat.EAST)])
def test_seat_of_reads_a_seat_or_an_int(value: object, seat: Seat) -> None:
    assert seat_of(value, "seat") is seat


@pytest.mark.parametrize(
    ("value", "kind", "message"),
    [
        (True, ArgumentTypeError, "a play's seat must be a Seat or an int 0..3, got True"),
        ("1", ArgumentTypeError, "a play's seat must be a Seat or an int 0..3, got '1'"),
        (4, BeloteError, "a play's seat must be a seat 0..3, got 4"),
        (-1, BeloteError, "a play's seat must be a seat 0..3, got -1"),
    ],
)
def test_seat_of_refusals_name_the_argument(value: object, kind: type[BeloteError], message: str) -> None:
    with pytest.raises(kind) as caught:
        seat_of(value, "a play's seat")
    assert type(caught.value) is kind
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == message


# ---------------------------------------------------------------- cards


def test_canonical_lists_a_masks_cards_from_the_highest() -> None:
    assert _canonical(0b1011) == [3, 1, 0]
    assert _canonical(0) == []


@pytest.mark.parametrize(
    ("value", "cards"),
    [
        (CardSet.parse("7S AS JH"), ["AS", "7S", "JH"]),  # a card set: its canonical order
        ("AS,JH 7D", ["AS", "JH", "7D"]),  # a text: the order given, commas as spaces
        ([Card.parse("AS"), "jh"], ["AS", "JH"]),
        (("QC", "KC"), ["QC", "KC"]),
        ("", []),
    ],
)
def test_card_list_reads_cards_in_the_order_given(value: object, cards: list[str]) -> None:
    assert card_list(value, "hand") == [_index(card) for card in cards]


@pytest.mark.parametrize(
    ("value", "kind", "reason", "message"),
    [
        ([5], NotationError, Reason.MALFORMED_CARDS, "5 in hand 2 is not a card"),
        (
            5,
            ArgumentTypeError,
            Reason.BAD_ARGUMENT,
            "hand 2 must be cards (a CardSet, Cards or a text like 'AS JH'), got 5",
        ),
        ("AS JH AS", PositionError, Reason.MALFORMED_CARDS, "hand 2 gives AS twice"),
        ("7D JH JH AS AS", PositionError, Reason.MALFORMED_CARDS, "hand 2 gives JH twice"),
    ],
)
def test_card_list_refusals_name_the_argument(
    value: object, kind: type[BeloteError], reason: Reason, message: str
) -> None:
    with pytest.raises(kind) as caught:
        card_list(value, "hand 2")
    assert type(caught.value) is kind
    assert caught.value.reason is reason
    assert str(caught.value) == message


# ---------------------------------------------------------------- auctions and plays


@pytest.mark.parametrize(
    ("value", "split", "entries"),
    [
        ("AS 7S", split_plays, ["AS", "7S"]),
        (("pass",), str.split, ["pass"]),
        (["pass", "H"], str.split, ["pass", "H"]),
    ],
)
def test_entry_list_splits_a_text_and_lists_an_iterable(
    value: object, split: Callable[[str], list[str]], entries: list[str]
) -> None:
    assert entry_list(value, split, "calls") == entries


def test_entry_list_refuses_what_is_not_iterable() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        entry_list(5, str.split, "auction must be calls")
    assert str(caught.value) == "auction must be calls, got 5"


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("AS 7S,KS(KSQSJS,9C9D9H9S)/QH  JH, ", ["AS", "7S", "KS(KSQSJS,9C9D9H9S)", "QH", "JH"]),
        ("KS(KS QS) 7H", ["KS(KS QS)", "7H"]),
        ("\tAS\n", ["AS"]),
        ("KS(KS QS) QH(QH KH) 7S", ["KS(KS QS)", "QH(QH KH)", "7S"]),  # each pair closes its own
        ("KS((KS QS) JS) 7S", ["KS((KS QS) JS)", "7S"]),  # nested: cut only once all are closed
        ("7SX8S", ["7SX8S"]),  # only spaces, commas and slashes cut
        ("", []),
    ],
)
def test_split_plays_cuts_outside_parentheses(text: str, tokens: list[str]) -> None:
    assert split_plays(text) == tokens


@pytest.mark.parametrize(
    ("entry", "seat", "call"),
    [
        ("pass", None, Pass()),
        ((1, "H"), Seat.WEST, Bid(Trump.HEARTS)),
        ((Seat.SOUTH, Bid(Trump.HEARTS)), Seat.SOUTH, Bid(Trump.HEARTS)),
        (Double(), None, Double()),
    ],
)
def test_parse_call_input_reads_a_call_or_a_seat_and_call(
    entry: object, seat: Seat | None, call: object
) -> None:
    assert parse_call_input(entry) == (seat, call)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ((1, "H", 2), "(1, 'H', 2) is not a (seat, call) pair"),
        ((1,), "(1,) is not a (seat, call) pair"),
        (5, "5 is not a call: expected Pass, Bid, Double, Redouble or a call text"),
        ((1, 5), "5 is not a call: expected Pass, Bid, Double, Redouble or a call text"),
    ],
)
def test_parse_call_input_refusals(entry: object, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_call_input(entry)
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == message


def test_a_call_inputs_seat_is_checked() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        parse_call_input(("1", "pass"))
    assert str(caught.value) == "a call's seat must be a Seat or an int 0..3, got '1'"


@pytest.mark.parametrize(
    ("entry", "seat", "card", "belote", "shown"),
    [
        ("KH", None, "KH", False, ()),
        ("KH*", None, "KH", True, ()),
        (" kh* ", None, "KH", True, ()),
        (Card.parse("AS"), None, "AS", False, ()),
        ((2, "AS"), Seat.SOUTH, "AS", False, ()),
        ((Seat.EAST, Card.parse("QS")), Seat.EAST, "QS", False, ()),
        ("KS(KSQSJS,9C9D9H9S)", None, "KS", False, (_mask("KS QS JS"), _mask("9C 9D 9H 9S"))),
        ("KS*(KS QS  )", None, "KS", True, (_mask("KS QS"),)),
        ("KS(ks 10s js)", None, "KS", False, (_mask("KS TS JS"),)),
        ("KS(K♠Q♠J♠)", None, "KS", False, (_mask("KS QS JS"),)),
    ],
)
def test_parse_play_reads_the_card_and_its_marks(
    entry: object, seat: Seat | None, card: str, belote: bool, shown: tuple[int, ...]
) -> None:
    assert parse_play(entry) == (seat, Card.parse(card), belote, shown)


@pytest.mark.parametrize(
    ("entry", "reason", "message"),
    [
        ((2,), Reason.MALFORMED_CARD, "(2,) is not a (seat, card) pair"),
        ((2, "AS", 1), Reason.MALFORMED_CARD, "(2, 'AS', 1) is not a (seat, card) pair"),
        (
            5,
            Reason.MALFORMED_CARD,
            "5 is not a play: expected a Card, a card text like 'KH*' or a (seat, card) pair",
        ),
        (
            "K S",
            Reason.MALFORMED_CARD,
            "'K S' is not a play: a card, '*' for belote, '(cards,cards)' for declarations",
        ),
        ("KS()", Reason.MALFORMED_CARDS, "an empty declaration in 'KS()'"),
        ("KS(KSQS, )", Reason.MALFORMED_CARDS, "an empty declaration in 'KS(KSQS, )'"),
        ("KS(KSZZ)", Reason.MALFORMED_CARDS, "'KSZZ' in 'KS(KSZZ)' is not a run of cards like KSQSJS"),
        ("KS(KSQ)", Reason.MALFORMED_CARDS, "'KSQ' in 'KS(KSQ)' is not a run of cards like KSQSJS"),
        ("KS(♠K)", Reason.MALFORMED_CARDS, "'♠K' in 'KS(♠K)' is not a run of cards like KSQSJS"),
    ],
)
def test_parse_play_refusals(entry: object, reason: Reason, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_play(entry)
    assert caught.value.reason is reason
    assert str(caught.value) == message


def test_a_play_inputs_seat_is_checked() -> None:
    with pytest.raises(BeloteError) as caught:
        parse_play((7, "AS"))
    assert str(caught.value) == "a play's seat must be a seat 0..3, got 7"
