"""The pure-Python twins of the compiled kernel: the reference every compiled function must match.

Each function here gives exactly the results of its C twin in ``_ckernel.c`` for the same
arguments (the tests compare them on random positions of every preset, contract kind and play
option). The rules themselves are not written again: the legal cards and the trick winner come
from :mod:`belote.tricks`, the points from :mod:`belote.trumps`, the playing loop from
:func:`belote.agents.sim.play_out`; the options packed in a rules code are read back into a
:class:`~belote.variant.Variant` carrying them.
"""

from __future__ import annotations

import functools
import operator
import struct
from collections.abc import Iterable, Sequence

import attrs

from belote.kernel._rules import rule_values
from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tricks import legal_mask as _legal_mask
from belote.tricks import winning_position as _winning_position
from belote.variants import CLASSIC, Variant

__all__ = [
    "legal_mask",
    "normal_card",
    "normal_play_out",
    "pack_plays",
    "rollouts",
    "rules_code",
    "seat_misplays",
    "splitmix64",
    "variant_of_code",
    "winning_position",
]

_UNDERTRUMP = tuple(Undertrump)
_PARTNER = tuple(PartnerMasterTrumped)
_NO_TRUMPS = tuple(NoTrumpsScale)
_ALL_TRUMPS = tuple(ToutAtoutScale)
_RULES_BITS = 10
_MASK64 = (1 << 64) - 1
_FULL = (1 << 32) - 1
_LONG = 1 << 63
_INT_MAX = (1 << 31) - 1


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
    return pack_rules(rule_values(variant))  # the solver's rule values, in the order of the bits


_RULE_SHIFTS = (0, 1, 3, 5, 6, 8)
"""Where each of the six rule values goes in the rules code (see :func:`rules_code`)."""


def pack_rules(values: Sequence[int]) -> int:
    """The six rule values (in the order of :func:`rules_code`'s bits, as the solver's
    :data:`~belote.kernel._rules.Rules` gives them) packed in the rules code, unchecked.

    >>> from belote import BULGARIAN
    >>> from belote.kernel._rules import rule_values
    >>> pack_rules(rule_values(BULGARIAN)) == rules_code(BULGARIAN)
    True
    """
    return sum(value << shift for value, shift in zip(values, _RULE_SHIFTS, strict=True))


def variant_of_code(rules: int) -> Variant:
    """A variant carrying the options packed in ``rules`` (the other options are classic's).

    >>> from belote import BULGARIAN
    >>> rules_code(variant_of_code(rules_code(BULGARIAN))) == rules_code(BULGARIAN)
    True
    >>> variant_of_code(6)  # undertrump_opponent has three values, not four
    Traceback (most recent call last):
    ...
    ValueError: rules code 6 out of range
    """
    return _variant_of(_read_rules_code(rules))


def _read_rules_code(rules: object) -> int:
    """A rules code argument as the C kernel's ``read_rules_code`` reads it: an int (not a bool),
    a ``ValueError`` beyond the code's bits (an option value beyond its choices is refused later,
    by :func:`_variant_of`, as ``check_mode_rules`` refuses it after the mode)."""
    if isinstance(rules, bool) or not isinstance(rules, int):
        raise TypeError(f"rules must be an int (see rules_code), got {rules!r}")
    if not 0 <= rules < 1 << _RULES_BITS:
        raise ValueError(f"rules code {rules} out of range")
    return int(rules)


@functools.cache
def _variant_of(rules: int) -> Variant:
    """:func:`variant_of_code` of a code read by :func:`_read_rules_code`."""
    under, partner = rules >> 1 & 3, rules >> 3 & 3
    no_trumps, all_trumps = rules >> 6 & 3, rules >> 8 & 3
    if under >= len(_UNDERTRUMP) or partner >= len(_PARTNER):
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


def _mode_rules(mode: int, rules: int) -> Variant:
    """The variant of a rules code read by :func:`_read_rules_code`, the mode checked first, as
    the C kernel's ``check_mode_rules`` checks the two."""
    _check_mode(mode)
    return _variant_of(rules)


