"""The round engine: deal, bid, play and score one deal as a chain of immutable states.

>>> from belote import CLASSIC, Seat
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> state.phase, state.to_act, len(state.hand(Seat(1)))
(<Phase.BIDDING: 'bidding'>, <Seat.WEST: 1>, 5)
>>> while state.phase is Phase.BIDDING:
...     state = bid(state, legal_bids(state)[-1])   # the first seat takes the turned card
>>> while state.phase is Phase.PLAYING:
...     state = play(state, next(iter(legal_moves(state))))
>>> state.phase, len(state.tricks), sum(score_round(state).points) >= 162
(<Phase.FINISHED: 'finished'>, 8, True)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

import attrs

from belote.bidding import BIDDING_RULES, Bid, Call, Contract, Double, Pass, Redouble
from belote.cards import DECK, Card, CardSet, cardset_from_mask
from belote.declarations import (
    Declaration,
    belote_allowed,
    check_declaration_choice,
    declaration_options,
)
from belote.errors import (
    BeloteError,
    DeclarationError,
    IllegalBidError,
    IllegalMoveError,
    NotationError,
    OutOfTurnError,
    PhaseError,
    Reason,
)
from belote.scoring import DealScore, Tally, score_deal
from belote.seats import Seat, Team
from belote.tricks import legal_mask, winning_position
from belote.trumps import POINTS_TABLE, Trump
from belote.variants import FirstLead, Variant

__all__ = [
    "Phase",
    "RoundState",
    "Trick",
    "bid",
    "deal",
    "legal_bids",
    "legal_declarations",
    "legal_moves",
    "play",
    "score_round",
]


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
class RoundState:
    """One deal at one moment: every hand, the auction, the tricks. Immutable.

    Build the first state with :func:`deal` and step with :func:`bid` and :func:`play`.
    The state is omniscient (it holds every hand); give players a
    :class:`~belote.views.PlayerView` instead.
    """

    variant: Variant
    dealer: Seat
    phase: Phase
    to_act: Seat | None
    """The seat to act, ``None`` once the round is finished or passed out."""
    hand_masks: tuple[int, int, int, int]
    """Each seat's hand as a 32-bit mask (see :attr:`hands` for card sets)."""
    deck: tuple[int, ...]
    """The shuffled deck as card numbers, in dealing order."""
    turned: Card | None
    """The turned card of the classic deal (``None`` without one)."""
    auction: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    trick_cards: tuple[int, ...]
    """Card numbers of the trick in progress, in play order (see :attr:`trick`)."""
    leader: Seat | None
    """The seat that leads (led) the trick in progress."""
    tricks: tuple[Trick, ...]
    belotes: tuple[Seat, ...]
    """The seat of each belote (belot) announced so far."""
    declarations: tuple[Declaration, ...]
    """The declarations shown so far, in order of announcement."""
    legal_mask: int
    """The legal cards of the seat to act while playing (0 otherwise)."""

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
        if self.leader is None:
            return ()
        return tuple((self.leader.offset(i), DECK[card]) for i, card in enumerate(self.trick_cards))

    @property
    def taker(self) -> Seat | None:
        """The seat that took the contract."""
        return None if self.contract is None else self.contract.taker

    @property
    def trump(self) -> Trump | None:
        """The contract's trump mode."""
        return None if self.contract is None else self.contract.trump

    @property
    def eldest(self) -> Seat:
        """The seat after the dealer: speaks first."""
        return self.dealer.next


def _shuffled(
    seed: int | str | None, rng: random.Random | None, deck: Sequence[Card] | None
) -> tuple[int, ...]:
    given = sum(value is not None for value in (seed, rng, deck))
    if given > 1:
        raise BeloteError("give at most one of seed, rng and deck", reason=Reason.BAD_ARGUMENT)
    if deck is not None:
        try:
            order = tuple(card.index for card in deck)
        except AttributeError:
            raise NotationError("deck must be a sequence of 32 Card", reason=Reason.MALFORMED_CARDS) from None
        if sorted(order) != list(range(32)):
            raise NotationError("deck must hold each of the 32 cards once", reason=Reason.MALFORMED_CARDS)
        return order
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise BeloteError(f"seed must be an int or a str, got {seed!r}", reason=Reason.BAD_ARGUMENT)
    generator = rng if rng is not None else random.Random(seed)
    if not isinstance(generator, random.Random):
        raise BeloteError("rng must be a random.Random", reason=Reason.BAD_ARGUMENT)
    order_list = list(range(32))
    generator.shuffle(order_list)
    return tuple(order_list)


