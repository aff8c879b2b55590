"""The two kernels take the same arguments and refuse the same ones alike.

The compiled :func:`~belote.kernel.solve_cards` and :func:`~belote.kernel.solve_value` read every
sequence once, whatever iterable it is, and refuse a bad argument with a ``TypeError``, a
``ValueError`` or an ``OverflowError`` before any search; the pure twins read them through
:func:`~belote.kernel._search_arguments.read_search_arguments`, which must give the same
exception with the same message, or the same values. Each argument of a valid position is
replaced by values of every kind (ints in and out of range, sequences of every length, iterators,
non-numbers), alone and several at once. The kernel's loops (legal masks, trick winners, rollouts,
the normal player's card and play-out) read their sequences, card numbers and masks the same way.
Skipped, with the reason, when the compiled module is not built; CI builds it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import CLASSIC, Card, CardSet
from belote.kernel import _pure
from belote.kernel._rules import rule_values
from belote.kernel._search import solve_cards
from belote.kernel._value import solve_value


class Once:
    """An iterator's worth of values: each search is given a fresh iterator over them."""

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def __repr__(self) -> str:
        return f"iter({self.values!r})"


HANDS = tuple(CardSet.parse(text).mask for text in ("JH 7D", "7S 8D", "8S 9D", "9S TD"))
"""Two cards a seat; with the trick below, seat 0 led the jack of hearts and seat 1 is to play."""
PLAYED_HANDS = (CardSet.parse("7D").mask, *HANDS[1:])
VALID: dict[str, Any] = {
    "hands": PLAYED_HANDS,
    "trick": (Card.parse("JH").index,),
    "leader": 0,
    "mode": 2,
    "rules": rule_values(CLASSIC),
    "won": (2, 1, 2, 1),
    "capot_bonus": (90, 90),
    "table": None,
    "solo_bonus": None,
}
"""A valid position, by argument name: the search's positional arguments in order."""

NAMES = tuple(VALID)

BAD: dict[str, list[Any]] = {
    "hands": [
        [*PLAYED_HANDS],
        Once(PLAYED_HANDS),
        PLAYED_HANDS[:3],
        (*PLAYED_HANDS, 0),
        (-1, *PLAYED_HANDS[1:]),
        (1 << 32, *PLAYED_HANDS[1:]),
        (1.0, *PLAYED_HANDS[1:]),
        ("1", *PLAYED_HANDS[1:]),
        (PLAYED_HANDS[1], *PLAYED_HANDS[1:]),
        HANDS,
        (0, 0, 0, 0),
        5,
        None,
    ],
    "trick": [[], Once(()), (0, 1, 2, 3), (32,), (-1,), (2.0,), ("a",), 7, None, (1 << 70,)],
    "leader": [-1, 4, 1 << 40, 1 << 63, -(1 << 70), 1.0, "0", None, True],
    "mode": [-1, 6, 5, 4, 0, 1 << 40, 1 << 63, 2.5, None],
    "rules": [
        (1, 0, 0, 0, 0),
        (1, 0, 0, 0, 0, 0, 0),
        (2, 0, 0, 0, 0, 0),
        (1, 3, 0, 0, 0, 0),
        (1, 0, 3, 0, 0, 0),
        (1, 0, 0, 0, 3, 0),
        (1, 0, 0, 0, 0, 3),
        (1, 0, 0, 0, 0, 4),
        (1, 0, 0, 0, 0, -1),
        (1, 0, 0, 0, 0, "0"),
        Once((1, 0, 0, 0, 0, 0)),
        12,
        None,
    ],
    "won": [
        (2, 1),
        (9, "x", 0, 0),  # every item read before any range: the type error first
        [2, 1, 2, 1],
        Once((2, 1, 2, 1)),
        (2, 1, 2),
        (9, 0, 0, 0),
        (-1, 0, 0, 0),
        (1 << 70, 0, 0, 0),
        (2.0, 1, 2, 1),
        3,
        None,
    ],
    "capot_bonus": [
        (10001, "x"),
        [90, 90],
        Once((90, 0)),
        (90,),
        (90, 90, 90),
        (-1, 90),
        (10001, 90),
        (10000, 0),
        (1 << 70, 0),
        ("90", 90),
        90,
        None,
    ],
    "table": [None, {}],
    "solo_bonus": [
        (188, 188),
        [0, 0, 0, 88],
        Once((0, 0, 0, 88)),
        Once((188, 90)),
        (188,),
        (188, 188, 188),
        (),
        (-1, 0),
        (10001, 0, 0, 0),
        (1.5, 0),
        188,
    ],
}
"""Per argument, values to put in its place: good ones of other kinds and bad ones of every kind."""

