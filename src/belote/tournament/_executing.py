"""Ordered, bounded mapping of chunks of work over any ``concurrent.futures.Executor``.

The tournament runner and the self-play writer hand chunks (a function and its argument) to
an executor and read the results back in chunk order, with at most ``window`` chunks in
flight: memory stays flat however many chunks there are, and the order of the results (so
the aggregates) never depends on the executor or on how many workers it has.
"""

from __future__ import annotations

import os
import pickle
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Generic, TypeVar

from belote._repr import safe_repr
from belote.errors import ArgumentTypeError, TournamentError

__all__ = [
    "TASK_SECONDS",
    "Pacer",
    "RunTask",
    "check_executor",
    "check_picklable",
    "ordered_map",
    "window",
    "workers",
]

TASK_SECONDS = 0.25
"""The work a paced task aims at: large against what an executor spends per task (a fraction
of a millisecond for a process pool, about ten for a Dask cluster), small enough that the
workers finish together and progress is reported often."""

T = TypeVar("T")
R = TypeVar("R")


def check_executor(executor: object) -> None:
    """``ArgumentTypeError`` unless ``executor`` is ``None`` or a ``concurrent.futures.Executor``."""
    if executor is not None and not isinstance(executor, Executor):
        hint = " (for a Dask Client, pass client.get_executor())" if hasattr(executor, "get_executor") else ""
        raise ArgumentTypeError(
            f"executor must be a concurrent.futures.Executor or None, got {safe_repr(executor)}{hint}"
        )


def check_picklable(executor: Executor | None, name: str, value: object) -> None:
    """``ArgumentTypeError`` when a process pool is to receive ``value`` and it cannot be pickled."""
    if not isinstance(executor, ProcessPoolExecutor):
        return
    try:
        pickle.dumps(value)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise ArgumentTypeError(
            f"{name} must be picklable to run in a process pool: {error} "
            "(use a level name, a class, a module-level function or functools.partial)"
        ) from None


def workers(executor: Executor | None) -> int | None:
    """How many tasks ``executor`` runs at once, where it tells (a process or thread pool, a
    Dask client's executor); ``None`` when it does not."""
    count = getattr(executor, "_max_workers", None)
    client = getattr(executor, "_client", None)
    if client is not None and hasattr(client, "nthreads"):
        try:
            count = sum(client.nthreads().values())
        except Exception:  # a client that cannot answer now: no count (the caller keeps its default)
            return None
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else None


def window(executor: Executor | None) -> int:
    """How many chunks to keep in flight: four per worker (at least 16), so that no worker
    waits for work while results are read in order."""
    count = workers(executor)
    return 64 if count is None else max(16, 4 * count)


class Pacer:
    """Chunk sizes that grow to about :data:`TASK_SECONDS` of work per task.

    Until the first chunk's time is known every chunk holds one game; then a chunk holds as
    many games as take ``TASK_SECONDS`` at the mean time per game seen so far, but never more
    than ``limit`` nor more than half a worker's share of the games left, so that the last
    tasks stay short and the workers finish together. The sizes only decide how games travel:
    the results, read back in game order, never depend on them.

    >>> pacer = Pacer(workers=2, limit=8)
    >>> pacer.size(remaining=100)
    1
    >>> pacer.observe(games=1, seconds=0.05)
    >>> pacer.size(remaining=100), pacer.size(remaining=12)
    (5, 3)
    """

    __slots__ = ("_games", "_limit", "_seconds", "_workers")

    def __init__(self, *, workers: int | None, limit: int) -> None:
        self._workers = workers or 4
        self._limit = limit
        self._games = 0
        self._seconds = 0.0

    def observe(self, *, games: int, seconds: float) -> None:
        """Note that ``games`` games took ``seconds`` of work."""
        self._games += games
        self._seconds += seconds

    def size(self, *, remaining: int) -> int:
        """Games for the next chunk, with ``remaining`` games not yet handed out."""
        if not self._games:
            return 1
        per_game = self._seconds / self._games
        # games so fast that ``limit`` of them take less than a task's aim: ``limit`` (this also
        # keeps a zero or subnormal time from dividing into infinity)
        timed = self._limit if per_game * self._limit <= TASK_SECONDS else round(TASK_SECONDS / per_game)
        return max(1, min(timed, remaining // (2 * self._workers)))  # timed is at most limit


class RunTask(Generic[T, R]):
    """``function`` as one run of :func:`ordered_map` hands it to an executor, with a token of
    that run's own.

    A Dask executor names a task by its function and argument (``client.submit`` is pure by
    default) and keeps a cancelled task under its name for a while: the same tournament run
    again on the same client after a run that stopped early (whose pending tasks were
    cancelled) would be handed those cancelled tasks back. The run's token is the task's name
    to Dask (``__dask_tokenize__``), so the tasks of two runs never share one; any other
    executor just calls it.

    >>> task: RunTask[int, int] = RunTask(abs, "run-1")
    >>> task(-3), task.__dask_tokenize__()
    (3, ('belote.tournament.RunTask', 'run-1'))
    """

    __slots__ = ("function", "run")

    def __init__(self, function: Callable[[T], R], run: str) -> None:
        self.function = function
        self.run = run

    def __call__(self, item: T) -> R:
        return self.function(item)

    def __repr__(self) -> str:
        return f"RunTask({self.function!r}, {self.run[:8]!r})"

    def __dask_tokenize__(self) -> tuple[str, str]:
        return ("belote.tournament.RunTask", self.run)


def _submit(executor: Executor, function: Callable[[T], R], item: T) -> Future[R]:
    try:
        return executor.submit(function, item)
    except Exception as error:
        # a shut-down pool raises RuntimeError; a closed Dask client its ClosedClientError
        if not isinstance(error, RuntimeError) and "closed" not in type(error).__name__.lower():
            raise
        raise TournamentError(f"the executor cannot take work: {error} (was it shut down?)") from None


def ordered_map(
    executor: Executor | None, function: Callable[[T], R], items: Iterable[T], *, window: int
) -> Generator[R, None, None]:
    """``function(item)`` for each item, in order; run on ``executor`` (``None``: right here)
    with at most ``window`` items submitted and not yet read. Pending work is cancelled when
    the consumer stops early (an exception, a ``break``): the tasks of each run are its own
    (:class:`RunTask`), so a run after one that stopped never gets the cancelled ones."""
    if executor is None:
        for item in items:
            yield function(item)
        return
    pending: deque[Future[R]] = deque()
    source = iter(items)
    task = RunTask(function, os.urandom(16).hex())
    try:
        for item in source:
            pending.append(_submit(executor, task, item))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
