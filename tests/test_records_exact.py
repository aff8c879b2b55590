"""Exact results and refusals of the record readers that mutation testing (mutmut 3.8) found
untested: ``apply_actions`` (a round's actions through the rules, each refusal with its index,
seat, deal and reason), the variant object of a record, the JSON text limits and the replay of
a round's entry."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    DECK,
    ArgumentTypeError,
    Phase,
    Reason,
    RoundState,
    Seat,
    Variant,
    deal,
    to_record,
)
from belote.errors import BeloteError, NotationError, OutOfTurnError, PhaseError, RecordError, ReplayError
from belote.records import apply_actions, replay
from belote.records._replay import replay_round
from belote.records._text import MAX_RECORD_LENGTH, RecordTextError, parse_json, unreadable
from belote.records.variant import variant_from_json, variant_to_json
from reachable import random_round
from test_records import contract_match, contract_round, random_match

# ---------------------------------------------------------------- apply_actions: a whole round


def _dealt(state: RoundState) -> RoundState:
    """The deal ``state`` started from (its dealer and deck)."""
    return deal(state.variant, dealer=state.dealer, deck=[DECK[card] for card in state.deck])


def _finished_with_belote_and_declaration() -> RoundState:
    state = random_round(BULGARIAN, 10)  # a finished round with a belote and a declaration
    assert state.phase is Phase.FINISHED
    assert state.belotes
    assert state.declarations
    return state


def test_apply_actions_replays_a_round_with_its_belote_and_declarations() -> None:
    state = _finished_with_belote_and_declaration()
    actions: list[dict[str, Any]] = to_record(state)["actions"]
    assert any(action.get("belote") for action in actions)
    assert any("declarations" in action for action in actions)
    assert apply_actions(_dealt(state), actions) == state


def test_apply_actions_reads_a_missing_or_none_seat_as_the_seat_to_act() -> None:
    state = _finished_with_belote_and_declaration()
    actions = to_record(state)["actions"]
    unseated = [{key: value for key, value in action.items() if key != "seat"} for action in actions]
    none_seats = [{**action, "seat": None} for action in actions]
    assert apply_actions(_dealt(state), unseated) == state
    assert apply_actions(_dealt(state), none_seats) == state


def test_apply_actions_without_the_belote_mark_refuses_nothing_and_records_no_belote() -> None:
    state = _finished_with_belote_and_declaration()
    actions = [
        {key: value for key, value in action.items() if key != "belote"}
        for action in to_record(state)["actions"]
    ]
    replayed = apply_actions(_dealt(state), actions)
    assert replayed.phase is Phase.FINISHED
    assert not replayed.belotes
    assert replayed.declarations == state.declarations


# ---------------------------------------------------------------- apply_actions: refusals

START = deal(CLASSIC, dealer=Seat(0), seed=3)  # seat 1 (west) to bid; clubs turned


@pytest.mark.parametrize(
    ("actions", "index", "seat", "reason", "detail", "cause"),
    [
        ([5], 0, Seat.WEST, Reason.MALFORMED_RECORD, "action 0 must be an object, got 5", RecordError),
        (
            [{"seat": 1, "call": "pass"}, 5],
            1,
            Seat.SOUTH,
            Reason.MALFORMED_RECORD,
            "action 1 must be an object, got 5",
            RecordError,
        ),
        (
            [{"seat": 9, "call": "pass"}],
            0,
            Seat.WEST,
            Reason.BAD_ARGUMENT,
            "seat must be a seat 0..3, got 9",
            BeloteError,
        ),
        (
            [{"seat": "1", "call": "pass"}],
            0,
            Seat.WEST,
            Reason.BAD_ARGUMENT,
            "seat must be a Seat or an int 0..3, got '1'",
            ArgumentTypeError,
        ),
        (
            [{"seat": 1}],
            0,
            Seat.WEST,
            Reason.MALFORMED_RECORD,
            "action 0 has neither a call nor a card",
            RecordError,
        ),
        (
            [{"seat": 1, "declarations": [["KS", "QS", "JS"]]}],
            0,
            Seat.WEST,
            Reason.MALFORMED_RECORD,
            "action 0 has neither a call nor a card",
            RecordError,
        ),
        (
            [{"seat": 2, "call": "pass"}],
            0,
            Seat.SOUTH,
            Reason.OUT_OF_TURN,
            "seat 2 cannot bid: it is seat 1's turn",
            OutOfTurnError,
        ),
        (
            [{"seat": 1, "card": "AS", "declarations": "KS"}],
            0,
            Seat.WEST,
            Reason.MALFORMED_RECORD,
            "declarations must be lists of card texts, got 'KS'",
            RecordError,
        ),
        (
            [{"seat": 1, "card": "AS", "declarations": ["KS"]}],
            0,
            Seat.WEST,
            Reason.MALFORMED_RECORD,
            "declarations must be lists of card texts, got 'KS'",
            RecordError,
        ),
        (
            [{"seat": 1, "card": "AS", "declarations": [5]}],
            0,
            Seat.WEST,
            Reason.MALFORMED_RECORD,
            "declarations must be lists of card texts, got 5",
            RecordError,
        ),
        (
            [{"seat": 1, "card": "AS", "declarations": [[b"KS"]]}],
            0,
            Seat.WEST,
            Reason.MALFORMED_CARD,
            "b'KS' is not a card: expected rank (7 8 9 T J Q K A, or 10) + suit (S H D C or ♠ ♥ ♦ ♣)",
            NotationError,
        ),
        (
            [{"seat": 1, "card": "AS"}],
            0,
            Seat.WEST,
            Reason.WRONG_PHASE,
            "cannot play now: the round is in the bidding phase",
            PhaseError,
        ),
        (
            [{"call": "pass"}, {"call": "H"}],
            1,
            Seat.SOUTH,
            Reason.BID_NOT_AVAILABLE,
            "round 1: only the turned suit (clubs) may be taken, or pass",
            BeloteError,
        ),
    ],
)
@pytest.mark.parametrize("deal_number", [None, 4])
def test_apply_actions_names_the_refused_action(
    actions: list[Any],
    index: int,
    seat: Seat,
    reason: Reason,
    detail: str,
    cause: type[BaseException],
    deal_number: int | None,
) -> None:
    with pytest.raises(ReplayError) as caught:
        apply_actions(START, actions, deal_number=deal_number)
    error = caught.value
    assert (error.index, error.seat, error.reason, error.deal, error.detail) == (
        index,
        seat,
        reason,
        deal_number,
        detail,
    )
    where = "" if deal_number is None else f"deal {deal_number + 1}, "
    assert str(error) == f"{where}action {index}, seat {int(seat)}: {detail} [{reason.value}]"
    assert isinstance(error.__cause__, cause)


@pytest.mark.parametrize(
    ("state", "actions", "deal_number", "message"),
    [
        (5, [], None, "state must be a RoundState, got 5"),
        (START, "pass", None, "actions must be a sequence of actions (mappings), got 'pass'"),
        (START, b"pass", None, "actions must be a sequence of actions (mappings), got b'pass'"),
        (
            START,
            {"call": "pass"},
            None,
            "actions must be a sequence of actions (mappings), got {'call': 'pass'}",
        ),
        (START, [], "1", "deal_number must be an int, got '1'"),
        (START, [], True, "deal_number must be an int, got True"),
    ],
)
def test_apply_actions_refuses_arguments_of_the_wrong_type(
    state: object, actions: object, deal_number: object, message: str
) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        apply_actions(state, actions, deal_number=deal_number)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == message


def test_apply_actions_takes_a_tuple_of_actions_and_a_deal_number() -> None:
    state = apply_actions(START, ({"seat": 1, "call": "pass"}, {"call": "pass"}), deal_number=0)
    assert state.to_act is Seat.EAST
    assert [str(call) for _, call in state.auction] == ["pass", "pass"]


def test_apply_actions_checks_the_seat_of_a_card() -> None:
    playing = apply_actions(START, [{"call": "pass"}] * 3 + [{"call": "C"}])
    assert (playing.phase, playing.to_act) == (Phase.PLAYING, Seat.WEST)
    card = str(next(iter(playing.hand(Seat.SOUTH))))
    with pytest.raises(ReplayError) as caught:
        apply_actions(playing, [{"seat": 2, "card": card}])
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (0, Seat.SOUTH, Reason.OUT_OF_TURN)
    assert caught.value.detail == "seat 2 cannot play: it is seat 1's turn"


def test_a_card_with_declarations_after_the_round_is_a_phase_refusal() -> None:
    # no seat is to act: the declarations are built for seat 0, and play refuses the phase
    finished = random_round(CLASSIC, 1)
    assert finished.to_act is None
    with pytest.raises(ReplayError) as caught:
        apply_actions(finished, [{"card": "AS", "declarations": [["KS", "QS", "JS"]]}])
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (0, None, Reason.WRONG_PHASE)
    assert caught.value.detail == "cannot play now: the round is in the finished phase"
    assert isinstance(caught.value.__cause__, PhaseError)


# ---------------------------------------------------------------- a record's variant object

KNOWN = (
    "501, belot, belote, belote_501, belote_coinchee, belote_contree, bg, bulgarian, bulgarian_belot, "
    "classic, classic_501, coinche, coinchee, contree, contrée, ffb, french, mac, multiplayer_belote_classic"
)


@pytest.mark.parametrize(
    ("data", "where", "message"),
    [
        (5, "", "must be an object with a preset"),
        ({"preset": 5}, ".preset", "preset must be a preset name"),
        ({}, ".preset", "preset must be a preset name"),
        ({"PRESET": "classic"}, ".preset", "preset must be a preset name"),
        ({"preset": "nope"}, ".preset", f"unknown variant 'nope': known names are {KNOWN}"),
        (
            {"preset": "classic", "options": 5},
            ".options",
            "options must be an object of option names and values",
        ),
        (
            {"preset": "classic", "options": []},
            ".options",
            "options must be an object of option names and values",
        ),
        ({"preset": "classic", "options": {1: 2}}, ".options", "option names must be strings"),
        ({"preset": "classic", "options": {"b": 1, "a": 2}}, ".options", "unknown option(s) a, b"),
        ({"preset": "classic", "options": {"target": "x"}}, ".options", "'x' is not a whole number"),
        ({"preset": "classic", "name": 5}, ".options", "name must be a str, got 5"),
    ],
)
@pytest.mark.parametrize("path", ["variant", "deals[2].variant"])
def test_variant_from_json_refusals_give_the_path(data: Any, where: str, message: str, path: str) -> None:
    with pytest.raises(RecordError) as caught:
        variant_from_json(data, path=path)
    assert caught.value.reason is Reason.MALFORMED_RECORD
    assert caught.value.path == path + where
    assert str(caught.value) == f"{path}{where}: {message}"


@pytest.mark.parametrize("path", ["variant", "deals[2].variant"])
def test_variant_from_json_refuses_a_name_given_twice(path: str) -> None:
    """The outer name won silently over the options' one; the notation refuses the same."""
    with pytest.raises(RecordError) as caught:
        variant_from_json({"preset": "classic", "name": "y", "options": {"name": "x"}}, path=path)
    assert caught.value.path == f"{path}.options.name"
    assert str(caught.value) == f"{path}.options.name: given twice: here and in {path}.name"
    assert variant_from_json({"preset": "classic", "options": {"name": "x"}}, path=path).name == "x"


