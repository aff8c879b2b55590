"""A tournament's output file read back: the games a resumed tournament need not play again.

:func:`belote.tournament` with ``output`` writes one JSON line per game
(:meth:`GameResult.as_json <belote.tournament_results.GameResult.as_json>`); with
``resume=True`` it reads them back with :func:`stored_results`, which checks that each line is
the next game of the same tournament before anything is kept.

>>> import io
>>> from belote import tournament
>>> written = io.StringIO()
>>> _ = tournament(("easy", "easy"), games=2, deals=True, output=written)
>>> len(list(stored_results(io.BytesIO(written.getvalue().encode()), seed=0, games=2,
...     seating=Seating.ROTATE, records=False)))
2
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO

from belote.errors import Reason, TournamentError
from belote.tournament_results import GameResult, Seating

__all__ = ["stored_results"]


def stored_results(
    stream: IO[bytes], *, seed: int, games: int, seating: Seating, records: bool, deals: bool = False
) -> Iterator[tuple[GameResult, int]]:
    """The results a tournament's ``output`` holds (a binary stream read from its start), in
    game order, each with the stream position after its line; the games a resumed
    :func:`~belote.tournament.tournament` need not play again. A last line not ended by a
    newline (a run stopped while writing it) is not read: its game is played again.

    Raises:
        TournamentError: a line that is not a game result (``malformed_record``), or one that
            another tournament wrote (``record_mismatch``: not the next game, dealt from
            another seed, played in another seating, with or without records unlike this
            one, a match where ``deals`` asks for single deals, or more games than ``games``).

    >>> import io
    >>> from belote import tournament
    >>> written = io.StringIO()
    >>> _ = tournament(("easy", "easy"), games=2, deals=True, output=written)
    >>> stream = io.BytesIO(written.getvalue().encode())
    >>> [result.seed for result, _ in stored_results(
    ...     stream, seed=0, games=3, seating=Seating.ROTATE, records=False, deals=True)]
    ['0/0', '0/1']
    """
    for index, line in enumerate(iter(stream.readline, b"")):
        if not line.endswith(b"\n"):
            return
        try:
            data = json.loads(line)
        except ValueError:
            raise TournamentError(
                f"line {index + 1} is not JSON: {line[:80]!r}", reason=Reason.MALFORMED_RECORD
            ) from None
        try:
            result = GameResult.from_json(data)
        except TournamentError as error:
            raise TournamentError(f"line {index + 1}: {error}", reason=error.reason) from None
        problem = _mismatch(
            result, index, seed=seed, games=games, seating=seating, records=records, deals=deals
        )
        if problem:
            raise TournamentError(
                f"line {index + 1} is not this tournament's game {index}: {problem}",
                reason=Reason.RECORD_MISMATCH,
            )
        yield result, stream.tell()


def _mismatch(
    result: GameResult, index: int, *, seed: int, games: int, seating: Seating, records: bool, deals: bool
) -> str:
    """Why ``result`` cannot be game ``index`` of a tournament with these settings ("" if it can)."""
    plays = seating.plays
    if index >= games:
        return f"the tournament has only {games} games"
    if result.index != index:
        return f"it is game {result.index}"
    if result.seed != f"{seed}/{index}":
        return f"it was dealt from seed {result.seed!r}, not {seed}/{index}"
    if sum(result.wins) + result.ties != plays:
        return f"it was played {sum(result.wins) + result.ties} times, not {plays} ({seating.value} seating)"
    if deals and result.deals != plays:
        return f"it is a match of {result.deals} deals, not a single deal"
    if len(result.records) != (plays if records else 0):
        return "it holds records" if result.records else "it holds no records"
    return ""
