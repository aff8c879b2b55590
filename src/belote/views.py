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

from belote._args import as_seat, plain_int, wrong_type
from belote._auction_history import Calls, resolve_contract, turned_input
from belote._fast_values import new_state
from belote._history import (
    Plays,
    check_variant,
    early_play_error,
    first_leader,
    parse_plays,
    play_entries,
    play_state,
    seat_cards,
)
from belote._inputs import Cards, card_list, seat_of
from belote._repr import safe_repr, short_repr
from belote.bidding import BIDDING_RULES, Call, Contract
from belote.cards import DECK, Card, CardSet, cardset_from_mask
from belote.declarations import Declaration
from belote.errors import ArgumentTypeError, PositionError, Reason
from belote.match import Match, check_match_variant, check_score_bounds
from belote.round import Phase, RoundState, Trick, legal_bids, legal_declarations
from belote.seats import Seat
from belote.state import NO_HISTORY, RoundSetup
from belote.trumps import Trump
from belote.variants import Variant

__all__ = ["PlayerView", "observe", "seat_view"]


@attrs.frozen(order=False)
class PlayerView:
    """Everything seat :attr:`seat` is allowed to know at one moment of a round. Immutable.

    Build it with :func:`observe` from a round state, or with :func:`seat_view` from what the
    seat knows. The legal actions (:attr:`legal_bids`,
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

    def hand_size(self, seat: Seat | int) -> int:
        """How many cards ``seat`` holds now (public: 8 minus the cards it played, while playing).

        >>> from belote import CLASSIC, Seat, deal, observe
        >>> observe(deal(CLASSIC, dealer=Seat(0), seed=1), Seat(1)).hand_size(Seat(3))
        5
        """
        seat = as_seat(seat, "seat")
        if self.contract is None:  # bidding or passed out: nobody has played
            return len(self.hand)
        gone = len(self.tricks) + sum(1 for player, _ in self.trick if player == seat)
        return 8 - gone

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, for Jupyter (see :func:`belote.svg.table`)."""
        from belote.svg import table

        return table(self)


def observe(state: RoundState, seat: Seat | int, *, match: Match | None = None) -> PlayerView:
    """The view of ``state`` from ``seat``: its hand, the public facts, its legal actions.

    Pass the ``match`` the round belongs to for the scores, the carry and the target.

    >>> from belote import CLASSIC, Seat, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=2)
    >>> view = observe(state, Seat(1))
    >>> view.hand == state.hand(Seat(1)), view.legal_bids
    (True, (Pass(), Bid(Trump.CLUBS)))

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`~belote.round.RoundState`, ``seat`` not a
            :class:`~belote.seats.Seat` or an int, or ``match`` not a :class:`~belote.match.Match`.
        BeloteError: ``seat`` is an int outside ``0..3``.
        MatchError: the match plays another variant than the round.
    """
    if not isinstance(state, RoundState):
        raise wrong_type("state", "a RoundState", state)
    seat = as_seat(seat, "seat")
    if match is not None and not isinstance(match, Match):
        raise wrong_type("match", "a Match or None", match)
    if match is None:
        return _view(state, seat, None, 0, None)
    check_match_variant(match, state.variant)
    return _view(state, seat, match.scores, match.carry, match.target)


def _view(
    state: RoundState, seat: Seat, scores: tuple[int, int] | None, carry: int, target: int | None
) -> PlayerView:
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
        scores=scores,
        carry=carry,
        target=target,
    )


