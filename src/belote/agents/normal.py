"""The normal player: readable named heuristics for the play, a hand-strength bidder."""

from __future__ import annotations

from belote._args import plain_int
from belote.agents.base import Agent, Play, announced_play, check_seed, check_to_bid, check_to_play
from belote.agents.heuristics import choose_card
from belote.agents.normal_bidding import normal_bid
from belote.bidding import Call
from belote.cards import DECK
from belote.views import PlayerView

__all__ = ["NormalAgent", "view_facts"]

_FULL = (1 << 32) - 1


def view_facts(view: PlayerView) -> tuple[int, int, list[int], int, int, bool]:
    """The int facts a heuristic needs: ``(hand, legal, trick, mode, unseen, attacking)``;
    refused as :func:`~belote.agents.base.check_to_play` refuses a view with no card to play."""
    contract = check_to_play(view)
    hand = view.hand.mask
    trick = [card.index for _, card in view.trick]
    unseen = _FULL & ~(hand | view.played.mask)
    attacking = contract.taker.team == view.seat.team
    return hand, view.legal_cards.mask, trick, int(contract.trump), unseen, attacking


class NormalAgent(Agent):
    """The seed's normal player (see :mod:`belote.agents.heuristics` for each heuristic:
    win the trick when it can and it is worth it, play low on a lost trick, give points when
    the partner is master, keep the master trumps, trump when needed, lead from strength) and
    a hand-strength bidder that reads the auction, the seat and the match score, by named rules
    (see :mod:`belote.agents.normal_bidding`).

    Deterministic: it uses no randomness (``seed``, an int, is kept for a uniform constructor).
    Asked for a call or a card where the seat has none to make, it raises
    :class:`~belote.errors.PhaseError`, as every level does.

    Raises:
        ArgumentTypeError: ``seed`` is not an int.

    >>> from belote import BULGARIAN, Seat, deal, observe
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=5)
    >>> NormalAgent(seed=1).choose_call(observe(state, state.eldest))
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
        return f"NormalAgent(seed={self.seed!r})"

    def choose_call(self, view: PlayerView) -> Call:
        """Bid on hand strength read with the auction, the seat and the match score (see
        :mod:`belote.agents.normal_bidding` for each rule)."""
        check_to_bid(view)
        return normal_bid(view)

    def choose_play(self, view: PlayerView) -> Play:
        """The card the heuristics choose, with every announcement allowed."""
        card = choose_card(*view_facts(view))
        return announced_play(view, DECK[card])
