"""The tournament runner: same seed, same summary and records on every executor; bad arguments."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote
from belote import BULGARIAN, BeloteError, TournamentError, loads, tournament
from belote.agents import EasyAgent, HardAgent, NormalAgent
from belote.bidding import Call, Double
from belote.errors import ArgumentTypeError
from belote.games import play_match, play_round
from belote.round import Phase, RoundState, score_round
from belote.scoring import Outcome
from belote.seats import Seat
from belote.tournament import GameResult, Seating
from belote.tournament._executing import TASK_SECONDS, Pacer
from belote.tournament.plan import chunks, make_plan, player_name
from belote.views import PlayerView

GAMES = 6


def _run(executor: Executor | None, **options: object) -> tuple[belote.TournamentSummary, list[GameResult]]:
    found: list[GameResult] = []
    summary = tournament(
        ("normal", EasyAgent),
        games=GAMES,
        seed=11,
        deals=True,
        seating="duplicate",
        records=True,
        executor=executor,
        on_game=found.append,
        **{"chunk_size": 2, **options},  # type: ignore[arg-type]
    )
    return summary, found


@pytest.fixture(scope="module")
def reference() -> tuple[belote.TournamentSummary, list[GameResult]]:
    return _run(None)


def test_the_same_summary_and_records_in_a_process_pool_and_a_thread_pool(reference) -> None:  # type: ignore[no-untyped-def]
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert _run(pool) == reference
    with ThreadPoolExecutor(max_workers=3) as threads:
        assert _run(threads, chunk_size=None) == reference
    _summary, results = reference
    assert [result.index for result in results] == list(range(GAMES))
    assert all(len(result.records) == 2 for result in results)


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor]:
    distributed = pytest.importorskip(
        "distributed", reason="the Dask test needs the dask extra: pip install 'belote-rules[dask]'"
    )
    with distributed.Client(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address="127.0.0.1:0"
    ) as client:
        yield client.get_executor()


def test_the_same_summary_and_records_on_a_dask_cluster(reference, dask_executor) -> None:  # type: ignore[no-untyped-def]
    assert _run(dask_executor) == reference


def test_a_run_again_after_one_stopped_early_on_the_same_dask_client() -> None:
    """A stopped run cancels its pending tasks; Dask names a task by its function and argument,
    so the same tournament run again on the same client got those cancelled tasks back (a bare
    CancelledError) until each run's tasks carried a token of their own. A worker process, as
    on a real cluster: the cancelled tasks outlive the stopped run there."""
    distributed = pytest.importorskip(
        "distributed", reason="the Dask test needs the dask extra: pip install 'belote-rules[dask]'"
    )
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        _stop_and_run_again(client.get_executor())


def _stop_and_run_again(dask_executor: Executor) -> None:

    def stop(done: int, total: int) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    arguments: dict[str, Any] = {"games": 12, "deals": True, "seed": 8, "executor": dask_executor}
    with pytest.raises(KeyboardInterrupt):
        tournament(("normal", "easy"), progress=stop, **arguments)
    again = tournament(("normal", "easy"), **arguments)
    assert again == tournament(("normal", "easy"), games=12, deals=True, seed=8)


def test_a_closed_dask_client_is_refused(dask_executor: Executor) -> None:
    import distributed

    client = distributed.Client(
        processes=False, n_workers=1, threads_per_worker=1, dashboard_address="127.0.0.1:0"
    )
    executor = client.get_executor()
    client.close()
    with pytest.raises(TournamentError, match="cannot take work"):
        tournament(("easy", "easy"), games=2, deals=True, executor=executor)


def test_the_summary_adds_up_what_a_bare_loop_plays() -> None:
    summary = tournament(("normal", "easy"), games=5, deals=True, seating="fixed", seed=4)
    points = [0, 0]
    wins = [0, 0]
    for index in range(5):
        agents = [
            belote.make_agent(("normal", "easy")[seat & 1], seed=(4 * 1_000_003 + index) * 4 + seat)
            for seat in range(4)
        ]
        state = play_round(belote.CLASSIC, agents, seed=f"4/{index}", dealer=Seat(index % 4))
        score = score_round(state) if state.phase is Phase.FINISHED else None
        scored = (0, 0) if score is None else score.points
        points = [points[0] + scored[0], points[1] + scored[1]]
        if score is not None and score.winner is not None:
            wins[score.winner] += 1
    assert summary.points == tuple(points)
    assert summary.wins == tuple(wins)
    assert summary.ties == 5 - sum(wins)
    assert summary.plays == 5
    assert summary.decisions[0] > 0
    assert summary.decisions[1] > 0
    assert summary.seconds_per_decision[0] > 0


def test_rotated_seats_swap_sides_every_game() -> None:
    found: list[GameResult] = []
    tournament(("normal", "easy"), games=2, seating="rotate", seed=2, records=True, on_game=found.append)
    for index, result in enumerate(found):
        agents = [
            belote.make_agent(
                ("normal", "easy")[(seat & 1) ^ (index % 2)], seed=(2 * 1_000_003 + index) * 4 + seat
            )
            for seat in range(4)
        ]
        played = play_match(belote.CLASSIC, agents, seed=f"2/{index}")
        assert result.records == (belote.dumps(played),)
        side = index % 2
        assert result.points == (played.scores[side], played.scores[1 - side])


def test_duplicate_plays_each_game_twice_with_the_same_cards(reference) -> None:  # type: ignore[no-untyped-def]
    summary, results = reference
    assert summary.plays == 2 * GAMES
    for result in results:
        first, second = (belote.loads(text) for text in result.records)
        assert isinstance(first, belote.RoundState)
        assert isinstance(second, belote.RoundState)
        assert first.deck == second.deck
        assert first.dealer == second.dealer


def test_results_stream_to_a_file_as_json_lines(tmp_path: Path) -> None:
    target = tmp_path / "games.jsonl"
    summary = tournament(("easy", "easy"), games=3, deals=True, output=target, records=True)
    lines = [json.loads(line) for line in target.read_text().splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2]
    assert sum(line["points"][0] for line in lines) == summary.points[0]
    assert lines[0]["records"][0]["kind"] == "round"
    stream = io.StringIO()
    tournament(("easy", "easy"), games=3, deals=True, output=stream, records=True)
    assert stream.getvalue().count("\n") == 3


def test_progress_is_reported_after_each_chunk() -> None:
    seen: list[tuple[int, int]] = []
    tournament(("easy", "easy"), games=5, deals=True, chunk_size=2, progress=lambda *args: seen.append(args))
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_a_partial_factory_is_a_player() -> None:
    summary = tournament((partial(HardAgent, samples=2), NormalAgent), games=1, deals=True)
    assert summary.players == ("belote.agents.hard.HardAgent(samples=2)", "NormalAgent")


NAMED = """
from functools import partial
from belote.agents import HardAgent, NormalAgent


