"""Game analysis: what each card actually played cost against the best card at that moment.

:func:`analyze` replays the card play of a round (finished, or still in play) and asks the
solver (:func:`~belote.analysis.solve`, every hand known) for the value of each card played
and of the best card in its place. The difference is the card's *loss*: the points its team
gave away with that card, assuming best play afterwards. A perfectly played deal has no loss.

>>> from belote import CLASSIC, Contract, Seat, Trump, position
>>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
>>> plays = ("AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD  9C JC 8C 7C  QC TC 8H QH"
...          "  KH KC AC 9H  TH AH TD 9S")
>>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
...                  contract=Contract(Seat(0), Trump.HEARTS), plays=plays)
>>> analysis = analyze(state, start=16)
>>> analysis
Analysis(contract=Contract(Seat.NORTH, Trump.HEARTS), cards=16, losses=(13, 41, 8, 0))
>>> worst = analysis.mistakes(1)[0]
>>> worst.trick, worst.seat, str(worst.card), worst.loss, [str(card) for card in worst.best]
(7, <Seat.WEST: 1>, '9H', 41, ['TH'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from belote._args import wrong_type
from belote._contract_json import contract_to_json
from belote._repr import safe_repr, short_repr
from belote.analysis.solver import check_solver_threads, contract_bonuses, exact_search, points_in_play
from belote.bidding import Contract
from belote.cards import DECK, Card, CardSet
from belote.errors import BeloteError, PhaseError, Reason
from belote.kernel._capots import searched_bonuses, unsearched_value
from belote.kernel._rules import rule_values
from belote.kernel._search import Table
from belote.match import Match
from belote.seats import Seat
from belote.state import Phase, RoundState

__all__ = ["Analysis", "PlayReview", "analyze", "analyze_match"]


@attrs.frozen(order=False)
class PlayReview:
    """One card played, judged by the solver: its value, the best value, and the position.

    >>> review = PlayReview(number=0, seat=Seat(0), card=Card.parse("AS"), points=80,
    ...                     margin=10, best=(Card.parse("AS"),), best_points=80, best_margin=10,
    ...                     hands=(CardSet(0),) * 4, table=())
    >>> review.loss, review.trick
    (0, 1)
    """

    number: int
    """The card's place in the deal's play, from 0 (the first lead) to 31."""
    seat: Seat
    card: Card
    points: int
    """The acting team's points for the rest of the deal after this card, with best play after."""
    margin: int
    """Those points minus the other team's."""
    best: tuple[Card, ...]
    """The best cards at that moment."""
    best_points: int
    best_margin: int
    hands: tuple[CardSet, CardSet, CardSet, CardSet] = attrs.field(repr=False)
    """Every hand before the card was played."""
    table: tuple[Card, ...] = attrs.field(repr=False)
    """The cards of the trick in progress before the card was played, in play order."""

    def __repr__(self) -> str:
        return short_repr(self, keep=("number", "points", "margin", "best_points", "best_margin"))

    @property
    def trick(self) -> int:
        """The trick's number, from 1."""
        return self.number // 4 + 1

    @property
    def loss(self) -> int:
        """The points the acting team gave away with this card: its own points against the best
        card's (0 for a best card). A card can cost none of them and still not be a best card:
        one that lets the other team win every trick, when the acting team takes no point
        either way, gives that team its capot bonus (see :attr:`margin_loss`)."""
        return self.best_points - self.points

    @property
    def margin_loss(self) -> int:
        """The margin given away with this card (0 for a best card): the acting team's points
        it lost and the other team's it gained, a capot bonus included. The solver plays for
        the margin: a card is a best card exactly when its margin loss is 0."""
        return self.best_margin - self.margin

    @property
    def is_best(self) -> bool:
        """Whether the card played is one of the best cards at that moment (no margin lost).

        >>> review = PlayReview(number=30, seat=Seat(0), card=Card.parse("7C"), points=0,
        ...                     margin=-120, best=(Card.parse("9C"),), best_points=0,
        ...                     best_margin=-30, hands=(CardSet(0),) * 4, table=())
        >>> review.is_best, review.loss, review.margin_loss  # it gave the other team a capot
        (False, 0, 90)
        """
        return self.margin_loss == 0

    def to_json(self) -> dict[str, Any]:
        """The review as plain JSON-ready values (cards as text)."""
        return {
            "number": self.number,
            "trick": self.trick,
            "seat": int(self.seat),
            "card": str(self.card),
            "points": self.points,
            "margin": self.margin,
            "best": [str(card) for card in self.best],
            "best_points": self.best_points,
            "best_margin": self.best_margin,
            "loss": self.loss,
            "margin_loss": self.margin_loss,
            "hands": [str(hand) for hand in self.hands],
            "table": [str(card) for card in self.table],
        }


