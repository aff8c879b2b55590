"""Exact results of belote.agents.sim_bidding that mutation testing (mutmut 3.8) found untested
by the fast tests (tests/test_sim_bidding.py plays many sampled deals and is left out of the
mutation run): the play-out the simulation asks for, the card points credited to the deciding
team, the generator's key, the auction finished by the model, the belotes and declarations
read, one contract's value on a sample (its play-out, objective and caches), and what
evaluate_calls asks and keeps (the deals drawn, each call's continuation and value, the
passed-out auctions, the sequential sampling, the time budget, its checks), with the sampler,
the auction model, the play-out, the objective and the clock replaced by spies."""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, ClassVar

import attrs
import pytest

from _bidding_helpers import Model, classic_view, coinche_view
from belote import (
    BULGARIAN,
    CLASSIC,
    COINCHE,
    ArgumentTypeError,
    Bid,
    CardSet,
    Contract,
    PlayerView,
    Seat,
    Trump,
    seat_view,
)
from belote.agents import sim_bidding
from belote.agents.bid_deals import BidDeal
from belote.agents.call_evaluation import CallEvaluation
from belote.agents.sim_bidding import BID_SAMPLES, OWN_PLAY_CREDIT, credited, deal_facts, evaluate_calls
from belote.bidding import Call, Pass
from belote.cards import cardset_from_mask
from belote.declarations import Declaration, declaration_options
from belote.variants import Announcements

PASS = Pass()


def bulgarian_view() -> PlayerView:
    """South (seat 2) to bid after West passed, North dealt."""
    return seat_view(BULGARIAN, Seat(2), hand="JH 9H AH TH 7D", dealer=Seat(0), auction="pass")


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


# ---------------------------------------------------------------- the default play-out


def test_the_heuristic_play_out_plays_a_fresh_deal_with_no_seat_looking_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Any, ...]] = []

    def normal_playouts(variant: object) -> Any:
        asked.append((variant,))

        def play(*arguments: Any) -> tuple[int, int, list[int], int]:
            asked.append(arguments)
            return 1, 2, [3], 4

        return play

    monkeypatch.setattr(sim_bidding, "normal_playouts", normal_playouts)
    play = sim_bidding.heuristic_play_out(BULGARIAN)
    assert play((1, 2, 4, 8), 1, 3, 5) == (1, 2, [3], 4)
    assert play((1, 2, 4, 8), 2, 2, 0) == (1, 2, [3], 4)
    # an empty trick, the taker's team, no card played, none given first, no seat looking ahead
    assert asked == [
        (BULGARIAN,),
        ((1, 2, 4, 8), (), 1, 5, 1, 0, -1, -1),
        ((1, 2, 4, 8), (), 2, 0, 0, 0, -1, -1),
    ]


# ---------------------------------------------------------------- the credit


@pytest.mark.parametrize(
    ("points", "last", "team", "credit", "expected"),
    [
        ((90, 72), 1, 0, 12, (102, 60)),
        ((72, 90), 0, 1, 12, (60, 102)),  # team 1 takes the credit
        ((90, 72), 1, 0, 0, (90, 72)),  # no credit
        ((90, 72), 1, 0, -5, (90, 72)),  # nor a negative one
        ((90, 72), 1, 0, 1, (91, 71)),
        ((150, 12), 1, 0, 12, (152, 10)),  # the last trick's 10 stays with the defenders
        ((150, 12), 3, 0, 12, (152, 10)),
        ((150, 12), 0, 0, 12, (162, 0)),  # all their points are card points: all can move
        ((150, 12), 2, 0, 12, (162, 0)),
        ((150, 12), -1, 0, 12, (162, 0)),  # no last trick read: nothing kept for it
        ((12, 150), 0, 1, 12, (10, 152)),
        ((12, 150), 1, 1, 12, (0, 162)),
        ((151, 11), 1, 0, 12, (152, 10)),  # one point can move
        ((152, 10), 1, 0, 12, (152, 10)),  # only the last trick's 10: nothing moves
        ((10, 152), 0, 1, 12, (10, 152)),
        ((162, 0), 0, 0, 12, (162, 0)),  # a capot stays a capot
        ((0, 162), 1, 0, 12, (0, 162)),  # and a capot against stays one
        ((0, 162), 1, 1, 12, (0, 162)),
        ((100, 160), 1, 0, 12, (112, 148)),  # the other sheet (all trumps: 258 in all)
        ((1, 161), 1, 0, 200, (152, 10)),  # the credit is the most that moves
    ],
)
def test_credited_moves_card_points_to_the_team(
    points: tuple[int, int], last: int, team: int, credit: int, expected: tuple[int, int]
) -> None:
    assert credited(points, last, team, credit) == expected


