"""The exact value of each card the seat to act may play, with every hand known.

:func:`solve` reads a playing :class:`~belote.state.RoundState` (from a game, a record or
:func:`~belote.positions.position`) and plays the rest of the deal out under perfect
information with best play by both teams (one maximises the margin below, the other minimises
it): the value of a card is the points the acting team
takes from the current trick on (card points of its tricks, the cards on the table counting in
their trick, the last-trick 10, and the capot bonus when it wins every trick of the deal: the
one-player capot's where one player alone wins them all and the variant scores that apart, as
the 501 game does; in a coinche bid capot or générale, the capot the contract needs) and its
margin over the other team. Belote, declarations and the contract's scoring are not part of the
value (points are card points, before any doubling of no trumps): the contract's result follows
from the points, and the declarations and most belotes stand whatever cards are chosen from here.
Two rules tie a belote to the cards chosen, and there the value does not see a belote lost or kept
by a card: ``belote_card_order="king_first"`` (the belote counts only when the king comes first)
and all trumps under ``belote_on_discard=False`` (Bulgarian: a king or queen played on a trick led
in another suit announces no belote).

>>> from belote import CLASSIC, Contract, Seat, Trump, position
>>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
>>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
...                  contract=Contract(Seat(0), Trump.HEARTS), plays="AS 7S QS 7H  AD 7D JD 8D")
>>> solution = solve(state)
>>> solution.seat, solution.points, solution.margin, str(solution.best[0])
(<Seat.EAST: 3>, 37, -61, 'QD')
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from belote._args import require, wrong_type
from belote._refusals import phase_error
from belote._repr import safe_repr
from belote.bidding import BID_VALUES, Contract, contract_problem
from belote.cards import DECK, Card, mask_indices
from belote.errors import ArgumentTypeError, BeloteError, Reason
from belote.kernel._capots import Bonuses, searched_bonuses, sheet_capot_bonuses, unsearched_value
from belote.kernel._rules import check_threads, rule_values
from belote.kernel._search import SolveCards
from belote.kernel._search_arguments import check_time_limit
from belote.kernel._value import SolveValue
from belote.seats import Seat
from belote.state import Phase, RoundState
from belote.tally import LAST_TRICK_BONUS
from belote.trumps import points_row
from belote.variants import BiddingSystem, Variant

__all__ = ["CardValue", "Solution", "capot_bonuses", "solo_capot_bonuses", "solve"]


@attrs.frozen(order=False)
class CardValue:
    """The solver's value of one legal card: what the acting team takes from here on if it plays
    ``card`` and both teams then play best.

    >>> from belote import Card
    >>> CardValue(Card.parse("7H"), points=64, margin=-34)
    CardValue(card=Card.parse('7H'), points=64, margin=-34)
    """

    card: Card
    points: int
    """The acting team's points for the rest of the deal (current trick included)."""
    margin: int
    """Those points minus the other team's."""


@attrs.frozen(order=False)
class Solution:
    """The value of every legal card of ``seat``, the seat to act, in card order.

    >>> from belote import CLASSIC, Contract, Seat, Trump, position
    >>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
    ...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
    >>> plays = "AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD  AH"
    >>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
    ...                  contract=Contract(Seat(0), Trump.HEARTS), plays=plays)
    >>> solution = solve(state)
    >>> solution
    Solution(seat=Seat.EAST, best=(Card.parse('KC'), Card.parse('TD')), points=62, margin=32)
    >>> solution.value("JC")
    CardValue(card=Card.parse('JC'), points=60, margin=28)

    Built by hand, it needs at least one value and each card once (a seat to act always has a
    legal card):

    >>> Solution(Seat(0), ())
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: a Solution needs the value of at least one card
    """

    seat: Seat = attrs.field(validator=lambda _, __, seat: require(seat, Seat, "seat", "a Seat"))
    values: tuple[CardValue, ...] = attrs.field(validator=lambda _, __, values: _check_values(values))

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards of the best value (all of them when several are as good)."""
        top = max(value.margin for value in self.values)
        return tuple(value.card for value in self.values if value.margin == top)

    @property
    def points(self) -> int:
        """The acting team's points with best play."""
        return max(self.values, key=_margin).points

    @property
    def margin(self) -> int:
        """The acting team's margin with best play."""
        return max(value.margin for value in self.values)

    def value(self, card: Card | str) -> CardValue:
        """The value of ``card`` (a :class:`Card` or its text), which must be legal.

        Raises:
            BeloteError: ``card`` is not a legal card of the seat to act.
        """
        wanted = Card.parse(card) if isinstance(card, str) else card
        for value in self.values:
            if value.card == wanted:
                return value
        raise BeloteError(f"{wanted} is not a legal card of seat {self.seat.value}")

    def __iter__(self) -> Iterator[CardValue]:
        return iter(self.values)

    def __repr__(self) -> str:
        seat = f"Seat.{self.seat.name}"
        return f"Solution(seat={seat}, best={self.best!r}, points={self.points}, margin={self.margin})"


