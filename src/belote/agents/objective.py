"""What a deal's end is worth to a team, read from the variant's own score sheet.

Searching agents play thousands of deals to the end per decision and must compare how they
end. They compare them exactly as the rules score them: a :class:`DealObjective` asks
:func:`~belote.scoring.score_deal` (every option of the variant: litige, the belote kept or
lost, the 501 game's one-player capot, Bulgarian game points and their rounding, hanging
points, contra and re-contra, valat, the points held from earlier deals) and remembers the
answer, since a deal's score depends on few facts: the takers' card points, the team that took
the last trick and, only when a team took no trick, who took them all (the 501 game's and the
coinche générale's one-player capot). The coinche scoring reads no other fact of the deal's end.

>>> from belote import CLASSIC, Contract, Seat, Trump
>>> objective = DealObjective(CLASSIC, Contract(Seat(0), Trump.HEARTS))
>>> objective.value((82, 80), (2, 2, 2, 2), last_trick=0, team=0)  # made: 82 - 80
2
>>> objective.value((80, 82), (2, 2, 2, 2), last_trick=1, team=0)  # failed: 0 - 162
-162
"""

from __future__ import annotations

from collections.abc import Sequence

from belote.agents.base import check_view
from belote.belotes import held_belotes
from belote.bidding import Contract
from belote.cards import CardSet
from belote.declarations import Declaration, allows_declarations, declaration_options
from belote.errors import BeloteError, Reason
from belote.scoring import score_deal
from belote.seats import Seat
from belote.tally import LAST_TRICK_BONUS, Tally
from belote.variants import BeloteCredit, Variant
from belote.views import PlayerView

__all__ = ["DealObjective", "SampledSheets"]


class DealObjective:
    """The score-sheet value of a deal's end for either team, with the deal's fixed facts.

    Args:
        variant: the rules the deal is scored by.
        contract: taker, trump mode and doubling level.
        belotes: the seats whose belote counts (announced, or held where the variant credits
            the owners).
        declarations: the declarations shown (the variant decides which count).
        carry: points held from earlier tied deals, paid to this deal's winner (sheet units).

    The value of an end for ``team`` is what ``team`` writes on the score sheet for the deal
    minus what the other team writes (points held for a later deal count for neither), exactly
    :func:`~belote.scoring.score_deal`'s ``points``. Each distinct end is scored once.

    >>> from belote import BULGARIAN, Contract, Seat, Trump
    >>> objective = DealObjective(BULGARIAN, Contract(Seat(1), Trump.SPADES, multiplier=2))
    >>> objective.value((100, 62), (2, 2, 2, 2), last_trick=0, team=1)  # contra: 16 game points lost
    -32
    """

    __slots__ = ("_belotes", "_carry", "_contract", "_declarations", "_memo", "_total", "_variant")

    def __init__(
        self,
        variant: Variant,
        contract: Contract,
        *,
        belotes: Sequence[Seat] = (),
        declarations: Sequence[Declaration] = (),
        carry: int = 0,
    ) -> None:
        self._variant = variant
        self._contract = contract
        self._belotes = tuple(belotes)
        self._declarations = tuple(declarations)
        self._carry = carry
        self._memo: dict[tuple[int, int, int], tuple[int, int]] = {}
        self._total = 0  # the deal's points with the last trick's 10, known from its first end

    def sheet(self, points: Sequence[int], tricks: Sequence[int], last_trick: int) -> tuple[int, int]:
        """What each team writes for the deal, from each team's card points with the last
        trick's 10 (``points``), the tricks of each seat and the seat that took the last trick.

        Raises:
            TallyError: for an end that no deal can produce (points not adding up, ...).

        >>> from belote import CLASSIC_501, Contract, Seat, Trump
        >>> objective = DealObjective(CLASSIC_501, Contract(Seat(0), Trump.CLUBS))
        >>> objective.sheet((162, 0), (8, 0, 0, 0), last_trick=0)  # one player took every trick
        (350, 0)
        """
        last_team = last_trick & 1
        capot_seat = -1
        if not (tricks[0] + tricks[2]) or not (tricks[1] + tricks[3]):
            capot_seat = 4 + last_team
            for seat in range(4):
                if tricks[seat] == 8:
                    capot_seat = seat
        key = (points[0], last_team, capot_seat)
        known = self._memo.get(key)
        if known is None or not self._possible(points, tricks, last_trick, last_team):
            card_points = [points[0], points[1]]
            card_points[last_team] -= LAST_TRICK_BONUS
            tally = Tally(
                card_points=(card_points[0], card_points[1]),
                tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
                last_trick=Seat(last_trick),
                belotes=self._belotes,
                declarations=self._declarations,
            )
            known = score_deal(self._variant, self._contract, tally, self._carry).points
            self._total = points[0] + points[1]
            self._memo[key] = known
        return known

    def _possible(
        self, points: Sequence[int], tricks: Sequence[int], last_trick: int, last_team: int
    ) -> bool:
        """Whether an end whose score is remembered is one a deal can produce, checked as the
        first end scored was (by :class:`~belote.tally.Tally` and the scoring), so that an
        impossible end is refused whatever was scored before it: plain ints, the deal's points
        with the last trick's 10 to that trick's team, eight tricks among which the last one's
        seat has one, and no points to a team without a trick. False sends the end to the
        scoring itself, which refuses it or scores it."""
        if len(points) != 2 or len(tricks) != 4:
            return False
        first, second = points
        north, west, south, east = tricks
        if (
            first.__class__ is not int
            or second.__class__ is not int
            or north.__class__ is not int
            or west.__class__ is not int
            or south.__class__ is not int
            or east.__class__ is not int
            or last_trick.__class__ is not int
        ):
            return False
        return (
            first + second == self._total
            and min(first, second, north, west, south, east) >= 0
            and points[last_team] >= LAST_TRICK_BONUS
            and north + west + south + east == 8
            and 0 <= last_trick <= 3
            and tricks[last_trick] > 0
            and (north + south > 0 or first == 0)
            and (west + east > 0 or second == 0)
        )

    def value(self, points: Sequence[int], tricks: Sequence[int], last_trick: int, team: int) -> int:
        """The sheet points of ``team`` for the deal minus the other team's (see :meth:`sheet`).

        >>> from belote import CLASSIC, Contract, Seat, Trump
        >>> DealObjective(CLASSIC, Contract(Seat(0), Trump.HEARTS)).value(
        ...     (162, 0), (4, 0, 4, 0), last_trick=2, team=1)
        -252
        """
        written = self.sheet(points, tricks, last_trick)
        return written[team] - written[1 - team]


