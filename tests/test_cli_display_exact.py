"""Exact tests of the ``belote`` command's text for the terminal (``belote.cli._display``): the
style a stream is given (symbols by its encoding, colour on a terminal without ``NO_COLOR``),
each card, call, contract and declaration as it prints, the escapes of colour, the tables and
their widths, the score sheet, the result line and a deal's summary.

The command's own tests run it in a subprocess, where mutation testing cannot see the mutated
code; these call the functions in process, on hand-built scores and a two-deal match, and
compare whole lines, so that a changed constant, comparison or escape fails them.
"""

from __future__ import annotations

import io
import os
import shutil
from typing import TextIO, cast

import attrs
import pytest

from belote import BULGARIAN, CLASSIC, COINCHE, Phase, Seat, Tally, Trump, match, score_deal
from belote.bidding import Bid, Contract, Double, Pass, Redouble
from belote.cards import Card, CardSet
from belote.cli import _display
from belote.cli._display import (
    Style,
    counted,
    deal_summary,
    forgive_unencodable,
    result_line,
    score_sheet,
    seat_name,
    sorted_hand,
    table,
    team_name,
    wrap,
)
from belote.declarations import Declaration
from belote.match import Match
from belote.round import bid, legal_bids, legal_moves, play
from belote.seats import Team

RED, BOLD, DIM, RESET = "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"
COLOUR = Style(symbols=True, colour=True)
PLAIN = Style()
SYMBOLS = Style(symbols=True)


class Stream(io.StringIO):
    """A text stream with a chosen encoding and answer to ``isatty``."""

    def __init__(self, encoding: str | None, tty: bool | None) -> None:
        super().__init__()
        self._encoding = encoding
        self._tty = tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return cast(str, self._encoding)

    def isatty(self) -> bool:
        return bool(self._tty)


class NoTty:
    """A stream with an encoding and no ``isatty`` at all."""

    encoding = "utf-8"


class Bare:
    """A stream with neither an encoding nor ``isatty``."""


def card(text: str) -> Card:
    return Card.parse(text)


# -- Style.detect -----------------------------------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """An environment where a terminal has colour: TERM set, NO_COLOR unset."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("encoding", "symbols"),
    [
        ("utf-8", True),
        ("utf-16", True),
        ("ascii", False),
        ("cp1252", False),
        (None, False),
        ("no-such", False),
    ],
)
def test_detect_gives_symbols_by_the_encoding(encoding: str | None, symbols: bool) -> None:
    stream = cast(TextIO, Stream(encoding, tty=False))
    assert Style.detect(stream) == Style(symbols=symbols, colour=False)


@pytest.mark.usefixtures("terminal")
def test_detect_gives_colour_on_a_terminal() -> None:
    assert Style.detect(cast(TextIO, Stream("utf-8", tty=True))) == Style(symbols=True, colour=True)
    assert Style.detect(cast(TextIO, Stream("ascii", tty=True))) == Style(symbols=False, colour=True)


@pytest.mark.usefixtures("terminal")
def test_detect_without_isatty_gives_no_colour() -> None:
    assert Style.detect(cast(TextIO, NoTty())) == Style(symbols=True, colour=False)


@pytest.mark.usefixtures("terminal")
def test_detect_without_an_encoding_gives_letters() -> None:
    assert Style.detect(cast(TextIO, Bare())) == Style(symbols=False, colour=False)


@pytest.mark.usefixtures("terminal")
def test_no_color_turns_the_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "")
    assert Style.detect(cast(TextIO, Stream("utf-8", tty=True))) == Style(symbols=True, colour=False)


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize("term", ["", "dumb", None])
def test_a_dumb_or_unknown_terminal_has_no_colour(monkeypatch: pytest.MonkeyPatch, term: str | None) -> None:
    if term is None:
        monkeypatch.delenv("TERM")
    else:
        monkeypatch.setenv("TERM", term)
    assert Style.detect(cast(TextIO, Stream("utf-8", tty=True))) == Style(symbols=True, colour=False)


def test_the_default_style_has_neither() -> None:
    assert (PLAIN.symbols, PLAIN.colour) == (False, False)


