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

from belote._enums import Named
from belote.seats import Seat

__all__ = [
    "ArgumentTypeError",
    "BeloteError",
    "DeclarationError",
    "IllegalBidError",
    "IllegalMoveError",
    "MatchError",
    "NotationError",
    "OutOfTurnError",
    "PhaseError",
    "PositionError",
    "Reason",
    "RecordError",
    "ReplayError",
    "TallyError",
    "TournamentError",
    "VariantError",
]


class Reason(Named, enum.Enum):
    """Why an action or an input was refused: the machine-readable half of every error.

    >>> from belote import Card, NotationError
    >>> try:
    ...     Card.parse("1H")
    ... except NotationError as error:
    ...     print(error.reason is Reason.MALFORMED_CARD, error.reason)
    ...
    True malformed_card
    """

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

    >>> from belote import Card
    >>> try:
    ...     Card.parse("XZ")
    ... except BeloteError as error:
    ...     print(error.reason)
    ...
    malformed_card
    """

    default_reason: Reason = Reason.BAD_ARGUMENT

    def __init__(self, message: str, *, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason: Reason = reason if reason is not None else self.default_reason


class NotationError(BeloteError, ValueError):
    """A card, a set of cards or another text could not be parsed.

    >>> from belote import Rank
    >>> Rank(9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    belote.errors.NotationError: 9 is not a valid Rank: expected one of 0, 1, 2, 3, 4, 5, 6, 7 (...)
    """

    default_reason = Reason.MALFORMED_CARD


class VariantError(BeloteError, ValueError):
    """An unknown variant name, or a variant option with a value it does not take.

    >>> import attrs
    >>> from belote import CLASSIC
    >>> try:
    ...     attrs.evolve(CLASSIC, undertrump_opponent="sometimes")
    ... except VariantError as error:
    ...     print(error.reason)
    ...
    bad_option
    """

    default_reason = Reason.BAD_OPTION


class PhaseError(BeloteError):
    """The action does not belong to the round's phase (a bid while playing, ...).

    >>> from belote import CLASSIC, Seat, deal, play
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=1)
    >>> try:
    ...     play(state, "JH")
    ... except PhaseError as error:
    ...     print(error.reason)
    ...
    wrong_phase
    """

    default_reason = Reason.WRONG_PHASE


class OutOfTurnError(BeloteError):
    """A seat acted when it was not its turn.

    >>> from belote import CLASSIC, Pass, Seat, bid, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=1)
    >>> try:
    ...     bid(state, Pass(), seat=Seat(2))
    ... except OutOfTurnError as error:
    ...     print(error)
    ...
    seat 2 cannot bid: it is seat 1's turn
    """

    default_reason = Reason.OUT_OF_TURN


class IllegalBidError(BeloteError, ValueError):
    """A call that the seat to act may not make now (see ``legal_bids``).

    >>> from belote import CLASSIC, Bid, Seat, Trump, bid, deal
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state.turned
    Card.parse('9S')
    >>> try:
    ...     bid(state, Bid(Trump.HEARTS))
    ... except IllegalBidError as error:
    ...     print(error.reason)
    ...
    bid_not_available
    """

    default_reason = Reason.BID_NOT_AVAILABLE


class IllegalMoveError(BeloteError, ValueError):
    """A card that the seat to act may not play now (see ``legal_moves``).

    >>> from belote import CLASSIC, Card, Seat, bid, deal, legal_bids, legal_moves, play
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> state = play(state, next(iter(legal_moves(state))))
    >>> wrong = next(card for card in state.hand(Seat(2)) if card not in legal_moves(state))
    >>> try:
    ...     play(state, wrong)
    ... except IllegalMoveError as error:
    ...     print(error.reason)
    ...
    must_follow_suit
    """

    default_reason = Reason.CARD_NOT_IN_HAND


class DeclarationError(BeloteError, ValueError):
    """A belote or a declaration (terca, carré, ...) that may not be announced.

    >>> from belote import BULGARIAN, CardSet, Declaration, Seat
    >>> try:
    ...     Declaration(Seat(0), CardSet.parse("AS KS"))
    ... except DeclarationError as error:
    ...     print(error)
    ...
    AS KS is neither a sequence of 3 or more cards of one suit nor a carré of 9, T, J, Q, K or A
    """

    default_reason = Reason.BAD_DECLARATION


class TallyError(BeloteError, ValueError):
    """Scoring input that no real deal can produce (points not summing up, ...).

    >>> from belote import Tally, Team
    >>> try:
    ...     Tally.from_totals((100, 60), trump="hearts", last_trick=Team(0))
    ... except TallyError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    ...
    totals (100, 60) must be >= 0 and sum to 162 in a hearts contract (card points with ...)
    """

    default_reason = Reason.BAD_TALLY


class MatchError(BeloteError, ValueError):
    """A match cannot take this step (it is over, or the round is not its own).

    >>> from belote import CLASSIC, Seat, deal, match
    >>> game = match(CLASSIC, seed=1)
    >>> try:
    ...     game.record(deal(CLASSIC, dealer=game.dealer.next, seed=1))
    ... except MatchError as error:
    ...     print(error.reason)
    ...
    wrong_round
    """

    default_reason = Reason.MATCH_OVER


class ArgumentTypeError(BeloteError, TypeError):
    """An argument of the wrong type (``None`` for a round state, a text for a seat, ...).

    Both a :class:`BeloteError` and a :class:`TypeError`; the message names the argument.

    >>> from belote import legal_moves
    >>> try:
    ...     legal_moves(None)  # type: ignore[arg-type]  # a type checker refuses it too
    ... except TypeError as error:
    ...     print(error)
    state must be a RoundState, got None
    """


class PositionError(BeloteError, ValueError):
    """A position given from outside (hands, stock, turned card, contract) that no deal can
    produce: a card missing or given twice, a hand of the wrong size, a contract the variant
    does not allow. An illegal history raises :class:`ReplayError` instead.

    >>> from belote import CLASSIC, Contract, Seat, Trump, position
    >>> try:
    ...     position(CLASSIC, dealer=Seat(0), hands=["AS KS"] * 4, contract=Contract(Seat(1), Trump.HEARTS))
    ... except PositionError as error:
    ...     print(error.reason)
    ...
    malformed_cards
    """


class RecordError(BeloteError, ValueError):
    """A record that is not valid JSON or does not follow the record format (schema).

    Attributes:
        path: where in the record the problem is, e.g. ``"deals[2].actions[5].card"``.

    >>> from belote import loads
    >>> try:
    ...     loads("{}")
    ... except RecordError as error:
    ...     print(error.reason)
    ...
    malformed_record
    """

    default_reason = Reason.MALFORMED_RECORD

    def __init__(self, message: str, *, path: str = "", reason: Reason | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message, reason=reason)
        self.path = path


class ReplayError(BeloteError):
    """An action of a record that the rules refuse (illegal, impossible or out of turn), or
    a recorded result that the replay does not reproduce.

    Attributes:
        index: the action's position in its round's ``actions`` (``len(actions)`` for a
            problem found after the last action, e.g. a round that does not finish).
        seat: the seat the record gives for that action (``None`` when there is none).
        reason: the :class:`~belote.errors.Reason` of the refusal.
        deal: the deal's index in a match record's ``deals`` list, from 0 (``None`` in a
            round record). The message counts deals from 1, as the score sheet does:
            ``deal == 0`` reads "deal 1".
        detail: the rules' own explanation.

    >>> import json
    >>> from belote import CLASSIC, Seat, deal, dumps, replay
    >>> record = json.loads(dumps(deal(CLASSIC, dealer=Seat(0), seed=1)))
    >>> record["actions"] = [{"seat": 1, "call": "ALL"}]
    >>> try:
    ...     replay(record)
    ... except ReplayError as error:
    ...     print(error.reason, error.index)
    ...
    bid_not_available 0

    Raises:
        ArgumentTypeError: ``index`` or ``deal`` is not an int, ``seat`` not a seat, or
            ``reason`` not a :class:`~belote.errors.Reason` (when building one by hand).
    """

    default_reason = Reason.RECORD_MISMATCH

    def __init__(
        self,
        detail: str,
        *,
        index: int | None,
        seat: Seat | None,
        reason: Reason | None = None,
        deal: int | None = None,
    ) -> None:
        from belote._args import as_seat, wrong_type  # here: belote._args imports this module

        for name, number in (("index", index), ("deal", deal)):
            if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
                raise wrong_type(name, "an int or None", number)
        seat = None if seat is None else as_seat(seat, "seat")
        if reason is not None and not isinstance(reason, Reason):
            raise wrong_type("reason", "a Reason or None", reason)
        reason = reason if reason is not None else self.default_reason
        where = [] if deal is None else [f"deal {deal + 1}"]
        if index is not None:
            where.append(f"action {index}")
        if seat is not None:
            where.append(f"seat {int(seat)}")
        place = f"{', '.join(where)}: " if where else ""
        super().__init__(f"{place}{detail} [{reason.value}]", reason=reason)
        self.index = index
        self.seat = seat
        self.deal = deal
        self.detail = detail

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its fields (its arguments are keywords), so that it crosses a process
        pool as itself.

        >>> import pickle
        >>> error = ReplayError("no such card", index=3, seat=Seat(1), deal=0)
        >>> copy = pickle.loads(pickle.dumps(error))
        >>> str(copy) == str(error), copy.index, copy.seat, copy.deal, copy.reason is error.reason
        (True, 3, <Seat.WEST: 1>, 0, True)
        """
        fields = (type(self), self.detail, self.index, self.seat, self.reason, self.deal)
        return _replay_error, fields, self.__dict__


def _replay_error(
    kind: type[ReplayError],
    detail: str,
    index: int | None,
    seat: Seat | None,
    reason: Reason,
    deal: int | None,
) -> ReplayError:
    """A :class:`ReplayError` (or subclass) rebuilt from its fields: how one is unpickled."""
    return kind(detail, index=index, seat=seat, reason=reason, deal=deal)


class TournamentError(BeloteError, ValueError):
    """A tournament or self-play run that cannot start: no games, a bad chunk or shard size,
    an executor that was shut down, a directory that cannot hold the shards.

    >>> from belote import tournament
    >>> try:
    ...     tournament(["normal", "easy"], games=0)
    ... except TournamentError as error:
    ...     print(error.reason)
    ...
    bad_argument
    """

    default_reason = Reason.BAD_ARGUMENT
