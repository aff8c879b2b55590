"""Exact results of belote.agents.auction_reading that mutation testing (mutmut 3.8) found untested
by the fast tests (the auction reading's own tests are left out of the mutation run): the
evidence a view gives (the other seats' calls, the turned card, the taker, the cards played and
the legal calls before each call), the hand each seat held at the auction (all its cards where
the whole pack is dealt first, five drawn otherwise, the taker's turned card left out), the
model asked (the fast turned-card path, the declaration points of the coinche auction), the
calls missed per seat and the memo, and the weight's exact refusals, with the auction model, the
hand's values and the declaration points replaced by spies."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from belote import BULGARIAN, CLASSIC, COINCHE, Bid, CardSet, Seat, Trump, seat_view
from belote.agents import auction_reading
from belote.agents.auction_reading import (
    AUCTION_WEIGHT,
    AuctionEvidence,
    auction_evidence,
    check_auction_weight,
)
from belote.bidding import Call, Pass, legal_calls
from belote.cards import Suit
from belote.errors import BeloteError, Reason
from belote.variants import Announcements, Variant

PASS = Pass()
C, D, H, S, NT, AT = Trump
SEVEN_CLUBS = 0  # card number 0
JACK_HEARTS = CardSet.parse("JH").mask.bit_length() - 1


def mask(text: str) -> int:
    return CardSet.parse(text).mask


class Draws(random.Random):
    """A generator whose sample keeps its arguments and takes the first cards asked for."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Draws:
        return super().__new__(cls)

    def __init__(self) -> None:
        super().__init__(0)
        self.asked: list[tuple[list[int], int]] = []

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        self.asked.append((list(population), k))
        return list(population)[:k]


