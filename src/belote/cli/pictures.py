"""``belote replay --svg DIR``: one picture per trick of a saved game, to look back at it."""

from __future__ import annotations

from pathlib import Path

from belote.match import Match
from belote.state import RoundState

__all__ = ["trick_pictures", "write_trick_pictures"]


def trick_pictures(game: RoundState | Match) -> list[tuple[str, str]]:
    """``(file name, SVG)`` for every trick of every deal, the names sorted by deal then trick.

    Each picture is the whole table when the trick was complete: the hands left, the four
    cards of the trick in the middle with the winner's outlined, the tricks won so far.
    A passed-out deal has no trick, so no picture; its number is skipped.
    """
    from belote.svg import table

    rounds: list[tuple[int, RoundState]]
    if isinstance(game, Match):
        rounds = [(entry.number + 1, entry.round) for entry in game.history if entry.round is not None]
    else:
        rounds = [(1, game)]
    pictures: list[tuple[str, str]] = []
    for number, state in rounds:
        for trick in range(1, len(state.tricks) + 1):
            pictures.append((f"deal-{number:03d}-trick-{trick}.svg", table(state, after_trick=trick)))
    return pictures


def write_trick_pictures(game: RoundState | Match, directory: Path) -> int:
    """Write :func:`trick_pictures` into ``directory`` (made if missing); how many were written."""
    directory.mkdir(parents=True, exist_ok=True)
    pictures = trick_pictures(game)
    for name, picture in pictures:
        (directory / name).write_text(picture, encoding="utf-8")
    return len(pictures)
