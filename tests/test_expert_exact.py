"""Exact values of belote.agents.expert that mutation testing (mutmut 3.8) found untested by the
fast tests (tests/test_expert.py and the other agent files solve whole deals and are left out of
the mutation run): the checks and settings of the expert player, what its bidding asks of the
hard player's simulation (the deals, their play-out, the search's default by bidding system),
where its card play starts solving, and what its solved card values ask of the sampler and the
exact search and read back, the search replaced by a spy."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import cast

import pytest

import belote.agents.expert as expert
import belote.agents.hard as hard
from _clock import Clock
from _player_helpers import D9, HANDS, HEARTS, PLAYS, S9, SOUTH_HAND, TD, TS, Sampler, late_view, number
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    ArgumentTypeError,
    BeloteError,
    CardSet,
    Contract,
    PhaseError,
    PlayerView,
    Reason,
    Seat,
    Trump,
    Variant,
    seat_view,
)
from belote.agents.call_evaluation import CallEvaluation
from belote.agents.expert import SOLVE_FROM_COMPILED, SOLVE_FROM_PURE, ExpertAgent
from belote.agents.expert_bidding import SOLVED_BID_SAMPLES
from belote.agents.hard import HardAgent
from belote.agents.normal_bidding import normal_bid
from belote.agents.objective import SampledSheets
from belote.agents.reading import READING_DRAWS
from belote.agents.sim_bidding import BID_SAMPLES
from belote.analysis.solver import exact_search
from belote.bidding import Pass
from belote.kernel._rules import rule_values


def bidding_view(variant: Variant = CLASSIC, carry: int = 0) -> PlayerView:
    if variant is COINCHE:
        return seat_view(COINCHE, Seat(1), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(0))
    if variant is BULGARIAN:
        return seat_view(BULGARIAN, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0))
    return seat_view(
        variant, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH", scores=(0, 0), carry=carry
    )


def compiled(monkeypatch: pytest.MonkeyPatch, is_compiled: bool, search: object = None) -> None:
    """The kernel taken as compiled or not, its search ``search``."""
    monkeypatch.setattr(expert, "_solver", lambda: (search, is_compiled))


# ---------------------------------------------------------------- the settings


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"seed": 1.0}, ArgumentTypeError, r"^seed must be an int, got 1.0$"),
        ({"samples": 0}, BeloteError, r"^samples must be a whole number >= 1, got 0$"),
        ({"time_budget": 0}, BeloteError, r"^time_budget must be positive seconds, got 0$"),
        ({"reading": 0}, BeloteError, r"^reading must be a whole number of draws >= 1, got 0$"),
        (
            {"auction_weight": 2},
            BeloteError,
            r"^auction_weight must be None or a number above 0 and at most 1, got 2$",
        ),
        (
            {"samples": 8, "max_samples": 4},
            BeloteError,
            r"^max_samples must be at least samples \(8\), got 4$",
        ),
        ({"bid_samples": 0}, BeloteError, r"^bid_samples must be a whole number >= 1, got 0$"),
        ({"bid_samples": True}, BeloteError, r"^bid_samples must be a whole number >= 1, got True$"),
        ({"bid_max_samples": 0}, BeloteError, r"^bid_max_samples must be a whole number >= 1, got 0$"),
        (
            {"bid_samples": 8, "bid_max_samples": 4},
            BeloteError,
            r"^bid_max_samples must be at least bid_samples \(8\), got 4$",
        ),
        ({"solved_bidding": 1}, BeloteError, r"^solved_bidding must be None, True or False, got 1$"),
        ({"solved_bidding": "yes"}, BeloteError, r"^solved_bidding must be None, True or False, got 'yes'$"),
        (
            {"solve_from": -1},
            BeloteError,
            r"^solve_from must be a whole number of cards from 0 to 32, got -1$",
        ),
        (
            {"solve_from": 33},
            BeloteError,
            r"^solve_from must be a whole number of cards from 0 to 32, got 33$",
        ),
        (
            {"solve_from": True},
            BeloteError,
            r"^solve_from must be a whole number of cards from 0 to 32, got True$",
        ),
        (
            {"solve_from": 12.0},
            BeloteError,
            r"^solve_from must be a whole number of cards from 0 to 32, got 12.0$",
        ),
    ],
)
def test_the_settings_are_checked(options: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message) as raised:
        ExpertAgent(**options)  # type: ignore[arg-type]
    if error is BeloteError:
        assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]


def test_the_settings_at_their_bounds() -> None:
    assert ExpertAgent(solve_from=0).solve_from == 0
    assert ExpertAgent(solve_from=32).solve_from == 32
    assert ExpertAgent(bid_max_samples=1).bid_max_samples == 1  # alone, any number from 1
    assert ExpertAgent(bid_samples=8, bid_max_samples=8).bid_max_samples == 8
    assert ExpertAgent(solved_bidding=False).solved_bidding is False


def test_the_default_solve_from_follows_the_search_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled(monkeypatch, True)
    assert ExpertAgent().solve_from == SOLVE_FROM_COMPILED
    assert ExpertAgent(solve_from=5).solve_from == 5
    compiled(monkeypatch, False)
    assert ExpertAgent().solve_from == SOLVE_FROM_PURE


def test_the_settings_read_back_as_plain_values() -> None:
    agent = ExpertAgent(
        Seat(3),
        samples=Seat(2),
        time_budget=1.5,
        solve_from=Seat(1),
        reading=Seat(3),
        solved_bidding=True,
        bid_samples=Seat(2),
        bid_max_samples=Seat(3),
        auction_weight=0.5,
        max_samples=Seat(3),
    )
    assert (agent.seed, agent.samples, agent.time_budget, agent.solve_from, agent.reading) == (
        3,
        2,
        1.5,
        1,
        3,
    )
    assert (agent.solved_bidding, agent.bid_samples, agent.bid_max_samples) == (True, 2, 3)
    assert (agent.auction_weight, agent.max_samples) == (0.5, 3)
    plain = (
        agent.seed,
        agent.samples,
        agent.solve_from,
        agent.reading,
        agent.bid_samples,
        agent.bid_max_samples,
    )
    assert [type(value) for value in (*plain, agent.max_samples)] == [int] * 7
    assert repr(agent) == (
        "ExpertAgent(seed=3, samples=2, time_budget=1.5, solve_from=1, reading=3, solved_bidding=True, "
        "bid_samples=2, bid_max_samples=3, auction_weight=0.5, max_samples=3)"
    )
    default = ExpertAgent(solve_from=24)
    assert repr(default) == (
        f"ExpertAgent(seed=0, samples={expert.DEFAULT_SAMPLES}, time_budget=None, solve_from=24, "
        f"reading={READING_DRAWS}, solved_bidding=None, bid_samples=None, bid_max_samples=None, "
        "auction_weight=None, max_samples=None)"
    )
    names = (
        "seed samples time_budget solve_from reading solved_bidding bid_samples bid_max_samples "
        "auction_weight max_samples"
    )
    for name in names.split():
        with pytest.raises(AttributeError):
            setattr(agent, name, 5)


# ---------------------------------------------------------------- the bidding


class Simulation:
    """A stand-in for the hard player's bidding simulation: keeps what it is asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[PlayerView, dict[str, object]]] = []
        self.answer = cast(CallEvaluation, SimpleNamespace(best=Pass()))

    def __call__(self, view: PlayerView, **options: object) -> object:
        self.asked.append((view, options))
        return self.answer


