"""The searching players' card values: sampled sequentially while the best card is close."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from _card_values_helpers import deals_of
from belote import CLASSIC, BeloteError, Seat, Variant
from belote.agents import ExpertAgent, HardAgent, NormalAgent
from belote.agents import card_values as card_values_module
from belote.agents.card_values import UNSURE_WITHIN, sampled_card_values, unsure_choice
from belote.games import agent_step
from belote.round import deal
from belote.views import PlayerView, observe


def slow_unsure(rows: Sequence[Sequence[float]], within: float) -> bool | None:
    """The definition, spelled out: some card's mean is within ``within`` standard errors (of
    the deal-by-deal difference) of the best mean, with a spread above nothing. None where a
    lead lies on the boundary, to rounding (the two ways of summing may fall either side)."""
    count = len(rows)
    if count < 2:
        return False
    cards = len(rows[0])
    means = [sum(row[card] for row in rows) / count for card in range(cards)]
    best = means.index(max(means))
    for card in range(cards):
        if card == best:
            continue
        differences = [row[best] - row[card] for row in rows]
        mean = sum(differences) / count
        variance = sum((one - mean) ** 2 for one in differences) / (count - 1)
        error = math.sqrt(variance / count)
        if error > 0 and math.isclose(mean, within * error, rel_tol=1e-9):
            return None
        if error > 0 and mean < within * error:
            return True
    return False


@pytest.mark.parametrize(
    ("rows", "unsure"),
    [
        ([(10.0, 0.0)] * 5, False),  # the same lead on every deal: no spread, sure
        ([(0.0, 0.0)] * 5, False),  # tied on every deal: tied, not unsure
        ([(162.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)], True),  # better on one deal in four
        ([(162.0, 0.0)] * 30 + [(0.0, 0.0)] * 2, False),  # better on 30 deals of 32: sure
        ([(1.0, 0.0, 0.0), (1.0, 0.0, 2.0), (1.0, 0.0, 0.0)], True),  # the third card close behind
        ([(5.0, 9.0)], False),  # one deal is never judged
        ([], False),
    ],
)
def test_unsure_choice_table(rows: list[tuple[float, ...]], unsure: bool) -> None:
    assert unsure_choice(rows) is unsure


def test_unsure_choice_reads_its_width() -> None:
    rows = [(3.0, 0.0), (0.0, 0.0), (3.0, 0.0), (0.0, 0.0)]  # lead 1.5, error 0.866: 1.73 errors
    assert unsure_choice(rows, within=2.0)
    assert not unsure_choice(rows, within=1.5)


values_rows = st.integers(min_value=1, max_value=5).flatmap(
    lambda cards: st.lists(
        st.tuples(*[st.sampled_from([-162.0, -20.0, 0.0, 0.5, 20.0, 162.0])] * cards), min_size=0, max_size=12
    )
)


@given(values_rows, st.sampled_from([0.5, 1.0, UNSURE_WITHIN, 3.0]))
def test_unsure_choice_is_the_definition(rows: list[tuple[float, ...]], within: float) -> None:
    expected = slow_unsure(rows, within)
    assume(expected is not None)
    assert unsure_choice(rows, within) is expected


@given(
    st.lists(st.tuples(st.sampled_from([0.0, 10.0, 162.0]), st.sampled_from([0.0, 10.0, 162.0])), min_size=1),
    st.integers(min_value=1, max_value=8),
    st.integers(min_value=0, max_value=4),
)
def test_sequential_sampling_doubles_while_unsure(
    rows: list[tuple[float, float]], first: int, doublings: int
) -> None:
    most = first * 2**doublings + (doublings > 0)  # a cap off the doubling steps, where it has one
    calls, value_deal = deals_of(rows)
    values = sampled_card_values((4, 9), value_deal, samples=first, max_samples=most)
    seen = [rows[index % len(rows)] for index in range(len(calls))]
    # the deals valued: `first`, then twice as many (capped) while the first n were unsure
    expected = first
    while expected < most and unsure_choice(seen[:expected]):
        expected = min(2 * expected, most)
    assert len(calls) == expected
    assert values == {4: sum(row[0] for row in seen) / expected, 9: sum(row[1] for row in seen) / expected}


def test_a_fixed_number_of_deals_without_max_samples() -> None:
    rows = [(162.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]  # unsure, but nothing more to sample
    for most in (None, 4):
        calls, value_deal = deals_of(rows)
        assert sampled_card_values((1, 2), value_deal, samples=4, max_samples=most) == {1: 40.5, 2: 0.0}
        assert len(calls) == 4


def test_a_clear_choice_stops_at_the_first_deals() -> None:
    calls, value_deal = deals_of([(20.0, 0.0), (21.0, 0.0), (22.0, 0.0)])
    sampled_card_values((1, 2), value_deal, samples=8, max_samples=256)
    assert len(calls) == 8


def test_the_time_budget_stops_the_sampling() -> None:
    calls, value_deal = deals_of([(1.0, 0.0), (0.0, 0.0)])
    values = sampled_card_values((1, 2), value_deal, samples=1000, max_samples=4000, time_budget=1e-9)
    assert len(calls) == 1  # at least one deal, then the budget is spent
    assert values == {1: 1.0, 2: 0.0}


@pytest.mark.parametrize(("start", "expected"), [(0.0, 3), (-1.0, 2), (-10.0, 1), (None, 3)])
def test_the_time_budget_counts_from_start(
    monkeypatch: pytest.MonkeyPatch, start: float | None, expected: int
) -> None:
    clock = [0.0]  # a fake perf_counter: each deal valued takes one second
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])  # the one card_values reads
    rows = [(162.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]  # unsure: the doubling goes on
    calls, value_deal = deals_of(rows)

    def timed_deal() -> Sequence[float]:
        clock[0] += 1.0
        return value_deal()

    sampled_card_values((1, 2), timed_deal, samples=2, max_samples=64, time_budget=2.5, start=start)
    assert len(calls) == expected  # deals begin while at most 2.5 s have passed since start


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"samples": 0}, r"^samples must be a whole number >= 1, got 0"),
        ({"samples": True}, r"^samples must be a whole number >= 1, got True"),
        ({"samples": 8, "max_samples": 4}, r"^max_samples must be at least samples \(8\), got 4"),
        ({"samples": 8, "max_samples": 0}, r"^max_samples must be a whole number >= 1, got 0"),
    ],
)
def test_sampled_card_values_checks_its_numbers(options: dict[str, object], message: str) -> None:
    with pytest.raises(BeloteError, match=message):
        sampled_card_values((1,), lambda: (0.0,), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("row", [(1.0,), (1.0, 2.0, 3.0), ()])
def test_sampled_card_values_wants_one_value_per_card(row: tuple[float, ...]) -> None:
    message = rf"^value_deal must give one value per card \(2\), got {len(row)}"
    for most in (None, 8):
        with pytest.raises(BeloteError, match=message):
            sampled_card_values((1, 2), lambda: row, samples=2, max_samples=most)


def test_no_card_or_one_card_is_never_unsure() -> None:
    assert sampled_card_values((), lambda: (), samples=2, max_samples=8) == {}
    assert not unsure_choice([(), ()])
    calls, value_deal = deals_of([(162.0,), (0.0,)])
    assert sampled_card_values((5,), value_deal, samples=2, max_samples=8) == {5: 81.0}
    assert len(calls) == 2


def choice_views(variant: Variant, seed: int) -> list[PlayerView]:
    """Every card decision with a choice in a round played by normal agents."""
    agents = [NormalAgent(seat) for seat in range(4)]
    state = deal(variant, dealer=Seat(seed % 4), seed=seed)
    views = []
    while state.to_act is not None:
        view = observe(state, state.to_act)
        if view.contract is not None and len(view.legal_cards) > 1:
            views.append(view)
        state = agent_step(state, agents)
    return views


def count_deals(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the number of deals behind each card valuation from now on."""
    counts: list[int] = []
    means = card_values_module._means

    def counted(cards: Sequence[int], rows: Sequence[Sequence[float]]) -> dict[int, float]:
        counts.append(len(rows))
        return means(cards, rows)

    monkeypatch.setattr(card_values_module, "_means", counted)
    return counts


