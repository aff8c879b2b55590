"""Exact behaviour of belote.tournament's runner (the package's ``__init__``) that mutation
testing (mutmut 3.8) checks: the settings each output line carries, the defaults, the games,
progress, lines and summary of a run played in this process, how chunks are paced on an
executor, every refusal with its exact message (before anything is played or written), the
output file replaced only by the first game's line, and a resumed run: the games read back,
the file cut back to its last whole line, each error of the system while reading or writing.

The tournament tests (test_tournament*.py) run process and thread pools, which deadlock in
mutmut's forked runners, and are left out of its runs: these play a few single deals of the
easy level in this process (a few milliseconds each), on no executor or on the in-thread
stand-ins of tests/_executor_stand_ins.py, with the clock replaced where the summary's time is
checked."""

from __future__ import annotations

import codecs
import io
import itertools
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

from _clock import Clock
from _executor_stand_ins import LazyExecutor
from belote import CLASSIC, EasyAgent, TournamentError
from belote._version import __version__
from belote.errors import ArgumentTypeError, Reason
from belote.records.variant import variant_to_json
from belote.tournament import GameResult, Seating, TournamentSummary, tournament
from belote.tournament import plan as plan_module
from belote.tournament._executing import Pacer
from belote.tournament.plan import Plan, make_plan, play_chunk
from belote.tournament.results import Totals

module: Any = sys.modules["belote.tournament"]  # belote.tournament is also the function's name

DEALS: dict[str, Any] = {"games": 4, "deals": True, "seed": 1}


class Ticking:
    """The games' clock: each reading a quarter second after the last, so that every decision
    takes 0.25 s and the lines written (their seconds) are the same in every run."""

    def __init__(self) -> None:
        self.times = itertools.count(0.0, 0.25)

    def perf_counter(self) -> float:
        return next(self.times)


@pytest.fixture(autouse=True)
def _ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plan_module, "time", Ticking())


def played(games: int, **changes: Any) -> list[GameResult]:
    """The results of a tournament of easy players, played here without the runner."""
    options: dict[str, Any] = {
        "games": games,
        "variant": CLASSIC,
        "seed": 1,
        "deals": True,
        "seating": "rotate",
        "records": False,
        "executor": None,
        **changes,
    }
    return play_chunk((make_plan(("easy", "easy"), **options), 0, games))


def line_of(result: GameResult, plan: Plan) -> str:
    return json.dumps({**result.as_json(), "tournament": module._settings(plan)}, ensure_ascii=False) + "\n"


def plan_of(**changes: Any) -> Plan:
    players = changes.pop("players", ("easy", "easy"))
    options: dict[str, Any] = {
        "games": 4,
        "variant": CLASSIC,
        "seed": 1,
        "deals": True,
        "seating": "rotate",
        "records": False,
        "executor": None,
        **changes,
    }
    return make_plan(players, **options)


def summary_of(results: list[GameResult], resumed: int = 0, **changes: Any) -> TournamentSummary:
    total = Totals()
    for result in results:
        total.add(result)
    options: dict[str, Any] = {
        "variant": "classic",
        "players": ("easy", "easy"),
        "deals": True,
        "seating": Seating.ROTATE,
        "seed": 1,
        "elapsed": 0.0,
        "resumed": resumed,
        **changes,
    }
    return total.summary(**options)


def joueur(seed: int) -> EasyAgent:
    """A player whose name is not ASCII."""
    return EasyAgent(seed=seed)


joueur.__qualname__ = "joueur_é"


# -- settings and a run ------------------------------------------------------------------------


def test_the_settings_each_line_carries() -> None:
    plan = plan_of(players=(joueur, " Easy"), seed=7, deals=False, seating="duplicate", records=True)
    assert module._settings(plan) == {
        "version": __version__,
        "players": ["joueur_é", "easy"],
        "variant": variant_to_json(CLASSIC),
        "deals": False,
        "seating": "duplicate",
        "seed": 7,
        "records": True,
    }


