"""The 95 % intervals of tournament statistics: Wilson's for a proportion."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote import BeloteError, wilson
from belote.errors import ArgumentTypeError, Reason


@pytest.mark.parametrize(
    ("successes", "total", "low", "high"),
    [
        (7, 10, 0.3968, 0.8922),  # Wilson's interval for 7 of 10, as published tables give it
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (0, 0, 0.0, 1.0),
        (2.5, 5, 0.1704, 0.8296),  # shares of points are fractional successes
    ],
)
def test_wilson_intervals(successes: float, total: int, low: float, high: float) -> None:
    found = wilson(successes, total)
    assert found == pytest.approx((low, high), abs=5e-5)


@given(total=st.integers(1, 10_000), data=st.data())
def test_the_interval_holds_the_rate_and_stays_in_0_1(total: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, total))
    low, high = wilson(successes, total)
    assert 0.0 <= low <= successes / total <= high <= 1.0
    assert (low == 0.0) == (successes == 0)
    assert (high == 1.0) == (successes == total)


@pytest.mark.parametrize(
    ("successes", "total", "fragment"),
    [("3", 10, "successes must be a number"), (3, None, "total must be a number"),
     (True, 10, "successes must be a number"), (3, math.nan, "total must be a number")],
)  # fmt: skip
def test_wilson_refuses_what_is_not_a_number(successes: Any, total: Any, fragment: str) -> None:
    with pytest.raises(ArgumentTypeError, match=fragment) as error:
        wilson(successes, total)
    assert error.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(("successes", "total"), [(-1, 10), (11, 10), (10.5, 10), (1, 0), (-1, -3)])
def test_wilson_refuses_successes_outside_the_total(successes: float, total: int) -> None:
    with pytest.raises(BeloteError) as error:
        wilson(successes, total)
    assert error.value.reason is Reason.BAD_ARGUMENT
