"""``belote simulate``: many seeded matches or deals between agent levels, with statistics.

Unit ``i`` (a match or a deal) is played from the seed ``"{seed}/{i}"`` with agents seeded
from ``seed`` and ``i``, so the results do not depend on how many processes play them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

import attrs

from belote.cli._display import table
from belote.round import Phase, score_round
from belote.seats import Seat, Team
from belote.variants import Variant

__all__ = [
    "Job",
    "ProgressBar",
    "Summary",
    "UnitResult",
    "play_unit",
    "results",
    "run",
    "summarize",
    "wilson",
]

Z95 = 1.959963984540054


@attrs.frozen
class Job:
    """What to simulate: the variant, each team's agent level, matches or single deals."""

    variant: Variant
    levels: tuple[str, str]
    """Agent level of team 0 (seats 0 and 2) and of team 1 (seats 1 and 3)."""
    count: int
    seed: int
    deals: bool = False
    """Play single deals instead of whole matches."""


@attrs.frozen
class UnitResult:
    """One match or deal: the points each team scored and the team that won (``None``: a tie,
    a passed-out deal or an unfinished match)."""

    points: tuple[int, int]
    winner: Team | None
    deals: int


def play_unit(job: Job, index: int) -> UnitResult:
    """Play unit ``index`` of ``job`` (a top-level function: it runs in worker processes)."""
    from belote.agents import make_agent
    from belote.games import play_match, play_round

    agents = [
        make_agent(job.levels[seat & 1], seed=(job.seed * 1_000_003 + index) * 4 + seat) for seat in range(4)
    ]
    seed = f"{job.seed}/{index}"
    if job.deals:
        state = play_round(job.variant, agents, seed=seed, dealer=Seat(index % 4))
        if state.phase is not Phase.FINISHED:
            return UnitResult(points=(0, 0), winner=None, deals=1)
        points = score_round(state).points
        winner = None if points[0] == points[1] else Team(0) if points[0] > points[1] else Team(1)
        return UnitResult(points=points, winner=winner, deals=1)
    played = play_match(job.variant, agents, seed=seed)
    return UnitResult(points=played.scores, winner=played.winner, deals=len(played.history))


def _play_chunk(job: Job, indices: Sequence[int]) -> list[UnitResult]:
    return [play_unit(job, index) for index in indices]


