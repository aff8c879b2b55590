"""Exact output of belote.svg._draw and belote.svg.card, the drawing primitives of the pictures,
that mutation testing (mutmut 3.8) found untested by the picture tests (which check that the
pictures are valid and faithful, not each number): the escaping of text and the characters XML
refuses, the colours a palette takes and its exact refusals, the names printed, a card face and
back to the coordinate, the root element and its scaling, the size and palette checks at their
bounds, the card masks and the numbers written."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

import belote.svg
from belote import BULGARIAN, COINCHE, Card, CardSet, Seat, Trump
from belote.calls import Bid, Contract, Double, Pass, Redouble
from belote.cards import Rank, Suit
from belote.errors import ArgumentTypeError, BeloteError, Reason
from belote.svg import _draw
from belote.svg._draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    DEFS,
    FOUR_COLOUR,
    MAX_SIZE,
    TWO_COLOUR,
    Palette,
    Svg,
    back,
    call_name,
    card_mask,
    card_name,
    check_palette,
    check_size,
    contract_text,
    escape,
    face,
    root,
    seat_label,
    suit_sign,
    text,
    trump_name,
)

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
RED = "#c8102e"
BLACK = "#111111"


# -- text ------------------------------------------------------------------------------------------


def test_escape_writes_the_five_markup_characters_as_entities() -> None:
    assert escape("a<b & \"c\" 'd' >") == "a&lt;b &amp; &quot;c&quot; &#x27;d&#x27; &gt;"


@pytest.mark.parametrize(
    "bad", ["\x00", "\x08", "\x0b", "\x0c", "\x0e", "\x1f", chr(0xD800), chr(0xDFFF), "\ufffe", "\uffff"]
)
def test_escape_replaces_each_character_xml_refuses(bad: str) -> None:
    assert escape(f"x{bad}y{bad}") == "x\ufffdy\ufffd"


@pytest.mark.parametrize("good", ["\t", "\n", "\r", " ", "\ud7ff", "\ue000", "\ufffd", "\U0001f0a1", "é"])
def test_escape_keeps_each_character_xml_allows(good: str) -> None:
    assert escape(f"x{good}y") == f"x{good}y"


def test_text_writes_its_coordinates_attributes_and_escaped_content() -> None:
    assert text(1.0, 2.5, "a<b") == '<text x="1" y="2.5">a&lt;b</text>'
    assert (
        text(16, 22, "x & y", font_size=11, fill_opacity=".8", text_anchor="end")
        == '<text x="16" y="22" font-size="11" fill-opacity=".8" text-anchor="end">x &amp; y</text>'
    )


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (3, "3"),
        (3.0, "3"),
        (-2.0, "-2"),
        (0, "0"),
        (2.5, "2.5"),
        (2.25, "2.2"),
        (-1.5, "-1.5"),
        (0.04, "0.0"),
    ],
)
def test_numbers_are_written_without_a_useless_decimal(value: float, written: str) -> None:
    assert _draw._n(value) == written


# -- names -----------------------------------------------------------------------------------------


def test_every_card_has_its_name() -> None:
    ranks = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
    suits = ("clubs", "diamonds", "hearts", "spades")
    for suit, suit_name in zip(Suit, suits, strict=True):
        for rank, rank_name in zip(Rank, ranks, strict=True):
            assert card_name(Card(rank, suit)) == f"{rank_name} of {suit_name}"


def test_card_name_refuses_what_is_not_a_card() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^card must be a Card, got str$"):
        card_name("JH")  # type: ignore[arg-type]


def test_trump_names() -> None:
    assert [trump_name(trump) for trump in Trump] == [
        "clubs",
        "diamonds",
        "hearts",
        "spades",
        "no trumps",
        "all trumps",
    ]


def test_call_names_with_the_default_and_the_given_doubling_names() -> None:
    assert [call_name(call) for call in (Pass(), Bid(Trump.NO_TRUMPS), Double(), Redouble())] == [
        "pass",
        "no trumps",
        "contra",
        "recontra",
    ]
    names = ("coinche", "surcoinche")
    assert [call_name(call, names) for call in (Pass(), Bid(Trump.HEARTS, 90), Double(), Redouble())] == [
        "pass",
        "hearts",
        "coinche",
        "surcoinche",
    ]


@pytest.mark.parametrize(
    ("contract", "variant", "written"),
    [
        (Contract(Seat(0), Trump.HEARTS), BULGARIAN, "hearts"),
        (Contract(Seat(0), Trump.ALL_TRUMPS, multiplier=2), BULGARIAN, "all trumps x2"),
        (Contract(Seat(0), Trump.SPADES, multiplier=4), BULGARIAN, "spades x4"),
        (Contract(Seat(1), Trump.CLUBS, bid=80), COINCHE, "80 clubs"),
        (Contract(Seat(1), Trump.NO_TRUMPS, multiplier=2, bid=110), COINCHE, "110 no trumps x2"),
        (
            Contract(Seat(1), Trump.HEARTS, multiplier=4, bid=100),
            attrs.evolve(COINCHE, surcoinche_multiplier=3),
            "100 hearts x3",
        ),
    ],
)
def test_contract_text_names_the_bid_the_mode_and_the_factor(
    contract: Contract, variant: belote.Variant, written: str
) -> None:
    assert contract_text(contract, variant) == written


def test_seat_labels() -> None:
    assert [seat_label(seat) for seat in Seat] == [
        "North (seat 0)",
        "West (seat 1)",
        "South (seat 2)",
        "East (seat 3)",
    ]


# -- palettes --------------------------------------------------------------------------------------


def test_the_two_palettes_ready() -> None:
    assert attrs.asdict(TWO_COLOUR, recurse=False) == {
        "suits": (BLACK, RED, RED, BLACK),
        "table": "#1f6b45",
        "ink": "#ffffff",
        "back": "#2f4f8f",
        "highlight": "#ffb000",
    }
    assert attrs.asdict(FOUR_COLOUR, recurse=False) == {
        "suits": ("#007a70", "#0077bb", "#cc3311", BLACK),
        "table": "#1f6b45",
        "ink": "#ffffff",
        "back": "#2f4f8f",
        "highlight": "#ffb000",
    }


def test_a_palette_is_frozen_keyword_only_and_unordered() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        TWO_COLOUR.table = "red"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Palette(("red", "red", "red", "red"))  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        assert TWO_COLOUR < FOUR_COLOUR  # type: ignore[operator]
    assert Palette(table="navy") == Palette(table="navy") != TWO_COLOUR


@pytest.mark.parametrize(
    "colour",
    [
        "#1f6b45",
        "green",
        "rgb(31 107 69)",
        "hsl(120, 50%, 40%)",
        "rgb(1 2 3 / .5)",
        "a+b-c",
        "AZaz09",
        "x" * 100,
    ],
)
def test_any_css_colour_text_is_taken(colour: str) -> None:
    palette = Palette(table=colour, ink=colour, back=colour, highlight=colour, suits=(colour,) * 4)
    assert (palette.table, palette.ink, palette.back, palette.highlight) == (colour,) * 4
    assert palette.suits == (colour,) * 4


@pytest.mark.parametrize("field", ["table", "ink", "back", "highlight"])
@pytest.mark.parametrize(
    "colour", ["", " ", "   ", "x" * 101, 'red"', "red;", "a<b", "a'b", "a_b", "a:b", "é", "a\nb"]
)
def test_a_colour_outside_the_css_characters_is_refused_by_name(field: str, colour: str) -> None:
    with pytest.raises(BeloteError) as caught:
        Palette(**{field: colour})  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"{field} must be a CSS colour ('#1f6b45', 'green', 'rgb(31 107 69)'), got {colour!r}"
    )
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert not isinstance(caught.value, ArgumentTypeError)


@pytest.mark.parametrize("field", ["table", "ink", "back", "highlight"])
def test_a_colour_that_is_not_a_str_is_a_type_error(field: str) -> None:
    with pytest.raises(ArgumentTypeError, match=rf"^{field} must be a CSS colour \(a str\), got 7$"):
        Palette(**{field: 7})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "suits", [["a", "b", "c", "d"], ("a", "b", "c"), ("a", "b", "c", "d", "e"), "abcd", None]
)
def test_the_suit_colours_must_be_a_tuple_of_four(suits: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        Palette(suits=suits)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"suits must be four CSS colours (clubs, diamonds, hearts, spades), got {suits!r}"
    )


@pytest.mark.parametrize(("index", "suit"), list(enumerate(["clubs", "diamonds", "hearts", "spades"])))
def test_a_bad_suit_colour_names_its_suit(index: int, suit: str) -> None:
    colours = ["red"] * 4
    colours[index] = "red;"
    with pytest.raises(BeloteError, match=rf"^suits \({suit}\) must be a CSS colour \("):
        Palette(suits=tuple(colours))  # type: ignore[arg-type]
    colours[index] = 3  # type: ignore[call-overload]
    with pytest.raises(ArgumentTypeError, match=rf"^suits \({suit}\) must be a CSS colour \(a str\), got 3$"):
        Palette(suits=tuple(colours))  # type: ignore[arg-type]


def test_check_palette() -> None:
    assert check_palette(FOUR_COLOUR) is FOUR_COLOUR
    with pytest.raises(ArgumentTypeError) as caught:
        check_palette("dark")
    assert str(caught.value) == "palette must be a Palette (TWO_COLOUR, FOUR_COLOUR), got str"


# -- sizes and masks -------------------------------------------------------------------------------


def test_check_size_at_its_bounds() -> None:
    assert MAX_SIZE == 1_000_000
    assert check_size(None) is None
    assert check_size(1) == 1
    assert check_size(MAX_SIZE) == MAX_SIZE
    for bad in (0, -1, MAX_SIZE + 1):
        with pytest.raises(BeloteError) as caught:
            check_size(bad)
        assert str(caught.value) == f"size must be from 1 to 1,000,000 pixels, got {bad}"
        assert caught.value.reason is Reason.BAD_ARGUMENT
    for wrong, name in ((True, "bool"), (2.0, "float"), ("9", "str")):
        with pytest.raises(ArgumentTypeError) as type_error:
            check_size(wrong)
        assert str(type_error.value) == f"size must be an int (pixels) or None, got {name}"


def test_card_mask_of_a_card_set_a_list_and_a_generator() -> None:
    cards = CardSet.parse("7C JH AS")
    expected = (1 << 0) | (1 << Card.parse("JH").index) | (1 << Card.parse("AS").index)
    assert card_mask(cards, "x") == cards.mask == expected
    assert card_mask(list(cards), "x") == expected
    assert card_mask((card for card in cards), "x") == expected
    assert card_mask([Card.parse("JH"), Card.parse("JH")], "x") == 1 << Card.parse("JH").index
    assert card_mask((), "x") == 0


@pytest.mark.parametrize(("cards", "name"), [("7C", "str"), (b"7C", "bytes"), (7, "int"), (None, "NoneType")])
def test_card_mask_refuses_what_is_not_cards_by_the_argument_name(cards: object, name: str) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        card_mask(cards, "hand")  # type: ignore[arg-type]
    assert str(caught.value) == f"hand must be a CardSet or an iterable of Card, got {name}"


def test_card_mask_refuses_an_element_that_is_not_a_card() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        card_mask([Card.parse("JH"), "7C"], "highlight")  # type: ignore[list-item]
    assert str(caught.value) == "highlight must hold Card values, got str"


# -- drawing ---------------------------------------------------------------------------------------


def test_a_suit_sign() -> None:
    assert suit_sign(Suit.HEARTS, 1.5, 2, 12.0, "red") == (
        '<use xlink:href="#belote-h" x="1.5" y="2" width="12" height="12" fill="red"/>'
    )
    for suit, letter in zip(Suit, "cdhs", strict=True):
        assert suit_sign(suit, 0, 0, 1, "c").startswith(f'<use xlink:href="#belote-{letter}" x="0"')


def test_a_face_to_the_coordinate() -> None:
    assert face(Card.parse("JH"), 8, 22.5, TWO_COLOUR) == (
        '<g transform="translate(8 22.5)"><title>jack of hearts</title>'
        '<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fff" stroke="#777"/>'
        f'<text x="4" y="18" font-size="16" font-weight="bold" fill="{RED}">J</text>'
        f'<use xlink:href="#belote-h" x="12" y="7" width="12" height="12" fill="{RED}"/>'
        f'<use xlink:href="#belote-h" x="14" y="34" width="32" height="32" fill="{RED}"/>'
        f'<text x="56" y="79" font-size="13" font-weight="bold" fill="{RED}" text-anchor="end">J</text></g>'
    )


def test_a_ten_is_written_smaller_and_a_highlighted_face_is_outlined() -> None:
    palette = Palette(highlight="gold", suits=("c", "d", "h", "s"))
    assert face(Card.parse("TS"), 0, 0, palette, highlight=True) == (
        '<g transform="translate(0 0)"><title>ten of spades</title>'
        '<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fff" stroke="gold" stroke-width="4"/>'
        '<text x="4" y="18" font-size="14" letter-spacing="-1" font-weight="bold" fill="s">10</text>'
        '<use xlink:href="#belote-s" x="23" y="7" width="11" height="11" fill="s"/>'
        '<use xlink:href="#belote-s" x="14" y="34" width="32" height="32" fill="s"/>'
        '<text x="56" y="79" font-size="13" font-weight="bold" fill="s" text-anchor="end">10</text></g>'
    )


def test_each_rank_is_written_and_its_corner_suit_placed_after_it() -> None:
    written = ("7", "8", "9", "10", "J", "Q", "K", "A")
    corner_x = ("17", "17", "17", "23", "12", "19", "19", "19")
    for rank, rank_text, x in zip(Rank, written, corner_x, strict=True):
        group = ET.fromstring(
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            f"{face(Card(rank, Suit.CLUBS), 0, 0, FOUR_COLOUR)}</svg>"
        )[0]
        texts = group.findall(f"{SVG}text")
        assert [t.text for t in texts] == [rank_text, rank_text]
        uses = group.findall(f"{SVG}use")
        assert [use.get("x") for use in uses] == [x, "14"]
        assert [use.get("fill") for use in uses] == ["#007a70", "#007a70"]
        assert [use.get("width") for use in uses] == ["11" if rank_text == "10" else "12", "32"]


def test_a_back() -> None:
    assert back(3, 4.5, Palette(back="navy")) == (
        '<g transform="translate(3 4.5)">'
        '<rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="navy" stroke="#fff"/>'
        '<rect x="6" y="6" width="48" height="72" rx="3" fill="none"'
        ' stroke="#fff" stroke-opacity=".5" stroke-dasharray="3 3"/></g>'
    )


def test_the_suit_shapes_defined_once_per_picture() -> None:
    assert DEFS == (
        '<defs><symbol id="belote-c" viewBox="0 0 100 100">'
        '<circle cx="50" cy="27" r="22"/><circle cx="26" cy="61" r="22"/><circle cx="74" cy="61" r="22"/>'
        '<path d="M50 30 30 60h40zM47 58c0 18-4 28-14 40h34c-10-12-14-22-14-40z"/></symbol>'
        '<symbol id="belote-d" viewBox="0 0 100 100"><path d="M50 0 88 50 50 100 12 50z"/></symbol>'
        '<symbol id="belote-h" viewBox="0 0 100 100">'
        '<path d="M50 95C22 68 2 52 2 29 2 13 14 3 28 3c11 0 18 6 22 15 4-9 11-15 22-15'
        ' 14 0 26 10 26 26 0 23-20 39-48 66z"/></symbol>'
        '<symbol id="belote-s" viewBox="0 0 100 100">'
        '<path d="M50 2C22 31 2 45 2 63c0 14 11 23 24 23 10 0 17-5 21-11-1 9-5 17-14 25h34'
        'c-9-8-13-16-14-25 4 6 11 11 21 11 13 0 24-9 24-23C98 45 78 31 50 2z"/></symbol></defs>'
    )


def test_the_root_element() -> None:
    picture = root(10, 20, "<g/>", title="a<b", description='"c"', size=None)
    assert type(picture) is Svg
    assert picture == (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        ' role="img" viewBox="0 0 10 20" width="10" height="20"'
        ' font-family="DejaVu Sans,Verdana,Arial,sans-serif">'
        f"<title>a&lt;b</title><desc>&quot;c&quot;</desc>{DEFS}<g/></svg>"
    )


@pytest.mark.parametrize(
    ("width", "height", "size", "shown"),
    [
        (640, 600, 320, ("320", "300")),
        (600, 640, 300, ("300", "320")),
        (68, 92, 34, ("34", "46")),
        (4, 3, 3, ("3", "2")),  # 2.25
        (4, 3, 5, ("5", "4")),  # 3.75: rounded, not cut
        (4, 3, 2, ("2", "2")),  # 1.5, rounded to even
        (100, 10, 1, ("1", "1")),  # 0.1: at least a pixel
        (100, 30, 2, ("2", "1")),  # 0.6
    ],
)
def test_a_size_scales_the_shown_height_in_proportion(
    width: int, height: int, size: int, shown: tuple[str, str]
) -> None:
    picture = ET.fromstring(root(width, height, "", title="t", description="d", size=size))
    assert (picture.get("width"), picture.get("height")) == shown
    assert picture.get("viewBox") == f"0 0 {width} {height}"


def test_an_svg_shows_itself_as_its_plain_text() -> None:
    picture = Svg("<svg/>")
    shown = picture._repr_svg_()
    assert shown == "<svg/>"
    assert type(shown) is str


# -- belote.svg.card -------------------------------------------------------------------------------


def test_a_card_picture() -> None:
    picture = belote.svg.card(Card.parse("9D"), palette=FOUR_COLOUR)
    assert picture == root(
        CARD_WIDTH + 8,
        CARD_HEIGHT + 8,
        face(Card.parse("9D"), 4, 4, FOUR_COLOUR),
        title="The nine of diamonds",
        description="nine of diamonds",
        size=None,
    )
    assert 'viewBox="0 0 68 92" width="68" height="92"' in picture


def test_a_card_picture_highlighted_and_sized() -> None:
    picture = belote.svg.card(Card.parse("TS"), highlight=1, size=136)  # type: ignore[arg-type]
    assert picture == root(
        68,
        92,
        face(Card.parse("TS"), 4, 4, TWO_COLOUR, highlight=True),
        title="The ten of spades",
        description="ten of spades",
        size=136,
    )
    assert 'width="136" height="184"' in picture
    assert 'stroke-width="4"' not in belote.svg.card(Card.parse("TS"), highlight=0)  # type: ignore[arg-type]


def test_a_card_picture_refuses_bad_arguments_by_name() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^card must be a Card, got str$"):
        belote.svg.card("9D")  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentTypeError, match=r"^palette must be a Palette \(TWO_COLOUR, FOUR_COLOUR\), got str$"
    ):
        belote.svg.card(Card.parse("9D"), palette="x")  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^size must be from 1 to 1,000,000 pixels, got 0$"):
        belote.svg.card(Card.parse("9D"), size=0)


def test_the_names_each_module_exports() -> None:
    from belote.svg import _charts, _hands, _table

    assert belote.svg.__all__ == [
        "FOUR_COLOUR",
        "TWO_COLOUR",
        "Palette",
        "Svg",
        "card",
        "card_name",
        "hand",
        "held_order",
        "score_sheet",
        "strength_chart",
        "table",
        "trick",
    ]
    assert _draw.__all__ == ["FOUR_COLOUR", "TWO_COLOUR", "Palette", "Svg", "card_name"]
    assert _hands.__all__ == [
        "cards_row",
        "check_seat",
        "hand",
        "held_order",
        "place",
        "plays_text",
        "trick",
        "trick_cards",
    ]
    assert _table.__all__ == ["table"]
    assert _charts.__all__ == ["score_sheet", "strength_chart"]
