"""The hard player's inference: card memory, voids, probabilities and sampled deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    Bid,
    Card,
    CardSet,
    Phase,
    Reason,
    RoundState,
    Seat,
    Suit,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    play,
)
from belote.agents import HardAgent, infer
from belote.agents.inference import Beliefs
from belote.views import observe

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN)


def crafted(hands: dict[int, str], turned: str, *, dealer: int = 0) -> RoundState:
    """A classic deal in which the eldest (dealer + 1) takes the turned card in round 1 and the
    seats end up with ``hands`` (the taker's hand includes the turned card)."""
    masks = {seat: list(CardSet.parse(text)) for seat, text in hands.items()}
    top = Card.parse(turned)
    eldest = (dealer + 1) % 4
    masks[eldest].remove(top)
    order: list[Card] = []
    taken = dict.fromkeys(range(4), 0)
    for packet in (3, 2):
        for step in range(1, 5):
            seat = (dealer + step) % 4
            order.extend(masks[seat][taken[seat] : taken[seat] + packet])
            taken[seat] += packet
    order.append(top)
    for step in range(1, 5):
        seat = (dealer + step) % 4
        order.extend(masks[seat][taken[seat] :])
    state = deal(CLASSIC, dealer=Seat(dealer), deck=order)
    assert state.turned == top
    state = bid(state, Bid(Trump.of_suit(top.suit)))
    for seat, text in hands.items():
        assert state.hand(Seat(seat)) == CardSet.parse(text)
    return state


def run(state: RoundState, cards: str) -> RoundState:
    for text in cards.split():
        state = play(state, text)
    return state


def test_a_player_who_did_not_follow_nor_trump_is_void_in_both() -> None:
    state = crafted(
        {
            1: "AS KS JH 9H 7D 8D 7C 8C",
            2: "AC KC QC TD AD KD QD JD",
            3: "7S 8S 9S TH AH KH QH 9C",
            0: "QS JS TS 8H 7H 9D JC TC",
        },
        turned="JH",
    )
    state = run(state, "AS QC 7S TS")  # seat 2 discards although an opponent wins: no trumps
    beliefs = infer(observe(state, Seat(0)))
    assert {Suit.SPADES, Suit.HEARTS} <= beliefs.voids(Seat(2))
    assert beliefs.probability(Seat(2), Card.parse("AH")) == 0.0
    assert Suit.CLUBS not in beliefs.voids(Seat(2))
    assert Card.parse("JH") in beliefs.known(Seat(1))  # the turned card went to the taker
    assert beliefs.probability(Seat(1), Card.parse("JH")) == 1.0


def test_a_player_who_did_not_overtrump_holds_no_higher_trump() -> None:
    state = crafted(
        {
            1: "AS KS QH JH 7D 8D 7C 8C",
            2: "9H AC KC QC TD AD KD QD",
            3: "8H 7H KH 9D JD 9C TC JC",
            0: "QS JS TS 9S 8S 7S AH TH",
        },
        turned="QH",
    )
    state = run(state, "AS 9H 7H 7S")  # seat 3 undertrumps: it cannot hold JH, the only higher trump
    beliefs = infer(observe(state, Seat(0)))
    assert Card.parse("JH") in beliefs.excluded(Seat(3))
    assert beliefs.probability(Seat(3), Card.parse("JH")) == 0.0
    assert beliefs.probability(Seat(3), Card.parse("8H")) > 0.0
    assert Card.parse("JH") not in beliefs.excluded(Seat(2))  # trumping with the 9 says nothing of the jack
    assert Suit.SPADES in beliefs.voids(Seat(3))


def test_probabilities_fill_each_hand_and_each_card() -> None:
    state = crafted(
        {
            1: "AS KS QH JH 7D 8D 7C 8C",
            2: "9H AC KC QC TD AD KD QD",
            3: "8H 7H KH 9D JD 9C TC JC",
            0: "QS JS TS 9S 8S 7S AH TH",
        },
        turned="QH",
    )
    state = run(state, "AS 9H 7H")
    beliefs = infer(observe(state, Seat(0)))
    for seat in (Seat(1), Seat(2), Seat(3)):
        assert sum(beliefs.probabilities[seat]) == pytest.approx(beliefs.hand_sizes[seat], abs=0.05)
    hidden = CardSet.full() - state.hand(Seat(0)) - CardSet.parse("AS 9H 7H")
    for card in hidden:
        assert sum(beliefs.probability(seat, card) for seat in Seat) == pytest.approx(1.0, abs=0.05)


def _random_states(variant: Variant, seed: int) -> list[RoundState]:
    rng = random.Random(seed)
    state = deal(variant, dealer=Seat(seed % 4), seed=seed)
    states = [state]
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        if state.phase is Phase.BIDDING:
            calls = legal_bids(state)
            state = bid(state, calls[0] if rng.random() < 0.3 else rng.choice(calls))
        else:
            options = legal_declarations(state)
            shown = options[0] if options and rng.random() < 0.8 else ()
            state = play(state, rng.choice(list(legal_moves(state))), declarations=shown)
        states.append(state)
    return states


def _check_sound(beliefs: Beliefs, state: RoundState, rng: random.Random) -> None:
    for seat in Seat:
        hand = state.hand(seat)
        assert hand.isdisjoint(beliefs.excluded(seat))
        assert beliefs.known(seat) <= hand
        for suit in beliefs.voids(seat):
            assert not hand.suit(suit)
        for card in hand:
            assert beliefs.probability(seat, card) > 0.0
        assert beliefs.hand_sizes[seat] == len(hand)
    sample = beliefs.sample(rng)
    assert sample[beliefs.seat] == state.hand_masks[beliefs.seat]
    for seat in Seat:
        assert sample[seat].bit_count() == len(state.hand(seat))
        assert not sample[seat] & beliefs.excluded_masks[seat]
        assert sample[seat] & beliefs.known_masks[seat] == beliefs.known_masks[seat]
    assert sum(sample) == sum(state.hand_masks)  # the same hidden cards, spread differently


@settings(max_examples=40)
@given(variant=st.sampled_from(PRESETS), seed=st.integers(0, 10**6))
def test_inference_is_never_wrong(variant: Variant, seed: int) -> None:
    rng = random.Random(seed)
    for state in _random_states(variant, seed):
        if state.phase is not Phase.PLAYING:
            continue
        for seat in Seat:
            _check_sound(infer(observe(state, seat)), state, rng)


def test_declarations_and_belote_reveal_cards() -> None:
    found_declaration = found_belote = False
    for seed in range(200):
        for state in _random_states(BULGARIAN, seed):
            if state.phase is not Phase.PLAYING:
                continue
            for declaration in state.declarations:
                observer = declaration.seat.next
                left = declaration.cards - CardSet.of(card for trick in state.tricks for card in trick.cards)
                left = left - CardSet.of(card for _, card in state.trick)
                if left:
                    assert left <= infer(observe(state, observer)).known(declaration.seat)
                    found_declaration = True
            trump = state.trump
            if state.belotes and trump is not None and trump.is_suit:
                seat = state.belotes[0]
                held = state.hand(seat) & CardSet.parse(f"K{trump.code} Q{trump.code}")
                if held:
                    assert held <= infer(observe(state, seat.partner)).known(seat)
                    found_belote = True
        if found_declaration and found_belote:
            break
    assert found_declaration
    assert found_belote


def test_before_the_contract_only_the_own_hand_is_known() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=3)
    beliefs = infer(observe(state, Seat(2)))
    assert beliefs.known(Seat(2)) == state.hand(Seat(2))
    assert state.turned is not None
    assert all(beliefs.probability(seat, state.turned) == 0.0 for seat in Seat)
    assert beliefs.probability(Seat(1), next(iter(state.hand(Seat(1))))) > 0.0


