"""Running games between agents: one step, one round, one match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    DECK,
    ArgumentTypeError,
    BeloteError,
    Bid,
    Call,
    Contract,
    IllegalBidError,
    IllegalMoveError,
    MatchError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    Seat,
    Trump,
    deal,
    match,
    position,
)
from belote.agents import EasyAgent, HardAgent, NormalAgent, Play
from belote.games import agent_step, finish_round, play_match, play_round
from belote.views import PlayerView, observe


class Recorder(NormalAgent):
    """A normal agent that keeps the views it was shown."""

    def __init__(self) -> None:
        super().__init__()
        self.views: list[PlayerView] = []

    def choose_call(self, view: PlayerView) -> Call:
        self.views.append(view)
        return super().choose_call(view)

    def choose_play(self, view: PlayerView) -> Play:
        self.views.append(view)
        return super().choose_play(view)


class Cheater(NormalAgent):
    """Plays a card it does not hold."""

    def choose_play(self, view: PlayerView) -> Play:
        missing = next(card for card in DECK if card not in view.hand)
        return Play(missing)


class Overbidder(NormalAgent):
    def choose_call(self, view: PlayerView) -> Call:
        return Bid(Trump.ALL_TRUMPS)


def normals() -> list[NormalAgent]:
    return [NormalAgent(seat) for seat in range(4)]


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN])
def test_play_round_is_deterministic_and_complete(variant: object) -> None:
    agents = [NormalAgent(), EasyAgent(), HardAgent(samples=2), NormalAgent()]
    first = play_round(variant, agents, seed=9, dealer=Seat(2))  # type: ignore[arg-type]
    again = play_round(variant, agents, seed=9, dealer=Seat(2))  # type: ignore[arg-type]
    assert first == again
    assert first.phase in (Phase.FINISHED, Phase.PASSED_OUT)
    assert first.dealer == Seat(2)


def test_play_round_from_an_explicit_deck() -> None:
    order = [DECK[(i * 7) % 32] for i in range(32)]
    final = play_round(CLASSIC, normals(), deck=order)
    assert final.deck == tuple(card.index for card in order)


def test_agent_step_asks_the_seat_to_act() -> None:
    recorders = [Recorder() for _ in range(4)]
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    after = agent_step(state, recorders)
    assert len(after.auction) == 1
    assert [len(r.views) for r in recorders] == [0, 1, 0, 0]
    assert recorders[1].views[0].seat == Seat(1)


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN])
@pytest.mark.parametrize("steps", [0, 1, 3, 9, 20])
def test_finish_round_plays_on_from_any_point_as_play_round_does(variant: object, steps: int) -> None:
    whole = play_round(variant, normals(), seed=11, dealer=Seat(1))  # type: ignore[arg-type]
    state = deal(variant, dealer=Seat(1), seed=11)  # type: ignore[arg-type]
    for _ in range(steps):
        if state.to_act is None:
            break
        state = agent_step(state, normals())
    assert finish_round(state, normals()) == whole


def test_finish_round_gives_back_a_round_already_over() -> None:
    finished = play_round(CLASSIC, normals(), seed=1)
    assert finish_round(finished, normals()) is finished

    class Passer(NormalAgent):
        def choose_call(self, view: PlayerView) -> Call:
            return Pass()

    passed = play_round(CLASSIC, [Passer()] * 4, seed=3)
    assert finish_round(passed, [Cheater()] * 4) is passed


def test_finish_round_plays_on_a_position_set_up_by_hand() -> None:
    hands = ["7S 8S 9S TS JS QS KS AS", "7H 8H 9H TH JH QH KH AH", "7D 8D 9D TD JD QD KD AD",
             "7C 8C 9C TC JC QC KC AC"]  # fmt: skip
    start = position(
        CLASSIC,
        dealer=Seat(3),
        hands=hands,
        turned="7S",
        contract=Contract(Seat(0), Trump.SPADES),
        plays="AS 7H",
    )
    final = finish_round(start, normals())
    assert final.phase is Phase.FINISHED
    assert [str(card) for card in final.tricks[0].cards[:2]] == ["AS", "7H"]
    assert [len(final.hand(seat)) for seat in Seat] == [0, 0, 0, 0]


def test_finish_round_asks_every_agent_through_its_own_view() -> None:
    recorders = [Recorder() for _ in range(4)]
    state = deal(CLASSIC, dealer=Seat(0), seed=5)
    final = finish_round(state, recorders)
    assert final.phase in (Phase.FINISHED, Phase.PASSED_OUT)
    assert sum(len(r.views) for r in recorders) == len(final.auction) + 4 * len(final.tricks)
    for seat, recorder in enumerate(recorders):
        assert {view.seat for view in recorder.views} <= {Seat(seat)}


def test_finish_round_stops_at_an_illegal_answer() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    while state.phase is Phase.BIDDING:
        state = agent_step(state, [_Taker()] * 4)
    with pytest.raises(IllegalMoveError):
        finish_round(state, [Cheater() for _ in range(4)])
    with pytest.raises(IllegalBidError):
        finish_round(deal(CLASSIC, dealer=Seat(0), seed=1), [Overbidder() for _ in range(4)])


def test_finish_round_in_a_match_shows_the_score() -> None:
    recorders = [Recorder() for _ in range(4)]
    m = match(CLASSIC, seed=2)
    m = m.record(play_round(CLASSIC, normals(), match=m))
    finish_round(m.deal(), recorders, match=m)
    assert all(view.scores == m.scores for r in recorders for view in r.views)


def test_a_match_of_another_variant_is_refused() -> None:
    classic_match = match(CLASSIC, seed=1)
    bulgarian = deal(BULGARIAN, dealer=Seat(0), seed=1)
    for call in (
        lambda: finish_round(bulgarian, normals(), match=classic_match),
        lambda: agent_step(bulgarian, normals(), match=classic_match),
        lambda: observe(bulgarian, Seat(1), match=classic_match),
    ):
        with pytest.raises(MatchError, match="the match plays classic, not bulgarian") as error:
            call()
        assert error.value.reason is Reason.WRONG_ROUND
    over = play_round(BULGARIAN, normals(), seed=2)
    with pytest.raises(MatchError):  # refused even when nothing is left to play
        finish_round(over, normals(), match=classic_match)
    same_rules = attrs.evolve(CLASSIC)  # an equal variant, another object
    assert observe(deal(same_rules, dealer=Seat(0), seed=1), Seat(1), match=classic_match).scores == (0, 0)


def test_views_in_a_match_carry_the_score() -> None:
    recorders = [Recorder() for _ in range(4)]
    m = match(CLASSIC, seed=2)
    m = m.record(play_round(CLASSIC, recorders, match=m))
    second = m
    play_round(CLASSIC, recorders, match=second)
    last = recorders[0].views[-1]
    assert last.scores == second.scores
    assert last.carry == second.carry


def test_illegal_answers_raise_the_library_errors() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    with pytest.raises(IllegalBidError):
        agent_step(state, [Overbidder() for _ in range(4)])
    while state.phase is Phase.BIDDING:
        state = agent_step(state, [NormalAgent()] * 4 if state.auction else [_Taker()] * 4)
    with pytest.raises(IllegalMoveError):
        agent_step(state, [Cheater() for _ in range(4)])


class _Taker(NormalAgent):
    def choose_call(self, view: PlayerView) -> Call:
        return view.legal_bids[-1]


def test_a_bare_card_is_not_a_play() -> None:
    class Bare(NormalAgent):
        def choose_play(self, view: PlayerView) -> Play:
            return next(iter(view.legal_cards))  # type: ignore[return-value]

    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    while state.phase is Phase.BIDDING:
        state = agent_step(state, [_Taker()] * 4)
    with pytest.raises(IllegalMoveError, match=r"answered a bare card .*: expected a Play") as error:
        agent_step(state, [Bare()] * 4)
    assert error.value.reason is Reason.MALFORMED_CARD  # the card is in the hand: not CARD_NOT_IN_HAND


AGENT_CLASSES = [EasyAgent, NormalAgent, HardAgent, Recorder]


@pytest.mark.parametrize("kind", AGENT_CLASSES, ids=lambda kind: kind.__name__)
def test_an_agent_class_is_refused_where_an_agent_is_due(kind: type) -> None:
    """A class has choose_call and choose_play too (Agent is a runtime-checkable protocol), but
    calling them needs an instance: every entry point says to pass one."""
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    fragment = rf"got the class {kind.__name__}: pass an instance, such as {kind.__name__}\(\)"
    runs: list[Callable[[list[Any]], object]] = [
        lambda agents: play_round(CLASSIC, agents, seed=1),
        lambda agents: play_match(CLASSIC, agents, seed=1),
        lambda agents: finish_round(state, agents),
        lambda agents: agent_step(state, agents),
    ]
    for run in runs:
        for agents in ([kind] * 4, [*normals()[:3], kind]):
            with pytest.raises(ArgumentTypeError, match=fragment) as error:
                run(agents)
            assert error.value.reason is Reason.BAD_ARGUMENT


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(BeloteError, match="four agents"):
        play_round(CLASSIC, normals()[:3], seed=1)
    m = match(CLASSIC, seed=1)
    with pytest.raises(BeloteError):
        play_round(CLASSIC, normals(), seed=1, match=m)
    with pytest.raises(MatchError):
        play_round(BULGARIAN, normals(), match=m)
    final = play_round(CLASSIC, normals(), seed=1)
    with pytest.raises(PhaseError):
        agent_step(final, normals())


@pytest.mark.parametrize("variant", [CLASSIC, CLASSIC_501, BULGARIAN])
def test_play_match_is_deterministic_and_has_a_winner(variant: object) -> None:
    agents = [NormalAgent(), EasyAgent(), NormalAgent(), EasyAgent()]
    first = play_match(variant, agents, seed=4)  # type: ignore[arg-type]
    assert first.winner is not None
    assert first == play_match(variant, agents, seed=4)  # type: ignore[arg-type]
    assert first.scores == (
        sum(record.points[0] for record in first.history),
        sum(record.points[1] for record in first.history),
    )
    assert play_match(variant, agents, seed=4, first_dealer=Seat(3)).first_dealer == Seat(3)  # type: ignore[arg-type]


def test_passing_agents_pass_out_the_round() -> None:
    class Passer(NormalAgent):
        def choose_call(self, view: PlayerView) -> Call:
            return Pass()

    final = play_round(CLASSIC, [Passer()] * 4, seed=3)
    assert final.phase is Phase.PASSED_OUT
    assert final.contract is None