def test_the_credits_and_samples_by_bidding_system() -> None:
    assert [OWN_PLAY_CREDIT[variant.bidding] for variant in (CLASSIC, BULGARIAN, COINCHE)] == [0, 12, 0]
    assert [BID_SAMPLES[variant.bidding] for variant in (CLASSIC, BULGARIAN, COINCHE)] == [32, 12, 12]


# ---------------------------------------------------------------- the generator's key


def test_the_generators_key_is_the_seat_dealer_hand_turned_card_and_calls() -> None:
    assert sim_bidding._rng_key(classic_view()) == "3:0:251658496:20:1pass,2pass"
    assert sim_bidding._rng_key(bulgarian_view()) == "2:0:10223872:-1:1pass"
    assert sim_bidding._rng_key(coinche_view()) == "3:0:251662080:-1:180 H,2pass"


# ---------------------------------------------------------------- the auction finished by the model


def test_the_auction_is_finished_by_the_model_for_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    model = Model([PASS, Bid(Trump.HEARTS)])
    monkeypatch.setattr(sim_bidding, "model_call", model)
    sample = BidDeal([10, 11, 12, 13], [], [20, 21, 22, 23])
    auction = [*classic_view().auction, (Seat(3), PASS)]
    # North passes, West takes the turned suit: the contract is West's hearts
    assert sim_bidding._continue(CLASSIC, sample, 20, auction) == Contract(Seat(1), Trump.HEARTS)
    assert model.asked == [(CLASSIC, 0, 10, 20, 3, 20), (CLASSIC, 1, 11, 20, 4, 21)]
    assert len(auction) == 5  # the calls are added to the auction given


def test_an_auction_already_over_is_not_continued(monkeypatch: pytest.MonkeyPatch) -> None:
    model = Model([])
    monkeypatch.setattr(sim_bidding, "model_call", model)
    sample = BidDeal([10, 11, 12, 13], [], [0, 0, 0, 0])
    auction = [*classic_view().auction, (Seat(3), Bid(Trump.HEARTS))]
    assert sim_bidding._continue(CLASSIC, sample, 20, auction) == Contract(Seat(3), Trump.HEARTS)
    assert model.asked == []
    passed: list[tuple[Seat, Call]] = [(Seat(seat), PASS) for seat in (1, 2, 3, 0, 1, 2, 3, 0)]
    assert sim_bidding._continue(CLASSIC, sample, 20, passed) is None


def test_a_capot_ends_the_coinche_auction_where_the_variant_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    model = Model([PASS, PASS, PASS])
    monkeypatch.setattr(sim_bidding, "model_call", model)
    sample = BidDeal([10, 11, 12, 13], [], [0, 0, 0, 0])
    view = seat_view(
        COINCHE, Seat(0), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(0), auction="80 H pass capot S"
    )
    capot = Contract(Seat(3), Trump.SPADES, capot=True)
    assert sim_bidding._continue(COINCHE, sample, -1, list(view.auction)) == capot
    assert model.asked == []
    # without capot_ends_auction, the others are asked (and pass)
    open_variant = attrs.evolve(COINCHE, capot_ends_auction=False)
    assert sim_bidding._continue(open_variant, sample, -1, list(view.auction)) == capot
    assert [asked[1] for asked in model.asked] == [0, 1, 2]


# ---------------------------------------------------------------- the belotes and declarations read


def best(hand: int, seat: int) -> tuple[Declaration, ...]:
    return tuple(declaration_options(cardset_from_mask(hand), Seat(seat))[0])


