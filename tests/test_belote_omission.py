"""The ``belote_omission`` option (rule C12; the options page): a belote held but not announced is lost, or,
under ``one_tolerance``, counted once per team and match when the match records the deal."""

from __future__ import annotations

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    DECK,
    Match,
    Phase,
    RoundState,
    Seat,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    play,
)
from belote.errors import PhaseError
from belote.round import unannounced_belotes

TOLERANT = attrs.evolve(CLASSIC, belote_omission="one_tolerance")


def play_out(state: RoundState, *, announce: bool) -> RoundState:
    """Take the first contract offered, then play the first legal card, announcing or not."""
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    while state.phase is Phase.PLAYING:
        state = play(state, next(iter(legal_moves(state))), belote=None if announce else False)
    return state


def round_with_belote(m: Match, *, announce: bool) -> tuple[RoundState, Match]:
    """Deal the match's rounds (recording them) until one has a belote; return it unrecorded."""
    while True:
        state = play_out(m.deal(), announce=announce)
        if state.phase is Phase.FINISHED and (state.belotes or unannounced_belotes(state)):
            return state, m
        m = m.record(state)


def same_deal(state: RoundState) -> RoundState:
    """A fresh round with the same dealer and the same deck as ``state``."""
    return deal(state.variant, dealer=state.dealer, deck=[DECK[index] for index in state.deck])


def test_unannounced_belote_is_found_and_announced_one_is_not() -> None:
    silent, _ = round_with_belote(match(CLASSIC, seed=11, first_dealer=Seat(0)), announce=False)
    assert silent.belotes == ()
    holder = unannounced_belotes(silent)
    assert len(holder) == 1
    spoken = play_out(same_deal(silent), announce=True)
    assert spoken.belotes == holder
    assert unannounced_belotes(spoken) == ()


@pytest.mark.parametrize("variant", [CLASSIC, TOLERANT])
def test_forgotten_belote_counts_once_per_team_only_with_the_tolerance(variant: Variant) -> None:
    m = match(variant, seed=11, first_dealer=Seat(0))
    silent, m = round_with_belote(m, announce=False)
    (holder,) = unannounced_belotes(silent)
    after = m.record(silent)
    record = after.history[-1]
    assert record.score is not None
    belote_points = record.score.breakdown.belote[holder.team]
    if variant is TOLERANT:
        assert belote_points == 20
        assert record.forgiven_belotes == (holder,)
        assert after.tolerance_used[holder.team]
        assert not after.tolerance_used[holder.team.other]
    else:
        assert belote_points == 0
        assert record.forgiven_belotes == ()
        assert after.tolerance_used == (False, False)


def test_the_tolerance_is_spent_after_one_forgotten_belote() -> None:
    m = match(TOLERANT, seed=11, first_dealer=Seat(0))
    forgiven_teams = []
    for _ in range(40):
        if m.winner is not None:
            break
        state = play_out(m.deal(), announce=False)
        m = m.record(state)
        record = m.history[-1]
        forgiven_teams.extend(seat.team for seat in record.forgiven_belotes)
        if state.phase is Phase.FINISHED:
            assert record.score is not None
            counted = record.score.breakdown.belote
            assert sum(counted) == 20 * len(record.forgiven_belotes)
    assert forgiven_teams, "no belote was ever held in 40 deals: pick another seed"
    assert len(forgiven_teams) == len(set(forgiven_teams)) <= 2


def test_option_accepts_its_values_and_rejects_others() -> None:
    assert TOLERANT.belote_omission.value == "one_tolerance"
    assert CLASSIC.belote_omission.value == "lost"
    assert BULGARIAN.belote_omission.value == "lost"
    with pytest.raises(ValueError, match="one_tolerance"):
        attrs.evolve(CLASSIC, belote_omission="sometimes")


def test_unannounced_belotes_needs_a_finished_round() -> None:
    state = match(CLASSIC, seed=1).deal()
    with pytest.raises(PhaseError, match="not finished"):
        unannounced_belotes(state)


@pytest.mark.parametrize(
    "variant", [CLASSIC, BULGARIAN, attrs.evolve(CLASSIC, belote_card_order="king_first")]
)
@pytest.mark.parametrize("seed", range(30))
def test_missed_belotes_are_exactly_the_ones_play_would_have_announced(variant: Variant, seed: int) -> None:
    silent = play_out(deal(variant, seed=seed), announce=False)
    if silent.phase is not Phase.FINISHED:
        return
    spoken = play_out(same_deal(silent), announce=True)
    assert [trick.cards for trick in spoken.tricks] == [trick.cards for trick in silent.tricks]
    assert sorted(unannounced_belotes(silent)) == sorted(spoken.belotes)
    assert unannounced_belotes(spoken) == ()


def test_a_forgiven_belote_is_scored_with_the_matchs_carry_and_keeps_the_round() -> None:
    m = match(TOLERANT, seed=11, first_dealer=Seat(0))
    silent, m = round_with_belote(m, announce=False)
    held = attrs.evolve(m, carry=50)
    after = held.record(silent)
    record = after.history[-1]
    assert record.forgiven_belotes == unannounced_belotes(silent)
    assert record.round is silent
    assert record.score is not None
    assert record.score.breakdown.carry_in == 50
