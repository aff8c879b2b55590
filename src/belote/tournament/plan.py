"""A tournament's plan and the games it plays, one executor task at a time.

:func:`make_plan` checks the arguments :func:`~belote.tournament.tournament` and
:func:`~belote.selfplay.selfplay` share and returns the :class:`Plan`: everything a worker needs
to play any game of the tournament, pickled with each task. :func:`chunks` cuts the games into
tasks and :func:`play_chunk` plays one (a top-level function, so that it runs in worker
processes and on Dask clusters); :func:`play_game` plays game ``i`` from the seed ``"{seed}/{i}"``
with its agents seeded from the seed and ``i``, so a game is the same whatever runs it.

>>> from belote import CLASSIC
>>> plan = make_plan(("normal", "easy"), games=2, variant=CLASSIC, seed=1, deals=True,
...                  seating="duplicate", records=False, executor=None)
>>> [(result.index, result.deals) for result in play_chunk((plan, 0, 2))]
[(0, 2), (1, 2)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from belote.agents import Agent, Play, make_agent
from belote.bidding import Call
from belote.deal_score import DealScore, Outcome
from belote.errors import ArgumentTypeError, Reason, TournamentError
from belote.games import play_match, play_round
from belote.records import dumps
from belote.round import Phase, score_round
from belote.seats import Seat
from belote.tournament._executing import Pacer, check_executor, check_picklable
from belote.tournament.results import GameResult, Seating
from belote.variants import Variant
from belote.views import PlayerView

__all__ = ["PlayerSpec"]

PlayerSpec = str | Callable[[int], Agent]
"""A player: a level name for :func:`~belote.agents.make_agent`, or a factory ``seed -> Agent``."""


@attrs.frozen
class Plan:
    """Everything a worker needs to play any game of the tournament (pickled with each chunk);
    :func:`make_plan` checks the arguments and makes one."""

    variant: Variant
    players: tuple[PlayerSpec, PlayerSpec]
    seed: int
    deals: bool
    seating: Seating
    records: bool


class _Timed:
    """An agent that counts its decisions and the time they take."""

    __slots__ = ("agent", "count", "seconds")

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.count = 0
        self.seconds = 0.0

    def choose_call(self, view: PlayerView) -> Call:
        start = time.perf_counter()
        call = self.agent.choose_call(view)
        self.seconds += time.perf_counter() - start
        self.count += 1
        return call

    def choose_play(self, view: PlayerView) -> Play:
        start = time.perf_counter()
        choice = self.agent.choose_play(view)
        self.seconds += time.perf_counter() - start
        self.count += 1
        return choice

    def __repr__(self) -> str:
        return repr(self.agent)


def player_agent(spec: PlayerSpec, seed: int) -> Agent:
    """The agent ``spec`` (a level name or a factory) plays with when seeded with ``seed``, as
    every game of a tournament makes its agents (``benchmarks/card_play_roles.py`` makes them so
    too).

    >>> from belote.agents import EasyAgent
    >>> player_agent("hard", 7).samples, type(player_agent(EasyAgent, 3)).__name__
    (64, 'EasyAgent')
    """
    return make_agent(spec, seed=seed) if isinstance(spec, str) else spec(seed)


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in game ``index`` of a tournament of ``seed``: the same in
    both plays of a duplicate pair, whichever player sits there, so that a benchmark replaying a
    game (``benchmarks/bidding_counterfactuals.py``) seeds its agents as the tournament did.

    >>> agent_seed(0, 5, 2), agent_seed(1, 0, 0)
    (22, 4000012)
    """
    return (seed * 1_000_003 + index) * 4 + seat


def game_deal(seed: int, index: int) -> tuple[str, Seat]:
    """The seed and the dealer of game ``index`` of a tournament of ``seed`` (a whole match deals
    from the seed alone), so that a benchmark playing the tournament's deals again
    (``benchmarks/card_play_roles.py``) deals them as the tournament did.

    >>> game_deal(0, 5)
    ('0/5', <Seat.WEST: 1>)
    """
    return f"{seed}/{index}", Seat(index % 4)


