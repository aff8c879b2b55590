"""Exact results of belote.agents.auction_model that mutation testing (mutmut 3.8) found untested by
the fast tests (the normal bidding's and the bidding simulation's tests are left out of the
mutation run): the call of each system at its thresholds (the margins, the last of equal bids,
the partner's 20 more, contra and re-contra, the coinche target and its tie between modes, the
partner's promise, the capot and the coinche), the turned card counted, the coinche estimate,
the calls of the same kind, and the candidate calls kept in the coinche auction, with the hand's
values, estimates, sure tricks and the contra rules replaced by spies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from _bidding_helpers import classic_view, coinche_view
from belote import BULGARIAN, CLASSIC, COINCHE, CONTREE, Bid, CardSet, PlayerView, Seat, Trump, seat_view
from belote.agents import auction_model
from belote.agents.auction_model import candidate_calls, model_call, same_kind, turned_card_call
from belote.agents.bidder import mode_values
from belote.bidding import Call, Double, Pass, Redouble, legal_calls
from belote.variants import Variant

PASS, DOUBLE, REDOUBLE = Pass(), Double(), Redouble()
C, D, H, S, NT, AT = Trump
HAND = CardSet.parse("7S 8S 9S TS 7D").mask
NINE_HEARTS = 18  # the card number of the nine of hearts


def values_of(monkeypatch: pytest.MonkeyPatch, **by_mode: int) -> list[int]:
    """Replace the hand's values per mode by ``by_mode`` (0 for the modes not named), keeping the
    hands asked for."""
    asked: list[int] = []
    table = tuple(by_mode.get(mode.name, 0) for mode in Trump)

    def values(hand: int) -> tuple[int, ...]:
        asked.append(hand)
        return table

    monkeypatch.setattr(auction_model, "_values", values)
    return asked


def auction(*calls: tuple[int, Call]) -> list[tuple[Seat, Call]]:
    return [(Seat(seat), call) for seat, call in calls]


# ---------------------------------------------------------------- same_kind


@pytest.mark.parametrize(
    ("made", "said", "same"),
    [
        (Bid(H), Bid(H), True),
        (Bid(H, 80), Bid(H, 120), True),
        (Bid(H, capot=True), Bid(H, 90), True),
        (Bid(H), Bid(S), False),
        (PASS, PASS, True),
        (DOUBLE, DOUBLE, True),
        (REDOUBLE, REDOUBLE, True),
        (DOUBLE, REDOUBLE, False),
        (Bid(H), PASS, False),
        (PASS, Bid(H), False),
        (DOUBLE, PASS, False),
    ],
)
def test_same_kind(made: Call, said: Call, same: bool) -> None:
    assert same_kind(made, said) is same


# ---------------------------------------------------------------- the turned-card auction


def test_turned_card_call_takes_the_widest_margin_over_its_threshold_the_last_of_equals() -> None:
    values = [48, 47, 0, 0, 46, 60]  # clubs, no trumps and all trumps exactly at their thresholds
    legal: tuple[Call, ...] = (PASS, Bid(C), Bid(D), Bid(NT), Bid(AT))
    assert turned_card_call(values, legal) == Bid(AT)
    assert turned_card_call(values, legal[:3]) == Bid(C)
    assert turned_card_call([47, 47, 0, 0, 45, 59], legal) == PASS
    assert turned_card_call([50, 51, 0, 0, 0, 0], legal) == Bid(D)
    assert turned_card_call([51, 50, 0, 0, 0, 0], legal) == Bid(C)
    assert turned_card_call([50, 50, 0, 0, 0, 0], legal) == Bid(D)
    assert turned_card_call([99, 99, 99, 99, 99, 99], (PASS,)) == PASS
    assert turned_card_call([0, 0, 0, 0, 0, 0], ()) == PASS


def test_the_turned_card_is_counted_in_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = values_of(monkeypatch, HEARTS=48)
    assert model_call(CLASSIC, Seat(1), HAND, NINE_HEARTS, ()) == Bid(H)
    assert asked == [HAND | 1 << NINE_HEARTS]
    asked = values_of(monkeypatch, HEARTS=47, CLUBS=99)
    assert model_call(CLASSIC, Seat(1), HAND, NINE_HEARTS, ()) == PASS  # only hearts in round 1


def test_the_turned_seven_of_clubs_card_number_0(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = values_of(monkeypatch, CLUBS=48, HEARTS=99)
    assert model_call(CLASSIC, Seat(1), HAND, 0, ()) == Bid(C)
    assert asked == [HAND | 1]


def test_without_a_turned_card_the_turned_card_model_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = values_of(monkeypatch, HEARTS=99, CLUBS=99)
    assert model_call(CLASSIC, Seat(1), HAND, -1, ()) == PASS
    assert asked == [HAND]


def test_the_second_round_of_the_turned_card_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    passes = auction((1, PASS), (2, PASS), (3, PASS), (0, PASS))
    values_of(monkeypatch, HEARTS=99, CLUBS=50, SPADES=50, DIAMONDS=49)
    assert model_call(CLASSIC, Seat(1), HAND, NINE_HEARTS, passes) == Bid(S)


def test_the_real_values_of_the_hand_and_turned_card() -> None:
    hand = CardSet.parse("JH 9H AH TH AS").mask
    assert model_call(CLASSIC, Seat(1), hand, 19, ()) == Bid(H)
    assert turned_card_call(mode_values(hand | 1 << 19), (PASS, Bid(H))) == Bid(H)
    weak = CardSet.parse("7H 8S 9S 7D 8C").mask
    assert model_call(CLASSIC, Seat(1), weak, 19, ()) == PASS


# ---------------------------------------------------------------- the Bulgarian auction


def defeats_of(monkeypatch: pytest.MonkeyPatch, answer: bool) -> list[tuple[int, Trump]]:
    asked: list[tuple[int, Trump]] = []

    def defeats(hand: int, trump: Trump) -> bool:
        asked.append((hand, trump))
        return answer

    monkeypatch.setattr(auction_model, "_defeats", defeats)
    return asked


def test_bulgarian_bids_from_its_threshold_less_the_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    defeats_of(monkeypatch, False)
    asked = values_of(monkeypatch, HEARTS=38)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == Bid(H)
    assert asked == [HAND]
    values_of(monkeypatch, HEARTS=37, NO_TRUMPS=35, ALL_TRUMPS=49)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == PASS
    values_of(monkeypatch, NO_TRUMPS=36)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == Bid(NT)
    values_of(monkeypatch, ALL_TRUMPS=50)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == Bid(AT)


def test_bulgarian_bids_the_widest_margin_the_last_of_equals(monkeypatch: pytest.MonkeyPatch) -> None:
    values_of(monkeypatch, CLUBS=40, SPADES=40, DIAMONDS=39)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == Bid(S)
    values_of(monkeypatch, CLUBS=41, SPADES=40)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == Bid(C)


def test_bulgarian_bids_over_the_partner_with_20_more(monkeypatch: pytest.MonkeyPatch) -> None:
    defeats = defeats_of(monkeypatch, True)
    partner = auction((1, Bid(C)), (2, PASS))
    values_of(monkeypatch, HEARTS=58)
    assert model_call(BULGARIAN, Seat(3), HAND, -1, partner) == Bid(H)
    values_of(monkeypatch, HEARTS=57)
    assert model_call(BULGARIAN, Seat(3), HAND, -1, partner) == PASS
    assert defeats == []  # no contra of the partner's bid
    # over an opponent's bid, no 20 more
    values_of(monkeypatch, HEARTS=38)
    assert model_call(BULGARIAN, Seat(2), HAND, -1, auction((1, Bid(C)))) == Bid(H)


def test_bulgarian_contras_an_opponents_bid_the_hand_defeats(monkeypatch: pytest.MonkeyPatch) -> None:
    defeats = defeats_of(monkeypatch, True)
    values_of(monkeypatch, HEARTS=99)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, auction((0, Bid(H)))) == DOUBLE
    assert defeats == [(HAND, H)]
    defeats = defeats_of(monkeypatch, False)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, auction((0, Bid(H)))) == PASS
    assert defeats == [(HAND, H)]
    # no bid to contra: not asked
    values_of(monkeypatch)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, ()) == PASS
    assert defeats == [(HAND, H)]


def test_bulgarian_recontras_with_25_over_the_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    defeats = defeats_of(monkeypatch, True)
    doubled = auction((0, Bid(H)), (1, DOUBLE))
    values_of(monkeypatch, HEARTS=73)
    assert model_call(BULGARIAN, Seat(2), HAND, -1, doubled) == REDOUBLE
    values_of(monkeypatch, HEARTS=72)
    assert model_call(BULGARIAN, Seat(2), HAND, -1, doubled) == PASS
    assert defeats == []  # a contra is not legal after one
    values_of(monkeypatch, ALL_TRUMPS=85)
    assert model_call(BULGARIAN, Seat(2), HAND, -1, auction((0, Bid(AT)), (1, DOUBLE))) == REDOUBLE
    values_of(monkeypatch, ALL_TRUMPS=84)
    assert model_call(BULGARIAN, Seat(2), HAND, -1, auction((0, Bid(AT)), (1, DOUBLE))) == PASS


def test_bulgarian_no_recontra_when_none_is_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    defeats_of(monkeypatch, False)
    values_of(monkeypatch, HEARTS=99)
    assert model_call(BULGARIAN, Seat(1), HAND, -1, auction((0, Bid(H)))) == PASS


# ---------------------------------------------------------------- the coinche auction


def test_the_coinche_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = values_of(monkeypatch, HEARTS=50, NO_TRUMPS=50, ALL_TRUMPS=50)
    estimate = auction_model._coinche_estimate
    assert estimate(HAND, H, 0) == 90  # 0.82 x 50 + 49.6 = 90.6
    assert estimate(HAND, H, 20) == 110
    assert estimate(HAND, NT, 20) == 101  # 0.73 x 50 + 64.5, no declarations in no trumps
    assert estimate(HAND, AT, 20) == 112  # 0.59 x 50 + 62.6 = 92.1
    assert estimate(HAND, C, 0) == 49
    assert asked == [HAND] * 5


class Estimates:
    """A stand-in for the coinche estimate: answers per mode (0 for the modes not named) and
    keeps its arguments."""

    def __init__(self, **by_mode: int) -> None:
        self.by_mode = {mode: by_mode.get(mode.name, 0) for mode in Trump}
        self.asked: list[tuple[int, Trump, int]] = []

    def __call__(self, hand: int, mode: Trump, bonus: int) -> int:
        self.asked.append((hand, mode, bonus))
        return self.by_mode[mode]


def coinche(
    monkeypatch: pytest.MonkeyPatch,
    seat: int,
    calls: Sequence[tuple[int, Call]] = (),
    *,
    worth: bool = False,
    capot: Bid | None = None,
    variant: Variant = COINCHE,
    bonus: int = 0,
    **by_mode: int,
) -> tuple[Call, dict[str, list[Any]]]:
    """The model's coinche call with the estimates ``by_mode`` and the capot and coinche rules
    answering ``capot`` and ``worth``; what each was asked."""
    asked: dict[str, list[Any]] = {"worth": [], "capot": []}
    estimates = Estimates(**by_mode)
    monkeypatch.setattr(auction_model, "_coinche_estimate", estimates)

    def coinche_worth(hand: int, bid: Bid) -> bool:
        asked["worth"].append((hand, bid))
        return worth

    def capot_bid(hand: int, best: Trump, modes: dict[Trump, int], legal: Sequence[Call]) -> Bid | None:
        asked["capot"].append((hand, best, dict(modes), tuple(legal)))
        return capot

    monkeypatch.setattr(auction_model, "_coinche_worth", coinche_worth)
    monkeypatch.setattr(auction_model, "capot_bid", capot_bid)
    call = model_call(variant, Seat(seat), HAND, -1, auction(*calls), bonus)
    asked["estimates"] = estimates.asked
    return call, asked


def test_coinche_bids_its_estimate_less_the_risk_rounded_down(monkeypatch: pytest.MonkeyPatch) -> None:
    call, asked = coinche(monkeypatch, 1, bonus=7, HEARTS=95)
    assert call == Bid(H, 80)
    assert asked["estimates"] == [(HAND, mode, 7) for mode in COINCHE.contracts]
    modes = {mode: 95 if mode is H else 0 for mode in Trump}
    assert asked["capot"] == [(HAND, H, modes, legal_calls(COINCHE, ()))]
    assert coinche(monkeypatch, 1, HEARTS=94)[0] == PASS
    assert coinche(monkeypatch, 1, HEARTS=104)[0] == Bid(H, 80)
    assert coinche(monkeypatch, 1, HEARTS=105)[0] == Bid(H, 90)
    assert coinche(monkeypatch, 1, HEARTS=174)[0] == Bid(H, 150)
    assert coinche(monkeypatch, 1, HEARTS=175)[0] == Bid(H, 160)
    assert coinche(monkeypatch, 1, HEARTS=400)[0] == Bid(H, 160)


def test_coinche_counts_no_declarations_unless_given(monkeypatch: pytest.MonkeyPatch) -> None:
    estimates = Estimates(HEARTS=95)
    monkeypatch.setattr(auction_model, "_coinche_estimate", estimates)
    assert model_call(COINCHE, Seat(1), HAND, -1, ()) == Bid(H, 80)
    assert estimates.asked == [(HAND, mode, 0) for mode in COINCHE.contracts]


def test_coinche_takes_the_lowest_mode_of_equal_estimates(monkeypatch: pytest.MonkeyPatch) -> None:
    assert coinche(monkeypatch, 1, HEARTS=100, SPADES=100, ALL_TRUMPS=99)[0] == Bid(H, 80)
    assert coinche(monkeypatch, 1, HEARTS=100, SPADES=101)[0] == Bid(S, 80)
    assert coinche(monkeypatch, 1, CLUBS=100, ALL_TRUMPS=100)[0] == Bid(C, 80)


def test_coinche_the_estimates_of_the_variants_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    _, asked = coinche(monkeypatch, 1, variant=CONTREE)
    assert [mode for _, mode, _ in asked["estimates"]] == list(CONTREE.contracts)


def test_coinche_outbids_only_above_the_last_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    over = ((0, Bid(H, 100)),)
    assert coinche(monkeypatch, 1, over, SPADES=125)[0] == Bid(S, 110)
    call, asked = coinche(monkeypatch, 1, over, SPADES=124)
    assert call == PASS
    assert asked["worth"] == [(HAND, Bid(H, 100))]


def test_coinche_raises_on_the_partners_promise(monkeypatch: pytest.MonkeyPatch) -> None:
    partner = ((1, Bid(S, 100)), (2, PASS))
    # the partner's 100 promises 20: 110 + 20 - 15 is 115
    call, asked = coinche(monkeypatch, 3, partner, SPADES=110)
    assert call == Bid(S, 110)
    assert asked["capot"][0][1] is S
    assert asked["capot"][0][2][S] == 130
    assert asked["worth"] == []  # never a coinche of the partner
    assert coinche(monkeypatch, 3, partner, SPADES=104)[0] == PASS
    assert coinche(monkeypatch, 3, partner, SPADES=105)[0] == Bid(S, 110)


def test_coinche_changes_the_partners_mode_only_with_20_more(monkeypatch: pytest.MonkeyPatch) -> None:
    partner = ((1, Bid(S, 100)), (2, PASS))
    assert coinche(monkeypatch, 3, partner, HEARTS=145)[0] == Bid(H, 110)
    assert coinche(monkeypatch, 3, partner, HEARTS=144)[0] == PASS
    # over an opponent's bid, no 20 more
    opponent = ((0, Bid(S, 100)),)
    assert coinche(monkeypatch, 1, opponent, HEARTS=125)[0] == Bid(H, 110)


def test_coinche_takes_the_capot_the_rule_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    capot = Bid(D, capot=True)
    call, asked = coinche(monkeypatch, 1, capot=capot, HEARTS=130)
    assert call == capot
    assert asked["capot"][0][1] is H


def test_coinche_coinches_an_opponents_bid_it_defeats(monkeypatch: pytest.MonkeyPatch) -> None:
    opponent = ((0, Bid(H, 100)),)
    call, asked = coinche(monkeypatch, 1, opponent, worth=True)
    assert call == DOUBLE
    assert asked["worth"] == [(HAND, Bid(H, 100))]
    assert coinche(monkeypatch, 1, opponent, worth=False)[0] == PASS
    # not the partner's bid, and not when no coinche is legal
    call, asked = coinche(monkeypatch, 2, ((0, Bid(H, 100)), (1, PASS)), worth=True)
    assert call == PASS
    assert asked["worth"] == []
    call, asked = coinche(monkeypatch, 2, ((0, Bid(H, 100)), (1, DOUBLE)), worth=True)
    assert call == PASS
    assert asked["worth"] == []
    call, asked = coinche(monkeypatch, 1, (), worth=True)
    assert call == PASS
    assert asked["worth"] == []


def test_the_model_never_surcoinches(monkeypatch: pytest.MonkeyPatch) -> None:
    call, asked = coinche(monkeypatch, 2, ((0, Bid(H, 100)), (1, DOUBLE)), worth=True)
    assert call == PASS
    assert asked["worth"] == []


def test_the_coinche_model_on_a_real_hand() -> None:
    strong = CardSet.parse("JH 9H AH TH KH AS AD AC").mask
    assert model_call(COINCHE, Seat(1), strong, -1, ()) == Bid(H, capot=True)
    hand = CardSet.parse("JH 9H AH TH 7S 8S 7D 8C").mask
    assert model_call(COINCHE, Seat(1), hand, -1, ()) == Bid(H, 100)
    assert model_call(COINCHE, Seat(1), hand, -1, (), 20) == Bid(H, 120)


# ---------------------------------------------------------------- the candidate calls


def test_the_candidates_are_the_legal_calls_outside_the_coinche_auction() -> None:
    view = classic_view()
    assert candidate_calls(view) is view.legal_bids


def candidates(
    monkeypatch: pytest.MonkeyPatch, variant: Variant, sure: dict[Trump, int], **by_mode: int
) -> tuple[tuple[Call, ...], dict[str, list[Any]]]:
    asked: dict[str, list[Any]] = {"bonus": [], "sure": []}
    estimates = Estimates(**by_mode)
    monkeypatch.setattr(auction_model, "_coinche_estimate", estimates)

    def bonus(hand: int) -> int:
        asked["bonus"].append(hand)
        return 30

    def sure_tricks(hand: int, trump: Trump) -> int:
        asked["sure"].append((hand, trump))
        return sure.get(trump, 0)

    monkeypatch.setattr(auction_model, "_declaration_bonus", bonus)
    monkeypatch.setattr(auction_model, "sure_tricks", sure_tricks)
    view = coinche_view() if variant is COINCHE else coinche_view_of(variant)
    kept = candidate_calls(view)
    asked["estimates"] = estimates.asked
    return kept, asked


def bids(kept: Sequence[Call]) -> list[Bid]:
    """The bids kept, by mode (the legal calls come by value)."""
    return sorted((call for call in kept if isinstance(call, Bid)), key=lambda bid: (bid.trump, bid.level))


def coinche_view_of(variant: Variant) -> PlayerView:
    return seat_view(variant, Seat(3), hand="7S 8S 9S TS 7D 8D 9D TD", dealer=Seat(0), auction="80 H pass")


def test_the_coinche_candidates_near_the_estimate_and_the_capots_from_six_sure_tricks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = CardSet.parse("7S 8S 9S TS 7D 8D 9D TD").mask
    kept, asked = candidates(monkeypatch, COINCHE, {H: 6, S: 5}, HEARTS=130, SPADES=95, CLUBS=40)
    assert [call for call in kept if not isinstance(call, Bid)] == [PASS]
    assert bids(kept) == [
        Bid(H, 90),
        Bid(H, 100),
        Bid(H, 110),
        Bid(H, 120),
        Bid(H, 130),
        Bid(H, 140),
        Bid(H, capot=True),
        Bid(S, 90),
        Bid(S, 100),
    ]
    assert kept[0] == PASS
    assert asked["bonus"] == [hand]
    assert asked["sure"] == [(hand, mode) for mode in Trump]
    assert set(asked["estimates"]) == {(hand, mode, 30) for mode in Trump}


def test_the_coinche_candidates_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # an estimate of 129: 90 to 130 kept (89 + 40 is 129, 139 above); 131: 100 to 140
    kept, _ = candidates(monkeypatch, COINCHE, {}, HEARTS=129, SPADES=131)
    assert bids(kept) == [
        *(Bid(H, value) for value in (90, 100, 110, 120, 130)),
        *(Bid(S, value) for value in (100, 110, 120, 130, 140)),
    ]
    kept, _ = candidates(monkeypatch, COINCHE, {}, HEARTS=130, SPADES=200)
    assert bids(kept) == [
        *(Bid(H, value) for value in (90, 100, 110, 120, 130, 140)),
        *(Bid(S, value) for value in (160,)),
    ]


def test_the_coinche_candidates_without_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    kept, asked = candidates(monkeypatch, CONTREE, {AT: 6}, NO_TRUMPS=90)
    assert asked["bonus"] == []
    assert {bonus for _, _, bonus in asked["estimates"]} == {0}
    assert bids(kept) == [
        Bid(NT, 90),
        Bid(NT, 100),
        Bid(AT, capot=True),
    ]
