"""The compiled solver's threads and tables: the values never depend on them.

A solve may split its legal cards over threads of its own that share one transposition table
(each bucket under a sequence lock), and every solve holds one table of a pool of eight, so that
Python threads solving at once run in parallel. Whatever the threads, the values must be the
one-thread values; the pure-Python twin checks ``threads`` as the compiled search does and runs
on one thread.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import pytest

import belote.kernel
from _solver_helpers import seat_tricks
from belote import (
    CLASSIC,
    ArgumentTypeError,
    BeloteError,
    Contract,
    Reason,
    Seat,
    Trump,
    match,
    play_round,
    position,
)
from belote.agents import NormalAgent
from belote.analysis import analyze, analyze_match, solve
from belote.kernel._rules import rule_values
from belote.kernel._search import solve_cards
from test_kernel_solver import random_position


def whole_deals(count: int, seed: int) -> list[tuple[Any, ...]]:
    """Positions of the first trick (29 to 32 cards in play), every mode, with and without a
    one-player capot bonus beside the team's."""
    rng = random.Random(seed)
    positions: list[tuple[Any, ...]] = []
    for number in range(count):
        hands, trick, leader, mode, rules, won, bonus = random_position(rng, 32 - number % 4)
        if number % 3 == 2:
            positions.append(
                (hands, trick, leader, mode, rules, seat_tricks(rng, 0), bonus, None, (188, 188))
            )
        else:
            positions.append((hands, trick, leader, mode, rules, won, bonus))
    return positions


def test_threaded_whole_deal_solves_give_the_one_thread_values(compiled: ModuleType) -> None:
    for deal in whole_deals(24, seed=1):
        expected = compiled.solve_cards(*deal, threads=1)
        assert compiled.solve_cards(*deal, threads=2) == expected, deal
        assert compiled.solve_cards(*deal, threads=3) == expected, deal
        assert compiled.solve_cards(*deal) == expected, deal  # threads by default


def test_threads_on_small_positions_give_the_pure_values(compiled: ModuleType) -> None:
    # below 28 cards the default is one thread: asked for, more threads share the table there too
    rng = random.Random(4)
    for _ in range(150):
        position = random_position(rng, rng.randint(2, 20))
        assert compiled.solve_cards(*position, threads=4) == solve_cards(*position), position


def test_a_kept_table_with_threads_changes_no_value(compiled: ModuleType) -> None:
    table: dict[int, tuple[int, int]] = {}
    for cards_left in range(32, 14, -1):
        hands, trick, leader, mode, rules, won, _ = random_position(random.Random(8), cards_left)
        expected = compiled.solve_cards(hands, trick, leader, mode, rules, won, (90, 90), threads=1)
        assert (
            compiled.solve_cards(hands, trick, leader, mode, rules, won, (90, 90), table, threads=2)
            == expected
        )


def test_more_solves_at_once_than_tables_give_the_sequential_values(compiled: ModuleType) -> None:
    # twelve Python threads for a pool of eight tables: some wait for a table; each solve runs
    # two threads of its own on it. The same hands in the six modes: the same table keys with
    # other values, which a table shared between solves would mix up.
    rng = random.Random(12)
    positions: list[tuple[Any, ...]] = []
    for _ in range(8):
        hands, _, leader, _, rules, won, bonus = random_position(rng, 24)
        positions.extend((hands, (), leader, mode, rules, won, bonus) for mode in range(6))
    expected = [compiled.solve_cards(*position, threads=1) for position in positions]

    def threaded(position: tuple[Any, ...]) -> Any:
        return compiled.solve_cards(*position, threads=2)

    for _ in range(2):
        with ThreadPoolExecutor(max_workers=12) as pool:
            assert list(pool.map(threaded, positions)) == expected


def search_paths() -> list[Callable[..., Any]]:
    module = belote.kernel._compiled
    return [solve_cards] if module is None else [solve_cards, module.solve_cards]