class Spies:
    """The auction model, the turned-card call, the hand's values and the declaration points
    replaced by spies that keep their arguments; the model answers the calls listed in turn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, calls: Sequence[Call], bonus: int = 7) -> None:
        self.calls = list(calls)
        self.model: list[tuple[Any, ...]] = []
        self.fast: list[tuple[Any, ...]] = []
        self.values: list[int] = []
        self.bonus: list[int] = []
        self.points = bonus
        monkeypatch.setattr(auction_reading, "model_call", self.model_call)
        monkeypatch.setattr(auction_reading, "turned_card_call", self.turned_card_call)
        monkeypatch.setattr(auction_reading, "mode_values", self.mode_values)
        monkeypatch.setattr(auction_reading, "_declaration_bonus", self.declaration_bonus)

    def model_call(
        self, variant: Variant, seat: Seat, hand: int, turned: int, auction: Sequence[Any], bonus: int
    ) -> Call:
        self.model.append((variant, int(seat), hand, turned, len(auction), bonus))
        return self.calls.pop(0)

    def turned_card_call(self, values: tuple[int, ...], legal: tuple[Call, ...]) -> Call:
        self.fast.append((values, legal))
        return self.calls.pop(0)

    def mode_values(self, hand: int) -> tuple[int, ...]:
        self.values.append(hand)
        return (hand, 1)

    def declaration_bonus(self, hand: int) -> int:
        self.bonus.append(hand)
        return self.points


def evidence(
    variant: Variant,
    calls: Sequence[tuple[int, Sequence[tuple[int, Call]]]],
    *,
    turned: int = -1,
    taker: int = -1,
    played: tuple[int, int, int, int] = (0, 0, 0, 0),
    legal: tuple[tuple[Call, ...], ...] = (),
    auction_length: int = 4,
) -> AuctionEvidence:
    return AuctionEvidence(
        variant=variant,
        calls=tuple((Seat(seat), tuple(said)) for seat, said in calls),
        auction=tuple((Seat(index % 4), PASS) for index in range(auction_length)),
        turned=turned,
        taker=taker,
        played=played,
        legal=legal,
    )


NO_ANNOUNCEMENTS = attrs.evolve(COINCHE, announcements=Announcements.OFF)


# --- auction_evidence ----------------------------------------------------------------------------


def test_the_evidence_of_a_turned_card_auction() -> None:
    view = seat_view(
        CLASSIC, Seat(3), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="7C", auction="pass pass"
    )
    found = auction_evidence(view)
    assert found == AuctionEvidence(
        variant=CLASSIC,
        calls=((Seat(1), ((0, PASS),)), (Seat(2), ((1, PASS),))),
        auction=((Seat(1), PASS), (Seat(2), PASS)),
        turned=SEVEN_CLUBS,
        taker=-1,
        played=(0, 0, 0, 0),
        legal=((PASS, Bid(C)), (PASS, Bid(C))),
    )


def test_the_evidence_leaves_out_the_observers_calls_and_groups_each_seats() -> None:
    view = seat_view(
        CLASSIC,
        Seat(3),
        hand="7S 8S 9S TS 7D",
        dealer=Seat(0),
        turned="JH",
        auction="pass pass pass pass pass",
    )
    found = auction_evidence(view)
    assert found is not None
    assert found.calls == (
        (Seat(1), ((0, PASS), (4, PASS))),
        (Seat(2), ((1, PASS),)),
        (Seat(0), ((3, PASS),)),
    )
    assert found.turned == JACK_HEARTS
    assert len(found.legal) == 5
    assert found.legal[4] == legal_calls(CLASSIC, found.auction[:4], Suit.HEARTS)
    assert found.legal[4] != found.legal[0]


def test_the_evidence_of_the_play_the_taker_and_the_cards_played() -> None:
    view = seat_view(
        CLASSIC,
        Seat(2),
        hand="7S 8S 9S TS 7D 8D 9D TD",
        dealer=Seat(0),
        turned="JH",
        auction="H",
        plays="AS 7S 7C QS  9C",
    )
    found = auction_evidence(view)
    assert found is not None
    assert found.taker == 1
    assert found.played == (mask("QS"), mask("AS 9C"), mask("7S"), mask("7C"))
    assert found.calls == ((Seat(1), ((0, Bid(H)),)),)


def test_no_evidence_from_the_observers_calls_alone() -> None:
    view = seat_view(
        CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH", auction="pass pass pass pass"
    )
    found = auction_evidence(view)
    assert found is not None
    assert [int(seat) for seat, _ in found.calls] == [2, 3, 0]
    alone = seat_view(CLASSIC, Seat(1), hand="7S 8S 9S TS 7D", dealer=Seat(0), turned="JH", auction="pass")
    assert auction_evidence(alone) is None


def test_the_evidence_of_a_coinche_auction_has_no_turned_card_nor_legal_calls() -> None:
    view = seat_view(COINCHE, Seat(3), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(0), auction="80 H pass")
    found = auction_evidence(view)
    assert found is not None
    assert (found.turned, found.taker, found.legal) == (-1, -1, ())
    assert found.calls == ((Seat(1), ((0, Bid(H, 80)),)), (Seat(2), ((1, PASS),)))


# --- misses --------------------------------------------------------------------------------------


def test_the_whole_hand_in_the_coinche_auction_with_its_declaration_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spies = Spies(monkeypatch, [PASS, Bid(H, 80), PASS])
    hand = mask("7S 8S 9S TS 7D 8D 9D TD")
    played = mask("AH")
    found = evidence(COINCHE, [(1, [(0, PASS), (2, Bid(S, 80))]), (2, [(3, PASS)])], played=(0, played, 0, 0))
    rng = Draws()
    hands = (0, hand ^ mask("7S"), mask("JC"), 0)
    assert found.misses(hands, rng) == 1
    assert rng.asked == []
    held = (hand ^ mask("7S")) | played
    assert spies.model == [
        (COINCHE, 1, held, -1, 0, 7),
        (COINCHE, 1, held, -1, 2, 7),
        (COINCHE, 2, mask("JC"), -1, 3, 7),
    ]
    assert spies.bonus == [held, mask("JC")]
    assert spies.fast == []
    assert spies.values == []


def test_no_declaration_points_without_announcements_nor_outside_the_coinche_auction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spies = Spies(monkeypatch, [PASS])
    found = evidence(NO_ANNOUNCEMENTS, [(1, [(0, PASS)])])
    assert found.misses((0, mask("JC"), 0, 0), Draws()) == 0
    assert spies.model == [(NO_ANNOUNCEMENTS, 1, mask("JC"), -1, 0, 0)]
    assert spies.bonus == []
    spies = Spies(monkeypatch, [Bid(H)])
    found = evidence(BULGARIAN, [(1, [(0, PASS)])], turned=-1)
    assert found.misses((0, mask("JC"), 0, 0), Draws()) == 1
    assert spies.model == [(BULGARIAN, 1, mask("JC"), -1, 0, 0)]
    assert spies.bonus == []
    assert spies.fast == []


def test_five_cards_drawn_in_the_bulgarian_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    spies = Spies(monkeypatch, [PASS, PASS])
    six = mask("7C 8C 9C TC JC QC")
    five = mask("7S 8S 9S TS JS")
    found = evidence(BULGARIAN, [(1, [(0, PASS)]), (2, [(1, PASS)])])
    rng = Draws()
    assert found.misses((0, six, five, 0), rng) == 0
    assert rng.asked == [([0, 1, 2, 3, 4, 5], 5)]
    assert [asked[2] for asked in spies.model] == [mask("7C 8C 9C TC JC"), five]


def test_the_fast_turned_card_path_and_the_takers_turned_card(monkeypatch: pytest.MonkeyPatch) -> None:
    spies = Spies(monkeypatch, [PASS, Bid(S), PASS])
    legal = ((PASS, Bid(H)), (PASS, Bid(C)), (PASS,))
    turned = JACK_HEARTS
    taker_hand = mask("7S 8S 9S TS JS JH")
    other = mask("7D 8D")
    found = evidence(
        CLASSIC,
        [(1, [(0, PASS), (2, Bid(H))]), (2, [(1, PASS)])],
        turned=turned,
        taker=1,
        legal=legal,
        played=(0, mask("AS"), 0, 0),
    )
    rng = Draws()
    assert found.misses((0, taker_hand, other, 0), rng) == 1
    drawn = mask("7S 8S 9S TS JS")  # the turned card left out of the taker's cards
    assert rng.asked == [([24, 25, 26, 27, 28, 31], 5)]
    assert spies.values == [drawn | 1 << turned, other | 1 << turned]
    assert spies.fast == [
        ((drawn | 1 << turned, 1), legal[0]),
        ((drawn | 1 << turned, 1), legal[2]),
        ((other | 1 << turned, 1), legal[1]),
    ]
    assert spies.model == []
    assert spies.bonus == []


def test_the_turned_card_numbered_zero_is_left_out_of_the_takers_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spies = Spies(monkeypatch, [PASS, PASS])
    found = evidence(
        CLASSIC, [(1, [(0, PASS)]), (2, [(1, PASS)])], turned=0, taker=1, legal=((PASS,), (PASS,))
    )
    rng = Draws()
    assert found.misses((0, mask("7C 8C 9C TC JC QC"), mask("AS"), 0), rng) == 0
    assert rng.asked == []  # five cards once the seven of clubs is left out
    assert spies.values == [mask("7C 8C 9C TC JC QC"), mask("AS 7C")]


def test_without_a_turned_card_nothing_is_added_nor_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    spies = Spies(monkeypatch, [PASS, PASS])
    found = evidence(
        CLASSIC, [(1, [(0, PASS)]), (2, [(1, PASS)])], turned=-1, taker=1, legal=((PASS,), (PASS,))
    )
    assert found.misses((0, mask("7C 8C"), mask("8D"), 0), Draws()) == 0
    assert spies.values == [mask("7C 8C"), mask("8D")]
    spies = Spies(monkeypatch, [PASS])
    found = evidence(NO_ANNOUNCEMENTS, [(1, [(0, PASS)])], turned=-1, taker=1)
    assert found.misses((0, mask("7C 8C"), 0, 0), Draws()) == 0
    assert spies.model == [(NO_ANNOUNCEMENTS, 1, mask("7C 8C"), -1, 0, 0)]


def test_the_misses_of_each_seat_add_up(monkeypatch: pytest.MonkeyPatch) -> None:
    Spies(monkeypatch, [Bid(H), Bid(H), PASS, Bid(C)])
    found = evidence(BULGARIAN, [(1, [(0, PASS), (2, PASS)]), (2, [(1, Bid(S))]), (3, [(3, Bid(C))])])
    assert found.misses((0, mask("7C"), mask("8C"), mask("9C")), Draws()) == 3


def test_the_memo_keeps_each_seats_misses_per_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    spies = Spies(monkeypatch, [Bid(H), Bid(H), PASS])
    found = evidence(BULGARIAN, [(1, [(0, PASS), (2, PASS)]), (2, [(1, PASS)])])
    memo: dict[tuple[int, int], int] = {}
    hands = (0, mask("7C"), mask("8C"), 0)
    assert found.misses(hands, Draws(), memo) == 2
    assert memo == {(1, mask("7C")): 2, (2, mask("8C")): 0}
    assert len(spies.model) == 3
    assert found.misses(hands, Draws(), memo) == 2
    assert len(spies.model) == 3  # neither seat asked again, the seat with none missed included
    memo[(1, mask("7C"))] = 5
    assert found.misses(hands, Draws(), memo) == 5
    spies.calls = [PASS]
    assert found.misses((0, mask("7C"), mask("9C"), 0), Draws(), memo) == 5
    assert memo[(2, mask("9C"))] == 0


# --- check_auction_weight ------------------------------------------------------------------------


@pytest.mark.parametrize("weight", [None, 1, 1.0, 0.2, 1e-9, AUCTION_WEIGHT])
def test_weights_accepted(weight: object) -> None:
    check_auction_weight(weight)


@pytest.mark.parametrize(
    ("weight", "shown"),
    [(0, "0"), (0.0, "0.0"), (-1, "-1"), (1.0000001, "1.0000001"), (True, "True"), ("0.5", "'0.5'")],
)
def test_weights_refused_with_the_exact_message(weight: object, shown: str) -> None:
    with pytest.raises(BeloteError) as raised:
        check_auction_weight(weight)
    assert str(raised.value) == f"auction_weight must be None or a number above 0 and at most 1, got {shown}"
    assert raised.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(BeloteError, match=r"^weight must be None or a number above 0 and at most 1, got "):
        check_auction_weight(weight, "weight")


def test_the_default_weight() -> None:
    assert AUCTION_WEIGHT == 0.2
    assert auction_reading._AUCTION_HAND == 5


def test_the_evidence_is_frozen_hashable_and_unordered() -> None:
    found = evidence(CLASSIC, [(1, [(0, PASS)])], legal=((PASS,),))
    assert hash(found) == hash(evidence(CLASSIC, [(1, [(0, PASS)])], legal=((PASS,),)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        found.turned = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        _ = found < found  # type: ignore[operator]
    assert auction_reading.__all__ == [
        "AUCTION_WEIGHT",
        "AuctionEvidence",
        "auction_evidence",
        "check_auction_weight",
    ]
