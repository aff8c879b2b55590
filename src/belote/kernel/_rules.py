"""The solver's plain rules: a variant's play rules and point scales as a tuple of small ints, and
the helpers the pure search and the compiled kernel share around it.

The search (:mod:`belote.kernel._search`, and its C port in :mod:`belote.kernel`) takes the
rules as :data:`Rules` (:func:`rule_values` of a variant) so that its call is one of plain ints
and tuples; :func:`rules_variant` rebuilds a variant from them for the rule core.

>>> from belote import BULGARIAN, CLASSIC
>>> rule_values(CLASSIC), rule_values(BULGARIAN)
((1, 0, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0))
>>> rules_variant(rule_values(BULGARIAN)).undertrump_opponent
<Undertrump.FREE: 'free'>
"""

from __future__ import annotations

from functools import lru_cache

from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tally import LAST_TRICK_BONUS
from belote.variants import Variant

__all__ = ["Rules", "check_threads", "payoff_of", "remaining_points", "rule_values", "rules_variant"]

Rules = tuple[int, int, int, int, int, int]
"""The variant's play rules as ints: ``(trump_lead_must_overtrump_partner (0/1),
undertrump_opponent (index in Undertrump), partner_master_trumped (index in
PartnerMasterTrumped), tout_atout_partner_exception (0/1), no_trumps_scale (index in
NoTrumpsScale), tout_atout_scale (index in ToutAtoutScale))``."""


_UNDERTRUMP = tuple(Undertrump)
_PARTNER_MASTER = tuple(PartnerMasterTrumped)
_NO_TRUMPS_SCALE = tuple(NoTrumpsScale)
_TOUT_ATOUT_SCALE = tuple(ToutAtoutScale)


def rule_values(variant: Variant) -> Rules:
    """The variant's options that change card play and card points, as the plain :data:`Rules`
    the search takes (:func:`~belote.kernel.solve_cards`, :func:`~belote.kernel.solve_value`).

    >>> from belote import BULGARIAN, CLASSIC
    >>> rule_values(CLASSIC), rule_values(BULGARIAN)
    ((1, 0, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0))
    """
    return (
        int(variant.trump_lead_must_overtrump_partner),
        _UNDERTRUMP.index(variant.undertrump_opponent),
        _PARTNER_MASTER.index(variant.partner_master_trumped),
        int(variant.tout_atout_partner_exception),
        _NO_TRUMPS_SCALE.index(variant.no_trumps_scale),
        _TOUT_ATOUT_SCALE.index(variant.tout_atout_scale),
    )


@lru_cache(maxsize=256)
def rules_variant(rules: Rules) -> Variant:
    """A variant with the play rules and point scales of ``rules`` (the rule core reads a variant)."""
    return Variant(
        name="solver",
        trump_lead_must_overtrump_partner=bool(rules[0]),
        undertrump_opponent=_UNDERTRUMP[rules[1]],
        partner_master_trumped=_PARTNER_MASTER[rules[2]],
        tout_atout_partner_exception=bool(rules[3]),
        no_trumps_scale=_NO_TRUMPS_SCALE[rules[4]],
        tout_atout_scale=_TOUT_ATOUT_SCALE[rules[5]],
    )


def payoff_of(margin: int, remaining: int) -> int:
    """The acting team's payoff from its ``margin`` when ``remaining`` points (cards not in
    finished tricks, plus the last-trick bonus) are still to be shared: a margin beyond
    ``remaining`` is a capot, won (the whole margin) or lost (nothing)."""
    if margin > remaining:
        return margin
    if margin < -remaining:
        return 0
    return (margin + remaining) // 2


def remaining_points(
    hands: tuple[int, int, int, int], trick: tuple[int, ...], points: tuple[int, ...]
) -> int:
    """The points still to be shared from the position: its cards' (in the hands and the trick,
    by the mode's ``points``) and the last trick's 10.

    >>> from belote import CLASSIC, Card
    >>> from belote.trumps import points_row
    >>> jack = Card.parse("JH").index
    >>> remaining_points((1 << jack, 0, 0, 0), (), points_row(2, CLASSIC))  # hearts trumps
    30
    """
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        alive |= 1 << card
    return sum(points[card] for card in range(32) if alive >> card & 1) + LAST_TRICK_BONUS


def check_threads(threads: object) -> int | None:
    """``threads`` as the solver takes it; refuse one that is neither ``None`` nor an int >= 1,
    as the compiled search does (``TypeError`` for the type, ``ValueError`` for the value).

    >>> check_threads(2)
    2
    >>> check_threads(0)
    Traceback (most recent call last):
    ...
    ValueError: threads must be an int >= 1 or None, got 0
    """
    if threads is None:
        return None
    if not isinstance(threads, int) or isinstance(threads, bool):
        raise TypeError(f"threads must be an int >= 1 or None, got {threads!r}")
    if threads < 1:
        raise ValueError(f"threads must be an int >= 1 or None, got {threads!r}")
    return threads
