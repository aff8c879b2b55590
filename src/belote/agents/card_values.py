"""How a searching player values its legal cards: the mean over sampled deals, sampled further
while the choice is close.

The hard and expert players value each legal card on each sampled deal (a playout, or the exact
solver) and play the card with the best mean (:func:`~belote.agents.hard.best_scored_play`). The
best of a few sampled means is often not the best card: two cards whose values differ on a few
deals in a hundred (a contract made or failed by one trick) need many more deals to be told
apart than a clear choice does. With ``max_samples``, :func:`sampled_card_values` therefore
samples sequentially, as the bidding simulation can (:func:`~belote.agents.sim_bidding.evaluate_calls`):
``samples`` deals first, then twice as many (the first ones kept) while the best card is within
:data:`UNSURE_WITHIN` standard errors of another, measured deal by deal, up to ``max_samples``.

Both players sample a fixed number of deals by default (``max_samples`` None), for what this was
measured to be worth. On the card decisions with a choice of 30 classic deals against the hard
player, the value the expert lost to the best card (each card valued again on 512 other sampled
deals) was 3.4 points of the score sheet a deal with a fixed 64 deals, 2.0 with a fixed 128 and
1.3 with 64 sampled further up to 256 (133 deals a decision on average; 77 ms median a card
decision with a choice against 53). At the table the expert with ``max_samples=256`` measured
0.523 [0.516, 0.531] point share against the hard player over the 2,000 classic duplicate deals
of seed 0 (``benchmarks/agent_strength.py``), where the fixed 64 had measured 0.523 [0.516,
0.530], for about 1.7 times the expert's time a deal.

>>> values = iter([(10.0, 0.0), (12.0, 2.0), (9.0, -1.0), (11.0, 1.0)])
>>> sampled_card_values((4, 7), lambda: next(values), samples=4)  # card 4: 10 points better
{4: 10.5, 7: 0.5}
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from belote._repr import safe_repr
from belote.agents.call_evaluation import check_max_samples, check_samples
from belote.errors import BeloteError

__all__ = ["UNSURE_WITHIN", "sampled_card_values", "unsure_choice"]

UNSURE_WITHIN = 2.0
"""How many standard errors (of the difference measured deal by deal) the best card's mean
may lead another card's by while the choice is still unsure: :func:`sampled_card_values` then
samples twice as many deals, up to its ``max_samples``."""


def unsure_choice(rows: Sequence[Sequence[float]], within: float = UNSURE_WITHIN) -> bool:
    """Whether more deals could well change the best card: ``rows`` holds each sampled deal's
    value of each card (one row a deal, one column a card); the choice is unsure if the best
    mean leads some other card's by less than ``within`` standard errors of their difference
    deal by deal. Cards that score the same on every deal are tied, not unsure; fewer than two
    deals or two cards are never judged unsure.

    >>> unsure_choice([(10.0, 0.0), (12.0, 2.0), (9.0, -1.0)])  # 10 points better every time
    False
    >>> unsure_choice([(162.0, 0.0), (0.0, 0.0), (0.0, 0.0)])  # better on one deal of three
    True
    >>> unsure_choice([(5.0, 5.0), (7.0, 7.0)])  # the same on every deal
    False
    """
    count = len(rows)
    if count < 2 or len(rows[0]) < 2:
        return False
    columns = list(zip(*rows, strict=True))
    means = [sum(column) / count for column in columns]
    best = max(range(len(means)), key=means.__getitem__)
    for other, column in enumerate(columns):
        if other == best:
            continue
        differences = [high - low for high, low in zip(columns[best], column, strict=True)]
        lead = means[best] - means[other]
        spread = sum((difference - lead) ** 2 for difference in differences)
        error = math.sqrt(spread / (count - 1) / count)
        if lead < within * error:  # never with no spread: the lead is never below 0
            return True
    return False


def sampled_card_values(
    cards: Sequence[int],
    value_deal: Callable[[], Sequence[float]],
    *,
    samples: int,
    max_samples: int | None = None,
    time_budget: float | None = None,
    start: float | None = None,
) -> dict[int, float]:
    """Each card's mean value over sampled deals: ``value_deal()`` samples one deal and gives
    the value of each of ``cards`` on it, in that order. ``samples`` deals are valued first;
    with ``max_samples``, twice as many while :func:`unsure_choice` says so, up to
    ``max_samples``. With ``time_budget`` (seconds since ``start``, a :func:`time.perf_counter`
    reading, by default now), no further deal is sampled once it is spent (at least one deal
    always is).

    Raises:
        BeloteError: ``samples`` is not a whole number >= 1, ``max_samples`` is not one
            from ``samples`` up, or ``value_deal`` gives a deal not one value per card (reason
            ``BAD_ARGUMENT``).

    >>> import itertools
    >>> deals = itertools.cycle([(162.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)])
    >>> calls: list[int] = []
    >>> def value_deal() -> tuple[float, float]:
    ...     calls.append(1)
    ...     return next(deals)
    >>> sampled_card_values((3, 5), value_deal, samples=4, max_samples=16), len(calls)
    ({3: 40.5, 5: 0.0}, 16)
    """
    check_samples(samples)
    most = samples if max_samples is None else max_samples
    check_max_samples(most, samples)
    if start is None:
        start = time.perf_counter()
    rows: list[Sequence[float]] = []
    target = samples
    while True:
        while len(rows) < target:
            if rows and time_budget is not None and time.perf_counter() - start > time_budget:
                return _means(cards, rows)
            row = value_deal()
            if len(row) != len(cards):
                raise BeloteError(
                    f"value_deal must give one value per card ({len(cards)}), "
                    f"got {len(row)}: {safe_repr(row)}"
                )
            rows.append(row)
        if target >= most or not unsure_choice(rows):
            return _means(cards, rows)
        target = min(2 * target, most)


def _means(cards: Sequence[int], rows: Sequence[Sequence[float]]) -> dict[int, float]:
    """Each card's mean over ``rows`` (one row a deal, in the order of ``cards``)."""
    count = len(rows)
    return {card: sum(row[index] for row in rows) / count for index, card in enumerate(cards)}