THREADS: list[Any] = [None, 1, 2, 0, -1, 1.0, True, "2"]


class Indexed:
    """A sequence by ``__getitem__`` alone, not registered as a ``Sequence``."""

    def __init__(self, *items: object) -> None:
        self.items = items

    def __getitem__(self, index: int) -> object:
        return self.items[index]

    def __len__(self) -> int:
        return len(self.items)


FLATS: list[Any] = [
    None,
    (-40, 10),
    [-40, 10],
    (10, -40),
    (0, 20000),
    (0,),
    "ab",
    range(2),
    Indexed(-3, 18),
    Indexed(-3),
    {0: -40, 1: 10},
    (True, 5),
    (0.0, 5),
    5,
]


def outcome(
    search: Callable[..., Any], arguments: dict[str, Any], names: tuple[str, ...] = NAMES, **keywords: Any
) -> tuple[Any, ...]:
    """The values of a call (its positional ``arguments`` by name, in the order of ``names``), or
    the kind of exception it raised and its message."""
    fresh = {
        name: iter(value.values) if isinstance(value, Once) else value for name, value in arguments.items()
    }
    try:
        return ("values", search(*(fresh[name] for name in names), **keywords))
    except (TypeError, ValueError, OverflowError, BufferError) as error:
        return (type(error), str(error))


@pytest.mark.parametrize(
    ("name", "value"), [(name, value) for name, values in BAD.items() for value in values]
)
def test_each_argument_is_read_and_refused_alike(compiled: ModuleType, name: str, value: Any) -> None:
    arguments = {**VALID, name: value}
    expected = outcome(compiled.solve_cards, arguments)
    assert outcome(solve_cards, arguments) == expected
    assert outcome(solve_value, arguments) == outcome(compiled.solve_value, arguments)


def test_iterators_and_lists_give_the_values_of_tuples(compiled: ModuleType) -> None:
    arguments = {
        **VALID,
        "hands": Once(PLAYED_HANDS),
        "trick": [VALID["trick"][0]],
        "won": Once((2, 1, 2, 1)),
        "capot_bonus": [90, 90],
        "solo_bonus": Once((0, 0, 0, 88)),
    }
    tuples = {**VALID, "solo_bonus": (0, 0, 0, 88)}
    for search in (compiled.solve_cards, solve_cards, compiled.solve_value, solve_value):
        got = outcome(search, arguments)
        assert got[0] == "values"
        assert got == outcome(search, tuples)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    changes=st.dictionaries(
        st.sampled_from(NAMES), st.integers(min_value=0, max_value=12), min_size=1, max_size=4
    ),
    threads=st.sampled_from(THREADS),
    flat=st.sampled_from(FLATS),
)
def test_several_bad_arguments_are_refused_alike(
    compiled: ModuleType, changes: dict[str, int], threads: Any, flat: Any
) -> None:
    arguments = dict(VALID)
    for name, pick in changes.items():
        arguments[name] = BAD[name][pick % len(BAD[name])]
    expected = outcome(compiled.solve_cards, arguments, threads=threads)
    assert outcome(solve_cards, arguments, threads=threads) == expected
    expected = outcome(compiled.solve_value, arguments, threads=threads, flat=flat)
    assert outcome(solve_value, arguments, threads=threads, flat=flat) == expected


