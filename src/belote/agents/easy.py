"""The easy player: the lowest legal card, and bids only with a clearly strong hand."""

from __future__ import annotations

from belote._args import plain_int
from belote.agents.base import Agent, Play, announced_play, check_seed, check_to_bid, check_to_play
from belote.agents.bidder import easy_call
from belote.bidding import Call
from belote.cards import DECK
from belote.trumps import POINTS_TABLE, STRENGTH_TABLE, TRUMP_SUIT_MASK
from belote.views import PlayerView

__all__ = ["EasyAgent"]


class EasyAgent(Agent):
    """Plays the lowest legal card (by strength in the contract, then by points, a trump last);
    takes only with a clearly strong hand (see :func:`~belote.agents.bidder.clearly_strong`).

    Deterministic: it uses no randomness (``seed``, an int, is kept for a uniform constructor).
    Asked for a call or a card where the seat has none to make, it raises
    :class:`~belote.errors.PhaseError`, as every level does.

    Raises:
        ArgumentTypeError: ``seed`` is not an int.

    >>> from belote import CLASSIC, Seat, deal
    >>> from belote.views import observe
    >>> EasyAgent().choose_call(observe(deal(CLASSIC, seed=1), Seat(1)))
    Pass()
    """

    def __init__(self, seed: int = 0) -> None:
        check_seed(seed)
        self._seed = plain_int(seed)

    @property
    def seed(self) -> int:
        """The seed it was built with (fixed: assigning it raises :exc:`AttributeError`)."""
        return self._seed

    def __repr__(self) -> str:
        return f"EasyAgent(seed={self.seed!r})"

    def choose_call(self, view: PlayerView) -> Call:
        """The cheapest bid the hand is clearly strong for, else pass."""
        check_to_bid(view)
        return easy_call(view)

    def choose_play(self, view: PlayerView) -> Play:
        """The lowest legal card."""
        mode = check_to_play(view).trump
        strength, points, trumps = STRENGTH_TABLE[mode], POINTS_TABLE[mode], TRUMP_SUIT_MASK[mode]
        card = min(
            (card.index for card in view.legal_cards),
            key=lambda index: (strength[index], points[index], trumps >> index & 1, index),
        )
        return announced_play(view, DECK[card])
