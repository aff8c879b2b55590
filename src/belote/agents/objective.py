"""What a deal's end is worth to a team, read from the variant's own score sheet.

Searching agents play thousands of deals to the end per decision and must compare how they
end. They compare them exactly as the rules score them: a :class:`DealObjective` asks
:func:`~belote.scoring.score_deal` (every option of the variant: litige, the belote kept or
lost, the 501 game's one-player capot, Bulgarian game points and their rounding, hanging
points, contra and re-contra, valat, the points held from earlier deals) and remembers the
answer, since a deal's score depends on few facts: the takers' card points, the team that took
the last trick and, only when a team took no trick, who took them all (the 501 game's and the
coinche générale's one-player capot). The coinche scoring reads no other fact of the deal's end.

>>> from belote import CLASSIC, Contract, Seat, Trump
>>> objective = DealObjective(CLASSIC, Contract(Seat(0), Trump.HEARTS))
>>> objective.value((82, 80), (2, 2, 2, 2), last_trick=0, team=0)  # made: 82 - 80
2
>>> objective.value((80, 82), (2, 2, 2, 2), last_trick=1, team=0)  # failed: 0 - 162
-162
"""

from __future__ import annotations

from collections.abc import Sequence

from belote.bidding import Contract
from belote.declarations import Declaration
from belote.scoring import score_deal
from belote.seats import Seat
from belote.tally import LAST_TRICK_BONUS, Tally
from belote.variants import Variant

__all__ = ["DealObjective"]


class DealObjective:
    """The score-sheet value of a deal's end for either team, with the deal's fixed facts.

    Args:
        variant: the rules the deal is scored by.
        contract: taker, trump mode and doubling level.
        belotes: the seats whose belote counts (announced, or held where the variant credits
            the owners).
        declarations: the declarations shown (the variant decides which count).
        carry: points held from earlier tied deals, paid to this deal's winner (sheet units).

    The value of an end for ``team`` is what ``team`` writes on the score sheet for the deal
    minus what the other team writes (points held for a later deal count for neither), exactly
    :func:`~belote.scoring.score_deal`'s ``points``. Each distinct end is scored once.

    >>> from belote import BULGARIAN, Contract, Seat, Trump
    >>> objective = DealObjective(BULGARIAN, Contract(Seat(1), Trump.SPADES, multiplier=2))
    >>> objective.value((100, 62), (2, 2, 2, 2), last_trick=0, team=1)  # contra: 16 game points lost
    -32
    """

    __slots__ = ("_belotes", "_carry", "_contract", "_declarations", "_memo", "_variant")

    def __init__(
        self,
        variant: Variant,
        contract: Contract,
        *,
        belotes: Sequence[Seat] = (),
        declarations: Sequence[Declaration] = (),
        carry: int = 0,
    ) -> None:
        self._variant = variant
        self._contract = contract
        self._belotes = tuple(belotes)
        self._declarations = tuple(declarations)
        self._carry = carry
        self._memo: dict[tuple[int, int, int], tuple[int, int]] = {}

    def sheet(self, points: Sequence[int], tricks: Sequence[int], last_trick: int) -> tuple[int, int]:
        """What each team writes for the deal, from each team's card points with the last
        trick's 10 (``points``), the tricks of each seat and the seat that took the last trick.

        Raises:
            TallyError: for an end that no deal can produce (points not adding up, ...).

        >>> from belote import CLASSIC_501, Contract, Seat, Trump
        >>> objective = DealObjective(CLASSIC_501, Contract(Seat(0), Trump.CLUBS))
        >>> objective.sheet((162, 0), (8, 0, 0, 0), last_trick=0)  # one player took every trick
        (350, 0)
        """
        last_team = last_trick & 1
        capot_seat = -1
        if not (tricks[0] + tricks[2]) or not (tricks[1] + tricks[3]):
            capot_seat = 4 + last_team
            for seat in range(4):
                if tricks[seat] == 8:
                    capot_seat = seat
        key = (points[0], last_team, capot_seat)
        known = self._memo.get(key)
        if known is None:
            card_points = [points[0], points[1]]
            card_points[last_team] -= LAST_TRICK_BONUS
            tally = Tally(
                card_points=(card_points[0], card_points[1]),
                tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
                last_trick=Seat(last_trick),
                belotes=self._belotes,
                declarations=self._declarations,
            )
            known = score_deal(self._variant, self._contract, tally, self._carry).points
            self._memo[key] = known
        return known

    def value(self, points: Sequence[int], tricks: Sequence[int], last_trick: int, team: int) -> int:
        """The sheet points of ``team`` for the deal minus the other team's (see :meth:`sheet`).

        >>> from belote import CLASSIC, Contract, Seat, Trump
        >>> DealObjective(CLASSIC, Contract(Seat(0), Trump.HEARTS)).value(
        ...     (162, 0), (4, 0, 4, 0), last_trick=2, team=1)
        -252
        """
        written = self.sheet(points, tricks, last_trick)
        return written[team] - written[1 - team]