class IndexOnly:
    """An int read by its ``__index__`` alone (as numpy's integers are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"IndexOnly({self.value})"


CLASSIC_CODE = _pure.rules_code(CLASSIC)

LOOP_CALLS: list[tuple[str, tuple[Any, ...]]] = [
    ("legal_mask", (1, Once((8,)), 0, 1)),
    ("legal_mask", ("1", [], 0, 1)),
    ("legal_mask", (1.0, [], 0, 1)),
    ("legal_mask", (-1, [], 0, 1)),
    ("legal_mask", (1, [8.0], 0, 1)),
    ("legal_mask", (1, ["8"], 0, 1)),
    ("legal_mask", (1, [1 << 70], 0, 1)),
    ("legal_mask", (1, 8, 0, 1)),
    ("winning_position", (Once((8, 9, 10)), 0)),
    ("winning_position", ((8, 9, 10, 11, 12), 0)),
    ("winning_position", ((8, 9.0), 0)),
    ("winning_position", ((8, -1), 0)),
    ("winning_position", (None, 0)),
    ("rollouts", (Once((1, 2, 4, 8)), Once(()), 0, 0, 1, 0, 2)),
    ("rollouts", (("1", 2, 4, 8), [], 0, 0, 1, 0, 1)),
    ("rollouts", ((1, 2, 4), [], 0, 0, 1, 0, 1)),
    ("rollouts", ((1, 2, 4, 8, 16), [], 0, 0, 1, 0, 1)),
    ("rollouts", ((1.0, 2, 4, 8), [], 0, 0, 1, 0, 1)),
    ("rollouts", (5, [], 0, 0, 1, 0, 1)),
    ("rollouts", ((2, 4, 8, 0), [0.0], 3, 0, 1, 0, 1)),
    ("normal_play_out", (Once((1, 2, 4, 8)), [], 0, 0, 1, 0, 0)),
    ("normal_play_out", ((1, 2, 4, 8), Once((16,)), 1, 0, 1, 0, 1 << 4)),
    ("normal_play_out", ((1, 2, 4, None), [], 0, 0, 1, 0, 0)),
    ("normal_card", (1, 1, Once((8,)), 0, 0, False)),
    ("normal_card", (1, 1, ["8"], 0, 0, False)),
    ("normal_card", ("1", 1, [], 0, 0, False)),
    ("legal_mask", (0xFF00, [8], 2, True)),  # a bool is no rules code
    ("legal_mask", (0xFF00, [8], IndexOnly(2), CLASSIC_CODE)),  # an int by its __index__
    ("legal_mask", (0xFF00, [], 2.0, CLASSIC_CODE)),
    ("legal_mask", (0xFF00, [8], 1 << 40, CLASSIC_CODE)),  # beyond a C int
    ("legal_mask", (0xFF00, [8], -(1 << 40), CLASSIC_CODE)),
    ("legal_mask", (0xFF00, [8], 2, 1 << 70)),  # beyond any rules code
    ("legal_mask", (0xFF00, [8], 2, IndexOnly(CLASSIC_CODE))),  # a rules code is an int
    ("winning_position", ((8, 9), IndexOnly(2))),
    ("rollouts", ((1, 2, 4, 8), [], 0, 0, CLASSIC_CODE, IndexOnly(7), 2)),
    ("rollouts", ((1, 2, 4, 8), [], IndexOnly(0), 0, CLASSIC_CODE, 7, IndexOnly(2))),
    ("rollouts", ((1, 2, 4, 8), [], 0, 0, CLASSIC_CODE, 7.0, 2)),
    ("rollouts", ((1, 2, 4, 8), [], 0, 0, CLASSIC_CODE, 7, 1 << 70)),
    ("normal_play_out", ((1, 2, 4, 8), [], 0, 0, CLASSIC_CODE, IndexOnly(1), 0)),
    ("normal_play_out", ((1, 2, 4, 8), [], 0, 0, CLASSIC_CODE, 1, 0, -1, IndexOnly(0))),
    ("normal_play_out", ((1, 2, 4, 8), [], 0, 0, CLASSIC_CODE, 1.0, 0)),
    ("normal_card", (1, 1, [], IndexOnly(0), 0, False)),
    ("seat_misplays", (0, b"", 2, 1 << 70)),
    ("seat_misplays", (0, b"", 2, False)),
    ("seat_misplays", (0, b"", 1 << 40, CLASSIC_CODE)),
]
"""Calls of the kernel's loops with arguments of other kinds (iterators, non-numbers, floats,
objects read by their ``__index__``, ints beyond C's)."""


