"""``legal_cards`` from a tutor's point of view: the trick as cards in play order, text input.

The ``(Seat, Card)`` pairs stay accepted; every other form must give the same legal set, and
bad input must be refused with an error that names what was wrong.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    DECK,
    BeloteError,
    Card,
    CardSet,
    NotationError,
    Seat,
    Trump,
    legal_cards,
)
from belote.errors import ArgumentTypeError, Reason


@settings(max_examples=150)
@given(
    order=st.permutations(range(32)),
    trick_size=st.integers(0, 3),
    hand_size=st.integers(1, 8),
    leader=st.integers(0, 3),
    trump=st.sampled_from(list(Trump)),
    variant=st.sampled_from([CLASSIC, BULGARIAN]),
)
def test_every_trick_form_gives_the_same_legal_cards(
    order: list[int], trick_size: int, hand_size: int, leader: int, trump: Trump, variant: Any
) -> None:
    cards = [DECK[index] for index in order]
    trick = cards[:trick_size]
    hand = cards[trick_size : trick_size + hand_size]
    pairs = [(Seat(leader).offset(i), card) for i, card in enumerate(trick)]
    expected = legal_cards(CardSet.of(hand), pairs, trump=trump, variant=variant)
    text = " ".join(str(card) for card in trick)
    hand_text = " ".join(str(card) for card in hand)
    assert legal_cards(hand, trick, trump=trump, variant=variant) == expected
    assert legal_cards(hand_text, text, trump=trump, variant=variant) == expected
    assert legal_cards(hand, [str(card) for card in trick], trump=trump, variant=variant) == expected
    assert (
        legal_cards([str(card) for card in hand], tuple(trick), trump=trump.name, variant=variant) == expected
    )
    assert expected <= CardSet.of(hand)


def test_the_partner_is_the_card_two_places_back() -> None:
    # Void in spades with trumps: when the partner's ace (two places back) is master, CLASSIC
    # lets the player discard; when the opponent's ace (one place back) is master, it must trump.
    hand = "7H KD 8C"
    assert str(legal_cards(hand, "AS 7S", trump="H", variant=CLASSIC)) == "7H KD 8C"
    assert str(legal_cards(hand, "7S AS", trump="H", variant=CLASSIC)) == "7H"
    assert str(legal_cards(hand, "8S AS 7S", trump="H", variant=CLASSIC)) == "7H KD 8C"


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("hearts", Trump.HEARTS),
        ("H", Trump.HEARTS),
        ("♥", Trump.HEARTS),
        ("all trumps", Trump.ALL_TRUMPS),
        ("no trumps", Trump.NO_TRUMPS),
        ("NT", Trump.NO_TRUMPS),
    ],
)
def test_trump_given_as_text(text: str, mode: Trump) -> None:
    hand, trick = "7H AH KD JS", "QD 9D"
    expected = legal_cards(hand, trick, trump=mode, variant=BULGARIAN)
    assert legal_cards(hand, trick, trump=text, variant=BULGARIAN) == expected


@pytest.mark.parametrize(
    ("hand", "trick", "message"),
    [
        ("7H", "AS KS QS JS", "at most 3 cards"),
        ("7H", ["AS", "KS", "QS", "JS"], "at most 3 cards"),
        ("AS 7H", "AS", "both in the hand and in the trick"),
        ("7H", "AS AS", "AS appears twice in the trick"),
        ("7H", [Card.parse("AS"), "as"], "AS appears twice in the trick"),
        ("7H 7H", "AS", "7H appears twice in the hand"),
        (["7H", Card.parse("7H")], "", "7H appears twice in the hand"),
        ("", "AS", "the hand is empty"),
        ("7H", CardSet.parse("AS KS"), "play order"),
        ("7H", 7, "play order"),
        ("7H", [(Seat(0), Card.parse("AS")), Card.parse("KS")], "mixes"),
        ("7H", [3], "3 in the trick is not a card"),
        ([7], "", "7 in the hand is not a card"),
        (7, "", "hand must be cards"),
        (CardSet.parse("AH KH QH JH TH 9H 8H 7H 7S"), "AS", "a hand holds at most 8 cards, got 9"),
    ],
)
def test_bad_public_input_is_refused(hand: Any, trick: Any, message: str) -> None:
    with pytest.raises(BeloteError, match=message) as caught:
        legal_cards(hand, trick, trump="H", variant=CLASSIC)
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(("hand", "trick"), [("7H XX", "AS"), ("7H", "AS ZZ"), ("7H", ["AS KS"])])
def test_bad_card_text_is_a_notation_error(hand: str, trick: Any) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        legal_cards(hand, trick, trump="H", variant=CLASSIC)


@pytest.mark.parametrize(
    ("trump", "error", "message"),
    [
        (True, ArgumentTypeError, "trump must be a Trump, an int 0..5 or a text, got True"),
        (2.0, ArgumentTypeError, "trump must be a Trump, an int 0..5 or a text, got 2.0"),
        (None, ArgumentTypeError, "trump must be a Trump, an int 0..5 or a text, got None"),
        (6, NotationError, "6 is not a valid Trump"),
        (-1, NotationError, "-1 is not a valid Trump"),
    ],
)
def test_a_trump_of_another_type_is_refused(trump: Any, error: type[BeloteError], message: str) -> None:
    """A bool or a float was once read as a mode (True as diamonds, 2.0 as hearts)."""
    with pytest.raises(error) as caught:
        legal_cards("7H", "AS", trump=trump, variant=CLASSIC)
    assert str(caught.value).startswith(message)


def test_a_trump_given_as_its_number() -> None:
    assert legal_cards("7H AS", "KS", trump=2, variant=CLASSIC) == legal_cards(
        "7H AS", "KS", trump="H", variant=CLASSIC
    )


def test_bad_trump_text_is_refused() -> None:
    with pytest.raises(BeloteError, match="not a trump mode"):
        legal_cards("7H", "AS", trump="hartz", variant=CLASSIC)
