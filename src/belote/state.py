"""The value of one round at one moment, and its parts.

:class:`RoundState` is what :func:`~belote.round.deal`, :func:`~belote.round.bid` and
:func:`~belote.round.play` return. It is split into parts that change at different paces (the
setup, fixed once the contract is known; the history, which grows once per trick) so that a
play copies little.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from belote.bidding import Call, Contract
from belote.cards import DECK, Card, CardSet, cardset_from_mask
from belote.declarations import Declaration
from belote.seats import Seat
from belote.trumps import Trump, points_row
from belote.variants import Variant

__all__ = ["Phase", "PlayHistory", "RoundSetup", "RoundState", "Trick"]


class Phase(enum.Enum):
    """Where a round stands."""

    BIDDING = "bidding"
    PLAYING = "playing"
    FINISHED = "finished"
    """All eight tricks played: ready for :func:`score_round`."""
    PASSED_OUT = "passed_out"
    """Nobody took: the cards are thrown in and the next dealer deals."""


@attrs.frozen
class Trick:
    """A completed trick: who led, the four cards in play order, who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat
    points: int
    """Card points of the trick under the contract (no last-trick bonus, no doubling)."""

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """``(seat, card)`` pairs in play order."""
        return tuple((self.leader.offset(i), card) for i, card in enumerate(self.cards))


@attrs.frozen
class RoundSetup:
    """What a round fixes before the play: rules, dealer, deck, turned card, auction, contract."""

    variant: Variant
    dealer: Seat
    deck: tuple[int, ...]
    """The shuffled deck as card numbers, in dealing order."""
    turned: Card | None
    """The turned card of the classic deal (``None`` without one)."""
    auction: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    mode: int = attrs.field(init=False, eq=False, repr=False)
    """The contract's trump mode as a plain int (-1 before the contract), for the fast path."""
    points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The card points of the contract's mode on the variant's scales, by card number (empty
    before the contract), for the fast path."""

    def __attrs_post_init__(self) -> None:
        mode = -1 if self.contract is None else int(self.contract.trump)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "points", () if mode < 0 else points_row(mode, self.variant))


@attrs.frozen
class PlayHistory:
    """What the play has produced so far: completed tricks, belotes and declarations shown."""

    tricks: tuple[Trick, ...] = ()
    belotes: tuple[Seat, ...] = ()
    """The seat of each belote (belot) announced, in order."""
    declarations: tuple[Declaration, ...] = ()
    """The declarations shown, in order of announcement."""


NO_HISTORY = PlayHistory()
"""The history of a round before its first card."""


@attrs.frozen
class RoundState:
    """One deal at one moment: every hand, the auction, the tricks. Immutable.

    Build the first state with :func:`deal` and step with :func:`bid` and :func:`play`.
    The state is omniscient (it holds every hand); give players a
    :class:`~belote.views.PlayerView` instead.
    """

    setup: RoundSetup
    """The rules, dealer, deck, auction and contract (also readable directly, e.g. ``state.contract``)."""
    phase: Phase
    to_act: Seat | None
    """The seat to act, ``None`` once the round is finished or passed out."""
    hand_masks: tuple[int, int, int, int]
    """Each seat's hand as a 32-bit mask (see :attr:`hands` for card sets)."""
    trick_cards: tuple[int, ...]
    """Card numbers of the trick in progress, in play order (see :attr:`trick`)."""
    legal_mask: int
    """The legal cards of the seat to act while playing (0 otherwise)."""
    history: PlayHistory
    """The tricks, belotes and declarations so far (also readable directly, e.g. ``state.tricks``)."""

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self.history.tricks

    @property
    def belotes(self) -> tuple[Seat, ...]:
        """The seat of each belote (belot) announced so far."""
        return self.history.belotes

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations shown so far, in order of announcement."""
        return self.history.declarations

    @property
    def variant(self) -> Variant:
        """The rules of the round."""
        return self.setup.variant

    @property
    def dealer(self) -> Seat:
        """The seat that dealt."""
        return self.setup.dealer

    @property
    def deck(self) -> tuple[int, ...]:
        """The shuffled deck as card numbers, in dealing order."""
        return self.setup.deck

    @property
    def turned(self) -> Card | None:
        """The turned card of the classic deal (``None`` without one)."""
        return self.setup.turned

    @property
    def auction(self) -> tuple[tuple[Seat, Call], ...]:
        """Every call so far, with its seat, in order."""
        return self.setup.auction

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction has produced one."""
        return self.setup.contract

    @property
    def leader(self) -> Seat | None:
        """The seat that leads (led) the trick in progress; ``None`` outside the play."""
        if self.phase is not Phase.PLAYING or self.to_act is None:
            return None
        return self.to_act.offset(-len(self.trick_cards))

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """Every seat's hand."""
        a, b, c, d = (cardset_from_mask(mask) for mask in self.hand_masks)
        return a, b, c, d

    def hand(self, seat: Seat) -> CardSet:
        """The hand of ``seat``."""
        return cardset_from_mask(self.hand_masks[seat])

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick in progress as ``(seat, card)`` pairs in play order."""
        leader = self.leader
        if leader is None:
            return ()
        return tuple((leader.offset(i), DECK[card]) for i, card in enumerate(self.trick_cards))

    @property
    def taker(self) -> Seat | None:
        """The seat that took the contract."""
        contract = self.setup.contract
        return None if contract is None else contract.taker

    @property
    def trump(self) -> Trump | None:
        """The contract's trump mode."""
        contract = self.setup.contract
        return None if contract is None else contract.trump

    @property
    def eldest(self) -> Seat:
        """The seat after the dealer: speaks first."""
        return self.setup.dealer.next


