"""Hostile record text and the differential test of the built-in record checker against
``jsonschema`` with the shipped schema.

What "agree" means, for a Python value ``record`` made only of JSON values (dict with str
keys, list, str, int, float, bool, None):

1. ``validate_record(record)`` raises :class:`RecordError` exactly when
   ``jsonschema.Draft202012Validator(record_schema())`` finds ``record`` invalid; it raises
   nothing else.
2. For ``text = json.dumps(record)`` inside the documented limits of ``loads`` (no NaN or
   Infinity, numbers below 10**100, nesting at most 32, ...): when the schema rejects
   ``record``, ``loads(text)`` and ``replay(record)`` raise :class:`RecordError` with reason
   ``MALFORMED_RECORD``; when the schema accepts it, they return a round state or a match
   or raise :class:`ReplayError` (the rules refuse it), never :class:`RecordError`.
3. Outside the limits, ``loads(text)`` raises :class:`RecordError`.
4. Nothing but :class:`RecordError` and :class:`ReplayError` ever escapes.
"""

from __future__ import annotations

import copy
import gzip
import json
import math
import random
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    Bid,
    Match,
    Pass,
    Phase,
    Reason,
    RoundState,
    Seat,
    Trump,
    bid,
    deal,
)
from belote.errors import ArgumentTypeError
from belote.records import (
    MAX_DEPTH,
    MAX_RECORD_LENGTH,
    RecordError,
    ReplayError,
    dumps,
    loads,
    loads_match,
    loads_round,
    record_schema,
    replay,
    to_record,
    validate_record,
)
from belote.records._jsonschema import (
    _all_different,
    _compile,
    _member_check,
    _problem,
    _same,
    conforms,
    interpreted_problem,
)
from belote.records.variant import variant_from_json
from reachable import random_round
from test_records import CONTRACT_VARIANTS, contract_match, contract_round, random_match

VALIDATOR = jsonschema.Draft202012Validator(record_schema())
PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN)


def _seed_records() -> list[dict[str, Any]]:
    """Real records: rounds of every preset at every stage, seeded rounds, matches."""
    records = []
    for number, variant in enumerate(PRESETS):
        for stop in (0, 2, 6, 20, None):
            records.append(to_record(random_round(variant, 10 * number + (stop or 0), stop)))
        seeded = to_record(deal(variant, dealer=Seat(number), seed=number))
        del seeded["deck"]
        seeded["seed"] = number
        records.append(seeded)
        short = attrs.evolve(variant, target=variant.target // 4)
        records.append(to_record(random_match(short, number)))
    game = to_record(random_match(attrs.evolve(CLASSIC, target=250), 9))
    game["seed"] = None  # every deal holds its deck
    records.append(game)
    # version 2: rounds and a match built from a contract given directly (no auction)
    for number, variant in enumerate(CONTRACT_VARIANTS[2:]):
        records.append(to_record(contract_round(variant, number, (None, 0, 9)[number % 3])))
    records.append(to_record(contract_match(attrs.evolve(BULGARIAN, target=40), 1)))
    return records


SEEDS = _seed_records()

JUNK: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 4, 1.0, 0.5, -0.0, 1e300, math.nan, "", "x", "1", "TH", "th",
    "TH\n", "pass", "classic", "round", "match", [], {}, [0, 1], [[{"a": [1, [2]]}]], {"preset": "classic"},
)  # fmt: skip


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``value`` (the root too)."""
    paths = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            paths += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            paths += _nodes(item, (*path, index))
    return paths


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _swap(value: Any, rng: random.Random) -> Any:
    """The same value in another JSON type: bool/int/float/str swaps."""
    if isinstance(value, bool):
        return rng.choice((int(value), float(value), str(value).lower()))
    if isinstance(value, int):
        return rng.choice((float(value), value == 1, str(value), value + 0.5, -value, value * 10**6))
    if isinstance(value, float):
        return int(value) if math.isfinite(value) else 0
    if isinstance(value, str):
        return rng.choice((value.lower(), value + "\n", value[:1], value * 2, [value]))
    if isinstance(value, list):
        return rng.choice((value[0] if value else {}, {"0": value}, value[::-1]))
    return rng.choice(JUNK)


def mutate(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three random changes anywhere in a copy of ``record``."""
    result = copy.deepcopy(record)
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = _nodes(result)
        path = rng.choice(paths)
        node = _get(result, path)
        how = rng.choice(("junk", "swap", "swap", "delete", "add", "container", "reorder", "near"))
        if how == "reorder" and isinstance(node, list) and len(node) > 1:
            first, second = rng.sample(range(len(node)), 2)
            node[first], node[second] = node[second], node[first]
            continue
        if how == "near" and path and isinstance(node, (int, float)):
            _get(result, path[:-1])[path[-1]] = rng.choice((0, 1, 2, 3, float(node), node + 1))
            continue
        if how == "delete" and path:
            parent = _get(result, path[:-1])
            del parent[path[-1]]
        elif how == "add" and isinstance(node, dict):
            key = rng.choice(("extra", "comment", "seed", "deck", "points", "belote", "name", "contract"))
            node[key] = rng.choice(JUNK)
        elif how == "container" and isinstance(node, list):
            if node and rng.random() < 0.5:
                node.insert(rng.randrange(len(node) + 1), copy.deepcopy(rng.choice(node)))
            elif node:
                node.pop(rng.randrange(len(node)))
            else:
                node.append(rng.choice(JUNK))
        else:
            new = _swap(node, rng) if how == "swap" else copy.deepcopy(rng.choice(JUNK))
            if not path:
                return {"record": new} if not isinstance(new, dict) else new
            _get(result, path[:-1])[path[-1]] = new
    return result


