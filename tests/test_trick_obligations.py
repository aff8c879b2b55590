"""The rule that chose the legal cards, and its words, for every suit led and every obligation
(docs/rules/classic.md C7-C11, docs/rules/bulgarian.md B5-B7), and the checks of a public trick."""

from __future__ import annotations

import attrs
import pytest

from belote import BULGARIAN, CLASSIC, BeloteError, Card, CardSet, Reason, Seat, Trump, Variant
from belote.tricks import Obligation, legal_cards, legal_mask, trick_winner, winning_position

H, S, ALL, NONE = Trump.HEARTS, Trump.SPADES, Trump.ALL_TRUMPS, Trump.NO_TRUMPS
NO_UNDERTRUMP = attrs.evolve(CLASSIC, undertrump_opponent="forbidden_unless_forced")
PAGAT = attrs.evolve(CLASSIC, partner_master_trumped="no_undertrump")
OVERTRUMP_PARTNER = attrs.evolve(CLASSIC, partner_master_trumped="must_overtrump")
PARTNER_EXCEPTION = attrs.evolve(BULGARIAN, tout_atout_partner_exception=True)
LED_PARTNER_FREE = attrs.evolve(CLASSIC, trump_lead_must_overtrump_partner=False)


def indices(cards: str) -> list[int]:
    return [Card.parse(card).index for card in cards.split()]


