"""Executors that run their work in the calling thread, for the exact tests of the tournament
runner and the self-play writer: mutmut runs each mutant in a forked process, where process
pools and threads deadlock, so these stand in for them (they are what ``ordered_map`` hands work
to, and they keep a log of when each task was submitted and when it ran)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any


class LazyFuture(Future[Any]):
    """A future whose call runs when its result is first asked (or never, once cancelled)."""

    def __init__(self, call: Callable[[], Any], name: object, log: list[tuple[str, object]]) -> None:
        super().__init__()
        self.call = call
        self.name = name
        self.log = log

    def result(self, timeout: float | None = None) -> Any:
        if not self.done():
            self.log.append(("run", self.name))
            try:
                value = self.call()
            except BaseException as error:  # the task's error, given by result() as a pool does
                self.set_exception(error)
            else:
                self.set_result(value)
        return super().result(timeout)


class LazyExecutor(Executor):
    """An executor that runs a task only when its result is asked, in this thread. It keeps
    every future it made and logs ``("submit", name)`` and ``("run", name)`` events, a task
    named by ``name_of(item)``; ``workers`` is the ``_max_workers`` a pool would tell."""

    def __init__(self, workers: int | None = None, name_of: Callable[[Any], object] = repr) -> None:
        if workers is not None:
            self._max_workers = workers
        self.name_of = name_of
        self.futures: list[LazyFuture] = []
        self.log: list[tuple[str, object]] = []
        self.functions: list[object] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        (item,) = args
        name = self.name_of(item)
        self.log.append(("submit", name))
        self.functions.append(fn)
        future = LazyFuture(lambda: fn(*args, **kwargs), name, self.log)
        self.futures.append(future)
        return future


class ClosedClientError(Exception):
    """What a closed Dask client raises (the name is what counts)."""


class RefusingExecutor(Executor):
    """An executor that takes no work: ``submit`` raises ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise self.error
