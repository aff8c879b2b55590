"""``belote simulate``: many seeded matches or deals between agent levels, with statistics.

The games are played by :func:`belote.tournament.tournament`: game ``i`` is dealt from the
seed ``"{seed}/{i}"`` with agents seeded from ``seed`` and ``i``, so the results do not
depend on where the games run (this process, ``--jobs N`` processes, a Dask cluster).
"""

from __future__ import annotations

import math
import time
from concurrent.futures import Executor
from typing import Any, TextIO

import attrs

from belote.cli._display import counted, table
from belote.seats import Team
from belote.tournament import Seating, TournamentSummary, tournament
from belote.variants import Variant

__all__ = ["Job", "ProgressBar", "run", "summary_json", "summary_lines"]


@attrs.frozen(order=False)
class Job:
    """What to simulate: the variant, each team's agent level, matches or single deals."""

    variant: Variant
    levels: tuple[str, str]
    """Agent level of team 0 (seats 0 and 2) and of team 1 (seats 1 and 3) in fixed seating;
    in rotated and duplicate seating, the two levels swap sides."""
    count: int
    seed: int
    deals: bool = False
    """Play single deals instead of whole matches."""
    seating: Seating = Seating.FIXED


def _seats(summary: TournamentSummary, team: Team) -> str:
    if summary.seating is Seating.FIXED:
        return " & ".join(str(int(seat)) for seat in team.seats)
    return str(summary.seating.value)


def summary_json(summary: TournamentSummary, variant_text: str) -> dict[str, Any]:
    """The summary as JSON-ready data (``belote simulate --json``): one entry per level.
    Timings are left out, so that the same seed prints the same JSON anywhere."""
    teams = []
    for team in Team:
        interval = summary.share_interval[team]
        share = summary.share[team]
        teams.append(
            {
                "team": int(team),
                "seats": [int(seat) for seat in team.seats] if summary.seating is Seating.FIXED else None,
                "level": summary.players[team],
                "wins": summary.wins[team],
                "win_rate": summary.win_rate[team],
                "win_rate_ci95": list(summary.win_interval[team]),
                "points": summary.points[team],
                "point_share": None if math.isnan(share) else share,
                "point_share_ci95": None if interval is None else list(interval),
            }
        )
    return {
        "variant": variant_text,
        "unit": summary.unit,
        "seating": summary.seating.value,
        "count": summary.games,
        "plays": summary.plays,
        "seed": summary.seed,
        "deals_played": summary.deals,
        "draws": summary.ties,
        "teams": teams,
    }


def _games(summary: TournamentSummary, number: int) -> str:
    """``number`` games of the summary's unit: ``1 match``, ``6 deals``."""
    return counted(number, "match", "matches") if summary.unit == "matches" else counted(number, "deal")


def summary_lines(summary: TournamentSummary, variant_text: str | None = None) -> list[str]:
    """The results table; ``variant_text`` names the variant with its options
    (:func:`belote.notation.format_variant`), else its name alone."""
    rows = []
    for team in Team:
        low, high = summary.win_interval[team]
        interval = summary.share_interval[team]
        share = "n/a" if math.isnan(summary.share[team]) else f"{summary.share[team]:.1%}"
        share_ci = "" if interval is None else f" ({interval[0]:.1%} - {interval[1]:.1%})"
        rows.append(
            [
                str(int(team)),
                _seats(summary, team),
                summary.players[team],
                str(summary.wins[team]),
                f"{summary.win_rate[team]:.1%} ({low:.1%} - {high:.1%})",
                share + share_ci,
                f"{summary.seconds_per_decision[team] * 1000:.2f}",
            ]
        )
    header = ["team", "seats", "level", "wins", "win rate (95% CI)", "point share (95% CI)", "ms/decision"]
    plays = f" ({counted(summary.plays, 'play')})" if summary.plays != summary.games else ""
    variant = summary.variant if variant_text is None else variant_text
    lines = [f"{_games(summary, summary.games)}{plays} of {variant}, seed {summary.seed}:"]
    lines.extend(table(header, rows, align="<<<>"))
    extra = f"{summary.ties} drawn, passed out or unfinished; " if summary.ties else ""
    lines.append(f"{extra}{counted(summary.deals, 'deal')} played in all.")
    return lines


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


def run(
    job: Job,
    executor: Executor | None,
    stderr: TextIO,
    *,
    progress: bool = True,
    output: str | None = None,
    resume: bool = False,
) -> TournamentSummary:
    """Play ``job`` on ``executor`` with a progress bar on ``stderr``; its summary (with
    ``resume``, the games ``output`` already holds are kept and only the rest played)."""
    bar = ProgressBar(stderr, job.count, enabled=progress)
    summary = tournament(
        job.levels,
        games=job.count,
        variant=job.variant,
        seed=job.seed,
        deals=job.deals,
        seating=job.seating,
        executor=executor,
        output=output,
        progress=lambda done, total: bar(done),
        resume=resume,
    )
    if progress:
        kept = f" ({summary.resumed} of them kept from {output})" if summary.resumed else ""
        stderr.write(f"{_games(summary, job.count)} in {bar.elapsed():.1f} s{kept}\n")
    return summary