def test_the_declarations_shown_are_each_seats_best_from_the_leader_on() -> None:
    hands = [mask("7C 8C 9C"), mask("KH QH"), mask("JD QD KD AD"), mask("7S 9S")]
    shown = best(hands[0], 0) + best(hands[2], 2)
    # from East (seat 3): East has none, then North's tierce, West none, South's fifty
    assert deal_facts(BULGARIAN, hands, 2, 3) == ((Seat(1),), shown)
    assert deal_facts(BULGARIAN, hands, 2, 1) == ((Seat(1),), best(hands[2], 2) + best(hands[0], 0))
    assert deal_facts(BULGARIAN, hands, 0, 1)[0] == ()  # no belote of clubs
    assert deal_facts(BULGARIAN, hands, int(Trump.ALL_TRUMPS), 0) == ((Seat(1), Seat(2)), shown)
    # none in no trumps, none without announcements (classic); the belotes are read in any case
    assert deal_facts(BULGARIAN, hands, int(Trump.NO_TRUMPS), 0) == ((), ())
    assert deal_facts(CLASSIC, hands, 2, 0) == ((Seat(1),), ())
    assert deal_facts(attrs.evolve(CLASSIC, announcements=Announcements.SEPARATE), hands, 2, 0)[1] == shown


# ---------------------------------------------------------------- one contract's value on a sample


class Objective:
    """A stand-in for DealObjective: keeps what it is built with and asked."""

    made: ClassVar[list[tuple[Any, ...]]] = []

    def __init__(
        self, variant: object, contract: Contract, *, belotes: Any, declarations: Any, carry: int
    ) -> None:
        self.key = (variant, contract, belotes, declarations, carry)
        Objective.made.append(self.key)

    def value(self, points: tuple[int, int], tricks: Any, last: int, team: int) -> int:
        Objective.made.append(("value", points, tricks, last, team))
        return points[team] - points[1 - team]


class PlayOut:
    """A stand-in for the play-out: answers the same points and keeps what it is asked."""

    def __init__(self, points: tuple[int, int] = (90, 72), last: int = 1) -> None:
        self.points, self.last = points, last
        self.asked: list[tuple[Any, ...]] = []

    def __call__(
        self, hands: Sequence[int], leader: int, taker: int, mode: int
    ) -> tuple[int, int, list[int], int]:
        self.asked.append((list(hands), leader, taker, mode))
        return self.points[0], self.points[1], [2, 2, 2, 2], self.last


def bulgarian_sample() -> BidDeal:
    hands = [mask("7C 8C 9C"), mask("KH QH 7S"), mask("JH 9H AH TH 7D"), mask("JD QD KD AD")]
    return BidDeal(hands, [], [0, 0, 0, 0])


def test_a_contracts_value_plays_the_deal_once_per_taker_and_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    Objective.made = []
    monkeypatch.setattr(sim_bidding, "DealObjective", Objective)
    final: list[tuple[Any, ...]] = []

    def final_hands(view: PlayerView, sample: BidDeal, taker: int, turned: int) -> list[int]:
        final.append((view, sample, taker, turned))
        return list(sample.current)

    monkeypatch.setattr(sim_bidding, "final_hands", final_hands)
    view = seat_view(
        BULGARIAN, Seat(2), hand="JH 9H AH TH 7D", dealer=Seat(0), auction="pass", scores=(0, 0), carry=20
    )
    sample = bulgarian_sample()
    play_out = PlayOut()
    objectives: dict[tuple[object, ...], Any] = {}
    hearts = Contract(Seat(0), Trump.HEARTS)
    # North (South's partner) takes hearts: the credit of 12 moves to South's team (team 0)
    assert sim_bidding._value(view, sample, hearts, 7, objectives, play_out) == 102.0 - 60.0
    belotes, shown = deal_facts(BULGARIAN, sample.current, 2, 1)
    assert belotes == (Seat(1),)
    assert final == [(view, sample, 0, 7)]
    assert play_out.asked == [(sample.current, 1, 0, 2)]  # West, the dealer's left, leads
    assert Objective.made == [
        (BULGARIAN, hearts, belotes, shown, 20),  # with the points held from earlier deals
        ("value", (102, 60), [2, 2, 2, 2], 1, 0),
    ]
    assert sample.plays == {(0, 2): ((belotes, shown), (90, 72), [2, 2, 2, 2], 1)}
    assert sample.values == {hearts: 42.0}
    # the same contract again: its value kept; a doubled one: the play-out kept, a new objective
    assert sim_bidding._value(view, sample, hearts, 7, objectives, play_out) == 42.0
    doubled = Contract(Seat(0), Trump.HEARTS, multiplier=2)
    assert sim_bidding._value(view, sample, doubled, 7, objectives, play_out) == 42.0
    assert (len(play_out.asked), len(final)) == (1, 1)
    assert Objective.made[2:] == [
        (BULGARIAN, doubled, belotes, shown, 20),
        ("value", (102, 60), [2, 2, 2, 2], 1, 0),
    ]
    assert set(objectives) == {(hearts, belotes, shown), (doubled, belotes, shown)}
    # the other team takes spades: played out once more, no credit, the objective asked for team 0
    spades = Contract(Seat(1), Trump.SPADES)
    assert sim_bidding._value(view, sample, spades, 7, objectives, play_out) == 18.0
    assert play_out.asked[1][1:] == (1, 1, 3)
    assert Objective.made[-1] == ("value", (90, 72), [2, 2, 2, 2], 1, 0)