def _margin(value: CardValue) -> int:
    return value.margin


def _check_values(values: object) -> None:
    """A :class:`Solution`'s values: a non-empty tuple of :class:`CardValue`, each card once."""
    if not isinstance(values, tuple) or not all(isinstance(value, CardValue) for value in values):
        raise wrong_type("values", "a tuple of CardValue", values)
    if not values:
        raise BeloteError("a Solution needs the value of at least one card")
    if len({value.card for value in values}) != len(values):
        raise BeloteError("a Solution values each card once")


def capot_bonuses(variant: Variant, contract: Contract) -> tuple[int, int]:
    """What team 0 and team 1 add to their card points by winning every trick, as the variant's
    own score sheet writes a capot: 0 for a team that cannot earn one (the takers only under
    ``capot_by = takers_only`` and in the coinche scoring), and on the scale of the card points
    as they are played: what the capot adds to the sheet over the same points without it, over
    what the sheet writes for each point played (where the sheet doubles the no-trumps card
    points but not the capot bonus, as Bulgarian no trumps does, the bonus is halved here; in
    all trumps written converted by 162 / 258, contrée's 90 is 143 played points), rounded to the
    point, and 0 where a capot writes no more than the points it takes. A coinche bid capot's takers
    earn the bonus of the same capot unbid; a générale's team capot earns nothing (only the
    taker's own capot makes it: :func:`solo_capot_bonuses`).

    >>> from belote import BULGARIAN, CLASSIC, COINCHE, Contract, Seat, Trump
    >>> capot_bonuses(CLASSIC, Contract(Seat(1), Trump.HEARTS))
    (90, 90)
    >>> capot_bonuses(COINCHE, Contract(Seat(1), Trump.HEARTS, bid=100))
    (0, 88)
    >>> capot_bonuses(BULGARIAN, Contract(Seat(0), Trump.NO_TRUMPS))  # 90 on 2 x the card points
    (45, 45)

    Raises:
        ArgumentTypeError: ``variant`` is not a Variant or ``contract`` not a Contract.
        BeloteError: a contract the variant does not score.
    """
    return sheet_capot_bonuses(variant, _scorable(variant, contract))[0]


def solo_capot_bonuses(variant: Variant, contract: Contract) -> tuple[int, int, int, int]:
    """Per seat (0 to 3), what its team adds to its card points when that seat alone wins every
    trick, as the variant's score sheet writes it (the 501 game's one-player capot, 350 against
    252 for a team capot); a seat's team's :func:`capot_bonuses` where the variant scores no
    one-player capot apart.

    A coinche *générale* (the taker bids to take every trick alone) is made by the taker's
    one-player capot only: the taker's is the bonus of the same capot unbid, every other seat's
    0 (as is the takers' team capot in :func:`capot_bonuses`), so that a line where the partner
    takes a trick ranks below the générale made.

    >>> from belote import CLASSIC, CLASSIC_501, COINCHE, Contract, Seat, Trump
    >>> solo_capot_bonuses(CLASSIC_501, Contract(Seat(1), Trump.HEARTS))
    (188, 188, 188, 188)
    >>> solo_capot_bonuses(CLASSIC, Contract(Seat(1), Trump.HEARTS))
    (90, 90, 90, 90)
    >>> import attrs
    >>> with_generale = attrs.evolve(COINCHE, generale_value=500)
    >>> generale = Contract(Seat(2), Trump.HEARTS, generale=True)
    >>> capot_bonuses(with_generale, generale), solo_capot_bonuses(with_generale, generale)
    ((0, 0), (0, 0, 88, 0))

    Raises:
        ArgumentTypeError: ``variant`` is not a Variant or ``contract`` not a Contract.
        BeloteError: a contract the variant does not score.
    """
    return sheet_capot_bonuses(variant, _scorable(variant, contract))[1]