def test_a_run_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(10.0)
    monkeypatch.setattr(module, "time", clock)
    results: list[GameResult] = []
    progress: list[tuple[int, int]] = []

    def report(done: int, games: int) -> None:
        progress.append((done, games))
        clock.now += 0.625

    output = io.StringIO()
    summary = tournament(
        (joueur, "easy"),
        **DEALS,
        seating="duplicate",
        records=True,
        on_game=results.append,
        output=output,
        progress=report,
    )
    plan = plan_of(players=(joueur, "easy"), seating="duplicate", records=True)
    assert results == play_chunk((plan, 0, 4))
    assert [len(result.records) for result in results] == [2, 2, 2, 2]
    assert progress == [(1, 4), (2, 4), (3, 4), (4, 4)]  # 4 games: one a chunk
    assert output.getvalue() == "".join(line_of(result, plan) for result in results)
    assert '"joueur_é"' in output.getvalue()
    assert summary == summary_of(results, players=("joueur_é", "easy"), seating=Seating.DUPLICATE)
    assert (summary.elapsed, summary.resumed) == (2.5, 0)
    assert summary.players == ("joueur_é", "easy")


def test_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    planned: list[tuple[Any, dict[str, Any]]] = []
    real_make_plan = module.make_plan

    def spy(players: Any, **options: Any) -> Any:
        planned.append((players, options))
        return real_make_plan(("easy", "easy"), **{**options, "deals": True})

    monkeypatch.setattr(module, "make_plan", spy)
    summary = tournament(("normal", "normal"), games=2)
    assert planned == [
        (
            ("normal", "normal"),
            {
                "games": 2,
                "variant": CLASSIC,
                "seed": 0,
                "deals": False,
                "seating": Seating.ROTATE,
                "records": False,
                "executor": None,
            },
        )
    ]
    assert summary.games == 2


@pytest.mark.parametrize(
    ("games", "chunk_size", "progress"),
    [(4, 3, [(3, 4), (4, 4)]), (4, 1, [(1, 4), (2, 4), (3, 4), (4, 4)]), (4, 4, [(4, 4)]), (64, None, [])],
)
def test_progress_after_each_chunk(
    games: int, chunk_size: int | None, progress: list[tuple[int, int]]
) -> None:
    reported: list[tuple[int, int]] = []
    results: list[GameResult] = []
    tournament(
        ("easy", "easy"),
        games=games,
        deals=True,
        seed=1,
        chunk_size=chunk_size,
        on_game=results.append,
        progress=lambda done, total: reported.append((done, total)),
    )
    # by default, 64 deals go 2 a chunk
    assert reported == (progress or [(done, 64) for done in range(2, 65, 2)])
    assert [result.index for result in results] == list(range(games))


class ScriptedPacer(Pacer):
    """The module's Pacer: keeps how it was made and what it observed; scripted sizes."""

    made: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        ScriptedPacer.made.append(options)
        self.observed: list[tuple[int, float]] = []
        self.asked: list[int] = []
        self.sizes = [1, 2, 3, 4]

    def observe(self, *, games: int, seconds: float) -> None:
        self.observed.append((games, seconds))

    def size(self, *, remaining: int) -> int:
        self.asked.append(remaining)
        return self.sizes.pop(0)


@pytest.mark.parametrize(("deals", "limit"), [(True, 64), (False, 8)])
def test_chunks_are_paced_on_an_executor(monkeypatch: pytest.MonkeyPatch, deals: bool, limit: int) -> None:
    monkeypatch.setattr(ScriptedPacer, "made", [])
    pacers: list[ScriptedPacer] = []

    def make(**options: Any) -> ScriptedPacer:
        pacers.append(ScriptedPacer(**options))
        return pacers[-1]

    monkeypatch.setattr(module, "Pacer", make)
    executor = LazyExecutor(workers=3, name_of=lambda task: (task[1], task[2]))
    results: list[GameResult] = []
    reported: list[tuple[int, int]] = []
    games = 6 if deals else 3
    tournament(
        ("easy", "easy"),
        games=games,
        deals=deals,
        executor=executor,
        on_game=results.append,
        progress=lambda done, total: reported.append((done, total)),
    )
    (pacer,) = pacers
    assert ScriptedPacer.made == [{"workers": 3, "limit": limit}]
    spans = [(0, 1), (1, 3), (3, 6)] if deals else [(0, 1), (1, 3)]
    assert [name for event, name in executor.log if event == "submit"] == spans
    assert pacer.asked == ([6, 5, 3] if deals else [3, 2])
    assert pacer.observed == [
        (stop - start, sum(sum(result.seconds) for result in results[start:stop])) for start, stop in spans
    ]
    assert reported == [(stop, games) for _, stop in spans]
    assert [result.index for result in results] == list(range(games))


