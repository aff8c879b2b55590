"""Exact values of belote.tournament.plan that mutation testing (mutmut 3.8) checks: the timing
wrapper of a game's agents, the agents a player's spec makes and their seeds, the seed and
dealer of each game, how :func:`~belote.tournament.plan.play_game` seats the players, sums
their points, wins, decisions and seconds and counts their contracts from each side, the tasks
:func:`~belote.tournament.plan.chunks` cuts, the names of players, and every refusal of
:func:`~belote.tournament.plan.make_plan` (its exact message).

The tournament tests (test_tournament*.py) run worker pools, which deadlock in mutmut's forked
runners, and are left out of its runs: here everything runs in this process, the games and
the clock replaced by stand-ins (``play_round``, ``play_match``, ``score_round``, ``dumps`` and
``time`` of the module), so that each value a game adds up is known exactly."""

from __future__ import annotations

import functools
import pickle
import re
import types
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from _clock import Clock
from belote import CLASSIC, BeloteError
from belote.agents import EasyAgent, Play
from belote.bidding import Call
from belote.cards import Card
from belote.deal_score import Outcome
from belote.errors import ArgumentTypeError, Reason, TournamentError
from belote.seats import Seat
from belote.state import Phase
from belote.tournament import plan as plan_module
from belote.tournament._executing import Pacer
from belote.tournament.plan import (
    Plan,
    PlayerSpec,
    agent_seed,
    check_callback,
    check_chunk_size,
    chunk_limit,
    chunks,
    game_deal,
    make_plan,
    play_chunk,
    play_game,
    player_agent,
    player_name,
)
from belote.tournament.results import GameResult, Seating
from belote.views import PlayerView

# -- stand-ins ---------------------------------------------------------------------------------


class Bot:
    """An agent that takes ``delay`` seconds of the stand-in clock per decision."""

    def __init__(self, name: str, seed: int, delay: float, clock: Clock | None) -> None:
        self.name = name
        self.seed = seed
        self.delay = delay
        self.clock = clock
        self.views: list[object] = []

    def _decide(self, view: object) -> None:
        self.views.append(view)
        if self.clock is not None:
            self.clock.now += self.delay

    def choose_call(self, view: PlayerView) -> Call:
        self._decide(view)
        return SENTINEL_CALL

    def choose_play(self, view: PlayerView) -> Play:
        self._decide(view)
        return SENTINEL_PLAY

    def __repr__(self) -> str:
        return f"Bot({self.name}, {self.seed})"


SENTINEL_CALL: Call = object()  # type: ignore[assignment]
SENTINEL_PLAY = Play(Card.parse("AS"))


def no_view() -> Any:
    return None


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    stand_in = Clock(100.0)  # the module's time, which the bots move on
    monkeypatch.setattr(plan_module, "time", stand_in)
    return stand_in


def factories(clock: Clock | None) -> tuple[PlayerSpec, PlayerSpec]:
    def player_a(seed: int) -> Bot:
        return Bot("A", seed, 0.25, clock)

    def player_b(seed: int) -> Bot:
        return Bot("B", seed, 0.5, clock)

    return player_a, player_b


def score(points: tuple[int, int], winner: int | None, taker: int, multiplier: int, outcome: Outcome) -> Any:
    contract = SimpleNamespace(taker_team=taker, multiplier=multiplier)
    return SimpleNamespace(points=points, winner=winner, contract=contract, outcome=outcome)


class Games:
    """``play_round``, ``play_match``, ``score_round`` and ``dumps`` of the module: each play
    makes the agents at seats 0 to 3 decide ``counts`` times and gives the next scripted game."""

    def __init__(self, games: list[Any], counts: list[list[int]]) -> None:
        self.games = list(games)
        self.counts = list(counts)
        self.calls: list[tuple[Any, ...]] = []

    def _play(self, agents: list[Any]) -> Any:
        for agent, count in zip(agents, self.counts.pop(0), strict=True):
            for _ in range(count):
                agent.choose_call(no_view())
        return self.games.pop(0)

    def play_round(self, variant: Any, agents: list[Any], *, seed: str, dealer: Seat) -> Any:
        self.calls.append(("round", variant, seed, dealer, [(a.agent.name, a.agent.seed) for a in agents]))
        return self._play(agents)

    def play_match(self, variant: Any, agents: list[Any], *, seed: str) -> Any:
        self.calls.append(("match", variant, seed, [(a.agent.name, a.agent.seed) for a in agents]))
        return self._play(agents)

    @staticmethod
    def score_round(state: Any) -> Any:
        return state.score

    @staticmethod
    def dumps(game: Any) -> str:
        return f"record of {game.name}"

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("play_round", "play_match", "score_round", "dumps"):
            monkeypatch.setattr(plan_module, name, getattr(self, name))


