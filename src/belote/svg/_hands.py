"""Hands and tricks as pictures, and the order a player holds a hand in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise, permutations

from belote._args import as_seat
from belote.cards import Card, CardSet, Suit, cardset_from_mask
from belote.errors import ArgumentTypeError, BeloteError
from belote.seats import Seat
from belote.state import Trick
from belote.svg._draw import (
    CARD_HEIGHT,
    CARD_WIDTH,
    SEAT_NAMES,
    TWO_COLOUR,
    Palette,
    Svg,
    back,
    card_mask,
    card_name,
    check_palette,
    check_size,
    face,
    root,
    text,
)
from belote.tricks import trick_winner
from belote.trumps import Trump, as_mode, strength

__all__ = ["cards_row", "check_seat", "hand", "held_order", "place", "plays_text", "trick", "trick_cards"]

STEP = 36
"""How far apart the cards of a hand held across the picture are (a card's index stays visible)."""
STEP_DOWN = 26
"""How far apart the cards of a hand held down a side are."""
LIFT = 14
"""How far a highlighted card of a hand stands out."""
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RED = (Suit.DIAMONDS, Suit.HEARTS)


def held_order(cards: Iterable[Card] | CardSet, trump: Trump | None = None) -> list[Card]:
    """``cards`` in the order a player holds them under the contract ``trump``.

    The suits stay together, the trumps first, then the other suits in an order that
    alternates red and black as far as the hand allows; in each suit the strongest card comes
    first (J 9 A 10 K Q 8 7 in trumps, A 10 K Q J 9 8 7 in a plain suit).

    >>> [str(card) for card in held_order(CardSet.parse("AS 7S JH 9H AD TC"), Trump.HEARTS)]
    ['JH', '9H', 'AS', '7S', 'AD', 'TC']
    >>> [str(card) for card in held_order(CardSet.parse("AS JH KD TC"), Trump.SPADES)]
    ['AS', 'JH', 'TC', 'KD']
    """
    return _held(cards, trump, "cards")


def _held(cards: Iterable[Card] | CardSet, trump: Trump | None, argument: str) -> list[Card]:
    """:func:`held_order`, a wrong ``cards`` named as ``argument``."""
    given = cardset_from_mask(card_mask(cards, argument))
    chosen = [given.suit(suit) for suit in Suit]
    mode = Trump.NO_TRUMPS if trump is None else as_mode(trump)
    present = [suit for suit in _SUIT_ORDER if chosen[suit]]
    first = [mode.suit] if mode.suit is not None and mode.suit in present else []
    others = [suit for suit in present if suit not in first]

    def clashes(order: tuple[Suit, ...]) -> int:
        return sum((a in _RED) == (b in _RED) for a, b in pairwise((*first, *order)))

    order = (*first, *min(permutations(others), key=clashes))
    return [card for suit in order for card in sorted(chosen[suit], key=lambda c: -strength(c, mode))]


def cards_row(
    cards: Sequence[Card] | int,
    x: float,
    y: float,
    step: tuple[float, float],
    lift: tuple[float, float],
    highlight: int,
    palette: Palette,
) -> str:
    if isinstance(cards, int):
        backs = "".join(back(x + i * step[0], y + i * step[1], palette) for i in range(cards))
        plural = "" if cards == 1 else "s"
        return f"<g><title>{cards} hidden card{plural}</title>{backs}</g>"
    parts = []
    for i, card in enumerate(cards):
        lit = bool(highlight >> card.index & 1)
        dx, dy = lift if lit else (0, 0)
        parts.append(face(card, x + i * step[0] + dx, y + i * step[1] + dy, palette, highlight=lit))
    return "".join(parts)


def check_seat(seat: object, argument: str) -> Seat:
    """``seat`` as a :class:`~belote.seats.Seat` (a Seat or an int 0..3), named ``argument`` if wrong."""
    return as_seat(seat, argument)


def plays_text(plays: Sequence[tuple[Seat, Card]]) -> str:
    return ", ".join(f"{SEAT_NAMES[seat]} {card_name(card)}" for seat, card in plays)


def hand(
    cards: Iterable[Card] | CardSet,
    *,
    trump: Trump | None = None,
    highlight: Iterable[Card] | CardSet = (),
    size: int | None = None,
    palette: Palette = TWO_COLOUR,
) -> Svg:
    """A hand as a player holds it (see :func:`held_order`), highlighted cards raised.

    >>> from belote import CardSet, Trump
    >>> picture = hand(CardSet.parse("JH 9H AS"), trump=Trump.HEARTS, highlight=CardSet.parse("JH"))
    >>> picture.count("<title>"), "jack of hearts" in picture
    (4, True)
    """
    held = _held(cards, trump, "cards")
    palette = check_palette(palette)
    lit = card_mask(highlight, "highlight")
    width = 16 + CARD_WIDTH + STEP * max(0, len(held) - 1)
    body = cards_row(held, 8, 8 + LIFT, (STEP, 0), (0, -LIFT), lit, palette)
    names = ", ".join(card_name(card) for card in held) or "no card"
    return root(
        width,
        CARD_HEIGHT + LIFT + 16,
        body,
        title=f"A hand of {len(held)} card{'' if len(held) == 1 else 's'}",
        description=names,
        size=check_size(size),
    )


_CROSS = ((-30, 4), (36, -42), (-30, -88), (-96, -42))
"""Where the card of the seat at the bottom, right, top and left lies, from the trick's centre."""


def place(seat: Seat, bottom: Seat) -> int:
    """0 bottom, 1 right, 2 top, 3 left: play goes counter-clockwise, so the next seat is right."""
    return (seat - bottom) & 3


def trick_cards(
    plays: Sequence[tuple[Seat, Card]], cx: float, cy: float, bottom: Seat, lit: int, palette: Palette
) -> str:
    parts = []
    for seat, card in plays:
        dx, dy = _CROSS[place(seat, bottom)]
        parts.append(face(card, cx + dx, cy + dy, palette, highlight=bool(lit >> card.index & 1)))
    return "".join(parts)


def trick(
    plays: Trick | Sequence[tuple[Seat, Card]],
    *,
    hand: Iterable[Card] | CardSet | None = None,
    trump: Trump | None = None,
    bottom: Seat | None = None,
    coordinates: bool = True,
    highlight: Iterable[Card] | CardSet = (),
    size: int | None = None,
    palette: Palette = TWO_COLOUR,
) -> Svg:
    """A trick around the table: each card in front of the seat that played it.

    ``plays`` is a completed :class:`~belote.state.Trick` (its winner's card is highlighted)
    or ``(seat, card)`` pairs in play order, each seat after the one before. With ``hand``, the
    hand of the next seat to play is drawn below, in holding order under ``trump``, and that
    seat sits at the bottom (after a whole trick, its winner, who leads the next: known from a
    ``Trick``, or from four pairs with ``trump``): with ``highlight=legal_cards(...)`` that is a
    picture of a rule. ``coordinates`` labels the seats.

    >>> from belote import Card, CardSet, Seat, Trump, CLASSIC, legal_cards
    >>> plays = [(Seat(0), Card.parse("AS")), (Seat(1), Card.parse("JH"))]
    >>> mine = CardSet.parse("7H AH KD QC")
    >>> legal = legal_cards(mine, plays, trump=Trump.HEARTS, variant=CLASSIC)
    >>> picture = trick(plays, hand=mine, trump=Trump.HEARTS, highlight=legal)
    >>> "ace of spades" in picture, picture.count('stroke="#ffb000"')
    (True, 2)
    """
    palette = check_palette(palette)
    winner: Seat | None = None
    if isinstance(plays, Trick):
        winner, plays = plays.winner, plays.plays
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
        raise ArgumentTypeError("plays must be a Trick or at most four (Seat, Card) pairs")
    plays = tuple(plays)
    if len(plays) > 4 or not all(
        isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], Card) for pair in plays
    ):
        raise ArgumentTypeError("plays must be a Trick or at most four (Seat, Card) pairs")
    plays = tuple((check_seat(seat, "a seat of plays"), card) for seat, card in plays)
    for (seat, card), (after, other) in pairwise(plays):
        if after != seat.next:
            raise BeloteError(
                f"plays must be in play order, each seat after the one before: seat {int(seat)} {card}"
                f" then seat {int(after)} {other}"
            )
    if len({card for _, card in plays}) < len(plays):
        raise BeloteError(f"plays must hold different cards, got {' '.join(str(card) for _, card in plays)}")
    mode = None if trump is None else as_mode(trump)
    lit = card_mask(highlight, "highlight")
    if winner is None and len(plays) == 4 and mode is not None:
        winner = trick_winner(plays, trump=mode)
    if winner is not None:
        lit |= 1 << dict(plays)[winner].index
    to_play = (winner if len(plays) == 4 else plays[-1][0].next) if plays else None
    if bottom is None:
        bottom = to_play if hand is not None and to_play is not None else Seat.SOUTH
    bottom = check_seat(bottom, "bottom")
    width, cx, cy = 264, 132, 138
    height = 276 if hand is None else 396
    parts = [f'<rect width="{width}" height="{height}" rx="12" fill="{palette.table}"/>']
    parts.append(trick_cards(plays, cx, cy, bottom, lit, palette))
    label_at = ((cx, cy + 110), (cx + 66, cy + 62), (cx, cy - 96), (cx - 66, cy + 62))
    if coordinates:
        for seat in Seat:
            x, y = label_at[place(seat, bottom)]
            mark = " · led" if plays and seat == plays[0][0] else ""
            mark += " · won" if seat == winner else ""
            mark += " · to play" if hand is not None and seat == to_play else ""
            parts.append(
                text(x, y, SEAT_NAMES[seat] + mark, font_size=12, fill=palette.ink, text_anchor="middle")
            )
    description = "Trick: " + (plays_text(plays) or "no card yet") + "."
    if winner is not None:
        description += f" Won by {SEAT_NAMES[winner]}."
    if hand is not None:
        held = _held(hand, mode, "hand")
        row_width = CARD_WIDTH + STEP * max(0, len(held) - 1)
        parts.append(cards_row(held, cx - row_width / 2, 300, (STEP, 0), (0, -LIFT), lit, palette))
        description += " To play from: " + (", ".join(card_name(card) for card in held) or "no card") + "."
    return root(
        width, height, "".join(parts), title="A trick", description=description, size=check_size(size)
    )
