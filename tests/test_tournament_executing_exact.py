"""Exact behaviour of belote.tournament._executing that mutation testing (mutmut 3.8) checks: the
refusal of what is no executor (with its hint for a Dask client), of players a process pool
cannot pickle, how many workers an executor tells, the window of tasks in flight, the sizes the
:class:`~belote.tournament._executing.Pacer` gives at each bound, the :class:`RunTask` wrapper,
an executor that takes no work, and the order in which :func:`ordered_map` submits, reads and
cancels its tasks.

The tournament tests (test_tournament*.py) run process and thread pools, which deadlock in
mutmut's forked runners, and are left out of its runs: these run every task in this thread, on
the stand-ins of tests/_executor_stand_ins.py, which log when each task is submitted and run."""

from __future__ import annotations

import itertools
import pickle
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest

from _executor_stand_ins import ClosedClientError, LazyExecutor, RefusingExecutor
from belote.errors import ArgumentTypeError, Reason, TournamentError
from belote.tournament import _executing
from belote.tournament._executing import (
    TASK_SECONDS,
    Pacer,
    RunTask,
    check_executor,
    check_picklable,
    ordered_map,
    window,
    workers,
)

# -- checks ------------------------------------------------------------------------------------


class UnstartedPool(ProcessPoolExecutor):
    """A process pool as the checks see it (its type), that starts nothing."""

    def __init__(self) -> None:
        pass


def test_an_executor_or_none_is_taken() -> None:
    check_executor(None)
    check_executor(LazyExecutor())
    check_executor(UnstartedPool())


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("pool", "'pool'"),
        (5, "5"),
        (SimpleNamespace(submit=print), "namespace(submit=<built-in function print>)"),
        (
            SimpleNamespace(get_executor=print),
            "namespace(get_executor=<built-in function print>) "
            "(for a Dask Client, pass client.get_executor())",
        ),
    ],
)
def test_what_is_no_executor_is_refused(value: object, shown: str) -> None:
    with pytest.raises(ArgumentTypeError) as raised:
        check_executor(value)
    assert str(raised.value) == f"executor must be a concurrent.futures.Executor or None, got {shown}"


