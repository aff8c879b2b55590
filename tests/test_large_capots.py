"""A capot worth more than the exact search's own range of bonuses.

A variant may score a capot with any whole number (``capot_value``, ``solo_capot_value``), but
the search (compiled and pure alike) takes bonuses up to :data:`MOST_BONUS` only. The solver,
the analysis and the expert player give it the bonuses' ranks instead and read the real bonus
back: the same best cards, and each capot's value with its real bonus. Checked here against the
same positions solved with bonuses inside the range, in the same order.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from belote import (
    CardSet,
    Contract,
    ExpertAgent,
    Phase,
    RoundState,
    Seat,
    Trump,
    bid,
    deal,
    deck_points,
    finish_round,
    legal_bids,
    legal_moves,
    play,
    play_round,
    position,
)
from belote.analysis import analyze, solve
from belote.analysis.solver import contract_bonuses
from belote.calls import Pass
from belote.cli import main
from belote.kernel._capots import MOST_BONUS, searched_bonuses, unsearched_value
from belote.notation import parse_variant
from belote.records import dumps
from belote.variants import Variant

PAIRS = [
    ("classic:capot_value=20000", "classic:capot_value=5000"),
    (
        "classic_501:capot_value=20000,solo_capot_value=30000",
        "classic_501:capot_value=5000,solo_capot_value=7000",
    ),
    ("classic_501:capot_value=10000000000000000000000000000000", "classic_501:capot_value=5000"),
    ("coinche:capot_value=20000", "coinche:capot_value=5000"),
]
"""A variant whose capots are worth more than the search's range, and one whose capots rank alike
inside it."""


@pytest.mark.parametrize(
    ("bonuses", "searched", "real"),
    [
        (((90, 90), (188, 188, 188, 188)), ((90, 90), (188, 188, 188, 188)), None),
        (
            ((MOST_BONUS, 0), (MOST_BONUS, 0, MOST_BONUS, 0)),
            ((MOST_BONUS, 0), (MOST_BONUS, 0, MOST_BONUS, 0)),
            None,
        ),
        (((MOST_BONUS + 1, 0), (MOST_BONUS + 1, 0, 5, 0)), ((2, 0), (2, 0, 1, 0)), (0, 5, MOST_BONUS + 1)),
        (((19838, 19838), (29838,) * 4), ((1, 1), (2, 2, 2, 2)), (0, 19838, 29838)),
    ],
)
def test_searched_bonuses_keep_the_range_and_rank_beyond_it(
    bonuses: tuple[tuple[int, int], tuple[int, int, int, int]],
    searched: tuple[tuple[int, int], tuple[int, int, int, int]],
    real: tuple[int, ...] | None,
) -> None:
    assert searched_bonuses(bonuses) == (searched, real)


def test_unsearched_value_puts_the_real_bonus_back_on_capots_only() -> None:
    real = (0, 19838, 29838)
    assert unsearched_value(30, -12, 42, real) == (30, -12)  # no capot: as searched
    assert unsearched_value(42, 42, 42, real) == (42, 42)  # every point, no bonus (rank 0)
    assert unsearched_value(43, 43, 42, real) == (42 + 19838, 42 + 19838)
    assert unsearched_value(44, 44, 42, real) == (42 + 29838, 42 + 29838)
    assert unsearched_value(0, -44, 42, real) == (0, -42 - 29838)
    assert unsearched_value(50, 60, 42, None) == (50, 60)


def random_playing(variant: Variant, rng: random.Random, cards_left: int) -> RoundState | None:
    """A round of random bids (taking when it can, half the time) and random cards, stopped with
    ``cards_left`` cards in the hands; None when it was passed out."""
    state = deal(variant, dealer=Seat(rng.randrange(4)), seed=rng.randrange(10**9))
    while state.phase is Phase.BIDDING:
        calls = legal_bids(state)
        takes = [call for call in calls if call != Pass()]
        state = bid(state, rng.choice(takes) if takes and rng.random() < 0.5 else calls[0])
    if state.phase is not Phase.PLAYING:
        return None
    while sum(mask.bit_count() for mask in state.hand_masks) > cards_left:
        state = play(state, rng.choice(list(legal_moves(state))))
    return state


def rebuilt(state: RoundState, variant: Variant) -> RoundState:
    """The same position under ``variant``: the same hands as dealt, contract and cards played."""
    assert state.contract is not None
    played = [(seat, card) for trick in state.tricks for seat, card in trick.plays] + list(state.trick)
    hands = list(state.hand_masks)
    for seat, card in played:
        hands[int(seat)] |= 1 << card.index
    return position(
        variant,
        dealer=state.dealer,
        hands=[CardSet(mask) for mask in hands],
        turned=state.turned,
        contract=state.contract,
        plays=[card for _, card in played],
    )


def every_heart_to_north(variant: Variant) -> RoundState:
    """North holds every heart in a hearts contract of its own: the capot in every line, the
    cards played by the expert player."""
    hands = [
        "JH 9H AH TH KH QH 8H 7H",
        "AS TS KS QS JS 9S 8S 7S",
        "AD TD KD QD JD 9D 8D 7D",
        "AC TC KC QC JC 9C 8C 7C",
    ]
    state = position(
        variant, dealer=Seat(3), hands=hands, turned="JH", contract=Contract(Seat(0), Trump.HEARTS)
    )
    return finish_round(state, [ExpertAgent(seed=seat, samples=2) for seat in range(4)])


@pytest.mark.parametrize(("large", "inside"), PAIRS)
def test_solve_with_large_capots_matches_the_same_order_inside_the_range(large: str, inside: str) -> None:
    big, small = parse_variant(large), parse_variant(inside)
    rng = random.Random(large)
    capots = 0
    for cards_left in (4, 8, 12, 16, 20) * 8:
        state = random_playing(big, rng, cards_left)
        if state is None:
            continue
        assert state.contract is not None
        reference = rebuilt(state, small)
        big_bonuses, small_bonuses = (
            contract_bonuses(big, state.contract),
            contract_bonuses(small, state.contract),
        )
        assert max(*big_bonuses[0], *big_bonuses[1]) > MOST_BONUS
        to_big = dict(
            zip((*small_bonuses[0], *small_bonuses[1]), (*big_bonuses[0], *big_bonuses[1]), strict=True)
        )
        # the points of the cards not yet in a finished trick, and the last trick's 10
        remaining = deck_points(state.contract.trump, big) - sum(trick.points for trick in state.tricks) + 10
        solution, expected = solve(state), solve(reference)
        assert solution.best == expected.best
        for value, inside_value in zip(solution, expected, strict=True):
            assert value.card == inside_value.card
            if abs(inside_value.margin) <= remaining:
                assert (value.points, value.margin) == (inside_value.points, inside_value.margin)
                continue
            capots += 1
            bonus = to_big[abs(inside_value.margin) - remaining]
            sign = 1 if inside_value.margin > 0 else -1
            assert value.margin == sign * (remaining + bonus)
            assert value.points == (remaining + bonus if sign > 0 else 0)
    assert capots > 0  # the capots were reached, not only the margins inside the points


@pytest.mark.parametrize(
    ("large", "inside", "shift"),
    [(*PAIRS[0], 20000 - 5000), (*PAIRS[1], 30000 - 7000)],  # 501: North alone takes every trick
)
def test_analysis_with_large_capots_matches_the_same_order_inside_the_range(
    large: str, inside: str, shift: int
) -> None:
    hands = [
        "JH 9H AH TH KH QH 8H 7H",
        "AS TS KS QS JS 9S 8S 7S",
        "AD TD KD QD JD 9D 8D 7D",
        "AC TC KC QC JC 9C 8C 7C",
    ]
    reviews = []
    for variant in (parse_variant(large), parse_variant(inside)):
        state = position(
            variant, dealer=Seat(3), hands=hands, turned="JH", contract=Contract(Seat(0), Trump.HEARTS)
        )
        played = finish_round(state, [ExpertAgent(seed=seat, samples=2) for seat in range(4)])
        assert played.phase is Phase.FINISHED
        reviews.append(analyze(played).plays)
    assert len(reviews[0]) == len(reviews[1]) == 32
    for large_play, inside_play in zip(*reviews, strict=True):
        assert (large_play.card, large_play.best) == (inside_play.card, inside_play.best)
        sign = 1 if large_play.seat in (Seat(0), Seat(2)) else -1  # North-South's capot in every line
        assert large_play.best_margin == inside_play.best_margin + sign * shift
        assert large_play.margin == inside_play.margin + sign * shift
        assert large_play.loss == inside_play.loss == 0


def test_the_expert_plays_and_bids_with_a_capot_beyond_the_range() -> None:
    variant = parse_variant("classic_501:capot_value=10000000000000000000000000000000,solo_capot_value=20000")
    agents = [ExpertAgent(seed=seat, samples=4) for seat in range(4)]
    for seed in range(3):
        state = play_round(variant, agents, seed=seed, dealer=Seat(seed))
        assert state.phase in (Phase.FINISHED, Phase.PASSED_OUT)


def test_cli_analyze_reads_a_record_with_a_large_capot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "large.json"
    path.write_text(dumps(every_heart_to_north(parse_variant("classic:capot_value=20000"))))
    assert main(["analyze", str(path), "--from-trick", "8", "--json"]) == 0
    (review,) = json.loads(capsys.readouterr().out)["rounds"]
    # the last trick: 52 card points and the last trick's 10, with the capot's 20000 - 162
    assert [(play["best_points"], play["best_margin"]) for play in review["plays"]] == [
        (62 + 19838, 62 + 19838),
        (0, -62 - 19838),
    ] * 2
