"""95 % confidence intervals for tournament statistics: a proportion and a mean.

Both are computed from running sums, so a tournament of any length keeps constant memory.

>>> [round(x, 3) for x in wilson(7, 10)]
[0.397, 0.892]
>>> running = RunningMean()
>>> for value in (0.4, 0.6, 0.5):
...     running.add(value)
>>> interval = running.interval()
>>> assert interval is not None  # two values or more
>>> round(running.mean, 3), [round(x, 3) for x in interval]
(0.5, [0.387, 0.613])
"""

from __future__ import annotations

import math
from typing import Any

from belote._args import fits_a_float, wrong_type
from belote._repr import safe_repr
from belote.errors import BeloteError, Reason

__all__ = ["Z95", "RunningMean", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def _finite(value: object, name: str) -> float:
    """``value`` if it is a finite real number (an int or a float; a bool is not one), else
    raise: :class:`~belote.errors.ArgumentTypeError` naming ``name`` for anything else, NaN
    and the infinities included (no measure of anything a tournament counts), and
    :class:`~belote.errors.BeloteError` for an int too large for a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise wrong_type(name, "a finite number", value)
    if isinstance(value, int):
        fits_a_float(value, name)
    elif not math.isfinite(value):
        raise wrong_type(name, "a finite number", value)
    return value


def _count(value: object, name: str) -> int:
    """``value`` if it is a whole number >= 0 that a float can hold, else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong_type(name, "a whole number (an int)", value)
    fits_a_float(value, name)
    if value < 0:
        raise BeloteError(f"{name} must be at least 0, got {safe_repr(value)}", reason=Reason.BAD_ARGUMENT)
    return value


def wilson(successes: float, total: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``successes / total`` (``(0, 1)`` when
    ``total`` is 0). Unlike the normal interval it stays inside [0, 1] and behaves for rates
    near 0 or 1.

    ``total`` counts trials: a whole number >= 0. ``successes`` may be fractional (shares of
    points), from 0 to ``total``.

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> wilson(0, 5)[0], wilson(5, 5)[1]
    (0.0, 1.0)
    >>> [round(x, 3) for x in wilson(2.5, 5)]
    [0.17, 0.83]

    Raises:
        ArgumentTypeError: ``successes`` is not a finite number or ``total`` not an int (a
            bool is neither).
        BeloteError: ``total`` is below 0, ``successes`` below 0 or above ``total``, or either
            an int too large for a float.
    """
    _finite(successes, "successes")
    _count(total, "total")
    if not 0 <= successes <= total:
        raise BeloteError(
            f"successes must lie between 0 and total ({total}), got {safe_repr(successes)}",
            reason=Reason.BAD_ARGUMENT,
        )
    if total == 0:
        return (0.0, 1.0)
    return _wilson(successes / total, float(total), successes, total)


def _wilson(p: float, n: float, successes: float, total: int) -> tuple[float, float]:
    """The interval of the rate ``p`` over ``n`` trials (a float). The half-width is written
    ``z / sqrt(n) * sqrt(p (1 - p) + z^2 / 4n)``, so that no term overflows (``n * n``) or
    underflows (``p (1 - p) / n``) for the largest counts, where both terms still matter when
    ``p`` is near 0 or 1."""
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 / math.sqrt(n) * math.sqrt(max(0.0, p * (1 - p) + Z95**2 / (4 * n))) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= total else min(1.0, centre + half)
    return (low, high)


class RunningMean:
    """The mean of values added one at a time, with the normal 95 % interval of the mean.

    Welford's update: numerically stable and deterministic for the same values in the same
    order (a tournament adds them in game order, whatever executor played the games). Each
    value must be a finite number: one NaN would make every later mean and interval NaN.

    >>> running = RunningMean()
    >>> running.add(0.25)
    >>> running.count, running.mean, running.interval()
    (1, 0.25, None)
    >>> running
    RunningMean(count=1, mean=0.25)
    """

    __slots__ = ("_m2", "count", "mean")

    def __init__(self) -> None:
        self.count = 0
        self.mean = math.nan
        self._m2 = 0.0

    def __repr__(self) -> str:
        return f"RunningMean(count={self.count!r}, mean={self.mean!r})"

    def __getstate__(self) -> tuple[int, float, float]:
        """What a pickle keeps (every protocol: a class with slots has no ``__dict__``)."""
        return self.count, self.mean, self._m2

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        if len(state) == 2 and state[0] is None:  # written before: (None, its slots by name)
            slots = state[1]
            state = slots["count"], slots["mean"], slots["_m2"]
        self.count, self.mean, self._m2 = state

    def add(self, value: float) -> None:
        """Count one more value.

        Raises:
            ArgumentTypeError: ``value`` is not a finite number (an int or a float; a bool,
                NaN and the infinities are not).
            BeloteError: ``value`` is an int too large for a float, or so far from the values
                before it that their spread passes a float's range (the mean is unchanged).

        >>> RunningMean().add(float("nan"))
        Traceback (most recent call last):
        ...
        belote.errors.ArgumentTypeError: value must be a finite number, got nan
        """
        value = float(_finite(value, "value"))
        if self.count == 0:
            self.count, self.mean = 1, value
            return
        count = self.count + 1
        delta = value - self.mean
        mean = self.mean + delta / count
        m2 = self._m2 + delta * (value - mean)
        if not (math.isfinite(mean) and math.isfinite(m2)):  # values near a float's limit
            raise BeloteError(
                f"value {value!r} is too large to average with the values before it "
                f"(their spread passes a float's range)",
                reason=Reason.BAD_ARGUMENT,
            )
        self.count, self.mean, self._m2 = count, mean, m2

    def interval(self, *, low: float = 0.0, high: float = 1.0) -> tuple[float, float] | None:
        """The normal 95 % interval of the mean, clipped to [low, high] (the values' range: a
        share lies in [0, 1]); ``None`` below two values.

        Raises:
            ArgumentTypeError: ``low`` or ``high`` is not a finite number.
            BeloteError: ``low`` is not below ``high``, or an int too large for a float
                (reason ``BAD_ARGUMENT``).

        >>> running = RunningMean()
        >>> for value in (10, 20, 30):
        ...     running.add(value)
        >>> interval = running.interval(low=0, high=100)
        >>> [round(bound, 2) for bound in interval] if interval else None
        [8.68, 31.32]
        >>> RunningMean().interval() is None  # below two values
        True
        """
        _finite(low, "low")
        _finite(high, "high")
        if not low < high:
            raise BeloteError(
                f"low must be below high, got low={safe_repr(low)} and high={safe_repr(high)}",
                reason=Reason.BAD_ARGUMENT,
            )
        if self.count < 2:
            return None
        half = Z95 * math.sqrt(self._m2 / (self.count - 1) / self.count)
        return (_clip(self.mean - half, low, high), _clip(self.mean + half, low, high))


def _clip(value: float, low: float, high: float) -> float:
    """``value`` brought into [low, high] (both ends of an interval, so that even a mean outside
    the bounds gives an interval, a point at the nearer bound, rather than low above high)."""
    return min(high, max(low, value))
