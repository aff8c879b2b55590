"""The deal of the solver module's docstring (:mod:`belote.analysis.solver`), shared by the exact
tests that replay it: North takes in hearts (the turned JH), East deals in classic."""

from __future__ import annotations

HANDS = [
    "AS KS 9S JH 7D AC TC 8C",
    "7S 8S TH 9H 8H JD 9D 7C",
    "QS JS TS AH KH QH 8D 9C",
    "AD KD QD TD 7H KC QC JC",
]
"""The four hands as dealt, North's first."""

WHOLE_DEAL = (
    "AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD  9C JC 8C 7C  QC TC 8H QH  KH KC AC 9H  TH AH TD 9S"
)
"""Its 32 cards in the order played, a trick apart."""
