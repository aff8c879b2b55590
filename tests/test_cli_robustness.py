"""The ``belote`` command facing what users and their shells do: odd input, outputs that cannot
hold every character or close early, files that cannot be written, bad addresses, damaged
directories; and the wording of its counts and variants."""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from tests.test_cli import ENV, assert_one_line_error, belote, played_out

import belote.cli as cli_module
from belote import (
    CLASSIC,
    Contract,
    Match,
    Phase,
    Seat,
    Tally,
    TournamentError,
    Trump,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    play,
    score_deal,
)
from belote.analysis import Analysis, PlayReview
from belote.cards import Card, CardSet
from belote.cli import main
from belote.cli._display import Style, counted, deal_summary, forgive_unencodable, result_line
from belote.cli.analyze import _table
from belote.cli.play import HELP, _read_call, _read_card, help_text
from belote.errors import BeloteError
from belote.notation import parse_variant
from belote.records import dumps, loads
from belote.selfplay import selfplay

HOUSE = "classic:undertrump_opponent=free"
SYMBOLS = "♠♥♦♣"


def _bid_out(variant: Any = CLASSIC, seed: int = 4) -> Any:
    """A round dealt from ``seed`` and bid to its contract by the highest call."""
    state = deal(variant, dealer=Seat(0), seed=seed)
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    return state


def _played_out(variant: Any = CLASSIC, seed: int = 4) -> Any:
    """A round dealt from ``seed`` and played to its end, the highest call and first legal cards."""
    state = _bid_out(variant, seed)
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return state


# -- 1. numbers in other digits -------------------------------------------------------------------


@pytest.mark.parametrize("answer", ["²", "①", "٣", "1²"])
def test_a_digit_that_is_no_ascii_digit_is_not_a_list_number(answer: str) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    hand = list(state.hand(Seat(1)))
    with pytest.raises(BeloteError, match="is not a call"):
        _read_call(answer, legal_bids(state))
    with pytest.raises(BeloteError, match="is not a card"):
        _read_card(answer, hand)
    assert _read_card("2", hand) == hand[1]
    with pytest.raises(BeloteError, match="not one of the numbers 1 to 5"):
        _read_card("9", hand[:5])


def test_play_asks_again_after_a_superscript_or_circled_number() -> None:
    result = belote("play", "--seed", "1", "--level", "easy", stdin="²\n①\nq\n")
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.count("not allowed: ") == 2
    assert "Game stopped: you quit." in result.stdout


def test_a_coinche_auction_numbers_only_the_calls_it_shows() -> None:
    """The bids of a coinche auction are typed, not listed: a number was read as a hidden bid
    ("2" under "1) pass" bid 90 clubs), and "take" must not coinche where two calls are shown."""
    shown = belote("play", "--variant", "coinche", "--seed", "7", "--level", "easy", stdin="3\ntake\n2\nq\n")
    assert "Your call: 1) pass  2) coinche  or a bid from 90" in shown.stdout
    assert "not allowed: 3 is not one of the numbers 1 to 2" in shown.stdout
    assert "not allowed: 'take' is not a call" in shown.stdout
    assert "You: coinche" in shown.stdout
    alone = belote("play", "--variant", "coinche", "--seed", "1", "--level", "easy", stdin="2\n90 C\nq\n")
    assert "Your call: 1) pass  or a bid from 90" in alone.stdout
    assert "not allowed: 2 is not the number 1" in alone.stdout
    assert "You: 90" in alone.stdout


def test_play_writes_a_declarations_cards_as_its_other_cards() -> None:
    """It wrote them as letters (``terca 9C 8C 7C``) between cards written with suit symbols."""
    result = belote("play", "--variant", "bulgarian", "--seed", "12", "--level", "easy", stdin="4\nq\n")
    assert "seat 1 (West) declares terca 9♣ 8♣ 7♣ (20)" in result.stdout
    assert "Trick so far: 1:7♣, 2:J♣, 3:K♥" in result.stdout


