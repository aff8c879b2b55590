"""Exact values of belote.agents.hard that mutation testing (mutmut 3.8) found untested by the
fast tests (tests/test_agents.py and the other agent files play whole deals and are left out of
the mutation run): the card points and tricks of a view, the belotes given up, the card chosen
from the values (the only legal card, a tie, no deal that fits), the call made, the checks and
settings of the hard player, and what its card values and calls ask of the sampler, the
playouts, the card values and the bidding simulation, each replaced by a spy."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from types import SimpleNamespace
from typing import cast

import pytest

import belote.agents.hard as hard
from _player_helpers import D9, HANDS, HEARTS, PLAYS, S9, TD, TS, Sampler, late_view, number
from belote import (
    BULGARIAN,
    CLASSIC,
    ArgumentTypeError,
    BeloteError,
    CardSet,
    Contract,
    NormalAgent,
    PhaseError,
    PlayerView,
    Reason,
    Seat,
    Trump,
    bid,
    deal,
    legal_bids,
    observe,
    seat_view,
)
from belote.agents.call_evaluation import CallEvaluation
from belote.agents.hard import HardAgent, best_scored_play, forfeiting_cards, simulated_call, tricks_so_far
from belote.agents.inference import Beliefs, NoDealFitsError
from belote.agents.normal_bidding import normal_bid
from belote.agents.objective import SampledSheets
from belote.agents.reading import READING_DRAWS
from belote.bidding import Pass
from belote.cards import DECK


def bidding_view() -> PlayerView:
    return seat_view(CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH")


def all_trumps_view() -> PlayerView:
    """West holds the belotes of hearts (and can give that one up on North's spade lead); East,
    its partner, took all trumps."""
    return seat_view(
        BULGARIAN,
        Seat(1),
        hand="KH QH 7D 8D 9D TD JD AD",
        dealer=Seat(3),
        contract=Contract(Seat(3), Trump.ALL_TRUMPS),
        plays="AS",
    )


def cards(numbers: Iterable[int]) -> list[str]:
    return sorted(str(DECK[card]) for card in numbers)


# ---------------------------------------------------------------- the facts of a view


def test_the_points_and_tricks_of_the_finished_tricks() -> None:
    assert tricks_so_far(late_view()) == ([45, 29], [2, 1, 0, 1])
    assert tricks_so_far(late_view(plays="AS 7S 7C QS")) == ([0, 14], [0, 1, 0, 0])
    assert tricks_so_far(late_view(plays="")) == ([0, 0], [0, 0, 0, 0])


def test_the_cards_that_give_up_a_belote() -> None:
    view = all_trumps_view()
    legal = [card.index for card in view.legal_cards]
    spade = [card.index for _, card in view.trick]
    assert cards(forfeiting_cards(view, legal, spade, int(Trump.ALL_TRUMPS))) == ["KH", "QH"]
    assert cards(forfeiting_cards(view, legal[2:], spade, int(Trump.ALL_TRUMPS))) == []  # only the legal ones
    assert forfeiting_cards(view, legal, [], int(Trump.ALL_TRUMPS)) == frozenset()  # its own lead
    assert forfeiting_cards(view, legal, spade, int(Trump.HEARTS)) == frozenset()  # a suit contract
    # the hand read is the view's: a pair the seat does not hold is nothing to give up
    south = late_view()
    legal = [card.index for card in south.legal_cards]
    assert forfeiting_cards(south, legal, [number("AC")], 5) == frozenset()


# ---------------------------------------------------------------- the card chosen


def refuse(view: PlayerView) -> dict[int, float]:
    raise AssertionError("evaluated")


def test_the_only_legal_card_is_played_unevaluated() -> None:
    view = seat_view(
        CLASSIC,
        Seat(2),
        hand="7S 8S 9S TS 7D 8C 9C TC",
        dealer=Seat(0),
        turned="JH",
        contract=HEARTS,
        plays="KD",
    )
    play = best_scored_play(view, refuse)
    assert str(play.card) == "7D"


def test_card_number_0_alone_is_played_unevaluated_too() -> None:
    view = seat_view(
        CLASSIC,
        Seat(2),
        hand="7C 8S 9S TS 7D 8D 9D TD",
        dealer=Seat(0),
        turned="JH",
        contract=HEARTS,
        plays="KC",
    )
    assert [card.index for card in view.legal_cards] == [0]
    assert str(best_scored_play(view, refuse).card) == "7C"


def test_a_tie_goes_to_the_heuristics_card_of_the_attacking_side() -> None:
    view = seat_view(
        CLASSIC,
        Seat(1),
        hand="KS 9S AH JH 8H KD QD TD",
        dealer=Seat(0),
        turned="JH",
        contract=Contract(Seat(1), Trump.HEARTS),
    )
    play = best_scored_play(view, lambda v: {card.index: 0.0 for card in v.legal_cards})
    assert str(play.card) == "JH"  # the taker leads its jack of trumps (a defender: the queen of diamonds)
    assert play == NormalAgent().choose_play(view)


def test_the_best_value_then_the_heuristics_card_then_the_lowest_number() -> None:
    view = late_view()
    default = NormalAgent().choose_play(view).card.index
    assert default == TD
    assert best_scored_play(view, lambda v: {TS: 1.0, S9: 1.5, TD: 1.0, D9: 0.0}).card.index == S9
    assert best_scored_play(view, lambda v: {TS: 1.0, S9: 1.0, TD: 1.0, D9: 1.0}).card.index == TD
    assert best_scored_play(view, lambda v: {TS: 1.0, S9: 1.0, TD: 0.0, D9: 1.0}).card.index == D9
    assert best_scored_play(view, lambda v: {TS: 1.0, S9: 1.0, TD: 0.0, D9: -1.0}).card.index == S9
    assert best_scored_play(view, lambda v: {TS: -2.0, S9: -3.0, TD: -4.0, D9: -5.0}).card.index == TS


def test_no_deal_that_fits_gets_the_heuristics_card() -> None:
    def unfit(view: PlayerView) -> dict[int, float]:
        raise NoDealFitsError("no deal fits")

    view = late_view()
    assert best_scored_play(view, unfit) == NormalAgent().choose_play(view)


def test_the_play_announces_a_belote() -> None:
    view = all_trumps_view()
    king = number("KH")
    play = best_scored_play(view, lambda v: {card.index: float(card.index == king) for card in v.legal_cards})
    assert (str(play.card), play.belote) == ("KH", True)


# ---------------------------------------------------------------- the call made


def only_pass_view() -> PlayerView:
    state = deal(BULGARIAN, dealer=Seat(0), seed=0)
    for text in ("ALL", "contra", "recontra"):
        state = bid(state, next(call for call in legal_bids(state) if str(call) == text))
    return observe(state, state.to_act)  # type: ignore[arg-type]


def test_the_only_legal_call_is_made_unevaluated() -> None:
    view = only_pass_view()
    assert view.legal_bids == (Pass(),)

    def never(view: PlayerView) -> CallEvaluation:
        raise AssertionError("evaluated")

    assert simulated_call(view, never) == Pass()


def test_the_best_of_the_evaluation_is_called() -> None:
    view = bidding_view()
    chosen = view.legal_bids[-1]
    asked: list[PlayerView] = []

    def evaluation(seen: PlayerView) -> CallEvaluation:
        asked.append(seen)
        return cast(CallEvaluation, SimpleNamespace(best=chosen))

    assert simulated_call(view, evaluation) == chosen
    assert asked == [view]


def test_only_a_seat_to_bid_makes_a_call() -> None:
    with pytest.raises(PhaseError, match=r"^no call to choose: the seat is not to bid$"):
        simulated_call(late_view(), refuse)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        simulated_call(None, refuse)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the settings


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"seed": "1"}, ArgumentTypeError, r"^seed must be an int, got '1'$"),
        ({"samples": 0}, BeloteError, r"^samples must be a whole number >= 1, got 0$"),
        (
            {"samples": 4, "max_samples": 3},
            BeloteError,
            r"^max_samples must be at least samples \(4\), got 3$",
        ),
        ({"max_samples": 0}, BeloteError, r"^max_samples must be a whole number >= 1, got 0$"),
        ({"time_budget": True}, BeloteError, r"^time_budget must be positive seconds, got True$"),
        ({"time_budget": "1"}, BeloteError, r"^time_budget must be positive seconds, got '1'$"),
        ({"time_budget": 0}, BeloteError, r"^time_budget must be positive seconds, got 0$"),
        ({"time_budget": -0.5}, BeloteError, r"^time_budget must be positive seconds, got -0.5$"),
        ({"time_budget": float("nan")}, BeloteError, r"^time_budget must be positive seconds, got nan$"),
        ({"reading": 0}, BeloteError, r"^reading must be a whole number of draws >= 1, got 0$"),
        ({"lookahead": 1}, BeloteError, r"^lookahead must be True or False, got 1$"),
        ({"lookahead": None}, BeloteError, r"^lookahead must be True or False, got None$"),
        (
            {"auction_weight": 0},
            BeloteError,
            r"^auction_weight must be None or a number above 0 and at most 1, got 0$",
        ),
    ],
)
def test_the_settings_are_checked(options: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message) as raised:
        HardAgent(**options)  # type: ignore[arg-type]
    if error is BeloteError:
        assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]


def test_the_settings_read_back_as_plain_values() -> None:
    agent = HardAgent(
        Seat(3),
        samples=Seat(2),
        time_budget=1,
        reading=Seat(1),
        lookahead=False,
        auction_weight=1,
        max_samples=Seat(3),
    )
    settings = (agent.seed, agent.samples, agent.time_budget, agent.reading, agent.lookahead)
    assert settings == (3, 2, 1, 1, False)
    assert (agent.auction_weight, agent.max_samples) == (1, 3)
    assert [type(value) for value in (agent.seed, agent.samples, agent.reading, agent.max_samples)] == [
        int
    ] * 4
    assert repr(agent) == (
        "HardAgent(seed=3, samples=2, time_budget=1, reading=1, lookahead=False, auction_weight=1, "
        "max_samples=3)"
    )
    default = HardAgent()
    assert repr(default) == (
        f"HardAgent(seed=0, samples={hard.DEFAULT_SAMPLES}, time_budget=None, reading={READING_DRAWS}, "
        "lookahead=True, auction_weight=None, max_samples=None)"
    )
    assert HardAgent(time_budget=0.25, max_samples=64, samples=64).time_budget == 0.25
    assert HardAgent(samples=8, max_samples=8).max_samples == 8
    for name in ("seed", "samples", "time_budget", "reading", "lookahead", "auction_weight", "max_samples"):
        with pytest.raises(AttributeError):
            setattr(agent, name, 5)


# ---------------------------------------------------------------- the calls' values


def test_the_calls_are_valued_by_the_simulation_with_the_players_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[PlayerView, dict[str, object]]] = []
    answer = cast(CallEvaluation, SimpleNamespace(best=Pass()))

    def simulation(view: PlayerView, **options: object) -> object:
        asked.append((view, options))
        return answer

    monkeypatch.setattr(hard, "evaluate_calls", simulation)
    view = bidding_view()
    agent = HardAgent(seed=5, time_budget=2.5)
    play_out = object()
    assert agent.evaluate_calls(view, play_out=play_out, samples=6, max_samples=24) is answer  # type: ignore[arg-type]
    assert agent.evaluate_calls(view) is answer
    assert agent.choose_call(view) == Pass()
    prior = normal_bid(view)
    assert asked == [
        (
            view,
            {
                "samples": 6,
                "time_budget": 2.5,
                "seed": 5,
                "prior": prior,
                "play_out": play_out,
                "max_samples": 24,
            },
        ),
        (
            view,
            {
                "samples": None,
                "time_budget": 2.5,
                "seed": 5,
                "prior": prior,
                "play_out": None,
                "max_samples": None,
            },
        ),
        (
            view,
            {
                "samples": None,
                "time_budget": 2.5,
                "seed": 5,
                "prior": prior,
                "play_out": None,
                "max_samples": None,
            },
        ),
    ]
    with pytest.raises(PhaseError, match=r"^no call to choose: the seat is not to bid$"):
        agent.evaluate_calls(late_view())


# ---------------------------------------------------------------- the cards' values


Outcome = tuple[int, int, list[int], int]


class PlayOuts:
    """A stand-in for the normal playouts: keeps what each playout is asked and gives the end
    of ``ends`` for the card played."""

    def __init__(self, ends: dict[int, Outcome]) -> None:
        self.ends = ends
        self.variants: list[object] = []
        self.asked: list[tuple[object, ...]] = []

    def __call__(self, variant: object) -> Callable[..., Outcome]:
        self.variants.append(variant)

        def play(*args: object) -> Outcome:
            self.asked.append(args)
            won, other, tricks, last = self.ends[args[6]]  # type: ignore[index]
            return won, other, list(tricks), last  # a fresh list: the caller adds to it

        return play


# the rest of the deal per card South plays: card points (the last 10 included) and tricks
ENDS: dict[int, Outcome] = {
    TS: (60, 28, [2, 0, 1, 1], 0),  # 105 to 57 with North's belote: made, 125 to 57
    S9: (20, 68, [0, 2, 0, 2], 1),  # 65 + 20 to 97: failed, 20 to 162
    TD: (88, 0, [2, 0, 2, 0], 2),  # 133 to 29: 153 to 29
    D9: (48, 40, [1, 1, 1, 1], 3),  # 93 + 20 to 69: 113 to 69
}
VALUES = {
    TS: 68 + 48 / 1024,
    S9: -142 - 32 / 1024,
    TD: 124 + 104 / 1024,
    D9: 44 + 24 / 1024,
}


def spied(monkeypatch: pytest.MonkeyPatch, hands: Sequence[int] = HANDS) -> tuple[Sampler, PlayOuts]:
    sampler, playouts = Sampler(hands), PlayOuts(ENDS)
    monkeypatch.setattr(hard, "deal_sampler", sampler)
    monkeypatch.setattr(hard, "normal_playouts", playouts)
    return sampler, playouts


def test_each_card_is_valued_on_the_sampled_deals_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    sampler, playouts = spied(monkeypatch)
    view = late_view()
    values = HardAgent(seed=9, samples=2, reading=3, auction_weight=0.5).evaluate(view)
    assert values == VALUES
    assert list(values) == [TS, S9, TD, D9]
    assert sampler.settings == [(view, 3, 0.5)]
    assert playouts.variants == [CLASSIC]
    trick = [number("AH"), number("JD")]
    played = view.played.mask
    expected = [(HANDS, trick, 0, int(Trump.HEARTS), 0, played, card, 0) for card in (TS, S9, TD, D9)]
    assert playouts.asked == expected * 2  # two deals, each card played out from the view's trick
    # the draws are a function of the seed, the seat, its hand and the cards played
    plays = [card.index for _, card in view.plays]
    first = random.Random(f"hard:9:2:{view.hand.mask}:{plays}")
    assert sampler.states[0] == first.getstate()
    first.random()
    assert sampler.states[1] == first.getstate()


def test_without_the_lookahead_no_side_looks_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    _, playouts = spied(monkeypatch)
    HardAgent(samples=1, lookahead=False).evaluate(late_view())
    assert {args[7] for args in playouts.asked} == {-1}
    _, playouts = spied(monkeypatch)
    west = seat_view(
        CLASSIC,
        Seat(1),
        hand="AS 9C AD 7H JS KS JD QD",
        dealer=Seat(0),
        turned="JH",
        contract=HEARTS,
        plays=PLAYS[:-3],
    )
    ends = {card.index: (44, 44, [1, 1, 1, 1], 0) for card in west.legal_cards}
    playouts.ends = ends
    values = HardAgent(samples=1).evaluate(west)  # West's side (team 1) against the takers
    assert {args[7] for args in playouts.asked} == {1}
    assert {args[4] for args in playouts.asked} == {0}  # the takers' team
    # 89 to 73 for the takers (with the belote 109 to 73): made, 73 - 109 for West's side
    assert set(values.values()) == {-36 - 16 / 1024}


def test_the_card_that_gives_up_a_belote_is_valued_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    view = all_trumps_view()
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
    _, playouts = spied(monkeypatch, hands)
    playouts.ends = {card: (130, 128, [2, 2, 2, 2], 0) for card in legal}
    values = HardAgent(samples=1).evaluate(view)
    assert {args[4] for args in playouts.asked} == {1}  # the takers' team: East's
    sheets = SampledSheets(view)
    keeping = sheets(hands).value((130, 128), (2, 2, 2, 2), 0, 1)
    giving_up = sheets.forfeited(hands, 1).value((130, 128), (2, 2, 2, 2), 0, 1)
    assert keeping != giving_up
    king, queen = number("KH"), number("QH")
    for card in legal:  # two card points short of the other side
        assert values[card] == (giving_up if card in (king, queen) else keeping) - 2 / 1024


def test_the_card_values_read_the_players_sampling_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Sequence[int], dict[str, object]]] = []

    def card_values(
        legal: Sequence[int], value_deal: Callable[[], Sequence[float]], **options: object
    ) -> dict[int, float]:
        asked.append((legal, options))
        return dict(zip(legal, value_deal(), strict=True))

    monkeypatch.setattr(hard, "sampled_card_values", card_values)
    monkeypatch.setattr(hard, "time", SimpleNamespace(perf_counter=lambda: 12.5))
    spied(monkeypatch)
    agent = HardAgent(samples=3, max_samples=12, time_budget=2.0)
    assert agent.evaluate(late_view()) == VALUES
    assert agent._card_values([1, 2], lambda: [0.5, 0.25], 7.0) == {1: 0.5, 2: 0.25}
    assert asked == [
        ([TS, S9, TD, D9], {"samples": 3, "max_samples": 12, "time_budget": 2.0, "start": 12.5}),
        ([1, 2], {"samples": 3, "max_samples": 12, "time_budget": 2.0, "start": 7.0}),
    ]


def test_only_a_seat_to_play_values_cards() -> None:
    with pytest.raises(PhaseError, match=r"^no card to choose: the seat is not to play$"):
        HardAgent().evaluate(bidding_view())


def test_the_chosen_card_is_the_best_valued(monkeypatch: pytest.MonkeyPatch) -> None:
    spied(monkeypatch)
    assert HardAgent(samples=1).choose_play(late_view()).card.index == TD
    assert isinstance(HardAgent().beliefs(late_view()), Beliefs)
    with pytest.raises(ArgumentTypeError, match=r"^view must be a PlayerView, got None$"):
        HardAgent().beliefs(None)  # type: ignore[arg-type]


def test_the_playouts_start_from_the_seat_that_led_the_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    # North plays second to East's ace of clubs (three tricks played: 20 card points to 29)
    north = seat_view(
        CLASSIC,
        Seat(0),
        hand="JH QS KD KH QH AH TH 9H",
        dealer=Seat(0),
        turned="JH",
        contract=HEARTS,
        plays=PLAYS[: PLAYS.index("AC") + 2],
    )
    _, playouts = spied(monkeypatch)
    playouts.ends = {card.index: (60, 53, [2, 1, 1, 1], 0) for card in north.legal_cards}
    HardAgent(samples=1).evaluate(north)
    assert {(tuple(args[1]), args[2]) for args in playouts.asked} == {((number("AC"),), 3)}  # type: ignore[arg-type]
