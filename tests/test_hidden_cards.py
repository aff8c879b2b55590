"""Whether a deal of the hidden cards fits a view: Hall's condition against a plain search.

:func:`belote._hidden_cards.deal_problem` decides by counting, for every group of the other seats,
the hidden cards only that group may hold. A slow reference deals the cards one by one with
backtracking; the two must agree on random facts (hands of every size, cards ruled out at
random, some seats known to hold cards). On every view of real rounds, of every preset, a deal
fits (the real one), and the searching players' sampler finds one. The cards a play rules out,
read a suit at a time (:func:`~belote._hidden_cards.ruled_out_by`), are those the rules rule
out asked about every card one by one, under every preset and play-rule option.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from belote import PRESETS, Seat, observe
from belote._hidden_cards import Revealed, deal_problem, revealed, ruled_out_by
from belote.agents import EasyAgent
from belote.agents.inference import infer
from belote.cards import mask_indices
from belote.games import agent_step
from belote.options import PartnerMasterTrumped, Undertrump
from belote.round import Phase, deal
from belote.tricks import legal_mask
from belote.variants import Variant


def reference_fits(me: Seat, sizes: tuple[int, ...], facts: Revealed) -> bool:
    """Deal the hidden cards one by one to a seat that may hold them and has room, backtracking."""
    others = [seat for seat in Seat if seat != me]
    room = [sizes[seat] - facts.known[seat].bit_count() for seat in others]
    cards = mask_indices(facts.hidden)
    if any(count < 0 for count in room) or sum(room) != len(cards):
        return False

    def place(position: int) -> bool:
        if position == len(cards):
            return True
        for index, seat in enumerate(others):
            if room[index] and not facts.ruled_out[seat] >> cards[position] & 1:
                room[index] -= 1
                if place(position + 1):
                    return True
                room[index] += 1
        return False

    return place(0)


def random_facts(rng: random.Random) -> tuple[Seat, tuple[int, ...], Revealed]:
    me = Seat(rng.randrange(4))
    deck = list(range(32))
    rng.shuffle(deck)
    hidden_count = rng.randint(0, 12)
    hidden = sum(1 << card for card in deck[:hidden_count])
    known = [0, 0, 0, 0]
    for card in deck[hidden_count : hidden_count + rng.randint(0, 3)]:
        known[rng.randrange(4)] |= 1 << card
    sizes = [0, 0, 0, 0]
    split = sorted(rng.randint(0, hidden_count) for _ in range(2))
    shares = [split[0], split[1] - split[0], hidden_count - split[1]]
    for seat, share in zip([seat for seat in Seat if seat != me], shares, strict=True):
        sizes[seat] = share + known[seat].bit_count() + rng.choice([0, 0, 0, 1, -1])
    sizes[me] = 8
    ruled_out = [
        sum(1 << card for card in mask_indices(hidden) if rng.random() < rng.choice([0.1, 0.3, 0.6]))
        for _ in Seat
    ]
    facts = Revealed(
        known=(known[0], known[1], known[2], known[3]),
        ruled_out=(ruled_out[0], ruled_out[1], ruled_out[2], ruled_out[3]),
        hidden=hidden,
    )
    return me, tuple(max(0, size) for size in sizes), facts


def test_hall_counting_agrees_with_dealing_card_by_card() -> None:
    rng = random.Random(2026)
    outcomes = {True: 0, False: 0}
    for _ in range(4000):
        me, sizes, facts = random_facts(rng)
        expected = reference_fits(me, sizes, facts)
        assert (deal_problem(me, sizes, facts) is None) is expected, (me, sizes, facts)
        outcomes[expected] += 1
    assert min(outcomes.values()) > 500  # both answers come up often


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_view_of_a_real_round_fits_a_deal(preset: str) -> None:
    variant = PRESETS[preset]
    checked = 0
    for seed in range(12):
        state = deal(variant, dealer=Seat(seed % 4), seed=seed)
        agents = [EasyAgent(seed=seat) for seat in range(4)]
        while state.phase in (Phase.BIDDING, Phase.PLAYING):
            if state.phase is Phase.PLAYING:
                for seat in Seat:
                    view = observe(state, seat)
                    sizes = tuple(view.hand_size(other) for other in Seat)
                    assert deal_problem(seat, sizes, revealed(view)) is None
                    infer(view).sample(random.Random(seed))  # the sampler deals one too
                    checked += 1
            state = agent_step(state, agents)
    assert checked > 100


def reference_ruled_out(card: int, trick: list[int], candidates: int, mode: int, variant: Variant) -> int:
    """Ask the rules about every candidate: is ``card`` still legal beside it?"""
    bit = 1 << card
    return sum(
        1 << other
        for other in mask_indices(candidates)
        if not legal_mask(bit | 1 << other, trick, mode, variant)[0] & bit
    )


def option_variants() -> list[Variant]:
    """Every preset, and classic and Bulgarian under every play-rule option."""
    variants = list(PRESETS.values())
    for base in (PRESETS["classic"], PRESETS["bulgarian"]):
        for overtrump, under, partner, exception in itertools.product(
            (False, True), Undertrump, PartnerMasterTrumped, (False, True)
        ):
            variants.append(
                attrs.evolve(
                    base,
                    trump_lead_must_overtrump_partner=overtrump,
                    undertrump_opponent=under,
                    partner_master_trumped=partner,
                    tout_atout_partner_exception=exception,
                )
            )
    return variants


def test_the_cards_a_play_rules_out_are_those_the_rules_say_one_by_one() -> None:
    rng = random.Random(7)
    checked = 0
    for variant in option_variants():
        for _ in range(3):
            state = deal(variant, dealer=Seat(rng.randrange(4)), seed=rng.randrange(10**6))
            agents = [EasyAgent(seed=seat) for seat in range(4)]
            while state.phase in (Phase.BIDDING, Phase.PLAYING):
                if state.phase is Phase.PLAYING and state.trick_cards:
                    assert state.contract is not None
                    mode = int(state.contract.trump)
                    trick = list(state.trick_cards)
                    seat = state.to_act
                    assert seat is not None
                    for card in mask_indices(legal_mask(state.hand_masks[seat], trick, mode, variant)[0]):
                        unseen = ((1 << 32) - 1) & ~(1 << card) & ~sum(1 << c for c in trick)
                        candidates = unseen & rng.getrandbits(32)
                        expected = reference_ruled_out(card, trick, candidates, mode, variant)
                        assert ruled_out_by(card, trick, candidates, mode, variant) == expected
                        checked += 1
                state = agent_step(state, agents)
    assert checked > 2000