def bot(seed, level="normal", helper=None):
    return NormalAgent(seed)


class Coach:
    def make(self, seed):
        return NormalAgent(seed)

    def __call__(self, seed):
        return NormalAgent(seed)


class Named(Coach):
    def __repr__(self):
        return "Named(strict=True)"


SPECS = [
    " Hard",
    NormalAgent,
    bot,
    lambda seed: NormalAgent(seed),
    Coach().make,
    Coach(),
    Named(),
    partial(HardAgent, samples=2),
    partial(bot, level="easy"),
    partial(partial(bot, 1), level="easy"),
    partial(bot, helper=partial(bot, helper=bot)),
    partial(bot, helper=Coach()),
    partial(bot, helper=[Coach().make, object()]),
    partial(Coach().make),
    partial(Named()),
    partial(max, partial(min, 1), key=abs),
]
"""


def _names_in_this_process() -> list[str]:
    namespace: dict[str, object] = {"__name__": "bots"}
    exec(NAMED, namespace)
    specs = namespace["SPECS"]
    assert isinstance(specs, list)
    return [player_name(spec) for spec in specs]


def test_player_names_are_the_same_in_another_process_and_show_no_address() -> None:
    """Resuming compares the names written by another process: a name holds no object address
    (QA found a partial named ``functools.partial(<function f at 0x7fd7...>)``)."""
    script = (
        "import json, sys\n"
        "from belote.tournament.plan import player_name\n"
        "namespace = {'__name__': 'bots'}\n"
        "exec(sys.stdin.read(), namespace)\n"
        "print(json.dumps([player_name(spec) for spec in namespace['SPECS']]))\n"
    )
    there = subprocess.run(
        [sys.executable, "-c", script], input=NAMED, capture_output=True, text=True, check=True
    )
    here = _names_in_this_process()
    assert json.loads(there.stdout) == here
    assert not [name for name in here if "0x" in name]
    assert here == [
        "hard",
        "NormalAgent",
        "bot",
        "<lambda>",
        "Coach.make",
        "<bots.Coach object>",
        "Named(strict=True)",
        "belote.agents.hard.HardAgent(samples=2)",
        "bots.bot(level='easy')",
        "bots.bot(1, level='easy')",
        "bots.bot(helper=bots.bot(helper=bots.bot))",
        "bots.bot(helper=<bots.Coach object>)",
        "bots.bot(helper=[<bound method Coach.make of <bots.Coach object>>, <object object>])",
        "bots.Coach.make()",
        "Named(strict=True)()",
        "builtins.max(builtins.min(1), key=builtins.abs)",
    ]


@pytest.mark.parametrize(
    ("factory", "made"),
    [
        (lambda seed: 5, "returned 5 for seed"),
        (lambda seed: NormalAgent, "returned the class NormalAgent for seed"),
        (lambda seed: None, "returned None for seed"),
    ],
)
def test_a_factory_that_makes_no_agent_is_refused_with_the_players_name(factory: object, made: str) -> None:
    """The games wrap every agent to time it: the wrapper must not hide what the factory made
    (an ``AttributeError`` deep in the game, or an agent class passing the protocol's check)."""
    with pytest.raises(ArgumentTypeError, match=f"player '.*<lambda>': its factory {made} 0, not an"):
        tournament((factory, "easy"), games=1, deals=True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=made), ThreadPoolExecutor(max_workers=1) as threads:
        tournament(("easy", factory), games=2, executor=threads, seating="duplicate")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"games": 0}, TournamentError, "games must be at least 1"),
        ({"games": "3"}, TypeError, "games must be an int"),
        ({"players": ("normal", "master")}, BeloteError, "'master' is not an agent level"),
        ({"players": ("normal",)}, TypeError, "players must be a pair"),
        ({"players": ("normal", 3)}, TypeError, "a player must be a level name"),
        ({"seating": "round robin"}, TournamentError, "is not a seating"),
        ({"chunk_size": 0}, TournamentError, "chunk_size must be at least 1"),
        ({"executor": "pool"}, TypeError, "executor must be a concurrent.futures.Executor"),
        ({"variant": "classic"}, TypeError, "variant must be a Variant"),
        ({"output": 3}, TypeError, "output must be a path or a text stream"),
        ({"deals": "no"}, ArgumentTypeError, "deals must be a bool, got 'no'"),
        ({"deals": 1}, ArgumentTypeError, "deals must be a bool"),
        ({"records": "yes"}, ArgumentTypeError, "records must be a bool, got 'yes'"),
        ({"on_game": 5}, ArgumentTypeError, "on_game must be a function or None, got 5"),
        ({"progress": "bar"}, ArgumentTypeError, "progress must be a function or None"),
    ],
)
def test_bad_arguments_raise_clear_errors(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    arguments: dict[str, object] = {"players": ("normal", "easy"), "games": 2, "deals": True, **options}
    with pytest.raises(error, match=message):
        tournament(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{"on_game": 5}, {"progress": 5}, {"records": "yes"}])
