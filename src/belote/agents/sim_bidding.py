"""Bidding by simulation: each candidate call valued on the variant's score sheet over sampled deals.

The hard player bids with :func:`evaluate_calls`. For every candidate call (pass included) it
samples deals consistent with what the seat knows and plays each to the end, then takes the
call with the best mean score-sheet value (:class:`~belote.agents.objective.DealObjective`:
what its team writes minus what the other team writes, with every scoring option, the points
held from earlier deals, belotes and the declarations the hands hold).

* **Sampling** (:mod:`belote.agents.bid_deals`). The seat's own hand and the turned card are
  known; the other hands are dealt at random from the unseen cards, seat by seat, redrawing a
  hand (a few times at most) until the auction model
  (:func:`~belote.agents.auction_model.model_call`) would have made the calls that seat made.
  Where every card is dealt before the auction (coinche), the seats that bid are drawn first and
  the whole deal is redrawn until the last hand, the cards the others leave, agrees too. The
  cards still to be dealt after the auction (classic and Bulgarian) are dealt at random too, the
  turned card to the taker, as the round deals them.
* **The continuation.** After the candidate call, the rest of the auction is approximated: every
  seat (this one included) follows the auction model
  (:func:`~belote.agents.auction_model.model_call`), a hand-strength rule with the normal
  player's thresholds (take the turned suit or another suit; bid, overbid, contra and
  re-contra in the Bulgarian auction; bid values and coinche in the coinche auction).
* **The play.** The deal the auction ends in is played out by the normal heuristics for all
  four seats (:func:`heuristic_play_out`: the hard player's own card play per sample would cost
  far too much at bidding time), or by another :data:`DealPlayOut` given to
  :func:`evaluate_calls` (the expert player's plays each deal out exactly, under perfect
  information). A passed-out auction is worth 0. Where the hard
  player's card play is known to make more of its contracts than these playouts, a contract
  its own team takes is credited with :data:`OWN_PLAY_CREDIT` card points (:func:`credited`).
* **Common samples.** Every candidate is valued on the same sampled deals, so their difference
  is measured with little noise; a deal played in one contract is played once per sample.
* **Sequential sampling** (with ``max_samples``). A call clearly better or worse than the
  prior is seen on few deals; while the choice is close
  (:meth:`~belote.agents.call_evaluation.CallEvaluation.unsure`), twice as many deals are
  sampled, up to ``max_samples`` (measured for the expert player's solved bidding and not
  kept there: see :data:`~belote.agents.expert_bidding.SOLVED_BID_SAMPLES`).

In the coinche auction the candidates are pruned: pass, coinche and surcoinche when legal, and
per trump mode the few bid values around the hand's estimate
(:func:`~belote.agents.auction_model.candidate_calls`).

>>> from belote import CLASSIC, Seat, deal, observe
>>> import random
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> evaluation = evaluate_calls(observe(state, Seat(1)), random.Random(1), samples=4)
>>> [str(call) for call in evaluation.calls]
['pass', 'S']
>>> evaluation.best in evaluation.calls
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from belote._args import plain_int, require, wrong_type
from belote._history import first_leader
from belote.agents.auction_model import candidate_calls, model_call
from belote.agents.base import check_seed, check_to_bid
from belote.agents.bid_deals import BidDeal, draw_bid_deal, final_hands
from belote.agents.call_evaluation import CONFIDENCE as CONFIDENCE
from belote.agents.call_evaluation import UNSURE_WITHIN as UNSURE_WITHIN
from belote.agents.call_evaluation import CallEvaluation as CallEvaluation
from belote.agents.call_evaluation import check_max_samples
from belote.agents.call_evaluation import check_samples as check_samples
from belote.agents.objective import DealObjective
from belote.agents.sim import normal_playouts
from belote.belotes import held_belotes
from belote.bidding import BIDDING_RULES, Call, Contract
from belote.cards import cardset_from_mask
from belote.declarations import Declaration, declaration_options
from belote.seats import Seat
from belote.tally import LAST_TRICK_BONUS
from belote.trumps import Trump
from belote.variants import Announcements, BiddingSystem, Variant
from belote.views import PlayerView

__all__ = [
    "BID_SAMPLES",
    "OWN_PLAY_CREDIT",
    "DealPlayOut",
    "credited",
    "deal_facts",
    "evaluate_calls",
    "heuristic_play_out",
]

BID_SAMPLES: dict[BiddingSystem, int] = {
    BiddingSystem.TURNED_CARD: 32,
    BiddingSystem.AUCTION: 12,
    BiddingSystem.POINTS_AUCTION: 12,
}
"""Deals sampled per bidding decision by default, per bidding system (every candidate is valued
on each; the auctions have more candidates, hence fewer deals)."""

DealPlayOut = Callable[[Sequence[int], int, int, int], tuple[int, int, Sequence[int], int]]
"""How the simulation plays a freshly dealt deal in one contract from its first lead to its end:
``(hands, leader, taker, mode) -> (team 0 points, team 1 points, tricks per seat, the seat that
took the last trick)``, the hands as card masks by seat (8 cards each), the points with the
last trick's 10. :func:`heuristic_play_out` gives the default one."""


