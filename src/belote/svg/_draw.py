"""Drawing primitives of :mod:`belote.svg`: names, palettes, the root element, one card.

Everything is a plain string: no dependency, no artwork. A card is a rounded rectangle, its
rank as text and its suit as a path drawn here (four ``<symbol>`` shapes defined once per
picture, so that the picture does not depend on a font that has the suit signs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape as _escape

import attrs

from belote._repr import safe_repr
from belote.bidding import Bid, Call, Contract, Double, Pass
from belote.cards import Card, CardSet, Suit
from belote.coinche_scoring import doubling_factor
from belote.errors import ArgumentTypeError, BeloteError
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import Variant

__all__ = [
    "FOUR_COLOUR",
    "TWO_COLOUR",
    "Palette",
    "Svg",
    "card_name",
]

CARD_WIDTH = 60
CARD_HEIGHT = 84

RANK_TEXT = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SEAT_NAMES = ("North", "West", "South", "East")
TEAM_NAMES = ("North-South", "East-West")
TRUMP_NAMES = ("clubs", "diamonds", "hearts", "spades", "no trumps", "all trumps")
"""The names this module prints (its own table: it never relies on how an enum prints)."""


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE and U+FFFF)."""


def escape(content: str) -> str:
    """``content`` as XML text or attribute value: ``< & > " '`` escaped, and each character XML
    1.0 does not allow (a control character in a user's name) written as U+FFFD, so that the
    picture stays well-formed whatever text it shows.

    >>> escape('a<b & "c"'), escape("x\\x01y")
    ('a&lt;b &amp; &quot;c&quot;', 'x\ufffdy')
    """
    return _NOT_XML.sub("\ufffd", _escape(content))


_COLOUR = re.compile(r"[A-Za-z0-9#(),.%/+\- ]{1,100}")
"""A CSS colour's text: a name, ``#rrggbb``, ``rgb(...)``, ``hsl(...)``... (letters, digits,
``# ( ) , . % / + -`` and spaces: nothing that could close the attribute that holds it)."""


