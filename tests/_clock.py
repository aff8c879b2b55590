"""A stand-in for the ``time`` module, for the tests of time budgets and deadlines: the module
under test reads ``time.perf_counter()``, and the test sets the time it reads."""

from __future__ import annotations


class Clock:
    """A stand-in for the ``time`` module whose :func:`perf_counter` reads ``now``."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def perf_counter(self) -> float:
        return self.now
