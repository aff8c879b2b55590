"""What a deal produced, as a score keeper counts it, and the checks that it is possible.

A :class:`Tally` is the input of :func:`~belote.scoring.score_deal`: card points per team,
tricks per seat, the last trick, the belotes announced and the declarations shown.
:func:`validate_deal` refuses totals that no real deal can produce.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any, cast

import attrs

from belote._args import plain_int, require
from belote._enums import member
from belote._repr import safe_repr, short_repr
from belote.bidding import Contract, contract_problem
from belote.declarations import Declaration
from belote.errors import ArgumentTypeError, BeloteError, Reason, TallyError
from belote.seats import TEAMS, Seat, Team
from belote.trumps import Trump, deck_points
from belote.variants import Variant

__all__ = ["BELOTE_VALUE", "LAST_TRICK_BONUS", "Tally", "validate_deal"]
BELOTE_VALUE = 20
"""A belote (belot): 20 points, in every variant."""


LAST_TRICK_BONUS = 10
"""The *dix de der*: 10 points for the last trick, in every variant."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_points(value: tuple[int, int]) -> tuple[int, int]:
    if value.__class__ is tuple and len(value) == 2 and {a.__class__ for a in value} == {int}:
        return value
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(_whole, value)):
        raise TallyError(
            f"card_points must be a pair of whole numbers (team 0, team 1), got {safe_repr(value)}"
        )
    return (plain_int(value[0]), plain_int(value[1]))


