"""The exact perfect-information solver core, on card numbers and 32-bit masks.

Every hand is known. The value of a position for the seat to act is the rest of the deal
played out with best play by both teams. Team T's payoff is the card points of the tricks it
takes from the current trick on (the cards already on the table count in their trick), the
last-trick 10, and, when T ends up winning every trick of the deal (tricks before included),
T's capot bonus: its one-player capot bonus when one seat of T took them all and the caller
gives one (the 501 game; the search then follows, in its capot flags, which seats may still
take every trick alone). The search maximises the *margin* (acting team's payoff minus the other
team's), which is "each team maximises its own score" with zero-sum payoffs.

Techniques: alpha-beta (fail-soft, minimax on team 0's margin), a transposition table at
trick boundaries holding bounds on the margin of the tricks still to play, and equivalent-card
reduction: cards of one suit that are adjacent in the mode's order among the cards not yet
played (the cards on the table count as not yet played) and that carry equal points are one
choice; they get the same value.

The rules are not written here: legal cards come from :func:`belote.tricks.legal_mask`, the
trick winner from :func:`belote.tricks.winning_position` (inside the search, the winner so far
is followed card by card with the :data:`~belote.trumps.TRICK_POWER` table it reads) and the
card points from :func:`belote.trumps.points_row`, through the variant that
:func:`~belote.kernel._rules.rules_variant` rebuilds from the plain rule tuple
(:mod:`belote.kernel._rules`).

Each distinct root card (one per equivalence group) is searched with the full window, so
every legal card gets its exact value; the table is shared by those searches. Move order:
the table's best lead, then leads by power; after the lead, cards that take the trick (the
cheapest first, the richest for the last seat), points given to a partner who holds the trick,
then the cheapest discards. Values never depend on the order, only the time does.

The entry point, :func:`solve_cards`, is a plain function of plain ints and tuples so that a
compiled kernel can offer the same call (its signature is stable)::

    solve_cards(hands, trick, leader, mode, rules, won, capot_bonus, table=None, solo_bonus=None,
                *, threads=None, time_limit=None) -> ((card, points, margin), ...)

Team 0 has won the first five tricks and leads (hearts trumps); the 7H throws its capot away:

>>> from belote import CLASSIC
>>> from belote.kernel._rules import rule_values
>>> from belote.cards import CardSet
>>> texts = ("AS 7H TD", "TS 8S 9H", "KS QS JH", "9S 7S AD")
>>> north, west, south, east = (CardSet.parse(text).mask for text in texts)
>>> hands = (north, west, south, east)
>>> solve_cards(hands, (), 0, 2, rule_values(CLASSIC), (5, 0), (90, 90))
((11, 183, 183), (16, 49, 5), (31, 183, 183))
"""

from __future__ import annotations

import time
from collections.abc import Callable, MutableMapping

from belote.kernel._capots import capot_tables, per_seat, start_flag
from belote.kernel._equivalent_cards import equivalence_groups, reducer, suit_orders
from belote.kernel._rules import Rules, payoff_of, remaining_points, rules_variant
from belote.kernel._search_arguments import SearchArguments, check_time_limit, read_search_arguments
from belote.tally import LAST_TRICK_BONUS
from belote.tricks import legal_mask, winning_position
from belote.trumps import TRICK_POWER, _points_row
from belote.variants import Variant

__all__ = ["SolveCards", "Table", "solve_cards", "solve_read"]

Table = MutableMapping[int, tuple[int, int, int]]
"""A transposition table: a trick-boundary key to the (lower, upper) bounds of team 0's margin
of the tricks still to play and the best lead found."""


SolveCards = Callable[..., tuple[tuple[int, int, int], ...]]
"""The call of :func:`solve_cards`, which the compiled kernel's search offers too
(:data:`belote.kernel.solve_cards` is the one in use)."""


_SUIT_MASK = 0xFF