@pytest.mark.parametrize(
    ("name", "args"), LOOP_CALLS, ids=[f"{name}-{i}" for i, (name, _) in enumerate(LOOP_CALLS)]
)
def test_the_loops_read_and_refuse_their_arguments_alike(
    compiled: ModuleType, name: str, args: tuple[Any, ...]
) -> None:
    arguments = {str(index): value for index, value in enumerate(args)}

    def call(module: Any) -> tuple[Any, ...]:
        return outcome(getattr(module, name), arguments, names=tuple(arguments))

    assert call(_pure) == call(compiled)


class Untruthful:
    """An argument whose truth cannot be read."""

    def __bool__(self) -> bool:
        raise ValueError("no truth")

    def __repr__(self) -> str:
        return "Untruthful()"


MASKS: list[Any] = [1, 0xFF00, -1, 1 << 32, 1.0, "1", None, IndexOnly(1), True]
TRICKS: list[Any] = [[], [8], Once((8, 9)), (0, 1, 2, 3), [32], [-1], [2.0], ["a"], [1 << 70], 7, None]
MODES: list[Any] = [2, 5, -1, 6, 1 << 40, 1 << 70, -(1 << 70), 2.0, None, IndexOnly(2), True]
RULES_CODES: list[Any] = [CLASSIC_CODE, 6, 3 << 8, 1 << 10, -1, 1 << 70, True, 1.0, [1], IndexOnly(1)]
"""Rules codes of every kind: 6 and ``3 << 8`` are within the code's bits, but an option value
beyond its choices (refused after the mode, not before)."""
POSITIONS: list[Any] = [(1, 2, 4, 8), (1, 2, 4), ("1", 2, 4, 8), (1, 1, 4, 8), (2, 4, 8, 0), 5, None]
SEATS: list[Any] = [0, 3, -1, 4, 1 << 40, 1 << 70, 1.0, None]
A_PLAY = _pure.pack_plays([(0, (), 0, 1, True)])
PLAYS: list[Any] = [
    b"",
    A_PLAY,
    bytearray(A_PLAY),
    memoryview(A_PLAY),
    b"x" * 15,
    b"\xff" * 16,
    "x" * 16,
    None,
    memoryview(bytes(32)).cast("i"),  # 32 bytes of 4-byte items: two plays
    memoryview(bytes(32))[::2],  # not contiguous
]
LOOP_ARGUMENTS: dict[str, tuple[tuple[Any, ...], list[list[Any]]]] = {
    "legal_mask": ((0xFF00, [8], 2, CLASSIC_CODE), [MASKS, TRICKS, MODES, RULES_CODES]),
    "winning_position": (([8, 9], 2), [TRICKS, MODES]),
    "rollouts": (
        ((1, 2, 4, 8), [], 0, 2, CLASSIC_CODE, 7, 2),
        [
            POSITIONS,
            TRICKS,
            SEATS,
            MODES,
            RULES_CODES,
            [7, -1, 1 << 70, 7.0, None, IndexOnly(7)],
            [2, 0, -1, 1 << 70, 2.0, None, IndexOnly(2)],
        ],
    ),
    "normal_card": (
        (0xFF00, 0xFF00, [8], 2, 0, False),
        [MASKS, MASKS, TRICKS, MODES, MASKS, [False, True, 0, "x", Untruthful()]],
    ),
    "normal_play_out": (
        ((1, 2, 4, 8), [], 0, 2, CLASSIC_CODE, 0, 0, -1, -1),
        [
            POSITIONS,
            TRICKS,
            SEATS,
            MODES,
            RULES_CODES,
            [0, 1, 2, -1, 1 << 40, 1.0],
            MASKS,
            [-1, 0, 3, 40, 1 << 40, 1.0],
            [-1, 0, 1, 2, 1 << 70, 1.0],
        ],
    ),
    "seat_misplays": ((1, A_PLAY, 2, CLASSIC_CODE), [MASKS, PLAYS, MODES, RULES_CODES]),
}
"""Each loop's valid arguments, and values of every kind (good and bad) for each of them."""


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(LOOP_ARGUMENTS)), data=st.data())
def test_the_loops_refuse_several_bad_arguments_alike(
    compiled: ModuleType, name: str, data: st.DataObject
) -> None:
    """With two or three bad arguments at once both paths name the same one first: the C
    arguments' own parsing first (an ``int`` argument beyond a C ``long``, a buffer that is none,
    a truth that cannot be read), then the rules code, the mode, the code's option values and the
    rest in the order of the C kernel's checks."""
    valid, pools = LOOP_ARGUMENTS[name]
    args = list(valid)
    changed = data.draw(st.lists(st.integers(0, len(pools) - 1), min_size=1, max_size=3, unique=True))
    for index in changed:
        values = pools[index]  # drawn by index: a memoryview of ints cannot be hashed
        args[index] = values[data.draw(st.integers(0, len(values) - 1))]
    arguments = {str(index): value for index, value in enumerate(args)}

    def call(module: Any) -> tuple[Any, ...]:
        return outcome(getattr(module, name), arguments, names=tuple(arguments))

    assert call(_pure) == call(compiled)


