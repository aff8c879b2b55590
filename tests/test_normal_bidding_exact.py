"""Exact results of belote.agents.normal_bidding that mutation testing (mutmut 3.8) found untested
by the fast tests (tests/test_normal_bidding.py plays random auctions of every level and is left
out of the mutation run): each rule at its bound (the seat speaking last, the partner who passed,
the turned honour, the score near the target, the partner's bid and jack, the opponents' suits,
contra and re-contra, the coinche estimates moved), with the hand's values, the estimates, the
contra rules and the coinche call replaced by spies."""

from __future__ import annotations

import pytest

from belote import BULGARIAN, CLASSIC, CLASSIC_501, COINCHE, Bid, CardSet, PlayerView, Seat, Trump, seat_view
from belote.agents import normal_bidding as rules
from belote.agents.normal_bidding import (
    auction_bid,
    contra_worth,
    last_to_speak,
    normal_bid,
    partner_passed,
    points_bid,
    score_pressure,
    speaking_position,
    turned_card_bid,
)
from belote.bidding import Call, Double, Pass, Redouble
from belote.variants import BiddingSystem, Variant

PASS, DOUBLE, REDOUBLE = Pass(), Double(), Redouble()
C, D, H, S, NT, AT = Trump
HAND = "7S 8S 9S TS 7D"
MASK = CardSet.parse(HAND).mask
DEALER = Seat(3)  # seat 0 is the eldest, seat 3 speaks last
SEVEN_HEARTS = 16  # the card number of the seven of hearts


def view(
    variant: Variant,
    seat: int,
    auction: str = "",
    *,
    hand: str = HAND,
    turned: str | None = None,
    scores: tuple[int, int] | None = None,
    target: int | None = 1000,
) -> PlayerView:
    """The view of ``seat`` after ``auction``, seat 3 dealt (the seven of hearts turned in the
    turned-card system)."""
    if turned is None and variant.bidding is CLASSIC.bidding:
        turned = "7H"
    return seat_view(
        variant,
        Seat(seat),
        hand=hand,
        dealer=DEALER,
        turned=turned,
        auction=auction,
        scores=scores,
        target=None if scores is None else target,
    )


def values_of(monkeypatch: pytest.MonkeyPatch, **by_mode: int) -> list[tuple[int, Trump]]:
    """Replace the hand's value per mode by ``by_mode`` (0 for the modes not named), keeping the
    hands and modes asked for."""
    asked: list[tuple[int, Trump]] = []

    def mode_value(hand: int, trump: Trump) -> int:
        asked.append((hand, trump))
        return by_mode.get(trump.name, 0)

    monkeypatch.setattr(rules, "mode_value", mode_value)
    return asked


def no_contra(monkeypatch: pytest.MonkeyPatch, answer: bool = False) -> list[tuple[Trump, bool]]:
    """Replace contra_worth by a spy answering ``answer``, keeping its mode and partner's bid."""
    asked: list[tuple[Trump, bool]] = []

    def worth(seen: PlayerView, trump: Trump, partner_bid: bool) -> bool:
        asked.append((trump, partner_bid))
        return answer

    monkeypatch.setattr(rules, "contra_worth", worth)
    return asked


# ---------------------------------------------------------------- reading the table


def test_speaking_position_counts_from_the_dealers_left() -> None:
    assert [speaking_position(view(CLASSIC, seat)) for seat in range(4)] == [0, 1, 2, 3]
    dealt = seat_view(CLASSIC, Seat(1), hand=HAND, dealer=Seat(1), turned="7H")
    assert speaking_position(dealt) == 3
    assert speaking_position(seat_view(CLASSIC, Seat(2), hand=HAND, dealer=Seat(0), turned="7H")) == 1


@pytest.mark.parametrize(
    ("variant", "seat", "auction", "last"),
    [
        (CLASSIC, 3, "pass pass pass", True),
        (CLASSIC, 2, "pass pass", False),
        (CLASSIC, 0, "pass pass pass pass", False),
        (CLASSIC, 3, "pass pass pass pass pass pass pass", True),
        (BULGARIAN, 3, "pass pass pass", True),
        (BULGARIAN, 3, "pass H pass", False),
        (BULGARIAN, 3, "H pass pass", False),
        (BULGARIAN, 3, "pass pass H", False),
        (BULGARIAN, 0, "", False),
        (BULGARIAN, 0, "pass H pass pass", False),
        (BULGARIAN, 3, "C pass pass D pass H pass", False),
        (BULGARIAN, 3, "C D H S pass pass NT", False),
    ],
)
def test_last_to_speak(variant: Variant, seat: int, auction: str, last: bool) -> None:
    assert last_to_speak(view(variant, seat, auction)) is last