def test_a_deal_summary_tells_the_points_held_in_all_from_this_deals() -> None:
    """A litige after a litige: 162 held in all, 81 of them from this deal; both lines said
    "held for the next deal"."""
    litige = Tally(card_points=(71, 81), tricks=(2, 2, 2, 2), last_trick=Seat(0))
    score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), litige, carry=81)
    lines = deal_summary(score, Style(), CLASSIC)
    assert lines[0].endswith("litige, points 0 - 81, 162 held in all for the next deal")
    assert "  held for the next deal 81" in lines


def test_local_workers_counted_in_other_digits_are_refused() -> None:
    pytest.importorskip("distributed", reason="--scheduler needs the dask extra")
    line = assert_one_line_error(belote("simulate", "-n", "1", "--scheduler", "local:²"))
    assert "local:N needs a number of workers" in line


@pytest.mark.parametrize("command", ["simulate", "selfplay"])
def test_jobs_past_any_pool_are_refused(command: str, tmp_path: Path) -> None:
    extra = ("--out", str(tmp_path / "games")) if command == "selfplay" else ()
    line = assert_one_line_error(belote(command, "-n", "1", *extra, "--jobs", "2147483648"))
    assert "--jobs: must be at most 1024 processes, got 2147483648" in line


@pytest.mark.parametrize("count", ["0", "1025", "99999999999999999999", "9" * 5000])
def test_local_workers_past_any_pool_are_refused(count: str) -> None:
    pytest.importorskip("distributed", reason="--scheduler needs the dask extra")
    line = assert_one_line_error(belote("simulate", "-n", "1", "--scheduler", f"local:{count}"))
    assert "local:N needs a number of workers from 1 to 1024" in line


# -- 2. outputs that cannot hold every character ----------------------------------------------------


def _run(*args: str, encoding: str, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "belote", *args],
        input=stdin.encode("utf-8"),
        capture_output=True,
        env={**ENV, "PYTHONIOENCODING": encoding},
        timeout=120,
        check=False,
    )


def test_play_on_an_ascii_output_writes_cards_and_help_in_letters() -> None:
    typed = "zz\n2\n" * 100  # every prompt: a wrong answer, then the second choice (take)
    result = _run("play", "--seed", "1", "--level", "easy", "--deals", "1", encoding="ascii", stdin=typed)
    assert result.returncode in (0, 1), result.stderr.decode()
    assert b"Traceback" not in result.stderr
    out = result.stdout.decode("ascii")  # every byte is ASCII
    assert "Type a card as TH or 10h, or its number" in out
    assert "'zz' is not a card: expected rank (7 8 9 T J Q K A, or 10) + suit (S H D C or S H D C)" in out
    assert "Your hand (" in out
    assert "?" not in out  # no symbol replaced by a question mark


@pytest.mark.parametrize(
    ("args", "encoding"),
    [
        (("rules", "bulgarian"), "cp1252"),  # Cyrillic in the option texts
        (("rules", "classic:name=Bélote"), "ascii"),
        (("demo", "--seed", "2", "--level", "easy", "--variant", "classic:name=Bélote,target=200"), "ascii"),
    ],
)
def test_an_output_without_some_characters_replaces_them(args: tuple[str, ...], encoding: str) -> None:
    result = _run(*args, encoding=encoding)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    result.stdout.decode(encoding)


def test_only_a_strict_stream_of_a_narrow_encoding_is_made_forgiving() -> None:
    narrow = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    forgive_unencodable(narrow)
    narrow.write("10♥ Бел")
    narrow.flush()
    assert narrow.buffer.getvalue() == b"10? ???"
    wide = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    forgive_unencodable(wide)
    assert wide.errors == "strict"
    tolerant = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="backslashreplace")
    forgive_unencodable(tolerant)
    assert tolerant.errors == "backslashreplace"


def test_the_help_spells_a_card_with_a_symbol_only_where_symbols_show() -> None:
    assert "10♥" in help_text(Style(symbols=True)) == HELP
    plain = help_text(Style())
    assert not any(symbol in plain for symbol in SYMBOLS)
    assert "TH or 10h" in plain
    assert Style().text("AS or A♠, 10♥ ♦ ♣") == "AS or AS, 10H D C"


