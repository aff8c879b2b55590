"""Every number of a coinche deal's breakdown (:class:`~belote.coinche_scoring.CoincheLines`, rules
K4, K7, K11, K12), not only the points written: the contract test's figures, the unbid capot's
bonus, the belotes and declarations of one team added up, and the arguments refused by name."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from _score_helpers import decl
from belote import (
    CLASSIC,
    COINCHE,
    CONTREE,
    ArgumentTypeError,
    Contract,
    Seat,
    Tally,
    Team,
    Trump,
    score_deal,
)
from belote.coinche_scoring import CoincheLines, coinche_lines, contract_value
from belote.declarations import Declaration


def _lines(
    contract: Contract,
    card_points: tuple[int, int],
    tricks: tuple[int, int, int, int],
    *,
    belotes: tuple[Seat, ...] = (),
    declarations: tuple[Declaration, ...] = (),
    **options: Any,
) -> CoincheLines:
    """Seat 0 took the last trick; ``options`` change the COINCHE preset."""
    tally = Tally(
        card_points=card_points,
        tricks=tricks,
        last_trick=Seat(0),
        belotes=belotes,
        declarations=declarations,
    )
    return coinche_lines(attrs.evolve(COINCHE, **options), contract, tally)


def test_k4_a_belote_in_two_suits_of_all_trumps_counts_twice() -> None:
    contract = Contract(Seat(0), Trump.ALL_TRUMPS, bid=100)
    lines = _lines(contract, (100, 52), (3, 2, 2, 1), belotes=(Seat(0), Seat(2)))
    assert lines.belote == (40, 0)
    assert lines.tested == 150  # 100 + the last trick's 10 + two belotes
    assert lines.totals == (150, 52)
    assert lines.written == (250, 52)  # 110 + the bid 100 + 40


def test_k12_the_winning_team_scores_all_its_declarations() -> None:
    tierce = decl(0, "7C 8C 9C")
    cent = decl(2, "7D 8D 9D TD JD")
    lines = _lines(
        Contract(Seat(0), Trump.HEARTS, bid=90), (72, 80), (3, 2, 2, 1), declarations=(tierce, cent)
    )
    assert set(lines.counted_declarations) == {tierce, cent}
    assert lines.declarations == (120, 0)
    assert lines.tested == 202  # 82 + 20 + 100: the declarations count toward the bid (K7)
    assert lines.totals == (202, 80)
    assert (lines.made, lines.written) == (True, (292, 80))


@pytest.mark.parametrize(("capot_value", "bonus"), [(250, 88), (252, 90)])
def test_k11_an_unbid_capot_is_worth_its_value_plus_the_bid(capot_value: int, bonus: int) -> None:
    lines = _lines(Contract(Seat(0), Trump.HEARTS, bid=100), (152, 0), (4, 0, 4, 0), capot_value=capot_value)
    assert lines.trick_points == (162, 0)
    assert lines.capot_bonus == (bonus, 0)  # the capot's value above the 162 of the tricks
    assert lines.totals == (capot_value, 0)
    assert (lines.tested, lines.needed, lines.made) == (162, 100, True)
    assert lines.written == (capot_value + 100, 0)


def test_k11_a_bid_capot_is_tested_on_tricks_and_earns_no_unbid_bonus() -> None:
    made = _lines(Contract(Seat(0), Trump.HEARTS, capot=True), (152, 0), (4, 0, 4, 0))
    assert (made.tested, made.needed, made.made) == (8, 8, True)
    assert made.capot_bonus == (0, 0)
    assert (made.contract_points, made.written) == ((500, 0), (500, 0))
    failed = _lines(Contract(Seat(0), Trump.HEARTS, capot=True), (140, 12), (4, 1, 3, 0))
    assert (failed.tested, failed.needed, failed.made) == (7, 8, False)
    assert failed.written == (0, 500)


def test_a_generale_needs_the_takers_eight_tricks_alone() -> None:
    contract = Contract(Seat(0), Trump.HEARTS, generale=True)
    alone = _lines(contract, (152, 0), (8, 0, 0, 0), generale_value=500)
    assert (alone.tested, alone.needed, alone.made, alone.written) == (8, 8, True, (500, 0))
    shared = _lines(contract, (152, 0), (5, 0, 3, 0), generale_value=500)
    # the test counts the taker's own tricks (it counted the team's 8 beside "failed")
    assert (shared.tested, shared.needed, shared.made, shared.written) == (5, 8, False, (0, 500))
    tally = Tally(card_points=(152, 0), tricks=(7, 0, 1, 0), last_trick=Seat(0))
    scored = score_deal(attrs.evolve(COINCHE, generale_value=500), contract, tally)
    assert scored.breakdown.contract_test == "taker 7 tricks, needed 8: failed"


@pytest.mark.parametrize("multiplier", [1, 2, 4])
def test_k2_k10_a_coinched_generale_multiplies_the_generales_value(multiplier: int) -> None:
    """Made, it wrote the bid capot's 500 times the multiplier when the générale is worth more."""
    contract = Contract(Seat(0), Trump.HEARTS, multiplier=multiplier, generale=True)
    options: dict[str, Any] = {"capot_ends_auction": False, "generale_value": 700}
    made = _lines(contract, (152, 0), (8, 0, 0, 0), **options)
    assert made.written == (700 * multiplier, 0)
    failed = _lines(contract, (152, 0), (7, 0, 1, 0), capot_bid_fail=450, **options)
    assert failed.written == (0, 450 * multiplier)


