"""How raw deal points become what is written on the score sheet (rules C20, B13, B14).

Bulgarian game points are points / 10, rounded so that the two teams' results add up to the
deal's total: a suit contract rounds up from 6, all trumps and no trumps from 5; when both
teams end on the contract's *conflict digit* (6 in a suit, 4 in all trumps) the team with
fewer points rounds up and the other down.

>>> round_pair(56, 106, Trump.SPADES, Rounding.GAME_POINTS)
(6, 10)
>>> round_pair(164, 194, Trump.ALL_TRUMPS, Rounding.GAME_POINTS)
(17, 19)
>>> round_pair(106, 106, Trump.HEARTS, Rounding.GAME_POINTS)  # hanging: first down, second up
(10, 11)
"""

from __future__ import annotations

from belote._args import require, require_int
from belote.trumps import Trump
from belote.variants import Rounding

__all__ = ["round_pair", "round_single"]

_ROUND_UP_FROM = {"suit": 6, Trump.ALL_TRUMPS: 5, Trump.NO_TRUMPS: 5}
_CONFLICT_DIGIT: dict[object, int | None] = {"suit": 6, Trump.ALL_TRUMPS: 4, Trump.NO_TRUMPS: None}


def _key(trump: Trump) -> object:
    return "suit" if trump.is_suit else trump


def _game_points(points: int, trump: Trump) -> int:
    return points // 10 + (1 if points % 10 >= _ROUND_UP_FROM[_key(trump)] else 0)


def _check_mode(trump: object, rounding: object) -> None:
    require(trump, Trump, "trump", "a Trump")
    require(rounding, Rounding, "rounding", "a Rounding")


def round_single(points: int, trump: Trump, rounding: Rounding) -> int:
    """One total written alone (a failed contract, a doubled deal).

    >>> round_single(182, Trump.HEARTS, Rounding.GAME_POINTS)
    18
    >>> round_single(278, Trump.ALL_TRUMPS, Rounding.GAME_POINTS)
    28
    """
    require_int(points, "points")
    _check_mode(trump, rounding)
    return _round_single(points, trump, rounding)


def _round_single(points: int, trump: Trump, rounding: Rounding) -> int:
    """:func:`round_single` on arguments the scoring has checked."""
    if rounding is Rounding.NONE:
        return points
    if rounding is Rounding.NEAREST_10:
        return (points + 5) // 10 * 10
    if rounding is Rounding.NEAREST_10_6_UP:
        return (points + 4) // 10 * 10
    return _game_points(points, trump)


def round_pair(first: int, second: int, trump: Trump, rounding: Rounding) -> tuple[int, int]:
    """Two totals written side by side. When both end on the conflict digit, the lower rounds
    up and the higher down; if they are equal, ``first`` rounds down and ``second`` up (the
    defenders' share and the held share of a hanging deal, rule B14).

    >>> from belote import Trump
    >>> from belote.options import Rounding
    >>> round_pair(85, 77, Trump.HEARTS, Rounding.GAME_POINTS)
    (8, 8)
    >>> round_pair(85, 77, Trump.HEARTS, Rounding.NONE)
    (85, 77)
    """
    require_int(first, "first")
    require_int(second, "second")
    _check_mode(trump, rounding)
    return _round_pair(first, second, trump, rounding)


def _round_pair(first: int, second: int, trump: Trump, rounding: Rounding) -> tuple[int, int]:
    """:func:`round_pair` on arguments the scoring has checked."""
    if rounding is not Rounding.GAME_POINTS:
        return _round_single(first, trump, rounding), _round_single(second, trump, rounding)
    conflict = _CONFLICT_DIGIT[_key(trump)]
    if conflict is not None and first % 10 == conflict and second % 10 == conflict:
        if first <= second:
            low_first = first < second
            return (
                first // 10 + (1 if low_first else 0),
                second // 10 + (0 if low_first else 1),
            )
        return first // 10, second // 10 + 1
    return _game_points(first, trump), _game_points(second, trump)
