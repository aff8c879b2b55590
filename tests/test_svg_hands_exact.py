"""Exact output of belote.svg._hands (the order a hand is held in, hand and trick pictures) that
mutation testing (mutmut 3.8) found untested by the picture tests: the holding order of every
kind of hand, each card's position to the coordinate (raised when highlighted), the backs of a
hidden hand, the seats placed around the bottom one, the trick's winner, leader and seat to
play, the labels, titles and descriptions, the picture's size, and the exact refusals of bad
plays, seats and cards."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from _svg_xml import SVG, faces, heading, parsed, texts
from belote import Card, CardSet, Seat, Trump
from belote.errors import ArgumentTypeError, BeloteError, Reason
from belote.state import Trick
from belote.svg._draw import FOUR_COLOUR, TWO_COLOUR, Palette, back, face, root
from belote.svg._hands import (
    cards_row,
    check_seat,
    hand,
    held_order,
    place,
    plays_text,
    trick,
    trick_cards,
)

NAMES = ("North", "West", "South", "East")
N, W, S, E = Seat


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def held(text: str, trump: Trump | str | None = None) -> str:
    return " ".join(str(card) for card in held_order(CardSet.parse(text), trump))  # type: ignore[arg-type]


def labels(picture: str) -> list[tuple[str, str, str, str, str, str]]:
    """Each ``<text>`` directly in the picture: x, y, text, font size, fill, anchor."""
    return [
        (
            element["x"],
            element["y"],
            element["text"],
            element["font-size"],
            element["fill"],
            element["text-anchor"],
        )
        for element in texts(picture)
    ]


# -- the holding order ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_text", "trump", "order"),
    [
        ("AS 7S JH 9H AD TC", Trump.HEARTS, "JH 9H AS 7S AD TC"),
        ("AS JH KD TC", Trump.SPADES, "AS JH TC KD"),
        ("AS JH KD TC", None, "AS JH TC KD"),
        ("AS JH KD TC", Trump.NO_TRUMPS, "AS JH TC KD"),
        ("AS JH KD TC", Trump.ALL_TRUMPS, "AS JH TC KD"),
        ("AS JH KD TC", Trump.CLUBS, "TC JH AS KD"),
        ("AS JH KD TC", Trump.DIAMONDS, "KD AS JH TC"),
        ("AS JH KD TC", "H", "JH AS KD TC"),
        ("AH KD TC 7S", Trump.CLUBS, "TC AH 7S KD"),
        ("AH KD QS", Trump.HEARTS, "AH QS KD"),
        ("AH KD QS", Trump.SPADES, "QS AH KD"),
        ("AH KD QS", Trump.CLUBS, "AH QS KD"),
        ("AH KD", Trump.SPADES, "AH KD"),
        ("AC AD", Trump.SPADES, "AC AD"),  # an absent trump suit does not count as a neighbour
        ("AC AD", Trump.CLUBS, "AC AD"),
        ("AC AD", Trump.DIAMONDS, "AD AC"),
        ("KD AH", None, "AH KD"),
        ("AC AS", None, "AS AC"),
        ("AC AS AH", None, "AS AH AC"),
        ("AC AD AS", None, "AS AD AC"),
        ("AC AD AS", Trump.SPADES, "AS AD AC"),
        ("AH AD AS", Trump.DIAMONDS, "AD AS AH"),
        ("AH AD AS AC", None, "AS AH AC AD"),
        ("AH AD AS AC", Trump.DIAMONDS, "AD AS AH AC"),
        ("AH AD AS AC", Trump.HEARTS, "AH AS AD AC"),
        ("AH AD AS AC", Trump.CLUBS, "AC AH AS AD"),
        ("9S JS AS TS KS QS 8S 7S", Trump.SPADES, "JS 9S AS TS KS QS 8S 7S"),
        ("9S JS AS TS KS QS 8S 7S", Trump.HEARTS, "AS TS KS QS JS 9S 8S 7S"),
        ("9S JS AS TS KS QS 8S 7S", Trump.ALL_TRUMPS, "JS 9S AS TS KS QS 8S 7S"),
        ("9S JS AD JD", None, "JS 9S AD JD"),
        ("", Trump.HEARTS, ""),
    ],
)
def test_a_hand_is_held_trumps_first_colours_alternating_strongest_first(
    hand_text: str, trump: Trump | str | None, order: str
) -> None:
    assert held(hand_text, trump) == order


def test_held_order_takes_any_iterable_of_cards_and_names_a_wrong_one() -> None:
    assert [str(card) for card in held_order(iter(cards("7H AS JC")))] == ["AS", "7H", "JC"]
    assert [str(card) for card in held_order(card for card in cards("7H AS"))] == ["AS", "7H"]
    with pytest.raises(ArgumentTypeError) as caught:
        held_order("7H AS")  # type: ignore[arg-type]
    assert str(caught.value) == "cards must be a CardSet or an iterable of Card, got str"


# -- a row of cards, places ----------------------------------------------------------------------


def test_a_row_of_faces_steps_and_lifts_the_highlighted_cards() -> None:
    row = cards("JH 9H AS")
    lit = 1 << row[1].index
    assert cards_row(row, 8, 22, (36, 2), (3, -14), lit, TWO_COLOUR) == (
        face(row[0], 8, 22, TWO_COLOUR)
        + face(row[1], 47, 10, TWO_COLOUR, highlight=True)
        + face(row[2], 80, 26, TWO_COLOUR)
    )
    assert cards_row([], 0, 0, (36, 0), (0, -14), 0, TWO_COLOUR) == ""


def test_a_row_of_backs_is_titled_by_its_count() -> None:
    palette = Palette(back="navy")
    assert cards_row(3, 20, 10.5, (0, 26), (14, 0), -1, palette) == (
        "<g><title>3 hidden cards</title>"
        + back(20, 10.5, palette)
        + back(20, 36.5, palette)
        + back(20, 62.5, palette)
        + "</g>"
    )
    assert cards_row(1, 5, 6, (36, 0), (0, 0), 0, palette) == (
        f"<g><title>1 hidden card</title>{back(5, 6, palette)}</g>"
    )
    assert cards_row(0, 5, 6, (36, 0), (0, 0), 0, palette) == "<g><title>0 hidden cards</title></g>"
    assert cards_row(2, 5, 6, (36, 1), (0, 0), 0, palette) == (
        f"<g><title>2 hidden cards</title>{back(5, 6, palette)}{back(41, 7, palette)}</g>"
    )


def test_places_around_the_bottom_seat_go_counter_clockwise() -> None:
    assert [[place(seat, bottom) for seat in Seat] for bottom in Seat] == [
        [0, 1, 2, 3],
        [3, 0, 1, 2],
        [2, 3, 0, 1],
        [1, 2, 3, 0],
    ]


def test_trick_cards_lie_in_front_of_each_seat() -> None:
    plays = [(W, Card.parse("AS")), (S, Card.parse("JH")), (E, Card.parse("7C")), (N, Card.parse("TD"))]
    lit = 1 << Card.parse("7C").index
    assert trick_cards(plays, 100, 200, S, lit, FOUR_COLOUR) == (
        face(Card.parse("AS"), 4, 158, FOUR_COLOUR)
        + face(Card.parse("JH"), 70, 204, FOUR_COLOUR)
        + face(Card.parse("7C"), 136, 158, FOUR_COLOUR, highlight=True)
        + face(Card.parse("TD"), 70, 112, FOUR_COLOUR)
    )


def test_plays_text_and_check_seat() -> None:
    assert (
        plays_text([(E, Card.parse("AS")), (N, Card.parse("TD"))])
        == "East ace of spades, North ten of diamonds"
    )
    assert plays_text([]) == ""
    assert check_seat(3, "bottom") is E
    with pytest.raises(BeloteError, match=r"^bottom must be a seat 0\.\.3, got 4$"):
        check_seat(4, "bottom")


# -- hand ------------------------------------------------------------------------------------------


def test_a_hand_picture() -> None:
    mine = CardSet.parse("AS 7S JH 9H")
    picture = hand(mine, trump=Trump.HEARTS, highlight=CardSet.parse("9H 7S"))
    assert heading(picture) == (
        "0 0 184 114",
        "184",
        "114",
        "A hand of 4 cards",
        "jack of hearts, nine of hearts, ace of spades, seven of spades",
    )
    assert faces(picture) == [
        ("jack of hearts", "8 22", False),
        ("nine of hearts", "44 8", True),
        ("ace of spades", "80 22", False),
        ("seven of spades", "116 8", True),
    ]
    first = cards_row(held_order(mine, Trump.HEARTS), 8, 22, (36, 0), (0, -14), 0, TWO_COLOUR)
    assert hand(mine, trump=Trump.HEARTS) == root(
        184,
        114,
        first,
        title="A hand of 4 cards",
        description="jack of hearts, nine of hearts, ace of spades, seven of spades",
        size=None,
    )


def test_a_hand_and_a_trick_s_hand_given_once_through_keep_every_card() -> None:
    """A generator is read once: every suit of it is drawn (only its clubs were, before)."""
    picture = hand(card for card in cards("7H AS JC"))
    assert [name for name, _, _ in faces(picture)] == ["ace of spades", "seven of hearts", "jack of clubs"]
    with_hand = trick([], hand=(card for card in cards("7H AS JC")))
    assert [name for name, _, _ in faces(with_hand)] == ["ace of spades", "seven of hearts", "jack of clubs"]


def test_a_hand_of_one_card_and_of_none() -> None:
    assert heading(hand([Card.parse("7C")])) == (
        "0 0 76 114",
        "76",
        "114",
        "A hand of 1 card",
        "seven of clubs",
    )
    assert heading(hand(CardSet())) == ("0 0 76 114", "76", "114", "A hand of 0 cards", "no card")


def test_a_hand_picture_takes_a_size_and_a_palette() -> None:
    picture = hand(CardSet.parse("7C 8C"), size=224, palette=FOUR_COLOUR)
    assert heading(picture)[:3] == ("0 0 112 114", "224", "228")
    assert 'fill="#007a70"' in picture
    assert "#111111" not in picture.split("</defs>")[1]


def test_a_hand_picture_names_its_bad_arguments() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^cards must be a CardSet or an iterable of Card, got int$"):
        hand(7)  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentTypeError, match=r"^highlight must be a CardSet or an iterable of Card, got str$"
    ):
        hand([], highlight="7C")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^palette must be a Palette"):
        hand([], palette=None)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^size must be from 1 to 1,000,000 pixels, got 0$"):
        hand([], size=0)


# -- trick -----------------------------------------------------------------------------------------


def test_a_trick_under_way_with_the_hand_to_play() -> None:
    plays = [(N, Card.parse("AS")), (W, Card.parse("JH"))]
    picture = trick(plays, hand=CardSet.parse("7H AH KD"), trump=Trump.HEARTS, highlight=CardSet.parse("7H"))
    assert heading(picture) == (
        "0 0 264 396",
        "264",
        "396",
        "A trick",
        "Trick: North ace of spades, West jack of hearts."
        " To play from: ace of hearts, seven of hearts, king of diamonds.",
    )
    assert faces(picture) == [
        ("ace of spades", "102 50", False),  # North, at the top: South to play sits at the bottom
        ("jack of hearts", "36 96", False),  # West, on the left
        ("ace of hearts", "66 300", False),
        ("seven of hearts", "102 286", True),
        ("king of diamonds", "138 300", False),
    ]
    assert labels(picture) == [
        ("132", "42", "North · led", "12", "#ffffff", "middle"),
        ("66", "200", "West", "12", "#ffffff", "middle"),
        ("132", "248", "South · to play", "12", "#ffffff", "middle"),
        ("198", "200", "East", "12", "#ffffff", "middle"),
    ]
    cloth = parsed(picture)[3]
    assert cloth.tag == f"{SVG}rect"
    assert cloth.attrib == {"width": "264", "height": "396", "rx": "12", "fill": "#1f6b45"}


def test_a_whole_trick_is_won_and_its_winner_leads_the_next() -> None:
    done = Trick(leader=E, cards=tuple(cards("KS AS 7S TS")), winner=W, points=25)  # type: ignore[arg-type]
    picture = trick(done, hand=CardSet.parse("8D"), palette=Palette(ink="ink", table="cloth"))
    assert heading(picture)[3:] == (
        "A trick",
        "Trick: East king of spades, North ace of spades, West seven of spades, South ten of spades."
        " Won by West. To play from: eight of diamonds.",
    )
    assert faces(picture) == [  # West, the winner, at the bottom
        ("king of spades", "102 50", False),
        ("ace of spades", "36 96", False),
        ("seven of spades", "102 142", True),
        ("ten of spades", "168 96", False),
        ("eight of diamonds", "102 300", False),
    ]
    assert labels(picture) == [
        ("66", "200", "North", "12", "ink", "middle"),
        ("132", "248", "West · won · to play", "12", "ink", "middle"),
        ("198", "200", "South", "12", "ink", "middle"),
        ("132", "42", "East · led", "12", "ink", "middle"),
    ]
    assert 'fill="cloth"' in picture
    also = trick(done, hand=CardSet.parse("8D 9D"), highlight=CardSet.parse("9D"))
    assert [(name, lit) for name, _, lit in faces(also)] == [
        ("king of spades", False),
        ("ace of spades", False),
        ("seven of spades", True),
        ("ten of spades", False),
        ("nine of diamonds", True),
        ("eight of diamonds", False),
    ]


def test_four_pairs_are_won_by_the_trump_s_rules_and_only_with_a_trump() -> None:
    plays = [(S, Card.parse("AS")), (E, Card.parse("7H")), (N, Card.parse("TS")), (W, Card.parse("8S"))]
    with_trump = trick(plays, trump=Trump.HEARTS)
    assert heading(with_trump)[4] == (
        "Trick: South ace of spades, East seven of hearts, North ten of spades, West eight of spades."
        " Won by East."
    )
    assert [lit for _, _, lit in faces(with_trump)] == [False, True, False, False]
    assert [text for _, _, text, *_ in labels(with_trump)] == ["North", "West", "South · led", "East · won"]
    assert faces(trick(plays, trump=Trump.CLUBS))[0][2] is True
    without = trick(plays)
    assert heading(without)[4].endswith("West eight of spades.")
    assert not any(lit for _, _, lit in faces(without))
    assert [text for _, _, text, *_ in labels(without)] == ["North", "West", "South · led", "East"]


def test_the_bottom_seat_without_a_hand_is_south_unless_given() -> None:
    plays = [(E, Card.parse("AS"))]
    assert faces(trick(plays)) == [("ace of spades", "168 96", False)]
    assert faces(trick(plays, bottom=E)) == [("ace of spades", "102 142", False)]
    assert faces(trick(plays, bottom=1)) == [("ace of spades", "102 50", False)]  # type: ignore[arg-type]
    shown = labels(trick(plays, bottom=N))
    assert [(x, y, label) for x, y, label, *_ in shown] == [
        ("132", "248", "North"),
        ("198", "200", "West"),
        ("132", "42", "South"),
        ("66", "200", "East · led"),
    ]
    assert faces(trick(plays, hand=[])) == [("ace of spades", "36 96", False)]  # North to play
    assert faces(trick(plays, hand=[], bottom=S)) == [("ace of spades", "168 96", False)]


def test_an_empty_trick() -> None:
    picture = trick([])
    assert heading(picture) == ("0 0 264 276", "264", "276", "A trick", "Trick: no card yet.")
    assert faces(picture) == []
    assert [text for _, _, text, *_ in labels(picture)] == list(NAMES)
    with_hand = trick((), hand=[Card.parse("7C")], size=132)
    assert heading(with_hand) == (
        "0 0 264 396",
        "132",
        "198",
        "A trick",
        "Trick: no card yet. To play from: seven of clubs.",
    )
    assert [text for _, _, text, *_ in labels(with_hand)] == list(NAMES)  # nobody known to play
    assert faces(with_hand) == [("seven of clubs", "102 300", False)]
    assert heading(trick([], hand=[]))[4] == "Trick: no card yet. To play from: no card."


def test_without_coordinates_no_seat_is_labelled() -> None:
    assert labels(trick([(N, Card.parse("AS"))], hand=[], coordinates=False)) == []


def test_the_hand_is_held_in_the_trump_s_order_and_its_highlight_raised() -> None:
    plays = [(N, Card.parse("AS"))]
    picture = trick(plays, hand=CardSet.parse("9H JH AH 7C"), trump="H", highlight=cards("AH AS"))  # type: ignore[arg-type]
    assert faces(picture) == [
        ("ace of spades", "36 96", True),  # West to play at the bottom: North on the left
        ("jack of hearts", "48 300", False),
        ("nine of hearts", "84 300", False),
        ("ace of hearts", "120 286", True),
        ("seven of clubs", "156 300", False),
    ]


def test_three_cards_of_a_trick_give_the_fourth_seat_to_play() -> None:
    plays = [(S, Card.parse("AS")), (E, Card.parse("7H")), (N, Card.parse("TS"))]
    picture = trick(plays, hand=[], trump=Trump.HEARTS)
    assert [text for _, _, text, *_ in labels(picture)] == ["North", "West · to play", "South · led", "East"]
    assert "Won by" not in heading(picture)[4]


@pytest.mark.parametrize(
    "plays",
    [
        "AS",
        b"AS",
        {(N, Card.parse("AS"))},
        7,
        [(N, Card.parse("AS"))] * 2 + [(W, Card.parse("7C"))] * 3,
        [[N, Card.parse("AS")]],
        [(N,)],
        [(N, Card.parse("AS"), 1)],
        [(N, "AS")],
    ],
)
def test_plays_that_are_not_a_trick_are_refused(plays: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        trick(plays)  # type: ignore[arg-type]
    assert str(caught.value) == "plays must be a Trick or at most four (Seat, Card) pairs"


def test_four_plays_are_taken_and_a_bad_seat_is_named() -> None:
    four = [(N, Card.parse("AS")), (W, Card.parse("KS")), (S, Card.parse("QS")), (E, Card.parse("JS"))]
    assert len(faces(trick(four))) == 4
    with pytest.raises(BeloteError, match=r"^a seat of plays must be a seat 0\.\.3, got 5$"):
        trick([(5, Card.parse("AS"))])  # type: ignore[list-item]


def test_plays_out_of_order_or_repeated_are_refused_by_name() -> None:
    with pytest.raises(BeloteError) as caught:
        trick([(N, Card.parse("AS")), (W, Card.parse("KS")), (E, Card.parse("QS"))])
    assert str(caught.value) == (
        "plays must be in play order, each seat after the one before: seat 1 KS then seat 3 QS"
    )
    assert caught.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(BeloteError) as repeated:
        trick([(N, Card.parse("AS")), (W, Card.parse("AS"))])
    assert str(repeated.value) == "plays must hold different cards, got AS AS"
    assert repeated.value.reason is Reason.BAD_ARGUMENT
    trick([(E, Card.parse("AS")), (N, Card.parse("KS"))])  # East then North: in order


def test_a_trick_names_its_bad_arguments() -> None:
    plays: Sequence[tuple[Seat, Card]] = [(N, Card.parse("AS"))]
    with pytest.raises(ArgumentTypeError, match=r"^hand must be a CardSet or an iterable of Card, got str$"):
        trick(plays, hand="7C")  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentTypeError, match=r"^highlight must be a CardSet or an iterable of Card, got int$"
    ):
        trick(plays, highlight=3)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^bottom must be a seat 0\.\.3, got 4$"):
        trick(plays, bottom=4)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^palette must be a Palette"):
        trick(plays, palette="x")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^size must be from 1 to 1,000,000 pixels, got 0$"):
        trick(plays, size=0)
