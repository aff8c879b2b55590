"""The expert player's solved bidding stops each deal's search at the margins the score sheet
writes alike (:func:`belote.agents.expert_bidding.flat_margins`): its calls must be exactly the
ones a search of every margin gives."""

from __future__ import annotations

import random

import pytest

from belote import CLASSIC, CLASSIC_501, COINCHE, Contract, Seat, Trump, Variant, bid, deal
from belote.agents import HardAgent
from belote.agents.expert_bidding import flat_margins, solved_end, solved_play_out
from belote.agents.normal_bidding import normal_bid
from belote.agents.objective import DealObjective
from belote.agents.sim import random_deal
from belote.agents.sim_bidding import deal_facts
from belote.analysis.solver import capot_bonuses, solo_capot_bonuses
from belote.declarations import Declaration
from belote.views import PlayerView, observe

NORTH, WEST = Seat(0), Seat(1)


def bonuses(variant: Variant, contract: Contract) -> tuple[tuple[int, int], tuple[int, int]]:
    return capot_bonuses(variant, contract), solo_capot_bonuses(variant, contract)


@pytest.mark.parametrize(
    ("variant", "taker", "belotes", "expected"),
    [
        (CLASSIC, NORTH, (), (-162, -2)),  # the takers lead: 80 card points or fewer fail
        (CLASSIC, WEST, (), (2, 162)),  # against them: the takers' 80 or fewer
        (CLASSIC, NORTH, (NORTH,), (-162, -22)),  # their belote: 70 + 20 of 182 fail, 71 + 20 ties
        (CLASSIC, NORTH, (WEST,), (-162, 18)),  # the defenders': 90 against 72 + 20 fail
        (CLASSIC_501, NORTH, (), (-162, 0)),  # a tie fails the contract there
        (CLASSIC_501, WEST, (WEST,), (20, 162)),
    ],
)
def test_flat_margins_are_a_failed_contracts(
    variant: Variant, taker: Seat, belotes: tuple[Seat, ...], expected: tuple[int, int]
) -> None:
    contract = Contract(taker, Trump.HEARTS)
    assert flat_margins(variant, contract, belotes, (), 0, 0, bonuses(variant, contract)) == expected
    # the points held from a tied deal change what is written, not which margins are alike
    assert flat_margins(variant, contract, belotes, (), 81, 0, bonuses(variant, contract)) == expected


def sheet_of(
    objective: DealObjective, team: int, margin: int, bonus: tuple[tuple[int, int], tuple[int, int]]
) -> int:
    ends, tricks, last = solved_end([0, 0], team, margin, 162, bonus)
    return objective.value(ends, tricks, last, 0)


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, COINCHE], ids=lambda variant: variant.name)
def test_flat_margins_are_the_longest_run_written_alike(variant: Variant) -> None:
    rng = random.Random(4)
    for _ in range(30):
        contract = Contract(
            Seat(rng.randrange(4)), Trump(rng.randrange(4)), bid=80 if variant is COINCHE else None
        )
        belotes = tuple(Seat(seat) for seat in range(4) if rng.random() < 0.2)[:1]
        shown: tuple[Declaration, ...] = ()
        team, carry = rng.randrange(2), rng.choice([0, 0, 81])
        bonus = bonuses(variant, contract)
        flat = flat_margins(variant, contract, belotes, shown, carry, team, bonus)
        objective = DealObjective(variant, contract, belotes=belotes, carry=carry)
        values = {margin: sheet_of(objective, team, margin, bonus) for margin in range(-162, 163, 2)}
        assert flat is not None
        low, high = flat
        assert len({values[margin] for margin in range(low, high + 1, 2)}) == 1
        assert values.get(low - 2) != values[low]
        assert values.get(high + 2) != values[high]
        runs, start = [], -162
        for margin in range(-160, 163, 2):
            if values[margin] != values[margin - 2]:
                runs.append(margin - 2 - start)
                start = margin
        runs.append(162 - start)
        assert high - low == max(runs)


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501], ids=lambda variant: variant.name)
def test_a_flat_search_ends_the_deal_as_the_sheet_reads_a_full_one(
    compiled: object, variant: Variant
) -> None:
    rng = random.Random(12)
    exact, flat = solved_play_out(variant, flat=False), solved_play_out(variant)
    for _ in range(40):
        hands, _turned = random_deal(variant, rng)
        leader, taker, mode = rng.randrange(4), rng.randrange(4), rng.randrange(4)
        belotes, shown = deal_facts(variant, hands, mode, leader)  # as the simulation reads them
        objective = DealObjective(
            variant, Contract(Seat(taker), Trump(mode)), belotes=belotes, declarations=shown
        )
        ends = {}
        for name, play_out in (("exact", exact), ("flat", flat)):
            won0, won1, tricks, last = play_out(hands, leader, taker, mode)
            ends[name] = objective.value((won0, won1), tricks, last, 0)
        assert ends["flat"] == ends["exact"]


def bidding_views(variant: Variant, count: int) -> list[PlayerView]:
    views: list[PlayerView] = []
    for number in range(count):
        state = deal(variant, dealer=Seat(number % 4), seed=f"flat/{number}")
        view = observe(state, state.to_act)
        while len(view.legal_bids) > 1 and len(views) < count:
            views.append(view)
            state = bid(state, normal_bid(view))
            if state.to_act is None or state.contract is not None:
                break
            view = observe(state, state.to_act)
    return views[:count]


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501], ids=lambda variant: variant.name)
def test_the_expert_calls_are_the_full_searchs(compiled: object, variant: Variant) -> None:
    for view in bidding_views(variant, 6):
        evaluations = [
            HardAgent(seed=3).evaluate_calls(
                view, play_out=solved_play_out(variant, carry=view.carry, flat=flat), samples=8
            )
            for flat in (False, True)
        ]
        assert evaluations[0] == evaluations[1]


def test_the_auctions_search_every_margin(compiled: object, monkeypatch: pytest.MonkeyPatch) -> None:
    # a coinche contract's bid value is not told to the play-out: it must not stop early
    import belote.agents.expert_bidding as expert_bidding

    asked: list[object] = []

    def spy(*args: object, **kwargs: object) -> tuple[int, int]:
        asked.append(kwargs.get("flat"))
        return (81, 0)

    monkeypatch.setattr(expert_bidding, "exact_value", lambda: spy)
    hands, _ = random_deal(COINCHE, random.Random(1))
    solved_play_out(COINCHE)(hands, 0, 1, 2)
    solved_play_out(CLASSIC)(hands, 0, 1, 2)
    assert asked == [None, (2, 162)]
