"""Exact results of belote.agents.bid_deals that mutation testing (mutmut 3.8) found untested by
the fast tests (tests/test_bid_deals.py counts agreeing deals over hundreds of draws and is left
out of the mutation run): what draw_bid_deal asks of the hands' draw (the cards, the seats in
order, their calls, how many whole deals) and keeps, each seat's hand redrawn while it misses a
call with the draw that misses the fewest kept, the auction model's arguments, the seeded deals
of a view and the cards still to deal given out as the round deals them.

Cards are numbered ``suit * 8 + rank``: clubs 0-7, diamonds 8-15, hearts 16-23, spades 24-31,
each from the 7 to the ace.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from _bidding_helpers import Model, classic_view, coinche_view
from belote import BULGARIAN, CLASSIC, COINCHE, Bid, CardSet, PlayerView, Seat, Trump, seat_view
from belote.agents import bid_deals
from belote.agents.bid_deals import REDRAWS, BidDeal, draw_bid_deal, final_hands
from belote.agents.bidder import _declaration_bonus
from belote.bidding import Pass

FULL = (1 << 32) - 1
PASS, HEARTS = Pass(), Bid(Trump.HEARTS)


def cards(mask: int) -> list[int]:
    return [card for card in range(32) if mask >> card & 1]


# ---------------------------------------------------------------- BidDeal


def test_a_bid_deal_holds_its_hands_and_starts_with_nothing_worked_out() -> None:
    deal = BidDeal([1, 2, 4, 8], [4, 5], [0, 20, 0, 0])
    assert (deal.current, deal.rest, deal.bonus, deal.plays, deal.values) == (
        [1, 2, 4, 8],
        [4, 5],
        [0, 20, 0, 0],
        {},
        {},
    )
    assert repr(deal) == "BidDeal(current=[1, 2, 4, 8], rest=[4, 5], bonus=[0, 20, 0, 0])"


# ---------------------------------------------------------------- what draw_bid_deal asks and keeps


class Draws:
    """A stand-in for _draw_hands: keeps its arguments and answers the draws listed in turn,
    each (hands, cards left, declaration points, calls missed)."""

    def __init__(self, misses: Sequence[int]) -> None:
        self.misses = list(misses)
        self.asked: list[tuple[Any, ...]] = []

    def __call__(
        self,
        view: PlayerView,
        rng: random.Random,
        order: list[int],
        pool: list[int],
        said: dict[int, list[int]],
        bonus_wanted: bool,
    ) -> tuple[list[int], list[int], list[int], int]:
        number = len(self.asked)
        self.asked.append((view, rng, list(order), list(pool), dict(said), bonus_wanted))
        return [number + 1] * 4, [number, 30, 31], [number] * 4, self.misses[number]


def test_a_classic_deal_is_drawn_once_in_seat_order_from_the_unseen_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    draws = Draws([2])
    monkeypatch.setattr(bid_deals, "_draw_hands", draws)
    view = classic_view()
    rng = random.Random(5)
    sample = draw_bid_deal(view, rng)
    mine = view.hand.mask
    # the pool: not East's five cards (7S 8S 9S TS 7D: 24-27 and 8), not the turned jack (20)
    pool = [card for card in range(32) if card not in (8, 20, 24, 25, 26, 27)]
    # from East's left: North, West, South; West and South passed (calls 0 and 1)
    assert draws.asked == [(view, rng, [0, 1, 2], pool, {1: [0], 2: [1]}, False)]
    # one draw where cards remain to deal, however many calls it misses; East's own hand put in,
    # no declaration points read, the cards left shuffled by the same generator
    assert sample.current == [1, 1, 1, mine]
    assert sample.bonus == [0, 0, 0, 0]
    rest = [0, 30, 31]
    random.Random(5).shuffle(rest)
    assert sample.rest == rest
    assert (sample.plays, sample.values) == ({}, {})


def test_the_seats_own_calls_are_not_read_and_each_seat_has_its_calls_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    draws = Draws([0])
    monkeypatch.setattr(bid_deals, "_draw_hands", draws)
    view = classic_view("pass pass pass pass pass pass")  # West, South, East, North, West, South
    draw_bid_deal(view, random.Random(1), bonus_wanted=True)
    assert draws.asked[0][2:] == ([0, 1, 2], draws.asked[0][3], {1: [0, 4], 2: [1, 5], 0: [3]}, True)


def test_with_declaration_points_wanted_the_seats_own_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    view = seat_view(
        CLASSIC, Seat(3), hand="7S 8S 9S 7D 8D", dealer=Seat(0), turned="JH", auction="pass pass"
    )
    monkeypatch.setattr(bid_deals, "_draw_hands", Draws([0]))
    assert draw_bid_deal(view, random.Random(1), bonus_wanted=True).bonus == [0, 0, 0, 20]  # a tierce
    monkeypatch.setattr(bid_deals, "_draw_hands", Draws([0]))
    assert draw_bid_deal(view, random.Random(1)).bonus == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("misses", "drawn", "kept"),
    [
        ([3, 2, 2, 1, 5, 1], 6, 3),  # the first of the fewest misses is kept
        ([2, 2, 2, 2, 2, 2], 6, 0),
        ([2, 0, 1, 1, 1, 1], 2, 1),  # a deal that misses nothing ends the draws
        ([0, 1, 1, 1, 1, 1], 1, 0),
    ],
)
def test_where_every_card_is_dealt_the_whole_deal_is_redrawn_while_it_misses(
    monkeypatch: pytest.MonkeyPatch, misses: list[int], drawn: int, kept: int
) -> None:
    draws = Draws(misses)
    monkeypatch.setattr(bid_deals, "_draw_hands", draws)
    view = coinche_view()
    sample = draw_bid_deal(view, random.Random(3))
    assert len(draws.asked) == drawn
    assert sample.current == [kept + 1] * 3 + [view.hand.mask]
    assert sample.bonus == [kept] * 4
    assert sorted(sample.rest) == [kept, 30, 31]
    # every card but East's own is in the pool (no card turned: card -1 is none)
    assert draws.asked[0][3] == cards(FULL & ~view.hand.mask)
    # each whole deal is drawn alike: the same view, generator, order, pool, calls and points wanted
    assert all(asked == draws.asked[0] for asked in draws.asked)


def test_where_every_card_is_dealt_the_seats_that_bid_most_are_drawn_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    draws = Draws([0, 0])
    monkeypatch.setattr(bid_deals, "_draw_hands", draws)
    # West bid, South passed: West first, then North (no call) and South, in seat order
    draw_bid_deal(coinche_view(), random.Random(3))
    assert draws.asked[0][2] == [1, 0, 2]
    # South bid twice (90 H, 110 S), North once (100 S), West passed twice: South, North, West
    view = coinche_view("pass 90 H pass 100 S pass 110 S pass")
    draw_bid_deal(view, random.Random(3))
    assert draws.asked[1][2] == [2, 0, 1]


# ---------------------------------------------------------------- each seat's hand redrawn


class Sampler(random.Random):
    """A generator whose ``sample`` deals the population's cards from the ``n``-th on at its
    ``n``-th call (and keeps what it was asked)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.asked: list[tuple[list[int], int]] = []

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        start = len(self.asked)
        self.asked.append((list(population), k))
        return list(population[start : start + k])


