"""Exact behaviour of belote.games that mutation testing (mutmut 3.8) checks: the type and count
checks of the arguments with their messages, the call or card (with its belote and declarations)
that one step applies for the seat to act and the view it asks from, the refusals of an answer
that is no play and of a round over, the round and the match played to the end with the seed,
dealer, deck and match passed on, and the guard against a match without a winner.

The agents are scripted (no search), so every round takes milliseconds; test_games.py, left out
of the mutation runs, plays the library's own levels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from _doc_deal import HANDS
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    ArgumentTypeError,
    BeloteError,
    Bid,
    Call,
    Card,
    CardSet,
    Contract,
    Declaration,
    IllegalMoveError,
    Match,
    MatchError,
    Pass,
    Phase,
    PhaseError,
    Reason,
    RoundState,
    Seat,
    Trump,
    bid,
    deal,
    games,
    match,
    play,
    position,
)
from belote.agents import Agent, NormalAgent, Play
from belote.games import agent_step, finish_round, play_match, play_round
from belote.views import PlayerView, observe


class Lowest:
    """Takes with the last legal call when nobody has bid yet, else passes; plays the first
    legal card (the lowest), announcing nothing. Keeps the views it was shown."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def __repr__(self) -> str:
        return "Lowest()"

    def choose_call(self, view: PlayerView) -> Call:
        self.views.append(view)
        if all(call == Pass() for _, call in view.auction):
            return view.legal_bids[-1]
        return Pass()

    def choose_play(self, view: PlayerView) -> Play:
        self.views.append(view)
        return Play(next(iter(view.legal_cards)), belote=False)


class Passer(Lowest):
    """Always passes."""

    def choose_call(self, view: PlayerView) -> Call:
        self.views.append(view)
        return Pass()


class Answers(Lowest):
    """Answers every play with the object it was given."""

    def __init__(self, answer: object) -> None:
        super().__init__()
        self.answer = answer

    def __repr__(self) -> str:
        return "Answers()"

    def choose_play(self, view: PlayerView) -> Play:
        return self.answer  # type: ignore[return-value]


TIERCE_OF_SPADES = Declaration(Seat.SOUTH, CardSet.parse("QS JS TS"))


def lowest() -> list[Lowest]:
    return [Lowest() for _ in range(4)]


def by_hand(state: RoundState, agents: Sequence[Agent], played: Match | None = None) -> RoundState:
    """The round played on step by step, as finish_round should."""
    while state.to_act is not None:
        state = agent_step(state, agents, match=played)
    return state


def bulgarian_lead() -> RoundState:
    """South to lead, holding the king and queen of trumps (hearts) and two tierces."""
    return position(BULGARIAN, dealer=Seat(1), hands=HANDS, contract=Contract(Seat(2), Trump.HEARTS))


def a_match_with_a_score() -> Match:
    """A classic match after one deal, so its views carry a score other than (0, 0)."""
    first = match(CLASSIC, seed=2)
    scored = first.record(play_round(CLASSIC, lowest(), match=first))
    assert scored.scores != (0, 0)
    return scored


# the argument checks


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("abcd", "agents must be a sequence of four Agent, got 'abcd'"),
        (b"abcd", "agents must be a sequence of four Agent, got b'abcd'"),
        (None, "agents must be a sequence of four Agent, got None"),
        ([Lowest(), Lowest(), Lowest(), 7], "agents must be four Agent (with choose_call and choose_play), "
         "got [Lowest(), Lowest(), Lowest(), 7]"),
        ([Lowest(), Lowest(), Lowest(), NormalAgent], "agents must be Agent instances, got the class "
         "NormalAgent: pass an instance, such as NormalAgent()"),
    ],
)  # fmt: skip
def test_agents_that_are_not_four_agent_instances_are_refused_by_name(agents: object, message: str) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    for run in (
        lambda: agent_step(state, agents),  # type: ignore[arg-type]
        lambda: finish_round(state, agents),  # type: ignore[arg-type]
        lambda: play_round(CLASSIC, agents, seed=1),  # type: ignore[arg-type]
        lambda: play_match(CLASSIC, agents, seed=1),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentTypeError) as caught:
            run()
        assert str(caught.value) == message
        assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize("count", [0, 3, 5])
def test_a_count_of_agents_other_than_four_is_refused(count: int) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    for run in (
        lambda: agent_step(state, [Lowest()] * count),
        lambda: finish_round(state, [Lowest()] * count),
        lambda: play_round(CLASSIC, [Lowest()] * count, seed=1),
        lambda: play_match(CLASSIC, [Lowest()] * count, seed=1),
    ):
        with pytest.raises(BeloteError) as caught:
            run()
        assert type(caught.value) is BeloteError
        assert str(caught.value) == f"give four agents, one per seat, got {count}"
        assert caught.value.reason is Reason.BAD_ARGUMENT


