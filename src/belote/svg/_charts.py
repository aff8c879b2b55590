"""A match's score sheet and a strength comparison as pictures."""

from __future__ import annotations

from collections.abc import Sequence

from belote._repr import safe_repr
from belote.errors import ArgumentTypeError, BeloteError
from belote.match import Match
from belote.svg._draw import (
    SEAT_NAMES,
    TEAM_NAMES,
    TWO_COLOUR,
    Palette,
    Svg,
    check_palette,
    check_size,
    contract_text,
    escape,
    root,
    suit_sign,
    text,
)

__all__ = ["score_sheet", "strength_chart"]

_COLUMNS = (
    ("deal", 40),
    ("dealer", 62),
    ("contract", 122),
    ("taker", 62),
    ("outcome", 92),
    ("N-S", 46),
    ("E-W", 46),
    ("score", 90),
)
_ROW = 24


def score_sheet(game: Match, *, size: int | None = None, palette: Palette = TWO_COLOUR) -> Svg:
    """A match deal by deal, as a score sheet: dealer, contract, taker, outcome, points, scores.

    Under the sheet, each team's score against the target, and the winner once there is one.

    >>> from belote import CLASSIC_501, play_match, make_agent
    >>> game = play_match(CLASSIC_501, [make_agent("easy", seed=s) for s in range(4)], seed=1)
    >>> picture = score_sheet(game)
    >>> picture.startswith("<svg") and "won the match" in picture
    True
    """
    if not isinstance(game, Match):
        raise ArgumentTypeError(f"game must be a Match, got {type(game).__name__}")
    palette = check_palette(palette)
    width = 16 + sum(w for _, w in _COLUMNS)
    rows = len(game.history)
    height = 56 + _ROW * (rows + 1) + 82
    parts = [f'<rect width="{width}" height="{height}" rx="10" fill="#fff" stroke="#bbb"/>']
    parts.append(
        text(
            12,
            24,
            f"Score sheet: {game.variant.name}, to {game.target}",
            font_size=14,
            font_weight="bold",
            fill="#222",
        )
    )
    x = 8
    edges = []
    for name, column_width in _COLUMNS:
        edges.append(x)
        parts.append(text(x + 4, 50, name, font_size=12, font_weight="bold", fill="#222"))
        x += column_width
    parts.append(f'<path d="M8 56H{width - 8}" stroke="#222"/>')
    for row, entry in enumerate(game.history):
        y = 56 + _ROW * (row + 1) - 7
        if row % 2:
            parts.append(f'<rect x="8" y="{y - 16}" width="{width - 16}" height="{_ROW}" fill="#f2f5f3"/>')
        cells = [str(entry.number + 1), SEAT_NAMES[entry.dealer]]
        score = entry.score
        if score is None:
            cells += ["passed out", "", "", "0", "0"]
        else:
            contract = score.contract
            cells += [
                contract_text(contract, game.variant),
                SEAT_NAMES[contract.taker],
                score.outcome.value.replace("_", " "),
            ]
            cells += [str(score.points[0]), str(score.points[1])]
            suit = contract.trump.suit
            if suit is not None:
                parts.append(suit_sign(suit, edges[2] + 4, y - 12, 13, palette.suits[suit]))
        cells.append(f"{entry.scores_after[0]} - {entry.scores_after[1]}")
        for column, cell in enumerate(cells):
            shift = 20 if column == 2 and score is not None and score.contract.trump.suit is not None else 4
            parts.append(text(edges[column] + shift, y, cell, font_size=12, fill="#222"))
    y = 56 + _ROW * (rows + 1)
    parts.append(f'<path d="M8 {y - 20}H{width - 8}" stroke="#222"/>')
    bar = width - 200
    for team in (0, 1):
        score_y = y + 4 + 24 * team
        share = min(1.0, max(0.0, game.scores[team] / game.target))  # a match's target is at least 1
        parts.append(text(12, score_y + 12, TEAM_NAMES[team], font_size=12, fill="#222"))
        parts.append(f'<rect x="110" y="{score_y}" width="{bar}" height="16" rx="3" fill="#e4e8e6"/>')
        filled = round(bar * share)
        parts.append(
            f'<rect x="110" y="{score_y}" width="{filled}" height="16" rx="3" fill="{palette.table}"/>'
        )
        parts.append(
            text(118 + bar, score_y + 12, f"{game.scores[team]} / {game.target}", font_size=12, fill="#222")
        )
    if game.winner is not None:
        verdict = f"{TEAM_NAMES[game.winner]} won the match, {game.scores[0]} - {game.scores[1]}"
    else:
        verdict = f"No winner yet: {game.scores[0]} - {game.scores[1]}"
    parts.append(text(12, y + 70, verdict, font_size=13, font_weight="bold", fill="#222"))
    return root(
        width,
        height,
        "".join(parts),
        title=f"Score sheet of a {game.variant.name} match",
        description=f"{rows} deals. {verdict}.",
        size=check_size(size),
    )