# -- the timing wrapper ------------------------------------------------------------------------


def test_timed_counts_each_decision_and_its_seconds(clock: Clock) -> None:
    bot = Bot("A", 1, 0.25, clock)
    timed = plan_module._Timed(bot)
    assert (timed.agent, timed.count, timed.seconds) == (bot, 0, 0.0)
    assert timed.choose_call(no_view()) is SENTINEL_CALL
    assert (timed.count, timed.seconds) == (1, 0.25)
    bot.delay = 0.5
    assert timed.choose_play(no_view()) is SENTINEL_PLAY
    assert (timed.count, timed.seconds) == (2, 0.75)
    assert timed.choose_play(no_view()) is SENTINEL_PLAY
    assert (timed.count, timed.seconds) == (3, 1.25)
    assert timed.choose_call(no_view()) is SENTINEL_CALL
    assert (timed.count, timed.seconds) == (4, 1.75)
    assert bot.views == [None] * 4
    assert repr(timed) == "Bot(A, 1)"


def test_timed_passes_the_view_on() -> None:
    bot = Bot("A", 1, 0.0, None)
    timed = plan_module._Timed(bot)
    view: Any = object()
    timed.choose_call(view)
    timed.choose_play(view)
    assert bot.views == [view, view]


# -- agents, seeds and deals -------------------------------------------------------------------


def test_a_level_makes_its_agent_with_the_seed() -> None:
    assert repr(player_agent("easy", 7)) == "EasyAgent(seed=7)"
    assert repr(player_agent(" Normal", 5)) == "NormalAgent(seed=5)"


def test_a_factory_is_called_with_the_seed() -> None:
    made = player_agent(factories(None)[0], 11)
    assert isinstance(made, Bot)
    assert (made.name, made.seed) == ("A", 11)


def test_a_factory_returning_an_agent_class_is_refused() -> None:
    def make_class(seed: int) -> Any:
        return EasyAgent

    with pytest.raises(ArgumentTypeError) as error:
        player_agent(make_class, 3)
    assert str(error.value) == (
        "player 'test_a_factory_returning_an_agent_class_is_refused.<locals>.make_class': its factory "
        "returned the class EasyAgent for seed 3, not an agent made from it"
    )


def returns(value: Any, seed: int) -> Any:
    return value


@pytest.mark.parametrize("made", [5, None, 2.5])
def test_a_factory_returning_no_agent_is_refused(made: object) -> None:
    with pytest.raises(ArgumentTypeError) as error:
        player_agent(functools.partial(returns, made), 4)
    assert str(error.value) == (
        f"player 'test_tournament_plan_exact.returns({made!r})': its factory returned {made!r} for "
        "seed 4, not an Agent (an object with choose_call and choose_play)"
    )


@pytest.mark.parametrize(
    ("seed", "index", "seat", "expected"),
    [
        (0, 0, 0, 0),
        (0, 5, 2, 22),
        (1, 0, 0, 4_000_012),
        (1, 0, 3, 4_000_015),
        (2, 7, 1, (2 * 1_000_003 + 7) * 4 + 1),
        (-3, 9, 2, (-3 * 1_000_003 + 9) * 4 + 2),
    ],
)
def test_agent_seeds(seed: int, index: int, seat: int, expected: int) -> None:
    assert agent_seed(seed, index, seat) == expected


@pytest.mark.parametrize(
    ("seed", "index", "expected"),
    [
        (0, 0, ("0/0", Seat.NORTH)),
        (0, 5, ("0/5", Seat.WEST)),
        (12, 6, ("12/6", Seat.SOUTH)),
        (-4, 7, ("-4/7", Seat.EAST)),
        (3, 8, ("3/8", Seat.NORTH)),
    ],
)
def test_game_deals(seed: int, index: int, expected: tuple[str, Seat]) -> None:
    assert game_deal(seed, index) == expected


# -- play_game ---------------------------------------------------------------------------------


def finished(name: str, deal_score: Any) -> Any:
    return SimpleNamespace(name=name, phase=Phase.FINISHED, score=deal_score)