def test_variant_from_json_defaults_its_path_to_variant() -> None:
    with pytest.raises(RecordError) as caught:
        variant_from_json({"preset": "classic", "options": {"bogus": 1}})
    assert str(caught.value) == "variant.options: unknown option(s) bogus"


@pytest.mark.parametrize(
    ("data", "name", "target"),
    [
        ({"preset": "classic"}, "classic", 1000),
        ({"preset": "classic", "options": {}}, "classic", 1000),
        ({"preset": "classic", "name": "house"}, "house", 1000),
        ({"preset": "classic", "options": {"target": 501}}, "classic", 501),
        ({"preset": "belote", "name": "house", "options": {"target": 501}}, "house", 501),
    ],
)
def test_variant_from_json_reads_the_name_and_options(data: dict[str, Any], name: str, target: int) -> None:
    variant = variant_from_json(data)
    assert (variant.name, variant.target, variant.bidding) == (name, target, CLASSIC.bidding)
    assert attrs.evolve(variant, name="classic", target=1000) == CLASSIC


def test_variant_from_json_returns_the_preset_itself_without_options() -> None:
    assert variant_from_json({"preset": "classic"}) is CLASSIC
    assert variant_from_json({"preset": "bulgarian", "options": {}}) is BULGARIAN


@pytest.mark.parametrize(
    ("variant", "data"),
    [
        (CLASSIC, {"preset": "classic"}),
        (attrs.evolve(CLASSIC, target=501), {"preset": "classic", "options": {"target": 501}}),
        (attrs.evolve(CLASSIC, name="house"), {"preset": "classic", "name": "house"}),
        (
            attrs.evolve(BULGARIAN, name="house", target=2000),
            {"preset": "bulgarian", "name": "house", "options": {"target": 2000}},
        ),
    ],
)
def test_variant_to_json_writes_the_preset_name_and_differences(
    variant: Variant, data: dict[str, Any]
) -> None:
    assert variant_to_json(variant) == data
    assert variant_from_json(data) == variant