# -- cards and words --------------------------------------------------------------------------------


def test_card_with_and_without_symbols_and_colour() -> None:
    assert PLAIN.card(card("TH")) == "TH"
    assert SYMBOLS.card(card("TH")) == "T♥"
    assert COLOUR.card(card("TH")) == f"{RED}T♥{RESET}"
    assert COLOUR.card(card("7D")) == f"{RED}7♦{RESET}"
    assert COLOUR.card(card("AS")) == "A♠"
    assert COLOUR.card(card("JC")) == "J♣"
    assert Style(colour=True).card(card("9H")) == f"{RED}9H{RESET}"


def test_card_with_a_mark() -> None:
    assert PLAIN.card(card("AS"), mark="*") == "AS*"
    assert SYMBOLS.card(card("TH"), mark="*") == "T♥*"
    assert COLOUR.card(card("AS"), mark="*") == f"{BOLD}A♠*{RESET}"
    assert COLOUR.card(card("TH"), mark="*") == f"{BOLD}{RED}T♥{RESET}*{RESET}"
    assert COLOUR.card(card("AS"), mark="") == "A♠"


def test_text_turns_symbols_into_letters_without_symbols() -> None:
    assert PLAIN.text("10♥ ♠♦♣ x") == "10H SDC x"
    assert SYMBOLS.text("10♥ ♠♦♣ x") == "10♥ ♠♦♣ x"


def test_cards_are_separated_by_one_space() -> None:
    assert SYMBOLS.cards([card("AS"), card("TH"), card("7C")]) == "A♠ T♥ 7♣"
    assert PLAIN.cards([]) == ""


def test_declaration_prints_its_cards_in_the_style() -> None:
    terca = Declaration(Seat(1), CardSet.parse("9C 8C 7C"))
    assert SYMBOLS.declaration(terca) == "terca 9♣ 8♣ 7♣ (20)"
    assert PLAIN.declaration(terca) == "terca 9C 8C 7C (20)"
    assert COLOUR.declaration(Declaration(Seat(0), CardSet.parse("KH QH JH"))) == (
        f"terca {RED}K♥{RESET} {RED}Q♥{RESET} {RED}J♥{RESET} (20)"
    )


def test_dim_and_bold() -> None:
    assert COLOUR.dim("x") == f"{DIM}x{RESET}"
    assert COLOUR.bold("x") == f"{BOLD}x{RESET}"
    assert SYMBOLS.dim("x") == "x"
    assert SYMBOLS.bold("x") == "x"


@pytest.mark.parametrize(
    ("trump", "symbols", "plain"),
    [
        (Trump.HEARTS, "♥ hearts", "hearts"),
        (Trump.CLUBS, "♣ clubs", "clubs"),
        (Trump.NO_TRUMPS, "no trumps", "no trumps"),
        (Trump.ALL_TRUMPS, "all trumps", "all trumps"),
    ],
)
def test_trump(trump: Trump, symbols: str, plain: str) -> None:
    assert SYMBOLS.trump(trump) == symbols
    assert PLAIN.trump(trump) == plain


def test_call_in_words() -> None:
    assert SYMBOLS.call(Pass()) == "pass"
    assert SYMBOLS.call(Double()) == "contra"
    assert SYMBOLS.call(Double(), COINCHE) == "coinche"
    assert SYMBOLS.call(Redouble(), COINCHE) == "surcoinche"
    assert SYMBOLS.call(Redouble(), CLASSIC) == "recontra"
    assert SYMBOLS.call(Bid(Trump.HEARTS)) == "♥ hearts"
    assert PLAIN.call(Bid(Trump.HEARTS)) == "hearts"
    assert SYMBOLS.call(Bid(Trump.HEARTS, value=100)) == "100 ♥ hearts"
    assert SYMBOLS.call(Bid(Trump.SPADES, capot=True)) == "capot ♠ spades"
    assert PLAIN.call(Bid(Trump.ALL_TRUMPS, generale=True)) == "generale all trumps"
    assert PLAIN.call(Bid(Trump.NO_TRUMPS, value=80), COINCHE) == "80 no trumps"


