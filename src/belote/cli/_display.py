"""Text for the terminal: cards with or without suit symbols and colour, tables, score sheets."""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import shutil
import textwrap
from collections.abc import Iterable, Sequence
from typing import TextIO

import attrs

from belote.bidding import Bid, Call, Contract, call_text
from belote.cards import Card, CardSet, Suit
from belote.coinche_scoring import doubling_factor
from belote.deal_score import DealScore
from belote.declarations import Declaration
from belote.match import Match
from belote.seats import Seat, Team
from belote.trumps import Trump, strength
from belote.variants import Variant

_RED = "\x1b[31m"
_BOLD = "\x1b[1m"
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"
_SUIT_LETTERS = str.maketrans({suit.symbol: suit.letter for suit in Suit})


@attrs.frozen(order=False)
class Style:
    """What the output stream supports: suit symbols (its encoding) and colour (a terminal)."""

    symbols: bool = False
    colour: bool = False

    @classmethod
    def detect(cls, stream: TextIO) -> Style:
        """Symbols when the stream's encoding has them; colour on a terminal without NO_COLOR."""
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♠♥♦♣".encode(encoding)
            symbols = True
        except (UnicodeEncodeError, LookupError):
            symbols = False
        isatty = getattr(stream, "isatty", None)
        colour = (
            bool(isatty and isatty())
            and "NO_COLOR" not in os.environ
            and os.environ.get("TERM", "") not in ("", "dumb")
        )
        return cls(symbols=symbols, colour=colour)

    def card(self, card: Card, *, mark: str = "") -> str:
        """The card as ``T♥`` (or ``TH``), red hearts and diamonds in colour."""
        text = card.pretty if self.symbols else str(card)
        if self.colour and card.suit in (Suit.HEARTS, Suit.DIAMONDS):
            text = f"{_RED}{text}{_RESET}"
        if mark and self.colour:
            return f"{_BOLD}{text}{mark}{_RESET}"
        return text + mark

    def text(self, text: str) -> str:
        """``text`` with its suit symbols as letters where the output has no symbols (an error
        message that spells a card ``10♥``).

        >>> Style().text("S H D C or ♠ ♥ ♦ ♣")
        'S H D C or S H D C'
        """
        return text if self.symbols else text.translate(_SUIT_LETTERS)

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def declaration(self, declaration: Declaration) -> str:
        """The declaration as it prints, its cards as the other cards of the output.

        >>> terca = Declaration(Seat(1), CardSet.parse("9C 8C 7C"))
        >>> Style(symbols=True).declaration(terca), Style().declaration(terca)
        ('terca 9♣ 8♣ 7♣ (20)', 'terca 9C 8C 7C (20)')
        """
        cards = str(declaration.cards)
        return str(declaration).replace(cards, self.cards(declaration.cards))

    def dim(self, text: str) -> str:
        """Less important text (dimmed in colour)."""
        return f"{_DIM}{text}{_RESET}" if self.colour else text

    def bold(self, text: str) -> str:
        """Important text (bold in colour)."""
        return f"{_BOLD}{text}{_RESET}" if self.colour else text

    def trump(self, trump: Trump) -> str:
        """A trump mode: ``♥ hearts``, ``no trumps``, ``all trumps``."""
        name = trump.name.lower().replace("_", " ")
        suit = trump.suit
        if suit is not None and self.symbols:
            return f"{suit.symbol} {name}"
        return name

    def call(self, call: Call, variant: Variant | None = None) -> str:
        """A call in words: ``pass``, ``♥ hearts``, ``100 ♥ hearts``, ``capot ♠ spades``, and the
        doubling calls by ``variant``'s names (``contra``; ``coinche`` in coinche)."""
        if not isinstance(call, Bid):
            return str(call) if variant is None else call_text(call, variant)
        level = str(call).rpartition(" ")[0]  # "100", "capot", "generale" or nothing
        return f"{level} {self.trump(call.trump)}" if level else self.trump(call.trump)

    def contract(self, contract: Contract, variant: Variant) -> str:
        """The contract's value, mode and doubling by the factor the variant scores it
        (:func:`~belote.coinche_scoring.doubling_factor`): ``♠ spades x2``, ``110 ♥ hearts``."""
        factor = doubling_factor(contract, variant)
        doubling = f" x{factor}" if factor > 1 else ""
        level = "capot " if contract.capot else "generale " if contract.generale else ""
        if contract.bid is not None:
            level = f"{contract.bid} "
        return level + self.trump(contract.trump) + doubling


_FORGIVING_ERRORS = ("replace", "backslashreplace", "xmlcharrefreplace", "namereplace", "ignore")


