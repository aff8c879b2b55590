"""Running games between agents: one step, one round, one match. Deterministic for a seed.

A game server seats four agents (one per seat, in seat order) and calls :func:`agent_step`
as each seat's turn comes; :func:`finish_round` lets them play any position on to the end of
its round (a stored game, a position read from a real table); a researcher plays whole
rounds and matches.

>>> from belote import CLASSIC, Phase, Seat
>>> from belote.agents import EasyAgent, NormalAgent
>>> agents = [NormalAgent(), EasyAgent(), NormalAgent(), EasyAgent()]
>>> final = play_round(CLASSIC, agents, seed=5, dealer=Seat(3))
>>> final.phase in (Phase.FINISHED, Phase.PASSED_OUT)
True
>>> play_round(CLASSIC, agents, seed=5, dealer=Seat(3)) == final
True
"""

from __future__ import annotations

from collections.abc import Sequence

from belote._args import require, wrong_type
from belote._repr import safe_repr
from belote.agents.base import Agent, Play
from belote.cards import Card
from belote.errors import ArgumentTypeError, BeloteError, IllegalMoveError, MatchError, PhaseError, Reason
from belote.match import Match, check_match_variant, match
from belote.round import Phase, RoundState, bid, deal, play
from belote.seats import Seat
from belote.variants import Variant
from belote.views import observe

__all__ = ["agent_step", "finish_round", "play_match", "play_round"]

MAX_DEALS = 1000
"""A match stops with an error after this many deals (a guard against agents that never take)."""


def _check_agents(agents: Sequence[Agent]) -> Sequence[Agent]:
    """``agents`` if it is a sequence of four agents, one per seat, else raise."""
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise wrong_type("agents", "a sequence of four Agent", agents)
    if len(agents) != 4:
        raise BeloteError(f"give four agents, one per seat, got {len(agents)}")
    for agent in agents:
        _check_agent(agent, agents)
    return agents


def _check_agent(agent: object, agents: Sequence[object]) -> None:
    """Raise unless ``agent`` (one of ``agents``) is an agent: an object with ``choose_call``
    and ``choose_play``, not a class (a class has both methods too, and
    :class:`~belote.agents.Agent` is a runtime-checkable protocol, so only this check tells
    ``NormalAgent`` from ``NormalAgent()``)."""
    if isinstance(agent, type):
        raise ArgumentTypeError(
            f"agents must be Agent instances, got the class {agent.__name__}: "
            f"pass an instance, such as {agent.__name__}()"
        )
    if not isinstance(agent, Agent):
        raise wrong_type("agents", "four Agent (with choose_call and choose_play)", agents)


def _check_match(match: Match | None) -> None:
    if match is not None:
        require(match, Match, "match", "a Match or None")


def _check_variant_and_match(variant: Variant, match: Match | None) -> None:
    require(variant, Variant, "variant", "a Variant")
    _check_match(match)


def _check_step(state: RoundState, agents: Sequence[Agent], match: Match | None) -> None:
    """The argument types of a step or more of play by agents."""
    require(state, RoundState, "state", "a RoundState")
    _check_agents(agents)
    _check_match(match)


def agent_step(state: RoundState, agents: Sequence[Agent], *, match: Match | None = None) -> RoundState:
    """The state after the seat to act does what its agent decides from its view.

    Raises the library's errors when the agent answers with an illegal call, card or
    announcement, and :class:`~belote.errors.PhaseError` when the round is over.

    >>> from belote import CLASSIC, Seat, deal, make_agent
    >>> agents = [make_agent("easy")] * 4
    >>> state = agent_step(deal(CLASSIC, dealer=Seat(0), seed=1), agents)
    >>> state.auction
    ((<Seat.WEST: 1>, Pass()),)

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`~belote.round.RoundState`, ``agents``
            is not a sequence of :class:`~belote.agents.Agent` instances, or ``match`` is not a
            :class:`~belote.match.Match`.
        BeloteError: not four agents.
        MatchError: the match plays another variant than the round.
        PhaseError: nobody is to act.
    """
    _check_step(state, agents, match)
    seat = state.to_act
    if seat is None:
        raise PhaseError(f"nobody is to act: the round is {state.phase.value.replace('_', ' ')}")
    agent = agents[seat]
    view = observe(state, seat, match=match)
    if state.phase is Phase.BIDDING:
        return bid(state, agent.choose_call(view))
    choice = agent.choose_play(view)
    if not isinstance(choice, Play):
        if isinstance(choice, Card):
            raise IllegalMoveError(
                f"{safe_repr(agent)} answered a bare card {choice}: expected a Play",
                reason=Reason.MALFORMED_CARD,
            )
        raise IllegalMoveError(
            f"{safe_repr(agent)} answered {safe_repr(choice)}: expected a Play", reason=Reason.MALFORMED_CARD
        )
    return play(
        state,
        choice.card,
        belote=None if choice.belote else False,
        declarations=choice.declarations,
    )


