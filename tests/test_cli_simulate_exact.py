"""Exact tests of ``belote simulate`` (``belote.cli.simulate``): the job's settings, the summary
as JSON and as a table (each percentage, interval, seat column and the lines around it), the
progress bar on a terminal and elsewhere (every tenth, its width, its end) and what ``run`` hands
to the tournament and writes when it ends.

The command's own tests run it in a subprocess, with a process pool; here the summaries are
built by hand, the tournament is replaced by a spy that records its arguments and reports
progress, and the clock by a stand-in, so every test runs in process, at once, and a changed
format, bound or argument fails it.
"""

from __future__ import annotations

import io
import json
import math
import time
from collections.abc import Callable
from typing import Any, TextIO, cast

import attrs
import pytest

from belote import CLASSIC
from belote.cli import simulate as command
from belote.cli.simulate import Job, ProgressBar, run, summary_json, summary_lines
from belote.seats import Team
from belote.tournament import Seating, TournamentSummary

SUMMARY = TournamentSummary(
    variant="classic",
    players=("normal", "easy"),
    unit="matches",
    seating=Seating.FIXED,
    games=10,
    seed=7,
    plays=10,
    deals=93,
    wins=(6, 3),
    ties=1,
    points=(5000, 4000),
    share=(0.55, 0.45),
    share_interval=((0.5, 0.6), (0.4, 0.5)),
    decisions=(100, 100),
    taken=(10, 9),
    made=(8, 6),
    doubled=(1, 0),
    seconds_per_decision=(0.01, 0.0004),
    elapsed=3.0,
)


