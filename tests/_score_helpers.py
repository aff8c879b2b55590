"""Helpers shared by the scoring, declarations and match tests (not a conftest: private)."""

from __future__ import annotations

from belote import BULGARIAN, CLASSIC, CLASSIC_501, CardSet, Seat, Trump, Variant
from belote.bidding import Contract
from belote.declarations import Declaration
from belote.scoring import DealScore, Tally, score_deal

VARIANTS: dict[str, Variant] = {"classic": CLASSIC, "mac": CLASSIC_501, "bulgarian": BULGARIAN}
"""The variant ids of the published worked cases and the presets that implement them."""


def team_tricks(team0: int, team1: int, *, last: int) -> tuple[int, int, int, int]:
    """Per-seat tricks from per-team tricks: team 0's to seat 0, team 1's to seat 1.

    The team of ``last`` must have a trick.
    """
    assert (team0 if last == 0 else team1) > 0
    return (team0, team1, 0, 0)


def tally(
    card_points: tuple[int, int],
    tricks: tuple[int, int],
    *,
    last: int | None = None,
    belotes: tuple[int, ...] = (),
    declarations: tuple[Declaration, ...] = (),
) -> Tally:
    """A tally from team figures: team t's tricks to seat t; belote teams to seat t."""
    if last is None:
        last = 0 if tricks[0] else 1
    return Tally(
        card_points=card_points,
        tricks=team_tricks(*tricks, last=last),
        last_trick=Seat(last),
        belotes=tuple(Seat(team) for team in belotes),
        declarations=declarations,
    )


def score(
    variant: Variant,
    trump: Trump,
    card_points: tuple[int, int],
    tricks: tuple[int, int] = (4, 4),
    *,
    taker: int = 0,
    multiplier: int = 1,
    last: int | None = None,
    belotes: tuple[int, ...] = (),
    declarations: tuple[Declaration, ...] = (),
    carry: int = 0,
) -> DealScore:
    """Score a deal given team figures (taker: a seat of that team)."""
    return score_deal(
        variant,
        Contract(Seat(taker), trump, multiplier),
        tally(card_points, tricks, last=last, belotes=belotes, declarations=declarations),
        carry,
    )


def decl(seat: int, cards: str) -> Declaration:
    """A declaration from card text, e.g. ``decl(0, "TD JD QD")``."""
    return Declaration(Seat(seat), CardSet.parse(cards))


def breakdown_adds_up(result: DealScore) -> bool:
    """The breakdown's fields explain the totals and (without rounding) the points."""
    b = result.breakdown
    for team in (0, 1):
        total = (
            (b.card_points[team] + b.last_trick[team]) * b.no_trumps_factor
            + b.capot_bonus[team]
            + b.belote[team]
            + b.declarations[team]
        )
        if total != b.totals[team]:
            return False
    return True