def results(job: Job, jobs: int, progress: Callable[[int], None]) -> list[UnitResult]:
    """Every unit's result in index order, played by ``jobs`` processes (1: in this one)."""
    found: list[UnitResult] = []
    if jobs <= 1 or job.count <= 1:
        for index in range(job.count):
            found.append(play_unit(job, index))
            progress(len(found))
        return found
    size = max(1, min(16, job.count // (jobs * 4)))
    chunks = [list(range(start, min(job.count, start + size))) for start in range(0, job.count, size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for chunk in pool.map(_play_chunk, [job] * len(chunks), chunks):
            found.extend(chunk)
            progress(len(found))
    return found


def wilson(successes: float, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if total <= 0:
        return (0.0, 1.0)
    p = successes / total
    denominator = 1 + Z95**2 / total
    centre = (p + Z95**2 / (2 * total)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / total + Z95**2 / (4 * total**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    if not values:
        return (math.nan, None)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return (mean, None)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    half = Z95 * math.sqrt(variance / len(values))
    return (mean, (max(0.0, mean - half), min(1.0, mean + half)))


@attrs.frozen
class Summary:
    """The statistics of a simulation, per team."""

    job: Job
    wins: tuple[int, int]
    draws: int
    points: tuple[int, int]
    deals: int
    share: tuple[float, float]
    share_interval: tuple[tuple[float, float] | None, tuple[float, float] | None]

    def as_json(self, variant_text: str) -> dict[str, Any]:
        """The summary as JSON-ready data (``belote simulate --json``)."""
        teams = []
        for team in Team:
            interval = self.share_interval[team]
            teams.append(
                {
                    "team": int(team),
                    "seats": [int(seat) for seat in team.seats],
                    "level": self.job.levels[team],
                    "wins": self.wins[team],
                    "win_rate": self.wins[team] / self.job.count,
                    "win_rate_ci95": list(wilson(self.wins[team], self.job.count)),
                    "points": self.points[team],
                    "point_share": None if math.isnan(self.share[team]) else self.share[team],
                    "point_share_ci95": None if interval is None else list(interval),
                }
            )
        return {
            "variant": variant_text,
            "unit": "deals" if self.job.deals else "matches",
            "count": self.job.count,
            "seed": self.job.seed,
            "deals_played": self.deals,
            "draws": self.draws,
            "teams": teams,
        }

    def lines(self) -> list[str]:
        """The results table."""
        rows = []
        for team in Team:
            rate = self.wins[team] / self.job.count
            low, high = wilson(self.wins[team], self.job.count)
            interval = self.share_interval[team]
            share = "n/a" if math.isnan(self.share[team]) else f"{self.share[team]:.1%}"
            share_ci = "" if interval is None else f" ({interval[0]:.1%} - {interval[1]:.1%})"
            rows.append(
                [
                    str(int(team)),
                    " & ".join(str(int(seat)) for seat in team.seats),
                    self.job.levels[team],
                    str(self.wins[team]),
                    f"{rate:.1%} ({low:.1%} - {high:.1%})",
                    share + share_ci,
                ]
            )
        unit = "deals" if self.job.deals else "matches"
        header = ["team", "seats", "level", "wins", "win rate (95% CI)", "point share (95% CI)"]
        lines = [f"{self.job.count} {unit} of {self.job.variant.name}, seed {self.job.seed}:"]
        lines.extend(table(header, rows, align="<<<>"))
        extra = f"{self.draws} drawn, passed out or unfinished; " if self.draws else ""
        lines.append(f"{extra}{self.deals} deals played in all.")
        return lines


def summarize(job: Job, found: Sequence[UnitResult]) -> Summary:
    """Win counts, points and point shares (mean per unit, with a normal 95% interval)."""
    wins = [sum(1 for result in found if result.winner == team) for team in Team]
    shares = [result.points[0] / sum(result.points) for result in found if sum(result.points) > 0]
    mean, interval = _mean_interval(shares)
    other = None if interval is None else (1 - interval[1], 1 - interval[0])
    return Summary(
        job=job,
        wins=(wins[0], wins[1]),
        draws=len(found) - wins[0] - wins[1],
        points=(sum(r.points[0] for r in found), sum(r.points[1] for r in found)),
        deals=sum(result.deals for result in found),
        share=(mean, 1 - mean),
        share_interval=(interval, other),
    )


class ProgressBar:
    """A progress bar on a stream (stderr): redrawn in place on a terminal, every 10% otherwise."""

    def __init__(self, stream: TextIO, total: int, *, enabled: bool = True) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.shown = -1
        self.started = time.monotonic()

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        tenth = done * 10 // max(1, self.total)
        if not self.tty and tenth == self.shown and done != self.total:
            return
        self.shown = tenth
        filled = done * 30 // max(1, self.total)
        bar = f"[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}"
        self.stream.write(("\r" if self.tty else "") + bar + ("" if self.tty else "\n"))
        if self.tty and done == self.total:
            self.stream.write("\n")
        self.stream.flush()

    def elapsed(self) -> float:
        """Seconds since the bar started."""
        return time.monotonic() - self.started


def run(job: Job, jobs: int, stderr: TextIO, *, progress: bool = True) -> Summary:
    """Play ``job`` with a progress bar on ``stderr`` and summarize it."""
    bar = ProgressBar(stderr, job.count, enabled=progress)
    found = results(job, jobs, bar)
    if progress:
        stderr.write(f"{job.count} {'deals' if job.deals else 'matches'} in {bar.elapsed():.1f} s\n")
    return summarize(job, found)
