"""Replaying a record's rounds through the rules (the private half of :func:`belote.records.replay`):
a round's entry (dealer, deck or seed, actions, or the contract and the card plays) rebuilt as the
position it reaches, every call and card checked by :func:`belote.positions.position`, and the
recorded points compared with the replay's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from belote._contract_json import contract_from_json
from belote._repr import safe_repr
from belote.cards import DECK, Card
from belote.errors import BeloteError, PositionError, Reason, ReplayError
from belote.positions import position
from belote.round import RoundState, deal
from belote.seats import Seat
from belote.variants import Variant


def integers(value: Any) -> Any:
    """A copy of a checked record with every integral float (``1.0``) as an ``int``."""
    if isinstance(value, float):
        return int(value)
    if isinstance(value, Mapping):
        return {key: integers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [integers(item) for item in value]
    return value


def check_points(
    state: RoundState, entry: Mapping[str, Any], points: tuple[int, int] | None, number: int | None = None
) -> None:
    recorded = entry.get("points")
    if recorded is not None and (points is None or tuple(recorded) != points):
        got = "no score (the round is not finished)" if points is None else f"{points}"
        raise ReplayError(
            f"the record says this deal scored {safe_repr(tuple(recorded))}, the replay gives {got}",
            index=len(entry["actions"]),
            seat=None,
            deal=number,
        )


def replay_round(
    variant: Variant, entry: Mapping[str, Any], *, seed: int | str | None, number: int | None
) -> RoundState:
    dealer = Seat(entry["dealer"])
    try:
        if "deck" in entry:
            dealt = deal(variant, dealer=dealer, deck=[Card.parse(card) for card in entry["deck"]])
        else:
            dealt = deal(variant, dealer=dealer, seed=seed)
    except BeloteError as error:
        raise ReplayError(str(error), index=None, seat=None, reason=error.reason, deal=number) from error
    hands = [[DECK[card] for card in dealt_cards(dealt.deck, dealer, seat)] for seat in Seat]
    actions = entry["actions"]
    calls = []
    for action in actions:
        if "call" not in action:
            break
        calls.append((action["seat"], action["call"]))
    plays = []
    for action in actions[len(calls) :]:
        if "call" in action:
            break
        plays.append((action["seat"], play_text(action)))
    given = entry.get("contract")  # the schema allows no call beside it
    contract = None if given is None else contract_from_json(given)
    try:
        state = position(
            variant,
            dealer=dealer,
            hands=hands,
            stock=[DECK[card] for card in dealt.deck[20:]],
            contract=contract,
            auction=None if contract is not None else calls,
            plays=plays,
        )
    except PositionError as error:  # a contract the variant's rules do not allow
        seat = None if contract is None else contract.taker
        raise ReplayError(str(error), index=None, seat=seat, reason=error.reason, deal=number) from error
    except ReplayError as error:
        if number is None:
            raise
        raise ReplayError(
            error.detail, index=error.index, seat=error.seat, reason=error.reason, deal=number
        ) from error
    if len(calls) + len(plays) < len(actions):  # a call after the first card
        index = len(calls) + len(plays)
        given = Seat(actions[index]["seat"])
        raise ReplayError(
            f"cannot bid now: the round is in the {state.phase.value.replace('_', ' ')} phase",
            index=index,
            seat=given,
            reason=Reason.WRONG_PHASE,
            deal=number,
        )
    return state


def dealt_cards(deck: Sequence[int], dealer: Seat, seat: Seat) -> list[int]:
    """The first 5 cards ``seat`` receives from ``deck`` (3 then 2, from the eldest on)."""
    step = (seat - dealer - 1) & 3
    return [*deck[3 * step : 3 * step + 3], *deck[12 + 2 * step : 14 + 2 * step]]


def play_text(action: Mapping[str, Any]) -> str:
    """A record's card action as a play text: the card, ``*`` for belote, ``(...)`` for declarations."""
    text = str(action["card"]).strip()
    if action.get("belote", False):
        text += "*"
    shown = action.get("declarations", ())
    if shown:
        text += "(" + ",".join("".join(str(card).strip() for card in cards) for cards in shown) + ")"
    return text
