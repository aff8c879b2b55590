"""What a deal produced, as a score keeper counts it, and the checks that it is possible.

A :class:`Tally` is the input of :func:`~belote.scoring.score_deal`: card points per team,
tricks per seat, the last trick, the belotes announced and the declarations shown.
:func:`validate_deal` refuses totals that no real deal can produce.
"""

from __future__ import annotations

from typing import Any

import attrs

from belote.bidding import BID_VALUES, MULTIPLIERS, Contract
from belote.declarations import Declaration
from belote.errors import Reason, TallyError
from belote.seats import TEAMS, Seat, Team
from belote.trumps import Trump, deck_points
from belote.variants import BiddingSystem, Variant

__all__ = ["BELOTE_VALUE", "LAST_TRICK_BONUS", "Tally", "validate_deal"]

LAST_TRICK_BONUS = 10
"""The *dix de der*: 10 points for the last trick, in every variant."""

BELOTE_VALUE = 20
"""A belote (belot): 20 points, in every variant."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_points(value: Any) -> tuple[int, int]:
    if value.__class__ is tuple and len(value) == 2 and {a.__class__ for a in value} == {int}:
        return value
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(_whole, value)):
        raise TallyError(f"card_points must be a pair of whole numbers (team 0, team 1), got {value!r}")
    return (value[0], value[1])


def _tricks(value: Any) -> tuple[int, int, int, int]:
    if (
        value.__class__ is tuple
        and len(value) == 4
        and {a.__class__ for a in value} == {int}
        and min(value) >= 0
    ):
        return value
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 4
        or not all(_whole(item) and item >= 0 for item in value)
    ):
        raise TallyError(f"tricks must be four whole numbers >= 0, one per seat, got {value!r}")
    return (value[0], value[1], value[2], value[3])


def _seats(value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, (list, tuple)):
        raise TallyError(f"belotes must be a sequence of seats, got {value!r}")
    if all(seat.__class__ is Seat for seat in value):
        return tuple(value)
    try:
        return tuple(Seat(seat) for seat in value)
    except ValueError:
        raise TallyError(f"belotes must be seats 0..3, got {value!r}") from None


def _declarations(value: Any) -> tuple[Declaration, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(d, Declaration) for d in value):
        raise TallyError(f"declarations must be a sequence of Declaration, got {value!r}")
    return tuple(value)


def _last_seat(value: Any) -> Seat:
    if value.__class__ is Seat:
        return value
    try:
        return Seat(value)
    except (ValueError, TypeError):
        raise TallyError(f"last_trick must be a seat 0..3, got {value!r}") from None


@attrs.frozen
class Tally:
    """What a deal produced, as a score keeper counts it.

    ``card_points`` are per team without the last-trick bonus (152 in a suit contract, 248 in
    all trumps, 120 in no trumps; on the variant's point scales, e.g. 152 in every coinche
    contract); ``tricks`` are per seat; ``belotes`` lists the seat of
    each belote announced; ``declarations`` are those shown (the scoring decides which count).
    """

    card_points: tuple[int, int] = attrs.field(converter=_card_points)
    tricks: tuple[int, int, int, int] = attrs.field(converter=_tricks)
    last_trick: Seat = attrs.field(converter=_last_seat)
    belotes: tuple[Seat, ...] = attrs.field(default=(), converter=_seats)
    declarations: tuple[Declaration, ...] = attrs.field(default=(), converter=_declarations)

    def team_tricks(self, team: Team) -> int:
        """Tricks won by ``team``'s two seats."""
        return self.tricks[team] + self.tricks[team + 2]


def _check_bid(variant: Variant, contract: Contract) -> None:
    """A coinche contract names a value (80 ... 160), a capot or a générale; others none."""
    points_auction = variant.bidding is BiddingSystem.POINTS_AUCTION
    valued = contract.bid is not None or contract.capot or contract.generale
    if not points_auction:
        if contract.capot or contract.generale:
            raise TallyError(f"{variant.name} has no capot bid", reason=Reason.BAD_CONTRACT)
        return
    if sum((contract.bid is not None, contract.capot, contract.generale)) != 1 or not valued:
        raise TallyError(
            f"a {variant.name} contract names one of a bid (80 ... 160), capot or générale, got {contract!r}",
            reason=Reason.BAD_CONTRACT,
        )
    if contract.bid is not None and contract.bid not in BID_VALUES:
        raise TallyError(f"bid {contract.bid} is not one of 80, 90 ... 160", reason=Reason.BAD_CONTRACT)
    if contract.generale and variant.generale_value is None:
        raise TallyError(f"{variant.name} has no générale", reason=Reason.BAD_CONTRACT)


def validate_deal(variant: Variant, contract: Contract, tally: Tally, carry: int) -> None:
    """Raise :class:`~belote.errors.TallyError` unless ``contract``, ``tally`` and ``carry`` can come
    from one real deal of ``variant`` (totals, tricks, capot, belotes, declarations, doubling)."""
    if not isinstance(contract, Contract):
        raise TallyError(f"contract must be a Contract, got {contract!r}", reason=Reason.BAD_CONTRACT)
    if not isinstance(tally, Tally):
        raise TallyError(f"tally must be a Tally, got {tally!r}")
    if contract.trump not in variant.contracts:
        raise TallyError(
            f"{contract.trump.name.lower()} is not a contract of {variant.name}",
            reason=Reason.BAD_CONTRACT,
        )
    allowed = MULTIPLIERS[variant.bidding]
    if contract.multiplier not in allowed:
        raise TallyError(
            f"multiplier {contract.multiplier} is not possible in {variant.name} (one of {allowed})",
            reason=Reason.BAD_CONTRACT,
        )
    _check_bid(variant, contract)
    if isinstance(carry, bool) or not isinstance(carry, int) or carry < 0:
        raise TallyError(f"carry must be a whole number >= 0, got {carry!r}")
    expected = deck_points(contract.trump, variant)
    if min(tally.card_points) < 0 or sum(tally.card_points) != expected:
        raise TallyError(
            f"card points {tally.card_points} must be >= 0 and sum to {expected} in a "
            f"{contract.trump.name.lower()} contract (without the last trick)"
        )
    if sum(tally.tricks) != 8:
        raise TallyError(f"tricks {tally.tricks} must sum to 8")
    if tally.tricks[tally.last_trick] == 0:
        raise TallyError(f"seat {tally.last_trick.value} won the last trick but no trick at all")
    for team in TEAMS:
        if tally.team_tricks(team) == 0 and tally.card_points[team]:
            raise TallyError(f"team {team.value} won no trick but has {tally.card_points[team]} card points")
    belote_suits = (
        0 if contract.trump is Trump.NO_TRUMPS else (4 if contract.trump is Trump.ALL_TRUMPS else 1)
    )
    if len(tally.belotes) > belote_suits:
        raise TallyError(
            f"{len(tally.belotes)} belotes announced, at most {belote_suits} possible in "
            f"{contract.trump.name.lower()}"
        )
    if tally.declarations:
        if contract.trump is Trump.NO_TRUMPS or variant.announcements.value == "off":
            raise TallyError(
                f"no declarations are possible here ({variant.name}, {contract.trump.name.lower()})"
            )
        used = 0
        for declaration in tally.declarations:
            if used & declaration.cards.mask:
                raise TallyError(f"{declaration} shares cards with another declaration")
            used |= declaration.cards.mask
