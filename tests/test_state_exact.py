"""Exact values of belote.state that mutation testing (mutmut 3.8) checks: ``str(state)`` line by
line in every phase (the contract and its doubling, the auction, the trick, the tricks won, the
belotes and declarations), the reprs of the parts, the type check of the round functions, and
the properties (mutated by hand: mutmut 3 leaves decorated functions alone)."""

from __future__ import annotations

import pytest

from belote import (
    CLASSIC,
    COINCHE,
    ArgumentTypeError,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Pass,
    Phase,
    Reason,
    RoundState,
    Seat,
    Trump,
    bid,
    deal,
    position,
)
from belote.state import NO_HISTORY, PlayHistory, check_state, describe
from belote.svg import table

HANDS = [
    "AS KS 9S JH 7D AC TC 8C",
    "7S 8S TH 9H 8H JD 9D 7C",
    "QS JS TS AH KH QH 8D 9C",
    "AD KD QD TD 7H KC QC JC",
]

CLASSIC_PLAYING = (
    "classic 0 QHQDJD7D8S8H9HAD/8D7SKDAH7H7C9S9C/9DJS8CTSKCKSJHAS/QCTCKHACQSTHTDJC C 9SASQS8S/KSAC"
)
CLASSIC_FINISHED = (
    "classic 0 QHQDJD7D8S8H9HAD/8D7SKDAH7H7C9S9C/9DJS8CTSKCKSJHAS/QCTCKHACQSTHTDJC C "
    "9SASQS8S/KSACQH7S/KH9HAHJH/7HKCTH8H/JSQCADKD/TDQD8D9D/JCJD9C8C/TC7D7CTS"
)
BULGARIAN_ANNOUNCED = (
    "bulgarian 0 KDAHKHKSQHQSAS7S/THTS8HTD9D7D8CAD/JD8SAC9H7HJH8DKC/JC9CQCTCQD7CJS9S ALL,pass,pass,pass "
    "TS8SJS(QCJCTC9C)AS(ASKSQS,AHKHQH)/9SKS*THJH/QDKDADJD/9HQCAH8H/7HJCKH*"
)


def test_str_of_a_trick_in_progress_with_its_auction_and_the_tricks_won() -> None:
    assert str(RoundState.parse(CLASSIC_PLAYING)).splitlines() == [
        "classic, dealer north, playing: north to act",
        "contract: clubs by west",
        "auction: west C",
        "north (0): QH 9H 8H AD QD JD 7D",
        "west (1): 7S AH 7H KD 8D 9C 7C",
        "south (2): JS TS JH 9D KC 8C",
        "east (3): KH TH TD QC JC TC",
        "trick: south KS, east AC",
        "tricks won: north_south 1 (14 card points), east_west 0 (0 card points)",
    ]


def test_str_of_a_finished_round_drops_the_auction_and_counts_every_trick() -> None:
    assert str(RoundState.parse(CLASSIC_FINISHED)).splitlines() == [
        "classic, dealer north, finished",
        "contract: clubs by west",
        "north (0): -",
        "west (1): -",
        "south (2): -",
        "east (3): -",
        "tricks won: north_south 2 (28 card points), east_west 6 (124 card points)",
    ]


def test_str_lists_every_call_every_belote_and_every_declaration() -> None:
    assert str(RoundState.parse(BULGARIAN_ANNOUNCED)).splitlines() == [
        "bulgarian, dealer north, playing: west to act",
        "contract: all_trumps by west",
        "auction: west ALL, south pass, east pass, north pass",
        "north (0): QS 7S QH",
        "west (1): TD 9D 7D 8C",
        "south (2): 8D AC KC",
        "east (3): TC 9C 7C",
        "trick: south 7H, east JC, north KH",
        "tricks won: north_south 2 (66 card points), east_west 2 (89 card points)",
        "belote: north, north",
        "declarations: east quarta QC JC TC 9C (50), north terca AS KS QS (20), north terca AH KH QH (20)",
    ]


@pytest.mark.parametrize(("multiplier", "written"), [(1, ""), (2, " x2"), (4, " x4")])
def test_str_writes_the_doubling_after_the_contract(multiplier: int, written: str) -> None:
    contract = Contract(Seat(0), Trump.HEARTS, bid=80, multiplier=multiplier)
    state = position(COINCHE, dealer=Seat(3), hands=HANDS, contract=contract)
    assert describe(state)[:2] == [
        "coinche, dealer east, playing: north to act",
        f"contract: hearts by north{written}",
    ]


