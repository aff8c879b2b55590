"""Self-play shards: complete or absent, resumable to exactly the uninterrupted run, read back."""

from __future__ import annotations

import gzip
import json
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import belote
from belote import Play, RecordError, ReplayError, TournamentError, read_records, selfplay, training_pairs
from belote.errors import ArgumentTypeError, Reason
from belote.selfplay import shard_name

OPTIONS: dict[str, object] = {
    "games": 7,
    "shard_size": 2,
    "players": ("normal", "easy"),
    "seed": 5,
    "deals": True,
}


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("whole")
    shards = selfplay(folder, **OPTIONS)  # type: ignore[arg-type]
    assert [path.name for path in shards] == [
        shard_name(5, 0, 1),
        shard_name(5, 2, 3),
        shard_name(5, 4, 5),
        shard_name(5, 6, 6),
    ]
    return _files(folder)


class StopError(Exception):
    pass


def test_an_interrupted_run_resumes_to_exactly_the_same_shards(
    tmp_path: Path, uninterrupted: dict[str, bytes]
) -> None:
    def stop_after_two(done: int, total: int) -> None:
        if done >= 4:
            raise StopError

    with pytest.raises(StopError):
        selfplay(tmp_path, progress=stop_after_two, **OPTIONS)  # type: ignore[arg-type]
    written = sorted(path.name for path in tmp_path.glob("*.gz"))
    assert written == [shard_name(5, 0, 1), shard_name(5, 2, 3)]
    # a crash while writing the third shard leaves a temporary file behind
    leftover = tmp_path / (shard_name(5, 4, 5) + ".tmp")
    leftover.write_bytes(b"half a shard")
    done: list[int] = []
    selfplay(tmp_path, progress=lambda count, total: done.append(count), **OPTIONS)  # type: ignore[arg-type]
    assert done == [6, 7]  # only the missing shards were played
    assert _files(tmp_path) == uninterrupted


def test_a_shard_write_cut_short_leaves_no_half_file(
    tmp_path: Path, uninterrupted: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Path.write_bytes
    third = shard_name(5, 4, 5) + ".tmp"

    def disk_full(self: Path, data: Any) -> int:
        if self.name == third:
            real(self, bytes(data)[:10])
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    with pytest.raises(TournamentError, match=r"cannot use the self-play directory .*: No space left"):
        selfplay(tmp_path, **OPTIONS)  # type: ignore[arg-type]
    assert not list(tmp_path.glob("*.tmp"))
    assert sorted(path.name for path in tmp_path.glob("*.gz")) == [shard_name(5, 0, 1), shard_name(5, 2, 3)]
    monkeypatch.undo()
    selfplay(tmp_path, **OPTIONS)  # type: ignore[arg-type]
    assert _files(tmp_path) == uninterrupted


def test_a_settings_write_cut_short_leaves_no_half_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Path.write_bytes

    def interrupted(self: Path, data: Any) -> int:
        if self.name != "selfplay.json.tmp":
            return real(self, data)
        real(self, bytes(data)[:5])
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "write_bytes", interrupted)
    with pytest.raises(KeyboardInterrupt):
        selfplay(tmp_path, **OPTIONS)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(KeyboardInterrupt):  # the directories the new run made are removed too
        selfplay(tmp_path / "new" / "run", **OPTIONS)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert len(selfplay(tmp_path, **OPTIONS)) == 4  # type: ignore[arg-type]


def test_a_process_pool_writes_the_same_shards(tmp_path: Path, uninterrupted: dict[str, bytes]) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        selfplay(tmp_path, executor=pool, **OPTIONS)  # type: ignore[arg-type]
    assert _files(tmp_path) == uninterrupted


def test_records_and_training_pairs_replay_through_the_rules(tmp_path: Path) -> None:
    selfplay(tmp_path, **OPTIONS)  # type: ignore[arg-type]
    records = list(read_records(tmp_path))
    assert len(records) == 7
    states = [belote.replay(record) for record in records]
    assert all(isinstance(state, belote.RoundState) for state in states)
    pairs = list(training_pairs(tmp_path))
    assert len(pairs) == sum(len(record["actions"]) for record in records)
    for view, action in pairs:
        assert view.is_to_act
        if isinstance(action, Play):
            assert action.card in view.legal_cards
        else:
            assert action in view.legal_bids
    first = read_records(tmp_path / shard_name(5, 0, 1))
    assert next(first) == records[0]