def test_the_searching_players_sample_a_fixed_number_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = count_deals(monkeypatch)
    views = choice_views(CLASSIC, 2)
    early, late = views[:6], views[-6:]  # the expert rolls the early ones out, solves the late ones
    cards_left = [sum(view.hand_size(seat) for seat in Seat) for view in views]
    assert cards_left[0] > 24 >= cards_left[-1]
    for view in early:
        assert HardAgent(2, samples=6).evaluate(view) == HardAgent(2, samples=6, max_samples=6).evaluate(view)
    for view in early + late:
        fixed = ExpertAgent(2, samples=6, max_samples=6)
        assert ExpertAgent(2, samples=6).evaluate(view) == fixed.evaluate(view)
    assert counts
    assert set(counts) == {6}


def test_sequential_sampling_keeps_the_first_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    # on a close decision the expert samples further; a clear one is valued as before
    counts = count_deals(monkeypatch)
    further = same = 0
    for view in choice_views(CLASSIC, 5)[-12:]:  # late: each sampled deal solved exactly
        fixed = ExpertAgent(4, samples=4, max_samples=4).evaluate(view)
        counts.clear()
        sequential = ExpertAgent(4, samples=4, max_samples=32).evaluate(view)
        if counts == [4]:
            assert sequential == fixed
            same += 1
        else:
            assert counts[0] in (8, 16, 32)
            further += 1
    assert further
    assert same


def test_searching_players_check_max_samples() -> None:
    for agent in (HardAgent, ExpertAgent):
        with pytest.raises(BeloteError, match=r"^max_samples must be at least samples \(8\), got 7"):
            agent(samples=8, max_samples=7)
        with pytest.raises(BeloteError, match=r"^max_samples must be a whole number >= 1, got 2.5"):
            agent(max_samples=2.5)  # type: ignore[arg-type]


def test_the_sampling_order_is_the_seeds() -> None:
    # the deals sampled further continue the same stream: a run is a function of the seed alone
    view = choice_views(CLASSIC, 9)[-5]
    rng = random.Random(0)
    seeds = [rng.randrange(100) for _ in range(3)]
    for seed in seeds:
        assert ExpertAgent(seed, samples=4, max_samples=64).evaluate(view) == ExpertAgent(
            seed, samples=4, max_samples=64
        ).evaluate(view)