def _percent(name: str, value: object) -> None:
    """Refuse ``value`` unless it is a percentage: a number (not a bool) from 0 to 100."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{name} must be a number (a percentage), got {safe_repr(value)}")
    if not 0 <= value <= 100:
        raise BeloteError(f"{name} must be a percentage from 0 to 100, got {safe_repr(value)}")


def strength_chart(
    rows: Sequence[tuple[str, float, float, float]],
    *,
    title: str = "Point share, 95% interval",
    reference: float = 50.0,
    size: int | None = None,
    palette: Palette = TWO_COLOUR,
) -> Svg:
    """A strength comparison: per match-up, a point share (percent) with its interval.

    ``rows`` holds ``(label, share, low, high)``; ``reference`` draws the line of two equal
    players (50 %). The numbers come from a tournament (see ``benchmarks/agent_strength.py``),
    percentages from 0 to 100.

    >>> picture = strength_chart([("normal vs easy", 63.0, 61.9, 64.1)])
    >>> "normal vs easy: 63.0% [61.9, 64.1]" in picture
    True

    Raises:
        ArgumentTypeError: a row that is not ``(label, share, low, high)`` with a text label and
            numbers, a ``title`` that is not a text, a ``reference`` that is not a number.
        BeloteError: a number outside 0 to 100 (NaN included), or a share outside its interval.
    """
    palette = check_palette(palette)
    if not isinstance(title, str):
        raise ArgumentTypeError(f"title must be a str, got {safe_repr(title)}")
    _percent("reference", reference)
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise ArgumentTypeError(
            f"rows must be a sequence of (label, share, low, high) tuples, got {safe_repr(rows)}"
        )
    rows = tuple(rows)
    for row in rows:
        if not (isinstance(row, tuple) and len(row) == 4 and isinstance(row[0], str)):
            raise ArgumentTypeError(f"rows must hold (label, share, low, high) tuples, got {safe_repr(row)}")
        label, share, low, high = row
        for name, value in (("share", share), ("low", low), ("high", high)):
            _percent(f"{label}: {name}", value)
        if not low <= share <= high:
            raise BeloteError(f"{label}: the share {share} is not inside [{low}, {high}]")
    values = [reference, *(bound for row in rows for bound in row[2:])]  # each share lies inside its bounds
    start = 5 * int(min(values) // 5)
    stop = 5 * -int(-max(values) // 5)
    if stop == start:
        stop += 5
    left, plot, height = 190, 300, 64 + 32 * len(rows) + 22
    width = left + plot + 150

    def at(value: float) -> float:
        return left + plot * (value - start) / (stop - start)

    parts = [f'<rect width="{width}" height="{height}" rx="10" fill="#fff" stroke="#bbb"/>']
    parts.append(text(12, 24, title, font_size=14, font_weight="bold", fill="#222"))
    axis_y = 44 + 32 * len(rows)
    for tick in range(start, stop + 1, 5):
        parts.append(f'<path d="M{at(tick):.1f} 40V{axis_y}" stroke="#e2e2e2"/>')
        parts.append(text(at(tick), axis_y + 16, f"{tick}%", font_size=11, fill="#444", text_anchor="middle"))
    parts.append(f'<path d="M{at(reference):.1f} 36V{axis_y}" stroke="#555" stroke-dasharray="4 3"/>')
    parts.append(text(at(reference), height - 6, "even", font_size=11, fill="#444", text_anchor="middle"))
    for index, (label, share, low, high) in enumerate(rows):
        y = 60 + 32 * index
        parts.append(f"<g><title>{escape(label)}: {share:.1f}% [{low:.1f}, {high:.1f}]</title>")
        parts.append(text(left - 10, y + 4, label, font_size=12, fill="#222", text_anchor="end"))
        parts.append(
            f'<path d="M{at(low):.1f} {y}H{at(high):.1f}M{at(low):.1f} {y - 6}v12M{at(high):.1f} {y - 6}v12"'
            ' stroke="#222" stroke-width="2"/>'
        )
        parts.append(f'<circle cx="{at(share):.1f}" cy="{y}" r="5" fill="{palette.table}" stroke="#222"/>')
        parts.append(
            text(left + plot + 12, y + 4, f"{share:.1f}% [{low:.1f}, {high:.1f}]", font_size=12, fill="#222")
        )
        parts.append("</g>")
    summary = "; ".join(f"{label}: {share:.1f}% [{low:.1f}, {high:.1f}]" for label, share, low, high in rows)
    return root(width, height, "".join(parts), title=title, description=summary + ".", size=check_size(size))