def forgive_unencodable(stream: TextIO) -> None:
    """Let ``stream`` print the characters its encoding lacks as ``?`` instead of failing.

    An ASCII or cp1252 output (``PYTHONIOENCODING``, an old console) cannot hold a variant's
    name with accents or the Cyrillic of Bulgarian option texts; a UTF encoding holds every
    character and is left alone, as is a stream that already replaces or is no text file.
    Suit symbols are not printed there anyway: :meth:`Style.detect` writes letters instead.
    """
    encoding = getattr(stream, "encoding", None) or "ascii"
    with contextlib.suppress(LookupError):  # an unknown encoding is no UTF one
        if codecs.lookup(encoding).name.startswith("utf"):
            return
    if isinstance(stream, io.TextIOWrapper) and stream.errors not in _FORGIVING_ERRORS:
        stream.reconfigure(errors="replace")


def counted(number: int, singular: str, plural: str = "") -> str:
    """``number`` and a noun, singular for one: ``1 deal``, ``2 deals``, ``1 match``, ``0 matches``.

    >>> counted(1, "deal"), counted(2, "deal"), counted(1, "match", "matches")
    ('1 deal', '2 deals', '1 match')
    """
    return f"{number} {singular if number == 1 else plural or singular + 's'}"


def seat_name(seat: Seat) -> str:
    """``seat 1 (West)``."""
    return f"seat {int(seat)} ({seat.name.title()})"


def team_name(team: Team) -> str:
    """``team 0 (seats 0 & 2)``."""
    first, second = team.seats
    return f"team {int(team)} (seats {int(first)} & {int(second)})"


def sorted_hand(hand: CardSet, trump: Trump | None) -> list[Card]:
    """A hand sorted as a player holds it: by suit (trumps first), strongest first."""
    mode = trump if trump is not None else Trump.NO_TRUMPS
    first = trump.suit if trump is not None else None
    suit_order = [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS]  # alternate colours
    if first is not None:
        suit_order.remove(first)
        suit_order.insert(0, first)
    return sorted(hand, key=lambda card: (suit_order.index(card.suit), -strength(card, mode)))


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, align: str = "") -> list[str]:
    """Rows in columns under ``headers``; ``align`` holds ``<`` or ``>`` per column."""
    widths = [len(header) for header in headers]
    for row in rows:
        widths = [max(widths[column], _visible(cell)) for column, cell in enumerate(row)]
    lines = []
    for row in (headers, *rows):
        cells = []
        for column, cell in enumerate(row):
            pad = " " * (widths[column] - _visible(cell))
            right = column < len(align) and align[column] == ">"
            cells.append(pad + cell if right else cell + pad)
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return lines


def _visible(text: str) -> int:
    length, escape = 0, False
    for char in text:
        if char == "\x1b":
            escape = True
        elif escape:
            escape = char != "m"
        else:
            length += 1
    return length


def wrap(text: str, indent: int) -> list[str]:
    """``text`` wrapped to the terminal width, every line indented by ``indent`` spaces."""
    width = max(40, min(shutil.get_terminal_size((100, 24)).columns, 110))
    return textwrap.wrap(
        text, width=width, initial_indent=" " * indent, subsequent_indent=" " * indent, break_on_hyphens=False
    )


def score_sheet(game: Match, style: Style) -> list[str]:
    """The match deal by deal: dealer, contract, taker, outcome, points, running scores, carry."""
    rows = []
    for entry in game.history:
        score = entry.score
        points = f"{entry.points[0]} - {entry.points[1]}"
        scores = f"{entry.scores_after[0]} - {entry.scores_after[1]}"
        if score is None:
            rows.append(
                [str(entry.number + 1), str(int(entry.dealer)), "passed out", "-", "-", points, scores, "-"]
            )
            continue
        rows.append(
            [
                str(entry.number + 1),
                str(int(entry.dealer)),
                style.contract(score.contract, game.variant),
                str(int(score.contract.taker)),
                score.outcome.value.replace("_", " "),
                points,
                scores,
                str(score.carry),
            ]
        )
    headers = ["deal", "dealer", "contract", "taker", "outcome", "points", "scores", "carry"]
    return table(headers, rows, align=">><><>>>")


def result_line(game: Match) -> str:
    """Who won the match, or that it is not over."""
    scores = f"{game.scores[0]} - {game.scores[1]}"
    deals = counted(len(game.history), "deal")
    if game.winner is None:
        return f"No winner yet after {deals}: {scores} (target {game.target})."
    return f"Winner: {team_name(game.winner)}, {scores} after {deals}."


def deal_summary(score: DealScore, style: Style, variant: Variant) -> list[str]:
    """One deal's score with its breakdown."""
    contract = score.contract
    lines = [
        f"Contract {style.contract(contract, variant)} by {seat_name(contract.taker)}: "
        f"{score.outcome.value.replace('_', ' ')}, points {score.points[0]} - {score.points[1]}"
        + (f", {score.carry} held in all for the next deal" if score.carry else "")
    ]
    lines.extend("  " + line for line in score.breakdown.lines())
    return lines