class PlayOutMaker:
    """A stand-in for solved_play_out: keeps the variant and carry of each play-out made, and
    its deadline."""

    def __init__(self) -> None:
        self.made: list[tuple[Variant, int]] = []
        self.deadlines: list[float | None] = []

    def __call__(
        self, variant: Variant, *, carry: int = 0, deadline: float | None = None
    ) -> tuple[Variant, int]:
        self.made.append((variant, carry))
        self.deadlines.append(deadline)
        return (variant, carry)


def bidding_spies(monkeypatch: pytest.MonkeyPatch) -> tuple[Simulation, PlayOutMaker]:
    simulation, maker = Simulation(), PlayOutMaker()
    monkeypatch.setattr(hard, "evaluate_calls", simulation)
    monkeypatch.setattr(expert, "solved_play_out", maker)
    return simulation, maker


def asked(
    view: PlayerView, samples: int, most: int | None, play_out: object, seed: int = 0
) -> dict[str, object]:
    return {
        "samples": samples,
        "time_budget": None,
        "seed": seed,
        "prior": normal_bid(view),
        "play_out": play_out,
        "max_samples": most,
    }


@pytest.mark.parametrize(
    ("options", "samples", "most", "solved"),
    [
        ({"solved_bidding": False}, BID_SAMPLES[CLASSIC.bidding], None, False),
        ({"solved_bidding": False, "bid_max_samples": 10}, 10, 10, False),  # the first deals capped
        ({"solved_bidding": False, "bid_max_samples": 100}, BID_SAMPLES[CLASSIC.bidding], 100, False),
        ({"solved_bidding": True}, SOLVED_BID_SAMPLES, None, True),
        ({"solved_bidding": True, "bid_max_samples": 40}, 40, 40, True),
        ({"solved_bidding": True, "bid_samples": 4, "bid_max_samples": 64}, 4, 64, True),
        ({"solved_bidding": False, "bid_samples": 5}, 5, None, False),
    ],
)
def test_the_deals_and_play_out_of_the_bidding_simulation(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, object], samples: int, most: int | None, solved: bool
) -> None:
    simulation, maker = bidding_spies(monkeypatch)
    view = bidding_view(carry=7)
    agent = ExpertAgent(seed=4, **options)  # type: ignore[arg-type]
    assert agent.evaluate_calls(view) is simulation.answer
    play_out = (CLASSIC, 7) if solved else None
    assert simulation.asked == [(view, asked(view, samples, most, play_out, seed=4))]
    assert maker.made == ([(CLASSIC, 7)] if solved else [])


