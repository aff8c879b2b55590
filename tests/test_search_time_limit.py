"""The exact search's time limit (``time_limit=seconds``), in both twins: the compiled kernel's
(imported directly, so that these tests run on the pure path too when it is built) and the
pure-Python search of belote.kernel._search and _value.

A search past its limit raises ``TimeoutError`` and leaves no wrong fact behind (the compiled
kernel's pooled tables, a table given by the caller); a limit it does not reach changes nothing;
a bad limit is refused alike by both, in the same order among the other arguments. How soon a
search stops past its limit is measured in benchmarks/solver_time_limit.py, not here.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from types import ModuleType

import pytest

from _kernel_helpers import built_kernel
from belote.kernel._rules import rule_values
from belote.kernel._search import CLOCK_EVERY, Table, solve_cards
from belote.kernel._search_arguments import check_time_limit
from belote.kernel._value import solve_value
from belote.variants import CLASSIC, CLASSIC_501

CLASSIC_RULES = rule_values(CLASSIC)
HEARTS = 2
Hands = tuple[int, int, int, int]


def dealt(seed: int, cards: int = 32) -> Hands:
    """A random deal of ``cards`` cards (a multiple of 4), as many to each seat, by seat."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    each = cards // 4
    a, b, c, d = (sum(1 << card for card in deck[seat * each : (seat + 1) * each]) for seat in range(4))
    return a, b, c, d


@pytest.fixture
def compiled() -> ModuleType:
    module = built_kernel()
    if module is None:
        pytest.skip("compiled kernel not built (or older than its C sources)")
    return module


def searches(compiled: ModuleType | None) -> list[tuple[Callable[..., object], Callable[..., object]]]:
    """(solve_cards, solve_value) of the pure search and, when built, of the compiled one."""
    found: list[tuple[Callable[..., object], Callable[..., object]]] = [(solve_cards, solve_value)]
    if compiled is not None:
        found.append((compiled.solve_cards, compiled.solve_value))
    return found


BAD_LIMITS = [
    (0, ValueError, "time_limit must be None or a number of seconds above 0, got 0"),
    (-0.5, ValueError, "time_limit must be None or a number of seconds above 0, got -0.5"),
    (float("nan"), ValueError, "time_limit must be None or a number of seconds above 0, got nan"),
    (float("-inf"), ValueError, "time_limit must be None or a number of seconds above 0, got -inf"),
    (True, TypeError, "time_limit must be None or a number of seconds above 0, got True"),
    ("1", TypeError, "time_limit must be None or a number of seconds above 0, got '1'"),
    ([1], TypeError, "time_limit must be None or a number of seconds above 0, got [1]"),
    (10**400, OverflowError, "int too large to convert to float"),
]


@pytest.mark.parametrize(("limit", "error", "message"), BAD_LIMITS)
def test_a_bad_time_limit_is_refused_alike(limit: object, error: type[Exception], message: str) -> None:
    hands = dealt(1, 8)
    for cards, value in searches(built_kernel()):
        for search in (cards, value):
            with pytest.raises(error) as raised:
                search(hands, (), 0, HEARTS, CLASSIC_RULES, (2, 2), (90, 90), time_limit=limit)
            assert str(raised.value) == message
    with pytest.raises(error, match=r"time_limit|int too large"):
        check_time_limit(limit)


def test_the_time_limit_is_read_after_threads_and_before_won() -> None:
    """With two bad arguments, both twins refuse the same one first."""
    hands = dealt(1, 8)
    for cards, value in searches(built_kernel()):
        for search in (cards, value):
            with pytest.raises(ValueError, match=r"^time_limit"):
                search(hands, (), 0, HEARTS, CLASSIC_RULES, (9, 9), (90, 90), time_limit=0)
            with pytest.raises(ValueError, match=r"^threads"):
                search(hands, (), 0, HEARTS, CLASSIC_RULES, (2, 2), (90, 90), threads=0, time_limit=0)


@pytest.mark.parametrize("limit", [None, 60, 60.0, 10**12, float("inf")])
def test_a_limit_not_reached_changes_nothing(limit: object) -> None:
    hands = dealt(2, 12)
    expected = solve_cards(hands, (), 1, HEARTS, CLASSIC_RULES, (3, 2), (90, 90))
    best = max(margin for _card, _points, margin in expected)
    for cards, value in searches(built_kernel()):
        assert cards(hands, (), 1, HEARTS, CLASSIC_RULES, (3, 2), (90, 90), time_limit=limit) == expected
        found = value(hands, (), 1, HEARTS, CLASSIC_RULES, (3, 2), (90, 90), time_limit=limit)
        assert found == next((points, margin) for _c, points, margin in expected if margin == best)