def test_the_state_the_variant_and_the_match_are_refused_by_name() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: agent_step("state", lowest()), "state must be a RoundState, got 'state'"),  # type: ignore[arg-type]
        (lambda: finish_round(None, lowest()), "state must be a RoundState, got None"),  # type: ignore[arg-type]
        (lambda: agent_step(state, lowest(), match="m"), "match must be a Match or None, got 'm'"),  # type: ignore[arg-type]
        (lambda: finish_round(state, lowest(), match=1), "match must be a Match or None, got 1"),  # type: ignore[arg-type]
        (lambda: play_round(CLASSIC, lowest(), match=2), "match must be a Match or None, got 2"),  # type: ignore[arg-type]
        (lambda: play_round("classic", lowest()), "variant must be a Variant, got 'classic'"),  # type: ignore[arg-type]
        (lambda: play_match("classic", lowest()), "variant must be a Variant, got 'classic'"),  # type: ignore[arg-type]
    ]
    for run, message in cases:
        with pytest.raises(ArgumentTypeError) as caught:
            run()
        assert str(caught.value) == message
    finished = play_round(CLASSIC, lowest(), seed=1)
    round_over_runs: list[Callable[[], object]] = [
        lambda: agent_step(finished, lowest(), match="m"),  # type: ignore[arg-type]
        lambda: finish_round(finished, lowest(), match="m"),  # type: ignore[arg-type]
    ]
    for round_over in round_over_runs:
        with pytest.raises(ArgumentTypeError) as caught:  # before the phase is looked at
            round_over()
        assert str(caught.value) == "match must be a Match or None, got 'm'"
    # the agents are checked after the state and before the match
    with pytest.raises(ArgumentTypeError, match=r"^state must be"):
        agent_step(None, [], match=1)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^give four agents"):
        agent_step(state, [], match=1)  # type: ignore[arg-type]


# one step


def test_a_step_while_bidding_applies_the_call_of_the_seat_to_act_from_its_view() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    agents = lowest()
    after = agent_step(state, agents)
    assert after == bid(state, Bid(Trump.HEARTS))
    assert [len(agent.views) for agent in agents] == [0, 1, 0, 0]
    assert agents[1].views == [observe(state, Seat.WEST)]
    assert agents[1].views[0].scores is None


