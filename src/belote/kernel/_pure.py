"""The pure-Python twins of the compiled kernel: the reference every compiled function must match.

Each function here gives exactly the results of its C twin in ``_ckernel.c`` for the same
arguments (the tests compare them on random positions of every preset, contract kind and play
option). The rules themselves are not written again: the legal cards and the trick winner come
from :mod:`belote.tricks`, the points from :mod:`belote.trumps`, the playing loop from
:func:`belote.agents.sim.play_out`; the options packed in a rules code are read back into a
:class:`~belote.variants.Variant` carrying them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tricks import legal_mask as _legal_mask
from belote.tricks import winning_position as _winning_position
from belote.variants import CLASSIC, Variant

__all__ = ["legal_mask", "rollouts", "rules_code", "splitmix64", "variant_of_code", "winning_position"]

_UNDERTRUMP = tuple(Undertrump)
_PARTNER = tuple(PartnerMasterTrumped)
_NO_TRUMPS = tuple(NoTrumpsScale)
_ALL_TRUMPS = tuple(ToutAtoutScale)
_RULES_BITS = 10
_MASK64 = (1 << 64) - 1


def rules_code(variant: Variant) -> int:
    """The variant's options that change card play and card points, packed in one small int.

    Bit 0: ``trump_lead_must_overtrump_partner``; bits 1-2: ``undertrump_opponent`` (its index
    in :class:`~belote.options.Undertrump`); bits 3-4: ``partner_master_trumped``; bit 5:
    ``tout_atout_partner_exception``; bits 6-7: ``no_trumps_scale``; bits 8-9:
    ``tout_atout_scale``. The kernel functions take this code instead of a variant.

    >>> from belote import BULGARIAN, CLASSIC
    >>> rules_code(CLASSIC), rules_code(BULGARIAN)
    (1, 3)
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, got {variant!r}")
    return (
        int(variant.trump_lead_must_overtrump_partner)
        | _UNDERTRUMP.index(variant.undertrump_opponent) << 1
        | _PARTNER.index(variant.partner_master_trumped) << 3
        | int(variant.tout_atout_partner_exception) << 5
        | _NO_TRUMPS.index(variant.no_trumps_scale) << 6
        | _ALL_TRUMPS.index(variant.tout_atout_scale) << 8
    )


@functools.cache
def variant_of_code(rules: int) -> Variant:
    """A variant carrying the options packed in ``rules`` (the other options are classic's).

    >>> from belote import BULGARIAN
    >>> rules_code(variant_of_code(rules_code(BULGARIAN))) == rules_code(BULGARIAN)
    True
    """
    if isinstance(rules, bool) or not isinstance(rules, int):
        raise TypeError(f"rules must be an int (see rules_code), got {rules!r}")
    under, partner = rules >> 1 & 3, rules >> 3 & 3
    no_trumps, all_trumps = rules >> 6 & 3, rules >> 8 & 3
    if not 0 <= rules < 1 << _RULES_BITS or under >= len(_UNDERTRUMP) or partner >= len(_PARTNER):
        raise ValueError(f"rules code {rules} out of range")
    if no_trumps >= len(_NO_TRUMPS) or all_trumps >= len(_ALL_TRUMPS):
        raise ValueError(f"rules code {rules} out of range")
    return attrs.evolve(
        CLASSIC,
        name=f"rules {rules}",
        trump_lead_must_overtrump_partner=bool(rules & 1),
        undertrump_opponent=_UNDERTRUMP[under],
        partner_master_trumped=_PARTNER[partner],
        tout_atout_partner_exception=bool(rules >> 5 & 1),
        no_trumps_scale=_NO_TRUMPS[no_trumps],
        tout_atout_scale=_ALL_TRUMPS[all_trumps],
    )


def _check_mode(mode: int) -> None:
    if not 0 <= mode <= 5:
        raise ValueError(f"mode {mode} out of range 0..5")


def _check_trick(trick: Sequence[int], longest: int) -> list[int]:
    cards = [int(card) for card in trick]
    if len(cards) > longest:
        raise ValueError("a trick in progress holds at most 3 cards")
    for card in cards:
        if not 0 <= card <= 31:
            raise ValueError(f"card number {card} out of range 0..31")
    return cards


def _check_mask(mask: int, name: str) -> int:
    if not 0 <= mask < 1 << 32:
        raise ValueError(f"{name} must be a 32-bit card mask")
    return mask


