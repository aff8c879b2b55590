"""The capots in the exact solver: the bonuses it adds, read from the variant's own score
sheet (:func:`sheet_capot_bonuses`), and the flags its search keeps of the capots still open
(:func:`start_flag`, :func:`capot_tables`).

The rule stays in :mod:`belote.scoring`: a deal won by one team (or by one player alone) is
scored on the sheet, and what the capot adds to it (over the same points without a capot) is
read back on the scale of the card points as they are played (divided by what the sheet writes
for each point played: 2 where it doubles the no-trumps points, 162 / 258 where it converts all
trumps).

>>> from belote import CLASSIC, CLASSIC_501, Contract, Seat, Trump
>>> sheet_capot_bonuses(CLASSIC_501, Contract(Seat(0), Trump.HEARTS))
((90, 90), (188, 188, 188, 188))
>>> sheet_capot_bonuses(CLASSIC, Contract(Seat(0), Trump.HEARTS))
((90, 90), (90, 90, 90, 90))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs

from belote.bidding import BID_VALUES, Contract
from belote.scoring import score_deal
from belote.seats import Seat, Team
from belote.tally import LAST_TRICK_BONUS, Tally
from belote.trumps import points_row
from belote.variants import Variant

__all__ = [
    "MOST_BONUS",
    "Bonuses",
    "capot_tables",
    "per_seat",
    "searched_bonuses",
    "sheet_capot_bonuses",
    "start_flag",
    "unsearched_value",
]

Bonuses = tuple[tuple[int, int], tuple[int, int, int, int]]
"""The capot bonuses of a contract: per team (0 and 1), then the one-player ones per seat."""

MOST_BONUS = 10000
"""The largest capot bonus the exact search takes (its values stay well inside a C ``int``);
:func:`searched_bonuses` brings larger ones within it."""


@lru_cache(maxsize=256)
def sheet_capot_bonuses(
    variant: Variant, contract: Contract
) -> tuple[tuple[int, int], tuple[int, int, int, int]]:
    """Per team (0 and 1), the capot bonus the score sheet of ``contract`` writes for a team
    capot, and per seat (0 to 3), the one its team adds when that seat alone takes all eight
    tricks (a one-player capot); 0 for a team that cannot earn it. The contract must be one the
    variant can score.

    A bid capot (or générale) is made or failed whatever the card points, and its sheet writes no
    capot bonus: the takers' capot there is worth, to the search, what the same capot is worth
    unbid (the capot bonus of the highest bid), so that every line that gives a trick away ranks
    below the capot, as on the sheet. A générale is made only by the taker alone: there the
    takers' team capot earns nothing, and only the taker's one-player capot earns that bonus.

    >>> from belote import COINCHE, Trump
    >>> sheet_capot_bonuses(COINCHE, Contract(Seat(1), Trump.SPADES, capot=True))
    ((0, 88), (0, 88, 0, 88))
    >>> with_generale = attrs.evolve(COINCHE, generale_value=500)
    >>> sheet_capot_bonuses(with_generale, Contract(Seat(3), Trump.SPADES, generale=True))
    ((0, 0), (0, 0, 0, 88))
    """
    if contract.capot or contract.generale:
        unbid = attrs.evolve(contract, capot=False, generale=False, bid=max(BID_VALUES))
        as_team, as_solo = sheet_capot_bonuses(variant, unbid)
        takers = contract.taker_team
        if contract.generale:
            solo = [0, 0, 0, 0]
            solo[contract.taker] = as_solo[contract.taker]  # the taker's own capot, unbid
            return (0, 0), (solo[0], solo[1], solo[2], solo[3])
        return (
            (as_team[0] if takers == 0 else 0, as_team[1] if takers == 1 else 0),
            (
                as_solo[0] if takers == 0 else 0,
                as_solo[1] if takers == 1 else 0,
                as_solo[2] if takers == 0 else 0,
                as_solo[3] if takers == 1 else 0,
            ),
        )
    single = attrs.evolve(contract, multiplier=1)
    total = sum(points_row(int(contract.trump), variant)) + LAST_TRICK_BONUS
    team_bonus = [0, 0]
    solo_bonus = [0, 0]
    for team in Team:
        # the team takes every point but loses a trick of none: what its sheet writes without a capot
        tricks = [1, 1, 1, 1]
        tricks[team], tricks[team + 2], tricks[team.other] = 4, 3, 0
        plain = Tally(
            card_points=(total - LAST_TRICK_BONUS, 0) if team == 0 else (0, total - LAST_TRICK_BONUS),
            tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
            last_trick=Seat(int(team)),
        )
        written = score_deal(variant, single, plain).breakdown
        base = written.written_raw[team]
        points_written = base - written.contract_points[team]  # the card points, on the sheet's scale
        totals = [0, 0]
        totals[team] = total
        for capot, bonus in ((team, team_bonus), (Seat(int(team)), solo_bonus)):
            tally = Tally.from_totals(totals, trump=contract.trump, capot=capot, variant=variant)
            breakdown = score_deal(variant, single, tally).breakdown
            if points_written > 0:  # what the capot adds to the sheet, back on the played scale
                gained = (breakdown.written_raw[team] - base) * total
                bonus[team] = max(0, (2 * gained + points_written) // (2 * points_written))
            else:  # a sheet that writes no card points (coinche's bid only, no trumps never doubled)
                bonus[team] = breakdown.capot_bonus[team]  # the capot's own line
    return (team_bonus[0], team_bonus[1]), (solo_bonus[0], solo_bonus[1], solo_bonus[0], solo_bonus[1])


def searched_bonuses(bonuses: Bonuses) -> tuple[Bonuses, tuple[int, ...] | None]:
    """The capot bonuses to give the exact search for ``bonuses``, and how to read its values
    back (:func:`unsearched_value`): the same bonuses and None when none is above
    :data:`MOST_BONUS`; else each bonus replaced by its rank among the distinct bonuses (0 kept
    at 0) and the real bonus of each rank.

    The search only compares the ends of the lines of play: a capot's margin is the points still
    in play plus its bonus, above every other end, and bonuses in the same order rank the capots
    as the real ones do. So the best cards are the same, and a capot's value is read back by
    putting its real bonus in place of its rank. A variant may score a capot with any whole
    number (``capot_value``, a générale's value), which is how a bonus gets that large.

    >>> searched_bonuses(((90, 90), (188, 188, 188, 188)))
    (((90, 90), (188, 188, 188, 188)), None)
    >>> searched_bonuses(((19838, 0), (10**30, 0, 19838, 0)))
    (((1, 0), (2, 0, 1, 0)), (0, 19838, 1000000000000000000000000000000))
    """
    team, solo = bonuses
    if max(*team, *solo) <= MOST_BONUS:
        return bonuses, None
    ranks = sorted({0, *team, *solo})
    rank = {bonus: number for number, bonus in enumerate(ranks)}
    return (
        (rank[team[0]], rank[team[1]]),
        (rank[solo[0]], rank[solo[1]], rank[solo[2]], rank[solo[3]]),
    ), tuple(ranks)


def unsearched_value(
    points: int, margin: int, remaining: int, real: tuple[int, ...] | None
) -> tuple[int, int]:
    """A card's ``(points, margin)`` as the exact search gave it with :func:`searched_bonuses`'
    bonuses, with the real bonus of a capot (``real``, from that function; None: the same
    bonuses), ``remaining`` being the points still in play (the cards in the hands and on the
    table, and the last trick's 10): a margin beyond them is a capot, by the acting team above
    them, by the other team below.

    >>> real = (0, 19838, 10**30)
    >>> unsearched_value(164, 164, 162, real)  # the acting team's capot, ranked 2
    (1000000000000000000000000000162, 1000000000000000000000000000162)
    >>> unsearched_value(0, -163, 162, real), unsearched_value(70, -22, 162, real)
    ((0, -20000), (70, -22))
    """
    if real is None or -remaining <= margin <= remaining:
        return points, margin
    if margin > 0:
        bonus = real[margin - remaining]
        return points - (margin - remaining) + bonus, remaining + bonus
    return points, -(remaining + real[-margin - remaining])


def per_seat(solo_bonus: Sequence[int]) -> tuple[int, int, int, int]:
    """A one-player capot bonus given per team (2 ints: a seat's is its team's) or per seat (4
    ints), per seat.

    >>> per_seat((188, 90)), per_seat((0, 0, 0, 88))
    ((188, 90, 188, 90), (0, 0, 0, 88))
    """
    if len(solo_bonus) == 2:
        return solo_bonus[0], solo_bonus[1], solo_bonus[0], solo_bonus[1]
    if len(solo_bonus) == 4:
        return solo_bonus[0], solo_bonus[1], solo_bonus[2], solo_bonus[3]
    raise ValueError(f"solo_bonus must hold 2 ints (per team) or 4 (per seat), got {len(solo_bonus)}")


def start_flag(
    won: tuple[int, ...], capot_bonus: tuple[int, int], solo_bonus: tuple[int, int, int, int] | None
) -> int:
    """The capots still open: bit ``team`` for a team's capot (the other team has no trick),
    bit ``2 + seat`` for a seat's one-player capot (only the seat has tricks), followed only
    where the seat's one-player bonus (:func:`per_seat`) differs from its team's. ``won`` holds
    the tricks per team (2 ints) or per seat (4, as it must with ``solo_bonus``), as
    :func:`~belote.kernel._search_arguments.read_search_arguments` has checked."""
    teams = (won[0], won[1]) if len(won) == 2 else (won[0] + won[2], won[1] + won[3])
    flag = (1 if teams[1] == 0 else 0) | (2 if teams[0] == 0 else 0)
    if solo_bonus is not None:
        total = sum(won)
        for seat in range(4):
            team = seat & 1
            if won[seat] == total and flag >> team & 1 and solo_bonus[seat] != capot_bonus[team]:
                flag |= 4 << seat
    return flag


def capot_tables(
    capot_bonus: tuple[int, int], solo_bonus: tuple[int, int, int, int]
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per seat, the flag bits it keeps by winning a trick; per winner of the last trick and
    flag (already kept), the capot bonus earned; per team and flag, the most it can earn
    (``solo_bonus`` per seat)."""
    keep = tuple(1 << (seat & 1) | 4 << seat for seat in range(4))
    closing = tuple(
        tuple(
            solo_bonus[seat] if flag & 4 << seat else capot_bonus[seat & 1] if flag >> (seat & 1) & 1 else 0
            for flag in range(64)
        )
        for seat in range(4)
    )
    top = tuple(
        tuple(
            max([capot_bonus[team], *(solo_bonus[seat] for seat in (team, team + 2) if flag & 4 << seat)])
            if flag >> team & 1
            else 0
            for flag in range(64)
        )
        for team in range(2)
    )
    return keep, closing, top