class Terminal(io.StringIO):
    """A stream that says whether it is a terminal and counts its flushes."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty
        self.flushes = 0

    def isatty(self) -> bool:
        return self.tty

    def flush(self) -> None:
        self.flushes += 1


def test_job_defaults() -> None:
    job = Job(variant=CLASSIC, levels=("hard", "easy"), count=5, seed=2)
    assert (job.variant, job.levels, job.count, job.seed, job.deals, job.seating) == (
        CLASSIC,
        ("hard", "easy"),
        5,
        2,
        False,
        Seating.FIXED,
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        job.count = 6  # type: ignore[misc]
    assert command.__all__ == ["Job", "ProgressBar", "run", "summary_json", "summary_lines"]


# -- the summary -------------------------------------------------------------------------------------


def test_summary_json() -> None:
    assert summary_json(SUMMARY, "classic:target=501") == {
        "variant": "classic:target=501",
        "unit": "matches",
        "seating": "fixed",
        "count": 10,
        "plays": 10,
        "seed": 7,
        "deals_played": 93,
        "draws": 1,
        "teams": [
            {
                "team": 0,
                "seats": [0, 2],
                "level": "normal",
                "wins": 6,
                "win_rate": 0.6,
                "win_rate_ci95": list(SUMMARY.win_interval[0]),
                "points": 5000,
                "point_share": 0.55,
                "point_share_ci95": [0.5, 0.6],
            },
            {
                "team": 1,
                "seats": [1, 3],
                "level": "easy",
                "wins": 3,
                "win_rate": 0.3,
                "win_rate_ci95": list(SUMMARY.win_interval[1]),
                "points": 4000,
                "point_share": 0.45,
                "point_share_ci95": [0.4, 0.5],
            },
        ],
    }
    json.dumps(summary_json(SUMMARY, "classic"))


def test_summary_json_without_shares_and_seats() -> None:
    rotated = attrs.evolve(
        SUMMARY, seating=Seating.ROTATE, share=(math.nan, 0.5), share_interval=(None, (0.1, 0.9))
    )
    teams = summary_json(rotated, "classic")["teams"]
    assert [(team["seats"], team["point_share"], team["point_share_ci95"]) for team in teams] == [
        (None, None, None),
        (None, 0.5, [0.1, 0.9]),
    ]
    assert summary_json(rotated, "classic")["seating"] == "rotate"


def test_summary_lines() -> None:
    assert summary_lines(SUMMARY, "classic:target=501") == [
        "10 matches of classic:target=501, seed 7:",
        "team  seats  level   wins  win rate (95% CI)      point share (95% CI)   ms/decision",
        "----  -----  ------  ----  ---------------------  ---------------------  -----------",
        "0     0 & 2  normal     6  60.0% (31.3% - 83.2%)  55.0% (50.0% - 60.0%)  10.00",
        "1     1 & 3  easy       3  30.0% (10.8% - 60.3%)  45.0% (40.0% - 50.0%)  0.40",
        "1 drawn, passed out or unfinished; 93 deals played in all.",
    ]


def test_summary_lines_of_deals_in_duplicate_seating() -> None:
    duplicate = attrs.evolve(
        SUMMARY,
        variant="bulgarian",
        unit="deals",
        seating=Seating.DUPLICATE,
        games=1,
        plays=2,
        deals=1,
        wins=(1, 0),
        ties=1,
        share=(math.nan, 0.25),
        share_interval=(None, None),
    )
    assert summary_lines(duplicate) == [
        "1 deal (2 plays) of bulgarian, seed 7:",
        "team  seats      level   wins  win rate (95% CI)     point share (95% CI)  ms/decision",
        "----  ---------  ------  ----  --------------------  --------------------  -----------",
        "0     duplicate  normal     1  50.0% (5.5% - 94.5%)  n/a                   10.00",
        "1     duplicate  easy       0  0.0% (0.0% - 79.3%)   25.0%                 0.40",
        "1 drawn, passed out or unfinished; 1 deal played in all.",
    ]
    untied = attrs.evolve(duplicate, games=3, plays=3, wins=(1, 2), ties=0, deals=3)
    assert summary_lines(untied)[0] == "3 deals of bulgarian, seed 7:"
    assert summary_lines(untied)[-1] == "3 deals played in all."
    assert (
        summary_lines(attrs.evolve(SUMMARY, games=1, plays=1, wins=(1, 0)))[0]
        == "1 match of classic, seed 7:"
    )


def test_seats() -> None:
    assert command._seats(SUMMARY, Team(0)) == "0 & 2"
    assert command._seats(SUMMARY, Team(1)) == "1 & 3"
    assert command._seats(attrs.evolve(SUMMARY, seating=Seating.ROTATE), Team(1)) == "rotate"
    assert command._games(SUMMARY, 2) == "2 matches"
    assert command._games(attrs.evolve(SUMMARY, unit="deals"), 1) == "1 deal"


# -- the progress bar --------------------------------------------------------------------------------


def test_the_bar_elsewhere_than_a_terminal_every_tenth() -> None:
    stream = Terminal(tty=False)
    bar = ProgressBar(cast(TextIO, stream), 20)
    for done in range(21):
        bar(done)
    lines = stream.getvalue().split("\n")
    assert lines == [
        f"[{'#' * (done * 30 // 20)}{'.' * (30 - done * 30 // 20)}] {done}/20" for done in range(0, 21, 2)
    ] + [""]
    assert stream.flushes == 11
    assert bar.shown == 10


def test_the_bar_shows_the_last_game_even_within_a_tenth() -> None:
    stream = Terminal(tty=False)
    bar = ProgressBar(cast(TextIO, stream), 3)
    for done in (0, 1, 1, 2, 3, 3):
        bar(done)
    assert stream.getvalue() == (
        "[..............................] 0/3\n"
        "[##########....................] 1/3\n"
        "[####################..........] 2/3\n"
        "[##############################] 3/3\n"
        "[##############################] 3/3\n"
    )


def test_the_bar_on_a_terminal_is_redrawn_in_place() -> None:
    stream = Terminal(tty=True)
    bar = ProgressBar(cast(TextIO, stream), 4)
    for done in (0, 1, 1, 4):
        bar(done)
    assert stream.getvalue() == (
        "\r[..............................] 0/4"
        "\r[#######.......................] 1/4"
        "\r[#######.......................] 1/4"
        "\r[##############################] 4/4\n"
    )
    assert stream.flushes == 4


def test_a_bar_of_no_game_and_a_disabled_bar() -> None:
    stream = Terminal(tty=False)
    ProgressBar(cast(TextIO, stream), 0)(0)
    assert stream.getvalue() == "[..............................] 0/0\n"
    quiet = Terminal(tty=True)
    bar = ProgressBar(cast(TextIO, quiet), 4, enabled=False)
    bar(4)
    assert (quiet.getvalue(), quiet.flushes) == ("", 0)
    assert (bar.total, bar.enabled, bar.tty, bar.shown) == (4, False, True, -1)


class Bare:
    """A stream without ``isatty``."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_a_stream_without_isatty_is_no_terminal() -> None:
    stream = Bare()
    bar = ProgressBar(cast(TextIO, stream), 1)
    assert bar.tty is False
    bar(1)
    assert stream.text == "[##############################] 1/1\n"
    assert ProgressBar(io.StringIO(), 1).tty is False


