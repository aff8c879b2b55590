"""Exact refusals and values of belote.cards that mutation testing (mutmut 3.8) found untested:
the messages and reasons of Suit, Card and CardSet parsing and building, cards built from rank
and suit, plain-int masks, the pictures of a card and a set."""

from __future__ import annotations

import pytest

from belote import (
    DECK,
    ArgumentTypeError,
    Card,
    CardSet,
    NotationError,
    Rank,
    Reason,
    Suit,
    Trump,
    card_points,
)

# ---------------------------------------------------------------- Suit.parse refusals


@pytest.mark.parametrize("value", [2, None, b"H"])
def test_suit_parse_refuses_a_non_text_with_its_repr_and_bad_argument(value: object) -> None:
    with pytest.raises(NotationError) as caught:
        Suit.parse(value)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == f"{value!r} is not a suit: expected a text"


@pytest.mark.parametrize("junk", ["X", "", "HH", "♥♥"])
def test_suit_parse_junk_names_the_text_and_is_a_malformed_card(junk: str) -> None:
    with pytest.raises(NotationError) as caught:
        Suit.parse(junk)
    assert caught.value.reason is Reason.MALFORMED_CARD
    assert str(caught.value) == f"{junk!r} is not a suit: expected S H D C, ♠ ♥ ♦ ♣ or a suit name"


# ---------------------------------------------------------------- Card built from rank and suit


@pytest.mark.parametrize("suit", list(Suit), ids=lambda s: s.name)
@pytest.mark.parametrize("rank", list(Rank), ids=lambda r: r.name)
def test_a_card_built_from_rank_and_suit_has_its_number(rank: Rank, suit: Suit) -> None:
    card = Card(rank, suit)
    assert card.index == suit * 8 + rank
    assert DECK[card.index] == card
    assert Card.from_index(card.index) == card
    assert card in CardSet().add(card)
    assert CardSet().add(card) == CardSet.of([card])


def test_a_built_card_reads_its_points_by_its_number() -> None:
    assert card_points(Card(Rank.ACE, Suit.SPADES), Trump.NO_TRUMPS) == 11
    assert card_points(Card(Rank.JACK, Suit.HEARTS), Trump.HEARTS) == 20
    assert Card(Rank.TEN, Suit.HEARTS).index == 19


# ---------------------------------------------------------------- CardSet refusals


@pytest.mark.parametrize("value", [None, 7, ["AS"]])
def test_cardset_parse_refuses_a_non_text_with_its_repr(value: object) -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.parse(value)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED_CARDS
    assert str(caught.value) == f"{value!r} is not a text of cards"


@pytest.mark.parametrize("method", ["add", "remove"])
def test_add_and_remove_refuse_a_non_card_with_its_repr(method: str) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        getattr(CardSet.parse("AS"), method)("AS")
    assert str(caught.value) == "card must be a Card, got 'AS'"


# ---------------------------------------------------------------- Jupyter pictures


def test_card_and_cardset_draw_themselves() -> None:
    from belote.svg import card, hand

    ten = Card.parse("TH")
    assert ten._repr_svg_() == card(ten)
    cards = CardSet.parse("AS KH 7D")
    assert cards._repr_svg_() == hand(cards)
    assert cards._repr_svg_().startswith("<svg")


# ---------------------------------------------------------------- refusal messages name the value


def test_card_parse_refuses_a_non_text_with_its_repr() -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(5)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "5 is not a card: expected rank (7 8 9 T J Q K A, or 10) + suit (S H D C or ♠ ♥ ♦ ♣)"
    )


def test_cardset_of_refuses_a_non_card_with_its_repr() -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.of([Card.parse("AS"), "KH"])  # type: ignore[list-item]
    assert caught.value.reason is Reason.MALFORMED_CARDS
    assert str(caught.value) == "'KH' is not a Card"


def test_cardset_of_refuses_a_non_iterable_with_its_repr() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        CardSet.of(5)  # type: ignore[arg-type]
    assert str(caught.value) == "cards must be an iterable of Card, got 5"


@pytest.mark.parametrize("op", ["__or__", "__and__", "__sub__", "__xor__", "__le__", "isdisjoint"])
def test_set_operators_refuse_a_non_cardset_by_its_type(op: str) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        getattr(CardSet.parse("AS"), op)(5)
    assert str(caught.value) == "expected a CardSet, got int"


# ---------------------------------------------------------------- CardSet mask check


class _Mask(int):
    """An int subclass: not the fast path of the mask check."""


@pytest.mark.parametrize(
    ("value", "mask"),
    [(Rank.SEVEN, 0), (Rank.ACE, 7), (_Mask(0), 0), (_Mask(2**32 - 1), 2**32 - 1), (_Mask(5), 5)],
)
def test_an_int_subclass_mask_is_kept_as_a_plain_int(value: int, mask: int) -> None:
    cards = CardSet(value)
    assert cards.mask == mask
    assert type(cards.mask) is int
    assert repr(cards) == repr(CardSet(mask))


@pytest.mark.parametrize("value", [True, False, -1, 2**32, 1.0, "1", None])
def test_a_bad_mask_is_refused_with_its_repr(value: object) -> None:
    with pytest.raises(NotationError) as caught:
        CardSet(value)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED_CARDS
    assert str(caught.value) == f"CardSet mask must be an int in 0..2**32-1, got {value!r}"


# ---------------------------------------------------------------- card numbers of a mask


@pytest.mark.parametrize("text", ["", "7C", "7C AS JH", "AS KS QS JS TS 9S 8S 7S"])
def test_mask_indices_lists_the_card_numbers_ascending(text: str) -> None:
    from belote.cards import mask_indices

    cards = CardSet.parse(text)
    assert mask_indices(cards.mask) == sorted(card.index for card in cards)