def test_match_records_give_views_with_the_match_score(tmp_path: Path) -> None:
    selfplay(tmp_path, games=1, players=("easy", "easy"), seed=2)
    (record,) = read_records(tmp_path)
    played = belote.replay(record)
    assert isinstance(played, belote.Match)
    pairs = list(training_pairs(tmp_path))
    actions = sum(len(entry["actions"]) for entry in record["deals"])
    assert len(pairs) == actions
    before_last = played.history[-2].scores_after if len(played.history) > 1 else (0, 0)
    assert pairs[-1][0].scores == before_last
    assert pairs[0][0].scores == (0, 0)
    assert len(played.history) > 1


def test_a_level_spelled_otherwise_is_the_same_run(tmp_path: Path) -> None:
    # the settings name players as tournaments do: a level's name, whatever its spelling
    first = selfplay(tmp_path, **{**OPTIONS, "players": (" Normal", "EASY")})  # type: ignore[arg-type]
    settings = json.loads((tmp_path / "selfplay.json").read_text(encoding="utf-8"))
    assert settings["players"] == ["normal", "easy"]
    assert selfplay(tmp_path, **OPTIONS) == first  # type: ignore[arg-type]


def test_a_factory_is_named_by_its_qualified_name(tmp_path: Path) -> None:
    selfplay(tmp_path, games=1, players=(belote.EasyAgent, "easy"), seed=2)
    settings = json.loads((tmp_path / "selfplay.json").read_text(encoding="utf-8"))
    assert settings["players"] == ["EasyAgent", "easy"]


def test_a_directory_of_another_run_is_refused(tmp_path: Path) -> None:
    selfplay(tmp_path, **OPTIONS)  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="other settings"):
        selfplay(tmp_path, **{**OPTIONS, "seed": 6})  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="shard_size must be at least 1"):
        selfplay(tmp_path / "new", **{**OPTIONS, "shard_size": 0})  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="no self-play shard"):
        next(read_records(tmp_path / "missing"))


def test_training_pairs_read_a_round_given_by_its_contract(tmp_path: Path) -> None:
    """A record of a real table's round, built from its contract with no auction (record version
    2), gives the views of its card plays: they start from the contract, not from a new deal."""
    state = belote.deal(belote.COINCHE, dealer=belote.Seat(3), seed=4)
    hands = [state.hand(seat) for seat in belote.Seat]
    contract = belote.Contract(belote.Seat(1), belote.Trump.SPADES, multiplier=2, bid=100)
    start = belote.position(belote.COINCHE, dealer=3, hands=hands, contract=contract)
    final = belote.finish_round(start, [belote.EasyAgent(seed=seat) for seat in range(4)])
    shard = tmp_path / "table.jsonl.gz"
    with gzip.open(shard, "wt", encoding="utf-8") as lines:
        lines.write(belote.dumps(final) + "\n")
    pairs = list(training_pairs(shard))
    assert len(pairs) == 32
    assert all(view.contract == contract and isinstance(action, Play) for view, action in pairs)
    assert [action.card for _, action in pairs] == [card for trick in final.tricks for _, card in trick.plays]


def _shard(folder: Path, *lines: str | bytes) -> Path:
    """A gzip shard holding ``lines`` (texts or raw bytes), one a line."""
    shard = folder / "hand-made.jsonl.gz"
    data = b"".join((line if isinstance(line, bytes) else line.encode("utf-8")) + b"\n" for line in lines)
    shard.write_bytes(gzip.compress(data))
    return shard


def _passed_out() -> dict[str, Any]:
    """The record of a classic deal where every seat passes, twice round."""
    state = belote.deal(belote.CLASSIC, dealer=belote.Seat(3), seed=2)
    while state.phase is belote.Phase.BIDDING:
        state = belote.bid(state, belote.Pass())
    assert state.phase is belote.Phase.PASSED_OUT
    return belote.to_record(state)


def _played(seed: int) -> dict[str, Any]:
    """The record of the first classic deal from ``seed`` on that easy players play to its end
    (not passed out), with its points."""
    for tried in range(seed, seed + 20):
        start = belote.deal(belote.CLASSIC, dealer=belote.Seat(1), seed=tried)
        final = belote.finish_round(start, [belote.EasyAgent(seed=seat) for seat in range(4)])
        if final.phase is belote.Phase.FINISHED:
            return {**belote.to_record(final), "points": list(belote.score_round(final).points)}
    raise AssertionError("no deal played to its end")