def test_a_bar_of_one_game() -> None:
    stream = Terminal(tty=False)
    bar = ProgressBar(cast(TextIO, stream), 1)
    bar(0)
    bar(1)
    assert stream.getvalue() == "[..............................] 0/1\n[##############################] 1/1\n"
    assert bar.shown == 10


def test_elapsed(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    bar = ProgressBar(io.StringIO(), 1)
    now[0] = 102.5
    assert bar.elapsed() == 2.5
    assert bar.started == 100.0


# -- run ---------------------------------------------------------------------------------------------


class Spy:
    """The tournament's stand-in: records its arguments, reports progress, gives ``summary``."""

    def __init__(self, summary: TournamentSummary) -> None:
        self.summary = summary
        self.calls: list[tuple[tuple[object, ...], dict[str, Any]]] = []

    def __call__(self, *args: object, **kwargs: Any) -> TournamentSummary:
        self.calls.append((args, kwargs))
        progress = cast(Callable[[int, int], None], kwargs["progress"])
        progress(1, self.summary.games)
        progress(self.summary.games, self.summary.games)
        return self.summary


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [10.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    return now


def test_run_hands_the_job_to_the_tournament(monkeypatch: pytest.MonkeyPatch, clock: list[float]) -> None:
    spy = Spy(SUMMARY)
    monkeypatch.setattr(command, "tournament", spy)
    job = Job(
        variant=CLASSIC, levels=("normal", "easy"), count=10, seed=7, deals=True, seating=Seating.ROTATE
    )
    stderr = Terminal(tty=False)
    clock[0] = 10.0
    executor = cast(Any, object())
    summary = run(job, executor, cast(TextIO, stderr), output="out.jsonl", resume=True)
    assert summary is SUMMARY
    ((args, kwargs),) = spy.calls
    assert args == (("normal", "easy"),)
    assert {key: value for key, value in kwargs.items() if key != "progress"} == {
        "games": 10,
        "variant": CLASSIC,
        "seed": 7,
        "deals": True,
        "seating": Seating.ROTATE,
        "executor": executor,
        "output": "out.jsonl",
        "resume": True,
    }
    assert stderr.getvalue() == (
        "[###...........................] 1/10\n[##############################] 10/10\n10 matches in 0.0 s\n"
    )


def test_run_says_how_many_games_were_kept(monkeypatch: pytest.MonkeyPatch, clock: list[float]) -> None:
    resumed = attrs.evolve(SUMMARY, resumed=4, unit="deals")
    monkeypatch.setattr(command, "tournament", Spy(resumed))
    stderr = Terminal(tty=False)
    job = Job(variant=CLASSIC, levels=("normal", "easy"), count=1, seed=7)

    def later(*args: object, **kwargs: Any) -> TournamentSummary:
        clock[0] = 12.345
        return Spy(resumed)(*args, **kwargs)

    monkeypatch.setattr(command, "tournament", later)
    run(job, None, cast(TextIO, stderr), output="games.jsonl", resume=True)
    assert stderr.getvalue().split("\n")[-2] == "1 deal in 2.3 s (4 of them kept from games.jsonl)"


def test_run_without_progress_writes_nothing(monkeypatch: pytest.MonkeyPatch, clock: list[float]) -> None:
    spy = Spy(SUMMARY)
    monkeypatch.setattr(command, "tournament", spy)
    stderr = Terminal(tty=True)
    job = Job(variant=CLASSIC, levels=("normal", "easy"), count=10, seed=7)
    run(job, None, cast(TextIO, stderr), progress=False)
    assert stderr.getvalue() == ""
    ((_, kwargs),) = spy.calls
    assert (kwargs["output"], kwargs["resume"], kwargs["deals"], kwargs["seating"], kwargs["executor"]) == (
        None,
        False,
        False,
        Seating.FIXED,
        None,
    )