def test_a_duplicate_deal_from_both_sides(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    first = finished("first", score((62, 100), 1, 1, 2, Outcome.MADE))
    second = finished("second", score((81, 0), None, 1, 1, Outcome.LITIGE))
    games = Games([first, second], [[1, 2, 4, 8], [16, 32, 64, 128]])
    games.install(monkeypatch)
    plan = Plan(
        variant=CLASSIC, players=factories(clock), seed=9, deals=True, seating=Seating.DUPLICATE, records=True
    )
    result = play_game(plan, 6)
    # A: seats 0 and 2, then 1 and 3 (0.25 s a decision); B the others (0.5 s)
    assert result.seconds == ((1 + 4 + 32 + 128) * 0.25, (2 + 8 + 16 + 64) * 0.5)
    seeds = [agent_seed(9, 6, seat) for seat in range(4)]
    assert games.calls == [
        ("round", CLASSIC, "9/6", Seat.SOUTH, list(zip("ABAB", seeds, strict=True))),
        ("round", CLASSIC, "9/6", Seat.SOUTH, list(zip("BABA", seeds, strict=True))),
    ]
    assert result == GameResult(
        index=6,
        seed="9/6",
        points=(62 + 0, 100 + 81),
        wins=(0, 1),
        ties=1,
        deals=2,
        # A: seats 0 and 2, then 1 and 3; B the others
        decisions=(1 + 4 + 32 + 128, 2 + 8 + 16 + 64),
        seconds=((1 + 4 + 32 + 128) * 0.25, (2 + 8 + 16 + 64) * 0.5),
        records=("record of first", "record of second"),
        taken=(1, 1),
        made=(0, 1),
        doubled=(1, 0),
    )


def test_a_rotated_deal_played_out_and_one_passed_out(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    played = finished("played", score((20, 142), 0, 0, 1, Outcome.FAILED))
    passed = SimpleNamespace(name="passed", phase=Phase.BIDDING, score="never scored")
    games = Games([played, passed], [[1, 2, 4, 8], [3, 0, 5, 0]])
    games.install(monkeypatch)
    monkeypatch.setattr(plan_module, "score_round", lambda state: state.score if state is played else 1 / 0)
    plan = Plan(
        variant=CLASSIC, players=factories(clock), seed=-2, deals=True, seating=Seating.ROTATE, records=False
    )
    result = play_game(plan, 1)
    assert result.seconds == (2.5, 2.5)
    # rotated: player 0 (A) is on team 1 in an odd game
    assert games.calls[0] == (
        "round",
        CLASSIC,
        "-2/1",
        Seat.WEST,
        list(zip("BABA", [agent_seed(-2, 1, seat) for seat in range(4)], strict=True)),
    )
    assert result == GameResult(
        index=1,
        seed="-2/1",
        points=(142, 20),
        wins=(0, 1),
        ties=0,
        deals=1,
        decisions=(2 + 8, 1 + 4),
        seconds=(2.5, 2.5),
        records=(),
        taken=(0, 1),
        made=(0, 0),
        doubled=(0, 0),
    )
    result = play_game(plan, 2)
    assert result.seconds == (2.0, 0.0)
    assert games.calls[1][2:4] == ("-2/2", Seat.SOUTH)
    assert [name for name, _ in games.calls[1][4]] == list("ABAB")
    assert result == GameResult(
        index=2,
        seed="-2/2",
        points=(0, 0),
        wins=(0, 0),
        ties=1,
        deals=1,
        decisions=(3 + 5, 0),
        seconds=(2.0, 0.0),
        records=(),
    )


def test_duplicate_matches_add_their_deals_and_contracts(
    monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    first = SimpleNamespace(
        name="first",
        scores=(1001, 640),
        history=[
            SimpleNamespace(score=score((100, 62), 0, 0, 1, Outcome.CAPOT)),
            SimpleNamespace(score=None),
            SimpleNamespace(score=score((0, 162), 1, 0, 4, Outcome.DEFENDERS_CAPOT)),
        ],
        winner=0,
    )
    second = SimpleNamespace(
        name="second",
        scores=(700, 700),
        history=[SimpleNamespace(score=score((90, 72), 0, 0, 2, Outcome.FAILED))] * 2,
        winner=1,
    )
    games = Games([first, second], [[1, 1, 1, 1], [0, 2, 0, 2]])
    games.install(monkeypatch)
    monkeypatch.setattr(plan_module, "play_round", None)
    monkeypatch.setattr(plan_module, "score_round", None)
    plan = Plan(
        variant=CLASSIC,
        players=factories(clock),
        seed=5,
        deals=False,
        seating=Seating.DUPLICATE,
        records=True,
    )
    result = play_game(plan, 3)
    assert result.seconds == (0.5 + 1.0, 1.0)
    seeds = [agent_seed(5, 3, seat) for seat in range(4)]
    assert games.calls == [
        ("match", CLASSIC, "5/3", list(zip("ABAB", seeds, strict=True))),
        ("match", CLASSIC, "5/3", list(zip("BABA", seeds, strict=True))),
    ]
    assert result == GameResult(
        index=3,
        seed="5/3",
        points=(1001 + 700, 640 + 700),
        wins=(2, 0),
        ties=0,
        deals=5,
        decisions=(2 + 4, 2),
        seconds=(0.5 + 1.0, 1.0),
        records=("record of first", "record of second"),
        taken=(2 + 0, 0 + 2),
        made=(1, 0),
        doubled=(2, 1),
    )


@pytest.mark.parametrize(("winner", "wins", "ties"), [(1, (0, 1), 0), (0, (1, 0), 0), (None, (0, 0), 1)])
def test_a_fixed_match(
    monkeypatch: pytest.MonkeyPatch, clock: Clock, winner: int | None, wins: tuple[int, int], ties: int
) -> None:
    game = SimpleNamespace(name="only", scores=(480, 1003), history=[], winner=winner)
    games = Games([game], [[0, 0, 0, 0]])
    games.install(monkeypatch)
    plan = Plan(
        variant=CLASSIC, players=factories(clock), seed=0, deals=False, seating=Seating.FIXED, records=False
    )
    result = play_game(plan, 1)
    assert result == GameResult(
        index=1,
        seed="0/1",
        points=(480, 1003),
        wins=wins,
        ties=ties,
        deals=0,
        decisions=(0, 0),
        seconds=(0.0, 0.0),
    )
    assert result.seconds == (0.0, 0.0)
    assert [name for name, _ in games.calls[0][3]] == list("ABAB")


def test_a_duplicate_deal_passed_out_twice(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    passed = SimpleNamespace(name="passed", phase=Phase.BIDDING)
    games = Games([passed, passed], [[1, 0, 0, 0], [1, 0, 0, 0]])
    games.install(monkeypatch)
    plan = Plan(
        variant=CLASSIC, players=factories(clock), seed=0, deals=True, seating=Seating.DUPLICATE, records=True
    )
    result = play_game(plan, 0)
    assert result == GameResult(
        index=0,
        seed="0/0",
        points=(0, 0),
        wins=(0, 0),
        ties=2,
        deals=2,
        decisions=(1, 1),
        seconds=(0.25, 0.5),
        records=("record of passed", "record of passed"),
    )
    assert result.seconds == (0.25, 0.5)


@pytest.mark.parametrize(
    ("outcome", "made"),
    [
        (Outcome.MADE, 1),
        (Outcome.CAPOT, 1),
        (Outcome.FAILED, 0),
        (Outcome.DEFENDERS_CAPOT, 0),
        (Outcome.LITIGE, 0),
        (Outcome.DOUBLED_TIE, 0),
        (Outcome.REPLAY, 0),
    ],
)
def test_a_contract_counts_for_its_taker(outcome: Outcome, made: int) -> None:
    for side in (0, 1):
        for taker in (0, 1):
            player = taker ^ side
            for multiplier, doubled in ((1, 0), (2, 1), (4, 1)):
                counts = ([10, 20], [30, 40], [50, 60])
                plan_module._count_contract(score((0, 0), None, taker, multiplier, outcome), side, *counts)
                expected: tuple[list[int], ...] = ([10, 20], [30, 40], [50, 60])
                expected[0][player] += 1
                expected[1][player] += made
                expected[2][1 - player] += doubled
                assert counts == expected, (side, taker, multiplier)


def test_a_chunk_plays_its_games_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = make_plan(
        ("easy", "easy"),
        games=9,
        variant=CLASSIC,
        seed=1,
        deals=True,
        seating="fixed",
        records=False,
        executor=None,
    )
    played: list[tuple[Plan, int]] = []

    def play_game(plan: Plan, index: int) -> Any:
        played.append((plan, index))
        return index

    monkeypatch.setattr(plan_module, "play_game", play_game)
    assert play_chunk((plan, 3, 6)) == [3, 4, 5]  # type: ignore[comparison-overlap]
    assert played == [(plan, 3), (plan, 4), (plan, 5)]
    assert play_chunk((plan, 7, 7)) == []


def test_a_real_deal_plays_and_records() -> None:
    plan = make_plan(
        ("easy", "easy"),
        games=2,
        variant=CLASSIC,
        seed=1,
        deals=True,
        seating="duplicate",
        records=True,
        executor=None,
    )
    result = play_chunk((plan, 1, 2))[0]
    assert (result.index, result.seed, result.points, result.wins, result.ties, result.deals) == (
        1,
        "1/1",
        (162, 162),
        (1, 1),
        0,
        2,
    )
    assert (result.decisions, result.taken, result.made, result.doubled) == ((38, 38), (1, 1), (1, 1), (0, 0))
    assert len(result.records) == 2
    assert all('"kind":"round"' in record.replace(" ", "") for record in result.records)


# -- names -------------------------------------------------------------------------------------


class Named:
    """A callable with a ``__name__`` but no ``__qualname__``."""

    def __init__(self, name: object) -> None:
        self.__name__ = name

    def __call__(self, seed: int) -> Any:
        return None


class Plain:
    def __call__(self, seed: int) -> Any:
        return None

    def method(self, seed: int) -> Any:
        return None


def nested() -> Any:
    def inner(seed: int) -> Any:
        return None

    return inner


def module_function(*arguments: Any, **options: Any) -> Any:
    return None


class NoQualname:
    """A callable whose ``__qualname__`` is empty: named by its ``__name__``."""

    __qualname__ = ""
    __name__ = "by name"

    def __call__(self, seed: int) -> Any:
        return None


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        (" Hard\t", "hard"),
        ("EASY", "easy"),
        (EasyAgent, "EasyAgent"),
        (nested(), "nested.<locals>.inner"),
        (module_function, "module_function"),
        (Plain().method, "Plain.method"),
        (Named("callable"), "callable"),
        (Named(5), "<test_tournament_plan_exact.Named object>"),
        (Plain(), "<test_tournament_plan_exact.Plain object>"),
        (NoQualname(), "by name"),
        (functools.partial(EasyAgent), "belote.agents.easy.EasyAgent()"),
        (
            functools.partial(module_function, 1, "two", key=None, other=2.5),
            "test_tournament_plan_exact.module_function(1, 'two', key=None, other=2.5)",
        ),
        (
            functools.partial(max, functools.partial(min, 1), key=abs, default=Plain()),
            "builtins.max(builtins.min(1), key=builtins.abs, "
            "default=<test_tournament_plan_exact.Plain object>)",
        ),
        (
            functools.partial(max, Plain().method, EasyAgent, module_function),
            "builtins.max(test_tournament_plan_exact.Plain.method, belote.agents.easy.EasyAgent, "
            "test_tournament_plan_exact.module_function)",
        ),
    ],
)
def test_player_names(spec: Any, name: str) -> None:
    assert player_name(spec) == name


def no_module() -> None:
    """A function whose ``__module__`` is set to ``None`` below: named by its qualified name."""


no_module.__module__ = None  # type: ignore[assignment]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (no_module, "no_module"),
        (frozenset({"tempo", "trumps", "length"}), "frozenset({'length', 'tempo', 'trumps'})"),
        ({"b", "a"}, "{'a', 'b'}"),
        # by their texts, not as Python orders them ({9, 10})
        ({9, 10}, "{10, 9}"),
        (frozenset({9, 10}), "frozenset({10, 9})"),
        (({9, 10},), "({10, 9},)"),
        ([{9, 10}], "[{10, 9}]"),
        ({"k": {9, 10}}, "{'k': {10, 9}}"),
        (set(), "set()"),
        (frozenset(), "frozenset()"),
        ((), "()"),
        ((1,), "(1,)"),
        ((1, 2), "(1, 2)"),
        ([], "[]"),
        ([1], "[1]"),
        ([2, "x"], "[2, 'x']"),
        ({}, "{}"),
        ({"weights": (1, {2.5, 0.5}), "name": [set()]}, "{'weights': (1, {0.5, 2.5}), 'name': [set()]}"),
        ({2: frozenset({3, 1})}, "{2: frozenset({1, 3})}"),
        (
            [Plain(), (Plain(),)],
            "[<test_tournament_plan_exact.Plain object>, (<test_tournament_plan_exact.Plain object>,)]",
        ),
        ({Plain(): 1}, "{<test_tournament_plan_exact.Plain object>: 1}"),
        (Plain(), "<test_tournament_plan_exact.Plain object>"),
        ("text", "'text'"),
        (3, "3"),
        (EasyAgent(seed=2), "EasyAgent(seed=2)"),
    ],
)
def test_value_texts(value: object, text: str) -> None:
    assert plan_module._value_text(value) == text


