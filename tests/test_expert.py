"""The expert player: legal, deterministic, its arguments checked, each sampled deal solved late."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import belote.kernel
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    ArgumentTypeError,
    BeloteError,
    Card,
    Contract,
    Phase,
    Seat,
    Tally,
    Team,
    Trump,
    Variant,
    legal_moves,
    play,
    play_round,
    position,
    round_tally,
    score_deal,
    score_round,
)
from belote.agents import ExpertAgent, HardAgent, NormalAgent
from belote.agents import expert as expert_module
from belote.agents.expert_bidding import (
    SOLVED_BID_SAMPLES,
    solved_end,
    solved_play_out,
)
from belote.agents.objective import DealObjective
from belote.agents.sim_bidding import BID_SAMPLES, CallEvaluation, DealPlayOut, heuristic_play_out
from belote.analysis import analyze, capot_bonuses, solo_capot_bonuses, solve
from belote.bidding import BID_VALUES
from belote.cards import DECK
from belote.games import agent_step
from belote.kernel._capots import sheet_capot_bonuses
from belote.kernel._rules import Rules
from belote.kernel._search import solve_cards
from belote.round import deal
from belote.state import RoundState
from belote.variants import BiddingSystem
from belote.views import PlayerView, observe

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE)


def late_view(variant: Variant, seed: int, cards_left: int) -> PlayerView:
    """The view of the first seat with a choice once at most ``cards_left`` cards are in the
    hands, in a round played by normal agents."""
    agents = [NormalAgent() for _ in range(4)]
    for attempt in range(50):
        state = deal(variant, dealer=Seat(0), seed=seed + 1000 * attempt)
        while state.phase in (Phase.BIDDING, Phase.PLAYING):
            assert state.to_act is not None
            if state.phase is Phase.PLAYING:
                view = observe(state, state.to_act)
                left = sum(view.hand_size(seat) for seat in Seat)
                if left <= cards_left and len(view.legal_cards) > 1:
                    return view
            state = agent_step(state, agents)
    raise AssertionError("no such view")  # pragma: no cover


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"samples": 0}, "samples must be a whole number >= 1, got 0"),
        ({"samples": True}, "samples must be a whole number >= 1, got True"),
        ({"samples": "4"}, "samples must be a whole number >= 1, got '4'"),
        ({"time_budget": 0.0}, "time_budget must be positive seconds, got 0.0"),
        ({"time_budget": -1}, "time_budget must be positive seconds, got -1"),
        ({"solve_from": -1}, "solve_from must be a whole number of cards from 0 to 32, got -1"),
        ({"solve_from": 33}, "solve_from must be a whole number of cards from 0 to 32, got 33"),
        ({"solve_from": True}, "solve_from must be a whole number of cards from 0 to 32, got True"),
        ({"solve_from": 12.0}, "solve_from must be a whole number of cards from 0 to 32, got 12.0"),
        ({"bid_samples": 0}, "^bid_samples must be a whole number >= 1, got 0"),
        ({"bid_samples": False}, "^bid_samples must be a whole number >= 1, got False"),
        ({"bid_samples": 2.0}, "^bid_samples must be a whole number >= 1, got 2.0"),
        ({"bid_max_samples": 0}, "^bid_max_samples must be a whole number >= 1, got 0"),
        ({"bid_max_samples": True}, "^bid_max_samples must be a whole number >= 1, got True"),
        ({"bid_max_samples": 64.0}, "^bid_max_samples must be a whole number >= 1, got 64.0"),
        (
            {"bid_samples": 16, "bid_max_samples": 8},
            r"^bid_max_samples must be at least bid_samples \(16\), got 8",
        ),
    ],
)
def test_expert_checks_its_arguments(options: dict[str, object], message: str) -> None:
    with pytest.raises(BeloteError, match=message):
        ExpertAgent(**options)  # type: ignore[arg-type]


def test_expert_checks_its_view() -> None:
    agent = ExpertAgent(samples=1)
    for method in (agent.choose_call, agent.choose_play, agent.evaluate):
        with pytest.raises(ArgumentTypeError, match="view must be a PlayerView, got 0"):
            method(0)  # type: ignore[arg-type]
    bidding = observe(deal(CLASSIC, dealer=Seat(0), seed=1), Seat(1))
    with pytest.raises(BeloteError, match="no card to choose"):
        agent.evaluate(bidding)


def test_expert_repr_names_its_budget() -> None:
    assert repr(ExpertAgent(3, samples=5, solve_from=8)) == (
        "ExpertAgent(seed=3, samples=5, time_budget=None, solve_from=8, reading=32, solved_bidding=None, "
        "bid_samples=None, bid_max_samples=None, auction_weight=None, max_samples=None)"
    )


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_experts_play_whole_rounds_legally(variant: Variant) -> None:
    # the solved bidding takes about a second a call: two seats of one team use it, in classic only
    solved = variant is CLASSIC and belote.kernel.COMPILED  # whole-deal solves take seconds in pure Python
    agents = [
        ExpertAgent(seed=seat, samples=2, solve_from=16, solved_bidding=solved and seat % 2 == 0)
        for seat in range(4)
    ]
    final = play_round(variant, agents, seed=4, dealer=Seat(1))  # refuses any illegal call or card
    assert final.phase in (Phase.FINISHED, Phase.PASSED_OUT)
    assert final.phase is Phase.PASSED_OUT or len(final.tricks) == 8


def test_expert_is_deterministic_and_ignores_call_order() -> None:
    view = late_view(BULGARIAN, 11, 12)
    first = ExpertAgent(7, samples=6).evaluate(view)
    noisy = ExpertAgent(7, samples=6)
    for other_seed in range(3):
        other = deal(BULGARIAN, dealer=Seat(1), seed=other_seed)
        noisy.choose_call(observe(other, other.to_act))  # type: ignore[arg-type]
    assert noisy.evaluate(view) == first
    assert noisy.choose_play(view) == ExpertAgent(7, samples=6).choose_play(view)
    assert set(first) == {card.index for card in view.legal_cards}


def test_expert_rolls_out_like_the_hard_player_early() -> None:
    view = late_view(CLASSIC, 3, 28)
    assert sum(view.hand_size(seat) for seat in Seat) > 12
    assert ExpertAgent(5, samples=3).evaluate(view) == HardAgent(5, samples=3).evaluate(view)
    assert ExpertAgent(5, samples=3, max_samples=12).evaluate(view) == HardAgent(
        5, samples=3, max_samples=12
    ).evaluate(view)


def test_expert_solves_every_sampled_deal_late(monkeypatch: pytest.MonkeyPatch) -> None:
    view = late_view(CLASSIC_501, 5, 12)
    contract, leader = view.contract, view.leader
    assert contract is not None
    assert leader is not None
    calls: list[
        tuple[
            tuple[int, int, int, int],
            tuple[int, ...],
            int,
            int,
            tuple[int, ...],
            tuple[int, int],
            tuple[int, ...] | None,
        ]
    ] = []
    solve = solve_cards

    def recording(
        hands: tuple[int, int, int, int],
        trick: tuple[int, ...],
        leader: int,
        mode: int,
        rules: Rules,
        won: tuple[int, ...],
        bonus: tuple[int, int],
        solo_bonus: tuple[int, ...] | None = None,
        *,
        threads: int | None = None,
    ) -> tuple[tuple[int, int, int], ...]:
        assert threads == 1  # a player's parallelism is the games', never the solver's threads
        calls.append((hands, trick, leader, mode, won, bonus, solo_bonus))
        return solve(hands, trick, leader, mode, rules, won, bonus, solo_bonus=solo_bonus)

    monkeypatch.setattr(expert_module, "_solver", lambda: (recording, False))
    scores = ExpertAgent(2, samples=5, max_samples=5).evaluate(view)
    assert len(calls) == 5
    mine, played = view.hand.mask, view.played.mask
    on_table = sum(1 << card.index for _, card in view.trick)
    done = tuple(sum(1 for t in view.tricks if t.winner == seat) for seat in Seat)
    for hands, trick, first, mode, won, bonus, solo in calls:
        assert hands[view.seat] == mine
        assert [mask.bit_count() for mask in hands] == [view.hand_size(seat) for seat in Seat]
        dealt = 0
        for mask in hands:
            assert not dealt & mask  # each card in one hand
            dealt |= mask
        assert dealt | played == (1 << 32) - 1  # every card not played is in a hand
        assert not dealt & (played | on_table)
        assert trick == tuple(card.index for _, card in view.trick)
        assert (first, mode, won) == (int(leader), int(contract.trump), done)
        assert bonus == capot_bonuses(CLASSIC_501, contract) == (90, 90)
        assert solo == (188, 188, 188, 188)  # the one-player capot: 350 on the sheet, any seat
    assert set(scores) == {card.index for card in view.legal_cards}


def test_expert_time_budget_stops_the_sampling() -> None:
    view = late_view(CLASSIC, 8, 12)
    capped = ExpertAgent(3, samples=10**6, time_budget=1e-6)  # would take hours without the budget
    assert set(capped.evaluate(view)) == {card.index for card in view.legal_cards}
    assert capped.choose_play(view).card in view.legal_cards


def test_capot_bonus_reads_the_variants_scoring() -> None:
    assert capot_bonuses(CLASSIC, Contract(Seat(1), Trump.SPADES)) == (90, 90)
    assert capot_bonuses(COINCHE, Contract(Seat(1), Trump.SPADES, bid=100)) == (0, 88)  # takers only
    # a bid capot: worth to the takers what the same capot is unbid (it was 0, and a line giving
    # a trick away ranked with the capot)
    assert capot_bonuses(COINCHE, Contract(Seat(1), Trump.SPADES, capot=True)) == (0, 88)
    assert capot_bonuses(CONTREE, Contract(Seat(0), Trump.SPADES, capot=True)) == (90, 0)
    assert capot_bonuses(BULGARIAN, Contract(Seat(0), Trump.ALL_TRUMPS)) == (90, 90)


BID_CAPOT_HANDS = (
    "AD TD AH AC AS 9S 8C JS",
    "7D JD TH TC QS KH 7C 8H",
    "8D QD JH JC TS 8S 7S 7H",
    "9D KD QH QC KS KC 9C 9H",
)
BID_CAPOT_PLAYS = "AD 7D 8D 9D TD JD QD KD AH TH JH QH AC TC JC QC AS QS TS KS 9S KH 8S KC 8C 7C"


@pytest.mark.parametrize("variant", [COINCHE, CONTREE], ids=lambda v: v.name)
def test_a_bid_capot_is_solved_analysed_and_played_as_the_sheet_scores_it(variant: Variant) -> None:
    """South holds 7S and 7H on the club lead of the seventh trick; the 7H gives away a trick of
    no points and fails the bid capot (500 to the defenders), the 7S keeps it. The solver once
    valued both alike, the analysis saw no loss and the expert chose by tie-break."""
    contract = Contract(Seat(0), Trump.SPADES, capot=True)
    state = position(variant, dealer=3, hands=BID_CAPOT_HANDS, contract=contract, plays=BID_CAPOT_PLAYS)
    seven_spades, seven_hearts = Card.parse("7S"), Card.parse("7H")
    solution = solve(state)
    assert solution.best == (seven_spades,)
    assert solution.value(seven_spades).points > solution.value(seven_hearts).points
    view = observe(state, Seat(2))
    values = ExpertAgent(seed=1, samples=16, reading=1).evaluate(view)
    assert values[seven_spades.index] > 400 > values[seven_hearts.index]
    assert ExpertAgent(seed=1, samples=16).choose_play(view).card == seven_spades
    failed = play(state, seven_hearts)
    while failed.phase is Phase.PLAYING:
        failed = play(failed, next(iter(legal_moves(failed))))
    assert score_round(failed).points == (0, 500)
    assert analyze(failed).losses[2] > 0


GENERALE_HANDS = (
    "JS 9S AS TS KS AH AD KC",
    "QS 8S TH KH TD KD 7D 7C",
    "7S QH JH 9H QD JD AC 8C",
    "8H 7H 9D 8D TC QC JC 9C",
)
GENERALE_PLAYS = "9S QS 7S TC AS 8S QH QC TS TH JH 8H KS KH 9H 7H AH TD QD 8D AD KD JD 9D KC 7C"


@pytest.mark.parametrize("variant", [COINCHE, CONTREE], ids=lambda v: v.name)
def test_a_generale_is_solved_analysed_and_played_as_the_sheet_scores_it(variant: Variant) -> None:
    """Seat 0 has taken six tricks alone in its générale and leads the KC; its partner holds AC
    and 8C. The AC takes the trick: the team still takes every trick, but the générale (the
    taker alone) fails. The solver once valued both cards alike (a team capot), the analysis saw
    no loss, and the expert read every line as failed."""
    variant = attrs.evolve(variant, generale_value=1000)
    contract = Contract(Seat(0), Trump.SPADES, generale=True)
    assert capot_bonuses(variant, contract) == (0, 0)
    state = position(variant, dealer=3, hands=GENERALE_HANDS, contract=contract, plays=GENERALE_PLAYS)
    low, ace = Card.parse("8C"), Card.parse("AC")
    solution = solve(state)
    assert solution.seat == Seat(2)
    assert solution.best == (low,)
    assert solution.value(ace).points == 47  # the cards left: a team capot earns nothing here
    unbid = capot_bonuses(variant, Contract(Seat(0), Trump.SPADES, bid=max(BID_VALUES)))[0]
    assert solo_capot_bonuses(variant, contract) == (unbid, 0, 0, 0)
    assert solution.value(low).points == 47 + unbid  # the taker's own capot: the générale made
    view = observe(state, Seat(2))
    values = ExpertAgent(seed=1, samples=16, reading=1).evaluate(view)
    assert values[low.index] > 900
    assert values[ace.index] < -400
    assert ExpertAgent(seed=1, samples=16).choose_play(view).card == low
    for card, points, lost in ((low, (1000, 0), 0), (ace, (0, 500), solution.value(low).points - 47)):
        end = play(state, card)
        while end.phase is Phase.PLAYING:
            end = play(end, next(iter(legal_moves(end))))
        assert score_round(end).points == points
        assert analyze(end).losses[2] == lost


@pytest.mark.parametrize(
    ("margin", "points", "tricks", "last"),
    [
        (130, [40, 120], [0, 4, 0, 4], 1),  # beyond the 40 left: team 1 capot
        (-130, [80, 80], [4, 0, 4, 0], 0),  # team 0 capot
        (40, [40, 120], [2, 2, 2, 2], 1),  # team 1 takes all 40 left, no capot
        (-10, [65, 95], [2, 2, 2, 2], 1),
        (-40, [80, 80], [2, 2, 2, 2], 0),
    ],
)
def test_a_solved_margin_stands_for_an_end_of_the_deal(
    margin: int, points: list[int], tricks: list[int], last: int
) -> None:
    assert solved_end([40, 80], 1, margin, 40) == (points, tricks, last)


@pytest.mark.parametrize(
    ("base", "margin", "tricks", "written"),
    [
        ([0, 122], 40 + 188, [0, 8, 0, 0], 350),  # beyond the team capot's bonus: one player took all
        ([0, 122], 40 + 90, [0, 4, 0, 4], 252),  # a team capot
        ([122, 0], -(40 + 188), [8, 0, 0, 0], -350),  # the other team's one-player capot
        ([122, 0], -(40 + 90), [4, 0, 4, 0], -252),
    ],
)
def test_a_one_player_capot_margin_ends_on_the_sheet_as_one(
    base: list[int], margin: int, tricks: list[int], written: int
) -> None:
    contract = Contract(Seat(1), Trump.HEARTS)
    bonuses = sheet_capot_bonuses(CLASSIC_501, contract)
    assert bonuses == ((90, 90), (188, 188, 188, 188))
    ends, got_tricks, last = solved_end(base, 1, margin, 40, bonuses)
    assert got_tricks == tricks
    assert DealObjective(CLASSIC_501, contract).value(ends, got_tricks, last, team=1) == written
    capot = Seat(tricks.index(8)) if 8 in tricks else Team(tricks.index(4))
    tally = Tally.from_totals(ends, trump=Trump.HEARTS, capot=capot)
    sheet = score_deal(CLASSIC_501, contract, tally).points
    assert sheet[1] - sheet[0] == written
    # without the bonuses (or where a one-player capot scores as a team's) it stays a team capot
    assert solved_end(base, 1, margin, 40)[1] in ([0, 4, 0, 4], [4, 0, 4, 0])


def first_lead(variant: Variant, trump: Trump, seed: int) -> RoundState:
    """A shuffled deal at its first lead in a ``trump`` contract taken by seat 1."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    hands = [cards[8 * seat : 8 * seat + 8] for seat in range(4)]
    bid = 80 if variant.bidding is BiddingSystem.POINTS_AUCTION else None
    return position(
        variant,
        dealer=Seat(0),
        hands=hands,
        turned=hands[1][0] if variant.bidding is BiddingSystem.TURNED_CARD else None,
        contract=Contract(Seat(1), trump, bid=bid),
    )