def _in_limits(value: Any, depth: int = 1) -> bool:
    if isinstance(value, float):
        return math.isfinite(value) and abs(value) < 1e100
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) < 10**100
    if isinstance(value, (list, dict)):
        items = value.values() if isinstance(value, dict) else value
        return depth <= MAX_DEPTH and all(_in_limits(item, depth + 1) for item in items)
    return True


def _outcome(run: Any) -> str:
    try:
        result = run()
    except RecordError as error:
        return "record-error" if error.reason is Reason.MALFORMED_RECORD else f"record-error {error.reason}"
    except ReplayError:
        return "replay-error"
    assert isinstance(result, (RoundState, Match))
    return "replayed"


@pytest.mark.parametrize("start", range(len(SEEDS)))
def test_builtin_checker_and_loads_agree_with_jsonschema_on_mutated_records(start: int) -> None:
    rng = random.Random(start)
    seen: dict[str, int] = {}
    for _ in range(40 if SEEDS[start]["kind"] == "match" else 120):
        record = mutate(SEEDS[start], rng)
        valid = VALIDATOR.is_valid(record)
        try:
            validate_record(record)
            checked = True
        except RecordError:
            checked = False
        assert checked == valid, (record, list(VALIDATOR.iter_errors(record))[:1])
        text = json.dumps(record)
        by_text = _outcome(lambda: loads(text))  # noqa: B023
        by_value = _outcome(lambda: replay(record))  # noqa: B023
        if not _in_limits(record):
            assert by_text == "record-error"
        else:
            assert by_text == by_value
            assert (by_text != "record-error") == valid, (record, by_text)
        seen[by_text] = seen.get(by_text, 0) + 1
    assert seen.get("record-error", 0) >= 10, seen  # valid mutants: see the next test


@pytest.mark.parametrize("start", range(len(SEEDS)))
def test_the_compiled_check_and_the_interpreter_agree_on_mutated_records(start: int) -> None:
    """The checker's two readings of the schema: the compiled yes or no, which alone decides a
    conforming record, and the interpreter that finds the problem, on every definition."""
    rng = random.Random(1000 + start)
    kind = "roundRecord" if SEEDS[start]["kind"] == "round" else "matchRecord"
    for _ in range(60):
        record = mutate(SEEDS[start], rng)
        for definition in ("roundRecord", "matchRecord"):
            found = interpreted_problem(record, definition)
            assert conforms(record, definition) == (found is None), (definition, record, found)
    assert conforms(SEEDS[start], kind)


