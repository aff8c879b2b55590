"""Positions from the outside world: the round state of a deal dealt and played elsewhere.

A server that stores its games (the hands, the contract, the cards played), a bot playing on
another site, a fixture written by hand: :func:`position` builds the
:class:`~belote.state.RoundState` from those facts directly, with no auction to play when the
contract is known, and checks every card of the history by the rules as it goes (the same
checks, and the same errors, as :func:`~belote.round.play`). The round notation and the game
records build their states through it.

>>> from belote import CLASSIC, Contract, ReplayError, Seat, Trump, legal_moves
>>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
>>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
...                  contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S QS")
>>> state.to_act, str(legal_moves(state))
(<Seat.EAST: 3>, '7H')
>>> try:
...     position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
...              contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S QS KD")
... except ReplayError as error:
...     print(error.index, error.reason.value, "-", error.detail)
3 must_trump - KD: void in spades: must trump (you hold 7H)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from belote._auction_history import Calls, resolve_contract, turned_input
from belote._fast_values import new_state
from belote._history import Plays, check_variant, early_play_error, parse_plays, play_entries, play_state
from belote._inputs import Cards, card_list, seat_of
from belote._repr import safe_repr
from belote.bidding import BIDDING_RULES, Contract
from belote.cards import DECK, Card, CardSet
from belote.errors import ArgumentTypeError, PositionError, Reason
from belote.round import _start_play
from belote.seats import Seat
from belote.state import NO_HISTORY, Phase, RoundSetup, RoundState
from belote.variants import Variant

__all__ = ["Calls", "Plays", "position"]

_DEALT_FIRST = 5
"""Cards each seat holds before the contract (3 then 2), in both bidding systems."""


def position(
    variant: Variant,
    *,
    dealer: Seat | int,
    hands: Sequence[Cards],
    stock: Cards | None = None,
    turned: Card | str | None = None,
    contract: Contract | None = None,
    auction: Calls | None = None,
    plays: Plays = (),
) -> RoundState:
    """The round state of a deal from its facts: hands, contract and the cards played so far.

    Args:
        variant: the rules.
        dealer: the seat that dealt (a :class:`~belote.seats.Seat` or 0..3).
        hands: the four hands as dealt, in seat order: 8 cards each once the contract is
            known, or the first 5 each before it (then give ``stock``); 8 each from the start
            where the whole pack is dealt before the auction (coinche). Each is a
            :class:`~belote.cards.CardSet`, :class:`~belote.cards.Card` values or a text like
            ``"AS JH 7D"``; a hand given in the order it was dealt rebuilds the deck exactly.
        stock: with 5-card hands, the 12 undealt cards in dealing order (in a turned-card
            variant the first is the turned card); they are dealt when the contract is known
            (before the auction where the whole pack is dealt first: 3 more each).
        turned: the turned card of a turned-card variant (public; the taker holds it). Needed
            with 8-card hands; with a stock it is the stock's first card.
        contract: the contract, given directly: no auction to play. The variant must allow its
            trump mode and doubling level. The state then has no auction (``state.auction`` is
            empty); a game record holds its contract instead of the calls (record version 2),
            and the round notation writes it ``=TAKER:BID``.
        auction: the calls instead (or as well: then they must give ``contract``), checked
            call by call by the bidding rules.
        plays: the cards played so far in play order, each checked by the rules as it is
            applied, with the belotes (``"KH*"``) and declarations (``"KS(KSQSJS)"``) announced
            with them. A ``(seat, card)`` pair has its seat checked against the turn.

    Raises:
        PositionError: cards missing or given twice, hands of the wrong size, a turned card
            that does not fit, a contract the variant does not allow.
        ReplayError: the first call or card the rules refuse, with its index (the calls given
            in ``auction`` count first, then the plays), its seat and the rule's reason.

    >>> from belote import CLASSIC, Contract, Seat, Trump, legal_moves
    >>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
    ...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
    >>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
    ...                  contract=Contract(Seat(0), Trump.HEARTS), plays="9S 8S")
    >>> state.to_act, legal_moves(state)
    (<Seat.SOUTH: 2>, CardSet.parse('QS JS TS'))
    """
    check_variant(variant)
    dealer = seat_of(dealer, "dealer")
    lists = _hand_lists(hands)
    pool = None if stock is None else card_list(stock, "the stock")
    card = turned_input(turned, variant)
    turned_card = BIDDING_RULES[variant.bidding].turned_card
    sizes = [len(cards) for cards in lists]
    full = sizes == [8, 8, 8, 8] and pool is None
    deal_all = BIDDING_RULES[variant.bidding].deal_all
    if not full and not (sizes == [_DEALT_FIRST] * 4 and pool is not None and len(pool) == 12):
        stock_text = "" if pool is None else f" and a stock of {len(pool)}"
        raise PositionError(
            "give four hands of 8 cards, or four of 5 and the 12 undealt cards as the stock; "
            f"got hands of {', '.join(map(str, sizes))} cards{stock_text}",
            reason=Reason.MALFORMED_CARDS,
        )
    masks = [_mask(cards) for cards in lists]
    every = masks[0] | masks[1] | masks[2] | masks[3] | (0 if pool is None else _mask(pool))
    if every.bit_count() != 32:
        _find_a_card_twice(lists, pool)
    if pool is not None and turned_card:
        if card is not None and card.index != pool[0]:
            raise PositionError(
                f"the turned card is the stock's first card, {DECK[pool[0]]}, not {card}",
                reason=Reason.MALFORMED_CARDS,
            )
        card = DECK[pool[0]]
    calls, finished, deal_contract = resolve_contract(variant, dealer, auction, contract, card)
    if deal_all and pool is not None:  # the whole pack is dealt before the auction (coinche)
        deck = _first_deck(lists, dealer) + tuple(pool)
        for step in range(4):
            masks[(dealer + 1 + step) & 3] |= _mask(pool[3 * step : 3 * step + 3])
        pool = None
    elif deal_all:
        deck = _first_deck(lists, dealer) + tuple(
            card for step in range(1, 5) for card in lists[(dealer + step) & 3][_DEALT_FIRST:]
        )
    elif pool is None:
        if deal_contract is None:
            raise PositionError(
                "hands of 8 cards need the contract (or an auction that ends in one)",
                reason=Reason.BAD_CONTRACT,
            )
        deck = _full_deck(lists, dealer, card, deal_contract.taker, turned_card)
    else:
        deck = _first_deck(lists, dealer) + tuple(pool)
    setup = RoundSetup(variant, dealer, deck, card, calls, deal_contract)
    entries = play_entries(plays)
    if deal_contract is None:
        phase = Phase.PASSED_OUT if finished else Phase.BIDDING
        to_act = None if finished else dealer.offset(1 + len(calls))
        if entries:
            raise early_play_error(entries, phase, len(calls), to_act)
        return new_state(setup, phase, to_act, (masks[0], masks[1], masks[2], masks[3]), (), 0, NO_HISTORY)
    if pool is not None:
        bidding = new_state(
            setup, Phase.BIDDING, None, (masks[0], masks[1], masks[2], masks[3]), (), 0, NO_HISTORY
        )
        masks = list(_start_play(bidding, setup).hand_masks)
    parsed, pending = parse_plays(entries)
    return play_state(setup, masks, 0b1111, [0, 0, 0, 0], parsed, pending, len(calls))


def _hand_lists(hands: object) -> list[list[int]]:
    if isinstance(hands, (str, CardSet)) or not isinstance(hands, Sequence):
        raise ArgumentTypeError(f"hands must be a sequence of the four seats' hands, got {safe_repr(hands)}")
    if len(hands) != 4:
        raise PositionError(f"give four hands, one per seat, got {len(hands)}", reason=Reason.MALFORMED_CARDS)
    return [card_list(hand, f"hand {seat}") for seat, hand in enumerate(hands)]


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _find_a_card_twice(lists: list[list[int]], pool: list[int] | None) -> None:
    """Raise the :class:`~belote.errors.PositionError` naming a card given twice (the sizes add
    up to 32, so a card given twice is why the deal does not hold all 32)."""
    groups = [(f"hand {seat}", cards) for seat, cards in enumerate(lists)]
    if pool is not None:
        groups.append(("the stock", pool))
    where: dict[int, str] = {}
    for name, cards in groups:
        for card in cards:
            if card in where:
                raise PositionError(
                    f"{DECK[card]} is given twice: in {where[card]} and in {name}",
                    reason=Reason.MALFORMED_CARDS,
                )
            where[card] = name
    raise PositionError("the deal must hold each of the 32 cards once", reason=Reason.MALFORMED_CARDS)


def _first_deck(lists: list[list[int]], dealer: Seat) -> tuple[int, ...]:
    """The first 20 cards of the deck: 3 to each seat from the eldest on, then 2 each."""
    deck: list[int] = []
    for start, packet in ((0, 3), (3, 2)):
        for step in range(1, 5):
            deck.extend(lists[(dealer + step) & 3][start : start + packet])
    return tuple(deck)


def _full_deck(
    lists: list[list[int]], dealer: Seat, turned: Card | None, taker: Seat, turned_card: bool
) -> tuple[int, ...]:
    """The deck that deals 8-card ``lists`` once ``taker`` took (the turned card 21st)."""
    if turned_card:
        if turned is None:
            raise PositionError("give the turned card: it is public, and the taker holds it")
        if turned.index not in lists[taker]:
            raise PositionError(
                f"the turned card {turned} must be in the taker's hand (seat {taker.value})",
                reason=Reason.MALFORMED_CARDS,
            )
        lists = [list(cards) for cards in lists]
        lists[taker].remove(turned.index)
    deck = list(_first_deck(lists, dealer))
    if turned is not None:
        deck.append(turned.index)
    for step in range(1, 5):
        deck.extend(lists[(dealer + step) & 3][_DEALT_FIRST:])
    return tuple(deck)
