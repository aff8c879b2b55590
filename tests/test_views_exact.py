"""Exact values and refusals of belote.views that mutation testing (mutmut 3.8) checks: a seat's
view built from what it knows equals the view of the whole state at every step of fixed games,
every refusal of ``seat_view`` with its exact message, the match facts carried, the repr, and
the properties of a view (mutated by hand: mutmut 3 leaves decorated functions alone)."""

from __future__ import annotations

import random

import attrs
import pytest

from belote import (
    BULGARIAN,
    CLASSIC,
    COINCHE,
    ArgumentTypeError,
    BeloteError,
    Card,
    CardSet,
    Contract,
    Declaration,
    NotationError,
    Phase,
    PositionError,
    Reason,
    ReplayError,
    RoundState,
    Seat,
    Trump,
    Variant,
    bid,
    deal,
    legal_bids,
    legal_declarations,
    legal_moves,
    match,
    observe,
    play,
    position,
    seat_view,
)
from belote.svg import table
from belote.views import PlayerView

HANDS = [
    "AS KS 9S JH 7D AC TC 8C",
    "7S 8S TH 9H 8H JD 9D 7C",
    "QS JS TS AH KH QH 8D 9C",
    "AD KD QD TD 7H KC QC JC",
]
HEARTS = Contract(Seat(0), Trump.HEARTS)
FIRST = [
    "7H 8D TH KC JD",
    "9S 8H TD KS QD",
    "9D JS 8C KH 7C",
    "QC JC AC QH QS",
]  # deal(CLASSIC, Seat(0), seed=1)
STOCK = "JH AH KD AD TC AS 9C 7S 8S TS 9H 7D"  # its 12 undealt cards, the turned card first
BULGARIAN_ANNOUNCED = (
    "bulgarian 0 KDAHKHKSQHQSAS7S/THTS8HTD9D7D8CAD/JD8SAC9H7HJH8DKC/JC9CQCTCQD7CJS9S ALL,pass,pass,pass "
    "TS8SJS(QCJCTC9C)AS(ASKSQS,AHKHQH)/9SKS*THJH/QDKDADJD/9HQCAH8H/7HJCKH*"
)


def game(variant: Variant, seed: int) -> list[tuple[RoundState, list[str]]]:
    """Every state of a game played by a seeded random choice, with the plays (as text) so far."""
    rng = random.Random(seed)
    state = deal(variant, dealer=Seat(seed % 4), rng=rng)
    plays: list[str] = []
    states = [(state, list(plays))]
    while state.phase in (Phase.BIDDING, Phase.PLAYING):
        if state.phase is Phase.BIDDING:
            calls = legal_bids(state)
            state = bid(state, calls[0] if rng.random() < 0.5 else rng.choice(calls))
        else:
            options = legal_declarations(state)
            shown: tuple[Declaration, ...] = options[-1] if options else ()
            card = rng.choice(list(legal_moves(state)))
            before = len(state.belotes)
            state = play(state, card, declarations=shown)
            text = str(card) + ("*" if len(state.belotes) > before else "")
            if shown:
                text += "(" + ",".join("".join(str(c) for c in d.cards) for d in shown) + ")"
            plays.append(text)
        states.append((state, list(plays)))
    return states


def played_by(state: RoundState, seat: Seat) -> CardSet:
    pairs = [*(pair for trick in state.tricks for pair in trick.plays), *state.trick]
    return CardSet.of(card for player, card in pairs if player == seat)


@pytest.mark.parametrize(("variant", "seed"), [(CLASSIC, 11), (BULGARIAN, 22), (COINCHE, 13), (CLASSIC, 14)])
def test_seat_view_equals_observe_at_every_step_from_every_seat(variant: Variant, seed: int) -> None:
    steps = game(variant, seed)
    assert steps[-1][0].phase is Phase.FINISHED
    for state, plays in steps:
        for seat in Seat:
            expected = observe(state, seat)
            for hand in (state.hand(seat), state.hand(seat) | played_by(state, seat), str(state.hand(seat))):
                view = seat_view(
                    variant,
                    seat,
                    hand=hand,
                    dealer=state.dealer,
                    turned=state.turned,
                    auction=state.auction,
                    plays=plays,
                )
                assert view == expected


def test_a_view_sees_the_other_seats_cards_played_only() -> None:
    """North's view while West plays its seven of clubs (card 0) on North's club lead."""
    view = seat_view(CLASSIC, 0, hand=HANDS[0], dealer=3, turned="JH", contract=HEARTS, plays="AC 7C 9C KC")
    assert view.plays == (
        (Seat.NORTH, Card.parse("AC")),
        (Seat.WEST, Card.parse("7C")),
        (Seat.SOUTH, Card.parse("9C")),
        (Seat.EAST, Card.parse("KC")),
    )
    assert view.to_act is Seat.NORTH
    assert view.is_to_act
    assert str(view.hand) == "AS KS 9S JH 7D TC 8C"


