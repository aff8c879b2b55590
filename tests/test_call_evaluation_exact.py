"""Exact results of belote.agents.call_evaluation that mutation testing (mutmut 3.8) found untested
by the fast tests (the bidding simulation's tests that build evaluations are left out of the
mutation run): the checks of each field with their exact messages, the fast path of the numbers
and the entry by entry one, the means and standard errors of CallEvaluation.of, the call chosen
against the prior at its confidence bound, the unsure decision at its bound, and the checks of
the sample counts."""

from __future__ import annotations

import math
import re
from typing import Any

import attrs
import pytest

from belote import ArgumentTypeError, BeloteError, Bid, Trump
from belote.agents.call_evaluation import (
    CONFIDENCE,
    UNSURE_WITHIN,
    CallEvaluation,
    check_max_samples,
    check_samples,
)
from belote.bidding import Call, Double, Pass, Redouble
from belote.errors import Reason
from belote.variants import BiddingSystem

PASS = Pass()
HEARTS = Bid(Trump.HEARTS)
SPADES = Bid(Trump.SPADES)
TWO: tuple[Call, ...] = (PASS, HEARTS)
THREE: tuple[Call, ...] = (PASS, HEARTS, SPADES)


def refused(error: type[Exception], message: str, **fields: Any) -> None:
    """Building an evaluation of ``fields`` (two calls, two values, three samples by default)
    raises ``error`` with exactly ``message`` (a BeloteError's reason BAD_ARGUMENT)."""
    given: dict[str, Any] = {"calls": TWO, "values": (0.0, 1.0), "samples": 3, **fields}
    with pytest.raises(error, match=f"^{re.escape(message)}$") as raised:
        CallEvaluation(**given)
    if error is BeloteError:
        assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the constants


def test_the_confidence_per_bidding_system_and_the_unsure_bound() -> None:
    assert CONFIDENCE == {
        BiddingSystem.TURNED_CARD: 1.5,
        BiddingSystem.AUCTION: 2.0,
        BiddingSystem.POINTS_AUCTION: 2.0,
    }
    assert UNSURE_WITHIN == 1.0


# ---------------------------------------------------------------- the fields and their checks


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"calls": "pass"}, ArgumentTypeError, "calls must be a sequence of Call, got 'pass'"),
        ({"calls": b"pass"}, ArgumentTypeError, "calls must be a sequence of Call, got b'pass'"),
        ({"calls": 5}, ArgumentTypeError, "calls must be a sequence of Call, got 5"),
        ({"calls": (PASS, "H")}, ArgumentTypeError, "calls must be a sequence of Call, got (Pass(), 'H')"),
    ],
)
def test_the_calls_are_calls(fields: dict[str, Any], error: type[Exception], message: str) -> None:
    refused(error, message, **fields)


@pytest.mark.parametrize(
    ("calls", "shown"),
    [((), "()"), ((PASS, HEARTS, PASS), "(Pass(), Bid(Trump.HEARTS), Pass())"), ((HEARTS, HEARTS), None)],
)
def test_the_calls_are_one_or_more_each_once(calls: tuple[Call, ...], shown: str | None) -> None:
    text = shown if shown is not None else repr(calls)
    refused(
        BeloteError,
        f"an evaluation needs one or more candidate calls, each once, got {text}",
        calls=calls,
        values=(0.0,) * len(calls),
    )