def test_variant_to_json_refuses_what_is_not_a_variant() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        variant_to_json("classic")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == "variant must be a Variant, got 'classic'"


# ---------------------------------------------------------------- the JSON text's limits


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1.00000000000000000000000e200]", "a number of 100 digits or more (1.000000000000000000)"),
        ('{"a": 1, "b": 2, "b": 3}', 'the key "b" appears twice in one object'),
        ('{"a": {"c": 1, "c": 1}, "b": 2}', 'the key "c" appears twice in one object'),
        (
            '{"' + "k" * 50 + '": 1, "' + "k" * 50 + '": 2}',
            'the key "' + "k" * 39 + " appears twice in one object",
        ),
        ('["\\ud800"]', "a string with a lone surrogate (not Unicode text)"),
        ('{"\\udc00": 1}', "a string with a lone surrogate (not Unicode text)"),
    ],
)
def test_parse_json_refusals_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(RecordTextError) as caught:
        parse_json(text)
    assert str(caught.value) == message


def test_parse_json_takes_a_text_of_exactly_the_longest_length() -> None:
    longest = '"' + "a" * (MAX_RECORD_LENGTH - 2) + '"'
    assert len(parse_json(longest)) == MAX_RECORD_LENGTH - 2
    with pytest.raises(RecordTextError) as caught:
        parse_json(longest + " ")
    assert str(caught.value) == f"longer than {MAX_RECORD_LENGTH:,} characters ({MAX_RECORD_LENGTH + 1:,})"


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"a": ["x", "\ud800"]}, ("a[1]", "a string with a lone surrogate (not Unicode text)")),
        ([{"b": 10**100}], ("[0].b", "a number with more than 100 digits")),
        ({"a": "x", "b": [1, True, None, 2.5]}, None),
    ],
)
def test_unreadable_names_the_first_place_reading_would_refuse(
    value: object, found: tuple[str, str] | None
) -> None:
    assert unreadable(value) == found


