"""The pure search's reading of its arguments, as the compiled kernel reads them.

The compiled :func:`~belote.kernel.solve_cards` and :func:`~belote.kernel.solve_value` read each
sequence argument once, whatever iterable it is (a tuple, a list, a generator), and refuse a bad
one with a ``TypeError`` or a ``ValueError`` before any search. :func:`read_search_arguments`
does the same for the pure-Python twins, in the same order and with the same messages, so that
both paths take the same arguments and refuse the same ones alike.

>>> from belote import CLASSIC
>>> from belote.kernel._rules import rule_values
>>> read_search_arguments([1, 2, 4, 8], iter(()), 0, 2, rule_values(CLASSIC), [0, 0], iter((90, 90)))
((1, 2, 4, 8), (), 0, 2, (1, 0, 0, 0, 0, 0), (0, 0), (90, 90), None)
>>> read_search_arguments((1, 2, 4, 8), (), 0, 2, rule_values(CLASSIC), (0, 0), (90, 90), (0, 0, 0, 88))
Traceback (most recent call last):
...
ValueError: won must hold 4 ints, one per seat, with solo_bonus
"""

from __future__ import annotations

from belote.kernel._capots import MOST_BONUS, per_seat
from belote.kernel._pure import (
    _as_long,
    _c_int,
    _check_position,
    _items,
    _mode_rules,
    pack_rules,
)
from belote.kernel._rules import Rules, check_threads

__all__ = ["SearchArguments", "check_flat", "check_time_limit", "read_search_arguments"]

SearchArguments = tuple[
    tuple[int, int, int, int],
    tuple[int, ...],
    int,
    int,
    Rules,
    tuple[int, ...],
    tuple[int, int],
    tuple[int, int, int, int] | None,
]
"""What :func:`read_search_arguments` gives: the hands, the trick, the leader, the mode, the rules,
the tricks won, the capot bonuses and the one-player ones per seat (None when not given)."""

_RULE_WIDTHS = (1, 3, 3, 1, 3, 3)
"""The largest value each rule value may take before the code's own check."""
_MOST_TRICKS = 8


def _bounded(
    values: tuple[object, ...], name: str, most: int = MOST_BONUS, unit: str = ""
) -> tuple[int, ...]:
    """The ints of ``values``, every one read before any range is checked, each from 0 to
    ``most`` (the compiled kernel's ``fill_ints``)."""
    numbers = tuple(_as_long(value) for value in values)
    for number in numbers:
        if not 0 <= number <= most:
            raise ValueError(f"{name} values must be 0..{most}{unit}")
    return numbers


def _rules(rules: object) -> Rules:
    values = _items(rules, "rules must be a tuple of 6 ints")
    if len(values) != 6:
        raise ValueError("rules must hold 6 ints (see rule_values)")
    numbers = []
    for value, widest in zip(values, _RULE_WIDTHS, strict=True):
        number = _as_long(value)
        if not 0 <= number <= widest:
            raise ValueError(f"rules code: rule value {number} out of range")
        numbers.append(number)
    return numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]


def _won(won: object) -> tuple[int, ...]:
    values = _items(won, "won must be a tuple of ints")
    if len(values) not in (2, 4):
        raise ValueError(f"won must hold 2 ints (per team) or 4 (per seat), got {len(values)}")
    return _bounded(values, "won", _MOST_TRICKS, " tricks")


def _position(
    hands: object, trick: object, leader: int, mode: int, rules: Rules
) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """The hands and trick of a position of a deal (the compiled kernel's ``read_position``)."""
    _mode_rules(mode, pack_rules(rules))  # the six values were checked: the code is in range
    masks, cards = _check_position(hands, trick, leader)
    return (masks[0], masks[1], masks[2], masks[3]), tuple(cards)


