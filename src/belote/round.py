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

import random
from collections.abc import Iterable, Sequence

from belote._args import as_seat, check_seed_size, wrong_type
from belote._fast_values import new_history, new_state, new_trick
from belote._refusals import check_shown, phase_error, refuse_belote, refuse_card, turn_error
from belote._repr import safe_repr
from belote.belotes import belote_allowed
from belote.bidding import BIDDING_RULES, Bid, Call, Double, Pass, Redouble
from belote.cards import DECK, Card, CardSet, cardset_from_mask
from belote.declarations import Declaration, allows_declarations, declaration_options
from belote.errors import (
    BeloteError,
    IllegalBidError,
    IllegalMoveError,
    NotationError,
    Reason,
)
from belote.round_score import round_tally as round_tally
from belote.round_score import score_round as score_round
from belote.round_score import unannounced_belotes as unannounced_belotes
from belote.seats import Seat
from belote.state import NO_HISTORY, Phase, PlayHistory, RoundSetup, RoundState, Trick, check_state
from belote.tricks import legal_mask, winning_position
from belote.variants import BeloteCredit, FirstLead, Variant

__all__ = [
    "Phase",
    "PlayHistory",
    "RoundSetup",
    "RoundState",
    "Trick",
    "bid",
    "deal",
    "legal_bids",
    "legal_declarations",
    "legal_moves",
    "play",
]


def _shuffled(
    seed: int | str | None, rng: random.Random | None, deck: Sequence[Card] | None
) -> tuple[int, ...]:
    given = sum(value is not None for value in (seed, rng, deck))
    if given > 1:
        raise BeloteError("give at most one of seed, rng and deck")
    if deck is not None:
        try:
            cards = tuple(deck)
        except TypeError:
            cards = ()
        if not cards or not all(isinstance(card, Card) for card in cards):
            raise NotationError("deck must be a sequence of 32 Card", reason=Reason.MALFORMED_CARDS)
        order = tuple(card.index for card in cards)
        if sorted(order) != list(range(32)):
            raise NotationError("deck must hold each of the 32 cards once", reason=Reason.MALFORMED_CARDS)
        return order
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise BeloteError(f"seed must be an int or a str, got {safe_repr(seed)}")
    check_seed_size(seed)
    generator = rng if rng is not None else random.Random(seed)
    if not isinstance(generator, random.Random):
        raise BeloteError("rng must be a random.Random")
    order_list = list(range(32))
    generator.shuffle(order_list)
    return tuple(order_list)


def deal(
    variant: Variant,
    *,
    dealer: Seat | int = Seat.NORTH,
    seed: int | str | None = None,
    rng: random.Random | None = None,
    deck: Sequence[Card] | None = None,
) -> RoundState:
    """Shuffle and deal the first packets (3 then 2 cards each, from the eldest on; coinche
    deals the last packet of 3 too, before the auction).

    The shuffle is ``random.Random(seed).shuffle`` of the 32 cards, the same on every
    machine; pass ``rng`` to draw from your own generator, or ``deck`` for an explicit order.
    A turned-card variant turns the 21st card; the rest is dealt once the contract is known.

    >>> from belote import BULGARIAN, CLASSIC, Seat
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state.hand(Seat(1)), state.turned, state.to_act
    (CardSet.parse('JS 7S AH TH 8D'), Card.parse('9S'), <Seat.WEST: 1>)
    >>> len(deal(BULGARIAN, dealer=Seat(0), seed=7).hand(Seat(1)))
    5

    Raises:
        ArgumentTypeError: ``dealer`` is not a :class:`~belote.seats.Seat` or an int.
        BeloteError: ``variant`` is not a :class:`~belote.variant.Variant`, ``dealer`` is
            outside ``0..3``, or ``seed``, ``rng`` and ``deck`` are wrong or given together.
        NotationError: ``deck`` does not hold each of the 32 cards once.
    """
    if not isinstance(variant, Variant):
        raise BeloteError(f"variant must be a Variant, got {safe_repr(variant)}")
    dealer = dealer if dealer.__class__ is Seat else as_seat(dealer, "dealer")
    order = _shuffled(seed, rng, deck)
    hands = [0, 0, 0, 0]
    for step in range(4):  # 3 cards each from the eldest on (deck 0..11), then 2 each (12..19)
        three, two = 3 * step, 12 + 2 * step
        hands[(dealer + 1 + step) & 3] = (
            1 << order[three]
            | 1 << order[three + 1]
            | 1 << order[three + 2]
            | 1 << order[two]
            | 1 << order[two + 1]
        )
    rules = BIDDING_RULES[variant.bidding]
    if rules.deal_all:  # coinche: the last packet of 3 before the auction (deck 20..31)
        for step in range(4):
            start = 20 + 3 * step
            hands[(dealer + 1 + step) & 3] |= (
                1 << order[start] | 1 << order[start + 1] | 1 << order[start + 2]
            )
    turned = DECK[order[20]] if rules.turned_card else None
    setup = RoundSetup(variant, dealer, order, turned, (), None)
    masks = (hands[0], hands[1], hands[2], hands[3])
    return new_state(setup, Phase.BIDDING, dealer.next, masks, (), 0, NO_HISTORY)