@pytest.mark.parametrize(
    ("seat", "auction", "passed"),
    [
        (2, "pass H", True),
        (0, "", False),
        (2, "H pass", False),
        (1, "pass", False),  # not the partner's
        (3, "pass pass pass H pass", True),
        (3, "C pass pass D pass H pass", False),  # the partner bid once
        (3, "pass pass pass C pass pass H", True),
        (0, "pass pass H pass pass S", False),
        (0, "pass pass pass H", True),
    ],
)
def test_partner_passed(seat: int, auction: str, passed: bool) -> None:
    assert partner_passed(view(BULGARIAN, seat, auction)) is passed


@pytest.mark.parametrize(
    ("scores", "target", "pressure"),
    [
        ((100, 900), 1000, -8),
        ((100, 850), 1000, -8),
        ((100, 849), 1000, 0),
        ((849, 850), 1000, -8),
        ((850, 850), 1000, 0),
        ((851, 850), 1000, 6),
        ((850, 100), 1000, 6),
        ((849, 100), 1000, 0),
        ((900, 900), 1000, 0),
        ((0, 0), 1000, 0),
        ((10, 426), 501, -8),
        ((10, 425), 501, 0),
        ((426, 10), 501, 6),
        ((425, 10), 501, 0),
        ((0, 129), 151, -8),
        ((0, 128), 151, 0),
        ((100, 900), None, 0),
    ],
)
def test_score_pressure(scores: tuple[int, int], target: int | None, pressure: int) -> None:
    # seat 0 (team 0) scores first; seat 1 reads the other way round
    assert score_pressure(view(CLASSIC, 0, scores=scores, target=target)) == pressure
    assert score_pressure(view(CLASSIC, 1, "pass", scores=scores[::-1], target=target)) == pressure


def test_score_pressure_outside_a_match() -> None:
    assert score_pressure(view(CLASSIC, 0)) == 0
    assert (
        score_pressure(seat_view(CLASSIC, Seat(0), hand=HAND, dealer=DEALER, turned="7H", target=1000)) == 0
    )


# ---------------------------------------------------------------- the turned-card auction


def test_turned_card_takes_from_its_threshold_the_turned_card_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = values_of(monkeypatch, HEARTS=48)
    assert turned_card_bid(view(CLASSIC, 0)) == Bid(H)
    assert asked == [(MASK | 1 << SEVEN_HEARTS, H)]
    values_of(monkeypatch, HEARTS=47, CLUBS=99)
    assert turned_card_bid(view(CLASSIC, 0)) == PASS


def test_turned_card_second_round_takes_the_widest_margin_the_last_of_equals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    second = "pass pass pass pass"
    values_of(monkeypatch, CLUBS=50, DIAMONDS=50, SPADES=49, HEARTS=99)
    assert turned_card_bid(view(CLASSIC, 0, second)) == Bid(D)
    values_of(monkeypatch, CLUBS=51, DIAMONDS=50)
    assert turned_card_bid(view(CLASSIC, 0, second)) == Bid(C)
    values_of(monkeypatch, SPADES=48)
    assert turned_card_bid(view(CLASSIC, 0, second)) == Bid(S)
    values_of(monkeypatch, SPADES=47)
    assert turned_card_bid(view(CLASSIC, 0, second)) == PASS


def test_turned_card_last_to_speak_in_the_second_round_takes_with_3_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    last = "pass pass pass pass pass pass pass"
    values_of(monkeypatch, CLUBS=45)
    assert turned_card_bid(view(CLASSIC, 3, last)) == Bid(C)
    values_of(monkeypatch, CLUBS=44)
    assert turned_card_bid(view(CLASSIC, 3, last)) == PASS


