"""Exact values and refusals of belote.seats that mutation testing (mutmut 3.8) checks: a seat
``steps`` places on (any int, an int subclass taken by its value), the refusal of what is not
an int, and the table of every seat's neighbours, partner and team (properties, mutated by hand:
mutmut 3 leaves decorated functions alone)."""

from __future__ import annotations

import pytest

from belote import ArgumentTypeError, Reason, Seat, Team

# ---------------------------------------------------------------- Seat.offset


@pytest.mark.parametrize(
    ("seat", "steps", "expected"),
    [
        (Seat.NORTH, 0, Seat.NORTH),
        (Seat.NORTH, 1, Seat.WEST),
        (Seat.NORTH, 2, Seat.SOUTH),
        (Seat.NORTH, 3, Seat.EAST),
        (Seat.NORTH, 4, Seat.NORTH),
        (Seat.NORTH, -1, Seat.EAST),
        (Seat.WEST, -1, Seat.NORTH),
        (Seat.WEST, 1, Seat.SOUTH),
        (Seat.SOUTH, 3, Seat.WEST),
        (Seat.EAST, 1, Seat.NORTH),
        (Seat.EAST, -6, Seat.WEST),
        (Seat.SOUTH, 10**30 + 1, Seat.EAST),
    ],
)
def test_offset_counts_places_in_play_order(seat: Seat, steps: int, expected: Seat) -> None:
    assert seat.offset(steps) is expected


class Steps(int):
    """An int of a subclass: taken by its value, as an int."""


@pytest.mark.parametrize(
    ("seat", "steps", "expected"),
    [
        (Seat.NORTH, Steps(1), Seat.WEST),
        (Seat.WEST, Steps(-1), Seat.NORTH),
        (Seat.NORTH, Seat.SOUTH, Seat.SOUTH),
        (Seat.EAST, Team.EAST_WEST, Seat.NORTH),
    ],
)
def test_offset_takes_an_int_subclass_by_its_value(seat: Seat, steps: int, expected: Seat) -> None:
    assert seat.offset(steps) is expected


@pytest.mark.parametrize(
    ("steps", "shown"),
    [(True, "True"), (False, "False"), ("1", "'1'"), (1.0, "1.0"), (None, "None"), ([1], "[1]")],
)
def test_offset_refuses_what_is_not_an_int_with_its_repr(steps: object, shown: str) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        Seat.NORTH.offset(steps)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == f"steps must be an int, got {shown}"


# ---------------------------------------------------------------- the table of every seat

SEAT_TABLE = [
    # seat, next, previous, partner, team
    (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH, Team.NORTH_SOUTH),
    (Seat.WEST, Seat.SOUTH, Seat.NORTH, Seat.EAST, Team.EAST_WEST),
    (Seat.SOUTH, Seat.EAST, Seat.WEST, Seat.NORTH, Team.NORTH_SOUTH),
    (Seat.EAST, Seat.NORTH, Seat.SOUTH, Seat.WEST, Team.EAST_WEST),
]


@pytest.mark.parametrize(("seat", "after", "before", "partner", "team"), SEAT_TABLE)
def test_each_seats_neighbours_partner_and_team(
    seat: Seat, after: Seat, before: Seat, partner: Seat, team: Team
) -> None:
    assert seat.next is after
    assert seat.previous is before
    assert seat.partner is partner
    assert seat.team is team
    assert seat.offset(1) is after
    assert seat.offset(-1) is before
    assert seat.offset(2) is partner


@pytest.mark.parametrize(
    ("team", "seats", "other"),
    [
        (Team.NORTH_SOUTH, (Seat.NORTH, Seat.SOUTH), Team.EAST_WEST),
        (Team.EAST_WEST, (Seat.WEST, Seat.EAST), Team.NORTH_SOUTH),
    ],
)
def test_each_teams_seats_and_opponents(team: Team, seats: tuple[Seat, Seat], other: Team) -> None:
    assert team.seats == seats
    assert all(type(seat) is Seat for seat in team.seats)
    assert team.other is other
    assert team.other.other is team