def test_every_kind_of_call_is_a_candidate_and_a_prior() -> None:
    calls = (PASS, HEARTS, Double(), Redouble())
    evaluation = CallEvaluation(calls=iter(calls), values=iter([1, 2, 3, 4]), samples=1, prior=Redouble())
    assert evaluation.calls == calls
    assert evaluation.values == (1, 2, 3, 4)
    assert evaluation.prior == Redouble()
    for prior in calls:
        assert CallEvaluation(calls=calls, values=(0.0,) * 4, samples=1, prior=prior).prior == prior


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"values": "ab"}, ArgumentTypeError, "values must be a sequence of numbers, got 'ab'"),
        ({"values": b"ab"}, ArgumentTypeError, "values must be a sequence of numbers, got b'ab'"),
        ({"values": 7}, ArgumentTypeError, "values must be a sequence of numbers, got 7"),
        ({"values": (0.0, True)}, ArgumentTypeError, "values[1] must be a number, got True"),
        ({"values": (False, 1.0)}, ArgumentTypeError, "values[0] must be a number, got False"),
        ({"values": (0.0, "1")}, ArgumentTypeError, "values[1] must be a number, got '1'"),
        ({"values": (0.0, math.nan)}, BeloteError, "values[1] must be finite, got nan"),
        ({"values": (math.inf, -math.inf)}, BeloteError, "values[0] must be finite, got inf"),
        ({"values": (1.0, -math.inf)}, BeloteError, "values[1] must be finite, got -inf"),
        (
            {"values": (1, 10**400)},
            BeloteError,
            "values[1] is too large to compute with (an int of 1329 bits)",
        ),
        ({"values": (0.0,)}, BeloteError, "values must hold one number per call (2), got 1"),
        ({"values": (0.0, 1.0, 2.0)}, BeloteError, "values must hold one number per call (2), got 3"),
        ({"errors": "ab"}, ArgumentTypeError, "errors must be a sequence of numbers, got 'ab'"),
        ({"errors": (0.0, math.nan)}, BeloteError, "errors[1] must be finite, got nan"),
        ({"errors": (0.0, -0.5)}, BeloteError, "errors must be at least 0, got (0.0, -0.5)"),
        ({"errors": (0.0,)}, BeloteError, "errors must hold one number per call (2), got 1"),
        ({"errors": (0.0, 1.0, 2.0)}, BeloteError, "errors must hold one number per call (2), got 3"),
        ({"samples": 0}, BeloteError, "samples must be a whole number >= 1, got 0"),
        ({"samples": True}, BeloteError, "samples must be a whole number >= 1, got True"),
        ({"samples": 1.0}, BeloteError, "samples must be a whole number >= 1, got 1.0"),
        ({"prior": "pass"}, ArgumentTypeError, "prior must be None or a Call, got 'pass'"),
        ({"prior": Trump.HEARTS}, ArgumentTypeError, "prior must be None or a Call, got <Trump.HEARTS: 2>"),
        ({"confidence": -0.5}, BeloteError, "confidence must be at least 0, got -0.5"),
        ({"confidence": -1}, BeloteError, "confidence must be at least 0, got -1"),
        ({"confidence": math.inf}, BeloteError, "confidence must be finite, got inf"),
        ({"confidence": math.nan}, BeloteError, "confidence must be finite, got nan"),
        ({"confidence": True}, ArgumentTypeError, "confidence must be a number, got True"),
        ({"confidence": "1"}, ArgumentTypeError, "confidence must be a number, got '1'"),
        (
            {"confidence": 10**400},
            BeloteError,
            "confidence is too large to compute with (an int of 1329 bits)",
        ),
    ],
)
def test_each_field_is_checked_with_an_exact_message(
    fields: dict[str, Any], error: type[Exception], message: str
) -> None:
    refused(error, message, **fields)


def test_the_bounds_of_the_fields_are_accepted() -> None:
    evaluation = CallEvaluation(calls=TWO, values=(0, 10**300), samples=1, errors=(0, 0.0), confidence=0)
    assert (evaluation.values, evaluation.samples, evaluation.errors) == ((0, 10**300), 1, (0, 0.0))
    assert evaluation.confidence == 0
    # huge finite values whose sum overflows are read one by one, and kept
    huge = CallEvaluation(calls=TWO, values=[1e308, 1e308], samples=2, errors=[1e308, 1e308])
    assert (huge.values, huge.errors) == ((1e308, 1e308), (1e308, 1e308))
    assert type(huge.values) is tuple
    assert type(huge.errors) is tuple