def play_game(plan: Plan, index: int) -> GameResult:
    """Game ``index`` of ``plan`` (a top-level function: it runs in worker processes)."""
    seed, dealer = game_deal(plan.seed, index)
    points, wins, decisions, seconds = [0, 0], [0, 0], [0, 0], [0.0, 0.0]
    ties = deals = 0
    taken, made, doubled = [0, 0], [0, 0], [0, 0]
    records: list[str] = []
    for side in plan.seating.sides(index):
        agents = [
            _Timed(player_agent(plan.players[(seat & 1) ^ side], agent_seed(plan.seed, index, seat)))
            for seat in range(4)
        ]
        if plan.deals:
            state = play_round(plan.variant, agents, seed=seed, dealer=dealer)
            score = score_round(state) if state.phase is Phase.FINISHED else None
            scored = (0, 0) if score is None else score.points
            contracts: tuple[DealScore | None, ...] = (score,)
            winner = None if scored[0] == scored[1] else 0 if scored[0] > scored[1] else 1
            deals += 1
            game: Any = state
        else:
            game = play_match(plan.variant, agents, seed=seed)
            scored, deals = game.scores, deals + len(game.history)
            contracts = tuple(record.score for record in game.history)
            winner = None if game.winner is None else int(game.winner)
        for team in (0, 1):
            player = team ^ side
            points[player] += scored[team]
            for seat in (team, team + 2):
                decisions[player] += agents[seat].count
                seconds[player] += agents[seat].seconds
        for deal_score in contracts:
            if deal_score is not None:
                _count_contract(deal_score, side, taken, made, doubled)
        if winner is None:
            ties += 1
        else:
            wins[winner ^ side] += 1
        if plan.records:
            records.append(dumps(game))
    return GameResult(
        index=index,
        seed=seed,
        points=(points[0], points[1]),
        wins=(wins[0], wins[1]),
        ties=ties,
        deals=deals,
        decisions=(decisions[0], decisions[1]),
        seconds=(seconds[0], seconds[1]),
        records=tuple(records),
        taken=(taken[0], taken[1]),
        made=(made[0], made[1]),
        doubled=(doubled[0], doubled[1]),
    )


def _count_contract(
    score: DealScore, side: int, taken: list[int], made: list[int], doubled: list[int]
) -> None:
    """Count one played contract for the players: ``side`` is player 0's team."""
    player = int(score.contract.taker_team) ^ side
    taken[player] += 1
    made[player] += score.outcome in (Outcome.MADE, Outcome.CAPOT)
    if score.contract.multiplier > 1:
        doubled[1 - player] += 1


def play_chunk(task: tuple[Plan, int, int]) -> list[GameResult]:
    """Games ``start`` to ``stop - 1`` of a plan: one task for an executor."""
    plan, start, stop = task
    return [play_game(plan, index) for index in range(start, stop)]


def player_name(spec: PlayerSpec) -> str:
    """How results and output name a player: a level's name, or a factory's qualified name.

    >>> from belote.agents import HardAgent
    >>> player_name(" Hard"), player_name(HardAgent)
    ('hard', 'HardAgent')
    """
    if isinstance(spec, str):
        return spec.strip().lower()
    return str(getattr(spec, "__qualname__", None) or getattr(spec, "__name__", None) or repr(spec))


def make_plan(
    players: Sequence[PlayerSpec],
    *,
    games: int,
    variant: Variant,
    seed: int,
    deals: bool,
    seating: Seating | str,
    records: bool,
    executor: Executor | None,
) -> Plan:
    """Check the arguments shared by :func:`~belote.tournament.tournament` and
    :func:`~belote.selfplay.selfplay`; the plan they describe."""
    if isinstance(games, bool) or not isinstance(games, int):
        raise ArgumentTypeError(f"games must be an int, got {games!r}")
    if games < 1:
        raise TournamentError(f"games must be at least 1, got {games}", reason=Reason.BAD_ARGUMENT)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"seed must be an int, got {seed!r}")
    if not isinstance(variant, Variant):
        raise ArgumentTypeError(f"variant must be a Variant, got {variant!r}")
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        raise ArgumentTypeError(f"players must be a pair of levels or agent factories, got {players!r}")
    for spec in players:
        if isinstance(spec, str):
            make_agent(spec)  # an unknown level raises BeloteError now, before any game
        elif not callable(spec):
            raise ArgumentTypeError(f"a player must be a level name or an agent factory, got {spec!r}")
    try:
        seating = Seating(seating)
    except ValueError:
        choices = ", ".join(item.value for item in Seating)
        raise TournamentError(f"{seating!r} is not a seating: expected one of {choices}") from None
    check_executor(executor)
    check_picklable(executor, "players", tuple(players))
    return Plan(
        variant=variant,
        players=(players[0], players[1]),
        seed=seed,
        deals=bool(deals),
        seating=seating,
        records=records,
    )


def chunk_limit(plan: Plan) -> int:
    """The most games a task holds by default: 8 matches or 64 deals."""
    return 64 if plan.deals else 8


def chunks(
    plan: Plan, games: int, size: int | None, *, first: int = 0, pacer: Pacer | None = None
) -> Iterator[tuple[Plan, int, int]]:
    """The tasks of games ``first`` to ``games - 1``: ``size`` games each; by default as many
    as ``pacer`` says when given (sized by time), else small enough to share the work and
    large enough to keep the cost of a task small."""
    if size is not None:
        check_chunk_size(size)
    elif pacer is None:
        size = max(1, min(chunk_limit(plan), games // 32))
    start = first
    while start < games:
        step = size if size is not None else pacer.size(remaining=games - start) if pacer else 1
        stop = min(games, start + step)
        yield (plan, start, stop)
        start = stop


def check_chunk_size(size: object) -> None:
    """``ArgumentTypeError`` or ``TournamentError`` unless ``size`` is a whole number >= 1."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise ArgumentTypeError(f"chunk_size must be an int, got {size!r}")
    if size < 1:
        raise TournamentError(f"chunk_size must be at least 1, got {size}")
