"""Reading the hidden hands from the play: the evidence, the misplay count against a reference
built from the seats' own views, and the weighed choice among sampled deals."""

from __future__ import annotations

import random

import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    Phase,
    RoundState,
    Seat,
    Variant,
    bid,
    deal,
    legal_bids,
)
from belote.agents import EasyAgent, ExpertAgent, HardAgent, NormalAgent, infer
from belote.agents.base import Agent
from belote.agents.heuristics import choose_card
from belote.agents.normal import view_facts
from belote.agents.reading import (
    READING_DRAWS,
    PlayEvidence,
    check_reading,
    play_evidence,
    read_sample,
)
from belote.errors import BeloteError, Reason
from belote.games import agent_step
from belote.views import PlayerView, observe

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE)


def playing_states(variant: Variant, agents: list[Agent], seed: int) -> list[RoundState]:
    """Every position of one deal's card play (the bidding by ``agents``), and the one after the
    last card; empty when the deal is passed out."""
    state = deal(variant, dealer=Seat(seed % 4), seed=seed)
    while state.phase is Phase.BIDDING:
        state = agent_step(state, agents)
    states = []
    while state.phase is Phase.PLAYING:
        states.append(state)
        state = agent_step(state, agents)
    return [*states, state] if states else []


def last_card(state: RoundState) -> int:
    return observe(state, Seat.NORTH).plays[-1][1].index


def reference_misplays(states: list[RoundState], upto: int, me: Seat) -> int:
    """The plays of the seats other than ``me`` before position ``upto`` where the normal
    heuristics, on the view that seat had when it played, chose another card among several."""
    count = 0
    for index in range(upto):
        state = states[index]
        seat = state.to_act
        assert seat is not None
        if seat == me or state.legal_mask.bit_count() < 2:
            continue
        count += choose_card(*view_facts(observe(state, seat))) != last_card(states[index + 1])
    return count


def acting_view(state: RoundState) -> PlayerView:
    seat = state.to_act
    assert seat is not None
    return observe(state, seat)


def hands_of(state: RoundState) -> tuple[int, int, int, int]:
    return state.hand_masks


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
@pytest.mark.parametrize("seed", range(6))
def test_the_normal_players_own_deal_has_no_misplay(variant: Variant, seed: int) -> None:
    # the model is the normal player: from the true hands it explains every card they played
    agents: list[Agent] = [NormalAgent(seat) for seat in range(4)]
    states = playing_states(variant, agents, seed)
    for upto, state in enumerate(states[:-1]):
        evidence = play_evidence(acting_view(state))
        assert evidence.misplays(hands_of(state)) == 0, upto


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
@pytest.mark.parametrize("seed", range(8))
def test_misplays_match_the_heuristics_replayed_on_each_seats_view(variant: Variant, seed: int) -> None:
    # easy and normal players mixed: the count must equal, play by play, the heuristics asked
    # afresh on the view each seat had (its hand then, the trick, the cards gone, its side)
    agents: list[Agent] = [EasyAgent(0), NormalAgent(1), EasyAgent(2), HardAgent(3, samples=2)]
    states = playing_states(variant, agents, seed)
    seen_misplays = 0
    for upto, state in enumerate(states[:-1]):
        me = state.to_act
        assert me is not None
        evidence = play_evidence(observe(state, me))
        expected = reference_misplays(states, upto, me)
        assert evidence.misplays(hands_of(state)) == expected, upto
        seen_misplays = max(seen_misplays, expected)
        if expected:
            assert evidence.misplays(hands_of(state), limit=expected - 1) == expected
            assert 1 <= evidence.misplays(hands_of(state), limit=0) <= expected
            memo: dict[tuple[int, int], int] = {}
            assert evidence.misplays(hands_of(state), memo=memo) == expected
            assert sum(memo.values()) == expected  # each seat's count, remembered
            assert evidence.misplays(hands_of(state), memo=memo) == expected
    if states:
        assert seen_misplays > 0  # the easy players do not play as the model


def test_the_evidence_records_what_each_seat_saw() -> None:
    agents: list[Agent] = [NormalAgent(seat) for seat in range(4)]
    states = next(found for seed in range(20) if (found := playing_states(CLASSIC, agents, seed)))
    state = states[6]  # two cards into the second trick
    me = state.to_act
    assert me is not None
    view = observe(state, me)
    evidence = play_evidence(view)
    plays = [(int(seat), card.index) for seat, card in view.plays]
    others = [(index, seat, card) for index, (seat, card) in enumerate(plays) if seat != int(me)]
    assert [(seen.seat, seen.card) for seen in evidence.plays] == [(seat, card) for _, seat, card in others]
    contract = view.contract
    assert contract is not None
    assert evidence.mode == int(contract.trump)
    assert evidence.variant == CLASSIC
    for seen, (index, seat, _card) in zip(evidence.plays, others, strict=True):
        start = index - index % 4
        assert seen.trick == tuple(card for _, card in plays[start:index])
        assert seen.gone == sum(1 << card for _, card in plays[:index])
        assert seen.later == sum(1 << card for who, card in plays[index:] if who == seat)
        assert seen.attacking == ((seat & 1) == (int(contract.taker) & 1))