# The arguments are read as the C kernel reads them: a sequence once, whatever iterable it is
# (PySequence_Fast), an int by its __index__ (PyLong_AsLong), a mask only from an int.


def _items(value: object, message: str) -> tuple[object, ...]:
    """The items of an iterable read once, or the ``TypeError`` the C kernel raises."""
    try:
        return tuple(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(message) from None


def _c_int(value: object) -> int:
    """An argument as the C kernel's ``int`` arguments are read (``PyArg_Parse`` format ``i``):
    by its ``__index__`` into a C ``long``, then an ``OverflowError`` beyond a C ``int``."""
    number = _as_long(value)
    if number > _INT_MAX:
        raise OverflowError("signed integer is greater than maximum")
    if number < -_INT_MAX - 1:
        raise OverflowError("signed integer is less than minimum")
    return number


def _c_count(value: object) -> int:
    """A count as the C kernel reads a ``Py_ssize_t`` (format ``n``)."""
    number = operator.index(value)  # type: ignore[arg-type]
    if not -_LONG <= number < _LONG:
        raise OverflowError("Python int too large to convert to C ssize_t")
    return number


def _as_long(value: object) -> int:
    """An int as C reads a ``long`` from it (too big: ``OverflowError``)."""
    number = operator.index(value)  # type: ignore[arg-type]
    if not -_LONG <= number < _LONG:
        raise OverflowError("Python int too large to convert to C long")
    return number


def _read_cards(trick: object, least: int, most: int, message: str) -> list[int]:
    """The card numbers of a trick, ``least`` to ``most`` of them (else ``ValueError(message)``),
    as the C kernel's ``read_cards`` reads them."""
    cards = _items(trick, "trick must be a sequence of card numbers")
    if not least <= len(cards) <= most:
        raise ValueError(message)
    numbers = []
    for card in cards:
        number = _as_long(card)
        if not 0 <= number <= 31:
            raise ValueError(f"card number {number} out of range 0..31")
        numbers.append(number)
    return numbers


def _check_trick(trick: object) -> list[int]:
    """A trick in progress: at most 3 cards."""
    return _read_cards(trick, 0, 3, "a trick in progress holds at most 3 cards")


def _check_mask(mask: object, name: str) -> int:
    if not isinstance(mask, int) or not 0 <= mask < 1 << 32:
        raise ValueError(f"{name} must be a 32-bit card mask")
    return int(mask)


def legal_mask(hand: int, trick: Sequence[int], mode: int, rules: int) -> int:
    """The mask of the cards of ``hand`` that may be played into ``trick`` (card numbers in
    play order, at most 3) under trump mode ``mode`` (0-5) and the options of ``rules``.

    >>> from belote import CLASSIC, CardSet, Card, Trump
    >>> hand = CardSet.parse("7H AH KD").mask
    >>> trick = [Card.parse("AS").index, Card.parse("9H").index]
    >>> str(CardSet(legal_mask(hand, trick, Trump.HEARTS, rules_code(CLASSIC))))
    'AH 7H'
    """
    mode = _c_int(mode)
    variant = _mode_rules(mode, _read_rules_code(rules))
    return _legal_mask(_check_mask(hand, "hand"), _check_trick(trick), mode, variant)[0]


def winning_position(trick: Sequence[int], mode: int) -> int:
    """The index in ``trick`` (1 to 4 card numbers in play order) of the card winning it.

    >>> from belote import Card, Trump
    >>> winning_position([Card.parse(c).index for c in ("TS", "AS", "7H", "KS")], Trump.HEARTS)
    2
    """
    mode = _c_int(mode)
    _check_mode(mode)
    return _winning_position(_read_cards(trick, 1, 4, "a trick holds 1 to 4 cards"), mode)


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


def _check_position(hands: object, trick: object, leader: int) -> tuple[list[int], list[int]]:
    """The hands and trick of a position of a deal, as the C kernel's ``read_position`` checks them."""
    held = _items(hands, "hands must be a sequence of 4 masks")
    if len(held) != 4:
        raise ValueError("hands must hold 4 masks, one per seat")
    masks = [_check_mask(hand, "a hand") for hand in held]
    cards = _check_trick(trick)
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
    leader, mode = _c_int(leader), _c_int(mode)
    count = _c_count(count)
    variant = _mode_rules(mode, _read_rules_code(rules))
    masks, cards = _check_position(hands, trick, leader)
    seed = operator.index(seed)
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


def normal_card(hand: int, legal: int, trick: Sequence[int], mode: int, unseen: int, attacking: bool) -> int:
    """The normal player's card among ``legal`` (a non-empty part of ``hand``), as
    :func:`belote.agents.heuristics.choose_card` chooses it: ``trick`` holds the cards already
    played to the trick, ``unseen`` the cards the player has not seen, ``attacking`` is true for
    the taking side.

    >>> from belote import Card, CardSet, Trump
    >>> hand = CardSet.parse("AS 7S KH").mask
    >>> str(Card.from_index(normal_card(hand, hand, [], Trump.HEARTS, 0, attacking=False)))
    'AS'
    """
    from belote.agents.heuristics import choose_card  # the agents package imports this module's users

    mode = _c_int(mode)
    attacking = bool(attacking)  # C reads its truth with the other arguments, before any check
    _check_mode(mode)
    hand = _check_mask(hand, "hand")  # a bool as its int: ~ on a bool is deprecated (Python 3.12)
    legal = _check_mask(legal, "legal")
    unseen = _check_mask(unseen, "unseen")
    cards = _check_trick(trick)
    if not legal or legal & ~hand:
        raise ValueError("legal must be a non-empty part of hand")
    return choose_card(hand, legal, cards, mode, unseen, attacking)


def normal_play_out(
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    mode: int,
    rules: int,
    taker_team: int,
    played: int,
    first: int = -1,
    ahead: int = -1,
) -> tuple[int, int, list[int], int]:
    """The deal played to its end by the normal player's heuristics for all four seats, as
    :func:`belote.agents.sim.play_out` with :func:`~belote.agents.sim.normal_policy` plays it:
    ``hands`` (one mask per seat) and ``trick`` (the trick in progress, led by ``leader``) are
    not changed; ``played`` is the mask of the cards gone (the trick's included); ``first``, if
    not -1, is the card the seat to act plays now (a legal one); the seats of team ``ahead``
    (0 or 1; -1 for none) look one card ahead on the open hands (see ``play_out``). Returns
    the card points won by team 0 and team 1 from the current trick on (last-trick bonus
    included), the tricks each seat won from it on, and the seat that took the last trick (-1
    if the hands were empty).

    >>> from belote import CLASSIC
    >>> hands = [0x11111111 << seat for seat in range(4)]
    >>> won0, won1, tricks, last = normal_play_out(hands, [], 0, 2, rules_code(CLASSIC), 0, 0)
    >>> won0 + won1, sum(tricks)
    (162, 8)
    """
    from belote.agents.sim import normal_policy, play_out  # the agents package imports this module's users

    leader, mode, taker_team = _c_int(leader), _c_int(mode), _c_int(taker_team)
    first, ahead = _c_int(first), _c_int(ahead)
    variant = _mode_rules(mode, _read_rules_code(rules))
    masks, cards = _check_position(hands, trick, leader)
    _check_mask(played, "played")
    if taker_team not in (0, 1):
        raise ValueError(f"taker_team must be 0 or 1, got {taker_team}")
    if ahead not in (-1, 0, 1):
        raise ValueError(f"ahead must be -1, 0 or 1, got {ahead}")
    held = masks[0] | masks[1] | masks[2] | masks[3]
    in_trick = sum(1 << card for card in cards)
    if played & held or in_trick & ~played:
        raise ValueError("played must hold the trick's cards and no card of a hand")
    if first != -1:
        hand = masks[(leader + len(cards)) & 3]
        if not 0 <= first <= 31 or not _legal_mask(hand, cards, mode, variant)[0] >> first & 1:
            raise ValueError(f"first must be -1 or a legal card of the seat to act, got {first}")
    return play_out(masks, cards, leader, mode, variant, normal_policy, taker_team, played, first, ahead)


_PLAY = struct.Struct("=6B2xII")
"""One seen play, packed as the C kernel reads it: the card, the trick's length, its three cards
(zeros past its length), the attacking flag, two pad bytes, the cards gone and the seat's later
cards (native byte order, 16 bytes)."""


def pack_plays(plays: Iterable[tuple[int, Sequence[int], int, int, bool]]) -> bytes:
    """One seat's plays, as :func:`seat_misplays` reads them: for each, in play order, the card,
    the cards already in the trick when it was played, the mask of every card gone before it
    (the trick's included), the mask of this card and of the seat's later cards, and whether
    the seat was attacking.

    >>> len(pack_plays([(5, (), 0, 1 << 5, True), (9, (3, 4), 0b11000, 1 << 9, True)]))
    32
    """
    packed = []
    for card, trick, gone, later, attacking in plays:
        cards = _check_trick(trick)
        if not 0 <= card <= 31 or not later >> card & 1:
            raise ValueError("a play's later cards must hold its card (a card number 0..31)")
        padded = (*cards, 0, 0, 0)[:3]
        packed.append(
            _PLAY.pack(
                card,
                len(cards),
                *padded,
                bool(attacking),
                _check_mask(gone, "gone"),
                _check_mask(later, "later"),
            )
        )
    return b"".join(packed)


def _bytes_like(value: object) -> bytes:
    """The bytes of a buffer argument, as the C kernel reads one (``PyArg_Parse`` format ``y*``):
    any C-contiguous object with the buffer protocol (bytes, a bytearray, an array, a memoryview),
    its bytes whatever its item format."""
    try:
        view = memoryview(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"a bytes-like object is required, not '{type(value).__name__}'") from None
    with view:
        if not view.c_contiguous:
            raise BufferError("memoryview: underlying buffer is not C-contiguous")
        return view.tobytes()


def seat_misplays(hand: int, plays: bytes, mode: int, rules: int) -> int:
    """How many of one seat's ``plays`` (packed by :func:`pack_plays`: bytes, or any contiguous
    buffer of those bytes) the normal player's heuristics would not have made, the seat holding
    ``hand`` now: at each play it held ``hand`` with that play's later cards. A forced card counts
    for nothing.

    >>> from belote import CLASSIC, Card, Trump
    >>> ace, seven = Card.parse("AS").index, Card.parse("7S").index
    >>> plays = pack_plays([(seven, (), 0, 1 << seven, False)])  # led the 7 holding the ace
    >>> seat_misplays(1 << ace, plays, Trump.HEARTS, rules_code(CLASSIC))
    1
    """
    from belote.agents.reading import (
        SeenPlay,
        count_misplays,
    )  # the agents package imports this module's users
    from belote.agents.sim import normal_policy

    packed = _bytes_like(plays)
    mode = _c_int(mode)
    variant = _mode_rules(mode, _read_rules_code(rules))
    _check_mask(hand, "hand")
    if len(packed) % _PLAY.size:
        raise ValueError("plays must be packed by belote.kernel.pack_plays")
    seen = []
    for card, length, first, second, third, attacking, gone, later in _PLAY.iter_unpack(packed):
        trick = (first, second, third)[:length]
        if card > 31 or length > 3 or attacking > 1 or not later >> card & 1 or any(c > 31 for c in trick):
            raise ValueError("plays must be packed by belote.kernel.pack_plays")
        seen.append(SeenPlay(0, card, trick, gone, later, bool(attacking)))
    return count_misplays(seen, hand, mode, variant, normal_policy)
