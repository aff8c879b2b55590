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
    Contract,
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
    position,
)
from belote.errors import BeloteError, VariantError
from belote.notation import format_round, format_variant, parse_round, parse_variant
from belote.records import ReplayError
from reachable import random_round
from test_records import CONTRACT_VARIANTS, TABLE_HANDS, WITH_GENERALE, contract_round, dealt_hands

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


_EIGHT_CARD_HANDS = "9S8HTDKSQDAHKDAD/9DJS8CKH7CJHTCAS/QCJCACQHQS9C7S8S/7H8DTHKCJDTS9H7D"


@pytest.mark.parametrize("auction", ["pass,H,pass", "pass,H,p", "P,H,PASS", "pass,H,x", "pass,H,double"])
def test_the_taker_is_the_last_bidder_whatever_the_spelling_of_the_other_calls(auction: str) -> None:
    """A call spelled ``p`` or ``x`` was taken for a bid: the turned card came from the wrong
    hand and the error blamed the take ("only the turned suit may be taken")."""
    assert parse_round(f"classic 3 {_EIGHT_CARD_HANDS} pass,H -").turned == Card.parse("JH")
    with pytest.raises(ReplayError, match=r"^action 2: cannot bid now: the round is in the playing phase"):
        parse_round(f"classic 3 {_EIGHT_CARD_HANDS} {auction} -")


def test_a_call_that_cannot_be_read_is_named_in_the_auctions_error() -> None:
    with pytest.raises(ReplayError, match=r"^action 1, seat 1: 'zz' is not a call"):
        parse_round(f"classic 3 {_EIGHT_CARD_HANDS} pass,zz,p -")


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


# -- a contract given directly (no auction) ---------------------------------------------------------


@settings(max_examples=150)
@given(
    variant=st.sampled_from(CONTRACT_VARIANTS),
    seed=st.integers(0, 10**9),
    stop=st.one_of(st.none(), st.integers(0, 32)),
)
def test_a_round_built_from_its_contract_round_trips(variant: Variant, seed: int, stop: int | None) -> None:
    state = contract_round(variant, seed, stop)
    text = format_round(state)
    assert len(text.split(" ")) == 5
    assert text.split(" ")[3].startswith("=")
    assert parse_round(text) == state
    assert format_round(parse_round(text)) == text


def _dealt_hands(variant: Variant, seed: int) -> tuple[list[list[Card]], list[Card]]:
    """The first 5 cards of each seat (dealer 0) and the 12 undealt cards of a seeded deal."""
    return dealt_hands(deal(variant, dealer=Seat(0), seed=seed))


def _deal_text(hands: list[list[Card]], stock: list[Card]) -> str:
    """The DEAL field of 5-card hands and the undealt cards."""
    return "/".join("".join(map(str, hand)) for hand in hands) + "+" + "".join(map(str, stock))


@pytest.mark.parametrize(
    ("variant", "contract", "spelled"),
    [
        (CLASSIC, Contract(Seat(0), Trump.HEARTS), "=0:H"),
        (COINCHE, Contract(Seat(1), Trump.HEARTS, multiplier=2, bid=100), "=1:100_H:x2"),
        (CONTREE, Contract(Seat(2), Trump.SPADES, capot=True), "=2:capot_S"),
        (BULGARIAN, Contract(Seat(3), Trump.ALL_TRUMPS, multiplier=2), "=3:ALL:x2"),
        (BULGARIAN, Contract(Seat(1), Trump.NO_TRUMPS, multiplier=4), "=1:NONE:x4"),
        (WITH_GENERALE, Contract(Seat(0), Trump.CLUBS, multiplier=4, generale=True), "=0:generale_C:x4"),
    ],
)
def test_the_contract_is_spelled_like_the_taker_s_bid(
    variant: Variant, contract: Contract, spelled: str
) -> None:
    hands, stock = _dealt_hands(variant, 3)
    state = position(variant, dealer=Seat(0), hands=hands, stock=stock, contract=contract)
    text = format_round(state)
    assert text.split(" ")[3] == spelled
    assert parse_round(text) == state
    assert parse_round(text).contract == contract
    # the 5-card hands and the undealt cards give the same state
    assert parse_round(f"{format_variant(variant)} 0 {_deal_text(hands, stock)} {spelled} -") == state