@pytest.mark.parametrize(
    ("variant", "trump", "trick", "hand", "legal", "obligation", "message"),
    [
        # C7: follow the plain suit led, whatever it is, and never trump while holding it
        (CLASSIC, H, "AC", "7C JH", "7C", Obligation.FOLLOW, "must follow clubs"),
        (CLASSIC, H, "AD", "7D 8D JH", "8D 7D", Obligation.FOLLOW, "must follow diamonds"),
        (CLASSIC, S, "7H", "AH JS", "AH", Obligation.FOLLOW, "must follow hearts"),
        (CLASSIC, H, "AS", "7S JH", "7S", Obligation.FOLLOW, "must follow spades"),
        # C8: trumps led, beat the highest trump (the partner's too), else any trump, else anything
        (CLASSIC, H, "9H", "JH 7H AS", "JH", Obligation.OVERTRUMP_LED, "trumps led: must overtrump 9H"),
        (CLASSIC, H, "9H AH", "JH 7H", "JH", Obligation.OVERTRUMP_LED, "trumps led: must overtrump 9H"),
        (CLASSIC, H, "8H 7S", "JH 7H", "JH", Obligation.OVERTRUMP_LED, "trumps led: must overtrump 8H"),
        (CLASSIC, H, "JH", "9H 7H AS", "9H 7H", Obligation.FOLLOW, "must follow hearts"),
        (CLASSIC, H, "JH", "AS KD", "AS KD", Obligation.ANY, "any card may be played"),
        (LED_PARTNER_FREE, H, "8H 7S", "JH 7H", "JH 7H", Obligation.FOLLOW, "must follow hearts"),
        (
            LED_PARTNER_FREE,
            H,
            "7H 8H",
            "JH AS",
            "JH",
            Obligation.OVERTRUMP_LED,
            "trumps led: must overtrump 8H",
        ),
        (LED_PARTNER_FREE, H, "8H", "JH 7H", "JH", Obligation.OVERTRUMP_LED, "trumps led: must overtrump 8H"),
        # C9: the partner is master, void in the suit led: anything
        (CLASSIC, H, "AS 7S", "JH 8H KD", "JH 8H KD", Obligation.ANY, "any card may be played"),
        (CLASSIC, H, "7S 9H 8S", "JH 8H KD", "JH 8H KD", Obligation.ANY, "any card may be played"),
        (OVERTRUMP_PARTNER, H, "AS 7S", "JH 8H KD", "JH 8H", Obligation.TRUMP, "void in spades: must trump"),
        (PAGAT, H, "AS 7S", "JH 8H KD", "JH 8H KD", Obligation.ANY, "any card may be played"),
        (PAGAT, H, "7S 9H 8S", "JH 8H KD", "JH KD", Obligation.NO_UNDERTRUMP, "may not undertrump 9H"),
        (PAGAT, H, "7S 9H 8S", "8H 7H", "8H 7H", Obligation.ANY, "any card may be played"),
        # C10: an opponent is master, void in the suit led
        (CLASSIC, H, "AS", "7H KD", "7H", Obligation.TRUMP, "void in spades: must trump"),
        (CLASSIC, H, "AD", "7H KS", "7H", Obligation.TRUMP, "void in diamonds: must trump"),
        (CLASSIC, H, "7S 8H", "9H 7H KD", "9H", Obligation.OVERTRUMP, "must overtrump 8H"),
        (
            CLASSIC,
            H,
            "7C JH",
            "7H KD",
            "7H",
            Obligation.UNDERTRUMP,
            "cannot overtrump JH: must still play a trump",
        ),
        (CLASSIC, H, "7C", "KD AS", "AS KD", Obligation.ANY, "any card may be played"),
        (BULGARIAN, H, "7C JH", "7H KD", "7H KD", Obligation.ANY, "any card may be played"),  # B5
        (NO_UNDERTRUMP, H, "7C JH", "7H KD", "KD", Obligation.NO_UNDERTRUMP, "may not undertrump JH"),
        (NO_UNDERTRUMP, H, "7C JH", "7H 8H", "8H 7H", Obligation.ANY, "any card may be played"),
        # B6: all trumps, follow and beat the best card of the suit led, the partner's too
        (BULGARIAN, ALL, "9S", "JS 8S KD", "JS", Obligation.BEAT, "must beat 9S"),
        (BULGARIAN, ALL, "9S 7S", "JS 8S", "JS", Obligation.BEAT, "must beat 9S"),
        (BULGARIAN, ALL, "JS", "9S 8S KD", "9S 8S", Obligation.FOLLOW, "must follow spades"),
        (BULGARIAN, ALL, "9S", "KD AH", "AH KD", Obligation.ANY, "any card may be played"),
        (PARTNER_EXCEPTION, ALL, "9S 7S", "JS 8S", "JS 8S", Obligation.FOLLOW, "must follow spades"),
        (PARTNER_EXCEPTION, ALL, "7S 9S", "JS 8S", "JS", Obligation.BEAT, "must beat 9S"),
        (PARTNER_EXCEPTION, ALL, "9S", "JS 8S", "JS", Obligation.BEAT, "must beat 9S"),
        # B7: no trumps, follow suit only
        (BULGARIAN, NONE, "7D", "AD 9D JS", "AD 9D", Obligation.FOLLOW, "must follow diamonds"),
        (BULGARIAN, NONE, "7D", "JS 7C", "JS 7C", Obligation.ANY, "any card may be played"),
    ],
)
def test_obligation_and_its_words(
    variant: Variant,
    trump: Trump,
    trick: str,
    hand: str,
    legal: str,
    obligation: Obligation,
    message: str,
) -> None:
    played = indices(trick)
    mask, rule = legal_mask(CardSet.parse(hand).mask, played, trump, variant)
    assert str(CardSet(mask)) == legal
    assert rule is obligation
    assert rule.describe(played, trump) == message
    pairs = [(Seat(i), Card.parse(card)) for i, card in enumerate(trick.split())]
    assert str(legal_cards(CardSet.parse(hand), pairs, trump=trump, variant=variant)) == legal


@pytest.mark.parametrize(
    ("obligation", "reason"),
    [
        (Obligation.ANY, None),
        (Obligation.FOLLOW, Reason.MUST_FOLLOW_SUIT),
        (Obligation.BEAT, Reason.MUST_BEAT),
        (Obligation.OVERTRUMP_LED, Reason.MUST_OVERTRUMP),
        (Obligation.TRUMP, Reason.MUST_TRUMP),
        (Obligation.OVERTRUMP, Reason.MUST_OVERTRUMP),
        (Obligation.UNDERTRUMP, Reason.MUST_PLAY_TRUMP),
        (Obligation.NO_UNDERTRUMP, Reason.MUST_NOT_UNDERTRUMP),
    ],
)
def test_obligation_reasons(obligation: Obligation, reason: Reason | None) -> None:
    assert obligation.reason is reason


