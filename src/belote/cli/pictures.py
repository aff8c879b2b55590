"""``belote replay --svg DIR``: one picture per trick of a saved game, to look back at it."""

from __future__ import annotations

from pathlib import Path

from belote.match import Match
from belote.state import RoundState

__all__ = ["picture_name", "trick_pictures", "write_trick_pictures"]


def trick_pictures(game: RoundState | Match) -> list[tuple[str, str]]:
    """``(file name, SVG)`` for every trick of every deal, the names sorted by deal then trick.

    Each picture is the whole table when the trick was complete: the hands left, the four
    cards of the trick in the middle with the winner's outlined, the tricks won so far.
    A passed-out deal has no trick, so no picture; its number is skipped. The deal number has
    three digits, or as many as the last deal's number needs (a match of 1,000 deals or more),
    so that sorting the names gives the order of the game.

    >>> from belote import CLASSIC, Seat, deal, make_agent, finish_round
    >>> players = [make_agent("easy", seed=seat) for seat in range(4)]
    >>> state = finish_round(deal(CLASSIC, dealer=Seat(0), seed=7), players)
    >>> [name for name, _ in trick_pictures(state)][:2]
    ['deal-001-trick-1.svg', 'deal-001-trick-2.svg']
    """
    from belote.svg import table

    rounds: list[tuple[int, RoundState]]
    if isinstance(game, Match):
        rounds = [(entry.number + 1, entry.round) for entry in game.history if entry.round is not None]
    else:
        rounds = [(1, game)]
    last = rounds[-1][0] if rounds else 1
    pictures: list[tuple[str, str]] = []
    for number, state in rounds:
        for trick in range(1, len(state.tricks) + 1):
            pictures.append((picture_name(number, last, trick), table(state, after_trick=trick)))
    return pictures


def picture_name(deal: int, last: int, trick: int) -> str:
    """The file name of ``trick`` of ``deal`` in a game whose last deal is numbered ``last``:
    the deal number with three digits, or as many as ``last`` needs.

    >>> picture_name(7, 28, 8), picture_name(7, 1200, 8)
    ('deal-007-trick-8.svg', 'deal-0007-trick-8.svg')
    """
    digits = max(3, len(str(last)))
    return f"deal-{deal:0{digits}d}-trick-{trick}.svg"


def write_trick_pictures(game: RoundState | Match, directory: Path) -> int:
    """Write :func:`trick_pictures` into ``directory`` (made if missing); how many were written."""
    directory.mkdir(parents=True, exist_ok=True)
    pictures = trick_pictures(game)
    for name, picture in pictures:
        (directory / name).write_text(picture, encoding="utf-8")
    return len(pictures)