@attrs.frozen(order=False)
class Analysis:
    """The review of every card played in one round, in play order.

    >>> Analysis(contract=None, plays=()).losses
    (0, 0, 0, 0)
    """

    contract: Contract | None
    plays: tuple[PlayReview, ...] = attrs.field(repr=False)

    @property
    def losses(self) -> tuple[int, int, int, int]:
        """Each seat's total :attr:`~PlayReview.loss` (its team's points) over the cards it
        played."""
        return self._per_seat(lambda review: review.loss)

    @property
    def margin_losses(self) -> tuple[int, int, int, int]:
        """Each seat's total :attr:`~PlayReview.margin_loss` over the cards it played: 0 for a
        seat that played a best card every time."""
        return self._per_seat(lambda review: review.margin_loss)

    def _per_seat(self, amount: Callable[[PlayReview], int]) -> tuple[int, int, int, int]:
        """The sum of ``amount`` over the cards each seat played."""
        totals = [0, 0, 0, 0]
        for review in self.plays:
            totals[review.seat] += amount(review)
        return totals[0], totals[1], totals[2], totals[3]

    def mistakes(self, count: int = 5) -> tuple[PlayReview, ...]:
        """The ``count`` costliest cards that were not best cards, the costliest first: by the
        margin they gave away, then by the acting team's points (a card that gave the other
        team a capot is a mistake even where it cost no point of the acting team's own).

        >>> Analysis(contract=None, plays=()).mistakes()
        ()
        """
        if isinstance(count, bool) or not isinstance(count, int):
            raise wrong_type("count", "an int", count)
        if count < 0:
            raise BeloteError(f"count must be at least 0, got {safe_repr(count)}", reason=Reason.BAD_ARGUMENT)
        costly = sorted(
            (review for review in self.plays if not review.is_best),
            key=lambda r: (-r.margin_loss, -r.loss, r.number),
        )
        return tuple(costly[:count])

    def __iter__(self) -> Iterator[PlayReview]:
        return iter(self.plays)

    def __repr__(self) -> str:
        return f"Analysis(contract={self.contract!r}, cards={len(self.plays)}, losses={self.losses})"

    def to_json(self) -> dict[str, Any]:
        """The analysis as plain JSON-ready values: the whole ``contract`` as a record writes
        it (the taker and the trump code, then only the fields that differ from their default:
        ``multiplier``, ``bid``, ``capot``, ``generale``), the ``taker`` again on its own (as
        before the contract was written whole), each seat's ``losses`` and ``margin_losses``
        and every play (:meth:`PlayReview.to_json`).

        >>> from belote import Contract, Trump
        >>> coinched = Contract(Seat(1), Trump.HEARTS, multiplier=2, bid=100)
        >>> data = Analysis(contract=coinched, plays=()).to_json()
        >>> data["contract"], data["taker"]
        ({'taker': 1, 'trump': 'H', 'multiplier': 2, 'bid': 100}, 1)
        """
        return {
            "contract": None if self.contract is None else contract_to_json(self.contract),
            "taker": None if self.contract is None else int(self.contract.taker),
            "losses": list(self.losses),
            "margin_losses": list(self.margin_losses),
            "plays": [review.to_json() for review in self.plays],
        }


def _played(state: RoundState) -> list[tuple[int, int]]:
    """``(seat, card number)`` of every card played so far, in order."""
    plays = [(int(seat), card.index) for trick in state.tricks for seat, card in trick.plays]
    leader = state.leader
    if leader is not None:
        plays += [((int(leader) + i) & 3, card) for i, card in enumerate(state.trick_cards)]
    return plays


