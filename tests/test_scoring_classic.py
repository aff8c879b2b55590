"""Classic (rules C12-C21) and 501-game (rule M3) scoring tables beyond the published worked cases, the
breakdown, and the tallies that no real deal can produce."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from _score_helpers import breakdown_adds_up, decl, score
from belote import BULGARIAN, CLASSIC, CLASSIC_501, Phase, Seat, Team, Trump, Variant, deal, score_round
from belote.bidding import Contract
from belote.errors import PhaseError, Reason, TallyError
from belote.round import bid, legal_bids, legal_moves, play
from belote.scoring import DealScore, Outcome, Tally, score_deal

H = Trump.HEARTS


def classic(**options: Any) -> Variant:
    return attrs.evolve(CLASSIC, **options)


# --- made, dedans, belote -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card_points", "last", "belotes", "outcome", "points"),
    [
        ((72, 80), 0, (), Outcome.MADE, (82, 80)),  # strictly more: made with the minimum
        ((152, 0), 0, (), Outcome.MADE, (162, 0)),  # defenders won tricks worth nothing
        ((62, 90), 0, (0,), Outcome.MADE, (92, 90)),  # belote decides the contract (C13)
        ((70, 82), 1, (), Outcome.FAILED, (0, 162)),  # dedans: defenders 162
        ((61, 91), 1, (0,), Outcome.FAILED, (20, 162)),  # dedans: belote stays with the takers
        ((70, 82), 1, (1,), Outcome.FAILED, (0, 182)),  # dedans: defenders add their own belote
        ((72, 80), 0, (1,), Outcome.FAILED, (0, 182)),  # defenders' belote turns 82-80 into dedans
    ],
)
def test_made_and_dedans(
    card_points: tuple[int, int],
    last: int,
    belotes: tuple[int, ...],
    outcome: Outcome,
    points: tuple[int, int],
) -> None:
    result = score(CLASSIC, H, card_points, last=last, belotes=belotes)
    assert (result.outcome, result.points, result.carry) == (outcome, points, 0)
    assert result.winner is (Team(0) if outcome is Outcome.MADE else Team(1))
    assert breakdown_adds_up(result)


def test_taker_of_team_1_made_and_dedans() -> None:
    made = score(CLASSIC, H, (60, 92), (3, 5), taker=1, last=1)
    assert (made.outcome, made.points, made.winner) == (Outcome.MADE, (60, 102), Team(1))
    failed = score(CLASSIC, H, (92, 60), (5, 3), taker=3, last=0)
    assert (failed.outcome, failed.points, failed.winner) == (Outcome.FAILED, (162, 0), Team(0))


# --- litige -------------------------------------------------------------------------------------


def test_litige_81_81() -> None:
    result = score(CLASSIC, H, (71, 81), last=0)
    assert (result.outcome, result.points, result.carry, result.winner) == (Outcome.LITIGE, (0, 81), 81, None)
    assert result.breakdown.held == 81


@pytest.mark.parametrize(
    ("card_points", "belotes", "points", "carry"),
    [
        ((61, 91), (0,), (0, 91), 91),  # takers 71 + belote 20 = 91 against 91: 91 held
        ((81, 71), (1,), (0, 91), 91),  # the defenders' belote: 91-91, they score 91 now
    ],
)
def test_litige_91_91_belote_in_totals(
    card_points: tuple[int, int], belotes: tuple[int, ...], points: tuple[int, int], carry: int
) -> None:
    result = score(CLASSIC, H, card_points, last=0, belotes=belotes)
    assert (result.outcome, result.points, result.carry) == (Outcome.LITIGE, points, carry)


def test_litige_belote_outside() -> None:
    outside = classic(litige_belote="outside")
    # 91-91 with the takers' belote is judged on the cards (71 against 91): dedans, belote kept.
    failed = score(outside, H, (61, 91), last=0, belotes=(0,))
    assert (failed.outcome, failed.points, failed.carry) == (Outcome.FAILED, (20, 162), 0)
    # 81-81 on the cards with the takers' belote: a litige; the belote is written at once.
    tied = score(outside, H, (71, 81), last=0, belotes=(0,))
    assert (tied.outcome, tied.points, tied.carry) == (Outcome.LITIGE, (20, 81), 81)
    # in_totals the same cards make the contract (101 > 81).
    made = score(CLASSIC, H, (71, 81), last=0, belotes=(0,))
    assert (made.outcome, made.points) == (Outcome.MADE, (101, 81))
    # outside, the defenders' belote does not break an 81-81 tie either.
    defenders = score(outside, H, (71, 81), last=0, belotes=(1,))
    assert (defenders.outcome, defenders.points, defenders.carry) == (Outcome.LITIGE, (0, 101), 81)


def test_held_points_accumulate_and_go_to_the_next_winner() -> None:
    first = score(CLASSIC, H, (71, 81), last=0)
    second = score(CLASSIC, H, (81, 71), taker=1, last=1, carry=first.carry)
    assert (second.outcome, second.points, second.carry) == (Outcome.LITIGE, (81, 0), 162)
    made = score(CLASSIC, H, (92, 60), (5, 3), carry=second.carry)
    assert (made.outcome, made.points, made.carry) == (Outcome.MADE, (102 + 162, 60), 0)
    assert made.breakdown.carry_paid == (162, 0)
    assert made.breakdown.carry_in == 162
    failed = score(CLASSIC, H, (70, 82), last=1, carry=second.carry)
    assert (failed.outcome, failed.points, failed.carry) == (Outcome.FAILED, (0, 162 + 162), 0)
    assert failed.breakdown.carry_paid == (0, 162)


def test_carry_winner_next_taker_if_made() -> None:
    variant = classic(carry_winner="next_taker_if_made")
    failed = score(variant, H, (70, 82), last=1, carry=81)
    assert (failed.points, failed.carry, failed.winner) == ((0, 162), 81, Team(1))
    made = score(variant, H, (92, 60), (5, 3), carry=81)
    assert (made.points, made.carry) == ((102 + 81, 60), 0)
    # the default gives it to the defenders of a failed contract
    assert score(CLASSIC, H, (70, 82), last=1, carry=81).points == (0, 162 + 81)


@pytest.mark.parametrize(
    ("tie_rule", "outcome", "points", "carry"),
    [
        ("litige", Outcome.LITIGE, (0, 81), 50 + 81),
        ("takers_make", Outcome.MADE, (81 + 50, 81), 0),
        ("takers_fail", Outcome.FAILED, (0, 162 + 50), 0),
        ("replay", Outcome.REPLAY, (0, 0), 50),
    ],
)
def test_tie_rule(tie_rule: str, outcome: Outcome, points: tuple[int, int], carry: int) -> None:
    result = score(classic(tie_rule=tie_rule), H, (71, 81), last=0, carry=50)
    assert (result.outcome, result.points, result.carry) == (outcome, points, carry)


# --- capot --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("belotes", "points"),
    [((), (252, 0)), ((0,), (272, 0)), ((1,), (252, 20))],
)
def test_capot_by_the_takers(belotes: tuple[int, ...], points: tuple[int, int]) -> None:
    result = score(CLASSIC, H, (152, 0), (8, 0), belotes=belotes)
    assert (result.outcome, result.points, result.capot, result.winner) == (
        Outcome.CAPOT,
        points,
        Team(0),
        Team(0),
    )
    assert result.breakdown.capot_bonus == (90, 0)


@pytest.mark.parametrize(
    ("capot_by", "belotes", "points"),
    [
        ("either_team", (), (0, 252)),
        ("either_team", (0,), (20, 252)),  # belote of the capot team's opponents is kept
        ("either_team", (1,), (0, 272)),
        ("takers_only", (), (0, 162)),
        ("takers_only", (0,), (20, 162)),
    ],
)
def test_capot_by_the_defenders(capot_by: str, belotes: tuple[int, ...], points: tuple[int, int]) -> None:
    result = score(classic(capot_by=capot_by), H, (0, 152), (0, 8), last=1, belotes=belotes)
    assert (result.outcome, result.points, result.capot, result.winner) == (
        Outcome.DEFENDERS_CAPOT,
        points,
        Team(1),
        Team(1),
    )


def test_takers_only_still_pays_the_takers_capot() -> None:
    result = score(classic(capot_by="takers_only"), H, (152, 0), (8, 0))
    assert result.points == (252, 0)


@pytest.mark.parametrize("value", [250, 162, 300])
def test_capot_value(value: int) -> None:
    variant = classic(capot_value=value)
    assert score(variant, H, (152, 0), (8, 0)).points == (value, 0)
    assert score(variant, H, (0, 152), (0, 8), last=1).points == (0, value)


def test_classic_one_player_capot_is_a_team_capot() -> None:
    alone = score_deal(CLASSIC, Contract(Seat(0), H), Tally((152, 0), (8, 0, 0, 0), Seat(0)))
    assert alone.points == (252, 0)


def test_a_capot_needs_every_trick() -> None:
    result = score(CLASSIC, H, (152, 0), (7, 1))
    assert (result.outcome, result.capot, result.points) == (Outcome.MADE, None, (162, 0))


# --- the 501 game (rule M3) ---------------------------------------------------------------------

TEAM_CAPOT = (4, 0, 4, 0)
SOLO_CAPOT = (8, 0, 0, 0)


@pytest.mark.parametrize(
    ("reading", "team", "solo"),
    [("replace", 252, 350), ("add_to_162", 414, 512), ("add_to_252", 252, 602)],
)
def test_501_capot_bonuses(reading: str, team: int, solo: int) -> None:
    variant = attrs.evolve(CLASSIC_501, mac_capot_bonus=reading)
    contract = Contract(Seat(0), H)
    assert score_deal(variant, contract, Tally((152, 0), TEAM_CAPOT, Seat(2))).points == (team, 0)
    assert score_deal(variant, contract, Tally((152, 0), SOLO_CAPOT, Seat(0))).points == (solo, 0)
    # the takers' partner alone, and the defenders' sweeps
    assert score_deal(variant, contract, Tally((152, 0), (0, 0, 8, 0), Seat(2))).points == (solo, 0)
    assert score_deal(variant, contract, Tally((0, 152), (0, 4, 0, 4), Seat(1))).points == (0, team)
    assert score_deal(variant, contract, Tally((0, 152), (0, 0, 0, 8), Seat(3))).points == (0, solo)
    # belote of the capot team's opponents is kept; the capot team's is added
    with_belote = Tally((152, 0), SOLO_CAPOT, Seat(0), belotes=(Seat(1),))
    assert score_deal(variant, contract, with_belote).points == (solo, 20)
    own_belote = Tally((152, 0), SOLO_CAPOT, Seat(0), belotes=(Seat(2),))
    assert score_deal(variant, contract, own_belote).points == (solo + 20, 0)


def test_501_preset_defaults() -> None:
    assert CLASSIC_501.mac_capot_bonus.value == "replace"
    assert (CLASSIC_501.capot_value, CLASSIC_501.solo_capot_value, CLASSIC_501.target) == (252, 350, 501)


def test_501_ordinary_deals_are_classic() -> None:
    for card_points, last in (((92, 60), 0), ((70, 82), 1)):
        ours = score(CLASSIC_501, H, card_points, last=last)
        theirs = score(CLASSIC, H, card_points, last=last)
        assert (ours.points, ours.carry, ours.outcome) == (theirs.points, theirs.carry, theirs.outcome)


# --- the breakdown --------------------------------------------------------------------------------


def _explained(result: DealScore) -> None:
    b = result.breakdown
    assert breakdown_adds_up(result)
    assert tuple(w + c for w, c in zip(b.written_raw, b.carry_paid, strict=True)) == result.points
    assert result.carry == b.carry_in - sum(b.carry_paid) + b.held


def test_breakdown_of_a_capot_with_belote() -> None:
    result = score(CLASSIC, H, (152, 0), (8, 0), belotes=(0,), carry=81)
    _explained(result)
    assert result.breakdown.lines() == (
        "card points 152 - 0",
        "last trick 10 - 0",
        "capot bonus 90 - 0",
        "belote 20 - 0",
        "totals 272 - 0",
        "scored 272 - 0",
        "carry paid 81 - 0",
    )
    assert result.points == (353, 0)


def test_breakdown_of_a_litige() -> None:
    result = score(CLASSIC, H, (71, 81), last=0)
    _explained(result)
    assert result.breakdown.lines() == (
        "card points 71 - 81",
        "last trick 10 - 0",
        "totals 81 - 81",
        "scored 0 - 81",
        "held for the next deal 81",
    )


@pytest.mark.parametrize(
    ("card_points", "tricks", "last", "belotes", "carry"),
    [
        ((92, 60), (5, 3), 0, (), 0),
        ((70, 82), (4, 4), 1, (0,), 30),
        ((71, 81), (4, 4), 0, (), 81),
        ((0, 152), (0, 8), 1, (0,), 0),
        ((61, 91), (3, 5), 0, (0,), 7),
    ],
)
def test_breakdown_explains_every_number(
    card_points: tuple[int, int], tricks: tuple[int, int], last: int, belotes: tuple[int, ...], carry: int
) -> None:
    _explained(score(CLASSIC, H, card_points, tricks, last=last, belotes=belotes, carry=carry))


# --- bad tallies ---------------------------------------------------------------------------------

GOOD = {"card_points": (92, 60), "tricks": (3, 2, 2, 1), "last_trick": Seat(0)}


@pytest.mark.parametrize(
    "fields",
    [
        {"card_points": "92 60"},
        {"card_points": (92,)},
        {"card_points": (92.0, 60)},
        {"card_points": (True, 151)},
        {"tricks": (3, 2, 3)},
        {"tricks": (3, 2, 4, -1)},
        {"tricks": None},
        {"last_trick": 4},
        {"last_trick": "north"},
        {"belotes": Seat(0)},
        {"belotes": (7,)},
        {"declarations": ("terca",)},
        {"declarations": "TD JD QD"},
    ],
)
def test_bad_tally_types(fields: dict[str, Any]) -> None:
    with pytest.raises(TallyError) as error:
        Tally(**{**GOOD, **fields})
    assert error.value.reason is Reason.BAD_TALLY


def _bad(variant: Variant, contract: Contract, tally: Tally, carry: Any = 0) -> TallyError:
    with pytest.raises(TallyError) as error:
        score_deal(variant, contract, tally, carry)
    return error.value


@pytest.mark.parametrize(
    ("variant", "trump", "tally", "message"),
    [
        (CLASSIC, H, Tally((92, 58), (3, 2, 2, 1), Seat(0)), "sum to 152"),
        (CLASSIC, H, Tally((162, 0), (8, 0, 0, 0), Seat(0)), "sum to 152"),
        (CLASSIC, H, Tally((160, -8), (3, 2, 2, 1), Seat(0)), ">= 0"),
        (BULGARIAN, Trump.ALL_TRUMPS, Tally((92, 60), (3, 2, 2, 1), Seat(0)), "sum to 248"),
        (BULGARIAN, Trump.NO_TRUMPS, Tally((92, 60), (3, 2, 2, 1), Seat(0)), "sum to 120"),
        (CLASSIC, H, Tally((92, 60), (3, 2, 2, 0), Seat(0)), "sum to 8"),
        (CLASSIC, H, Tally((92, 60), (3, 2, 2, 2), Seat(0)), "sum to 8"),
        (CLASSIC, H, Tally((150, 2), (8, 0, 0, 0), Seat(0)), "won no trick"),
        (CLASSIC, H, Tally((2, 150), (0, 4, 0, 4), Seat(1)), "won no trick"),
        (CLASSIC, H, Tally((92, 60), (5, 3, 0, 0), Seat(2)), "no trick at all"),
        (CLASSIC, H, Tally((92, 60), (3, 2, 2, 1), Seat(0), belotes=(Seat(0), Seat(1))), "belotes"),
        (BULGARIAN, Trump.NO_TRUMPS, Tally((60, 60), (3, 2, 2, 1), Seat(0), belotes=(Seat(0),)), "belotes"),
        (
            BULGARIAN,
            Trump.ALL_TRUMPS,
            Tally((148, 100), (3, 2, 2, 1), Seat(0), belotes=(0, 1, 2, 3, 0)),
            "belotes",
        ),
        (
            CLASSIC,
            H,
            Tally((92, 60), (3, 2, 2, 1), Seat(0), declarations=(decl(0, "7H 8H 9H"),)),
            "declarations",
        ),
        (
            BULGARIAN,
            Trump.NO_TRUMPS,
            Tally((60, 60), (3, 2, 2, 1), Seat(0), declarations=(decl(0, "7H 8H 9H"),)),
            "declarations",
        ),
        (
            BULGARIAN,
            H,
            Tally((92, 60), (3, 2, 2, 1), Seat(0), declarations=(decl(0, "7H 8H 9H"), decl(0, "9H TH JH"))),
            "shares cards",
        ),
    ],
)
def test_impossible_tallies(variant: Variant, trump: Trump, tally: Tally, message: str) -> None:
    error = _bad(variant, Contract(Seat(0), trump), tally)
    assert message in str(error)
    assert error.reason is Reason.BAD_TALLY


def test_four_belotes_are_possible_in_all_trumps() -> None:
    tally = Tally((148, 100), (3, 2, 2, 1), Seat(0), belotes=(0, 1, 2, 3))
    result = score_deal(BULGARIAN, Contract(Seat(0), Trump.ALL_TRUMPS), tally)
    assert result.breakdown.belote == (40, 40)


def test_bad_contracts_and_carries() -> None:
    tally = Tally(**GOOD)
    assert _bad(CLASSIC, Contract(Seat(0), H, 2), tally).reason is Reason.BAD_CONTRACT
    assert _bad(BULGARIAN, Contract(Seat(0), H, 3), tally).reason is Reason.BAD_CONTRACT
    assert _bad(CLASSIC, Contract(Seat(0), Trump.ALL_TRUMPS), tally).reason is Reason.BAD_CONTRACT
    assert _bad(CLASSIC, "hearts by 0", tally).reason is Reason.BAD_CONTRACT  # type: ignore[arg-type]
    assert _bad(CLASSIC, Contract(Seat(0), H), (92, 60)).reason is Reason.BAD_TALLY  # type: ignore[arg-type]
    for carry in (-1, True, 1.5, "81"):
        assert "carry" in str(_bad(CLASSIC, Contract(Seat(0), H), tally, carry))


def test_score_round_before_the_end() -> None:
    state = deal(CLASSIC, dealer=Seat(0), seed=5)
    with pytest.raises(PhaseError) as error:
        score_round(state)
    assert error.value.reason is Reason.ROUND_NOT_FINISHED
    while state.phase is Phase.BIDDING:
        state = bid(state, legal_bids(state)[-1])
    if state.phase is Phase.PLAYING:
        for _ in range(5):
            state = play(state, min(legal_moves(state), key=lambda card: card.index))
        with pytest.raises(PhaseError) as error:
            score_round(state)
        assert error.value.reason is Reason.ROUND_NOT_FINISHED
    assert state.phase is Phase.PLAYING
