"""Many seeded games between two players, on any ``concurrent.futures`` executor.

:func:`tournament` plays ``games`` matches (or single deals) between two players, each a
level name (``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``) or an agent factory (a callable taking a
seed and returning an :class:`~belote.agents.Agent`, such as an agent class). Game ``i`` is
dealt from the seed ``"{seed}/{i}"`` and its agents are seeded from ``seed`` and ``i``; the
results are read back and aggregated in game order. So the same seed gives the same
summary and the same records whatever runs the games: this process (the default), a
``ProcessPoolExecutor``, or a Dask cluster through ``distributed.Client(...).get_executor()``.

Games travel in chunks so that the cost of a task stays small against its games: by default,
on an executor, chunks grow to about a quarter of a second of play each (a Dask task costs
milliseconds, a pool task much less), which keeps a Dask cluster within a few percent of a
process pool; ``chunk_size`` fixes their size instead. With an executor, factories must be
picklable (a level name, a class, a module-level function or a ``functools.partial`` of one;
a lambda works on Dask, not in a process pool).

This package is the tournament runner's room, above :mod:`belote.games`: the plan and the games
it plays, one executor task at a time, are in :mod:`belote.tournament.plan`; what it reports in
:mod:`belote.tournament.results`; its output file read back (to resume a stopped run) in
:mod:`belote.tournament.output`; the ordered, bounded mapping of chunks over an executor in the
internal ``belote.tournament._executing``. :mod:`belote.selfplay` builds its datasets on the same
plan. ``belote.tournament`` is the function; import the room's other names with ``from
belote.tournament import Seating`` (``import belote.tournament as module`` gives the function).

>>> summary = tournament(("normal", "easy"), games=4, deals=True, seed=1)
>>> summary
TournamentSummary('normal' vs 'easy', 4 deals, rotate: points 0.908/0.092, wins 3/0, ties 1)
>>> summary == tournament(("normal", "easy"), games=4, deals=True, seed=1)
True
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import IO, Any, Protocol

from belote._args import require
from belote._repr import safe_repr
from belote._version import __version__
from belote.errors import ArgumentTypeError, TournamentError
from belote.records.variant import variant_to_json
from belote.tournament._executing import Pacer, ordered_map, window, workers
from belote.tournament.output import stored_results
from belote.tournament.plan import (
    Plan,
    PlayerSpec,
    check_callback,
    check_chunk_size,
    chunk_limit,
    chunks,
    make_plan,
    play_chunk,
    player_name,
)
from belote.tournament.results import GameResult, Seating, Totals, TournamentSummary
from belote.variants import CLASSIC, Variant

__all__ = ["GameResult", "PlayerSpec", "Seating", "TournamentSummary", "tournament"]


def _settings(plan: Plan) -> dict[str, Any]:
    """What a tournament's ``output`` writes beside each game (its ``"tournament"`` field), so
    that a resumed run continues only the same tournament: the players' names, the variant
    with its options, single deals or matches, the seating, the seed, the records and the
    library's version (another version may play otherwise)."""
    return {
        "version": __version__,
        "players": [player_name(spec) for spec in plan.players],
        "variant": variant_to_json(plan.variant),
        "deals": plan.deals,
        "seating": plan.seating.value,
        "seed": plan.seed,
        "records": plan.records,
    }


def _resumed(
    path: Path,
    settings: dict[str, Any],
    games: int,
    total: Totals,
    on_game: Callable[[GameResult], None] | None,
) -> IO[str]:
    """Count the games ``path`` already holds (see :func:`~belote.tournament.output.stored_results`)
    into ``total`` and ``on_game``; the file opened to append the rest, a last line cut short
    removed. The file must be a regular one that can be read and written (a
    ``TournamentError`` before anything is counted), and the whole file is checked before
    anything is counted or changed."""
    if path.exists() and not path.is_file():  # a directory; a named pipe would block the reading
        raise TournamentError(f"cannot resume from {path}: not a regular file")
    stream = _opened(path, "a")  # says at once whether it can be written
    try:
        kept = max((end for _result, end in _stored(path, settings, games)), default=0)
        for result, _end in _stored(path, settings, games):
            total.add(result)
            if on_game is not None:
                on_game(result)  # an error of its own is its own, not the file's
        try:
            if path.stat().st_size > kept:
                os.truncate(path, kept)
        except OSError as error:
            raise _unresumable(path, error) from None
    except BaseException:
        stream.close()
        raise
    return stream