def solve_cards(
    hands: tuple[int, int, int, int],
    trick: tuple[int, ...],
    leader: int,
    mode: int,
    rules: Rules,
    won: tuple[int, ...],
    capot_bonus: tuple[int, int],
    table: Table | None = None,
    solo_bonus: tuple[int, ...] | None = None,
    *,
    threads: int | None = None,
    time_limit: float | None = None,
) -> tuple[tuple[int, int, int], ...]:
    """The exact value of each legal card of the seat to act.

    Args:
        hands: the four hands as card masks, by seat (the seat to act holds its card still).
        trick: the cards of the trick in progress, in play order (0 to 3 cards).
        leader: the seat that led that trick (``0..3``); the seat to act is
            ``(leader + len(trick)) % 4``.
        mode: the trump mode (``0..3`` a suit, 4 no trumps, 5 all trumps).
        rules: the play rules and point scales, :func:`rule_values` of the variant.
        won: the tricks won before the trick in progress: 2 ints, per team (0 and 1), or 4
            ints, per seat (required with ``solo_bonus``).
        capot_bonus: what team 0 and team 1 add to their payoff if they win every trick of
            the deal (:func:`belote.analysis.capot_bonuses` reads it from the variant's score
            sheet; 0 for a team that cannot earn it).
        table: a transposition table to keep between calls on positions of one deal with the
            same mode, rules and capot bonuses (it holds exact facts about the tricks still to
            play); a fresh one is used when ``None``.
        solo_bonus: what a team adds instead of ``capot_bonus`` when one of its players alone
            wins every trick of the deal (the one-player capot of the 501 game), per team (2
            ints), or per seat (4 ints: the coinche générale, made by the taker alone);
            ``None`` when a one-player capot scores as a team's. Only followed where it
            differs from ``capot_bonus`` (the search is then slower).
        threads: how many threads the compiled search may split the legal cards over (``None``:
            the processors the process may run on, from 28 cards in play; one below). The values
            do not depend on it; this pure-Python search checks it and runs on one thread.
        time_limit: if given, the most seconds the search may take: past it, it stops and
            raises ``TimeoutError`` (the clock is read every few dozen positions searched, so
            it may run a little over; a ``table`` given keeps only exact facts). The values do
            not depend on it.

    Returns:
        One ``(card, points, margin)`` per legal card, in card-number order: the acting team's
        payoff for the rest of the deal if it plays ``card`` and both teams then play best, and
        its margin over the other team (a capot's bonus, of one player or of the team,
        included).

    Every sequence is read once, whatever iterable it is, and the arguments are checked as the
    compiled kernel checks them, with the same exceptions and messages
    (:func:`~belote.kernel._search_arguments.read_search_arguments`).

    Raises:
        ValueError: a position no deal reaches (a card in two hands or both in a hand and the
            trick, hand sizes that do not fit the trick, a card number, leader or mode out of
            range); ``rules`` not 6 rule values in range; ``won`` neither 2 nor 4 tricks counts
            from 0 to 8, or 2 with ``solo_bonus``; ``capot_bonus`` not 2 ints from 0 to 10000,
            ``solo_bonus`` neither 2 nor 4; ``threads`` below 1; ``time_limit`` not above 0.
        TypeError: an argument of the wrong kind (``threads`` neither ``None`` nor an int,
            ``time_limit`` neither ``None`` nor a number).
        OverflowError: an int too big for the compiled kernel to read.
        TimeoutError: the search took longer than ``time_limit``.

    The last trick, seat 0 to lead in hearts: its jack takes 20 points and the last-trick 10

    >>> from belote import CLASSIC
    >>> from belote.kernel._rules import rule_values
    >>> from belote.cards import CardSet
    >>> north, west, south, east = (CardSet.parse(text).mask for text in ("JH", "7S", "8S", "9S"))
    >>> hands = (north, west, south, east)
    >>> solve_cards(hands, (), 0, 2, rule_values(CLASSIC), (5, 2), (90, 90))
    ((20, 30, 30),)
    """
    arguments = read_search_arguments(
        hands, trick, leader, mode, rules, won, capot_bonus, solo_bonus, threads, time_limit=time_limit
    )
    return solve_read(arguments, table, time_limit)


