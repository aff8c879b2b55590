"""The belote (belot): the king and queen of a belote suit held together, announced as the first
of the two is played (rules C12-C13, B10).

:func:`held_belotes` finds them in dealt hands (the 501 game credits a held belote without an
announcement; the bidding simulation scores the belotes its sampled deals hold);
:func:`belote_allowed` tells whether a card played lets its player announce one, and
:func:`forfeits_belote` whether it gives one up.

>>> from belote.cards import Card, CardSet
>>> from belote.trumps import Trump
>>> from belote.variants import CLASSIC
>>> hand = CardSet.parse("KH QH 7S")
>>> held_belotes([hand.mask, 0, 0, 0], Trump.HEARTS)
(<Seat.NORTH: 0>,)
>>> belote_allowed(hand.mask, Card.parse("KH").index, (), Trump.HEARTS, CLASSIC)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from belote.cards import Rank
from belote.seats import Seat
from belote.trumps import Trump
from belote.variants import BeloteCardOrder, BeloteCredit, Variant

__all__ = ["belote_allowed", "forfeits_belote", "held_belotes"]


def belote_allowed(hand: int, card: int, trick: Sequence[int], mode: int, variant: Variant) -> bool:
    """True when playing ``card`` (a number) from ``hand`` (a mask holding it) under trump mode
    ``mode`` lets the player announce belote: it is the first of the K and Q of a belote suit to
    be played, and the other is still in hand (rule C12). In all trumps, where the variant says
    so (``belote_on_discard=False``, Bulgarian: rule B10), the card must also be led, follow suit
    or trump: a king or queen discarded on a trick led in another suit announces none.

    >>> from belote.cards import Card, CardSet
    >>> from belote.variants import BULGARIAN, CLASSIC, COINCHE
    >>> hand, king = CardSet.parse("KH QH 7S").mask, Card.parse("KH").index
    >>> belote_allowed(hand, king, (), Trump.HEARTS, CLASSIC)  # led: belote
    True
    >>> belote_allowed(hand, king, (), Trump.SPADES, CLASSIC)  # hearts are not trumps
    False
    >>> spade_lead = (Card.parse("AS").index,)
    >>> [belote_allowed(hand, king, spade_lead, Trump.ALL_TRUMPS, v) for v in (COINCHE, BULGARIAN)]
    [True, False]
    """
    suit = card >> 3
    rank = card & 7
    if mode == Trump.NO_TRUMPS or (mode < 4 and suit != mode):
        return False
    if rank == Rank.KING:
        other = Rank.QUEEN
    elif rank == Rank.QUEEN and variant.belote_card_order is BeloteCardOrder.ANY:
        other = Rank.KING
    else:
        return False
    if not hand >> (suit * 8 + other) & 1:
        return False
    return not trick or trick[0] >> 3 == suit or mode < 4 or variant.belote_on_discard


def forfeits_belote(hand: int, card: int, trick: Sequence[int], mode: int, variant: Variant) -> bool:
    """True when playing ``card`` (a number) from ``hand`` (a mask holding it) gives up a belote
    the hand still holds: the card is the king or queen of a belote suit, the other is still in
    the hand, and the rules let it announce none (:func:`belote_allowed`): the queen first under
    ``belote_card_order="king_first"``, or, in all trumps under ``belote_on_discard=False``
    (Bulgarian), a card played on a trick led in another suit. Where the variant credits a held
    belote (``belote_credit="held"``), nothing is given up.

    >>> from belote.cards import Card, CardSet
    >>> from belote.variants import BULGARIAN, CLASSIC, COINCHE
    >>> hand, king = CardSet.parse("KH QH 7S").mask, Card.parse("KH").index
    >>> spade_lead = (Card.parse("AS").index,)
    >>> forfeits_belote(hand, king, spade_lead, Trump.ALL_TRUMPS, BULGARIAN)  # a discard
    True
    >>> forfeits_belote(hand, king, spade_lead, Trump.ALL_TRUMPS, COINCHE)  # belote all the same
    False
    >>> forfeits_belote(hand, king, (), Trump.ALL_TRUMPS, BULGARIAN)  # led: belot
    False
    >>> forfeits_belote(hand, king, spade_lead, Trump.HEARTS, CLASSIC)  # a trump: belote
    False
    """
    if variant.belote_credit is BeloteCredit.HELD:
        return False
    suit, rank = card >> 3, card & 7
    if rank not in (Rank.KING, Rank.QUEEN) or not (mode == Trump.ALL_TRUMPS or suit == mode):
        return False
    other = Rank.QUEEN if rank == Rank.KING else Rank.KING
    return bool(hand >> (suit * 8 + other) & 1) and not belote_allowed(hand, card, trick, mode, variant)


def held_belotes(hands: Sequence[int], mode: int) -> tuple[Seat, ...]:
    """The seat of each belote held in ``hands`` (four dealt hands as masks) under trump mode
    ``mode``: a player with both the K and the Q of a belote suit (the trump suit, every suit in
    all trumps, none in no trumps), in seat then suit order.

    >>> from belote.cards import CardSet
    >>> hands = [CardSet.parse(text).mask for text in ("KH QH", "KS QS", "", "")]
    >>> held_belotes(hands, Trump.HEARTS), held_belotes(hands, Trump.ALL_TRUMPS)
    ((<Seat.NORTH: 0>,), (<Seat.NORTH: 0>, <Seat.WEST: 1>))
    """
    suits = () if mode == Trump.NO_TRUMPS else (range(4) if mode == Trump.ALL_TRUMPS else (mode,))
    held: list[Seat] = []
    for seat, hand in zip(Seat, hands, strict=True):
        for suit in suits:
            pair = 1 << (suit * 8 + Rank.KING) | 1 << (suit * 8 + Rank.QUEEN)
            if hand & pair == pair:
                held.append(seat)
    return tuple(held)
