"""The ``belote`` command, driven as a user would: subprocesses, arguments, typed input."""

from __future__ import annotations

import copy
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from belote import (
    CLASSIC,
    Card,
    Match,
    Phase,
    RoundState,
    Seat,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    play,
)
from belote.agents import LEVELS
from belote.cli import LEVELS as CLI_LEVELS
from belote.cli import main
from belote.notation import parse_variant
from belote.records import dumps, loads, to_record
from belote.variants import option_docs

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": ""}
COMMANDS = ("play", "simulate", "selfplay", "replay", "analyze", "rules", "demo")


def belote(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m belote ARGS`` with ``stdin``; text output."""
    return subprocess.run(
        [sys.executable, "-m", "belote", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env or ENV,
        timeout=120,
        check=False,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# -- help and bad arguments -----------------------------------------------------------------------


def test_levels_match_the_agents() -> None:
    assert CLI_LEVELS == LEVELS


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_command_has_help_with_an_example(command: str | None) -> None:
    result = belote(*([command] if command else []), "--help")
    assert result.returncode == 0
    assert "example:" in result.stdout
    example = result.stdout.split("example:")[1].strip().splitlines()[0]
    assert example.startswith(f"belote {command or ''}".strip())
    if command is None:
        for name in COMMANDS:
            assert name in result.stdout


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), "choose a command"),
        (("fly",), "invalid choice"),
        (("play", "--level", "godlike"), "invalid choice"),
        (("play", "--seat", "7"), "not a seat"),
        (("play", "--variant", "whist"), "unknown variant"),
        (("demo", "--seed", "many"), "invalid int value"),
        (("simulate", "-n", "0"), "must be at least 1"),
        (("simulate", "--jobs", "x"), "not a whole number"),
        (("simulate", "--seating", "round"), "invalid choice"),
        (("simulate", "--scheduler", "local:0"), "local:N needs a number of workers"),
        (("simulate", "--out", "/no/such/dir/games.jsonl"), "cannot save"),
        (("simulate", "--resume"), "--resume needs --out FILE"),
        (("selfplay",), "required"),
        (("selfplay", "--out", "x", "--shard-size", "0"), "must be at least 1"),
        (("selfplay", "--out", "/dev/null", "-n", "1"), "not a directory"),
        (("rules", "classic:target=lots"), "not a whole number"),
        (("rules", "classic:colour=red"), "unknown option"),
        (("replay",), "required"),
        (("replay", "/no/such/file.json"), "cannot read"),
        (("play", "--save", "/no/such/dir/game.json"), "cannot save"),
    ],
)
def test_bad_arguments_give_exit_code_2_and_one_line(args: tuple[str, ...], expected: str) -> None:
    line = assert_one_line_error(belote(*args))
    assert line.startswith("belote")
    assert expected in line


def test_replay_of_a_directory_is_unreadable(tmp_path: Path) -> None:
    assert "cannot read" in assert_one_line_error(belote("replay", str(tmp_path)))


# -- rules ----------------------------------------------------------------------------------------


def test_rules_lists_every_option_with_its_value_and_meaning() -> None:
    result = belote("rules", "bulgarian")
    assert result.returncode == 0
    out = result.stdout
    for doc in option_docs():
        assert f"\n{doc.name} = " in out
    assert "undertrump_opponent = free" in out
    assert "bidding = auction    [turned_card | auction | points_auction]" in out
    assert "target = 151" in out
    first_words = " ".join(next(d for d in option_docs() if d.name == "no_win_on_valat").doc.split()[:4])
    assert first_words in " ".join(out.split())


def test_rules_defaults_to_classic_and_takes_options() -> None:
    assert "target = 1000" in belote("rules").stdout
    result = belote("rules", "classic:target=501,undertrump_opponent=free")
    assert "target = 501" in result.stdout
    assert "undertrump_opponent = free" in result.stdout


# -- replay ---------------------------------------------------------------------------------------


def played_out(state: RoundState) -> RoundState:
    """``state`` played to its end: the last legal call (take when allowed), the first card."""
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return state


def _finished_classic_round() -> Any:
    return played_out(deal(CLASSIC, dealer=Seat(0), seed=4))


def test_replay_prints_the_score_of_a_valid_round(tmp_path: Path) -> None:
    state = _finished_classic_round()
    path = tmp_path / "round.json"
    path.write_text(dumps(state), encoding="utf-8")
    result = belote("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "Valid round record" in result.stdout
    assert result.stdout.count("Trick ") == 8
    points = to_record(state)["points"]
    assert f"points {points[0]} - {points[1]}" in result.stdout


def test_replay_reads_standard_input() -> None:
    result = belote("replay", "-", stdin=dumps(_finished_classic_round()))
    assert result.returncode == 0
    assert "Valid round record" in result.stdout


def test_replay_of_a_tampered_round_fails_with_index_seat_and_reason(tmp_path: Path) -> None:
    record = to_record(_finished_classic_round())
    first = next(i for i, a in enumerate(record["actions"]) if "card" in a)
    tampered = copy.deepcopy(record)
    tampered["actions"][first]["card"] = tampered["actions"][first + 1]["card"]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(tampered), encoding="utf-8")
    line = assert_one_line_error(belote("replay", str(path)), code=1)
    assert f"action {first}" in line
    assert f"seat {record['actions'][first]['seat']}" in line
    assert "card_not_in_hand" in line
    assert belote("replay", str(path)).stdout == ""


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "belote-record", "version": 1, "kind": "round"}', "missing"),
        ("\u0000\u0001binary", "not valid JSON"),
    ],
)
def test_replay_of_a_malformed_file_fails_with_exit_code_1(
    tmp_path: Path, content: str, expected: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert expected in assert_one_line_error(belote("replay", str(path)), code=1)


def test_replay_of_a_match_with_a_changed_score_fails(tmp_path: Path) -> None:
    result = belote(
        "demo",
        "--seed",
        "2",
        "--level",
        "easy",
        "--variant",
        "classic:target=300",
        "--save",
        str(tmp_path / "m.json"),
    )
    assert result.returncode == 0
    record = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    good = belote("replay", str(tmp_path / "m.json"))
    assert good.returncode == 0
    assert "Valid match record" in good.stdout
    assert f"{record['scores'][0]} - {record['scores'][1]}" in good.stdout
    record["scores"][1] += 1
    (tmp_path / "m.json").write_text(json.dumps(record), encoding="utf-8")
    line = assert_one_line_error(belote("replay", str(tmp_path / "m.json")), code=1)
    assert "record_mismatch" in line


# -- demo -----------------------------------------------------------------------------------------


def test_demo_plays_a_whole_match_and_prints_the_score_sheet(tmp_path: Path) -> None:
    save = tmp_path / "demo.json"
    result = belote("demo", "--seed", "7", "--level", "easy", "--variant", "classic_501", "--save", str(save))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    game = loads(save.read_text(encoding="utf-8"))
    assert isinstance(game, Match)
    assert game.winner is not None
    header = next(line for line in out.splitlines() if line.startswith("deal"))
    for column in ("dealer", "contract", "taker", "outcome", "points", "scores", "carry"):
        assert column in header
    assert f"Winner: team {int(game.winner)}" in out
    assert f"{game.scores[0]} - {game.scores[1]} after {len(game.history)} deals" in out
    rows = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == len(game.history)
    for row, entry in zip(rows, game.history, strict=True):
        assert row.split()[0] == str(entry.number + 1)
        assert f"{entry.scores_after[0]} - {entry.scores_after[1]}" in row
    again = belote("demo", "--seed", "7", "--level", "easy", "--variant", "classic_501")
    assert again.stdout == out.replace(f"Record saved to {save} (check it with: belote replay {save})\n", "")


def test_the_console_script_and_python_m_agree() -> None:
    script = Path(sys.executable).parent / "belote"
    if not script.exists():  # an environment without the console script: the entry point itself
        command = [sys.executable, "-c", "import sys; from belote.cli import main; sys.exit(main())"]
    else:
        command = [str(script)]
    args = ["demo", "--seed", "3", "--level", "easy", "--variant", "classic:target=200"]
    direct = subprocess.run(
        [*command, *args], capture_output=True, text=True, env=ENV, check=False, timeout=120
    )
    assert direct.returncode == 0
    assert direct.stdout == belote(*args).stdout


def test_suit_symbols_only_where_the_output_can_show_them() -> None:
    args = ("demo", "--seed", "5", "--level", "easy", "--variant", "classic:target=200")
    fancy = belote(*args).stdout
    plain = belote(*args, env={**ENV, "PYTHONIOENCODING": "ascii"}).stdout
    assert any(symbol in fancy for symbol in "♠♥♦♣")
    assert not any(symbol in plain for symbol in "♠♥♦♣")
    assert any(name in plain for name in ("clubs", "diamonds", "hearts", "spades"))
    assert "\x1b[" not in fancy  # no colour in a pipe


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_prints_a_table_and_a_progress_bar() -> None:
    result = belote("simulate", "-n", "6", "--team0", "normal", "--team1", "easy", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "6/6" in result.stderr
    assert "[" in result.stderr
    lines = result.stdout.splitlines()
    assert "win rate (95% CI)" in lines[1]
    assert "point share (95% CI)" in lines[1]
    assert lines[3].split()[:3] == ["0", "0", "&"]
    assert "normal" in lines[3]
    assert "easy" in lines[4]


def test_simulate_json_is_the_same_whatever_the_number_of_processes() -> None:
    args = ("simulate", "-n", "8", "--deals", "--team0", "easy", "--team1", "normal", "--seed", "9", "--json")
    one = belote(*args, "--no-progress")
    two = belote(*args, "--jobs", "2", "--no-progress")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    assert one.stderr == ""
    data = json.loads(one.stdout)
    assert data["unit"] == "deals"
    assert data["count"] == 8
    teams = data["teams"]
    assert [team["level"] for team in teams] == ["easy", "normal"]
    assert teams[0]["wins"] + teams[1]["wins"] + data["draws"] == 8
    for team in teams:
        low, high = team["win_rate_ci95"]
        assert low <= team["win_rate"] <= high
    if teams[0]["point_share"] is not None:
        assert teams[0]["point_share"] + teams[1]["point_share"] == pytest.approx(1)


def test_simulate_prints_the_intervals_of_its_json() -> None:
    """In duplicate seating a game's two plays are one trial: the table printed the interval of
    the plays as independent trials (30.0% - 90.3% where the JSON said 20.8% - 93.9%)."""
    args = ("simulate", "-n", "3", "--deals", "--seating", "duplicate", "--no-progress")
    printed, data = belote(*args), json.loads(belote(*args, "--json").stdout)
    assert printed.returncode == 0, printed.stderr
    rows = printed.stdout.splitlines()[3:5]
    for row, team in zip(rows, data["teams"], strict=True):
        low, high = team["win_rate_ci95"]
        assert f"{team['win_rate']:.1%} ({low:.1%} - {high:.1%})" in row
    assert "(20.8% - 93.9%)" in rows[0]


def test_simulate_resumes_a_stopped_run_from_its_out_file(tmp_path: Path) -> None:
    target = str(tmp_path / "games.jsonl")
    args = ("simulate", "--deals", "--team0", "easy", "--team1", "normal", "--json", "--no-progress")
    whole = belote(*args, "--seed", "4", "-n", "6")
    first = belote(*args, "--seed", "4", "-n", "2", "--out", target)
    assert first.returncode == 0, first.stderr
    resumed = belote(*args, "--seed", "4", "-n", "6", "--out", target, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == whole.stdout
    shown = belote(*args[:-1], "--seed", "4", "-n", "7", "--out", target, "--resume")
    assert "7 deals in " in shown.stderr
    assert f"(6 of them kept from {target})" in shown.stderr
    other = belote(*args, "--seed", "5", "-n", "6", "--out", target, "--resume")
    line = assert_one_line_error(other)
    assert "line 1 is not this tournament's game 0: its seed is 4, not 5" in line
    assert [json.loads(line)["index"] for line in Path(target).read_text().splitlines()] == list(range(7))


# -- play -----------------------------------------------------------------------------------------


def _spelled(card: Card, how: int) -> str:
    """Three spellings of a card: ``TH``, ``10h``, ``10♥``."""
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return (str(card), (rank + card.suit.letter).lower(), rank + card.suit.symbol)[how]


def _game_with_a_ten() -> tuple[int, Seat, Card, Card]:
    """A seed where the human (the first to speak) takes and then holds a ten to lead with."""
    variant = parse_variant("classic:target=300")
    for seed in range(1, 200):
        progress = match(variant, seed=seed)
        state = progress.deal()
        human = state.to_act
        assert human is not None
        state = bid(state, legal_bids(state)[-1])
        hand = state.hand(human)
        tens = [card for card in hand if card.rank.letter == "T"]
        missing = [Card.parse(text) for text in ("TS", "TH", "TD", "TC") if Card.parse(text) not in hand]
        if tens and missing and state.to_act == human:
            return seed, human, tens[0], missing[0]
    raise AssertionError("no suitable seed")


def test_a_whole_game_with_typed_cards_illegal_ones_included(tmp_path: Path) -> None:
    seed, human, ten, not_held = _game_with_a_ten()
    typed = [
        "take?",
        "2",
        "zz",
        _spelled(not_held, 1),
        "AS" if Card.parse("AS") != ten else "AH",
        _spelled(ten, 2),
    ]
    typed += [str(n) for _ in range(500) for n in range(1, 9)]
    save = tmp_path / "game.json"
    result = belote(
        "play",
        "--seed",
        str(seed),
        "--level",
        "easy",
        "--seat",
        str(int(human)),
        "--variant",
        "classic:target=300",
        "--save",
        str(save),
        stdin="\n".join(typed) + "\n",
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    out = result.stdout
    assert "Your hand (contract " in out
    assert "* = legal" in out
    assert " trumps;" not in out  # "80 all trumps trumps" before
    assert "'zz' is not a card" in out
    assert "not in seat" in out
    assert "must follow" in out
    assert "not allowed" in out
    assert "Winner: team" in out
    game = loads(save.read_text(encoding="utf-8"))
    assert isinstance(game, Match)
    assert game.winner is not None
    first_round = game.history[0].round
    assert first_round is not None
    assert first_round.tricks[0].leader == human
    assert first_round.tricks[0].cards[0] == ten
    assert ("You win!" in out) == (game.winner == human.team)


def test_play_stops_cleanly_when_input_ends(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    result = belote("play", "--seed", "1", "--level", "easy", "--save", str(save), stdin="1\n2\n")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "Game stopped: input ended." in result.stdout
    assert not save.exists()  # no deal was finished: nothing to save


def test_play_help_at_a_prompt_shows_the_input_help_and_asks_again() -> None:
    from belote.cli._display import Style
    from belote.cli.play import HELP, Console, help_text

    out = io.StringIO()
    console = Console(io.StringIO("help\n ? \nHELP\nTH\n"), out, Style())
    assert console.ask("card> ") == "TH"
    assert out.getvalue().count(help_text(Style())) == 3
    assert out.getvalue().count("card> ") == 4
    assert "help shows this again" in HELP


def test_play_a_limited_number_of_deals_and_quit_saves_what_was_played(tmp_path: Path) -> None:
    save = tmp_path / "two.json"
    numbers = "\n".join(str(n) for _ in range(200) for n in range(1, 9))
    result = belote(
        "play", "--seed", "4", "--level", "easy", "--deals", "2", "--save", str(save), stdin=numbers
    )
    assert result.returncode == 0, result.stderr
    game = loads(save.read_text(encoding="utf-8"))
    assert isinstance(game, Match)
    assert len(game.history) == 2
    assert "No winner yet after 2 deals" in result.stdout


def test_replay_numbers_deals_from_1_as_the_score_sheet_does(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    demo = belote(
        "demo", "--seed", "3", "--level", "easy", "--variant", "classic:target=300", "--save", str(path)
    )
    assert demo.returncode == 0, demo.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    sheet = belote("replay", str(path)).stdout
    first_row = next(line for line in sheet.splitlines() if line.strip().startswith("1 "))
    assert first_row.split()[1] == str(record["deals"][0]["dealer"])  # row 1 is deals[0]
    record["deals"][0]["points"][0] += 1
    path.write_text(json.dumps(record), encoding="utf-8")
    line = assert_one_line_error(belote("replay", str(path)), code=1)
    assert ": deal 1, action " in line
    assert "deal 0" not in line


class _InputThenCtrlC:
    """Standard input that gives ``answers`` one per line, then raises KeyboardInterrupt as
    Ctrl-C at the prompt does."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = iter(answers)

    def readline(self) -> str:
        try:
            return next(self.answers) + "\n"
        except StopIteration:
            raise KeyboardInterrupt from None

    def isatty(self) -> bool:
        return False


def test_ctrl_c_in_play_saves_the_finished_deals_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "interrupted.json"
    answers = [str(n) for _ in range(20) for n in range(1, 9)]  # enough for a few deals, not a match
    monkeypatch.setattr(sys, "stdin", _InputThenCtrlC(answers))
    code = main(["play", "--seed", "4", "--level", "easy", "--save", str(save)])
    out = capsys.readouterr().out
    assert code == 130
    assert "Game stopped: interrupted." in out
    assert f"Record saved to {save}" in out
    game = loads(save.read_text(encoding="utf-8"))
    assert isinstance(game, Match)
    started = re.findall(r"^Deal (\d+):", out, flags=re.MULTILINE)
    assert len(game.history) == len(started) - 1 >= 2  # every finished deal, not the interrupted one
    assert game.winner is None


def test_ctrl_c_before_any_finished_deal_saves_nothing_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "nothing.json"
    monkeypatch.setattr(sys, "stdin", _InputThenCtrlC(["1"]))
    assert main(["play", "--seed", "4", "--level", "easy", "--save", str(save)]) == 130
    assert "Game stopped: interrupted." in capsys.readouterr().out
    assert not save.exists()


def test_the_command_line_page_lists_every_option_with_its_default() -> None:
    """docs/command-line.md has a table per command: every option of the parser is in it (and
    nothing else), with the parser's default where that is a number or a name."""
    import argparse

    from belote.cli._parser import build_parser

    page = (Path(__file__).resolve().parent.parent / "docs" / "command-line.md").read_text(encoding="utf-8")
    tables = dict(re.findall(r"### `belote (\w+)`\n\n((?:\|.*\n)+)", page))
    subparsers = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(tables) == set(subparsers.choices) == set(COMMANDS)
    for command, parser in subparsers.choices.items():
        rows = {}
        for row in tables[command].splitlines()[2:]:
            first, default = (cell.strip() for cell in row.strip("|").split("|")[:2])
            for name in re.findall(r"`([^`]+)`", first):
                rows[name.split()[0]] = default
        expected = {}
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            for name in action.option_strings or [action.dest.upper()]:
                expected[name] = action.default
        assert set(rows) == set(expected), command
        for name, default in expected.items():
            if isinstance(default, int) and not isinstance(default, bool):  # a Seat is written as its number
                assert rows[name] == str(int(default)), (command, name)
            elif isinstance(default, str):
                assert rows[name] == default, (command, name)


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["analyze", "--help"], ["rules", "--help"]])
def test_main_returns_the_status_of_help_and_version(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The entry point returns the exit status (docs: the command-line page), --help and
    --version too: they raised SystemExit from argparse."""
    assert main(args) == 0
    assert capsys.readouterr().out.strip()