def seat_view(
    variant: Variant,
    seat: Seat | int,
    *,
    hand: Cards,
    dealer: Seat | int,
    turned: Card | str | None = None,
    contract: Contract | None = None,
    auction: Calls | None = None,
    plays: Plays = (),
    scores: tuple[int, int] | None = None,
    carry: int = 0,
    target: int | None = None,
) -> PlayerView:
    """The view of ``seat`` built from what that seat knows: no other hand is needed.

    For a bot that plays on another server, or at a real table: give its hand, the dealer,
    the contract (or the auction), the cards played, and the match score when known. The view
    is the one :func:`observe` gives of the same moment, legal actions included, so every
    agent decides from it exactly as from ``observe(state, seat)``.

    Args:
        variant: the rules.
        seat: the seat that sees.
        hand: its cards now (or the 8 it was dealt: the cards it played are then taken out);
            5 cards before the contract (8 where the whole pack is dealt first: coinche).
        dealer: the seat that dealt.
        turned: the turned card of a turned-card variant (public there, so required).
        contract: the contract, given directly (the view's ``auction`` is then empty); or
            ``auction``: the calls, checked by the bidding rules (while bidding, the calls so far:
            the view carries the legal calls).
        plays: the cards played so far in play order, as for :func:`~belote.positions.position`
            (``"KH*"`` announced belote, ``"KS(KSQSJS)"`` showed declarations).
        scores: the match score before this deal, when known (with ``carry`` and ``target``).

    The seat's own cards are checked by the rules as for :func:`~belote.positions.position`;
    the other seats' cards only against what is public (a card played twice, a card this seat
    holds, a card known to be elsewhere: the turned card, a declared card, a belote's partner).

    Raises:
        PositionError: a hand or turned card that does not fit, a contract the variant does
            not allow.
        ReplayError: the first call or card refused, with its index and the rule's reason.

    >>> from belote import CLASSIC, Contract, Seat, Trump
    >>> view = seat_view(CLASSIC, Seat(3), hand="AD KD QD TD 7H KC QC JC", dealer=Seat(3),
    ...                  turned="JH", contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S QS")
    >>> view.is_to_act, str(view.legal_cards), len(view.hand)
    (True, '7H', 8)
    """
    check_variant(variant)
    seat = seat_of(seat, "seat")
    dealer = seat_of(dealer, "dealer")
    mine = hand.mask if hand.__class__ is CardSet else _mask_of(card_list(hand, "hand"))
    card = turned_input(turned, variant)
    if BIDDING_RULES[variant.bidding].turned_card and card is None:
        raise PositionError(f"give the turned card: it is public in {variant.name}")
    scores, carry, target = _checked_score(scores, carry, target)
    calls, finished, deal_contract = resolve_contract(variant, dealer, auction, contract, card)
    entries = play_entries(plays)
    masks = [0, 0, 0, 0]
    held = [0, 0, 0, 0]
    turned_bit = 0 if card is None else 1 << card.index
    setup = RoundSetup(variant, dealer, (), card, calls, deal_contract)
    if deal_contract is None:
        masks[seat] = _hand_mask(mine, 0, 8 if BIDDING_RULES[variant.bidding].deal_all else 5, seat)
        if masks[seat] & turned_bit:
            raise PositionError(
                f"the turned card {card} cannot be in seat {seat.value}'s hand before the contract",
                reason=Reason.MALFORMED_CARDS,
            )
        phase = Phase.PASSED_OUT if finished else Phase.BIDDING
        to_act = None if finished else dealer.offset(1 + len(calls))
        if entries:
            raise early_play_error(entries, phase, len(calls), to_act)
        state = new_state(setup, phase, to_act, (masks[0], masks[1], masks[2], masks[3]), (), 0, NO_HISTORY)
        return _view(state, seat, scores, carry, target)
    parsed, pending = parse_plays(entries)
    mine_played = seat_cards(parsed, first_leader(variant, dealer), setup.mode, seat)
    masks[seat] = _hand_mask(mine, mine_played, 8, seat)
    if turned_bit:
        if deal_contract.taker == seat and not masks[seat] & turned_bit:
            raise PositionError(
                f"seat {seat.value} took: its hand must hold the turned card {card}",
                reason=Reason.MALFORMED_CARDS,
            )
        if deal_contract.taker != seat:
            if masks[seat] & turned_bit:
                raise PositionError(
                    f"the turned card {card} is the taker's, not seat {seat.value}'s",
                    reason=Reason.MALFORMED_CARDS,
                )
            held[deal_contract.taker] = turned_bit
    state = play_state(setup, masks, 1 << seat, held, parsed, pending, len(calls))
    return _view(state, seat, scores, carry, target)


def _mask_of(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _hand_mask(mask: int, played: int, dealt: int, seat: Seat) -> int:
    """The hand ``seat`` was dealt: ``mask`` as given (now, or as dealt) and the cards it played."""
    given = mask.bit_count()
    if mask & played and mask & played != played:
        if given == dealt:  # the hand as dealt: the plays name cards it was not dealt
            raise PositionError(
                f"seat {seat.value} played {CardSet(played & ~mask)}, not in the hand it was dealt "
                f"({CardSet(mask)})",
                reason=Reason.MALFORMED_CARDS,
            )
        raise PositionError(
            f"seat {seat.value}'s hand holds some of the cards it played ({CardSet(mask & played)}) "
            "but not all: give the cards it holds now, or the ones it was dealt",
            reason=Reason.MALFORMED_CARDS,
        )
    mask |= played
    if mask.bit_count() != dealt:
        now = dealt - played.bit_count()
        raise PositionError(
            f"seat {seat.value} holds {now} cards now ({dealt} dealt, {CardSet(played) or 'none'} played), "
            f"got {given}",
            reason=Reason.MALFORMED_CARDS,
        )
    return mask


def _checked_score(
    scores: object, carry: object, target: object
) -> tuple[tuple[int, int] | None, int, int | None]:
    """The match facts a view may be given, checked as :class:`~belote.match.Match` checks them,
    each number as a plain int (an int enum member given is held as its value)."""
    if scores is not None and not (
        isinstance(scores, tuple)
        and len(scores) == 2
        and all(isinstance(value, int) and not isinstance(value, bool) for value in scores)
    ):
        raise ArgumentTypeError(f"scores must be a pair of ints or None, got {safe_repr(scores)}")
    if isinstance(carry, bool) or not isinstance(carry, int):
        raise ArgumentTypeError(f"carry must be an int, got {safe_repr(carry)}")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise ArgumentTypeError(f"target must be an int or None, got {safe_repr(target)}")
    check_score_bounds(carry, target)
    return (
        None if scores is None else (plain_int(scores[0]), plain_int(scores[1])),
        plain_int(carry),
        None if target is None else plain_int(target),
    )