def test_the_simulations_default_deals_by_bidding_system(monkeypatch: pytest.MonkeyPatch) -> None:
    simulation, _ = bidding_spies(monkeypatch)
    compiled(monkeypatch, True)
    for variant in (CLASSIC, BULGARIAN, COINCHE):
        ExpertAgent().evaluate_calls(bidding_view(variant))
    assert [options["samples"] for _, options in simulation.asked] == [
        SOLVED_BID_SAMPLES,  # the turned-card auction solves its deals with the compiled kernel
        BID_SAMPLES[BULGARIAN.bidding],
        BID_SAMPLES[COINCHE.bidding],
    ]
    assert [options["play_out"] is None for _, options in simulation.asked] == [False, True, True]


def test_the_time_budget_reaches_the_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    simulation, _ = bidding_spies(monkeypatch)
    ExpertAgent(time_budget=3.0, solved_bidding=False).evaluate_calls(bidding_view())
    assert simulation.asked[0][1]["time_budget"] == 3.0


@pytest.mark.parametrize(("budget", "deadline"), [(None, None), (3.0, 53.0), (0.25, 50.25)])
def test_the_solved_play_out_ends_with_the_time_budget(
    monkeypatch: pytest.MonkeyPatch, budget: float | None, deadline: float | None
) -> None:
    """A solve that would end past the budget gives way to the heuristics
    (test_expert_bidding_exact.py): the play-out is told when the budget ends."""
    simulation, maker = bidding_spies(monkeypatch)
    monkeypatch.setattr(expert, "time", Clock(50.0))
    ExpertAgent(time_budget=budget, solved_bidding=True).evaluate_calls(bidding_view())
    assert maker.deadlines == [deadline]
    assert simulation.asked[0][1]["time_budget"] == budget