@pytest.mark.parametrize(
    ("variant", "trump"),
    [
        (CLASSIC, Trump.HEARTS),
        (CLASSIC_501, Trump.CLUBS),
        (BULGARIAN, Trump.NO_TRUMPS),
        (BULGARIAN, Trump.ALL_TRUMPS),
        (COINCHE, Trump.SPADES),
    ],
    ids=str,
)
def test_solved_play_out_ends_the_deal_as_best_play_does(
    compiled: object, variant: Variant, trump: Trump
) -> None:
    # both teams playing a best card at every turn end the deal at the root's value: the
    # points, tricks and capot the solved play-out reports, searching every margin (flat
    # margins end it as the sheet reads it: tests/test_expert_flat.py)
    play_deal = solved_play_out(variant, flat=False)
    for seed in range(3):
        state = first_lead(variant, trump, seed)
        assert state.to_act is not None
        won0, won1, tricks, last = play_deal(state.hand_masks, int(state.to_act), 1, int(trump))
        while state.phase is Phase.PLAYING:
            state = play(state, solve(state, threads=1).best[0], belote=False)
        tally = round_tally(state)
        points = list(tally.card_points)
        points[int(tally.last_trick) & 1] += 10
        assert (won0, won1) == (points[0], points[1])
        assert sum(tricks) == 8
        for team in (0, 1):
            assert (tricks[team] + tricks[team + 2] == 8) == (tally.team_tricks(Team(team)) == 8)
        if tally.team_tricks(Team(0)) in (0, 8):
            assert last & 1 == int(tally.last_trick) & 1


