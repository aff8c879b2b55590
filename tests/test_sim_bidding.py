"""The hard player's bidding by simulation: legal calls in every bidding system, the chosen call
is the best one its own evaluation finds, decisions depend on the seed and the view only."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _bidding_helpers import auction_view
from _clock import Clock
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    BeloteError,
    Bid,
    Call,
    CardSet,
    Pass,
    Phase,
    Seat,
    Trump,
    Variant,
)
from belote.agents import HardAgent, NormalAgent, sim_bidding
from belote.agents.auction_model import candidate_calls, model_call
from belote.agents.bid_deals import draw_bid_deal
from belote.agents.normal_bidding import normal_bid
from belote.agents.sim_bidding import CONFIDENCE, OWN_PLAY_CREDIT, CallEvaluation, credited, evaluate_calls
from belote.bidding import legal_calls
from belote.games import agent_step
from belote.round import deal
from belote.views import PlayerView, observe, seat_view

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE)


class SmallHard(HardAgent):
    """A hard player with a small bidding budget (the tests' speed)."""

    def evaluate_calls(
        self,
        view: PlayerView,
        *,
        play_out: sim_bidding.DealPlayOut | None = None,
        samples: int | None = 3,
        max_samples: int | None = None,
    ) -> CallEvaluation:
        return evaluate_calls(
            view,
            samples=samples,
            seed=self.seed,
            prior=normal_bid(view),
            play_out=play_out,
            max_samples=max_samples,
        )


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), calls=st.integers(0, 7), pick=st.integers(0, 1000))
def test_hard_calls_are_legal_in_every_auction(variant: Variant, seed: int, calls: int, pick: int) -> None:
    view = auction_view(variant, seed, calls, random.Random(pick))
    if view is None:
        return
    call = HardAgent(seed=pick).choose_call(view)
    assert call in view.legal_bids


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), calls=st.integers(0, 9), pick=st.integers(0, 1000))
def test_model_calls_are_legal(variant: Variant, seed: int, calls: int, pick: int) -> None:
    view = auction_view(variant, seed, calls, random.Random(pick))
    if view is None:
        return
    turned = -1 if view.turned is None else view.turned.index
    call = model_call(variant, view.seat, view.hand.mask, turned, view.auction, bonus=pick % 60)
    assert call in view.legal_bids


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
@pytest.mark.parametrize("seed", range(6))
def test_chosen_call_is_the_best_of_the_evaluation(variant: Variant, seed: int) -> None:
    """With its whole budget spent (no time limit), Hard's call is the argmax of its own
    evaluation, or the prior (the normal player's call) when the argmax does not beat it by
    CONFIDENCE standard errors; either way it never bids a contract its simulation rates below
    passing."""
    view = auction_view(variant, seed, seed % 4, random.Random(seed))
    view = view or auction_view(variant, seed, 0, random.Random(seed))
    assert view is not None
    agent = SmallHard(seed=seed)
    evaluation = agent.evaluate_calls(view)
    call = agent.choose_call(view)
    assert evaluation.samples == 3
    assert Pass() in evaluation.calls
    assert set(evaluation.calls) <= set(view.legal_bids)
    value = evaluation.values[evaluation.calls.index(call)]
    assert value >= evaluation.values[evaluation.calls.index(Pass())]
    top = evaluation.calls.index(evaluation.top)
    assert evaluation.values[top] == max(evaluation.values)
    assert evaluation.errors is not None
    if call != evaluation.top:
        assert call == normal_bid(view)
        assert evaluation.values[top] - value <= CONFIDENCE[variant.bidding] * evaluation.errors[top]
    plain = evaluate_calls(view, samples=3, seed=seed)
    assert plain.values == evaluation.values
    assert plain.best == plain.top


def test_simulation_rates_calls_its_own_way() -> None:
    """On seeded Bulgarian deals, the simulation's top call differs from the normal rule's call
    on some: the values are measured, not the rule's."""
    differ = 0
    for seed in range(12):
        state = deal(BULGARIAN, dealer=Seat(0), seed=seed)
        view = observe(state, state.eldest)
        differ += evaluate_calls(view, samples=4).top != normal_bid(view)
    assert differ > 0