# ---------------------------------------------------------------- refusals, exact


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"seat": 7}, BeloteError, "seat must be a seat 0..3, got 7"),
        ({"seat": "x"}, ArgumentTypeError, "seat must be a Seat or an int 0..3, got 'x'"),
        ({"dealer": 9}, BeloteError, "dealer must be a seat 0..3, got 9"),
        ({"dealer": None}, ArgumentTypeError, "dealer must be a Seat or an int 0..3, got None"),
        (
            {"hand": 5},
            ArgumentTypeError,
            "hand must be cards (a CardSet, Cards or a text like 'AS JH'), got 5",
        ),
        ({"hand": "9S 9S"}, PositionError, "hand gives 9S twice"),
        ({"hand": ["9S", 1]}, NotationError, "1 in hand is not a card"),
        ({"hand": "9S 8H TD KS"}, PositionError, "seat 1 holds 5 cards now (5 dealt, none played), got 4"),
        ({"turned": None}, PositionError, "give the turned card: it is public in classic"),
        (
            {"hand": "9S 8H TD KS JH"},
            PositionError,
            "the turned card JH cannot be in seat 1's hand before the contract",
        ),
        ({"scores": [1, 2]}, ArgumentTypeError, "scores must be a pair of ints or None, got [1, 2]"),
        ({"scores": (1, 2, 3)}, ArgumentTypeError, "scores must be a pair of ints or None, got (1, 2, 3)"),
        ({"scores": (1, "2")}, ArgumentTypeError, "scores must be a pair of ints or None, got (1, '2')"),
        ({"carry": "3"}, ArgumentTypeError, "carry must be an int, got '3'"),
        ({"carry": True}, ArgumentTypeError, "carry must be an int, got True"),
        ({"target": True}, ArgumentTypeError, "target must be an int or None, got True"),
        ({"target": "500"}, ArgumentTypeError, "target must be an int or None, got '500'"),
        ({"target": 1.5}, ArgumentTypeError, "target must be an int or None, got 1.5"),
    ],
)
def test_seat_view_refusals_name_the_argument_and_the_value(
    arguments: dict[str, object], error: type[BeloteError], message: str
) -> None:
    given: dict[str, object] = {"seat": 1, "hand": FIRST[1], "dealer": 0, "turned": "JH"}
    given.update(arguments)
    seat = given.pop("seat")
    with pytest.raises(error) as caught:
        seat_view(CLASSIC, seat, **given)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("seat", "hand", "message"),
    [
        (0, HANDS[0].replace("JH", "QC"), "seat 0 took: its hand must hold the turned card JH"),
        (1, HANDS[1].replace("7C", "JH"), "the turned card JH is the taker's, not seat 1's"),
        (0, "AS KS", "seat 0 holds 8 cards now (8 dealt, none played), got 2"),
    ],
)
def test_seat_view_refuses_a_hand_that_does_not_fit_the_turned_card(
    seat: int, hand: str, message: str
) -> None:
    with pytest.raises(PositionError) as caught:
        seat_view(CLASSIC, seat, hand=hand, dealer=3, turned="JH", contract=HEARTS)
    assert str(caught.value) == message
    assert caught.value.reason is Reason.MALFORMED_CARDS  # as position's refusals of the same


def test_the_turned_card_in_a_hand_before_the_contract_is_malformed_cards() -> None:
    with pytest.raises(PositionError) as caught:
        seat_view(CLASSIC, 1, hand="9S 8H TD KS JH", dealer=0, turned="JH")
    assert caught.value.reason is Reason.MALFORMED_CARDS


@pytest.mark.parametrize(
    ("seat", "hand", "auction", "index", "to_act", "message"),
    [
        (
            1,
            FIRST[1],
            "",
            0,
            Seat.WEST,
            "action 0, seat 1: cannot play now: the round is in the bidding phase",
        ),
        (
            3,
            FIRST[3],
            "pass",
            1,
            Seat.SOUTH,
            "action 1, seat 2: cannot play now: the round is in the bidding phase",
        ),
        (
            1,
            FIRST[1],
            "pass " * 8,
            8,
            None,
            "action 8: cannot play now: the round is in the passed out phase",
        ),
    ],
)
def test_seat_view_refuses_a_card_before_the_contract_at_its_index(
    seat: int, hand: str, auction: str, index: int, to_act: Seat | None, message: str
) -> None:
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, seat, hand=hand, dealer=0, turned="JH", auction=auction, plays="7H")
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (index, to_act, Reason.WRONG_PHASE)
    assert str(caught.value) == f"{message} [wrong_phase]"