def test_a_bad_callback_or_flag_leaves_the_output_untouched(
    tmp_path: Path, options: dict[str, object]
) -> None:
    """A callback that is not callable failed after the first game, the output already emptied."""
    target = tmp_path / "games.jsonl"
    target.write_text("kept\n", encoding="utf-8")
    with pytest.raises(ArgumentTypeError):
        tournament(("easy", "easy"), games=2, deals=True, output=target, **options)  # type: ignore[arg-type]
    assert target.read_text(encoding="utf-8") == "kept\n"


def test_a_closed_executor_and_an_unpicklable_factory_are_refused() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    pool.shutdown()
    with pytest.raises(TournamentError, match="shut down"):
        tournament(("easy", "easy"), games=2, deals=True, executor=pool)
    with ProcessPoolExecutor(max_workers=1) as processes, pytest.raises(ArgumentTypeError, match="picklable"):
        tournament((lambda seed: EasyAgent(seed), "easy"), games=2, executor=processes)


def test_seating_plays() -> None:
    assert [seating.plays for seating in Seating] == [1, 1, 2]
    assert Seating.ROTATE.sides(3) == (1,)


def test_the_command_line_gives_the_same_json_on_a_local_dask_cluster(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip(
        "distributed", reason="--scheduler needs the dask extra: pip install 'belote-rules[dask]'"
    )
    from belote.cli import main

    args = ["simulate", "-n", "4", "--deals", "--seed", "8", "--json", "--no-progress", "--seating", "rotate"]
    assert main(args) == 0
    here = capsys.readouterr().out
    assert main([*args, "--scheduler", "local:1", "--out", str(tmp_path / "games.jsonl")]) == 0
    assert capsys.readouterr().out == here
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 4
    assert main(["selfplay", "--out", str(tmp_path / "shards"), "-n", "3", "--deals", "--no-progress"]) == 0
    assert "3 deals in 1 shard in" in capsys.readouterr().out
    assert main(["simulate", "--scheduler", "local:x"]) == 2
    assert "local:N needs a number" in capsys.readouterr().err


def test_chunks_in_flight_grow_with_the_workers(dask_executor: Executor) -> None:
    from belote.tournament._executing import window

    with ThreadPoolExecutor(max_workers=8) as threads:
        assert window(threads) == 32
    assert window(dask_executor) == 16  # 2 workers: the minimum
    assert window(None) == 64


class AlwaysPass:
    """A player that never takes: every deal is passed out."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose_call(self, view: belote.PlayerView) -> belote.Call:
        return belote.Pass()

    def choose_play(self, view: belote.PlayerView) -> belote.Play:
        raise AssertionError("nobody takes, nobody plays")


def test_a_litige_deal_is_a_tie_whose_held_points_go_to_nobody() -> None:
    """Game 212 of seed 0 (classic, duplicate): one table ends in a litige, the defenders
    writing their 81 and the takers' 81 held for a next deal there is not; the deal is won by
    nobody (it was counted a win for the defenders by the points written)."""
    from belote.tournament.plan import Plan, Seating, play_game

    result = play_game(Plan(belote.CLASSIC, ("normal", "easy"), 0, True, Seating.DUPLICATE, True), 212)
    outcomes = [score_round(loads(record)) for record in result.records]
    assert [(str(score.outcome), score.points, score.breakdown.held) for score in outcomes] == [
        ("litige", (81, 0), 81),
        ("made", (51, 111), 0),
    ]
    assert (result.wins, result.ties, result.points) == ((1, 0), 1, (192, 51))


def test_the_win_interval_counts_a_duplicate_game_as_one_trial() -> None:
    """The two plays of a duplicate game share their cards: the game is one trial (won by the
    share of its plays won), not two independent ones; a single play is its game's trial."""
    from belote.stats import wilson

    duplicate = tournament(("normal", "easy"), games=12, deals=True, seating="duplicate", seed=3)
    assert duplicate.plays == 24
    assert duplicate.win_interval == (
        wilson(duplicate.wins[0] / 2, 12),
        wilson(duplicate.wins[1] / 2, 12),
    )
    assert duplicate.win_interval[0] != wilson(duplicate.wins[0], 24)
    fixed = tournament(("normal", "easy"), games=12, deals=True, seating="fixed", seed=3)
    assert fixed.win_interval == (wilson(fixed.wins[0], 12), wilson(fixed.wins[1], 12))


def test_passed_out_deals_are_ties_and_the_summary_still_compares_equal() -> None:
    summary = tournament((AlwaysPass, AlwaysPass), games=3, deals=True)
    assert summary.ties == 3
    assert summary.wins == (0, 0)
    assert summary.share_interval == (None, None)
    assert summary == tournament((AlwaysPass, AlwaysPass), games=3, deals=True)
    assert summary.win_interval[0][0] == 0.0
    assert summary.as_json()["players"][0]["point_share"] is None


@settings(max_examples=6, deadline=None)
@given(chunk=st.integers(min_value=1, max_value=9), seed=st.integers(min_value=0, max_value=10**6))
def test_the_chunk_size_never_changes_the_results(chunk: int, seed: int) -> None:
    def run(size: int | None) -> tuple[belote.TournamentSummary, list[GameResult]]:
        found: list[GameResult] = []
        summary = tournament(
            ("easy", "normal"), games=7, deals=True, seed=seed, chunk_size=size, on_game=found.append
        )
        return summary, found

    assert run(chunk) == run(None)


@settings(max_examples=60, deadline=None)
@given(
    games=st.integers(min_value=1, max_value=400),
    workers=st.one_of(st.none(), st.integers(min_value=1, max_value=16)),
    limit=st.integers(min_value=1, max_value=64),
    times=st.lists(st.floats(min_value=0.0, max_value=3.0), min_size=1, max_size=30),
)
def test_paced_chunks_cover_every_game_once_in_order(
    games: int, workers: int | None, limit: int, times: list[float]
) -> None:
    plan = make_plan(
        ("easy", "easy"),
        games=games,
        variant=belote.CLASSIC,
        seed=0,
        deals=True,
        seating="fixed",
        records=False,
        executor=None,
    )
    pacer = Pacer(workers=workers, limit=limit)
    bounds = []
    for number, (_plan, start, stop) in enumerate(chunks(plan, games, None, pacer=pacer)):
        bounds.append((start, stop))
        size = stop - start
        assert 1 <= size <= limit
        if number == 0:
            assert size == 1  # nothing observed yet
        else:
            assert size == 1 or size <= (games - start) // (2 * (workers or 4))
        pacer.observe(games=size, seconds=times[number % len(times)] * size)
    assert [start for start, _ in bounds] == [0] + [stop for _, stop in bounds[:-1]]
    assert bounds[-1][1] == games


def test_the_pacer_aims_at_a_quarter_second_per_task() -> None:
    pacer = Pacer(workers=2, limit=64)
    assert pacer.size(remaining=1000) == 1
    pacer.observe(games=4, seconds=0.04)  # 10 ms a game
    assert pacer.size(remaining=1000) == round(TASK_SECONDS / 0.01) == 25
    assert pacer.size(remaining=60) == 15  # half a worker's share of what is left
    assert pacer.size(remaining=3) == 1
    pacer.observe(games=1, seconds=5.0)  # slow games: one per task
    assert pacer.size(remaining=1000) == 1
    fast = Pacer(workers=1, limit=8)
    fast.observe(games=10, seconds=0.0)
    assert fast.size(remaining=1000) == 8
    tiny = Pacer(workers=1, limit=8)
    tiny.observe(games=1, seconds=5e-324)  # a subnormal time: no division into infinity
    assert tiny.size(remaining=1000) == 8


def test_paced_chunks_on_an_executor_give_the_unpaced_results(reference) -> None:  # type: ignore[no-untyped-def]
    with ThreadPoolExecutor(max_workers=2) as threads:
        paced = _run(threads, chunk_size=None)
    assert paced == reference


class ContraBot(NormalAgent):
    """The normal player that says contra whenever it may."""

    def choose_call(self, view: PlayerView) -> Call:
        return Double() if Double() in view.legal_bids else super().choose_call(view)


def test_bidding_counts_agree_with_the_played_contracts() -> None:
    results: list[GameResult] = []
    summary = tournament(
        (ContraBot, "easy"),
        games=12,
        variant=BULGARIAN,
        deals=True,
        seating="duplicate",
        seed=4,
        records=True,
        on_game=results.append,
    )
    taken, made, doubled = [0, 0], [0, 0], [0, 0]
    for result in results:
        for side, text in zip((0, 1), result.records, strict=True):
            state = loads(text)
            assert isinstance(state, RoundState)
            if state.phase is not Phase.FINISHED:
                continue
            score = score_round(state)
            player = int(score.contract.taker_team) ^ side
            taken[player] += 1
            made[player] += score.outcome in (Outcome.MADE, Outcome.CAPOT)
            doubled[1 - player] += score.contract.multiplier > 1
    assert (list(summary.taken), list(summary.made), list(summary.doubled)) == (taken, made, doubled)
    assert summary.taken[0] > 0
    assert summary.made[0] > 0
    assert summary.doubled[0] > 0
    assert summary.take_rate[0] == summary.taken[0] / summary.deals
    assert summary.made_rate[0] == summary.made[0] / summary.taken[0]
    assert summary.contra_rate[1] == summary.doubled[1] / summary.taken[0]
    assert summary.as_json()["players"][0]["taken"] == summary.taken[0]


def _featured_bot(seed: int, features: frozenset[str] = frozenset()) -> EasyAgent:
    return EasyAgent(seed=seed)


def test_a_name_with_a_set_is_the_same_in_every_process() -> None:
    """A set's repr follows the process's string hashing: a partial with a set of strings had
    another name in each process, and a run another process started could not be resumed."""
    code = (
        "from functools import partial\n"
        "from tests.test_tournament import _featured_bot\n"
        "from belote.tournament.plan import player_name\n"
        "features = frozenset({'tempo', 'trumps', 'points', 'length'})\n"
        "print(player_name(partial(_featured_bot, features=features, weights={'a': {'x', 'y', 'z'}})))\n"
    )
    names = set()
    for hash_seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        names.add(done.stdout.strip())
    assert names == {
        "tests.test_tournament._featured_bot(features=frozenset({'length', 'points', 'tempo', 'trumps'}),"
        " weights={'a': {'x', 'y', 'z'}})"
    }