SMALL_SCHEMAS: tuple[dict[str, Any], ...] = (
    {"oneOf": [{"type": "integer"}, {"type": "number"}]},  # 1 matches both: refused
    {"anyOf": [{"type": "integer"}, {"type": "number"}]},
    {"not": {"type": "string"}},
    {"allOf": [{"minimum": 1}, {"maximum": 3}]},
    {"if": {"type": "integer"}, "then": {"minimum": 2}},
    {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True, "items": {"enum": [1, "a", None]}},
    {"type": "object", "required": ["a"], "additionalProperties": {"type": "boolean"}},
    {"type": "object", "properties": {"a": {"const": [1]}}, "additionalProperties": False},
    {"type": "string", "minLength": 2, "maxLength": 3, "pattern": "^[a-z]+$"},
    {"type": ["null", "boolean"]},
)
SMALL_VALUES: tuple[Any, ...] = (
    1, 1.0, 1.5, 2, 4, True, None, "a", "ab", "abcd", "A1", [], [1], [1, 1.0], [1, "a", None], ["b"],
    {}, {"a": 1}, {"a": True}, {"a": [1.0]}, {"a": [1], "b": 2}, {"b": False},
)  # fmt: skip


@pytest.mark.parametrize("schema", SMALL_SCHEMAS)
def test_the_compiled_check_reads_each_keyword_as_the_interpreter(schema: dict[str, Any]) -> None:
    check = _compile(schema, {})
    verdicts = [_problem(value, schema, [], {}) is None for value in SMALL_VALUES]
    assert [check(value) for value in SMALL_VALUES] == verdicts
    assert True in verdicts
    assert False in verdicts


class _Text(str):
    """A str subclass, as a StrEnum member or a user's own string type."""

    def __eq__(self, other: object) -> bool:  # an odd equality must not decide JSON's
        return False

    __hash__ = str.__hash__


@pytest.mark.parametrize(
    ("items", "same"),
    [
        (["TH", "TH"], True),
        (["TH", "th"], False),
        ([1, 1.0], True),  # JSON numbers: 1 and 1.0 are one value
        ([1, True], False),  # true is no number
        ([0, False], False),
        ([True, True], True),
        ([None, None], True),
        ([None, "null"], False),
        ([math.nan, math.nan], False),
        ([[1], [1.0]], True),
        ([{"a": 1}, {"a": True}], False),
        ([{"a": 1}, {"a": 1}], True),
        (["TH", _Text("TH")], True),  # JSON has one string type: a str subclass is its text
        ([_Text("TH"), "JH"], False),
    ],
)
def test_unique_items_compare_as_json(items: list[Any], same: bool) -> None:
    for values in (items, [*items, "other"], ["other", *items]):
        assert _all_different(values) is not same
        assert _member_check(values[:-1])(values[-1]) is any(_same(values[-1], item) for item in values[:-1])
    assert _member_check(items[:1])(items[1]) is same


def test_the_seed_records_replay_and_the_mutations_reach_every_outcome() -> None:
    assert all(VALIDATOR.is_valid(record) for record in SEEDS)
    outcomes = set()
    rng = random.Random(0)
    for record in SEEDS:
        assert _outcome(lambda: replay(record)) == "replayed"  # noqa: B023
        for _ in range(20):
            changed = mutate(record, rng)
            outcomes.add(_outcome(lambda: replay(changed)))  # noqa: B023
    assert outcomes == {"record-error", "replay-error", "replayed"}


# -- version -----------------------------------------------------------------------------------------

ROUND = to_record(deal(CLASSIC, seed=1))


@pytest.mark.parametrize("version", [0, -1, "1", True, False, 0.5, 1.5, None, [1], {"v": 1}, 3, 9, 1e20])
def test_any_version_but_1_and_2_is_refused_by_both_checkers(version: Any) -> None:
    record = {**ROUND, "version": version}
    assert not VALIDATOR.is_valid(record)
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(record))
    assert caught.value.path == "version"


