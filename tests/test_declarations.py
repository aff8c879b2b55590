"""Declarations (rules C14, B8-B10): the Declaration value, the options a hand allows checked
against a slow brute-force reference, the choice check, and belote announcements."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _score_helpers import decl
from belote import BULGARIAN, CLASSIC, PRESETS, Card, CardSet, Seat, Team, Trump
from belote.declarations import (
    Declaration,
    DeclarationKind,
    allows_declarations,
    belote_allowed,
    check_declaration_choice,
    counted_declarations,
    declaration_options,
)
from belote.errors import ArgumentTypeError, DeclarationError, NotationError, Reason
from belote.variants import Announcements, Variant

CARRE_RANKS = "9TJQKA"  # no carré of 7s or 8s
NATURAL = "789TJQKA"
SUITS = "SHDC"


# --- the slow reference --------------------------------------------------------------------------


def _candidates(hand: frozenset[str]) -> list[frozenset[str]]:
    """Every carré of 9/T/J/Q/K/A held and every run of 3+ consecutive cards of one suit held."""
    found = [frozenset(rank + suit for suit in SUITS) for rank in CARRE_RANKS]
    found = [carre for carre in found if carre <= hand]
    for suit in SUITS:
        for low in range(8):
            for high in range(low + 3, 9):
                run = frozenset(rank + suit for rank in NATURAL[low:high])
                if run <= hand:
                    found.append(run)
    return found


def _is_carre(cards: frozenset[str]) -> bool:
    return len({card[0] for card in cards}) == 1


def _valid(hand: frozenset[str], combination: tuple[frozenset[str], ...]) -> bool:
    """Disjoint, and every run declared in full: it cannot be extended by a card of the hand
    that no carré of the combination uses."""
    used: set[str] = set()
    for part in combination:
        if used & part:
            return False
        used |= part
    in_carres = set().union(*(part for part in combination if _is_carre(part)))
    for part in combination:
        if _is_carre(part):
            continue
        suit = next(iter(part))[1]
        positions = sorted(NATURAL.index(card[0]) for card in part)
        for neighbour in (positions[0] - 1, positions[-1] + 1):
            if 0 <= neighbour < 8:
                card = NATURAL[neighbour] + suit
                if card in hand and card not in in_carres:
                    return False
    return True


def _subsets(
    candidates: list[frozenset[str]], start: int, used: frozenset[str]
) -> Iterator[tuple[frozenset[str], ...]]:
    yield ()
    for index in range(start, len(candidates)):
        if not candidates[index] & used:
            for rest in _subsets(candidates, index + 1, used | candidates[index]):
                yield (candidates[index], *rest)


def reference_options(hand: frozenset[str]) -> set[frozenset[frozenset[str]]]:
    """The valid combinations that no other valid combination strictly contains."""
    valid = {
        frozenset(combo)
        for combo in _subsets(_candidates(hand), 0, frozenset())
        if combo and _valid(hand, combo)
    }
    return {combo for combo in valid if not any(combo < other for other in valid)}


def library_options(hand: frozenset[str], seat: Seat = Seat.NORTH) -> set[frozenset[frozenset[str]]]:
    options = declaration_options(CardSet.parse(" ".join(sorted(hand))), seat)
    assert len(options) == len(set(options)), "an option is listed twice"
    for option in options:
        assert option, "an empty option"
        assert all(d.seat == seat for d in option)
    values = [sum(d.value for d in option) for option in options]
    assert values == sorted(values, reverse=True), "options are listed best first"
    return {frozenset(frozenset(str(card) for card in d.cards) for d in option) for option in options}


ALL_CARDS = [rank + suit for suit in SUITS for rank in NATURAL]


def _rich_hand(rng: random.Random) -> frozenset[str]:
    """A random hand, often with a carré or a long run so that the interesting cases come up."""
    hand: set[str] = set()
    roll = rng.random()
    if roll < 0.35:
        rank = rng.choice(CARRE_RANKS)
        hand |= {rank + suit for suit in SUITS}
    if 0.2 < roll < 0.7:
        suit = rng.choice(SUITS)
        low = rng.randrange(6)
        length = rng.randint(3, min(8 - low, 8 - len(hand)))
        hand |= {rank + suit for rank in NATURAL[low : low + length]}
    while len(hand) < 8:
        hand.add(rng.choice(ALL_CARDS))
    return frozenset(sorted(hand)[:8]) if len(hand) > 8 else frozenset(hand)


def test_reference_on_known_hands() -> None:
    assert reference_options(frozenset(["JS", "QS", "KS", "JH", "JD", "JC", "7D", "8D"])) == {
        frozenset({frozenset({"JS", "JH", "JD", "JC"})}),
        frozenset({frozenset({"JS", "QS", "KS"})}),
    }
    # carré of jacks and a quarta below it: both declarable together
    assert frozenset(
        {frozenset({"JS", "JH", "JD", "JC"}), frozenset({"7S", "8S", "9S", "TS"})}
    ) in reference_options(frozenset(["7S", "8S", "9S", "TS", "JS", "JH", "JD", "JC"]))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7H 9H JH KH 8S TS QS AS", set()),
        (
            "7H 8H 9H JS QS KS AS 7C",
            {frozenset({frozenset({"7H", "8H", "9H"}), frozenset({"JS", "QS", "KS", "AS"})})},
        ),
        ("7H 8H 9H TH JH QH KH AH", {frozenset({frozenset(NATURAL[i] + "H" for i in range(8))})}),
        ("7H 7S 7D 7C 8H 8S 8D 8C", set()),  # no carré of 7s or 8s, no run
        (
            "9S 9H 9D 9C JS JH JD JC",
            {frozenset({frozenset({"9S", "9H", "9D", "9C"}), frozenset({"JS", "JH", "JD", "JC"})})},
        ),
    ],
)
def test_options_of_known_hands(hand: str, expected: set[frozenset[frozenset[str]]]) -> None:
    cards = frozenset(hand.split())
    assert library_options(cards) == expected
    assert reference_options(cards) == expected


def test_two_carres_and_runs_through_them() -> None:
    hand = frozenset(["9S", "TS", "JS", "9H", "9D", "9C", "JH", "JD"])
    # carré of 9s (the run 9S TS JS is then impossible) or the run (no carré)
    assert (
        library_options(hand)
        == reference_options(hand)
        == {
            frozenset({frozenset({"9S", "9H", "9D", "9C"})}),
            frozenset({frozenset({"9S", "TS", "JS"})}),
        }
    )


def test_options_against_the_reference_bulk() -> None:
    rng = random.Random(20261129)
    interesting = 0
    for _ in range(1500):
        hand = frozenset(rng.sample(ALL_CARDS, 8)) if rng.random() < 0.3 else _rich_hand(rng)
        assert len(hand) == 8
        expected = reference_options(hand)
        assert library_options(hand, Seat(rng.randrange(4))) == expected, sorted(hand)
        interesting += len(expected) > 1
    assert interesting > 50  # the loop really met hands with a choice to make


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=8, max_size=8, unique=True))
def test_options_against_the_reference(cards: list[str]) -> None:
    hand = frozenset(cards)
    assert library_options(hand) == reference_options(hand)


# --- the Declaration value -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "value", "top"),
    [
        ("7H 8H 9H", DeclarationKind.TERCA, 20, "9H"),
        ("QC KC AC", DeclarationKind.TERCA, 20, "AC"),
        ("9D TD JD", DeclarationKind.TERCA, 20, "JD"),  # the ten sits between 9 and J
        ("8S 9S TS JS", DeclarationKind.QUARTA, 50, "JS"),
        ("TD JD QD KD AD", DeclarationKind.QUINTA, 100, "AD"),
        ("8D 9D TD JD QD KD AD", DeclarationKind.QUINTA, 100, "AD"),
        ("7S 8S 9S TS JS QS KS AS", DeclarationKind.QUINTA, 100, "AS"),
        ("JS JH JD JC", DeclarationKind.CARRE, 200, None),
        ("9S 9H 9D 9C", DeclarationKind.CARRE, 150, None),
        ("AS AH AD AC", DeclarationKind.CARRE, 100, None),
        ("TS TH TD TC", DeclarationKind.CARRE, 100, None),
        ("KS KH KD KC", DeclarationKind.CARRE, 100, None),
        ("QS QH QD QC", DeclarationKind.CARRE, 100, None),
    ],
)
def test_kind_and_value(cards: str, kind: DeclarationKind, value: int, top: str | None) -> None:
    declaration = decl(3, cards)
    assert (declaration.kind, declaration.value, declaration.length) == (kind, value, len(cards.split()))
    assert declaration.team is Team(1)
    assert declaration.seat is Seat(3)
    if top is not None:
        assert declaration.top == Card.parse(top)
    else:
        assert declaration.top.rank == Card.parse(cards.split()[0]).rank
    assert str(value) in str(declaration)


@pytest.mark.parametrize(
    "cards",
    ["", "7H", "7H 8H", "7H 8H TH", "JH QH KH AH 7S", "KH AH 7S", "AC 7D 8D", "7H 7S 7D 7C", "8H 8S 8D 8C",
     "JS JH JD", "JS JH JD JC 9S", "7H 8S 9D"],
)  # fmt: skip
def test_not_a_declaration(cards: str) -> None:
    with pytest.raises(DeclarationError) as error:
        Declaration(Seat(0), CardSet.parse(cards))
    assert error.value.reason is Reason.BAD_DECLARATION


@pytest.mark.parametrize("seat", [4, -1, "north", None])
def test_bad_declaration_seat(seat: object) -> None:
    with pytest.raises(DeclarationError):
        Declaration(seat, CardSet.parse("7H 8H 9H"))  # type: ignore[arg-type]


def test_declaration_cards_must_be_a_cardset() -> None:
    with pytest.raises(DeclarationError):
        Declaration(Seat(0), "7H 8H 9H")  # type: ignore[arg-type]


def test_declarations_are_frozen_values() -> None:
    declaration = decl(0, "7H 8H 9H")
    assert declaration == decl(0, "9H 8H 7H")
    assert hash(declaration) == hash(decl(0, "7H 8H 9H"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        declaration.seat = Seat(1)  # type: ignore[misc]


# --- choosing what to declare ---------------------------------------------------------------------

HAND = CardSet.parse("7S 8S 9S TS JS JH JD JC")


def test_a_part_of_one_option_may_be_declared() -> None:
    check_declaration_choice(
        HAND, Seat(0), (decl(0, "JS JH JD JC"), decl(0, "7S 8S 9S TS")), Trump.HEARTS, BULGARIAN
    )
    check_declaration_choice(HAND, Seat(0), (decl(0, "7S 8S 9S TS"),), Trump.HEARTS, BULGARIAN)
    check_declaration_choice(HAND, Seat(0), (decl(0, "7S 8S 9S TS JS"),), Trump.HEARTS, BULGARIAN)
    check_declaration_choice(HAND, Seat(0), (), Trump.NO_TRUMPS, CLASSIC)  # nothing is always fine


@pytest.mark.parametrize(
    ("chosen", "trump", "variant", "reason"),
    [
        (("7S 8S 9S TS JS", "JS JH JD JC"), Trump.HEARTS, BULGARIAN, Reason.BAD_DECLARATION),  # JS twice
        (("7S 8S 9S",), Trump.HEARTS, BULGARIAN, Reason.BAD_DECLARATION),  # a part of a run
        (("QH KH AH",), Trump.HEARTS, BULGARIAN, Reason.BAD_DECLARATION),  # not held
        (("7S 8S 9S TS", "7S 8S 9S TS"), Trump.HEARTS, BULGARIAN, Reason.BAD_DECLARATION),
        (("7S 8S 9S TS",), Trump.NO_TRUMPS, BULGARIAN, Reason.DECLARATION_NOT_ALLOWED),
        (("7S 8S 9S TS",), Trump.HEARTS, CLASSIC, Reason.DECLARATION_NOT_ALLOWED),
    ],
)
def test_bad_choices(chosen: tuple[str, ...], trump: Trump, variant: object, reason: Reason) -> None:
    with pytest.raises(DeclarationError) as error:
        check_declaration_choice(HAND, Seat(0), tuple(decl(0, cards) for cards in chosen), trump, variant)  # type: ignore[arg-type]
    assert error.value.reason is reason


def test_a_choice_for_another_seat() -> None:
    with pytest.raises(DeclarationError, match="belongs to seat 2"):
        check_declaration_choice(HAND, Seat(0), (decl(2, "7S 8S 9S TS"),), Trump.HEARTS, BULGARIAN)


def test_nothing_counts_without_declarations() -> None:
    shown = (decl(0, "7S 8S 9S"), decl(1, "7H 8H 9H TH"))
    assert counted_declarations(shown, trump=Trump.CLUBS, variant=CLASSIC) == ()
    assert counted_declarations(shown, trump=Trump.NO_TRUMPS, variant=BULGARIAN) == ()
    assert counted_declarations(shown, trump=Trump.CLUBS, variant=BULGARIAN) == (shown[1],)
    assert counted_declarations((), trump=Trump.CLUBS, variant=BULGARIAN) == ()


def test_counted_keeps_the_order_of_announcement() -> None:
    shown = (decl(2, "7S 8S 9S"), decl(1, "QH QS QD QC"), decl(0, "JC QC KC AC"))
    assert counted_declarations(shown, trump=Trump.CLUBS, variant=BULGARIAN) == shown


# --- belote (C12, B10) -----------------------------------------------------------------------------


def _allowed(hand: str, card: str, trick: str, trump: Trump, variant: object = CLASSIC) -> bool:
    cards = CardSet.parse(hand)
    led = [Card.parse(text).index for text in trick.split()]
    return belote_allowed(cards.mask, Card.parse(card).index, led, trump, variant)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "card", "trick", "trump", "expected"),
    [
        ("KH QH 7S", "KH", "", Trump.HEARTS, True),  # led
        ("KH QH 7S", "QH", "", Trump.HEARTS, True),  # either order
        ("KH QH 7S", "QH", "AH", Trump.HEARTS, True),  # following suit
        ("KH QH", "KH", "AS", Trump.HEARTS, True),  # trumping
        ("KH 7S", "KH", "", Trump.HEARTS, False),  # the queen is gone (or not held)
        ("KS QS", "KS", "", Trump.HEARTS, False),  # not the trump suit
        ("KS QS", "KS", "", Trump.NO_TRUMPS, False),  # no belot in no trumps
        ("KS QS", "KS", "", Trump.ALL_TRUMPS, True),  # any suit in all trumps
        ("KS QS 7D", "QS", "9S", Trump.ALL_TRUMPS, True),
        ("KS QS", "KS", "9D", Trump.ALL_TRUMPS, True),  # discarded: belote all the same (K4)
        ("KH QH JH", "JH", "", Trump.HEARTS, False),
    ],
)
def test_belote_allowed(hand: str, card: str, trick: str, trump: Trump, expected: bool) -> None:
    assert _allowed(hand, card, trick, trump) is expected


@pytest.mark.parametrize(
    ("hand", "card", "trick", "expected"),
    [
        ("KS QS", "KS", "9D", False),  # discarded on another suit: no belot (B10)
        ("KS QS 7D", "QS", "9D 7C", False),
        ("KS QS", "KS", "", True),  # led
        ("KS QS 7D", "QS", "9S", True),  # following suit
    ],
)
def test_belote_on_discard_false(hand: str, card: str, trick: str, expected: bool) -> None:
    assert BULGARIAN.belote_on_discard is False
    assert _allowed(hand, card, trick, Trump.ALL_TRUMPS, BULGARIAN) is expected
    assert _allowed(hand, card, trick, Trump.ALL_TRUMPS, attrs.evolve(BULGARIAN, belote_on_discard=True))


def test_belote_king_first() -> None:
    king_first = attrs.evolve(CLASSIC, belote_card_order="king_first")
    assert _allowed("KH QH", "KH", "", Trump.HEARTS, king_first)
    assert not _allowed("KH QH", "QH", "", Trump.HEARTS, king_first)


def test_every_pair_of_declarations_compares_consistently() -> None:
    """Over every pair of tercas of different seats' teams, the comparison is antisymmetric:
    swapping the teams swaps the winner (Bulgarian and French rules)."""
    tercas = [
        f"{NATURAL[low]}{suit} {NATURAL[low + 1]}{suit} {NATURAL[low + 2]}{suit}"
        for suit in SUITS
        for low in range(6)
    ]
    french = attrs.evolve(CLASSIC, announcements="on")
    for first, second in itertools.combinations(tercas, 2):
        for variant in (BULGARIAN, french):
            a = counted_declarations((decl(0, first), decl(1, second)), trump=Trump.HEARTS, variant=variant)
            b = counted_declarations((decl(1, first), decl(0, second)), trump=Trump.HEARTS, variant=variant)
            assert {d.cards for d in a} == {d.cards for d in b}


@pytest.mark.parametrize("variant", list(dict.fromkeys(PRESETS.values())), ids=lambda variant: variant.name)
@pytest.mark.parametrize("trump", list(Trump), ids=str)
def test_declarations_are_made_where_the_variant_has_them_and_not_in_no_trumps(
    variant: Variant, trump: Trump
) -> None:
    expected = variant.announcements is not Announcements.OFF and trump is not Trump.NO_TRUMPS
    assert allows_declarations(variant, trump) is expected
    assert allows_declarations(variant, int(trump)) is expected  # a mode by number
    assert allows_declarations(variant, trump.name) is expected  # or by name


def test_which_presets_have_declarations() -> None:
    having = {variant.name for variant in PRESETS.values() if allows_declarations(variant, Trump.HEARTS)}
    assert having == {"bulgarian", "coinche"}


@pytest.mark.parametrize(
    ("variant", "trump", "error", "message"),
    [
        ("bulgarian", Trump.SPADES, ArgumentTypeError, "variant must be a Variant, got 'bulgarian'"),
        (BULGARIAN, 3.0, ArgumentTypeError, "trump must be a Trump"),
        (BULGARIAN, 9, NotationError, "9"),
        (BULGARIAN, "diamonds and hearts", NotationError, "diamonds and hearts"),
    ],
)
def test_allows_declarations_refuses_junk(
    variant: object, trump: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        allows_declarations(variant, trump)  # type: ignore[arg-type]