# -- 3 and 13. files that cannot be written -----------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_simulate_out_to_a_full_device_is_one_line() -> None:
    result = belote("simulate", "-n", "2", "--deals", "--out", "/dev/full", "--no-progress")
    assert (
        assert_one_line_error(result)
        == "belote simulate: error: cannot write /dev/full: No space left on device"
    )


@pytest.mark.parametrize("command", ["simulate", "demo", "play", "selfplay"])
def test_a_file_that_cannot_be_created_is_refused_before_any_game(command: str, tmp_path: Path) -> None:
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc")
    option = {"simulate": "--out", "selfplay": "--out"}.get(command, "--save")
    args = [command, option, "/proc/no-such-file.json"]
    if command in ("simulate", "selfplay"):
        args += ["-n", "2", "--deals", "--no-progress"]
    else:
        args += ["--seed", "1", "--level", "easy"]
    result = belote(*args, stdin="1\n" * 400)
    line = assert_one_line_error(result)
    assert "/proc/no-such-file.json" in line
    assert "No such file or directory" in line
    assert result.stdout == ""  # nothing was played


def test_checking_a_save_path_leaves_no_file_and_keeps_an_existing_one(tmp_path: Path) -> None:
    from belote.cli import _check_writable

    new = tmp_path / "new.json"
    assert _check_writable(str(new)) == new
    assert not new.exists()
    old = tmp_path / "old.jsonl"
    old.write_text("kept\n", encoding="utf-8")
    assert _check_writable(str(old)) == old
    assert old.read_text(encoding="utf-8") == "kept\n"


# -- 4. scheduler addresses Dask cannot read --------------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "selfplay"])
@pytest.mark.parametrize("address", ["bogus", "http://localhost:8786"])
def test_a_malformed_scheduler_address_is_one_line(command: str, address: str, tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="--scheduler needs the dask extra")
    result = belote(command, "--out", str(tmp_path / "out"), "-n", "2", "--deals", "--scheduler", address)
    line = assert_one_line_error(result)
    assert line.startswith(
        f"belote {command}: error: --scheduler {address!r} is not a Dask scheduler address"
    )


# -- 5 and 6. self-play directories ---------------------------------------------------------------

RUN: dict[str, Any] = {"games": 4, "shard_size": 2, "deals": True, "players": ("easy", "easy")}


def test_a_selfplay_directory_of_another_house_rule_is_refused(tmp_path: Path) -> None:
    selfplay(tmp_path, **RUN)
    (tmp_path / "selfplay-s0-000000002-000000003.jsonl.gz").unlink()
    with pytest.raises(TournamentError, match=f"other settings: variant classic there, {HOUSE} here"):
        selfplay(tmp_path, variant=parse_variant(HOUSE), **RUN)
    assert len(list(tmp_path.glob("*.gz"))) == 1  # refused untouched
    settings = json.loads((tmp_path / "selfplay.json").read_text(encoding="utf-8"))
    assert settings["variant"] == {"preset": "classic"}


def test_the_cli_refuses_to_resume_with_another_variant(tmp_path: Path) -> None:
    args = ("selfplay", "--out", str(tmp_path), "-n", "4", "--shard-size", "2", "--deals", "--no-progress")
    assert belote(*args, "--team0", "easy", "--team1", "easy").returncode == 0
    (tmp_path / "selfplay-s0-000000002-000000003.jsonl.gz").unlink()
    line = assert_one_line_error(belote(*args, "--team0", "easy", "--team1", "easy", "--variant", HOUSE))
    assert f"variant classic there, {HOUSE} here" in line


def _legacy(folder: Path) -> None:
    """Make ``folder``'s settings look as an older version wrote them: the variant's name only."""
    path = folder / "selfplay.json"
    settings = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**settings, "variant": "classic"}, indent=2) + "\n", encoding="utf-8")


def test_older_settings_are_checked_against_the_records_and_upgraded(tmp_path: Path) -> None:
    house = parse_variant(HOUSE)
    first = selfplay(tmp_path, variant=house, **RUN)
    whole = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    first[1].unlink()
    _legacy(tmp_path)
    with pytest.raises(TournamentError, match=f"variant {HOUSE} there, classic here"):
        selfplay(tmp_path, **RUN)  # the name says classic, the records say which classic
    assert selfplay(tmp_path, variant=house, **RUN) == first
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == whole  # upgraded