@pytest.mark.parametrize("plays", [[(Seat(2), "7H")], [(Seat(2), "ZZ")]])
def test_a_card_before_the_contract_is_blamed_on_the_seat_it_names_as_position_does(plays: object) -> None:
    """seat_view named the seat to act (1) where position names the seat given with the card."""
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, 1, hand=FIRST[1], dealer=0, turned="JH", plays=plays)  # type: ignore[arg-type]
    with pytest.raises(ReplayError) as positioned:
        position(CLASSIC, dealer=0, hands=FIRST, stock=STOCK, plays=plays)  # type: ignore[arg-type]
    assert (caught.value.index, caught.value.seat) == (0, Seat(2))
    assert (positioned.value.index, positioned.value.seat, str(positioned.value)) == (
        0,
        Seat(2),
        str(caught.value),
    )


def test_seat_view_refuses_an_unreadable_play_at_its_index() -> None:
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, 0, hand=HANDS[0], dealer=3, turned="JH", contract=HEARTS, plays="AS ZZ")
    assert (caught.value.index, caught.value.seat, caught.value.reason) == (
        1,
        Seat.WEST,
        Reason.MALFORMED_CARD,
    )


@pytest.mark.parametrize(
    ("auction", "to_act"), [("", Seat.WEST), ("pass", Seat.SOUTH), ("pass pass", Seat.EAST)]
)
def test_seat_view_while_bidding_names_the_seat_to_act(auction: str, to_act: Seat) -> None:
    view = seat_view(CLASSIC, 2, hand=FIRST[2], dealer=0, turned="JH", auction=auction)
    assert (view.phase, view.to_act, view.is_to_act) == (Phase.BIDDING, to_act, to_act is Seat.SOUTH)
    assert len(view.legal_bids) == (2 if to_act is Seat.SOUTH else 0)
    assert view.hand_size(Seat.NORTH) == 5


# ---------------------------------------------------------------- match facts, repr, svg


def test_seat_view_in_the_play_carries_the_match_facts() -> None:
    view = seat_view(
        CLASSIC,
        0,
        hand=HANDS[0],
        dealer=3,
        turned="JH",
        contract=HEARTS,
        scores=(120, 340),
        carry=16,
        target=1000,
    )
    assert (view.scores, view.carry, view.target) == ((120, 340), 16, 1000)
    bidding = seat_view(CLASSIC, 1, hand=FIRST[1], dealer=0, turned="JH", scores=(5, 6), carry=2, target=700)
    assert (bidding.scores, bidding.carry, bidding.target) == ((5, 6), 2, 700)


def test_the_repr_of_a_view_leaves_out_the_tricks_the_auction_and_the_declarations_to_choose() -> None:
    state = RoundState.parse(BULGARIAN_ANNOUNCED)
    assert repr(observe(state, Seat.WEST)) == (
        "PlayerView(seat=Seat.WEST, variant=Variant.parse('bulgarian'), dealer=Seat.NORTH, "
        "phase=Phase.PLAYING, hand=CardSet.parse('TD 9D 7D 8C'), "
        "contract=Contract(Seat.WEST, Trump.ALL_TRUMPS), "
        "trick=((Seat.SOUTH, Card.parse('7H')), (Seat.EAST, Card.parse('JC')), "
        "(Seat.NORTH, Card.parse('KH'))), "
        "leader=Seat.SOUTH, belotes=(Seat.NORTH, Seat.NORTH), declarations=(Declaration(Seat.EAST, "
        "CardSet.parse('QC JC TC 9C')), Declaration(Seat.NORTH, CardSet.parse('AS KS QS')), "
        "Declaration(Seat.NORTH, CardSet.parse('AH KH QH'))), to_act=Seat.WEST, "
        "legal_cards=CardSet.parse('TD 9D 7D 8C'))"
    )
    first = RoundState.parse(
        "bulgarian 0 QSKD9H8CKSTC8DAD/7DQCTHJSQH8HTS7C/JH9SQD8STD7S9CJC/KC9DKH7HACASJDAH "
        "ALL,pass,pass,pass JS"
    )
    view = observe(first, Seat.SOUTH)
    assert view.legal_declarations == ((Declaration(Seat.SOUTH, CardSet.parse("9S 8S 7S")),),)
    assert repr(view) == (
        "PlayerView(seat=Seat.SOUTH, variant=Variant.parse('bulgarian'), dealer=Seat.NORTH, "
        "phase=Phase.PLAYING, hand=CardSet.parse('9S 8S 7S JH QD TD JC 9C'), "
        "contract=Contract(Seat.WEST, Trump.ALL_TRUMPS), trick=((Seat.WEST, Card.parse('JS')),), "
        "leader=Seat.WEST, to_act=Seat.SOUTH, legal_cards=CardSet.parse('9S 8S 7S'))"
    )