@pytest.mark.parametrize(
    ("values", "errors", "prior", "best"),
    [
        ((0.0, 10.0, 4.0), (1.0, 1.0, 0.0), "H", "S"),  # S beats the prior by 6 errors
        ((0.0, 10.0, 4.0), (5.0, 5.0, 0.0), "H", "H"),  # not clearly: the prior stays
        ((0.0, 10.0, -4.0), (5.0, 5.0, 0.0), "H", "S"),  # the prior is below passing
        ((0.0, -1.0, -4.0), (5.0, 5.0, 0.0), "H", "pass"),
        ((0.0, 0.6, 0.2), (0.5, 0.5, 0.5), "pass", "pass"),  # 0.6 is 1.2 errors of 0.5
        ((0.0, 0.6, 0.2), (0.5, 0.5, 0.5), None, "S"),  # no prior: the argmax
    ],
)
def test_best_keeps_the_prior_unless_clearly_beaten(
    values: tuple[float, ...], errors: tuple[float, ...], prior: str | None, best: str
) -> None:
    calls = (Pass(), Bid(Trump.SPADES), Bid(Trump.HEARTS))
    chosen = {"pass": Pass(), "S": Bid(Trump.SPADES), "H": Bid(Trump.HEARTS), None: None}
    base = calls.index(chosen[prior]) if prior else 0  # errors are relative to the prior
    shifted = tuple(error if index != base else 0.0 for index, error in enumerate(errors))
    evaluation = CallEvaluation(calls=calls, values=values, samples=9, errors=shifted, prior=chosen[prior])
    assert evaluation.best == chosen[best]


def test_strong_hand_takes_and_weak_hand_passes() -> None:
    strong = classic_view("JS 9S AS AH AD", "TS")
    weak = classic_view("7H 8H 7D 8C 7C", "TS")
    assert isinstance(HardAgent(seed=3).choose_call(strong), Bid)
    assert HardAgent(seed=3).choose_call(weak) == Pass()


def classic_view(hand: str, turned: str) -> PlayerView:
    """The eldest's first call in a classic deal with ``hand`` and the ``turned`` card."""
    return seat_view(CLASSIC, Seat(1), hand=CardSet.parse(hand), dealer=Seat(0), turned=turned)


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_decisions_depend_on_seed_and_view_only(variant: Variant) -> None:
    views = [
        v for v in (auction_view(variant, seed, seed % 3, random.Random(seed)) for seed in range(4)) if v
    ]
    first = SmallHard(seed=5)
    answers = [first.choose_call(view) for view in views]
    again = SmallHard(seed=5)
    assert [again.choose_call(view) for view in reversed(views)] == answers[::-1]
    values = [evaluate_calls(view, samples=3, seed=5).values for view in views]
    assert [evaluate_calls(view, samples=3, seed=5).values for view in views] == values
    assert [evaluate_calls(view, samples=3, seed=6).values for view in views] != values


def test_time_budget_stops_sampling() -> None:
    state = deal(BULGARIAN, dealer=Seat(0), seed=4)
    view = observe(state, state.eldest)
    assert evaluate_calls(view, samples=50, time_budget=1e-9).samples == 1
    assert evaluate_calls(view, samples=5).samples == 5