def test_an_evaluation_is_frozen_and_not_ordered() -> None:
    evaluation = CallEvaluation(calls=TWO, values=(0.0, 1.0), samples=3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        evaluation.samples = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        _ = evaluation < evaluation  # type: ignore[operator]
    assert evaluation == CallEvaluation(calls=TWO, values=(0.0, 1.0), samples=3)
    assert hash(evaluation) == hash(CallEvaluation(calls=TWO, values=(0.0, 1.0), samples=3))


def test_the_defaults() -> None:
    evaluation = CallEvaluation(calls=TWO, values=(0.0, 1.0), samples=3)
    assert (evaluation.errors, evaluation.prior, evaluation.confidence) == (None, None, 1.5)
    assert CallEvaluation.of(TWO, [[0.0, 1.0]]).confidence == 1.5


# ---------------------------------------------------------------- of: the means and standard errors


def test_of_takes_the_mean_of_each_call_and_its_error_against_the_prior() -> None:
    # differences against pass: hearts 40, -10, 60 (mean 30); spades 1, 3, 5 against hearts
    rows = [[0.0, 40.0, 1.0], [0.0, -10.0, 3.0], [0.0, 60.0, 5.0]]
    evaluation = CallEvaluation.of(THREE, rows, prior=PASS, confidence=2.5)
    assert evaluation.calls == THREE
    assert evaluation.values == (0.0, 30.0, 3.0)
    assert evaluation.samples == 3
    assert evaluation.prior == PASS
    assert evaluation.confidence == 2.5
    assert evaluation.errors is not None
    assert evaluation.errors[0] == 0.0
    assert evaluation.errors[1] == pytest.approx(math.sqrt(2600 / 2 / 3))
    assert evaluation.errors[2] == pytest.approx(math.sqrt(8 / 2 / 3))
    # against hearts, measured deal by deal
    against = CallEvaluation.of(THREE, rows, prior=HEARTS)
    assert against.errors is not None
    assert against.errors[1] == 0.0
    assert against.errors[0] == pytest.approx(math.sqrt(2600 / 2 / 3))
    assert against.errors[2] == pytest.approx(math.sqrt((39**2 + 13**2 + 55**2 - 3 * 27**2) / 2 / 3))


def test_the_error_of_two_deals_and_of_one() -> None:
    two = CallEvaluation.of(TWO, [[1.0, 2.0], [1.0, 4.0]], prior=PASS)
    assert two.values == (1.0, 3.0)
    assert two.errors == (0.0, 1.0)  # differences 1 and 3: sqrt(2 / 1 / 2)
    one = CallEvaluation.of(TWO, [[1.0, 5.0]], prior=PASS)
    assert (one.values, one.errors, one.samples) == ((1.0, 5.0), (0.0, 0.0), 1)


def test_of_without_a_prior_among_the_calls_has_no_errors() -> None:
    assert CallEvaluation.of(TWO, [[0.0, 1.0], [0.0, 3.0]]).errors is None
    outside = CallEvaluation.of(TWO, [[0.0, 1.0], [0.0, 3.0]], prior=SPADES)
    assert (outside.errors, outside.prior, outside.values) == (None, SPADES, (0.0, 2.0))
    assert outside.best == HEARTS


@pytest.mark.parametrize(
    ("rows", "error", "message"),
    [
        ("ab", ArgumentTypeError, "rows must be a sequence of rows of numbers, got 'ab'"),
        (b"ab", ArgumentTypeError, "rows must be a sequence of rows of numbers, got b'ab'"),
        (iter([[1.0, 2.0]]), ArgumentTypeError, None),
        ([[1.0, 2.0], "ab"], ArgumentTypeError, "rows[1] must be a sequence of numbers, got 'ab'"),
        ([[1.0, 2.0], [1.0, None]], ArgumentTypeError, "rows[1][1] must be a number, got None"),
        ([], BeloteError, "an evaluation needs at least one sampled deal"),
        ([[1.0, 2.0], [1.0]], BeloteError, "rows[1] must hold one value per call (2), got 1"),
        (
            [[1.0, 2.0], [1.0, 2.0], [1.0, 2.0, 3.0]],
            BeloteError,
            "rows[2] must hold one value per call (2), got 3",
        ),
    ],
)
def test_of_checks_its_rows_exactly(rows: Any, error: type[Exception], message: str | None) -> None:
    text = message if message is not None else f"rows must be a sequence of rows of numbers, got {rows!r}"
    with pytest.raises(error, match=f"^{re.escape(text)}$") as raised:
        CallEvaluation.of(TWO, rows, prior=PASS)
    if error is BeloteError:
        assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "rows",
    [
        [[0.0, 1e200], [0.0, -1e200]],  # the squared spread of hearts against pass
        [[0, 10**300], [0, -(10**300)]],
        [[1e308, 0.0], [1e308, 0.0]],  # the sum of pass's values
        [[0.0, 1e308], [0.0, -1e308], [0.0, 1e308]],
    ],
)
def test_of_refuses_rows_too_large_to_average(rows: list[list[float]]) -> None:
    message = "the rows are too large to average (their sums or spreads pass a float's range)"
    with pytest.raises(BeloteError, match=f"^{re.escape(message)}$") as raised:
        CallEvaluation.of(TWO, rows, prior=PASS)
    assert raised.value.reason is Reason.BAD_ARGUMENT


