"""Ordered, bounded mapping of chunks of work over any ``concurrent.futures.Executor``.

The tournament runner and the self-play writer hand chunks (a function and its argument) to
an executor and read the results back in chunk order, with at most ``window`` chunks in
flight: memory stays flat however many chunks there are, and the order of the results (so
the aggregates) never depends on the executor or on how many workers it has.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import TypeVar

from belote.errors import Reason, TournamentError

__all__ = ["check_executor", "check_picklable", "ordered_map", "window"]

T = TypeVar("T")
R = TypeVar("R")


def check_executor(executor: object) -> None:
    """``TypeError`` unless ``executor`` is ``None`` or a ``concurrent.futures.Executor``."""
    if executor is not None and not isinstance(executor, Executor):
        hint = " (for a Dask Client, pass client.get_executor())" if hasattr(executor, "get_executor") else ""
        raise TypeError(f"executor must be a concurrent.futures.Executor or None, got {executor!r}{hint}")


def check_picklable(executor: Executor | None, name: str, value: object) -> None:
    """``TypeError`` when a process pool is to receive ``value`` and it cannot be pickled."""
    if not isinstance(executor, ProcessPoolExecutor):
        return
    try:
        pickle.dumps(value)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise TypeError(
            f"{name} must be picklable to run in a process pool: {error} "
            "(use a level name, a class, a module-level function or functools.partial)"
        ) from None


def window(executor: Executor | None) -> int:
    """How many chunks to keep in flight: four per worker (at least 16), so that no worker
    waits for work while results are read in order. Workers are counted where the executor
    tells (a process or thread pool, a Dask client's executor)."""
    workers = getattr(executor, "_max_workers", None)
    client = getattr(executor, "_client", None)
    if client is not None and hasattr(client, "nthreads"):
        try:
            workers = sum(client.nthreads().values())
        except Exception:  # a client that cannot answer now: keep the default
            workers = None
    return max(16, 4 * workers) if isinstance(workers, int) else 64


def _submit(executor: Executor, function: Callable[[T], R], item: T) -> Future[R]:
    try:
        return executor.submit(function, item)
    except Exception as error:
        # a shut-down pool raises RuntimeError; a closed Dask client its ClosedClientError
        if not isinstance(error, RuntimeError) and "closed" not in type(error).__name__.lower():
            raise
        raise TournamentError(
            f"the executor cannot take work: {error} (was it shut down?)", reason=Reason.BAD_ARGUMENT
        ) from None


def ordered_map(
    executor: Executor | None, function: Callable[[T], R], items: Iterable[T], *, window: int
) -> Generator[R, None, None]:
    """``function(item)`` for each item, in order; run on ``executor`` (``None``: right here)
    with at most ``window`` items submitted and not yet read. Pending work is cancelled when
    the consumer stops early (an exception, a ``break``)."""
    if executor is None:
        for item in items:
            yield function(item)
        return
    pending: deque[Future[R]] = deque()
    source = iter(items)
    try:
        for item in source:
            pending.append(_submit(executor, function, item))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