class Refuses:
    """A value whose pickling raises ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __reduce__(self) -> Any:
        raise self.error


@pytest.mark.parametrize(
    "error",
    [pickle.PicklingError("no pickle"), AttributeError("no attribute"), TypeError("no type")],
)
def test_what_a_process_pool_cannot_pickle_is_refused(error: Exception) -> None:
    with pytest.raises(ArgumentTypeError) as raised:
        check_picklable(UnstartedPool(), "players", ("easy", Refuses(error)))
    assert str(raised.value) == (
        f"players must be picklable to run in a process pool: {error} "
        "(use a level name, a class, a module-level function or functools.partial)"
    )
    assert raised.value.__cause__ is None
    assert raised.value.__suppress_context__


def test_what_another_executor_takes_is_not_pickled() -> None:
    for executor in (None, LazyExecutor()):
        check_picklable(executor, "players", Refuses(pickle.PicklingError("no pickle")))


def test_a_lock_is_refused_and_other_errors_are_their_own() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^factory must be picklable to run in a process pool: "):
        check_picklable(UnstartedPool(), "factory", threading.Lock())
    with pytest.raises(ValueError, match=r"^not a pickling error$"):
        check_picklable(UnstartedPool(), "players", Refuses(ValueError("not a pickling error")))
    check_picklable(UnstartedPool(), "players", ("easy", 1))


# -- workers and windows -----------------------------------------------------------------------


class Client:
    def __init__(self, threads: Any) -> None:
        self.threads = threads

    def nthreads(self) -> Any:
        if isinstance(self.threads, Exception):
            raise self.threads
        return self.threads


@pytest.mark.parametrize(
    ("executor", "count"),
    [
        (None, None),
        (SimpleNamespace(), None),
        (SimpleNamespace(_max_workers=3), 3),
        (SimpleNamespace(_max_workers=1), 1),
        (SimpleNamespace(_max_workers=0), None),
        (SimpleNamespace(_max_workers=-2), None),
        (SimpleNamespace(_max_workers=True), None),
        (SimpleNamespace(_max_workers=2.0), None),
        (SimpleNamespace(_max_workers=3, _client=None), 3),
        (SimpleNamespace(_max_workers=3, _client=SimpleNamespace()), 3),
        (SimpleNamespace(_client=Client({"a": 2, "b": 3})), 5),
        (SimpleNamespace(_max_workers=7, _client=Client({"a": 2})), 2),
        (SimpleNamespace(_client=Client({})), None),
        (SimpleNamespace(_max_workers=7, _client=Client(OSError("gone"))), None),
        (SimpleNamespace(_max_workers=7, _client=Client(RuntimeError("closed"))), None),
    ],
)
def test_workers(executor: Any, count: int | None) -> None:
    assert workers(executor) == count


def test_the_workers_of_a_thread_pool() -> None:
    pool = ThreadPoolExecutor(max_workers=3)  # no thread starts before the first task
    try:
        assert workers(pool) == 3
        assert window(pool) == 16
    finally:
        pool.shutdown()


@pytest.mark.parametrize(
    ("count", "size"), [(None, 64), (1, 16), (3, 16), (4, 16), (5, 20), (6, 24), (16, 64), (17, 68)]
)
def test_windows(count: int | None, size: int) -> None:
    executor: Any = SimpleNamespace() if count is None else SimpleNamespace(_max_workers=count)
    assert window(executor) == size
    assert window(None) == 64


# -- the pacer ---------------------------------------------------------------------------------


def test_task_seconds() -> None:
    assert TASK_SECONDS == 0.25


def test_the_first_chunk_holds_one_game() -> None:
    pacer = Pacer(workers=2, limit=8)
    assert [pacer.size(remaining=remaining) for remaining in (0, 1, 100)] == [1, 1, 1]
    pacer.observe(games=0, seconds=3.0)
    assert pacer.size(remaining=100) == 1


def test_chunks_aim_at_a_quarter_second() -> None:
    pacer = Pacer(workers=2, limit=8)
    pacer.observe(games=1, seconds=0.05)  # 0.05 s a game: 5 games
    assert pacer.size(remaining=100) == 5
    assert pacer.size(remaining=23) == 5
    assert pacer.size(remaining=20) == 5
    assert pacer.size(remaining=19) == 4  # half a worker's share: 19 // 4
    assert pacer.size(remaining=12) == 3
    assert pacer.size(remaining=4) == 1
    assert pacer.size(remaining=3) == 1
    assert pacer.size(remaining=0) == 1
    pacer.observe(games=3, seconds=0.15)  # still 0.05 s a game
    assert pacer.size(remaining=100) == 5
    pacer.observe(games=4, seconds=0.6)  # 0.8 s for 8 games: 0.1 a game
    assert pacer.size(remaining=100) == 2  # round(2.5)
    pacer.observe(games=2, seconds=0.0)  # 0.8 s for 10 games: 0.08 a game
    assert pacer.size(remaining=100) == 3  # round(3.125)


def test_slow_games_get_one_a_chunk() -> None:
    pacer = Pacer(workers=1, limit=8)
    pacer.observe(games=2, seconds=2.0)
    assert pacer.size(remaining=100) == 1
    pacer = Pacer(workers=1, limit=8)
    pacer.observe(games=1, seconds=0.17)  # round(1.47)
    assert pacer.size(remaining=100) == 1
    pacer = Pacer(workers=1, limit=8)
    pacer.observe(games=1, seconds=0.16)  # round(1.5625)
    assert pacer.size(remaining=100) == 2


@pytest.mark.parametrize(
    ("seconds", "size"),
    [
        (0.0, 8),  # no time at all: the limit
        (5e-324, 8),  # a subnormal time
        (0.03125, 8),  # 8 games take exactly a task's aim
        (0.032, 8),  # round(7.8125)
        (0.034, 7),  # round(7.35)
        (0.04, 6),  # round(6.25)
    ],
)
def test_fast_games_fill_a_chunk_up_to_the_limit(seconds: float, size: int) -> None:
    pacer = Pacer(workers=1, limit=8)
    pacer.observe(games=1, seconds=seconds)
    assert pacer.size(remaining=1000) == size


@pytest.mark.parametrize(
    ("count", "remaining", "size"), [(None, 16, 2), (None, 15, 1), (0, 16, 2), (3, 12, 2), (3, 11, 1)]
)
def test_the_workers_share_the_last_games(count: int | None, remaining: int, size: int) -> None:
    pacer = Pacer(workers=count, limit=64)  # no count: 4 workers
    pacer.observe(games=10, seconds=0.0)
    assert pacer.size(remaining=remaining) == size


def test_a_pacer_has_no_other_attributes() -> None:
    pacer = Pacer(workers=2, limit=8)
    with pytest.raises(AttributeError):
        pacer.extra = 1  # type: ignore[attr-defined]
    task: RunTask[int, int] = RunTask(abs, "run")
    with pytest.raises(AttributeError):
        task.extra = 1  # type: ignore[attr-defined]


# -- tasks -------------------------------------------------------------------------------------


def test_a_run_task_calls_its_function_and_names_its_run() -> None:
    task: RunTask[int, int] = RunTask(abs, "0123456789abcdef")
    assert task(-3) == 3
    assert (task.function, task.run) == (abs, "0123456789abcdef")
    assert repr(task) == "RunTask(<built-in function abs>, '01234567')"
    assert task.__dask_tokenize__() == ("belote.tournament.RunTask", "0123456789abcdef")
    assert repr(RunTask(abs, "ab")) == "RunTask(<built-in function abs>, 'ab')"


class ShutDownError(RuntimeError):
    pass


class ClosedError(Exception):
    pass


@pytest.mark.parametrize(
    "error",
    [
        RuntimeError("cannot schedule new futures after shutdown"),
        ShutDownError("shut"),
        ClosedClientError("client closed"),
        ClosedError("closed"),
    ],
)
def test_an_executor_that_takes_no_work(error: Exception) -> None:
    with pytest.raises(TournamentError) as raised:
        next(ordered_map(RefusingExecutor(error), abs, [1], window=2))
    assert str(raised.value) == f"the executor cannot take work: {error} (was it shut down?)"
    assert raised.value.reason is Reason.BAD_ARGUMENT
    assert raised.value.__cause__ is None
    assert raised.value.__suppress_context__


@pytest.mark.parametrize("error", [ValueError("bad item"), TypeError("closed"), KeyError("close")])
def test_another_error_of_submit_is_its_own(error: Exception) -> None:
    with pytest.raises(type(error)) as raised:
        next(ordered_map(RefusingExecutor(error), abs, [1], window=2))
    assert raised.value is error


def test_submit_hands_the_function_and_the_item() -> None:
    executor = LazyExecutor()
    future = _executing._submit(executor, abs, -4)
    assert executor.log == [("submit", "-4")]
    assert future.result() == 4
    assert executor.functions == [abs]


# -- ordered_map -------------------------------------------------------------------------------


def test_without_an_executor_each_item_runs_as_it_is_read() -> None:
    ran: list[int] = []

    def square(item: int) -> int:
        ran.append(item)
        return item * item

    results = ordered_map(None, square, itertools.count(2), window=1)
    assert next(results) == 4
    assert next(results) == 9
    assert ran == [2, 3]
    results.close()
    assert list(ordered_map(None, square, [], window=5)) == []


def log_for(count: int, window_size: int) -> list[tuple[str, object]]:
    """The events of an ordered map of ``count`` items with ``window_size`` in flight."""
    log: list[tuple[str, object]] = [("submit", index) for index in range(min(count, window_size))]
    for index in range(count):
        log.append(("run", index))
        log.append(("read", index))
        if index + window_size < count:
            log.append(("submit", index + window_size))
    return log


@pytest.mark.parametrize(("count", "window_size"), [(5, 2), (5, 1), (5, 5), (5, 6), (1, 1), (0, 3), (7, 3)])
def test_at_most_a_window_of_tasks_in_flight(count: int, window_size: int) -> None:
    executor = LazyExecutor(name_of=lambda item: item)
    results = ordered_map(executor, lambda item: -item, range(count), window=window_size)
    read = []
    for result in results:
        executor.log.append(("read", -result))
        read.append(result)
    assert read == [-index for index in range(count)]
    # the first read comes once the window is full: submit, submit, run, read, submit...
    expected = log_for(count, window_size)
    if count >= window_size:
        assert executor.log == expected
    else:  # fewer items than the window: every item submitted, then read
        assert executor.log == [("submit", index) for index in range(count)] + [
            event for index in range(count) for event in (("run", index), ("read", index))
        ]


def test_the_tasks_of_a_run_are_its_own() -> None:
    executor = LazyExecutor()
    assert list(ordered_map(executor, abs, [-1, -2], window=4)) == [1, 2]
    assert list(ordered_map(executor, abs, [-3], window=4)) == [3]
    first, second, third = executor.functions
    assert isinstance(first, RunTask)
    assert isinstance(third, RunTask)
    assert first is second
    assert first.function is abs
    assert len(first.run) == 32
    assert int(first.run, 16) >= 0
    assert first.run != third.run


def test_an_infinite_source_is_read_as_needed() -> None:
    executor = LazyExecutor(name_of=lambda item: item)
    results = ordered_map(executor, lambda item: item * 10, itertools.count(), window=2)
    assert [next(results) for _ in range(3)] == [0, 10, 20]
    assert executor.log == [
        ("submit", 0),
        ("submit", 1),
        ("run", 0),
        ("submit", 2),
        ("run", 1),
        ("submit", 3),
        ("run", 2),
    ]
    results.close()
    assert [future.cancelled() for future in executor.futures] == [False, False, False, True]


def test_a_task_that_fails_cancels_the_others() -> None:
    def fails_at_1(item: int) -> int:
        if item == 1:
            raise ValueError("task 1 failed")
        return item

    executor = LazyExecutor(name_of=lambda item: item)
    results = ordered_map(executor, fails_at_1, range(6), window=3)
    assert next(results) == 0
    with pytest.raises(ValueError, match=r"^task 1 failed$"):
        next(results)
    assert [future.cancelled() for future in executor.futures] == [False, False, True, True]
    assert executor.log[-1] == ("run", 1)


def test_an_early_stop_cancels_what_was_not_read() -> None:
    executor = LazyExecutor(name_of=lambda item: item)
    results = ordered_map(executor, abs, range(10), window=4)
    assert next(results) == 0
    results.close()
    assert [future.cancelled() for future in executor.futures] == [False, True, True, True]


def test_an_executor_is_an_executor() -> None:
    executor: Executor = LazyExecutor()
    assert list(ordered_map(executor, str, [1, 2, 3], window=16)) == ["1", "2", "3"]
