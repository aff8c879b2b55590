"""Self-play shards: complete or absent, resumable to exactly the uninterrupted run, read back."""

from __future__ import annotations

import gzip
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import belote
from belote import Play, TournamentError, read_records, selfplay, training_pairs
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