def test_an_objective_is_shared_by_the_samples_of_one_contract_belotes_and_declarations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    Objective.made = []
    monkeypatch.setattr(sim_bidding, "DealObjective", Objective)
    view = seat_view(
        CLASSIC,
        Seat(3),
        hand="7S 8S 9S TS 7D",
        dealer=Seat(0),
        turned="JH",
        auction="pass pass",
        scores=(0, 0),
    )
    hearts = Contract(Seat(3), Trump.HEARTS)
    objectives: dict[tuple[object, ...], Any] = {}
    current = [mask("7C 8C 9C TC 7D"), mask("7H 8H 9H TH QH"), mask("AC AD AH AS KC"), view.hand.mask]
    rest = [card for card in range(32) if not sum(current) >> card & 1 and card != 20]
    for _ in range(2):  # two samples alike
        sample = BidDeal(list(current), list(rest), [0, 0, 0, 0])
        sim_bidding._value(view, sample, hearts, 20, objectives, PlayOut((80, 82), 2))
    built = [made for made in Objective.made if made[0] != "value"]
    assert len(built) == 1  # the same contract, belotes and declarations: one objective
    # East's own team took: the credit of the turned-card auction is 0
    assert [made for made in Objective.made if made[0] == "value"] == [
        ("value", (80, 82), [2, 2, 2, 2], 2, 1)
    ] * 2


# ---------------------------------------------------------------- what evaluate_calls asks and keeps