def deal(
    variant: Variant,
    *,
    dealer: Seat = Seat.NORTH,
    seed: int | str | None = None,
    rng: random.Random | None = None,
    deck: Sequence[Card] | None = None,
) -> RoundState:
    """Shuffle and deal the first packets (3 then 2 cards each, from the eldest on).

    The shuffle is ``random.Random(seed).shuffle`` of the 32 cards, the same on every
    machine; pass ``rng`` to draw from your own generator, or ``deck`` for an explicit order.
    A turned-card variant turns the 21st card; the rest is dealt once the contract is known.
    """
    if not isinstance(variant, Variant):
        raise BeloteError(f"variant must be a Variant, got {variant!r}", reason=Reason.BAD_ARGUMENT)
    try:
        dealer = Seat(dealer)
    except ValueError:
        raise BeloteError(f"dealer must be a seat 0..3, got {dealer!r}", reason=Reason.BAD_ARGUMENT) from None
    order = _shuffled(seed, rng, deck)
    hands = [0, 0, 0, 0]
    position = 0
    for packet in (3, 2):
        for step in range(1, 5):
            seat = (dealer + step) & 3
            for card in order[position : position + packet]:
                hands[seat] |= 1 << card
            position += packet
    turned = DECK[order[20]] if BIDDING_RULES[variant.bidding].turned_card else None
    return RoundState(
        variant=variant,
        dealer=dealer,
        phase=Phase.BIDDING,
        to_act=dealer.next,
        hand_masks=(hands[0], hands[1], hands[2], hands[3]),
        deck=order,
        turned=turned,
        auction=(),
        contract=None,
        trick_cards=(),
        leader=None,
        tricks=(),
        belotes=(),
        declarations=(),
        legal_mask=0,
    )


def _check_turn(state: RoundState, phase: Phase, seat: Seat | None, action: str) -> Seat:
    if state.phase is not phase:
        raise PhaseError(
            f"cannot {action} now: the round is in the {state.phase.value.replace('_', ' ')} phase",
            reason=Reason.WRONG_PHASE,
        )
    to_act = state.to_act
    assert to_act is not None
    if seat is not None and seat != to_act:
        raise OutOfTurnError(
            f"seat {int(seat)} cannot {action}: it is seat {to_act.value}'s turn", reason=Reason.OUT_OF_TURN
        )
    return to_act


def legal_bids(state: RoundState) -> tuple[Call, ...]:
    """The calls the seat to act may make (empty outside the bidding phase)."""
    if state.phase is not Phase.BIDDING:
        return ()
    turned = None if state.turned is None else state.turned.suit
    return BIDDING_RULES[state.variant.bidding].legal(state.variant, state.auction, turned)


def bid(state: RoundState, call: Call, *, seat: Seat | None = None) -> RoundState:
    """The state after the seat to act makes ``call``.

    Raises:
        PhaseError: outside the bidding phase.
        OutOfTurnError: ``seat`` is given and is not the seat to act.
        IllegalBidError: the call is not one of :func:`legal_bids`.
    """
    to_act = _check_turn(state, Phase.BIDDING, seat, "bid")
    if not isinstance(call, (Pass, Bid, Double, Redouble)):
        raise IllegalBidError(f"{call!r} is not a call (Pass, Bid, Double or Redouble)")
    rules = BIDDING_RULES[state.variant.bidding]
    turned = None if state.turned is None else state.turned.suit
    if call not in rules.legal(state.variant, state.auction, turned):
        raise rules.refusal(state.variant, state.auction, turned, call)
    auction = (*state.auction, (to_act, call))
    finished, contract = rules.result(auction)
    if not finished:
        return attrs.evolve(state, auction=auction, to_act=to_act.next)
    if contract is None:
        return attrs.evolve(state, auction=auction, to_act=None, phase=Phase.PASSED_OUT)
    return _start_play(state, auction, contract)


def _start_play(state: RoundState, auction: tuple[tuple[Seat, Call], ...], contract: Contract) -> RoundState:
    hands = list(state.hand_masks)
    position = 20
    if state.turned is not None:
        hands[contract.taker] |= 1 << state.turned.index
        position = 21
    for step in range(1, 5):
        seat = (state.dealer + step) & 3
        need = 8 - hands[seat].bit_count()
        for card in state.deck[position : position + need]:
            hands[seat] |= 1 << card
        position += need
    leader = state.dealer if state.variant.first_lead is FirstLead.DEALER else state.dealer.next
    masks = (hands[0], hands[1], hands[2], hands[3])
    return attrs.evolve(
        state,
        auction=auction,
        contract=contract,
        phase=Phase.PLAYING,
        hand_masks=masks,
        to_act=leader,
        leader=leader,
        legal_mask=masks[leader],
    )


def legal_moves(state: RoundState) -> CardSet:
    """The cards the seat to act may play (empty outside the playing phase)."""
    return cardset_from_mask(state.legal_mask)


def legal_declarations(state: RoundState) -> tuple[tuple[Declaration, ...], ...]:
    """The combinations of declarations the seat to act may show with the card it plays now.

    Declarations are made with a player's first card, in variants that have them, and not
    in no trumps. Any part of one option may be declared (declaring is optional).
    """
    if (
        state.phase is not Phase.PLAYING
        or state.tricks
        or state.variant.announcements.value == "off"
        or state.trump is Trump.NO_TRUMPS
    ):
        return ()
    assert state.to_act is not None
    return declaration_options(state.hand(state.to_act), state.to_act)


