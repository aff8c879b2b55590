"""Game records: a round or a whole match as JSON, checked and replayed through the rules.

A record holds the variant (a preset name plus the options that differ), the dealer, the
deck in dealing order (or a seed), and every action in order with its seat: calls, cards,
and on a card the belote and declarations announced with it. A round built from its contract
with no auction (:func:`~belote.positions.position` with ``contract=...``) holds the contract
instead of the calls (record version 2). A match record is the list of its deals plus the
final scores. :func:`dumps` writes one, :func:`loads` reads it back
*by replaying it*: every action goes through :func:`~belote.round.bid` and
:func:`~belote.round.play`, so a tampered record is caught, never silently accepted.

>>> from belote import CLASSIC, Seat, deal, bid, play, legal_bids, legal_moves
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> state = bid(state, legal_bids(state)[-1])
>>> state = play(state, next(iter(legal_moves(state))))
>>> loads(dumps(state)) == state
True
>>> record = to_record(state)
>>> record["actions"][-1]["seat"] = 3
>>> replay(record)
Traceback (most recent call last):
...
belote.errors.ReplayError: action 1, seat 3: seat 3 cannot play: it is seat 1's turn [out_of_turn]

This package is the records' room, a service above the engine: the format's name, version and
JSON Schema (shipped in the package as ``record.schema.json``) and the check of a record against
it are in :mod:`belote.records.schema`; a record's variant in :mod:`belote.records.variant`; its
actions applied through the rules, one at a time or a whole list, in :mod:`belote.records.actions`;
the internal parts are the bounded parsing of record text (``_text``), the small JSON Schema
checker (``_jsonschema``) and the replay of a record's rounds through the rules (``_replay``);
a contract given directly is spelled by ``belote._contract_json``, below the records, which the
analysis's JSON shares.
:mod:`belote.notation` writes the same rounds on one line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from belote._contract_json import contract_to_json
from belote._repr import safe_repr
from belote.belotes import belote_allowed
from belote.bidding import Contract
from belote.cards import DECK
from belote.declarations import Declaration
from belote.errors import ArgumentTypeError, BeloteError, Reason
from belote.errors import RecordError as RecordError
from belote.errors import ReplayError as ReplayError
from belote.match import Match, match
from belote.positions import position
from belote.records import _text
from belote.records._replay import check_points, dealt_cards, integers, replay_round
from belote.records._text import RecordTextError, parse_json
from belote.records.actions import apply_actions as apply_actions
from belote.records.schema import RECORD_FORMAT as RECORD_FORMAT
from belote.records.schema import RECORD_VERSION as RECORD_VERSION
from belote.records.schema import record_schema as record_schema
from belote.records.schema import validate_record as validate_record
from belote.records.variant import variant_from_json as variant_from_json
from belote.records.variant import variant_to_json as variant_to_json
from belote.round import Phase, RoundState, bid, deal, play, score_round
from belote.seats import Seat

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_DIGITS",
    "MAX_RECORD_LENGTH",
    "MOST_INDENT",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "ReplayError",
    "apply_actions",
    "dumps",
    "loads",
    "loads_match",
    "loads_round",
    "record_schema",
    "replay",
    "to_record",
    "validate_record",
    "variant_from_json",
    "variant_to_json",
]

MAX_RECORD_LENGTH: int = _text.MAX_RECORD_LENGTH
"""The longest text :func:`loads` reads, in characters (bytes for ``bytes``): 10,000,000."""
MAX_DEPTH: int = _text.MAX_DEPTH
"""How deep :func:`loads` lets arrays and objects nest: 32 (a record needs 7)."""
MAX_NUMBER_DIGITS: int = _text.MAX_NUMBER_DIGITS
"""Numbers in a record stay below ``10**MAX_NUMBER_DIGITS`` in magnitude: 100 digits."""


# -- writing -------------------------------------------------------------------------------------


def _given_contract(state: RoundState) -> Contract | None:
    """The contract of a round built from it directly, with no auction (``None`` otherwise)."""
    return state.contract if not state.auction else None


def _round_body(state: RoundState) -> dict[str, Any]:
    """dealer, deck, the contract given directly (if any) and actions of a round (the part
    shared by round and match records)."""
    actions: list[dict[str, Any]] = [{"seat": int(seat), "call": str(call)} for seat, call in state.auction]
    plays = [play for trick in state.tricks for play in trick.plays] + list(state.trick)
    belotes = list(state.belotes)
    deck = [DECK[card] for card in state.deck]
    given = _given_contract(state)
    body: dict[str, Any] = {"dealer": int(state.dealer), "deck": [str(card) for card in deck]}
    if given is None:
        replayed = deal(state.variant, dealer=state.dealer, deck=deck)
        for _, call in state.auction:
            replayed = bid(replayed, call)
    else:
        body["contract"] = contract_to_json(given)
        replayed = position(
            state.variant,
            dealer=state.dealer,
            hands=[[DECK[card] for card in dealt_cards(state.deck, state.dealer, seat)] for seat in Seat],
            stock=deck[20:],
            contract=given,
        )
    for number, (seat, card) in enumerate(plays):
        action: dict[str, Any] = {"seat": int(seat), "card": str(card)}
        assert replayed.contract is not None
        hand = replayed.hand_masks[seat]
        announce = bool(belotes) and belotes[0] == seat
        if announce and belote_allowed(
            hand, card.index, replayed.trick_cards, replayed.contract.trump, replayed.variant
        ):
            belotes.pop(0)
            action["belote"] = True
        else:
            announce = False
        shown: tuple[Declaration, ...] = ()
        if number < 4:
            shown = tuple(d for d in state.declarations if d.seat == seat)
            if shown:
                action["declarations"] = [[str(c) for c in d.cards] for d in shown]
        replayed = play(replayed, card, belote=announce, declarations=shown)
        actions.append(action)
    return {**body, "actions": actions}


def _header(*rounds: RoundState) -> dict[str, Any]:
    """Format and version of a record of ``rounds``: the lowest version that reads it (1, or 2
    when a round holds a contract given directly)."""
    given = any(_given_contract(state) is not None for state in rounds)
    return {"format": RECORD_FORMAT, "version": 2 if given else 1}


def to_record(game: RoundState | Match) -> dict[str, Any]:
    """The JSON-ready record of a round (at any moment) or of a match.

    A match must have been recorded from round states (``Match.record(state)``): a deal
    scored by hand has no actions to write.

    A round built from its contract with no auction (:func:`~belote.positions.position` with
    ``contract=...``) is written with its ``contract`` and the card plays as its actions; such a
    record is version 2. Every other record is version 1, which older releases read too.

    >>> from belote import CLASSIC, Seat, deal
    >>> record = to_record(deal(CLASSIC, dealer=Seat(0), seed=1))
    >>> record["version"], record["kind"], record["variant"], record["actions"]
    (1, 'round', {'preset': 'classic'}, [])
    >>> from belote import Contract, Trump, position
    >>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
    ...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
    >>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
    ...                  contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S")
    >>> record = to_record(state)
    >>> record["version"], record["contract"], record["actions"]
    (2, {'taker': 0, 'trump': 'H'}, [{'seat': 0, 'card': 'AS'}, {'seat': 1, 'card': '7S'}])
    """
    if isinstance(game, RoundState):
        record = {
            **_header(game),
            "kind": "round",
            "variant": variant_to_json(game.variant),
            **_round_body(game),
        }
        if game.phase is Phase.FINISHED:
            record["points"] = list(score_round(game).points)
        return record
    if not isinstance(game, Match):
        raise BeloteError(f"cannot record {safe_repr(game)}: expected a RoundState or a Match")
    deals = []
    rounds = []
    for entry in game.history:
        if entry.round is None:
            raise RecordError(f"deal {entry.number + 1} was scored by hand: it has no actions to record")
        rounds.append(entry.round)
        deals.append({**_round_body(entry.round), "points": list(entry.points)})
    return {
        **_header(*rounds),
        "kind": "match",
        "variant": variant_to_json(game.variant),
        "seed": game.seed,
        "first_dealer": int(game.first_dealer),
        "deals": deals,
        "scores": list(game.scores),
        "winner": None if game.winner is None else int(game.winner),
    }


MOST_INDENT = 16
"""The widest ``indent`` :func:`dumps` takes: spaces per level of the JSON text."""


def dumps(game: RoundState | Match, *, indent: int | None = None) -> str:
    """The record of ``game`` as JSON text (see :func:`to_record`); :func:`loads` reads it.

    It writes only what :func:`loads` reads: a record beyond its limits (a variant option or a
    score of more than :data:`MAX_NUMBER_DIGITS` digits, a name that is not Unicode text, a text
    longer than :data:`MAX_RECORD_LENGTH`) raises :class:`RecordError` naming the place.

    >>> from belote import CLASSIC, Seat, deal
    >>> text = dumps(deal(CLASSIC, dealer=Seat(0), seed=1))
    >>> text[:40]
    '{"format": "belote-record", "version": 1'
    >>> loads(text) == deal(CLASSIC, dealer=Seat(0), seed=1)
    True
    >>> from belote import match
    >>> dumps(match(CLASSIC, seed=10**100))
    Traceback (most recent call last):
    ...
    belote.errors.RecordError: seed: a number with more than 100 digits: loads would refuse it

    Raises:
        ArgumentTypeError: ``game`` is neither a round nor a match, or ``indent`` neither None
            nor an int.
        BeloteError: ``indent`` below 0 or above :data:`MOST_INDENT` (reason ``BAD_ARGUMENT``).
        RecordError: a record :func:`loads` would refuse (above).
    """
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int)):
        raise ArgumentTypeError(f"indent must be None or an int, got {safe_repr(indent)}")
    if indent is not None and not 0 <= indent <= MOST_INDENT:
        raise BeloteError(
            f"indent must be from 0 to {MOST_INDENT}, got {safe_repr(indent)}", reason=Reason.BAD_ARGUMENT
        )
    record = to_record(game)
    problem = _text.unreadable(record)
    if problem is not None:
        path, why = problem
        raise RecordError(f"{why}: loads would refuse it", path=path)
    text = json.dumps(record, ensure_ascii=False, indent=indent)
    if len(text) > MAX_RECORD_LENGTH:
        raise RecordError(
            f"the record is longer than {MAX_RECORD_LENGTH:,} characters ({len(text):,}): "
            "loads would refuse it"
        )
    return text


# -- reading -------------------------------------------------------------------------------------


def loads(text: str | bytes) -> RoundState | Match:
    """Read a JSON record and replay it: the round state or the match it describes.

    Hostile text fails with :class:`RecordError`, never with another exception or a
    half-read record. Limits: at most :data:`MAX_RECORD_LENGTH` (10,000,000) characters
    (bytes for ``bytes``); arrays and objects nested at most :data:`MAX_DEPTH` (32) deep (a
    record needs 7); numbers below ``10**100`` in magnitude (at most
    :data:`MAX_NUMBER_DIGITS` digits), no ``NaN`` or ``Infinity``; no key twice in one
    object; strings of Unicode text (no lone surrogates). ``bytes`` are decoded as UTF-8
    (or UTF-16/32, as :func:`json.loads` detects). A number with no fractional part
    (``1.0``) is an integer, as JSON Schema counts. When the type of the result matters,
    :func:`loads_round` and :func:`loads_match` give it.

    >>> loads('{"format": "belote-record", "version": NaN}')
    Traceback (most recent call last):
    ...
    belote.errors.RecordError: NaN is not a JSON number
    >>> loads("[" * 1000 + "]" * 1000)
    Traceback (most recent call last):
    ...
    belote.errors.RecordError: arrays and objects nested more than 32 deep

    Raises:
        ArgumentTypeError: ``text`` is neither ``str`` nor ``bytes``.
        RecordError: not JSON within the limits, or not a record by the schema (see
            :func:`~belote.records.schema.validate_record`).
        ReplayError: a record by the schema that the rules refuse: an option value they do
            not know, an action they refuse, or a recorded result that differs.

    >>> from belote import CLASSIC, Seat, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=1)
    >>> loads(dumps(state)) == state
    True
    """
    return replay(_parse(text))


def loads_round(text: str | bytes) -> RoundState:
    """:func:`loads` for a round record: the round state; a match record raises
    :class:`RecordError` (before any replay).

    >>> from belote import CLASSIC, deal, match
    >>> state = deal(CLASSIC, seed=7)
    >>> loads_round(dumps(state)) == state
    True
    >>> loads_round(dumps(match(CLASSIC, seed=7)))
    Traceback (most recent call last):
    ...
    belote.errors.RecordError: kind: a match record, not a round record
    """
    result = replay(_parse(text), kind="round")
    assert isinstance(result, RoundState)
    return result


def loads_match(text: str | bytes) -> Match:
    """:func:`loads` for a match record: the match; a round record raises
    :class:`RecordError` (before any replay).

    >>> from belote import CLASSIC, match
    >>> game = match(CLASSIC, seed=3)
    >>> loads_match(dumps(game)) == game
    True
    """
    result = replay(_parse(text), kind="match")
    assert isinstance(result, Match)
    return result


def _parse(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise ArgumentTypeError(f"loads: text must be str or bytes, got {type(text).__name__}")
    try:
        return parse_json(text)
    except RecordTextError as problem:
        raise RecordError(str(problem)) from None


def replay(record: Mapping[str, Any], *, kind: str | None = None) -> RoundState | Match:
    """Re-apply every action of ``record`` through the rules: the final state or match.

    The record is first checked against the schema (:func:`~belote.records.schema.validate_record`,
    :class:`RecordError`); with ``kind`` (``"round"`` or ``"match"``) it must also be of that
    kind. The first illegal, impossible or out-of-turn action raises :class:`ReplayError`
    naming its index, seat and reason; so does a recorded score that the replay does not
    give, and a variant option that the schema allows but the rules do not know.

    >>> from belote import CLASSIC, Seat, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=1)
    >>> replay(to_record(state)) == state
    True
    """
    validate_record(record)
    if kind is not None and record["kind"] != kind:
        raise RecordError(f"a {record['kind']} record, not a {kind} record", path="kind")
    record = integers(record)
    try:
        variant = variant_from_json(record["variant"])
    except RecordError as error:
        raise ReplayError(str(error), index=None, seat=None, reason=Reason.BAD_OPTION) from None
    if record["kind"] == "round":
        seed = record.get("seed")
        state = replay_round(variant, record, seed=seed, number=None)
        if "points" in record:
            check_points(state, record, score_round(state).points if state.phase is Phase.FINISHED else None)
        return state
    game = match(variant, seed=record.get("seed"), first_dealer=Seat(record["first_dealer"]))
    for number, entry in enumerate(record["deals"]):
        if game.winner is not None:
            raise ReplayError(
                f"the match was over (team {game.winner.value} won) before this deal",
                index=0,
                seat=None,
                reason=Reason.MATCH_OVER,
                deal=number,
            )
        if entry["dealer"] != game.dealer:
            raise ReplayError(
                f"dealt by seat {entry['dealer']}, but it is seat {game.dealer.value}'s deal",
                index=None,
                seat=Seat(entry["dealer"]),
                deal=number,
            )
        state = replay_round(variant, entry, seed=game.deal_seed(number), number=number)
        if state.phase not in (Phase.FINISHED, Phase.PASSED_OUT):
            raise ReplayError(
                f"the deal stops after {len(entry['actions'])} actions, before its end",
                index=len(entry["actions"]),
                seat=state.to_act,
                reason=Reason.ROUND_NOT_FINISHED,
                deal=number,
            )
        game = game.record(state)
        check_points(state, entry, game.history[-1].points, number=number)
    if tuple(record["scores"]) != game.scores:
        raise ReplayError(
            f"the record says the scores are {safe_repr(tuple(record['scores']))}, "
            f"the replay gives {game.scores}",
            index=None,
            seat=None,
        )
    winner = None if game.winner is None else game.winner.value
    if record["winner"] != winner:
        raise ReplayError(
            f"the record says the winner is {safe_repr(record['winner'])}, the replay gives {winner}",
            index=None,
            seat=None,
        )
    return game
