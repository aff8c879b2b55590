"""The value of one round at one moment, and its parts.

:class:`RoundState` is what :func:`~belote.round.deal`, :func:`~belote.round.bid` and
:func:`~belote.round.play` return. It is split into parts that change at different paces (the
setup, fixed once the contract is known; the history, which grows once per trick) so that a
play copies little.
"""

from __future__ import annotations

import enum

import attrs

from belote._args import as_seat, wrong_type
from belote._enums import Named
from belote._repr import short_repr
from belote.bidding import Call, Contract
from belote.cards import DECK, Card, CardSet, cardset_from_mask
from belote.declarations import Declaration
from belote.seats import Seat
from belote.trumps import Trump, _points_row
from belote.variants import Variant

__all__ = ["Phase", "PlayHistory", "RoundSetup", "RoundState", "Trick"]


class Phase(Named, enum.Enum):
    """Where a round stands.

    >>> from belote import CLASSIC, Seat, deal
    >>> deal(CLASSIC, dealer=Seat(0), seed=1).phase
    <Phase.BIDDING: 'bidding'>
    >>> str(Phase.PASSED_OUT)
    'passed_out'
    """

    BIDDING = "bidding"
    PLAYING = "playing"
    FINISHED = "finished"
    """All eight tricks played: ready for :func:`score_round`."""
    PASSED_OUT = "passed_out"
    """Nobody took: the cards are thrown in and the next dealer deals."""


@attrs.frozen(order=False)
class Trick:
    """A completed trick: who led, the four cards in play order, who won it.

    >>> from belote import CLASSIC, deal, legal_moves, play, legal_bids, bid
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> for _ in range(4):
    ...     state = play(state, next(iter(legal_moves(state))))
    ...
    >>> trick = state.tricks[0]
    >>> trick.winner, trick.points, [str(card) for card in trick.cards]
    (<Seat.SOUTH: 2>, 14, ['9S', 'AS', 'QS', '8S'])
    """

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat
    points: int
    """Card points of the trick under the contract (no last-trick bonus, no doubling)."""

    def __repr__(self) -> str:
        return short_repr(self)

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """``(seat, card)`` pairs in play order."""
        return tuple((self.leader.offset(i), card) for i, card in enumerate(self.cards))