def heuristic_play_out(variant: Variant) -> DealPlayOut:
    """The simulation's default play: the normal heuristics for all four seats (the compiled
    kernel's when it is built, see :func:`~belote.agents.sim.normal_playouts`).

    >>> from belote import CLASSIC
    >>> play = heuristic_play_out(CLASSIC)
    >>> won0, won1, tricks, last = play([0x11111111 << seat for seat in range(4)], 0, 0, 2)
    >>> won0 + won1, sum(tricks)
    (162, 8)
    """
    play = normal_playouts(variant)

    def play_deal(
        hands: Sequence[int], leader: int, taker: int, mode: int
    ) -> tuple[int, int, Sequence[int], int]:
        return play(hands, (), leader, mode, taker & 1, 0, -1, -1)

    return play_deal


OWN_PLAY_CREDIT: dict[BiddingSystem, int] = {
    BiddingSystem.TURNED_CARD: 0,
    BiddingSystem.AUCTION: 12,
    BiddingSystem.POINTS_AUCTION: 0,
}
"""Per bidding system, the card points a playout of a contract the deciding seat's team takes
moves from the defenders to that team (:func:`credited`). The playouts play every seat with
the normal heuristics, but the hard player takes far more of its contracts home than they do
(classic, on the same cards: 86.5 % against 78.7 %), so the simulation undervalues its own
contracts, the no-trumps ones most. Bulgarian auction, hard against normal on the same 400
duplicate deals: a credit of 8 points changed the point share by +0.002, 12 by +0.012, 24 by
-0.008 (it takes too many no-trumps contracts), each within about 0.015; over 2,000 deals 12
measured 55.8 % against 55.4 % without. In the turned-card auction a credit of 10 measured no
better than none; the coinche auction is unmeasured."""


def credited(points: tuple[int, int], last: int, team: int, credit: int) -> tuple[int, int]:
    """The card points ``points`` (team 0, team 1) of a played-out deal with up to ``credit``
    of them moved from the other team to ``team``: never the last trick's 10 (``last`` is the
    seat that took it), and never out of a capot (a team with no point keeps none).

    >>> credited((90, 72), last=1, team=0, credit=12)
    (102, 60)
    >>> credited((150, 12), last=0, team=0, credit=12)
    (162, 0)
    >>> credited((140, 22), last=1, team=0, credit=30)
    (152, 10)
    >>> credited((162, 0), last=0, team=0, credit=12)
    (162, 0)
    """
    mine, theirs = points[team], points[1 - team]
    if not mine or not theirs:
        return points
    moved = min(credit, theirs - (LAST_TRICK_BONUS if last >= 0 and last & 1 != team else 0))
    if moved <= 0:
        return points
    mine, theirs = mine + moved, theirs - moved
    return (mine, theirs) if team == 0 else (theirs, mine)


def _rng_key(view: PlayerView) -> str:
    calls = ",".join(f"{int(seat)}{call}" for seat, call in view.auction)
    turned = -1 if view.turned is None else view.turned.index
    return f"{int(view.seat)}:{int(view.dealer)}:{view.hand.mask}:{turned}:{calls}"


def _continue(
    variant: Variant, sample: BidDeal, turned: int, auction: list[tuple[Seat, Call]]
) -> Contract | None:
    """Finish the auction with the auction model for every seat; the contract (or None)."""
    rules = BIDDING_RULES[variant.bidding]
    while True:
        done, contract = rules.result(variant, auction)
        if done:
            return contract
        seat = auction[-1][0].next
        auction.append(
            (seat, model_call(variant, seat, sample.current[seat], turned, auction, sample.bonus[seat]))
        )


def deal_facts(
    variant: Variant, hands: Sequence[int], mode: int, leader: int
) -> tuple[tuple[Seat, ...], tuple[Declaration, ...]]:
    """What the score sheet reads of a freshly dealt deal beside its play, as the simulation
    scores it: the belotes the hands hold (:func:`~belote.belotes.held_belotes`) and the
    declarations shown, each seat its best option from ``leader`` on (none without
    announcements or in no trumps).

    >>> from belote import CLASSIC, CardSet
    >>> hands = [CardSet.parse(text).mask for text in ("KH QH", "", "", "")]
    >>> deal_facts(CLASSIC, hands, 2, 0)
    ((<Seat.NORTH: 0>,), ())
    """
    return held_belotes(hands, mode), _shown(hands, Trump(mode), variant, leader)


