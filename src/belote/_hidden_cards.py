"""What a seat's view reveals about the hidden hands, and whether any deal of them fits it.

The searching players' beliefs (:func:`belote.agents.inference.infer`) read from a view:

* the cards each other seat is known to hold: the turned card, held by the taker until
  played; the cards of a declaration shown and not yet played; the other half of an announced
  belote;
* the cards each seat cannot hold, from the rules: a card ``u`` is excluded from a player's
  hand when the card it played would not have been legal had it also held ``u`` (a player who
  did not follow is void in the led suit, one who did not trump when obliged holds no trump,
  ...). Adding cards to a hand never makes an illegal card legal, so this is sound.

:func:`deal_problem` then says why the hidden cards cannot be dealt to the other seats, each
seat receiving as many as it still holds and none it cannot hold (Hall's condition on every
group of seats, exact for this dealing), or None when they can. No real table gives such a
view; one typed in from outside can (:func:`~belote.views.seat_view` checks each seat's plays
against its own later cards only, as reading every seat's voids would take it past its speed
budget), and the beliefs then name the contradiction.

>>> from belote import CLASSIC, Contract, Trump, seat_view
>>> view = seat_view(CLASSIC, Seat(2), hand="7D 8D 9D TD 7C 8C 9C TC", dealer=Seat(0),
...                  turned="JH", contract=Contract(Seat(1), Trump.HEARTS), plays="AS 7D")
>>> deal_problem(view.seat, tuple(view.hand_size(seat) for seat in Seat), revealed(view)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from belote.bidding import Contract
from belote.cards import SUIT_MASKS, Card, CardSet, Rank, mask_indices
from belote.declarations import Declaration
from belote.seats import Seat
from belote.tricks import legal_mask
from belote.variants import Variant

__all__ = ["Revealed", "Seen", "deal_problem", "revealed", "ruled_out_by"]

_FULL = (1 << 32) - 1


class Seen(Protocol):
    """What :func:`revealed` reads of a view (a :class:`~belote.views.PlayerView` has it all)."""

    @property
    def seat(self) -> Seat: ...

    @property
    def hand(self) -> CardSet: ...

    @property
    def played(self) -> CardSet: ...

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]: ...

    @property
    def contract(self) -> Contract | None: ...

    @property
    def turned(self) -> Card | None: ...

    @property
    def declarations(self) -> tuple[Declaration, ...]: ...

    @property
    def belotes(self) -> tuple[Seat, ...]: ...

    @property
    def variant(self) -> Variant: ...


@attrs.frozen(order=False)
class Revealed:
    """The facts of a view in the card play, as card masks by seat.

    >>> Revealed(known=(1, 0, 0, 0), ruled_out=(0, 0, 0, 0), hidden=6).hidden
    6
    """

    known: tuple[int, int, int, int]
    """The cards each seat is known to hold (the viewing seat's: its hand)."""
    ruled_out: tuple[int, int, int, int]
    """The hidden cards each seat's plays show it cannot hold, by the rules."""
    hidden: int
    """The cards not played, not in the viewing seat's hand and not known elsewhere."""


def revealed(view: Seen) -> Revealed:
    """The facts ``view`` shows about the hidden hands (see the module documentation); the view
    must be of the card play (a contract).

    >>> from belote import CLASSIC, Contract, Trump, seat_view
    >>> view = seat_view(CLASSIC, Seat(3), hand="AD KD QD TD 7H KC QC JC", dealer=Seat(3),
    ...                  turned="JH", contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S QS")
    >>> str(CardSet(revealed(view).known[0]))  # the taker holds the turned card
    'JH'
    """
    contract = view.contract
    if contract is None:
        raise ValueError("revealed reads a view of the card play (a contract)")
    me = view.seat
    mine = view.hand.mask
    plays = [(seat, card.index) for seat, card in view.plays]
    played = 0
    for _, index in plays:
        played |= 1 << index
    known = [0, 0, 0, 0]
    if view.turned is not None and not played >> view.turned.index & 1:
        known[contract.taker] |= 1 << view.turned.index
    for declaration in view.declarations:
        known[declaration.seat] |= declaration.cards.mask & ~played
    mode = contract.trump
    trump_suit = mode.suit
    if trump_suit is not None:
        pair = 1 << (trump_suit * 8 + Rank.KING) | 1 << (trump_suit * 8 + Rank.QUEEN)
        for seat in view.belotes:
            known[seat] |= pair & ~played
    known[me] = mine
    hidden = _FULL & ~(mine | played)
    for seat in Seat:
        if seat != me:
            hidden &= ~known[seat]
    ruled_out = [0, 0, 0, 0]
    if hidden:
        variant = view.variant
        for start in range(0, len(plays), 4):
            trick = [index for _, index in plays[start : start + 4]]
            for position in range(1, len(trick)):
                seat = plays[start + position][0]
                if seat != me:
                    ruled_out[seat] |= ruled_out_by(trick[position], trick[:position], hidden, mode, variant)
    return Revealed(
        known=(known[0], known[1], known[2], known[3]),
        ruled_out=(ruled_out[0], ruled_out[1], ruled_out[2], ruled_out[3]),
        hidden=hidden,
    )


def ruled_out_by(card: int, trick: Sequence[int], candidates: int, mode: int, variant: Variant) -> int:
    """The mask of the ``candidates`` (a mask) a player cannot hold, having played ``card`` into
    ``trick``: each one with which ``card`` would not have been legal.

    Every variant obliges a player to follow the led suit: one that did not holds none of it,
    and one that did was obliged by the led suit's cards alone (to beat its highest card); in
    no trumps and all trumps a player that cannot follow is free. The rules are asked about the
    rest a suit at a time, and about each card of a suit only where ``card`` is not legal
    beside all of them at once (adding cards to a hand never makes an illegal card legal): a
    trump obliges to trump or overtrump, and under some options a card of another suit forbids
    undertrumping. The tests check this against asking the rules about every candidate.

    >>> from belote import CLASSIC, Card
    >>> from belote.cards import CardSet
    >>> hidden = CardSet.parse("7S KS AS 7C").mask
    >>> led = [Card.parse("QS").index]
    >>> str(CardSet(ruled_out_by(Card.parse("8D").index, led, hidden, 2, CLASSIC)))  # no spade left
    'AS KS 7S'
    """
    led = trick[0] >> 3
    if card >> 3 != led:  # not followed: void in the led suit
        ruled = candidates & SUIT_MASKS[led]
        if mode >= 4:  # no trumps, all trumps: free once void
            return ruled
        suits = [suit for suit in range(4) if suit != led]
    else:  # followed: only the led suit's own cards can have obliged (to beat)
        if mode == 4:
            return 0
        ruled = 0
        suits = [led]
    bit = 1 << card
    for suit in suits:
        group = candidates & SUIT_MASKS[suit]
        if not group or legal_mask(bit | group, trick, mode, variant)[0] & bit:
            continue
        for other in mask_indices(group):
            if not legal_mask(bit | 1 << other, trick, mode, variant)[0] & bit:
                ruled |= 1 << other
    return ruled


def deal_problem(me: Seat, sizes: Sequence[int], facts: Revealed) -> str | None:
    """Why the hidden cards of ``facts`` cannot be dealt to the seats other than ``me``, each
    seat receiving as many as it holds (``sizes``, by seat, less the cards it is known to hold)
    and none it cannot hold, or None when they can: for every group of the other seats, the
    hidden cards only that group may hold must be no more than the group still holds (Hall's
    condition, exact for this dealing), and the hidden cards as many as the seats still hold.

    >>> deal_problem(Seat(0), (2, 1, 0, 0), Revealed(known=(3, 0, 0, 0), ruled_out=(0, 4, 4, 4), hidden=4))
    '1 hidden card can be in no hand'
    >>> deal_problem(Seat(0), (2, 0, 0, 1), Revealed(known=(3, 0, 0, 0), ruled_out=(0, 4, 4, 0), hidden=4))
    """
    others = [seat for seat in Seat if seat != me]
    need = [sizes[seat] - facts.known[seat].bit_count() for seat in others]
    hidden = facts.hidden
    count = hidden.bit_count()
    for seat, still in zip(others, need, strict=True):
        if still < 0:
            return f"seat {seat.value} is known to hold more cards than it has"
    if sum(need) != count:
        return f"{count} hidden cards for {sum(need)} places in the other hands"
    allowed = [hidden & ~facts.ruled_out[seat] for seat in others]
    for chosen in range(8):  # every group of the other seats, the empty one first
        # the hidden cards no seat outside the group may hold: only the group can hold them
        outside = 0
        room = 0
        for index in range(3):
            if chosen >> index & 1:
                room += need[index]
            else:
                outside |= allowed[index]
        forced = (hidden & ~outside).bit_count()
        if forced > room:
            if not chosen:
                return f"{forced} hidden card{'s' * (forced > 1)} can be in no hand"
            group = [str(others[index].value) for index in range(3) if chosen >> index & 1]
            if len(group) == 1:
                return f"{forced} hidden cards can only be in seat {group[0]}'s hand, which holds {room}"
            return f"{forced} hidden cards can only be in seats {' and '.join(group)}, which hold {room}"
    return None
