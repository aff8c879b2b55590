"""Exact refusals and results of the private history module (belote._history) that mutation
testing (mutmut 3.8) checks, through :func:`~belote.positions.position` and
:func:`~belote.views.seat_view`: a card of an unseen hand played before or known to be in
another hand (the turned card whoever took, a belote's partner, the viewer's cards), an unseen
hand known to hold more cards than it has left or a card it must play instead, a card after the
last trick, out of turn, unreadable or not in a known hand, a belote or a declaration the card
or the hand cannot make, each refused with its exact message, index, seat and reason.

Every play checked here reaches the rule that refuses it only through the facts the history
gives (the turned card, the belote's partner, the cards shown), which is why each case is a
whole line of play and not a state built by hand. The belote pair table, built at import, was
mutated by hand against this file (see tests/mutmut-equivalent.md)."""

from __future__ import annotations

import attrs
import pytest

from _doc_deal import HANDS
from belote import (
    BULGARIAN,
    CLASSIC,
    ArgumentTypeError,
    CardSet,
    Contract,
    Declaration,
    Phase,
    Reason,
    ReplayError,
    Seat,
    Trump,
    Variant,
    position,
    seat_view,
)
from belote._inputs import PlayInput

HEARTS = Contract(Seat(0), Trump.HEARTS)  # the turned card JH is north's
CLUBS = "7C 8C 9C TC JC QC KC AC"
# north (unseen by west) leads the king of trumps with belote, then five spades: west discards
# clubs, south diamonds, east follows with its low trump and spades, then discards diamonds.
SIX_TRICKS = "KH* 7C 7D 7H AS 8C 8D TS KS 9C 9D JS QS TC TD 7S 9S JC JD KD 8S QC QD AD"


@pytest.mark.parametrize(
    ("seat", "plays", "index", "player", "detail"),
    [
        (Seat(0), "AS 7S QS AS", 3, Seat.EAST, "AS: not in seat 3's hand (it was played before)"),
        (Seat(0), "AS KS", 1, Seat.WEST, "KS: not in seat 1's hand (another seat holds it)"),
        (Seat(2), "AS JH", 1, Seat.WEST, "JH: not in seat 1's hand (another seat holds it)"),
        (Seat(3), "KH* QH", 1, Seat.WEST, "QH: not in seat 1's hand (another seat holds it)"),
    ],
)
def test_an_unseen_seat_cannot_play_a_card_played_before_or_known_elsewhere(
    seat: Seat, plays: str, index: int, player: Seat, detail: str
) -> None:
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, seat, hand=HANDS[seat], dealer=Seat(3), turned="JH", contract=HEARTS, plays=plays)
    assert str(caught.value) == f"action {index}, seat {int(player)}: {detail} [card_not_in_hand]"
    assert (caught.value.index, caught.value.seat) == (index, player)
    assert caught.value.reason is Reason.CARD_NOT_IN_HAND


@pytest.mark.parametrize("taker", list(Seat))
def test_an_unseen_seat_cannot_keep_more_known_cards_than_it_has_left(taker: Seat) -> None:
    """The taker (unseen) is known to hold the turned JH and, from its belote, QH: its seventh
    card must be one of them, as one card would be left for the two (said in the singular)."""
    facts = {"dealer": taker.offset(-1), "turned": "JH", "contract": Contract(taker, Trump.HEARTS)}
    viewer = taker.offset(1)
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, viewer, hand=CLUBS, plays=f"{SIX_TRICKS} AH", **facts)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"action 24, seat {int(taker)}: AH: seat {int(taker)} would still hold QH JH, known from what it "
        "showed or was dealt, with only 1 card left [card_not_in_hand]"
    )
    assert (caught.value.index, caught.value.seat) == (24, taker)
    assert caught.value.reason is Reason.CARD_NOT_IN_HAND
    view = seat_view(CLASSIC, viewer, hand=CLUBS, plays=f"{SIX_TRICKS} QH", **facts)  # type: ignore[arg-type]
    assert (len(view.tricks), view.belotes, view.to_act) == (6, (taker,), viewer)