def test_turned_card_partner_passed_in_the_first_round_needs_4_more(monkeypatch: pytest.MonkeyPatch) -> None:
    # seat 2 after its partner (seat 0) passed
    values_of(monkeypatch, HEARTS=52)
    assert turned_card_bid(view(CLASSIC, 2, "pass pass")) == Bid(H)
    values_of(monkeypatch, HEARTS=51)
    assert turned_card_bid(view(CLASSIC, 2, "pass pass")) == PASS
    # the dealer after three passes in the first round: its partner passed, and a second round
    # follows (no allowance for speaking last)
    assert turned_card_bid(view(CLASSIC, 3, "pass pass pass")) == PASS
    values_of(monkeypatch, HEARTS=52)
    assert turned_card_bid(view(CLASSIC, 3, "pass pass pass")) == Bid(H)
    # added to the score rule: 4 more than the bold score's 8 less
    values_of(monkeypatch, HEARTS=44)
    assert turned_card_bid(view(CLASSIC, 2, "pass pass", scores=(100, 900))) == Bid(H)
    values_of(monkeypatch, HEARTS=43)
    assert turned_card_bid(view(CLASSIC, 2, "pass pass", scores=(100, 900))) == PASS
    # not in the second round
    values_of(monkeypatch, CLUBS=48)
    assert turned_card_bid(view(CLASSIC, 2, "pass pass pass pass pass pass")) == Bid(C)


@pytest.mark.parametrize("turned", ["JH", "9H"])
def test_turned_card_honour_is_taken_2_lighter_before_an_opponent(
    monkeypatch: pytest.MonkeyPatch, turned: str
) -> None:
    values_of(monkeypatch, HEARTS=46)
    assert turned_card_bid(view(CLASSIC, 0, turned=turned)) == Bid(H)
    values_of(monkeypatch, HEARTS=45)
    assert turned_card_bid(view(CLASSIC, 0, turned=turned)) == PASS
    # the dealer speaks last: its partner passed (4 more), no honour rule
    values_of(monkeypatch, HEARTS=51)
    assert turned_card_bid(view(CLASSIC, 3, "pass pass pass", turned=turned)) == PASS
    # the second round: no honour rule
    values_of(monkeypatch, CLUBS=47)
    assert turned_card_bid(view(CLASSIC, 0, "pass pass pass pass", turned=turned)) == PASS


@pytest.mark.parametrize("turned", ["AH", "TH", "KH", "QH", "8H"])
def test_turned_card_other_ranks_are_no_honour(monkeypatch: pytest.MonkeyPatch, turned: str) -> None:
    values_of(monkeypatch, HEARTS=47)
    assert turned_card_bid(view(CLASSIC, 0, turned=turned)) == PASS


def test_turned_card_score_pressure(monkeypatch: pytest.MonkeyPatch) -> None:
    values_of(monkeypatch, HEARTS=40)
    assert turned_card_bid(view(CLASSIC, 0, scores=(100, 900))) == Bid(H)
    values_of(monkeypatch, HEARTS=39)
    assert turned_card_bid(view(CLASSIC, 0, scores=(100, 900))) == PASS
    values_of(monkeypatch, HEARTS=54)
    assert turned_card_bid(view(CLASSIC, 0, scores=(900, 100))) == Bid(H)
    values_of(monkeypatch, HEARTS=53)
    assert turned_card_bid(view(CLASSIC, 0, scores=(900, 100))) == PASS


# ---------------------------------------------------------------- the Bulgarian auction


def test_auction_bids_from_its_threshold_less_the_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    no_contra(monkeypatch)
    asked = values_of(monkeypatch, HEARTS=38)
    assert auction_bid(view(BULGARIAN, 0)) == Bid(H)
    assert asked == [(MASK, mode) for mode in Trump]
    values_of(monkeypatch, HEARTS=37, NO_TRUMPS=35, ALL_TRUMPS=49)
    assert auction_bid(view(BULGARIAN, 0)) == PASS
    values_of(monkeypatch, CLUBS=40, SPADES=40, DIAMONDS=39)
    assert auction_bid(view(BULGARIAN, 0)) == Bid(S)
    values_of(monkeypatch, CLUBS=41, SPADES=40)
    assert auction_bid(view(BULGARIAN, 0)) == Bid(C)


def test_auction_last_to_speak_takes_with_3_less(monkeypatch: pytest.MonkeyPatch) -> None:
    values_of(monkeypatch, HEARTS=35)
    assert auction_bid(view(BULGARIAN, 3, "pass pass pass")) == Bid(H)
    values_of(monkeypatch, HEARTS=34)
    assert auction_bid(view(BULGARIAN, 3, "pass pass pass")) == PASS


def test_auction_score_pressure(monkeypatch: pytest.MonkeyPatch) -> None:
    values_of(monkeypatch, HEARTS=30)
    assert auction_bid(view(BULGARIAN, 0, scores=(100, 900))) == Bid(H)
    values_of(monkeypatch, HEARTS=29)
    assert auction_bid(view(BULGARIAN, 0, scores=(100, 900))) == PASS