def finish_round(state: RoundState, agents: Sequence[Agent], *, match: Match | None = None) -> RoundState:
    """The round played on from ``state`` by the agents, one :func:`agent_step` at a time, to its
    end (finished or passed out); a round already over comes back as it is.

    Any position will do: the auction or the play half done, a stored game read back, a
    position set up by hand. With ``match`` the agents' views carry the match score, as in
    :func:`play_round`.

    >>> from belote import CLASSIC, Phase, Seat, deal, make_agent
    >>> agents = [make_agent("normal", seed=seat) for seat in range(4)]
    >>> start = agent_step(deal(CLASSIC, dealer=Seat(0), seed=2), agents)  # one call made
    >>> final = finish_round(start, agents)
    >>> final.phase, len(final.tricks), final.auction[0] == start.auction[0]
    (<Phase.FINISHED: 'finished'>, 8, True)
    >>> finish_round(final, agents) is final
    True

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`~belote.round.RoundState`, ``agents``
            is not a sequence of :class:`~belote.agents.Agent` instances, or ``match`` is not a
            :class:`~belote.match.Match`.
        BeloteError: not four agents, or (as :func:`agent_step` raises them) an agent
            answered with an illegal call, card or announcement.
        MatchError: the match plays another variant than the round.
    """
    _check_step(state, agents, match)
    if match is not None:
        check_match_variant(match, state.variant)  # also for a round already over
    while state.phase is Phase.BIDDING or state.phase is Phase.PLAYING:
        state = agent_step(state, agents, match=match)
    return state


def play_round(
    variant: Variant,
    agents: Sequence[Agent],
    *,
    seed: int | str | None = None,
    dealer: Seat = Seat.NORTH,
    deck: Sequence[Card] | None = None,
    match: Match | None = None,
) -> RoundState:
    """Deal and play one round to its end (finished or passed out); the final state.

    With ``match``, the round is the match's next deal (its dealer and seed) and the agents'
    views carry the match score; ``seed``, ``dealer`` and ``deck`` must then be left out.

    >>> from belote import CLASSIC, Seat, make_agent
    >>> final = play_round(CLASSIC, [make_agent("normal", seed=s) for s in range(4)], seed=2)
    >>> final.phase, len(final.tricks)
    (<Phase.FINISHED: 'finished'>, 8)

    Raises:
        ArgumentTypeError: ``variant``, ``agents``, ``match`` or ``dealer`` of the wrong type
            (an agent class given for an agent included: give ``NormalAgent()``, not ``NormalAgent``).
        BeloteError: not four agents, or a match together with a seed, a dealer or a deck.
        MatchError: the match plays another variant, or is over.
    """
    _check_variant_and_match(variant, match)
    _check_agents(agents)
    if match is not None:
        if seed is not None or deck is not None or dealer != Seat.NORTH:
            raise BeloteError("with a match, the match deals: give no seed, dealer or deck")
        check_match_variant(match, variant)
        state = match.deal()
    else:
        state = deal(variant, dealer=dealer, seed=seed, deck=deck)
    return finish_round(state, agents, match=match)


def play_match(
    variant: Variant,
    agents: Sequence[Agent],
    *,
    seed: int | str | None = None,
    first_dealer: Seat | None = None,
) -> Match:
    """Play a whole match between the agents (seats 0 and 2 against 1 and 3); the final match.

    >>> from belote import CLASSIC_501, make_agent
    >>> game = play_match(CLASSIC_501, [make_agent("easy")] * 4, seed=1)
    >>> game.is_over, max(game.scores) > 501
    (True, True)

    Raises:
        ArgumentTypeError: ``variant``, ``agents`` or ``first_dealer`` of the wrong type (an
            agent class given for an agent included).
        BeloteError: not four agents, or a bad ``seed`` or ``first_dealer``.
        MatchError: no winner after 1000 deals.
    """
    _check_variant_and_match(variant, None)
    _check_agents(agents)
    current = match(variant, seed=seed, first_dealer=first_dealer)
    while current.winner is None:
        if current.deal_number >= MAX_DEALS:
            raise MatchError(f"no winner after {MAX_DEALS} deals", reason=Reason.BAD_ARGUMENT)
        current = current.record(play_round(variant, agents, match=current))
    return current
