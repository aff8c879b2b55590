"""The 95 % intervals of tournament statistics: Wilson's for a proportion, the normal one for a
running mean; each refuses what is not a count or a finite number."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote import BeloteError, wilson
from belote.errors import ArgumentTypeError, Reason
from belote.stats import Z95, RunningMean


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
    [("3", 10, "successes must be a finite number"), (3, None, "total must be a whole number"),
     (True, 10, "successes must be a finite number"), (3, math.nan, "total must be a whole number"),
     (math.nan, 10, "successes must be a finite number"), (math.inf, 10, "successes must be a finite number"),
     (3, 10.0, "total must be a whole number"), (3, True, "total must be a whole number"),
     (1e308, 1e308, "total must be a whole number")],
)  # fmt: skip
def test_wilson_refuses_what_is_not_a_count(successes: Any, total: Any, fragment: str) -> None:
    with pytest.raises(ArgumentTypeError, match=fragment) as error:
        wilson(successes, total)
    assert error.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(
    ("successes", "total", "fragment"),
    [(-1, 10, "between 0 and total"), (11, 10, "between 0 and total"),
     (10.5, 10, "between 0 and total"), (1, 0, "between 0 and total"),
     (-1, -3, "total must be at least 0"), (0, -5, "total must be at least 0"),
     pytest.param(0, 10**400, "total is too large to compute with", id="total-beyond-floats"),
     pytest.param(10**400, 10**400, "successes is too large", id="successes-beyond-floats"),
     pytest.param(0, -(10**5000), "total is too large", id="too-long-to-write")],
)  # fmt: skip
def test_wilson_refuses_successes_outside_the_total(successes: float, total: int, fragment: str) -> None:
    with pytest.raises(BeloteError, match=fragment) as error:
        wilson(successes, total)
    assert error.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("total", [10**15, 10**300, 2**1023], ids=["1e15", "1e300", "2^1023"])
def test_wilson_holds_for_the_largest_counts(total: int) -> None:
    """No intermediate overflows (the square of ``total`` as a float used to): the interval of
    a huge count is all but its rate."""
    for successes in (0, total // 4, total):
        low, high = wilson(successes, total)
        assert 0.0 <= low <= successes / total <= high <= 1.0
        assert high - low < 1e-6


@pytest.mark.parametrize(
    ("successes", "total", "low", "high"),
    [
        (0, 10**155, 0.0, 3.841458820694124e-155),  # z^2 / n: its square of n overflowed to 0
        (1, 10**200, 1.7652455493515e-201, 5.664934265758973e-200),  # p (1 - p) / n underflowed
        (10**200 - 1, 10**200, 1 - 5.664934265758973e-200, 1.0),
    ],
)
def test_wilson_near_0_and_1_at_the_largest_counts(
    successes: int, total: int, low: float, high: float
) -> None:
    """Near a rate of 0 or 1 both terms under the root matter even for astronomical counts: the
    interval still holds the rate, with the Wilson bounds (computed exactly elsewhere)."""
    found = wilson(successes, total)
    assert found == pytest.approx((low, high), rel=1e-12, abs=0)
    assert found[0] <= successes / total <= found[1]


# --- RunningMean ------------------------------------------------------------------------------


def running(*values: float) -> RunningMean:
    mean = RunningMean()
    for value in values:
        mean.add(value)
    return mean


def test_running_mean_matches_the_mean_and_its_interval() -> None:
    mean = running(0.4, 0.6, 0.5)
    assert mean.count == 3
    assert mean.mean == pytest.approx(0.5)
    low, high = mean.interval()  # type: ignore[misc]
    assert low == pytest.approx(0.5 - Z95 * 0.1 / math.sqrt(3))
    assert high == pytest.approx(0.5 + Z95 * 0.1 / math.sqrt(3))
    assert running(0.25).interval() is None


NOT_FINITE = ("must be a finite number", ArgumentTypeError)


@pytest.mark.parametrize(
    ("value", "refusal"),
    [("x", NOT_FINITE), (None, NOT_FINITE), (True, NOT_FINITE), ([0.5], NOT_FINITE),
     (math.nan, NOT_FINITE), (math.inf, NOT_FINITE), (-math.inf, NOT_FINITE),
     pytest.param(10**400, ("value is too large to compute with", BeloteError), id="beyond-floats")],
)  # fmt: skip
def test_running_mean_refuses_what_is_not_a_finite_number(
    value: Any, refusal: tuple[str, type[Exception]]
) -> None:
    """A NaN once left every later interval at (0, 1), whatever was added after it."""
    mean = running(0.5, 0.2)
    fragment, error = refusal
    with pytest.raises(error, match=fragment) as raised:
        mean.add(value)
    assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]
    assert mean.count == 2  # nothing was counted
    assert mean.mean == pytest.approx(0.35)
    assert mean.interval() == running(0.5, 0.2).interval()


@pytest.mark.parametrize(
    ("bounds", "error", "fragment"),
    [({"low": 1, "high": 0}, BeloteError, "low must be below high"),
     ({"low": 0.5, "high": 0.5}, BeloteError, "low must be below high"),
     ({"low": "a"}, ArgumentTypeError, "low must be a finite number"),
     ({"high": None}, ArgumentTypeError, "high must be a finite number"),
     ({"high": math.nan}, ArgumentTypeError, "high must be a finite number")],
)  # fmt: skip
def test_running_mean_interval_checks_its_bounds(
    bounds: dict[str, Any], error: type[Exception], fragment: str
) -> None:
    for mean in (running(), running(0.5, 0.2)):  # checked whatever the count
        with pytest.raises(error, match=fragment) as raised:
            mean.interval(**bounds)
        assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]


def test_running_mean_interval_clips_to_the_bounds_given() -> None:
    low, high = running(10, 20, 30).interval(low=0, high=100)  # type: ignore[misc]
    assert (low, high) == (
        pytest.approx(20 - Z95 * 10 / math.sqrt(3)),
        pytest.approx(20 + Z95 * 10 / math.sqrt(3)),
    )
    assert running(10, 20, 30).interval() == (1.0, 1.0)  # a mean above the range: a point, not (8.7, 1)
    assert running(-3, -2).interval() == (0.0, 0.0)


def test_running_mean_has_a_short_repr() -> None:
    assert repr(running()) == "RunningMean(count=0, mean=nan)"
    assert repr(running(0.25, 0.75)) == "RunningMean(count=2, mean=0.5)"
