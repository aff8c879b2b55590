"""A contract as JSON data: how a record holds a contract given directly (record version 2: the
round was built from its contract, with no auction, by :func:`belote.positions.position` with
``contract=...``: a real table, an outside bot), and how the analysis's JSON writes its contract.

It is written as an object with the taker's seat and the trump mode as the calls write it (``C``
``D`` ``H`` ``S`` ``NONE`` ``ALL``), plus only the fields of :class:`~belote.calls.Contract` that
differ from their default: ``multiplier`` (2 after contra or coinche, 4 after re-contra or
surcoinche), ``bid`` (a coinche value), ``capot`` and ``generale``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belote.calls import Contract
from belote.seats import Seat
from belote.trumps import Trump

__all__ = ["contract_from_json", "contract_to_json"]


def contract_to_json(contract: Contract) -> dict[str, Any]:
    """The record's ``contract`` object: taker and trump, then only the fields that differ from
    their default.

    >>> contract_to_json(Contract(Seat(1), Trump.HEARTS, multiplier=2, bid=100))
    {'taker': 1, 'trump': 'H', 'multiplier': 2, 'bid': 100}
    """
    data: dict[str, Any] = {"taker": int(contract.taker), "trump": contract.trump.code}
    if contract.multiplier != 1:
        data["multiplier"] = contract.multiplier
    if contract.bid is not None:
        data["bid"] = contract.bid
    if contract.capot:
        data["capot"] = True
    if contract.generale:
        data["generale"] = True
    return data


def contract_from_json(data: Mapping[str, Any]) -> Contract:
    """The contract a record's ``contract`` object describes (checked by the schema first: the
    variant's rules check it when the round is replayed).

    >>> contract_from_json({"taker": 3, "trump": "ALL", "multiplier": 2})
    Contract(Seat.EAST, Trump.ALL_TRUMPS, multiplier=2)
    """
    return Contract(
        Seat(data["taker"]),
        Trump.parse(data["trump"]),
        multiplier=data.get("multiplier", 1),
        bid=data.get("bid"),
        capot=data.get("capot", False),
        generale=data.get("generale", False),
    )
