"""Exact results of belote.agents.bidder that mutation testing (mutmut 3.8) found untested by the
fast tests (tests/test_agents.py and tests/test_normal_bidding.py play whole auctions and are
left out of the mutation run): each term of a hand's value per mode (trumps, length, belote, side
aces and tens, the no-trumps and all-trumps cards) on one-suit hands, the tables that read them,
the easy player's strong hands and calls, the contra test, the coinche estimate and the
partner's support, the sure tricks and the capot bid, and each rule of the coinche auction's
call at its bound, with the estimates given and the sure tricks, capot bid and coinche test
replaced by spies where the rule reads them."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from belote import BULGARIAN, CLASSIC, COINCHE, Bid, CardSet, PlayerView, Seat, Trump, seat_view
from belote.agents import bidder
from belote.agents.bidder import (
    _coinche_worth,
    _declaration_bonus,
    _defeats,
    _drawn_run,
    _estimates,
    _kind,
    _last_bid,
    _partner_holds_bid,
    _suit_table,
    _top_run,
    _with_turned,
    capot_bid,
    clearly_strong,
    coinche_estimate,
    easy_call,
    mode_value,
    mode_values,
    partner_support,
    points_auction_call,
    suit_value,
    sure_tricks,
)
from belote.bidding import Call, Double, Pass, Redouble
from belote.cards import Rank
from belote.trumps import PLAIN_ORDER, TRUMP_ORDER
from belote.variants import Variant

PASS, DOUBLE, REDOUBLE = Pass(), Double(), Redouble()
C, D, H, S, NT, AT = Trump
DEALER = Seat(3)  # seat 0 is the eldest
WEAK = "7C 8C 7D 8D 7H 8H 7S 8S"  # no sure trick in any mode
RANKS = {rank.letter: rank for rank in Rank}


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def view(
    variant: Variant, seat: int, auction: str = "", *, hand: str = WEAK, turned: str | None = None
) -> PlayerView:
    """The view of ``seat`` after ``auction``, seat 3 dealt."""
    return seat_view(variant, Seat(seat), hand=hand, dealer=DEALER, turned=turned, auction=auction)


def coinche(seat: int, auction: str = "", hand: str = WEAK) -> PlayerView:
    return view(COINCHE, seat, auction, hand=hand)


# ---------------------------------------------------------------- a hand's value per mode


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("", 0),
        ("JH", 20),
        ("9H", 14),
        ("AH", 11),  # the ace of trumps is a trump, not a side ace too
        ("TH", 10),
        ("KH", 4),
        ("QH", 3),
        ("8H", 0),
        ("7H", 0),
        ("7H 8H", 9),
        ("7H 8H JH", 38),
        ("KH QH", 26),  # 4 + 3, 9 for the second trump, 10 for the belote
        ("AH TH", 30),  # the ten of trumps is no guarded side ten
        ("AS", 11),
        ("AS TS", 19),
        ("AS 7S", 11),
        ("TS", 0),
        ("TS 7S", 3),
        ("TS 7S 8S", 3),
        ("AC", 11),
        ("TC 7C", 3),
        ("AD TD", 19),
        ("AC AD AS", 33),
        ("JH 9H AH AS 7C", 74),
    ],
)
def test_suit_value_in_hearts(hand: str, value: int) -> None:
    assert suit_value(mask(hand), H) == value
    assert mode_value(mask(hand), H) == value


def test_suit_value_of_each_suit_as_trumps() -> None:
    assert [suit_value(mask("AC TC"), mode) for mode in (C, D, H, S)] == [30, 19, 19, 19]
    assert [suit_value(mask("JH 9H AH AS 7C"), mode) for mode in (C, D, H, S)] == [22, 22, 74, 22]
    assert [suit_value(mask("KS QS"), mode) for mode in (C, D, H, S)] == [0, 0, 0, 26]


@pytest.mark.parametrize(
    ("hand", "no_trumps", "all_trumps"),
    [
        ("", 0, 0),
        ("AS", 16, 4),
        ("AS TS", 28, 4),
        ("AS TS 7S", 30, 4),
        ("AS 7S", 16, 4),
        ("AS 7S 8S", 18, 4),
        ("AS TS 7S 8S 9S", 34, 10),
        ("TS", 0, 0),
        ("TS 7S", 4, 0),
        ("TS 7S 8S", 4, 0),
        ("AC AD AH AS", 64, 16),
        ("JS", 0, 18),
        ("JS 9S", 0, 30),
        ("JS 9S 7S", 0, 32),
        ("JS 7S", 0, 18),
        ("JS 7S 8S", 0, 20),
        ("9S", 0, 0),
        ("9S 7S", 0, 6),
        ("9S 7S 8S", 0, 6),
        ("JS AS", 16, 22),
        ("9S AS", 16, 10),
        ("JS 9S AS 7S 8S", 22, 40),
        ("JC JD JH JS", 0, 72),
        ("AC JD 9D TH 7H", 20, 34),
    ],
)
def test_mode_value_without_a_trump_suit(hand: str, no_trumps: int, all_trumps: int) -> None:
    assert (mode_value(mask(hand), NT), mode_value(mask(hand), AT)) == (no_trumps, all_trumps)


def test_suit_tables_hold_the_value_of_each_of_the_256_patterns() -> None:
    assert _suit_table(lambda pattern: 2 * pattern) == tuple(range(0, 512, 2))


def test_mode_values_read_the_tables_for_each_mode() -> None:
    assert mode_values(mask("JH 9H AH AS 7C")) == (22, 22, 74, 22, 34, 40)
    assert mode_values(0) == (0, 0, 0, 0, 0, 0)
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.getrandbits(32)
        assert mode_values(hand) == tuple(mode_value(hand, mode) for mode in Trump)


# ---------------------------------------------------------------- the easy player


@pytest.mark.parametrize(
    ("hand", "strong"),
    [
        ("JH 9H 7H", (False, False, True, False, False, False)),
        ("JH 9H", (False,) * 6),
        ("JH 7H 8H", (False,) * 6),
        ("9H 7H 8H", (False,) * 6),
        ("JH 9H 7H 8H AS AD", (False, False, True, False, False, False)),
        ("AC AD AH", (False, False, False, False, True, False)),
        ("AC AD AS", (False, False, False, False, True, False)),
        ("AD AH AS 7C", (False, False, False, False, True, False)),
        ("AC AD", (False,) * 6),
        ("JC JD JH", (False, False, False, False, False, True)),
        ("JD JH JS", (False, False, False, False, False, True)),
        ("JC JD", (False,) * 6),
    ],
)
def test_clearly_strong(hand: str, strong: tuple[bool, ...]) -> None:
    assert tuple(clearly_strong(mask(hand), mode) for mode in Trump) == strong


def test_the_turned_card_joins_the_hand() -> None:
    turned = view(CLASSIC, 0, hand="JH 9H 8S 7S 7C", turned="7H")
    assert _with_turned(turned) == mask("JH 9H 8S 7S 7C 7H")
    assert _with_turned(coinche(0)) == mask(WEAK)


@pytest.mark.parametrize(
    ("variant", "seat", "auction", "hand", "turned", "call"),
    [
        # the turned card makes the third trump
        (CLASSIC, 0, "", "JH 9H 8S 7S 7C", "7H", Bid(H)),
        (CLASSIC, 0, "", "JH 8H 8S 7S 7C", "7H", PASS),
        (CLASSIC, 0, "pass pass pass pass", "JS 9S 7S 7C 8C", "7H", Bid(S)),
        (BULGARIAN, 0, "", "JC JD JH 7S 8S", None, Bid(AT)),
        (BULGARIAN, 0, "", "JH 9H 7H JC JD", None, Bid(H)),  # the cheapest strong bid
        (BULGARIAN, 2, "C pass", "JH 9H 7H 8S 7S", None, Bid(H)),  # over the partner outside coinche
        (BULGARIAN, 1, "C", WEAK[:14], None, PASS),  # never contra
        (COINCHE, 0, "", "JH 9H 7H 8C 9C TC 8D 9D", None, Bid(H, 80)),
        (COINCHE, 1, "90 C", "JH 9H 7H 8C 9C TC 8D 9D", None, Bid(H, 100)),
        (COINCHE, 1, "100 C", "JH 9H 7H 8C 9C TC 8D 9D", None, PASS),  # 110 is above 100
        (COINCHE, 1, "80 C", "JH 9H 7H 8C 9C TC 8D 9D", None, Bid(H, 90)),
        (COINCHE, 2, "80 C pass", "JH 9H 7H 8C 9C TC 8D 9D", None, PASS),  # the partner holds the bid
        (COINCHE, 0, "80 C contra pass pass", "JH 9H 7H 8C 9C TC 8D 9D", None, PASS),  # its own
        (COINCHE, 0, "80 C 90 D 100 C 110 D", "JH 9H 7H 8C 9C TC 8D 9D", None, PASS),
        (COINCHE, 3, "pass pass pass", "JC JD JH 7S 8S 9S TS QS", None, Bid(AT, 80)),
    ],
)
def test_easy_call(
    variant: Variant, seat: int, auction: str, hand: str, turned: str | None, call: Call
) -> None:
    assert easy_call(view(variant, seat, auction, hand=hand, turned=turned)) == call


def test_the_easy_bid_is_the_cheapest_at_100_at_most() -> None:
    strong = "JH 9H 7H JC JD JS 8C 7S"  # hearts and all trumps
    assert easy_call(coinche(1, "90 C", strong)) == Bid(H, 100)
    assert easy_call(coinche(1, "90 H", strong)) == Bid(H, 100)
    assert easy_call(coinche(1, "100 NONE", strong)) == PASS
    assert easy_call(coinche(0, "", "JH 9H 7H 8H TH KH QH AH")) == Bid(H, 80)


# ---------------------------------------------------------------- the auction so far


def test_last_bid() -> None:
    assert _last_bid([]) == (None, None)
    assert _last_bid([(Seat(0), PASS), (Seat(1), PASS)]) == (None, None)
    assert _last_bid([(Seat(0), Bid(H)), (Seat(1), PASS)]) == (Seat(0), Bid(H))
    calls: list[tuple[Seat, Call]] = [(Seat(0), Bid(C)), (Seat(1), Bid(D)), (Seat(2), DOUBLE)]
    assert _last_bid(calls) == (Seat(1), Bid(D))


@pytest.mark.parametrize(
    ("seat", "auction", "holds"),
    [
        (0, "", False),
        (1, "pass", False),
        (1, "80 C", False),
        (2, "80 C pass", True),
        (3, "80 C 90 D", True),
        (0, "80 C contra pass pass", True),
        (0, "80 C 90 D 100 C 110 D", False),
    ],
)
def test_partner_holds_bid(seat: int, auction: str, holds: bool) -> None:
    assert _partner_holds_bid(coinche(seat, auction)) is holds


@pytest.mark.parametrize(
    ("hand", "defeats"),
    [
        ("JH 7H 8H AS", (False, False, True, False, False, False)),
        ("JH 7H 8H AC", (False, False, True, False, False, False)),
        ("JH 7H AS", (False,) * 6),
        ("JH 7H 8H", (False,) * 6),
        ("JH 7H 8H AH", (False,) * 6),  # the ace of trumps is no side ace
        ("7H 8H 9H AS", (False,) * 6),
        ("AC AD AH", (False, False, False, False, True, False)),
        ("AD AH AS", (False, False, False, False, True, False)),
        ("AC AD", (False,) * 6),
        ("JC JD JH", (False, False, False, False, False, True)),
        ("JD JH JS", (False, False, False, False, False, True)),
        ("JC JD", (False,) * 6),
    ],
)
def test_defeats(hand: str, defeats: tuple[bool, ...]) -> None:
    assert tuple(_defeats(mask(hand), mode) for mode in Trump) == defeats


def test_coinche_worth_only_a_bid_of_points_the_hand_defeats() -> None:
    hand = mask("JH 7H 8H AS")
    assert _coinche_worth(hand, Bid(H, 80)) is True
    assert _coinche_worth(hand, Bid(S, 80)) is False
    assert _coinche_worth(hand, Bid(H, capot=True)) is False


# ---------------------------------------------------------------- the coinche estimate


def test_kind() -> None:
    assert [_kind(mode) for mode in Trump] == ["suit", "suit", "suit", "suit", NT, AT]


def test_declaration_bonus_is_the_best_option() -> None:
    assert _declaration_bonus(0) == 0
    assert _declaration_bonus(mask("JH 9H AH TH KH AS AD AC")) == 120  # four aces, 9 T J
    assert _declaration_bonus(mask("7H 8H 9H TH JS JD JC JH")) == 250  # not the quinte alone (100)


def fixed_value(monkeypatch: pytest.MonkeyPatch, value: int, bonus: int) -> list[object]:
    """Replace the hand's value by ``value`` and its declarations by ``bonus``, keeping what was
    asked."""
    asked: list[object] = []

    def mode_value(hand: int, trump: Trump) -> int:
        asked.append((hand, trump))
        return value

    def declaration_bonus(hand: int) -> int:
        asked.append(hand)
        return bonus

    monkeypatch.setattr(bidder, "mode_value", mode_value)
    monkeypatch.setattr(bidder, "_declaration_bonus", declaration_bonus)
    return asked


@pytest.mark.parametrize(
    ("value", "estimates", "without"),
    [
        (100, (138, 138, 138, 138, 137, 128), (131, 131, 131, 131, 137, 121)),
        (0, (56, 56, 56, 56, 64, 69), (49, 49, 49, 49, 64, 62)),
        (10, (64, 64, 64, 64, 71, 75), (57, 57, 57, 57, 71, 68)),
    ],
)
def test_coinche_estimate_slopes_and_intercepts(
    monkeypatch: pytest.MonkeyPatch, value: int, estimates: tuple[int, ...], without: tuple[int, ...]
) -> None:
    asked = fixed_value(monkeypatch, value, 7)
    assert tuple(coinche_estimate(5, mode) for mode in Trump) == estimates
    assert asked == [(5, C), 5, (5, D), 5, (5, H), 5, (5, S), 5, (5, NT), (5, AT), 5]
    asked.clear()
    assert tuple(coinche_estimate(5, mode, declarations=False) for mode in Trump) == without
    assert asked == [(5, mode) for mode in Trump]


def test_coinche_estimate_of_a_hand() -> None:
    strong = mask("JH 9H AH TH KH AS AD AC")
    # hearts: value 20+14+11+10+4 + 36 + 33 = 128, 0.82 * 128 + 49.6 = 154.56, 120 declared
    assert coinche_estimate(strong, H) == 274
    assert coinche_estimate(strong, H, declarations=False) == 154


@pytest.mark.parametrize(
    ("announcements", "declarations"), [("on", True), ("separate", True), ("off", False)]
)
def test_the_estimates_of_a_view(
    monkeypatch: pytest.MonkeyPatch, announcements: str, declarations: bool
) -> None:
    asked: list[tuple[int, Trump, bool]] = []

    def estimate(hand: int, trump: Trump, *, declarations: bool = True) -> int:
        asked.append((hand, trump, declarations))
        return 10 * int(trump)

    monkeypatch.setattr(bidder, "coinche_estimate", estimate)
    variant = attrs.evolve(COINCHE, announcements=announcements)
    seen = view(variant, 0)
    assert _estimates(seen) == {C: 0, D: 10, H: 20, S: 30, NT: 40, AT: 50}
    assert asked == [(mask(WEAK), mode, declarations) for mode in Trump]
    asked.clear()
    assert _estimates(view(attrs.evolve(variant, contracts=(H, NT)), 0)) == {H: 20, NT: 40}
    assert asked == [(mask(WEAK), H, declarations), (mask(WEAK), NT, declarations)]


def calls(text: str) -> list[tuple[Seat, Call]]:
    return list(coinche(len(text.split()) % 4, text).auction)


@pytest.mark.parametrize(
    ("seat", "auction", "support"),
    [
        (0, "", None),
        (2, "100 H pass", (H, 20)),
        (2, "80 H pass", (H, 0)),
        (2, "160 H pass", (H, 80)),
        (1, "100 H", None),  # an opponent's
        (0, "100 H contra pass pass", None),  # its own
        (0, "pass pass 80 H 90 C pass pass 100 H pass", (H, 20)),  # the partner raises its own mode
        (0, "80 H pass 100 H pass", None),  # an echo of its own
        (0, "80 S pass 100 H pass", (H, 20)),  # it bid another mode
        (0, "pass pass 100 H pass", (H, 20)),  # it passed
    ],
)
def test_partner_support(seat: int, auction: str, support: tuple[Trump, int] | None) -> None:
    assert partner_support(Seat(seat), calls(auction)) == support


def test_partner_support_reads_a_capot_or_generale_as_160() -> None:
    for bid in (Bid(S, capot=True), Bid(H, generale=True)):
        auction: list[tuple[Seat, Call]] = [(Seat(0), bid), (Seat(1), PASS)]
        assert partner_support(Seat(2), auction) == (bid.trump, 80)


# ---------------------------------------------------------------- sure tricks and capot


def test_top_run() -> None:
    top = 1 << Rank.ACE | 1 << Rank.TEN | 1 << Rank.KING
    assert [_top_run(top, PLAIN_ORDER), _top_run(top, TRUMP_ORDER)] == [3, 0]
    assert [_top_run(0xFF, PLAIN_ORDER), _top_run(0xFF, TRUMP_ORDER), _top_run(0, PLAIN_ORDER)] == [8, 8, 0]
    assert _top_run(1 << Rank.JACK | 1 << Rank.NINE | 1 << Rank.TEN, TRUMP_ORDER) == 2
    assert _top_run(0xFF & ~(1 << Rank.SEVEN), PLAIN_ORDER) == 7


@pytest.mark.parametrize(
    ("ranks", "tricks"),
    [
        ("", 0),
        ("J", 1),
        ("J 9", 2),
        ("J 9 A T", 4),
        ("J 9 A 7", 3),  # 3 from the top, 4 out against it
        ("J 9 A 7 8", 5),  # 3 from the top draw the 3 out
        ("J 9 7 8", 2),
        ("J 9 A T K 7", 6),
        ("9 A T K Q 8 7", 0),
        ("J 9 A T K Q 8 7", 8),
    ],
)
def test_drawn_run(ranks: str, tricks: int) -> None:
    pattern = sum(1 << RANKS[rank] for rank in ranks.split())
    assert _drawn_run(pattern) == tricks


def test_sure_tricks_per_mode() -> None:
    hand = mask("JH 9H 7H AS TS KS AC 7D")
    assert [sure_tricks(hand, mode) for mode in Trump] == [3, 4, 6, 1, 4, 2]
    assert sure_tricks(mask("JH 9H AH TH KH AS AD AC"), H) == 8
    assert sure_tricks(mask("JC 9C AC TC KC AS AD AH"), C) == 8
    assert sure_tricks(mask("JS 9S AS TS KS AC AD AH"), S) == 8
    assert sure_tricks(mask(WEAK), AT) == 0
    # three trumps from the top draw the three out: all five trumps are sure
    assert sure_tricks(mask("JH 9H AH 7H 8H AS AD AC"), H) == 8
    assert sure_tricks(mask("JH 9H AH 7H AS AD AC 7C"), H) == 6


def test_sure_tricks_read_the_tables_for_each_mode() -> None:
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.getrandbits(32)
        suits = [hand >> 8 * suit & 0xFF for suit in range(4)]
        plain = [_top_run(pattern, PLAIN_ORDER) for pattern in suits]
        expected = [_drawn_run(suits[mode]) + sum(plain) - plain[mode] for mode in range(4)]
        expected += [sum(plain), sum(_top_run(pattern, TRUMP_ORDER) for pattern in suits)]
        assert [sure_tricks(hand, mode) for mode in Trump] == expected


def tricks_of(monkeypatch: pytest.MonkeyPatch, **by_mode: int) -> list[tuple[int, Trump]]:
    """Replace the sure tricks by ``by_mode`` (0 for the modes not named), keeping what was
    asked."""
    asked: list[tuple[int, Trump]] = []

    def sure(hand: int, trump: Trump) -> int:
        asked.append((hand, trump))
        return by_mode.get(trump.name, 0)

    monkeypatch.setattr(bidder, "sure_tricks", sure)
    return asked


ALL_CAPOTS = tuple(Bid(mode, capot=True) for mode in Trump)


def test_capot_bid_in_the_best_mode_first(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = tricks_of(monkeypatch, HEARTS=8, CLUBS=8)
    assert capot_bid(5, H, Trump, ALL_CAPOTS) == Bid(H, capot=True)
    assert asked == [(5, H)]


def test_capot_bid_at_8_sure_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = tricks_of(monkeypatch, HEARTS=7, DIAMONDS=8)
    assert capot_bid(5, H, Trump, ALL_CAPOTS) == Bid(D, capot=True)
    assert asked == [(5, H), (5, C), (5, D)]


def test_capot_bid_only_when_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = tricks_of(monkeypatch, HEARTS=8, CLUBS=8, SPADES=9)
    assert capot_bid(5, H, Trump, (PASS, Bid(S, capot=True))) == Bid(S, capot=True)
    assert asked == [(5, H), (5, C), (5, D), (5, S)]


def test_no_capot_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = tricks_of(monkeypatch, HEARTS=7, NO_TRUMPS=7)
    assert capot_bid(5, NT, (C, NT, AT), ALL_CAPOTS) is None
    assert asked == [(5, NT), (5, C), (5, AT)]


# ---------------------------------------------------------------- the coinche auction's call


def estimates(**by_mode: int) -> dict[Trump, int]:
    return {mode: by_mode.get(mode.name, 0) for mode in Trump}


def worth(monkeypatch: pytest.MonkeyPatch, answer: bool) -> list[tuple[int, Bid]]:
    """Replace the coinche test by a spy answering ``answer``."""
    asked: list[tuple[int, Bid]] = []

    def coinche_worth(hand: int, bid: Bid) -> bool:
        asked.append((hand, bid))
        return answer

    monkeypatch.setattr(bidder, "_coinche_worth", coinche_worth)
    return asked


@pytest.mark.parametrize(
    ("seat", "auction", "by_mode", "call"),
    [
        (0, "", {"CLUBS": 100}, Bid(C, 80)),
        (0, "", {"CLUBS": 100, "DIAMONDS": 100, "HEARTS": 100}, Bid(C, 80)),  # the lowest of equals
        (0, "", {"DIAMONDS": 100, "HEARTS": 100}, Bid(D, 80)),
        (0, "", {"HEARTS": 104, "ALL_TRUMPS": 105}, Bid(AT, 90)),
        (0, "", {"HEARTS": 95}, Bid(H, 80)),
        (0, "", {"HEARTS": 94}, PASS),
        (0, "", {"HEARTS": 104}, Bid(H, 80)),
        (0, "", {"HEARTS": 105}, Bid(H, 90)),
        (0, "", {"HEARTS": 174}, Bid(H, 150)),
        (0, "", {"HEARTS": 175}, Bid(H, 160)),
        (0, "", {"HEARTS": 185}, Bid(H, 160)),
        (0, "", {"HEARTS": 500}, Bid(H, 160)),
        (1, "90 S", {"HEARTS": 115}, Bid(H, 100)),
        (1, "90 S", {"HEARTS": 114}, PASS),  # 90 is no bid over 90
        # the partner's mode, its 80 promising nothing more
        (2, "80 H pass", {"HEARTS": 105}, Bid(H, 90)),
        (2, "80 H pass", {"HEARTS": 104}, PASS),
        # another mode than the partner's needs 20 more
        (2, "80 H pass", {"CLUBS": 125}, Bid(C, 90)),
        (2, "80 H pass", {"CLUBS": 124}, PASS),
        # the partner's 100 promises 20: the hearts estimate gains them
        (2, "100 H pass", {"HEARTS": 115}, Bid(H, 120)),
        (2, "100 H pass", {"HEARTS": 115, "CLUBS": 134}, Bid(H, 120)),
        (2, "100 H pass", {"HEARTS": 115, "CLUBS": 135}, PASS),  # clubs first of equals: 100 - 20
        (2, "100 H pass", {"HEARTS": 115, "CLUBS": 146}, Bid(C, 110)),
        (0, "80 H pass 100 H pass", {"HEARTS": 135}, Bid(H, 120)),  # its own echo: no support
        # over an opponent's bid its own earlier mode needs nothing more
        (0, "80 H pass pass 90 C", {"HEARTS": 115}, Bid(H, 100)),
        (0, "80 H pass pass 90 C", {"HEARTS": 114}, PASS),
    ],
)
def test_points_auction_bid(
    monkeypatch: pytest.MonkeyPatch, seat: int, auction: str, by_mode: dict[str, int], call: Call
) -> None:
    coinched = worth(monkeypatch, False)
    given = estimates(**by_mode)
    kept = dict(given)
    assert points_auction_call(coinche(seat, auction), given) == call
    assert given == kept  # the partner's support is added to a copy
    seen = coinche(seat, auction)
    consulted = call == PASS and DOUBLE in seen.legal_bids
    assert coinched == ([(mask(WEAK), _last_bid(seen.auction)[1])] if consulted else [])


def test_coinche_over_an_opponents_bid_the_hand_defeats(monkeypatch: pytest.MonkeyPatch) -> None:
    coinched = worth(monkeypatch, True)
    assert points_auction_call(coinche(1, "90 S"), estimates(HEARTS=114)) == DOUBLE
    assert coinched == [(mask(WEAK), Bid(S, 90))]
    coinched.clear()
    assert points_auction_call(coinche(1, "90 S"), estimates(HEARTS=115)) == Bid(H, 100)  # a bid first
    assert points_auction_call(coinche(0, ""), estimates()) == PASS  # no bid to coinche
    assert points_auction_call(coinche(2, "90 S pass"), estimates()) == PASS  # the partner's
    assert coinched == []


def test_coinche_with_the_hands_own_defeat_test() -> None:
    defeating = "JS 7S 8S AH 7C 8C 7D 8D"
    assert points_auction_call(coinche(1, "90 S", defeating), estimates()) == DOUBLE
    assert points_auction_call(coinche(1, "90 H", defeating), estimates()) == PASS


@pytest.mark.parametrize(
    ("seat", "auction", "by_mode", "call"),
    [
        # the partner's 160 supports 80 more: 115 + 80 - 15 = 160 + 20
        (2, "160 H contra", {"HEARTS": 115}, REDOUBLE),
        (2, "160 H contra", {"HEARTS": 114}, PASS),
        (2, "160 H contra", {"HEARTS": 114, "CLUBS": 300}, PASS),  # the bid's mode is read
        (2, "160 H contra", {"HEARTS": 115, "CLUBS": 300}, REDOUBLE),
        (0, "160 H contra pass pass", {"HEARTS": 195}, REDOUBLE),  # its own bid
        (0, "160 H contra pass pass", {"HEARTS": 194}, PASS),
        (3, "160 H contra", {"HEARTS": 500}, PASS),  # the coinching side does not surcoinche
    ],
)
def test_surcoinche_when_strong(
    monkeypatch: pytest.MonkeyPatch, seat: int, auction: str, by_mode: dict[str, int], call: Call
) -> None:
    worth(monkeypatch, False)
    assert points_auction_call(coinche(seat, auction), estimates(**by_mode)) == call


CAPOTS_GO_ON = attrs.evolve(COINCHE, capot_ends_auction=False)


@pytest.mark.parametrize(
    ("seat", "auction", "hearts", "call"),
    [
        (2, "capot H contra", 125, REDOUBLE),  # the partner's capot supports 80: 205 - 15 = 170 + 20
        (2, "capot H contra", 124, PASS),
        (0, "capot H contra pass pass", 205, REDOUBLE),
        (0, "capot H contra pass pass", 204, PASS),
    ],
)
def test_surcoinche_a_capot_read_as_170(
    monkeypatch: pytest.MonkeyPatch, seat: int, auction: str, hearts: int, call: Call
) -> None:
    worth(monkeypatch, False)
    seen = seat_view(CAPOTS_GO_ON, Seat(seat), hand=WEAK, dealer=DEALER, auction=auction)
    assert points_auction_call(seen, estimates(HEARTS=hearts)) == call


def test_a_capot_bid_comes_before_the_points_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, Trump, list[Trump], Sequence[Call]]] = []
    seen = coinche(2, "100 H pass")

    def capot(hand: int, best: Trump, modes: dict[Trump, int], legal: Sequence[Call]) -> Bid | None:
        asked.append((hand, best, list(modes), legal))
        return Bid(S, capot=True)

    monkeypatch.setattr(bidder, "capot_bid", capot)
    assert points_auction_call(seen, estimates(CLUBS=118, HEARTS=100)) == Bid(S, capot=True)
    assert asked == [(mask(WEAK), H, list(Trump), seen.legal_bids)]  # hearts with the support


def test_a_capot_bid_on_eight_sure_tricks() -> None:
    seen = coinche(0, "", "JH 9H AH TH KH AS AD AC")
    assert points_auction_call(seen, estimates(CLUBS=100)) == Bid(H, capot=True)
    assert points_auction_call(seen) == Bid(H, capot=True)
    # 7 sure tricks: 0.82 * 117 + 49.6 + 20 (9 T J) = 165.54, less 15
    assert points_auction_call(coinche(0, "", "JH 9H AH TH KH AS AD 7C")) == Bid(H, 150)


def test_without_estimates_the_views_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, Trump, bool]] = []

    def estimate(hand: int, trump: Trump, *, declarations: bool = True) -> int:
        asked.append((hand, trump, declarations))
        return 110 if trump is S else 50

    monkeypatch.setattr(bidder, "coinche_estimate", estimate)
    assert points_auction_call(coinche(0)) == Bid(S, 90)
    assert asked == [(mask(WEAK), mode, True) for mode in Trump]


def test_the_estimates_of_real_hands() -> None:
    assert points_auction_call(coinche(0, "", "JH 9H AH 7H AS 7C 8C 7D")) == Bid(H, 100)
    assert points_auction_call(coinche(0)) == PASS


def test_the_names_of_the_module() -> None:
    assert bidder.__all__ == [
        "AUCTION_ALLOWANCE",
        "CAPOT_TRICKS",
        "TAKE_THRESHOLD",
        "capot_bid",
        "clearly_strong",
        "coinche_estimate",
        "easy_call",
        "mode_value",
        "mode_values",
        "partner_support",
        "points_auction_call",
        "suit_value",
        "sure_tricks",
    ]