def _scorable(variant: Variant, contract: Contract) -> Contract:
    """``contract`` as the score sheet can read it: a coinche contract names its bid (the capot
    bonus does not depend on its value); a contract the variant's auction cannot end in is
    refused (:func:`~belote.contracts.contract_problem`)."""
    require(variant, Variant, "variant", "a Variant")
    require(contract, Contract, "contract", "a Contract")
    if (
        variant.bidding is BiddingSystem.POINTS_AUCTION
        and contract.bid is None
        and not (contract.capot or contract.generale)
    ):
        contract = attrs.evolve(contract, bid=BID_VALUES[0])
    problem = contract_problem(variant, contract)
    if problem is not None:
        raise BeloteError(problem, reason=Reason.BAD_CONTRACT)
    return contract


def _check_playing(state: object) -> RoundState:
    if not isinstance(state, RoundState):
        raise wrong_type("state", "a RoundState", state)
    if state.phase is not Phase.PLAYING or state.to_act is None:
        raise phase_error(state.phase, "solve")
    return state


def exact_search() -> SolveCards:
    """The search :func:`solve` and the analysis run: the compiled kernel's when the package has
    one in use (:data:`belote.kernel.COMPILED`), else the pure-Python search; the same values.

    >>> import belote.kernel
    >>> exact_search() is belote.kernel.solve_cards
    True
    """
    import belote.kernel  # here: the kernel loads its tables from the agents, which import this module

    return belote.kernel.solve_cards


def exact_value() -> SolveValue:
    """The search of a position's value alone (its best card's ``(points, margin)``), on the same
    path as :func:`exact_search`: the compiled kernel's when in use, else the pure-Python one.

    >>> import belote.kernel
    >>> exact_value() is belote.kernel.solve_value
    True
    """
    import belote.kernel  # here: as in exact_search

    return belote.kernel.solve_value


def _solve(state: RoundState, threads: int | None, time_limit: float | None = None) -> Solution:
    """The solution of a checked playing state, on a transposition table of its own (within
    ``time_limit`` seconds if given, else ``TimeoutError``)."""
    assert state.contract is not None
    assert state.to_act is not None
    seat = state.to_act
    leader = int(seat) - len(state.trick_cards) & 3
    won = [0, 0, 0, 0]
    for trick in state.tricks:
        won[int(trick.winner)] += 1
    mode = int(state.contract.trump)
    (bonus, solo), real = searched_bonuses(contract_bonuses(state.variant, state.contract))
    values = exact_search()(
        state.hand_masks,
        state.trick_cards,
        leader,
        mode,
        rule_values(state.variant),
        (won[0], won[1], won[2], won[3]),
        bonus,
        None,
        solo_bonus=solo,
        threads=threads,
        time_limit=time_limit,
    )
    hands = state.hand_masks
    on_table = sum(1 << card for card in state.trick_cards)
    remaining = points_in_play(state.variant, mode, hands[0] | hands[1] | hands[2] | hands[3] | on_table)
    return Solution(
        seat=seat,
        values=tuple(
            CardValue(DECK[card], *unsearched_value(points, margin, remaining, real))
            for card, points, margin in values
        ),
    )


def contract_bonuses(variant: Variant, contract: Contract) -> Bonuses:
    """:func:`capot_bonuses` and :func:`solo_capot_bonuses` of ``contract``, as the exact search
    takes them (before :func:`~belote.kernel._capots.searched_bonuses`)."""
    return capot_bonuses(variant, contract), solo_capot_bonuses(variant, contract)


def points_in_play(variant: Variant, mode: int, cards: int) -> int:
    """The card points of ``cards`` (a mask: the cards still in the hands and on the table of a
    position) under trump mode ``mode``, with the last trick's 10: a solved margin beyond them is
    a capot.

    >>> from belote import CLASSIC, CardSet, Trump
    >>> points_in_play(CLASSIC, int(Trump.HEARTS), CardSet.parse("AS KS").mask)
    25
    """
    row = points_row(mode, variant)
    return sum(row[card] for card in mask_indices(cards)) + LAST_TRICK_BONUS