@pytest.mark.parametrize(("taker", "viewer", "dealer"), [(0, 2, 0), (1, 2, 3), (2, 1, 3), (3, 2, 3)])
def test_the_turned_card_is_known_to_be_the_takers_whoever_took(taker: int, viewer: int, dealer: int) -> None:
    leader = (dealer + 1) % 4
    with pytest.raises(ReplayError) as caught:
        seat_view(
            CLASSIC,
            viewer,
            hand=HANDS[viewer],
            dealer=dealer,
            turned="JH",
            contract=Contract(Seat(taker), Trump.HEARTS),
            plays="JH",
        )
    assert str(caught.value) == (
        f"action 0, seat {leader}: JH: not in seat {leader}'s hand (another seat holds it) [card_not_in_hand]"
    )


def test_a_known_hand_cannot_lead_a_card_it_does_not_hold() -> None:
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=Seat(3), hands=HANDS, turned="JH", contract=HEARTS, plays="7H")
    assert str(caught.value) == (
        "action 0, seat 0: 7H: not in seat 0's hand (AS KS 9S JH 7D AC TC 8C) [card_not_in_hand]"
    )
    assert caught.value.reason is Reason.CARD_NOT_IN_HAND


def test_the_viewers_cards_stay_known_after_a_play_checked_in_full() -> None:
    """North's card is given with its seat, so it is checked in full; west then cannot play the
    QS the viewer (south) holds."""
    with pytest.raises(ReplayError) as caught:
        seat_view(
            CLASSIC,
            Seat(2),
            hand=HANDS[2],
            dealer=Seat(3),
            turned="JH",
            contract=HEARTS,
            plays=[(Seat(0), "AS"), "QS"],
        )
    assert (
        str(caught.value)
        == "action 1, seat 1: QS: not in seat 1's hand (another seat holds it) [card_not_in_hand]"
    )


SHOWN = attrs.evolve(CLASSIC, name="classic_shown", announcements="separate")  # classic, with declarations


@pytest.mark.parametrize(
    ("variant", "third"),
    [(CLASSIC, "KH"), (CLASSIC, "KH*"), (SHOWN, "KH(7D8D9D)"), (SHOWN, "KH*(7D8D9D)")],
)
def test_an_unseen_seat_known_to_hold_the_turned_jack_must_overtrump_with_it(
    variant: Variant, third: str
) -> None:
    """South leads AS, east (an opponent of north) trumps with 9H, and north, the taker (unseen by
    west), is known to hold the turned JH: its KH under 9H is refused, whatever it announces with it."""
    facts = {"dealer": Seat(1), "turned": "JH", "contract": HEARTS}
    with pytest.raises(ReplayError) as caught:
        seat_view(variant, Seat(1), hand=CLUBS, plays=f"AS 9H {third}", **facts)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "action 2, seat 0: KH: must overtrump 9H (seat 0 held JH, as it is known to) [must_overtrump]"
    )
    assert caught.value.reason is Reason.MUST_OVERTRUMP
    view = seat_view(SHOWN, Seat(1), hand=CLUBS, plays="AS 9H JH(7D8D9D)", **facts)  # type: ignore[arg-type]
    assert view.declarations == (Declaration(Seat.NORTH, CardSet.parse("9D 8D 7D")),)


# each seat holds one suit: north leads its spades (trumps) and wins every trick
SUITS = [
    "7S 8S 9S TS JS QS KS AS",
    "7H 8H 9H TH JH QH KH AH",
    "7D 8D 9D TD JD QD KD AD",
    "7C 8C 9C TC JC QC KC AC",
]
SPADES = Contract(Seat(0), Trump.SPADES)
EVERY_CARD = [f"{rank}{suit}" for rank in "789TJQKA" for suit in "SHDC"]


@pytest.mark.parametrize(
    ("last", "seat"),
    [("AS", None), ((Seat(2), "AS"), Seat.SOUTH), ("QH*", None)],
)
def test_a_card_after_the_last_trick_is_refused_in_the_finished_phase(
    last: PlayInput, seat: Seat | None
) -> None:
    final = position(CLASSIC, dealer=Seat(3), hands=SUITS, turned="7S", contract=SPADES, plays=EVERY_CARD)
    assert (final.phase, len(final.tricks), final.to_act) == (Phase.FINISHED, 8, None)
    with pytest.raises(ReplayError) as caught:
        position(
            CLASSIC, dealer=Seat(3), hands=SUITS, turned="7S", contract=SPADES, plays=[*EVERY_CARD, last]
        )
    where = "action 32" if seat is None else f"action 32, seat {int(seat)}"
    assert str(caught.value) == f"{where}: cannot play now: the round is in the finished phase [wrong_phase]"
    assert (caught.value.index, caught.value.seat) == (32, seat)
    assert caught.value.reason is Reason.WRONG_PHASE