def test_contree_a_coinched_unbid_capot_is_rounded_as_played_points_are() -> None:
    """Contrée counts a capot 252 (K11), written 250 with the rounding to tens: coinched too (it
    wrote 432 and 612)."""
    capot = Tally(card_points=(152, 0), tricks=(4, 0, 4, 0), last_trick=Seat(0))
    contracts = [Contract(Seat(0), Trump.HEARTS, bid=90, multiplier=m) for m in (1, 2, 4)]
    written = [score_deal(CONTREE, contract, capot).points for contract in contracts]
    assert written == [(340, 0), (430, 0), (610, 0)]


@pytest.mark.parametrize(("takers", "outcome"), [(143, "failed"), (144, "made")])
def test_k7_converted_all_trumps_points_are_not_rounded_up_to_the_bid(takers: int, outcome: str) -> None:
    """Under the FFB 2016 conversion (K6), 143 of 258 is 89.8 of 162: written 90, but short of a
    90 bid (K7: rounding never makes a contract); 144 is 90.4."""
    tally = Tally.from_totals((takers, 258 - takers), trump="ALL", last_trick=Team(0), variant=CONTREE)
    scored = score_deal(CONTREE, Contract(Seat(0), Trump.ALL_TRUMPS, bid=90), tally)
    assert scored.outcome.value == outcome


@pytest.mark.parametrize(
    ("belote_in_contract", "card_points", "tested", "made"),
    [
        (True, (70, 82), 100, True),  # 80 + the belote's 20
        (False, (70, 82), 80, False),  # 80 alone: short of 90
        (False, (80, 72), 90, True),  # exactly the bid
        (False, (79, 73), 89, False),  # one point short (K7: rounding never makes a contract)
    ],
)
def test_k7_the_belote_counts_toward_the_bid_only_with_the_option(
    belote_in_contract: bool, card_points: tuple[int, int], tested: int, made: bool
) -> None:
    lines = _lines(
        Contract(Seat(0), Trump.HEARTS, bid=90),
        card_points,
        (3, 2, 2, 1),
        belotes=(Seat(2),),
        belote_in_contract=belote_in_contract,
    )
    assert (lines.tested, lines.needed, lines.made) == (tested, 90, made)
    assert lines.belote == (20, 0)


def test_k7_a_contract_made_on_declarations_needs_one_trick_at_least() -> None:
    cent = decl(0, "7D 8D 9D TD JD")
    contract = Contract(Seat(0), Trump.HEARTS, bid=90)
    one = _lines(contract, (40, 112), (1, 4, 0, 3), declarations=(cent,))  # the last trick alone
    assert (one.tested, one.made, one.written) == (150, True, (240, 112))
    tally = Tally(card_points=(0, 152), tricks=(0, 4, 0, 4), last_trick=Seat(1), declarations=(cent,))
    none = coinche_lines(COINCHE, contract, tally)
    assert (none.tested, none.made, none.written) == (100, False, (0, 350))


