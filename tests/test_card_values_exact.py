"""Exact values and refusals of belote.agents.card_values that mutation testing (mutmut 3.8) found
untested by the fast rule tests (tests/test_card_values.py, whose definition tests and searching
players are slow, is left out of the mutation run): where the choice turns unsure, to the
standard error, for the best card in each column; the deals sampled and each card's mean, the
doubling up to max_samples, the time budget to the second, and each refusal with its message."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

from _card_values_helpers import deals_of
from belote import BeloteError, Reason
from belote.agents import card_values as card_values_module
from belote.agents.card_values import UNSURE_WITHIN, sampled_card_values, unsure_choice

# lead 1.5 and deal-by-deal differences 3, 0, 3, 0: variance 9 / 3, standard error sqrt(3 / 4),
# so the lead is sqrt(3) = 1.7320508 standard errors
ROWS = [(3.0, 0.0), (0.0, 0.0), (3.0, 0.0), (0.0, 0.0)]


@pytest.mark.parametrize("order", [(0, 1, 2), (1, 0, 2), (2, 1, 0), (1, 2, 0)])
def test_unsure_below_the_lead_in_standard_errors(order: tuple[int, int, int]) -> None:
    # the best card's column, the close second's and a far third's, in each order
    rows = [tuple((row[0], row[1], -9.0)[column] for column in order) for row in ROWS]
    assert not unsure_choice(rows, within=1.732)
    assert unsure_choice(rows, within=1.7321)


def test_the_standard_error_of_three_deals() -> None:
    # differences 6, 0, 0: lead 2, variance (16 + 4 + 4) / 2, error sqrt(12 / 3) = 2: one error,
    # and unsure only below it
    rows = [(6.0, 0.0), (0.0, 0.0), (0.0, 0.0)]
    assert not unsure_choice(rows, within=1.0)
    assert unsure_choice(rows, within=1.0001)
    # the same with the worse card's values moved: only the differences count
    moved = [(16.0, 10.0), (-5.0, -5.0), (7.0, 7.0)]
    assert not unsure_choice(moved, within=1.0)
    assert unsure_choice(moved, within=1.0001)


def test_the_default_width_is_two_standard_errors() -> None:
    assert UNSURE_WITHIN == 2.0
    assert unsure_choice(ROWS)  # 1.73 errors
    six = [(3.0, 0.0), (0.0, 0.0)] * 3  # lead 1.5, error sqrt(9 / 4 * 6 / 5 / 6): sqrt(5) = 2.24 errors
    assert not unsure_choice(six)
    assert unsure_choice(six, within=2.25)
    eight = ROWS * 2  # eight deals: differences 3, 0, ...: error sqrt(9 / 4 * 8 / 7 / 8), 2.65 errors
    assert not unsure_choice(eight)
    assert unsure_choice(eight, within=2.7)


def test_two_deals_and_two_cards_are_judged() -> None:
    assert unsure_choice([(2.0, 0.0), (0.0, 0.0)])  # lead 1, error 1
    assert not unsure_choice([(2.0, 0.0), (0.0, 0.0)], within=0.99)
    assert not unsure_choice([(2.0, 0.0)])  # one deal: never
    assert not unsure_choice([(2.0,), (0.0,), (1.0,)])  # one card: never
    assert not unsure_choice([])
    assert not unsure_choice([(), ()])


def test_every_other_card_is_compared_with_the_best() -> None:
    # the best first, a clear second, a close third: the third makes it unsure
    assert unsure_choice([(10.0, 0.0, 10.0), (10.0, 0.0, 0.0)])
    # the best last, after a close one
    assert unsure_choice([(10.0, 10.0, 0.0), (0.0, 10.0, 0.0)])
    # cards scoring the same on every deal are tied, not unsure
    assert not unsure_choice([(5.0, 5.0, 0.0), (7.0, 7.0, 0.0)])
    assert not unsure_choice([(5.0, 0.0, 5.0), (7.0, 0.0, 7.0)])


def test_rows_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="zip"):
        unsure_choice([(1.0, 2.0), (1.0,)])


@pytest.fixture(autouse=True)
def judgements(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of deals of each judgement sampled_card_values asks of unsure_choice; past 20
    (a loop that judges the same deals for ever) the sampling fails instead of hanging."""
    seen: list[int] = []

    def counted(rows: Sequence[Sequence[float]], within: float = UNSURE_WITHIN) -> bool:
        seen.append(len(rows))
        if len(seen) > 20:
            raise AssertionError(f"judged again and again: {seen}")
        return unsure_choice(rows, within)

    monkeypatch.setattr(card_values_module, "unsure_choice", counted)
    return seen