def read_search_arguments(
    hands: object,
    trick: object,
    leader: object,
    mode: object,
    rules: object,
    won: object,
    capot_bonus: object,
    solo_bonus: object = None,
    threads: object = None,
    *,
    flat: object = None,
    time_limit: object = None,
) -> SearchArguments:
    """The search's arguments (those of :func:`~belote.kernel._search.solve_cards`) as plain
    tuples and ints, each iterable read once; a bad one refused as the compiled kernel refuses
    it (see the module's example). ``solo_bonus`` comes back per seat (4 ints), or None.
    ``flat`` is :func:`~belote.kernel._value.solve_value`'s, checked by :func:`check_flat`;
    ``time_limit`` is checked by :func:`check_time_limit`.

    Raises:
        TypeError: an argument of the wrong kind (an int that is not one, a sequence that is
            not iterable, ``threads`` neither None nor an int, ``time_limit`` neither None nor
            a number).
        ValueError: a value out of its range, a position no deal reaches, a count of ints that
            does not fit (see :func:`~belote.kernel._search.solve_cards`).
        OverflowError: an int too big for the compiled kernel to read.
    """
    leader, mode = _c_int(leader), _c_int(mode)
    check_flat(flat)
    read_rules = _rules(rules)
    check_threads(threads)
    check_time_limit(time_limit)
    read_won = _won(won)
    masks, cards = _position(hands, trick, leader, mode, read_rules)
    pair = _items(capot_bonus, "capot_bonus")
    if len(pair) != 2:
        raise ValueError(f"capot_bonus must hold 2 ints, one per team, got {len(pair)}")
    bonus = _bounded(pair, "capot_bonus")
    solo = None
    if solo_bonus is not None:
        seats = _bounded(per_seat(_items(solo_bonus, "solo_bonus")), "solo_bonus")  # type: ignore[arg-type]
        solo = seats[0], seats[1], seats[2], seats[3]
        if len(read_won) != 4:
            raise ValueError("won must hold 4 ints, one per seat, with solo_bonus")
    return masks, cards, leader, mode, read_rules, read_won, (bonus[0], bonus[1]), solo


def _sequence_items(value: object) -> list[object]:
    """The items of ``value`` as the compiled kernel reads a sequence that may be anything
    (``PySequence_Check``, then ``PySequence_Fast``): any object with ``__getitem__`` but a
    dict, iterated; nothing for any other object or one that fails to iterate."""
    if isinstance(value, dict) or not hasattr(type(value), "__getitem__"):
        return []
    try:
        items: list[object] = list(value)  # type: ignore[call-overload]
    except Exception:  # the C kernel clears any error here and refuses the value
        return []
    return items


def check_flat(flat: object) -> None:
    """Raise ``ValueError`` unless ``flat`` is None or two ints ``(low, high)`` from -10000 to
    10000 with ``low <= high`` (:func:`solve_value`'s margins alike to the caller), with the
    compiled kernel's message.

    >>> check_flat((-160, -2))
    >>> check_flat((3, 1))
    Traceback (most recent call last):
    ...
    ValueError: flat must be None or two ints (low, high), low <= high, within 10000, got (3, 1)
    """
    if flat is None:
        return
    items = _sequence_items(flat)
    ends = [end for end in items if isinstance(end, int) and not isinstance(end, bool)]
    if len(items) != 2 or len(ends) != 2 or not -10000 <= ends[0] <= ends[1] <= 10000:
        raise ValueError(
            f"flat must be None or two ints (low, high), low <= high, within 10000, got {flat!r}"
        )


def check_time_limit(time_limit: object) -> float | None:
    """``time_limit`` in seconds as the search takes it (None: no limit), refused unless None or
    a number (an int or a float, not a bool) above 0, with the compiled kernel's exceptions
    (``TypeError`` for the type, ``ValueError`` for the value, ``OverflowError`` for an int
    too big for a float) and messages. An infinite limit is no limit.

    >>> check_time_limit(0.05), check_time_limit(None), check_time_limit(float("inf"))
    (0.05, None, None)
    >>> check_time_limit(0)
    Traceback (most recent call last):
    ...
    ValueError: time_limit must be None or a number of seconds above 0, got 0
    """
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise TypeError(f"time_limit must be None or a number of seconds above 0, got {time_limit!r}")
    seconds = float(time_limit)
    if not seconds > 0:
        raise ValueError(f"time_limit must be None or a number of seconds above 0, got {time_limit!r}")
    return None if seconds == float("inf") else seconds