def test_str_of_a_position_without_an_auction_has_no_auction_line() -> None:
    state = position(CLASSIC, dealer=3, hands=HANDS, turned="JH", contract=Contract(Seat(0), Trump.HEARTS))
    assert describe(state) == [
        "classic, dealer east, playing: north to act",
        "contract: hearts by north",
        "north (0): AS KS 9S JH 7D AC TC 8C",
        "west (1): 8S 7S TH 9H 8H JD 9D 7C",
        "south (2): QS JS TS AH KH QH 8D 9C",
        "east (3): 7H AD KD QD TD KC QC JC",
    ]


def test_str_of_the_bidding_and_of_a_passed_out_deal_shows_the_turned_card() -> None:
    state = deal(CLASSIC, dealer=Seat(1), seed=5)
    hands = [
        "north (0): QS TS QH 9H TC",
        "west (1): TH 8D 7D QC 8C",
        "south (2): 7S 8H JD KC JC",
        "east (3): JS AD QD 9D 9C",
    ]
    assert describe(state) == ["classic, dealer west, bidding: south to act", "turned card: AC", *hands]
    for _ in range(8):
        state = bid(state, Pass())
    assert state.phase is Phase.PASSED_OUT
    assert describe(state) == [
        "classic, dealer west, passed_out",
        "turned card: AC",
        "auction: " + ", ".join(["south pass", "east pass", "north pass", "west pass"] * 2),
        *hands,
    ]


# ---------------------------------------------------------------- reprs, the svg, the type check


def test_the_parts_write_their_fields_worth_reading() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    assert repr(state.setup) == (
        "RoundSetup(variant=Variant.parse('classic'), dealer=Seat.NORTH, deck=(26, 17, 11, 10, 28, 1, "
        "5, 4, 7, 16, 9, 19, 30, 13, 22, 0, 21, 29, 6, 12, 20, 23, 14, 15, 3, 31, 2, 24, 25, 27, 18, 8), "
        "turned=Card.parse('JH'))"
    )
    assert repr(NO_HISTORY) == repr(PlayHistory()) == "PlayHistory()"
    # the mode and the points of the contract are left out
    assert repr(RoundState.parse(CLASSIC_PLAYING).setup) == (
        "RoundSetup(variant=Variant.parse('classic'), dealer=Seat.NORTH, deck=(9, 24, 14, 10, 28, 1, 5, 3, "
        "22, 21, 13, 12, 23, 16, 27, 6, 7, 29, 8, 25, 0, 26, 2, 30, 20, 31, 19, 11, 4, 17, 18, 15), "
        "turned=Card.parse('7C'), auction=((Seat.WEST, Bid(Trump.CLUBS)),), "
        "contract=Contract(Seat.WEST, Trump.CLUBS))"
    )
    history = RoundState.parse(CLASSIC_PLAYING).history
    assert repr(history) == (
        "PlayHistory(tricks=(Trick(leader=Seat.WEST, cards=(Card.parse('9S'), Card.parse('AS'), "
        "Card.parse('QS'), Card.parse('8S')), winner=Seat.SOUTH, points=14),))"
    )


def test_the_svg_of_a_state_is_its_whole_table() -> None:
    state = RoundState.parse(CLASSIC_PLAYING)
    svg = state._repr_svg_()
    assert svg == table(state)
    assert svg.startswith("<svg")


def test_the_setup_keeps_the_mode_and_the_points_of_its_contract() -> None:
    setup = RoundState.parse(CLASSIC_PLAYING).setup
    assert setup.mode == int(Trump.CLUBS) == 0
    # clubs trump: J 20, 9 14 among the clubs (cards 0-7), the plain scale elsewhere
    assert setup.points[:8] == (0, 0, 14, 10, 20, 3, 4, 11)
    assert setup.points[8:16] == (0, 0, 0, 10, 2, 3, 4, 11)
    assert len(setup.points) == 32
    bidding = deal(CLASSIC, dealer=Seat(0), seed=1).setup
    assert (bidding.mode, bidding.points) == (-1, ())


