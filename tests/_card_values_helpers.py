"""Sampled deals given in turn, for the tests of the searching players' card values."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def deals_of(rows: Sequence[Sequence[float]]) -> tuple[list[int], Callable[[], Sequence[float]]]:
    """A ``value_deal`` that gives ``rows`` in turn (then again), and the list that counts its calls."""
    calls: list[int] = []

    def value_deal() -> Sequence[float]:
        calls.append(1)
        return rows[(len(calls) - 1) % len(rows)]

    return calls, value_deal
