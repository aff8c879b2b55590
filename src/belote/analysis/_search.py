"""The exact perfect-information solver core, on card numbers and 32-bit masks.

Every hand is known. The value of a position for the seat to act is the rest of the deal
played out with best play by both teams. Team T's payoff is the card points of the tricks it
takes from the current trick on (the cards already on the table count in their trick), the
last-trick 10, and, when T ends up winning every trick of the deal (tricks before included),
T's capot bonus. The search maximises the *margin* (acting team's payoff minus the other
team's), which is "each team maximises its own score" with zero-sum payoffs.

Techniques: alpha-beta (fail-soft, minimax on team 0's margin), a transposition table at
trick boundaries holding bounds on the margin of the tricks still to play, and equivalent-card
reduction: cards of one suit that are adjacent in the mode's order among the cards not yet
played (the cards on the table count as not yet played) and that carry equal points are one
choice; they get the same value.

The rules are not written here: legal cards come from :func:`belote.tricks.legal_mask`, the
trick winner from :func:`belote.tricks.winning_position` and the card points from
:func:`belote.trumps.points_row`, through the variant that :func:`rules_variant` rebuilds from
the plain rule tuple.

The entry point, :func:`solve_cards`, is a plain function of plain ints and tuples so that a
compiled kernel can offer the same call (its signature is stable)::

    solve_cards(hands, trick, leader, mode, rules, won, capot_bonus, table=None)
        -> ((card, points, margin), ...)

Team 0 has won the first five tricks and leads (hearts trumps); the 7H throws its capot away:

>>> from belote import CLASSIC
>>> from belote.cards import CardSet
>>> texts = ("AS 7H TD", "TS 8S 9H", "KS QS JH", "9S 7S AD")
>>> hands = tuple(CardSet.parse(text).mask for text in texts)
>>> solve_cards(hands, (), 0, 2, rule_values(CLASSIC), (5, 0), (90, 90))
((11, 183, 183), (16, 49, 5), (31, 183, 183))
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from functools import lru_cache

from belote.options import NoTrumpsScale, PartnerMasterTrumped, ToutAtoutScale, Undertrump
from belote.tally import LAST_TRICK_BONUS
from belote.tricks import legal_mask, winning_position
from belote.trumps import STRENGTH_TABLE, points_row
from belote.variants import Variant

__all__ = [
    "Rules",
    "Table",
    "payoff_of",
    "rule_values",
    "rules_variant",
    "solve_cards",
]

Rules = tuple[int, int, int, int, int, int]
"""The variant's play rules as ints: ``(trump_lead_must_overtrump_partner (0/1),
undertrump_opponent (index in Undertrump), partner_master_trumped (index in
PartnerMasterTrumped), tout_atout_partner_exception (0/1), no_trumps_scale (index in
NoTrumpsScale), tout_atout_scale (index in ToutAtoutScale))``."""

Table = MutableMapping[int, tuple[int, int]]
"""A transposition table: a trick-boundary key to the (lower, upper) bounds of team 0's margin
of the tricks still to play."""

_UNDERTRUMP = tuple(Undertrump)
_PARTNER_MASTER = tuple(PartnerMasterTrumped)
_NO_TRUMPS_SCALE = tuple(NoTrumpsScale)
_TOUT_ATOUT_SCALE = tuple(ToutAtoutScale)
_SUIT_MASK = 0xFF


def rule_values(variant: Variant) -> Rules:
    """The variant's options that change card play and card points, as the plain :data:`Rules`."""
    return (
        int(variant.trump_lead_must_overtrump_partner),
        _UNDERTRUMP.index(variant.undertrump_opponent),
        _PARTNER_MASTER.index(variant.partner_master_trumped),
        int(variant.tout_atout_partner_exception),
        _NO_TRUMPS_SCALE.index(variant.no_trumps_scale),
        _TOUT_ATOUT_SCALE.index(variant.tout_atout_scale),
    )


@lru_cache(maxsize=256)
def rules_variant(rules: Rules) -> Variant:
    """A variant with the play rules and point scales of ``rules`` (the rule core reads a variant)."""
    return Variant(
        name="solver",
        trump_lead_must_overtrump_partner=bool(rules[0]),
        undertrump_opponent=_UNDERTRUMP[rules[1]],
        partner_master_trumped=_PARTNER_MASTER[rules[2]],
        tout_atout_partner_exception=bool(rules[3]),
        no_trumps_scale=_NO_TRUMPS_SCALE[rules[4]],
        tout_atout_scale=_TOUT_ATOUT_SCALE[rules[5]],
    )