@pytest.mark.parametrize("version", [1, 2, 1.0, 2.0])
def test_versions_1_and_2_are_read(version: Any) -> None:
    record = {**ROUND, "version": version}
    assert VALIDATOR.is_valid(record)
    assert loads(json.dumps(record)) == loads(json.dumps(ROUND))


def test_a_newer_version_asks_for_an_upgrade_and_an_older_one_names_the_range() -> None:
    with pytest.raises(RecordError, match=r"record version 3 is newer than this library reads \(2\)"):
        loads(json.dumps({**ROUND, "version": 3}))
    with pytest.raises(RecordError, match="version: must be 1 to 2, got 0"):
        loads(json.dumps({**ROUND, "version": 0}))


def test_version_nan_is_refused() -> None:
    record = {**ROUND, "version": math.nan}
    assert not VALIDATOR.is_valid(record)
    with pytest.raises(RecordError, match="version"):
        validate_record(record)
    with pytest.raises(RecordError, match="NaN is not a JSON number"):
        loads(json.dumps(record))


def test_a_number_with_no_fraction_is_an_integer_as_json_schema_says() -> None:
    record = {**ROUND, "version": 1.0, "dealer": float(ROUND["dealer"])}
    assert VALIDATOR.is_valid(record)
    assert loads(json.dumps(record)) == loads(json.dumps(ROUND))


# -- hostile text ------------------------------------------------------------------------------------

HOSTILE = [
    ("[" * 1000 + "]" * 1000, "nested more than 32 deep"),
    ("[" * 100_000 + "]" * 100_000, "nested more than 32 deep"),
    ('{"a":' * 33 + "1" + "}" * 33, "nested more than 32 deep"),
    ("1" * 5000, "more than 100 digits"),
    ("[" + "9" * 101 + "]", "more than 100 digits"),
    ("[-" + "9" * 101 + "]", "more than 100 digits"),
    ("[1e999]", "100 digits or more"),
    ("[-1e100]", "100 digits or more"),
    ("[NaN]", "NaN is not a JSON number"),
    ("[Infinity]", "Infinity is not a JSON number"),
    ("[-Infinity]", "-Infinity is not a JSON number"),
    ('{"format": 1, "format": 2}', "appears twice"),
    ('["\\ud800"]', "lone surrogate"),
    ('{"\\udfff": 1}', "lone surrogate"),
    ("[\ud800]", "not valid JSON"),
    (b"\xff\xfe\xfd", "not valid JSON text"),
    (b'"\xed\xa0\x80"', "lone surrogate"),
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    (gzip.compress(b"{}"), r"^gzip-compressed data, not JSON text \(a self-play shard .*read_records"),
    ('{}\n{"format": 1}', r"Extra data \(line 2, column 1\): text after a whole JSON value"),
    ("[1] {}", r"Extra data \(line 1, column 5\): text after"),
    ('{"a": 1,}', r"^not valid JSON: [^:]*\(line 1, column [0-9]+\)$"),  # no hint (3.13 words it otherwise)
    ("[1, 2]", "must be a JSON object"),
    ("null", "must be a JSON object"),
    ('"belote-record"', "must be a JSON object"),
    ("{}", "missing 'format'"),
    (" " * (MAX_RECORD_LENGTH + 1), "longer than 10,000,000 characters"),
]


