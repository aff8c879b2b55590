"""Declarations: the exact refusals, their printed form, and which declarations score when two
teams show some (docs/rules/bulgarian.md B8-B9, docs/rules/classic.md C14)."""

from __future__ import annotations

import attrs
import pytest

from _score_helpers import decl
from belote import BULGARIAN, CLASSIC, CardSet, DeclarationError, Reason, Seat, Trump, Variant
from belote.declarations import Declaration, check_declaration_choice, counted_declarations

FRENCH = attrs.evolve(CLASSIC, announcements="on")
FRENCH_FIRST = attrs.evolve(FRENCH, decl_exact_tie="first_announcer")
BULGARIAN_FIRST = attrs.evolve(BULGARIAN, decl_exact_tie="first_announcer")
HAND = CardSet.parse("7S 8S 9S TS JS JH JD JC")
H, C = Trump.HEARTS, Trump.CLUBS


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("7H 8H 9H", "terca 9H 8H 7H (20)"),
        ("8S 9S TS JS", "quarta JS TS 9S 8S (50)"),
        ("TD JD QD KD AD", "quinta AD KD QD JD TD (100)"),
        ("JS JH JD JC", "carré JS JH JD JC (200)"),
        ("9S 9H 9D 9C", "carré 9S 9H 9D 9C (150)"),
    ],
)
def test_printed_form(cards: str, text: str) -> None:
    assert str(decl(0, cards)) == text


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            "",
            "no cards is neither a sequence of 3 or more cards of one suit nor a carré of 9, T, J, Q, K or A",
        ),
        (
            "7H 8H",
            "8H 7H is neither a sequence of 3 or more cards of one suit nor a carré of 9, T, J, Q, K or A",
        ),
        (
            "7H 7S 7D 7C",
            "7S 7H 7D 7C is neither a sequence of 3 or more cards of one suit nor a carré of 9, T, J, "
            "Q, K or A",
        ),
    ],
)
def test_not_a_declaration_message(cards: str, message: str) -> None:
    with pytest.raises(DeclarationError) as caught:
        Declaration(Seat(0), CardSet.parse(cards))
    assert str(caught.value) == message
    assert caught.value.reason is Reason.BAD_DECLARATION


@pytest.mark.parametrize(("seat", "shown"), [(4, "4"), ("north", "'north'"), (None, "None")])
def test_bad_seat_message(seat: object, shown: str) -> None:
    with pytest.raises(DeclarationError) as caught:
        Declaration(seat, CardSet.parse("7H 8H 9H"))  # type: ignore[arg-type]
    assert str(caught.value) == f"a declaration's seat must be 0..3, got {shown}"


def test_declaration_seat_from_a_number() -> None:
    assert Declaration(2, CardSet.parse("7H 8H 9H")).seat is Seat(2)  # type: ignore[arg-type]


def test_cards_must_be_a_cardset_message() -> None:
    with pytest.raises(DeclarationError) as caught:
        Declaration(Seat(0), "7H 8H 9H")  # type: ignore[arg-type]
    assert str(caught.value) == "declaration cards must be a CardSet, got '7H 8H 9H'"


@pytest.mark.parametrize(
    ("chosen", "trump", "variant", "message", "reason"),
    [
        (
            (decl(0, "7S 8S 9S TS"),),
            H,
            CLASSIC,
            "classic plays without declarations",
            Reason.DECLARATION_NOT_ALLOWED,
        ),
        (
            (decl(0, "7S 8S 9S TS"),),
            Trump.NO_TRUMPS,
            BULGARIAN,
            "no declarations in no trumps",
            Reason.DECLARATION_NOT_ALLOWED,
        ),
        (("7S 8S 9S",), H, BULGARIAN, "'7S 8S 9S' is not a Declaration", Reason.BAD_DECLARATION),
        (
            (decl(2, "7S 8S 9S TS"),),
            H,
            BULGARIAN,
            "quarta TS 9S 8S 7S (50) belongs to seat 2, not to seat 0",
            Reason.BAD_DECLARATION,
        ),
        (
            (decl(0, "7S 8S 9S TS"), decl(0, "7S 8S 9S TS")),
            H,
            BULGARIAN,
            "the same declaration is given twice",
            Reason.BAD_DECLARATION,
        ),
        (
            (decl(0, "7S 8S 9S TS JS"), decl(0, "JS JH JD JC")),
            H,
            BULGARIAN,
            "cannot declare quinta JS TS 9S 8S 7S (100), carré JS JH JD JC (200): "
            "a card would serve in two declarations",
            Reason.BAD_DECLARATION,
        ),
        (
            (decl(0, "QH KH AH"),),
            H,
            BULGARIAN,
            "cannot declare terca AH KH QH (20): the hand does not hold AH KH QH",
            Reason.BAD_DECLARATION,
        ),
        (
            (decl(0, "7S 8S 9S"),),
            H,
            BULGARIAN,
            "cannot declare terca 9S 8S 7S (20): terca 9S 8S 7S (20) is part of a longer sequence the hand "
            "holds (quinta JS TS 9S 8S 7S (100)): declare that",
            Reason.BAD_DECLARATION,
        ),
    ],
)
def test_refused_choices(
    chosen: tuple[Declaration, ...], trump: Trump, variant: Variant, message: str, reason: Reason
) -> None:
    with pytest.raises(DeclarationError) as caught:
        check_declaration_choice(HAND, Seat(0), chosen, trump, variant)
    assert str(caught.value) == message
    assert caught.value.reason is reason


