"""AI players at four levels, deciding from a :class:`~belote.views.PlayerView` only.

* :class:`EasyAgent` plays the lowest legal card and takes only with a clearly strong hand;
* :class:`NormalAgent` plays by named heuristics and bids on hand strength;
* :class:`HardAgent` remembers the cards, infers voids and card probabilities, and decides by
  sampling deals consistent with what it saw, and values each end of a deal with the
  variant's own score sheet (:class:`DealObjective`, with the belotes each sampled deal holds:
  :class:`SampledSheets`); it bids by valuing each call so
  (:mod:`belote.agents.sim_bidding`);
* :class:`ExpertAgent` samples deals as the hard player does and, late in the deal, solves
  each one exactly with all hands open (perfect-information Monte Carlo, with the exact
  solver of :mod:`belote.analysis`).

>>> from belote import CLASSIC
>>> from belote.games import play_match
>>> m = play_match(CLASSIC, [make_agent("normal", seed=s) for s in range(4)], seed=1)
>>> m.winner is not None
True
"""

from __future__ import annotations

from collections.abc import Callable

from belote._repr import safe_repr
from belote.agents.base import Agent, Play, announced_play
from belote.agents.easy import EasyAgent
from belote.agents.expert import ExpertAgent
from belote.agents.hard import HardAgent
from belote.agents.inference import Beliefs, infer
from belote.agents.normal import NormalAgent
from belote.agents.objective import DealObjective, SampledSheets
from belote.errors import BeloteError, Reason

__all__ = [
    "LEVELS",
    "Agent",
    "Beliefs",
    "DealObjective",
    "EasyAgent",
    "ExpertAgent",
    "HardAgent",
    "NormalAgent",
    "Play",
    "SampledSheets",
    "announced_play",
    "infer",
    "make_agent",
]

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
"""The level names :func:`make_agent` accepts, weakest first."""

_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
    "expert": ExpertAgent,
}


def make_agent(level: str, *, seed: int = 0) -> Agent:
    """A new agent of ``level`` (one of :data:`LEVELS`, any case) with ``seed``.

    Raises:
        ArgumentTypeError: ``seed`` is not an int.
        BeloteError: ``level`` is not one of :data:`LEVELS` (reason ``BAD_ARGUMENT``).

    >>> make_agent("Hard", seed=3)  # doctest: +NORMALIZE_WHITESPACE
    HardAgent(seed=3, samples=64, time_budget=None, reading=32, lookahead=True, auction_weight=None,
              max_samples=None)
    """
    key = level.strip().lower() if isinstance(level, str) else level
    factory = _FACTORIES.get(key) if isinstance(key, str) else None
    if factory is None:
        raise BeloteError(
            f"{safe_repr(level)} is not an agent level: expected one of {', '.join(LEVELS)}",
            reason=Reason.BAD_ARGUMENT,
        )
    return factory(seed)