def test_older_settings_without_a_shard_are_checked_by_name(tmp_path: Path) -> None:
    selfplay(tmp_path, **RUN)
    for shard in tmp_path.glob("*.gz"):
        shard.unlink()
    _legacy(tmp_path)
    with pytest.raises(TournamentError, match="variant classic there, bulgarian here"):
        selfplay(tmp_path, variant=parse_variant("bulgarian"), **RUN)
    _legacy(tmp_path)
    selfplay(tmp_path, variant=parse_variant(HOUSE), **RUN)  # no record to mix with
    assert json.loads((tmp_path / "selfplay.json").read_text(encoding="utf-8"))["variant"]["options"] == {
        "undertrump_opponent": "free"
    }


def test_older_settings_with_an_unreadable_shard_are_refused(tmp_path: Path) -> None:
    shards = selfplay(tmp_path, **RUN)
    shards[0].write_bytes(gzip.compress(b"not json\n"))
    _legacy(tmp_path)
    with pytest.raises(TournamentError, match="unreadable in selfplay-s0-000000000-000000001"):
        selfplay(tmp_path, **RUN)


@pytest.mark.parametrize("content", [b"not json\n", b"\xff\xfe\x00", b"[1, 2]\n"])
def test_damaged_selfplay_settings_are_one_line(tmp_path: Path, content: bytes) -> None:
    selfplay(tmp_path, **RUN)
    (tmp_path / "selfplay.json").write_bytes(content)
    with pytest.raises(TournamentError, match="is not a self-play settings file"):
        selfplay(tmp_path, **RUN)
    result = belote("selfplay", "--out", str(tmp_path), "-n", "4", "--shard-size", "2", "--deals")
    assert "selfplay.json is not a self-play settings file" in assert_one_line_error(result)


def test_settings_interrupted_while_written_leave_no_settings_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(source: Any, target: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        selfplay(tmp_path, **RUN)
    assert not (tmp_path / "selfplay.json").exists()  # never half a file to refuse the next run
    monkeypatch.undo()
    selfplay(tmp_path, **RUN)
    assert sorted(path.name for path in tmp_path.iterdir() if not path.name.endswith(".gz")) == [
        "selfplay.json"
    ]


# -- 7, 10 and 11. analyze --------------------------------------------------------------------------


def _review(number: int, loss: int) -> PlayReview:
    return PlayReview(
        number=number,
        seat=Seat(number % 4),
        card=Card.parse("AS"),
        points=80 - loss,
        margin=-2 * loss,  # the other team gains the points this team loses
        best=(Card.parse("AS"),),
        best_points=80,
        best_margin=0,
        hands=(CardSet(0),) * 4,
        table=(),
    )


def test_top_0_lists_no_mistake_and_claims_none() -> None:
    costly = Analysis(contract=None, plays=(_review(0, 0), _review(1, 12)))
    lines = _table(1, costly, top=0, variant=CLASSIC)
    assert "Biggest mistakes:" not in lines
    assert not any(line.startswith("No mistake") for line in lines)
    assert "Biggest mistakes:" in _table(1, costly, top=1, variant=CLASSIC)
    clean = Analysis(contract=None, plays=(_review(0, 0),))
    assert "No mistake: every card played was a best card." in _table(1, clean, top=0, variant=CLASSIC)


def test_analyze_json_help_says_how_plays_are_numbered() -> None:
    text = " ".join(belote("analyze", "--help").stdout.split())
    assert "number counts from 0 (the table's card column counts from 1)" in text


def test_analyze_a_passed_out_deal_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    progress = match(CLASSIC, seed=1)
    state = progress.deal()
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[0])  # everybody passes
    assert state.phase is Phase.PASSED_OUT
    progress = progress.record(state)
    record = tmp_path / "match.json"
    record.write_text(dumps(progress), encoding="utf-8")
    assert main(["analyze", str(record), "--round", "1"]) == 2
    assert "--round 1: deal 1 was passed out (thrown in): no card was played" in capsys.readouterr().err
    assert main(["analyze", str(record), "--round", "2"]) == 2
    assert "--round 2: no played deal 2 in this match (1 deal)" in capsys.readouterr().err
    lone = tmp_path / "round.json"
    lone.write_text(dumps(state), encoding="utf-8")
    assert main(["analyze", str(lone)]) == 2
    assert "the deal was passed out (thrown in)" in capsys.readouterr().err
    bidding = tmp_path / "bidding.json"
    bidding.write_text(dumps(match(CLASSIC, seed=1).deal()), encoding="utf-8")
    assert main(["analyze", str(bidding)]) == 2
    assert "belote analyze: error: the round is still in its bidding: no card was played" in (
        capsys.readouterr().err
    )