def _stored(path: Path, settings: dict[str, Any], games: int) -> Iterator[tuple[GameResult, int]]:
    """The results ``path`` holds, as :func:`~belote.tournament.output.stored_results` reads them
    from its start; an error of the system while opening or reading it a ``TournamentError``."""
    try:
        stored = path.open("rb")
    except OSError as error:
        raise _unresumable(path, error) from None
    with stored:
        results = stored_results(stored, settings=settings, games=games)
        while True:
            try:
                item = next(results, None)
            except OSError as error:
                raise _unresumable(path, error) from None
            if item is None:
                return
            yield item


def _unresumable(path: Path, error: OSError) -> TournamentError:
    return TournamentError(f"cannot resume from {path}: {error.strerror or error}")


def _text_stream(output: object) -> bool:
    """Whether ``output`` takes text: it has a ``write`` that takes an empty text (a binary
    stream refuses it with ``TypeError``), tried before any game is played."""
    write = getattr(output, "write", None)
    if not callable(write):
        return False
    try:
        write("")
    except TypeError:
        return False
    return True


def _opened(path: Path, mode: str) -> IO[str]:
    """``path`` opened in ``mode`` (``"a"`` to append, which changes nothing yet; ``"w"`` to write
    from its start), or the ``TournamentError`` saying why it cannot be written (a folder that
    does not exist, no permission)."""
    try:
        return path.open(mode, encoding="utf-8")
    except OSError as error:
        raise TournamentError(f"cannot write the output {path}: {error.strerror or error}") from None


class _Lines(Protocol):
    """Where the result lines go: a text stream, or a file opened with its first line."""

    def write(self, text: str, /) -> int: ...

    def close(self) -> None: ...


class _LazyFile:
    """A file ``output`` of a new run, replaced only by the first game's line: opened at once to
    append (which changes nothing, and says at once whether it can be written), emptied at the
    first line, so that a run failing before its first game (a player's factory that builds no
    agent) leaves an existing file as it was, and removes the file it created. A path that is
    no regular file (a named pipe, a device) is opened to write at once, as it cannot be
    emptied later."""

    def __init__(self, path: Path) -> None:
        path = path.absolute()  # the same file whatever the working directory is by the first game
        created = not path.exists()  # a dangling link's target too: it is created here
        self._created = path.resolve() if created else None
        self._written = not created and not path.is_file()  # a pipe, a device: written at once
        self._file = _opened(path, "w" if self._written else "a")

    def write(self, text: str) -> int:
        if not self._written:
            self._file.truncate(0)  # in append mode the lines then start at 0
            self._written = True
        return self._file.write(text)

    def close(self) -> None:
        self._file.close()
        if not self._written and self._created is not None:
            self._created.unlink(missing_ok=True)


