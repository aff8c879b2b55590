"""What a variant's auction can reach: its bids, its doubling levels and its contracts.

:func:`points_bids` lists the bids of a coinche auction (80 to 160 in each trump mode, capot,
and générale where the variant has one), :data:`MULTIPLIERS` the doubling levels each bidding
system reaches, and :func:`contract_problem` checks a :class:`~belote.calls.Contract` given from
outside (a position, a deal to score, a match's record) against them. The auctions themselves,
call by call, are in :mod:`belote.bidding`, which takes its coinche bids from here.

>>> from belote import BULGARIAN, COINCHE, Contract, Seat, Trump
>>> str(points_bids(COINCHE)[0]), MULTIPLIERS[BULGARIAN.bidding]
('80 C', (1, 2, 4))
>>> contract_problem(COINCHE, Contract(Seat(0), Trump.HEARTS, bid=85))
'bid 85 is not one of 80, 90 ... 160'
"""

from __future__ import annotations

from belote._args import require
from belote._repr import safe_repr
from belote.calls import BID_VALUES, Bid, Contract
from belote.variants import BiddingSystem, Variant

__all__ = ["contract_problem", "points_bids"]


def _points_bids(variant: Variant) -> tuple[Bid, ...]:
    bids = [Bid(mode, value) for value in BID_VALUES for mode in variant.contracts]
    bids.extend(Bid(mode, capot=True) for mode in variant.contracts)
    if variant.generale_value is not None:
        bids.extend(Bid(mode, generale=True) for mode in variant.contracts)
    return tuple(bids)


_POINTS_BIDS_CACHE: dict[int, tuple[Variant, tuple[Bid, ...], dict[int, int]]] = {}
"""Per variant (by identity: hashing a variant costs more than the lookup saves), its bids and
where the bids above each level start."""


def _points_bids_above(variant: Variant, level: int) -> tuple[Bid, ...]:
    """The bids of ``variant`` higher than ``level``, from a per-variant cache."""
    cached = _POINTS_BIDS_CACHE.get(id(variant))
    if cached is None or cached[0] is not variant:
        bids = _points_bids(variant)
        levels = {0, *(one.level for one in bids)}
        after = {low: sum(one.level <= low for one in bids) for low in levels}  # bids are sorted
        if len(_POINTS_BIDS_CACHE) > 64:
            _POINTS_BIDS_CACHE.clear()
        cached = _POINTS_BIDS_CACHE[id(variant)] = (variant, bids, after)
    _, bids, after = cached
    return bids[after[level] :]


def points_bids(variant: Variant) -> tuple[Bid, ...]:
    """Every bid of a coinche auction under ``variant``, lowest level first.

    >>> from belote import COINCHE
    >>> len(points_bids(COINCHE)), str(points_bids(COINCHE)[-1])
    (60, 'capot ALL')
    """
    require(variant, Variant, "variant", "a Variant")
    return _points_bids_above(variant, 0)


MULTIPLIERS: dict[BiddingSystem, tuple[int, ...]] = {
    BiddingSystem.TURNED_CARD: (1,),
    BiddingSystem.AUCTION: (1, 2, 4),
    BiddingSystem.POINTS_AUCTION: (1, 2, 4),
}
"""The doubling levels each bidding system can reach."""


def contract_problem(variant: Variant, contract: Contract) -> str | None:
    """Why ``variant``'s auction cannot end in ``contract`` (its trump mode, its doubling level,
    its bid value, capot or générale), or None when it can. One check for every entry that takes
    a contract from outside (:func:`~belote.positions.position`, :func:`~belote.scoring.score_deal`,
    :meth:`Match.record <belote.match.Match.record>`), each raising its own error with the reason.

    Raises:
        ArgumentTypeError: ``variant`` not a Variant, or ``contract`` not a Contract.

    >>> from belote import CLASSIC, COINCHE, Contract, Seat, Trump
    >>> contract_problem(COINCHE, Contract(Seat(0), Trump.HEARTS, bid=100)) is None
    True
    >>> contract_problem(CLASSIC, Contract(Seat(0), Trump.HEARTS, bid=120))
    'classic bidding has no bid values: give bid=None (no capot, no générale)'
    """
    require(variant, Variant, "variant", "a Variant")
    require(contract, Contract, "contract", "a Contract")
    if contract.trump not in variant.contracts:
        return f"{contract.trump.name.lower()} is not a contract of {variant.name}"
    levels = MULTIPLIERS[variant.bidding]
    if contract.multiplier not in levels:
        return (
            f"{variant.name} bidding reaches a multiplier of {', '.join(map(str, levels))}, "
            f"not {safe_repr(contract.multiplier)}"
        )
    if variant.bidding is not BiddingSystem.POINTS_AUCTION:
        if contract.bid is not None or contract.capot or contract.generale:
            return f"{variant.name} bidding has no bid values: give bid=None (no capot, no générale)"
        return None
    if (contract.bid is not None) + contract.capot + contract.generale != 1:
        return (
            f"a {variant.name} contract names one of a bid (80 ... 160), capot or générale, "
            f"got {safe_repr(contract)}"
        )
    if contract.bid is not None and contract.bid not in BID_VALUES:
        return f"bid {safe_repr(contract.bid)} is not one of 80, 90 ... 160"
    if contract.generale and variant.generale_value is None:
        return f"{variant.name} has no générale"
    if (contract.capot or contract.generale) and contract.multiplier > 1 and variant.capot_ends_auction:
        return (
            f"a bid capot or générale ends the {variant.name} auction (capot_ends_auction): "
            "it cannot be coinched"
        )
    return None