def test_auction_over_the_partner_needs_20_more(monkeypatch: pytest.MonkeyPatch) -> None:
    no_contra(monkeypatch, True)
    values_of(monkeypatch, HEARTS=58)
    assert auction_bid(view(BULGARIAN, 2, "C pass")) == Bid(H)
    values_of(monkeypatch, HEARTS=57)
    assert auction_bid(view(BULGARIAN, 2, "C pass")) == PASS
    # over its own bid too
    values_of(monkeypatch, HEARTS=57)
    assert auction_bid(view(BULGARIAN, 0, "C pass pass D pass pass")) == PASS
    values_of(monkeypatch, HEARTS=38)
    assert auction_bid(view(BULGARIAN, 1, "C")) == Bid(H)


def test_auction_partners_suit_bid_adds_its_jack_to_all_trumps(monkeypatch: pytest.MonkeyPatch) -> None:
    # 52 + 18 is 70: the threshold 60, less 10, plus 20 over the partner
    values_of(monkeypatch, ALL_TRUMPS=52)
    assert auction_bid(view(BULGARIAN, 2, "C pass")) == Bid(AT)
    values_of(monkeypatch, ALL_TRUMPS=51)
    assert auction_bid(view(BULGARIAN, 2, "C pass")) == PASS
    # the hand holds that jack already
    values_of(monkeypatch, ALL_TRUMPS=69)
    assert auction_bid(view(BULGARIAN, 2, "C pass", hand="JC 8S 9S TS 7D")) == PASS
    values_of(monkeypatch, ALL_TRUMPS=52)
    assert auction_bid(view(BULGARIAN, 2, "C pass", hand="JD 8S 9S TS 7D")) == Bid(AT)
    # a spades bid promises the jack of spades (the last suit)
    values_of(monkeypatch, ALL_TRUMPS=52)
    assert auction_bid(view(BULGARIAN, 2, "S pass", hand="7C 8H 9H TH 7D")) == Bid(AT)
    assert auction_bid(view(BULGARIAN, 2, "S pass", hand="JS 8H 9H TH 7D")) == PASS
    # a no-trumps bid promises no jack; nor does an opponent's suit
    values_of(monkeypatch, ALL_TRUMPS=52)
    assert auction_bid(view(BULGARIAN, 2, "NT pass")) == PASS
    values_of(monkeypatch, ALL_TRUMPS=42)
    assert auction_bid(view(BULGARIAN, 1, "C")) == PASS


def test_auction_partners_last_suit_bid_is_the_promise(monkeypatch: pytest.MonkeyPatch) -> None:
    # seat 0's partner (seat 2) bid clubs then spades: the jack of spades is promised
    values_of(monkeypatch, ALL_TRUMPS=52)
    assert auction_bid(view(BULGARIAN, 0, "pass pass C D pass pass S pass", hand="JC 8H 9H TH 7D")) == Bid(AT)
    assert auction_bid(view(BULGARIAN, 0, "pass pass C D pass pass S pass", hand="JS 8H 9H TH 7D")) == PASS


def test_auction_opponents_suits_weaken_no_trumps_without_their_aces(monkeypatch: pytest.MonkeyPatch) -> None:
    no_contra(monkeypatch)
    # 46 less 10 for the opponents' clubs: the threshold 46, less 10
    values_of(monkeypatch, NO_TRUMPS=46)
    assert auction_bid(view(BULGARIAN, 1, "C")) == Bid(NT)
    values_of(monkeypatch, NO_TRUMPS=45)
    assert auction_bid(view(BULGARIAN, 1, "C")) == PASS
    values_of(monkeypatch, NO_TRUMPS=36)
    assert auction_bid(view(BULGARIAN, 1, "C", hand="AC 8S 9S TS 7D")) == Bid(NT)
    assert auction_bid(view(BULGARIAN, 1, "C", hand="AD 8S 9S TS 7D")) == PASS
    # two opponents' suits, 10 each
    values_of(monkeypatch, NO_TRUMPS=56)
    assert auction_bid(view(BULGARIAN, 3, "C pass D")) == Bid(NT)
    values_of(monkeypatch, NO_TRUMPS=55)
    assert auction_bid(view(BULGARIAN, 3, "C pass D")) == PASS
    values_of(monkeypatch, NO_TRUMPS=46)
    assert auction_bid(view(BULGARIAN, 3, "C pass D", hand="AC 8H 9H TH 7D")) == Bid(NT)
    # spades (the last suit)
    values_of(monkeypatch, NO_TRUMPS=45)
    assert auction_bid(view(BULGARIAN, 1, "S")) == PASS
    assert auction_bid(view(BULGARIAN, 1, "S", hand="AS 8H 9H TH 7D")) == Bid(NT)
    # nor does the seat's own suit: only the opponents' diamonds
    values_of(monkeypatch, NO_TRUMPS=46)
    assert auction_bid(view(BULGARIAN, 0, "C pass pass D")) == Bid(NT)
    values_of(monkeypatch, NO_TRUMPS=45)
    assert auction_bid(view(BULGARIAN, 0, "C pass pass D")) == PASS
    # the partner's suit does not count: 56 - 46 - 10 over the partner is 0
    values_of(monkeypatch, NO_TRUMPS=56)
    assert auction_bid(view(BULGARIAN, 3, "pass H pass")) == Bid(NT)