@pytest.mark.parametrize("search", search_paths())
@pytest.mark.parametrize(
    ("threads", "error"),
    [
        (0, ValueError),
        (-2, ValueError),
        (-(2**70), ValueError),
        (True, TypeError),
        (2.0, TypeError),
        ("2", TypeError),
    ],
)
def test_both_searches_refuse_bad_threads_alike(
    search: Callable[..., Any], threads: object, error: type[Exception]
) -> None:
    position = ((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0), (90, 90))
    with pytest.raises(error, match=r"threads must be an int >= 1 or None, got "):
        search(*position, threads=threads)
    assert search(*position, threads=5) == search(*position) == search(*position, threads=2**70)


@pytest.fixture(scope="module")
def finished() -> Any:
    agents = [NormalAgent(seed=seat) for seat in range(4)]
    return play_round(CLASSIC, agents, seed=5, dealer=Seat(0))


@pytest.mark.parametrize(
    ("threads", "error", "reason"),
    [
        (0, BeloteError, Reason.BAD_ARGUMENT),
        (-1, BeloteError, Reason.BAD_ARGUMENT),
        (False, ArgumentTypeError, None),
        ("1", ArgumentTypeError, None),
    ],
)
def test_the_public_functions_refuse_bad_threads(
    finished: Any, threads: object, error: type[BeloteError], reason: Reason | None
) -> None:
    calls: list[Callable[[], object]] = [
        lambda: analyze(finished, start=28, threads=threads),  # type: ignore[arg-type]
        lambda: analyze_match(match(CLASSIC, seed=1), threads=threads),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(error, match="threads must be an int >= 1 or None") as caught:
            call()
        if reason is not None:
            assert caught.value.reason is reason


def test_solve_and_analyze_take_threads(finished: Any) -> None:
    hands = [
        "AS KS 9S JH 7D AC TC 8C",
        "7S 8S TH 9H 8H JD 9D 7C",
        "QS JS TS AH KH QH 8D 9C",
        "AD KD QD TD 7H KC QC JC",
    ]
    state = position(
        CLASSIC, dealer=Seat(3), hands=hands, turned="JH", contract=Contract(Seat(0), Trump.HEARTS)
    )
    assert solve(state, threads=2) == solve(state, threads=1) == solve(state)
    with pytest.raises(BeloteError, match="threads must be an int >= 1 or None, got 0"):
        solve(state, threads=0)
    assert analyze(finished, start=0, threads=2) == analyze(finished, start=0, threads=1)


SMALL_STACK = """
import sys, threading
import belote.kernel as k
from belote import CLASSIC
from belote.kernel._rules import rule_values
assert k.COMPILED
hands, rules = eval(sys.argv[1]), rule_values(CLASSIC)
threading.stack_size(32768)  # the least a thread may be given
found = []
def solve():
    found.append(k.solve_cards(hands, (), 0, 2, rules, (0, 0), (90, 90), threads=2))
    found.append(k.solve_value(hands, (), 0, 2, rules, (0, 0), (90, 90), threads=1))
    found.append(k.solve_value((1, 1 << 8, 1 << 16, 1 << 24), (), 0, 2, rules, (7, 0), (90, 90)))
thread = threading.Thread(target=solve)
thread.start()
thread.join()
print(found)
"""


def test_a_solve_runs_on_a_thread_given_the_smallest_stack(compiled: ModuleType) -> None:
    # the solve's workers live on the heap: on the stack (some 36 KB) they overflowed a thread
    # given a small stack (threading.stack_size), a crash of the whole process
    import subprocess
    import sys

    deck = list(range(32))
    random.Random(1).shuffle(deck)
    hands = tuple(sum(1 << card for card in deck[seat * 8 : seat * 8 + 8]) for seat in range(4))
    run = subprocess.run(
        [sys.executable, "-c", SMALL_STACK, repr(hands)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    rules = rule_values(CLASSIC)
    expected = [
        compiled.solve_cards(hands, (), 0, 2, rules, (0, 0), (90, 90), threads=1),
        compiled.solve_value(hands, (), 0, 2, rules, (0, 0), (90, 90), threads=1),
        compiled.solve_value((1, 1 << 8, 1 << 16, 1 << 24), (), 0, 2, rules, (7, 0), (90, 90)),
    ]
    assert run.stdout.strip() == repr(expected)
