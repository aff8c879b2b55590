"""Seats in play order and the two partnerships.

Seats are numbered ``0..3`` in play order: ``Seat(s).next`` plays after ``s``. Partners sit
opposite, so the teams are {0, 2} and {1, 3}. Which physical direction that is (clockwise or
counter-clockwise) is presentation only.

>>> Seat(3).next, Seat(1).partner, Seat(1).team
(<Seat.NORTH: 0>, <Seat.EAST: 3>, <Team.EAST_WEST: 1>)
"""

from __future__ import annotations

import enum

from belote._enums import Named
from belote._repr import safe_repr

__all__ = ["Seat", "Team"]


class Team(Named, enum.IntEnum):
    """The two partnerships: team 0 (North-South) is seats 0 and 2, team 1 (East-West) is seats 1 and 3.

    >>> Team.EAST_WEST.seats, Team.EAST_WEST.other
    ((<Seat.WEST: 1>, <Seat.EAST: 3>), <Team.NORTH_SOUTH: 0>)
    >>> str(Team.NORTH_SOUTH)
    'north_south'
    """

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def other(self) -> Team:
        """The opposing team."""
        return TEAMS[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The team's two seats, lower first."""
        return (_SEATS[self], _SEATS[self + 2])


class Seat(Named, enum.IntEnum):
    """A place at the table, numbered ``0..3`` in play order.

    The member names give a conventional compass position for display (seat 0 North, 1 West,
    2 South, 3 East: counter-clockwise, as French and Bulgarian play go); ``Seat(n)`` is the
    usual way to name one.

    >>> Seat(1), Seat(1).partner, Seat(1).next
    (<Seat.WEST: 1>, <Seat.EAST: 3>, <Seat.SOUTH: 2>)
    >>> str(Seat(1)), f"seat {Seat(1):d}"
    ('west', 'seat 1')
    """

    NORTH = 0
    WEST = 1
    SOUTH = 2
    EAST = 3

    @property
    def next(self) -> Seat:
        """The seat that plays after this one."""
        return _SEATS[(self + 1) & 3]

    @property
    def previous(self) -> Seat:
        """The seat that plays before this one."""
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite, this seat's partner."""
        return _SEATS[(self + 2) & 3]

    @property
    def team(self) -> Team:
        """The team this seat plays for."""
        return TEAMS[self & 1]

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places later in play order (earlier when negative).

        >>> Seat.NORTH.offset(3), Seat.WEST.offset(-1)
        (<Seat.EAST: 3>, <Seat.NORTH: 0>)
        """
        if steps.__class__ is not int and (isinstance(steps, bool) or not isinstance(steps, int)):
            from belote.errors import ArgumentTypeError  # errors imports this module

            raise ArgumentTypeError(f"steps must be an int, got {safe_repr(steps)}")
        return _SEATS[(self + steps) & 3]


_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat(0), Seat(1), Seat(2), Seat(3))
TEAMS: tuple[Team, Team] = (Team(0), Team(1))
"""Both teams, team 0 first (cheaper to loop over than the enum itself)."""
