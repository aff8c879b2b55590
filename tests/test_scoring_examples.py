"""Every classic, 501 ("mac") and Bulgarian ``score`` and ``game_end`` example of
the published worked cases, through :func:`belote.score_deal` and :class:`belote.Match`.

The cases are copied verbatim from the published worked cases (the coinche cases are in test_coinche.py).
Team figures map to seats: team 0's tricks to seat 0, team 1's to seat 1, the taker is the
first seat of ``taker_team``, each belote team's first seat announced it.
"""

from __future__ import annotations

from typing import NamedTuple

import attrs
import pytest

from _score_helpers import VARIANTS, breakdown_adds_up, decl, score
from belote import Team, Trump, match
from belote.scoring import Outcome


class ScoreCase(NamedTuple):
    id: str
    variant: str
    taker_team: int
    trump: str
    multiplier: int
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    last_trick_team: int
    belote: tuple[int, ...]
    declarations: tuple[tuple[int, str], ...]
    carry_in: int
    raw_totals: tuple[int, int]
    expected: tuple[int, int]
    carry: int


# fmt: off
SCORE_CASES = [
    ScoreCase("CL-S01", "classic", 0, "H", 1, (92, 60), (5, 3), 0, (), (), 0, (102, 60), (102, 60), 0),
    ScoreCase("CL-S02", "classic", 1, "H", 1, (82, 70), (5, 3), 0, (), (), 0, (92, 70), (162, 0), 0),
    ScoreCase("CL-S03", "classic", 0, "H", 1, (72, 80), (4, 4), 0, (), (), 0, (82, 80), (82, 80), 0),
    ScoreCase("CL-S04", "classic", 0, "H", 1, (80, 72), (4, 4), 1, (), (), 0, (80, 82), (0, 162), 0),
    ScoreCase("CL-S05", "classic", 0, "H", 1, (71, 81), (4, 4), 0, (), (), 0, (81, 81), (0, 81), 81),
    ScoreCase("MC-S01", "mac", 0, "H", 1, (92, 60), (5, 3), 0, (), (), 0, (102, 60), (102, 60), 0),
    ScoreCase("BG-S01", "bulgarian", 0, "S", 1, (92, 60), (5, 3), 0, (), (), 0, (102, 60), (10, 6), 0),
    ScoreCase("BG-S02", "bulgarian", 0, "S", 1, (96, 56), (5, 3), 0, (), (), 0, (106, 56), (10, 6), 0),
    ScoreCase("BG-S03", "bulgarian", 0, "S", 1, (146, 6), (7, 1), 0, (), (), 0, (156, 6), (15, 1), 0),
    ScoreCase("BG-S04", "bulgarian", 0, "ALL", 1, (214, 34), (6, 2), 0, (), (), 0, (224, 34), (22, 4), 0),
    ScoreCase("BG-S05", "bulgarian", 0, "ALL", 1, (84, 164), (3, 5), 0, (), ((0, "TD JD QD KD AD"),), 0,
              (194, 164), (19, 17), 0),
    ScoreCase("BG-S06", "bulgarian", 0, "NONE", 1, (70, 50), (5, 3), 0, (), (), 0, (160, 100), (16, 10), 0),
    ScoreCase("BG-S07", "bulgarian", 0, "NONE", 1, (63, 57), (5, 3), 0, (), (), 0, (146, 114), (15, 11), 0),
]
# fmt: on


@pytest.mark.parametrize("case", SCORE_CASES, ids=[case.id for case in SCORE_CASES])
def test_score_example(case: ScoreCase) -> None:
    result = score(
        VARIANTS[case.variant],
        Trump.parse(case.trump),
        case.card_points,
        case.tricks,
        taker=case.taker_team,
        multiplier=case.multiplier,
        last=case.last_trick_team,
        belotes=case.belote,
        declarations=tuple(decl(seat, cards) for seat, cards in case.declarations),
        carry=case.carry_in,
    )
    assert result.points == case.expected
    assert result.carry == case.carry
    assert result.breakdown.totals == case.raw_totals
    assert breakdown_adds_up(result)


def test_examples_cover_every_outcome_of_the_examples() -> None:
    """The examples include a made, a dedans and a litige classic deal (guards the table above)."""
    outcomes = {
        score(
            VARIANTS[case.variant],
            Trump.parse(case.trump),
            case.card_points,
            case.tricks,
            taker=case.taker_team,
            last=case.last_trick_team,
        ).outcome
        for case in SCORE_CASES
        if case.variant == "classic"
    }
    assert outcomes == {Outcome.MADE, Outcome.FAILED, Outcome.LITIGE}


def test_game_end_GE01_classic_to_501() -> None:
    """GE-01: 450-300, a deal of 102-60 under a 501 target: team 0 passes 501 and wins."""
    variant = attrs.evolve(VARIANTS["classic"], target=501)
    before = attrs.evolve(match(variant, seed=1), scores=(450, 300))
    deal = score(variant, Trump.HEARTS, (92, 60), (5, 3), last=0)
    assert deal.points == (102, 60)
    after = before.record(deal)
    assert after.scores == (552, 360)
    assert after.winner is Team(0)
    assert after.is_over


def test_game_end_GE04_bulgarian_both_reach() -> None:
    """GE-04: 148-145, a deal of 10-8 (a made spade contract, belot to team 1): both reach 151,
    more points wins."""
    variant = VARIANTS["bulgarian"]
    before = attrs.evolve(match(variant, seed=1), scores=(148, 145))
    deal = score(variant, Trump.SPADES, (92, 60), (5, 3), last=0, belotes=(1,))
    assert deal.points == (10, 8)
    after = before.record(deal)
    assert after.scores == (158, 153)
    assert after.winner is Team(0)
