"""What a tournament reports: how the players sit, each game's result, the summary.

:func:`belote.tournament.tournament` builds these; they are plain frozen values, equal when
two runs played the same games (timings are not compared).

>>> Seating.ROTATE.sides(3)
(1,)
"""

from __future__ import annotations

import enum
import json
import math
from typing import Any

import attrs

from belote._enums import Named
from belote._repr import safe_repr, short_repr
from belote.errors import Reason, TournamentError
from belote.stats import RunningMean, wilson

__all__ = ["GameResult", "Seating", "TournamentSummary"]


class Seating(Named, enum.Enum):
    """Where the two players sit, game after game.

    >>> Seating("duplicate").plays
    2
    """

    FIXED = "fixed"
    """Player 0 at seats 0 and 2 in every game, player 1 at seats 1 and 3."""
    ROTATE = "rotate"
    """The sides swap every game: player 0 at seats 0 and 2 in even games, 1 and 3 in odd ones.
    With single deals, game ``i`` is dealt by seat ``i % 4``: the sides swap as the dealer
    moves on, so player 0 is on the dealer's team in every game and player 1 always holds
    the eldest hand. In matches the first dealer comes from each match's seed."""
    DUPLICATE = "duplicate"
    """Every game played twice with the same cards, the sides swapped (as in duplicate bridge):
    the luck of the cards cancels out."""

    @property
    def plays(self) -> int:
        """How many times each game is played."""
        return 2 if self is Seating.DUPLICATE else 1

    def sides(self, index: int) -> tuple[int, ...]:
        """The team player 0 sits on in each play of game ``index``."""
        if self is Seating.DUPLICATE:
            return (0, 1)
        return (index % 2,) if self is Seating.ROTATE else (0,)


@attrs.frozen(order=False)
class GameResult:
    """One game of a tournament, from the players' side (index 0: player 0).

    In duplicate seating the numbers add up the two plays of the game.

    >>> from belote import tournament
    >>> results: list[GameResult] = []
    >>> _ = tournament(("normal", "easy"), games=1, deals=True, seating="duplicate", on_game=results.append)
    >>> results[0].seed, sum(results[0].wins) + results[0].ties
    ('0/0', 2)
    """

    index: int
    seed: str
    """The seed the game was dealt from."""
    points: tuple[int, int]
    """Score-sheet points of each player (a match's final scores, or a deal's points: the points
    a litige or a doubled tie holds for the next deal's winner go to nobody, there being no next
    deal)."""
    wins: tuple[int, int]
    """Plays won by each player: a match's winner, or a deal's (:attr:`DealScore.winner
    <belote.deal_score.DealScore.winner>`: the takers of a contract made, the defenders of one
    failed)."""
    ties: int
    """Plays won by nobody (a tied match; a passed-out deal, a litige or a doubled tie)."""
    deals: int
    """Deals played in all (passed-out deals included)."""
    decisions: tuple[int, int]
    """Calls and cards each player decided."""
    seconds: tuple[float, float] = attrs.field(eq=False)
    """Time each player spent deciding (not compared: it depends on the machine)."""
    records: tuple[str, ...] = ()
    """The game record of each play (:func:`belote.dumps` text), when asked for."""
    taken: tuple[int, int] = (0, 0)
    """Contracts each player's side took (passed-out deals take none)."""
    made: tuple[int, int] = (0, 0)
    """Of those, the contracts made (capot included)."""
    doubled: tuple[int, int] = (0, 0)
    """The opponents' contracts each player's side doubled (contra, coinche)."""

    def __repr__(self) -> str:
        # a play's record runs to thousands of characters: their count stands for them
        extra = (("records", len(self.records)),) if self.records else ()
        return short_repr(self, hide=("records",), extra=extra)

    def as_json(self) -> dict[str, Any]:
        """The result as JSON-ready data (records included, parsed)."""
        data = attrs.asdict(self, recurse=False)
        for name in ("points", "wins", "decisions", "taken", "made", "doubled"):
            data[name] = list(data[name])
        data["seconds"] = list(self.seconds)
        data["records"] = [json.loads(text) for text in self.records]
        return data

    @classmethod
    def from_json(cls, data: object) -> GameResult:
        """The result :meth:`as_json` wrote (a line of a tournament's ``output``, parsed).

        Raises:
            TournamentError: data that is not such a result.

        >>> from belote import tournament
        >>> results: list[GameResult] = []
        >>> _ = tournament(("easy", "easy"), games=1, deals=True, on_game=results.append)
        >>> GameResult.from_json(results[0].as_json()) == results[0]
        True
        """
        try:
            if not isinstance(data, dict):
                raise TypeError("not an object")
            records = data.get("records", [])
            if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
                raise TypeError("records is not a list of records")
            result = cls(
                index=_whole(data["index"]),
                seed=_text(data["seed"]),
                points=_pair(data["points"]),
                wins=_pair(data["wins"]),
                ties=_whole(data["ties"]),
                deals=_whole(data["deals"]),
                decisions=_pair(data["decisions"]),
                seconds=_seconds(data["seconds"]),
                records=tuple(json.dumps(record, ensure_ascii=False) for record in records),
                taken=_pair(data.get("taken", [0, 0])),
                made=_pair(data.get("made", [0, 0])),
                doubled=_pair(data.get("doubled", [0, 0])),
            )
        except (KeyError, TypeError, ValueError) as error:
            why = f"no {error}" if isinstance(error, KeyError) else str(error)
            raise TournamentError(
                f"not a tournament game result ({why}): {safe_repr(data)[:80]}",
                reason=Reason.MALFORMED_RECORD,
            ) from None
        return result