def test_analyze_from_a_trick_the_record_never_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _bid_out()
    for _ in range(13):  # three tricks and the lead of the fourth
        state = play(state, next(iter(legal_moves(state))))
    record = tmp_path / "partial.json"
    record.write_text(dumps(state), encoding="utf-8")
    assert main(["analyze", str(record), "--from-trick", "6"]) == 2
    err = capsys.readouterr().err
    assert "--from-trick 6: no card from trick 6 on, the record stops after 13 cards played" in err
    assert main(["analyze", str(record), "--from-trick", "4"]) == 0
    assert "Deal 1" in capsys.readouterr().out


def test_analyze_a_round_stopped_before_its_first_card_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "no_card.json"
    record.write_text(dumps(_bid_out()), encoding="utf-8")
    assert main(["analyze", str(record)]) == 2
    err = capsys.readouterr().err
    assert err == "belote analyze: error: no card was played: the record stops before the first lead\n"


@pytest.mark.parametrize("command", ["analyze", "replay"])
def test_a_record_file_named_by_an_empty_word_is_one_line(command: str) -> None:
    assert assert_one_line_error(belote(command, "")) == (
        f"belote {command}: error: no file given: name a record file, or '-' for standard input"
    )


@pytest.mark.parametrize("command", ["analyze", "replay"])
def test_a_record_read_from_a_closed_standard_input_is_one_line(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", None)  # as Python starts with its standard input closed
    assert main([command, "-"]) == 2
    assert capsys.readouterr().err == f"belote {command}: error: cannot read -: standard input is closed\n"
    closed = io.TextIOWrapper(io.BytesIO(b"{}"))
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    assert main([command, "-"]) == 2
    assert capsys.readouterr().err.startswith(f"belote {command}: error: cannot read -: ")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("command", ["analyze", "replay"])
def test_an_endless_record_file_is_refused_after_the_longest_record(command: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "belote", command, "/dev/zero"],
        capture_output=True,
        text=True,
        env=ENV,
        check=False,
        timeout=60,
    )
    assert assert_one_line_error(result) == (
        f"belote {command}: error: cannot read /dev/zero: longer than a record may be (10,000,000 bytes)"
    )


@pytest.mark.skipif(os.name == "nt", reason="closes the child's descriptor 0 before it starts")
def test_a_closed_standard_input_in_a_real_process_is_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "belote", "analyze", "-"],
        capture_output=True,
        text=True,
        env=ENV,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert assert_one_line_error(result) == "belote analyze: error: cannot read -: standard input is closed"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [("rules",), ("analyze", "RECORD"), ("analyze", "RECORD", "--json")])
def test_an_output_the_system_refuses_is_one_line(args: tuple[str, ...], tmp_path: Path) -> None:
    record = tmp_path / "round.json"
    record.write_text(dumps(_played_out()), encoding="utf-8")
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run(
            [sys.executable, "-m", "belote", *(str(record) if arg == "RECORD" else arg for arg in args)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=ENV,
            check=False,
        )
    assert assert_one_line_error(result, code=1) == (
        "belote: error: cannot write the output: No space left on device"
    )


def test_play_from_a_closed_standard_input_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["play", "--seed", "1", "--level", "easy"]) == 2
    assert capsys.readouterr().err == "belote play: error: cannot read the moves: standard input is closed\n"


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (OSError(24, "Too many open files"), "belote: error: Too many open files"),
        (OSError(5, "Input/output error", "-"), "belote: error: Input/output error: -"),
        (
            OSError(18, "Invalid cross-device link", "a.tmp", None, "b"),
            "belote: error: Invalid cross-device link: a.tmp -> b",
        ),
    ],
)
def test_another_error_of_the_system_is_named_by_its_reason(
    error: OSError, line: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing(*_: object) -> int:
        raise error

    monkeypatch.setattr(cli_module, "_rules", failing)  # not the output's fault: not called so
    assert main(["rules"]) == 1
    assert capsys.readouterr().err == line + "\n"


def test_a_lost_worker_is_one_line_that_says_how_to_go_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object) -> int:
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(cli_module, "_simulate", broken)  # as a worker killed mid-run makes the pool
    assert main(["simulate", "-n", "2", "--jobs", "2"]) == 1
    assert capsys.readouterr().err == (
        "belote: error: a worker process was lost (A process in the process pool was terminated "
        "abruptly); any games already written are kept: run the same command again (with --resume "
        "for simulate --out) to go on\n"
    )


