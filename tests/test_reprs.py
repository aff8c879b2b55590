"""Values people read: ``repr`` is short and evaluates back, ``str(state)`` reads like a table."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote
from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    PRESETS,
    CardSet,
    Contract,
    Declaration,
    Match,
    Phase,
    Seat,
    Tally,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    match,
    observe,
    score_deal,
    score_round,
)
from belote.bidding import BID_VALUES, MULTIPLIERS
from belote.variants import BiddingSystem
from reachable import random_round
from test_records import CONTRACT_VARIANTS, contract_match, contract_round, dealt_hands

NAMESPACE = {name: getattr(belote, name) for name in belote.__all__}
HOUSE = attrs.evolve(BULGARIAN, name="my table", announcements="on", contracts="C H NONE ALL", target=301)
VARIANTS = (*PRESETS.values(), HOUSE, attrs.evolve(CLASSIC, undertrump_opponent="free", name="classic"))


def evaluated(value: object) -> object:
    return eval(repr(value), NAMESPACE)


@settings(max_examples=120)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**9),
    stop=st.one_of(st.none(), st.integers(0, 45)),
)
def test_a_state_repr_is_short_and_evaluates_back(variant: Variant, seed: int, stop: int | None) -> None:
    state = random_round(variant, seed, stop)
    text = repr(state)
    assert text.startswith("RoundState.parse('")
    assert "\n" not in text
    assert len(text) < 400  # a long Bulgarian auction and a custom variant included
    assert evaluated(state) == state


def test_the_round_trip_covers_every_preset_and_every_phase() -> None:
    seen = set()
    for variant in PRESETS.values():
        for seed in range(40):
            for stop in (0, 3, 12, 30, None):
                state = random_round(variant, seed, stop)
                assert evaluated(state) == state
                seen.add((variant.name, state.phase))
        state = deal(variant, dealer=Seat(1), seed=1)
        while state.phase is Phase.BIDDING:
            state = bid(state, belote.Pass())
        assert evaluated(state) == state
        seen.add((variant.name, state.phase))
    assert seen == {(name, phase) for name in PRESETS for phase in Phase}


def test_a_variant_repr_names_the_preset_and_only_the_options_that_differ() -> None:
    assert repr(CLASSIC) == "Variant.parse('classic')"
    assert repr(CLASSIC_501) == "Variant.parse('classic_501')"
    assert repr(BULGARIAN) == "Variant.parse('bulgarian')"
    assert repr(attrs.evolve(CLASSIC, target=501)) == "Variant.parse('classic:target=501')"
    assert repr(HOUSE).startswith("Variant.parse('bulgarian:name=my%20table,")
    for variant in (*VARIANTS, Variant(), Variant(name="x", first_lead="dealer", capot_value=250)):
        assert evaluated(variant) == variant
        assert len(repr(variant)) < 120


def test_str_of_a_state_shows_hands_contract_trick_tally_and_who_acts() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=3)
    text = str(state)
    assert text.splitlines()[0] == "classic, dealer north, bidding: west to act"
    assert f"turned card: {state.turned}" in text
    for seat in Seat:
        assert f"{seat} ({int(seat)}): {state.hand(seat)}" in text
    state = bid(state, legal_bids(state)[-1])
    for _ in range(5):
        state = belote.play(state, next(iter(belote.legal_moves(state))))
    text = str(state)
    assert state.contract is not None
    assert state.to_act is not None
    assert f"contract: {state.contract.trump} by {state.contract.taker}" in text
    assert f"playing: {state.to_act} to act" in text
    assert "trick: " + ", ".join(f"{seat} {card}" for seat, card in state.trick) in text
    won = sum(1 for trick in state.tricks if trick.winner.team == 0)
    assert f"north_south {won} (" in text
    assert len(text) < 600


def test_the_other_public_values_have_short_useful_reprs() -> None:
    contract = Contract(Seat(0), Trump.HEARTS)
    tally = Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat(0))
    score = score_deal(CLASSIC, contract, tally)
    assert repr(contract) == "Contract(Seat.NORTH, Trump.HEARTS)"
    assert repr(Contract(Seat(1), Trump.ALL_TRUMPS, multiplier=2)) == (
        "Contract(Seat.WEST, Trump.ALL_TRUMPS, multiplier=2)"
    )
    assert repr(tally) == "Tally(card_points=(92, 60), tricks=(3, 2, 2, 1), last_trick=Seat.NORTH)"
    assert repr(score) == (
        "DealScore(contract=Contract(Seat.NORTH, Trump.HEARTS), outcome=Outcome.MADE, "
        "points=(102, 60), carry=0, winner=Team.NORTH_SOUTH)"
    )
    assert repr(score.breakdown).startswith("Breakdown(card_points=(92, 60), last_trick=(10, 0),")
    assert "capot_bonus" not in repr(score.breakdown)
    declared = Tally(
        card_points=(92, 60),
        tricks=(3, 2, 2, 1),
        last_trick=Seat(0),
        belotes=(Seat(2),),
        declarations=(Declaration(Seat(1), CardSet.parse("AD KD QD")),),
    )
    for value in (contract, tally, declared, belote.Bid(Trump.NO_TRUMPS)):
        assert evaluated(value) == value
    game = match(CLASSIC, seed=1)
    state = game.deal()
    view = observe(state, state.eldest, match=game)
    for value, limit in ((game, 160), (view, 400), (score, 160), (score.breakdown, 200)):
        assert len(repr(value)) < limit, repr(value)
    assert repr(game) == (
        "Match(variant=Variant.parse('classic'), seed=1, first_dealer=Seat.NORTH, dealer=Seat.NORTH, deals=0)"
    )
    played = random_round(CLASSIC, 5)
    if played.phase is Phase.FINISHED:
        game = Match(variant=CLASSIC, seed=None, first_dealer=played.dealer, dealer=played.dealer).record(
            played
        )
        assert "deals=1" in repr(game)
        assert "history" not in repr(game)
        assert len(repr(game)) < 200
        assert repr(score_round(played)).startswith("DealScore(contract=Contract(")


def test_trick_and_declaration_reprs_evaluate_back() -> None:
    state = random_round(BULGARIAN, 11)
    for trick in state.tricks:
        assert evaluated(trick) == trick
    for declaration in state.declarations:
        assert evaluated(declaration) == declaration


@pytest.mark.parametrize("value", [CLASSIC, match(BULGARIAN, seed=2)])
def test_no_public_repr_writes_enums_the_long_way(value: object) -> None:
    assert "<" not in repr(value)


def _every_contract(variant: Variant) -> list[Contract]:
    """Every contract ``variant`` allows (seat 0 taking): trump modes, doublings, coinche bid
    values, capot and générale (not coinched where a bid capot ends the auction)."""
    forms: list[dict[str, Any]] = [{}]
    if variant.bidding is BiddingSystem.POINTS_AUCTION:
        forms = [{"bid": value} for value in BID_VALUES]
        forms.append({"capot": True})
        if variant.generale_value is not None:
            forms.append({"generale": True})
    return [
        Contract(Seat(0), trump, multiplier=multiplier, **form)
        for trump in variant.contracts
        for multiplier in MULTIPLIERS[variant.bidding]
        for form in forms
        if multiplier == 1 or not (variant.capot_ends_auction and ("capot" in form or "generale" in form))
    ]


@pytest.mark.parametrize("variant", CONTRACT_VARIANTS, ids=lambda variant: variant.name)
def test_a_position_built_from_its_contract_has_a_repr_that_evaluates_back(variant: Variant) -> None:
    # the path of a real table or an outside bot: repr raised RecordError (no auction to write)
    hands, stock = dealt_hands(deal(variant, dealer=Seat(3), seed=8))
    for contract in _every_contract(variant):
        state = belote.position(variant, dealer=Seat(3), hands=hands, stock=stock, contract=contract)
        assert evaluated(state) == state
        assert str(contract.trump) in str(state)
    phases = set()
    for seed in range(30):
        for stop in (0, 1, 7, None):
            state = contract_round(variant, seed, stop)
            text = repr(state)
            assert "\n" not in text
            assert len(text) < 400
            assert evaluated(state) == state
            phases.add(state.phase)
    assert phases == {Phase.PLAYING, Phase.FINISHED}


def test_the_history_of_a_match_of_rounds_built_from_their_contract_has_a_repr() -> None:
    game = contract_match(attrs.evolve(BULGARIAN, target=40), 3)
    assert len(game.history) >= 2
    text = repr(game.history)
    assert text.count("RoundState.parse(") == len(game.history)
    assert [evaluated(entry.round) for entry in game.history] == [entry.round for entry in game.history]
    assert belote.loads(belote.dumps(game)) == game


def test_a_state_whose_variant_holds_a_number_beyond_the_record_limits_has_a_repr() -> None:
    # the notation has no number limit: only record text (loads, dumps) has one
    state = deal(attrs.evolve(CLASSIC, target=10**150), dealer=Seat(0), seed=1)
    assert evaluated(state) == state


@pytest.mark.parametrize("name", ["100%", "a,b:c=d", " x ", "é ♠ 名"])
def test_a_state_whose_variant_has_any_text_as_its_name_has_a_repr(name: str) -> None:
    # any one line of text (a lone surrogate, which made the repr raise UnicodeEncodeError, is now
    # refused by the Variant: see test_notation's test_a_variant_name_is_one_line_of_text)
    variant = attrs.evolve(CLASSIC, name=name)
    assert evaluated(variant) == variant
    state = deal(variant, dealer=Seat(0), seed=1)
    assert evaluated(state) == state