@pytest.mark.parametrize(("text", "message"), HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_text_raises_record_error_only(text: str | bytes, message: str) -> None:
    for read in (loads, loads_round, loads_match):
        with pytest.raises(RecordError, match=message) as caught:
            read(text)
        assert caught.value.reason is Reason.MALFORMED_RECORD


def test_a_record_at_the_depth_limit_is_read_and_one_level_more_is_not() -> None:
    nested: Any = 1
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    at_limit = json.dumps({**ROUND, "comment": nested})
    with pytest.raises(RecordError, match="comment: must be string"):
        loads(at_limit)
    with pytest.raises(RecordError, match="nested more than 32 deep"):
        loads(json.dumps({**ROUND, "comment": [nested]}))


@pytest.mark.parametrize("text", [None, 1, 1.5, ["{}"], {"format": "belote-record"}, memoryview(b"{}")])
def test_loads_refuses_a_non_text_argument_with_type_error(text: Any) -> None:
    for read in (loads, loads_round, loads_match):
        with pytest.raises(ArgumentTypeError, match="must be str or bytes"):
            read(text)


def test_bytes_and_bytearray_are_read_like_text() -> None:
    text = dumps(deal(BULGARIAN, seed=4))
    assert loads(text.encode()) == loads(bytearray(text.encode("utf-16"))) == loads(text)


# -- typed readers -----------------------------------------------------------------------------------


def test_loads_round_and_loads_match_give_their_kind_and_refuse_the_other() -> None:
    state = random_round(CLASSIC, 3)
    game = random_match(attrs.evolve(CLASSIC, target=300), 2)
    assert loads_round(dumps(state)) == state
    assert loads_match(dumps(game)) == game
    with pytest.raises(RecordError, match="a round record, not a match record") as caught:
        loads_match(dumps(state))
    assert caught.value.path == "kind"
    with pytest.raises(RecordError, match="a match record, not a round record"):
        loads_round(dumps(game))
    with pytest.raises(RecordError, match="is not a record kind"):
        loads_round(json.dumps({**ROUND, "kind": "tournament"}))


def test_a_schema_valid_variant_the_rules_do_not_know_is_a_replay_error() -> None:
    record = copy.deepcopy(ROUND)
    record["variant"]["options"] = {"colour": "red"}
    assert VALIDATOR.is_valid(record)
    with pytest.raises(ReplayError, match="unknown option") as caught:
        loads(json.dumps(record))
    assert caught.value.reason is Reason.BAD_OPTION
    assert loads(dumps(random_round(CLASSIC, 1))).phase in (Phase.FINISHED, Phase.PASSED_OUT)


PLAYED = to_record(
    next(state for seed in range(50) if (state := random_round(CLASSIC, seed)).phase is Phase.FINISHED)
)
COINCHE_BID = to_record(bid(deal(COINCHE, dealer=Seat(0), seed=1), Bid(Trump.HEARTS, 100)))


@pytest.mark.parametrize(("field", "text"), [("call", "100 H\n"), ("card", "TH\n")])
def test_a_pattern_matches_the_whole_text_as_in_ecma_regular_expressions(field: str, text: str) -> None:
    # JSON Schema patterns are ECMA-262: "$" is the end of the text, where Python's re also
    # matches before a final newline (as the jsonschema package, which follows re, does)
    record = copy.deepcopy(COINCHE_BID if field == "call" else PLAYED)
    action = next(action for action in record["actions"] if field in action)
    action[field] = text.strip()
    validate_record(record)
    action[field] = text
    with pytest.raises(RecordError, match="is not"):
        validate_record(record)


def test_a_str_subclass_is_checked_as_its_text() -> None:
    record = copy.deepcopy(PLAYED)
    record["actions"][0]["call"] = _Text(record["actions"][0]["call"])
    validate_record(record)  # one of the enum's texts, whatever its class says of equality
    deck = record["deck"]
    deck[1] = _Text(deck[0])
    with pytest.raises(RecordError, match="the same item twice"):
        validate_record(record)


@pytest.mark.parametrize("options", [[1], "abc", None, {1: 2}])
def test_variant_options_that_are_no_object_of_names_are_record_errors(options: Any) -> None:
    record = copy.deepcopy(ROUND)
    record["variant"]["options"] = options
    with pytest.raises(RecordError) as caught:
        variant_from_json(record["variant"])
    assert caught.value.path == "variant.options"
    with pytest.raises((RecordError, ReplayError)):  # not the schema's, or not the rules'
        replay(record)


def test_a_card_after_a_passed_out_auction_names_the_seat_the_record_gives() -> None:
    passed = deal(CLASSIC, dealer=Seat(0), seed=1)
    while passed.phase is Phase.BIDDING:
        passed = bid(passed, Pass())
    record = to_record(passed)
    record["actions"].append({"seat": 1, "card": "AS"})
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (8, Seat(1), Reason.WRONG_PHASE)
