"""Numbers of extreme size are refused with the library's errors, never the interpreter's.

An int past a float's range makes ``float()`` raise ``OverflowError``; an int of over 4,300 digits
makes writing it as text raise ``ValueError`` (the interpreter's limit on digits), which used to
take the place of the very message that refused it, and every seed derived from a seed writes it
as text. Each entry point below is given such numbers where it takes numbers from outside: it
must raise a :class:`~belote.errors.BeloteError` (or the command line one line of error), with a
message that gives the int's size rather than its digits.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from belote import (
    CLASSIC,
    COINCHE,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Declaration,
    EasyAgent,
    HardAgent,
    Match,
    Seat,
    Tally,
    Team,
    Trump,
    card_points,
    deal,
    match,
    seat_view,
    tournament,
)
from belote._args import MAX_SEED_BITS
from belote._repr import LONGEST_INT_BITS, clipped_repr, safe_repr
from belote.analysis import Analysis
from belote.contracts import contract_problem
from belote.records import replay, to_record
from belote.selfplay import MAX_SEED_DIGITS, selfplay
from belote.stats import RunningMean
from belote.svg import card as svg_card

HUGE = 10**5000
"""Past the interpreter's 4,300 digits: writing it as text raises ``ValueError``."""
FLOAT_PAST = 10**400
"""Past a float's range: ``float()`` raises ``OverflowError``."""
SEED_PAST = 2**MAX_SEED_BITS


def test_safe_repr_gives_a_long_int_by_its_size() -> None:
    assert safe_repr(2**LONGEST_INT_BITS - 1) == repr(2**LONGEST_INT_BITS - 1)
    assert safe_repr(2**LONGEST_INT_BITS) == f"an int of {LONGEST_INT_BITS + 1} bits"
    assert safe_repr(-HUGE) == f"an int of {HUGE.bit_length()} bits"
    assert safe_repr((HUGE, 1)) == f"(an int of {HUGE.bit_length()} bits, 1)"
    assert safe_repr({1: HUGE}) == "a dict too large to write"
    assert safe_repr(True) == "True"
    assert clipped_repr(HUGE) == f"an int of {HUGE.bit_length()} bits"


CALLS: list[tuple[str, Callable[[], object]]] = [
    ("deal dealer", lambda: deal(CLASSIC, dealer=HUGE, seed=1)),  # type: ignore[arg-type]
    ("seat_view seat", lambda: seat_view(CLASSIC, HUGE, hand="AS", dealer=0, turned="9H")),  # type: ignore[arg-type]
    ("card number", lambda: Card.from_index(HUGE)),
    ("card mask", lambda: str(CardSet(HUGE))),
    ("taker", lambda: Contract(HUGE, Trump.HEARTS)),  # type: ignore[arg-type]
    ("totals", lambda: Tally.from_totals((HUGE, 102), trump="hearts", last_trick=Team(1))),
    ("declaration seat", lambda: Declaration(HUGE, CardSet(7))),  # type: ignore[arg-type]
    ("card points", lambda: card_points(HUGE, Trump.HEARTS)),  # type: ignore[arg-type]
    ("match seed", lambda: match(CLASSIC, seed=HUGE)),
    ("match seed past the bound", lambda: match(CLASSIC, seed=SEED_PAST)),
    ("deal seed", lambda: deal(CLASSIC, dealer=Seat(0), seed=SEED_PAST)),
    ("agent seed", lambda: HardAgent(seed=SEED_PAST)),
    ("easy seed", lambda: EasyAgent(seed=-SEED_PAST)),
    ("tournament seed", lambda: tournament(("easy", "easy"), games=1, seed=HUGE)),
    (
        "tournament seed of too large players' seeds",
        lambda: tournament(("easy", "easy"), games=1, seed=SEED_PAST // 2),
    ),
    ("tournament games", lambda: tournament(("easy", "easy"), games=-HUGE)),
    ("tournament chunk size", lambda: tournament(("easy", "easy"), games=1, chunk_size=-HUGE)),
    ("analysis mistakes", lambda: Analysis(contract=None, plays=()).mistakes(-HUGE)),
    ("card image size", lambda: svg_card(Card.parse("AS"), size=-HUGE)),
    (
        "match carry",
        lambda: Match(variant=CLASSIC, seed=None, first_dealer=Seat(0), dealer=Seat(0), carry=-HUGE),
    ),
    ("call evaluation", lambda: RunningMean().add(FLOAT_PAST)),
]


@pytest.mark.parametrize("call", [call for _, call in CALLS], ids=[name for name, _ in CALLS])
def test_huge_ints_are_refused_with_the_librarys_errors(call: Callable[[], object]) -> None:
    with pytest.raises(BeloteError) as raised:
        call()
    assert "bits" in str(raised.value) or "too large" in str(raised.value), str(raised.value)


@pytest.mark.parametrize("field", ["multiplier", "bid"])
def test_a_contract_with_a_huge_number_is_described_by_its_size(field: str) -> None:
    contract = Contract(Seat(0), Trump.HEARTS, **{field: HUGE})
    problem = contract_problem(COINCHE, contract)
    assert problem is not None
    assert f"an int of {HUGE.bit_length()} bits" in problem


def test_a_selfplay_shard_size_of_any_size_is_refused_in_a_message(tmp_path: Path) -> None:
    from belote import TournamentError

    with pytest.raises(TournamentError, match="shard_size must be at least 1, got an int of"):
        selfplay(tmp_path / "run", games=1, deals=True, players=("easy", "easy"), shard_size=-HUGE)


def test_the_largest_seed_still_plays() -> None:
    seed = SEED_PAST - 1
    game = match(CLASSIC, seed=seed)
    assert game.deal().phase.value == "bidding"
    assert deal(CLASSIC, dealer=Seat(0), seed=seed) == deal(CLASSIC, dealer=Seat(0), seed=seed)
    HardAgent(seed=seed)


def played_records() -> tuple[dict[str, Any], dict[str, Any]]:
    from belote import CLASSIC_501, play_match, play_round

    state = play_round(CLASSIC, [EasyAgent(seed=seat) for seat in range(4)], seed=4, dealer=Seat(0))
    game = play_match(CLASSIC_501, [EasyAgent(seed=seat) for seat in range(4)], seed=2)
    return to_record(state), to_record(game)


def _set(record: dict[str, Any], key: str, value: object) -> dict[str, Any]:
    record[key] = value
    return record


RECORD_CHANGES: list[tuple[str, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]]] = [
    ("version", lambda round_, _: _set(round_, "version", HUGE)),
    ("round points", lambda round_, _: _set(round_, "points", [HUGE, 0])),
    ("round seed", lambda round_, _: _set({k: v for k, v in round_.items() if k != "deck"}, "seed", HUGE)),
    ("match scores", lambda _, match_: _set(match_, "scores", [HUGE, 0])),
    ("match seed", lambda _, match_: _set(match_, "seed", HUGE)),
    ("deal points", lambda _, match_: _set(match_["deals"][0], "points", [HUGE, 0]) and match_),
    (
        "variant name",
        lambda round_, _: _set(round_, "variant", {"preset": "classic", "options": {"name": HUGE}}),
    ),
]
"""A round or a match record with one number made huge: the record changed."""


