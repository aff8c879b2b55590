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

import functools
import re
import time
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from belote._args import check_seed_size, plain_int, require
from belote._repr import safe_repr
from belote.agents import Agent, Play, make_agent
from belote.bidding import Call
from belote.deal_score import DealScore, Outcome
from belote.errors import ArgumentTypeError, TournamentError
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

_ADDRESS = re.compile(r" at 0x[0-9A-Fa-f]+")
"""The object address in CPython's default reprs (``<function f at 0x7f...>``)."""

_NAMED = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
"""What a qualified name names well: classes, functions, builtins and methods."""


@attrs.frozen(order=False)
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

    The factory's result is checked before a game wraps it (to time its decisions): something
    that is not an agent would otherwise fail later, deep in the game, with an
    ``AttributeError``.

    >>> from belote.agents import EasyAgent
    >>> type(player_agent("hard", 7)).__name__, type(player_agent(EasyAgent, 3)).__name__
    ('HardAgent', 'EasyAgent')
    >>> try:
    ...     player_agent(lambda seed: EasyAgent, 3)  # type: ignore[arg-type, return-value]
    ... except ArgumentTypeError as error:
    ...     print(error)
    player '<lambda>': its factory returned the class EasyAgent for seed 3, not an agent made from it

    Raises:
        ArgumentTypeError: a factory that returns no agent (an agent class is no agent).
    """
    if isinstance(spec, str):
        return make_agent(spec, seed=seed)
    agent = spec(seed)
    if isinstance(agent, type) or not isinstance(agent, Agent):
        raise ArgumentTypeError(_not_an_agent(spec, seed, agent))
    return agent


def _not_an_agent(spec: PlayerSpec, seed: int, made: object) -> str:
    """Why what the factory ``spec`` made for ``seed`` cannot play: the message names the player.

    An agent class passes ``isinstance(made, Agent)`` (the protocol sees its methods), so a
    factory returning the class itself is named as such.
    """
    where = f"player {safe_repr(player_name(spec))}: its factory returned"
    if isinstance(made, type):
        return f"{where} the class {made.__qualname__} for seed {seed}, not an agent made from it"
    return (
        f"{where} {safe_repr(made)} for seed {seed}, not an Agent "
        "(an object with choose_call and choose_play)"
    )


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
            # the deal's winner by the rules (none in a litige, whose held points no next deal takes)
            winner = None if score is None or score.winner is None else int(score.winner)
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
            for agent in agents[team::2]:  # the team's seats: team and team + 2
                decisions[player] += agent.count
                seconds[player] += agent.seconds
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
    """How results, output and self-play settings name a player: the same in every process, so
    that a run resumed by another process finds the same names (they are compared), and
    readable, with no object address.

    * a level: its name, as :func:`~belote.agents.make_agent` reads it (``" Hard"`` is ``hard``);
    * a class, a function, a lambda or a method: its qualified name (``HardAgent``,
      ``make_bot``, ``main.<locals>.<lambda>``, ``Coach.bot``);
    * a ``functools.partial``: the wrapped callable's ``module.qualname`` with the arguments'
      reprs, a partial among them named so in turn (``mybots.bot(bonus=1)``);
    * any other callable (an instance with ``__call__``): its repr.

    A name says what the code is called, not what it does: two lambdas are both ``<lambda>``,
    a method is named whatever instance it is bound to, an instance by its class when its
    class has no ``__repr__`` of its own. Every ``" at 0x..."`` of a default repr (an object
    address, different in each process) is left out: ``<mybots.Bot object>``.

    >>> from functools import partial
    >>> from belote.agents import HardAgent
    >>> player_name(" Hard"), player_name(HardAgent)
    ('hard', 'HardAgent')
    >>> player_name(partial(HardAgent, samples=8))
    'belote.agents.hard.HardAgent(samples=8)'
    >>> player_name(partial(max, partial(min, 1), key=abs, default=object()))
    'builtins.max(builtins.min(1), key=builtins.abs, default=<object object>)'
    """
    if isinstance(spec, str):
        return spec.strip().lower()
    if isinstance(spec, functools.partial):
        return _partial_name(spec)
    name = getattr(spec, "__qualname__", None) or getattr(spec, "__name__", None)
    return name if isinstance(name, str) else _value_text(spec)


def _partial_name(spec: functools.partial[Any]) -> str:
    """``module.qualname(arguments)`` of a partial: its arguments as they read in a call."""
    arguments = [_value_text(value) for value in spec.args]
    arguments += [f"{key}={_value_text(value)}" for key, value in spec.keywords.items()]
    return f"{_value_text(spec.func)}({', '.join(arguments)})"


def _value_text(value: object) -> str:
    """A partial's callable or argument as text the same in every process: a partial as
    :func:`player_name` names it, a class or a function by ``module.qualname``, anything else
    by its repr with the addresses left out, a set's items in sorted order (:func:`_item_text`).

    >>> _value_text(frozenset({"tempo", "trumps", "length"}))
    "frozenset({'length', 'tempo', 'trumps'})"
    >>> _value_text({"weights": (1, {2.5, 0.5}), "name": [set()]})
    "{'weights': (1, {0.5, 2.5}), 'name': [set()]}"
    """
    if isinstance(value, functools.partial):
        return _partial_name(value)
    if type(value) in _CONTAINERS:
        try:
            return _item_text(value)
        except RecursionError:  # a container that holds itself: its repr says "[...]"
            return _ADDRESS.sub("", repr(value))
    if isinstance(value, _NAMED):
        module = getattr(value, "__module__", None)
        qualname = getattr(value, "__qualname__", None)
        if isinstance(qualname, str):
            return f"{module}.{qualname}" if isinstance(module, str) else qualname
    return _ADDRESS.sub("", repr(value))


_CONTAINERS = (set, frozenset, tuple, list, dict)


def _item_text(value: object) -> str:
    """A partial's argument, or an item of one, as its repr with the addresses left out, but a
    set with its items in sorted order, inside a tuple, a list or a dict too (a set's repr
    follows the process's string hashing); a container with no set reads as its repr."""
    kind = type(value)
    if kind in (set, frozenset):
        items = sorted(_item_text(item) for item in value)  # type: ignore[attr-defined]
        if not items:
            return f"{kind.__name__}()"
        inner = "{" + ", ".join(items) + "}"
        return inner if kind is set else f"frozenset({inner})"
    if kind in (tuple, list):
        items = [_item_text(item) for item in value]  # type: ignore[attr-defined]
        if kind is list:
            return "[" + ", ".join(items) + "]"
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if kind is dict:
        pairs = value.items()  # type: ignore[attr-defined]
        return "{" + ", ".join(f"{_item_text(key)}: {_item_text(item)}" for key, item in pairs) + "}"
    return _ADDRESS.sub("", repr(value))


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
        raise ArgumentTypeError(f"games must be an int, got {safe_repr(games)}")
    if games < 1:
        raise TournamentError(f"games must be at least 1, got {safe_repr(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"seed must be an int, got {safe_repr(seed)}")
    check_seed_size(seed)
    seed = plain_int(seed)
    for index, seat in ((0, 0), (games - 1, 3)):  # the agents' seeds at both ends, of either sign
        check_seed_size(agent_seed(seed, index, seat), "seed (in the players' seeds it gives)")
    if not isinstance(variant, Variant):
        raise ArgumentTypeError(f"variant must be a Variant, got {safe_repr(variant)}")
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        raise ArgumentTypeError(
            f"players must be a pair of levels or agent factories, got {safe_repr(players)}"
        )
    for spec in players:
        if isinstance(spec, str):
            make_agent(spec)  # an unknown level raises BeloteError now, before any game
        elif not callable(spec):
            raise ArgumentTypeError(
                f"a player must be a level name or an agent factory, got {safe_repr(spec)}"
            )
    # a bool, not any truthy value: deals="no" would be taken as true, and a flag written as is
    # into an output's settings would not compare with True
    require(deals, bool, "deals", "a bool")
    require(records, bool, "records", "a bool")
    try:
        seating = Seating(seating)
    except ValueError:
        choices = ", ".join(item.value for item in Seating)
        raise TournamentError(f"{safe_repr(seating)} is not a seating: expected one of {choices}") from None
    check_executor(executor)
    check_picklable(executor, "players", tuple(players))
    return Plan(
        variant=variant,
        players=(players[0], players[1]),
        seed=seed,
        deals=deals,
        seating=seating,
        records=records,
    )


def check_callback(value: object, name: str) -> None:
    """``ArgumentTypeError`` unless ``value`` is ``None`` or callable: checked before anything
    is played or written, not when the first game calls it."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name} must be a function or None, got {safe_repr(value)}")


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
        if size is None:
            assert pacer is not None  # size is only left to choose for a pacer
            step = pacer.size(remaining=games - start)
        else:
            step = size
        stop = min(games, start + step)
        yield (plan, start, stop)
        start = stop


def check_chunk_size(size: object) -> None:
    """``ArgumentTypeError`` or ``TournamentError`` unless ``size`` is a whole number >= 1."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise ArgumentTypeError(f"chunk_size must be an int, got {safe_repr(size)}")
    if size < 1:
        raise TournamentError(f"chunk_size must be at least 1, got {safe_repr(size)}")