def test_the_call_is_the_simulations_best(monkeypatch: pytest.MonkeyPatch) -> None:
    simulation, _ = bidding_spies(monkeypatch)
    chosen = bidding_view().legal_bids[-1]
    simulation.answer = cast(CallEvaluation, SimpleNamespace(best=chosen))
    assert ExpertAgent(solved_bidding=False).choose_call(bidding_view()) == chosen
    assert len(simulation.asked) == 1


def test_only_a_seat_to_bid_is_valued(monkeypatch: pytest.MonkeyPatch) -> None:
    bidding_spies(monkeypatch)
    with pytest.raises(PhaseError, match=r"^no call to choose: the seat is not to bid$"):
        ExpertAgent(solved_bidding=True).evaluate_calls(late_view())


def test_which_bidding_simulations_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled(monkeypatch, True)
    assert [ExpertAgent().solves_bidding(variant) for variant in (CLASSIC, BULGARIAN, COINCHE)] == [
        True,
        False,
        False,
    ]
    assert ExpertAgent(solved_bidding=True).solves_bidding(BULGARIAN) is True
    assert ExpertAgent(solved_bidding=False).solves_bidding(CLASSIC) is False
    compiled(monkeypatch, False)  # the pure search takes seconds a deal
    assert ExpertAgent().solves_bidding(CLASSIC) is False
    assert ExpertAgent(solved_bidding=True).solves_bidding(CLASSIC) is True
    with pytest.raises(ArgumentTypeError, match=r"^variant must be a Variant, got 'classic'$"):
        ExpertAgent().solves_bidding("classic")  # type: ignore[arg-type]


# ---------------------------------------------------------------- the card play


class Search:
    """A stand-in for the exact search: keeps what it is asked and gives ``margins`` (by card),
    in card-number order as the search does."""

    def __init__(self, margins: dict[int, int]) -> None:
        self.margins = margins
        self.asked: list[tuple[tuple[object, ...], dict[str, object]]] = []

    def __call__(self, *args: object, **kwargs: object) -> tuple[tuple[int, int, int], ...]:
        self.asked.append((args, kwargs))
        return tuple((card, 0, self.margins[card]) for card in sorted(self.margins))


def card_spies(
    monkeypatch: pytest.MonkeyPatch, margins: dict[int, int], hands: Sequence[int] = HANDS
) -> tuple[Search, Sampler]:
    search, sampler = Search(margins), Sampler(hands)
    compiled(monkeypatch, True, search)
    monkeypatch.setattr(expert, "deal_sampler", sampler)
    return search, sampler


def test_solving_starts_at_solve_from_cards_left(monkeypatch: pytest.MonkeyPatch) -> None:
    search, _ = card_spies(monkeypatch, dict.fromkeys((TS, S9, TD, D9), 0))
    rolled: list[PlayerView] = []

    def rollouts(self: HardAgent, view: PlayerView) -> dict[int, float]:
        rolled.append(view)
        return {TS: 1.0}

    monkeypatch.setattr(HardAgent, "evaluate", rollouts)
    view = late_view()  # 14 cards in the hands
    assert ExpertAgent(samples=1, solve_from=13).evaluate(view) == {TS: 1.0}
    assert (rolled, len(search.asked)) == ([view], 0)
    # every card an even share of the 88 points left: 89 + 20 of the belote to 73
    assert ExpertAgent(samples=1, solve_from=14).evaluate(view) == dict.fromkeys(
        (TS, S9, TD, D9), 36 + 16 / 1024
    )
    assert (rolled, len(search.asked)) == ([view], 1)
    with pytest.raises(PhaseError, match=r"^no card to choose: the seat is not to play$"):
        ExpertAgent(solve_from=32).evaluate(bidding_view())


