"""The speed kernel: the compiled module against its pure-Python twins, and the twins against
the rule core.

Random positions of real deals (every preset, every contract kind, every combination of the
play options and point scales packed in a rules code): legal masks, trick winners and seeded
random rollouts must agree exactly between the two paths. When the compiled module is not
built (no C compiler at install time, or ``BELOTE_PURE=1``), only the comparisons that need it
are skipped; CI builds it and checks that it is present.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belote.kernel
from _kernel_helpers import ALL_CODES, random_positions
from belote import PRESETS, Trump
from belote.agents.sim import random_deal
from belote.kernel import _pure
from belote.tally import LAST_TRICK_BONUS
from belote.tricks import legal_mask as rule_legal_mask
from belote.tricks import winning_position as rule_winning_position
from belote.trumps import points_row


def test_rules_codes_are_distinct_and_read_back() -> None:
    assert len(ALL_CODES) == 2 * 3 * 3 * 2 * 2 * 4 == len(set(ALL_CODES))
    for code in ALL_CODES:
        assert _pure.rules_code(_pure.variant_of_code(code)) == code
    for variant in PRESETS.values():
        twin = _pure.variant_of_code(_pure.rules_code(variant))
        for mode in variant.contracts:
            assert points_row(mode, twin) == points_row(mode, variant)


@pytest.mark.parametrize("code", [-1, 1 << 10, 3 << 1, 3 << 3])
def test_bad_rules_codes_are_refused(code: int) -> None:
    with pytest.raises(ValueError, match="rules code"):
        _pure.variant_of_code(code)


POSITIONS = random_positions(2024, 3000)


def test_pure_legal_mask_is_the_rule_core_under_every_preset() -> None:
    checked = 0
    for hands, trick, leader, mode, _ in POSITIONS[:600]:
        seat = (leader + len(trick)) & 3
        for variant in PRESETS.values():
            expected = rule_legal_mask(hands[seat], trick, mode, variant)[0]
            assert _pure.legal_mask(hands[seat], trick, mode, _pure.rules_code(variant)) == expected
            checked += 1
    assert checked == 600 * len(PRESETS)


def test_compiled_legal_mask_matches_the_pure_twin(compiled: ModuleType) -> None:
    for hands, trick, leader, mode, code in POSITIONS:
        seat = (leader + len(trick)) & 3
        for hand in (hands[seat], hands[seat] | hands[(seat + 1) & 3]):  # also hands off the deal
            assert compiled.legal_mask(hand, trick, mode, code) == _pure.legal_mask(
                hand, trick, mode, code
            ), (
                hand,
                trick,
                mode,
                code,
            )


def test_compiled_legal_mask_under_every_rules_code(compiled: ModuleType) -> None:
    for hands, trick, leader, mode, _ in POSITIONS[:300]:
        seat = (leader + len(trick)) & 3
        for code in ALL_CODES:
            assert compiled.legal_mask(hands[seat], trick, mode, code) == _pure.legal_mask(
                hands[seat], trick, mode, code
            )


def test_winning_positions_agree(compiled: ModuleType) -> None:
    rng = random.Random(5)
    for _ in range(5000):
        trick = rng.sample(range(32), rng.randint(1, 4))
        mode = rng.randrange(6)
        expected = rule_winning_position(trick, mode)
        assert _pure.winning_position(trick, mode) == expected
        assert compiled.winning_position(trick, mode) == expected


def test_pure_rollouts_count_every_card_point_once() -> None:
    for hands, trick, leader, mode, code in POSITIONS[:200]:
        points = points_row(mode, _pure.variant_of_code(code))
        left = sum(points[card] for hand in hands for card in range(32) if hand >> card & 1)
        left += sum(points[card] for card in trick)
        bonus = LAST_TRICK_BONUS if any(hands) else 0
        won = _pure.rollouts(hands, trick, leader, mode, code, seed=len(trick), count=2)
        assert sum(won) == 2 * (left + bonus)


def test_rollouts_agree_seed_for_seed(compiled: ModuleType) -> None:
    for index, (hands, trick, leader, mode, code) in enumerate(POSITIONS[:400]):
        seed = index * 0x9E3779B97F4A7C15 + 1
        expected = _pure.rollouts(hands, trick, leader, mode, code, seed, 3)
        assert compiled.rollouts(hands, trick, leader, mode, code, seed, 3) == expected
        assert compiled.rollouts(hands=hands, trick=trick, leader=leader, mode=mode, rules=code, seed=seed,
                                 count=3) == expected  # fmt: skip


@settings(max_examples=60)
@given(seed=st.integers(0, 2**64 - 1), preset=st.sampled_from(sorted(PRESETS)), mode=st.sampled_from(Trump))
def test_whole_deal_rollouts_agree(seed: int, preset: str, mode: Trump) -> None:
    module = belote.kernel._compiled
    hands, _ = random_deal(PRESETS[preset], random.Random(seed))
    code = _pure.rules_code(PRESETS[preset])
    expected = _pure.rollouts(hands, [], seed & 3, mode, code, seed, 2)
    assert sum(expected) == 2 * (sum(points_row(mode, PRESETS[preset])) + LAST_TRICK_BONUS)
    if module is not None:
        assert module.rollouts(hands, [], seed & 3, mode, code, seed, 2) == expected


def test_seeds_change_the_rollouts() -> None:
    hands, _ = random_deal(PRESETS["classic"], random.Random(3))
    results = {_pure.rollouts(hands, [], 0, Trump.SPADES, 1, seed, 1) for seed in range(40)}
    assert len(results) > 10


def test_splitmix64_known_outputs() -> None:
    # the reference outputs of splitmix64 seeded with 1234567 (Vigna's splitmix64.c)
    state, first = _pure.splitmix64(1234567)
    _, second = _pure.splitmix64(state)
    assert (first, second) == (6457827717110365317, 3203168211198807973)


BAD_CALLS = [
    ("legal_mask", (1 << 32, [], 0, 1), "mask"),
    ("legal_mask", (1, [40], 0, 1), "out of range"),
    ("legal_mask", (1, [0, 1, 2, 3], 0, 1), "at most 3"),
    ("legal_mask", (1, [], 6, 1), "mode"),
    ("legal_mask", (1, [], 0, 1 << 10), "rules code"),
    ("winning_position", ([], 0), "1 to 4"),
    ("rollouts", ([1, 2, 4], [], 0, 0, 1, 0, 1), "4 masks"),
    ("rollouts", ([1, 1, 2, 4], [], 0, 0, 1, 0, 1), "two hands"),
    ("rollouts", ([1, 2, 4, 8], [0], 0, 0, 1, 0, 1), "both in the trick"),
    ("rollouts", ([1, 2, 4, 8 | 16], [], 0, 0, 1, 0, 1), "hand sizes"),
    ("rollouts", ([1, 2, 4, 8], [], 4, 0, 1, 0, 1), "leader"),
    ("rollouts", ([1, 2, 4, 8], [], 0, 0, 1, 0, -1), "count"),
    ("normal_card", (1, 0, [], 0, 0, False), "non-empty part of hand"),
    ("normal_card", (1, 2, [], 0, 0, False), "non-empty part of hand"),
    ("normal_card", (1, 1, [], 6, 0, False), "mode"),
    ("normal_card", (1, 1, [40], 0, 0, False), "out of range"),
    ("normal_card", (1, 1, [], 0, 1 << 32, False), "mask"),
    ("normal_play_out", ([1, 2, 4], [], 0, 0, 1, 0, 0), "4 masks"),
    ("normal_play_out", ([1, 2, 4, 8], [], 0, 0, 1, 2, 0), "taker_team"),
    ("normal_play_out", ([1, 2, 4, 8], [], 0, 0, 1, 0, 1), "played"),
    ("normal_play_out", ([2, 4, 8, 0], [0], 3, 0, 1, 0, 0), "played"),
    ("normal_play_out", ([1, 2, 4, 8], [], 0, 0, 1, 0, 0, 2), "first"),
    ("normal_play_out", ([1, 2, 4, 8], [], 0, 0, 1, 0, 0, -1, 2), "ahead"),
    ("normal_play_out", ([1, 2, 4, 8], [], 0, 0, 1 << 10, 0, 0), "rules code"),
    ("seat_misplays", (0, b"\x00" * 15, 0, 1), "pack_plays"),
    ("seat_misplays", (0, b"\x40" + b"\x00" * 15, 0, 1), "pack_plays"),
    ("seat_misplays", (0, b"\x00" * 16, 6, 1), "mode"),
]


@pytest.mark.parametrize(("name", "args", "message"), BAD_CALLS)
def test_both_paths_refuse_bad_arguments(name: str, args: tuple[object, ...], message: str) -> None:
    implementations = [_pure] + ([belote.kernel._compiled] if belote.kernel._compiled else [])
    for module in implementations:
        with pytest.raises(ValueError, match=message):
            getattr(module, name)(*args)


def _kernel_in_subprocess(environment: dict[str, str]) -> str:
    code = "import belote.kernel as k; print(k.COMPILED, k.legal_mask.__module__, k.rollouts.__module__)"
    env = {key: value for key, value in os.environ.items() if key != "BELOTE_PURE"} | environment
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_belote_pure_forces_the_pure_path() -> None:
    assert _kernel_in_subprocess({"BELOTE_PURE": "1"}) == "False belote.kernel._pure belote.kernel._pure"


def test_without_belote_pure_the_compiled_path_is_used(compiled: ModuleType) -> None:
    assert _kernel_in_subprocess({}) == "True belote.kernel._ckernel belote.kernel._ckernel"
    assert _kernel_in_subprocess({"BELOTE_PURE": "0"}) == "True belote.kernel._ckernel belote.kernel._ckernel"
