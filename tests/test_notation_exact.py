"""Exact texts and refusals of belote.notation that mutation testing (mutmut 3.8) found
untested: the variant field's option values (booleans, none, escapes, lone surrogates), and
each refusal of a round line with its message and reason (fields, dealer, deal, contract, plays)."""

from __future__ import annotations

import attrs
import pytest

from belote import BULGARIAN, CLASSIC, CLASSIC_501, ArgumentTypeError, Reason, Seat, Variant
from belote.errors import NotationError, ReplayError
from belote.notation import format_round, format_variant, parse_round, parse_variant
from reachable import random_round

# ---------------------------------------------------------------- the variant field


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        (attrs.evolve(CLASSIC, belote_on_discard=False), "classic:belote_on_discard=false"),
        (
            attrs.evolve(CLASSIC, tout_atout_partner_exception=True),
            "classic:tout_atout_partner_exception=true",
        ),
        (attrs.evolve(CLASSIC_501, solo_capot_value=None), "classic_501:solo_capot_value=none"),
        (attrs.evolve(CLASSIC, name="a/b c=d,e+f%"), "classic:name=a%2Fb%20c%3Dd%2Ce%2Bf%25"),
        (attrs.evolve(CLASSIC, contracts="H S", target=501), "classic:contracts=H+S,target=501"),
    ],
)
def test_format_variant_writes_each_kind_of_value(variant: Variant, text: str) -> None:
    assert format_variant(variant) == text
    assert parse_variant(text) == variant


def test_format_variant_refuses_what_is_not_a_variant() -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        format_variant("classic")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == "variant must be a Variant, got 'classic'"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("classic:name=a=b", "a=b"),  # the value runs from the first "="
        ("classic:name=%FFx", "\ufffdx"),  # an escape of a byte that is not UTF-8 reads as U+FFFD
        ("classic:name=caf%C3%A9", "café"),
    ],
)
def test_parse_variant_reads_a_name_value(text: str, name: str) -> None:
    assert parse_variant(text).name == name


def test_a_name_holding_an_escaped_lone_surrogate_reaches_the_variants_check() -> None:
    with pytest.raises(NotationError) as caught:
        parse_variant("classic:name=%ED%A0%80x")
    assert caught.value.reason is Reason.BAD_OPTION
    assert str(caught.value) == (
        "'classic:name=%ED%A0%80x': name must be one line of text, no control character or lone surrogate, "
        "got '\\ud800x'"
    )