def test_each_card_is_valued_on_the_solved_ends_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    # South's side (team 0) makes this margin of the 88 points left (the last 10 included)
    margins = {TS: 30, S9: -40, TD: 88, D9: 0}
    search, sampler = card_spies(monkeypatch, margins)
    view = late_view()
    values = ExpertAgent(seed=6, samples=2, solve_from=14, reading=3, auction_weight=0.25).evaluate(view)
    assert values == {
        TS: 66 + 46 / 1024,  # 104 + 20 of the belote to 58: made
        S9: -142 - 24 / 1024,  # 69 + 20 to 93: failed, 20 to 162
        TD: 124 + 104 / 1024,  # 133 + 20 to 29, no capot: West and East won a trick
        D9: 36 + 16 / 1024,  # 89 + 20 to 73
    }
    assert list(values) == [TS, S9, TD, D9]
    assert sampler.settings == [(view, 3, 0.25)]
    trick = (number("AH"), number("JD"))
    args = (HANDS, trick, 0, int(Trump.HEARTS), rule_values(CLASSIC), (2, 1, 0, 1), (90, 90))
    assert search.asked == [(args, {"solo_bonus": (90, 90, 90, 90), "threads": 1})] * 2
    plays = [card.index for _, card in view.plays]
    first = random.Random(f"expert:6:2:{view.hand.mask}:{plays}")
    assert sampler.states[0] == first.getstate()
    first.random()
    assert sampler.states[1] == first.getstate()


def test_a_capot_by_one_player_alone_in_the_501_game(monkeypatch: pytest.MonkeyPatch) -> None:
    view = late_view(CLASSIC_501, "AS", dealer=1)  # West, the dealer, leads: 162 points left
    assert [card.index for card in view.legal_cards] == [number(text) for text in ("TS", "9S", "8S", "7S")]
    hands = tuple(
        CardSet.parse(text).mask
        for text in ("JH QS KD KH QH AH TH 9H", "9C AD JS KS JD QD 7H", SOUTH_HAND, "7C 8C TC JC QC KC AC 8H")
    )
    seven, eight = number("7S"), number("8S")
    margins = {TS: 162 + 188, S9: 162 + 90, eight: 20, seven: -162 - 90}
    search, _ = card_spies(monkeypatch, margins, hands)
    values = ExpertAgent(samples=1, solve_from=32).evaluate(view)
    args, options = search.asked[0]
    assert (args[2], args[5], args[6], options) == (
        1,
        (0, 0, 0, 0),
        (90, 90),
        {"solo_bonus": (188,) * 4, "threads": 1},
    )
    sheets = SampledSheets(view)(hands)
    assert values == {
        TS: sheets.value((162, 0), (8, 0, 0, 0), 0, 0) + 162 / 1024,  # North alone takes every trick
        S9: sheets.value((162, 0), (4, 0, 4, 0), 0, 0) + 162 / 1024,  # South's side does
        eight: sheets.value((91, 71), (2, 2, 2, 2), 0, 0) + 20 / 1024,
        seven: sheets.value((0, 162), (0, 4, 0, 4), 1, 0) - 162 / 1024,
    }
    assert values[TS] != values[S9]


def test_the_card_that_gives_up_a_belote_is_valued_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    view = seat_view(
        BULGARIAN,
        Seat(1),
        hand="KH QH 7D 8D 9D TD JD AD",
        dealer=Seat(3),
        contract=Contract(Seat(0), Trump.ALL_TRUMPS),
        plays="AS",
    )
    legal = [card.index for card in view.legal_cards]
    hands = tuple(
        CardSet.parse(text).mask
        for text in (
            "7S 8S 9S TS JS QS KS",
            "KH QH 7D 8D 9D TD JD AD",
            "7H 8H 9H TH JH AH QD 7C",
            "KD 8C 9C TC JC QC KC AC",
        )
    )
    card_spies(monkeypatch, dict.fromkeys(legal, 2), hands)
    values = ExpertAgent(samples=1, solve_from=32).evaluate(view)
    sheets = SampledSheets(view)
    end = ((128, 130), (2, 2, 2, 2), 1)  # West's side 2 points ahead of the 258
    keeping = sheets(hands).value(*end, 1)
    giving_up = sheets.forfeited(hands, 1).value(*end, 1)
    assert keeping != giving_up
    for card in legal:
        forfeits = card in (number("KH"), number("QH"))
        assert values[card] == (giving_up if forfeits else keeping) + 2 / 1024