@pytest.mark.parametrize(
    ("line", "message", "unread"),
    [
        ("not json", "line 2: not valid JSON", True),
        ("[1, 2]", "line 2: a record must be a JSON object, got array", True),
        ("[" * 40 + "]" * 40, "line 2: arrays and objects nested more than 32 deep", True),
        (b"\xff\xfe{}", "line 2: not valid JSON", True),
        ('{"kind": "round"}', "line 2: missing 'format'", False),
        ({"dealer": 7}, "line 2: dealer: must be 0..3, got 7", False),
    ],
)
def test_a_line_that_is_no_record_is_refused_naming_its_shard_and_line(
    tmp_path: Path, line: str | bytes | dict[str, Any], message: str, unread: bool
) -> None:
    """QA saw a JSONDecodeError, a KeyError, a TypeError: now the records' own error.
    ``read_records`` refuses what is no JSON object (``unread``), ``training_pairs`` also what
    is no record (a dict: a played record with these fields changed)."""
    played = _played(4)
    text = json.dumps({**played, **line}) if isinstance(line, dict) else line
    shard = _shard(tmp_path, json.dumps(played), text)
    with pytest.raises(RecordError, match=re.escape(f"{shard}, {message}")) as raised:
        list(training_pairs(shard))
    assert raised.value.reason is Reason.MALFORMED_RECORD
    assert raised.value.path == ("dealer" if isinstance(line, dict) else "")
    if unread:
        with pytest.raises(RecordError, match=re.escape(f"{shard}, {message}")):
            list(read_records(shard))
    else:
        assert len(list(read_records(shard))) == 2


def test_read_records_gives_objects_unchecked_but_never_a_raw_error(tmp_path: Path) -> None:
    shard = _shard(tmp_path, '{"kind": "round"}', "", "[]")
    records = read_records(shard)
    assert next(records) == {"kind": "round"}  # the record format is training_pairs' or replay's check
    with pytest.raises(RecordError, match=re.escape(f"{shard}, line 3: a record must be a JSON object")):
        next(records)


