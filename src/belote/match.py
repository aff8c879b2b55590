"""A match: deals in turn, the running scores, the held points and the winner.

A :class:`Match` is a frozen value. :meth:`Match.deal` deals the next round (reproducibly
from the match seed), :meth:`Match.record` takes the finished or passed-out round (or a
:class:`~belote.deal_score.DealScore`) and returns the match after it.

>>> from belote import CLASSIC_501, legal_bids, legal_moves, bid, play, Phase
>>> m = match(CLASSIC_501, seed=3)
>>> while m.winner is None:
...     r = m.deal()
...     while r.phase is Phase.BIDDING:
...         r = bid(r, legal_bids(r)[-1])
...     while r.phase is Phase.PLAYING:
...         r = play(r, next(iter(legal_moves(r))))
...     m = m.record(r)
>>> max(m.scores) > 501, sum(d.points[0] for d in m.history) == m.scores[0]
(True, True)
"""

from __future__ import annotations

import random

import attrs

from belote._args import as_seat, check_seed_size, plain_int, plain_seed, require_int, wrong_type
from belote._repr import safe_repr, short_repr
from belote.bidding import contract_problem
from belote.deal_score import DealScore
from belote.errors import BeloteError, MatchError, PhaseError, Reason
from belote.round import Phase, RoundState, deal
from belote.round_score import round_tally, score_round, unannounced_belotes
from belote.scoring import score_deal
from belote.seats import Seat, Team
from belote.variants import BeloteOmission, RedealDealer, TargetRule, Variant

__all__ = ["DealRecord", "Match", "match"]


@attrs.frozen(order=False)
class DealRecord:
    """One deal of a match, as written in its history.

    >>> from belote import BULGARIAN, Pass, bid
    >>> game = match(BULGARIAN, seed=3)
    >>> state = game.deal()
    >>> for _ in range(4):
    ...     state = bid(state, Pass())
    ...
    >>> record = game.record(state).history[0]
    >>> record.passed_out, record.points, record.scores_after
    (True, (0, 0), (0, 0))
    """

    number: int
    """The deal's number in the match, from 0 (passed-out deals count)."""
    dealer: Seat
    score: DealScore | None
    """``None`` when the deal was passed out."""
    scores_after: tuple[int, int]
    round: RoundState | None
    """The final state of the round, when the match recorded one."""
    forgiven_belotes: tuple[Seat, ...] = ()
    """Belotes held but not announced that were counted under ``belote_omission="one_tolerance"``."""

    def __repr__(self) -> str:
        return short_repr(self)

    @property
    def points(self) -> tuple[int, int]:
        """What each team wrote for this deal (0, 0 when passed out)."""
        return (0, 0) if self.score is None else self.score.points

    @property
    def passed_out(self) -> bool:
        """True when nobody took and the cards were thrown in."""
        return self.score is None


def _match_variant(value: Variant) -> Variant:
    if not isinstance(value, Variant):
        raise wrong_type("variant", "a Variant", value)
    return value


def _first_dealer(value: Seat) -> Seat:
    return as_seat(value, "first_dealer")


def _dealer(value: Seat) -> Seat:
    return as_seat(value, "dealer")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_match_fields(m: Match) -> None:
    """Raise on a field of the wrong type or out of range (the variant is checked by its converter)."""
    if m.seed is not None and not (_is_int(m.seed) or isinstance(m.seed, str)):
        raise wrong_type("seed", "an int, a str or None", m.seed)
    check_seed_size(m.seed)
    pairs = (
        ("scores", m.scores, _is_int, "two ints"),
        ("tolerance_used", m.tolerance_used, _is_bool, "two bools"),
    )
    for name, pair, check, expected in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2 or not all(map(check, pair)):
            raise wrong_type(name, f"a tuple of {expected}", pair)
    for name, number in (("carry", m.carry), ("target", m.target)):
        if not _is_int(number):
            raise wrong_type(name, "an int", number)
    check_score_bounds(m.carry, m.target)
    if not isinstance(m.history, tuple) or not all(isinstance(r, DealRecord) for r in m.history):
        raise wrong_type("history", "a tuple of DealRecord", m.history)
    if m.winner is not None and not isinstance(m.winner, Team):
        raise wrong_type("winner", "a Team or None", m.winner)


def check_score_bounds(carry: int, target: int | None) -> None:
    """Raise ``BAD_ARGUMENT`` unless ``carry`` (points held from earlier deals) is at least 0 and
    ``target`` (None where unknown) at least 1: a match's bounds, which a view given those
    facts from outside keeps too (internal: the views call it).

    >>> check_score_bounds(0, None)
    >>> check_score_bounds(-5, 1000)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: carry must be at least 0, got -5
    """
    for name, number, low in (("carry", carry, 0), ("target", target, 1)):
        if number is not None and number < low:
            raise BeloteError(
                f"{name} must be at least {low}, got {safe_repr(number)}", reason=Reason.BAD_ARGUMENT
            )


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