def test_hard_agent_exposes_its_beliefs() -> None:
    state = crafted(
        {
            1: "AS KS JH 9H 7D 8D 7C 8C",
            2: "AC KC QC TD AD KD QD JD",
            3: "7S 8S 9S TH AH KH QH 9C",
            0: "QS JS TS 8H 7H 9D JC TC",
        },
        turned="JH",
    )
    state = run(state, "AS QC 7S TS")
    view = observe(state, Seat(1))
    assert HardAgent(samples=2).beliefs(view) == infer(view)


# --- sampling when the quick deal fails ----------------------------------------------------------

_NO_PROBABILITIES = tuple((0.0,) * 32 for _ in range(4))
_TIGHT = Beliefs(
    Seat(0),
    (8, 8, 8, 8),
    (0xFF, 0, 0, 0),  # seat 0 holds cards 0..7; the others must share 8..31
    (0, 0xFF0000, 0xFF000000, 0xFF00),  # 8..15 only to seats 1, 2; 16..23 to 2, 3; 24..31 to 1, 3
    _NO_PROBABILITIES,
)


def _fits(beliefs: Beliefs, hands: tuple[int, int, int, int]) -> bool:
    return (
        all(hands[seat] & beliefs.known_masks[seat] == beliefs.known_masks[seat] for seat in range(4))
        and all(not hands[seat] & beliefs.excluded_masks[seat] for seat in range(4))
        and [hand.bit_count() for hand in hands] == list(beliefs.hand_sizes)
        and hands[0] | hands[1] | hands[2] | hands[3] == (1 << 32) - 1
    )


def test_the_quick_deal_fails_often_on_tight_voids_and_sample_still_fits() -> None:
    from belote.agents import inference

    _, need, cards, allowed = inference._plan(
        _TIGHT.seat, _TIGHT.hand_sizes, _TIGHT.known_masks, _TIGHT.excluded_masks
    )
    failed = sum(inference._greedy(cards, allowed, need, random.Random(seed)) is None for seed in range(100))
    assert 50 < failed < 100  # room taken by the wrong seat early: most quick deals fail here
    for seed in range(20):
        assert _fits(_TIGHT, _TIGHT.sample(random.Random(seed)))


def test_sample_falls_back_to_the_exhaustive_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    from belote.agents import inference

    monkeypatch.setattr(inference, "_greedy", lambda *args: None)  # every quick deal fails
    deals = {_TIGHT.sample(random.Random(seed)) for seed in range(30)}
    assert all(_fits(_TIGHT, hands) for hands in deals)
    assert len(deals) > 1  # the exhaustive deal is drawn at random too


def test_the_exhaustive_deal_refuses_when_nothing_fits() -> None:
    from belote.agents import inference

    with pytest.raises(inference.NoDealFitsError) as caught:
        inference._search([8, 9], {8: [0], 9: [0]}, [1, 1, 0], random.Random(0))
    assert str(caught.value) == "inconsistent beliefs: no deal fits what was observed"
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert inference._greedy([8, 9], {8: [0], 9: [0]}, [1, 1, 0], random.Random(0)) is None


def test_a_hidden_card_no_seat_may_hold_is_refused() -> None:
    from belote.agents import inference

    nowhere = Beliefs(Seat(0), (8, 8, 8, 8), (0xFF, 0, 0, 0), (0, 1 << 8, 1 << 8, 1 << 8), _NO_PROBABILITIES)
    with pytest.raises(inference.NoDealFitsError) as caught:
        nowhere.sample(random.Random(1))
    assert str(caught.value) == "inconsistent beliefs: cannot deal the hidden cards"
    assert caught.value.reason is Reason.BAD_ARGUMENT