@pytest.mark.parametrize("cut", [False, True], ids=["not-gzip", "cut-short"])
def test_a_file_that_is_no_whole_gzip_shard_is_refused(tmp_path: Path, cut: bool) -> None:
    """QA saw ``gzip.BadGzipFile``; a shard cut short gave an ``EOFError``."""
    shard = tmp_path / "broken.jsonl.gz"
    whole = gzip.compress((json.dumps(_played(4)) + "\n").encode("utf-8") * 3)
    shard.write_bytes(whole[: len(whole) // 2] if cut else b"not gzip at all")
    for read in (read_records, training_pairs):
        with pytest.raises(
            RecordError, match=rf"^{re.escape(str(shard))}, line \d: not a whole gzip file"
        ) as raised:
            list(read(shard))
        assert raised.value.reason is Reason.MALFORMED_RECORD


def test_an_action_after_the_end_of_the_round_is_refused_as_replay_refuses_it(tmp_path: Path) -> None:
    """QA saw a bare AssertionError where ``belote.replay`` says ``wrong_phase``."""
    record = _passed_out()
    record["actions"].append({"seat": 3, "call": "pass"})
    with pytest.raises(ReplayError) as replayed:
        belote.replay(record)
    shard = _shard(tmp_path, json.dumps(record))
    with pytest.raises(ReplayError, match=re.escape(f"(in {shard}, line 1)")) as raised:
        list(training_pairs(shard))
    assert raised.value.reason is Reason.WRONG_PHASE
    assert (raised.value.index, raised.value.seat) == (replayed.value.index, replayed.value.seat)


def test_a_record_the_rules_refuse_gives_no_pair(tmp_path: Path) -> None:
    """A record is checked whole, its recorded points included, before its first pair."""
    good, bad = _played(4), _played(5)
    bad["points"] = [bad["points"][1] + 1, bad["points"][0]]
    shard = _shard(tmp_path, json.dumps(good), json.dumps(bad))
    pairs = training_pairs(shard)
    given = [next(pairs) for _ in good["actions"]]
    assert len(given) == len(good["actions"])
    with pytest.raises(ReplayError, match=re.escape("the record says this deal scored")) as raised:
        next(pairs)  # no pair of the second record before its error
    assert f"(in {shard}, line 2)" in str(raised.value)


def test_records_dealt_from_a_seed_give_the_pairs_of_their_deck(tmp_path: Path) -> None:
    """A record may give the seed instead of the deck (the record format allows it), as
    ``belote.replay`` reads it: the pairs came from a new random deal."""
    played = _played(7)
    seeded = {key: value for key, value in played.items() if key != "deck"}
    seeded["seed"] = 7
    selfplay(tmp_path / "match", games=1, players=("easy", "easy"), seed=2)
    (game,) = read_records(tmp_path / "match")
    no_decks = {**game, "deals": [{k: v for k, v in entry.items() if k != "deck"} for entry in game["deals"]]}
    for record, given in ((played, seeded), (game, no_decks)):
        belote.replay(given)
        pairs = list(training_pairs(_shard(tmp_path, json.dumps(record))))
        assert list(training_pairs(_shard(tmp_path, json.dumps(given)))) == pairs


def test_a_source_that_is_no_path_is_refused_at_once() -> None:
    for read in (read_records, training_pairs):
        with pytest.raises(ArgumentTypeError, match="source must be the path of a self-play shard"):
            read(5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"progress": 5}, "progress must be a function or None, got 5"),
        ({"deals": "no"}, "deals must be a bool, got 'no'"),
        ({"directory": 5}, "directory must be a directory's path, got 5"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_written(
    tmp_path: Path, options: dict[str, object], message: str
) -> None:
    arguments: dict[str, Any] = {
        "directory": tmp_path / "run",
        "games": 2,
        "players": ("easy", "easy"),
        **options,
    }
    with pytest.raises(ArgumentTypeError, match=message):
        selfplay(**arguments)
    assert not (tmp_path / "run").exists()


def test_a_directory_the_system_refuses_is_a_tournament_error(tmp_path: Path) -> None:
    (tmp_path / "selfplay.json").mkdir()  # a folder where the settings file goes
    with pytest.raises(
        TournamentError, match=r"cannot use the self-play directory .*: Is a directory"
    ) as refused:
        selfplay(tmp_path, games=2, deals=True, players=("easy", "easy"))
    assert refused.value.reason is Reason.BAD_ARGUMENT
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(TournamentError, match=r"cannot use the self-play directory .*file.*Not a directory"):
        selfplay(blocker / "sub", games=2, deals=True, players=("easy", "easy"))


def test_reading_a_directory_the_system_refuses_is_an_error_not_an_empty_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    selfplay(tmp_path, games=2, deals=True, players=("easy", "easy"))
    assert len(list(read_records(tmp_path))) == 2

    def refused(path: Any) -> list[str]:
        raise PermissionError(13, "Permission denied", str(path))

    module = sys.modules["belote.selfplay"]  # the name belote.selfplay is the function
    monkeypatch.setattr(module.os, "listdir", refused)  # a directory of mode 000, as non-root
    with pytest.raises(TournamentError, match=r"cannot read the directory .*: Permission denied"):
        read_records(tmp_path)
    with pytest.raises(TournamentError, match="cannot read the directory"):
        training_pairs(tmp_path)


def test_an_error_of_the_progress_callback_is_its_own(tmp_path: Path) -> None:
    def full(_done: int, _games: int) -> None:
        raise OSError(28, "No space left on device")  # a full standard error, not the directory

    with pytest.raises(OSError, match="No space left") as raised:
        selfplay(tmp_path, games=2, deals=True, players=("easy", "easy"), progress=full)
    assert not isinstance(raised.value, TournamentError)


def _no_agent(seed: int) -> belote.EasyAgent:
    raise RuntimeError("no agent today")


def test_a_new_run_failing_before_its_first_shard_removes_every_folder_it_made(tmp_path: Path) -> None:
    """``stray/../run`` makes ``stray`` and ``run``: the undo counted the folders of the path
    made whole (``run`` alone) and left ``stray`` behind."""
    with pytest.raises(RuntimeError, match="no agent today"):
        selfplay(tmp_path / "stray" / ".." / "run", games=1, deals=True, players=(_no_agent, "easy"))
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(RuntimeError, match="no agent today"):
        selfplay(tmp_path / "a" / "b" / "run", games=1, deals=True, players=(_no_agent, "easy"))
    assert list(tmp_path.iterdir()) == []