@pytest.mark.parametrize(
    ("text", "reason", "message"),
    [
        (5, Reason.BAD_ARGUMENT, "5 is not a variant text"),
        ("classic:x", Reason.BAD_OPTION, "'x' in 'classic:x' is not option=value"),
        ("classic: =3", Reason.BAD_OPTION, "' =3' in 'classic: =3' is not option=value"),
        (
            "classic:name=a,name=b",
            Reason.BAD_OPTION,
            "'classic:name=a,name=b': the option name is given twice",
        ),
        ("classic:target=x", Reason.BAD_OPTION, "'classic:target=x': 'x' is not a whole number"),
        ("classic:bogus=1", Reason.BAD_OPTION, "'classic:bogus=1': unknown option(s) bogus"),
    ],
)
def test_parse_variant_refusals_name_the_text(text: object, reason: Reason, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_variant(text)  # type: ignore[arg-type]
    assert caught.value.reason is reason
    assert str(caught.value) == message


# ---------------------------------------------------------------- the round line's refusals

HANDS_8 = "9S8HTDKSQDAHKDAD/9DJS8CKH7CJHTCAS/QCJCACQHQS9C7S8S/7H8DTHKCJDTS9H7D"  # dealer 3, "pass,H"
HANDS_5 = "JH9SQD8STD/KC9DKH7HAC/QSKD9H8CKS/7DQCTHJSQH"  # dealer 2, nothing called
STOCK = "8HTS7C7S9CJCASJDAHTC8DAD"


@pytest.mark.parametrize(
    ("text", "reason", "message"),
    [
        (5, Reason.MALFORMED_RECORD, "5 is not a round notation"),
        (
            "classic 0",
            Reason.MALFORMED_RECORD,
            "a round notation has 5 fields (variant dealer deal auction play), got 2",
        ),
        ("classic 4 a b c", Reason.MALFORMED_RECORD, "dealer must be 0..3, got '4'"),
        (
            f"classic 3 {HANDS_8} - -",
            Reason.MALFORMED_RECORD,
            "the hands have 8 cards but the auction gives no contract",
        ),
        (
            f"classic 3 {HANDS_8} pass -",
            Reason.MALFORMED_RECORD,
            "the hands have 8 cards but the auction gives no contract",
        ),
        (
            f"classic 2 {HANDS_5}+{STOCK[:-2]} - -",
            Reason.MALFORMED_RECORD,
            "the deal must give four hands of 8 cards, or four of 5 and + the 12 undealt cards",
        ),
        (
            f"classic 2 {HANDS_5} - -",
            Reason.MALFORMED_RECORD,
            "the deal must give four hands of 8 cards, or four of 5 and + the 12 undealt cards",
        ),
        (
            f"classic 2 {HANDS_5}+{STOCK}AD - -",
            Reason.MALFORMED_RECORD,
            "the deal must give four hands of 8 cards, or four of 5 and + the 12 undealt cards",
        ),
        (
            f"classic 2 {HANDS_5}/JH9SQD8STD+{STOCK} - -",
            Reason.MALFORMED_RECORD,
            "the deal must give 4 hands, got 5",
        ),
        (
            f"classic 2 JH9SQD8STD/KC9DKH7HAC/QSKD9H8CKS+{STOCK} - -",
            Reason.MALFORMED_RECORD,
            "the deal must give 4 hands, got 3",
        ),
        (
            f"classic 2 JH9SQD8STDA/KC9DKH7HAC/QSKD9H8CKS/7DQCTHJSQH+{STOCK} - -",
            Reason.MALFORMED_CARDS,
            "hand 0 'JH9SQD8STDA' is not a run of cards like JHAS7D",
        ),
        (
            f"classic 2 JH9SQD8STD/KC9DKH7HAC/QSKD9H8CKS/7DQCTHJSQ+{STOCK} - -",
            Reason.MALFORMED_CARDS,
            "hand 3 '7DQCTHJSQ' is not a run of cards like JHAS7D",
        ),
        (
            f"classic 2 {HANDS_5}+{STOCK[:-2]}XX - -",
            Reason.MALFORMED_CARDS,
            "the undealt cards '8HTS7C7S9CJCASJDAHTC8DXX' is not a run of cards like JHAS7D",
        ),
        (
            f"classic 2 JH9SQD8STD/KC9DKH7HAC/QSKD9H8CKS/7DQCTHJSJH+{STOCK} - -",
            Reason.MALFORMED_CARDS,
            "JH is given twice: in hand 0 and in hand 3",
        ),
        (
            f"classic 3 {HANDS_8} =5:H -",
            Reason.MALFORMED_RECORD,
            "'=5:H' is not a contract: expected =TAKER:BID or =TAKER:BID:x2 (like =0:H, =1:100_H:x2)",
        ),
        (
            f"classic 3 {HANDS_8} =0:pass -",
            Reason.MALFORMED_RECORD,
            "'=0:pass' is not a contract: 'pass' is not a bid",
        ),
        (
            f"classic 3 {HANDS_8} =0:H:x3 -",
            Reason.BAD_CONTRACT,
            "classic bidding reaches a multiplier of 1, not 3",
        ),
        (
            f"classic 3 {HANDS_8} pass,H 9DJS/QC",
            Reason.MALFORMED_RECORD,
            "trick 1 has 2 cards: only the last trick may be unfinished",
        ),
        (
            f"classic 3 {HANDS_8} pass,H 7HKS8S8H/9SQC/QD",
            Reason.MALFORMED_RECORD,
            "trick 2 has 2 cards: only the last trick may be unfinished",
        ),
        (
            f"classic 3 {HANDS_8} pass,H /9D",
            Reason.MALFORMED_RECORD,
            "trick 1 has 0 cards: only the last trick may be unfinished",
        ),
        (f"classic 3 {HANDS_8} pass,H 9DZZ", Reason.MALFORMED_RECORD, "cannot read the play at 'ZZ'"),
        (f"classic 3 {HANDS_8} pass,H 9DAX", Reason.MALFORMED_RECORD, "cannot read the play at 'AX'"),
        (
            f"classic 3 {HANDS_8[:14]}AX{HANDS_8[16:]} pass,H -",
            Reason.MALFORMED_CARDS,
            "hand 0 '9S8HTDKSQDAHKDAX' is not a run of cards like JHAS7D",
        ),
        (
            f"classic 3 {HANDS_8} =0:H:x100 -",
            Reason.BAD_CONTRACT,
            "classic bidding reaches a multiplier of 1, not 100",
        ),
        (
            f"classic 3 {HANDS_8} =0:H:x1000 -",
            Reason.MALFORMED_RECORD,
            "'=0:H:x1000' is not a contract: expected =TAKER:BID or =TAKER:BID:x2 (like =0:H, =1:100_H:x2)",
        ),
        (f"classic 3 {HANDS_8} pass,H 9D7H*ZZ", Reason.MALFORMED_RECORD, "cannot read the play at 'ZZ'"),
    ],
)
def test_parse_round_refusals_name_the_field(text: object, reason: Reason, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_round(text)  # type: ignore[arg-type]
    assert caught.value.reason is reason
    assert str(caught.value) == message


def test_format_round_refuses_what_is_not_a_round_state() -> None:
    with pytest.raises(NotationError) as caught:
        format_round("classic")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT
    assert str(caught.value) == "expected a RoundState, got 'classic'"


def test_the_turned_card_is_the_takers_sixth_card() -> None:
    state = parse_round(f"classic 3 {HANDS_8} pass,H -")
    assert state.contract is not None
    assert state.contract.taker is Seat.WEST
    assert str(state.turned) == "JH"
    assert format_round(state) == f"classic 3 {HANDS_8} pass,H -"


@pytest.mark.parametrize("call", ["pass", "contra", "recontra"])
def test_a_call_after_the_taking_bid_is_refused_at_its_own_index(call: str) -> None:
    # the taker (whose sixth card is the turned card) is the last bidder, not the seat of a
    # pass or a double after the bid: the refusal names the late call, not the bid
    with pytest.raises(ReplayError) as caught:
        parse_round(f"classic 3 {HANDS_8} pass,H,{call} -")
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (2, None, Reason.WRONG_PHASE)
    assert caught.value.detail == "cannot bid now: the round is in the playing phase"


def test_two_declarations_shown_with_one_card_are_separated_by_a_comma() -> None:
    state = random_round(BULGARIAN, 11)  # a seat shows two tierces with its first card
    text = format_round(state)
    assert "(QHJHTH,QDJDTD)" in text.split(" ")[4]
    assert parse_round(text) == state


def test_empty_parentheses_reach_the_rules_as_an_empty_declaration() -> None:
    with pytest.raises(ReplayError) as caught:
        parse_round(f"classic 3 {HANDS_8} pass,H 9D()")
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (
        2,
        Seat.NORTH,
        Reason.MALFORMED_CARDS,
    )
    assert caught.value.detail == "an empty declaration in '9D()'"