def test_the_executor_is_checked(tmp_path: Path) -> None:
    with pytest.raises(ArgumentTypeError) as raised:
        tournament(("easy", "easy"), **DEALS, executor="pool", output=tmp_path / "out")  # type: ignore[arg-type]
    assert str(raised.value) == "executor must be a concurrent.futures.Executor or None, got 'pool'"
    with pytest.raises(ArgumentTypeError, match=r"^players must be picklable to run in a process pool: "):
        tournament(("easy", lambda seed: EasyAgent(seed=seed)), **DEALS, executor=UnstartedPool())
    assert list(tmp_path.iterdir()) == []


class UnstartedPool(ProcessPoolExecutor):
    """A process pool as the checks see it (its type), that starts nothing."""

    def __init__(self) -> None:
        pass


def test_chunks_in_flight(monkeypatch: pytest.MonkeyPatch) -> None:
    executor = LazyExecutor(workers=1, name_of=lambda task: task[1])  # a window of 16 chunks
    results: list[GameResult] = []
    tournament(
        ("easy", "easy"),
        games=18,
        deals=True,
        seed=1,
        executor=executor,
        chunk_size=1,
        on_game=results.append,
    )
    expected: list[tuple[str, object]] = [("submit", index) for index in range(16)]
    expected += [("run", 0), ("submit", 16), ("run", 1), ("submit", 17)]
    expected += [("run", index) for index in range(2, 18)]
    assert executor.log == expected
    assert results == played(18)


def test_a_chunk_size_or_no_executor_needs_no_pacer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "Pacer", None)
    tournament(("easy", "easy"), games=2, deals=True)
    executor = LazyExecutor(workers=3, name_of=lambda task: (task[1], task[2]))
    tournament(("easy", "easy"), games=3, deals=True, executor=executor, chunk_size=2)
    assert [name for event, name in executor.log if event == "submit"] == [(0, 2), (2, 3)]


# -- refusals ----------------------------------------------------------------------------------


class NoTextStream:
    def __init__(self, write: Any) -> None:
        self.write = write

    def __repr__(self) -> str:
        return "NoTextStream()"


