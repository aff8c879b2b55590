"""The one-line round notation: exact round trip, fixtures, and clear errors."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import (
    BULGARIAN,
    CLASSIC,
    CLASSIC_501,
    COINCHE,
    CONTREE,
    Card,
    NotationError,
    Phase,
    Reason,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_moves,
    play,
)
from belote.errors import BeloteError
from belote.notation import format_round, format_variant, parse_round, parse_variant
from belote.records import ReplayError
from reachable import random_round

HOUSE = attrs.evolve(BULGARIAN, name="my table", announcements="on", contracts="C H NONE ALL", target=301)
VARIANTS = (
    CLASSIC,
    CLASSIC_501,
    BULGARIAN,
    COINCHE,
    CONTREE,
    HOUSE,
    attrs.evolve(CLASSIC, undertrump_opponent="free"),
)


@settings(max_examples=150)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**9),
    stop=st.one_of(st.none(), st.integers(0, 45)),
)
def test_notation_round_trip_is_exact(variant: Variant, seed: int, stop: int | None) -> None:
    state = random_round(variant, seed, stop)
    text = format_round(state)
    assert "\n" not in text
    assert len(text.split(" ")) == 5
    assert parse_round(text) == state
    assert format_round(parse_round(text)) == text


def test_fields_show_hands_contract_and_tricks() -> None:
    state = deal(CLASSIC, dealer=Seat(3), seed=1)
    text = format_round(state)
    variant, dealer, hands, auction, plays = text.split(" ")
    assert (variant, dealer, auction, plays) == ("classic", "3", "-", "-")
    dealt, stock = hands.split("+")
    assert [len(hand) for hand in dealt.split("/")] == [10, 10, 10, 10]
    assert stock[:2] == str(state.turned)
    for seat, hand in enumerate(dealt.split("/")):
        cards = {Card.parse(hand[i : i + 2]) for i in range(0, 10, 2)}
        assert cards == set(state.hand(Seat(seat)))

    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    for _ in range(6):
        state = play(state, next(iter(legal_moves(state))))
    _, _, hands, auction, plays = format_round(state).split(" ")
    assert "+" not in hands
    assert auction == str(legal_bids(deal(CLASSIC, dealer=Seat(3), seed=1))[-1])
    first, second = plays.split("/")
    assert len(first) == 8
    assert len(second) == 4
    trick = [str(card) for _, card in state.tricks[0].plays]
    assert first == "".join(trick)


def test_a_fixture_written_by_hand_is_read() -> None:
    # seat 1 takes hearts; it leads the jack of hearts with a belote announced later
    state = deal(CLASSIC, dealer=Seat(0), seed=5)
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    text = format_round(state)
    fixture = parse_round(text)
    assert fixture.phase is Phase.PLAYING
    assert fixture.contract == state.contract
    assert fixture.hands == state.hands


def test_belote_and_declarations_are_marked() -> None:
    seen_belote = seen_declaration = False
    for seed in range(400):
        state = random_round(BULGARIAN, seed)
        text = format_round(state)
        plays = text.split(" ")[4]
        assert plays.count("*") == len(state.belotes)
        assert plays.count("(") == len({d.seat for d in state.declarations})
        seen_belote |= bool(state.belotes)
        seen_declaration |= bool(state.declarations)
        if seen_belote and seen_declaration:
            break
    assert seen_belote
    assert seen_declaration


def test_an_illegal_card_in_the_text_raises_replay_error() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=2)
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    state = play(state, next(iter(legal_moves(state))))
    illegal = state.hand(state.to_act) - legal_moves(state)  # type: ignore[arg-type]
    if not illegal:  # every card was legal: play on until one is not
        while not illegal:
            state = play(state, next(iter(legal_moves(state))))
            illegal = state.hand(state.to_act) - legal_moves(state)  # type: ignore[arg-type]
    fields = format_round(state).split(" ")
    fields[4] = fields[4] + str(next(iter(illegal)))
    with pytest.raises(ReplayError) as caught:
        parse_round(" ".join(fields))
    assert caught.value.seat == state.to_act
    assert caught.value.index == len(state.auction) + sum(4 for _ in state.tricks) + len(state.trick)
    assert caught.value.reason is not Reason.MALFORMED_RECORD


@pytest.mark.parametrize(
    "text",
    [
        "",
        "classic 0",
        "classic 5 x - -",
        "nosuchgame 0 x - -",
        "classic 0 JHJH/AS - -",
        "classic 0 " + "/".join(["7C8C9CTCJC"] * 4) + "+" + "QC" * 12 + " - -",
        "classic 0 AAAA - - -",
    ],
)
def test_malformed_text_raises_a_belote_error(text: str) -> None:
    with pytest.raises(BeloteError):
        parse_round(text)


def test_unfinished_trick_only_at_the_end() -> None:
    state = random_round(CLASSIC, 1)
    assert state.phase is Phase.FINISHED
    fields = format_round(state).split(" ")
    tricks = fields[4].split("/")
    tricks[0] = tricks[0][:6]
    fields[4] = "/".join(tricks)
    with pytest.raises(NotationError, match="only the last trick may be unfinished"):
        parse_round(" ".join(fields))


@pytest.mark.parametrize("variant", [*VARIANTS, attrs.evolve(CLASSIC_501, solo_capot_value=None)])
def test_variant_text_round_trip(variant: Variant) -> None:
    text = format_variant(variant)
    assert " " not in text
    assert parse_variant(text) == variant


def test_variant_text_accepts_aliases_and_options() -> None:
    variant = parse_variant("belot:target=101,contracts=H+ALL,no_win_on_valat=false")
    assert variant.target == 101
    assert variant.contracts == (Trump.HEARTS, Trump.ALL_TRUMPS)
    assert variant.no_win_on_valat is False
    assert variant.announcements is BULGARIAN.announcements
    with pytest.raises(NotationError, match="not option=value"):
        parse_variant("classic:target")
    with pytest.raises(BeloteError, match="unknown option"):
        parse_variant("classic:colour=red")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("classic:colour=red", "'classic:colour=red': unknown option(s) colour"),
        ("classic:target=0", "'classic:target=0': target must be at least 1, got 0"),
        ("klondike", "'klondike': unknown variant 'klondike'"),
        (
            "coinche:rounding=game_points",
            "'coinche:rounding=game_points': rounding=game_points cannot be written with bidding",
        ),
    ],
)
def test_a_bad_variant_text_is_named_in_its_error(text: str, message: str) -> None:
    # the message names the text the user wrote, not the record path it is read through
    with pytest.raises(NotationError) as caught:
        parse_variant(text)
    assert str(caught.value).startswith(message)
    assert "variant." not in str(caught.value)
    assert caught.value.reason is Reason.BAD_OPTION