def test_evidence_needs_a_contract() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    with pytest.raises(BeloteError) as caught:
        play_evidence(observe(state, state.eldest))
    assert caught.value.reason is Reason.WRONG_PHASE


def reading_positions() -> list[RoundState]:
    agents: list[Agent] = [NormalAgent(seat) for seat in range(4)]
    found = []
    for seed in range(4):
        states = playing_states(CLASSIC, agents, seed)
        found.extend(states[12:20])
    return found


def test_one_draw_or_no_evidence_is_the_plain_sample() -> None:
    for state in reading_positions()[:6]:
        view = acting_view(state)
        beliefs = infer(view)
        evidence = play_evidence(view)
        assert read_sample(beliefs, evidence, random.Random(5), 1) == beliefs.sample(random.Random(5))
        empty = PlayEvidence(plays=(), mode=evidence.mode, variant=evidence.variant)
        assert read_sample(beliefs, empty, random.Random(5), 16) == beliefs.sample(random.Random(5))


def test_a_zero_weight_keeps_the_best_explained_draw() -> None:
    checked = 0
    for state in reading_positions():
        view = acting_view(state)
        beliefs = infer(view)
        evidence = play_evidence(view)
        if not evidence.plays:
            continue
        twin = random.Random(9)
        drawn = [beliefs.sample(twin) for _ in range(12)]
        fewest = min(evidence.misplays(hands) for hands in drawn)
        kept = read_sample(beliefs, evidence, random.Random(9), 12, weight=0.0)
        assert kept in drawn
        assert evidence.misplays(kept) == fewest
        checked += fewest < max(evidence.misplays(hands) for hands in drawn)
    assert checked >= 5  # positions where the choice mattered


def test_read_deals_fit_the_beliefs_and_explain_the_play_better() -> None:
    plain_total = read_total = 0
    for state in reading_positions():
        view = acting_view(state)
        beliefs = infer(view)
        evidence = play_evidence(view)
        rng = random.Random(3)
        for _ in range(8):
            hands = read_sample(beliefs, evidence, rng, READING_DRAWS)
            for seat in Seat:
                assert hands[seat] & beliefs.known_masks[seat] == beliefs.known_masks[seat]
                assert not hands[seat] & beliefs.excluded_masks[seat]
                assert hands[seat].bit_count() == beliefs.hand_sizes[seat]
            assert hands[view.seat] == view.hand.mask
            read_total += evidence.misplays(hands)
            plain_total += evidence.misplays(beliefs.sample(rng))
    assert read_total * 3 < plain_total


def test_the_read_deals_find_the_cards_a_normal_player_revealed() -> None:
    # the true deal has no misplay: reading moves the sampled deals towards it
    plain_hits = read_hits = 0
    for state in reading_positions():
        me = state.to_act
        assert me is not None
        view = observe(state, me)
        beliefs = infer(view)
        evidence = play_evidence(view)
        rng = random.Random(11)
        for _ in range(6):
            read = read_sample(beliefs, evidence, rng)
            plain = beliefs.sample(rng)
            for seat in Seat:
                if seat != me:
                    read_hits += (read[seat] & state.hand_masks[seat]).bit_count()
                    plain_hits += (plain[seat] & state.hand_masks[seat]).bit_count()
    assert read_hits > plain_hits * 1.05


@pytest.mark.parametrize("draws", [0, -1, True, 1.5, "16", None])
def test_bad_draws_are_refused(draws: object) -> None:
    with pytest.raises(BeloteError) as caught:
        check_reading(draws)
    assert caught.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(BeloteError):
        HardAgent(reading=draws)  # type: ignore[arg-type]
    with pytest.raises(BeloteError):
        ExpertAgent(reading=draws)  # type: ignore[arg-type]


@pytest.mark.parametrize("weight", [-0.1, 1.5, True, "0.1", None, float("nan")])
def test_bad_weights_are_refused(weight: object) -> None:
    with pytest.raises(BeloteError) as caught:
        check_reading(4, weight)
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_read_sample_checks_its_arguments() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=7)
    state = bid(state, legal_bids(state)[-1])
    view = acting_view(state)
    with pytest.raises(BeloteError):
        read_sample(infer(view), play_evidence(view), random.Random(1), 0)
    with pytest.raises(BeloteError):
        read_sample(infer(view), play_evidence(view), random.Random(1), 4, weight=2.0)


def test_the_searching_players_read_the_play_by_default() -> None:
    assert HardAgent().reading == READING_DRAWS == ExpertAgent().reading
    state = reading_positions()[3]
    view = acting_view(state)
    reading = HardAgent(4, samples=6).evaluate(view)
    blind = HardAgent(4, samples=6, reading=1).evaluate(view)
    assert reading.keys() == blind.keys()
    assert reading != blind