def test_methods_made_of_other_callables() -> None:
    # a method of a callable without a qualified name (an instance) reads as its repr; one of a
    # callable without a module (a method descriptor) by its qualified name alone
    method: Any = types.MethodType(Plain(), Plain())
    assert plan_module._value_text(method) == (
        "<bound method ? of <test_tournament_plan_exact.Plain object>>"
    )
    assert plan_module._value_text(types.MethodType(str.upper, "x")) == "str.upper"


def test_a_container_holding_itself_reads_as_its_repr() -> None:
    looped: list[object] = [Plain()]
    looped.append(looped)
    assert plan_module._value_text(looped) == "[<test_tournament_plan_exact.Plain object>, [...]]"
    assert player_name(functools.partial(max, looped)) == (
        "builtins.max([<test_tournament_plan_exact.Plain object>, [...]])"
    )


# -- make_plan ---------------------------------------------------------------------------------


def plan_of(players: Any = ("easy", "normal"), **changes: Any) -> Plan:
    options: dict[str, Any] = {
        "games": 3,
        "variant": CLASSIC,
        "seed": 4,
        "deals": True,
        "seating": "rotate",
        "records": False,
        "executor": None,
    }
    return make_plan(players, **{**options, **changes})


class UnstartedPool(ProcessPoolExecutor):
    """A process pool as make_plan sees it (its type), that starts nothing."""

    def __init__(self) -> None:
        pass