def payoff_of(margin: int, remaining: int) -> int:
    """The acting team's payoff from its ``margin`` when ``remaining`` points (cards not in
    finished tricks, plus the last-trick bonus) are still to be shared: a margin beyond
    ``remaining`` is a capot, won (the whole margin) or lost (nothing)."""
    if margin > remaining:
        return margin
    if margin < -remaining:
        return 0
    return (margin + remaining) // 2


@lru_cache(maxsize=64)
def _suit_orders(mode: int, points: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Per suit, its cards strongest first under ``mode``; and the mask of the cards that share
    their points with another card of their suit (the only ones an equivalence can drop)."""
    strength = STRENGTH_TABLE[mode]
    orders = []
    shared = 0
    for suit in range(4):
        cards = sorted(range(suit * 8, suit * 8 + 8), key=lambda card: -strength[card])
        orders.append(tuple(cards))
        for card in cards:
            if sum(1 for other in cards if points[other] == points[card]) > 1:
                shared |= 1 << card
    return tuple(orders), shared


def _equivalence(
    legal: int, alive: int, orders: tuple[tuple[int, ...], ...], shared: int, points: Sequence[int]
) -> list[list[int]]:
    """The legal cards in groups of equivalent cards (each group strongest first).

    Two legal cards are equivalent when no alive card of their suit lies between them in the
    mode's order and they carry equal points (chains of such pairs form one group).
    """
    groups: list[list[int]] = []
    for suit in range(4):
        if not legal >> (suit * 8) & _SUIT_MASK:
            continue
        previous = -1
        for card in orders[suit]:
            bit = 1 << card
            if not alive & bit:
                continue
            if legal & bit:
                if previous >= 0 and shared & bit and points[previous] == points[card]:
                    groups[-1].append(card)
                else:
                    groups.append([card])
                previous = card
            else:
                previous = -1
    return groups


def _reducer(mode: int, points: tuple[int, ...]) -> Callable[[int, int], int]:
    """``reduce(legal, alive)``: the legal mask with one card kept per equivalence group."""
    orders, shared = _suit_orders(mode, points)

    def reduce(legal: int, alive: int) -> int:
        candidates = legal & shared
        if not candidates & (candidates - 1):
            return legal
        drop = 0
        for suit in range(4):
            if (candidates >> (suit * 8) & _SUIT_MASK).bit_count() < 2:
                continue
            previous = -1
            for card in orders[suit]:
                bit = 1 << card
                if not alive & bit:
                    continue
                if legal & bit:
                    if previous >= 0 and points[previous] == points[card]:
                        drop |= bit
                    previous = card
                else:
                    previous = -1
        return legal & ~drop

    return reduce


def solve_cards(
    hands: tuple[int, int, int, int],
    trick: tuple[int, ...],
    leader: int,
    mode: int,
    rules: Rules,
    won: tuple[int, int],
    capot_bonus: tuple[int, int],
    table: Table | None = None,
) -> tuple[tuple[int, int, int], ...]:
    """The exact value of each legal card of the seat to act.

    Args:
        hands: the four hands as card masks, by seat (the seat to act holds its card still).
        trick: the cards of the trick in progress, in play order (0 to 3 cards).
        leader: the seat that led that trick (``0..3``); the seat to act is
            ``(leader + len(trick)) % 4``.
        mode: the trump mode (``0..3`` a suit, 4 no trumps, 5 all trumps).
        rules: the play rules and point scales, :func:`rule_values` of the variant.
        won: the tricks each team (0 and 1) won before the trick in progress.
        capot_bonus: what team 0 and team 1 add to their payoff if they win every trick of
            the deal (the capot value minus the 162 card points; 0 for a team that cannot
            earn it).
        table: a transposition table to keep between calls on positions of one deal with the
            same mode, rules and capot bonus (it holds exact facts about the tricks still to
            play); a fresh one is used when ``None``.

    Returns:
        One ``(card, points, margin)`` per legal card, in card-number order: the acting team's
        payoff for the rest of the deal if it plays ``card`` and both teams then play best, and
        its margin over the other team.
    """
    seat = (leader + len(trick)) & 3
    variant = rules_variant(rules)
    points = points_row(mode, variant)
    orders, shared = _suit_orders(mode, points)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        alive |= 1 << card
    remaining = sum(points[card] for card in range(32) if alive >> card & 1) + LAST_TRICK_BONUS
    flag = (1 if won[1] == 0 else 0) | (2 if won[0] == 0 else 0)
    search = _Search(mode, variant, points, capot_bonus, {} if table is None else table, hands)
    legal = legal_mask(hands[seat], trick, mode, variant)[0]
    window = remaining + max(capot_bonus) + 1
    sign = -1 if seat & 1 else 1
    values: dict[int, int] = {}
    for group in _equivalence(legal, alive, orders, shared, points):
        value = sign * search.after(list(trick), leader, seat, group[0], alive, flag, -window, window)
        for card in group:
            values[card] = value
    return tuple((card, payoff_of(values[card], remaining), values[card]) for card in sorted(values))


class _Search:
    """One search: the hands (changed in place and restored) and the transposition table."""

    def __init__(
        self,
        mode: int,
        variant: Variant,
        points: tuple[int, ...],
        capot_bonus: tuple[int, int],
        table: Table,
        hands: tuple[int, int, int, int],
    ) -> None:
        self.hands = list(hands)
        self.play, self.after = _make_search(mode, variant, points, capot_bonus, table, self.hands)


_Play = Callable[[list[int], int, int, int, int, int, int], int]
_After = Callable[[list[int], int, int, int, int, int, int, int], int]


def _make_search(
    mode: int,
    variant: Variant,
    points: tuple[int, ...],
    capot_bonus: tuple[int, int],
    table: Table,
    hands: list[int],
) -> tuple[_Play, _After]:
    """The recursive search as closures over the hands (a list changed in place and restored)."""
    reduce = _reducer(mode, points)
    bonus0, bonus1 = capot_bonus
    last_bonus = LAST_TRICK_BONUS
    legal_of = legal_mask

    def finish(trick: list[int], leader: int, alive: int, flag: int, alpha: int, beta: int) -> int:
        """Team 0's margin from a complete trick on."""
        winner = (leader + winning_position(trick, mode)) & 3
        a, b, c, d = trick
        gained = points[a] + points[b] + points[c] + points[d]
        alive &= ~((1 << a) | (1 << b) | (1 << c) | (1 << d))
        if winner & 1:
            flag &= 2
            if not alive:
                gained += last_bonus + (bonus1 if flag else 0)
                return -gained
            return boundary(winner, alive, flag, alpha + gained, beta + gained) - gained
        flag &= 1
        if not alive:
            gained += last_bonus + (bonus0 if flag else 0)
            return gained
        return gained + boundary(winner, alive, flag, alpha - gained, beta - gained)

    def boundary(leader: int, alive: int, flag: int, alpha: int, beta: int) -> int:
        """Team 0's margin of the tricks still to play, ``leader`` to lead."""
        key = hands[0] | hands[1] << 32 | hands[2] << 64 | hands[3] << 96 | leader << 128 | flag << 130
        entry = table.get(key)
        if entry is not None:
            low, high = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            low, high = -100000, 100000
        value = play([], leader, leader, alive, flag, alpha, beta)
        if value <= alpha:
            high = value
        elif value >= beta:
            low = value
        else:
            low = high = value
        table[key] = (low, high)
        return value

    def after(
        trick: list[int], leader: int, seat: int, card: int, alive: int, flag: int, alpha: int, beta: int
    ) -> int:
        """Team 0's margin once ``seat`` plays ``card`` into ``trick``."""
        hand = hands[seat]
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            value = finish(trick, leader, alive, flag, alpha, beta)
        else:
            value = play(trick, leader, (seat + 1) & 3, alive, flag, alpha, beta)
        trick.pop()
        hands[seat] = hand
        return value

    def play(trick: list[int], leader: int, seat: int, alive: int, flag: int, alpha: int, beta: int) -> int:
        """Team 0's margin with ``seat`` to play into ``trick``."""
        hand = hands[seat]
        legal = reduce(legal_of(hand, trick, mode, variant)[0], alive)
        last = len(trick) == 3
        maximise = not seat & 1
        best = -100000 if maximise else 100000
        while legal:
            bit = legal & -legal
            legal ^= bit
            card = bit.bit_length() - 1
            hands[seat] = hand ^ bit
            trick.append(card)
            if last:
                value = finish(trick, leader, alive, flag, alpha, beta)
            else:
                value = play(trick, leader, (seat + 1) & 3, alive, flag, alpha, beta)
            trick.pop()
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        hands[seat] = hand
        return best

    return play, after
