"""Suits, ranks, cards and immutable sets of cards.

Inside the library a card is an int ``0..31`` (``suit * 8 + rank``) and a set of cards is a
32-bit mask; the public surface speaks :class:`Card` and :class:`CardSet`.

>>> Card.parse("10♥")
Card.parse('TH')
>>> hand = CardSet.parse("JH 9H 7S AD")
>>> str(hand), len(hand), Card.parse("9H") in hand
('7S JH 9H AD', 4, True)
>>> str(hand & CardSet.of_suit(Suit.HEARTS))
'JH 9H'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

import attrs

from belote._args import store_plain_int
from belote._enums import Named, member
from belote._repr import safe_repr
from belote.errors import ArgumentTypeError, NotationError, Reason

__all__ = ["DECK", "Card", "CardSet", "Rank", "Suit"]


class Suit(Named, enum.IntEnum):
    """The four suits, in the bidding order of the auction variants (♣ < ♦ < ♥ < ♠).

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, str(Suit.HEARTS), f"{Suit.SPADES}"
    ('H', '♥', 'hearts', 'spades')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter code: ``C D H S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol or English name (any case).

        >>> Suit.parse("h"), Suit.parse("♠"), Suit.parse("Clubs")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>, <Suit.CLUBS: 0>)
        """
        if not isinstance(text, str):
            raise NotationError(
                f"{safe_repr(text)} is not a suit: expected a text", reason=Reason.BAD_ARGUMENT
            )
        key = text.strip().upper()
        suit = _SUIT_BY_TEXT.get(key)
        if suit is None:
            raise NotationError(
                f"{safe_repr(text)} is not a suit: expected S H D C, ♠ ♥ ♦ ♣ or a suit name",
                reason=Reason.MALFORMED_CARD,
            )
        return suit


class Rank(Named, enum.IntEnum):
    """The eight ranks, in natural (sequence) order 7 8 9 T J Q K A.

    >>> Rank.TEN.letter, str(Rank.TEN), Rank.ACE > Rank.KING
    ('T', 'ten', True)
    """

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        """The one-character code: ``7 8 9 T J Q K A``."""
        return "789TJQKA"[self]


_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.letter] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
    _SUIT_BY_TEXT[_suit.name] = _suit
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})
_RANK_BY_TEXT: dict[str, Rank] = {rank.letter: rank for rank in Rank}
_RANK_BY_TEXT["10"] = Rank.TEN

_CARD_TEXT_HELP = "expected rank (7 8 9 T J Q K A, or 10) + suit (S H D C or ♠ ♥ ♦ ♣)"


def _as_rank(value: object) -> Rank:
    return member(Rank, value)


def _as_suit(value: object) -> Suit:
    return member(Suit, value)


@attrs.frozen(order=False)
class Card:
    """One of the 32 cards: a rank and a suit.

    ``str`` gives the canonical two-character text (``"TH"``), ``repr`` evaluates back to an
    equal card, and :meth:`parse` reads every common spelling.

    >>> card = Card(Rank.TEN, Suit.HEARTS)
    >>> str(card), card.index, Card.from_index(card.index) == card
    ('TH', 19, True)
    """

    rank: Rank = attrs.field(converter=_as_rank)
    suit: Suit = attrs.field(converter=_as_suit)
    index: int = attrs.field(init=False, eq=False, repr=False)
    """The card's number ``0..31`` (``suit * 8 + rank``), its bit in a :class:`CardSet`."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", int(self.suit) * 8 + int(self.rank))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with number ``index`` (``0..31``)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 32:
            raise NotationError(f"{safe_repr(index)} is not a card number (0..31)")
        return DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``"TH"``, ``"th"``, ``"10H"``, ``"10♥"`` all give the ten of hearts.

        >>> Card.parse("th") == Card.parse("10♥") == Card.parse("TH")
        True
        """
        if not isinstance(text, str):
            raise NotationError(f"{safe_repr(text)} is not a card: {_CARD_TEXT_HELP}")
        cleaned = text.strip().upper()
        card = _CARD_BY_TEXT.get(cleaned)
        if card is None:
            raise NotationError(f"{safe_repr(text)} is not a card: {_CARD_TEXT_HELP}")
        return card

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, e.g. ``"T♥"``."""
        return self.rank.letter + self.suit.symbol

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (see :mod:`belote.svg`)."""
        from belote.svg import card

        return card(self)


DECK: tuple[Card, ...] = tuple(Card(Rank(i % 8), Suit(i // 8)) for i in range(32))
"""The 32 cards in index order (clubs 7 to ace, then diamonds, hearts, spades)."""

_CARD_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank is not _card.rank:
            continue
        for _suit_text, _suit_value in _SUIT_BY_TEXT.items():
            if _suit_value is _card.suit and len(_suit_text) == 1:
                _CARD_BY_TEXT[_rank_text + _suit_text] = _card

FULL_MASK = (1 << 32) - 1

_SUIT_RUNS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(DECK[suit * 8 + rank] for rank in range(7, -1, -1) if bits >> rank & 1) for bits in range(256)
    )
    for suit in range(4)
)
"""Per suit and 8-bit pattern of ranks, the cards in canonical order: iteration by table lookup."""
SUIT_MASKS: tuple[int, int, int, int] = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards``; raises :class:`NotationError` on anything that is not a card."""
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{safe_repr(card)} is not a Card", reason=Reason.MALFORMED_CARDS)
        mask |= 1 << (card.suit * 8 + card.rank)
    return mask