def _shown(hands: Sequence[int], mode: Trump, variant: Variant, leader: int) -> tuple[Declaration, ...]:
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
    sample: BidDeal,
    contract: Contract,
    turned: int,
    objectives: dict[tuple[object, ...], DealObjective],
    play_out: DealPlayOut,
) -> float:
    """The sheet value for the view's team of ``contract`` played out on ``sample`` by
    ``play_out`` (the deal is played once per taker and mode; each contract is scored once)."""
    known = sample.values.get(contract)
    if known is not None:
        return known
    variant = view.variant
    taker = int(contract.taker)
    mode = int(contract.trump)
    play = sample.plays.get((taker, mode))
    if play is None:
        leader = first_leader(variant, view.dealer)
        hands = final_hands(view, sample, taker, turned)
        facts = deal_facts(variant, hands, mode, leader)
        won0, won1, tricks, last = play_out(hands, leader, taker, mode)
        play = sample.plays[(taker, mode)] = (facts, (won0, won1), tricks, last)
    (belotes, shown), points, tricks, last = play
    team = int(view.seat) & 1
    if taker & 1 == team:
        points = credited(points, last, team, OWN_PLAY_CREDIT[variant.bidding])
    objective = objectives.get((contract, belotes, shown))
    if objective is None:
        objective = DealObjective(variant, contract, belotes=belotes, declarations=shown, carry=view.carry)
        objectives[(contract, belotes, shown)] = objective
    value = float(objective.value(points, tricks, last, team))
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
    play_out: DealPlayOut | None = None,
    max_samples: int | None = None,
) -> CallEvaluation:
    """Value each candidate call (:func:`~belote.agents.auction_model.candidate_calls`) of the
    seat to bid over ``samples`` sampled deals (by default :data:`BID_SAMPLES` of the bidding
    system; see the module documentation). With ``time_budget`` (seconds), sampling stops once
    it is spent, after any call of a deal (a deal not finished within the budget is dropped, so
    that a long play-out costs the budget one call, not a deal's worth); at least one deal is
    always valued whole. Without ``rng``, the draws come from
    ``seed`` and the view. ``prior`` is the call kept unless another is clearly better (see
    :class:`CallEvaluation`).

    With ``max_samples`` (and a ``prior``), the sampling is sequential: while the evaluation is
    :meth:`~CallEvaluation.unsure`, twice as many deals are sampled (the first ones kept), up to
    ``max_samples``. Clear calls stop early and close ones get the deals they need: nearly the
    choices of many more deals, for fewer deals on average than a fixed number (see
    :data:`~belote.agents.expert_bidding.SOLVED_BID_SAMPLES`).

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`~belote.views.PlayerView`, ``rng``
            neither None nor a :class:`random.Random`, ``seed`` not an int, or ``play_out``
            neither None nor a callable.
        PhaseError: the seat is not to bid.
        BeloteError: ``samples`` is not a whole number >= 1, or ``max_samples`` is not one
            from ``samples`` up.

    >>> from belote import BULGARIAN, Seat, deal, observe
    >>> state = deal(BULGARIAN, dealer=Seat(0), seed=5)
    >>> evaluation = evaluate_calls(observe(state, state.eldest), samples=2)
    >>> len(evaluation.values) == len(evaluation.calls), evaluation.samples
    (True, 2)
    """
    check_to_bid(view)
    _check_sources(rng, seed, play_out)
    start = time.perf_counter()
    if samples is None:
        samples = BID_SAMPLES[view.variant.bidding]
    check_samples(samples)
    if max_samples is None:
        max_samples = samples
    check_max_samples(max_samples, samples)
    if rng is None:
        rng = random.Random(f"hard-bid:{plain_int(seed)}:{_rng_key(view)}")
    calls = candidate_calls(view)
    turned = -1 if view.turned is None else view.turned.index
    bonus = view.variant.bidding is BiddingSystem.POINTS_AUCTION and (
        view.variant.announcements is not Announcements.OFF
    )
    rows: list[list[float]] = []
    objectives: dict[tuple[object, ...], DealObjective] = {}
    if play_out is None:
        play_out = heuristic_play_out(view.variant)
    auction = list(view.auction)
    target = samples
    while True:
        while len(rows) < target:
            if rows and time_budget is not None and time.perf_counter() - start > time_budget:
                return _evaluation(view, calls, rows, prior)
            sample = draw_bid_deal(view, rng, bonus)
            row = []
            for call in calls:
                contract = _continue(view.variant, sample, turned, [*auction, (view.seat, call)])
                row.append(
                    0.0 if contract is None else _value(view, sample, contract, turned, objectives, play_out)
                )
                if rows and time_budget is not None and time.perf_counter() - start > time_budget:
                    return _evaluation(view, calls, rows, prior)  # this deal dropped
            rows.append(row)
        evaluation = _evaluation(view, calls, rows, prior)
        if target >= max_samples or not evaluation.unsure():
            return evaluation
        target = min(2 * target, max_samples)


def _check_sources(rng: object, seed: object, play_out: object) -> None:
    """The types of where :func:`evaluate_calls` draws its deals from and how it plays them."""
    if rng is not None:
        require(rng, random.Random, "rng", "None or a random.Random")
    check_seed(seed)
    if play_out is not None and not callable(play_out):
        raise wrong_type("play_out", "None or a callable (a DealPlayOut)", play_out)


def _evaluation(
    view: PlayerView, calls: tuple[Call, ...], rows: list[list[float]], prior: Call | None
) -> CallEvaluation:
    """The evaluation of ``calls`` from the values each took on the sampled deals (``rows``)."""
    return CallEvaluation.of(calls, rows, prior=prior, confidence=CONFIDENCE[view.variant.bidding])