UNSURE = [(162.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]  # better on one deal in four: unsure


@pytest.mark.parametrize(
    ("samples", "max_samples", "deals", "values"),
    [
        (4, None, 4, {3: 40.5, 5: 0.0}),  # a fixed number of deals
        (4, 4, 4, {3: 40.5, 5: 0.0}),
        (4, 5, 5, {3: 64.8, 5: 0.0}),  # doubled, up to max_samples
        (4, 8, 8, {3: 40.5, 5: 0.0}),
        (4, 16, 16, {3: 40.5, 5: 0.0}),
        (3, 12, 12, {3: 40.5, 5: 0.0}),  # 3, 6, 12
        (2, 4, 4, {3: 40.5, 5: 0.0}),
        (1, 4, 1, {3: 162.0, 5: 0.0}),  # one deal is never unsure
    ],
)
def test_deals_are_doubled_while_unsure(
    samples: int, max_samples: int | None, deals: int, values: dict[int, float]
) -> None:
    calls, value_deal = deals_of(UNSURE)
    assert sampled_card_values((3, 5), value_deal, samples=samples, max_samples=max_samples) == values
    assert len(calls) == deals


@pytest.mark.parametrize(
    ("samples", "max_samples", "judged"), [(4, None, []), (4, 4, []), (4, 16, [4, 8]), (3, 5, [3])]
)
def test_the_choice_is_judged_once_a_doubling_below_max_samples(
    judgements: list[int], samples: int, max_samples: int | None, judged: list[int]
) -> None:
    _, value_deal = deals_of(UNSURE)
    sampled_card_values((3, 5), value_deal, samples=samples, max_samples=max_samples)
    assert judgements == judged


def test_the_first_deals_kept_once_the_choice_is_clear() -> None:
    # unsure after 2 deals (10 then 0: lead 5, error 5), sure after 4 (10 better on deals 3 and
    # 4 as well: lead 7.5, error 2.5): 4 deals
    rows = [(10.0, 0.0), (0.0, 0.0), (10.0, 0.0), (10.0, 0.0)]
    calls, value_deal = deals_of(rows)
    assert sampled_card_values((7, 1), value_deal, samples=2, max_samples=64) == {7: 7.5, 1: 0.0}
    assert len(calls) == 4
    calls, value_deal = deals_of([(20.0, 0.0), (21.0, 0.0), (22.0, 0.0)])
    assert sampled_card_values((1, 2), value_deal, samples=3, max_samples=256) == {1: 21.0, 2: 0.0}
    assert len(calls) == 3


def test_each_cards_mean_in_the_order_given() -> None:
    rows = [(1.0, 4.0, -2.0), (2.0, 8.0, -4.0)]
    _, value_deal = deals_of(rows)
    assert sampled_card_values((9, 0, 4), value_deal, samples=2) == {9: 1.5, 0: 6.0, 4: -3.0}
    assert sampled_card_values((), lambda: (), samples=3) == {}


@pytest.mark.parametrize(
    ("start", "budget", "deals"),
    [
        (None, 2.0, 3),  # from now (0 s): deals begin at 0, 1 and 2 s
        (0.0, 2.0, 3),
        (0.0, 1.9, 2),
        (-1.0, 2.0, 2),  # from a second earlier
        (-10.0, 2.0, 1),  # spent before the first deal: one all the same
        (0.5, 2.0, 3),  # from half a second on: the deal at 2 s is 1.5 s in, at 3 s 2.5
        (1.0, 2.0, 4),
        (0.0, None, 8),  # no budget
    ],
)
def test_the_time_budget_counts_from_start(
    monkeypatch: pytest.MonkeyPatch, start: float | None, budget: float | None, deals: int
) -> None:
    clock = [0.0]  # a fake perf_counter: each deal valued takes one second
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    calls, value_deal = deals_of(UNSURE)

    def timed_deal() -> Sequence[float]:
        clock[0] += 1.0
        return value_deal()

    options = {"samples": 2, "max_samples": 8}
    values = sampled_card_values((1, 2), timed_deal, **options, time_budget=budget, start=start)
    assert len(calls) == deals
    assert values == {1: sum(UNSURE[deal % 4][0] for deal in range(deals)) / deals, 2: 0.0}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"samples": 0}, r"^samples must be a whole number >= 1, got 0$"),
        ({"samples": 8, "max_samples": 4}, r"^max_samples must be at least samples \(8\), got 4$"),
        ({"samples": 2, "max_samples": 1}, r"^max_samples must be at least samples \(2\), got 1$"),
    ],
)
def test_the_numbers_are_checked(options: dict[str, int], message: str) -> None:
    calls, value_deal = deals_of([(0.0,)])
    with pytest.raises(BeloteError, match=message) as raised:
        sampled_card_values((1,), value_deal, **options)
    assert raised.value.reason is Reason.BAD_ARGUMENT
    assert not calls


@pytest.mark.parametrize("max_samples", [None, 8])
def test_one_value_per_card(max_samples: int | None) -> None:
    message = r"^value_deal must give one value per card \(2\), got 3: \(1\.0, 2\.0, 3\.0\)$"
    with pytest.raises(BeloteError, match=message) as raised:
        sampled_card_values((1, 2), lambda: (1.0, 2.0, 3.0), samples=2, max_samples=max_samples)
    assert raised.value.reason is Reason.BAD_ARGUMENT
    calls, value_deal = deals_of([(1.0, 0.0), (1.0, 0.0), (1.0,)])
    message = r"^value_deal must give one value per card \(2\), got 1: \(1\.0,\)$"
    with pytest.raises(BeloteError, match=message):
        sampled_card_values((1, 2), value_deal, samples=4, max_samples=max_samples)
    assert len(calls) == 3