def test_the_svg_of_a_view_is_its_table() -> None:
    view = observe(RoundState.parse(BULGARIAN_ANNOUNCED), Seat.WEST)
    svg = view._repr_svg_()
    assert svg == table(view)
    assert svg.startswith("<svg")


# ---------------------------------------------------------------- the properties (by hand)


def test_the_properties_of_a_view_in_the_play() -> None:
    view = observe(RoundState.parse(BULGARIAN_ANNOUNCED), Seat.WEST)
    assert (view.trump, view.taker, view.is_to_act) == (Trump.ALL_TRUMPS, Seat.WEST, True)
    assert str(view.played) == "AS KS JS TS 9S 8S AH KH JH TH 9H 8H 7H AD KD QD JD QC JC"
    assert len(view.plays) == 19
    assert [str(card) for _, card in view.plays[:8]] == ["TS", "8S", "JS", "AS", "9S", "KS", "TH", "JH"]
    assert [seat for seat, _ in view.plays[:8]] == [
        Seat(1),
        Seat(2),
        Seat(3),
        Seat(0),
        Seat(3),
        Seat(0),
        Seat(1),
        Seat(2),
    ]
    assert view.plays[-3:] == view.trick
    assert [view.hand_size(seat) for seat in Seat] == [3, 4, 3, 3]
    other = observe(RoundState.parse(BULGARIAN_ANNOUNCED), Seat.EAST)
    assert (other.is_to_act, other.legal_cards, other.legal_bids) == (False, CardSet(), ())


def test_the_properties_of_a_view_while_bidding() -> None:
    view = observe(deal(COINCHE, dealer=Seat(0), seed=1), Seat.WEST)
    assert (view.trump, view.taker, view.is_to_act) == (None, None, True)
    assert (view.plays, view.played, view.trick, view.leader) == ((), CardSet(), (), None)
    assert [view.hand_size(seat) for seat in Seat] == [8, 8, 8, 8]
    assert view.hand_size(2) == 8


@pytest.mark.parametrize(
    ("state", "seat", "match", "error", "message"),
    [
        ("state", 0, None, ArgumentTypeError, "state must be a RoundState, got 'state'"),
        (None, 0, None, ArgumentTypeError, "state must be a RoundState, got None"),
        (deal(CLASSIC, dealer=Seat(0), seed=1), 4, None, BeloteError, "seat must be a seat 0..3, got 4"),
        (
            deal(CLASSIC, dealer=Seat(0), seed=1),
            "N",
            None,
            ArgumentTypeError,
            "seat must be a Seat or an int 0..3, got 'N'",
        ),
        (
            deal(CLASSIC, dealer=Seat(0), seed=1),
            0,
            "m",
            ArgumentTypeError,
            "match must be a Match or None, got 'm'",
        ),
    ],
)
def test_observe_refusals_name_the_argument_and_the_value(
    state: object, seat: object, match: object, error: type[BeloteError], message: str
) -> None:
    with pytest.raises(error) as caught:
        observe(state, seat, match=match)  # type: ignore[arg-type]
    assert type(caught.value) is error
    assert str(caught.value) == message


def test_a_view_outside_a_match_has_no_score_no_carry_and_no_target() -> None:
    view = observe(RoundState.parse(BULGARIAN_ANNOUNCED), Seat.WEST)
    facts = {field.name: getattr(view, field.name) for field in attrs.fields(PlayerView)}
    for name in ("scores", "carry", "target"):
        del facts[name]
    built = PlayerView(**facts)
    assert (built.scores, built.carry, built.target) == (None, 0, None)
    assert built == view


def test_the_repr_of_a_view_through_a_match_shows_its_score_even_at_zero() -> None:
    game = match(CLASSIC, seed=4)
    view = observe(game.deal(), Seat(0), match=game)
    assert (view.scores, view.carry, view.target) == ((0, 0), 0, 1000)
    assert repr(view).endswith(", to_act=Seat.EAST, scores=(0, 0), target=1000)")


def test_match_facts_given_as_an_int_subclass_are_held_as_plain_ints() -> None:
    # an IntEnum member is an int: taken, and held as the number it stands for
    given = seat_view(
        CLASSIC,
        Seat(1),
        hand="7S 8S 9S TS QS",
        dealer=Seat(0),
        turned="7H",
        scores=(Seat.EAST, Seat.WEST),
        carry=Seat.SOUTH,
        target=Trump.ALL_TRUMPS,
    )
    assert (given.scores, given.carry, given.target) == ((3, 1), 2, 5)
    assert given.scores is not None
    assert {type(value) for value in (*given.scores, given.carry, given.target)} == {int}
    assert f"{given.carry}/{given.target}" == "2/5"  # the numbers, not the members' names
