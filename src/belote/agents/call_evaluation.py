"""How a searching player weighs its candidate calls: a :class:`CallEvaluation` holds each
call's mean value over sampled deals with its standard error against the prior call (the normal
player's), chooses the call (:attr:`CallEvaluation.best`) and tells when more deals could change
that choice (:meth:`CallEvaluation.unsure`). :func:`~belote.agents.sim_bidding.evaluate_calls`
makes them.

>>> from belote import Bid, Trump
>>> evaluation = CallEvaluation.of(
...     (Pass(), Bid(Trump.HEARTS)), [[0.0, 40.0], [0.0, -10.0], [0.0, 60.0]], prior=Pass()
... )
>>> evaluation.values, evaluation.samples, evaluation.best
((0.0, 30.0), 3, Pass())
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from belote._args import fits_a_float, wrong_type
from belote._repr import safe_repr
from belote.calls import Bid, Call, Double, Pass, Redouble
from belote.errors import BeloteError
from belote.variants import BiddingSystem

__all__ = ["CONFIDENCE", "UNSURE_WITHIN", "CallEvaluation", "check_max_samples", "check_samples"]

_CALLS = (Pass, Bid, Double, Redouble)
"""The classes of a :data:`~belote.calls.Call`."""


CONFIDENCE: dict[BiddingSystem, float] = {
    BiddingSystem.TURNED_CARD: 1.5,
    BiddingSystem.AUCTION: 2.0,
    BiddingSystem.POINTS_AUCTION: 2.0,
}
"""Per bidding system, how many standard errors a call's value must exceed the prior call's
(the normal player's call) by to be chosen instead of it: a sampled estimate is noisy, and the
best of several noisy estimates is biased upwards (more so among the auctions' many candidates),
while the prior is a sound call."""


UNSURE_WITHIN = 1.0
"""How many standard errors from changing its call an evaluation is still unsure
(:meth:`CallEvaluation.unsure`): :func:`~belote.agents.sim_bidding.evaluate_calls` given
``max_samples`` samples twice as many deals while its evaluation is unsure."""


def _real(value: object, name: str) -> float:
    """``value`` if it is a finite real number (an int or a float, not a bool), else raise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise wrong_type(name, "a number", value)
    if isinstance(value, int):
        fits_a_float(value, name)
    elif not math.isfinite(value):
        raise BeloteError(f"{name} must be finite, got {safe_repr(value)}")
    return value


def _numbers(value: object, name: str) -> tuple[float, ...]:
    """``value`` (a sequence of finite real numbers) as a tuple, else raise, naming the entry.

    The simulation builds an evaluation from every sampled deal's values at each call: the
    common case (ints and floats, their sum finite, so each one finite) is checked at C speed,
    and only a sequence that fails it is read entry by entry."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise wrong_type(name, "a sequence of numbers", value)
    numbers = tuple(value)
    if set(map(type, numbers)) <= _REALS and _finite_sum(numbers):
        return numbers
    return tuple(_real(item, f"{name}[{index}]") for index, item in enumerate(numbers))


_REALS = {int, float}
"""The types of a real number here (a bool's type is ``bool``, so it is not one)."""


def _finite_sum(numbers: tuple[float, ...]) -> bool:
    """Whether the exact sum of ``numbers`` is finite: never when one is NaN or infinite (and
    not when finite ones overflow, which the entry by entry check then accepts)."""
    try:
        return math.isfinite(math.fsum(numbers))
    except (OverflowError, ValueError):  # a huge finite sum, or inf - inf
        return False


def _calls(value: Iterable[Call]) -> tuple[Call, ...]:
    """The candidate calls as a tuple: one or more :class:`~belote.calls.Call`, each once."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise wrong_type("calls", "a sequence of Call", value)
    calls = tuple(value)
    for call in calls:
        if not isinstance(call, _CALLS):
            raise wrong_type("calls", "a sequence of Call", value)
    if not calls or len(set(calls)) != len(calls):
        raise BeloteError(
            f"an evaluation needs one or more candidate calls, each once, got {safe_repr(calls)}"
        )
    return calls


def _values(value: Iterable[float]) -> tuple[float, ...]:
    """The mean values as a tuple of finite numbers."""
    return _numbers(value, "values")


def _errors(value: Iterable[float] | None) -> tuple[float, ...] | None:
    """The standard errors as a tuple of numbers >= 0, or None."""
    if value is None:
        return None
    errors = _numbers(value, "errors")
    if any(error < 0 for error in errors):
        raise BeloteError(f"errors must be at least 0, got {safe_repr(errors)}")
    return errors


def _check_samples(instance: object, attribute: object, value: int) -> None:
    check_samples(value)


def _check_prior(instance: object, attribute: object, value: Call | None) -> None:
    if value is not None and not isinstance(value, _CALLS):
        raise wrong_type("prior", "None or a Call", value)


def _check_confidence(instance: object, attribute: object, value: float) -> None:
    if _real(value, "confidence") < 0:
        raise BeloteError(f"confidence must be at least 0, got {safe_repr(value)}")


@attrs.frozen(order=False)
class CallEvaluation:
    """The candidate calls of a bidding decision and their mean score-sheet values.

    ``values[i]`` is the mean, over ``samples`` sampled deals, of what the deciding seat's team
    writes minus what the other team writes after ``calls[i]``; ``errors[i]`` is the standard
    error of ``values[i]`` minus the prior call's value (measured on the same deals).

    :attr:`best` is the call with the highest value (the first one on a tie: pass comes
    first), unless the ``prior`` call (the normal player's) is rated at least as high as
    passing and the best one does not beat it by ``confidence`` standard errors (see
    :data:`CONFIDENCE`): then the prior. Either way the call chosen is never rated below passing.

    An inconsistent evaluation cannot be built: ``calls`` must be one or more distinct calls,
    ``values`` (and ``errors``, unless None) one finite number per call, the errors and
    ``confidence`` at least 0, and ``samples`` a whole number >= 1.

    Raises:
        ArgumentTypeError: a field of the wrong type.
        BeloteError: no calls, a call twice, a value or an error too many or too few, an error
            or ``confidence`` below 0 or not finite, or ``samples`` not a whole number >= 1
            (reason ``BAD_ARGUMENT``).

    >>> from belote import Bid, Trump
    >>> CallEvaluation(calls=(Pass(), Bid(Trump.HEARTS)), values=(-3.0, 12.5), samples=8).best
    Bid(Trump.HEARTS)
    >>> CallEvaluation(calls=(Pass(), Bid(Trump.HEARTS)), values=(-3.0, 12.5), samples=8,
    ...                errors=(0.0, 20.0), prior=Pass()).best
    Pass()
    """

    calls: tuple[Call, ...] = attrs.field(converter=_calls)
    values: tuple[float, ...] = attrs.field(converter=_values)
    samples: int = attrs.field(validator=_check_samples)
    errors: tuple[float, ...] | None = attrs.field(default=None, converter=_errors)
    prior: Call | None = attrs.field(default=None, validator=_check_prior)
    confidence: float = attrs.field(default=1.5, validator=_check_confidence)

    def __attrs_post_init__(self) -> None:
        for name, numbers in (("values", self.values), ("errors", self.errors)):
            if numbers is not None and len(numbers) != len(self.calls):
                raise BeloteError(
                    f"{name} must hold one number per call ({len(self.calls)}), got {len(numbers)}"
                )

    @classmethod
    def of(
        cls,
        calls: Sequence[Call],
        rows: Sequence[Sequence[float]],
        *,
        prior: Call | None = None,
        confidence: float = 1.5,
    ) -> CallEvaluation:
        """The evaluation of ``calls`` from their values on each sampled deal: ``rows[k][i]`` is
        ``calls[i]``'s value on deal ``k`` (at least one deal). With a ``prior`` among the calls,
        each call's standard error against it is measured deal by deal.

        Raises:
            ArgumentTypeError: ``rows`` is not a sequence of sequences of numbers (or a field
                of the wrong type, as the class refuses it).
            BeloteError: no row, a row without one value per call, or rows whose means or
                standard errors pass a float's range (reason ``BAD_ARGUMENT``).

        >>> from belote import Bid, Trump
        >>> evaluation = CallEvaluation.of((Pass(), Bid(Trump.HEARTS)), [[0.0, 10.0], [0.0, 20.0]])
        >>> evaluation.values, evaluation.errors
        ((0.0, 15.0), None)
        """
        calls = _calls(calls)
        rows = _rows(rows, len(calls))
        drawn = len(rows)
        try:
            values = tuple(sum(row[index] for row in rows) / drawn for index in range(len(calls)))
            errors = None
            if prior is not None and prior in calls:
                base = list(calls).index(prior)
                errors = tuple(
                    _error([row[index] - row[base] for row in rows]) for index in range(len(calls))
                )
        except OverflowError:  # an int mean past a float's range, or a float's square
            raise _too_large() from None
        if not all(map(math.isfinite, values + (errors or ()))):  # a float sum or spread past it
            raise _too_large()
        return cls(
            calls=tuple(calls),
            values=values,
            samples=drawn,
            errors=errors,
            prior=prior,
            confidence=confidence,
        )

    @property
    def top(self) -> Call:
        """The call with the highest mean value (the first one on a tie)."""
        return self.calls[self.values.index(max(self.values))]

    @property
    def best(self) -> Call:
        """The call chosen: :attr:`top`, or the prior when the top call is not clearly better."""
        top = self.top
        if self.prior is None or self.prior not in self.calls or self.errors is None:
            return top
        prior = self.calls.index(self.prior)
        floor = self.values[self.calls.index(Pass())] if Pass() in self.calls else self.values[prior]
        index = self.calls.index(top)
        gain = self.values[index] - self.values[prior]
        if self.values[prior] < floor or gain > self.confidence * self.errors[index]:
            return top
        return self.prior

    def unsure(self, within: float = UNSURE_WITHIN) -> bool:
        """Whether more sampled deals could well change :attr:`best`: some call other than the
        prior beats the prior by within ``within`` standard errors of the gain at which it would
        be chosen instead (``confidence`` standard errors). Never without a prior and errors.

        >>> from belote import Bid, Trump
        >>> calls = (Pass(), Bid(Trump.HEARTS))
        >>> CallEvaluation(calls=calls, values=(0.0, 25.0), samples=32, errors=(0.0, 20.0),
        ...                prior=Pass()).unsure()  # 25 against 1.5 x 20 = 30: 0.25 errors away
        True
        >>> CallEvaluation(calls=calls, values=(0.0, 80.0), samples=32, errors=(0.0, 20.0),
        ...                prior=Pass()).unsure()
        False
        """
        if self.prior is None or self.prior not in self.calls or self.errors is None:
            return False
        prior = self.calls.index(self.prior)
        return any(
            index != prior
            and abs(self.values[index] - self.values[prior] - self.confidence * error) < within * error
            for index, error in enumerate(self.errors)
        )


def check_samples(samples: object, name: str = "samples") -> None:
    """Raise :class:`~belote.errors.BeloteError` (``BAD_ARGUMENT``) unless ``samples``, the deals
    a searching player samples per decision, is a whole number >= 1 (a bool is not one);
    ``name`` is the argument's name in the message.

    >>> check_samples(24)
    >>> check_samples(0)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: samples must be a whole number >= 1, got 0
    >>> check_samples(True, "bid_samples")
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: bid_samples must be a whole number >= 1, got True
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise BeloteError(f"{name} must be a whole number >= 1, got {safe_repr(samples)}")


def check_max_samples(most: int, first: int, name: str = "max_samples", first_name: str = "samples") -> None:
    """Raise :class:`~belote.errors.BeloteError` (``BAD_ARGUMENT``) unless ``most``, the most
    deals a sequential evaluation samples, is a whole number >= 1 (:func:`check_samples`) and not
    below ``first``, the deals it samples first; ``name`` and ``first_name`` are the arguments'
    names in the messages.

    >>> check_max_samples(256, 32)
    >>> check_max_samples(16, 32, "bid_max_samples", "bid_samples")
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: bid_max_samples must be at least bid_samples (32), got 16
    """
    check_samples(most, name)
    if most < first:
        raise BeloteError(f"{name} must be at least {first_name} ({first}), got {safe_repr(most)}")


def _rows(rows: object, width: int) -> tuple[tuple[float, ...], ...]:
    """``rows`` as tuples of numbers, ``width`` in each; at least one row."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise wrong_type("rows", "a sequence of rows of numbers", rows)
    checked = tuple(_numbers(row, f"rows[{number}]") for number, row in enumerate(rows))
    if not checked:
        raise BeloteError("an evaluation needs at least one sampled deal")
    for number, row in enumerate(checked):
        if len(row) != width:
            raise BeloteError(f"rows[{number}] must hold one value per call ({width}), got {len(row)}")
    return checked


def _too_large() -> BeloteError:
    """The error for rows whose means or standard errors pass a float's range."""
    return BeloteError("the rows are too large to average (their sums or spreads pass a float's range)")


def _error(differences: list[float]) -> float:
    """The standard error of the mean of ``differences`` (0 for fewer than two)."""
    count = len(differences)
    if count < 2:
        return 0.0
    mean = sum(differences) / count
    return math.sqrt(sum((one - mean) ** 2 for one in differences) / (count - 1) / count)
