"""``belote replay --svg DIR``: one picture per trick of a saved game, in deal and trick order."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.test_cli import _finished_classic_round, assert_one_line_error, belote

from belote import CLASSIC_501, Match, make_agent, play_match
from belote.records import dumps
from belote.svg import card_name


def test_replay_svg_writes_one_picture_per_trick_of_a_round(tmp_path: Path) -> None:
    state = _finished_classic_round()
    record = tmp_path / "round.json"
    record.write_text(dumps(state), encoding="utf-8")
    result = belote("replay", str(record), "--svg", str(tmp_path / "pictures"))
    assert result.returncode == 0, result.stderr
    assert "8 trick pictures written to" in result.stdout
    names = sorted(path.name for path in (tmp_path / "pictures").iterdir())
    assert names == [f"deal-001-trick-{n}.svg" for n in range(1, 9)]
    for number, name in enumerate(names, 1):
        text = (tmp_path / "pictures" / name).read_text(encoding="utf-8")
        ET.fromstring(text)
        trick = state.tricks[number - 1]
        assert f"trick {number} led by" in text
        assert all(f"<title>{card_name(card)}</title>" in text for card in trick.cards)


def test_replay_svg_of_a_match_orders_the_files_by_deal_then_trick(tmp_path: Path) -> None:
    game: Match = play_match(CLASSIC_501, [make_agent("easy", seed=s) for s in range(4)], seed=5)
    record = tmp_path / "match.json"
    record.write_text(dumps(game), encoding="utf-8")
    result = belote("replay", str(record), "--svg", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    files = sorted((tmp_path / "out").iterdir())
    expected = [
        f"deal-{entry.number + 1:03d}-trick-{trick}.svg"
        for entry in game.history
        if entry.round is not None
        for trick in range(1, len(entry.round.tricks) + 1)
    ]
    assert [path.name for path in files] == expected  # sorted names = deal then trick order
    assert len(expected) == 8 * sum(not entry.passed_out for entry in game.history)
    assert f"{len(expected)} trick pictures written" in result.stdout


def test_replay_svg_into_a_file_is_a_usage_error(tmp_path: Path) -> None:
    record = tmp_path / "round.json"
    record.write_text(dumps(_finished_classic_round()), encoding="utf-8")
    line = assert_one_line_error(belote("replay", str(record), "--svg", str(record)))
    assert "not a directory" in line
