"""One position late in a classic deal for the exact tests of the searching players (the hard and
the expert player's card play), South's view of North's hearts after four tricks, and a stand-in
for their deal sampler."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from belote import CLASSIC, CardSet, Contract, PlayerView, Seat, Trump, Variant, seat_view

HEARTS = Contract(Seat(0), Trump.HEARTS)
# West (seat 1, the eldest) wins the spades, North the clubs with the turned jack, East
# trumps North's diamonds, North trumps East's clubs (45 card points to 29, tricks 2, 1, 0, 1 by
# seat); North leads its ace of trumps, West discards a diamond, and South (seat 2, void in
# hearts) may play any of its four cards.
PLAYS = "AS 7S 7C QS  9C 7D 8C JH  KD AD 8D 8H  AC 9H 7H 8S  AH JD"
SOUTH_HAND = "7S 8S 9S TS 7D 8D 9D TD"
# the hands left: North's belote still held
HANDS = tuple(CardSet.parse(text).mask for text in ("KH QH TH", "JS KS QD", "9S TS 9D TD", "TC JC QC KC"))


def number(text: str) -> int:
    """The card number of one card's text."""
    return CardSet.parse(text).mask.bit_length() - 1


TS, S9, TD, D9 = (number(text) for text in ("TS", "9S", "TD", "9D"))


def late_view(variant: Variant = CLASSIC, plays: str = PLAYS, dealer: int = 0) -> PlayerView:
    """South's view of North's hearts, 14 cards left in the four hands."""
    return seat_view(
        variant, Seat(2), hand=SOUTH_HAND, dealer=Seat(dealer), turned="JH", contract=HEARTS, plays=plays
    )


class Sampler:
    """A stand-in for the deal sampler: keeps its settings and each generator's state."""

    def __init__(self, hands: Sequence[int]) -> None:
        self.hands = tuple(hands)
        self.settings: list[tuple[object, ...]] = []
        self.states: list[object] = []

    def __call__(
        self, view: PlayerView, draws: int, weight: float | None
    ) -> Callable[[random.Random], tuple[int, ...]]:
        self.settings.append((view, draws, weight))

        def sample(rng: random.Random) -> tuple[int, ...]:
            self.states.append(rng.getstate())
            rng.random()
            return self.hands

        return sample