def tournament(
    players: Sequence[PlayerSpec],
    *,
    games: int,
    variant: Variant = CLASSIC,
    seed: int = 0,
    deals: bool = False,
    seating: Seating | str = Seating.ROTATE,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    output: str | os.PathLike[str] | IO[str] | None = None,
    records: bool = False,
    progress: Callable[[int, int], None] | None = None,
    resume: bool = False,
) -> TournamentSummary:
    """Play ``games`` seeded matches (or single deals with ``deals=True``) between two players.

    Args:
        players: two level names or agent factories (``seed -> Agent``); picklable to run
            on a process pool. The summary and ``output`` name them: a level by its name, a
            class, a function or a lambda by its qualified name, a ``functools.partial`` by
            its callable's ``module.qualname`` and its arguments; the same in every process,
            so that another process can resume the run.
        games: how many games (each played twice in duplicate seating).
        variant: the rules.
        seed: same seed, same games, same summary and records, on any executor.
        deals: play single deals (game ``i`` dealt by seat ``i % 4``) instead of matches.
        seating: ``"rotate"`` (default), ``"fixed"`` or ``"duplicate"`` (see :class:`Seating`).
            With single deals and ``"rotate"``, the sides swap every game as the dealer
            moves on: player 0 is always on the dealer's team, player 1 always holds the
            eldest hand (who bids and leads first). ``"duplicate"`` plays every deal from
            both sides.
        executor: where to play: ``None`` for this process, or any
            ``concurrent.futures.Executor`` (a process pool, a Dask client's ``get_executor()``).
        chunk_size: games per task (default: on an executor, as many games as take about a
            quarter of a second, up to 8 matches or 64 deals; see
            :class:`belote.tournament._executing.Pacer`).
        on_game: called with each :class:`GameResult`, in game order, as the games finish.
        output: a path or a text stream: one JSON line per game (:meth:`GameResult.as_json`,
            with the tournament's settings in a ``"tournament"`` field: the players' names, the
            variant with its options, ``deals``, the seating, the seed, ``records`` and the
            library's version). A path is checked writable at once, but an existing file is
            replaced only by the first game's line: a run that fails before (a player's factory
            that builds no agent) leaves it as it was.
        records: include each play's game record in the results (and in ``output``).
        progress: called with (games done, games in all) after each chunk.
        resume: with ``output`` a path, keep the games a stopped run of the same tournament
            wrote there and play only the rest, appending them (a last line cut short is
            dropped and its game played again). The stored games count in the summary and
            are passed to ``on_game`` first (the summary's ``resumed`` counts them; its
            ``elapsed`` is this run's time only). Each line must be the next game of the same
            tournament (the same settings); ``games`` may grow from one run to the next. The
            players' names do not tell their code: within one version, resume with the same
            code (an agent changed between runs would mix two players in one summary).

    Nothing is kept per game, so memory stays flat however many games run.

    Raises:
        TournamentError: ``games`` or ``chunk_size`` below 1, an unknown seating, an executor
            that was shut down, an ``output`` path that cannot be written (``bad_argument``,
            before any game); with ``resume``, no ``output`` or a stream, a path that is no
            regular file (a directory, a named pipe) or that the system will not let it read
            and write (``bad_argument``), or a file holding something else than this
            tournament's first games (see :func:`~belote.tournament.output.stored_results`),
            refused before anything is played or changed.
        BeloteError: an unknown level name.
        ArgumentTypeError: an argument of the wrong type (``deals``, ``records`` or
            ``resume`` not a bool, ``on_game`` or ``progress`` not callable, an ``output``
            stream that takes no text: refused before anything is played or written), a
            factory a process pool cannot pickle (a ``TypeError`` too), or a factory that
            returns no agent (an agent class is no agent), when its first game is played.

    >>> from belote.agents import EasyAgent
    >>> tournament(("normal", EasyAgent), games=2, seating="duplicate").plays
    4
    """
    plan = make_plan(
        players,
        games=games,
        variant=variant,
        seed=seed,
        deals=deals,
        seating=seating,
        records=records,
        executor=executor,
    )
    pacer = (
        None
        if executor is None or chunk_size is not None
        else Pacer(workers=workers(executor), limit=chunk_limit(plan))
    )
    require(resume, bool, "resume", "a bool")
    check_callback(on_game, "on_game")
    check_callback(progress, "progress")
    if chunk_size is not None:
        check_chunk_size(chunk_size)
    if output is not None and not isinstance(output, (str, os.PathLike)) and not _text_stream(output):
        raise ArgumentTypeError(f"output must be a path or a text stream, got {safe_repr(output)}")
    if resume and not isinstance(output, (str, os.PathLike)):
        raise TournamentError(f"resume needs output to be a file's path, got {safe_repr(output)}")
    settings = _settings(plan)
    started = time.perf_counter()
    total = Totals()
    stream: _Lines | None = None
    try:
        if resume and isinstance(output, (str, os.PathLike)) and Path(output).exists():
            stream = _resumed(Path(output), settings, games, total, on_game)
            if progress is not None and total.games:
                progress(total.games, games)
        elif isinstance(output, (str, os.PathLike)):  # a new run, or nothing yet to resume
            stream = _LazyFile(Path(output))
        elif output is not None:
            stream = output
        resumed = total.games
        tasks = chunks(plan, games, chunk_size, first=resumed, pacer=pacer)
        results = ordered_map(executor, play_chunk, tasks, window=window(executor))
        try:
            for chunk in results:
                if pacer is not None:
                    pacer.observe(games=len(chunk), seconds=sum(sum(result.seconds) for result in chunk))
                for result in chunk:
                    total.add(result)
                    if on_game is not None:
                        on_game(result)
                    if stream is not None:
                        line = {**result.as_json(), "tournament": settings}
                        stream.write(json.dumps(line, ensure_ascii=False) + "\n")
                if progress is not None:
                    progress(total.games, games)
        finally:
            results.close()  # cancel the chunks not started yet
    finally:
        if stream is not None and stream is not output:  # a file opened here, not the caller's stream
            stream.close()
    names = (player_name(plan.players[0]), player_name(plan.players[1]))
    return total.summary(
        variant=plan.variant.name,
        players=names,
        deals=plan.deals,
        seating=plan.seating,
        seed=plan.seed,
        elapsed=time.perf_counter() - started,
        resumed=resumed,
    )
