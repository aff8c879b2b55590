"""Exact refusals and tables of belote.trumps that mutation testing (mutmut 3.8) found untested:
the messages and reasons of Trump.parse and points_row, is_trump, the coinche card values, the
order of a trump suit in legal_cards."""

from __future__ import annotations

import pytest

from belote import (
    CLASSIC,
    COINCHE,
    ArgumentTypeError,
    Card,
    CardSet,
    NotationError,
    Reason,
    Trump,
    card_points,
    deck_points,
    legal_cards,
)
from belote.agents.heuristics import is_master
from belote.trumps import is_trump, points_row

# ---------------------------------------------------------------- Trump.parse refusals


@pytest.mark.parametrize("value", [7, 2.0, None])
def test_trump_parse_refuses_a_non_text_with_its_repr_and_bad_argument(value: object) -> None:
    with pytest.raises(NotationError) as caught:
        Trump.parse(value)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == f"{value!r} is not a trump mode"


def test_trump_parse_junk_message_names_the_text() -> None:
    with pytest.raises(
        NotationError, match=r"^'X' is not a trump mode: expected a suit \(S H D C\), NONE or ALL"
    ):
        Trump.parse("X")


# ---------------------------------------------------------------- is_trump


@pytest.mark.parametrize(
    ("card", "mode", "expected"),
    [
        ("7H", Trump.HEARTS, True),
        ("AH", Trump.HEARTS, True),  # the highest card number of the suit
        ("AD", Trump.HEARTS, False),  # the card number just below the trump suit
        ("7S", Trump.HEARTS, False),  # the card number just above it
        ("7C", Trump.CLUBS, True),
        ("7H", Trump.SPADES, False),
        ("7H", Trump.ALL_TRUMPS, False),  # no trump suit in all trumps
        ("JS", Trump.NO_TRUMPS, False),
    ],
)
def test_is_trump_table(card: str, mode: Trump, expected: bool) -> None:
    assert is_trump(Card.parse(card), mode) is expected


def test_is_trump_reads_mode_text_and_refuses_a_non_card() -> None:
    assert is_trump(Card.parse("9H"), "H") is True  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        is_trump("9H", Trump.HEARTS)  # type: ignore[arg-type]


# ---------------------------------------------------------------- points_row, card_points, variants


@pytest.mark.parametrize("mode", [-1, 6, 7])
def test_points_row_refuses_an_int_outside_0_5(mode: int) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        points_row(mode)
    assert str(caught.value) == f"mode must be a Trump or an int 0..5, got {mode}"


def test_points_row_takes_the_ints_0_to_5() -> None:
    assert [sum(points_row(mode)) for mode in range(6)] == [152, 152, 152, 152, 120, 248]


def test_card_points_reads_the_variants_point_scales() -> None:
    ace = Card.parse("AS")
    assert card_points(ace, Trump.NO_TRUMPS, COINCHE) == 19  # rule K5
    assert card_points(ace, Trump.NO_TRUMPS, CLASSIC) == 11
    assert card_points(Card.parse("JS"), Trump.ALL_TRUMPS, COINCHE) == 13  # FFB 2015 scale (K6)


def test_a_non_variant_is_refused_with_its_message() -> None:
    ace = Card.parse("AS")
    with pytest.raises(ArgumentTypeError, match=r"^variant must be a Variant or None, got 'coinche'"):
        card_points(ace, Trump.NO_TRUMPS, "coinche")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^variant must be a Variant or None, got 'coinche'"):
        deck_points(Trump.NO_TRUMPS, "coinche")  # type: ignore[arg-type]


# ---------------------------------------------------------------- the cards above a card (ABOVE_TABLE)


@pytest.mark.parametrize(
    ("trump", "trick", "hand", "legal"),
    [
        # C8: trumps led, an opponent's TH on top: the AH beats it (J 9 A T ...)
        ("H", "7H TH", "AH 8H KC", "AH"),
        # C10b: an opponent trumped with TH: overtrump with the AH
        ("H", "AS TH", "AH 7H 8C", "AH"),
        # B6: all trumps, beat the TS with the AS
        ("ALL", "TS", "AS 8S KD", "AS"),
    ],
)
def test_the_ace_of_a_trump_suit_beats_its_ten(trump: str, trick: str, hand: str, legal: str) -> None:
    found = legal_cards(CardSet.parse(hand), trick, trump=trump, variant=CLASSIC)
    assert found == CardSet.parse(legal)


def test_a_card_of_another_suit_never_ranks_above_a_card() -> None:
    # heuristics.is_master: an unseen ace of spades does not outrank the ten of hearts (clubs trumps)
    ten_of_hearts = Card.parse("TH").index
    unseen = CardSet.parse("AS AD JC").mask
    assert is_master(ten_of_hearts, Trump.CLUBS, unseen)
    assert not is_master(ten_of_hearts, Trump.CLUBS, unseen | CardSet.parse("AH").mask)
