"""A deal's line on the score sheet, as values: its :class:`Outcome` for the takers, the
:class:`DealScore` each team writes and the :class:`Breakdown` of every number behind it.

:func:`~belote.scoring.score_deal` computes them (rules C15-C20, M3, B11-B14, K6-K12);
:class:`~belote.match.Match` writes them on the sheet.

>>> from belote import CLASSIC, Contract, Seat, Tally, Trump, score_deal
>>> score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS),
...                    Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0)))
>>> isinstance(score, DealScore), score.outcome is Outcome.MADE, score.breakdown.totals
(True, True, (102, 60))
"""

from __future__ import annotations

import enum

import attrs

from belote._enums import Named
from belote._repr import short_repr
from belote.bidding import Contract
from belote.declarations import Declaration
from belote.seats import Team

__all__ = ["Breakdown", "DealScore", "Outcome"]


class Outcome(Named, enum.Enum):
    """How a deal ended for the takers.

    >>> from belote import CLASSIC, Contract, Seat, Tally, Trump, score_deal
    >>> tally = Tally(card_points=(71, 81), tricks=(2, 2, 2, 2), last_trick=Seat(1))
    >>> score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally).outcome
    <Outcome.FAILED: 'failed'>
    >>> str(Outcome.DEFENDERS_CAPOT)
    'defenders_capot'
    """

    MADE = "made"
    """The takers' total beat the defenders'."""
    CAPOT = "capot"
    """The takers won every trick (capot, valat)."""
    FAILED = "failed"
    """Dedans (inside): the defenders score the deal."""
    DEFENDERS_CAPOT = "defenders_capot"
    """The takers failed without winning a single trick."""
    LITIGE = "litige"
    """Equal totals: the defenders score theirs, the takers' points are held (hanging)."""
    DOUBLED_TIE = "doubled_tie"
    """A doubled deal with equal totals: every point is held for the next deal's winner."""
    REPLAY = "replay"
    """Equal totals under ``tie_rule="replay"``: nobody scores."""


@attrs.frozen(order=False)
class Breakdown:
    """Every number behind a :class:`DealScore`, per team (team 0, team 1), in raw points.

    >>> from belote import CLASSIC, Contract, Seat, Tally, Trump, score_deal
    >>> tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    >>> breakdown = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally).breakdown
    >>> breakdown.totals, breakdown.lines()[:2]
    ((102, 60), ('card points 92 - 60', 'last trick 10 - 0'))
    """

    card_points: tuple[int, int]
    last_trick: tuple[int, int]
    no_trumps_factor: int
    """2 when no-trumps points are doubled, else 1 (applies to the two lines above)."""
    capot_bonus: tuple[int, int]
    belote: tuple[int, int]
    declarations: tuple[int, int]
    counted_declarations: tuple[Declaration, ...]
    totals: tuple[int, int]
    """The totals that decide the contract (all bonuses included)."""
    written_raw: tuple[int, int]
    """What each team scores before rounding and before any carry is paid."""
    held: int
    """Raw points held this deal for the next deal's winner (0 unless tied)."""
    carry_in: int
    carry_paid: tuple[int, int]
    multiplier: int
    rounded: tuple[int, int] | None = None
    """What each team writes after the variant's rounding and before any carry is paid
    (``None`` when the variant scores to the point, rule C20)."""
    held_rounded: int | None = None
    """The held points after rounding, in sheet units (``None`` without rounding)."""
    contract_points: tuple[int, int] = (0, 0)
    """Coinche: the contract's part of ``written_raw`` (the bid, 160 + bid, a capot's value),
    multiplier included; in coinche ``rounded`` rounds the trick points only (rule K8)."""
    contract_test: str = ""
    """Coinche: the contract test in words (what the takers had against what they needed)."""

    def __repr__(self) -> str:
        return short_repr(self, omit_zeros=True)

    def lines(self) -> tuple[str, ...]:
        """The breakdown as human-readable lines."""
        factor = " (x2 no trumps)" if self.no_trumps_factor == 2 else ""
        rows = [
            f"card points {self.card_points[0]} - {self.card_points[1]}{factor}",
            f"last trick {self.last_trick[0]} - {self.last_trick[1]}",
        ]
        for label, pair in (
            ("capot bonus", self.capot_bonus),
            ("belote", self.belote),
            ("declarations", self.declarations),
        ):
            if any(pair):
                rows.append(f"{label} {pair[0]} - {pair[1]}")
        rows.append(f"totals {self.totals[0]} - {self.totals[1]}")
        if self.contract_test:
            rows.append(self.contract_test)
        if any(self.contract_points):
            rows.append(f"contract {self.contract_points[0]} - {self.contract_points[1]}")
        if self.multiplier > 1:
            rows.append(f"doubled x{self.multiplier}")
        rows.append(f"scored {self.written_raw[0]} - {self.written_raw[1]}")
        if self.rounded is not None:
            rows.append(f"rounded {self.rounded[0]} - {self.rounded[1]}")
        if self.held:
            rounded = "" if self.held_rounded is None else f" (rounded {self.held_rounded})"
            rows.append(f"held for the next deal {self.held}{rounded}")
        if any(self.carry_paid):
            rows.append(f"carry paid {self.carry_paid[0]} - {self.carry_paid[1]}")
        return tuple(rows)


@attrs.frozen(order=False)
class DealScore:
    """One deal's line on the score sheet, and why.

    ``points`` is what each team writes for this deal (after the variant's rounding and
    with any carry paid out); ``carry`` is what stays held for the next deal (accumulated,
    in the same units as ``points``).

    >>> from belote import CLASSIC, Contract, Seat, Tally, Trump, score_deal
    >>> tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    >>> score = score_deal(CLASSIC, Contract(Seat(0), Trump.HEARTS), tally)
    >>> score.outcome, score.points, score.winner
    (<Outcome.MADE: 'made'>, (102, 60), <Team.NORTH_SOUTH: 0>)
    >>> print(score.outcome, *score.points)
    made 102 60
    """

    contract: Contract
    outcome: Outcome
    points: tuple[int, int]
    carry: int
    winner: Team | None
    """The team that won the deal (takes any held points); ``None`` on a tie."""
    capot: Team | None
    """The team that won all eight tricks, if any."""
    breakdown: Breakdown

    def __repr__(self) -> str:
        return short_repr(self, hide=("breakdown",))
