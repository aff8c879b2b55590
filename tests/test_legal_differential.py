"""Differential tests: the fast ``legal_cards`` / ``trick_winner`` against the slow reference.

Situations: a random hand of 1-8 cards, a random trick in progress of 0-3 cards disjoint
from it (led by a random seat), one of the six trump modes, and every combination of the
four play options (2 x 3 x 3 x 2 = 36 variants). A seeded bulk loop covers 20,000
situations deterministically; Hypothesis adds shrinking examples on top.
"""

from __future__ import annotations

import itertools
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import CLASSIC, DECK, Card, CardSet, Seat, Trump, Variant, legal_cards, trick_winner
from belote.tricks import Obligation, legal_mask
from belote.variants import PartnerMasterTrumped, Undertrump
from reference_legal import reference_legal_cards, reference_trick_winner

PLAY_VARIANTS: tuple[Variant, ...] = tuple(
    attrs.evolve(
        CLASSIC,
        contracts=tuple(Trump),
        trump_lead_must_overtrump_partner=overtrump_partner,
        undertrump_opponent=undertrump,
        partner_master_trumped=partner_master,
        tout_atout_partner_exception=exception,
    )
    for overtrump_partner, undertrump, partner_master, exception in itertools.product(
        (True, False), Undertrump, PartnerMasterTrumped, (False, True)
    )
)

BULK_SITUATIONS = 20_000


def test_all_option_combinations_are_distinct() -> None:
    assert len(PLAY_VARIANTS) == 36
    assert len(set(PLAY_VARIANTS)) == 36


def _situation(rng: random.Random) -> tuple[list[Card], list[tuple[Seat, Card]], Trump]:
    cards = list(DECK)
    rng.shuffle(cards)
    trick_size = rng.randint(0, 3)
    hand_size = rng.randint(1, 8)
    leader = Seat(rng.randrange(4))
    trick = [(leader.offset(i), cards[i]) for i in range(trick_size)]
    hand = cards[trick_size : trick_size + hand_size]
    return hand, trick, Trump(rng.randrange(6))


def _compare(hand: list[Card], trick: list[tuple[Seat, Card]], trump: Trump, variant: Variant) -> None:
    got = legal_cards(hand, trick, trump=trump, variant=variant)
    expected = reference_legal_cards(hand, trick, trump, variant)
    assert set(got) == expected, (
        f"hand {CardSet.of(hand)}, trick {[(int(s), str(c)) for s, c in trick]}, trump {trump.name}, "
        f"options {variant.differences(CLASSIC)}: library {got}, reference {CardSet.of(expected)}"
    )
    assert got, "the legal set is never empty"
    assert got <= CardSet.of(hand)
    # the rule reported for an illegal card agrees with the set it chose
    mask, obligation = legal_mask(CardSet.of(hand).mask, [card.index for _, card in trick], trump, variant)
    assert mask == got.mask
    if mask != CardSet.of(hand).mask:
        assert obligation is not Obligation.ANY
        assert obligation.reason is not None
    if obligation is Obligation.ANY:
        assert mask == CardSet.of(hand).mask


def test_bulk_seeded_legal_cards_against_reference() -> None:
    rng = random.Random(20261129)
    counts = dict.fromkeys(Trump, 0)
    restricted = 0
    for index in range(BULK_SITUATIONS):
        hand, trick, trump = _situation(rng)
        variant = PLAY_VARIANTS[index % len(PLAY_VARIANTS)]
        _compare(hand, trick, trump, variant)
        counts[trump] += 1
        restricted += len(reference_legal_cards(hand, trick, trump, variant)) < len(hand)
    # the sample exercised every mode and many restricted situations
    assert min(counts.values()) > BULK_SITUATIONS // 8
    assert restricted > BULK_SITUATIONS // 5


def test_bulk_seeded_trick_winner_against_reference() -> None:
    rng = random.Random(162)
    for _ in range(BULK_SITUATIONS // 4):
        cards = rng.sample(DECK, rng.randint(1, 4))
        leader = Seat(rng.randrange(4))
        trick = [(leader.offset(i), card) for i, card in enumerate(cards)]
        trump = Trump(rng.randrange(6))
        assert trick_winner(trick, trump=trump) is reference_trick_winner(trick, trump)


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[Card], list[tuple[Seat, Card]], Trump, Variant]:
    trick_cards = draw(st.lists(st.sampled_from(DECK), max_size=3, unique=True))
    rest = [card for card in DECK if card not in trick_cards]
    hand = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=8, unique=True))
    leader = draw(st.sampled_from(list(Seat)))
    trick = [(leader.offset(i), card) for i, card in enumerate(trick_cards)]
    trump = draw(st.sampled_from(list(Trump)))
    variant = draw(st.sampled_from(PLAY_VARIANTS))
    return hand, trick, trump, variant


@settings(max_examples=500)
@given(situations())
def test_hypothesis_legal_cards_against_reference(
    situation: tuple[list[Card], list[tuple[Seat, Card]], Trump, Variant],
) -> None:
    _compare(*situation)


@st.composite
def suit_heavy_situations(draw: st.DrawFn) -> tuple[list[Card], list[tuple[Seat, Card]], Trump, Variant]:
    """Tricks and hands drawn from two suits only, so that following, trumping and
    overtrumping all happen often."""
    trump = draw(st.sampled_from(list(Trump)))
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    pool = [card for card in DECK if card.suit in suits]
    trick_cards = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
    rest = [card for card in pool if card not in trick_cards]
    hand = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=6, unique=True))
    leader = draw(st.sampled_from(list(Seat)))
    trick = [(leader.offset(i), card) for i, card in enumerate(trick_cards)]
    variant = draw(st.sampled_from(PLAY_VARIANTS))
    return hand, trick, trump, variant


@settings(max_examples=500)
@given(suit_heavy_situations())
def test_hypothesis_two_suit_situations_against_reference(
    situation: tuple[list[Card], list[tuple[Seat, Card]], Trump, Variant],
) -> None:
    _compare(*situation)


@settings(max_examples=300)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Trump)),
)
def test_hypothesis_trick_winner_against_reference(cards: list[Card], leader: Seat, trump: Trump) -> None:
    trick = [(leader.offset(i), card) for i, card in enumerate(cards)]
    assert trick_winner(trick, trump=trump) is reference_trick_winner(trick, trump)
