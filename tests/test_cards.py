"""Cards, card sets, seats and trump tables (the docs' rules page, "Common to every preset")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote
from belote import (
    DECK,
    Card,
    CardSet,
    NotationError,
    Rank,
    Reason,
    Seat,
    Suit,
    Team,
    Trump,
    card_points,
    deck_points,
    strength,
)
from belote.errors import ArgumentTypeError

# ---------------------------------------------------------------- Card


@pytest.mark.parametrize("text", ["TH", "th", "tH", "Th", "10H", "10h", "10♥", "T♥", " TH ", "10♡"])
def test_card_parse_spellings_of_ten_of_hearts(text: str) -> None:
    assert Card.parse(text) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7S", Rank.SEVEN, Suit.SPADES),
        ("8d", Rank.EIGHT, Suit.DIAMONDS),
        ("9♣", Rank.NINE, Suit.CLUBS),
        ("JC", Rank.JACK, Suit.CLUBS),
        ("q♦", Rank.QUEEN, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("AH", Rank.ACE, Suit.HEARTS),
    ],
)
def test_card_parse_every_rank_and_suit_letter(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(
    "junk", ["", " ", "X", "1H", "11H", "6S", "TX", "THH", "HT", "10", "♥", "T H", "10 ♥", "AS,", "ZZ"]
)
def test_card_parse_rejects_junk_with_malformed_card(junk: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(junk)
    assert caught.value.reason is Reason.MALFORMED_CARD
    assert repr(junk) in str(caught.value)


@pytest.mark.parametrize("junk", [None, 19, 3.5, b"TH", ("T", "H")])
def test_card_parse_rejects_non_text(junk: object) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(junk)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED_CARD


def test_notation_error_is_a_value_error_and_a_belote_error() -> None:
    with pytest.raises(ValueError, match="'nope' is not a card"):
        Card.parse("nope")
    with pytest.raises(belote.BeloteError, match="'nope' is not a card"):
        Card.parse("nope")


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_str_is_canonical_and_repr_round_trips(card: Card) -> None:
    text = str(card)
    assert len(text) == 2
    assert text[0] in "789TJQKA"
    assert text[1] in "SHDC"
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) == card
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.parse(card.pretty) == card


def test_str_of_ten_is_T() -> None:
    assert str(Card.parse("10♥")) == "TH"
    assert str(Card.parse("10s")) == "TS"


def test_deck_is_32_distinct_cards_in_index_order() -> None:
    assert len(DECK) == 32
    assert len(set(DECK)) == 32
    assert [card.index for card in DECK] == list(range(32))
    assert all(Card.from_index(i) == DECK[i] for i in range(32))
    assert {(card.rank, card.suit) for card in DECK} == {(r, s) for r in Rank for s in Suit}


@pytest.mark.parametrize("bad", [-1, 32, 100, "3", 1.0])
def test_card_from_index_rejects_bad_numbers(bad: object) -> None:
    with pytest.raises(NotationError):
        Card.from_index(bad)  # type: ignore[arg-type]


def test_cards_are_frozen_and_hashable() -> None:
    card = Card.parse("JH")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert {card, Card.parse("jh")} == {card}


def test_suit_parse() -> None:
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("♠") is Suit.SPADES
    assert Suit.parse("diamonds") is Suit.DIAMONDS
    with pytest.raises(NotationError) as caught:
        Suit.parse("Q")
    assert caught.value.reason is Reason.MALFORMED_CARD


# ---------------------------------------------------------------- CardSet


def test_full_set_iterates_in_canonical_order() -> None:
    # spades, hearts, diamonds, clubs; each from the ace down in natural order
    expected = [rank + suit for suit in "SHDC" for rank in "AKQJT987"]
    assert [str(card) for card in CardSet.full()] == expected
    assert str(CardSet.full()) == " ".join(expected)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("", ""),
        ("7C AS", "AS 7C"),
        ("10h, 9S  js", "JS 9S TH"),
        ("jh 9h 7s ad", "7S JH 9H AD"),
        ("7C 8C 9C TC JC QC KC AC", "AC KC QC JC TC 9C 8C 7C"),
        ("AS AS", "AS"),
    ],
)
def test_cardset_parse_and_str(text: str, canonical: str) -> None:
    cards = CardSet.parse(text)
    assert str(cards) == canonical
    assert CardSet.parse(str(cards)) == cards
    assert eval(repr(cards), {"CardSet": CardSet}) == cards


def test_cardset_parse_rejects_junk() -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.parse("AS XX")
    assert caught.value.reason is Reason.MALFORMED_CARD
    with pytest.raises(NotationError) as caught:
        CardSet.parse(None)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED_CARDS
    with pytest.raises(NotationError) as caught:
        CardSet.of(["AS"])  # type: ignore[list-item]
    assert caught.value.reason is Reason.MALFORMED_CARDS


@pytest.mark.parametrize("bad", [-1, 1 << 32, True, "0", 1.5])
def test_cardset_rejects_bad_masks(bad: object) -> None:
    with pytest.raises(NotationError):
        CardSet(bad)  # type: ignore[arg-type]


def test_cardset_len_contains_bool() -> None:
    empty = CardSet()
    assert not empty
    assert len(empty) == 0
    assert list(empty) == []
    hand = CardSet.parse("JH 9H 7S")
    assert hand
    assert len(hand) == 3
    assert Card.parse("9H") in hand
    assert Card.parse("8H") not in hand
    assert "9H" in hand  # card text reads as its card, as everywhere in the API
    assert "10h" not in hand
    assert 9 not in hand
    assert None not in hand
    with pytest.raises(NotationError):
        assert "9X" in hand  # a typo is an error, not a False
    assert len(CardSet.full()) == 32
    assert str(CardSet.of_suit(Suit.DIAMONDS)) == "AD KD QD JD TD 9D 8D 7D"
    assert str(hand.suit(Suit.HEARTS)) == "JH 9H"
    assert str(hand.add(Card.parse("AS"))) == "AS 7S JH 9H"
    assert str(hand.remove(Card.parse("JH"))) == "7S 9H"
    assert hand.remove(Card.parse("AC")) == hand
    assert str(hand) == "7S JH 9H"  # unchanged: sets are values


def test_cardset_operators_refuse_non_cardsets() -> None:
    with pytest.raises(ArgumentTypeError):
        _ = CardSet.parse("AS") | {Card.parse("KS")}  # type: ignore[operator]


card_lists = st.lists(st.sampled_from(DECK), max_size=32)


@settings(max_examples=200)
@given(card_lists, card_lists)
def test_cardset_operations_match_python_sets(a_cards: list[Card], b_cards: list[Card]) -> None:
    a, b = CardSet.of(a_cards), CardSet.of(b_cards)
    sa, sb = set(a_cards), set(b_cards)
    assert set(a) == sa
    assert len(a) == len(sa)
    assert bool(a) == bool(sa)
    assert set(a | b) == sa | sb
    assert set(a & b) == sa & sb
    assert set(a - b) == sa - sb
    assert set(a ^ b) == sa ^ sb
    assert (a <= b) == (sa <= sb)
    assert (a >= b) == (sa >= sb)
    assert (a < b) == (sa < sb)
    assert (a > b) == (sa > sb)
    assert a.isdisjoint(b) == sa.isdisjoint(sb)
    assert (a == b) == (sa == sb)
    assert all((card in a) == (card in sa) for card in DECK)
    # canonical order: every iteration is sorted by (suit desc, rank desc)
    listed = list(a)
    assert listed == sorted(sa, key=lambda c: (-c.suit, -c.rank))
    assert CardSet.parse(str(a)) == a


# ---------------------------------------------------------------- Seat


@pytest.mark.parametrize(
    ("seat", "nxt", "previous", "partner", "team"),
    [
        (0, 1, 3, 2, Team.NORTH_SOUTH),
        (1, 2, 0, 3, Team.EAST_WEST),
        (2, 3, 1, 0, Team.NORTH_SOUTH),
        (3, 0, 2, 1, Team.EAST_WEST),
    ],
)
def test_seat_relations(seat: int, nxt: int, previous: int, partner: int, team: Team) -> None:
    s = Seat(seat)
    assert s.next is Seat(nxt)
    assert s.previous is Seat(previous)
    assert s.partner is Seat(partner)
    assert s.team is team
    assert s.next.previous is s
    assert s.partner.partner is s
    assert s.partner.team is s.team
    assert s.next.team is not s.team
    assert [s.offset(k) for k in range(5)] == [Seat((seat + k) % 4) for k in range(5)]


def test_teams() -> None:
    assert Team.NORTH_SOUTH.seats == (Seat(0), Seat(2))
    assert Team.EAST_WEST.seats == (Seat(1), Seat(3))
    assert Team.NORTH_SOUTH.other is Team.EAST_WEST
    assert Team.EAST_WEST.other is Team.NORTH_SOUTH


def test_seat_rejects_bad_numbers() -> None:
    with pytest.raises(ValueError, match="4"):
        Seat(4)


# ---------------------------------------------------------------- Trump and tables


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("h", Trump.HEARTS),
        ("♠", Trump.SPADES),
        ("Clubs", Trump.CLUBS),
        ("D", Trump.DIAMONDS),
        ("NONE", Trump.NO_TRUMPS),
        ("nt", Trump.NO_TRUMPS),
        ("SA", Trump.NO_TRUMPS),
        ("no trumps", Trump.NO_TRUMPS),
        ("no-trumps", Trump.NO_TRUMPS),
        ("ALL", Trump.ALL_TRUMPS),
        ("ta", Trump.ALL_TRUMPS),
        ("all_trumps", Trump.ALL_TRUMPS),
    ],
)
def test_trump_parse(text: str, mode: Trump) -> None:
    assert Trump.parse(text) is mode
    assert Trump(text) is mode  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", ["", "X", "trumps", "HH", "7H"])
def test_trump_parse_rejects_junk(junk: str) -> None:
    with pytest.raises(NotationError) as caught:
        Trump.parse(junk)
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_trump_auction_order_and_properties() -> None:
    assert list(Trump) == sorted(Trump)
    assert Trump.CLUBS < Trump.DIAMONDS < Trump.HEARTS < Trump.SPADES < Trump.NO_TRUMPS < Trump.ALL_TRUMPS
    assert [mode.suit for mode in Trump] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None, None]
    assert [mode.is_suit for mode in Trump] == [True] * 4 + [False] * 2
    assert [mode.code for mode in Trump] == ["C", "D", "H", "S", "NONE", "ALL"]
    assert all(Trump.of_suit(suit).suit is suit for suit in Suit)


def _ranks_by_strength(suit: Suit, mode: Trump) -> str:
    cards = sorted(CardSet.of_suit(suit), key=lambda c: -strength(c, mode))
    return " ".join(card.rank.letter for card in cards)


TRUMP_ORDER_TEXT = "J 9 A T K Q 8 7"
PLAIN_ORDER_TEXT = "A T K Q J 9 8 7"
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


@pytest.mark.parametrize("mode", list(Trump), ids=lambda m: m.name)
@pytest.mark.parametrize("suit", list(Suit), ids=lambda s: s.name)
def test_rank_order_and_points_per_suit(mode: Trump, suit: Suit) -> None:
    trumped = mode is Trump.ALL_TRUMPS or mode.suit is suit
    order = _ranks_by_strength(suit, mode)
    assert order == (TRUMP_ORDER_TEXT if trumped else PLAIN_ORDER_TEXT)
    assert sorted(strength(card, mode) for card in CardSet.of_suit(suit)) == list(range(8))
    values = TRUMP_VALUES if trumped else PLAIN_VALUES
    for card in CardSet.of_suit(suit):
        assert card_points(card, mode) == values[card.rank.letter], str(card)
    assert sum(card_points(card, mode) for card in CardSet.of_suit(suit)) == (62 if trumped else 30)


@pytest.mark.parametrize(
    ("mode", "total"),
    [
        (Trump.CLUBS, 152),
        (Trump.DIAMONDS, 152),
        (Trump.HEARTS, 152),
        (Trump.SPADES, 152),
        (Trump.ALL_TRUMPS, 248),
        (Trump.NO_TRUMPS, 120),
    ],
)
def test_deck_totals(mode: Trump, total: int) -> None:
    assert deck_points(mode) == total
    assert sum(card_points(card, mode) for card in DECK) == total