def solve_read(
    arguments: SearchArguments, table: Table | None, time_limit: object
) -> tuple[tuple[int, int, int], ...]:
    """:func:`solve_cards` of arguments already read by
    :func:`~belote.kernel._search_arguments.read_search_arguments` (``time_limit`` checked there
    too, given as the caller gave it: the message of a search out of time writes it)."""
    hands, trick, leader, mode, rules, won, capot_bonus, solo_bonus = arguments
    seconds = check_time_limit(time_limit)
    seat = (leader + len(trick)) & 3
    variant = rules_variant(rules)
    points = _points_row(mode, variant)
    orders, shared = suit_orders(mode, points)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for card in trick:
        alive |= 1 << card
    remaining = remaining_points(hands, trick, points)
    solo = per_seat(capot_bonus if solo_bonus is None else solo_bonus)
    flag = start_flag(won, capot_bonus, None if solo_bonus is None else solo)
    clock = None
    if seconds is not None:
        clock = _Clock(
            time.perf_counter() + seconds, f"the search ran past its time_limit of {time_limit!r} seconds"
        )
    search = _make_search(
        mode, variant, points, capot_bonus, solo, {} if table is None else table, list(hands), clock
    )
    legal = legal_mask(hands[seat], trick, mode, variant)[0]
    window = remaining + max(*capot_bonus, *solo) + 1
    sign = -1 if seat & 1 else 1
    values: dict[int, int] = {}
    for group in equivalence_groups(legal, alive, orders, shared, points):
        value = sign * search(list(trick), leader, group[0], alive, flag, remaining, -window, window)
        for card in group:
            values[card] = value
    return tuple((card, payoff_of(values[card], remaining), values[card]) for card in sorted(values))


_Search = Callable[[list[int], int, int, int, int, int, int, int], int]
_LOW, _HIGH = -100000, 100000
CLOCK_EVERY = 32
"""Trick boundaries searched between two readings of the clock under a time limit (some
0.1 ms of the pure search; the compiled search reads it every 256, as often)."""


class _Clock:
    """A search's time limit: :meth:`tick` at each trick boundary raises ``TimeoutError`` (with
    ``message``) once :func:`time.perf_counter` is past ``deadline``, reading it every
    :data:`CLOCK_EVERY` ticks."""

    __slots__ = ("deadline", "message", "ticks")

    def __init__(self, deadline: float, message: str) -> None:
        self.deadline = deadline
        self.message = message
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1
        if not self.ticks % CLOCK_EVERY and time.perf_counter() >= self.deadline:
            raise TimeoutError(self.message)


