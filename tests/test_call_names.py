"""The doubling calls are named as each bidding system's players say them: contra and recontra
in belot, coinche and surcoinche in coinche; in texts, pictures and the command line."""

from __future__ import annotations

import pytest

import belote
import belote.svg
from belote import (
    BULGARIAN,
    CLASSIC,
    COINCHE,
    CONTREE,
    Bid,
    Double,
    Pass,
    Redouble,
    Seat,
    bid,
    deal,
    legal_bids,
)
from belote.bidding import call_text
from belote.cli._display import Style
from belote.variants import Variant


@pytest.mark.parametrize(
    ("variant", "double", "redouble"),
    [
        (BULGARIAN, "contra", "recontra"),
        (COINCHE, "coinche", "surcoinche"),
        (CONTREE, "coinche", "surcoinche"),
        (CLASSIC, "contra", "recontra"),
    ],
)
def test_call_text_names_the_doubling_calls_by_the_system(
    variant: Variant, double: str, redouble: str
) -> None:
    assert call_text(Double(), variant) == double
    assert call_text(Redouble(), variant) == redouble
    assert call_text(Pass(), variant) == "pass"
    bid_call = next(
        call for call in legal_bids(deal(variant, dealer=Seat(0), seed=1)) if isinstance(call, Bid)
    )
    assert call_text(bid_call, variant) == str(bid_call)


def _coinched(variant: Variant) -> belote.RoundState:
    state = deal(variant, dealer=Seat(0), seed=3)
    state = bid(state, next(call for call in legal_bids(state) if isinstance(call, Bid)))
    return bid(state, Double())


@pytest.mark.parametrize(
    ("variant", "name", "other"), [(COINCHE, "coinche", "contra"), (BULGARIAN, "contra", "coinche")]
)
def test_pictures_and_the_command_line_use_the_variants_names(
    variant: Variant, name: str, other: str
) -> None:
    state = _coinched(variant)
    picture = belote.svg.table(state)
    assert f"· {name}" in picture
    assert f"· {other}" not in picture
    style = Style()
    assert style.call(Double(), variant) == name
    assert style.call(Double()) == "contra"  # no variant: the common name
    assert style.call(Pass(), variant) == "pass"
