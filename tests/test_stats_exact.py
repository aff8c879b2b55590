"""Exact refusals and values of belote.stats that mutation testing (mutmut 3.8) found untested:
the messages of every refusal (the argument named, its repr), Wilson's bounds to the last bits
(the exact 0 and 1 at no and every success), the running mean's state, interval, clipping,
pickled state (both formats) and its refusal of a spread past a float's range."""

from __future__ import annotations

import math
import pickle

import pytest

from belote import ArgumentTypeError, BeloteError, Reason, wilson
from belote.stats import Z95, RunningMean


def running(*values: float) -> RunningMean:
    mean = RunningMean()
    for value in values:
        mean.add(value)
    return mean


# ---------------------------------------------------------------- wilson: values


@pytest.mark.parametrize(
    ("successes", "total", "low", "high"),
    [
        (7, 10, 0.39677814746114537, 0.8922087325936989),
        (1, 1, 0.20654931437723745, 1.0),
        (0, 1, 0.0, 0.7934506856227626),
        (1, 2, 0.0945312057342308, 0.9054687942657692),
        (0, 3, 0.0, 0.5614970317550455),
        (3, 3, 0.43850296824495455, 1.0),
        (1, 10, 0.017876213095072896, 0.4041500267952385),
        (9, 10, 0.5958499732047615, 0.9821237869049271),
        (2.5, 5, 0.17042358064358776, 0.8295764193564122),
        (1, 1000, 0.00017654637062607765, 0.0056425585979579355),
        (999, 1000, 0.9943574414020421, 0.9998234536293739),
        (0, 7, 0.0, 0.35433043506668743),
        (7, 7, 0.6456695649333126, 1.0),
    ],
)
def test_wilson_bounds_to_the_last_bits(successes: float, total: int, low: float, high: float) -> None:
    assert wilson(successes, total) == pytest.approx((low, high), rel=1e-12, abs=0)


@pytest.mark.parametrize("total", [1, 2, 7, 8, 9, 10, 13, 25, 27, 28, 1000])
def test_wilson_is_exactly_0_at_no_success_and_1_at_every_one(total: int) -> None:
    """The formula's bound is only near 0 (or 1) in floats at these counts: the ends are set."""
    assert wilson(0, total)[0] == 0.0
    assert wilson(total, total)[1] == 1.0
    assert wilson(0, total)[1] < 1.0
    assert wilson(total, total)[0] > 0.0


@pytest.mark.parametrize(
    ("successes", "total"),
    [(6.999999999, 7), (11.999999999999998, 12), (20.999999999, 21), (28.999999999999996, 29)],
)
def test_wilson_high_stays_at_most_1_just_below_every_success(successes: float, total: int) -> None:
    """Fractional successes a hair below the total: the formula's upper bound comes out at
    1.0000000000000002 in floats, and is brought back to 1."""
    assert successes < total
    assert wilson(successes, total)[1] == 1.0


def test_wilson_of_no_trials_is_the_whole_range() -> None:
    found = wilson(0, 0)
    assert found == (0.0, 1.0)
    assert all(type(bound) is float for bound in found)


# ---------------------------------------------------------------- wilson: refusals