def mask_indices(mask: int) -> list[int]:
    """The card numbers in ``mask``, ascending (the agents' and the fast paths' card lists)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def _check_mask(instance: object, attribute: object, value: int) -> None:
    if type(value) is int and 0 <= value <= FULL_MASK:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= FULL_MASK:
        raise NotationError(
            f"CardSet mask must be an int in 0..2**32-1, got {safe_repr(value)}",
            reason=Reason.MALFORMED_CARDS,
        )
    store_plain_int(instance, "mask", value)


@attrs.frozen(order=False)
class CardSet:
    """An immutable set of cards stored as a 32-bit mask.

    Iteration goes in one canonical order: spades, hearts, diamonds, clubs, each from
    the ace down (the order a player sorts a hand in); ``str`` lists the cards in that order
    and :meth:`parse` reads it back. The usual set operators work between card sets.

    >>> a, b = CardSet.parse("AS KS 7H"), CardSet.parse("7H 8C")
    >>> str(a | b), str(a - b), str(a ^ b), len(a & b)
    ('AS KS 7H 8C', 'AS KS', 'AS KS 8C', 1)
    """

    mask: int = attrs.field(default=0, validator=_check_mask)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        """The set of ``cards`` (any iterable of :class:`Card`).

        >>> str(CardSet.of([Card.parse("JH"), Card.parse("9H")]))
        'JH 9H'
        """
        if not isinstance(cards, Iterable):
            raise ArgumentTypeError(f"cards must be an iterable of Card, got {safe_repr(cards)}")
        return cls(mask_of(cards))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas; ``""`` is the empty set.

        >>> str(CardSet.parse("10h, 9S  js"))
        'JS 9S TH'
        """
        if not isinstance(text, str):
            raise NotationError(f"{safe_repr(text)} is not a text of cards", reason=Reason.MALFORMED_CARDS)
        parts = text.replace(",", " ").split()
        return cls(mask_of(Card.parse(part) for part in parts))

    @classmethod
    def of_suit(cls, suit: Suit) -> CardSet:
        """The eight cards of ``suit``."""
        return cls(SUIT_MASKS[member(Suit, suit)])

    @classmethod
    def full(cls) -> CardSet:
        """All 32 cards."""
        return cls(FULL_MASK)

    def __iter__(self) -> Iterator[Card]:
        # the canonical order (spades to clubs, ace to seven) is descending card number
        mask = self.mask
        return iter(
            _SUIT_RUNS[3][mask >> 24]
            + _SUIT_RUNS[2][mask >> 16 & 0xFF]
            + _SUIT_RUNS[1][mask >> 8 & 0xFF]
            + _SUIT_RUNS[0][mask & 0xFF]
        )

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        """Whether ``card`` is in the set: a :class:`Card`, or card text (a text that names no
        card raises :class:`~belote.errors.NotationError` rather than answer a typo with False).

        >>> hand = CardSet.parse("AS KH")
        >>> Card.parse("AS") in hand, "AS" in hand, "10h" in hand, 7 in hand
        (True, True, False, False)
        """
        if not isinstance(card, Card):
            if not isinstance(card, str):
                return False
            card = Card.parse(card)
        return bool(self.mask >> (card.suit * 8 + card.rank) & 1)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | _mask(other))

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & _mask(other))

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~_mask(other))

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ _mask(other))

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~_mask(other) == 0

    def __ge__(self, other: CardSet) -> bool:
        return _mask(other) & ~self.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self.mask != _mask(other)

    def __gt__(self, other: CardSet) -> bool:
        return self >= other and self.mask != _mask(other)

    def isdisjoint(self, other: CardSet) -> bool:
        """True when no card is in both sets."""
        return self.mask & _mask(other) == 0

    def suit(self, suit: Suit) -> CardSet:
        """The cards of ``suit`` in this set."""
        return CardSet(self.mask & SUIT_MASKS[member(Suit, suit)])

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet(self.mask | 1 << _card_index(card))

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card`` (unchanged if it was not there)."""
        return CardSet(self.mask & ~(1 << _card_index(card)))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The cards as a hand, for Jupyter (see :mod:`belote.svg`)."""
        from belote.svg import hand

        return hand(self)


def cardset_from_mask(mask: int) -> CardSet:
    """A :class:`CardSet` from a mask known to be valid, without re-checking it (fast path)."""
    instance = object.__new__(CardSet)
    object.__setattr__(instance, "mask", mask)
    return instance


def _card_index(card: object) -> int:
    if not isinstance(card, Card):
        raise ArgumentTypeError(f"card must be a Card, got {safe_repr(card)}")
    return card.index


def _mask(other: object) -> int:
    if not isinstance(other, CardSet):
        raise ArgumentTypeError(f"expected a CardSet, got {type(other).__name__}")
    return other.mask