@attrs.frozen(order=False)
class RoundSetup:
    """What a round fixes before the play: rules, dealer, deck, turned card, auction, contract.

    >>> from belote import CLASSIC, Seat, deal
    >>> setup = deal(CLASSIC, dealer=Seat(0), seed=1).setup
    >>> setup.dealer, setup.turned, setup.contract
    (<Seat.NORTH: 0>, Card.parse('JH'), None)
    """

    variant: Variant
    dealer: Seat
    deck: tuple[int, ...]
    """The shuffled deck as card numbers, in dealing order."""
    turned: Card | None
    """The turned card of the classic deal (``None`` without one)."""
    auction: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    mode: int = attrs.field(init=False, eq=False, repr=False)
    """The contract's trump mode as a plain int (-1 before the contract), for the fast path."""
    points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The card points of the contract's mode on the variant's scales, by card number (empty
    before the contract), for the fast path."""

    def __attrs_post_init__(self) -> None:
        mode = -1 if self.contract is None else int(self.contract.trump)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "points", () if mode < 0 else _points_row(mode, self.variant))

    def __repr__(self) -> str:
        return short_repr(self)


@attrs.frozen(order=False)
class PlayHistory:
    """What the play has produced so far: completed tricks, belotes and declarations shown.

    >>> from belote import CLASSIC, Seat, deal
    >>> deal(CLASSIC, dealer=Seat(0), seed=1).history
    PlayHistory()
    """

    tricks: tuple[Trick, ...] = ()
    belotes: tuple[Seat, ...] = ()
    """The seat of each belote (belot) announced, in order."""
    declarations: tuple[Declaration, ...] = ()
    """The declarations shown, in order of announcement."""

    def __repr__(self) -> str:
        return short_repr(self)


NO_HISTORY = PlayHistory()
"""The history of a round before its first card."""


@attrs.frozen(order=False)
class RoundState:
    """One deal at one moment: every hand, the auction, the tricks. Immutable.

    Build the first state with :func:`deal` and step with :func:`bid` and :func:`play`.
    The state is omniscient (it holds every hand); give players a
    :class:`~belote.views.PlayerView` instead.

    >>> from belote import CLASSIC, Seat, bid, deal, legal_bids
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
    >>> state.phase, state.to_act, state.turned
    (<Phase.BIDDING: 'bidding'>, <Seat.WEST: 1>, Card.parse('7C'))
    >>> after = bid(state, legal_bids(state)[-1])
    >>> after.contract, state.phase
    (Contract(Seat.WEST, Trump.CLUBS), <Phase.BIDDING: 'bidding'>)
    """

    setup: RoundSetup
    """The rules, dealer, deck, auction and contract (also readable directly, e.g. ``state.contract``)."""
    phase: Phase
    to_act: Seat | None
    """The seat to act, ``None`` once the round is finished or passed out."""
    hand_masks: tuple[int, int, int, int]
    """Each seat's hand as a 32-bit mask (see :attr:`hands` for card sets)."""
    trick_cards: tuple[int, ...]
    """Card numbers of the trick in progress, in play order (see :attr:`trick`)."""
    legal_mask: int
    """The legal cards of the seat to act while playing (0 otherwise)."""
    history: PlayHistory
    """The tricks, belotes and declarations so far (also readable directly, e.g. ``state.tricks``)."""

    @classmethod
    def parse(cls, text: str) -> RoundState:
        """The state a line of :mod:`belote.notation` describes (what ``repr`` writes).

        >>> from belote import CLASSIC, Seat, deal
        >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
        >>> state
        RoundState.parse('classic 0 QHQDJD7D8S/8D7SKDAH7H/9DJS8CTSKC/QCTCKHACQS+7C9S9CKSJHASTHTDJC8H9HAD - -')
        >>> eval(repr(state)) == state
        True
        """
        from belote.notation import parse_round  # the notation sits above this module

        return parse_round(text)

    def __repr__(self) -> str:
        """``RoundState.parse('...')`` with the one-line notation: short, and it evaluates back
        to an equal state (custom variants included: the notation writes their options)."""
        from belote.notation import format_round

        return f"RoundState.parse({format_round(self)!r})"

    def __str__(self) -> str:
        """The state as a person reads it: who acts, the contract, the hands, the trick, the tally.

        >>> from belote import CLASSIC, Seat, deal
        >>> print(deal(CLASSIC, dealer=Seat(0), seed=3))
        classic, dealer north, bidding: west to act
        turned card: 7C
        north (0): 8S QH QD JD 7D
        west (1): 7S AH 7H KD 8D
        south (2): JS TS 9D KC 8C
        east (3): QS KH AC QC TC
        """
        return "\n".join(describe(self))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self.history.tricks

    @property
    def belotes(self) -> tuple[Seat, ...]:
        """The seat of each belote (belot) announced so far."""
        return self.history.belotes

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations shown so far, in order of announcement."""
        return self.history.declarations

    @property
    def variant(self) -> Variant:
        """The rules of the round."""
        return self.setup.variant

    @property
    def dealer(self) -> Seat:
        """The seat that dealt."""
        return self.setup.dealer

    @property
    def deck(self) -> tuple[int, ...]:
        """The shuffled deck as card numbers, in dealing order."""
        return self.setup.deck

    @property
    def turned(self) -> Card | None:
        """The turned card of the classic deal (``None`` without one)."""
        return self.setup.turned

    @property
    def auction(self) -> tuple[tuple[Seat, Call], ...]:
        """Every call so far, with its seat, in order."""
        return self.setup.auction

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction has produced one."""
        return self.setup.contract

    @property
    def leader(self) -> Seat | None:
        """The seat that leads (led) the trick in progress; ``None`` outside the play."""
        if self.phase is not Phase.PLAYING or self.to_act is None:
            return None
        return self.to_act.offset(-len(self.trick_cards))

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """Every seat's hand."""
        a, b, c, d = (cardset_from_mask(mask) for mask in self.hand_masks)
        return a, b, c, d

    def hand(self, seat: Seat | int) -> CardSet:
        """The hand of ``seat`` (a :class:`Seat` or an int ``0..3``)."""
        return cardset_from_mask(self.hand_masks[as_seat(seat, "seat")])

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick in progress as ``(seat, card)`` pairs in play order."""
        leader = self.leader
        if leader is None:
            return ()
        return tuple((leader.offset(i), DECK[card]) for i, card in enumerate(self.trick_cards))

    @property
    def taker(self) -> Seat | None:
        """The seat that took the contract."""
        contract = self.setup.contract
        return None if contract is None else contract.taker

    @property
    def trump(self) -> Trump | None:
        """The contract's trump mode."""
        contract = self.setup.contract
        return None if contract is None else contract.trump

    @property
    def eldest(self) -> Seat:
        """The seat after the dealer: speaks first."""
        return self.setup.dealer.next

    def _repr_svg_(self) -> str:
        """The whole table, every hand face up, for Jupyter (see :func:`belote.svg.table`)."""
        from belote.svg import table

        return table(self)


def describe(state: RoundState) -> list[str]:
    """The lines of ``str(state)``."""
    phase = state.phase
    head = f"{state.variant.name}, dealer {state.dealer}, {phase}"
    if state.to_act is not None:
        head += f": {state.to_act} to act"
    lines = [head]
    contract = state.contract
    if contract is None:
        if state.turned is not None:
            lines.append(f"turned card: {state.turned}")
    else:
        doubled = f" x{contract.multiplier}" if contract.multiplier > 1 else ""
        lines.append(f"contract: {contract.trump} by {contract.taker}{doubled}")
    if state.auction and phase is not Phase.FINISHED:
        lines.append("auction: " + ", ".join(f"{seat} {call}" for seat, call in state.auction))
    for seat in Seat:
        lines.append(f"{seat} ({seat:d}): {cardset_from_mask(state.hand_masks[seat]) or '-'}")
    if state.trick_cards:
        lines.append("trick: " + ", ".join(f"{seat} {card}" for seat, card in state.trick))
    if state.tricks:
        tricks, points = [0, 0], [0, 0]
        for trick in state.tricks:
            tricks[trick.winner & 1] += 1
            points[trick.winner & 1] += trick.points
        lines.append(
            "tricks won: "
            + ", ".join(f"{Seat(team).team} {tricks[team]} ({points[team]} card points)" for team in (0, 1))
        )
    if state.belotes:
        lines.append("belote: " + ", ".join(str(seat) for seat in state.belotes))
    if state.declarations:
        lines.append("declarations: " + ", ".join(f"{d.seat} {d}" for d in state.declarations))
    return lines


def check_state(state: object) -> None:
    """Raise :class:`~belote.errors.ArgumentTypeError` unless ``state`` is a :class:`RoundState`
    (the round functions' first check)."""
    if not isinstance(state, RoundState):
        raise wrong_type("state", "a RoundState", state)