def test_auction_contras_an_opponents_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    values_of(monkeypatch)
    asked = no_contra(monkeypatch, True)
    assert auction_bid(view(BULGARIAN, 1, "H")) == DOUBLE
    assert asked == [(H, False)]
    asked = no_contra(monkeypatch, False)
    assert auction_bid(view(BULGARIAN, 1, "H")) == PASS
    assert asked == [(H, False)]
    # the partner bid diamonds
    asked = no_contra(monkeypatch, True)
    assert auction_bid(view(BULGARIAN, 3, "pass D H")) == DOUBLE
    assert asked == [(H, True)]
    # no contra of the partner's contract, nor without a bid
    asked = no_contra(monkeypatch, True)
    assert auction_bid(view(BULGARIAN, 2, "H pass")) == PASS
    assert auction_bid(view(BULGARIAN, 0)) == PASS
    assert asked == []


def test_auction_a_bid_comes_before_a_contra(monkeypatch: pytest.MonkeyPatch) -> None:
    values_of(monkeypatch, SPADES=38)
    no_contra(monkeypatch, True)
    assert auction_bid(view(BULGARIAN, 1, "H")) == Bid(S)


def test_auction_recontras_the_partners_contract_from_its_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = no_contra(monkeypatch, True)
    values = values_of(monkeypatch, HEARTS=48)
    assert auction_bid(view(BULGARIAN, 2, "H double")) == REDOUBLE
    assert values[-1] == (MASK, H)  # after the bids over hearts
    values_of(monkeypatch, HEARTS=47)
    assert auction_bid(view(BULGARIAN, 2, "H double")) == PASS
    assert asked == []
    values_of(monkeypatch, ALL_TRUMPS=60)
    assert auction_bid(view(BULGARIAN, 2, "AT double")) == REDOUBLE
    values_of(monkeypatch, ALL_TRUMPS=59)
    assert auction_bid(view(BULGARIAN, 2, "AT double")) == PASS


def test_auction_the_taker_recontras_25_above_its_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    values = values_of(monkeypatch, HEARTS=73)
    assert auction_bid(view(BULGARIAN, 0, "H double pass pass")) == REDOUBLE
    assert values == [(MASK, S), (MASK, NT), (MASK, AT), (MASK, H)]
    values_of(monkeypatch, HEARTS=72)
    assert auction_bid(view(BULGARIAN, 0, "H double pass pass")) == PASS


# ---------------------------------------------------------------- contra_worth


def defeats_of(monkeypatch: pytest.MonkeyPatch, answer: bool) -> list[tuple[int, Trump]]:
    asked: list[tuple[int, Trump]] = []

    def defeats(hand: int, trump: Trump) -> bool:
        asked.append((hand, trump))
        return answer

    monkeypatch.setattr(rules, "_defeats", defeats)
    return asked


def test_contra_worth_when_the_hand_defeats_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = defeats_of(monkeypatch, True)
    values = values_of(monkeypatch)
    assert contra_worth(view(BULGARIAN, 1, "H"), H, partner_bid=False) is True
    assert asked == [(MASK, H)]
    assert values == []


