"""A finished round on the score sheet: its :class:`~belote.scoring.Tally` read off the tricks
(:func:`round_tally`), its score (:func:`score_round`, with :func:`~belote.scoring.score_deal`)
and the belotes it let pass unannounced (:func:`unannounced_belotes`).

>>> from belote import CLASSIC, make_agent, play_round
>>> final = play_round(CLASSIC, [make_agent("normal", seed=s) for s in range(4)], seed=2)
>>> round_tally(final).card_points, score_round(final).points  # the last trick's 10 on the sheet
((96, 56), (96, 66))
"""

from __future__ import annotations

from collections.abc import Sequence

from belote.belotes import belote_allowed, held_belotes
from belote.deal_score import DealScore
from belote.errors import PhaseError, Reason
from belote.scoring import Tally, score_deal
from belote.seats import Seat
from belote.state import Phase, RoundState, Trick, check_state
from belote.variants import BeloteCredit

__all__ = ["round_tally", "score_round", "unannounced_belotes"]

_ANNOUNCED = BeloteCredit.ANNOUNCED


def unannounced_belotes(state: RoundState) -> tuple[Seat, ...]:
    """The seat of each belote that could have been announced in a finished round but was not.

    Replays the tricks: a card gives a belote chance when :func:`~belote.round.play` would have let its player
    announce (the first of a belote suit's K and Q, the other still in hand, led, followed or
    trumped); the chances of a seat beyond the belotes it announced were let pass. Read by a
    :class:`~belote.match.Match` under ``belote_omission="one_tolerance"``. Empty under
    ``belote_credit="held"``, where belote is never announced.

    >>> from belote import CLASSIC, Seat, make_agent, play_round
    >>> final = play_round(CLASSIC, [make_agent("normal", seed=s) for s in range(4)], seed=2)
    >>> unannounced_belotes(final)
    ()
    """
    check_state(state)
    if state.phase is not Phase.FINISHED:
        raise PhaseError("the round is not finished", reason=Reason.ROUND_NOT_FINISHED)
    if state.variant.belote_credit is not _ANNOUNCED:
        return ()
    remaining = _dealt_hands(state.tricks)
    mode = state.setup.mode
    chances: list[Seat] = []
    for trick in state.tricks:
        played: list[int] = []
        for seat, card in trick.plays:
            if belote_allowed(remaining[seat], card.index, played, mode, state.variant):
                chances.append(seat)
            remaining[seat] &= ~(1 << card.index)
            played.append(card.index)
    missed: list[Seat] = []
    for seat in Seat:
        missed.extend([seat] * (chances.count(seat) - state.belotes.count(seat)))
    return tuple(missed)


def _dealt_hands(tricks: Sequence[Trick]) -> list[int]:
    """The four hands as dealt (masks), read off the eight tricks of a finished round."""
    hands = [0, 0, 0, 0]
    for trick in tricks:
        for seat, card in trick.plays:
            hands[seat] |= 1 << card.index
    return hands


def round_tally(state: RoundState) -> Tally:
    """The :class:`~belote.scoring.Tally` of a finished round.

    >>> from belote import CLASSIC, Seat, make_agent, play_round
    >>> final = play_round(CLASSIC, [make_agent("normal", seed=s) for s in range(4)], seed=2)
    >>> tally = round_tally(final)
    >>> sum(tally.tricks), tally == round_tally(final)
    (8, True)

    Its belotes are those announced, or under ``belote_credit="held"`` those held in the
    dealt hands (a player with the trump king and queen).

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`.
        PhaseError: the round is not finished.
    """
    check_state(state)
    if state.phase is not Phase.FINISHED:
        raise PhaseError(
            f"the round is not finished ({state.phase.value.replace('_', ' ')}): "
            f"{len(state.tricks)} of 8 tricks played",
            reason=Reason.ROUND_NOT_FINISHED,
        )
    card_points = [0, 0]
    tricks = [0, 0, 0, 0]
    for trick in state.tricks:
        winner = int(trick.winner)
        card_points[winner & 1] += trick.points
        tricks[winner] += 1
    belotes = state.belotes
    if state.variant.belote_credit is not _ANNOUNCED:  # from the dealt hands, read off the tricks
        belotes = held_belotes(_dealt_hands(state.tricks), state.setup.mode)
    return Tally(
        card_points=(card_points[0], card_points[1]),
        tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
        last_trick=state.tricks[-1].winner,
        belotes=belotes,
        declarations=state.declarations,
    )


def score_round(state: RoundState, carry: int = 0) -> DealScore:
    """Score a finished round (all 8 tricks played) with :func:`~belote.scoring.score_deal`.

    ``carry`` is the points held from earlier tied deals (a :class:`~belote.match.Match`
    passes its own).

    >>> from belote import CLASSIC, make_agent, play_round
    >>> final = play_round(CLASSIC, [make_agent("normal", seed=s) for s in range(4)], seed=2)
    >>> score = score_round(final)
    >>> print(score.outcome, *score.points)
    made 96 66

    Raises:
        ArgumentTypeError: ``state`` is not a :class:`RoundState`.
        PhaseError: the round is not finished.
        TallyError: ``carry`` is not a whole number >= 0.
    """
    tally = round_tally(state)
    assert state.contract is not None
    return score_deal(state.variant, state.contract, tally, carry)
