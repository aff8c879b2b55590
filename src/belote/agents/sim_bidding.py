"""Bidding by simulation: each candidate call valued on the variant's score sheet over sampled deals.

The hard player bids with :func:`evaluate_calls`. For every candidate call (pass included) it
samples deals consistent with what the seat knows and plays each to the end, then takes the
call with the best mean score-sheet value (:class:`~belote.agents.objective.DealObjective`:
what its team writes minus what the other team writes, with every scoring option, the points
held from earlier deals, belotes and the declarations the hands hold).

* **Sampling.** The seat's own hand and the turned card are known; the other hands are dealt at
  random from the unseen cards, seat by seat, redrawing a hand (a few times at most) until the
  :func:`model_call` rule would have made the calls that seat made. The cards still to be dealt
  after the auction (classic and Bulgarian) are dealt at random too, the turned card to the
  taker, as the round deals them.
* **The continuation.** After the candidate call, the rest of the auction is approximated: every
  seat (this one included) follows :func:`model_call`, a hand-strength rule with the normal
  player's thresholds (take the turned suit or another suit; bid, overbid, contra and
  re-contra in the Bulgarian auction; bid values and coinche in the coinche auction).
* **The play.** The deal the auction ends in is played out by the normal heuristics for all
  four seats (:func:`~belote.agents.sim.play_out`: the hard player's own card play per sample
  would cost far too much at bidding time). A passed-out auction is worth 0.
* **Common samples.** Every candidate is valued on the same sampled deals, so their difference
  is measured with little noise; a deal played in one contract is played once per sample.

In the coinche auction the candidates are pruned: pass, coinche and surcoinche when legal, and
per trump mode the few bid values around the hand's estimate (:func:`candidate_calls`).

>>> from belote import CLASSIC, Seat, deal, observe
>>> import random
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> evaluation = evaluate_calls(observe(state, state.to_act), random.Random(1), samples=4)
>>> [str(call) for call in evaluation.calls]
['pass', 'S']
>>> evaluation.best in evaluation.calls
True
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Sequence

import attrs

from belote._history import first_leader
from belote.agents.bidder import (
    AUCTION_ALLOWANCE,
    CAPOT_ESTIMATE,
    COINCHE_INTERCEPT,
    COINCHE_RISK,
    COINCHE_SLOPE,
    TAKE_THRESHOLD,
    mode_value,
)
from belote.agents.objective import DealObjective
from belote.agents.sim import normal_policy, play_out
from belote.bidding import BID_VALUES, BIDDING_RULES, Bid, Call, Contract, Double, Pass, Redouble, legal_calls
from belote.cards import SUIT_MASKS, Rank, Suit, cardset_from_mask
from belote.declarations import Declaration, declaration_options, held_belotes
from belote.errors import BeloteError, Reason
from belote.seats import Seat
from belote.state import Phase
from belote.trumps import Trump
from belote.variants import Announcements, BiddingSystem, Variant
from belote.views import PlayerView

__all__ = [
    "BID_SAMPLES",
    "CONFIDENCE",
    "CallEvaluation",
    "candidate_calls",
    "evaluate_calls",
    "model_call",
]

BID_SAMPLES: dict[BiddingSystem, int] = {
    BiddingSystem.TURNED_CARD: 32,
    BiddingSystem.AUCTION: 12,
    BiddingSystem.POINTS_AUCTION: 12,
}
"""Deals sampled per bidding decision by default, per bidding system (every candidate is valued
on each; the auctions have more candidates, hence fewer deals)."""

REDRAWS = 6
"""How many times a sampled hand is redrawn at most to agree with the calls its seat made."""

_FULL = (1 << 32) - 1


CONFIDENCE: dict[BiddingSystem, float] = {
    BiddingSystem.TURNED_CARD: 1.5,
    BiddingSystem.AUCTION: 2.0,
    BiddingSystem.POINTS_AUCTION: 2.0,
}
"""Per bidding system, how many standard errors a call's value must exceed the prior call's
(the normal player's call) by to be chosen instead of it: a sampled estimate is noisy, and the
best of several noisy estimates is biased upwards (more so among the auctions' many candidates),
while the prior is a sound call."""


@attrs.frozen
class CallEvaluation:
    """The candidate calls of a bidding decision and their mean score-sheet values.

    ``values[i]`` is the mean, over ``samples`` sampled deals, of what the deciding seat's team
    writes minus what the other team writes after ``calls[i]``; ``errors[i]`` is the standard
    error of ``values[i]`` minus the prior call's value (measured on the same deals).

    :attr:`best` is the call with the highest value (the first one on a tie: pass comes
    first), unless the ``prior`` call (the normal player's) is rated at least as high as
    passing and the best one does not beat it by ``confidence`` standard errors (see
    :data:`CONFIDENCE`): then the prior. Either way the call chosen is never rated below passing.

    >>> CallEvaluation(calls=(Pass(), Bid(Trump.HEARTS)), values=(-3.0, 12.5), samples=8).best
    Bid(Trump.HEARTS)
    >>> CallEvaluation(calls=(Pass(), Bid(Trump.HEARTS)), values=(-3.0, 12.5), samples=8,
    ...                errors=(0.0, 20.0), prior=Pass()).best
    Pass()
    """

    calls: tuple[Call, ...]
    values: tuple[float, ...]
    samples: int
    errors: tuple[float, ...] | None = None
    prior: Call | None = None
    confidence: float = 1.5

    @property
    def top(self) -> Call:
        """The call with the highest mean value (the first one on a tie)."""
        return self.calls[self.values.index(max(self.values))]

    @property
    def best(self) -> Call:
        """The call chosen: :attr:`top`, or the prior when the top call is not clearly better."""
        top = self.top
        if self.prior is None or self.prior not in self.calls or self.errors is None:
            return top
        prior = self.calls.index(self.prior)
        floor = self.values[self.calls.index(Pass())] if Pass() in self.calls else self.values[prior]
        index = self.calls.index(top)
        gain = self.values[index] - self.values[prior]
        if self.values[prior] < floor or gain > self.confidence * self.errors[index]:
            return top
        return self.prior


def _has(hand: int, suit: int, rank: int) -> bool:
    return bool(hand >> (suit * 8 + rank) & 1)


def _defeats(hand: int, trump: Trump) -> bool:
    if trump.is_suit:
        suit = int(trump)
        trumps = (hand & SUIT_MASKS[suit]).bit_count()
        aces = sum(_has(hand, other, Rank.ACE) for other in range(4) if other != suit)
        return _has(hand, suit, Rank.JACK) and trumps >= 3 and aces >= 1
    rank = Rank.ACE if trump is Trump.NO_TRUMPS else Rank.JACK
    return sum(_has(hand, suit, rank) for suit in range(4)) >= 3


def _last_bid(auction: Sequence[tuple[Seat, Call]]) -> tuple[Seat | None, Bid | None]:
    for seat, call in reversed(auction):
        if isinstance(call, Bid):
            return seat, call
    return None, None


def _declaration_bonus(hand: int) -> int:
    options = declaration_options(cardset_from_mask(hand), Seat(0))
    return max((sum(d.value for d in option) for option in options), default=0)


@functools.lru_cache(maxsize=8192)
def _values(hand: int) -> tuple[int, ...]:
    """:func:`~belote.agents.bidder.mode_value` of ``hand`` in each trump mode (by number)."""
    return tuple(mode_value(hand, mode) for mode in Trump)


def _coinche_estimate(hand: int, mode: Trump, bonus: int) -> int:
    kind: object = "suit" if mode.is_suit else mode
    value = COINCHE_SLOPE[kind] * _values(hand)[mode] + COINCHE_INTERCEPT[kind]
    return int(value) + (bonus if mode is not Trump.NO_TRUMPS else 0)


def model_call(
    variant: Variant,
    seat: Seat,
    hand: int,
    turned: int,
    auction: Sequence[tuple[Seat, Call]],
    bonus: int = 0,
) -> Call:
    """The call a plain hand-strength rule makes for ``seat`` holding ``hand`` (a mask) after
    ``auction``: the model of the other seats (and of this seat's later calls) in the
    simulation. ``turned`` is the turned card's number (-1 without one); ``bonus`` the points of
    the hand's declarations (coinche estimates). The call is always legal.

    >>> from belote import CLASSIC, CardSet
    >>> hand = CardSet.parse("JS 9S AS AH TH").mask
    >>> model_call(CLASSIC, Seat(1), hand, CardSet.parse("7S").mask.bit_length() - 1, ())
    Bid(Trump.SPADES)
    """
    suit = None if turned < 0 else Suit(turned >> 3)
    legal = legal_calls(variant, auction, suit)
    system = variant.bidding
    if system is BiddingSystem.TURNED_CARD:
        values = _values(hand | (1 << turned if turned >= 0 else 0))
        best: Call = Pass()
        best_margin = 0
        for call in legal:
            if isinstance(call, Bid):
                margin = values[call.trump] - TAKE_THRESHOLD[call.trump]
                if margin >= best_margin:
                    best, best_margin = call, margin
        return best
    bidder, last = _last_bid(auction)
    ours = bidder is not None and bidder.team == seat.team
    values = _values(hand)
    if system is BiddingSystem.AUCTION:
        extra = 20 if ours else 0
        best = Pass()
        best_margin = 0
        for call in legal:
            if isinstance(call, Bid):
                margin = values[call.trump] - TAKE_THRESHOLD[call.trump] + AUCTION_ALLOWANCE - extra
                if margin >= best_margin:
                    best, best_margin = call, margin
        if isinstance(best, Bid):
            return best
        if last is not None and Double() in legal and _defeats(hand, last.trump):
            return Double()
        if last is not None and Redouble() in legal and values[last.trump] >= TAKE_THRESHOLD[last.trump] + 25:
            return Redouble()
        return Pass()
    estimates = {mode: _coinche_estimate(hand, mode, bonus) for mode in variant.contracts}
    if last is not None and ours:
        estimates[last.trump] += max(0, (last.value or 160) - 80)
    mode = max(estimates, key=lambda m: (estimates[m], -int(m)))
    floor = last.level if last is not None else 0
    target = (
        estimates[mode] - COINCHE_RISK - (20 if ours and last is not None and mode is not last.trump else 0)
    )
    if estimates[mode] >= CAPOT_ESTIMATE and Bid(mode, capot=True) in legal:
        return Bid(mode, capot=True)
    value = min(160, target // 10 * 10)
    if value > floor and value >= BID_VALUES[0] and Bid(mode, value) in legal:
        return Bid(mode, value)
    worth = (
        last is not None
        and last.value is not None
        and (_defeats(hand, last.trump) or (last.value >= 120 and values[last.trump] >= 40))
    )
    if worth and not ours and Double() in legal:
        return Double()
    return Pass()


def _same_kind(one: Call, other: Call) -> bool:
    if isinstance(one, Bid) and isinstance(other, Bid):
        return one.trump is other.trump
    return type(one) is type(other)


def candidate_calls(view: PlayerView) -> tuple[Call, ...]:
    """The calls the simulation values: every legal call, except in the coinche auction where,
    per trump mode, only the lowest legal bid values up to the hand's estimate and the next
    two above it are kept (and capot when the estimate comes near it), with pass, coinche and
    surcoinche.

    >>> from belote import BULGARIAN, Seat, deal, observe
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=5)
    >>> candidate_calls(observe(state, state.eldest)) == observe(state, state.eldest).legal_bids
    True
    """
    legal = view.legal_bids
    if view.variant.bidding is not BiddingSystem.POINTS_AUCTION:
        return legal
    hand = view.hand.mask
    bonus = _declaration_bonus(hand) if view.variant.announcements is not Announcements.OFF else 0
    kept: list[Call] = []
    for call in legal:
        if not isinstance(call, Bid):
            kept.append(call)
            continue
        estimate = _coinche_estimate(hand, call.trump, bonus)
        if call.capot:
            if estimate >= CAPOT_ESTIMATE - 30:
                kept.append(call)
        elif call.value is not None and estimate - 40 <= call.value <= estimate + 10:
            kept.append(call)
    return tuple(kept)


def _rng_key(view: PlayerView) -> str:
    calls = ",".join(f"{int(seat)}{call}" for seat, call in view.auction)
    turned = -1 if view.turned is None else view.turned.index
    return f"{int(view.seat)}:{int(view.dealer)}:{view.hand.mask}:{turned}:{calls}"


class _Sample:
    """One sampled deal: the hands now, the cards still to deal, and the contracts played."""

    __slots__ = ("bonus", "current", "plays", "rest", "values")

    def __init__(self, current: list[int], rest: list[int], bonus: list[int]) -> None:
        self.current = current
        self.rest = rest
        self.bonus = bonus
        self.plays: dict[
            tuple[int, int],
            tuple[tuple[tuple[Seat, ...], tuple[Declaration, ...]], tuple[int, int], list[int], int],
        ] = {}
        self.values: dict[Contract, float] = {}


def _draw(view: PlayerView, rng: random.Random, bonus_wanted: bool) -> _Sample:
    me = int(view.seat)
    mine = view.hand.mask
    turned = -1 if view.turned is None else view.turned.index
    size = len(view.hand)
    pool = [card for card in range(32) if not (mine >> card & 1) and card != turned]
    hands = [0, 0, 0, 0]
    hands[me] = mine
    said: dict[int, list[int]] = {}
    for index, (caller, _) in enumerate(view.auction):
        if int(caller) != me:
            said.setdefault(int(caller), []).append(index)
    bonus = [0, 0, 0, 0]
    for step in range(1, 4):
        seat = (me + step) & 3
        best_hand = 0
        best_misses = -1
        for _ in range(REDRAWS):
            chosen = rng.sample(pool, size)
            hand = 0
            for card in chosen:
                hand |= 1 << card
            extra = _declaration_bonus(hand) if bonus_wanted else 0
            misses = 0
            for index in said.get(seat, ()):
                made = model_call(view.variant, Seat(seat), hand, turned, view.auction[:index], extra)
                misses += not _same_kind(made, view.auction[index][1])
            if best_misses < 0 or misses < best_misses:
                best_hand, best_misses = hand, misses
                bonus[seat] = extra
            if not misses:
                break
        hands[seat] = best_hand
        pool = [card for card in pool if not best_hand >> card & 1]
    if bonus_wanted:
        bonus[me] = _declaration_bonus(mine)
    rng.shuffle(pool)
    return _Sample(hands, pool, bonus)


def _continue(
    variant: Variant, sample: _Sample, turned: int, auction: list[tuple[Seat, Call]]
) -> Contract | None:
    """Finish the auction with :func:`model_call` for every seat; the contract (or None)."""
    rules = BIDDING_RULES[variant.bidding]
    while True:
        done, contract = rules.result(variant, auction)
        if done:
            return contract
        seat = auction[-1][0].next
        auction.append(
            (seat, model_call(variant, seat, sample.current[seat], turned, auction, sample.bonus[seat]))
        )


def _final_hands(view: PlayerView, sample: _Sample, taker: int, turned: int) -> list[int]:
    hands = list(sample.current)
    position = 0
    if turned >= 0:
        hands[taker] |= 1 << turned
    for step in range(1, 5):
        seat = (int(view.dealer) + step) & 3
        need = 8 - hands[seat].bit_count()
        for card in sample.rest[position : position + need]:
            hands[seat] |= 1 << card
        position += need
    return hands


def _shown(hands: list[int], mode: Trump, variant: Variant, leader: int) -> tuple[Declaration, ...]:
    if variant.announcements is Announcements.OFF or mode is Trump.NO_TRUMPS:
        return ()
    shown: list[Declaration] = []
    for step in range(4):
        seat = (leader + step) & 3
        options = declaration_options(cardset_from_mask(hands[seat]), Seat(seat))
        if options:
            shown.extend(options[0])
    return tuple(shown)


def _value(
    view: PlayerView,
    sample: _Sample,
    contract: Contract,
    turned: int,
    objectives: dict[tuple[object, ...], DealObjective],
) -> float:
    """The sheet value for the view's team of ``contract`` played out on ``sample`` (the deal
    is played once per taker and mode; each contract is scored once)."""
    known = sample.values.get(contract)
    if known is not None:
        return known
    variant = view.variant
    taker = int(contract.taker)
    mode = int(contract.trump)
    play = sample.plays.get((taker, mode))
    if play is None:
        leader = first_leader(variant, view.dealer)
        hands = _final_hands(view, sample, taker, turned)
        facts = (held_belotes(hands, mode), _shown(hands, contract.trump, variant, leader))
        won0, won1, tricks, last = play_out(
            list(hands), [], leader, mode, variant, normal_policy, taker & 1, 0
        )
        play = sample.plays[(taker, mode)] = (facts, (won0, won1), tricks, last)
    (belotes, shown), points, tricks, last = play
    objective = objectives.get((contract, belotes, shown))
    if objective is None:
        objective = DealObjective(variant, contract, belotes=belotes, declarations=shown, carry=view.carry)
        objectives[(contract, belotes, shown)] = objective
    value = float(objective.value(points, tricks, last, int(view.seat) & 1))
    sample.values[contract] = value
    return value


def evaluate_calls(
    view: PlayerView,
    rng: random.Random | None = None,
    *,
    samples: int | None = None,
    time_budget: float | None = None,
    seed: int = 0,
    prior: Call | None = None,
) -> CallEvaluation:
    """Value each candidate call (:func:`candidate_calls`) of the seat to bid over ``samples``
    sampled deals (by default :data:`BID_SAMPLES` of the bidding system; see the module
    documentation). With ``time_budget`` (seconds), sampling stops once it is spent (at least
    one deal is always sampled). Without ``rng``, the draws come from ``seed`` and the view.
    ``prior`` is the call kept unless another is clearly better (see :class:`CallEvaluation`).

    >>> from belote import BULGARIAN, Seat, deal, observe
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=5)
    >>> evaluation = evaluate_calls(observe(state, state.eldest), samples=2)
    >>> len(evaluation.values) == len(evaluation.calls), evaluation.samples
    (True, 2)
    """
    if view.phase is not Phase.BIDDING or not view.legal_bids:
        raise BeloteError("no call to choose: the seat is not to bid", reason=Reason.WRONG_PHASE)
    start = time.perf_counter()
    if samples is None:
        samples = BID_SAMPLES[view.variant.bidding]
    if rng is None:
        rng = random.Random(f"hard-bid:{seed}:{_rng_key(view)}")
    calls = candidate_calls(view)
    turned = -1 if view.turned is None else view.turned.index
    bonus = view.variant.bidding is BiddingSystem.POINTS_AUCTION and (
        view.variant.announcements is not Announcements.OFF
    )
    rows: list[list[float]] = []
    objectives: dict[tuple[object, ...], DealObjective] = {}
    drawn = 0
    auction = list(view.auction)
    for number in range(samples):
        if number and time_budget is not None and time.perf_counter() - start > time_budget:
            break
        drawn += 1
        sample = _draw(view, rng, bonus)
        row = []
        for call in calls:
            contract = _continue(view.variant, sample, turned, [*auction, (view.seat, call)])
            row.append(0.0 if contract is None else _value(view, sample, contract, turned, objectives))
        rows.append(row)
    values = tuple(sum(row[index] for row in rows) / drawn for index in range(len(calls)))
    errors = None
    if prior is not None and prior in calls:
        base = calls.index(prior)
        errors = tuple(_error([row[index] - row[base] for row in rows]) for index in range(len(calls)))
    return CallEvaluation(
        calls=calls,
        values=values,
        samples=drawn,
        errors=errors,
        prior=prior,
        confidence=CONFIDENCE[view.variant.bidding],
    )


def _error(differences: list[float]) -> float:
    """The standard error of the mean of ``differences`` (0 for fewer than two)."""
    count = len(differences)
    if count < 2:
        return 0.0
    mean = sum(differences) / count
    return math.sqrt(sum((one - mean) ** 2 for one in differences) / (count - 1) / count)
