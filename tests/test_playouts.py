"""Random legal playouts of every preset, checking the round invariants at every step.

Bids and cards are drawn at random among the legal ones (in Bulgarian, contra and
re-contra included). After each step: 32 cards conserved, exactly one seat to act while
bidding or playing, the legal set never empty and inside the hand (and equal to the
reference). At the end: 8 tricks of 4 cards, each trick's winner leads the next, card points
plus the last trick make 162 / 258 / 130, and ``score_round`` scores the round.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    DECK,
    Bid,
    Card,
    CardSet,
    DealScore,
    Double,
    Pass,
    Phase,
    Rank,
    Redouble,
    RoundState,
    Seat,
    Suit,
    Trump,
    Variant,
    bid,
    card_points,
    deal,
    legal_bids,
    legal_moves,
    play,
    round_tally,
    score_round,
)
from belote.variants import BeloteCredit, FirstLead
from reference_legal import reference_legal_cards, reference_trick_winner

FULL = CardSet.full()
TOTALS = {Trump.NO_TRUMPS: 130, Trump.ALL_TRUMPS: 258}


def check_step(state: RoundState) -> None:
    """The invariants that hold after every step of a round."""
    hands = state.hands
    union = CardSet()
    for hand in hands:
        assert union.isdisjoint(hand)
        union |= hand
    played = [card for trick in state.tricks for card in trick.cards] + [card for _, card in state.trick]
    assert len(set(played)) == len(played)
    assert union.isdisjoint(CardSet.of(played))
    if state.phase in (Phase.BIDDING, Phase.PASSED_OUT):
        dealt = 8 if state.variant.bidding.value == "points_auction" else 5  # coinche: the whole pack
        undealt = [DECK[index] for index in state.deck[4 * dealt :]]
        assert not played
        assert sum(len(hand) for hand in hands) == 4 * dealt
        assert [len(hand) for hand in hands] == [dealt] * 4
        if state.turned is not None:
            assert state.turned == undealt[0]
    else:
        undealt = []
    everything = union | CardSet.of(played) | CardSet.of(undealt)
    assert everything == FULL
    assert sum(len(hand) for hand in hands) + len(played) + len(undealt) == 32

    if state.phase is Phase.BIDDING:
        assert state.to_act is state.eldest.offset(len(state.auction))
        assert legal_bids(state)
        assert legal_bids(state)[0] == Pass()
        assert legal_moves(state) == CardSet()
    elif state.phase is Phase.PLAYING:
        to_act = state.to_act
        assert to_act is not None
        assert state.trump is not None
        assert legal_bids(state) == ()
        legal = legal_moves(state)
        hand = state.hand(to_act)
        assert legal, "never empty while playing"
        assert legal <= hand
        assert set(legal) == reference_legal_cards(hand, state.trick, state.trump, state.variant)
        if state.trick:
            assert to_act is state.trick[-1][0].next
        # everyone who has played this trick holds one card fewer
        done = len(state.tricks)
        for seat in Seat:
            played_now = any(s is seat for s, _ in state.trick)
            assert len(state.hand(seat)) == 8 - done - played_now
    else:
        assert state.to_act is None
        assert legal_bids(state) == ()
        assert legal_moves(state) == CardSet()


def check_finished(state: RoundState) -> DealScore:
    """The invariants of a finished round; returns its score."""
    contract = state.contract
    assert contract is not None
    trump = contract.trump
    assert len(state.tricks) == 8
    first = state.dealer if state.variant.first_lead is FirstLead.DEALER else state.dealer.next
    assert state.tricks[0].leader is first
    for number, trick in enumerate(state.tricks):
        assert len(trick.cards) == 4
        assert [seat for seat, _ in trick.plays] == [trick.leader.offset(i) for i in range(4)]
        assert trick.winner is reference_trick_winner(trick.plays, trump)
        assert trick.points == sum(card_points(card, trump, state.variant) for card in trick.cards)
        if number:
            assert trick.leader is state.tricks[number - 1].winner
    assert CardSet.of(card for trick in state.tricks for card in trick.cards) == FULL

    tally = round_tally(state)
    # the coinche presets' scales: 162 in every mode, but contrée's all trumps at the trump values
    coinche = state.variant.bidding.value == "points_auction"
    converted = trump is Trump.ALL_TRUMPS and state.variant.tout_atout_scale.value == "converted_258"
    assert sum(tally.card_points) + 10 == (162 if coinche and not converted else TOTALS.get(trump, 162))
    assert sum(tally.tricks) == 8
    assert tally.last_trick is state.tricks[-1].winner
    if state.variant.belote_credit is BeloteCredit.ANNOUNCED:
        assert tally.belotes == state.belotes
    else:  # credited to whoever played both the K and the Q of a belote suit
        assert state.belotes == ()
        suits = [s for s in Suit if trump is Trump.ALL_TRUMPS or trump.suit is s]
        played = [{card for t in state.tricks for seat, card in t.plays if seat is who} for who in Seat]
        pairs = [{Card(Rank.KING, suit), Card(Rank.QUEEN, suit)} for suit in suits]
        assert tally.belotes == tuple(seat for seat in Seat for pair in pairs if pair <= played[seat])
    for team in (0, 1):
        won = [trick for trick in state.tricks if trick.winner.team == team]
        assert tally.card_points[team] == sum(trick.points for trick in won)

    score = score_round(state)
    assert isinstance(score, DealScore)
    assert score.contract == contract
    assert score.breakdown.multiplier == contract.multiplier
    sweeps = [team for team in (0, 1) if tally.team_tricks(team) == 8]  # type: ignore[arg-type]
    assert (score.capot is None) == (not sweeps)
    if sweeps:
        assert score.capot == sweeps[0]
    assert all(isinstance(points, int) and points >= 0 for points in score.points)
    return score


def random_round(variant: Variant, dealer: Seat, seed: int, choices: random.Random) -> RoundState:
    """Deal with ``seed`` and play one random legal round, checking every step."""
    state = deal(variant, dealer=dealer, seed=seed)
    check_step(state)
    while state.phase is Phase.BIDDING:
        options = legal_bids(state)
        call = options[0] if choices.random() < 0.55 else choices.choice(options)
        state = bid(state, call)
        check_step(state)
    if state.phase is Phase.PASSED_OUT:
        return state
    contract = state.contract
    assert contract is not None
    assert contract.trump in variant.contracts
    last_bid = max(i for i, (_, call) in enumerate(state.auction) if isinstance(call, Bid))
    doublings = [call for _, call in state.auction[last_bid:] if isinstance(call, (Double, Redouble))]
    assert contract.multiplier == (4 if Redouble() in doublings else 2 if doublings else 1)
    assert contract.taker is state.auction[last_bid][0]
    while state.phase is Phase.PLAYING:
        state = play(state, choices.choice(list(legal_moves(state))))
        check_step(state)
    assert state.phase is Phase.FINISHED
    return state


PRESETS = [CLASSIC, CLASSIC_501, BULGARIAN, COINCHE, CONTREE]


@settings(max_examples=150)
@given(
    variant=st.sampled_from(PRESETS),
    dealer=st.sampled_from(list(Seat)),
    seed=st.integers(0, 2**32 - 1),
    choices=st.randoms(use_true_random=False),
)
def test_random_playouts(variant: Variant, dealer: Seat, seed: int, choices: random.Random) -> None:
    state = random_round(variant, dealer, seed, choices)
    if state.phase is Phase.FINISHED:
        check_finished(state)


def test_seeded_playouts_reach_every_contract_kind() -> None:
    """A fixed batch of rounds per preset: every trump mode and doubling level gets played."""
    seen: dict[str, set[tuple[Trump, int]]] = {variant.name: set() for variant in PRESETS}
    passed_out = 0
    for variant in PRESETS:
        for number in range(80):
            choices = random.Random(number)
            state = random_round(variant, Seat(number % 4), seed=1000 + number, choices=choices)
            if state.phase is Phase.PASSED_OUT:
                passed_out += 1
                continue
            check_finished(state)
            assert state.contract is not None
            seen[variant.name].add((state.contract.trump, state.contract.multiplier))
    assert {trump for trump, _ in seen["classic"]} == set(CLASSIC.contracts)
    assert {trump for trump, _ in seen["bulgarian"]} == set(Trump)
    assert {multiplier for _, multiplier in seen["bulgarian"]} == {1, 2, 4}
    assert {multiplier for _, multiplier in seen["classic"]} == {1}
    assert {trump for trump, _ in seen["coinche"]} == set(Trump)
    assert passed_out < 3 * 80