def test_contract_with_its_level_and_doubling() -> None:
    assert SYMBOLS.contract(Contract(Seat(0), Trump.SPADES), CLASSIC) == "♠ spades"
    assert PLAIN.contract(Contract(Seat(0), Trump.SPADES, multiplier=2), BULGARIAN) == "spades x2"
    assert PLAIN.contract(Contract(Seat(0), Trump.SPADES, multiplier=4), BULGARIAN) == "spades x4"
    assert PLAIN.contract(Contract(Seat(0), Trump.HEARTS, bid=110), COINCHE) == "110 hearts"
    assert PLAIN.contract(Contract(Seat(0), Trump.HEARTS, bid=110, multiplier=4), COINCHE) == "110 hearts x4"
    surcoinche3 = attrs.evolve(COINCHE, surcoinche_multiplier=3)
    assert (
        PLAIN.contract(Contract(Seat(0), Trump.HEARTS, bid=110, multiplier=4), surcoinche3) == "110 hearts x3"
    )
    assert PLAIN.contract(Contract(Seat(0), Trump.HEARTS, capot=True), COINCHE) == "capot hearts"
    assert PLAIN.contract(Contract(Seat(0), Trump.HEARTS, generale=True), COINCHE) == "generale hearts"
    assert PLAIN.contract(Contract(Seat(0), Trump.HEARTS, bid=250, capot=True), COINCHE) == "250 hearts"


# -- forgive_unencodable ----------------------------------------------------------------------------


def wrapper(encoding: str, errors: str = "strict") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors=errors)


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_an_output_without_unicode_replaces_what_it_cannot_hold(encoding: str) -> None:
    stream = wrapper(encoding)
    forgive_unencodable(stream)
    assert stream.errors == "replace"
    stream.write("é♥")
    stream.flush()
    assert cast(io.BytesIO, stream.buffer).getvalue().endswith(b"?")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "UTF8"])
def test_a_unicode_output_is_left_alone(encoding: str) -> None:
    stream = wrapper(encoding)
    forgive_unencodable(stream)
    assert stream.errors == "strict"


@pytest.mark.parametrize(
    "errors", ["replace", "backslashreplace", "xmlcharrefreplace", "namereplace", "ignore"]
)
def test_an_output_that_already_forgives_is_left_alone(errors: str) -> None:
    stream = wrapper("ascii", errors)
    forgive_unencodable(stream)
    assert stream.errors == errors


def test_surrogateescape_is_not_forgiving() -> None:
    stream = wrapper("ascii", "surrogateescape")
    forgive_unencodable(stream)
    assert stream.errors == "replace"


def test_a_stream_that_is_no_text_file_is_left_alone() -> None:
    stream = Stream("ascii", tty=False)
    forgive_unencodable(cast(TextIO, stream))  # no reconfigure: it would fail
    stream.write("x")
    forgive_unencodable(cast(TextIO, Bare()))  # not even an encoding


class Wrapper(io.TextIOWrapper):
    """A text file whose encoding reads as chosen (None, an unknown name)."""

    shown: str | None = None

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return cast(str, self.shown)


@pytest.mark.parametrize("encoding", [None, "no-such"])
def test_an_unknown_or_missing_encoding_is_not_unicode(encoding: str | None) -> None:
    stream = Wrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    stream.shown = encoding
    forgive_unencodable(stream)
    assert stream.errors == "replace"


# -- names and counts -------------------------------------------------------------------------------


def test_counted() -> None:
    assert counted(1, "deal") == "1 deal"
    assert counted(0, "deal") == "0 deals"
    assert counted(2, "deal") == "2 deals"
    assert counted(1, "match", "matches") == "1 match"
    assert counted(3, "match", "matches") == "3 matches"


def test_seat_and_team_names() -> None:
    assert seat_name(Seat(1)) == "seat 1 (West)"
    assert seat_name(Seat(0)) == "seat 0 (North)"
    assert team_name(Team(0)) == "team 0 (seats 0 & 2)"
    assert team_name(Team(1)) == "team 1 (seats 1 & 3)"


