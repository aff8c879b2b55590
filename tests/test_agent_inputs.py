"""What the agents refuse: a view with nothing to choose, a seed that is not an int, a Play's
belote that is not a bool, and the exported helpers given what they do not take. Every refusal
is one of the library's errors (a :class:`~belote.errors.BeloteError`), never a bare
``AttributeError``, ``IndexError`` or ``ValueError`` from inside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from belote import (
    CLASSIC,
    ArgumentTypeError,
    BeloteError,
    Bid,
    Card,
    Pass,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Trump,
    bid,
    deal,
    legal_bids,
    legal_moves,
    play,
)
from belote.agents import (
    LEVELS,
    Agent,
    EasyAgent,
    ExpertAgent,
    HardAgent,
    NormalAgent,
    Play,
    SampledSheets,
    announced_play,
    infer,
    make_agent,
)
from belote.agents.call_evaluation import CallEvaluation
from belote.agents.sim_bidding import evaluate_calls
from belote.views import PlayerView, observe

CHEAP: dict[str, Callable[[], Agent]] = {
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": lambda: HardAgent(samples=1),
    "expert": lambda: ExpertAgent(samples=1, solved_bidding=False),
}
"""An agent of each level, as cheap as it comes (none of them samples a deal here)."""


def bidding() -> RoundState:
    return deal(CLASSIC, dealer=Seat(0), seed=1)


def playing() -> RoundState:
    state = bidding()
    while state.contract is None:
        state = bid(state, legal_bids(state)[-1])
    return state


def finished() -> RoundState:
    state = playing()
    while state.to_act is not None:
        state = play(state, next(iter(legal_moves(state))))
    return state


def passed_out() -> RoundState:
    state = bidding()
    while state.to_act is not None:
        state = bid(state, Pass())
    return state


def waiting_seat(state: RoundState) -> Seat:
    """A seat that is not to act in ``state`` (any seat once the round is over)."""
    return next(seat for seat in Seat if seat != state.to_act)


NO_CALL = {
    "not its turn": lambda: observe(bidding(), waiting_seat(bidding())),
    "playing": lambda: observe(playing(), playing().to_act),  # type: ignore[arg-type]
    "finished": lambda: observe(finished(), Seat(0)),
    "passed out": lambda: observe(passed_out(), Seat(0)),
}
NO_CARD = {
    "bidding": lambda: observe(bidding(), bidding().to_act),  # type: ignore[arg-type]
    "not its turn": lambda: observe(playing(), waiting_seat(playing())),
    "finished": lambda: observe(finished(), Seat(0)),
    "passed out": lambda: observe(passed_out(), Seat(0)),
}


# --- every level refuses alike to choose where there is nothing to choose ---------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("moment", list(NO_CALL))
def test_every_level_refuses_a_call_where_the_seat_has_none(level: str, moment: str) -> None:
    view = NO_CALL[moment]()
    assert view.legal_bids == ()
    with pytest.raises(PhaseError, match=r"^no call to choose: the seat is not to bid$") as error:
        CHEAP[level]().choose_call(view)
    assert error.value.reason is Reason.WRONG_PHASE


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("moment", list(NO_CARD))
def test_every_level_refuses_a_card_where_the_seat_has_none(level: str, moment: str) -> None:
    view = NO_CARD[moment]()
    assert not view.legal_cards
    with pytest.raises(PhaseError, match=r"^no card to choose: the seat is not to play$") as error:
        CHEAP[level]().choose_play(view)
    assert error.value.reason is Reason.WRONG_PHASE


def test_the_searching_players_evaluations_refuse_alike() -> None:
    not_to_bid, not_to_play = NO_CALL["playing"](), NO_CARD["bidding"]()
    for evaluate in (HardAgent(samples=1).evaluate_calls, ExpertAgent(samples=1).evaluate_calls):
        with pytest.raises(PhaseError, match="not to bid"):
            evaluate(not_to_bid)
    with pytest.raises(PhaseError, match="not to bid"):
        evaluate_calls(not_to_bid, samples=1)
    for values in (HardAgent(samples=1).evaluate, ExpertAgent(samples=1).evaluate):
        with pytest.raises(PhaseError, match="not to play"):
            values(not_to_play)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_still_answers_the_seat_to_act(level: str) -> None:
    state = bidding()
    call = CHEAP[level]().choose_call(observe(state, state.to_act))  # type: ignore[arg-type]
    assert call in legal_bids(state)
    state = playing()
    choice = CHEAP[level]().choose_play(observe(state, state.to_act))  # type: ignore[arg-type]
    assert choice.card in legal_moves(state)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_refuses_what_is_not_a_view(level: str) -> None:
    agent = CHEAP[level]()
    for method in (agent.choose_call, agent.choose_play):
        with pytest.raises(ArgumentTypeError, match="view must be a PlayerView, got None"):
            method(None)  # type: ignore[arg-type]


# --- seeds ----------------------------------------------------------------------------------

BAD_SEEDS = [None, "x", "1", 1.5, 1.0, True, [1], (1,)]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
@pytest.mark.parametrize("kind", [EasyAgent, NormalAgent, HardAgent, ExpertAgent], ids=lambda k: k.__name__)
def test_a_seed_must_be_an_int(kind: Callable[..., Agent], seed: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^seed must be an int, got ") as error:
        kind(seed=seed)
    assert error.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_make_agent_refuses_a_seed_that_is_not_an_int(seed: object) -> None:
    for level in LEVELS:
        with pytest.raises(ArgumentTypeError, match="seed must be an int"):
            make_agent(level, seed=seed)  # type: ignore[arg-type]


def test_the_simulated_bidding_refuses_a_seed_that_is_not_an_int() -> None:
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        evaluate_calls(observe(bidding(), Seat(1)), samples=1, seed="abc")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 7, -3, 2**70])
def test_every_int_seed_builds_each_level(seed: int) -> None:
    for level in LEVELS:
        assert make_agent(level, seed=seed).seed == seed  # type: ignore[attr-defined]


# --- Play.belote ------------------------------------------------------------------------------


@pytest.mark.parametrize("belote", ["no", "yes", None, 0, 1, "False"], ids=repr)
def test_a_play_s_belote_must_be_a_bool(belote: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^belote must be True or False, got ") as error:
        Play(Card.parse("KH"), belote=belote)  # type: ignore[arg-type]
    assert error.value.reason is Reason.BAD_ARGUMENT


def test_a_play_announces_belote_by_default() -> None:
    assert Play(Card.parse("KH")).belote is True
    assert Play(Card.parse("KH"), belote=False).belote is False


# --- the exported helpers check their arguments ------------------------------------------------


def test_announced_play_checks_its_arguments() -> None:
    view = observe(playing(), playing().to_act)  # type: ignore[arg-type]
    card = next(iter(view.legal_cards))
    with pytest.raises(ArgumentTypeError, match="view must be a PlayerView"):
        announced_play(None, card)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="card must be a Card, got 'KH'"):
        announced_play(view, "KH")  # type: ignore[arg-type]
    assert announced_play(view, card).card == card


@pytest.mark.parametrize("helper", [infer, SampledSheets], ids=lambda helper: helper.__name__)
@pytest.mark.parametrize("junk", [None, "view", 3], ids=repr)
def test_the_view_helpers_refuse_what_is_not_a_view(helper: Callable[[Any], object], junk: object) -> None:
    with pytest.raises(ArgumentTypeError, match="view must be a PlayerView"):
        helper(junk)


@pytest.mark.parametrize("play_out", [5, "heuristics", [None]], ids=repr)
def test_evaluate_calls_refuses_a_play_out_that_is_not_callable(play_out: object) -> None:
    view = observe(bidding(), Seat(1))
    with pytest.raises(ArgumentTypeError, match="play_out must be None or a callable"):
        HardAgent(samples=1).evaluate_calls(view, play_out=play_out)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="play_out must be None or a callable"):
        evaluate_calls(view, samples=1, play_out=play_out)  # type: ignore[arg-type]


def test_evaluate_calls_refuses_an_rng_that_is_not_a_random() -> None:
    with pytest.raises(ArgumentTypeError, match=r"rng must be None or a random.Random"):
        evaluate_calls(observe(bidding(), Seat(1)), 5, samples=1)  # type: ignore[arg-type]


TWO = (Pass(), Bid(Trump.HEARTS))


@pytest.mark.parametrize(
    ("fields", "error", "fragment"),
    [
        ({"calls": (Pass(),), "values": ()}, BeloteError, "values must hold one number per call"),
        ({"values": (1.0,)}, BeloteError, r"values must hold one number per call \(2\), got 1"),
        ({"calls": (), "values": ()}, BeloteError, "one or more candidate calls"),
        ({"calls": (Pass(), Pass())}, BeloteError, "each once"),
        ({"calls": ("pass", "H")}, ArgumentTypeError, "calls must be a sequence of Call"),
        ({"calls": Pass()}, ArgumentTypeError, "calls must be a sequence of Call"),
        ({"values": (1.0, "2")}, ArgumentTypeError, r"values\[1\] must be a number, got '2'"),
        ({"values": (1.0, True)}, ArgumentTypeError, r"values\[1\] must be a number"),
        ({"values": (1.0, float("nan"))}, BeloteError, r"values\[1\] must be finite"),
        ({"values": (1.0, 10**400)}, BeloteError, r"values\[1\] is too large to compute with"),
        ({"errors": (10**400, 0.0)}, BeloteError, r"errors\[0\] is too large to compute with"),
        ({"confidence": 10**400}, BeloteError, "confidence is too large to compute with"),
        ({"samples": 0}, BeloteError, "samples must be a whole number >= 1"),
        ({"samples": 2.0}, BeloteError, "samples must be a whole number >= 1"),
        ({"errors": (0.0,)}, BeloteError, "errors must hold one number per call"),
        ({"errors": (0.0, -1.0)}, BeloteError, "errors must be at least 0"),
        ({"prior": "pass"}, ArgumentTypeError, "prior must be None or a Call"),
        ({"confidence": -1.0}, BeloteError, "confidence must be at least 0"),
        ({"confidence": "high"}, ArgumentTypeError, "confidence must be a number"),
    ],
)
def test_an_inconsistent_call_evaluation_cannot_be_built(
    fields: dict[str, Any], error: type[Exception], fragment: str
) -> None:
    given = {"calls": TWO, "values": (0.0, 1.0), "samples": 3, **fields}
    with pytest.raises(error, match=fragment) as raised:
        CallEvaluation(**given)
    assert raised.value.reason is Reason.BAD_ARGUMENT  # type: ignore[attr-defined]


def test_a_call_evaluation_takes_sequences_as_tuples() -> None:
    evaluation = CallEvaluation(calls=list(TWO), values=[0, 2.5], samples=1, errors=[0, 1])
    assert (evaluation.calls, evaluation.values, evaluation.errors) == (TWO, (0, 2.5), (0, 1))
    assert evaluation.best == Bid(Trump.HEARTS)


@pytest.mark.parametrize(
    ("rows", "error", "fragment"),
    [
        ([[1.0]], BeloteError, r"rows\[0\] must hold one value per call \(2\), got 1"),
        ([[1.0, 2.0], [1.0, 2.0, 3.0]], BeloteError, r"rows\[1\] must hold one value per call"),
        ([], BeloteError, "at least one sampled deal"),
        ([[1.0, "x"]], ArgumentTypeError, r"rows\[0\]\[1\] must be a number"),
        ([5], ArgumentTypeError, r"rows\[0\] must be a sequence of numbers"),
        (None, ArgumentTypeError, "rows must be a sequence of rows of numbers"),
    ],
)
def test_call_evaluation_of_checks_its_rows(rows: Any, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        CallEvaluation.of(TWO, rows, prior=Pass())


def test_check_to_bid_and_check_to_play_take_only_views() -> None:
    from belote.agents.base import check_to_bid, check_to_play

    for check in (check_to_bid, check_to_play):
        with pytest.raises(ArgumentTypeError, match="view must be a PlayerView"):
            check(object())  # type: ignore[arg-type]
    view: PlayerView = observe(playing(), playing().to_act)  # type: ignore[arg-type]
    assert check_to_play(view) == playing().contract