@pytest.mark.parametrize(
    "change", [change for _, change in RECORD_CHANGES], ids=[name for name, _ in RECORD_CHANGES]
)
def test_a_record_dict_with_a_huge_number_is_refused(
    change: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]],
) -> None:
    record = change(*played_records())
    with pytest.raises(BeloteError) as raised:
        replay(record)
    assert "bits" in str(raised.value) or "digits" in str(raised.value), str(raised.value)


def test_a_running_mean_past_a_floats_range_is_refused_unchanged() -> None:
    running = RunningMean()
    running.add(10**308)
    with pytest.raises(BeloteError, match="too large to average"):
        running.add(-(10**308))
    assert (running.count, running.mean) == (1, 1e308)
    running = RunningMean()
    running.add(1e308)
    with pytest.raises(BeloteError, match="too large to average"):
        running.add(-1e308)
    running.add(1e308)
    assert running.interval(low=0, high=1.5e308) == (1e308, 1e308)
    assert not math.isnan(running.mean)


def test_a_selfplay_seed_too_long_for_a_file_name_is_refused_before_writing(tmp_path: Path) -> None:
    from belote import TournamentError

    folder = tmp_path / "run"
    with pytest.raises(TournamentError, match=f"at most {MAX_SEED_DIGITS} digits"):
        selfplay(folder, games=1, deals=True, players=("easy", "easy"), seed=10**MAX_SEED_DIGITS)
    assert not folder.exists()
    written = selfplay(folder, games=1, deals=True, players=("easy", "easy"), seed=10**MAX_SEED_DIGITS - 1)
    assert [path.exists() for path in written] == [True]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("decisions", [FLOAT_PAST, 4], "an int of 1329 bits is past any count of a tournament"),
        ("taken", [2**53 + 1, 0], "is past any count of a tournament"),
        ("seconds", [FLOAT_PAST, 0], "an int of 1329 bits is not a time"),
    ],
)
def test_a_resumed_file_with_a_huge_count_is_refused(
    tmp_path: Path, field: str, value: list[int], message: str
) -> None:
    from belote import TournamentError

    path = tmp_path / "games.jsonl"
    tournament(("easy", "easy"), games=2, deals=True, output=path)
    first, second = path.read_text(encoding="utf-8").splitlines()
    line = json.loads(first)
    line[field] = value
    path.write_text(json.dumps(line) + "\n" + second + "\n", encoding="utf-8")
    with pytest.raises(TournamentError, match=message):
        tournament(("easy", "easy"), games=3, deals=True, output=path, resume=True)