def test_time_budget_is_read_between_the_calls_of_a_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the budget is spent, not another call of the deal being valued is played out: that
    deal is left unfinished and the evaluation is the deals valued whole (here the first)."""
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    view = observe(state, state.eldest)
    heuristic = sim_bidding.heuristic_play_out(CLASSIC)
    drawn: list[int] = []
    played: list[int] = []  # per play-out, the number of the deal played out

    def counted_draw(*args: Any) -> Any:
        drawn.append(len(drawn) + 1)
        return draw_bid_deal(*args)

    def play_out(
        hands: Sequence[int], leader: int, taker: int, mode: int
    ) -> tuple[int, int, Sequence[int], int]:
        played.append(len(drawn))
        if len(drawn) == 2 and played.count(2) == 1:
            time.sleep(0.6)  # the second deal's first play-out spends the budget
        return heuristic(hands, leader, taker, mode)

    monkeypatch.setattr("belote.agents.sim_bidding.draw_bid_deal", counted_draw)
    evaluation = evaluate_calls(view, samples=8, time_budget=0.5, play_out=play_out)
    assert played.count(1) >= 2  # a deal plays out more than one call
    assert (evaluation.samples, len(drawn), played.count(2)) == (1, 2, 1)
    monkeypatch.undo()
    assert evaluation == evaluate_calls(view, samples=1, play_out=heuristic)


def test_a_deal_finished_past_the_budget_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is read after every call of a deal, the last one too: a deal whose last
    play-out ends past the budget is dropped like one left unfinished (unless it is the first)."""
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    view = observe(state, state.eldest)
    calls = candidate_calls(view)
    heuristic = sim_bidding.heuristic_play_out(CLASSIC)
    clock = Clock()
    drawn: list[int] = []
    calling: list[Call] = []  # the call being valued
    late: list[int] = []  # the deals whose last call's play-out spent the budget

    def counted_draw(*args: Any) -> Any:
        drawn.append(len(drawn) + 1)
        return draw_bid_deal(*args)

    continue_auction = sim_bidding._continue

    def watched_continue(variant: Any, sample: Any, turned: int, auction: Any) -> Any:
        calling.append(auction[-1][1])
        return continue_auction(variant, sample, turned, auction)

    def play_out(
        hands: Sequence[int], leader: int, taker: int, mode: int
    ) -> tuple[int, int, Sequence[int], int]:
        if len(drawn) == 2 and calling[-1] == calls[-1]:
            clock.now += 1.0  # the second deal's last play-out ends past the budget
            late.append(len(drawn))
        return heuristic(hands, leader, taker, mode)

    monkeypatch.setattr(sim_bidding, "time", clock)
    monkeypatch.setattr(sim_bidding, "draw_bid_deal", counted_draw)
    monkeypatch.setattr(sim_bidding, "_continue", watched_continue)
    evaluation = evaluate_calls(view, samples=8, time_budget=0.5, play_out=play_out)
    assert late == [2]  # the last call of the second deal was played out, past the budget
    assert (evaluation.samples, len(drawn)) == (1, 2)
    monkeypatch.undo()
    assert evaluation == evaluate_calls(view, samples=1, play_out=heuristic)


def test_evaluating_outside_the_auction_is_refused() -> None:
    agents = [NormalAgent()] * 4
    for seed in range(40):
        state = deal(CLASSIC, dealer=Seat(0), seed=seed)
        while state.phase is Phase.BIDDING:
            state = agent_step(state, agents)
        if state.phase is Phase.PLAYING:
            break
    assert state.phase is Phase.PLAYING
    assert state.to_act is not None
    with pytest.raises(BeloteError, match="not to bid"):
        evaluate_calls(observe(state, state.to_act))


def test_best_takes_the_first_of_equal_values() -> None:
    evaluation = CallEvaluation(calls=(Pass(), Bid(Trump.HEARTS)), values=(1.0, 1.0), samples=2)
    assert evaluation.best == Pass()


def test_coinche_candidates_are_pruned_but_keep_pass() -> None:
    state = deal(COINCHE, dealer=Seat(0), seed=8)
    view = observe(state, state.eldest)
    calls = candidate_calls(view)
    assert calls[0] == Pass()
    assert len(calls) < len(view.legal_bids)
    assert set(calls) <= set(legal_calls(COINCHE, view.auction))


