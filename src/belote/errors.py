"""The errors the library raises, and the machine-readable reasons they carry.

Every bad input raises a subclass of :class:`BeloteError` with a message that says what
was wrong and why, and a :class:`Reason` that a program can branch on. A call that raises
changes nothing: states and matches are immutable values.

>>> from belote import Card
>>> try:
...     Card.parse("XZ")
... except BeloteError as error:
...     print(error.reason.name, "-", error)
MALFORMED_CARD - 'XZ' is not a card: expected rank (7 8 9 T J Q K A, or 10) + suit (S H D C or ♠ ♥ ♦ ♣)
"""

from __future__ import annotations

import enum

__all__ = [
    "BeloteError",
    "DeclarationError",
    "IllegalBidError",
    "IllegalMoveError",
    "MatchError",
    "NotationError",
    "OutOfTurnError",
    "PhaseError",
    "Reason",
    "TallyError",
    "TournamentError",
    "VariantError",
]


class Reason(enum.Enum):
    """Why an action or an input was refused: the machine-readable half of every error."""

    MALFORMED_CARD = "malformed_card"
    MALFORMED_CARDS = "malformed_cards"
    UNKNOWN_VARIANT = "unknown_variant"
    BAD_OPTION = "bad_option"
    BAD_ARGUMENT = "bad_argument"
    WRONG_PHASE = "wrong_phase"
    OUT_OF_TURN = "out_of_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_OVERTRUMP = "must_overtrump"
    MUST_TRUMP = "must_trump"
    MUST_PLAY_TRUMP = "must_play_trump"
    MUST_NOT_UNDERTRUMP = "must_not_undertrump"
    MUST_BEAT = "must_beat"
    BID_NOT_AVAILABLE = "bid_not_available"
    BID_TOO_LOW = "bid_too_low"
    DOUBLE_NOT_ALLOWED = "double_not_allowed"
    REDOUBLE_NOT_ALLOWED = "redouble_not_allowed"
    BELOTE_NOT_ALLOWED = "belote_not_allowed"
    BAD_DECLARATION = "bad_declaration"
    DECLARATION_NOT_ALLOWED = "declaration_not_allowed"
    BAD_TALLY = "bad_tally"
    BAD_CONTRACT = "bad_contract"
    ROUND_NOT_FINISHED = "round_not_finished"
    MATCH_OVER = "match_over"
    WRONG_ROUND = "wrong_round"
    MALFORMED_RECORD = "malformed_record"
    RECORD_MISMATCH = "record_mismatch"


class BeloteError(Exception):
    """Root of every error the library raises on bad input.

    Attributes:
        reason: the machine-readable reason (a :class:`Reason`).
    """

    default_reason: Reason = Reason.BAD_ARGUMENT

    def __init__(self, message: str, *, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason: Reason = reason if reason is not None else self.default_reason


class NotationError(BeloteError, ValueError):
    """A card, a set of cards or another text could not be parsed."""

    default_reason = Reason.MALFORMED_CARD


class VariantError(BeloteError, ValueError):
    """An unknown variant name, or a variant option with a value it does not take."""

    default_reason = Reason.BAD_OPTION


class PhaseError(BeloteError):
    """The action does not belong to the round's phase (a bid while playing, ...)."""

    default_reason = Reason.WRONG_PHASE


class OutOfTurnError(BeloteError):
    """A seat acted when it was not its turn."""

    default_reason = Reason.OUT_OF_TURN


class IllegalBidError(BeloteError, ValueError):
    """A call that the seat to act may not make now (see ``legal_bids``)."""

    default_reason = Reason.BID_NOT_AVAILABLE


class IllegalMoveError(BeloteError, ValueError):
    """A card that the seat to act may not play now (see ``legal_moves``)."""

    default_reason = Reason.CARD_NOT_IN_HAND


class DeclarationError(BeloteError, ValueError):
    """A belote or a declaration (terca, carré, ...) that may not be announced."""

    default_reason = Reason.BAD_DECLARATION


class TallyError(BeloteError, ValueError):
    """Scoring input that no real deal can produce (points not summing up, ...)."""

    default_reason = Reason.BAD_TALLY


class MatchError(BeloteError, ValueError):
    """A match cannot take this step (it is over, or the round is not its own)."""

    default_reason = Reason.MATCH_OVER


class TournamentError(BeloteError, ValueError):
    """A tournament or self-play run that cannot start: no games, a bad chunk or shard size,
    an executor that was shut down, a directory that cannot hold the shards."""

    default_reason = Reason.BAD_ARGUMENT