def _make_search(
    mode: int,
    variant: Variant,
    points: tuple[int, ...],
    capot_bonus: tuple[int, int],
    solo_bonus: tuple[int, int, int, int],
    table: Table,
    hands: list[int],
    clock: _Clock | None = None,
) -> _Search:
    """The recursive search as closures over the hands (a list changed in place and restored),
    under ``clock``'s time limit if given (read at the trick boundaries that reach the table).

    Every function returns team 0's margin (team 0 maximises, team 1 minimises), fail-soft.
    The trick's winner so far is followed with the :data:`~belote.trumps.TRICK_POWER` table
    that :func:`~belote.tricks.winning_position` reads.
    """
    reduce = reducer(mode, points)
    keep, closing, (top0, top1) = capot_tables(capot_bonus, solo_bonus)
    last_bonus = LAST_TRICK_BONUS
    legal_of = legal_mask
    powers = TRICK_POWER[mode]
    lead_power = tuple(powers[card >> 3][card] for card in range(32))
    leads: dict[int, list[int]] = {}

    def boundary(leader: int, alive: int, flag: int, rest: int, alpha: int, beta: int) -> int:
        """Team 0's margin of the tricks still to play, ``leader`` to lead; ``rest`` the
        points still to share (the last-trick bonus included)."""
        high = rest + top0[flag]
        if high <= alpha:
            return high
        low = -rest - top1[flag]
        if low >= beta:
            return low
        h0, h1, h2, h3 = hands
        if not h0 & (h0 - 1):  # one card each: the last trick plays itself
            power = powers[hands[leader].bit_length() - 1 >> 3]
            best = winner = -1
            for offset in range(4):
                seat = (leader + offset) & 3
                strength = power[hands[seat].bit_length() - 1]
                if strength > best:
                    best, winner = strength, seat
            earned = rest + closing[winner][flag & keep[winner]]
            return -earned if winner & 1 else earned
        if clock is not None:
            clock.tick()  # before anything of this node is stored: the table keeps exact facts only
        key = h0 | h1 << 32 | h2 << 64 | h3 << 96 | leader << 128 | flag << 130
        entry = table.get(key)
        move = -1
        if entry is not None:
            low, high, move = entry
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
            low, high = _LOW, _HIGH
        hand = hands[leader]
        lead_key = hand | alive << 32
        cards = leads.get(lead_key)
        if cards is None:  # the strongest cards first
            legal = reduce(hand, alive)
            cards = []
            while legal:
                bit = legal & -legal
                legal ^= bit
                cards.append(bit.bit_length() - 1)
            cards.sort(key=lead_power.__getitem__, reverse=True)
            leads[lead_key] = cards
        if move >= 0 and cards[0] != move:  # the table's best lead first
            cards = [move, *(card for card in cards if card != move)]
        maximise = not leader & 1
        best = _LOW if maximise else _HIGH
        best_card = cards[0]
        start_alpha, start_beta = alpha, beta
        after = (leader + 1) & 3
        for card in cards:
            hands[leader] = hand ^ (1 << card)
            value = play([card], leader, after, alive, flag, rest, alpha, beta, lead_power[card], leader)
            if maximise:
                if value > best:
                    best = value
                    best_card = card
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                best_card = card
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        hands[leader] = hand
        if best <= start_alpha:
            high = best
        elif best >= start_beta:
            low = best
        else:
            low = high = best
        table[key] = (low, high, best_card)
        return best

    def play(
        trick: list[int],
        leader: int,
        seat: int,
        alive: int,
        flag: int,
        rest: int,
        alpha: int,
        beta: int,
        top: int,
        winner: int,
    ) -> int:
        """Team 0's margin with ``seat`` to play into ``trick`` (1 to 3 cards on the table),
        ``top`` the power of its winning card so far, played by ``winner``."""
        hand = hands[seat]
        legal = reduce(legal_of(hand, trick, mode, variant)[0], alive)
        power = powers[trick[0] >> 3]
        last = len(trick) == 3
        if legal & (legal - 1):
            partner = (winner ^ seat) == 2
            moves = []
            while legal:
                bit = legal & -legal
                legal ^= bit
                card = bit.bit_length() - 1
                strength = power[card]
                if strength > top:  # takes the lead: the cheapest first (the last seat: the richest)
                    score = 200 + 4 * points[card] - strength if last else 200 - strength
                    if partner:
                        score -= 150
                elif partner:  # the partner holds the trick: give it points
                    score = 100 + points[card]
                else:  # beaten anyway: the cheapest card
                    score = -4 * points[card] - strength
                moves.append((score, card))
            moves.sort(reverse=True)
            cards = [card for _, card in moves]
        else:
            cards = [legal.bit_length() - 1]
        maximise = not seat & 1
        best = _LOW if maximise else _HIGH
        after = (seat + 1) & 3
        for card in cards:
            hands[seat] = hand ^ (1 << card)
            strength = power[card]
            if last:
                taker = seat if strength > top else winner
                a, b, c = trick
                gained = points[a] + points[b] + points[c] + points[card]
                left = alive & ~((1 << a) | (1 << b) | (1 << c) | (1 << card))
                kept = flag & keep[taker]
                if taker & 1:
                    if left:
                        value = (
                            boundary(taker, left, kept, rest - gained, alpha + gained, beta + gained) - gained
                        )
                    else:
                        value = -(gained + last_bonus + closing[taker][kept])
                elif left:
                    value = gained + boundary(taker, left, kept, rest - gained, alpha - gained, beta - gained)
                else:
                    value = gained + last_bonus + closing[taker][kept]
            else:
                trick.append(card)
                if strength > top:
                    value = play(trick, leader, after, alive, flag, rest, alpha, beta, strength, seat)
                else:
                    value = play(trick, leader, after, alive, flag, rest, alpha, beta, top, winner)
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

    def search(
        trick: list[int], leader: int, card: int, alive: int, flag: int, rest: int, alpha: int, beta: int
    ) -> int:
        """Team 0's margin once the seat to act plays ``card`` into ``trick``."""
        seat = (leader + len(trick)) & 3
        hand = hands[seat]
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + winning_position(trick, mode)) & 3
            gained = sum(points[played] for played in trick)
            alive &= ~sum(1 << played for played in trick)
            flag &= keep[winner]
            sign = -1 if winner & 1 else 1
            if alive:
                value = sign * gained + boundary(
                    winner, alive, flag, rest - gained, alpha - sign * gained, beta - sign * gained
                )
            else:
                value = sign * (gained + last_bonus + closing[winner][flag])
        else:
            position = winning_position(trick, mode)
            top = powers[trick[0] >> 3][trick[position]]
            value = play(
                trick, leader, (seat + 1) & 3, alive, flag, rest, alpha, beta, top, (leader + position) & 3
            )
        trick.pop()
        hands[seat] = hand
        return value

    return search