def _check_turn(state: RoundState, phase: Phase, seat: Seat | int | None, action: str) -> Seat:
    given = None if seat is None else as_seat(seat, "seat")
    if state.phase is not phase:
        raise phase_error(state.phase, action)
    to_act = state.to_act
    assert to_act is not None
    if given is not None and given != to_act:
        raise turn_error(given, to_act, action)
    return to_act


def legal_bids(state: RoundState) -> tuple[Call, ...]:
    """The calls the seat to act may make (empty outside the bidding phase).

    >>> from belote import BULGARIAN, CLASSIC, Seat
    >>> legal_bids(deal(CLASSIC, dealer=Seat(0), seed=7))
    (Pass(), Bid(Trump.SPADES))
    >>> len(legal_bids(deal(BULGARIAN, dealer=Seat(0), seed=7)))
    7

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`.
    """
    check_state(state)
    if state.phase is not Phase.BIDDING:
        return ()
    turned = None if state.turned is None else state.turned.suit
    return BIDDING_RULES[state.variant.bidding].legal(state.variant, state.auction, turned)


def bid(state: RoundState, call: Call, *, seat: Seat | int | None = None) -> RoundState:
    """The state after the seat to act makes ``call``.

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`, or ``seat`` is not a
            :class:`~belote.seats.Seat` or an int.
        BeloteError: ``seat`` is an int outside ``0..3``.
        PhaseError: outside the bidding phase.
        OutOfTurnError: ``seat`` is given and is not the seat to act.
        IllegalBidError: the call is not one of :func:`legal_bids`.

    >>> from belote import CLASSIC, Pass, Seat
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
    >>> state = bid(state, Pass())
    >>> state.auction, state.to_act
    (((<Seat.WEST: 1>, Pass()),), <Seat.SOUTH: 2>)
    """
    check_state(state)
    to_act = _check_turn(state, Phase.BIDDING, seat, "bid")
    if not isinstance(call, (Pass, Bid, Double, Redouble)):
        raise IllegalBidError(f"{safe_repr(call)} is not a call (Pass, Bid, Double or Redouble)")
    rules = BIDDING_RULES[state.variant.bidding]
    turned = None if state.turned is None else state.turned.suit
    if call not in rules.legal(state.variant, state.auction, turned):
        raise rules.refusal(state.variant, state.auction, turned, call)
    auction = (*state.auction, (to_act, call))
    finished, contract = rules.result(state.variant, auction)
    old = state.setup
    setup = RoundSetup(old.variant, old.dealer, old.deck, old.turned, auction, contract)
    if not finished:
        return new_state(setup, Phase.BIDDING, to_act.next, state.hand_masks, (), 0, NO_HISTORY)
    if contract is None:
        return new_state(setup, Phase.PASSED_OUT, None, state.hand_masks, (), 0, NO_HISTORY)
    return _start_play(state, setup)


def _start_play(state: RoundState, setup: RoundSetup) -> RoundState:
    """Complete the deal once the contract is known and hand the lead to the first leader."""
    contract = setup.contract
    assert contract is not None
    hands = list(state.hand_masks)
    position = 20
    if setup.turned is not None:
        hands[contract.taker] |= 1 << setup.turned.index
        position = 21
    for step in range(1, 5):
        seat = (setup.dealer + step) & 3
        need = 8 - hands[seat].bit_count()
        for card in setup.deck[position : position + need]:
            hands[seat] |= 1 << card
        position += need
    leader = setup.dealer if setup.variant.first_lead is FirstLead.DEALER else setup.dealer.next
    masks = (hands[0], hands[1], hands[2], hands[3])
    return new_state(setup, Phase.PLAYING, leader, masks, (), masks[leader], NO_HISTORY)


def legal_moves(state: RoundState) -> CardSet:
    """The cards the seat to act may play (empty outside the playing phase).

    >>> from belote import CLASSIC, Seat
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> state.hand(Seat(1)) == legal_moves(state)  # the eldest leads the first trick
    True
    >>> state = play(state, next(iter(legal_moves(state))))
    >>> legal_moves(state)
    CardSet.parse('QS')

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`.
    """
    try:  # no check on the hot path: only a non-state lacks the attribute
        return cardset_from_mask(state.legal_mask)
    except AttributeError:
        check_state(state)
        raise


def legal_declarations(state: RoundState) -> tuple[tuple[Declaration, ...], ...]:
    """The combinations of declarations the seat to act may show with the card it plays now.

    Declarations are made with a player's first card, in variants that have them, and not
    in no trumps. Any part of one option may be declared (declaring is optional).

    >>> from belote import BULGARIAN, Seat, Trump, Bid, Pass
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=10)
    >>> state = bid(state, Bid(Trump.ALL_TRUMPS))
    >>> for _ in range(3):
    ...     state = bid(state, Pass())
    ...
    >>> legal_declarations(state)
    ((Declaration(Seat.WEST, CardSet.parse('KH QH JH')),),)

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`.
    """
    check_state(state)
    trump = state.trump  # None before the contract (bidding, passed out); a finished round has tricks
    if trump is None or state.tricks or not allows_declarations(state.variant, trump):
        return ()
    assert state.to_act is not None
    return declaration_options(state.hand(state.to_act), state.to_act)