def test_a_plan_keeps_what_it_is_given() -> None:
    players = factories(None)
    plan = plan_of(list(players), games=1, seed=Seat.SOUTH, deals=False, seating="duplicate", records=True)
    assert plan == Plan(
        variant=CLASSIC, players=players, seed=2, deals=False, seating=Seating.DUPLICATE, records=True
    )
    assert type(plan.seed) is int
    assert type(plan.players) is tuple
    assert plan_of(seating=Seating.FIXED).seating is Seating.FIXED
    assert plan_of().players == ("easy", "normal")
    assert plan_of(seed=-7).seed == -7


def test_a_process_pool_takes_picklable_players() -> None:
    plan = plan_of(("easy", functools.partial(EasyAgent)), executor=UnstartedPool())
    assert plan.players[0] == "easy"


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"games": "3"}, ArgumentTypeError, "games must be an int, got '3'"),
        ({"games": True}, ArgumentTypeError, "games must be an int, got True"),
        ({"games": 3.0}, ArgumentTypeError, "games must be an int, got 3.0"),
        ({"games": 0}, TournamentError, "games must be at least 1, got 0"),
        ({"games": -5}, TournamentError, "games must be at least 1, got -5"),
        ({"seed": "4"}, ArgumentTypeError, "seed must be an int, got '4'"),
        ({"seed": False}, ArgumentTypeError, "seed must be an int, got False"),
        ({"seed": 2**4096}, BeloteError, "seed is too large: an int of 4097 bits (at most 4096)"),
        ({"variant": "classic"}, ArgumentTypeError, "variant must be a Variant, got 'classic'"),
        ({"deals": "no"}, ArgumentTypeError, "deals must be a bool, got 'no'"),
        ({"deals": 1}, ArgumentTypeError, "deals must be a bool, got 1"),
        ({"records": None}, ArgumentTypeError, "records must be a bool, got None"),
        (
            {"seating": "round"},
            TournamentError,
            "'round' is not a seating: expected one of fixed, rotate, duplicate",
        ),
        (
            {"seating": 1},
            TournamentError,
            "1 is not a seating: expected one of fixed, rotate, duplicate",
        ),
        (
            {"executor": "pool"},
            ArgumentTypeError,
            "executor must be a concurrent.futures.Executor or None, got 'pool'",
        ),
        (
            {"players": "easy"},
            ArgumentTypeError,
            "players must be a pair of levels or agent factories, got 'easy'",
        ),
        (
            {"players": 5},
            ArgumentTypeError,
            "players must be a pair of levels or agent factories, got 5",
        ),
        (
            {"players": ("easy",)},
            ArgumentTypeError,
            "players must be a pair of levels or agent factories, got ('easy',)",
        ),
        (
            {"players": ("easy", "easy", "easy")},
            ArgumentTypeError,
            "players must be a pair of levels or agent factories, got ('easy', 'easy', 'easy')",
        ),
        (
            {"players": ("easy", 7)},
            ArgumentTypeError,
            "a player must be a level name or an agent factory, got 7",
        ),
        (
            {"players": ("pro", "easy")},
            BeloteError,
            "'pro' is not an agent level: expected one of easy, normal, hard, expert",
        ),
    ],
)
def test_make_plan_refusals(changes: dict[str, Any], error: type[Exception], message: str) -> None:
    options = dict(changes)
    players = options.pop("players", ("easy", "normal"))
    with pytest.raises(error) as raised:
        plan_of(players, **options)
    assert str(raised.value) == message
    assert type(raised.value) is error
    assert getattr(raised.value, "reason", None) is Reason.BAD_ARGUMENT