@pytest.mark.parametrize("limit", [1e-9, 1e-6, 2**-40])
def test_past_its_limit_the_pure_search_stops(limit: float) -> None:
    hands = dealt(3, 24)  # thousands of trick boundaries: far more than a microsecond's work
    message = f"the search ran past its time_limit of {limit!r} seconds"
    with pytest.raises(TimeoutError) as raised:
        solve_cards(hands, (), 0, HEARTS, CLASSIC_RULES, (0, 0), (90, 90), time_limit=limit)
    assert str(raised.value) == message
    with pytest.raises(TimeoutError) as raised:
        solve_value(hands, (), 0, HEARTS, CLASSIC_RULES, (0, 0), (90, 90), time_limit=limit, flat=(-20, 20))
    assert str(raised.value) == message


class CountingTable(dict[int, tuple[int, int, int]]):
    """A transposition table that counts its look-ups (one per trick boundary searched)."""

    looked_up = 0

    def get(self, key: int, default: object = None) -> object:  # type: ignore[override]
        self.looked_up += 1
        return super().get(key, default)


def test_the_pure_search_reads_the_clock_every_few_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is read once for the deadline, then once per :data:`CLOCK_EVERY` trick
    boundaries that reach the table (each looks it up once), not before."""
    import belote.kernel._search as search_module

    table = CountingTable()
    readings: list[int] = []  # the look-ups done when the clock is read

    class Clock:
        def perf_counter(self) -> float:
            readings.append(table.looked_up)
            return 0.0  # never past the deadline

    monkeypatch.setattr(search_module, "time", Clock())
    hands = dealt(4, 20)
    values = solve_cards(hands, (), 0, HEARTS, CLASSIC_RULES, (1, 2), (90, 90), table, time_limit=5.0)
    assert values == solve_cards(hands, (), 0, HEARTS, CLASSIC_RULES, (1, 2), (90, 90))
    assert table.looked_up > 3 * CLOCK_EVERY
    # the deadline, then the 32nd boundary, the 64th... (each reads the clock before its look-up)
    assert readings == [0, *range(CLOCK_EVERY - 1, table.looked_up, CLOCK_EVERY)]
    readings.clear()
    solve_cards(hands, (), 0, HEARTS, CLASSIC_RULES, (1, 2), (90, 90), CountingTable())
    assert readings == []  # without a limit, no clock


def test_a_table_given_to_a_search_out_of_time_keeps_exact_facts_only() -> None:
    hands = dealt(5, 24)
    table: Table = {}
    with pytest.raises(TimeoutError):
        solve_cards(hands, (), 2, HEARTS, CLASSIC_RULES, (1, 1), (90, 90), table, time_limit=0.02)
    assert table  # it had learnt something before it stopped
    fresh = solve_cards(hands, (), 2, HEARTS, CLASSIC_RULES, (1, 1), (90, 90))
    assert solve_cards(hands, (), 2, HEARTS, CLASSIC_RULES, (1, 1), (90, 90), table) == fresh


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_past_its_limit_the_compiled_search_stops_and_its_tables_stay_exact(
    compiled: ModuleType, threads: int
) -> None:
    """A whole deal cannot be solved in a microsecond: it stops. Stopped searches leave no void
    value in the pooled tables: solving again and again with the table's facts kept (``table``
    given), under limits it may or may not reach, gives the exact values, on every thread count."""
    for seed in range(6):
        hands = dealt(10 + seed)
        arguments = (
            hands,
            (),
            seed % 4,
            seed % 6,
            CLASSIC_RULES,
            (0, 0, 0, 0),
            (90, 90),
            True,
            (188, 90, 188, 90),
        )
        fresh = (*arguments[:7], None, arguments[8])
        exact = compiled.solve_cards(*fresh, threads=1)
        best = max(((points, margin) for _card, points, margin in exact), key=lambda value: value[1])
        with pytest.raises(TimeoutError, match=f"of {1e-06!r} seconds"):
            compiled.solve_cards(*fresh, threads=threads, time_limit=1e-6)
        with pytest.raises(TimeoutError, match=f"of {1e-06!r} seconds"):
            compiled.solve_value(*fresh, threads=threads, time_limit=1e-6)
        for limit in (1e-6, 1e-4, 1e-3, 1e-6, 3e-3):
            with contextlib.suppress(TimeoutError):
                assert compiled.solve_cards(*arguments, threads=threads, time_limit=limit) == exact
            with contextlib.suppress(TimeoutError):
                assert compiled.solve_value(*arguments, threads=threads, time_limit=limit) == best
        assert compiled.solve_cards(*arguments, threads=threads) == exact
        assert compiled.solve_value(*arguments, threads=threads) == best


def test_the_compiled_search_out_of_time_in_the_501_game(compiled: ModuleType) -> None:
    """The one-player capots followed (their flags): stopped, then solved whole."""
    rules = rule_values(CLASSIC_501)
    hands = dealt(20)
    arguments = (hands, (), 0, HEARTS, rules, (0, 0, 0, 0), (90, 90), None, (188, 188, 188, 188))
    with pytest.raises(TimeoutError):
        compiled.solve_cards(*arguments, time_limit=1e-6)
    assert compiled.solve_cards(*arguments, time_limit=100.0) == compiled.solve_cards(*arguments)
