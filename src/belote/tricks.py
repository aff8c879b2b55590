"""The pure play core: which cards may be played into a trick, and who wins it.

Follows rules C7-C11 (suit contracts) and B5-B7 (all trumps, no trumps) of the rules pages,
with every variant option that changes them. The functions on ints and masks are the fast path
used by the round engine; :func:`legal_cards` and :func:`trick_winner` are the public face.

>>> from belote import CLASSIC
>>> str(legal_cards("7H AH KD QC", "AS JH", trump="hearts", variant=CLASSIC))
'AH 7H'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from belote._args import wrong_type
from belote._enums import member
from belote._repr import safe_repr
from belote.cards import SUIT_MASKS, Card, CardSet, mask_of
from belote.errors import BeloteError, Reason
from belote.seats import Seat
from belote.trumps import ABOVE_TABLE, STRENGTH_TABLE, TRICK_POWER, Trump, as_mode
from belote.variants import PartnerMasterTrumped, Undertrump, Variant

__all__ = ["legal_cards", "trick_winner"]


class Obligation(enum.Enum):
    """Which rule decided the legal set: the message half of an illegal-move error."""

    ANY = (None, "any card may be played")
    FOLLOW = (Reason.MUST_FOLLOW_SUIT, "must follow {suit}")
    BEAT = (Reason.MUST_BEAT, "must beat {best}")
    OVERTRUMP_LED = (Reason.MUST_OVERTRUMP, "trumps led: must overtrump {best}")
    TRUMP = (Reason.MUST_TRUMP, "void in {suit}: must trump")
    OVERTRUMP = (Reason.MUST_OVERTRUMP, "must overtrump {best}")
    UNDERTRUMP = (Reason.MUST_PLAY_TRUMP, "cannot overtrump {best}: must still play a trump")
    NO_UNDERTRUMP = (Reason.MUST_NOT_UNDERTRUMP, "may not undertrump {best}")

    @property
    def reason(self) -> Reason | None:
        """The error reason when a card outside the legal set is played."""
        reason: Reason | None = self.value[0]
        return reason

    def describe(self, trick: Sequence[int], mode: int) -> str:
        """The rule in words, naming the suit led and the card to beat."""
        text: str = self.value[1]
        if not trick:  # a lead: any card, nothing to name
            return text
        suit_names = ("clubs", "diamonds", "hearts", "spades")
        if self in (Obligation.BEAT, Obligation.OVERTRUMP_LED):
            best = _highest_of_led_suit(trick, mode)
        else:
            best = trick[winning_position(trick, mode)]
        return text.format(suit=suit_names[trick[0] >> 3], best=Card.from_index(best))


_ANY, _FOLLOW, _BEAT, _OVERTRUMP_LED = (
    Obligation.ANY, Obligation.FOLLOW, Obligation.BEAT, Obligation.OVERTRUMP_LED,
)  # fmt: skip
_TRUMP, _OVERTRUMP, _UNDERTRUMP, _NO_UNDERTRUMP = (
    Obligation.TRUMP, Obligation.OVERTRUMP, Obligation.UNDERTRUMP, Obligation.NO_UNDERTRUMP,
)  # fmt: skip


def winning_position(trick: Sequence[int], mode: int) -> int:
    """Index in ``trick`` (card numbers in play order) of the card that wins it so far."""
    power = TRICK_POWER[mode][trick[0] >> 3]
    best = position = 0
    top = -1
    for card in trick:
        if power[card] > top:
            top = power[card]
            best = position
        position += 1  # noqa: SIM113 - enumerate() is slower on this hot path
    return best


def _highest_of_led_suit(trick: Sequence[int], mode: int) -> int:
    strength = STRENGTH_TABLE[mode]
    led_suit = trick[0] >> 3
    return max((card for card in trick if card >> 3 == led_suit), key=strength.__getitem__)


def legal_mask(hand: int, trick: Sequence[int], mode: int, variant: Variant) -> tuple[int, Obligation]:
    """The legal cards of ``hand`` (a mask) and the rule that chose them.

    ``trick`` holds the card numbers already played, in play order; the player to act plays
    next, so its partner is the card two places back.
    """
    if not trick:
        return hand, _ANY
    led_card = trick[0]
    led_suit = led_card >> 3
    follow = hand & SUIT_MASKS[led_suit]
    if mode == 4:  # no trumps: follow suit only (rule B7)
        return (follow, _FOLLOW) if follow else (hand, _ANY)
    above = ABOVE_TABLE[mode]
    if mode == 5:  # all trumps: follow and beat the best card of the led suit (B6)
        if not follow:
            return hand, _ANY
        higher = follow & above[_highest_of_led_suit(trick, mode)]
        if higher and not (
            variant.tout_atout_partner_exception
            and len(trick) >= 2
            and winning_position(trick, mode) == len(trick) - 2
        ):
            return higher, _BEAT
        return follow, _FOLLOW
    trump_mask = SUIT_MASKS[mode]
    if led_suit == mode:  # trumps led (C8, B5)
        if not follow:
            return hand, _ANY
        higher = follow & above[_highest_of_led_suit(trick, mode)]
        if higher and (
            variant.trump_lead_must_overtrump_partner
            or len(trick) < 2
            or winning_position(trick, mode) != len(trick) - 2
        ):
            return higher, _OVERTRUMP_LED
        return follow, _FOLLOW
    if follow:  # plain suit led and held: follow, never trump (C7)
        return follow, _FOLLOW
    trumps = hand & trump_mask
    if not trumps:
        return hand, _ANY
    winner = winning_position(trick, mode)
    best = trick[winner]
    trick_has_trump = trump_mask >> best & 1
    partner_master = len(trick) >= 2 and winner == len(trick) - 2
    if partner_master:  # C9; with MUST_OVERTRUMP the partner relaxes nothing
        rule = variant.partner_master_trumped
        if rule is PartnerMasterTrumped.FREE or (
            rule is PartnerMasterTrumped.NO_UNDERTRUMP and not trick_has_trump
        ):
            return hand, _ANY
        if rule is PartnerMasterTrumped.NO_UNDERTRUMP:  # pagat: not below the partner's trump
            allowed = (hand & ~trump_mask) | (trumps & above[best])
            return (allowed, _NO_UNDERTRUMP) if allowed else (hand, _ANY)
    if not trick_has_trump:  # C10a: an opponent wins with a plain card
        return trumps, _TRUMP
    higher = trumps & above[best]
    if higher:  # C10b
        return higher, _OVERTRUMP
    undertrump = variant.undertrump_opponent
    if undertrump is Undertrump.MUST:  # C10c
        return trumps, _UNDERTRUMP
    if undertrump is Undertrump.FREE:  # B5
        return hand, _ANY
    others = hand & ~trump_mask
    return (others, _NO_UNDERTRUMP) if others else (hand, _ANY)


def _trick_cards(trick: Sequence[tuple[Seat, Card]]) -> tuple[list[int], Seat | None]:
    """Validate a public trick of at most 3 cards (its callers check the length) and return its
    card numbers and the seat to act."""
    cards: list[int] = []
    to_act: Seat | None = None
    for entry in trick:
        try:
            seat, card = entry
            seat = member(Seat, seat)
        except (TypeError, ValueError):
            raise BeloteError(f"trick entries must be (Seat, Card) pairs, got {safe_repr(entry)}") from None
        if not isinstance(card, Card):
            raise BeloteError(f"{safe_repr(card)} in the trick is not a Card")
        if to_act is not None and seat != to_act:
            raise BeloteError(
                f"trick seats must follow play order: {seat.value} played after {to_act.previous.value}",
            )
        if card.index in cards:
            raise BeloteError(f"{card} appears twice in the trick")
        cards.append(card.index)
        to_act = seat.next
    return cards, to_act


def _card(item: object, where: str) -> Card:
    """A card of the hand or the trick: a :class:`Card` or its text."""
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return Card.parse(item)
    raise BeloteError(f"{safe_repr(item)} in the {where} is not a card", reason=Reason.BAD_ARGUMENT)


def _hand_mask(hand: object) -> int:
    """The mask of a public hand: a :class:`CardSet`, card text, or an iterable of cards or texts."""
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    if not isinstance(hand, Iterable):
        raise BeloteError(
            f"hand must be cards or card text, got {safe_repr(hand)}", reason=Reason.BAD_ARGUMENT
        )
    mask = 0
    for item in hand:
        bit = 1 << _card(item, "hand").index
        if mask & bit:
            raise BeloteError(
                f"{Card.from_index(bit.bit_length() - 1)} appears twice in the hand",
                reason=Reason.BAD_ARGUMENT,
            )
        mask |= bit
    return mask


def _public_trick(trick: object) -> list[int]:
    """The card numbers of a public trick in progress, in play order.

    ``trick`` is card text (``"AS JH"``), a sequence of cards or card texts, or a sequence of
    ``(Seat, Card)`` pairs (the seats must then follow play order).
    """
    if isinstance(trick, str):
        trick = trick.replace(",", " ").split()
    if isinstance(trick, CardSet) or not isinstance(trick, Sequence):
        raise BeloteError(
            "trick must be the cards played so far in play order (a list or card text), "
            f"got {safe_repr(trick)}",
            reason=Reason.BAD_ARGUMENT,
        )
    if len(trick) > 3:
        raise BeloteError(
            f"a trick in progress holds at most 3 cards, got {len(trick)}", reason=Reason.BAD_ARGUMENT
        )
    if not any(isinstance(entry, tuple) for entry in trick):
        cards: list[int] = []
        for entry in trick:
            index = _card(entry, "trick").index
            if index in cards:
                raise BeloteError(
                    f"{Card.from_index(index)} appears twice in the trick", reason=Reason.BAD_ARGUMENT
                )
            cards.append(index)
        return cards
    if not all(isinstance(entry, tuple) for entry in trick):
        raise BeloteError(
            f"trick mixes (Seat, Card) pairs and cards: give one or the other, got {safe_repr(trick)}",
            reason=Reason.BAD_ARGUMENT,
        )
    return _trick_cards(trick)[0]


def legal_cards(
    hand: Iterable[Card | str] | str,
    trick: str | Sequence[Card | str] | Sequence[tuple[Seat, Card]],
    *,
    trump: Trump | str,
    variant: Variant,
) -> CardSet:
    """The cards of ``hand`` that may be played into ``trick`` under ``trump`` and ``variant``.

    Only the order of the cards in the trick matters: the player to act plays next, so its
    partner played the card two places back. A tutor can therefore write the trick as text.

    Args:
        hand: the cards of the player to act: a :class:`CardSet`, card text (``"7H AH KD"``)
            or any iterable of :class:`Card` or card texts.
        trick: the cards already played in this trick, in play order: card text
            (``"AS 9H"``), a list of :class:`Card` or card texts, or ``(Seat, Card)`` pairs
            (the seats must then follow play order). At most 3 cards.
        trump: the contract's trump mode, a :class:`Trump` or its text (``"hearts"``,
            ``"H"``, ``"all trumps"``, ``"no trumps"``); a number 0..5 is read as the mode's
            value, anything else is refused.
        variant: the rules, for the options that change play.

    Raises:
        BeloteError: a trick of more than 3 cards, a card twice in the hand or the trick, a
            card both in the hand and in the trick, an empty hand or one of more than 8 cards, a
            bad trump or variant.
        NotationError: card text that is not a card.

    >>> from belote import BULGARIAN, CLASSIC
    >>> str(legal_cards("7H AH KD", "AS 9H", trump="hearts", variant=CLASSIC))
    'AH 7H'
    >>> str(legal_cards("7H AH KD", ["AS", "9H"], trump="H", variant=BULGARIAN))
    'AH 7H KD'
    >>> trick = [(Seat(0), Card.parse("AS")), (Seat(1), Card.parse("9H"))]
    >>> str(legal_cards(CardSet.parse("7H AH KD"), trick, trump=Trump.HEARTS, variant=CLASSIC))
    'AH 7H'
    """
    hand_mask = _hand_mask(hand)
    if not hand_mask:
        raise BeloteError("the hand is empty: there is nothing to play")
    if hand_mask.bit_count() > 8:
        raise BeloteError(
            f"a hand holds at most 8 cards, got {hand_mask.bit_count()}", reason=Reason.BAD_ARGUMENT
        )
    cards = _public_trick(trick)
    overlap = hand_mask & mask_of(Card.from_index(card) for card in cards)
    if overlap:
        raise BeloteError(
            f"{CardSet(overlap)} is both in the hand and in the trick", reason=Reason.BAD_ARGUMENT
        )
    mode = as_mode(trump)
    if not isinstance(variant, Variant):
        raise BeloteError(f"variant must be a Variant, got {safe_repr(variant)}")
    return CardSet(legal_mask(hand_mask, cards, mode, variant)[0])


def trick_winner(trick: Sequence[tuple[Seat, Card]], *, trump: Trump) -> Seat:
    """The seat whose card wins ``trick`` (complete or not) under ``trump``.

    >>> from belote import Seat, Trump
    >>> cards = ["TS", "AS", "7H", "KS"]
    >>> trick = [(Seat(i), Card.parse(c)) for i, c in enumerate(cards)]
    >>> trick_winner(trick, trump=Trump.HEARTS)
    <Seat.SOUTH: 2>

    Raises:
        ArgumentTypeError: ``trick`` is not a list or a tuple of ``(Seat, Card)`` pairs.
        BeloteError: an empty trick, more than 4 cards, seats out of play order, a card twice.
    """
    if not isinstance(trick, (list, tuple)):
        raise wrong_type("trick", "a list or tuple of (Seat, Card) pairs", trick)
    if not trick:
        raise BeloteError("an empty trick has no winner")
    if len(trick) > 4:
        raise BeloteError(f"a trick holds at most 4 cards, got {len(trick)}")
    cards, _ = _trick_cards(trick[:3])
    if len(trick) == 4:
        try:
            last_seat, last_card = trick[3]
            last_seat = member(Seat, last_seat)
        except (TypeError, ValueError):  # as for the first three entries
            raise BeloteError(
                f"trick entries must be (Seat, Card) pairs, got {safe_repr(trick[3])}"
            ) from None
        if last_seat != Seat(trick[2][0]).next or not isinstance(last_card, Card):
            raise BeloteError("trick seats must follow play order")
        if last_card.index in cards:
            raise BeloteError(f"{last_card} appears twice in the trick")
        cards.append(last_card.index)
    position = winning_position(cards, member(Trump, trump))
    return Seat(trick[position][0])