def test_of_averages_large_rows_within_a_floats_range() -> None:
    evaluation = CallEvaluation.of(TWO, [[0.0, 1e150], [0.0, -1e150]], prior=PASS)
    assert evaluation.values == (0.0, 0.0)
    assert evaluation.errors == (0.0, 1e150)
    assert CallEvaluation.of(TWO, [[1e308, 0.0]]).values == (1e308, 0.0)


def test_of_checks_its_calls_and_its_fields() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^calls must be a sequence of Call, got 'x'$"):
        CallEvaluation.of("x", [[0.0]])  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^confidence must be at least 0, got -1$"):
        CallEvaluation.of(TWO, [[0.0, 1.0]], confidence=-1)


# ---------------------------------------------------------------- the call chosen


def test_top_is_the_first_of_the_highest_values() -> None:
    assert CallEvaluation(calls=THREE, values=(1.0, 5.0, 5.0), samples=1).top == HEARTS
    assert CallEvaluation(calls=THREE, values=(6.0, 5.0, 5.0), samples=1).top == PASS
    assert CallEvaluation(calls=THREE, values=(-6.0, -5.0, -4.0), samples=1).top == SPADES


def test_best_beats_the_prior_only_past_confidence_errors() -> None:
    def best(
        values: tuple[float, ...], errors: tuple[float, ...], prior: Call, confidence: float = 1.5
    ) -> Call:
        return CallEvaluation(
            calls=THREE, values=values, samples=4, errors=errors, prior=prior, confidence=confidence
        ).best

    # hearts gains 30 over pass: 1.5 x 20 = 30 is not beaten, 30.5 is
    assert best((0.0, 30.0, 0.0), (0.0, 20.0, 0.0), PASS) == PASS
    assert best((0.0, 30.5, 0.0), (0.0, 20.0, 0.0), PASS) == HEARTS
    assert best((0.0, 30.0, 0.0), (0.0, 20.0, 0.0), PASS, confidence=1.49) == HEARTS
    # the top call's own error counts (not the prior's)
    assert best((0.0, 30.0, 0.0), (50.0, 20.0, 0.0), PASS) == PASS
    assert best((0.0, 31.0, 0.0), (50.0, 20.0, 50.0), PASS) == HEARTS
    # a prior rated below passing gives way to the top call, however close
    assert best((10.0, 12.0, 5.0), (0.0, 100.0, 0.0), SPADES) == HEARTS
    assert best((10.0, 12.0, 10.0), (0.0, 100.0, 0.0), SPADES) == SPADES
    # the gain is measured from the prior, not from pass: 20 over spades against 1.5 x 15
    assert best((0.0, 30.0, 10.0), (0.0, 15.0, 0.0), SPADES) == SPADES
    assert best((0.0, 33.0, 10.0), (0.0, 15.0, 0.0), SPADES) == HEARTS
    # the prior is the top call itself
    assert best((0.0, 30.0, 5.0), (20.0, 0.0, 20.0), HEARTS) == HEARTS
    # without pass among the calls the prior is its own floor
    no_pass = CallEvaluation(
        calls=(HEARTS, SPADES), values=(10.0, 12.0), samples=4, errors=(5.0, 0.0), prior=SPADES
    )
    assert no_pass.best == SPADES
    raised = CallEvaluation(
        calls=(HEARTS, SPADES), values=(20.0, 12.0), samples=4, errors=(5.0, 0.0), prior=SPADES
    )
    assert raised.best == HEARTS  # 8 over the prior beats 1.5 x 5
    kept = CallEvaluation(
        calls=(HEARTS, SPADES), values=(19.0, 12.0), samples=4, errors=(5.0, 0.0), prior=SPADES
    )
    assert kept.best == SPADES  # 7 does not
    below = CallEvaluation(
        calls=(HEARTS, SPADES), values=(-10.0, -12.0), samples=4, errors=(5.0, 0.0), prior=SPADES
    )
    assert below.best == SPADES  # below 0, but the prior is its own floor


