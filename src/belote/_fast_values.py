"""Fast constructors of the round's values for the hot path of :func:`~belote.round.play` and
friends: :func:`new_state`, :func:`new_trick` and :func:`new_history` build a
:class:`~belote.state.RoundState`, a :class:`~belote.state.Trick` and a
:class:`~belote.state.PlayHistory` from their fields in definition order, without the generic
``__init__`` (the values are the same as the classes' own constructors make).

>>> from belote.state import NO_HISTORY, PlayHistory
>>> new_history((), (), ()) == NO_HISTORY == PlayHistory()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from belote.cards import Card
from belote.declarations import Declaration
from belote.seats import Seat
from belote.state import Phase, PlayHistory, RoundSetup, RoundState, Trick

__all__ = ["new_history", "new_state", "new_trick"]


def _slot_setters(cls: type, names: tuple[str, ...]) -> tuple[Callable[[Any, Any], None], ...]:
    """The slot descriptors' setters of ``cls`` for ``names``, which must be all its fields in order.

    Setting slots through their descriptors skips the generic ``__init__`` and the frozen
    ``__setattr__`` guard: the hot path builds values about a third faster this way. The check
    makes a renamed or reordered field fail at import, not silently.
    """
    if names != tuple(field.name for field in attrs.fields(cls)):
        raise ImportError(f"{cls.__name__} fields changed: update its fast constructor")
    return tuple(cls.__dict__[name].__set__ for name in names)


def _state_constructor() -> Callable[..., RoundState]:
    s0, s1, s2, s3, s4, s5, s6 = _slot_setters(
        RoundState, ("setup", "phase", "to_act", "hand_masks", "trick_cards", "legal_mask", "history")
    )
    new = object.__new__

    def construct(
        setup: RoundSetup,
        phase: Phase,
        to_act: Seat | None,
        hand_masks: tuple[int, int, int, int],
        trick_cards: tuple[int, ...],
        legal: int,
        history: PlayHistory,
    ) -> RoundState:
        state = new(RoundState)
        s0(state, setup)
        s1(state, phase)
        s2(state, to_act)
        s3(state, hand_masks)
        s4(state, trick_cards)
        s5(state, legal)
        s6(state, history)
        return state

    return construct


def _trick_constructor() -> Callable[..., Trick]:
    s0, s1, s2, s3 = _slot_setters(Trick, ("leader", "cards", "winner", "points"))
    new = object.__new__

    def construct(leader: Seat, cards: tuple[Card, Card, Card, Card], winner: Seat, points: int) -> Trick:
        trick = new(Trick)
        s0(trick, leader)
        s1(trick, cards)
        s2(trick, winner)
        s3(trick, points)
        return trick

    return construct


def _history_constructor() -> Callable[..., PlayHistory]:
    s0, s1, s2 = _slot_setters(PlayHistory, ("tricks", "belotes", "declarations"))
    new = object.__new__

    def construct(
        tricks: tuple[Trick, ...], belotes: tuple[Seat, ...], declarations: tuple[Declaration, ...]
    ) -> PlayHistory:
        history = new(PlayHistory)
        s0(history, tricks)
        s1(history, belotes)
        s2(history, declarations)
        return history

    return construct


new_state = _state_constructor()
"""``RoundState(*fields)`` for the hot path (fields in definition order)."""
new_trick = _trick_constructor()
"""``Trick(*fields)`` for the hot path."""
new_history = _history_constructor()
"""``PlayHistory(*fields)`` for the hot path."""