def _colour(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a CSS colour (a str), got {safe_repr(value)}")
    if not _COLOUR.fullmatch(value) or not value.strip():
        raise BeloteError(
            f"{name} must be a CSS colour ('#1f6b45', 'green', 'rgb(31 107 69)'), got {safe_repr(value)}"
        )
    return value


def _check_colour(_: object, attribute: attrs.Attribute[str], value: object) -> None:
    _colour(value, attribute.name)


def _check_suit_colours(
    _: object, attribute: attrs.Attribute[tuple[str, str, str, str]], value: object
) -> None:
    if not isinstance(value, tuple) or len(value) != 4:
        raise ArgumentTypeError(
            f"suits must be four CSS colours (clubs, diamonds, hearts, spades), got {safe_repr(value)}"
        )
    for suit, colour in enumerate(value):
        _colour(colour, f"suits ({SUIT_NAMES[suit]})")


class Svg(str):
    """An SVG picture: a ``str`` that Jupyter and IPython display as the picture itself.

    >>> picture = Svg("<svg/>")
    >>> picture == "<svg/>", picture._repr_svg_() == picture
    (True, True)
    """

    def _repr_svg_(self) -> str:
        return str(self)


@attrs.frozen(kw_only=True, order=False)
class Palette:
    """The colours of a picture: one per suit, the table, the card backs and the highlight.

    Two palettes come ready: :data:`TWO_COLOUR` (red hearts and diamonds, black spades and
    clubs) and :data:`FOUR_COLOUR`, the four-colour deck (spades black, hearts red, diamonds
    blue, clubs green) in colours from Paul Tol's colour-blind-safe scheme. Any CSS colour works,
    written with letters, digits, ``# ( ) , . % / + -`` and spaces (``#1f6b45``, ``green``,
    ``rgb(31 107 69)``); other text is refused, as it could break out of the picture's markup.

    >>> FOUR_COLOUR.suits[Suit.DIAMONDS] != FOUR_COLOUR.suits[Suit.HEARTS]
    True
    >>> Palette(table="navy").table
    'navy'
    >>> Palette(ink='red"/>')
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: ink must be a CSS colour ('#1f6b45', 'green', 'rgb(31 107 69)'), got 'red"/>'
    """

    suits: tuple[str, str, str, str] = attrs.field(
        default=("#111111", "#c8102e", "#c8102e", "#111111"), validator=_check_suit_colours
    )
    """The colour of each suit, clubs, diamonds, hearts, spades (the order of :class:`~belote.cards.Suit`)."""
    table: str = attrs.field(default="#1f6b45", validator=_check_colour)
    """The cloth behind the cards."""
    ink: str = attrs.field(default="#ffffff", validator=_check_colour)
    """Text written on the cloth."""
    back: str = attrs.field(default="#2f4f8f", validator=_check_colour)
    """The back of a hidden card."""
    highlight: str = attrs.field(default="#ffb000", validator=_check_colour)
    """The outline of a highlighted card and the mark of the seat to act."""


TWO_COLOUR = Palette()
"""Red hearts and diamonds, black spades and clubs, on a green cloth."""
FOUR_COLOUR = Palette(suits=("#007a70", "#0077bb", "#cc3311", "#111111"))
"""The four-colour deck: clubs teal green, diamonds blue, hearts red, spades black."""

_SUIT_SHAPES = (
    # clubs: three leaves and a stem
    '<circle cx="50" cy="27" r="22"/><circle cx="26" cy="61" r="22"/><circle cx="74" cy="61" r="22"/>'
    '<path d="M50 30 30 60h40zM47 58c0 18-4 28-14 40h34c-10-12-14-22-14-40z"/>',
    # diamonds
    '<path d="M50 0 88 50 50 100 12 50z"/>',
    # hearts
    '<path d="M50 95C22 68 2 52 2 29 2 13 14 3 28 3c11 0 18 6 22 15 4-9 11-15 22-15'
    ' 14 0 26 10 26 26 0 23-20 39-48 66z"/>',
    # spades: an upside-down heart and a stem
    '<path d="M50 2C22 31 2 45 2 63c0 14 11 23 24 23 10 0 17-5 21-11-1 9-5 17-14 25h34'
    'c-9-8-13-16-14-25 4 6 11 11 21 11 13 0 24-9 24-23C98 45 78 31 50 2z"/>',
)

DEFS = (
    "<defs>"
    + "".join(
        f'<symbol id="belote-{suit.letter.lower()}" viewBox="0 0 100 100">{shape}</symbol>'
        for suit, shape in zip(Suit, _SUIT_SHAPES, strict=True)
    )
    + "</defs>"
)
"""The suit shapes, the same in every picture (so that ids repeated on one page are harmless)."""


def card_name(card: Card) -> str:
    """The card in words, as the pictures' ``<title>`` elements name it.

    >>> card_name(Card.parse("JH")), card_name(Card.parse("TS"))
    ('jack of hearts', 'ten of spades')
    """
    if not isinstance(card, Card):
        raise ArgumentTypeError(f"card must be a Card, got {type(card).__name__}")
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def trump_name(trump: Trump) -> str:
    """``hearts``, ``no trumps``, ``all trumps``."""
    return TRUMP_NAMES[trump]


def call_name(call: Call, doubling_names: tuple[str, str] = ("contra", "recontra")) -> str:
    """A call in words: ``pass``, ``hearts``, and the doubling calls by ``doubling_names``
    (``contra`` and ``recontra`` in belot, ``coinche`` and ``surcoinche`` in coinche).

    >>> from belote import Double, Pass
    >>> call_name(Pass()), call_name(Double()), call_name(Double(), ("coinche", "surcoinche"))
    ('pass', 'contra', 'coinche')
    """
    if isinstance(call, Pass):
        return "pass"
    if isinstance(call, Bid):
        return trump_name(call.trump)
    return doubling_names[not isinstance(call, Double)]


def contract_text(contract: Contract, variant: Variant) -> str:
    """``hearts x2`` (the bid value too, in the auctions that bid points), doubled by the factor
    the variant scores (:func:`~belote.coinche_scoring.doubling_factor`)."""
    text = trump_name(contract.trump)
    if contract.bid is not None:
        text = f"{contract.bid} {text}"
    factor = doubling_factor(contract, variant)
    return text + (f" x{factor}" if factor > 1 else "")


def seat_label(seat: Seat) -> str:
    """``West (seat 1)``."""
    return f"{SEAT_NAMES[seat]} (seat {int(seat)})"


def text(x: float, y: float, content: str, **attributes: object) -> str:
    """A ``<text>`` element; attribute names use ``_`` for ``-`` (``font_size=12``)."""
    extra = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in attributes.items())
    return f'<text x="{_n(x)}" y="{_n(y)}"{extra}>{escape(content)}</text>'