# -- 8. an output closed early ---------------------------------------------------------------------


class _ClosingOutput(io.StringIO):
    """Standard output whose reader goes away after ``lines`` lines (``| head``)."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        if self.left <= 0:
            raise BrokenPipeError(32, "Broken pipe")
        self.left -= text.count("\n")
        return super().write(text)

    def flush(self) -> None:
        if self.left <= 0:
            raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("lines", [0, 1, 5])
def test_demo_saves_its_record_when_the_output_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: int
) -> None:
    save = tmp_path / "demo.json"
    monkeypatch.setattr(sys, "stdout", _ClosingOutput(lines))
    assert (
        main(
            ["demo", "--seed", "1", "--level", "easy", "--variant", "classic:target=300", "--save", str(save)]
        )
        == 0
    )
    game = loads(save.read_text(encoding="utf-8"))
    assert isinstance(game, Match)
    assert game.winner is not None


def test_play_saves_the_finished_deals_when_the_output_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "play.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{n % 8 + 1}\n" for n in range(2000))))
    monkeypatch.setattr(sys, "stdout", _ClosingOutput(150))
    assert main(["play", "--seed", "4", "--level", "easy", "--save", str(save)]) == 0
    game = loads(save.read_text(encoding="utf-8"))
    assert isinstance(game, Match)
    assert game.history  # the deals finished before the output closed
    assert game.winner is None


@pytest.mark.parametrize("lines", [0, 1])
def test_replay_writes_its_pictures_when_the_output_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: int
) -> None:
    """The pictures asked for are written before the sheet is printed: a reader gone early
    (``| head -1``) left none, with exit status 0."""
    record = tmp_path / "round.json"
    record.write_text(dumps(_played_out()), encoding="utf-8")
    pictures = tmp_path / "pictures"
    monkeypatch.setattr(sys, "stdout", _ClosingOutput(lines))
    assert main(["replay", str(record), "--svg", str(pictures)]) == 0
    assert len(list(pictures.glob("*.svg"))) == 8


@pytest.mark.parametrize(
    "args",
    [
        ["demo", "--seed", "1", "--level", "easy", "--save", ""],
        ["play", "--seed", "1", "--save", ""],
        ["simulate", "-n", "1", "--deals", "--no-progress", "--out", ""],
        ["selfplay", "--out", "", "-n", "1", "--deals", "--no-progress"],
        ["replay", "-", "--svg", ""],
    ],
    ids=["demo", "play", "simulate", "selfplay", "replay"],
)
def test_an_empty_path_is_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """An empty path names no file: ``selfplay --out ""`` wrote its shards and ``replay --svg ""``
    its pictures in the working directory."""
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert "an empty path names no file or directory" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("buffered", [True, False])
def test_a_closed_pipe_ends_the_command_quietly_and_saves(tmp_path: Path, buffered: bool) -> None:
    env = {key: value for key, value in ENV.items() if key != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    save = tmp_path / "demo.json"
    args = ["demo", "--seed", "1", "--level", "easy", "--variant", "classic:target=300", "--save", str(save)]
    child = subprocess.Popen(
        [sys.executable, "-m", "belote", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert child.stdout is not None
    child.stdout.close()  # the reader is gone before the first line
    _, err = child.communicate(timeout=120)
    assert (child.returncode, err.decode()) == (0, "")
    assert isinstance(loads(save.read_text(encoding="utf-8")), Match)


# -- 9 and 12. wording ------------------------------------------------------------------------------


def test_counts_of_one_are_singular() -> None:
    variant = parse_variant("classic:target=10")
    progress = match(variant, seed=3)
    progress = progress.record(played_out(progress.deal()))
    assert progress.winner is not None
    assert result_line(progress).endswith(" after 1 deal.")
    assert counted(1, "shard") == "1 shard"


def test_selfplay_and_simulate_count_one_game_in_the_singular(tmp_path: Path) -> None:
    one = belote(
        "selfplay", "--out", str(tmp_path), "-n", "1", "--no-progress", "--team0", "easy", "--team1", "easy"
    )
    assert one.stdout == f"1 match in 1 shard in {tmp_path}\n"
    table = belote("simulate", "-n", "1", "--deals", "--team0", "easy", "--team1", "easy", "--variant", HOUSE)
    assert table.stdout.startswith(f"1 deal of {HOUSE}, seed 0:\n")
    assert "1 deal in " in table.stderr


def test_replay_names_the_whole_variant_and_a_missing_seed(tmp_path: Path) -> None:
    house = parse_variant(HOUSE)
    progress = match(house)  # no seed
    progress = progress.record(played_out(progress.deal()))
    path = tmp_path / "m.json"
    path.write_text(dumps(progress), encoding="utf-8")
    result = belote("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Valid match record: {HOUSE}, 1 deal, no seed.\n")
    path.write_text(dumps(_played_out(house)), encoding="utf-8")
    assert belote("replay", str(path)).stdout.startswith(f"Valid round record: {HOUSE}.\n")


def test_rules_says_an_optional_number_may_be_none() -> None:
    out = belote("rules").stdout
    assert "generale_value = none    [a whole number or none]" in out
    assert "solo_capot_value = none    [a whole number or none]" in out
    assert "capot_value = 252    [a whole number]" in out
    assert "target = 1000    [a whole number]" in out


@pytest.mark.parametrize("command", ["demo", "play"])
def test_a_seed_too_large_is_refused_by_its_own_name(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The players' seeds are ``seed * 4 + seat``: the refusal named "seed" the first player's."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main([command, "--seed", str(2**4095), "--level", "easy"]) == 2
    assert "seed (in the players' seeds it gives) is too large" in capsys.readouterr().err


def test_a_stopped_pool_leaves_no_manager_thread_for_the_exit_to_trip_on() -> None:
    """The pool's manager thread closes its wake-up pipe once the workers are gone; a command
    that exits while it is still doing so (Ctrl-C) printed "Exception ignored ... Bad file
    descriptor" from the exit hook of concurrent.futures (seen on Python 3.10). Before the fix
    the thread was still alive after ``stop_pool`` in 6 runs of 10."""
    import concurrent.futures
    import time

    from belote.cli._executors import stop_pool, worker_context

    for _ in range(5):
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=worker_context())
        futures = [pool.submit(time.sleep, 30) for _ in range(6)]
        time.sleep(0.3)  # the workers hold their first tasks
        manager = pool._executor_manager_thread  # type: ignore[attr-defined]
        stop_pool(pool)
        assert manager is None or not manager.is_alive()
        assert all(future.done() for future in futures)  # cancelled, or broken off


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to another process is POSIX")
def test_ctrl_c_stops_a_process_pool_at_once(tmp_path: Path) -> None:
    """Leaving the pool waited for the shards its workers held (one running and one queued per
    worker, about 30 s of hard players here) and threw them away; now the workers are ended."""
    import signal
    import time

    arguments = ["--out", str(tmp_path / "run"), "-n", "40", "--shard-size", "10", "--team0", "hard"]
    child = subprocess.Popen(
        [sys.executable, "-m", "belote", "selfplay", *arguments, "--jobs", "2", "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    time.sleep(5)  # the workers are playing their first shards
    assert child.poll() is None
    child.send_signal(signal.SIGINT)
    sent = time.perf_counter()
    _, err = child.communicate(timeout=120)
    assert (child.returncode, err.decode().strip()) == (130, "interrupted")
    assert time.perf_counter() - sent < 10