def play(
    state: RoundState,
    card: Card | str,
    *,
    seat: Seat | int | None = None,
    belote: bool | None = None,
    declarations: Sequence[Declaration] = (),
) -> RoundState:
    """The state after the seat to act plays ``card``.

    Args:
        state: a round in the playing phase.
        card: a :class:`Card` (or its text, e.g. ``"JH"``).
        seat: if given, checked against the seat to act.
        belote: announce belote with this card: ``None`` announces it whenever the card
            allows it, ``False`` declines, ``True`` requires it (error if not allowed).
            Under ``belote_credit="held"`` belote is never announced (it is credited from the
            dealt hands): ``None`` and ``False`` do nothing, ``True`` is refused.
        declarations: declarations shown with the player's first card (a part of one of
            :func:`legal_declarations`).

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`, ``seat`` is not a
            :class:`~belote.seats.Seat` or an int, ``belote`` is not ``None``, ``True`` or
            ``False``, or ``declarations`` is not a sequence.
        BeloteError: ``seat`` is an int outside ``0..3``.
        PhaseError: outside the playing phase.
        OutOfTurnError: ``seat`` is given and is not the seat to act.
        IllegalMoveError: the card is not in the hand, or the rules forbid it now.
        DeclarationError: a belote or declarations that may not be announced.

    >>> from belote import CLASSIC, Seat
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> card = next(iter(legal_moves(state)))
    >>> after = play(state, card)
    >>> after.trick, after.to_act
    (((<Seat.WEST: 1>, Card.parse('JS')),), <Seat.SOUTH: 2>)
    """
    if state.__class__ is not RoundState:
        check_state(state)
    to_act = state.to_act
    if state.phase is not _PLAYING or seat is not None:
        to_act = _check_turn(state, Phase.PLAYING, seat, "play")
    assert to_act is not None
    if belote is not None and belote.__class__ is not bool:
        raise wrong_type("belote", "None, True or False", belote)
    if card.__class__ is not Card:
        card = _as_card(card)
    index = card.index
    bit = 1 << index
    if not state.legal_mask & bit:
        _refuse(state, card, to_act)
    setup = state.setup
    variant = setup.variant
    mode = setup.mode
    hand = state.hand_masks[to_act]
    history = state.history
    if belote is not False and index & 7 in _KING_OR_QUEEN and variant.belote_credit is _ANNOUNCED:
        if belote_allowed(hand, index, state.trick_cards, mode, variant):
            history = new_history(history.tricks, (*history.belotes, to_act), history.declarations)
        elif belote:
            refuse_belote(card, variant)
    elif belote:
        refuse_belote(card, variant)
    if declarations:
        if isinstance(declarations, (str, bytes)) or not isinstance(declarations, Iterable):
            raise wrong_type("declarations", "a sequence of Declaration", declarations)
        check_shown(hand, to_act, tuple(declarations), not history.tricks, mode, variant)
        history = new_history(history.tricks, history.belotes, (*history.declarations, *declarations))
    masks = list(state.hand_masks)
    masks[to_act] = hand & ~bit
    trick = (*state.trick_cards, index)
    phase = _PLAYING
    next_seat: Seat | None
    if len(trick) == 4:
        leader = to_act.next
        next_seat = leader.offset(winning_position(trick, mode))
        points = setup.points
        completed = new_trick(
            leader,
            (DECK[trick[0]], DECK[trick[1]], DECK[trick[2]], DECK[trick[3]]),
            next_seat,
            points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]],
        )
        tricks = (*history.tricks, completed)
        history = new_history(tricks, history.belotes, history.declarations)
        trick = ()
        if len(tricks) == 8:
            phase, next_seat = _FINISHED, None
    else:
        next_seat = to_act.next
    legal = 0 if next_seat is None else legal_mask(masks[next_seat], trick, mode, variant)[0]
    return new_state(setup, phase, next_seat, (masks[0], masks[1], masks[2], masks[3]), trick, legal, history)


_PLAYING = Phase.PLAYING
_FINISHED = Phase.FINISHED
_KING_OR_QUEEN = (5, 6)
_ANNOUNCED = BeloteCredit.ANNOUNCED


def _as_card(card: object) -> Card:
    if isinstance(card, str):
        return Card.parse(card)
    if isinstance(card, Card):
        return card
    raise IllegalMoveError(f"{safe_repr(card)} is not a card", reason=Reason.MALFORMED_CARD)


def _refuse(state: RoundState, card: Card, seat: Seat) -> None:
    refuse_card(state.hand_masks[seat], state.trick_cards, state.setup.mode, state.variant, card, seat)
