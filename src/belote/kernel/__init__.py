"""The speed kernel: the hot paths of search on ints and masks, compiled when possible.

Agents and the solver spend their time in a few loops: the legal cards of a hand, the winner of
a trick, random playouts to the end of the deal, the normal player's heuristics (one card,
playouts to the end of the deal, and the count of a seat's cards they would not have played,
which the searching players' reading weighs deals by), and the exact search (:func:`solve_cards`
and :func:`solve_value`, the value of the best card only), which :mod:`belote.analysis` builds
its solver and game analysis on. This module offers them on card numbers (``suit * 8 + rank``)
and 32-bit hand masks, from a small C extension built with the package when a C compiler is
present at install time, or else from their pure-Python twins: :mod:`belote.kernel._pure` for
the loops, :mod:`belote.kernel._search` and :mod:`belote.kernel._value` for the search (with the
rule tuple of :mod:`belote.kernel._rules`, the capot flags of :mod:`belote.kernel._capots` and the
equivalent cards of :mod:`belote.kernel._equivalent_cards`). Both give identical results for the
same arguments, random playouts included (the same splitmix64 generator in C and in Python); the
tests check it.

The compiled search runs without the GIL, on a transposition table of its own from a pool of
eight (Python threads solving at once run in parallel; each table takes 8 MB, allocated at its
first use and kept for the process's life), and splits a big position's legal cards
over threads of its own (``solve_cards(..., threads=N)``; by default, from 28 cards in play, the
processors the process may run on); the values never depend on the threads. Both searches take
a time limit (``time_limit=seconds``): a search that runs past it stops and raises
``TimeoutError``, which bounds the time of a caller that can do without the value (the expert
player's bidding falls back to the normal heuristics' play).

:data:`COMPILED` tells which path is active. Set the environment variable ``BELOTE_PURE=1``
before the first ``import belote`` to force the pure-Python path (to compare, or to rule the
compiled code out when hunting a bug). The variant options that change card play and card
points are passed to the loops as one small int, :func:`rules_code`, and to the search as the
tuple of ints :func:`rule_values` gives (:data:`Rules`).

This layer sits below the checked API: a bad argument raises the interpreter's ``TypeError``
or ``ValueError`` (the same from both twins), not the library's
:class:`~belote.errors.BeloteError`, which the functions on cards, rounds and views raise.

>>> from belote import CLASSIC, CardSet, Trump
>>> hands = [CardSet.parse(text).mask for text in
...          ("JH 9H AS", "7H TS 8D", "AH KS 7D", "8H QS 9D")]
>>> sum(rollouts(hands, [], 0, Trump.HEARTS, rules_code(CLASSIC), seed=1, count=100)) > 0
True
>>> isinstance(COMPILED, bool)
True
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from belote.kernel._pure import pack_plays, rules_code, splitmix64, variant_of_code
from belote.kernel._rules import Rules as Rules  # the type of rule_values(...), for annotations
from belote.kernel._rules import rule_values

__all__ = [
    "COMPILED",
    "legal_mask",
    "normal_card",
    "normal_play_out",
    "pack_plays",
    "rollouts",
    "rule_values",
    "rules_code",
    "seat_misplays",
    "solve_cards",
    "solve_value",
    "splitmix64",
    "variant_of_code",
    "winning_position",
]


def _compiled_module() -> ModuleType | None:
    """The compiled module, its tables loaded; None when forced pure, absent or out of date."""
    if os.environ.get("BELOTE_PURE", "").strip() not in ("", "0"):
        return None
    try:
        from belote.kernel import _ckernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _ckernel
    folder = Path(__file__).parent
    # in a source checkout or an editable install, refuse a build older than the C sources
    built_from = getattr(module, "SOURCE_HASH", None)
    if folder.joinpath("_ckernel.c").exists() and built_from != _source_hash(folder):
        warnings.warn(
            "belote: the compiled kernel is older than its C sources; using the pure-Python path "
            "(reinstall the package to rebuild it)",
            RuntimeWarning,
            stacklevel=3,
        )
        return None
    _load_tables(module)
    return module


def _source_hash(folder: Path) -> str:
    """The C sources' fingerprint, as the build hook (``hatch_build.source_hash``) records it."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.[ch]")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _load_tables(module: ModuleType) -> None:
    """Hand the rule tables of :mod:`belote.trumps` and :mod:`belote.tally` to the C side."""
    from array import array

    from belote.agents.heuristics import WORTH_WINNING
    from belote.kernel._pure import _ALL_TRUMPS, _NO_TRUMPS, _PARTNER, _UNDERTRUMP
    from belote.tally import LAST_TRICK_BONUS
    from belote.trumps import (
        ABOVE_TABLE,
        POINTS_TABLE,
        STRENGTH_TABLE,
        TRICK_POWER,
        TRUMP_SUIT_MASK,
        points_row,
    )

    def rows(tables: list[tuple[int, ...]]) -> bytes:
        padded = tables + [tables[0]] * (4 - len(tables))
        return bytes(value for row in padded for value in row)

    power = bytes(value for mode in TRICK_POWER for led in mode for value in led)
    above = array("I", (mask for mode in ABOVE_TABLE for mask in mode)).tobytes()
    suits = rows([POINTS_TABLE[mode] for mode in range(4)])
    no_trumps = rows([points_row(4, variant_of_code(index << 6)) for index in range(len(_NO_TRUMPS))])
    all_trumps = rows([points_row(5, variant_of_code(index << 8)) for index in range(len(_ALL_TRUMPS))])
    limits = (len(_UNDERTRUMP), len(_PARTNER), len(_NO_TRUMPS), len(_ALL_TRUMPS))
    strength = bytes(value for mode in STRENGTH_TABLE for value in mode)
    heuristic_points = bytes(value for mode in POINTS_TABLE for value in mode)
    trump_suit = array("I", TRUMP_SUIT_MASK).tobytes()
    module.set_tables(
        power, above, suits, no_trumps, all_trumps, LAST_TRICK_BONUS, limits,
        strength, heuristic_points, trump_suit, WORTH_WINNING,
    )  # fmt: skip


_compiled = _compiled_module()

COMPILED: bool = _compiled is not None
"""True when the compiled kernel is in use, False on the pure-Python path."""

if TYPE_CHECKING or _compiled is None:  # the pure twins' signatures are the interface
    from belote.kernel._pure import (
        legal_mask,
        normal_card,
        normal_play_out,
        rollouts,
        seat_misplays,
        winning_position,
    )
    from belote.kernel._search import solve_cards
    from belote.kernel._value import solve_value
else:
    legal_mask = _compiled.legal_mask
    winning_position = _compiled.winning_position
    rollouts = _compiled.rollouts
    normal_card = _compiled.normal_card
    normal_play_out = _compiled.normal_play_out
    seat_misplays = _compiled.seat_misplays
    # The compiled search keeps its own transposition tables (exact facts about the tricks still
    # to play for one mode, rules and capot bonuses): with ``table=None`` it starts afresh, like
    # the pure search; with any table it keeps what it learnt when the mode, rules and bonuses
    # match. Each search holds one table of the process's pool (up to 8, so that Python threads
    # solving at once run in parallel; more wait for a table), and, with ``threads`` above one,
    # splits the legal cards over that many threads of its own sharing the table. By default a
    # position of 28 cards or more uses the processors the process may run on, a smaller one one.
    solve_cards = _compiled.solve_cards
    solve_value = _compiled.solve_value  # the best card's value only: a cheaper search, the same value