@pytest.mark.parametrize(
    ("card_points", "must_beat", "made", "written"),
    [
        ((91, 61), False, True, (181, 101)),
        ((91, 61), True, False, (0, 280)),  # 101 against 61 + belote 20 + tierce 20: not more
        ((92, 60), True, True, (182, 100)),
        ((90, 62), True, False, (0, 280)),
    ],
)
def test_k7_ffb_option_the_takers_must_also_beat_the_defence(
    card_points: tuple[int, int], must_beat: bool, made: bool, written: tuple[int, int]
) -> None:
    tierce = decl(1, "7C 8C 9C")
    lines = _lines(
        Contract(Seat(0), Trump.HEARTS, bid=80),
        card_points,
        (3, 2, 2, 1),
        belotes=(Seat(1),),
        declarations=(tierce,),
        contract_must_beat_defence=must_beat,
    )
    assert (lines.made, lines.written) == (made, written)


@pytest.mark.parametrize(
    ("scale", "imprenable", "written"),
    [
        ("winner_takes_all", True, (360, 20)),
        ("winner_takes_all", False, (380, 0)),
        ("fixed", True, (320, 20)),
        ("fixed", False, (340, 0)),
    ],
)
def test_k10_the_losers_of_a_coinched_deal_keep_only_an_imprenable_belote(
    scale: str, imprenable: bool, written: tuple[int, int]
) -> None:
    contract = Contract(Seat(0), Trump.HEARTS, bid=100, multiplier=2)
    options: dict[str, Any] = {"coinche_scale": scale, "belote_imprenable": imprenable}
    assert _lines(contract, (100, 52), (3, 2, 2, 1), belotes=(Seat(1),), **options).written == written


@pytest.mark.parametrize(("imprenable", "written"), [(True, (250, 20)), (False, (270, 0))])
def test_k9_a_failed_takers_belote_stays_with_them_only_when_imprenable(
    imprenable: bool, written: tuple[int, int]
) -> None:
    lines = _lines(
        Contract(Seat(1), Trump.HEARTS, bid=90),
        (100, 52),
        (3, 2, 2, 1),
        belotes=(Seat(1),),
        belote_imprenable=imprenable,
    )
    assert (lines.made, lines.written) == (False, written)


@pytest.mark.parametrize(
    ("contract", "card_points", "tricks", "options", "contract_points"),
    [
        # K10-K11: a coinched bid capot, made or failed (410: a variant's price of the failure)
        (
            Contract(Seat(0), Trump.HEARTS, multiplier=2, capot=True),
            (152, 0),
            (4, 0, 4, 0),
            {"capot_bid_fail": 410},
            (1000, 0),
        ),
        (
            Contract(Seat(0), Trump.HEARTS, multiplier=2, capot=True),
            (140, 12),
            (4, 1, 3, 0),
            {"capot_bid_fail": 410},
            (0, 820),
        ),
        (
            Contract(Seat(0), Trump.HEARTS, multiplier=2, capot=True),
            (140, 12),
            (4, 1, 3, 0),
            {"capot_bid_fail": 410, "coinche_scale": "bid_multiplied"},
            (0, 820),
        ),
        # a coinched contract made with an unbid capot: the capot's 250 instead of the deal's 160
        (Contract(Seat(0), Trump.HEARTS, multiplier=2, bid=100), (152, 0), (4, 0, 4, 0), {}, (450, 0)),
        # "bid_multiplied": the bid doubled on an otherwise undoubled score
        (
            Contract(Seat(0), Trump.HEARTS, multiplier=2, bid=100),
            (80, 72),
            (3, 2, 2, 1),
            {"coinche_scale": "bid_multiplied"},
            (0, 360),
        ),
        (
            Contract(Seat(0), Trump.HEARTS, multiplier=2, bid=100),
            (100, 52),
            (3, 2, 2, 1),
            {"coinche_scale": "bid_multiplied"},
            (200, 0),
        ),
        # "bid_only": an unbid capot adds its value to the bid; a bid capot is worth its own value
        (
            Contract(Seat(0), Trump.HEARTS, bid=100),
            (152, 0),
            (4, 0, 4, 0),
            {"made_score": "bid_only"},
            (350, 0),
        ),
        (
            Contract(Seat(0), Trump.HEARTS, capot=True),
            (152, 0),
            (4, 0, 4, 0),
            {"made_score": "bid_only"},
            (500, 0),
        ),
        (
            Contract(Seat(0), Trump.HEARTS, bid=100),
            (92, 60),
            (3, 2, 2, 1),
            {"made_score": "bid_only"},
            (100, 0),
        ),
    ],
)
def test_k10_k11_the_contracts_part_of_the_score(
    contract: Contract,
    card_points: tuple[int, int],
    tricks: tuple[int, int, int, int],
    options: dict[str, Any],
    contract_points: tuple[int, int],
) -> None:
    lines = _lines(contract, card_points, tricks, **options)
    assert lines.contract_points == contract_points


