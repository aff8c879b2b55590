"""The expert player: legal, deterministic, its arguments checked, each sampled deal solved late."""

from __future__ import annotations

import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    ArgumentTypeError,
    BeloteError,
    Contract,
    Phase,
    Seat,
    Tally,
    Team,
    Trump,
    Variant,
    play_round,
    score_deal,
)
from belote.agents import ExpertAgent, HardAgent, NormalAgent
from belote.agents import expert as expert_module
from belote.agents.expert import _end, capot_bonus
from belote.agents.objective import DealObjective
from belote.analysis._capots import sheet_capot_bonuses
from belote.analysis._search import Rules, solve_cards
from belote.games import agent_step
from belote.round import deal
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
        "ExpertAgent(seed=3, samples=5, time_budget=None, solve_from=8, reading=32)"
    )


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_experts_play_whole_rounds_legally(variant: Variant) -> None:
    agents = [ExpertAgent(seed=seat, samples=2, solve_from=16) for seat in range(4)]
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
            tuple[int, int] | None,
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
        solo_bonus: tuple[int, int] | None = None,
        *,
        threads: int | None = None,
    ) -> tuple[tuple[int, int, int], ...]:
        assert threads == 1  # a player's parallelism is the games', never the solver's threads
        calls.append((hands, trick, leader, mode, won, bonus, solo_bonus))
        return solve(hands, trick, leader, mode, rules, won, bonus, solo_bonus=solo_bonus)

    monkeypatch.setattr(expert_module, "_solver", lambda: (recording, False))
    scores = ExpertAgent(2, samples=5).evaluate(view)
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
        assert bonus == capot_bonus(CLASSIC_501, contract) == (90, 90)
        assert solo == (188, 188)  # the one-player capot: 350 on the sheet
    assert set(scores) == {card.index for card in view.legal_cards}


def test_expert_time_budget_stops_the_sampling() -> None:
    view = late_view(CLASSIC, 8, 12)
    capped = ExpertAgent(3, samples=10**6, time_budget=1e-6)  # would take hours without the budget
    assert set(capped.evaluate(view)) == {card.index for card in view.legal_cards}
    assert capped.choose_play(view).card in view.legal_cards


def test_capot_bonus_reads_the_variants_scoring() -> None:
    assert capot_bonus(CLASSIC, Contract(Seat(1), Trump.SPADES)) == (90, 90)
    assert capot_bonus(COINCHE, Contract(Seat(1), Trump.SPADES, bid=100)) == (0, 88)  # takers only
    assert capot_bonus(COINCHE, Contract(Seat(1), Trump.SPADES, capot=True)) == (0, 0)  # bid capot
    assert capot_bonus(BULGARIAN, Contract(Seat(0), Trump.ALL_TRUMPS)) == (90, 90)


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
    assert _end([40, 80], 1, margin, 40) == (points, tricks, last)


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
    assert bonuses == ((90, 90), (188, 188))
    ends, got_tricks, last = _end(base, 1, margin, 40, bonuses)
    assert got_tricks == tricks
    assert DealObjective(CLASSIC_501, contract).value(ends, got_tricks, last, team=1) == written
    capot = Seat(tricks.index(8)) if 8 in tricks else Team(tricks.index(4))
    tally = Tally.from_totals(ends, trump=Trump.HEARTS, capot=capot)
    sheet = score_deal(CLASSIC_501, contract, tally).points
    assert sheet[1] - sheet[0] == written
    # without the bonuses (or where a one-player capot scores as a team's) it stays a team capot
    assert _end(base, 1, margin, 40)[1] in ([0, 4, 0, 4], [4, 0, 4, 0])