@pytest.mark.parametrize(
    ("plays", "index", "given", "to_act"),
    [
        ([(Seat(1), "7S")], 0, Seat.WEST, Seat.NORTH),
        (["7S", (Seat(2), "7H")], 1, Seat.SOUTH, Seat.WEST),
        ([*EVERY_CARD[:4], (Seat(3), "8S")], 4, Seat.EAST, Seat.NORTH),
    ],
)
def test_a_card_given_with_another_seat_than_the_one_to_play_is_out_of_turn(
    plays: list[PlayInput], index: int, given: Seat, to_act: Seat
) -> None:
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=Seat(3), hands=SUITS, turned="7S", contract=SPADES, plays=plays)
    assert str(caught.value) == (
        f"action {index}, seat {int(given)}: seat {int(given)} cannot play: it is seat {int(to_act)}'s turn "
        "[out_of_turn]"
    )
    assert (caught.value.index, caught.value.seat) == (index, given)
    assert caught.value.reason is Reason.OUT_OF_TURN


@pytest.mark.parametrize("plays", ["KS*", "AS*"])
def test_belote_with_a_card_that_cannot_announce_it_is_refused(plays: str) -> None:
    """KS is a king, but spades are not trumps: only a trump king or queen announces belote."""
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=Seat(3), hands=HANDS, turned="JH", contract=HEARTS, plays=plays)
    index = len(plays.split()) - 1
    card = plays.split()[-1][:2]
    seat = index  # north leads, then each seat in turn
    assert str(caught.value) == (
        f"action {index}, seat {seat}: {card}: belote cannot be announced with this card [belote_not_allowed]"
    )
    assert caught.value.reason is Reason.BELOTE_NOT_ALLOWED


def test_belote_with_a_king_discarded_in_all_trumps_is_refused_in_bulgarian() -> None:
    """Rule B10: in Bulgarian all trumps a king or queen discarded on another suit announces no
    belote; led, the same king does."""
    contract = Contract(Seat(0), Trump.ALL_TRUMPS)
    with pytest.raises(ReplayError) as caught:
        position(BULGARIAN, dealer=Seat(3), hands=SUITS, contract=contract, plays="7S KH*")
    assert (
        str(caught.value)
        == "action 1, seat 1: KH: belote cannot be announced with this card [belote_not_allowed]"
    )
    assert caught.value.reason is Reason.BELOTE_NOT_ALLOWED
    led = position(BULGARIAN, dealer=Seat(0), hands=SUITS, contract=contract, plays="KH*")
    assert led.belotes == (Seat.WEST,)


ALL_TRUMPS = Contract(Seat(0), Trump.ALL_TRUMPS)


@pytest.mark.parametrize(
    ("plays", "detail"),
    [
        ("7S(7H8H9H)", "cannot declare terca 9H 8H 7H (20): the hand does not hold 9H 8H 7H"),
        (
            "7S(7S8S9S)",
            "cannot declare terca 9S 8S 7S (20): terca 9S 8S 7S (20) is part of a longer sequence the hand "
            "holds (quinta AS KS QS JS TS 9S 8S 7S (100)): declare that",
        ),
    ],
)
def test_a_known_hand_shows_only_the_declarations_its_cards_make(plays: str, detail: str) -> None:
    with pytest.raises(ReplayError) as caught:
        position(BULGARIAN, dealer=Seat(3), hands=SUITS, contract=ALL_TRUMPS, plays=plays)
    assert str(caught.value) == f"action 0, seat 0: {detail} [bad_declaration]"
    assert caught.value.reason is Reason.BAD_DECLARATION


def test_an_unseen_hand_cannot_show_cards_known_to_be_elsewhere() -> None:
    with pytest.raises(ReplayError) as caught:
        seat_view(BULGARIAN, Seat(1), hand=SUITS[1], dealer=Seat(3), contract=ALL_TRUMPS, plays="7S(7H8H9H)")
    assert str(caught.value) == (
        "action 0, seat 0: cannot declare terca 9H 8H 7H (20): seat 0 cannot hold 9H 8H 7H [bad_declaration]"
    )
    assert caught.value.reason is Reason.BAD_DECLARATION
    shown = seat_view(
        BULGARIAN, Seat(1), hand=SUITS[1], dealer=Seat(3), contract=ALL_TRUMPS, plays="7S(7S8S9S)"
    )
    assert shown.declarations == (Declaration(Seat.NORTH, CardSet.parse("9S 8S 7S")),)