def window(pool: Sequence[int], start: int, size: int = 5) -> int:
    return sum(1 << card for card in pool[start : start + size])


def test_a_hand_is_redrawn_until_its_calls_agree_the_fewest_misses_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = classic_view("pass pass pass pass pass pass")
    # North's one pass agrees at once; West's two passes: missed twice, then once (kept), once
    # (an equal draw is not kept), then twice to the last draw; South's agree at the third draw
    model = Model(
        [
            PASS,  # North
            *(HEARTS, HEARTS, PASS, HEARTS, HEARTS, PASS),  # West: 2, 1 and 1 missed
            *(HEARTS, HEARTS) * 3,  # 2, 2 and 2
            *(HEARTS, PASS, PASS, HEARTS, PASS, PASS),  # South: 1, 1, then none
        ]
    )
    monkeypatch.setattr(bid_deals, "model_call", model)
    monkeypatch.setattr(bid_deals, "_declaration_bonus", lambda hand: hand.bit_count() * 10 + hand % 7)
    rng = Sampler()
    pool = cards(FULL & ~view.hand.mask & ~(1 << 20))
    said = {1: [0, 4], 2: [1, 5], 0: [3]}
    hands, left, bonus, missed = bid_deals._draw_hands(view, rng, [0, 1, 2], pool, said, True)
    north = window(pool, 0)
    west_pool = [card for card in pool if not north >> card & 1]
    west = window(west_pool, 2)  # its second draw
    south_pool = [card for card in west_pool if not west >> card & 1]
    south = window(south_pool, 9)  # the tenth draw of all, its third
    assert hands == [north, west, south, 0]
    assert left == [card for card in south_pool if not south >> card & 1]
    assert bonus == [50 + north % 7, 50 + west % 7, 50 + south % 7, 0]
    assert missed == 1
    assert rng.asked == [(pool, 5)] + [(west_pool, 5)] * 6 + [(south_pool, 5)] * 3
    # the model asked for each call of the seat, with the calls before it and the hand's points
    turned = 20
    assert model.asked[0] == (CLASSIC, 0, north, turned, 3, 50 + north % 7)
    first = window(west_pool, 1)
    assert model.asked[1:3] == [
        (CLASSIC, 1, first, turned, 0, 50 + first % 7),
        (CLASSIC, 1, first, turned, 4, 50 + first % 7),
    ]
    assert [asked[4] for asked in model.asked[13:]] == [1, 5, 1, 5, 1, 5]
    assert [asked[1] for asked in model.asked] == [0] + [1] * 12 + [2] * 6


