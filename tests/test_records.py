"""Game records: JSON round trip, the shipped schema, replay and tampered records."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    PRESETS,
    Card,
    Contract,
    Match,
    Phase,
    Reason,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_moves,
    match,
    parse_call,
    play,
    position,
    score_round,
)
from belote.bidding import BID_VALUES, MULTIPLIERS
from belote.cli import main
from belote.errors import ArgumentTypeError, BeloteError
from belote.records import (
    MAX_NUMBER_DIGITS,
    MOST_INDENT,
    RECORD_FORMAT,
    RECORD_VERSION,
    RecordError,
    ReplayError,
    dumps,
    loads,
    loads_match,
    loads_round,
    record_schema,
    replay,
    to_record,
    validate_record,
    variant_from_json,
    variant_to_json,
)
from belote.variants import BiddingSystem
from reachable import random_play, random_round

HOUSE = attrs.evolve(
    BULGARIAN, name="house rules", announcements="on", contracts="C D H ALL", decl_exact_tie="first_announcer"
)
VARIANTS = (
    CLASSIC,
    CLASSIC_501,
    BULGARIAN,
    COINCHE,
    CONTREE,
    HOUSE,
    attrs.evolve(CLASSIC, belote_card_order="king_first"),
)
VALIDATOR = jsonschema.Draft202012Validator(record_schema())


def finished_round(variant: Variant, seed: int) -> RoundState:
    """A finished (not passed-out) round."""
    for attempt in range(100):
        state = random_round(variant, seed * 100 + attempt)
        if state.phase is Phase.FINISHED:
            return state
    raise AssertionError("no finished round")


def random_match(variant: Variant, seed: int) -> Match:
    rng = random.Random(seed)
    game = match(variant, seed=seed)
    while game.winner is None:
        state = game.deal()
        while state.phase in (Phase.BIDDING, Phase.PLAYING):
            if state.phase is Phase.BIDDING:
                state = bid(state, rng.choice(legal_bids(state)))
            else:
                state = play(state, rng.choice(list(legal_moves(state))))
        game = game.record(state)
    return game


SHORT_CLASSIC = attrs.evolve(CLASSIC, target=400)
SHORT_BULGARIAN = attrs.evolve(BULGARIAN, target=40)

# -- rounds built from their contract (no auction) -----------------------------------------------

WITH_GENERALE = attrs.evolve(COINCHE, generale_value=500, capot_ends_auction=False)
CONTRACT_VARIANTS = (*PRESETS.values(), HOUSE, WITH_GENERALE)
"""Every preset, a house variant and a coinche with générale whose bid capots may be coinched:
every contract form."""


def random_contract(variant: Variant, rng: random.Random) -> Contract:
    """A contract ``variant`` allows, of any form: trump mode, doubling, coinche bid value, capot
    or générale."""
    fields: dict[str, Any] = {}
    if variant.bidding is BiddingSystem.POINTS_AUCTION:
        forms = ["bid", "bid", "capot"] + (["generale"] if variant.generale_value is not None else [])
        form = rng.choice(forms)
        fields = {"bid": rng.choice(BID_VALUES)} if form == "bid" else {form: True}
    closed = variant.capot_ends_auction and ("capot" in fields or "generale" in fields)
    return Contract(
        Seat(rng.randrange(4)),
        rng.choice(variant.contracts),
        multiplier=1 if closed else rng.choice(MULTIPLIERS[variant.bidding]),  # nobody coinches it
        **fields,
    )


def dealt_hands(state: RoundState) -> tuple[list[list[Card]], list[Card]]:
    """The first 5 cards each seat was dealt (in dealing order) and the 12 undealt cards of the
    deck of ``state``: what ``position`` takes before the contract."""
    deck = [Card.from_index(card) for card in state.deck]
    steps = [(seat - state.dealer - 1) & 3 for seat in Seat]
    return [[*deck[3 * step : 3 * step + 3], *deck[12 + 2 * step : 14 + 2 * step]] for step in steps], deck[
        20:
    ]


def contract_round(
    variant: Variant, seed: int, stop: int | None = None, dealer: Seat | None = None
) -> RoundState:
    """A round built as a real table or an outside bot builds it: ``position`` with a contract
    given directly (no auction), from 5-card hands and the stock or from the 8-card hands and
    the turned card, then ``stop`` random legal cards (all of them when ``None``), with belotes
    and declarations announced or not."""
    rng = random.Random(seed)
    dealt = deal(variant, dealer=Seat(rng.randrange(4)) if dealer is None else dealer, rng=rng)
    first, stock = dealt_hands(dealt)
    contract = random_contract(variant, rng)
    state = position(variant, dealer=dealt.dealer, hands=first, stock=stock, contract=contract)
    if rng.random() < 0.5:  # the same deal as 8-card hands (and the turned card, public)
        state = position(
            variant, dealer=dealt.dealer, hands=list(state.hands), turned=state.turned, contract=contract
        )
    played = 0
    while state.phase is Phase.PLAYING and (stop is None or played < stop):
        played += 1
        state = random_play(state, rng)
    return state


def contract_match(variant: Variant, seed: int) -> Match:
    """A match whose deals are all built from a contract given directly (no auction)."""
    game = match(variant, seed=seed)
    number = 0
    while game.winner is None:
        number += 1
        game = game.record(contract_round(variant, seed * 1000 + number, dealer=game.dealer))
    return game


TABLE_HANDS = [
    "AS KS 9S JH 7D AC TC 8C",
    "7S 8S TH 9H 8H JD 9D 7C",
    "QS JS TS AH KH QH 8D 9C",
    "AD KD QD TD 7H KC QC JC",
]
"""The hands of the position documentation (seat 3 dealt, JH turned)."""


# -- round trip and schema ------------------------------------------------------------------------


@settings(max_examples=120)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**9),
    stop=st.one_of(st.none(), st.integers(0, 45)),
)
def test_round_trip_is_exact_for_every_reachable_state(variant: Variant, seed: int, stop: int | None) -> None:
    state = random_round(variant, seed, stop)
    text = dumps(state)
    assert loads(text) == state
    assert dumps(loads(text)) == text
    VALIDATOR.validate(json.loads(text))


@settings(max_examples=15)
@given(variant=st.sampled_from((SHORT_CLASSIC, SHORT_BULGARIAN)), seed=st.integers(0, 10**6))
def test_match_round_trip_gives_the_same_match_and_scores(variant: Variant, seed: int) -> None:
    game = random_match(variant, seed)
    text = dumps(game, indent=1)
    VALIDATOR.validate(json.loads(text))
    replayed = loads(text)
    assert replayed == game
    assert isinstance(replayed, Match)
    assert replayed.scores == game.scores
    assert replayed.winner == game.winner
    assert [entry.points for entry in replayed.history] == [entry.points for entry in game.history]


def test_round_record_holds_variant_dealer_deck_and_every_action_with_its_seat() -> None:
    state = finished_round(HOUSE, 3)
    record = to_record(state)
    assert (record["format"], record["version"], record["kind"]) == (RECORD_FORMAT, 1, "round")
    assert list(record) == ["format", "version", "kind", "variant", "dealer", "deck", "actions", "points"]
    assert record["variant"]["preset"] == "bulgarian"
    assert record["variant"]["name"] == "house rules"
    assert set(record["variant"]["options"]) == {"announcements", "contracts", "decl_exact_tie"}
    assert record["dealer"] == state.dealer
    assert [Card.parse(card).index for card in record["deck"]] == list(state.deck)
    calls = [action for action in record["actions"] if "call" in action]
    cards = [action for action in record["actions"] if "card" in action]
    assert [(a["seat"], a["call"]) for a in calls] == [(s, str(c)) for s, c in state.auction]
    played = [(seat, str(card)) for trick in state.tricks for seat, card in trick.plays]
    assert [(a["seat"], a["card"]) for a in cards] == played
    assert [a["seat"] for a in cards if a.get("belote")] == list(state.belotes)
    shown = [cards for a in cards for cards in a.get("declarations", ())]
    assert shown == [[str(card) for card in d.cards] for d in state.declarations]
    assert record["points"] == list(score_round(state).points)


def test_belote_declined_and_announced_are_both_recorded() -> None:
    found = set()
    for seed in range(400):
        state = random_round(CLASSIC, seed)
        if state.phase is not Phase.FINISHED or state.contract is None:
            continue
        trump = state.contract.trump
        pair = {Card.parse(f"K{trump.code}"), Card.parse(f"Q{trump.code}")}
        holders = {seat for trick in state.tricks for seat, card in trick.plays if card in pair}
        if len(holders) == 1:  # one seat held both: it could announce
            found.add(bool(state.belotes))
            assert loads(dumps(state)) == state
        if found == {True, False}:
            break
    assert found == {True, False}


def test_every_written_record_passes_the_schema_and_the_builtin_check() -> None:
    for seed in range(30):
        record = to_record(random_round(VARIANTS[seed % len(VARIANTS)], seed))
        VALIDATOR.validate(record)
        validate_record(record)
    record = to_record(random_match(SHORT_CLASSIC, 1))
    VALIDATOR.validate(record)
    validate_record(record)


def test_schema_ships_in_the_package_with_format_and_version() -> None:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["format"] == {"const": RECORD_FORMAT}
    assert schema["properties"]["version"] == {"enum": list(range(1, RECORD_VERSION + 1))}
    assert RECORD_VERSION == 2


MUTATIONS = [
    ("format", lambda r: r.update(format="pbn")),
    ("version", lambda r: r.update(version=3)),
    ("version", lambda r: r.update(version=0)),
    ("contract", lambda r: r.update(contract={"taker": 0, "trump": "H"})),  # needs version 2
    ("kind", lambda r: r.update(kind="tournament")),
    ("variant.preset", lambda r: r["variant"].update(preset="skat")),
    ("dealer", lambda r: r.update(dealer=4)),
    ("deck", lambda r: r.update(deck=r["deck"][:31])),
    ("deck", lambda r: r["deck"].__setitem__(0, r["deck"][1])),
    ("deck[3]", lambda r: r["deck"].__setitem__(3, "10H")),
    ("actions[0].call", lambda r: r["actions"][0].update(call="take")),
    ("actions[0]", lambda r: r["actions"][0].update(extra=1)),
    ("actions[5].seat", lambda r: r["actions"][5].update(seat="2")),
    ("actions[5].belote", lambda r: r["actions"][5].update(belote="yes")),
    ("", lambda r: r.pop("deck")),
    ("", lambda r: r.update(surprise=True)),
    ("points", lambda r: r.update(points=[1, 2, 3])),
]


@pytest.mark.parametrize(("path", "mutate"), MUTATIONS)
def test_malformed_records_fail_the_schema_and_raise_record_error(path: str, mutate: Any) -> None:
    record = to_record(finished_round(CLASSIC, 1))
    broken = copy.deepcopy(record)
    mutate(broken)
    assert not VALIDATOR.is_valid(broken)
    with pytest.raises(RecordError) as caught:
        replay(broken)
    assert caught.value.path == path
    assert caught.value.reason is Reason.MALFORMED_RECORD
    assert isinstance(caught.value, BeloteError)


def test_malformed_json_text_raises_record_error_with_position() -> None:
    with pytest.raises(RecordError, match=r"not valid JSON: .*line 1, column"):
        loads('{"format": "belote-record",')
    with pytest.raises(RecordError, match="must be a JSON object"):
        loads("[1, 2]")
    with pytest.raises(RecordError, match="newer than this library"):
        loads(json.dumps({**to_record(deal(CLASSIC, seed=1)), "version": 9}))


def test_a_seed_stands_for_the_deck() -> None:
    record = to_record(deal(CLASSIC, dealer=Seat(2), seed=11))
    del record["deck"]
    record["seed"] = 11
    VALIDATOR.validate(record)
    assert replay(record) == deal(CLASSIC, dealer=Seat(2), seed=11)


# -- tampered records -----------------------------------------------------------------------------


def _first_play(record: dict[str, Any]) -> int:
    return next(i for i, action in enumerate(record["actions"]) if "card" in action)


def test_an_illegal_card_is_caught_with_its_index_seat_and_reason() -> None:
    for seed in range(200):
        state = finished_round(CLASSIC, seed)
        record = to_record(state)
        # find a play where the seat held a card it was not allowed to play
        replayed = deal(CLASSIC, dealer=state.dealer, deck=[Card.from_index(i) for i in state.deck])
        for index, action in enumerate(record["actions"]):
            if "card" in action:
                illegal = replayed.hand(Seat(action["seat"])) - legal_moves(replayed)
                if illegal:
                    tampered = copy.deepcopy(record)
                    tampered["actions"][index]["card"] = str(next(iter(illegal)))
                    with pytest.raises(ReplayError) as caught:
                        replay(tampered)
                    error = caught.value
                    assert (error.index, error.seat) == (index, Seat(action["seat"]))
                    assert error.reason in (
                        Reason.MUST_FOLLOW_SUIT,
                        Reason.MUST_TRUMP,
                        Reason.MUST_OVERTRUMP,
                        Reason.MUST_PLAY_TRUMP,
                        Reason.MUST_NOT_UNDERTRUMP,
                    )
                    assert f"action {index}" in str(error)
                    assert f"seat {action['seat']}" in str(error)
                    assert error.reason.value in str(error)
                    return
                replayed = play(replayed, Card.parse(action["card"]), belote=bool(action.get("belote")))
            else:
                replayed = bid(replayed, parse_call(action["call"]))
    raise AssertionError("no illegal card found")


@settings(max_examples=120)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    where=st.floats(0, 1, exclude_max=True),
    how=st.sampled_from(("seat", "card", "call", "belote", "drop", "repeat", "swap")),
    pick=st.integers(0, 31),
)
def test_a_changed_record_is_refused_or_replayed_exactly_as_written(
    variant: Variant, seed: int, where: float, how: str, pick: int
) -> None:
    record = to_record(random_round(variant, seed))
    actions = record["actions"]
    index = int(where * len(actions))
    action = actions[index]
    if how == "seat":
        action["seat"] = (action["seat"] + 1 + pick % 3) % 4
    elif how == "card" and "card" in action:
        action["card"] = str(Card.from_index(pick))
    elif how == "call" and "call" in action:
        action["call"] = ("pass", "C", "D", "H", "S", "NONE", "ALL", "contra", "recontra")[pick % 9]
    elif how == "belote" and "card" in action:
        if action.pop("belote", False) is False:
            action["belote"] = True
    elif how == "drop":
        del actions[index]
    elif how == "repeat":
        actions.insert(index, dict(action))
    elif how == "swap" and index + 1 < len(actions):
        actions[index], actions[index + 1] = actions[index + 1], actions[index]
    try:
        state = replay(record)
    except (ReplayError, RecordError):
        return
    assert to_record(state) == record  # accepted only when the record says exactly what happened


def test_a_card_not_in_hand_an_out_of_turn_action_and_an_extra_action_are_caught() -> None:
    record = to_record(finished_round(CLASSIC, 2))
    first = _first_play(record)
    seat = record["actions"][first]["seat"]

    swapped = copy.deepcopy(record)
    swapped["actions"][first]["card"] = record["actions"][first + 1]["card"]
    with pytest.raises(ReplayError) as caught:
        replay(swapped)
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (
        first,
        Seat(seat),
        Reason.CARD_NOT_IN_HAND,
    )

    out_of_turn = copy.deepcopy(record)
    out_of_turn["actions"][first]["seat"] = (seat + 1) % 4
    with pytest.raises(ReplayError) as caught:
        replay(out_of_turn)
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (
        first,
        Seat((seat + 1) % 4),
        Reason.OUT_OF_TURN,
    )

    extra = copy.deepcopy(record)
    extra["actions"].append(dict(record["actions"][-1]))
    del extra["points"]
    with pytest.raises(ReplayError) as caught:
        replay(extra)
    assert (caught.value.index, caught.value.reason) == (len(record["actions"]), Reason.WRONG_PHASE)

    bad_call = copy.deepcopy(record)
    bad_call["actions"].insert(0, {"seat": bad_call["actions"][0]["seat"], "call": "contra"})
    with pytest.raises(ReplayError) as caught:
        replay(bad_call)
    assert (caught.value.index, caught.value.reason) == (0, Reason.DOUBLE_NOT_ALLOWED)


def test_a_false_belote_and_a_changed_score_are_caught() -> None:
    record = to_record(finished_round(CLASSIC, 4))
    first = _first_play(record)
    no_belote = next(
        i
        for i, a in enumerate(record["actions"])
        if i >= first and not a.get("belote") and a["card"][0] in "789"
    )
    tampered = copy.deepcopy(record)
    tampered["actions"][no_belote]["belote"] = True
    with pytest.raises(ReplayError) as caught:
        replay(tampered)
    assert (caught.value.index, caught.value.reason) == (no_belote, Reason.BELOTE_NOT_ALLOWED)

    rescored = copy.deepcopy(record)
    rescored["points"] = [rescored["points"][0] + 10, rescored["points"][1]]
    with pytest.raises(ReplayError) as caught:
        replay(rescored)
    assert caught.value.reason is Reason.RECORD_MISMATCH
    assert caught.value.index == len(record["actions"])


def test_declarations_not_held_are_caught() -> None:
    for seed in range(300):
        state = random_round(BULGARIAN, seed)
        if state.declarations and state.phase is Phase.FINISHED:
            break
    record = to_record(state)
    index = next(i for i, a in enumerate(record["actions"]) if "declarations" in a)
    seat = record["actions"][index]["seat"]
    held = set(record["actions"][index]["declarations"][0])
    fake = next(
        run for run in (["7S", "8S", "9S"], ["TD", "JD", "QD"], ["QH", "KH", "AH"]) if not set(run) & held
    )
    record["actions"][index]["declarations"] = [fake]
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert (caught.value.index, caught.value.seat) == (index, Seat(seat))
    assert caught.value.reason in (Reason.BAD_DECLARATION, Reason.DECLARATION_NOT_ALLOWED)


def test_tampered_match_records_are_caught() -> None:
    game = random_match(SHORT_CLASSIC, 5)
    record = to_record(game)
    assert len(record["deals"]) >= 2

    scores = copy.deepcopy(record)
    scores["scores"][0] += 1
    with pytest.raises(ReplayError, match="scores") as caught:
        replay(scores)
    assert caught.value.reason is Reason.RECORD_MISMATCH

    points = copy.deepcopy(record)
    points["deals"][1]["points"][1] += 1
    with pytest.raises(ReplayError) as caught:
        replay(points)
    assert (caught.value.deal, caught.value.reason) == (1, Reason.RECORD_MISMATCH)
    assert str(caught.value).startswith("deal 2, action ")  # deals[1]: the second deal

    dealer = copy.deepcopy(record)
    dealer["deals"][1]["dealer"] = (dealer["deals"][1]["dealer"] + 1) % 4
    with pytest.raises(ReplayError) as caught:
        replay(dealer)
    assert (caught.value.deal, caught.value.reason) == (1, Reason.RECORD_MISMATCH)

    unfinished = copy.deepcopy(record)
    unfinished["deals"][0]["actions"].pop()
    with pytest.raises(ReplayError) as caught:
        replay(unfinished)
    error = caught.value
    assert (error.deal, error.reason, error.index) == (
        0,
        Reason.ROUND_NOT_FINISHED,
        len(record["deals"][0]["actions"]) - 1,
    )
    assert error.seat == Seat(record["deals"][0]["actions"][-1]["seat"])

    after_the_end = copy.deepcopy(record)
    after_the_end["deals"].append(copy.deepcopy(record["deals"][0]))
    with pytest.raises(ReplayError) as caught:
        replay(after_the_end)
    assert (caught.value.deal, caught.value.reason) == (len(record["deals"]), Reason.MATCH_OVER)


def test_a_match_scored_by_hand_cannot_be_recorded() -> None:
    game = match(CLASSIC, seed=1)
    state = finished_round(CLASSIC, 1)
    state = deal(CLASSIC, dealer=game.dealer, deck=[Card.from_index(i) for i in state.deck])
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        state = (
            bid(state, legal_bids(state)[-1])
            if state.phase is Phase.BIDDING
            else play(state, next(iter(legal_moves(state))))
        )
    game = game.record(score_round(state))
    with pytest.raises(RecordError, match="scored by hand"):
        to_record(game)


# -- variants -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [*VARIANTS, attrs.evolve(CLASSIC_501, solo_capot_value=None, name="x")])
def test_variant_json_round_trip(variant: Variant) -> None:
    data = variant_to_json(variant)
    assert json.loads(json.dumps(data)) == data
    assert variant_from_json(data) == variant


def test_presets_are_written_by_name_only() -> None:
    assert variant_to_json(CLASSIC_501) == {"preset": "classic_501"}
    assert variant_to_json(attrs.evolve(CLASSIC, target=501)) == {
        "preset": "classic",
        "options": {"target": 501},
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"preset": "classic", "options": {"colour": "red"}}, "unknown option"),
        ({"preset": "classic", "options": {"target": "lots"}}, "not a whole number"),
        ({"preset": "classic", "options": {"undertrump_opponent": "sometimes"}}, "not a Undertrump option"),
        ({"preset": "whist"}, "unknown variant"),
    ],
)
def test_bad_variants_raise_record_error(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        variant_from_json(data)


# -- a contract given directly (no auction): version 2 --------------------------------------------


@settings(max_examples=150)
@given(
    variant=st.sampled_from(CONTRACT_VARIANTS),
    seed=st.integers(0, 10**9),
    stop=st.one_of(st.none(), st.integers(0, 32)),
)
def test_a_round_built_from_its_contract_round_trips_at_every_moment(
    variant: Variant, seed: int, stop: int | None
) -> None:
    state = contract_round(variant, seed, stop)
    assert state.contract is not None
    assert not state.auction
    text = dumps(state)
    assert loads(text) == state
    assert dumps(loads(text)) == text
    record = json.loads(text)
    VALIDATOR.validate(record)
    assert record["version"] == 2
    assert all("card" in action for action in record["actions"])
    assert len(record["actions"]) == 4 * len(state.tricks) + len(state.trick)


def test_the_repro_a_table_position_with_its_contract_is_written_and_read_back() -> None:
    contract = Contract(Seat(0), Trump.HEARTS)
    state = position(CLASSIC, dealer=Seat(3), hands=TABLE_HANDS, turned="JH", contract=contract)
    record = to_record(state)  # refused before: "a record holds the calls"
    assert (record["version"], record["contract"], record["actions"]) == (2, {"taker": 0, "trump": "H"}, [])
    assert list(record) == ["format", "version", "kind", "variant", "dealer", "deck", "contract", "actions"]
    assert loads(dumps(state)) == state
    played = position(
        CLASSIC, dealer=Seat(3), hands=TABLE_HANDS, turned="JH", contract=contract, plays="AS 7S"
    )
    assert to_record(played)["actions"] == [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "7S"}]
    assert loads(dumps(played)) == played


@pytest.mark.parametrize(
    ("variant", "contract", "written"),
    [
        (CLASSIC, Contract(Seat(2), Trump.SPADES), {"taker": 2, "trump": "S"}),
        (BULGARIAN, Contract(Seat(1), Trump.NO_TRUMPS), {"taker": 1, "trump": "NONE"}),
        (
            BULGARIAN,
            Contract(Seat(3), Trump.ALL_TRUMPS, multiplier=2),
            {"taker": 3, "trump": "ALL", "multiplier": 2},
        ),
        (
            COINCHE,
            Contract(Seat(1), Trump.HEARTS, multiplier=2, bid=100),
            {"taker": 1, "trump": "H", "multiplier": 2, "bid": 100},
        ),
        (CONTREE, Contract(Seat(2), Trump.SPADES, capot=True), {"taker": 2, "trump": "S", "capot": True}),
        (
            WITH_GENERALE,
            Contract(Seat(0), Trump.NO_TRUMPS, multiplier=4, generale=True),
            {"taker": 0, "trump": "NONE", "multiplier": 4, "generale": True},
        ),
    ],
)
def test_the_contract_is_written_with_only_its_fields_that_differ_from_their_default(
    variant: Variant, contract: Contract, written: dict[str, Any]
) -> None:
    hands, stock = dealt_hands(deal(variant, dealer=Seat(0), seed=5))
    state = position(variant, dealer=Seat(0), hands=hands, stock=stock, contract=contract)
    assert to_record(state)["contract"] == written
    assert loads(dumps(state)) == state
    assert loads_round(dumps(state)).contract == contract


def test_a_match_of_rounds_built_from_their_contract_is_saved_and_read_back() -> None:
    for variant in (SHORT_CLASSIC, SHORT_BULGARIAN, attrs.evolve(COINCHE, target=300)):
        game = contract_match(variant, 4)
        text = dumps(game)  # refused before, as was repr(game.history)
        record = json.loads(text)
        VALIDATOR.validate(record)
        assert record["version"] == 2
        assert all("contract" in entry for entry in record["deals"])
        assert loads_match(text) == game
        assert "RoundState.parse(" in repr(game.history)


def test_a_record_is_written_with_the_lowest_version_that_reads_it() -> None:
    # no contract given directly: version 1, the format every release reads
    assert to_record(random_round(CLASSIC, 3))["version"] == 1
    assert to_record(random_match(SHORT_CLASSIC, 3))["version"] == 1
    # one deal built from its contract makes the whole match record version 2
    game = match(SHORT_CLASSIC, seed=2)
    game = game.record(_finished_deal(game))
    game = game.record(contract_round(SHORT_CLASSIC, 2, dealer=game.dealer))
    record = to_record(game)
    assert record["version"] == 2
    assert ["contract" in entry for entry in record["deals"]] == [False, True]
    assert loads(dumps(game)) == game


def _finished_deal(game: Match) -> RoundState:
    state = game.deal()
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        if state.phase is Phase.BIDDING:
            state = bid(state, legal_bids(state)[-1])
        else:
            state = play(state, next(iter(legal_moves(state))))
    return state


def _contract_record(variant: Variant = CLASSIC, seed: int = 1) -> dict[str, Any]:
    state = contract_round(variant, seed)
    assert state.phase is Phase.FINISHED
    return to_record(state)


@pytest.mark.parametrize(
    ("path", "mutate", "message"),
    [
        ("actions[0]", lambda r: r["actions"].insert(0, {"seat": 1, "call": "pass"}), "card plays only"),
        ("actions[4]", lambda r: r["actions"].insert(4, {"seat": 0, "call": "H"}), "card plays only"),
        ("contract", lambda r: r.update(version=1), "needs record version 2"),
        ("contract", lambda r: r["contract"].pop("taker"), "missing 'taker'"),
        ("contract", lambda r: r["contract"].update(seat=1), "unexpected field"),
        ("contract.taker", lambda r: r["contract"].update(taker=4), "must be 0..3"),
        ("contract.trump", lambda r: r["contract"].update(trump="hearts"), "is not one of"),
        ("contract.multiplier", lambda r: r["contract"].update(multiplier=3), "is not one of"),
        ("contract.bid", lambda r: r["contract"].update(bid=85), "is not one of"),
        ("contract.capot", lambda r: r["contract"].update(capot="yes"), "must be boolean"),
        ("contract", lambda r: r.update(contract=[0, "H"]), "must be object"),
    ],
)
def test_a_malformed_contract_record_is_a_record_error_with_its_path(
    path: str, mutate: Any, message: str
) -> None:
    record = _contract_record()
    mutate(record)
    assert not VALIDATOR.is_valid(record)
    with pytest.raises(RecordError, match=message) as caught:
        loads(json.dumps(record))
    assert caught.value.path == path
    assert caught.value.reason is Reason.MALFORMED_RECORD


def test_a_contract_in_a_version_1_match_and_a_call_beside_a_deal_contract_are_record_errors() -> None:
    record = to_record(contract_match(SHORT_CLASSIC, 2))
    old = {**copy.deepcopy(record), "version": 1}
    with pytest.raises(RecordError, match="needs record version 2") as caught:
        replay(old)
    assert caught.value.path == "deals[0].contract"
    called = copy.deepcopy(record)
    called["deals"][1]["actions"].insert(0, {"seat": 0, "call": "pass"})
    assert not VALIDATOR.is_valid(called)
    with pytest.raises(RecordError, match="card plays only") as caught:
        replay(called)
    assert caught.value.path == "deals[1].actions[0]"


@pytest.mark.parametrize(
    ("variant", "contract"),
    [
        (CLASSIC, {"taker": 0, "trump": "NONE"}),
        (CLASSIC, {"taker": 0, "trump": "H", "multiplier": 2}),
        (CLASSIC, {"taker": 0, "trump": "H", "bid": 100}),
        (BULGARIAN, {"taker": 0, "trump": "H", "capot": True}),
        (COINCHE, {"taker": 0, "trump": "H"}),
        (COINCHE, {"taker": 0, "trump": "H", "bid": 100, "capot": True}),
        (COINCHE, {"taker": 0, "trump": "H", "generale": True}),
    ],
)
def test_a_contract_the_variant_does_not_allow_is_a_replay_error(
    variant: Variant, contract: dict[str, Any]
) -> None:
    record = to_record(contract_round(variant, 3, stop=0))
    record["contract"] = contract
    VALIDATOR.validate(record)  # the format allows it: the rules of the variant do not
    with pytest.raises(ReplayError) as caught:
        loads(json.dumps(record))
    assert caught.value.reason is Reason.BAD_CONTRACT
    assert caught.value.seat == Seat(0)


def test_a_version_2_record_without_a_contract_is_read() -> None:
    state = random_round(CLASSIC, 5)
    record = {**to_record(state), "version": 2}
    VALIDATOR.validate(record)
    assert loads(json.dumps(record)) == state


def test_a_call_after_the_cards_of_a_contract_round_is_refused() -> None:
    record = _contract_record(BULGARIAN, 2)
    record["actions"].append({"seat": 0, "call": "pass"})
    del record["points"]
    with pytest.raises(RecordError, match="card plays only"):
        replay(record)


# -- writing refuses what reading refuses ----------------------------------------------------------

LIMIT = 10**MAX_NUMBER_DIGITS


@pytest.mark.parametrize(
    ("game", "path"),
    [
        (
            lambda: deal(attrs.evolve(CLASSIC, capot_value=int("9" * 150)), seed=1),
            "variant.options.capot_value",
        ),
        (lambda: deal(attrs.evolve(CLASSIC, target=LIMIT), seed=1), "variant.options.target"),
        (lambda: match(CLASSIC, seed=LIMIT), "seed"),
        (lambda: match(CLASSIC, seed=-LIMIT), "seed"),
    ],
)
def test_dumps_refuses_what_loads_would_refuse_naming_the_place(game: Any, path: str) -> None:
    value = game()
    with pytest.raises(RecordError, match="loads would refuse it") as caught:
        dumps(value)
    assert caught.value.path == path
    assert caught.value.reason is Reason.MALFORMED_RECORD
    replay(to_record(value))  # as a value, without text, the record is read back


@pytest.mark.parametrize(
    "make", [lambda seed: deal(CLASSIC, seed=seed), lambda seed: match(CLASSIC, seed=seed)]
)
def test_a_text_seed_that_is_not_unicode_text_is_refused_naming_the_seed(make: Any) -> None:
    """A lone surrogate has no UTF-8 bytes to seed the shuffle with: the deal raised a bare
    UnicodeEncodeError (and no record could hold the seed)."""
    with pytest.raises(BeloteError, match=r"^seed must be Unicode text \(no lone surrogate\)"):
        make("table " + chr(0xD800))
    assert loads(dumps(make("table é"))) == make("table é")


def test_a_number_just_below_the_limit_is_written_and_read_back() -> None:
    state = deal(attrs.evolve(CLASSIC, target=LIMIT - 1, capot_value=LIMIT - 1), seed=2)
    assert loads(dumps(state)) == state
    game = match(CLASSIC, seed=-(LIMIT - 1))
    assert loads(dumps(game)) == game


def test_the_command_line_reports_a_record_it_cannot_save(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "big.json"
    variant = "classic:target=300,capot_value=" + "9" * 150
    assert main(["demo", "--seed", "1", "--variant", variant, "--save", str(target)]) == 2
    assert "variant.options.capot_value: a number with more than 100 digits" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize("target", ["--5", "--500", "²", "٣", "+5", "1_000", "5.0", "", "-", "- 5"])
def test_a_record_option_that_is_no_whole_number_is_a_replay_error(target: str) -> None:
    record = to_record(deal(CLASSIC, seed=1))
    record["variant"]["options"] = {"target": target}
    with pytest.raises(ReplayError, match="not a whole number") as caught:
        loads(json.dumps(record))  # a bare ValueError before
    assert caught.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize(
    ("indent", "error", "message"),
    [
        (1.5, ArgumentTypeError, "indent must be None or an int, got 1.5"),
        (True, ArgumentTypeError, "indent must be None or an int, got True"),
        ("\t", ArgumentTypeError, "indent must be None or an int, got '\\t'"),
        (-1, BeloteError, "indent must be from 0 to 16, got -1"),
        (10**9, BeloteError, "indent must be from 0 to 16, got 1000000000"),
    ],
)
def test_dumps_refuses_an_indent_it_cannot_write(indent: Any, error: type[BeloteError], message: str) -> None:
    game = deal(CLASSIC, dealer=Seat(0), seed=1)
    with pytest.raises(error) as refused:
        dumps(game, indent=indent)
    assert str(refused.value) == message
    assert dumps(game, indent=MOST_INDENT).count("\n" + " " * MOST_INDENT + '"') > 0