class SampledSheets:
    """The score sheet of the deal in play for each deal a searching player samples from
    ``view``: the belotes that deal will count as well as the ones already announced.

    Whether a contract is made depends on the belotes (rule C13: a belote counts toward the
    contract), and a belote not yet announced is no less there: a hand of the sampled deal that
    still holds both cards of one will announce it as it plays the first, as every player of
    the library does (and, where the variant credits a held belote, a hand dealt both cards
    scores it whatever it plays). Calling the sheets with a sampled deal's hands (the cards
    still held, as card masks by seat) gives its :class:`DealObjective`, one per set of belotes.

    Before these sheets, the hard and expert players' card play counted only the belotes already
    announced, so that a contract a belote still to come makes was valued as failed (or the
    reverse) in about a fifth of the deals. It changed 3.7 % of the hard player's card decisions
    with a choice and 1 % of the expert's solved ones. At the table it measured within noise:
    the hard player with them against the hard player without, 0.502 [0.497, 0.507] over 1,000
    classic duplicate deals (made as taker 0.874 against 0.869); the expert against the hard
    player, both with them, 0.523 [0.516, 0.530] over the 2,000 classic duplicate deals of seed
    0 (0.527 [0.517, 0.538] over the first 1,000), -0.004 (+-0.005) paired with both without
    (1,188 of 1,932 deal pairs played the same). It is kept because it is the score sheet the
    rules write.

    Declarations likewise: where the variant has them (Bulgarian, coinche; not in no trumps),
    the sheets count the ones shown so far and, during the first trick, those still to be shown
    by each seat that has not yet played its first card, the deciding player among them: the
    best combination the seat's hand of the sampled deal allows, as every player of the library
    shows with its first card (:func:`~belote.agents.base.announced_play`), in the order the
    seats will play (which decides an exact tie where the first to announce wins). Declarations
    count toward the contract there, so a first-trick card was otherwise valued against a sheet
    that makes or fails the contract differently from the one the rules will write. It changed 7
    of 47 first-trick card decisions of the hard player with a choice (about 4 ms more each) and
    measured within noise at the table (``benchmarks/card_play_roles.py``, the hard player with
    it in place of the hard player without, the first deals of seed 0): in Bulgarian, +0.7
    (+-1.5) game points a deal over 378 contracts (85 played otherwise); in coinche, -4 (+-26)
    points a deal over 247 (84 played otherwise). It is kept because it is the score sheet the
    rules write.

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`~belote.views.PlayerView`.
        BeloteError: before the contract is made (reason ``WRONG_PHASE``).

    >>> from belote import CLASSIC, CardSet, Seat, bid, deal, legal_bids, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=3)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> sheets = SampledSheets(observe(state, Seat(1)))
    >>> state.contract, sheets.belotes([0, 0, 0, 0])
    (Contract(Seat.WEST, Trump.CLUBS), ())
    >>> sheets.belotes([0, CardSet.parse("KC QC").mask, 0, 0])  # West will announce it
    (<Seat.WEST: 1>,)
    >>> end = (82, 80), (2, 2, 2, 2), 1  # West's team: 80 card points, failed without the belote
    >>> belote = [0, CardSet.parse("KC QC").mask, 0, 0]
    >>> sheets([0, 0, 0, 0]).value(*end, team=1), sheets(belote).value(*end, team=1)
    (-162, 18)
    """

    __slots__ = ("_announced", "_contract", "_dealt", "_mode", "_objectives", "_pending", "_shows", "_view")

    def __init__(self, view: PlayerView) -> None:
        check_view(view)
        contract = view.contract
        if contract is None:
            raise BeloteError("no contract yet: the deal is not in play", reason=Reason.WRONG_PHASE)
        self._view = view
        self._contract = contract
        self._mode = int(contract.trump)
        self._announced = tuple(view.belotes)
        played = [0, 0, 0, 0]
        if view.variant.belote_credit is BeloteCredit.HELD:
            for seat, card in view.plays:
                played[seat] |= 1 << card.index
        self._dealt = tuple(played)
        self._pending: tuple[Seat, ...] = ()  # the seats still to show declarations, in play order
        if not view.tricks and allows_declarations(view.variant, contract.trump) and view.leader is not None:
            self._pending = tuple(view.leader.offset(count) for count in range(len(view.trick), 4))
        self._shows: dict[tuple[Seat, int], tuple[Declaration, ...]] = {}
        self._objectives: dict[tuple[tuple[Seat, ...], tuple[Declaration, ...]], DealObjective] = {}

    def belotes(self, hands: Sequence[int]) -> tuple[Seat, ...]:
        """The seats whose belote the deal of ``hands`` (the cards still held) counts, in seat
        order: announced already or still to be (see the class)."""
        dealt = self._dealt
        held = held_belotes([hands[seat] | dealt[seat] for seat in range(4)], self._mode)
        if not self._announced:
            return held
        return tuple(sorted((*self._announced, *held)))

    def declarations(self, hands: Sequence[int]) -> tuple[Declaration, ...]:
        """The declarations the deal of ``hands`` (the cards still held) will have shown once
        the first trick is over: the view's, then each seat's still to come (see the class).

        >>> from belote import BULGARIAN, CardSet, Contract, Seat, Trump, seat_view
        >>> view = seat_view(BULGARIAN, Seat(1), hand="KH QH JH 7S 8S 9D TD AC", dealer=Seat(0),
        ...                  contract=Contract(Seat(0), Trump.ALL_TRUMPS))
        >>> sheets = SampledSheets(view)  # West leads the first trick
        >>> south = CardSet.parse("7C 8C 9C TC 7D 8D JS QS").mask
        >>> for declaration in sheets.declarations([0, view.hand.mask, south, 0]):
        ...     print(declaration)
        terca KH QH JH (20)
        quarta TC 9C 8C 7C (50)
        """
        declarations = self._view.declarations
        for seat in self._pending:
            key = (seat, hands[seat])
            shown = self._shows.get(key)
            if shown is None:
                options = declaration_options(CardSet(hands[seat]), seat)
                shown = self._shows[key] = options[0] if options else ()
            declarations += shown
        return declarations

    def __call__(self, hands: Sequence[int]) -> DealObjective:
        return self._objective(self.belotes(hands), self.declarations(hands))

    def forfeited(self, hands: Sequence[int], seat: int) -> DealObjective:
        """The sheet of the deal of ``hands`` when ``seat`` gives up one belote it still holds
        (it plays a card that announces none: :func:`~belote.belotes.forfeits_belote`): one belote
        of that seat fewer than calling the sheets counts.

        >>> from belote import BULGARIAN, CardSet, Contract, Seat, Trump, seat_view
        >>> view = seat_view(BULGARIAN, Seat(1), hand="KH QH 7S 8S TS JS AS 9D", dealer=Seat(0),
        ...                  contract=Contract(Seat(0), Trump.ALL_TRUMPS))
        >>> sheets = SampledSheets(view)
        >>> hands, end = [0, view.hand.mask, 0, 0], ((130, 128), (2, 2, 2, 2), 1)
        >>> sheets(hands).value(*end, team=1), sheets.forfeited(hands, 1).value(*end, team=1)
        (28, 0)

        With West's belot the defenders' 128 card points and 20 beat the takers' 130, who are
        inside; without it the contract is made.
        """
        belotes = list(self.belotes(hands))
        if Seat(seat) in belotes:
            belotes.remove(Seat(seat))
        return self._objective(tuple(belotes), self.declarations(hands))

    def _objective(self, belotes: tuple[Seat, ...], declarations: tuple[Declaration, ...]) -> DealObjective:
        """The sheet with these belotes and declarations, one per distinct pair."""
        key = (belotes, declarations)
        objective = self._objectives.get(key)
        if objective is None:
            view = self._view
            objective = DealObjective(
                view.variant,
                self._contract,
                belotes=belotes,
                declarations=declarations,
                carry=view.carry,
            )
            self._objectives[key] = objective
        return objective
