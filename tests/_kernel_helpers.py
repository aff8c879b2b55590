"""Random positions and every rules code, shared by the kernel's differential tests."""

from __future__ import annotations

import importlib
import itertools
import random
from pathlib import Path
from types import ModuleType

import attrs

import belote.kernel
from belote import PRESETS
from belote.agents.sim import random_deal
from belote.kernel import _pure
from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tricks import legal_mask as rule_legal_mask
from belote.tricks import winning_position as rule_winning_position

ALL_CODES = tuple(
    _pure.rules_code(
        attrs.evolve(
            PRESETS["classic"],
            trump_lead_must_overtrump_partner=over,
            undertrump_opponent=under,
            partner_master_trumped=partner,
            tout_atout_partner_exception=exception,
            no_trumps_scale=no_trumps,
            tout_atout_scale=all_trumps,
        )
    )
    for over, under, partner, exception, no_trumps, all_trumps in itertools.product(
        (True, False), Undertrump, PartnerMasterTrumped, (False, True), NoTrumpsScale, ToutAtoutScale
    )
)


Position = tuple[list[int], list[int], int, int, int]
"""hands (4 masks), trick (card numbers), leader, mode, rules code."""


def random_positions(seed: int, count: int) -> list[Position]:
    """Positions of random deals played at random: (hands, trick, leader, mode, rules code)."""
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    found: list[Position] = []
    while len(found) < count:
        variant = rng.choice(presets)
        hands, _ = random_deal(variant, rng)
        mode = rng.randrange(6)
        code = _pure.rules_code(variant) if rng.random() < 0.5 else rng.choice(ALL_CODES)
        rule_variant = _pure.variant_of_code(code)
        trick: list[int] = []
        leader = rng.randrange(4)
        for _ in range(rng.randrange(32)):  # play some random legal cards
            seat = (leader + len(trick)) & 3
            legal = rule_legal_mask(hands[seat], trick, mode, rule_variant)[0]
            cards = [card for card in range(32) if legal >> card & 1]
            card = rng.choice(cards)
            hands[seat] &= ~(1 << card)
            trick.append(card)
            if len(trick) == 4:
                leader = (leader + rule_winning_position(trick, mode)) & 3
                trick = []
        found.append((hands, trick, leader, mode, code))
    return found


def built_kernel() -> ModuleType | None:
    """The compiled kernel, its tables loaded, even on the pure path (``BELOTE_PURE=1``); None when
    it is not built or older than its C sources."""
    if belote.kernel._compiled is not None:
        return belote.kernel._compiled
    try:
        module = importlib.import_module("belote.kernel._ckernel")
    except ImportError:
        return None
    if getattr(module, "SOURCE_HASH", None) != belote.kernel._source_hash(
        Path(belote.kernel.__file__).parent
    ):
        return None
    belote.kernel._load_tables(module)
    return module
