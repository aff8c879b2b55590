"""Declarations: sequences and carrés, found in a hand and compared.

rules C14 (French), B8-B9 (Bulgarian). A :class:`Declaration` is a seat and the cards
it shows; its kind and value follow from the cards. :func:`declaration_options` lists the
combinations a hand may declare (a card may not serve in both a carré and a sequence) and
:func:`counted_declarations` decides which of the declarations shown score. The belote (the
trump king and queen, rules C12-C13 and B10) has its own module, :mod:`belote.belotes`
(``held_belotes`` and ``belote_allowed`` are still importable from here).

>>> from belote import CardSet, Seat
>>> for option in declaration_options(CardSet.parse("JS QS KS JH JD JC 7D 8D"), Seat(0)):
...     print([str(d) for d in option])
['carré JS JH JD JC (200)']
['terca KS QS JS (20)']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from belote._args import as_seat, wrong_type
from belote._enums import Named, member
from belote._repr import safe_repr, short_repr
from belote.belotes import belote_allowed as belote_allowed
from belote.belotes import held_belotes as held_belotes
from belote.cards import SUIT_MASKS, Card, CardSet, Rank, mask_of
from belote.errors import DeclarationError, Reason
from belote.seats import Seat, Team
from belote.trumps import STRENGTH_TABLE, Trump, as_mode
from belote.variants import Announcements, DeclarationTie, Variant

__all__ = [
    "Declaration",
    "DeclarationKind",
    "allows_declarations",
    "counted_declarations",
    "declaration_options",
    "held_belotes",
]


class DeclarationKind(Named, enum.Enum):
    """The kinds of declaration, with their names in French and Bulgarian play.

    >>> from belote import CardSet, Declaration, Seat
    >>> Declaration(Seat(1), CardSet.parse("9S TS JS QS")).kind
    <DeclarationKind.QUARTA: 'quarta'>
    >>> str(DeclarationKind.CARRE)
    'carre'
    """

    TERCA = "terca"
    """Three cards in sequence (tierce): 20."""
    QUARTA = "quarta"
    """Four in sequence (cinquante): 50."""
    QUINTA = "quinta"
    """Five or more in sequence (cent): 100."""
    CARRE = "carre"
    """Four cards of one rank: jacks 200, nines 150, aces, tens, kings, queens 100."""


_SEQUENCE_VALUES = {3: 20, 4: 50}
_CARRE_VALUES = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
_CARRE_ORDER = (Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.JACK)  # low to high


def _run_length_and_top(mask: int) -> tuple[int, int] | None:
    """``(length, top card number)`` if ``mask`` is one run of consecutive cards of one suit."""
    if not mask:
        return None
    low = (mask & -mask).bit_length() - 1
    top = mask.bit_length() - 1
    length = top - low + 1
    if low >> 3 != top >> 3 or mask != ((1 << length) - 1) << low:
        return None
    return length, top


def _carre_rank(mask: int) -> Rank | None:
    """The rank of a carré held in ``mask`` exactly, or ``None``."""
    for rank in _CARRE_VALUES:
        if mask == sum(1 << (suit * 8 + rank) for suit in range(4)):
            return rank
    return None


def _declaring_seat(value: Any) -> Seat:
    try:
        return member(Seat, value)
    except (ValueError, TypeError):
        raise DeclarationError(f"a declaration's seat must be 0..3, got {safe_repr(value)}") from None


def _check_declaration_cards(instance: Declaration, attribute: object, value: CardSet) -> None:
    if not isinstance(value, CardSet):
        raise DeclarationError(f"declaration cards must be a CardSet, got {safe_repr(value)}")
    run = _run_length_and_top(value.mask)
    if (run is None or run[0] < 3) and _carre_rank(value.mask) is None:
        raise DeclarationError(
            f"{value or 'no cards'} is neither a sequence of 3 or more cards of one suit nor a carré "
            "of 9, T, J, Q, K or A",
        )


@attrs.frozen(order=False)
class Declaration:
    """A combination shown by ``seat``: a sequence of 3+ cards of one suit, or a carré.

    >>> d = Declaration(Seat(2), CardSet.parse("TD JD QD KD AD"))
    >>> d.kind, d.value, str(d.top)
    (<DeclarationKind.QUINTA: 'quinta'>, 100, 'AD')
    """

    seat: Seat = attrs.field(converter=_declaring_seat)
    cards: CardSet = attrs.field(validator=_check_declaration_cards)

    @property
    def kind(self) -> DeclarationKind:
        """Terca, quarta, quinta or carré."""
        if _carre_rank(self.cards.mask) is not None:
            return DeclarationKind.CARRE
        length = self.length
        return (
            (DeclarationKind.TERCA, DeclarationKind.QUARTA)[length - 3]
            if length < 5
            else DeclarationKind.QUINTA
        )

    @property
    def length(self) -> int:
        """The number of cards shown."""
        return len(self.cards)

    @property
    def value(self) -> int:
        """The points the declaration scores when it counts."""
        rank = _carre_rank(self.cards.mask)
        if rank is not None:
            return _CARRE_VALUES[rank]
        return _SEQUENCE_VALUES.get(self.length, 100)

    @property
    def top(self) -> Card:
        """The highest card: the top of a sequence (natural order), any card of a carré."""
        return Card.from_index(self.cards.mask.bit_length() - 1)

    @property
    def team(self) -> Team:
        """The team of the declaring seat."""
        return self.seat.team

    def __str__(self) -> str:
        label = "carré" if self.kind is DeclarationKind.CARRE else self.kind.value
        return f"{label} {self.cards} ({self.value})"

    def __repr__(self) -> str:
        return short_repr(self, positional=("seat", "cards"))


def _runs(mask: int) -> list[int]:
    """The maximal runs of 3+ consecutive cards of one suit in ``mask``, as masks."""
    runs = []
    for suit_mask in SUIT_MASKS:
        bits = mask & suit_mask
        while bits:
            top = bits & -bits
            run = top
            while (top << 1) & bits & suit_mask:
                top <<= 1
                run |= top
            bits &= ~run
            if run.bit_count() >= 3:
                runs.append(run)
    return runs


def _carres(mask: int) -> list[int]:
    found = []
    for rank in _CARRE_VALUES:
        carre = sum(1 << (suit * 8 + rank) for suit in range(4))
        if mask & carre == carre:
            found.append(carre)
    return found


def declaration_options(hand: Iterable[Card], seat: Seat | int) -> tuple[tuple[Declaration, ...], ...]:
    """Every maximal combination of declarations ``hand`` allows (empty tuple: none).

    A card may serve in a carré or in a sequence, not both, so a hand with a carré and a
    sequence that share a card has two options. A player may declare any part of one option.
    >>> from belote import CardSet, Seat
    >>> for declaration in declaration_options(CardSet.parse("7H 8H 9H TH JS JD JC JH"), Seat(0))[0]:
    ...     print(declaration)
    carré JS JH JD JC (200)
    quarta TH 9H 8H 7H (50)

    ``hand`` is a :class:`CardSet` or any iterable of :class:`Card` (a list, a tuple).

    Raises:
        ArgumentTypeError: ``hand`` is not a CardSet or an iterable of cards (a text is
            refused: parse it with :meth:`CardSet.parse`), or ``seat`` is not a
            :class:`~belote.seats.Seat` or an int.
        NotationError: ``hand`` holds something that is not a :class:`Card`.
        BeloteError: ``seat`` is an int outside ``0..3``.
    """
    if not isinstance(hand, CardSet):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
            raise wrong_type("hand", "a CardSet or an iterable of Card", hand)
        hand = CardSet(mask_of(hand))
    seat = as_seat(seat, "seat")
    carres = _carres(hand.mask)
    options: list[frozenset[int]] = []
    for chosen in range(1 << len(carres)):
        used = 0
        combination = []
        for position, carre in enumerate(carres):
            if chosen >> position & 1:
                used |= carre
                combination.append(carre)
        combination.extend(_runs(hand.mask & ~used))
        if combination:
            options.append(frozenset(combination))
    maximal = {option for option in options if not any(option < other for other in options)}
    found = [
        tuple(Declaration(seat, CardSet(mask)) for mask in sorted(option, reverse=True)) for option in maximal
    ]
    found.sort(
        key=lambda option: (sum(d.value for d in option), [d.cards.mask for d in option]), reverse=True
    )
    return tuple(found)


def allows_declarations(variant: Variant, trump: Trump | int | str) -> bool:
    """Whether declarations are made under ``variant`` in a contract of ``trump``: in variants
    that have them, not in no trumps (each player shows them with its first card).

    >>> from belote import BULGARIAN, CLASSIC, Trump
    >>> allows_declarations(BULGARIAN, Trump.SPADES), allows_declarations(BULGARIAN, Trump.NO_TRUMPS)
    (True, False)
    >>> allows_declarations(CLASSIC, Trump.SPADES)  # classic plays without them
    False

    Raises:
        ArgumentTypeError: ``variant`` is not a :class:`~belote.variant.Variant` or ``trump``
            not a trump mode.
        NotationError: ``trump`` is an int or a text that names no mode.
    """
    if not isinstance(variant, Variant):
        raise wrong_type("variant", "a Variant", variant)
    return variant.announcements is not Announcements.OFF and as_mode(trump) is not Trump.NO_TRUMPS


def check_declaration_choice(
    hand: CardSet,
    seat: Seat,
    chosen: Sequence[Declaration],
    trump: Trump,
    variant: Variant,
    *,
    hand_known: bool = True,
) -> None:
    """Raise :class:`DeclarationError` unless ``chosen`` may be declared now from ``hand``.

    With ``hand_known=False`` (another seat's hand, unseen) only what the declarations show is
    checked: the variant and contract allow them, they are the seat's, no card serves twice.
    """
    if not chosen:
        return
    if variant.announcements is Announcements.OFF:
        raise DeclarationError(
            f"{variant.name} plays without declarations", reason=Reason.DECLARATION_NOT_ALLOWED
        )
    if trump is Trump.NO_TRUMPS:
        raise DeclarationError("no declarations in no trumps", reason=Reason.DECLARATION_NOT_ALLOWED)
    masks = set()
    for declaration in chosen:
        if not isinstance(declaration, Declaration):
            raise DeclarationError(f"{safe_repr(declaration)} is not a Declaration")
        if declaration.seat != seat:
            raise DeclarationError(
                f"{declaration} belongs to seat {declaration.seat.value}, not to seat {seat.value}"
            )
        masks.add(declaration.cards.mask)
    if len(masks) != len(chosen):
        raise DeclarationError("the same declaration is given twice")
    if not hand_known:
        used = 0
        for mask in masks:
            if used & mask:
                raise DeclarationError(
                    f"{CardSet(used & mask)}: a card may not serve in two declarations",
                    reason=Reason.BAD_DECLARATION,
                )
            used |= mask
        return
    options = declaration_options(hand, seat)
    for option in options:
        if masks <= {declaration.cards.mask for declaration in option}:
            return
    raise DeclarationError(_why_not_declarable(hand, chosen, options))


def _why_not_declarable(
    hand: CardSet, chosen: Sequence[Declaration], options: Sequence[Sequence[Declaration]]
) -> str:
    """Why no option of ``hand`` holds every declaration of ``chosen``: a card the hand lacks, a
    sequence cut from a longer one, or a card serving in two declarations."""
    shown = ", ".join(str(declaration) for declaration in chosen)
    for declaration in chosen:
        missing = declaration.cards - hand
        if missing:
            return f"cannot declare {shown}: the hand does not hold {missing}"
    declarable = {d.cards.mask: d for option in options for d in option}
    for declaration in chosen:
        mask = declaration.cards.mask
        if mask not in declarable:
            longer = [d for m, d in declarable.items() if m & mask == mask]
            if longer:
                longest = max(longer, key=lambda d: len(d.cards))
                return (
                    f"cannot declare {shown}: {declaration} is part of a longer sequence the hand "
                    f"holds ({longest}): declare that"
                )
            return f"cannot declare {shown}: {declaration} is not a declaration the hand holds"
    return f"cannot declare {shown}: a card would serve in two declarations"


def _sequence_key(declaration: Declaration, trump: Trump) -> tuple[int, int]:
    return declaration.length, declaration.top.rank


def _carre_key(declaration: Declaration, trump: Trump) -> tuple[int]:
    rank = _carre_rank(declaration.cards.mask)
    assert rank is not None
    return (_CARRE_ORDER.index(rank),)


def _single_best_key(declaration: Declaration, trump: Trump) -> tuple[int, int, int, int]:
    is_carre = declaration.kind is DeclarationKind.CARRE
    top = declaration.top
    top_rank = STRENGTH_TABLE[Trump.ALL_TRUMPS][top.index] if is_carre else int(top.rank)
    in_trump = int(trump.suit is not None and top.suit == trump.suit and not is_carre)
    return declaration.value, int(is_carre), top_rank, in_trump


def _winning_team(
    declarations: Sequence[Declaration], trump: Trump, key: object, tie: DeclarationTie
) -> Team | None:
    """The team holding the best declaration by ``key``; ``None`` on an exact tie (or none)."""
    assert callable(key)
    best: dict[Team, tuple[object, int]] = {}
    for order, declaration in enumerate(declarations):
        value = key(declaration, trump)
        current = best.get(declaration.team)
        if current is None or value > current[0]:
            best[declaration.team] = (value, order)
    if not best:
        return None
    if len(best) == 1:
        return next(iter(best))
    (team_a, (key_a, first_a)), (team_b, (key_b, first_b)) = best.items()
    if key_a != key_b:
        return team_a if key_a > key_b else team_b  # type: ignore[operator]
    if tie is DeclarationTie.FIRST_ANNOUNCER:
        return team_a if first_a < first_b else team_b
    return None


def counted_declarations(
    declarations: Iterable[Declaration], *, trump: Trump, variant: Variant
) -> tuple[Declaration, ...]:
    """The declarations that score, in the order given (the order of announcement).

    French rule (``announcements="on"``): the team with the single best declaration scores
    all of its declarations. Bulgarian (``"separate"``): sequences are compared only with
    sequences and carrés only with carrés, independently (rule B9).

    >>> from belote import BULGARIAN, CardSet, Seat, Trump
    >>> shown = [
    ...     Declaration(Seat(0), CardSet.parse("7H 8H 9H")),
    ...     Declaration(Seat(1), CardSet.parse("9S TS JS QS")),
    ... ]
    >>> counted_declarations(shown, trump=Trump.SPADES, variant=BULGARIAN)
    (Declaration(Seat.WEST, CardSet.parse('QS JS TS 9S')),)

    Raises:
        ArgumentTypeError: ``declarations`` is not an iterable of :class:`Declaration`,
            ``trump`` is not a trump mode or ``variant`` not a :class:`~belote.variant.Variant`.
        NotationError: ``trump`` is an int or a text that names no mode.
    """
    if isinstance(declarations, (str, bytes)) or not isinstance(declarations, Iterable):
        raise wrong_type("declarations", "an iterable of Declaration", declarations)
    shown = tuple(declarations)
    if not all(isinstance(d, Declaration) for d in shown):
        raise wrong_type("declarations", "an iterable of Declaration", declarations)
    trump = as_mode(trump)
    if not isinstance(variant, Variant):
        raise wrong_type("variant", "a Variant", variant)
    if not shown or not allows_declarations(variant, trump):
        return ()
    tie = variant.decl_exact_tie
    if variant.announcements is Announcements.ON:
        winner = _winning_team(shown, trump, _single_best_key, tie)
        return tuple(d for d in shown if d.team == winner)
    sequences = [d for d in shown if d.kind is not DeclarationKind.CARRE]
    carres = [d for d in shown if d.kind is DeclarationKind.CARRE]
    sequence_winner = _winning_team(sequences, trump, _sequence_key, tie)
    carre_winner = _winning_team(carres, trump, _carre_key, tie)
    return tuple(
        d
        for d in shown
        if (d.kind is DeclarationKind.CARRE and d.team == carre_winner)
        or (d.kind is not DeclarationKind.CARRE and d.team == sequence_winner)
    )