@pytest.mark.parametrize(
    ("trump", "partner_bid", "scores", "needed"),
    [
        (H, False, None, 58),
        (H, True, None, 48),
        (AT, False, None, 70),
        (NT, True, None, 46),
        (H, False, (900, 100), 50),
        (H, False, (100, 900), 64),
        (H, True, (100, 900), 54),
        (H, True, (900, 100), 40),
    ],
)
def test_contra_worth_from_its_margin_over_the_threshold(
    monkeypatch: pytest.MonkeyPatch,
    trump: Trump,
    partner_bid: bool,
    scores: tuple[int, int] | None,
    needed: int,
) -> None:
    defeats = defeats_of(monkeypatch, False)
    seen = view(BULGARIAN, 1, "H", scores=scores)
    values = values_of(monkeypatch, **{trump.name: needed})
    assert contra_worth(seen, trump, partner_bid) is True
    assert values == [(MASK, trump)]
    values_of(monkeypatch, **{trump.name: needed - 1})
    assert contra_worth(seen, trump, partner_bid) is False
    assert defeats == [(MASK, trump)] * 2


def test_contra_worth_on_a_real_hand() -> None:
    seen = view(BULGARIAN, 1, "H", hand="KH JH 9H 7H 9C")
    assert contra_worth(seen, H, partner_bid=False) is True
    assert contra_worth(view(BULGARIAN, 1, "H", hand="7S 8S 9S TS 7C"), H, partner_bid=True) is False


# ---------------------------------------------------------------- the coinche auction


def points_of(monkeypatch: pytest.MonkeyPatch) -> list[tuple[PlayerView, dict[Trump, int]]]:
    """Replace the estimates (hearts 100, spades 90, others 0) and the coinche call by spies,
    keeping the estimates the call was given."""
    given: list[tuple[PlayerView, dict[Trump, int]]] = []

    def estimates(seen: PlayerView) -> dict[Trump, int]:
        return {mode: {H: 100, S: 90}.get(mode, 0) for mode in seen.variant.contracts}

    def call(seen: PlayerView, moved: dict[Trump, int] | None = None) -> Call:
        assert moved is not None
        given.append((seen, dict(moved)))
        return Bid(H, 90)

    monkeypatch.setattr(rules, "_estimates", estimates)
    monkeypatch.setattr(rules, "points_auction_call", call)
    return given


def moved(shift: int) -> dict[Trump, int]:
    return {C: -shift, D: -shift, H: 100 - shift, S: 90 - shift, NT: -shift, AT: -shift}


@pytest.mark.parametrize(
    ("seat", "auction", "scores", "shift"),
    [
        (0, "", None, 0),
        (3, "pass pass pass", None, -3),
        (0, "", (100, 900), -8),
        (0, "", (900, 100), 6),
        (3, "pass pass pass", (900, 100), -11),
        (3, "pass pass pass", (100, 900), 3),
        (2, "pass pass", None, 0),
    ],
)
def test_points_bid_moves_the_estimates_by_the_seat_and_score_rules(
    monkeypatch: pytest.MonkeyPatch, seat: int, auction: str, scores: tuple[int, int] | None, shift: int
) -> None:
    given = points_of(monkeypatch)
    hand = "7S 8S 9S TS 7D 8D 9D TD"
    seen = view(COINCHE, seat, auction, hand=hand, scores=scores)
    assert points_bid(seen) == Bid(H, 90)
    assert given == [(seen, moved(shift))]


# ---------------------------------------------------------------- normal_bid


@pytest.mark.parametrize(
    ("variant", "seat", "hand", "auction", "call"),
    [
        (CLASSIC, 0, "JH 9H AS 7C 8D", "", Bid(H)),
        (CLASSIC_501, 0, "JH 9H AS 7C 8D", "", Bid(H)),
        (CLASSIC, 0, "7S 8S 9S TS 7D", "", PASS),
        (BULGARIAN, 0, "JS JH 9H JD AC", "", Bid(AT)),
        (BULGARIAN, 1, "KH JH 9H 7H 9C", "H", DOUBLE),
        (COINCHE, 0, "JH 9H AH TH KH AS AD AC", "", Bid(H, capot=True)),
        (COINCHE, 0, "JH 9H AH TH 7S 8S 7D 8C", "", Bid(H, 120)),
    ],
)
def test_normal_bid_per_bidding_system(
    variant: Variant, seat: int, hand: str, auction: str, call: Call
) -> None:
    seen = view(
        variant, seat, auction, hand=hand, turned="TH" if variant.bidding is CLASSIC.bidding else None
    )
    assert normal_bid(seen) == call


def test_normal_bid_reads_the_bidding_system() -> None:
    assert {
        BiddingSystem.TURNED_CARD: turned_card_bid,
        BiddingSystem.AUCTION: auction_bid,
        BiddingSystem.POINTS_AUCTION: points_bid,
    } == rules._BIDS