class Draw:
    """A stand-in for draw_bid_deal: a new sample each call, keeping what it is given."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, ...]] = []

    def __call__(self, view: PlayerView, rng: random.Random, bonus: bool) -> BidDeal:
        self.asked.append((view, rng, bonus))
        return BidDeal([len(self.asked)] * 4, [], [0, 0, 0, 0])


class Continue:
    """A stand-in for _continue: the contract of the call made (a bid's own) or none."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, ...]] = []

    def __call__(self, variant: object, sample: BidDeal, turned: int, auction: list[Any]) -> Contract | None:
        self.asked.append((variant, sample.current[0], turned, list(auction)))
        seat, call = auction[-1]
        return Contract(seat, call.trump) if isinstance(call, Bid) else None


class Value:
    """A stand-in for _value: the values listed for each deal in turn, keeping what it is asked."""

    def __init__(self, values: Sequence[float]) -> None:
        self.values = list(values)
        self.asked: list[tuple[Any, ...]] = []

    def __call__(
        self,
        view: PlayerView,
        sample: BidDeal,
        contract: Contract,
        turned: int,
        objectives: Any,
        play_out: Any,
    ) -> float:
        self.asked.append((sample.current[0], contract, turned, type(objectives), play_out))
        return self.values.pop(0)


def spies(monkeypatch: pytest.MonkeyPatch, values: Sequence[float]) -> tuple[Draw, Continue, Value]:
    draw, carry_on, value = Draw(), Continue(), Value(values)
    monkeypatch.setattr(sim_bidding, "draw_bid_deal", draw)
    monkeypatch.setattr(sim_bidding, "_continue", carry_on)
    monkeypatch.setattr(sim_bidding, "_value", value)
    return draw, carry_on, value


def stand_in(hands: Sequence[int], leader: int, taker: int, mode: int) -> tuple[int, int, list[int], int]:
    raise AssertionError("not played by the stand-ins")


def test_each_call_is_valued_on_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    draw, carry_on, value = spies(monkeypatch, [10.0, -5.0, 30.0])
    view = classic_view()
    rng = random.Random(2)
    evaluation = evaluate_calls(view, rng, samples=3, play_out=stand_in)
    # pass ends the auction passed out (worth 0, not valued); hearts is valued on each deal
    assert evaluation == CallEvaluation.of(
        (PASS, Bid(Trump.HEARTS)), [[0.0, 10.0], [0.0, -5.0], [0.0, 30.0]], confidence=1.5
    )
    assert draw.asked == [(view, rng, False)] * 3
    auction = list(view.auction)
    assert carry_on.asked == [
        (CLASSIC, deal, 20, [*auction, (Seat(3), call)])
        for deal in (1, 2, 3)
        for call in (PASS, Bid(Trump.HEARTS))
    ]
    hearts = Contract(Seat(3), Trump.HEARTS)
    assert value.asked == [(deal, hearts, 20, dict, stand_in) for deal in (1, 2, 3)]


def test_by_default_the_deals_of_the_bidding_system_are_sampled_and_played_by_the_heuristics(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    draw, _, value = spies(monkeypatch, [1.0] * 40)
    made: list[object] = []

    def heuristic_play_out(variant: object) -> Any:
        made.append(variant)
        return stand_in

    monkeypatch.setattr(sim_bidding, "heuristic_play_out", heuristic_play_out)
    evaluation = evaluate_calls(classic_view(), prior=PASS)
    assert (evaluation.samples, len(draw.asked), made) == (32, 32, [CLASSIC])
    assert (evaluation.prior, evaluation.confidence) == (PASS, 1.5)
    assert value.asked[0][4] is stand_in


def test_the_points_auction_with_announcements_draws_declaration_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = coinche_view()
    draw, carry_on, _ = spies(monkeypatch, [0.0] * 100)
    evaluation = evaluate_calls(view, samples=1, play_out=stand_in)
    assert draw.asked[0][2] is True
    assert carry_on.asked[0][2] == -1  # no card turned
    assert (evaluation.samples, evaluation.confidence) == (1, 2.0)
    quiet = seat_view(
        attrs.evolve(COINCHE, announcements=Announcements.OFF),
        Seat(3),
        hand="7S 8S 9S TS 7D 8D 9D TD",
        dealer=Seat(0),
        auction="80 H pass",
    )
    evaluate_calls(quiet, samples=1, play_out=stand_in)
    assert draw.asked[1][2] is False
    evaluate_calls(bulgarian_view(), samples=1, play_out=stand_in)
    assert draw.asked[2][2] is False


def test_without_a_generator_the_deals_are_drawn_from_the_seed_and_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    draw, _, _ = spies(monkeypatch, [0.0] * 10)
    view = classic_view()
    evaluate_calls(view, samples=1, seed=4, play_out=stand_in)
    evaluate_calls(view, samples=1, play_out=stand_in)
    expected = random.Random("hard-bid:4:3:0:251658496:20:1pass,2pass")
    assert draw.asked[0][1].getstate() == expected.getstate()
    assert draw.asked[1][1].getstate() == random.Random("hard-bid:0:3:0:251658496:20:1pass,2pass").getstate()


def test_while_unsure_the_deals_are_doubled_up_to_the_most(monkeypatch: pytest.MonkeyPatch) -> None:
    # hearts worth 30 or 0 by turns: near the line where it beats the prior, pass
    draw, _, _ = spies(monkeypatch, [30.0, 0.0] * 50)
    evaluation = evaluate_calls(classic_view(), samples=2, prior=PASS, max_samples=7, play_out=stand_in)
    assert (evaluation.samples, len(draw.asked)) == (7, 7)  # 2, 4, then 7 (not 8)


def test_the_deals_are_doubled_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    spies(monkeypatch, [30.0, 0.0] * 50)
    evaluated: list[int] = []
    evaluation = sim_bidding._evaluation

    def spy(view: PlayerView, calls: Any, rows: list[list[float]], prior: Call | None) -> CallEvaluation:
        evaluated.append(len(rows))
        return evaluation(view, calls, rows, prior)

    monkeypatch.setattr(sim_bidding, "_evaluation", spy)
    evaluate_calls(classic_view(), samples=3, prior=PASS, max_samples=20, play_out=stand_in)
    assert evaluated == [3, 6, 12]  # clear at 12 deals: hearts 15 above pass, 3.3 errors


def test_a_clear_evaluation_stops_the_doubling(monkeypatch: pytest.MonkeyPatch) -> None:
    draw, _, _ = spies(monkeypatch, [50.0] * 100)
    evaluation = evaluate_calls(classic_view(), samples=2, prior=PASS, max_samples=16, play_out=stand_in)
    assert (evaluation.samples, len(draw.asked)) == (2, 2)


def test_without_max_samples_the_deals_are_not_doubled(monkeypatch: pytest.MonkeyPatch) -> None:
    draw, _, _ = spies(monkeypatch, [30.0, 0.0] * 50)
    evaluation = evaluate_calls(classic_view(), samples=2, prior=PASS, play_out=stand_in)
    assert evaluation.unsure()
    assert (evaluation.samples, len(draw.asked)) == (2, 2)


class Clock:
    """A stand-in for time.perf_counter: the times listed, then the last one again."""

    def __init__(self, times: Sequence[float]) -> None:
        self.times = list(times)
        self.read = 0

    def __call__(self) -> float:
        self.read += 1
        return self.times.pop(0) if len(self.times) > 1 else self.times[0]


@pytest.mark.parametrize(
    ("times", "samples", "drawn", "continued"),
    [
        # the start, then the first deal valued whole whatever the time: the second not drawn
        ([10.0, 15.0], 1, 1, 2),
        # at 11.0 (the budget spent, not beyond), after the second deal's pass, its hearts is
        # continued too; at 11.01, after it, the deal finished past the budget is dropped
        ([10.0, 10.5, 11.0, 11.01], 1, 2, 4),
        # the second deal drawn at 11.0 and valued whole; the third not drawn
        ([10.0, 11.0, 10.2, 10.3, 12.0], 2, 2, 4),
    ],
)
def test_the_time_budget_is_read_before_each_deal_and_after_each_call(
    monkeypatch: pytest.MonkeyPatch, times: list[float], samples: int, drawn: int, continued: int
) -> None:
    draw, carry_on, _ = spies(monkeypatch, [1.0] * 100)
    clock = Clock(times)
    monkeypatch.setattr(sim_bidding, "time", SimpleNamespace(perf_counter=clock))
    evaluation = evaluate_calls(classic_view(), samples=8, time_budget=1.0, prior=PASS, play_out=stand_in)
    assert (evaluation.samples, len(draw.asked), len(carry_on.asked)) == (samples, drawn, continued)
    assert evaluation.prior == PASS  # the evaluation cut short keeps the prior


def test_without_a_time_budget_the_clock_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    spies(monkeypatch, [1.0] * 100)
    clock = Clock([0.0, 100.0])
    monkeypatch.setattr(sim_bidding, "time", SimpleNamespace(perf_counter=clock))
    assert evaluate_calls(classic_view(), samples=3, play_out=stand_in).samples == 3
    assert clock.read == 1


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"rng": 5}, ArgumentTypeError, "^rng must be None or a random.Random, got 5$"),
        ({"seed": "1"}, ArgumentTypeError, "^seed must be an int, got '1'$"),
        (
            {"play_out": 3},
            ArgumentTypeError,
            r"^play_out must be None or a callable \(a DealPlayOut\), got 3$",
        ),
    ],
)
def test_evaluate_calls_checks_where_it_draws_from(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        evaluate_calls(classic_view(), samples=1, **options)


def test_the_seeded_values_of_a_view() -> None:
    evaluation = evaluate_calls(classic_view(), random.Random(1), samples=2)
    assert evaluation.values == (27.0, -37.0)
    evaluation = evaluate_calls(bulgarian_view(), random.Random(1), samples=2)
    assert evaluation.values == (9.0, -19.0, 10.0, 16.0, -19.0, 7.0, -14.0)
    assert evaluation.confidence == 2.0