def play(
    state: RoundState,
    card: Card | str,
    *,
    seat: Seat | None = None,
    belote: bool | None = None,
    declarations: Sequence[Declaration] = (),
) -> RoundState:
    """The state after the seat to act plays ``card``.

    Args:
        card: a :class:`Card` (or its text, e.g. ``"JH"``).
        seat: if given, checked against the seat to act.
        belote: announce belote with this card: ``None`` announces it whenever the card
            allows it, ``False`` declines, ``True`` requires it (error if not allowed).
        declarations: declarations shown with the player's first card (a part of one of
            :func:`legal_declarations`).

    Raises:
        PhaseError, OutOfTurnError, IllegalMoveError, DeclarationError.
    """
    to_act = _check_turn(state, Phase.PLAYING, seat, "play")
    if isinstance(card, str):
        card = Card.parse(card)
    if not isinstance(card, Card):
        raise IllegalMoveError(f"{card!r} is not a card", reason=Reason.MALFORMED_CARD)
    index = card.suit * 8 + card.rank
    bit = 1 << index
    hand = state.hand_masks[to_act]
    contract = state.contract
    assert contract is not None
    mode = contract.trump
    if not state.legal_mask & bit:
        _refuse(state, card, to_act)
    announce = belote is not False and belote_allowed(hand, index, state.trick_cards, mode, state.variant)
    if belote and not announce:
        raise DeclarationError(
            f"{card}: belote cannot be announced with this card", reason=Reason.BELOTE_NOT_ALLOWED
        )
    if declarations:
        if state.tricks:
            raise DeclarationError(
                "declarations are shown with a player's first card only",
                reason=Reason.DECLARATION_NOT_ALLOWED,
            )
        check_declaration_choice(state.hand(to_act), to_act, tuple(declarations), mode, state.variant)
    hands = list(state.hand_masks)
    hands[to_act] = hand & ~bit
    masks = (hands[0], hands[1], hands[2], hands[3])
    belotes = (*state.belotes, to_act) if announce else state.belotes
    shown = (*state.declarations, *declarations) if declarations else state.declarations
    trick = (*state.trick_cards, index)
    leader = state.leader
    assert leader is not None
    tricks = state.tricks
    phase = Phase.PLAYING
    if len(trick) == 4:
        winner = leader.offset(winning_position(trick, mode))
        points = POINTS_TABLE[mode]
        completed = Trick(
            leader=leader,
            cards=(DECK[trick[0]], DECK[trick[1]], DECK[trick[2]], DECK[trick[3]]),
            winner=winner,
            points=points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]],
        )
        tricks = (*tricks, completed)
        trick = ()
        leader = winner
        next_seat: Seat | None = winner
        if len(tricks) == 8:
            phase, next_seat, leader = Phase.FINISHED, None, None
    else:
        next_seat = to_act.next
    legal = 0 if next_seat is None else legal_mask(masks[next_seat], trick, mode, state.variant)[0]
    return RoundState(
        variant=state.variant,
        dealer=state.dealer,
        phase=phase,
        to_act=next_seat,
        hand_masks=masks,
        deck=state.deck,
        turned=state.turned,
        auction=state.auction,
        contract=contract,
        trick_cards=trick,
        leader=leader,
        tricks=tricks,
        belotes=belotes,
        declarations=shown,
        legal_mask=legal,
    )


def _refuse(state: RoundState, card: Card, seat: Seat) -> None:
    hand = state.hand_masks[seat]
    if not hand >> card.index & 1:
        raise IllegalMoveError(
            f"{card}: not in seat {seat.value}'s hand ({CardSet(hand)})", reason=Reason.CARD_NOT_IN_HAND
        )
    assert state.contract is not None
    allowed, obligation = legal_mask(hand, state.trick_cards, state.contract.trump, state.variant)
    raise IllegalMoveError(
        f"{card}: {obligation.describe(state.trick_cards, state.contract.trump)} "
        f"(you hold {CardSet(allowed)})",
        reason=obligation.reason,
    )


def round_tally(state: RoundState) -> Tally:
    """The :class:`~belote.scoring.Tally` of a finished round."""
    if state.phase is not Phase.FINISHED:
        raise PhaseError(
            f"the round is not finished ({state.phase.value.replace('_', ' ')}): "
            f"{len(state.tricks)} of 8 tricks played",
            reason=Reason.ROUND_NOT_FINISHED,
        )
    card_points = [0, 0]
    tricks = [0, 0, 0, 0]
    for trick in state.tricks:
        card_points[trick.winner.team] += trick.points
        tricks[trick.winner] += 1
    return Tally(
        card_points=(card_points[Team(0)], card_points[Team(1)]),
        tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
        last_trick=state.tricks[-1].winner,
        belotes=state.belotes,
        declarations=state.declarations,
    )


def score_round(state: RoundState, carry: int = 0) -> DealScore:
    """Score a finished round (all 8 tricks played) with :func:`~belote.scoring.score_deal`.

    ``carry`` is the points held from earlier tied deals (a :class:`~belote.match.Match`
    passes its own).
    """
    tally = round_tally(state)
    assert state.contract is not None
    return score_deal(state.variant, state.contract, tally, carry)