def test_without_declaration_points_wanted_the_model_is_given_none(monkeypatch: pytest.MonkeyPatch) -> None:
    view = classic_view()
    model = Model([PASS, PASS])
    monkeypatch.setattr(bid_deals, "model_call", model)
    pool = cards(FULL & ~view.hand.mask & ~(1 << 20))
    hands, _, bonus, missed = bid_deals._draw_hands(view, Sampler(), [0, 1, 2], pool, {1: [0], 2: [1]}, False)
    assert (bonus, missed) == ([0, 0, 0, 0], 0)
    assert [asked[5] for asked in model.asked] == [0, 0]
    assert [hand.bit_count() for hand in hands] == [5, 5, 5, 0]


def test_the_last_hand_that_is_all_the_pool_holds_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    view = coinche_view()
    model = Model([HEARTS, HEARTS])  # West's 80 H agrees at once, South's pass is missed
    monkeypatch.setattr(bid_deals, "model_call", model)
    rng = Sampler()
    pool = cards(FULL & ~view.hand.mask)
    hands, left, _, missed = bid_deals._draw_hands(view, rng, [1, 0, 2], pool, {1: [0], 2: [1]}, False)
    west = window(pool, 0, 8)
    rest = [card for card in pool if not west >> card & 1]
    north = window(rest, 1, 8)
    south = sum(1 << card for card in rest) & ~north
    assert (hands, left, missed) == ([north, west, south, 0], [], 1)
    # South's eight cards are what is left: not sampled, not redrawn for its missed pass
    assert rng.asked == [(pool, 8), (rest, 8)]
    assert model.asked[-1] == (COINCHE, 2, south, -1, 1, 0)


@pytest.mark.parametrize("me", range(4))
def test_the_hands_drawn_are_the_other_seats_with_no_points_when_none_are_wanted(
    monkeypatch: pytest.MonkeyPatch, me: int
) -> None:
    monkeypatch.setattr(bid_deals, "model_call", Model([]))
    view = classic_view("")
    pool = cards(FULL & ~view.hand.mask & ~(1 << 20))
    order = [(me + step) & 3 for step in (1, 2, 3)]
    hands, left, bonus, missed = bid_deals._draw_hands(view, Sampler(), order, pool, {}, False)
    assert hands[me] == 0
    assert bonus == [0, 0, 0, 0]
    assert [hand.bit_count() for hand in hands].count(5) == 3
    assert (len(left), missed) == (11, 0)