def test_k9_a_failed_contract_gives_the_defenders_their_own_declarations_too() -> None:
    tierce = decl(1, "7C 8C 9C")
    lines = _lines(Contract(Seat(0), Trump.HEARTS, bid=100), (80, 72), (3, 2, 2, 1), declarations=(tierce,))
    assert lines.declarations == (0, 20)
    assert lines.written == (0, 280)  # 160 + 100 + the tierce


def test_without_rounding_there_is_no_rounded_line() -> None:
    lines = _lines(Contract(Seat(0), Trump.HEARTS, bid=100), (80, 72), (3, 2, 2, 1), rounding="none")
    assert (lines.rounded, lines.written) == (None, (0, 260))
    assert _lines(Contract(Seat(0), Trump.HEARTS, bid=90), (92, 60), (3, 2, 2, 1)).rounded == (190, 60)


@pytest.mark.parametrize(
    ("card_points", "converted"),
    [
        ((200, 48), (132, 30)),  # 210 x 162 / 258 = 131.9
        ((100, 148), (69, 93)),  # 110 x 162 / 258 = 69.1
        ((0, 248), (6, 156)),  # the last trick's 10 alone: 6.3
    ],
)
def test_k6_all_trumps_converted_from_258_to_162(
    card_points: tuple[int, int], converted: tuple[int, int]
) -> None:
    lines = _lines(
        Contract(Seat(0), Trump.ALL_TRUMPS, bid=120),
        card_points,
        (3, 2, 2, 1),
        tout_atout_scale="converted_258",
    )
    assert (lines.trick_points, lines.converted) == (converted, True)
    plain = _lines(Contract(Seat(0), Trump.ALL_TRUMPS, bid=120), (122, 30), (3, 2, 2, 1))
    assert (plain.trick_points, plain.converted) == ((132, 30), False)


def test_a_contract_without_a_bid_is_worth_nothing_before_the_play() -> None:
    assert contract_value(Contract(Seat(0), Trump.HEARTS), CLASSIC) == 0
    assert contract_value(Contract(Seat(0), Trump.HEARTS, bid=110), COINCHE) == 110


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: coinche_lines("coinche", Contract(Seat(0), Trump.HEARTS, bid=90), None),
            "^variant must be a Variant, got 'coinche'$",
        ),
        (
            lambda: coinche_lines(COINCHE, (0, "H", 90), None),
            r"^contract must be a Contract, got \(0, 'H', 90\)$",
        ),
        (
            lambda: coinche_lines(COINCHE, Contract(Seat(0), Trump.HEARTS, bid=90), (92, 60)),
            r"^tally must be a Tally, got \(92, 60\)$",
        ),
        (lambda: contract_value("90H", COINCHE), "^contract must be a Contract, got '90H'$"),
        (
            lambda: contract_value(Contract(Seat(0), Trump.HEARTS, bid=90), "coinche"),
            "^variant must be a Variant, got 'coinche'$",
        ),
    ],
)
def test_arguments_are_refused_by_name(call: Any, message: str) -> None:
    with pytest.raises(ArgumentTypeError, match=message):
        call()