def test_solved_bidding_by_default_where_the_table_says_with_the_kernel(compiled: object) -> None:
    assert ExpertAgent().solves_bidding(CLASSIC)
    assert ExpertAgent().solves_bidding(CLASSIC_501)
    assert not ExpertAgent().solves_bidding(BULGARIAN)
    assert not ExpertAgent().solves_bidding(COINCHE)
    assert ExpertAgent(solved_bidding=True).solves_bidding(BULGARIAN)
    assert not ExpertAgent(solved_bidding=False).solves_bidding(CLASSIC)


def test_solved_bidding_never_by_default_on_the_pure_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert_module, "_solver", lambda: (solve_cards, False))
    assert not ExpertAgent().solves_bidding(CLASSIC)
    assert ExpertAgent(solved_bidding=True).solves_bidding(CLASSIC)


@pytest.mark.parametrize("value", [1, 0, "yes"])
def test_solved_bidding_must_be_a_bool_or_none(value: object) -> None:
    with pytest.raises(BeloteError, match="solved_bidding must be None, True or False"):
        ExpertAgent(solved_bidding=value)  # type: ignore[arg-type]


def test_expert_bidding_plays_the_simulation_out_as_told(monkeypatch: pytest.MonkeyPatch) -> None:
    # the simulation's deals go to the solved play-out when the expert solves its bidding, and
    # the values are then the hard player's valuation of those ends; else it bids as hard does
    played: list[tuple[int, int, int]] = []
    carries: list[int] = []

    def spy(variant: Variant, *, carry: int = 0, deadline: float | None = None) -> DealPlayOut:
        assert deadline is None  # no time budget
        heuristic = heuristic_play_out(variant)
        carries.append(carry)

        def play_deal(
            hands: Sequence[int], leader: int, taker: int, mode: int
        ) -> tuple[int, int, Sequence[int], int]:
            played.append((leader, taker, mode))
            return heuristic(hands, leader, taker, mode)

        return play_deal

    monkeypatch.setattr(expert_module, "solved_play_out", spy)
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    solved = ExpertAgent(4, solved_bidding=True).evaluate_calls(view)
    assert played
    assert {mode for _, _, mode in played} <= {int(trump) for trump in Trump if trump.is_suit}
    # the spy plays as the heuristics do, on the solved bidding's numbers of deals
    assert solved == HardAgent(4).evaluate_calls(view, samples=SOLVED_BID_SAMPLES)
    assert solved.samples == SOLVED_BID_SAMPLES
    assert carries == [0]
    held = attrs.evolve(view, carry=81)  # points held from a tied deal: told to the play-out
    ExpertAgent(4, solved_bidding=True).evaluate_calls(held)
    assert carries == [0, 81]
    played.clear()
    assert ExpertAgent(4, solved_bidding=False).evaluate_calls(view) == HardAgent(4).evaluate_calls(view)
    assert not played