def test_the_first_check_that_fails_is_told() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^games must"):
        plan_of(5, games="x", seed="y")
    with pytest.raises(TournamentError, match=r"^games must"):
        plan_of(5, games=0, seed="y")
    with pytest.raises(ArgumentTypeError, match=r"^seed must"):
        plan_of(5, seed="y", variant=None)
    with pytest.raises(BeloteError, match=r"^seed is too large"):
        plan_of(5, seed=2**4096, variant=None)
    with pytest.raises(ArgumentTypeError, match=r"^variant must"):
        plan_of(5, variant=None)
    with pytest.raises(ArgumentTypeError, match=r"^players must"):
        plan_of(5, deals=None)
    with pytest.raises(ArgumentTypeError, match=r"^a player must"):
        plan_of(("easy", 5), deals=None)
    with pytest.raises(ArgumentTypeError, match=r"^deals must"):
        plan_of(deals=None, records=None)
    with pytest.raises(ArgumentTypeError, match=r"^records must"):
        plan_of(records=None, seating="x")
    with pytest.raises(TournamentError, match="is not a seating"):
        plan_of(seating="x", executor="pool")
    with pytest.raises(ArgumentTypeError, match=r"^executor must"):
        plan_of((lambda seed: None, "easy"), executor="pool")


def test_an_unpicklable_player_is_refused_for_a_process_pool() -> None:
    lambda_player: PlayerSpec = lambda seed: EasyAgent(seed=seed)  # noqa: E731
    with pytest.raises(ArgumentTypeError) as raised:
        plan_of(("easy", lambda_player), executor=UnstartedPool())
    try:
        pickle.dumps(("easy", lambda_player))
    except (pickle.PicklingError, AttributeError) as error:
        reason = str(error)
    assert str(raised.value) == (
        f"players must be picklable to run in a process pool: {reason} "
        "(use a level name, a class, a module-level function or functools.partial)"
    )
    assert plan_of(("easy", lambda_player)).players[1] is lambda_player