@pytest.mark.parametrize(
    ("value", "shown"), [("state", "'state'"), (None, "None"), (NO_HISTORY, "PlayHistory()")]
)
def test_check_state_refuses_what_is_not_a_state(value: object, shown: str) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        check_state(value)
    assert str(caught.value) == f"state must be a RoundState, got {shown}"
    assert caught.value.reason is Reason.BAD_ARGUMENT


@pytest.mark.parametrize(("seat", "cards"), [(Seat(0), HANDS[0]), (1, HANDS[1]), (Seat(3), HANDS[3])])
def test_hand_reads_one_seat_by_seat_or_int(seat: Seat | int, cards: str) -> None:
    state = position(CLASSIC, dealer=3, hands=HANDS, turned="JH", contract=Contract(Seat(0), Trump.HEARTS))
    assert state.hand(seat) == CardSet.parse(cards)


@pytest.mark.parametrize(
    ("seat", "error", "message"),
    [
        (4, BeloteError, "seat must be a seat 0..3, got 4"),
        (-1, BeloteError, "seat must be a seat 0..3, got -1"),
        ("N", ArgumentTypeError, "seat must be a Seat or an int 0..3, got 'N'"),
    ],
)
def test_hand_refuses_what_is_not_a_seat(seat: object, error: type[BeloteError], message: str) -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=1)
    with pytest.raises(error) as caught:
        state.hand(seat)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert str(caught.value) == message


# ---------------------------------------------------------------- the properties (by hand)


def test_the_properties_of_a_state_in_the_play() -> None:
    state = RoundState.parse(BULGARIAN_ANNOUNCED)
    assert state.phase is Phase.PLAYING
    assert state.to_act is Seat.WEST
    assert state.leader is Seat.SOUTH
    assert state.trick == (
        (Seat.SOUTH, Card.parse("7H")),
        (Seat.EAST, Card.parse("JC")),
        (Seat.NORTH, Card.parse("KH")),
    )
    assert state.taker is Seat.WEST
    assert state.trump is Trump.ALL_TRUMPS
    assert state.contract == Contract(Seat.WEST, Trump.ALL_TRUMPS)
    assert state.dealer is Seat.NORTH
    assert state.eldest is Seat.WEST
    assert state.variant.name == "bulgarian"
    assert state.turned is None
    assert state.auction == state.setup.auction
    assert len(state.auction) == 4
    assert state.deck == state.setup.deck
    assert len(state.deck) == 32
    assert state.belotes == (Seat.NORTH, Seat.NORTH)
    assert [str(d.cards) for d in state.declarations] == ["QC JC TC 9C", "AS KS QS", "AH KH QH"]
    assert [trick.winner for trick in state.tricks] == [Seat.EAST, Seat.EAST, Seat.SOUTH, Seat.SOUTH]
    assert state.hands == (
        CardSet.parse("QS 7S QH"),
        CardSet.parse("TD 9D 7D 8C"),
        CardSet.parse("8D AC KC"),
        CardSet.parse("TC 9C 7C"),
    )


def test_a_trick_lists_its_plays_from_its_leader() -> None:
    trick = RoundState.parse(BULGARIAN_ANNOUNCED).tricks[1]
    assert trick.leader is Seat.EAST
    assert [(str(seat), str(card)) for seat, card in trick.plays] == [
        ("east", "9S"),
        ("north", "KS"),
        ("west", "TH"),
        ("south", "JH"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        CLASSIC_FINISHED,
        "classic 1 9HTSQHQSTC/8DTH7DQC8C/JCJD7SKC8H/9CJS9DQDAD+ACKD7CASJHKS9SKH8STDAH7H "
        "pass,pass,pass,pass,pass,pass,pass,pass -",
    ],
)
def test_no_leader_and_no_trick_outside_the_play(text: str) -> None:
    state = RoundState.parse(text)
    assert state.phase in (Phase.FINISHED, Phase.PASSED_OUT)
    assert state.leader is None
    assert state.trick == ()


def test_no_leader_nor_taker_nor_trump_while_bidding() -> None:
    state = deal(CLASSIC, dealer=Seat(2), seed=3)
    assert state.to_act is Seat.EAST
    assert state.eldest is Seat.EAST
    assert state.leader is None
    assert state.trick == ()
    assert (state.taker, state.trump, state.contract) == (None, None, None)
