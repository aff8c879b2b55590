"""The expert player's bidding: its bidding simulation's deals solved exactly.

The hard player's bidding simulation (:func:`~belote.agents.sim_bidding.evaluate_calls`) plays
each sampled deal out by the normal heuristics, which undervalue what good card play makes of a
contract. Where :data:`SOLVED_BIDDING` says so, the expert player plays them out exactly instead
(:func:`solved_play_out`: the solver from the first lead, both teams playing best with all hands
open), over :data:`SOLVED_BID_SAMPLES` sampled deals a call. :func:`solved_end` reads the end of
the deal (each team's card points, a capot, the tricks scoring reads) from a solved margin; the
expert's card play reads its solved samples the same way.

>>> from belote import CLASSIC
>>> SOLVED_BIDDING[CLASSIC.bidding], SOLVED_BID_SAMPLES
(True, 64)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence

from belote.agents.objective import DealObjective
from belote.agents.sim_bidding import OWN_PLAY_CREDIT, DealPlayOut, deal_facts, heuristic_play_out
from belote.analysis.solver import contract_bonuses, exact_value
from belote.bidding import Contract
from belote.declarations import Declaration
from belote.kernel._capots import searched_bonuses
from belote.kernel._rules import rule_values
from belote.seats import Seat
from belote.tally import LAST_TRICK_BONUS
from belote.trumps import Trump, points_row
from belote.variants import BiddingSystem, Variant

__all__ = ["SOLVED_BIDDING", "SOLVED_BID_SAMPLES", "flat_margins", "solved_end", "solved_play_out"]


SOLVED_BIDDING: dict[BiddingSystem, bool] = {
    BiddingSystem.TURNED_CARD: True,
    BiddingSystem.AUCTION: False,
    BiddingSystem.POINTS_AUCTION: False,
}
"""Per bidding system, whether the expert player's bidding simulation plays its sampled deals out
exactly (:func:`solved_play_out`) rather than by the normal heuristics, as the hard player's does.
In the turned-card system (classic, 501), against the hard player on 300 classic duplicate deals
(``benchmarks/agent_strength.py``'s deals, seed 0), it raised the point share from 0.514 to 0.531,
+0.018 (+-0.013) on the same deals; over 2,000 classic duplicate deals it measured 0.523
[0.516, 0.531] (0.512 [0.507, 0.517] bidding as the hard player does). In the auctions the
expert bids as the hard player does: each call there has several times as many contracts to play
out. Screened in Bulgarian on the first 300 duplicate deals of seed 0 against the hard player,
the solved bidding measured 0.520 against the default's 0.508 on the 287 deals both scored,
+0.012 (+-0.025) paired (84 of them played the same): taking 0.62 of the contracts instead of
0.48 (made 0.73 instead of 0.76), for about 4 s of one core a call (median 3.8 s over 29 calls)
and some ten times the expert's time a deal. Within its interval of nothing, and too dear to
measure over 2,000 deals in one session (about five hours on two cores): not kept. Coinche is
not measured with it.

Measured on the same 300 deals and not kept (paired differences, 95 % intervals): moving 8 card
points of each solved deal to the taking team, -0.009 (+-0.013), or to the deciding seat's team
when it takes, -0.008 (+-0.012), or up to 16 from the taking team to the defenders, -0.046
(+-0.018), although the solved deal does overrate the taker (``benchmarks/solver_calibration.py``:
by 8 to 11 points on the contracts played); leaving the normal player's call at 1 standard error
instead of 1.5, -0.009 (+-0.010). 64 sampled deals per call instead of 32 measured +0.004
(+-0.011) there, +0.010 (+-0.010) on 300 other deals, and is kept (:data:`SOLVED_BID_SAMPLES`).

Why moving points does not help although the solved deal is optimistic: played the other way to
the end by the same players (``benchmarks/bidding_counterfactuals.py``, 200 classic duplicate
deals of seed 7, 634 of the expert's 774 calls with a choice), the close calls show the
simulation overrating a take against a pass by 10 points on the whole (real gain = -12 + 0.82 x
simulated gain; residual spread 133 points a deal), but the calls it actually makes at the edge
are sound: takes simulated 0 to 40 points better than a pass gained +4 and +0 at the table. Offsets
taken off every bid's value from -10 to +20 and confidence bars of 1 and 2 all measured within
their intervals of nothing (from -0.016 +-0.018 for an offset of 20 to +0.006 +-0.011 for a bar
of 2), as did a scratch screen of 103 deals of seed 0 with the same method. Played out over the
2,000 classic duplicate deals of seed 0 (``benchmarks/agent_strength.py``, the same deals and
agent seeds as the default), the bar of 2 (the normal player's call left only for a call 2
standard errors better, in the solved bidding alone) measured 0.527 [0.520, 0.534], the default's
figure to the third decimal, taking 0.557 of the contracts at the table (made 0.848), -0.0003
(+-0.0029) paired with the default on the same deals (1,735 of 1,905 deal pairs played the same):
not kept."""


SOLVED_BID_SAMPLES = 64
"""Deals sampled per bidding decision by default where the expert player's bidding simulation
solves its deals (:data:`SOLVED_BIDDING`); elsewhere it samples as many as the hard player
(:data:`~belote.agents.sim_bidding.BID_SAMPLES`).

Against the hard player on classic duplicate deals (``benchmarks/agent_strength.py``, seed 0),
64 deals per call instead of 32 measured +0.004 (+-0.011) on the first 300 deals and +0.010
(+-0.010) on 300 others (seed 1), paired on the same deals, and over the 2,000 deals of seed 0
0.527 [0.520, 0.534] against 0.523 [0.516, 0.531]: more deals let the simulation leave the normal
player's call where another is better (13 calls of 85 changed with 64 deals, 6 with 32, 16 with
256, on the bidding decisions of 24 classic deals). A call takes about 1 s on one core (some
120 whole deals solved, each searched only as far as the sheet needs: :func:`flat_margins`).

Measured and not kept: sampling sequentially, 32 deals and twice as many while the choice is
close, up to 256 (``ExpertAgent(bid_samples=32, bid_max_samples=256)``). On those 85 decisions
it chose as 256 deals would in 84 (a fixed 64: 82) for 54 deals a call on average, and its calls
took about a fifth less time, but it did not win more: over the same 2,000 classic deals of
seed 0 it measured 0.524 [0.518, 0.531], -0.003 (+-0.004) against the fixed 64 (paired; 1,701
deals played the same). Closer to what more deals say is not closer to what wins at the
table."""


def solved_play_out(
    variant: Variant, *, carry: int = 0, flat: bool = True, deadline: float | None = None
) -> DealPlayOut:
    """The expert player's play in its bidding simulation (a
    :data:`~belote.agents.sim_bidding.DealPlayOut`): each deal solved exactly from its first lead,
    both teams playing best with all hands open (the search :func:`belote.analysis.solve` runs, for
    the best card's value only, on one thread), its end (card points with the last trick's 10, a
    capot) read from the solver's margin.

    With ``flat`` (the default), the search stops as soon as it knows the margin lies among those
    the score sheet writes alike (:func:`flat_margins`: a failed contract's, for one), which
    saves most of a failed contract's search; the end given is then the one of the lowest such
    margin, which the simulation scores the same (the deals' belotes and declarations read as it
    reads them, :func:`~belote.agents.sim_bidding.deal_facts`, and ``carry``, the points held
    from earlier deals, as in the view). Only in the turned-card auction (classic, 501) is a
    contract known by its taker and mode alone, as the play-out is told it; in the auctions (a
    bid's value, a contra) and wherever the simulation credits its own contracts with card
    points (:data:`~belote.agents.sim_bidding.OWN_PLAY_CREDIT`), every margin is searched.

    With a ``deadline`` (a :func:`time.perf_counter` instant: the end of the player's time
    budget), a deal whose solve would end after it is played by the normal heuristics instead
    (:func:`~belote.agents.sim_bidding.heuristic_play_out`): the search is given the time left
    and stopped there, so that one slow solve (some tenths of a second, on rare deals) does not
    overrun the budget; the simulation drops a deal finished late unless it is its first.

    >>> from belote import CLASSIC, CardSet
    >>> hands = [CardSet.parse(text).mask for text in (
    ...     "JH 9H AH TH KH QH 8H 7H", "AS TS KS QS JS 9S 8S 7S",
    ...     "AD TD KD QD JD 9D 8D 7D", "AC TC KC QC JC 9C 8C 7C")]
    >>> won0, won1, tricks, last = solved_play_out(CLASSIC)(hands, 0, 0, 2)  # every heart: capot
    >>> won0, won1, tricks[0] + tricks[2], last & 1
    (162, 0, 8, 0)
    """
    value_of = exact_value()
    rules = rule_values(variant)
    flat = flat and variant.bidding is BiddingSystem.TURNED_CARD and not OWN_PLAY_CREDIT[variant.bidding]
    fallback = heuristic_play_out(variant)

    def play_deal(
        hands: Sequence[int], leader: int, taker: int, mode: int
    ) -> tuple[int, int, Sequence[int], int]:
        contract = Contract(Seat(taker), Trump(mode))
        bonuses, _ = searched_bonuses(contract_bonuses(variant, contract))  # as solved_end reads them
        remaining = sum(points_row(mode, variant)) + LAST_TRICK_BONUS
        bonus, solo = bonuses
        window = None
        if flat:
            belotes, shown = deal_facts(variant, hands, mode, leader)
            window = flat_margins(variant, contract, belotes, shown, carry, leader & 1, bonuses)
        time_limit = None
        if deadline is not None:
            time_limit = deadline - time.perf_counter()
            if time_limit <= 0:
                return fallback(hands, leader, taker, mode)
        try:
            _points, margin = value_of(
                (hands[0], hands[1], hands[2], hands[3]),
                (),
                leader,
                mode,
                rules,
                (0, 0, 0, 0),
                bonus,
                solo_bonus=solo,
                threads=1,
                flat=window,
                time_limit=time_limit,
            )
        except TimeoutError:  # only with a deadline: the time is up
            return fallback(hands, leader, taker, mode)
        ends, tricks, last = solved_end([0, 0], leader & 1, margin, remaining, bonuses)
        return ends[0], ends[1], tricks, last

    return play_deal


@functools.lru_cache(maxsize=4096)
def flat_margins(
    variant: Variant,
    contract: Contract,
    belotes: tuple[Seat, ...],
    declarations: tuple[Declaration, ...],
    carry: int,
    team: int,
    bonuses: tuple[tuple[int, int], tuple[int, int, int, int]],
) -> tuple[int, int] | None:
    """The longest run of a whole deal's margins for ``team`` (the side to lead) that the score
    sheet writes alike (:class:`~belote.agents.objective.DealObjective` with the deal's belotes,
    declarations and the points held, each margin's end read by :func:`solved_end`), as
    ``(lowest, highest)``; None when no two margins are written alike. A capot, whose margin is
    beyond the deal's points, is never in it.

    >>> from belote import CLASSIC, Contract, Seat, Trump
    >>> flat_margins(CLASSIC, Contract(Seat(1), Trump.HEARTS), (), (), 0, 0, ((90, 90), (90,) * 4))
    (2, 162)
    >>> flat_margins(CLASSIC, Contract(Seat(0), Trump.HEARTS), (), (), 0, 0, ((90, 90), (90,) * 4))
    (-162, -2)

    Leading against a hearts contract, every margin from 2 up fails it (the takers below 81 card
    points); as the takers' side, every margin up to -2.
    """
    objective = DealObjective(variant, contract, belotes=belotes, declarations=declarations, carry=carry)
    remaining = sum(points_row(int(contract.trump), variant)) + LAST_TRICK_BONUS
    best: tuple[int, int] | None = None
    start = previous = None
    for margin in range(-remaining, remaining + 1, 2):  # a margin has the parity of the points
        ends, tricks, last = solved_end([0, 0], team, margin, remaining, bonuses)
        value = objective.value(ends, tricks, last, 0)
        if value != previous:
            start, previous = margin, value
        elif start is not None and (best is None or margin - start > best[1] - best[0]):
            best = (start, margin)
    return best


def solved_end(
    base_points: list[int],
    team: int,
    margin: int,
    remaining: int,
    bonuses: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None,
) -> tuple[list[int], list[int], int]:
    """The deal's end a solved ``margin`` of the acting ``team`` stands for: each team's card
    points with the last-trick 10, tricks per seat that keep what scoring reads (a capot, a
    one-player capot) and a seat that took the last trick. A margin beyond the ``remaining``
    points is a capot; with ``bonuses`` (the team capot bonus per team and the one-player capot
    bonus per seat, as given to the solver), one whose bonus is a seat's one-player
    capot's, where that differs from the team's, is that seat's one-player capot (it takes all
    eight tricks: the 501 game's one-player capot, a coinche générale).

    >>> solved_end([40, 80], 0, 30, 42)  # team 0 makes 30 more of the 42 points left
    ([76, 86], [2, 2, 2, 2], 1)
    >>> solved_end([0, 0], 1, 252, 162)  # beyond the 162 points: team 1's capot (bonus 90)
    ([0, 162], [0, 4, 0, 4], 1)
    >>> solved_end([0, 0], 1, 250, 162, ((0, 0), (0, 0, 0, 88)))  # seat 3's générale
    ([0, 162], [0, 0, 0, 8], 3)
    """
    capot: int | None  # the team that took every trick
    if margin > remaining:
        mine, theirs, capot = remaining, 0, team
    elif margin < -remaining:
        mine, theirs, capot = 0, remaining, 1 - team
    else:
        mine = (margin + remaining) // 2
        theirs, capot = remaining - mine, None
    ends = list(base_points)
    ends[team] += mine
    ends[1 - team] += theirs
    if capot is not None:
        tricks = [0, 0, 0, 0]
        if bonuses is not None:
            solo = bonuses[1]
            for seat in (capot, capot + 2):
                if solo[seat] != bonuses[0][capot] and abs(margin) - remaining == solo[seat]:
                    tricks[seat] = 8
                    return ends, tricks, seat
        tricks[capot] = tricks[capot + 2] = 4
        return ends, tricks, capot
    return ends, [2, 2, 2, 2], 0 if ends[0] >= ends[1] else 1