def _tricks(value: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
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
        raise TallyError(f"tricks must be four whole numbers >= 0, one per seat, got {safe_repr(value)}")
    return (plain_int(value[0]), plain_int(value[1]), plain_int(value[2]), plain_int(value[3]))


def _seats(value: Sequence[Seat]) -> tuple[Seat, ...]:
    if not isinstance(value, (list, tuple)):
        raise TallyError(f"belotes must be a sequence of seats, got {safe_repr(value)}")
    if all(seat.__class__ is Seat for seat in value):
        return tuple(value)
    try:
        return tuple(member(Seat, seat) for seat in value)
    except ValueError:
        raise TallyError(f"belotes must be seats 0..3, got {safe_repr(value)}") from None


def _declarations(value: Sequence[Declaration]) -> tuple[Declaration, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(d, Declaration) for d in value):
        raise TallyError(f"declarations must be a sequence of Declaration, got {safe_repr(value)}")
    return tuple(value)


def _last_seat(value: Seat) -> Seat:
    if value.__class__ is Seat:
        return value
    try:
        return member(Seat, value)
    except (ValueError, TypeError):
        raise TallyError(f"last_trick must be a seat 0..3, got {safe_repr(value)}") from None


@attrs.frozen(order=False)
class Tally:
    """What a deal produced, as a score keeper counts it.

    ``card_points`` are per team without the last-trick bonus (152 in a suit contract, 248 in
    all trumps, 120 in no trumps; on the variant's point scales, e.g. 152 in every coinche
    contract); ``tricks`` are per seat; ``belotes`` lists the seat of each belote (announced,
    or held where ``belote_credit`` is ``held``); ``declarations`` are those shown (the
    scoring decides which count). A table that counts only each team's total builds one with
    :meth:`from_totals`.

    >>> tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    >>> tally.team_tricks(Team.NORTH_SOUTH)
    5
    """

    card_points: tuple[int, int] = attrs.field(converter=_card_points)
    tricks: tuple[int, int, int, int] = attrs.field(converter=_tricks)
    last_trick: Seat = attrs.field(converter=_last_seat)
    belotes: tuple[Seat, ...] = attrs.field(default=(), converter=_seats)
    declarations: tuple[Declaration, ...] = attrs.field(default=(), converter=_declarations)

    def __repr__(self) -> str:
        return short_repr(self)

    def team_tricks(self, team: Team | int) -> int:
        """Tricks won by ``team``'s two seats (a :class:`~belote.seats.Team`, or its number).

        >>> Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0)).team_tricks(Team(1))
        3
        """
        if isinstance(team, bool) or not isinstance(team, int):
            raise ArgumentTypeError(f"team must be a Team or an int 0..1, got {safe_repr(team)}")
        if not 0 <= team <= 1:
            raise BeloteError(f"team must be 0 or 1, got {safe_repr(team)}")
        return self.tricks[team] + self.tricks[team + 2]

    @classmethod
    def from_totals(
        cls,
        totals: Sequence[int],
        *,
        trump: Trump | str,
        last_trick: Seat | Team | None = None,
        capot: Team | Seat | None = None,
        belotes: Iterable[Team | Seat] = (),
        declarations: Sequence[Declaration] = (),
        variant: Variant | None = None,
    ) -> Tally:
        """The tally of a deal from what a table counts: each team's total of card points.

        Args:
            totals: each team's points counted from its tricks, **with** the 10 of the last
                trick: they sum to 162 in a suit contract, 258 in all trumps, 130 in no trumps
                (never doubled here; belote and declarations are entered apart).
            trump: the contract's trump mode (a :class:`~belote.trumps.Trump` or its text).
            last_trick: who took the last trick, a :class:`~belote.seats.Seat` or a
                :class:`~belote.seats.Team` (a plain int is a seat). Not needed with ``capot``.
            capot: the team that won all eight tricks, or the :class:`~belote.seats.Seat` that
                won them alone (the 501 game's one-player capot).
            belotes: the team of each belote (a ``Team``, or the ``Seat`` that held it).
            declarations: the declarations shown.
            variant: the rules, for their point scales (coinche counts 162 in every mode);
                without it, the standard values.

        Tricks are not counted at a table: the tally gets a placeholder split of the eight
        tricks that keeps only what scoring reads (the last trick, a capot, a one-player
        capot). A team entered by :class:`~belote.seats.Team` is credited to its first seat.

        Raises:
            TallyError: totals that do not add up, a capot team without all the points, a
                last trick taken by a team without its 10 points, or a missing last trick.

        >>> tally = Tally.from_totals((102, 60), trump="hearts", last_trick=Team(0))
        >>> tally.card_points, tally.last_trick
        ((92, 60), <Seat.NORTH: 0>)
        >>> Tally.from_totals((0, 162), trump="S", capot=Seat(1)).tricks
        (0, 8, 0, 0)
        >>> from belote import COINCHE
        >>> Tally.from_totals((100, 62), trump="ALL", last_trick=Team(0), variant=COINCHE).card_points
        (90, 62)
        """
        points = _card_points(cast("tuple[int, int]", totals))  # checked at run time
        mode: Trump | None = None
        if not isinstance(trump, bool):
            try:
                mode = Trump.parse(trump) if isinstance(trump, str) else member(Trump, trump)
            except (BeloteError, ValueError):
                mode = None
        if mode is None:
            raise TallyError(f"trump must be a trump mode, got {safe_repr(trump)}")
        if variant is not None and not isinstance(variant, Variant):
            raise TallyError(f"variant must be a Variant or None, got {safe_repr(variant)}")
        expected = deck_points(mode, variant) + LAST_TRICK_BONUS
        if min(points) < 0 or sum(points) != expected:
            raise TallyError(
                f"totals {safe_repr(points)} must be >= 0 and sum to {expected} in a {mode.name.lower()} "
                f"contract (card points with the last trick's {LAST_TRICK_BONUS}; belote and "
                "declarations are entered apart)"
            )
        last = _last_trick_seat(last_trick)
        tricks = [2, 2, 2, 2]
        if capot is not None:
            team, alone = _capot_side(capot)
            if points[team.other]:
                raise TallyError(
                    f"team {team.value} was capot but team {team.other.value} has {points[team.other]} points"
                )
            if last is not None and last.team != team:
                raise TallyError(f"team {team.value} was capot but seat {last.value} took the last trick")
            tricks = [0, 0, 0, 0]
            if alone is not None:
                if last is not None and last != alone and not isinstance(last_trick, Team):
                    raise TallyError(
                        f"seat {alone.value} won every trick alone but seat {last.value} took the last trick"
                    )
                tricks[alone] = 8
                last = alone
            else:
                tricks[team] = tricks[team + 2] = 4
                last = team.seats[0] if last is None else last
        elif last is None:
            raise TallyError("say who took the last trick (last_trick=) or which team was capot (capot=)")
        if points[last.team] < LAST_TRICK_BONUS:
            raise TallyError(
                f"team {last.team.value} took the last trick ({LAST_TRICK_BONUS} points) "
                f"but has only {points[last.team]}"
            )
        card_points = [points[0], points[1]]
        card_points[last.team] -= LAST_TRICK_BONUS
        return cls(
            card_points=(card_points[0], card_points[1]),
            tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
            last_trick=last,
            belotes=tuple(_belote_seat(item) for item in _sequence(belotes, "belotes")),
            declarations=declarations,
        )


def _sequence(value: Any, name: str) -> tuple[Any, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TallyError(f"{name} must be a sequence, got {safe_repr(value)}")
    return tuple(value)


def _team(value: Any, name: str) -> Team:
    """A team given as 0 or 1 (its callers read a seat first)."""
    if _whole(value) and value in (0, 1):
        return Team(value)
    raise TallyError(f"{name} must be a team (0 or 1) or a seat, got {safe_repr(value)}")


def _last_trick_seat(value: Any) -> Seat | None:
    if value is None or isinstance(value, Seat):
        return value
    if isinstance(value, Team):
        return value.seats[0]
    return _last_seat(value)


def _capot_side(value: Any) -> tuple[Team, Seat | None]:
    if isinstance(value, Seat):
        return value.team, value
    return _team(value, "capot"), None


def _belote_seat(value: Any) -> Seat:
    if isinstance(value, Seat):
        return value
    return _team(value, "each belote").seats[0]


def validate_deal(variant: Variant, contract: Contract, tally: Tally, carry: int) -> None:
    """Raise :class:`~belote.errors.TallyError` unless ``contract``, ``tally`` and ``carry`` can come
    from one real deal of ``variant`` (totals, tricks, capot, belotes, declarations, doubling).

    >>> from belote import CLASSIC, Contract, Seat, Trump
    >>> tally = Tally(card_points=(92, 61), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    >>> validate_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    belote.errors.TallyError: card points (92, 61) must be >= 0 and sum to 152 in a hearts contract ...
    """
    require(variant, Variant, "variant", "a Variant")
    if not isinstance(contract, Contract):
        raise TallyError(
            f"contract must be a Contract, got {safe_repr(contract)}", reason=Reason.BAD_CONTRACT
        )
    if not isinstance(tally, Tally):
        raise TallyError(f"tally must be a Tally, got {safe_repr(tally)}")
    problem = contract_problem(variant, contract)
    if problem is not None:
        raise TallyError(problem, reason=Reason.BAD_CONTRACT)
    if isinstance(carry, bool) or not isinstance(carry, int) or carry < 0:
        raise TallyError(f"carry must be a whole number >= 0, got {safe_repr(carry)}")
    expected = deck_points(contract.trump, variant)
    total = sum(tally.card_points)
    if min(tally.card_points) < 0 or total != expected:
        hint = ""
        if total == deck_points(contract.trump) != expected:  # Tally.from_totals without variant=
            hint = f"; that is the standard sum, not {variant.name}'s: build the tally with variant="
        raise TallyError(
            f"card points {safe_repr(tally.card_points)} must be >= 0 and sum to {expected} in a "
            f"{contract.trump.name.lower()} contract (without the last trick){hint}"
        )
    if sum(tally.tricks) != 8:
        raise TallyError(f"tricks {safe_repr(tally.tricks)} must sum to 8")
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
        if tally.belotes:
            _check_belote_cards(contract.trump, tally)


def _check_belote_cards(trump: Trump, tally: Tally) -> None:
    """Refuse belotes that need a king or queen the other team declared: each belote is the king
    and queen of its own belote suit (the trump suit; in all trumps, one suit each) in one hand
    of its team (a tally may name a belote by its team: :meth:`Tally.from_totals`), so neither
    card can be in a declaration of the other team."""
    suits = range(4) if trump is Trump.ALL_TRUMPS else (int(trump),)
    free = []
    for seat in tally.belotes:
        theirs = 0
        for declaration in tally.declarations:
            if declaration.seat & 1 != seat & 1:
                theirs |= declaration.cards.mask
        free.append([suit for suit in suits if not theirs & _KING_QUEEN << 8 * suit])
    if not any(
        all(suit in choices for suit, choices in zip(order, free, strict=True))
        for order in itertools.permutations(suits, len(free))
    ):
        if len(free) == 1:
            raise TallyError(
                f"the belote of team {tally.belotes[0] & 1} needs the king and queen of trumps, "
                "which the other team declared"
            )
        teams = ", ".join(f"team {seat & 1}" for seat in tally.belotes)
        raise TallyError(
            f"the belotes ({teams}) need the king and queen of one suit each, and the other team "
            "declared too many of them"
        )


_KING_QUEEN = 0b0110_0000
"""The queen (5) and king (6) of a suit, as a mask of its eight cards."""
