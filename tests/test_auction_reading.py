"""Reading the hidden hands from the auction: the evidence, the calls missed against the auction
model itself on the same drawn hands, the fast turned-card path, and the weighed sampling."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.test_reading import playing_states

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CardSet,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
)
from belote.agents import ExpertAgent, HardAgent, NormalAgent, infer
from belote.agents.auction_model import model_call, same_kind, turned_card_call
from belote.agents.auction_reading import (
    AUCTION_WEIGHT,
    AuctionEvidence,
    auction_evidence,
    check_auction_weight,
)
from belote.agents.bidder import TAKE_THRESHOLD, _declaration_bonus, mode_value, mode_values
from belote.agents.reading import deal_sampler, play_evidence, read_sample
from belote.bidding import BIDDING_RULES, Bid, Pass, parse_call
from belote.errors import BeloteError, Reason
from belote.variants import Announcements, BiddingSystem
from belote.views import PlayerView, observe

PRESETS = (CLASSIC, CLASSIC_501, BULGARIAN, COINCHE)


def reference_misses(view: PlayerView, hands: tuple[int, int, int, int], rng: random.Random) -> int:
    """The calls of the other seats that :func:`model_call` would not make, each seat's hand at
    the auction drawn as the module documents it, with the same draws from ``rng``."""
    variant = view.variant
    turned = -1 if view.turned is None else view.turned.index
    size = 8 if BIDDING_RULES[variant.bidding].deal_all else 5
    bonus_wanted = variant.bidding is BiddingSystem.POINTS_AUCTION and (
        variant.announcements is not Announcements.OFF
    )
    played = [0, 0, 0, 0]
    for seat, card in view.plays:
        played[seat] |= 1 << card.index
    order: list[Seat] = []
    for caller, _ in view.auction:
        if caller != view.seat and caller not in order:
            order.append(caller)
    taker = view.contract.taker if view.contract is not None else None
    misses = 0
    for seat in order:
        cards = [
            card
            for card in range(32)
            if (hands[seat] | played[seat]) >> card & 1 and not (seat == taker and card == turned)
        ]
        if len(cards) > size:
            cards = rng.sample(cards, size)
        hand = sum(1 << card for card in cards)
        for index, (caller, said) in enumerate(view.auction):
            if caller == seat:
                bonus = _declaration_bonus(hand) if bonus_wanted else 0
                misses += not same_kind(
                    model_call(variant, seat, hand, turned, view.auction[:index], bonus), said
                )
    return misses


def played_positions(variant: Variant, seed: int) -> list[RoundState]:
    """Every card-play position of one deal bid and played by the normal player."""
    return playing_states(variant, [NormalAgent(seed=seat) for seat in range(4)], seed)[:-1]


def evidence_views(
    variant: Variant, seeds: range, positions: slice
) -> Iterator[tuple[int, PlayerView, AuctionEvidence]]:
    """Per seed, the views of the seat to act at ``positions`` of :func:`played_positions`
    where another seat has called, with the seed and the auction as evidence."""
    for seed in seeds:
        for state in played_positions(variant, seed)[positions]:
            view = observe(state, state.to_act)  # type: ignore[arg-type]
            evidence = auction_evidence(view)
            if evidence is not None:
                yield seed, view, evidence


# --- mode values and the turned-card call ---------------------------------------------------


@settings(max_examples=300)
@given(cards=st.sets(st.integers(0, 31), max_size=12))
def test_mode_values_are_the_mode_value_of_every_mode(cards: set[int]) -> None:
    hand = sum(1 << card for card in cards)
    assert mode_values(hand) == tuple(mode_value(hand, mode) for mode in Trump)


@pytest.mark.parametrize(
    ("hand", "legal", "expected"),
    [
        ("JS 9S AS AH TH 7S", ("pass", "S"), "S"),
        ("JS 9S AS AH TH 7S", ("pass", "C"), "pass"),
        ("8S 7S QD 8D 7C 9H", ("pass", "S"), "pass"),
        # the mode exceeding its threshold by the most wins; the last of equal margins
        ("JH 9H AH JD 9D AD", ("pass", "C", "H", "D"), "D"),
        ("JH 9H AH TH JD 9D", ("pass", "H", "D"), "H"),
    ],
)
def test_the_turned_card_call_takes_the_best_mode_over_its_threshold(
    hand: str, legal: tuple[str, ...], expected: str
) -> None:
    values = mode_values(CardSet.parse(hand).mask)
    calls = tuple(parse_call(text) for text in legal)
    assert str(turned_card_call(values, calls)) == expected
    margins = [values[call.trump] - TAKE_THRESHOLD[call.trump] for call in calls if isinstance(call, Bid)]
    assert (expected == "pass") == (max(margins) < 0)


# --- the evidence --------------------------------------------------------------------------


def test_the_evidence_groups_the_other_seats_calls_in_order() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=4)  # west speaks first
    other = next(mode for mode in (Trump.CLUBS, Trump.HEARTS) if mode.suit != state.turned.suit)  # type: ignore[union-attr]
    for call in (Pass(), Pass(), Pass(), Pass(), Pass(), Bid(other)):
        state = bid(state, call)
    evidence = auction_evidence(observe(state, Seat(3)))
    assert evidence is not None
    assert [(int(seat), [index for index, _ in calls]) for seat, calls in evidence.calls] == [
        (1, [0, 4]),
        (2, [1, 5]),
        (0, [3]),
    ]
    assert evidence.taker == 2
    assert evidence.turned == state.turned.index  # type: ignore[union-attr]
    assert [len(legal) for legal in evidence.legal] == [2, 2, 2, 2, 4, 4]


def test_no_evidence_without_another_seats_call() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=4)
    assert auction_evidence(observe(state, Seat(1))) is None
    state = bid(state, Bid(state.turned.suit))  # type: ignore[union-attr]
    assert auction_evidence(observe(state, Seat(1))) is None  # the taker spoke first
    assert auction_evidence(observe(state, Seat(2))) is not None


@pytest.mark.parametrize("variant", PRESETS, ids=lambda variant: variant.name)
@pytest.mark.parametrize("seed", range(6))
def test_misses_count_the_calls_the_auction_model_would_not_make(variant: Variant, seed: int) -> None:
    checked = 0
    positions = played_positions(variant, seed)
    for state in positions[::5]:
        view = observe(state, state.to_act)  # type: ignore[arg-type]
        evidence = auction_evidence(view)
        if evidence is None:
            continue
        beliefs = infer(view)
        sampler = random.Random(seed)
        for draw in range(4):
            hands = beliefs.sample(sampler) if draw else state.hand_masks
            assert evidence.misses(hands, random.Random(draw)) == reference_misses(
                view, hands, random.Random(draw)
            )
            checked += 1
    assert bool(checked) == bool(positions)  # a passed-out deal plays nothing


def test_a_take_is_missed_or_explained_whatever_the_hand_held_at_the_auction() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=10)  # 8C turned: west passes, south takes clubs
    state = bid(bid(state, Pass()), Bid(Trump.CLUBS))
    evidence = auction_evidence(observe(state, Seat(3)))
    assert evidence is not None
    assert str(state.hands[2]) == "QS JS AH 8H KD TD AC 8C"  # the ace of clubs alone beside the 8
    assert {evidence.misses(state.hand_masks, random.Random(seed)) for seed in range(10)} == {1}
    # five clubs beside the turned 8: any five of its other seven cards take; west has no club
    north, west, south, east = (
        CardSet.parse(text).mask
        for text in (
            "7C QC AS TS JS AH TH 9H",
            "7S 8S 9S QH KH 7D 8D 9D",
            "JC 9C AC TC KC 8C 7H 8H",
            "KS QS JH TD JD QD KD AD",
        )
    )
    explained = (north, west, south, east)
    assert {evidence.misses(explained, random.Random(seed)) for seed in range(10)} == {0}


def test_the_cards_a_seat_played_count_in_its_hand_at_the_auction() -> None:
    turned = CardSet.parse("7S").mask.bit_length() - 1
    evidence = AuctionEvidence(
        variant=CLASSIC,
        calls=((Seat(1), ((0, Bid(Trump.SPADES)),)),),
        auction=((Seat(1), Bid(Trump.SPADES)),),
        turned=turned,
        taker=1,
        played=(0, CardSet.parse("JS 9S").mask, 0, 0),
        legal=((Pass(), Bid(Trump.SPADES)),),
    )
    hands = (0, CardSet.parse("AS TS 8D 7D 7S").mask, 0, 0)  # the turned 7S is not in its auction hand
    # any five of AS TS 8D 7D JS 9S hold three spades: the take is explained
    assert {evidence.misses(hands, random.Random(seed)) for seed in range(10)} == {0}
    unplayed = attrs.evolve(evidence, played=(0, 0, 0, 0))  # AS TS alone beside the 7S
    assert {unplayed.misses(hands, random.Random(seed)) for seed in range(10)} == {1}


def test_the_memo_of_misses_changes_no_count_nor_draw() -> None:
    # in every bidding system, with some deals met twice: the auction hands are drawn before
    # the memo is asked, so the generator is left as it is without the memo
    for variant in (CLASSIC, BULGARIAN, COINCHE):
        checked = 0
        for seed, view, evidence in evidence_views(variant, range(4), slice(None, 20, 4)):
            beliefs = infer(view)
            deals = [beliefs.sample(random.Random(draw)) for draw in range(10)]
            plain, with_memo = random.Random(seed), random.Random(seed)
            memo: dict[tuple[int, int], int] = {}
            for hands in deals + deals[:5]:
                assert evidence.misses(hands, with_memo, memo) == evidence.misses(hands, plain)
            assert with_memo.random() == plain.random()
            assert {seat for seat, _ in memo} == {int(seat) for seat, _ in evidence.calls}
            checked += 1
        assert checked >= 4, variant.name


def test_the_memo_of_misses_is_read_per_seat_and_hand() -> None:
    # the whole hand is the auction hand in coinche: a count planted in the memo is the one used
    checked = 0
    for seed, view, evidence in evidence_views(COINCHE, range(6), slice(4, 20, 5)):
        hands = infer(view).sample(random.Random(seed))
        planted = {(int(seat), hands[seat] | evidence.played[seat]): 5 for seat, _ in evidence.calls}
        assert evidence.misses(hands, random.Random(0), planted) == 5 * len(evidence.calls)
        checked += 1
    assert checked >= 10


# --- reading the deals ---------------------------------------------------------------------


def test_read_deals_fit_the_beliefs_and_explain_the_auction_better() -> None:
    plain_total = read_total = checked = 0
    for seed, view, evidence in evidence_views(CLASSIC, range(8), slice(None, 12, 3)):
        beliefs, plays = infer(view), play_evidence(view)
        rng = random.Random(seed)
        for _ in range(6):
            hands = read_sample(beliefs, plays, rng, 16, auction=evidence, auction_weight=0.05)
            for seat in Seat:
                assert hands[seat] & beliefs.known_masks[seat] == beliefs.known_masks[seat]
                assert not hands[seat] & beliefs.excluded_masks[seat]
                assert hands[seat].bit_count() == beliefs.hand_sizes[seat]
            read_total += sum(evidence.misses(hands, random.Random(draw)) for draw in range(4))
            plain = beliefs.sample(rng)
            plain_total += sum(evidence.misses(plain, random.Random(draw)) for draw in range(4))
            checked += 1
    assert checked >= 40
    assert read_total * 10 < plain_total * 9  # many calls are missed on any deal: the model is plain


def test_without_a_weight_the_sampler_reads_the_play_only() -> None:
    state = played_positions(CLASSIC, 1)[6]
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    plain = deal_sampler(view)
    assert [plain(random.Random(seed)) for seed in range(5)] == [
        read_sample(infer(view), play_evidence(view), random.Random(seed)) for seed in range(5)
    ]
    reading = deal_sampler(view, auction_weight=AUCTION_WEIGHT)
    evidence = auction_evidence(view)
    assert [reading(random.Random(seed)) for seed in range(5)] == [
        read_sample(infer(view), play_evidence(view), random.Random(seed), auction=evidence)
        for seed in range(5)
    ]


@pytest.mark.parametrize("weight", [0, 0.0, -0.5, 1.5, True, "0.2", float("nan")])
def test_bad_auction_weights_are_refused(weight: object) -> None:
    with pytest.raises(BeloteError, match=r"^auction_weight must be None or a number above 0") as caught:
        check_auction_weight(weight)
    assert caught.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(BeloteError, match=r"^auction_weight must be"):
        HardAgent(auction_weight=weight)  # type: ignore[arg-type]
    with pytest.raises(BeloteError, match=r"^auction_weight must be"):
        ExpertAgent(auction_weight=weight)  # type: ignore[arg-type]
    state = played_positions(CLASSIC, 1)[0]
    with pytest.raises(BeloteError, match=r"^auction_weight must be"):
        deal_sampler(observe(state, state.to_act), auction_weight=weight)  # type: ignore[arg-type]


def test_the_players_take_and_show_the_auction_weight() -> None:
    for weight in (None, 1, 0.2):
        check_auction_weight(weight)
        assert f"auction_weight={weight!r}" in repr(HardAgent(auction_weight=weight))
        assert f"auction_weight={weight!r}" in repr(ExpertAgent(auction_weight=weight))
    state = played_positions(CLASSIC, 2)[8]
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    if len(view.legal_cards) > 1:
        plain = HardAgent(3, samples=6).evaluate(view)
        read = HardAgent(3, samples=6, auction_weight=0.2).evaluate(view)
        assert set(plain) == set(read) == {card.index for card in view.legal_cards}