# ---------------------------------------------------------------- the replay of a round's entry


@pytest.mark.parametrize(
    ("stop", "points", "index", "got"),
    [
        (None, [1, 2], 37, "(16, 14)"),
        (12, [16, 14], 12, "no score (the round is not finished)"),
    ],
)
def test_recorded_points_the_replay_does_not_give_are_refused(
    stop: int | None, points: list[int], index: int, got: str
) -> None:
    record = to_record(random_round(BULGARIAN, 10, stop))
    record["points"] = points
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert (error.index, error.seat, error.deal, error.reason) == (index, None, None, Reason.RECORD_MISMATCH)
    assert error.detail == f"the record says this deal scored {tuple(points)}, the replay gives {got}"


def _match_record() -> dict[str, Any]:
    record: dict[str, Any] = to_record(random_match(CLASSIC, 1))
    actions = record["deals"][1]["actions"]
    assert actions[3] == {"seat": 2, "card": "QD"}  # deal 2's first card, then east's AD
    assert actions[4] == {"seat": 3, "card": "AD"}
    return record


def test_a_refused_card_of_a_match_names_its_deal() -> None:
    record = _match_record()
    record["deals"][1]["actions"][4]["card"] = "QD"
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert (error.deal, error.index, error.seat, error.reason) == (1, 4, Seat.EAST, Reason.CARD_NOT_IN_HAND)
    assert str(error) == (
        "deal 2, action 4, seat 3: QD: not in seat 3's hand (QH JH AD KD JD 9D 9C 7C) [card_not_in_hand]"
    )