def suit_sign(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    """The suit's shape in a ``size`` square whose top left corner is ``(x, y)``."""
    return (
        f'<use xlink:href="#belote-{suit.letter.lower()}" x="{_n(x)}" y="{_n(y)}"'
        f' width="{_n(size)}" height="{_n(size)}" fill="{colour}"/>'
    )


_INDEX_SUIT_X = (17, 17, 17, 23, 12, 19, 19, 19)
"""Per rank (7 8 9 10 J Q K A), where the small suit sign of the corner index starts: after the rank."""
_OUTLINE = f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5"'


def face(card: Card, x: float, y: float, palette: Palette, *, highlight: bool = False) -> str:
    """A card face up with its top left corner at ``(x, y)``, named by its ``<title>``."""
    colour = palette.suits[card.suit]
    rank = RANK_TEXT[card.rank]
    border = f'stroke="{palette.highlight}" stroke-width="4"' if highlight else 'stroke="#777"'
    wide = len(rank) > 1  # "10": a smaller, tighter rank so that the index fits a hand's step
    font = ' font-size="14" letter-spacing="-1"' if wide else ' font-size="16"'
    return (
        f'<g transform="translate({_n(x)} {_n(y)})"><title>{card_name(card)}</title>'
        f'{_OUTLINE} fill="#fff" {border}/>'
        f'<text x="4" y="18"{font} font-weight="bold" fill="{colour}">{rank}</text>'
        + suit_sign(card.suit, _INDEX_SUIT_X[card.rank], 7, 11 if wide else 12, colour)
        + suit_sign(card.suit, 14, 34, 32, colour)
        + f'<text x="56" y="79" font-size="13" font-weight="bold" fill="{colour}"'
        f' text-anchor="end">{rank}</text>'
        "</g>"
    )


def back(x: float, y: float, palette: Palette) -> str:
    """A card face down (no title: it names nothing)."""
    return (
        f'<g transform="translate({_n(x)} {_n(y)})">'
        f'{_OUTLINE} fill="{palette.back}" stroke="#fff"/>'
        f'<rect x="6" y="6" width="{CARD_WIDTH - 12}" height="{CARD_HEIGHT - 12}" rx="3" fill="none"'
        ' stroke="#fff" stroke-opacity=".5" stroke-dasharray="3 3"/></g>'
    )


def root(width: int, height: int, body: str, *, title: str, description: str, size: int | None) -> Svg:
    """The whole picture: ``role="img"``, its title and description, the suit shapes, ``body``.

    ``size`` is the width it is shown at, in pixels (default: the natural width).
    """
    shown_width, shown_height = width, height
    if size is not None:
        shown_width, shown_height = size, max(1, round(size * height / width))
    return Svg(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f' role="img" viewBox="0 0 {width} {height}" width="{shown_width}" height="{shown_height}"'
        ' font-family="DejaVu Sans,Verdana,Arial,sans-serif">'
        f"<title>{escape(title)}</title><desc>{escape(description)}</desc>{DEFS}{body}</svg>"
    )


MAX_SIZE = 1_000_000
"""The widest a picture may be shown, in pixels (a larger ``size`` is a mistake, and past a
float's range it cannot be scaled)."""


def check_size(size: object) -> int | None:
    """``size`` as given; ``ArgumentTypeError`` or :class:`~belote.errors.BeloteError` naming it."""
    if size is None:
        return None
    if not isinstance(size, int) or isinstance(size, bool):
        raise ArgumentTypeError(f"size must be an int (pixels) or None, got {type(size).__name__}")
    if not 1 <= size <= MAX_SIZE:
        raise BeloteError(f"size must be from 1 to {MAX_SIZE:,} pixels, got {safe_repr(size)}")
    return size


def check_palette(palette: object) -> Palette:
    """``palette`` as given, or ``ArgumentTypeError`` naming it."""
    if not isinstance(palette, Palette):
        raise ArgumentTypeError(
            f"palette must be a Palette (TWO_COLOUR, FOUR_COLOUR), got {type(palette).__name__}"
        )
    return palette


def card_mask(cards: Iterable[Card] | CardSet, argument: str) -> int:
    """The mask of ``cards``, or ``ArgumentTypeError`` naming ``argument`` when one is not a card."""
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ArgumentTypeError(
            f"{argument} must be a CardSet or an iterable of Card, got {type(cards).__name__}"
        )
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise ArgumentTypeError(f"{argument} must hold Card values, got {type(card).__name__}")
        mask |= 1 << card.index
    return mask


def _n(value: float) -> str:
    """A coordinate without a useless ``.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