def test_best_is_the_top_call_without_a_prior_or_errors() -> None:
    values = (0.0, 30.0, 0.0)
    assert CallEvaluation(calls=THREE, values=values, samples=2, errors=(0.0, 99.0, 0.0)).best == HEARTS
    assert CallEvaluation(calls=THREE, values=values, samples=2, prior=PASS).best == HEARTS
    assert (
        CallEvaluation(calls=TWO, values=(0.0, 30.0), samples=2, errors=(0.0, 99.0), prior=SPADES).best
        == HEARTS
    )


# ---------------------------------------------------------------- unsure


def evaluation(
    values: tuple[float, ...], errors: tuple[float, ...], prior: Call | None = PASS
) -> CallEvaluation:
    return CallEvaluation(calls=THREE, values=values, samples=8, errors=errors, prior=prior, confidence=1.5)


def test_unsure_within_its_bound_of_the_gain_that_would_change_the_call() -> None:
    # hearts needs 1.5 x 20 = 30 over pass; unsure within 1 x 20 of it: (10, 50) open
    for gain, unsure in (
        (10.0, False),
        (10.5, True),
        (30.0, True),
        (49.5, True),
        (50.0, False),
        (-30.0, False),
    ):
        assert evaluation((0.0, gain, 0.0), (0.0, 20.0, 0.0)).unsure() is unsure, gain
    # within 0.5 errors: (20, 40) open
    for gain, unsure in ((20.0, False), (20.5, True), (39.5, True), (40.0, False)):
        assert evaluation((0.0, gain, 0.0), (0.0, 20.0, 0.0)).unsure(0.5) is unsure, gain
    assert evaluation((0.0, 30.0, 0.0), (0.0, 20.0, 0.0)).unsure(0) is False
    assert evaluation((0.0, 30.0, 0.0), (0.0, 20.0, 0.0)).unsure(within=0.01) is True