# the largest seed whose players' seeds all fit in 4,096 bits, for ``games`` games: the last
# agent seed is (seed * 1_000_003 + games - 1) * 4 + 3, and must stay below 2**4096
LAST = 2**4094 - 1
GAMES = LAST % 1_000_003 + 1
SEED = (LAST - (GAMES - 1)) // 1_000_003


def test_the_players_seeds_must_fit_at_the_last_game() -> None:
    assert agent_seed(SEED, GAMES - 1, 3) == 2**4096 - 1
    assert plan_of(seed=SEED, games=GAMES).seed == SEED
    with pytest.raises(BeloteError) as raised:
        plan_of(seed=SEED, games=GAMES + 1)
    assert str(raised.value) == (
        "seed (in the players' seeds it gives) is too large: an int of 4097 bits (at most 4096)"
    )
    with pytest.raises(BeloteError, match=re.escape("seed (in the players' seeds it gives)")):
        plan_of(seed=SEED + 1, games=1)


def test_the_players_seeds_must_fit_at_the_first_game_of_a_negative_seed() -> None:
    smallest = -((2**4096 - 1) // 4_000_012)  # its first agent seed still fits
    assert plan_of(seed=smallest, games=5).seed == smallest
    with pytest.raises(BeloteError) as raised:
        plan_of(seed=smallest - 1, games=5)
    assert str(raised.value) == (
        "seed (in the players' seeds it gives) is too large: an int of 4097 bits (at most 4096)"
    )


# -- the plan's type, callbacks and chunks -----------------------------------------------------


def test_a_plan_is_frozen_and_unordered() -> None:
    plan = plan_of()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        plan.seed = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        _ = plan < plan  # type: ignore[operator]
    assert plan == plan_of()
    assert hash(plan) == hash(plan_of())
    timed = plan_module._Timed(Bot("A", 1, 0.0, None))
    with pytest.raises(AttributeError):
        timed.extra = 1  # type: ignore[attr-defined]


def test_check_callback() -> None:
    check_callback(None, "progress")
    check_callback(print, "progress")
    with pytest.raises(ArgumentTypeError) as raised:
        check_callback(5, "on_game")
    assert str(raised.value) == "on_game must be a function or None, got 5"
    with pytest.raises(ArgumentTypeError) as raised:
        check_callback("print", "progress")
    assert str(raised.value) == "progress must be a function or None, got 'print'"


def test_chunk_limits() -> None:
    assert chunk_limit(plan_of(deals=True)) == 64
    assert chunk_limit(plan_of(deals=False)) == 8


def bounds(tasks: Iterator[tuple[Plan, int, int]], plan: Plan) -> list[tuple[int, int]]:
    spans = []
    for task_plan, start, stop in tasks:
        assert task_plan is plan
        spans.append((start, stop))
    return spans


def test_chunks_of_a_given_size() -> None:
    plan = plan_of()
    assert bounds(chunks(plan, 8, 3), plan) == [(0, 3), (3, 6), (6, 8)]
    assert bounds(chunks(plan, 8, 3, first=2), plan) == [(2, 5), (5, 8)]
    assert bounds(chunks(plan, 8, 1, first=6), plan) == [(6, 7), (7, 8)]
    assert bounds(chunks(plan, 8, 8), plan) == [(0, 8)]
    assert bounds(chunks(plan, 8, 9), plan) == [(0, 8)]
    assert bounds(chunks(plan, 8, 3, first=8), plan) == []
    assert bounds(chunks(plan, 1, 1), plan) == [(0, 1)]


@pytest.mark.parametrize(
    ("deals", "games", "size"),
    [
        (True, 1, 1),
        (True, 63, 1),
        (True, 64, 2),
        (True, 95, 2),
        (True, 96, 3),
        (True, 2047, 63),
        (True, 2048, 64),
        (True, 5000, 64),
        (False, 255, 7),
        (False, 256, 8),
        (False, 1000, 8),
    ],
)
def test_chunks_by_default(deals: bool, games: int, size: int) -> None:
    plan = plan_of(deals=deals)
    spans = bounds(chunks(plan, games, None), plan)
    assert spans[0] == (0, size)
    assert spans[-1][1] == games
    assert all(stop == start + size for start, stop in spans[:-1])
    assert [start for start, _ in spans[1:]] == [stop for _, stop in spans[:-1]]
    spans = bounds(chunks(plan, games, None, first=games - 1), plan)
    assert spans == [(games - 1, games)]


class ScriptedPacer(Pacer):
    """A pacer giving scripted sizes and keeping what it was asked."""

    def __init__(self, sizes: list[int]) -> None:
        super().__init__(workers=1, limit=1)
        self.sizes = list(sizes)
        self.asked: list[int] = []

    def size(self, *, remaining: int) -> int:
        self.asked.append(remaining)
        return self.sizes.pop(0)


def test_paced_chunks() -> None:
    plan = plan_of()
    pacer = ScriptedPacer([1, 2, 5])
    assert bounds(chunks(plan, 6, None, pacer=pacer), plan) == [(0, 1), (1, 3), (3, 6)]
    assert pacer.asked == [6, 5, 3]
    pacer = ScriptedPacer([2, 4])
    assert bounds(chunks(plan, 9, None, first=3, pacer=pacer), plan) == [(3, 5), (5, 9)]
    assert pacer.asked == [6, 4]
    pacer = ScriptedPacer([])
    assert bounds(chunks(plan, 4, 3, pacer=pacer), plan) == [(0, 3), (3, 4)]
    assert pacer.asked == []


@pytest.mark.parametrize(
    ("size", "error", "message"),
    [
        (2.0, ArgumentTypeError, "chunk_size must be an int, got 2.0"),
        (True, ArgumentTypeError, "chunk_size must be an int, got True"),
        ("2", ArgumentTypeError, "chunk_size must be an int, got '2'"),
        (0, TournamentError, "chunk_size must be at least 1, got 0"),
        (-1, TournamentError, "chunk_size must be at least 1, got -1"),
    ],
)
def test_chunk_size_refusals(size: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        check_chunk_size(size)
    assert str(raised.value) == message
    assert type(raised.value) is error
    with pytest.raises(error) as raised:
        next(chunks(plan_of(), 5, size))  # type: ignore[arg-type]
    assert str(raised.value) == message
    check_chunk_size(1)