def legal_mask(hand: int, trick: Sequence[int], mode: int, rules: int) -> int:
    """The mask of the cards of ``hand`` that may be played into ``trick`` (card numbers in
    play order, at most 3) under trump mode ``mode`` (0-5) and the options of ``rules``.

    >>> from belote import CLASSIC, CardSet, Card, Trump
    >>> hand = CardSet.parse("7H AH KD").mask
    >>> trick = [Card.parse("AS").index, Card.parse("9H").index]
    >>> str(CardSet(legal_mask(hand, trick, Trump.HEARTS, rules_code(CLASSIC))))
    'AH 7H'
    """
    variant = variant_of_code(rules)
    _check_mode(mode)
    return _legal_mask(_check_mask(hand, "hand"), _check_trick(trick, 3), mode, variant)[0]


def winning_position(trick: Sequence[int], mode: int) -> int:
    """The index in ``trick`` (1 to 4 card numbers in play order) of the card winning it.

    >>> from belote import Card, Trump
    >>> winning_position([Card.parse(c).index for c in ("TS", "AS", "7H", "KS")], Trump.HEARTS)
    2
    """
    _check_mode(mode)
    cards = _check_trick(trick, 4)
    if not cards:
        raise ValueError("a trick holds 1 to 4 cards")
    return _winning_position(cards, mode)


def splitmix64(state: int) -> tuple[int, int]:
    """One step of the splitmix64 generator: ``(new state, 64-bit output)``, as the C kernel.

    >>> splitmix64(0)[1] == 0xE220A8397B1DCDAF
    True
    """
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def _check_position(hands: Sequence[int], trick: Sequence[int], leader: int) -> tuple[list[int], list[int]]:
    masks = [_check_mask(int(hand), "a hand") for hand in hands]
    if len(masks) != 4:
        raise ValueError("hands must hold 4 masks, one per seat")
    cards = _check_trick(trick, 3)
    if not 0 <= leader <= 3:
        raise ValueError(f"leader {leader} out of range 0..3")
    seen = 0
    for mask in masks:
        if seen & mask:
            raise ValueError("a card is in two hands")
        seen |= mask
    for card in cards:
        if seen >> card & 1:
            raise ValueError("a card is both in the trick and in a hand")
        seen |= 1 << card
    size = masks[(leader + len(cards)) & 3].bit_count()
    for index in range(4):
        if masks[(leader + index) & 3].bit_count() != (size - 1 if index < len(cards) else size):
            raise ValueError("hand sizes do not fit the trick: the seats that played hold one card fewer")
    return masks, cards


def rollouts(
    hands: Sequence[int], trick: Sequence[int], leader: int, mode: int, rules: int, seed: int, count: int
) -> tuple[int, int]:
    """Play ``count`` random deals to their end from one position; the card points of team 0
    and team 1 summed over them (from the current trick on, last-trick bonus included).

    ``hands`` are the four seats' masks, ``trick`` the cards of the trick in progress (led by
    ``leader``). Each card is drawn uniformly among the legal ones by a splitmix64 generator
    seeded with ``seed`` (the k-th lowest legal card, ``k = (output >> 32) * legal count >> 32``;
    no draw when one card is legal), so the same seed gives the same deals in C and in Python.

    >>> from belote import CLASSIC
    >>> hands = [0x11111111 << seat for seat in range(4)]
    >>> sum(rollouts(hands, [], 0, 2, rules_code(CLASSIC), seed=7, count=3)) == 3 * 162
    True
    """
    variant = variant_of_code(rules)
    _check_mode(mode)
    masks, cards = _check_position(hands, trick, leader)
    if count < 0:
        raise ValueError("count must be at least 0")
    from belote.agents.sim import play_out  # the agents package imports this module's users

    state = seed & _MASK64

    def policy(hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool) -> int:
        nonlocal state
        state, output = splitmix64(state)
        for _ in range(((output >> 32) * legal.bit_count()) >> 32):
            legal &= legal - 1
        return (legal & -legal).bit_length() - 1

    total = [0, 0]
    played = 0
    for card in cards:
        played |= 1 << card
    for _ in range(count):
        won = play_out(list(masks), list(cards), leader, mode, variant, policy, 0, played)
        total[0] += won[0]
        total[1] += won[1]
    return total[0], total[1]