def test_the_table_repro_reads_back_with_its_plays() -> None:
    state = position(
        CLASSIC, dealer=Seat(3), hands=TABLE_HANDS, turned="JH", contract=Contract(Seat(0), Trump.HEARTS)
    )
    text = format_round(state)  # raised RecordError before
    assert text.split(" ")[3:] == ["=0:H", "-"]
    assert parse_round(text) == state
    played = position(
        CLASSIC,
        dealer=Seat(3),
        hands=TABLE_HANDS,
        turned="JH",
        contract=Contract(Seat(0), Trump.HEARTS),
        plays="AS 7S QS 7H",
    )
    assert format_round(played).split(" ")[3:] == ["=0:H", "AS7SQS7H"]
    assert parse_round(format_round(played)) == played


@pytest.mark.parametrize(
    ("auction", "message"),
    [
        ("=", "is not a contract: expected =TAKER:BID"),
        ("=H", "is not a contract: expected =TAKER:BID"),
        ("=4:H", "is not a contract: expected =TAKER:BID"),
        ("=0:", "is not a contract: expected =TAKER:BID"),
        ("=0:H:2", "is not a contract: expected =TAKER:BID"),
        ("=0:H:x", "is not a contract: expected =TAKER:BID"),
        ("=0:H:x2:x2", "is not a contract: expected =TAKER:BID"),
        ("=0:H:x99999", "is not a contract: expected =TAKER:BID"),
        ("=0:pass", "'pass' is not a bid"),
        ("=0:contra", "'contra' is not a bid"),
        ("=0:hearts_please", "is not a contract"),
        ("=0:H:x0", "multiplier must be a whole number >= 1"),
        ("=0:H:x2", "multiplier of 1, not 2"),
        ("=0:NONE", "no_trumps is not a contract of classic"),
        ("=0:100_H", "no bid values"),
    ],
)
def test_a_bad_contract_field_raises_notation_error(auction: str, message: str) -> None:
    hands, stock = _dealt_hands(CLASSIC, 3)
    with pytest.raises(NotationError, match=message):
        parse_round(f"classic 0 {_deal_text(hands, stock)} {auction} -")


def test_an_illegal_card_after_a_contract_raises_replay_error() -> None:
    state = position(
        CLASSIC, dealer=Seat(3), hands=TABLE_HANDS, turned="JH", contract=Contract(Seat(0), Trump.HEARTS)
    )
    fields = format_round(state).split(" ")
    fields[4] = "AS7SQSKD"  # seat 3 must trump (it holds 7H)
    with pytest.raises(ReplayError) as caught:
        parse_round(" ".join(fields))
    assert (caught.value.index, caught.value.reason) == (3, Reason.MUST_TRUMP)


# -- variant text: each option once ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "option"),
    [
        ("classic:target=501,target=700", "target"),
        ("classic:target=501,target=501", "target"),
        ("classic:name=a,name=b", "name"),
        ("classic:target=501, target =700", "target"),
        ("bulgarian:contracts=H+S,contracts=C", "contracts"),
    ],
)
def test_an_option_given_twice_is_refused(text: str, option: str) -> None:
    # the last value used to win silently; records refuse a key given twice too
    with pytest.raises(NotationError, match=f"the option {option} is given twice") as caught:
        parse_variant(text)
    assert caught.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize("target", ["--500", "--5", "²", "٣", "+5", "1_000", "5.0", "-", "0x10"])
def test_a_number_option_that_is_no_whole_number_is_a_notation_error(target: str) -> None:
    with pytest.raises(NotationError, match="is not a whole number") as caught:
        parse_variant(f"classic:target={target}")  # a bare ValueError before
    assert caught.value.reason is Reason.BAD_OPTION


def test_the_variant_text_takes_the_names_a_variant_takes() -> None:
    # an empty name is refused by the Variant itself, in text as in code (it once printed as
    # "Variant  (classic:name=)")
    for blank in ("", "   "):
        with pytest.raises(VariantError, match="name must hold more than spaces"):
            attrs.evolve(CLASSIC, name=blank)
    with pytest.raises(NotationError, match="name must hold more than spaces"):
        parse_variant("classic:name=")
    assert parse_variant("classic:name=a%2Cb,target=501") == attrs.evolve(CLASSIC, name="a,b", target=501)


@pytest.mark.parametrize(
    "name", ["a\x01b", "two\nlines", "a\tb", "nul\x00", "del\x7f", "c1\x85", "\ud800", "x\ufffe"]
)
def test_a_variant_name_is_one_line_of_text(name: str) -> None:
    """A control character or a lone surrogate in a name broke the score sheet's picture (not
    well-formed XML) and any UTF-8 output; the name stands in every table, record and message."""
    with pytest.raises(VariantError, match="name must be one line of text"):
        attrs.evolve(CLASSIC, name=name)
    assert attrs.evolve(CLASSIC, name="Belote à la maison ♠").name == "Belote à la maison ♠"
