"""The pure-Python search of a position's value alone: its best card's, as the compiled kernel's
:func:`belote.kernel.solve_value` gives it (the same call), from
:func:`~belote.kernel._search.solve_cards`, with the margins a caller writes alike
(``flat``) given as the lowest of them (see :func:`solve_value`'s example).
"""

from __future__ import annotations

from collections.abc import Callable

from belote.kernel._rules import Rules, payoff_of, remaining_points, rules_variant
from belote.kernel._search import Table, solve_read
from belote.kernel._search_arguments import read_search_arguments
from belote.trumps import _points_row

__all__ = ["SolveValue", "solve_value"]


def solve_value(
    hands: tuple[int, int, int, int],
    trick: tuple[int, ...],
    leader: int,
    mode: int,
    rules: Rules,
    won: tuple[int, ...],
    capot_bonus: tuple[int, int],
    table: Table | None = None,
    solo_bonus: tuple[int, ...] | None = None,
    *,
    threads: int | None = None,
    flat: tuple[int, int] | None = None,
    time_limit: float | None = None,
) -> tuple[int, int]:
    """The exact value of the position for the seat to act: the ``(points, margin)`` of its best
    card, as :func:`~belote.kernel._search.solve_cards` gives it (the same arguments). The
    compiled kernel's twin (:func:`belote.kernel.solve_value`) searches only as far as it takes
    to know that no other card does better, which is cheaper than every card's value.

    ``flat``, the margins ``(low, high)`` of the side to act that are all the same to the caller
    (a failed contract's, which the score sheet writes alike), lets the search stop once it knows
    the best margin lies among them: a best margin from ``low`` to ``high`` is then given as
    ``low`` (and its points as ``low``'s).

    Raises:
        ValueError: the seat to act holds no card (the deal is over), ``flat`` neither None nor
            two ints from -10000 to 10000, the first not above the second, and as
            :func:`~belote.kernel._search.solve_cards`.
        TypeError: as :func:`~belote.kernel._search.solve_cards`.
        TimeoutError: the search took longer than ``time_limit`` (as
            :func:`~belote.kernel._search.solve_cards`).

    The last trick, seat 0 to lead in hearts: its jack takes 20 points and the last-trick 10

    >>> from belote import CLASSIC
    >>> from belote.kernel._rules import rule_values
    >>> from belote.cards import CardSet
    >>> north, west, south, east = (CardSet.parse(text).mask for text in ("JH", "7S", "8S", "9S"))
    >>> hands = (north, west, south, east)
    >>> solve_value(hands, (), 0, 2, rule_values(CLASSIC), (5, 2), (90, 90))
    (30, 30)
    >>> solve_value(hands, (), 0, 2, rule_values(CLASSIC), (5, 2), (90, 90), flat=(-30, 40))
    (0, -30)
    """
    arguments = read_search_arguments(
        hands,
        trick,
        leader,
        mode,
        rules,
        won,
        capot_bonus,
        solo_bonus,
        threads,
        flat=flat,
        time_limit=time_limit,
    )
    values = solve_read(arguments, table, time_limit)  # the arguments read once, as the compiled twin does
    hands, trick, _leader, mode, rules = arguments[:5]
    if not values:
        raise ValueError("the seat to act holds no card: the deal is over")
    _card, points, margin = max(values, key=lambda value: value[2])
    if flat is not None and flat[0] <= margin <= flat[1]:
        margin = flat[0]
        points = payoff_of(margin, remaining_points(hands, trick, _points_row(mode, rules_variant(rules))))
    return points, margin


SolveValue = Callable[..., tuple[int, int]]
"""The call of :func:`solve_value`, which the compiled kernel's search offers too
(:func:`belote.kernel.solve_value`)."""