@pytest.mark.parametrize(
    ("points", "last", "team", "credit", "expected"),
    [
        ((90, 72), 1, 0, 12, (102, 60)),
        ((72, 90), 0, 1, 12, (60, 102)),  # team 1 takes the credit
        ((90, 72), 1, 0, 0, (90, 72)),  # no credit
        ((150, 12), 1, 0, 12, (152, 10)),  # the last trick's 10 stays with the defenders
        ((150, 12), 0, 0, 12, (162, 0)),  # all their points are card points: all can move
        ((152, 10), 1, 0, 12, (152, 10)),  # only the last trick's 10: nothing moves
        ((162, 0), 0, 0, 12, (162, 0)),  # a capot stays a capot
        ((0, 162), 1, 0, 12, (0, 162)),  # and a capot against stays one
        ((100, 160), 1, 0, 12, (112, 148)),  # the other sheet (all trumps: 258 in all)
    ],
)
def test_credited_moves_card_points_to_the_team(
    points: tuple[int, int], last: int, team: int, credit: int, expected: tuple[int, int]
) -> None:
    assert credited(points, last, team, credit) == expected
    assert sum(credited(points, last, team, credit)) == sum(points)


def test_own_play_credit_only_raises_the_deciding_teams_contracts(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the same sampled deals, the Bulgarian credit never lowers a call's value (it only
    adds card points to the deciding team's own contracts, whoever of the team takes) and raises
    some. The turned-card auction has no credit."""
    assert OWN_PLAY_CREDIT[BULGARIAN.bidding] > 0
    assert OWN_PLAY_CREDIT[CLASSIC.bidding] == 0
    raised = 0
    for seed in range(10):
        state = deal(BULGARIAN, dealer=Seat(seed % 4), seed=seed)
        view = observe(state, state.eldest)
        with_credit = evaluate_calls(view, samples=4, seed=seed)
        with monkeypatch.context() as patch:
            patch.setitem(sim_bidding.OWN_PLAY_CREDIT, BULGARIAN.bidding, 0)
            plain = evaluate_calls(view, samples=4, seed=seed)
        assert with_credit.calls == plain.calls
        for credited_value, plain_value in zip(with_credit.values, plain.values, strict=True):
            assert credited_value >= plain_value
        raised += with_credit.values != plain.values
    assert raised > 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"samples": 0}, "samples must be a whole number >= 1, got 0"),
        ({"samples": True}, "samples must be a whole number >= 1, got True"),
        ({"samples": 2.0}, "samples must be a whole number >= 1, got 2.0"),
        ({"samples": -3}, "samples must be a whole number >= 1, got -3"),
        ({"max_samples": 0}, "^max_samples must be a whole number >= 1, got 0"),
        ({"max_samples": True}, "^max_samples must be a whole number >= 1, got True"),
        ({"max_samples": 8.0}, "^max_samples must be a whole number >= 1, got 8.0"),
        ({"samples": 8, "max_samples": 4}, r"^max_samples must be at least samples \(8\), got 4"),
    ],
)
def test_evaluate_calls_checks_its_arguments(options: dict[str, object], message: str) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=4)
    assert state.to_act is not None
    view = observe(state, state.to_act)
    with pytest.raises(BeloteError, match=message):
        evaluate_calls(view, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("values", "errors", "prior", "unsure"),
    [
        ((0.0, 25.0), (0.0, 20.0), "pass", True),  # 25 against the 30 needed: 0.25 errors off
        ((0.0, 35.0), (0.0, 20.0), "pass", True),  # 5 above the 30 needed
        ((0.0, 80.0), (0.0, 20.0), "pass", False),  # 2.5 errors clear
        ((0.0, 9.0), (0.0, 20.0), "pass", False),  # 1.05 errors short
        ((0.0, 11.0), (0.0, 20.0), "pass", True),  # 0.95 errors short
        ((0.0, 25.0), (0.0, 0.0), "pass", False),  # no spread: nothing to learn
        ((-25.0, 0.0), (20.0, 0.0), "S", False),  # passing 25 below the prior: far from chosen
        ((0.0, 25.0), (0.0, 20.0), None, False),  # no prior: the argmax, nothing to weigh
    ],
)
def test_unsure_is_a_call_near_the_line_where_it_beats_the_prior(
    values: tuple[float, float], errors: tuple[float, float], prior: str | None, unsure: bool
) -> None:
    chosen = {"pass": Pass(), "S": Bid(Trump.SPADES), None: None}
    evaluation = CallEvaluation(
        calls=(Pass(), Bid(Trump.SPADES)),
        values=values,
        samples=32,
        errors=errors if prior else None,
        prior=chosen[prior],
        confidence=1.5,
    )
    assert evaluation.unsure() is unsure
    assert evaluation.unsure(within=3.0) is (prior is not None and errors != (0.0, 0.0))


@pytest.mark.parametrize("variant", [CLASSIC, BULGARIAN], ids=lambda v: v.name)
def test_sequential_sampling_doubles_the_deals_while_unsure(variant: Variant) -> None:
    grown = 0
    for seed in range(30):
        view = auction_view(variant, seed, seed % 3, random.Random(seed))
        if view is None:
            continue
        prior = normal_bid(view)
        evaluation = evaluate_calls(view, samples=2, seed=seed, prior=prior, max_samples=16)
        # the first deals kept: the same evaluation as that many deals sampled at once
        assert evaluation == evaluate_calls(view, samples=evaluation.samples, seed=seed, prior=prior)
        assert evaluation.samples in (2, 4, 8, 16)
        for fewer in (2, 4, 8):
            if fewer < evaluation.samples:
                assert evaluate_calls(view, samples=fewer, seed=seed, prior=prior).unsure()
        if evaluation.samples < 16:
            assert not evaluation.unsure()
        grown += evaluation.samples > 2
    assert grown  # some decision was close enough to sample further


def test_sequential_sampling_stops_at_the_most_and_at_the_time_budget() -> None:
    view = auction_view(CLASSIC, 3, 0, random.Random(3))
    assert view is not None
    prior = normal_bid(view)
    assert evaluate_calls(view, samples=4, prior=prior).unsure()  # a close call
    assert evaluate_calls(view, samples=4, prior=prior, max_samples=6).samples == 6
    assert evaluate_calls(view, samples=4, prior=prior, max_samples=4).samples == 4
    assert evaluate_calls(view, samples=4, prior=prior, max_samples=64, time_budget=1e-9).samples == 1
    assert evaluate_calls(view, samples=4, max_samples=64).samples == 4  # no prior: never unsure


def test_an_evaluation_of_per_deal_values_measures_errors_against_the_prior() -> None:
    calls = (Pass(), Bid(Trump.HEARTS), Bid(Trump.SPADES))
    rows = [[0.0, 40.0, 10.0], [0.0, -10.0, 10.0], [0.0, 60.0, 10.0]]
    evaluation = CallEvaluation.of(calls, rows, prior=Pass(), confidence=1.0)
    assert evaluation.values == (0.0, 30.0, 10.0)
    assert evaluation.samples == 3
    assert evaluation.errors is not None
    assert evaluation.errors[0] == 0.0
    assert evaluation.errors[1] == pytest.approx((1300 / 3) ** 0.5)  # sd 36.06 over 3 deals
    assert evaluation.errors[2] == 0.0  # the same gain on every deal
    assert evaluation.best == Bid(Trump.HEARTS)  # 30 > 1.0 x 20.8
    assert evaluation.confidence == 1.0
    assert CallEvaluation.of(calls, rows, prior=Pass()).best == Pass()  # 30 < 1.5 x 20.8
    assert CallEvaluation.of(calls, rows).errors is None  # no prior: no errors
    assert CallEvaluation.of(calls, rows, prior=Bid(Trump.CLUBS)).errors is None  # not a candidate
    assert CallEvaluation.of(calls, rows[:1], prior=Pass()).errors == (0.0, 0.0, 0.0)
    with pytest.raises(BeloteError, match="at least one sampled deal"):
        CallEvaluation.of(calls, [], prior=Pass())