@attrs.frozen(order=False)
class Match:
    """The state of a match between two teams. Immutable; every step returns a new one.

    Build one with :func:`match`. The constructor checks its fields: a field of the wrong
    type raises :class:`~belote.errors.ArgumentTypeError`, a seat, carry or target out of
    range :class:`~belote.errors.BeloteError`.

    >>> from belote import CLASSIC_501
    >>> game = match(CLASSIC_501, seed=4)
    >>> game
    Match(variant=Variant.parse('classic_501'), seed=4, first_dealer=Seat.SOUTH, dealer=Seat.SOUTH, deals=0)
    >>> game.is_over, game.deal_number, game.target
    (False, 0, 501)
    """

    variant: Variant = attrs.field(converter=_match_variant)
    seed: int | str | None = attrs.field(converter=plain_seed)
    """Base of every deal's seed (``None``: deals are not reproducible)."""
    first_dealer: Seat = attrs.field(converter=_first_dealer)
    dealer: Seat = attrs.field(converter=_dealer)
    """The seat that deals the next round: the next seat after a played deal; after a thrown-in
    deal, the one the variant's ``redeal_dealer`` names."""
    scores: tuple[int, int] = (0, 0)
    carry: int = 0
    """Points held from tied deals for the next deal's winner."""
    target: int = attrs.field(default=attrs.Factory(lambda self: self.variant.target, takes_self=True))
    """The score to reach (or pass) to win; starts at the variant's, may be lifted (B15)."""
    history: tuple[DealRecord, ...] = ()
    winner: Team | None = None
    tolerance_used: tuple[bool, bool] = (False, False)
    """Per team, whether its one forgotten belote was already counted (``belote_omission``)."""

    def __attrs_post_init__(self) -> None:
        _check_match_fields(self)

    def __repr__(self) -> str:
        # the history holds every round: the repr gives its length (see ``history``)
        return short_repr(self, hide=("history",), keep=("seed",), extra=(("deals", len(self.history)),))

    @property
    def is_over(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    @property
    def deal_number(self) -> int:
        """The number of the next deal (deals so far, passed-out ones included)."""
        return len(self.history)

    def deal_seed(self, number: int | None = None) -> str | None:
        """The seed of deal ``number`` (counted from 0; default: the next one), ``None`` without a
        match seed: the seed :meth:`deal` deals that deal from.

        >>> from belote import CLASSIC
        >>> game = match(CLASSIC, seed=5)
        >>> game.deal_seed(), game.deal_seed(3), match(CLASSIC).deal_seed()
        ('5/0', '5/3', None)

        Raises:
            ArgumentTypeError: ``number`` is neither None nor an int.
            BeloteError: ``number`` below 0.
        """
        if number is not None:
            require_int(number, "number")
            if number < 0:
                raise BeloteError(
                    f"number must be at least 0, got {safe_repr(number)}", reason=Reason.BAD_ARGUMENT
                )
            number = plain_int(number)
        if self.seed is None:
            return None
        return f"{self.seed}/{self.deal_number if number is None else number}"

    def deal(self) -> RoundState:
        """Deal the next round: the match's dealer, a seed derived from the match seed."""
        if self.winner is not None:
            raise MatchError(f"the match is over: team {self.winner.value} won")
        return deal(self.variant, dealer=self.dealer, seed=self.deal_seed())

    def record(self, result: RoundState | DealScore) -> Match:
        """The match after a finished or passed-out round (or a deal scored by hand).

        A :class:`~belote.round.RoundState` is scored with the match's carry; a
        :class:`~belote.deal_score.DealScore` must have been computed with it.
        """
        if self.winner is not None:
            raise MatchError(f"the match is over: team {self.winner.value} won")
        final: RoundState | None = None
        if isinstance(result, RoundState):
            if result.variant != self.variant or result.dealer != self.dealer:
                raise MatchError(
                    f"this round was dealt by seat {result.dealer.value} under {result.variant.name}; "
                    f"the match expects seat {self.dealer.value} under {self.variant.name}",
                    reason=Reason.WRONG_ROUND,
                )
            final = result
            if result.phase is Phase.PASSED_OUT:
                return self._advance(None, result)
            if result.phase is not Phase.FINISHED:
                raise PhaseError(
                    f"the round is not over ({result.phase.value}): finish it before recording it",
                    reason=Reason.ROUND_NOT_FINISHED,
                )
            forgiven = self._forgiven_belotes(result)
            if forgiven:
                tally = round_tally(result)
                tally = attrs.evolve(tally, belotes=(*tally.belotes, *forgiven))
                assert result.contract is not None
                score = score_deal(self.variant, result.contract, tally, self.carry)
                return self._advance(score, final, forgiven)
            score = score_round(result, self.carry)
        elif isinstance(result, DealScore):
            problem = contract_problem(self.variant, result.contract)
            if problem is not None:
                raise MatchError(
                    f"the deal was not scored under {self.variant.name}: {problem}", reason=Reason.WRONG_ROUND
                )
            if result.breakdown.carry_in != self.carry:
                raise MatchError(
                    f"the deal was scored with carry {result.breakdown.carry_in}, the match holds "
                    f"{self.carry}: score it with carry={self.carry}",
                    reason=Reason.WRONG_ROUND,
                )
            score = result
        else:
            raise BeloteError(f"cannot record {safe_repr(result)}: expected a RoundState or a DealScore")
        return self._advance(score, final)

    def _repr_svg_(self) -> str:
        """The score sheet, for Jupyter (see :func:`belote.svg.score_sheet`)."""
        from belote.svg import score_sheet

        return score_sheet(self)

    def _forgiven_belotes(self, state: RoundState) -> tuple[Seat, ...]:
        """The unannounced belotes this deal counts: one per team and match at most."""
        if self.variant.belote_omission is not BeloteOmission.ONE_TOLERANCE:
            return ()
        forgiven: list[Seat] = []
        for seat in unannounced_belotes(state):
            if not self.tolerance_used[seat.team] and all(other.team != seat.team for other in forgiven):
                forgiven.append(seat)
        return tuple(forgiven)

    def _advance(
        self, score: DealScore | None, final: RoundState | None, forgiven: tuple[Seat, ...] = ()
    ) -> Match:
        scores = self.scores
        used = list(self.tolerance_used)
        for seat in forgiven:
            used[seat.team] = True
        carry = self.carry
        if score is not None:
            scores = (scores[0] + score.points[0], scores[1] + score.points[1])
            carry = score.carry
        record = DealRecord(
            number=self.deal_number,
            dealer=self.dealer,
            score=score,
            scores_after=scores,
            round=final,
            forgiven_belotes=forgiven,
        )
        winner, target = self._judge(scores, score)
        step = 1 if score is not None else _REDEAL_STEP[self.variant.redeal_dealer]
        return attrs.evolve(
            self,
            dealer=self.dealer.offset(step),
            scores=scores,
            carry=carry,
            target=target,
            history=(*self.history, record),
            winner=winner,
            tolerance_used=(used[0], used[1]),
        )

    def _judge(self, scores: tuple[int, int], score: DealScore | None) -> tuple[Team | None, int]:
        """The winner after a deal (if any) and the target for the next deal."""
        target = self.target
        exceed = self.variant.target_rule is TargetRule.EXCEED
        reached = [team for team in Team if (scores[team] > target if exceed else scores[team] >= target)]
        if not reached or score is None:
            return None, target
        if score.capot is not None and self.variant.no_win_on_valat:
            return None, max(scores) + 1  # rule B15: the barrier is lifted
        if score.capot is not None and self.variant.no_finish_on_capot_belote:
            reached = [team for team in reached if team != score.capot.other]
        if not reached:
            return None, target
        if len(reached) == 2:
            if scores[0] == scores[1]:
                return None, target
            return (Team(0) if scores[0] > scores[1] else Team(1)), target
        return reached[0], target


_REDEAL_STEP: dict[RedealDealer, int] = {
    RedealDealer.NEXT: 1,
    RedealDealer.SAME: 0,
    RedealDealer.PREVIOUS: -1,
}
"""Seats in play order from the dealer to the next dealer after a thrown-in deal, per ``redeal_dealer``."""


def check_match_variant(match: Match, variant: Variant) -> None:
    """Raise :class:`~belote.errors.MatchError` (``WRONG_ROUND``) unless ``match`` plays
    ``variant``: a round played or seen within a match must share its rules (internal: the
    views and the games call it).

    >>> from belote import BULGARIAN, CLASSIC
    >>> check_match_variant(match(CLASSIC, seed=1), BULGARIAN)
    Traceback (most recent call last):
    ...
    belote.errors.MatchError: the match plays classic, not bulgarian
    """
    if match.variant is not variant and match.variant != variant:
        raise MatchError(
            f"the match plays {match.variant.name}, not {variant.name}", reason=Reason.WRONG_ROUND
        )


def match(
    variant: Variant,
    *,
    seed: int | str | None = None,
    first_dealer: Seat | int | None = None,
) -> Match:
    """A new match under ``variant``.

    With a ``seed`` every deal is reproducible, and the first dealer is drawn from it unless
    ``first_dealer`` is given; without either, seat 0 deals first.

    >>> from belote import CLASSIC
    >>> game = match(CLASSIC, seed=2)
    >>> state = game.deal()
    >>> state.dealer == game.dealer, game.scores
    (True, (0, 0))
    """
    if not isinstance(variant, Variant):
        raise BeloteError(f"variant must be a Variant, got {safe_repr(variant)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise BeloteError(f"seed must be an int or a str, got {safe_repr(seed)}")
    check_seed_size(seed)
    seed = plain_seed(seed)  # type: ignore[assignment]
    if first_dealer is None:
        first_dealer = Seat(random.Random(f"{seed}/dealer").randrange(4)) if seed is not None else Seat(0)
    first_dealer = as_seat(first_dealer, "first_dealer")
    return Match(
        variant=variant,
        seed=seed,
        first_dealer=first_dealer,
        dealer=first_dealer,
    )
