"""Pictures of cards, hands, tricks, tables and score sheets, as SVG text.

Every function returns an :class:`Svg`: a plain ``str`` of SVG markup (no dependency, cards
drawn from scratch) that Jupyter shows as the picture. Write it to a ``.svg`` file, put it in
a web page, or just leave it as the last value of a notebook cell. The library's values show
themselves as pictures in a notebook too: a :class:`~belote.cards.Card`, a
:class:`~belote.cards.CardSet`, a :class:`~belote.state.RoundState` (every hand), a
:class:`~belote.views.PlayerView` (one seat's hand, the backs of the others) and a
:class:`~belote.match.Match` (its score sheet).

Every picture has ``role="img"``, a ``<title>`` and a ``<desc>``; every card face names its
card in a ``<title>`` ("jack of hearts"). Options are keyword-only: ``size`` (the width in
pixels), ``bottom`` (the seat at the bottom), ``coordinates`` (seat labels), ``highlight``
(cards outlined, e.g. the legal ones) and ``palette`` (:data:`FOUR_COLOUR` for the
colour-blind-safe four-colour deck).

>>> import belote, belote.svg
>>> state = belote.deal(belote.CLASSIC, dealer=belote.Seat(0), seed=7)
>>> picture = belote.svg.table(state, bottom=belote.Seat(1), palette=belote.svg.FOUR_COLOUR)
>>> picture.startswith("<svg") and "jack of spades" in picture
True
>>> belote.svg.card(belote.Card.parse("JH")).count("<title>jack of hearts</title>")
1
"""

from __future__ import annotations

from belote.cards import Card
from belote.errors import ArgumentTypeError
from belote.svg._charts import score_sheet, strength_chart
from belote.svg._draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    FOUR_COLOUR,
    TWO_COLOUR,
    Palette,
    Svg,
    card_name,
    check_palette,
    check_size,
    face,
    root,
)
from belote.svg._hands import hand, held_order, trick
from belote.svg._table import table

__all__ = [
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


def card(
    card: Card, *, highlight: bool = False, size: int | None = None, palette: Palette = TWO_COLOUR
) -> Svg:
    """One card face up (``highlight`` outlines it).

    >>> from belote import Card
    >>> 'role="img"' in card(Card.parse("TS")) and "<title>ten of spades</title>" in card(Card.parse("TS"))
    True
    """
    if not isinstance(card, Card):
        raise ArgumentTypeError(f"card must be a Card, got {type(card).__name__}")
    palette = check_palette(palette)
    body = face(card, 4, 4, palette, highlight=bool(highlight))
    name = card_name(card)
    return root(
        CARD_WIDTH + 8, CARD_HEIGHT + 8, body, title=f"The {name}", description=name, size=check_size(size)
    )