def test_unsure_measures_each_call_against_the_prior_by_its_own_error() -> None:
    # the prior is hearts (value 10): spades at 10 + 1.5 x 4 = 16 is the bound, 4 wide
    assert evaluation((0.0, 10.0, 16.0), (99.0, 0.0, 4.0), HEARTS).unsure() is True
    assert evaluation((0.0, 10.0, 20.0), (99.0, 0.0, 4.0), HEARTS).unsure() is False
    assert evaluation((0.0, 10.0, 12.5), (99.0, 0.0, 4.0), HEARTS).unsure() is True
    assert evaluation((0.0, 10.0, 12.0), (99.0, 0.0, 4.0), HEARTS).unsure() is False
    # pass, far below, is sure; the last call is read too
    assert evaluation((-500.0, 10.0, 10.0), (99.0, 0.0, 0.0), HEARTS).unsure() is False


def test_unsure_skips_the_prior_and_calls_without_error() -> None:
    # the prior's own entry is never unsure, even with an error the bound would catch
    assert evaluation((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), PASS).unsure() is False
    # a call without error (equal on every deal) is sure
    assert evaluation((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), PASS).unsure() is False
    assert evaluation((0.0, 1.0, 0.0), (0.0, 0.0, 0.0), PASS).unsure(5.0) is False


def test_unsure_never_without_a_prior_among_the_calls_or_errors() -> None:
    assert evaluation((0.0, 30.0, 0.0), (0.0, 20.0, 0.0), None).unsure() is False
    outside = CallEvaluation(calls=TWO, values=(0.0, 30.0), samples=8, errors=(0.0, 20.0), prior=SPADES)
    assert outside.unsure() is False
    assert CallEvaluation(calls=THREE, values=(0.0, 30.0, 0.0), samples=8, prior=PASS).unsure() is False


def test_unsure_reads_its_default_bound() -> None:
    # 45 over pass against 30: 0.75 errors away, unsure within the default 1
    assert evaluation((0.0, 45.0, 0.0), (0.0, 20.0, 0.0)).unsure() is True
    assert evaluation((0.0, 45.0, 0.0), (0.0, 20.0, 0.0)).unsure(0.7) is False


# ---------------------------------------------------------------- the sample counts


@pytest.mark.parametrize(
    ("samples", "names", "message"),
    [
        (0, (), "samples must be a whole number >= 1, got 0"),
        (-3, (), "samples must be a whole number >= 1, got -3"),
        (True, ("bid_samples",), "bid_samples must be a whole number >= 1, got True"),
        (False, (), "samples must be a whole number >= 1, got False"),
        (2.0, (), "samples must be a whole number >= 1, got 2.0"),
        ("2", (), "samples must be a whole number >= 1, got '2'"),
    ],
)
def test_check_samples_refuses_exactly(samples: object, names: tuple[str, ...], message: str) -> None:
    with pytest.raises(BeloteError, match=f"^{re.escape(message)}$") as raised:
        check_samples(samples, *names)
    assert raised.value.reason is Reason.BAD_ARGUMENT


def test_check_samples_accepts_a_whole_number_from_one() -> None:
    check_samples(1)
    check_samples(10**30, "x")


@pytest.mark.parametrize(
    ("most", "first", "names", "message"),
    [
        (16, 32, (), "max_samples must be at least samples (32), got 16"),
        (
            16,
            32,
            ("bid_max_samples", "bid_samples"),
            "bid_max_samples must be at least bid_samples (32), got 16",
        ),
        (31, 32, ("m",), "m must be at least samples (32), got 31"),
        (0, 0, (), "max_samples must be a whole number >= 1, got 0"),
        (True, 1, ("bid_max_samples",), "bid_max_samples must be a whole number >= 1, got True"),
    ],
)
def test_check_max_samples_refuses_exactly(
    most: Any, first: int, names: tuple[str, ...], message: str
) -> None:
    with pytest.raises(BeloteError, match=f"^{re.escape(message)}$") as raised:
        check_max_samples(most, first, *names)
    assert raised.value.reason is Reason.BAD_ARGUMENT


def test_check_max_samples_accepts_as_many_as_first_or_more() -> None:
    check_max_samples(32, 32)
    check_max_samples(33, 32)
    check_max_samples(1, 0)