def analyze(state: RoundState, *, start: int = 0, threads: int | None = None) -> Analysis:
    """Judge every card played in ``state`` (a finished round, or one still in play) from
    card number ``start`` on (0: the first lead; the early cards of a deal are the slowest to
    solve). ``threads`` is the solver's (:func:`~belote.analysis.solve`): by default the
    positions of the first trick split their legal cards over the processors. Only cards
    already played are judged: in a round still in play, a ``start`` past them gives an
    analysis with no plays, as the first lead not yet made does.

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`~belote.state.RoundState`, ``start``
            not an int, or ``threads`` neither ``None`` nor an int.
        PhaseError: the round never reached its card play (still bidding, or passed out).
        BeloteError: ``start`` below 0 or above 31, or ``threads`` below 1.

    >>> from belote import CLASSIC, PhaseError, Seat, deal
    >>> try:
    ...     analyze(deal(CLASSIC, dealer=Seat(0), seed=3))
    ... except PhaseError as error:
    ...     print(error)
    cannot analyze a round in the bidding phase: it has no card play
    """
    if not isinstance(state, RoundState):
        raise wrong_type("state", "a RoundState", state)
    _check_start(start)
    threads = check_solver_threads(threads)
    contract = state.contract
    if contract is None or state.phase not in (Phase.PLAYING, Phase.FINISHED):
        raise PhaseError(
            f"cannot analyze a round in the {state.phase.value.replace('_', ' ')} phase: it has no card play",
            reason=Reason.WRONG_PHASE,
        )
    plays = _played(state)
    hands = list(state.hand_masks)
    for seat, card in plays:
        hands[seat] |= 1 << card
    mode = int(contract.trump)
    rules = rule_values(state.variant)
    (bonus, solo), real = searched_bonuses(contract_bonuses(state.variant, contract))
    table: Table = {}
    won = [0, 0, 0, 0]
    trick: list[int] = []
    leader = plays[0][0] if plays else 0
    reviews = []
    search = exact_search()
    for number, (seat, card) in enumerate(plays):
        if number >= start:
            searched = search(
                (hands[0], hands[1], hands[2], hands[3]),
                tuple(trick),
                leader,
                mode,
                rules,
                (won[0], won[1], won[2], won[3]),
                bonus,
                table,
                solo_bonus=solo,
                threads=threads,
            )
            in_play = hands[0] | hands[1] | hands[2] | hands[3] | sum(1 << table_card for table_card in trick)
            remaining = points_in_play(state.variant, mode, in_play)
            values = [
                (option, *unsearched_value(points, margin, remaining, real))
                for option, points, margin in searched
            ]
            top = max(margin for _, _, margin in values)
            played = next(value for value in values if value[0] == card)
            reviews.append(
                PlayReview(
                    number=number,
                    seat=Seat(seat),
                    card=DECK[card],
                    points=played[1],
                    margin=played[2],
                    best=tuple(DECK[option] for option, _, margin in values if margin == top),
                    best_points=next(points for _, points, margin in values if margin == top),
                    best_margin=top,
                    hands=(CardSet(hands[0]), CardSet(hands[1]), CardSet(hands[2]), CardSet(hands[3])),
                    table=tuple(DECK[played_card] for played_card in trick),
                )
            )
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            winner = state.tricks[number // 4].winner
            won[int(winner)] += 1
            leader = int(winner)
            trick = []
    return Analysis(contract=contract, plays=tuple(reviews))


def _check_start(start: object) -> None:
    if isinstance(start, bool) or not isinstance(start, int):
        raise wrong_type("start", "an int", start)
    if not 0 <= start <= 31:
        raise BeloteError(
            f"start must be a card number 0..31, got {safe_repr(start)}", reason=Reason.BAD_ARGUMENT
        )


def analyze_match(game: Match, *, start: int = 0, threads: int | None = None) -> tuple[Analysis, ...]:
    """:func:`analyze` every played deal of a match (passed-out deals have no card play and
    are left out), in order, with the same ``start`` and ``threads``.

    Raises:
        ArgumentTypeError: ``game`` is not a :class:`~belote.match.Match`.
        BeloteError: as :func:`analyze` for ``start`` and ``threads``.

    >>> from belote import CLASSIC, match
    >>> analyze_match(match(CLASSIC, seed=1))
    ()
    """
    if not isinstance(game, Match):
        raise wrong_type("game", "a Match", game)
    _check_start(start)
    threads = check_solver_threads(threads)
    return tuple(
        analyze(entry.round, start=start, threads=threads)
        for entry in game.history
        if entry.round is not None
        and entry.round.contract is not None
        and entry.round.phase is Phase.FINISHED
    )