# ---------------------------------------------------------------- seeded deals of a view


def test_the_seeded_deals_of_a_view() -> None:
    sample = draw_bid_deal(classic_view(), random.Random(1))
    assert ([hex(hand) for hand in sample.current], sample.rest, sample.bonus) == (
        ["0xc0080014", "0x802c20", "0x30028001", "0xf000100"],
        [16, 6, 18, 3, 9, 22, 12, 21, 7, 14, 1],
        [0, 0, 0, 0],
    )
    sample = draw_bid_deal(coinche_view(), random.Random(1), True)
    assert ([hex(hand) for hand in sample.current], sample.rest, sample.bonus) == (
        ["0xe0128022", "0xc45089", "0x10292054", "0xf000f00"],
        [],
        [20, 0, 0, 100],
    )


# ---------------------------------------------------------------- the cards still to deal


def test_the_rest_is_dealt_from_the_dealers_left_the_turned_card_to_the_taker() -> None:
    view = seat_view(CLASSIC, Seat(3), hand="7S 8S 9S TS 7D", dealer=Seat(2), turned="JH", auction="")
    current = [CardSet.parse(text).mask for text in ("7C 8C 9C TC JC", "7H 8H 9H TH QH", "AC AD AH AS KC")]
    current.append(view.hand.mask)
    rest = [13, 14, 22, 28, 29, 30, 5, 9, 10, 11, 12]
    sample = BidDeal(list(current), rest, [0, 0, 0, 0])
    hands = final_hands(view, sample, 0, 20)
    # East (the dealer's left) gets 3, North (the taker) the turned card and 2, West 3, South 3
    assert hands == [
        current[0] | 1 << 20 | 1 << 28 | 1 << 29,
        current[1] | 1 << 30 | 1 << 5 | 1 << 9,
        current[2] | 1 << 10 | 1 << 11 | 1 << 12,
        current[3] | 1 << 13 | 1 << 14 | 1 << 22,
    ]
    assert sample.current == current  # the sample is left as it was


def test_the_turned_card_may_be_the_seven_of_clubs() -> None:
    view = seat_view(CLASSIC, Seat(3), hand="7S 8S 9S TS 7D", dealer=Seat(2), turned="7C", auction="")
    current = [0x1F << 1, 0x1F << 9, 0x1F << 16, view.hand.mask]
    rest = [6, 7, 14, 15, 21, 22, 23, 28, 29, 30, 31]
    # West takes: the 7 of clubs (card 0) and two more, after East's three and North's three
    assert final_hands(view, BidDeal(current, rest, [0, 0, 0, 0]), 1, 0) == [
        0x1F << 1 | 1 << 15 | 1 << 21 | 1 << 22,
        0x1F << 9 | 1 << 0 | 1 << 23 | 1 << 28,
        0x1F << 16 | 1 << 29 | 1 << 30 | 1 << 31,
        view.hand.mask | 1 << 6 | 1 << 7 | 1 << 14,
    ]


def test_without_a_turned_card_the_rest_is_dealt_three_each() -> None:
    view = seat_view(BULGARIAN, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), auction="")
    current = [0x1F, view.hand.mask, 0x1F << 10, 0x1F << 16]
    rest = [5, 6, 7, 15, 23, 29, 30, 31, 8, 9, 21, 22]
    # from West (the dealer's left) round to North, the dealer; the taker gets no more
    assert final_hands(view, BidDeal(current, rest, [0, 0, 0, 0]), 2, -1) == [
        0x1F | 1 << 9 | 1 << 21 | 1 << 22,
        view.hand.mask | 1 << 5 | 1 << 6 | 1 << 7,
        0x1F << 10 | 1 << 15 | 1 << 23 | 1 << 29,
        0x1F << 16 | 1 << 30 | 1 << 31 | 1 << 8,
    ]


def test_the_redraws_are_six() -> None:
    assert REDRAWS == 6
    assert _declaration_bonus(CardSet.parse("7S 8S 9S").mask) == 20
