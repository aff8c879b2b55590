"""95 % confidence intervals for tournament statistics: a proportion and a mean.

Both are computed from running sums, so a tournament of any length keeps constant memory.

>>> [round(x, 3) for x in wilson(7, 10)]
[0.397, 0.892]
>>> running = RunningMean()
>>> for value in (0.4, 0.6, 0.5):
...     running.add(value)
>>> round(running.mean, 3), [round(x, 3) for x in running.interval()]
(0.5, [0.387, 0.613])
"""

from __future__ import annotations

import math

from belote._args import wrong_type
from belote.errors import BeloteError, Reason

__all__ = ["Z95", "RunningMean", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson(successes: float, total: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``successes / total`` (``(0, 1)`` when
    ``total`` is 0). Unlike the normal interval it stays inside [0, 1] and behaves for rates
    near 0 or 1.

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> wilson(0, 5)[0], wilson(5, 5)[1]
    (0.0, 1.0)

    Raises:
        ArgumentTypeError: ``successes`` or ``total`` is not a number (a bool is not one).
        BeloteError: ``successes`` is below 0 or above ``total``.
    """
    for name, value in (("successes", successes), ("total", total)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise wrong_type(name, "a number", value)
    if total <= 0:
        if successes != 0:
            raise BeloteError(f"{successes} successes out of {total}", reason=Reason.BAD_ARGUMENT)
        return (0.0, 1.0)
    if not 0 <= successes <= total:
        raise BeloteError(
            f"successes must lie between 0 and total ({total}), got {successes}", reason=Reason.BAD_ARGUMENT
        )
    p = successes / total
    denominator = 1 + Z95**2 / total
    centre = (p + Z95**2 / (2 * total)) / denominator
    half = Z95 * math.sqrt(max(0.0, p * (1 - p) / total + Z95**2 / (4 * total**2))) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= total else min(1.0, centre + half)
    return (low, high)


class RunningMean:
    """The mean of values added one at a time, with the normal 95 % interval of the mean.

    Welford's update: numerically stable and deterministic for the same values in the same
    order (a tournament adds them in game order, whatever executor played the games).

    >>> running = RunningMean()
    >>> running.add(0.25)
    >>> running.count, running.mean, running.interval()
    (1, 0.25, None)
    """

    __slots__ = ("_m2", "count", "mean")

    def __init__(self) -> None:
        self.count = 0
        self.mean = math.nan
        self._m2 = 0.0

    def add(self, value: float) -> None:
        """Count one more value."""
        self.count += 1
        if self.count == 1:
            self.mean = value
            return
        delta = value - self.mean
        self.mean += delta / self.count
        self._m2 += delta * (value - self.mean)

    def interval(self, *, low: float = 0.0, high: float = 1.0) -> tuple[float, float] | None:
        """The normal 95 % interval of the mean, clipped to [low, high]; ``None`` below two values."""
        if self.count < 2:
            return None
        half = Z95 * math.sqrt(self._m2 / (self.count - 1) / self.count)
        return (max(low, self.mean - half), min(high, self.mean + half))