def test_sorted_hand_puts_trumps_first_strongest_first() -> None:
    hand = CardSet.parse("7S AS JH 9H AH TC 8D JD")
    assert [str(c) for c in sorted_hand(hand, Trump.HEARTS)] == [
        "JH",
        "9H",
        "AH",
        "AS",
        "7S",
        "TC",
        "JD",
        "8D",
    ]
    assert [str(c) for c in sorted_hand(hand, Trump.DIAMONDS)] == [
        "JD",
        "8D",
        "AS",
        "7S",
        "AH",
        "JH",
        "9H",
        "TC",
    ]
    assert [str(c) for c in sorted_hand(hand, None)] == ["AS", "7S", "AH", "JH", "9H", "TC", "JD", "8D"]
    assert [str(c) for c in sorted_hand(hand, Trump.ALL_TRUMPS)] == [
        "AS",
        "7S",
        "JH",
        "9H",
        "AH",
        "TC",
        "JD",
        "8D",
    ]
    assert [str(c) for c in sorted_hand(hand, Trump.NO_TRUMPS)] == [
        "AS",
        "7S",
        "AH",
        "JH",
        "9H",
        "TC",
        "JD",
        "8D",
    ]


# -- tables and wrapping ----------------------------------------------------------------------------


def test_table_columns_widths_and_alignment() -> None:
    lines = table(["a", "bbb", "c"], [["xx", "y", "zzzz"], ["1", "22", "3"]], align="<>")
    assert lines == [
        "a   bbb  c",
        "--  ---  ----",
        "xx    y  zzzz",
        "1    22  3",
    ]


def test_table_without_rows_and_with_right_alignment_last() -> None:
    assert table(["name", "n"], [], align="<>") == ["name  n", "----  -"]
    assert table(["n", "m"], [["10", "2"]], align=">>") == [" n  m", "--  -", "10  2"]


def test_table_measures_colour_escapes_as_nothing() -> None:
    red = f"{RED}TH{RESET}"
    lines = table(["card", "x"], [[red, "1"], ["AS", "22"]])
    assert lines == ["card  x", "----  --", f"{red}    1", "AS    22"]
    assert _display._visible(f"{BOLD}{RED}T♥{RESET}*{RESET}") == 3
    assert _display._visible("a\x1b[31mb") == 2
    assert _display._visible("\x1bmx") == 1


@pytest.mark.parametrize(
    ("columns", "width"), [(20, 40), (39, 40), (41, 41), (80, 80), (110, 110), (200, 110)]
)
def test_wrap_to_the_terminal_width_between_40_and_110(
    monkeypatch: pytest.MonkeyPatch, columns: int, width: int
) -> None:
    asked: list[tuple[int, int]] = []

    def size(fallback: tuple[int, int] = (80, 24)) -> os.terminal_size:
        asked.append(fallback)
        return os.terminal_size((columns, 24))

    monkeypatch.setattr(shutil, "get_terminal_size", size)
    text = " ".join(["word-with-hyphens"] * 30)
    lines = wrap(text, 4)
    assert asked == [(100, 24)]
    assert all(line.startswith("    word") for line in lines)
    assert max(len(line) for line in lines) <= width
    assert max(len(line) for line in lines) > width - 18  # as full as the words allow
    assert " ".join(line.strip() for line in lines) == text


@pytest.mark.parametrize(
    ("columns", "short", "long"), [(39, 2, 3), (40, 2, 3), (41, 1, 3), (110, 1, 2), (111, 1, 2), (112, 1, 2)]
)
def test_wrap_at_the_bounds_of_its_width(
    monkeypatch: pytest.MonkeyPatch, columns: int, short: int, long: int
) -> None:
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback: os.terminal_size((columns, 24)))
    assert len(wrap("a" * 20 + " " + "b" * 20, 0)) == short  # 41 characters
    assert len(wrap(" ".join(["abc"] * 28), 0)) == long  # 111 characters