def _slot_setters(cls: type, names: tuple[str, ...]) -> tuple[Callable[[Any, Any], None], ...]:
    """The slot descriptors' setters of ``cls`` for ``names``, which must be all its fields in order.

    Setting slots through their descriptors skips the generic ``__init__`` and the frozen
    ``__setattr__`` guard: the hot path builds values about a third faster this way. The check
    makes a renamed or reordered field fail at import, not silently.
    """
    if names != tuple(field.name for field in attrs.fields(cls)):
        raise ImportError(f"{cls.__name__} fields changed: update its fast constructor")
    return tuple(cls.__dict__[name].__set__ for name in names)


def _state_constructor() -> Callable[..., RoundState]:
    s0, s1, s2, s3, s4, s5, s6 = _slot_setters(
        RoundState, ("setup", "phase", "to_act", "hand_masks", "trick_cards", "legal_mask", "history")
    )
    new = object.__new__

    def construct(
        setup: RoundSetup,
        phase: Phase,
        to_act: Seat | None,
        hand_masks: tuple[int, int, int, int],
        trick_cards: tuple[int, ...],
        legal: int,
        history: PlayHistory,
    ) -> RoundState:
        state = new(RoundState)
        s0(state, setup)
        s1(state, phase)
        s2(state, to_act)
        s3(state, hand_masks)
        s4(state, trick_cards)
        s5(state, legal)
        s6(state, history)
        return state

    return construct


def _trick_constructor() -> Callable[..., Trick]:
    s0, s1, s2, s3 = _slot_setters(Trick, ("leader", "cards", "winner", "points"))
    new = object.__new__

    def construct(leader: Seat, cards: tuple[Card, Card, Card, Card], winner: Seat, points: int) -> Trick:
        trick = new(Trick)
        s0(trick, leader)
        s1(trick, cards)
        s2(trick, winner)
        s3(trick, points)
        return trick

    return construct


def _history_constructor() -> Callable[..., PlayHistory]:
    s0, s1, s2 = _slot_setters(PlayHistory, ("tricks", "belotes", "declarations"))
    new = object.__new__

    def construct(
        tricks: tuple[Trick, ...], belotes: tuple[Seat, ...], declarations: tuple[Declaration, ...]
    ) -> PlayHistory:
        history = new(PlayHistory)
        s0(history, tricks)
        s1(history, belotes)
        s2(history, declarations)
        return history

    return construct


new_state = _state_constructor()
"""``RoundState(*fields)`` for the hot path (fields in definition order)."""
new_trick = _trick_constructor()
"""``Trick(*fields)`` for the hot path."""
new_history = _history_constructor()
"""``PlayHistory(*fields)`` for the hot path."""