def test_a_belote_with_the_queen_shows_the_king_in_the_same_hand() -> None:
    with pytest.raises(ReplayError) as caught:
        seat_view(
            CLASSIC, Seat(3), hand=HANDS[3], dealer=Seat(3), turned="JH", contract=HEARTS, plays="QH* KH"
        )
    assert (
        str(caught.value)
        == "action 1, seat 1: KH: not in seat 1's hand (another seat holds it) [card_not_in_hand]"
    )
    view = seat_view(
        CLASSIC, Seat(3), hand=HANDS[3], dealer=Seat(3), turned="JH", contract=HEARTS, plays="QH* 8H"
    )
    assert view.belotes == (Seat.NORTH,)


@pytest.mark.parametrize("plays", ["8C AS*", "8C 7D*", "8C 9H*"])
def test_an_unseen_seat_following_with_belote_on_a_card_that_cannot_announce_it(plays: str) -> None:
    """West (unseen) discards on a club lead and claims belote with a card that is no trump king
    or queen: the claim is refused, and shows no other card in its hand (7C, card 0, included)."""
    with pytest.raises(ReplayError) as caught:
        seat_view(CLASSIC, Seat(3), hand=HANDS[3], dealer=Seat(3), turned="JH", contract=HEARTS, plays=plays)
    card = plays.split()[1][:2]
    assert str(caught.value) == (
        f"action 1, seat 1: {card}: belote cannot be announced with this card [belote_not_allowed]"
    )


NOT_A_PLAY = "is not a play: expected a Card, a card text like 'KH*' or a (seat, card) pair"
NOT_A_CARD = "'ZZ' is not a card: expected rank (7 8 9 T J Q K A, or 10) + suit (S H D C or ♠ ♥ ♦ ♣)"


@pytest.mark.parametrize(
    ("plays", "index", "seat", "detail"),
    [
        ([5], 0, Seat.NORTH, f"5 {NOT_A_PLAY}"),
        (["7S", None], 1, Seat.WEST, f"None {NOT_A_PLAY}"),
        ([(2, "ZZ")], 0, Seat.NORTH, NOT_A_CARD),
        ([()], 0, Seat.NORTH, "() is not a (seat, card) pair"),
        ([("ZZ",)], 0, Seat.NORTH, "('ZZ',) is not a (seat, card) pair"),
        ([(Seat(2), "ZZ")], 0, Seat.SOUTH, NOT_A_CARD),
        (["7S", "ZZ"], 1, Seat.WEST, NOT_A_CARD),
        ([*EVERY_CARD, "ZZ"], 32, None, NOT_A_CARD),
        ([*EVERY_CARD, (Seat(1), "ZZ")], 32, Seat.WEST, NOT_A_CARD),
    ],
)  # fmt: skip
def test_an_unreadable_play_is_refused_with_the_seat_it_names_or_the_seat_to_play(
    plays: list[PlayInput], index: int, seat: Seat | None, detail: str
) -> None:
    """Only a :class:`~belote.seats.Seat` given with the card names the seat (an int in its place
    does not); after the last trick nobody is to play."""
    with pytest.raises(ReplayError) as caught:
        position(CLASSIC, dealer=Seat(3), hands=SUITS, turned="7S", contract=SPADES, plays=plays)
    where = f"action {index}" if seat is None else f"action {index}, seat {int(seat)}"
    assert str(caught.value) == f"{where}: {detail} [malformed_card]"
    assert (caught.value.index, caught.value.seat) == (index, seat)
    assert caught.value.reason is Reason.MALFORMED_CARD


@pytest.mark.parametrize("plays", [42, None, 7.5])
def test_plays_that_are_no_cards_played_are_refused_by_type(plays: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        position(CLASSIC, dealer=Seat(3), hands=SUITS, turned="7S", contract=SPADES, plays=plays)  # type: ignore[arg-type]
    assert (
        str(caught.value) == f"plays must be cards played (a sequence or a text like 'AS 7S'), got {plays!r}"
    )


def test_a_variant_that_is_no_variant_is_refused_by_type() -> None:
    for build in (
        lambda: position("classic", dealer=Seat(3), hands=SUITS, turned="7S", contract=SPADES),  # type: ignore[arg-type]
        lambda: seat_view("classic", Seat(0), hand=SUITS[0], dealer=Seat(3), turned="7S", contract=SPADES),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentTypeError) as caught:
            build()
        assert str(caught.value) == "variant must be a Variant, got 'classic'"