def test_wrap_keeps_hyphenated_words_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback: os.terminal_size((40, 24)))
    assert wrap("aaaa " * 6 + "bbbbbbbbbbbbbbbbbbbbbbbbbb-cccccc", 2) == [
        "  aaaa aaaa aaaa aaaa aaaa aaaa",
        "  bbbbbbbbbbbbbbbbbbbbbbbbbb-cccccc",
    ]


# -- score sheet, result and summary ----------------------------------------------------------------


def two_deals() -> Match:
    """A classic match of a passed-out deal and a failed clubs contract (0 - 162)."""
    game = match(CLASSIC, seed=5)
    state = game.deal()
    while state.phase is Phase.BIDDING:
        state = bid(state, Pass())
    game = game.record(state)
    state = game.deal()
    state = bid(state, legal_bids(state)[1])
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return game.record(state)


def test_score_sheet() -> None:
    assert score_sheet(two_deals(), SYMBOLS) == [
        "deal  dealer  contract    taker  outcome   points   scores  carry",
        "----  ------  ----------  -----  -------  -------  -------  -----",
        "   1       2  passed out      -  -          0 - 0    0 - 0      -",
        "   2       3  ♣ clubs         0  failed   0 - 162  0 - 162      0",
    ]


def test_score_sheet_of_a_held_carry_and_a_capot_of_the_defence() -> None:
    game = two_deals()
    entry = game.history[1]
    assert entry.score is not None
    litige = score_deal(CLASSIC, Contract(Seat(1), Trump.HEARTS), Tally((81, 71), (2, 2, 2, 2), Seat(1)))
    capot = score_deal(CLASSIC, Contract(Seat(2), Trump.SPADES), Tally((0, 152), (0, 4, 0, 4), Seat(1)))
    history = (
        attrs.evolve(entry, number=0, dealer=Seat(1), score=litige),
        attrs.evolve(entry, number=1, dealer=Seat(2), score=capot),
    )
    lines = score_sheet(attrs.evolve(game, history=history), PLAIN)
    assert lines[2:] == [
        "   1       1  hearts        1  litige            81 - 0  0 - 162     81",
        "   2       2  spades        2  defenders capot  0 - 252  0 - 162      0",
    ]


def test_result_line() -> None:
    game = two_deals()
    assert result_line(game) == "No winner yet after 2 deals: 0 - 162 (target 1000)."
    won = attrs.evolve(game, winner=Team(1))
    assert result_line(won) == "Winner: team 1 (seats 1 & 3), 0 - 162 after 2 deals."
    one = attrs.evolve(game, history=game.history[:1])
    assert result_line(one) == "No winner yet after 1 deal: 0 - 162 (target 1000)."


def test_deal_summary_with_a_carry() -> None:
    score = score_deal(CLASSIC, Contract(Seat(1), Trump.HEARTS), Tally((81, 71), (2, 2, 2, 2), Seat(1)))
    assert deal_summary(score, SYMBOLS, CLASSIC) == [
        "Contract ♥ hearts by seat 1 (West): litige, points 81 - 0, 81 held in all for the next deal",
        "  card points 81 - 71",
        "  last trick 0 - 10",
        "  totals 81 - 81",
        "  scored 81 - 0",
        "  held for the next deal 81",
    ]


def test_deal_summary_doubled_and_of_a_defenders_capot() -> None:
    doubled = score_deal(
        BULGARIAN, Contract(Seat(0), Trump.SPADES, multiplier=2), Tally((92, 60), (3, 2, 2, 1), Seat(0))
    )
    assert deal_summary(doubled, PLAIN, BULGARIAN) == [
        "Contract spades x2 by seat 0 (North): made, points 32 - 0",
        "  card points 92 - 60",
        "  last trick 10 - 0",
        "  totals 102 - 60",
        "  doubled x2",
        "  scored 324 - 0",
        "  rounded 32 - 0",
    ]
    capot = score_deal(CLASSIC, Contract(Seat(2), Trump.SPADES), Tally((0, 152), (0, 4, 0, 4), Seat(1)))
    assert deal_summary(capot, PLAIN, CLASSIC)[0] == (
        "Contract spades by seat 2 (South): defenders capot, points 0 - 252"
    )
