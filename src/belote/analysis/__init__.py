"""Exact perfect-information analysis of card play: the solver and the review of played games.

:func:`solve` values every legal card of a position with all four hands known (best play by
both teams); :func:`analyze` replays a finished round or a game record and measures what each
card actually played cost against the best card at that moment.

>>> from belote import CLASSIC, Contract, Seat, Trump, position
>>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
>>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
...                  contract=Contract(Seat(0), Trump.HEARTS),
...                  plays="AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD")
>>> solve(state).best
(Card.parse('9C'), Card.parse('QH'), Card.parse('KH'))
"""

from __future__ import annotations

from belote.analysis.review import Analysis, PlayReview, analyze, analyze_match
from belote.analysis.solver import CardValue, Solution, capot_bonuses, solo_capot_bonuses, solve

__all__ = [
    "Analysis",
    "CardValue",
    "PlayReview",
    "Solution",
    "analyze",
    "analyze_match",
    "capot_bonuses",
    "solo_capot_bonuses",
    "solve",
]