def test_leading_anything_goes() -> None:
    mask, rule = legal_mask(CardSet.parse("7H KD").mask, [], H, CLASSIC)
    assert (str(CardSet(mask)), rule) == ("7H KD", Obligation.ANY)
    assert Obligation.ANY.describe([], H) == "any card may be played"


@pytest.mark.parametrize(
    ("trump", "trick", "position"),
    [
        (H, "7S AS KS TS", 1),
        (H, "7S AS 7H TS", 2),  # C10a: a trump beats the suit led
        (H, "7S 8H 7H 9H", 3),  # trumps by order J 9 A T K Q 8 7
        (H, "AD 7S 7C", 0),  # cards of other plain suits never win
        (ALL, "9S JS AS 7H", 1),
        (NONE, "JS AS 9S AH", 1),
        (S, "7S", 0),
    ],
)
def test_winning_position(trump: Trump, trick: str, position: int) -> None:
    assert winning_position(indices(trick), trump) == position
    pairs = [(Seat((i + 1) % 4), Card.parse(card)) for i, card in enumerate(trick.split())]
    assert trick_winner(pairs, trump=trump) == Seat((position + 1) % 4)


def _pairs(*cards: str, first: int = 0) -> list[tuple[Seat, Card]]:
    return [(Seat((first + i) % 4), Card.parse(card)) for i, card in enumerate(cards)]


@pytest.mark.parametrize(
    ("trick", "message"),
    [
        ([], "an empty trick has no winner"),
        (_pairs("7S", "8S", "9S", "TS") + _pairs("JS", first=0), "a trick holds at most 4 cards, got 5"),
        ([*_pairs("7S", "8S", "9S"), (Seat(2), Card.parse("TS"))], "trick seats must follow play order"),
        ([*_pairs("7S", "8S", "9S"), (3, "TS")], "trick seats must follow play order"),
        (_pairs("7S", "8S", "9S", "8S"), "8S appears twice in the trick"),
        (_pairs("7S", "7S"), "7S appears twice in the trick"),
        (
            [(Seat(0), Card.parse("7S")), (Seat(2), Card.parse("8S"))],
            "trick seats must follow play order: 2 played after 0",
        ),
        ([(Seat(0), "7S")], "'7S' in the trick is not a Card"),
        ([(Seat(0),)], "trick entries must be (Seat, Card) pairs, got (<Seat.NORTH: 0>,)"),
        ([(9, Card.parse("7S"))], "trick entries must be (Seat, Card) pairs, got (9, Card.parse('7S'))"),
    ],
)
def test_trick_winner_refuses(trick: list[tuple[Seat, Card]], message: str) -> None:
    with pytest.raises(BeloteError) as caught:
        trick_winner(trick, trump=H)
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(
    ("hand", "trick", "variant", "message"),
    [
        ("", _pairs("7S"), CLASSIC, "the hand is empty: there is nothing to play"),
        ("7H", _pairs("7S", "8S", "9S", "TS"), CLASSIC, "a trick in progress holds at most 3 cards, got 4"),
        ("7H 8S", _pairs("7S", "8S"), CLASSIC, "8S is both in the hand and in the trick"),
        ("7H", _pairs("7S"), "classic", "variant must be a Variant, got 'classic'"),
    ],
)
def test_legal_cards_refuses(
    hand: str, trick: list[tuple[Seat, Card]], variant: object, message: str
) -> None:
    with pytest.raises(BeloteError) as caught:
        legal_cards(CardSet.parse(hand), trick, trump=H, variant=variant)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_legal_cards_takes_any_iterable_hand() -> None:
    hand = [Card.parse("7S"), Card.parse("JH")]
    assert str(legal_cards(hand, _pairs("AS"), trump=H, variant=CLASSIC)) == "7S"
    assert str(legal_cards(iter(hand), [], trump=H, variant=CLASSIC)) == "7S JH"