def test_an_unseen_hand_may_not_use_a_card_in_two_declarations() -> None:
    # another seat's hand, unseen (a view typed in from outside): what the declarations show
    # is all there is to check, and the 9 of hearts serves in both
    chosen = (decl(1, "7H 8H 9H"), decl(1, "9S 9H 9D 9C"))
    with pytest.raises(DeclarationError) as caught:
        check_declaration_choice(CardSet(), Seat(1), chosen, Trump.SPADES, BULGARIAN, hand_known=False)
    assert str(caught.value) == "9H: a card may not serve in two declarations"
    assert caught.value.reason is Reason.BAD_DECLARATION
    check_declaration_choice(CardSet(), Seat(1), chosen[:1], Trump.SPADES, BULGARIAN, hand_known=False)


# --- which declarations score (B9, C14) --------------------------------------------------------------


def counted(variant: Variant, trump: Trump, *shown: Declaration) -> tuple[Declaration, ...]:
    return counted_declarations(shown, trump=trump, variant=variant)


@pytest.mark.parametrize(
    ("shown", "winners"),
    [
        # sequences: longer first, then higher (B9)
        (("0:7H 8H 9H", "1:7S 8S 9S TS"), (1,)),
        (("0:8H 9H TH JH", "1:7S 8S 9S TS"), (0,)),
        (("0:QS KS AS", "1:JH QH KH"), (0,)),
        (("0:JH QH KH", "1:QS KS AS"), (1,)),
        # equal best sequences: neither team scores them
        (("0:7H 8H 9H", "1:7S 8S 9S"), ()),
        # a team's weaker sequence counts when its best one wins
        (("0:7H 8H 9H TH", "1:7S 8S 9S", "2:7D 8D 9D"), (0, 2)),
        # carrés compared with carrés only: J > 9 > A > T > K > Q
        (("0:QS QH QD QC", "1:KS KH KD KC"), (1,)),
        (("0:TS TH TD TC", "1:KS KH KD KC"), (0,)),
        (("0:TS TH TD TC", "1:AS AH AD AC"), (1,)),
        (("0:9S 9H 9D 9C", "1:AS AH AD AC"), (0,)),
        (("0:9S 9H 9D 9C", "1:JS JH JD JC"), (1,)),
        # the two comparisons are independent
        (("0:7H 8H 9H", "1:QS QH QD QC"), (0, 1)),
    ],
)
def test_bulgarian_separate_comparisons(shown: tuple[str, ...], winners: tuple[int, ...]) -> None:
    declarations = tuple(decl(int(text[0]), text[2:]) for text in shown)
    expected = tuple(d for d in declarations if d.seat in winners)
    assert counted(BULGARIAN, C, *declarations) == expected


@pytest.mark.parametrize(
    ("shown", "trump", "winner"),
    [
        (("0:7H 8H 9H", "1:7S 8S 9S TS"), C, 1),  # the higher value
        (("0:QS QH QD QC", "1:7S 8S 9S TS"), C, 0),  # carré 100 beats quarta 50
        (("0:QS QH QD QC", "1:8S 9S TS JS QS"), C, 0),  # equal value: the carré beats the sequence
        (("0:QS QH QD QC", "1:KS KH KD KC"), C, 1),  # equal carrés: the higher rank (K > Q)
        (("0:AS AH AD AC", "1:TS TH TD TC"), C, 0),
        (("0:7H 8H 9H", "1:8S 9S TS"), C, 1),  # equal value: the higher top card
        (("0:7H 8H 9H", "1:7S 8S 9S"), H, 0),  # all equal: the one in trumps
        (("0:7H 8H 9H", "1:7S 8S 9S"), Trump.SPADES, 1),
    ],
)
def test_french_single_best_declaration(shown: tuple[str, ...], trump: Trump, winner: int) -> None:
    declarations = tuple(decl(int(text[0]), text[2:]) for text in shown)
    assert counted(FRENCH, trump, *declarations) == tuple(d for d in declarations if d.seat == winner)


@pytest.mark.parametrize("variant", [FRENCH, BULGARIAN])
def test_exact_tie_scores_nothing_unless_first_announcer(variant: Variant) -> None:
    shown = (decl(1, "7S 8S 9S"), decl(0, "7D 8D 9D"))
    assert counted(variant, C, *shown) == ()
    first = attrs.evolve(variant, decl_exact_tie="first_announcer")
    assert counted(first, C, *shown) == (shown[0],)
    assert counted(first, C, *reversed(shown)) == (shown[1],)


def test_one_team_alone_scores_all_its_declarations() -> None:
    shown = (decl(0, "7S 8S 9S"), decl(2, "QH QS QD QC"))
    assert counted(FRENCH, C, *shown) == shown
    assert counted(BULGARIAN, C, *shown) == shown


def test_french_carre_of_tens_beats_carre_of_kings() -> None:
    """B9's carré order J > 9 > A > T > K > Q also breaks a tie of equal value under C14."""
    shown = (decl(0, "KS KH KD KC"), decl(1, "TS TH TD TC"))
    assert counted(FRENCH, C, *shown) == (shown[1],)


@pytest.mark.parametrize("variant", [FRENCH_FIRST, BULGARIAN_FIRST])
def test_first_announcer_counts_each_teams_first_best_declaration(variant: Variant) -> None:
    """Equal best declarations: the team that announced its best one first scores."""
    # team 0 shows two equal tercas, the first before team 1's: team 0 announced first
    early = (decl(0, "7H 8H 9H"), decl(1, "7S 8S 9S"), decl(2, "7D 8D 9D"))
    assert counted(variant, C, *early) == (early[0], early[2])
    # team 0's best (a quarta) comes after team 1's equal quarta: team 1 announced first
    late = (decl(0, "7H 8H 9H"), decl(1, "7S 8S 9S TS"), decl(2, "7D 8D 9D TD"))
    assert counted(variant, C, *late) == (late[1],)