@pytest.mark.parametrize(
    ("successes", "total", "error", "message"),
    [
        ("3", 10, ArgumentTypeError, "successes must be a finite number, got '3'"),
        (True, 10, ArgumentTypeError, "successes must be a finite number, got True"),
        (math.nan, 10, ArgumentTypeError, "successes must be a finite number, got nan"),
        (-math.inf, 10, ArgumentTypeError, "successes must be a finite number, got -inf"),
        (3, None, ArgumentTypeError, "total must be a whole number (an int), got None"),
        (3, 10.0, ArgumentTypeError, "total must be a whole number (an int), got 10.0"),
        (3, True, ArgumentTypeError, "total must be a whole number (an int), got True"),
        (0, -1, BeloteError, "total must be at least 0, got -1"),
        (0, -5, BeloteError, "total must be at least 0, got -5"),
        (-1, 10, BeloteError, "successes must lie between 0 and total (10), got -1"),
        (-0.5, 10, BeloteError, "successes must lie between 0 and total (10), got -0.5"),
        (11, 10, BeloteError, "successes must lie between 0 and total (10), got 11"),
        (10.5, 10, BeloteError, "successes must lie between 0 and total (10), got 10.5"),
        (1, 0, BeloteError, "successes must lie between 0 and total (0), got 1"),
        (0, 10**400, BeloteError, "total is too large to compute with (an int of 1329 bits)"),
        (10**400, 10, BeloteError, "successes is too large to compute with (an int of 1329 bits)"),
    ],
)
def test_wilson_refusals_name_the_argument_and_its_value(
    successes: object, total: object, error: type[BeloteError], message: str
) -> None:
    with pytest.raises(error) as caught:
        wilson(successes, total)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == message


# ---------------------------------------------------------------- RunningMean: state and values


def test_a_new_running_mean_has_no_mean() -> None:
    mean = RunningMean()
    assert mean.count == 0
    assert math.isnan(mean.mean)
    assert mean.__getstate__()[0] == 0
    assert mean.__getstate__()[2] == 0.0
    assert repr(mean) == "RunningMean(count=0, mean=nan)"
    assert mean.interval() is None


def test_the_first_value_is_the_mean_and_no_spread() -> None:
    mean = running(0.25)
    assert (mean.count, mean.mean) == (1, 0.25)
    assert mean.__getstate__() == (1, 0.25, 0.0)
    assert repr(mean) == "RunningMean(count=1, mean=0.25)"
    assert mean.interval() is None
    mean.add(0.75)
    assert mean.__getstate__() == (2, 0.5, 0.125)


@pytest.mark.parametrize(
    ("values", "count", "mean"),
    [
        ((0.4, 0.6, 0.5), 3, 0.5),
        ((0.2, 0.3, 0.7, 0.8), 4, 0.5),
        ((0.5, 0.25), 2, 0.375),
        ((0.1, 0.2, 0.4), 3, 0.7 / 3),
    ],
)
def test_running_mean_count_mean_spread_and_interval(
    values: tuple[float, ...], count: int, mean: float
) -> None:
    """Welford's sums against the textbook ones: the mean, the sum of squared deviations, the
    normal interval (clipped to [0, 1])."""
    found = running(*values)
    assert found.count == count
    assert found.mean == pytest.approx(mean, rel=1e-12)
    state = found.__getstate__()
    assert state[:2] == (found.count, found.mean)
    expected_m2 = sum((value - mean) ** 2 for value in values)
    assert state[2] == pytest.approx(expected_m2, rel=1e-9)
    half = Z95 * math.sqrt(expected_m2 / (count - 1) / count)
    interval = found.interval()
    assert interval is not None
    assert interval == pytest.approx((max(0.0, mean - half), min(1.0, mean + half)), rel=1e-9)


@pytest.mark.parametrize(
    ("values", "interval"),
    [
        ((0.4, 0.6, 0.5), (0.38684142659238285, 0.6131585734076171)),
        ((0.0, 0.1), (0.0, 0.1479981992270027)),  # clipped at the default low, 0
        ((0.9, 1.0), (0.8520018007729973, 1.0)),  # clipped at the default high, 1
        ((10, 20, 30), (1.0, 1.0)),  # a mean above the bounds: a point at the nearer one
        ((-10, -20), (0.0, 0.0)),  # below them: a point at low
    ],
)
def test_the_default_interval_is_clipped_to_0_1(
    values: tuple[float, ...], interval: tuple[float, float]
) -> None:
    assert running(*values).interval() == pytest.approx(interval, rel=1e-12, abs=0)


