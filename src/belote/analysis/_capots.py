"""The capot bonuses the exact solver adds, read from the variant's own score sheet.

The rule stays in :mod:`belote.scoring`: a deal won by one team (or by one player alone) is
scored on the sheet, and the capot bonus it writes is read back, on the scale of the card
points as they are played (where the sheet doubles the no-trumps card points, the bonus is
divided by that factor).

>>> from belote import CLASSIC, CLASSIC_501, Contract, Seat, Trump
>>> sheet_capot_bonuses(CLASSIC_501, Contract(Seat(0), Trump.HEARTS))
((90, 90), (188, 188))
>>> sheet_capot_bonuses(CLASSIC, Contract(Seat(0), Trump.HEARTS))
((90, 90), (90, 90))
"""

from __future__ import annotations

from functools import lru_cache

from belote.bidding import Contract
from belote.scoring import score_deal
from belote.seats import Seat, Team
from belote.tally import LAST_TRICK_BONUS, Tally
from belote.trumps import points_row
from belote.variants import Variant

__all__ = ["sheet_capot_bonuses"]


@lru_cache(maxsize=256)
def sheet_capot_bonuses(variant: Variant, contract: Contract) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per team (0 and 1), the capot bonus the score sheet of ``contract`` writes for a team
    capot, and for a one-player capot (one seat of the team takes all eight tricks); 0 for a
    team that cannot earn it. The contract must be one the variant can score."""
    team_bonus = [0, 0]
    solo_bonus = [0, 0]
    total = sum(points_row(int(contract.trump), variant)) + LAST_TRICK_BONUS
    for team in Team:
        totals = [0, 0]
        totals[team] = total
        for capot, bonus in ((team, team_bonus), (Seat(int(team)), solo_bonus)):
            tally = Tally.from_totals(totals, trump=contract.trump, capot=capot, variant=variant)
            breakdown = score_deal(variant, contract, tally).breakdown
            bonus[team] = breakdown.capot_bonus[team] // breakdown.no_trumps_factor
    return (team_bonus[0], team_bonus[1]), (solo_bonus[0], solo_bonus[1])