@attrs.frozen(repr=False, order=False)
class TournamentSummary:
    """The statistics of a tournament, per player (index 0: player 0). Compared without the
    timings, so two runs of the same tournament are equal wherever they ran.

    >>> from belote import tournament
    >>> summary = tournament(("normal", "easy"), games=6, deals=True, seed=2)
    >>> summary.plays, summary.wins[0] + summary.wins[1] + summary.ties
    (6, 6)
    >>> low, high = summary.win_interval[0]
    >>> low <= summary.win_rate[0] <= high
    True
    """

    variant: str
    players: tuple[str, str]
    unit: str
    """``"matches"`` or ``"deals"``."""
    seating: Seating
    games: int
    seed: int
    plays: int
    """Games played, times two in duplicate seating."""
    deals: int
    """Deals played in all."""
    wins: tuple[int, int]
    ties: int
    points: tuple[int, int]
    share: tuple[float, float]
    """Mean share of the points per game (NaN when no game scored a point)."""
    share_interval: tuple[tuple[float, float] | None, tuple[float, float] | None]
    """Normal 95 % interval of each mean share (``None`` below two scored games)."""
    decisions: tuple[int, int]
    taken: tuple[int, int]
    """Contracts each player's side took."""
    made: tuple[int, int]
    """Contracts each player's side took and made."""
    doubled: tuple[int, int]
    """The opponents' contracts each player's side doubled."""
    seconds_per_decision: tuple[float, float] = attrs.field(eq=False)
    """Mean time of a decision of each player (not compared)."""
    elapsed: float = attrs.field(eq=False)
    """Wall-clock seconds of the whole run (not compared)."""
    resumed: int = attrs.field(default=0, eq=False)
    """Games a resumed run read back from its ``output`` instead of playing them (not compared:
    ``elapsed`` covers only the games played in this run)."""

    @property
    def win_rate(self) -> tuple[float, float]:
        """Plays won by each player over all plays."""
        return (self.wins[0] / self.plays, self.wins[1] / self.plays)

    @property
    def win_interval(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Wilson 95 % interval of each win rate, each game one trial: in duplicate seating a
        game's two plays, dealt the same cards, are not independent, so the game counts as one
        trial won by the share of its plays won (an interval that errs wide, never narrow, as
        a game's two plays may agree or not); otherwise a game is its one play.

        >>> from belote import tournament
        >>> summary = tournament(("easy", "easy"), games=4, deals=True, seating="duplicate")
        >>> summary.plays, [round(x, 3) for x in summary.win_interval[0]] == [
        ...     round(x, 3) for x in wilson(summary.wins[0] / 2, 4)
        ... ]
        (8, True)
        """
        if not self.plays:
            return ((0.0, 1.0), (0.0, 1.0))
        won = [self.wins[player] * self.games / self.plays for player in (0, 1)]  # games' worth of plays
        return (wilson(won[0], self.games), wilson(won[1], self.games))

    @property
    def take_rate(self) -> tuple[float, float]:
        """Contracts each player's side took per deal played (NaN before any deal).

        >>> from belote import tournament
        >>> summary = tournament(("normal", "easy"), games=8, deals=True, seed=2)
        >>> summary.take_rate[0] > summary.take_rate[1]
        True
        """
        return (_rate(self.taken[0], self.deals), _rate(self.taken[1], self.deals))

    @property
    def made_rate(self) -> tuple[float, float]:
        """Of each player's contracts, the share made (NaN when it took none)."""
        return (_rate(self.made[0], self.taken[0]), _rate(self.made[1], self.taken[1]))

    @property
    def contra_rate(self) -> tuple[float, float]:
        """Of the opponents' contracts, the share each player's side doubled (NaN when the
        opponents took none)."""
        return (_rate(self.doubled[0], self.taken[1]), _rate(self.doubled[1], self.taken[0]))

    def as_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        players = []
        for number in (0, 1):
            interval = self.share_interval[number]
            players.append(
                {
                    "name": self.players[number],
                    "wins": self.wins[number],
                    "win_rate": self.win_rate[number],
                    "win_rate_ci95": list(self.win_interval[number]),
                    "points": self.points[number],
                    "point_share": None if self.share[number] != self.share[number] else self.share[number],
                    "point_share_ci95": None if interval is None else list(interval),
                    "decisions": self.decisions[number],
                    "taken": self.taken[number],
                    "made": self.made[number],
                    "doubled": self.doubled[number],
                    "seconds_per_decision": self.seconds_per_decision[number],
                }
            )
        return {
            "variant": self.variant,
            "unit": self.unit,
            "seating": self.seating.value,
            "games": self.games,
            "seed": self.seed,
            "plays": self.plays,
            "deals_played": self.deals,
            "ties": self.ties,
            "players": players,
            "elapsed": self.elapsed,
            "resumed": self.resumed,
        }

    def __repr__(self) -> str:
        return (
            f"TournamentSummary({self.players[0]!r} vs {self.players[1]!r}, {self.games} {self.unit}, "
            f"{self.seating.value}: points {self.share[0]:.3f}/{self.share[1]:.3f}, "
            f"wins {self.wins[0]}/{self.wins[1]}, ties {self.ties})"
        )


_MOST_COUNTED = 2**53
"""The largest count a result line may hold: past it a count no longer converts to a float
exactly, and no tournament plays that many games, deals or decisions."""


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{safe_repr(value)} is not a whole number")
    if value > _MOST_COUNTED:
        raise ValueError(f"{safe_repr(value)} is past any count of a tournament (2**53)")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{safe_repr(value)} is not a string")
    return value


def _pair(value: object) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{safe_repr(value)} is not a pair")
    return _whole(value[0]), _whole(value[1])


def _seconds(value: object) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{safe_repr(value)} is not a pair")
    seconds = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, (int, float)) or not 0 <= item < math.inf:
            raise ValueError(f"{safe_repr(item)} is not a time")
        try:
            seconds.append(float(item))
        except OverflowError:  # only an int past a float's range
            raise ValueError(f"an int of {int(item).bit_length()} bits is not a time") from None
    return seconds[0], seconds[1]


def _rate(count: int, total: int) -> float:
    return count / total if total else math.nan


class Totals:
    """Running sums over the games of a tournament, added in game order (constant memory)."""

    def __init__(self) -> None:
        self.games = self.plays = self.deals = self.ties = 0
        self.wins, self.points, self.decisions = [0, 0], [0, 0], [0, 0]
        self.taken, self.made, self.doubled = [0, 0], [0, 0], [0, 0]
        self.seconds = [0.0, 0.0]
        self.share = RunningMean()

    def add(self, result: GameResult) -> None:
        """Count one more game."""
        self.games += 1
        self.plays += result.wins[0] + result.wins[1] + result.ties
        self.deals += result.deals
        self.ties += result.ties
        for player in (0, 1):
            self.wins[player] += result.wins[player]
            self.points[player] += result.points[player]
            self.decisions[player] += result.decisions[player]
            self.seconds[player] += result.seconds[player]
            self.taken[player] += result.taken[player]
            self.made[player] += result.made[player]
            self.doubled[player] += result.doubled[player]
        scored = result.points[0] + result.points[1]
        if scored > 0:
            self.share.add(result.points[0] / scored)

    def summary(
        self,
        *,
        variant: str,
        players: tuple[str, str],
        deals: bool,
        seating: Seating,
        seed: int,
        elapsed: float,
        resumed: int = 0,
    ) -> TournamentSummary:
        """The summary of the games added so far (``resumed`` of them read back from a file)."""
        interval = self.share.interval()
        other = None if interval is None else (1 - interval[1], 1 - interval[0])
        per = [self.seconds[p] / self.decisions[p] if self.decisions[p] else 0.0 for p in (0, 1)]
        return TournamentSummary(
            variant=variant,
            players=players,
            unit="deals" if deals else "matches",
            seating=seating,
            games=self.games,
            seed=seed,
            plays=self.plays,
            deals=self.deals,
            wins=(self.wins[0], self.wins[1]),
            ties=self.ties,
            points=(self.points[0], self.points[1]),
            share=(self.share.mean, 1 - self.share.mean) if self.share.count else (math.nan, math.nan),
            share_interval=(interval, other),
            decisions=(self.decisions[0], self.decisions[1]),
            taken=(self.taken[0], self.taken[1]),
            made=(self.made[0], self.made[1]),
            doubled=(self.doubled[0], self.doubled[1]),
            seconds_per_decision=(per[0], per[1]),
            elapsed=elapsed,
            resumed=resumed,
        )