def test_a_refused_card_of_a_round_record_has_no_deal() -> None:
    deals = _match_record()["deals"]
    record: dict[str, Any] = to_record(random_round(CLASSIC, 1))
    record.pop("seed", None)
    record.pop("points", None)
    record.update(dealer=deals[1]["dealer"], deck=deals[1]["deck"], actions=deals[1]["actions"][:5])
    record["actions"][4] = {"seat": 3, "card": "QD"}
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert (error.deal, error.index, error.seat, error.reason) == (
        None,
        4,
        Seat.EAST,
        Reason.CARD_NOT_IN_HAND,
    )


def test_a_call_after_the_first_card_of_a_match_is_refused_at_its_index() -> None:
    record = _match_record()
    record["deals"][1]["actions"].insert(4, {"seat": 3, "call": "pass"})
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert (error.deal, error.index, error.seat, error.reason) == (1, 4, Seat.EAST, Reason.WRONG_PHASE)
    assert error.detail == "cannot bid now: the round is in the playing phase"


@pytest.mark.parametrize("in_match", [False, True])
def test_a_contract_the_variant_does_not_allow_is_refused_with_its_taker(in_match: bool) -> None:
    if in_match:
        record: dict[str, Any] = to_record(contract_match(CLASSIC, 1))
        record["deals"][1]["contract"]["multiplier"] = 2
        where: tuple[int | None, Seat] = (1, Seat.SOUTH)
    else:
        record = to_record(contract_round(CLASSIC, 1, stop=3))
        record["contract"]["multiplier"] = 2
        where = (None, Seat.EAST)
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert (error.deal, error.seat, error.index, error.reason) == (*where, None, Reason.BAD_CONTRACT)
    assert error.detail == "classic bidding reaches a multiplier of 1, not 2"


@pytest.mark.parametrize("number", [None, 3])
def test_a_deck_the_deal_refuses_is_a_replay_error_of_its_deal(number: int | None) -> None:
    deck = _match_record()["deals"][1]["deck"][:31]
    with pytest.raises(ReplayError) as caught:
        replay_round(CLASSIC, {"dealer": 0, "deck": deck, "actions": []}, seed=None, number=number)
    error = caught.value
    assert (error.deal, error.index, error.seat, error.reason) == (number, None, None, Reason.MALFORMED_CARDS)
    assert error.detail == "deck must hold each of the 32 cards once"


@pytest.mark.parametrize("winner", [0, None])
def test_a_match_record_naming_another_winner_is_refused(winner: int | None) -> None:
    record: dict[str, Any] = to_record(random_match(CLASSIC, 1))
    assert record["winner"] == 1
    record["winner"] = winner
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert (error.index, error.seat, error.reason) == (None, None, Reason.RECORD_MISMATCH)
    assert error.detail == f"the record says the winner is {winner!r}, the replay gives 1"


def test_dumps_refuses_a_record_longer_than_loads_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    import belote.records

    state = random_round(CLASSIC, 3)
    length = len(belote.records.dumps(state))
    monkeypatch.setattr(belote.records, "MAX_RECORD_LENGTH", length - 1)
    with pytest.raises(RecordError) as caught:
        belote.records.dumps(state)
    assert str(caught.value) == (
        f"the record is longer than {length - 1:,} characters ({length:,}): loads would refuse it"
    )
    monkeypatch.setattr(belote.records, "MAX_RECORD_LENGTH", length)
    assert len(belote.records.dumps(state)) == length