def test_the_interval_clips_to_the_bounds_given() -> None:
    mean = running(10, 20, 30)
    assert mean.interval(low=0, high=100) == pytest.approx((8.684142659238281, 31.315857340761717), rel=1e-12)
    assert mean.interval(low=15, high=25) == (15, 25)
    assert mean.interval(low=-100, high=5) == (5, 5)


# ---------------------------------------------------------------- RunningMean: refusals


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ("x", ArgumentTypeError, "value must be a finite number, got 'x'"),
        (True, ArgumentTypeError, "value must be a finite number, got True"),
        (None, ArgumentTypeError, "value must be a finite number, got None"),
        (math.nan, ArgumentTypeError, "value must be a finite number, got nan"),
        (math.inf, ArgumentTypeError, "value must be a finite number, got inf"),
        (10**400, BeloteError, "value is too large to compute with (an int of 1329 bits)"),
    ],
)
def test_add_refuses_with_the_exact_message(value: object, error: type[BeloteError], message: str) -> None:
    mean = running(0.5, 0.2)
    with pytest.raises(error) as caught:
        mean.add(value)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == message
    assert mean.__getstate__() == running(0.5, 0.2).__getstate__()


@pytest.mark.parametrize(
    ("first", "second"),
    [(1e200, -1e200), (-1e200, 1e200), (1e308, -1e308), (1.5e154, 1.5e154 * -1e6)],
)
def test_add_refuses_a_spread_past_a_floats_range_and_keeps_its_state(first: float, second: float) -> None:
    """The spread overflows even when the mean is finite (1e200 and -1e200: mean 0)."""
    mean = running(first)
    with pytest.raises(BeloteError) as caught:
        mean.add(second)
    assert type(caught.value) is BeloteError
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == (
        f"value {second!r} is too large to average with the values before it "
        "(their spread passes a float's range)"
    )
    assert mean.__getstate__() == (1, first, 0.0)


def test_add_takes_an_int_as_its_float() -> None:
    mean = running(1, 2)
    assert mean.__getstate__() == (2, 1.5, 0.5)
    assert type(mean.mean) is float


@pytest.mark.parametrize(
    ("bounds", "error", "message"),
    [
        ({"low": 1, "high": 0}, BeloteError, "low must be below high, got low=1 and high=0"),
        ({"low": 0.5, "high": 0.5}, BeloteError, "low must be below high, got low=0.5 and high=0.5"),
        ({"low": "a"}, ArgumentTypeError, "low must be a finite number, got 'a'"),
        ({"high": None}, ArgumentTypeError, "high must be a finite number, got None"),
        ({"high": math.nan}, ArgumentTypeError, "high must be a finite number, got nan"),
        ({"low": 10**400}, BeloteError, "low is too large to compute with (an int of 1329 bits)"),
    ],
)
def test_interval_refuses_bounds_with_the_exact_message(
    bounds: dict[str, object], error: type[BeloteError], message: str
) -> None:
    with pytest.raises(error) as caught:
        running(0.5, 0.2).interval(**bounds)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == message


# ---------------------------------------------------------------- RunningMean: pickles


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_pickle_keeps_the_count_mean_and_spread(protocol: int) -> None:
    mean = running(0.5, 0.25)
    copy = pickle.loads(pickle.dumps(mean, protocol))
    assert copy.__getstate__() == (2, 0.375, 0.03125)
    assert copy.interval() == mean.interval()


def test_the_older_pickled_state_of_slots_by_name_is_read() -> None:
    mean = RunningMean()
    mean.__setstate__((None, {"count": 2, "mean": 0.375, "_m2": 0.03125}))
    assert mean.__getstate__() == (2, 0.375, 0.03125)
    assert mean.interval() == running(0.5, 0.25).interval()


def test_the_current_pickled_state_is_read() -> None:
    mean = RunningMean()
    mean.__setstate__((2, 0.375, 0.03125))
    assert (mean.count, mean.mean) == (2, 0.375)
    assert mean.interval() == running(0.5, 0.25).interval()