@pytest.mark.parametrize(
    ("variant", "solved", "bid_samples", "bid_max_samples", "first", "most"),
    [
        (CLASSIC, True, None, None, SOLVED_BID_SAMPLES, None),
        (CLASSIC, False, None, None, BID_SAMPLES[BiddingSystem.TURNED_CARD], None),
        (CLASSIC, True, 5, None, 5, None),
        (CLASSIC, False, 7, None, 7, None),
        (CLASSIC, True, 3, 48, 3, 48),
        (CLASSIC, False, None, 40, BID_SAMPLES[BiddingSystem.TURNED_CARD], 40),
        (CLASSIC, True, None, 80, SOLVED_BID_SAMPLES, 80),
        (CLASSIC, True, None, 6, 6, 6),  # given alone, the most caps the first deals too
        (CLASSIC, False, None, 6, 6, 6),
        (BULGARIAN, False, None, None, BID_SAMPLES[BiddingSystem.AUCTION], None),
        (BULGARIAN, False, 2, 24, 2, 24),
    ],
)
def test_bid_samples_are_the_deals_per_call(
    monkeypatch: pytest.MonkeyPatch,
    variant: Variant,
    solved: bool,
    bid_samples: int | None,
    bid_max_samples: int | None,
    first: int,
    most: int | None,
) -> None:
    monkeypatch.setattr(  # fast: the count is tested
        expert_module, "solved_play_out", lambda variant, **_: heuristic_play_out(variant)
    )
    passed: list[tuple[int | None, int | None]] = []
    evaluate = HardAgent.evaluate_calls

    def spy(self: HardAgent, view: PlayerView, **options: Any) -> CallEvaluation:
        passed.append((options["samples"], options["max_samples"]))
        return evaluate(self, view, **options)

    monkeypatch.setattr(HardAgent, "evaluate_calls", spy)
    agent = ExpertAgent(4, solved_bidding=solved, bid_samples=bid_samples, bid_max_samples=bid_max_samples)
    for seed in range(3):
        state = deal(variant, dealer=Seat(0), seed=seed)
        view = observe(state, state.to_act)  # type: ignore[arg-type]
        assert agent.evaluate_calls(view).samples in {first << k for k in range(7)} | {most}
    assert passed == [(first, most)] * 3
    assert f"bid_samples={bid_samples!r}, bid_max_samples={bid_max_samples!r}" in repr(agent)


def test_solved_bidding_changes_the_values(compiled: object) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    solved = ExpertAgent(4).evaluate_calls(view)
    assert solved.calls == HardAgent(4).evaluate_calls(view).calls
    assert solved.values != HardAgent(4).evaluate_calls(view).values
    assert ExpertAgent(4).choose_call(view) == solved.best