def refuses_text(text: str) -> int:
    raise TypeError("bytes please")


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"resume": 1}, ArgumentTypeError, "resume must be a bool, got 1"),
        ({"resume": "yes"}, ArgumentTypeError, "resume must be a bool, got 'yes'"),
        ({"on_game": 5}, ArgumentTypeError, "on_game must be a function or None, got 5"),
        ({"progress": "p"}, ArgumentTypeError, "progress must be a function or None, got 'p'"),
        ({"chunk_size": 0}, TournamentError, "chunk_size must be at least 1, got 0"),
        ({"chunk_size": 1.5}, ArgumentTypeError, "chunk_size must be an int, got 1.5"),
        ({"output": 5}, ArgumentTypeError, "output must be a path or a text stream, got 5"),
        (
            {"output": NoTextStream(5)},
            ArgumentTypeError,
            "output must be a path or a text stream, got NoTextStream()",
        ),
        (
            {"output": NoTextStream(refuses_text)},
            ArgumentTypeError,
            "output must be a path or a text stream, got NoTextStream()",
        ),
        ({"resume": True}, TournamentError, "resume needs output to be a file's path, got None"),
        (
            {"resume": True, "output": NoTextStream(len)},
            TournamentError,
            "resume needs output to be a file's path, got NoTextStream()",
        ),
        ({"games": 0}, TournamentError, "games must be at least 1, got 0"),
        (
            {"seating": "round"},
            TournamentError,
            "'round' is not a seating: expected one of fixed, rotate, duplicate",
        ),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_played(
    monkeypatch: pytest.MonkeyPatch, changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    monkeypatch.setattr(module, "play_chunk", None)
    with pytest.raises(error) as raised:
        tournament(("easy", "easy"), **{**DEALS, **changes})
    assert str(raised.value) == message
    assert type(raised.value) is error
    assert getattr(raised.value, "reason", None) is Reason.BAD_ARGUMENT


def test_a_binary_stream_is_refused() -> None:
    with pytest.raises(
        ArgumentTypeError, match=r"^output must be a path or a text stream, got <_io\.BytesIO"
    ):
        tournament(("easy", "easy"), **DEALS, output=io.BytesIO())  # type: ignore[arg-type]


def test_a_text_stream_is_tried_with_an_empty_text() -> None:
    written: list[str] = []

    def write(text: str) -> int:
        written.append(text)
        return len(text)

    stream = NoTextStream(write)
    assert module._text_stream(stream)
    assert written == [""]
    assert not module._text_stream(NoTextStream(refuses_text))
    assert not module._text_stream(NoTextStream(None))
    assert not module._text_stream(object())
    assert module._text_stream(io.StringIO())
    assert not module._text_stream(io.BytesIO())


def test_a_stream_is_written_and_not_closed() -> None:
    output = io.StringIO()
    tournament(("easy", "easy"), games=1, deals=True, output=output)
    assert not output.closed
    assert output.getvalue().count("\n") == 1


# -- an output file ----------------------------------------------------------------------------


def test_a_new_file_holds_one_line_a_game(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    results: list[GameResult] = []
    tournament(("easy", "easy"), **DEALS, output=path, on_game=results.append)
    plan = plan_of()
    assert path.read_text(encoding="utf-8") == "".join(line_of(result, plan) for result in results)
    tournament(("easy", "easy"), **DEALS, output=str(path))  # replaced, not appended to
    assert path.read_text(encoding="utf-8") == "".join(line_of(result, plan) for result in results)


def no_agent(seed: int) -> Any:
    return "no agent"


def test_a_run_failing_before_its_first_line_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text("what was there\n", encoding="utf-8")
    new = tmp_path / "new.jsonl"
    for path in (kept, new):
        with pytest.raises(ArgumentTypeError, match="its factory returned 'no agent'"):
            tournament((no_agent, "easy"), **DEALS, output=path)
    assert kept.read_text(encoding="utf-8") == "what was there\n"
    assert not new.exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.jsonl"]


def test_the_file_made_is_the_one_removed_whatever_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "out.jsonl").write_text("another file\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "a")

    def moves(seed: int) -> Any:
        os.chdir(tmp_path / "b")
        return "no agent"

    with pytest.raises(ArgumentTypeError):
        tournament((moves, "easy"), **DEALS, output="out.jsonl")
    assert list((tmp_path / "a").iterdir()) == []
    assert (tmp_path / "b" / "out.jsonl").read_text(encoding="utf-8") == "another file\n"


def test_a_file_made_and_removed_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"

    def removes(seed: int) -> Any:
        path.unlink()
        return "no agent"

    with pytest.raises(ArgumentTypeError, match="its factory returned 'no agent'"):
        tournament((removes, "easy"), **DEALS, output=path)
    assert list(tmp_path.iterdir()) == []


def test_a_dangling_link_target_made_is_removed(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "target.jsonl")
    with pytest.raises(ArgumentTypeError):
        tournament((no_agent, "easy"), **DEALS, output=link)
    assert not (tmp_path / "target.jsonl").exists()
    assert link.is_symlink()
    tournament(("easy", "easy"), **DEALS, output=link)
    assert (tmp_path / "target.jsonl").read_text(encoding="utf-8").count("\n") == 4


def test_how_an_output_file_is_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[Path, str]] = []
    real = module._opened

    def spy(path: Path, mode: str) -> Any:
        opened.append((path, mode))
        return real(path, mode)

    monkeypatch.setattr(module, "_opened", spy)
    monkeypatch.chdir(tmp_path)
    lazy = module._LazyFile(Path("new.jsonl"))
    assert opened == [(tmp_path / "new.jsonl", "a")]
    lazy.close()
    assert not (tmp_path / "new.jsonl").exists()
    device = module._LazyFile(Path(os.devnull))
    assert opened[-1] == (Path(os.devnull), "w")
    assert device.write("line\n") == 5
    device.close()
    assert Path(os.devnull).exists()
    (tmp_path / "old.jsonl").write_text("old\n", encoding="utf-8")
    lazy = module._LazyFile(Path("old.jsonl"))
    assert opened[-1] == (tmp_path / "old.jsonl", "a")
    assert lazy.write("first\n") == 6
    assert lazy.write("second\n") == 7
    lazy.close()
    assert (tmp_path / "old.jsonl").read_text(encoding="utf-8") == "first\nsecond\n"


def test_an_output_that_cannot_be_written(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "out.jsonl"
    for resume in (False, True):
        with pytest.raises(TournamentError) as raised:
            tournament(("easy", "easy"), **DEALS, output=path, resume=resume)
        assert str(raised.value) == f"cannot write the output {path}: No such file or directory"
        assert raised.value.reason is Reason.BAD_ARGUMENT
    assert list(tmp_path.iterdir()) == []


def test_the_error_of_an_output_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self: Path, mode: str, encoding: str) -> Any:
        raise OSError("no reason given")

    monkeypatch.setattr(Path, "open", refused)
    with pytest.raises(TournamentError) as raised:
        module._opened(tmp_path / "x", "a")
    assert str(raised.value) == f"cannot write the output {tmp_path / 'x'}: no reason given"


def test_opened_as_utf_8_whatever_the_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, Any]] = []
    real = Path.open

    def spy(self: Path, mode: str, encoding: Any = None) -> Any:
        asked.append((mode, encoding))
        return real(self, mode, encoding=encoding)

    monkeypatch.setattr(Path, "open", spy)
    module._opened(tmp_path / "x", "a").close()
    ((mode, encoding),) = asked
    assert mode == "a"
    assert codecs.lookup(encoding).name == "utf-8"


