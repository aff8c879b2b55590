"""A tournament's output file read back: the games a resumed tournament need not play again.

:func:`belote.tournament` with ``output`` writes one JSON line per game
(:meth:`GameResult.as_json <belote.tournament.results.GameResult.as_json>`, with the
tournament's settings in a ``"tournament"`` field); with ``resume=True`` it reads them back
with :func:`stored_results`, which checks that each line is the next game of the same
tournament before anything is kept.

>>> import io
>>> from belote import tournament
>>> written = io.StringIO()
>>> _ = tournament(("easy", "easy"), games=2, deals=True, output=written)
>>> settings = json.loads(written.getvalue().splitlines()[0])["tournament"]
>>> len(list(stored_results(io.BytesIO(written.getvalue().encode()), settings=settings, games=2)))
2
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import IO, Any

from belote._repr import safe_repr
from belote.errors import Reason, TournamentError
from belote.tournament.results import GameResult, Seating

__all__ = ["stored_results"]


def stored_results(
    stream: IO[bytes], *, settings: Mapping[str, Any], games: int
) -> Iterator[tuple[GameResult, int]]:
    """The results a tournament's ``output`` holds (a binary stream read from its start), in
    game order, each with the stream position after its line; the games a resumed
    :func:`~belote.tournament.tournament` need not play again. ``settings`` are the
    tournament's, as its output writes them in the ``"tournament"`` field of each line (the
    players' names, the variant with its options, ``deals``, the seating, the seed, ``records``
    and the library's version): every line must hold the same. A last line
    not ended by a newline (a run stopped while writing it) is not read, its game is to be
    played again, provided it is the start of that game's line.

    Raises:
        TournamentError: a line that is not a game result (``malformed_record``), or one that
            another tournament wrote (``record_mismatch``: other players, variant, seed,
            seating, deals or matches, records or not; not the next game; more games than
            ``games``).

    >>> import io
    >>> from belote import tournament
    >>> written = io.StringIO()
    >>> _ = tournament(("easy", "easy"), games=2, deals=True, output=written)
    >>> settings = json.loads(written.getvalue().splitlines()[0])["tournament"]
    >>> settings["players"], settings["seating"], settings["deals"]
    (['easy', 'easy'], 'rotate', True)
    >>> stream = io.BytesIO(written.getvalue().encode())
    >>> [result.seed for result, _ in stored_results(stream, settings=settings, games=3)]
    ['0/0', '0/1']
    """
    for index, line in enumerate(iter(stream.readline, b"")):
        if not line.endswith(b"\n"):
            _check_tail(line, index, settings)
            return
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            raise TournamentError(
                f"line {index + 1} is not JSON: {line[:80]!r}", reason=Reason.MALFORMED_RECORD
            ) from None
        try:
            result = GameResult.from_json(data)
        except TournamentError as error:
            raise TournamentError(f"line {index + 1}: {error}", reason=error.reason) from None
        problem = _mismatch(data, result, index, settings=settings, games=games)
        if problem:
            raise TournamentError(
                f"line {index + 1} is not this tournament's game {index}: {problem}",
                reason=Reason.RECORD_MISMATCH,
            )
        yield result, stream.tell()


def _line_start(index: int, settings: Mapping[str, Any]) -> bytes:
    """How the line of game ``index`` begins (:meth:`GameResult.as_json` writes these first)."""
    return f'{{"index": {index}, "seed": "{settings.get("seed")}/{index}"'.encode()


def _check_tail(tail: bytes, index: int, settings: Mapping[str, Any]) -> None:
    """Refuse a last line cut short unless it is the start of game ``index``'s line, as a write
    interrupted there leaves it: a file that is not a tournament's output is never cut, except
    one whose last line is too short to tell (``{``, ``{"ind``), which is taken for an
    interrupted write and cut."""
    start = _line_start(index, settings)
    if not (start.startswith(tail) or tail.startswith(start)):
        raise TournamentError(
            f"line {index + 1} is neither a whole game result nor the start of game {index}'s: {tail[:80]!r}",
            reason=Reason.MALFORMED_RECORD,
        )


def _mismatch(
    data: Mapping[str, Any], result: GameResult, index: int, *, settings: Mapping[str, Any], games: int
) -> str:
    """Why ``result`` (read from ``data``) cannot be game ``index`` of the tournament of
    ``settings`` ("" if it can)."""
    written = data.get("tournament")
    if not isinstance(written, dict):
        return "it holds no tournament settings"
    differ = [key for key in sorted(set(written) | set(settings)) if written.get(key) != settings.get(key)]
    if differ:
        key = differ[0]
        verb = "are" if key == "players" else "is"
        return f"its {key} {verb} {safe_repr(written.get(key))}, not {safe_repr(settings.get(key))}"
    if index >= games:
        return f"the tournament has only {games} games"
    if result.index != index:
        return f"it is game {result.index}"
    plays = Seating(settings["seating"]).plays
    if result.seed != f"{settings['seed']}/{index}":
        return f"it was dealt from seed {safe_repr(result.seed)}, not {settings['seed']}/{index}"
    if sum(result.wins) + result.ties != plays:
        return f"it was played {sum(result.wins) + result.ties} times, not {plays}"
    if settings["deals"] and result.deals != plays:
        return f"it is a match of {result.deals} deals, not a single deal"
    if len(result.records) != (plays if settings["records"] else 0):
        return "it holds records" if result.records else "it holds no records"
    return ""
