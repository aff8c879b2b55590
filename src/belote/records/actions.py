"""A record's actions applied through the rules: the calls and cards of a round, as a record
writes them, each played by :func:`~belote.round.bid` or :func:`~belote.round.play`, the first
one refused named by its index and seat.

It serves whoever holds a round's actions without a whole record: a server's log of moves, a
bot's game in progress, the self-play records' training pairs (which apply a deal's actions one
at a time). :func:`apply_actions` is importable from :mod:`belote.records` as well.

An action without a seat is the seat to act's:

>>> from belote import CLASSIC, Seat, deal
>>> actions: list[dict[str, object]] = [{"seat": 1, "call": "pass"}, {"call": "pass"}]
>>> apply_actions(deal(CLASSIC, dealer=Seat(0), seed=3), actions).to_act
<Seat.EAST: 3>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from belote._args import as_seat, require_int, wrong_type
from belote._repr import safe_repr
from belote.bidding import parse_call
from belote.cards import Card, CardSet
from belote.declarations import Declaration
from belote.errors import BeloteError, RecordError, ReplayError
from belote.round import RoundState, bid, play
from belote.seats import Seat

__all__ = ["apply_actions"]


def _texts(value: object) -> list[Any]:
    """The items of an action's list (its declarations, a declaration's cards)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RecordError(f"declarations must be lists of card texts, got {safe_repr(value)}")
    return list(value)


def apply_actions(
    state: RoundState,
    actions: Sequence[Mapping[str, Any]],
    *,
    deal_number: int | None = None,
) -> RoundState:
    """Apply record actions (``{"seat", "call"}`` or ``{"seat", "card", "belote",
    "declarations"}``, card texts as in a record) to ``state`` through the rules.

    A ``seat`` of ``None`` means the seat to act (the compact notation does not write seats).
    The first action the rules refuse, or that is malformed (not a mapping, an unknown seat,
    neither a call nor a card), raises :class:`ReplayError` with its index and seat.

    >>> from belote import CLASSIC, Seat, deal
    >>> state = apply_actions(deal(CLASSIC, dealer=Seat(0), seed=3), [{"seat": 1, "call": "pass"}])
    >>> state.to_act
    <Seat.SOUTH: 2>

    Raises:
        ArgumentTypeError: ``state`` is not a round state, ``actions`` not a sequence, or
            ``deal_number`` not an int.
        ReplayError: an action that is malformed or that the rules refuse (its index, its
            seat, and the rules' reason).
    """
    if not isinstance(state, RoundState):
        raise wrong_type("state", "a RoundState", state)
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
        raise wrong_type("actions", "a sequence of actions (mappings)", actions)
    if deal_number is not None:
        require_int(deal_number, "deal_number")
    for index, action in enumerate(actions):
        seat = state.to_act
        try:
            if not isinstance(action, Mapping):
                raise RecordError(f"action {index} must be an object, got {safe_repr(action)}")
            given = action.get("seat")
            seat = state.to_act if given is None else as_seat(given, "seat")
            if "call" in action:
                state = bid(state, parse_call(action["call"]), seat=seat)
            else:
                shown = tuple(
                    Declaration(
                        seat if seat is not None else Seat(0), CardSet.of(map(Card.parse, _texts(cards)))
                    )
                    for cards in _texts(action.get("declarations", ()))
                )
                if "card" not in action:
                    raise RecordError(f"action {index} has neither a call nor a card")
                card = Card.parse(action["card"])
                belote = bool(action.get("belote", False))
                state = play(state, card, seat=seat, belote=belote, declarations=shown)
        except BeloteError as error:
            raise ReplayError(
                str(error), index=index, seat=seat, reason=error.reason, deal=deal_number
            ) from error
    return state
