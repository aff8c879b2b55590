"""The rules' refusals: the error each forbidden action raises, in one place.

:func:`~belote.round.play` and :func:`~belote.round.bid` raise these, and so do the builders
of positions from the outside world (:func:`~belote.positions.position`,
:func:`~belote.views.seat_view`), so a history is refused with the same reason and the same
words whichever way it comes in.

>>> from belote import CLASSIC, Card, Seat, Trump
>>> from belote.cards import mask_of
>>> hand = mask_of([Card.parse("7H"), Card.parse("AS")])
>>> refuse_card(hand, [Card.parse("KH").index], int(Trump.SPADES), CLASSIC, Card.parse("AS"), Seat(1))
Traceback (most recent call last):
...
belote.errors.IllegalMoveError: AS: must follow hearts (you hold 7H)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from belote.cards import Card, CardSet, cardset_from_mask
from belote.declarations import Declaration, check_declaration_choice
from belote.errors import DeclarationError, IllegalMoveError, OutOfTurnError, PhaseError, Reason
from belote.seats import Seat
from belote.state import Phase
from belote.tricks import legal_mask
from belote.trumps import Trump
from belote.variants import BeloteCredit, Variant

__all__ = ["check_shown", "phase_error", "refuse_belote", "refuse_card", "turn_error"]


def phase_error(phase: Phase, action: str) -> PhaseError:
    """The error for ``action`` ("bid", "play") attempted in ``phase``."""
    return PhaseError(
        f"cannot {action} now: the round is in the {phase.value.replace('_', ' ')} phase",
        reason=Reason.WRONG_PHASE,
    )


def turn_error(seat: Seat, to_act: Seat, action: str) -> OutOfTurnError:
    """The error for ``seat`` trying ``action`` when it is ``to_act``'s turn."""
    return OutOfTurnError(
        f"seat {int(seat)} cannot {action}: it is seat {to_act.value}'s turn", reason=Reason.OUT_OF_TURN
    )


def refuse_card(
    hand: int, trick: Sequence[int], mode: int, variant: Variant, card: Card, seat: Seat
) -> NoReturn:
    """Raise the :class:`~belote.errors.IllegalMoveError` for ``card``, not in ``hand`` (a mask)
    or not legal into ``trick`` (card numbers in play order) under trump mode ``mode``."""
    if not hand >> card.index & 1:
        raise IllegalMoveError(
            f"{card}: not in seat {seat.value}'s hand ({CardSet(hand)})", reason=Reason.CARD_NOT_IN_HAND
        )
    allowed, obligation = legal_mask(hand, trick, mode, variant)
    raise IllegalMoveError(
        f"{card}: {obligation.describe(trick, mode)} (you hold {CardSet(allowed)})",
        reason=obligation.reason,
    )


def refuse_belote(card: Card, variant: Variant) -> NoReturn:
    """Raise the :class:`~belote.errors.DeclarationError` for a belote ``card`` may not announce
    (under ``belote_credit="held"`` no belote is announced: it goes to the player dealt the
    trump king and queen)."""
    if variant.belote_credit is not BeloteCredit.ANNOUNCED:
        raise DeclarationError(
            f"{card}: belote is not announced in {variant.name}: it is credited to the player "
            "dealt the trump king and queen (belote_credit='held')",
            reason=Reason.BELOTE_NOT_ALLOWED,
        )
    raise DeclarationError(
        f"{card}: belote cannot be announced with this card", reason=Reason.BELOTE_NOT_ALLOWED
    )


def check_shown(
    hand: int | None,
    seat: Seat,
    declarations: Sequence[Declaration],
    first_trick: bool,
    mode: int,
    variant: Variant,
) -> None:
    """Raise :class:`~belote.errors.DeclarationError` unless ``seat`` may show ``declarations``
    now: only in the first trick, and (``hand`` a mask) from its hand, or (``hand`` ``None``, a
    hand the caller cannot see) as far as the public facts tell."""
    if not first_trick:
        raise DeclarationError(
            "declarations are shown with a player's first card only", reason=Reason.DECLARATION_NOT_ALLOWED
        )
    if hand is not None:
        check_declaration_choice(cardset_from_mask(hand), seat, tuple(declarations), Trump(mode), variant)
        return
    check_declaration_choice(CardSet(), seat, tuple(declarations), Trump(mode), variant, hand_known=False)