def solve(state: RoundState, *, threads: int | None = None, time_limit: float | None = None) -> Solution:
    """The exact value of each legal card of the seat to act, every hand known.

    Alpha-beta search with a transposition table, move ordering and equivalent cards; exact
    for every preset, contract and play rule. A whole deal from the first lead takes a few
    seconds in pure Python, some 10 ms at the median with the compiled kernel
    (``benchmarks/solver_speed.py``); a few tricks from the end, milliseconds or less.

    Args:
        state: a round in its playing phase.
        threads: how many threads the compiled search may split the legal cards over; by
            default (``None``) the processors the process may run on when 28 cards or more
            are in play (the first trick), one thread otherwise. Give 1 when other processes
            keep the processors busy (a pool of workers solving deals). The values never
            depend on it; the pure-Python search runs on one thread.
        time_limit: if given, the most seconds the search may take (a program that must
            answer in time, and can do without the values, then falls back on something
            cheaper); past it, the search stops (within a fraction of a millisecond with the
            compiled kernel) and raises ``TimeoutError``. The values never depend on it.

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`~belote.state.RoundState`, ``threads``
            is neither ``None`` nor an int, or ``time_limit`` neither ``None`` nor a number.
        PhaseError: the round is not in its playing phase.
        BeloteError: ``threads`` below 1 or ``time_limit`` not above 0 (reason
            ``BAD_ARGUMENT``).
        TimeoutError: the search took longer than ``time_limit``.

    >>> from belote import CLASSIC, Contract, Seat, Trump, position
    >>> hands = ["AS KS 9S JH 7D AC TC 8C", "7S 8S TH 9H 8H JD 9D 7C",
    ...          "QS JS TS AH KH QH 8D 9C", "AD KD QD TD 7H KC QC JC"]
    >>> plays = "AS 7S QS 7H  AD 7D JD 8D  KD JH 9D JS  KS 8S TS QD"
    >>> state = position(CLASSIC, dealer=Seat(3), hands=hands, turned="JH",
    ...                  contract=Contract(Seat(0), Trump.HEARTS), plays=plays)
    >>> solution = solve(state)
    >>> [(str(value.card), value.points, value.margin) for value in solution]
    [('9C', 37, -18), ('QH', 37, -18), ('KH', 37, -18), ('AH', 30, -32)]
    >>> solution.best, str(solution.seat)
    ((Card.parse('9C'), Card.parse('QH'), Card.parse('KH')), 'south')
    >>> solve(state, threads=1) == solution == solve(state, time_limit=60)
    True
    """
    return _solve(_check_playing(state), check_solver_threads(threads), check_solver_time_limit(time_limit))


def check_solver_threads(threads: object) -> int | None:
    """``threads`` as the solver's public functions take it: ``None`` or an int >= 1.

    Raises:
        ArgumentTypeError: neither ``None`` nor an int (a bool is refused).
        BeloteError: an int below 1 (reason ``BAD_ARGUMENT``).

    >>> check_solver_threads(2)
    2
    >>> check_solver_threads(0)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: threads must be an int >= 1 or None, got 0
    """
    try:
        return check_threads(threads)  # the search core's check, with the library's errors
    except TypeError as error:
        raise ArgumentTypeError(str(error)) from None
    except ValueError as error:
        raise BeloteError(str(error)) from None


def check_solver_time_limit(time_limit: object) -> float | None:
    """``time_limit`` as the solver's public functions take it: ``None`` or a number of seconds
    above 0 (an infinite one is no limit: ``None``).

    Raises:
        ArgumentTypeError: neither ``None`` nor an int or a float (a bool is refused).
        BeloteError: a number not above 0, NaN, or an int too big for a float (reason
            ``BAD_ARGUMENT``).

    >>> check_solver_time_limit(0.5), check_solver_time_limit(None)
    (0.5, None)
    >>> check_solver_time_limit(-1)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: time_limit must be None or a number of seconds above 0, got -1
    """
    try:
        return check_time_limit(time_limit)  # the search core's check, with the library's errors
    except TypeError as error:
        raise ArgumentTypeError(str(error)) from None
    except (ValueError, OverflowError):
        raise BeloteError(
            f"time_limit must be None or a number of seconds above 0, got {safe_repr(time_limit)}"
        ) from None
