"""The doubling shown beside a contract is the factor its score was multiplied by: a surcoinche
scored x3 (``surcoinche_multiplier=3``, rule K10) was shown "x4", the doubling level, in the
command's deal summaries and score sheets and in the SVG pictures."""

from __future__ import annotations

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    COINCHE,
    Contract,
    Phase,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_moves,
    match,
    parse_call,
    play,
    score_round,
)
from belote.cli._display import Style, deal_summary, score_sheet
from belote.coinche_scoring import doubling_factor
from belote.svg import score_sheet as score_sheet_picture
from belote.svg import table

SURCOINCHE_X3 = attrs.evolve(COINCHE, surcoinche_multiplier=3)


@pytest.mark.parametrize(
    ("variant", "level", "factor"),
    [
        (COINCHE, 1, 1),
        (COINCHE, 2, 2),
        (COINCHE, 4, 4),
        (SURCOINCHE_X3, 2, 2),
        (SURCOINCHE_X3, 4, 3),
        (BULGARIAN, 4, 4),
        (attrs.evolve(BULGARIAN, surcoinche_multiplier=3), 4, 4),  # read by coinche scoring only
        (attrs.evolve(CLASSIC, surcoinche_multiplier=3), 1, 1),
    ],
)
def test_the_factor_is_the_scorings(variant: Variant, level: int, factor: int) -> None:
    contract = Contract(Seat(1), Trump.HEARTS, multiplier=level)
    assert doubling_factor(contract, variant) == factor


def _surcoinched_round() -> RoundState:
    state = deal(SURCOINCHE_X3, dealer=Seat(0), seed=1)
    for text in ("100 H", "coinche", "surcoinche"):
        state = bid(state, parse_call(text))
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))))
    return state


def test_the_command_shows_the_factor_a_surcoinche_scored() -> None:
    state = _surcoinched_round()
    score = score_round(state)
    assert score.breakdown.multiplier == 3
    summary = deal_summary(score, Style(), state.variant)
    assert summary[0].startswith("Contract 100 hearts x3 by seat 1 (West): made, points 0 - 460")
    assert "  doubled x3" in summary
    sheet = score_sheet(match(SURCOINCHE_X3, first_dealer=0).record(state), Style())
    assert "100 hearts x3" in sheet[2]
    assert "x4" not in "\n".join(summary + sheet)


def test_the_pictures_show_the_factor_a_surcoinche_scored() -> None:
    state = _surcoinched_round()
    picture = str(table(state))
    sheet = str(score_sheet_picture(match(SURCOINCHE_X3, first_dealer=0).record(state)))
    assert "100 hearts x3" in picture
    assert "100 hearts x3" in sheet
    assert "x4" not in picture + sheet
