"""What one seat may know: the :class:`PlayerView` a server sends to a player or an agent.

A view holds the seat's own hand and the public facts of the deal (the auction, every card
played and by whom, the declarations shown, the belotes announced, the match score), plus
the seat's legal actions when it is to act. It never holds another seat's cards or the
undealt cards, so two deals that differ only in hidden cards give equal views.

>>> from belote import CLASSIC, Seat, deal, legal_bids
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> view = observe(state, Seat(1))
>>> view.hand == state.hand(Seat(1)), view.to_act, view.legal_bids == legal_bids(state)
(True, <Seat.WEST: 1>, True)
>>> observe(state, Seat(2)).legal_bids   # not its turn: no legal actions
()
"""

from __future__ import annotations

import attrs

from belote._args import as_seat, wrong_type
from belote._repr import short_repr
from belote.bidding import Call, Contract
from belote.cards import DECK, Card, CardSet, cardset_from_mask
from belote.declarations import Declaration
from belote.errors import BeloteError, Reason
from belote.match import Match
from belote.round import Phase, RoundState, Trick, legal_bids, legal_declarations
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import Variant

__all__ = ["PlayerView", "observe"]


@attrs.frozen
class PlayerView:
    """Everything seat :attr:`seat` is allowed to know at one moment of a round. Immutable.

    Build it with :func:`observe`. The legal actions (:attr:`legal_bids`,
    :attr:`legal_cards`, :attr:`legal_declarations`) are filled only when the seat is to act.

    >>> from belote import CLASSIC, Seat, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=2)
    >>> view = observe(state, Seat(1))
    >>> view.hand, view.turned, view.is_to_act
    (CardSet.parse('JS 8S KH 9H 7H'), Card.parse('KC'), True)
    >>> view.legal_bids
    (Pass(), Bid(Trump.CLUBS))
    """

    seat: Seat
    """The seat this view belongs to."""
    variant: Variant
    dealer: Seat
    phase: Phase
    hand: CardSet
    """The seat's own cards (5 while bidding in the dealt-in-two-steps systems, then 8 and fewer)."""
    turned: Card | None
    """The turned card of the classic deal (public; the taker holds it once the contract is made)."""
    auction: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    """The completed tricks: leader, the four cards, winner."""
    trick: tuple[tuple[Seat, Card], ...]
    """The trick in progress as ``(seat, card)`` pairs in play order."""
    leader: Seat | None
    """The seat that leads (led) the trick in progress."""
    belotes: tuple[Seat, ...]
    """The seat of each belote (belot) announced so far."""
    declarations: tuple[Declaration, ...]
    """The declarations shown so far (their cards are public)."""
    to_act: Seat | None
    legal_bids: tuple[Call, ...]
    legal_cards: CardSet
    legal_declarations: tuple[tuple[Declaration, ...], ...]
    scores: tuple[int, int] | None = None
    """The match score before this deal, when observed through a match."""
    carry: int = 0
    """Points held from earlier tied deals (0 outside a match)."""
    target: int | None = None
    """The score the match is played to, when observed through a match."""

    def __repr__(self) -> str:
        # the completed tricks and the auction are left out: read them from the fields
        return short_repr(self, hide=("tricks", "auction", "legal_declarations"))

    @property
    def trump(self) -> Trump | None:
        """The contract's trump mode, ``None`` before the contract."""
        return None if self.contract is None else self.contract.trump

    @property
    def taker(self) -> Seat | None:
        """The seat that took the contract."""
        return None if self.contract is None else self.contract.taker

    @property
    def is_to_act(self) -> bool:
        """True when this seat is to act now."""
        return self.to_act == self.seat

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far, completed tricks then the current one, in play order."""
        done = tuple(pair for trick in self.tricks for pair in trick.plays)
        return done + self.trick

    @property
    def played(self) -> CardSet:
        """The set of every card played so far (the current trick included)."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= 1 << card.index
        for _, card in self.trick:
            mask |= 1 << card.index
        return cardset_from_mask(mask)

    def hand_size(self, seat: Seat) -> int:
        """How many cards ``seat`` holds now (public: 8 minus the cards it played, while playing)."""
        if self.contract is None:  # bidding or passed out: nobody has played
            return len(self.hand)
        gone = len(self.tricks) + sum(1 for player, _ in self.trick if player == seat)
        return 8 - gone

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, for Jupyter (see :func:`belote.svg.table`)."""
        from belote.svg import table

        return table(self)


def observe(state: RoundState, seat: Seat, *, match: Match | None = None) -> PlayerView:
    """The view of ``state`` from ``seat``: its hand, the public facts, its legal actions.

    Pass the ``match`` the round belongs to for the scores, the carry and the target.

    >>> from belote import CLASSIC, Seat, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=2)
    >>> view = observe(state, Seat(1))
    >>> view.hand == state.hand(Seat(1)), view.legal_bids
    (True, (Pass(), Bid(Trump.CLUBS)))

    Raises:
        BeloteError: ``state`` is not a :class:`~belote.round.RoundState`, or ``seat`` is an
            int outside ``0..3``.
        ArgumentTypeError: ``seat`` is not a :class:`~belote.seats.Seat` or an int, or ``match`` is
            not a :class:`~belote.match.Match`.
    """
    if not isinstance(state, RoundState):
        raise BeloteError(f"state must be a RoundState, got {state!r}", reason=Reason.BAD_ARGUMENT)
    seat = as_seat(seat, "seat")
    if match is not None and not isinstance(match, Match):
        raise wrong_type("match", "a Match or None", match)
    acting = state.to_act == seat
    trick: tuple[tuple[Seat, Card], ...] = ()
    if state.leader is not None and state.trick_cards:
        leader = state.leader
        trick = tuple((leader.offset(i), DECK[card]) for i, card in enumerate(state.trick_cards))
    return PlayerView(
        seat=seat,
        variant=state.variant,
        dealer=state.dealer,
        phase=state.phase,
        hand=cardset_from_mask(state.hand_masks[seat]),
        turned=state.turned,
        auction=state.auction,
        contract=state.contract,
        tricks=state.tricks,
        trick=trick,
        leader=state.leader,
        belotes=state.belotes,
        declarations=state.declarations,
        to_act=state.to_act,
        legal_bids=legal_bids(state) if acting else (),
        legal_cards=cardset_from_mask(state.legal_mask if acting else 0),
        legal_declarations=legal_declarations(state) if acting else (),
        scores=None if match is None else match.scores,
        carry=0 if match is None else match.carry,
        target=None if match is None else match.target,
    )
