"""Friendly inputs of the position builders: cards, seats, calls and plays as a program or a
person gives them (objects, ints or text), read into the library's own values.

Shared by :func:`~belote.positions.position` and :func:`~belote.views.seat_view`. A play is a
:class:`~belote.cards.Card`, a card text, or a ``(seat, card)`` pair; a card text may carry the
round notation's marks: ``"KH*"`` announces belote with the card and ``"KS(KSQSJS,9C9D9H9S)"``
shows declarations with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeAlias

from belote._repr import safe_repr
from belote.bidding import Bid, Call, Double, Pass, Redouble, parse_call
from belote.cards import Card, CardSet
from belote.errors import ArgumentTypeError, BeloteError, NotationError, PositionError, Reason
from belote.seats import Seat

__all__ = [
    "CallInput",
    "Cards",
    "PlayInput",
    "card_list",
    "entry_list",
    "parse_call_input",
    "parse_play",
    "seat_of",
    "split_plays",
]

Cards: TypeAlias = CardSet | Iterable[Card | str] | str
"""Cards as a :class:`~belote.cards.CardSet`, an iterable of :class:`~belote.cards.Card` (or card
texts), or one text like ``"AS JH 7D"``."""
PlayInput: TypeAlias = Card | str | tuple[Seat | int, Card | str]
"""One card played: a :class:`~belote.cards.Card`, a card text (``"KH"``, ``"KH*"`` with belote,
``"KS(KSQSJS)"`` with declarations), or a ``(seat, card)`` pair whose seat is checked."""
CallInput: TypeAlias = Call | str | tuple[Seat | int, Call | str]
"""One call: a :data:`~belote.calls.Call`, its text (``"pass"``, ``"H"``, ``"contra"``), or a
``(seat, call)`` pair whose seat is checked."""

SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat(0), Seat(1), Seat(2), Seat(3))
_CALLS = (Pass, Bid, Double, Redouble)
_PLAY_TEXT = re.compile(r"\s*([^\s*()]+)(\*?)(?:\(([^()]*)\))?\s*")
_DECLARED_CARD = re.compile(r"\s*((?:10|[789TJQKA])[CDHS♣♦♥♠♤♡♢♧])", re.IGNORECASE)


def _canonical(mask: int) -> list[int]:
    """The card numbers of ``mask`` in a card set's canonical order (descending)."""
    cards = []
    while mask:
        top = mask.bit_length() - 1
        cards.append(top)
        mask ^= 1 << top
    return cards


def seat_of(value: object, what: str) -> Seat:
    """``value`` (a :class:`~belote.seats.Seat` or an int 0..3) as a seat."""
    if value.__class__ is Seat:
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{what} must be a Seat or an int 0..3, got {safe_repr(value)}")
    if not 0 <= value <= 3:
        raise BeloteError(f"{what} must be a seat 0..3, got {safe_repr(value)}")
    return SEATS[value]


def card_list(value: object, what: str) -> list[int]:
    """The card numbers of ``value`` (see :data:`Cards`) in the order given (a card set in its
    canonical order); a card given twice raises :class:`~belote.errors.PositionError`."""
    if value.__class__ is CardSet:
        return _canonical(value.mask)
    if isinstance(value, str):
        items: Iterable[object] = value.replace(",", " ").split()
    elif isinstance(value, Iterable):
        items = value
    else:
        raise ArgumentTypeError(
            f"{what} must be cards (a CardSet, Cards or a text like 'AS JH'), got {safe_repr(value)}"
        )
    cards: list[int] = []
    for item in items:
        if item.__class__ is Card:
            cards.append(item.index)
        elif isinstance(item, str):
            cards.append(Card.parse(item).index)
        else:
            raise NotationError(f"{safe_repr(item)} in {what} is not a card", reason=Reason.MALFORMED_CARDS)
    if len(set(cards)) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise PositionError(f"{what} gives {Card.from_index(twice)} twice", reason=Reason.MALFORMED_CARDS)
    return cards


def entry_list(value: object, split: Callable[[str], list[str]], what: str) -> list[object]:
    """The entries of an auction or a card play as a program or a person gives them: a text,
    cut by ``split``, or a sequence; ``what`` names the argument and its forms in the refusal.

    >>> entry_list("AS 7S", split_plays, "plays must be cards"), entry_list(("pass",), str.split, "calls")
    (['AS', '7S'], ['pass'])
    """
    if isinstance(value, str):
        return list(split(value))
    if not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{what}, got {safe_repr(value)}")
    return list(value)


def parse_call_input(entry: object) -> tuple[Seat | None, Call]:
    """A call input as ``(seat given or None, call)``."""
    seat = None
    if isinstance(entry, tuple):
        if len(entry) != 2:
            raise NotationError(f"{safe_repr(entry)} is not a (seat, call) pair", reason=Reason.BAD_ARGUMENT)
        seat = seat_of(entry[0], "a call's seat")
        entry = entry[1]
    if isinstance(entry, _CALLS):
        return seat, entry
    if isinstance(entry, str):
        return seat, parse_call(entry)
    raise NotationError(
        f"{safe_repr(entry)} is not a call: expected Pass, Bid, Double, Redouble or a call text",
        reason=Reason.BAD_ARGUMENT,
    )


def parse_play(entry: object) -> tuple[Seat | None, Card, bool, tuple[int, ...]]:
    """A play input as ``(seat given or None, card, belote announced, declared card masks)``."""
    seat = None
    if isinstance(entry, tuple):
        if len(entry) != 2:
            raise NotationError(f"{safe_repr(entry)} is not a (seat, card) pair")
        seat = seat_of(entry[0], "a play's seat")
        entry = entry[1]
    if entry.__class__ is Card:
        return seat, entry, False, ()
    if not isinstance(entry, str):
        raise NotationError(
            f"{safe_repr(entry)} is not a play: expected a Card, a card text like 'KH*' "
            "or a (seat, card) pair"
        )
    found = _PLAY_TEXT.fullmatch(entry)
    if found is None:
        raise NotationError(
            f"{safe_repr(entry)} is not a play: a card, '*' for belote, '(cards,cards)' for declarations"
        )
    card = Card.parse(found.group(1))
    marks = found.group(3)
    shown = () if marks is None else tuple(_declared(part, entry) for part in marks.split(","))
    return seat, card, bool(found.group(2)), shown


def _declared(text: str, entry: str) -> int:
    mask = 0
    position = 0
    stripped = text.rstrip()
    while position < len(stripped):
        found = _DECLARED_CARD.match(stripped, position)
        if found is None:
            raise NotationError(
                f"{safe_repr(text)} in {safe_repr(entry)} is not a run of cards like KSQSJS",
                reason=Reason.MALFORMED_CARDS,
            )
        mask |= 1 << Card.parse(found.group(1)).index
        position = found.end()
    if not mask:
        raise NotationError(f"an empty declaration in {safe_repr(entry)}", reason=Reason.MALFORMED_CARDS)
    return mask


def split_plays(text: str) -> list[str]:
    """The plays of one text: separated by spaces, commas outside parentheses, or ``/``."""
    tokens: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if depth <= 0 and (char.isspace() or char in ",/"):
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(char)
    if current:
        tokens.append("".join(current))
    return tokens
