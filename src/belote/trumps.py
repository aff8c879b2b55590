"""Trump modes, and the card order and card points under each of them
(see card order and card points on the rules overview page).

The six modes are the four suits, no trumps and all trumps, in the order of the Bulgarian
auction (♣ < ♦ < ♥ < ♠ < no trumps < all trumps). Everything the rules need to know about a
mode lives in the tables of this module:

>>> from belote import Card, CardSet, Suit
>>> card_points(Card.parse("JH"), Trump.HEARTS), card_points(Card.parse("JH"), Trump.SPADES)
(20, 2)
>>> [str(c) for c in sorted(CardSet.of_suit(Suit.HEARTS), key=lambda c: -strength(c, Trump.HEARTS))]
['JH', '9H', 'AH', 'TH', 'KH', 'QH', '8H', '7H']
>>> deck_points(Trump.SPADES), deck_points(Trump.ALL_TRUMPS), deck_points(Trump.NO_TRUMPS)
(152, 248, 120)

A variant's ``no_trumps_scale`` and ``tout_atout_scale`` pick other point tables for those two
modes (coinche: ace 19 in no trumps, 38 a suit in all trumps; rule K5, K6):

>>> from belote import COINCHE
>>> deck_points(Trump.NO_TRUMPS, COINCHE), deck_points(Trump.ALL_TRUMPS, COINCHE)
(152, 152)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from belote._enums import Named, member, refuse
from belote._repr import safe_repr
from belote.cards import DECK, SUIT_MASKS, Card, Rank, Suit
from belote.errors import ArgumentTypeError, NotationError, Reason
from belote.options import NoTrumpsScale, ToutAtoutScale

if TYPE_CHECKING:
    from belote.variants import Variant

__all__ = [
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "Trump",
    "card_points",
    "deck_points",
    "is_trump",
    "points_row",
    "strength",
]


class Trump(Named, enum.IntEnum):
    """A trump mode: one of the four suits, no trumps or all trumps.

    The values follow the auction order of Bulgarian belot, so ``Trump.HEARTS <
    Trump.ALL_TRUMPS``.

    >>> Trump.HEARTS.suit, Trump.NO_TRUMPS.suit, Trump.HEARTS < Trump.ALL_TRUMPS
    (<Suit.HEARTS: 2>, None, True)
    >>> str(Trump.ALL_TRUMPS), Trump.ALL_TRUMPS.code
    ('all_trumps', 'ALL')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMPS = 4
    ALL_TRUMPS = 5

    @property
    def suit(self) -> Suit | None:
        """The trump suit of a suit contract, ``None`` for no trumps and all trumps."""
        return Suit(self) if self < 4 else None

    @property
    def is_suit(self) -> bool:
        """True for the four suit contracts."""
        return self < 4

    @property
    def code(self) -> str:
        """The short code used in notation: ``C D H S``, ``NONE`` or ``ALL``."""
        return _CODES[self]

    @classmethod
    def of_suit(cls, suit: Suit) -> Trump:
        """The suit contract with ``suit`` as trumps."""
        return cls(member(Suit, suit).value)

    @classmethod
    def _missing_(cls, value: object) -> Trump:
        if isinstance(value, str):
            return cls.parse(value)
        return refuse(cls, value)

    @classmethod
    def parse(cls, text: Trump | str) -> Trump:
        """Read a mode: a suit letter, symbol or name, ``NONE``/``NT``/``SA``, ``ALL``/``AT``/``TA``.

        >>> Trump.parse("h"), Trump.parse("all"), Trump.parse("no_trumps")
        (<Trump.HEARTS: 2>, <Trump.ALL_TRUMPS: 5>, <Trump.NO_TRUMPS: 4>)
        """
        if isinstance(text, Trump):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{safe_repr(text)} is not a trump mode", reason=Reason.BAD_ARGUMENT)
        key = text.strip().upper().replace("-", "_").replace(" ", "_")
        if key in _MODE_ALIASES:
            return _MODE_ALIASES[key]
        try:
            return cls.of_suit(Suit.parse(key))
        except NotationError:
            raise NotationError(
                f"{safe_repr(text)} is not a trump mode: expected a suit (S H D C), NONE or ALL",
                reason=Reason.BAD_ARGUMENT,
            ) from None


_CODES = ("C", "D", "H", "S", "NONE", "ALL")
_MODE_ALIASES = {
    "NONE": Trump.NO_TRUMPS,
    "NT": Trump.NO_TRUMPS,
    "SA": Trump.NO_TRUMPS,
    "NO_TRUMPS": Trump.NO_TRUMPS,
    "NO_TRUMP": Trump.NO_TRUMPS,
    "ALL": Trump.ALL_TRUMPS,
    "AT": Trump.ALL_TRUMPS,
    "TA": Trump.ALL_TRUMPS,
    "ALL_TRUMPS": Trump.ALL_TRUMPS,
    "ALL_TRUMP": Trump.ALL_TRUMPS,
}

TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
"""Ranks of a trump suit, highest first: J 9 A T K Q 8 7."""

PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
"""Ranks of a plain suit (and of every suit in no trumps), highest first: A T K Q J 9 8 7."""

TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
    Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0,
}  # fmt: skip
"""Card points of a trump: 62 in the suit."""

PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}  # fmt: skip
"""Card points of a plain card: 30 in the suit."""


def _trump_suits(mode: Trump) -> tuple[int, ...]:
    """Suits whose cards rank and count as trumps under ``mode``."""
    if mode is Trump.ALL_TRUMPS:
        return (0, 1, 2, 3)
    if mode is Trump.NO_TRUMPS:
        return ()
    return (int(mode),)


def _build_tables() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]:
    strengths, points, above = [], [], []
    for mode in Trump:
        trump_suits = _trump_suits(mode)
        mode_strength, mode_points = [], []
        for card in DECK:
            order = TRUMP_ORDER if card.suit in trump_suits else PLAIN_ORDER
            mode_strength.append(7 - order.index(card.rank))
            table = TRUMP_POINTS if card.suit in trump_suits else PLAIN_POINTS
            mode_points.append(table[card.rank])
        mode_above = []
        for index in range(32):
            suit_mask = SUIT_MASKS[index // 8]
            mask = 0
            for other in range(32):
                if suit_mask >> other & 1 and mode_strength[other] > mode_strength[index]:
                    mask |= 1 << other
            mode_above.append(mask)
        strengths.append(tuple(mode_strength))
        points.append(tuple(mode_points))
        above.append(tuple(mode_above))
    return tuple(strengths), tuple(points), tuple(above)


STRENGTH_TABLE, POINTS_TABLE, ABOVE_TABLE = _build_tables()
"""Per mode and card number: strength within its suit (0..7), card points, and the mask of
the cards of the same suit that beat it. Internal tables of the fast rule core."""

TRUMP_SUIT_MASK: tuple[int, ...] = tuple(SUIT_MASKS[mode] if mode < 4 else 0 for mode in range(6))
"""Per mode, the mask of cards that beat every card of another suit (empty without a trump
suit: in all trumps only the led suit can win)."""


def _build_trick_power() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per mode and led suit, each card's power in the trick: trumps above the led suit above
    everything else (0), so the highest power wins."""
    table = []
    for mode in range(6):
        per_led = []
        for led in range(4):
            powers = []
            for card in range(32):
                if TRUMP_SUIT_MASK[mode] >> card & 1:
                    powers.append(16 + STRENGTH_TABLE[mode][card])
                elif card >> 3 == led:
                    powers.append(8 + STRENGTH_TABLE[mode][card])
                else:
                    powers.append(0)
            per_led.append(tuple(powers))
        table.append(tuple(per_led))
    return tuple(table)


TRICK_POWER = _build_trick_power()
"""Per mode and led suit, the power of each card in a trick (internal table of the fast core)."""


def as_mode(value: Trump | int | str, name: str = "trump") -> Trump:
    """``value`` as a :class:`Trump`: a Trump, an int ``0..5`` or a text :meth:`Trump.parse` reads.

    Raises :class:`~belote.errors.ArgumentTypeError` for any other type and
    :class:`~belote.errors.NotationError` for an int or a text that names no mode.
    """
    if isinstance(value, Trump):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ArgumentTypeError(f"{name} must be a Trump, an int 0..5 or a text, got {safe_repr(value)}")
    return Trump.parse(value) if isinstance(value, str) else Trump(value)


def _as_card(card: Card) -> Card:
    if not isinstance(card, Card):
        raise ArgumentTypeError(f"card must be a Card, got {safe_repr(card)}")
    return card


def strength(card: Card, trump: Trump | str) -> int:
    """The card's rank within its suit under ``trump``, 7 for the strongest, 0 the weakest.

    >>> from belote import Card
    >>> strength(Card.parse("JH"), Trump.HEARTS), strength(Card.parse("JH"), Trump.SPADES)
    (7, 3)

    Raises:
        ArgumentTypeError: ``card`` is not a :class:`Card`, or ``trump`` not a mode.
        NotationError: ``trump`` is an int or a text that names no mode.
    """
    return STRENGTH_TABLE[as_mode(trump)][_as_card(card).index]


def _scaled_row(values: dict[Rank, int]) -> tuple[int, ...]:
    return tuple(values[card.rank] for card in DECK)


_NO_TRUMPS_ROWS: dict[NoTrumpsScale, tuple[int, ...]] = {
    NoTrumpsScale.PLAIN: POINTS_TABLE[Trump.NO_TRUMPS],
    NoTrumpsScale.ACE_19: _scaled_row({**PLAIN_POINTS, Rank.ACE: 19}),
}
_ALL_TRUMPS_ROWS: dict[ToutAtoutScale, tuple[int, ...]] = {
    ToutAtoutScale.TRUMP: POINTS_TABLE[Trump.ALL_TRUMPS],
    ToutAtoutScale.CONVERTED_258: POINTS_TABLE[Trump.ALL_TRUMPS],
    ToutAtoutScale.FFB_2015: _scaled_row(dict(zip(TRUMP_ORDER, (13, 9, 6, 5, 3, 2, 0, 0), strict=True))),
    ToutAtoutScale.PAGAT: _scaled_row(dict(zip(TRUMP_ORDER, (14, 9, 6, 5, 3, 1, 0, 0), strict=True))),
}


def points_row(mode: int, variant: Variant | None = None) -> tuple[int, ...]:
    """The card points of the 32 cards (by card number) under trump mode ``mode`` and the
    variant's point scales: the one table every point count reads (round, agents, tallies).

    Without a variant, the standard values (rule 0.4).

    >>> from belote import COINCHE
    >>> points_row(Trump.NO_TRUMPS, COINCHE)[Card.parse("AS").index]
    19

    Raises:
        ArgumentTypeError: ``mode`` is not a :class:`Trump` or an int 0..5, or ``variant`` not
            a Variant.
    """
    if mode.__class__ is not Trump and (mode.__class__ is not int or not 0 <= mode < len(POINTS_TABLE)):
        raise ArgumentTypeError(f"mode must be a Trump or an int 0..5, got {safe_repr(mode)}")
    return _points_row(mode, _as_variant(variant))


def _points_row(mode: int, variant: Variant | None) -> tuple[int, ...]:
    """:func:`points_row` on arguments the library has checked (its hot paths: every round
    state, the agents' playouts, the solver)."""
    if variant is not None:
        if mode == Trump.NO_TRUMPS:
            return _NO_TRUMPS_ROWS[variant.no_trumps_scale]
        if mode == Trump.ALL_TRUMPS:
            return _ALL_TRUMPS_ROWS[variant.tout_atout_scale]
    return POINTS_TABLE[mode]


def card_points(card: Card, trump: Trump | str, variant: Variant | None = None) -> int:
    """The card's points under ``trump`` (no trumps before any doubling), on ``variant``'s
    point scales when given.

    >>> from belote import COINCHE, Card
    >>> card_points(Card.parse("9H"), Trump.HEARTS), card_points(Card.parse("9H"), Trump.SPADES)
    (14, 0)
    >>> ace = Card.parse("AS")
    >>> card_points(ace, Trump.NO_TRUMPS), card_points(ace, Trump.NO_TRUMPS, COINCHE)
    (11, 19)

    Raises:
        ArgumentTypeError: ``card`` is not a :class:`Card`, ``trump`` not a mode, or
            ``variant`` not a Variant.
        NotationError: ``trump`` is an int or a text that names no mode.
    """
    return _points_row(as_mode(trump), _as_variant(variant))[_as_card(card).index]


def is_trump(card: Card, trump: Trump) -> bool:
    """True when ``card`` belongs to the trump suit of a suit contract.

    >>> from belote import Card
    >>> is_trump(Card.parse("7H"), Trump.HEARTS), is_trump(Card.parse("7H"), Trump.ALL_TRUMPS)
    (True, False)
    """
    return bool(TRUMP_SUIT_MASK[as_mode(trump)] >> _as_card(card).index & 1)


def deck_points(trump: Trump | str, variant: Variant | None = None) -> int:
    """All the card points of the deck under ``trump``, without the last-trick bonus, on
    ``variant``'s point scales when given.

    >>> from belote import COINCHE
    >>> deck_points(Trump.HEARTS), deck_points(Trump.NO_TRUMPS), deck_points(Trump.ALL_TRUMPS)
    (152, 120, 248)
    >>> deck_points(Trump.NO_TRUMPS, COINCHE), deck_points(Trump.ALL_TRUMPS, COINCHE)
    (152, 152)

    Raises:
        ArgumentTypeError: ``trump`` is not a mode, or ``variant`` not a Variant.
        NotationError: ``trump`` is an int or a text that names no mode.
    """
    return sum(_points_row(as_mode(trump), _as_variant(variant)))


def _as_variant(variant: object) -> Variant | None:
    from belote.variant import Variant  # variant imports this module

    if variant is not None and not isinstance(variant, Variant):
        raise ArgumentTypeError(f"variant must be a Variant or None, got {safe_repr(variant)}")
    return variant