@pytest.mark.parametrize(
    ("choice", "belotes", "declarations"),
    [
        (Play(Card.parse("KH")), (Seat.SOUTH,), ()),
        (Play(Card.parse("KH"), belote=False), (), ()),
        (
            Play(Card.parse("KH"), declarations=[Declaration(Seat.SOUTH, CardSet.parse("AH KH QH"))]),
            (Seat.SOUTH,),
            (Declaration(Seat.SOUTH, CardSet.parse("AH KH QH")),),
        ),
        (Play(Card.parse("QS"), belote=False, declarations=[TIERCE_OF_SPADES]), (), (TIERCE_OF_SPADES,)),
    ],
)  # fmt: skip
def test_a_step_in_the_play_applies_the_card_with_what_the_agent_announces(
    choice: Play, belotes: tuple[Seat, ...], declarations: tuple[Declaration, ...]
) -> None:
    state = bulgarian_lead()
    after = agent_step(state, [Answers(choice)] * 4)
    assert after.trick == ((Seat.SOUTH, choice.card),)
    assert after.belotes == belotes
    assert after.declarations == declarations
    assert after == play(
        state, choice.card, belote=None if choice.belote else False, declarations=choice.declarations
    )


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (Card.parse("KH"), "Answers() answered a bare card KH: expected a Play"),
        ("KH", "Answers() answered 'KH': expected a Play"),
        (None, "Answers() answered None: expected a Play"),
    ],
)
def test_an_answer_that_is_no_play_is_refused(answer: object, message: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        agent_step(bulgarian_lead(), [Answers(answer)] * 4)
    assert str(caught.value) == message
    assert caught.value.reason is Reason.MALFORMED_CARD


def test_a_step_when_nobody_is_to_act_names_the_phase() -> None:
    finished = play_round(CLASSIC, lowest(), seed=1)
    passed = play_round(CLASSIC, [Passer()] * 4, seed=1)
    assert (finished.phase, passed.phase) == (Phase.FINISHED, Phase.PASSED_OUT)
    for state, message in (
        (finished, "nobody is to act: the round is finished"),
        (passed, "nobody is to act: the round is passed out"),
    ):
        with pytest.raises(PhaseError) as caught:
            agent_step(state, lowest())
        assert str(caught.value) == message
        assert caught.value.reason is Reason.WRONG_PHASE


def test_a_step_in_a_match_shows_the_match_score() -> None:
    scored = a_match_with_a_score()
    state = scored.deal()
    agents = lowest()
    agent_step(state, agents, match=scored)
    seen = [view for agent in agents for view in agent.views]
    assert seen == [observe(state, state.to_act, match=scored)]  # type: ignore[arg-type]
    assert seen[0].scores == scored.scores


# a round


def test_finish_round_plays_to_the_end_one_step_at_a_time() -> None:
    start = deal(BULGARIAN, dealer=Seat(2), seed=3)
    final = finish_round(start, lowest())
    assert final.phase is Phase.FINISHED
    assert len(final.tricks) == 8
    assert final == by_hand(start, lowest())
    midway = by_hand(bulgarian_lead(), lowest())
    assert finish_round(agent_step(bulgarian_lead(), lowest()), lowest()) == midway


def test_finish_round_gives_back_a_round_over_but_checks_the_match_variant() -> None:
    finished = play_round(BULGARIAN, lowest(), seed=1)
    agents = lowest()
    assert finish_round(finished, agents) is finished
    assert all(not agent.views for agent in agents)
    with pytest.raises(MatchError) as caught:
        finish_round(finished, agents, match=match(CLASSIC, seed=1))
    assert str(caught.value) == "the match plays classic, not bulgarian"
    assert caught.value.reason is Reason.WRONG_ROUND


def test_finish_round_in_a_match_shows_every_seat_the_match_score() -> None:
    scored = a_match_with_a_score()
    agents = lowest()
    final = finish_round(scored.deal(), agents, match=scored)
    assert final == by_hand(scored.deal(), lowest(), scored)
    views = [view for agent in agents for view in agent.views]
    assert len(views) == len(final.auction) + 32
    assert {view.scores for view in views} == {scored.scores}


def test_play_round_deals_with_the_seed_dealer_and_deck_given() -> None:
    final = play_round(CLASSIC, lowest(), seed=7, dealer=Seat(2))
    assert final == finish_round(deal(CLASSIC, dealer=Seat(2), seed=7), lowest())
    assert final.dealer is Seat.SOUTH
    assert play_round(CLASSIC, lowest(), seed=7).dealer is Seat.NORTH
    order = [Card.parse(text) for text in " ".join(reversed(HANDS)).split()]
    from_deck = play_round(CLASSIC, lowest(), deck=order, dealer=Seat(1))
    assert from_deck == finish_round(deal(CLASSIC, dealer=Seat(1), deck=order), lowest())
    assert from_deck.deck == tuple(card.index for card in order)


def test_play_round_in_a_match_plays_its_next_deal_with_its_score() -> None:
    scored = a_match_with_a_score()
    agents = lowest()
    final = play_round(CLASSIC, agents, match=scored)
    assert final == finish_round(scored.deal(), lowest(), match=scored)
    assert final.dealer == scored.dealer
    assert {view.scores for agent in agents for view in agent.views} == {scored.scores}
    assert play_round(CLASSIC, lowest(), match=scored, dealer=Seat.NORTH) == final


@pytest.mark.parametrize(
    "extra",
    [
        {"seed": 1},
        {"seed": 0},
        {"deck": [Card.parse(text) for text in " ".join(HANDS).split()]},
        {"dealer": Seat(1)},
    ],
)
def test_play_round_in_a_match_takes_no_seed_dealer_or_deck(extra: dict[str, object]) -> None:
    with pytest.raises(BeloteError) as caught:
        play_round(CLASSIC, lowest(), match=match(CLASSIC, seed=1), **extra)  # type: ignore[arg-type]
    assert type(caught.value) is BeloteError
    assert str(caught.value) == "with a match, the match deals: give no seed, dealer or deck"
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_play_round_in_a_match_of_another_variant_is_refused() -> None:
    with pytest.raises(MatchError) as caught:
        play_round(BULGARIAN, lowest(), match=match(CLASSIC, seed=1))
    assert str(caught.value) == "the match plays classic, not bulgarian"
    assert caught.value.reason is Reason.WRONG_ROUND


# a match


def test_play_match_records_every_round_to_the_winner() -> None:
    final = play_match(CLASSIC_501, lowest(), seed=4, first_dealer=Seat(3))
    expected = match(CLASSIC_501, seed=4, first_dealer=Seat(3))
    while expected.winner is None:
        expected = expected.record(play_round(CLASSIC_501, lowest(), match=expected))
    assert final == expected
    assert final.first_dealer is Seat.EAST
    assert final.winner is not None


def test_a_match_without_a_winner_stops_after_the_last_deal_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "MAX_DEALS", 3)
    agents = [Passer() for _ in range(4)]
    with pytest.raises(MatchError) as caught:
        play_match(CLASSIC, agents, seed=1)
    assert str(caught.value) == "no winner after 3 deals"
    assert caught.value.reason is Reason.BAD_ARGUMENT
    first_calls = [view for agent in agents for view in agent.views if not view.auction]
    assert len(first_calls) == 3  # three deals played, passed out, and no fourth


def test_a_match_stops_after_a_thousand_deals() -> None:
    agents = [Passer() for _ in range(4)]  # a passed-out deal scores nothing: no winner ever
    with pytest.raises(MatchError) as caught:
        play_match(CLASSIC, agents, seed=1)
    assert str(caught.value) == "no winner after 1000 deals"
    assert len([view for agent in agents for view in agent.views if not view.auction]) == 1000