class Clearing:
    """A number whose ``__index__`` empties the list that holds it: a reader must have taken
    the list's items before converting any (the compiled one read freed memory, a crash)."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.holder: list[Any] = []

    def __index__(self) -> int:
        self.holder.clear()
        return self.value


def cleared_by_its_first_item(values: tuple[Any, ...]) -> list[Any]:
    """``values`` as a list whose first item empties it when read as a number."""
    first = Clearing(values[0])
    items = [first, *values[1:]]
    first.holder = items
    return items


CLEARING_CALLS: list[tuple[str, tuple[Any, ...], int]] = [
    ("legal_mask", (0xFF00, (0, 1, 2), 2, 1), 1),
    ("winning_position", ((0, 1, 2, 3), 2), 0),
    ("rollouts", (PLAYED_HANDS, VALID["trick"], 0, 2, 1, 1, 1), 1),
    ("normal_card", (0xFF00, 0xFF00, (0, 1), 2, 0, True), 2),
    ("normal_play_out", (PLAYED_HANDS, VALID["trick"], 0, 2, 1, 0, 1 << VALID["trick"][0]), 1),
    *(("solve_cards", tuple(VALID.values()), index) for index in (1, 4, 5, 6)),
    *(("solve_value", (*tuple(VALID.values())[:8], (90, 90, 90, 90)), index) for index in (1, 4, 5, 6, 8)),
]
"""Calls and the index of the argument given as a list that its first item empties (every list
of numbers read through ``__index__``: the hands' masks must be ints)."""


@pytest.mark.parametrize(
    ("name", "args", "index"),
    CLEARING_CALLS,
    ids=[f"{name}-{index}" for name, _, index in CLEARING_CALLS],
)
def test_a_list_emptied_while_read_is_read_as_it_was_given(
    compiled: ModuleType, name: str, args: tuple[Any, ...], index: int
) -> None:
    def call(function: Callable[..., Any]) -> tuple[Any, ...]:
        given = list(args)
        given[index] = cleared_by_its_first_item(tuple(args[index]))
        arguments = {str(number): value for number, value in enumerate(given)}
        return outcome(function, arguments, names=tuple(arguments))

    searches: dict[str, Callable[..., Any]] = {"solve_cards": solve_cards, "solve_value": solve_value}
    expected = call(searches[name] if name in searches else getattr(_pure, name))
    assert expected == call(getattr(compiled, name))
    assert expected[0] == "values"