def test_the_solved_values_read_the_players_sampling_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    card_spies(monkeypatch, dict.fromkeys((TS, S9, TD, D9), 0))
    asked: list[dict[str, object]] = []

    def card_values(
        legal: Sequence[int], value_deal: Callable[[], Sequence[float]], **options: object
    ) -> dict[int, float]:
        asked.append(options)
        return dict(zip(legal, value_deal(), strict=True))

    monkeypatch.setattr(hard, "sampled_card_values", card_values)
    monkeypatch.setattr(expert, "time", SimpleNamespace(perf_counter=lambda: 3.25))
    ExpertAgent(samples=3, max_samples=6, time_budget=9.0, solve_from=14).evaluate(late_view())
    assert asked == [{"samples": 3, "max_samples": 6, "time_budget": 9.0, "start": 3.25}]


def test_the_chosen_card_is_the_best_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    card_spies(monkeypatch, {TS: 30, S9: -40, TD: 88, D9: 0})
    assert ExpertAgent(samples=1, solve_from=14).choose_play(late_view()).card.index == TD


def test_the_search_in_use_and_whether_it_is_compiled() -> None:
    import belote.kernel

    search, is_compiled = expert._solver()
    assert search is exact_search()
    assert is_compiled is belote.kernel.COMPILED
    assert expert.DEFAULT_SAMPLES == hard.DEFAULT_SAMPLES  # as many deals as the hard player's


def test_the_points_left_are_counted_on_the_variants_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    # coinche's no trumps: aces of 19, 152 card points and the last 10 (130 on the standard scale)
    view = seat_view(
        COINCHE,
        Seat(1),
        hand="7S 8S 9S TS 7D 8D 9D TD",
        dealer=Seat(0),
        contract=Contract(Seat(0), Trump.NO_TRUMPS, bid=80),
    )
    hands = tuple(
        CardSet.parse(text).mask
        for text in (
            "7H 8H 9H TH JH QH KH AH",
            "7S 8S 9S TS 7D 8D 9D TD",
            "7C 8C 9C TC JC QC KC AC",
            "JS QS KS AS JD QD KD AD",
        )
    )
    legal = [card.index for card in view.legal_cards]
    card_spies(monkeypatch, dict.fromkeys(legal, 0), hands)
    values = ExpertAgent(samples=1, solve_from=32).evaluate(view)
    # an even margin is 81 card points each (65 each on the standard scale, no end of this
    # deal): North's 80 fails, 160 and the 80 to West's side
    assert values == dict.fromkeys(legal, 240)


def test_the_search_starts_from_the_seat_that_led_the_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    # North plays second to East's ace of clubs (three tricks played: 113 points left)
    north = seat_view(
        CLASSIC,
        Seat(0),
        hand="JH QS KD KH QH AH TH 9H",
        dealer=Seat(0),
        turned="JH",
        contract=HEARTS,
        plays=PLAYS[: PLAYS.index("AC") + 2],
    )
    search, _ = card_spies(monkeypatch, {card.index: 1 for card in north.legal_cards})
    ExpertAgent(samples=1, solve_from=32).evaluate(north)
    args = search.asked[0][0]
    assert (args[1], args[2], args[5]) == ((number("AC"),), 3, (1, 1, 0, 1))