def test_opened_in_the_mode_asked(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("é\n", encoding="utf-8")
    with module._opened(path, "a") as stream:
        stream.write("à\n")
    assert path.read_bytes() == "é\nà\n".encode()
    with module._opened(path, "w") as stream:
        stream.write("ù")
    assert path.read_bytes() == "ù".encode()


# -- resuming ----------------------------------------------------------------------------------


def whole_run(path: Path, games: int) -> str:
    tournament(("easy", "easy"), games=games, deals=True, seed=1, output=path)
    return path.read_text(encoding="utf-8")


def test_a_resumed_run_plays_the_rest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = whole_run(tmp_path / "whole.jsonl", 5)
    path = tmp_path / "out.jsonl"
    whole_run(path, 3)
    clock = Clock(1.0)
    monkeypatch.setattr(module, "time", clock)
    results: list[GameResult] = []
    progress: list[tuple[int, int]] = []

    def report(done: int, games: int) -> None:
        progress.append((done, games))
        clock.now += 0.25

    summary = tournament(
        ("easy", "easy"),
        games=5,
        deals=True,
        seed=1,
        output=path,
        resume=True,
        on_game=results.append,
        progress=report,
    )
    assert path.read_text(encoding="utf-8") == whole
    assert results == played(5)
    assert progress == [(3, 5), (4, 5), (5, 5)]
    assert summary == summary_of(results)
    assert (summary.resumed, summary.elapsed) == (3, 0.75)


def resumed_run(path: Path, games: int) -> tuple[TournamentSummary, list[tuple[int, int]]]:
    """``games`` easy single deals of seed 1 resumed from ``path``, and the progress reported."""
    progress: list[tuple[int, int]] = []
    summary = tournament(
        ("easy", "easy"),
        games=games,
        deals=True,
        seed=1,
        output=path,
        resume=True,
        progress=lambda done, total: progress.append((done, total)),
    )
    return summary, progress


def test_a_resumed_run_cuts_a_last_line_short_and_plays_it_again(tmp_path: Path) -> None:
    whole = whole_run(tmp_path / "whole.jsonl", 3)
    path = tmp_path / "out.jsonl"
    lines = whole.splitlines(keepends=True)
    path.write_text(lines[0] + lines[1][:30], encoding="utf-8")
    summary, progress = resumed_run(path, 3)
    assert path.read_text(encoding="utf-8") == whole
    assert progress == [(1, 3), (2, 3), (3, 3)]
    assert summary.resumed == 1


@pytest.mark.parametrize("content", ["", None, '{"index": 0'])
def test_resuming_from_nothing_plays_every_game(tmp_path: Path, content: str | None) -> None:
    whole = whole_run(tmp_path / "whole.jsonl", 2)
    path = tmp_path / "out.jsonl"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    summary, progress = resumed_run(path, 2)
    assert progress == [(1, 2), (2, 2)]
    assert path.read_text(encoding="utf-8") == whole
    assert summary.resumed == 0


def test_a_finished_run_resumed_plays_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.jsonl"
    whole = whole_run(path, 3)
    monkeypatch.setattr(module, "play_chunk", None)
    truncated: list[object] = []
    monkeypatch.setattr(module.os, "truncate", lambda *arguments: truncated.append(arguments))
    results: list[GameResult] = []
    summary = tournament(
        ("easy", "easy"), games=3, deals=True, seed=1, output=path, resume=True, on_game=results.append
    )
    assert truncated == []  # the file ends with its last whole line: nothing to cut
    assert path.read_text(encoding="utf-8") == whole
    assert results == played(3)
    assert summary.resumed == 3


def test_resuming_from_what_is_no_regular_file(tmp_path: Path) -> None:
    with pytest.raises(TournamentError) as raised:
        tournament(("easy", "easy"), **DEALS, output=tmp_path, resume=True)
    assert str(raised.value) == f"cannot resume from {tmp_path}: not a regular file"
    assert raised.value.reason is Reason.BAD_ARGUMENT


class Spied:
    """The streams ``_opened`` gave."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.streams: list[Any] = []
        real = module._opened

        def spy(path: Path, mode: str) -> Any:
            self.streams.append(real(path, mode))
            return self.streams[-1]

        monkeypatch.setattr(module, "_opened", spy)


def test_a_file_that_cannot_be_cut_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.jsonl"
    whole = whole_run(path, 2)
    path.write_text(whole + '{"index": 2', encoding="utf-8")
    spied = Spied(monkeypatch)

    def refused(*arguments: Any) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(module.os, "truncate", refused)
    with pytest.raises(TournamentError) as raised:
        tournament(("easy", "easy"), games=3, deals=True, seed=1, output=path, resume=True)
    assert str(raised.value) == f"cannot resume from {path}: Operation not permitted"
    assert raised.value.reason is Reason.BAD_ARGUMENT
    (stream,) = spied.streams
    assert stream.closed


def test_the_file_is_cut_at_its_last_whole_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.jsonl"
    whole = whole_run(path, 2)
    path.write_text(whole + '{"index": 2', encoding="utf-8")
    cuts: list[tuple[Any, ...]] = []
    monkeypatch.setattr(module.os, "truncate", lambda *arguments: cuts.append(arguments))
    stream = module._resumed(path, module._settings(plan_of()), 3, Totals(), None)
    stream.close()
    assert cuts == [(path, len(whole.encode()))]


def test_the_stored_games_are_counted_and_passed_on(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    whole_run(path, 3)
    total = Totals()
    seen: list[GameResult] = []
    stream = module._resumed(path, module._settings(plan_of()), 3, total, seen.append)
    assert not stream.closed
    stream.write("appended\n")
    stream.close()
    assert seen == played(3)
    assert total.games == 3
    assert path.read_text(encoding="utf-8").endswith("}\nappended\n")


def test_an_error_of_on_game_while_resuming_is_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "out.jsonl"
    whole_run(path, 2)
    spied = Spied(monkeypatch)

    def fails(result: GameResult) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tournament(("easy", "easy"), games=2, deals=True, seed=1, output=path, resume=True, on_game=fails)
    (stream,) = spied.streams
    assert stream.closed


def test_the_stored_results_of_a_file_that_cannot_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = module._settings(plan_of())
    with pytest.raises(TournamentError) as raised:
        list(module._stored(tmp_path, settings, 3))
    assert str(raised.value) == f"cannot resume from {tmp_path}: Is a directory"
    path = tmp_path / "out.jsonl"
    whole_run(path, 2)
    asked: list[tuple[Any, ...]] = []

    def failing(stream: Any, *, settings: Any, games: int) -> Any:
        asked.append((stream.read(), settings, games))
        yield "first", 10
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(module, "stored_results", failing)
    stored = module._stored(path, settings, 3)
    assert next(stored) == ("first", 10)
    with pytest.raises(TournamentError) as raised:
        next(stored)
    assert str(raised.value) == f"cannot resume from {path}: Input/output error"
    assert asked == [(path.read_bytes(), settings, 3)]


def test_the_error_of_a_file_that_cannot_be_resumed(tmp_path: Path) -> None:
    made = module._unresumable(tmp_path, OSError("plain"))
    assert str(made) == f"cannot resume from {tmp_path}: plain"
    assert made.reason is Reason.BAD_ARGUMENT
    made = module._unresumable(tmp_path, OSError(13, "Permission denied", "elsewhere"))
    assert str(made) == f"cannot resume from {tmp_path}: Permission denied"
