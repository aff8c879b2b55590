"""The expert player: the hard player's inference, each sampled deal solved exactly.

For each card decision the expert player reads the same :class:`~belote.agents.inference.Beliefs`
as the hard player (every card played, the voids the rules reveal, the cards known to be in a
hand) and deals the hidden cards at random consistently with them, keeping the deals that
best explain how the other seats chose their cards (:mod:`belote.agents.reading`). Then:

* **late in the deal** (at most ``solve_from`` cards left in the four hands), every sampled
  deal is solved exactly with all hands open (the exact solver of :mod:`belote.analysis`: the
  rest of the deal under best play by both teams, card points with the last-trick 10 and the
  capot). This is *perfect-information Monte Carlo*, the method of the strongest programs of
  bridge and other trick-taking games. The solver's end of the deal (each team's card points,
  a capot, or a capot by one player alone where the variant scores it apart, as the 501 game
  does) is written on the variant's score sheet with the belotes that sampled deal holds
  (:class:`~belote.agents.objective.SampledSheets`), so that making or failing the contract
  weighs what it weighs on the sheet;
* **earlier**, where a full solve per sample costs too much, it plays each legal card out
  as the hard player does (:meth:`HardAgent.evaluate <belote.agents.HardAgent.evaluate>`: the
  normal heuristics for the other side, a one-card lookahead for its own).

It plays the card with the best mean over the samples; with ``max_samples`` it samples further
where the first ``samples`` deals leave the best card close to another: twice as many deals while
it is, up to ``max_samples`` (:func:`~belote.agents.card_values.sampled_card_values`, whose
module gives what this measured). The solver is the search
:func:`belote.analysis.solve` runs (the compiled kernel's when the package has one in use, else
the pure-Python search), on one thread; the default ``solve_from`` follows the speed of the
active path (:data:`SOLVE_FROM_COMPILED`, :data:`SOLVE_FROM_PURE`).

It bids by the hard player's simulation (:func:`~belote.agents.sim_bidding.evaluate_calls`: each
candidate call valued on the score sheet over sampled deals, the normal player's call kept unless
another is clearly better), but where :data:`~belote.agents.expert_bidding.SOLVED_BIDDING` says
so it plays each sampled deal out exactly
(:func:`~belote.agents.expert_bidding.solved_play_out`: the solver from the first lead, all
hands open) instead of by the normal heuristics, which undervalue what best play makes of a
contract (:mod:`belote.agents.expert_bidding`).

The work per card decision is ``samples`` deals (up to ``max_samples`` if given; and, if given,
at most ``time_budget`` seconds, which makes the choice depend on the machine's speed); without a
time budget the decisions are a function of the seed and the view only.
"""

from __future__ import annotations

import random
import time

from belote._args import plain_int, require
from belote._repr import safe_repr
from belote.agents.base import Agent, Play, check_to_bid, check_to_play
from belote.agents.call_evaluation import CallEvaluation, check_max_samples, check_samples
from belote.agents.expert_bidding import (
    SOLVED_BID_SAMPLES,
    SOLVED_BIDDING,
    solved_end,
    solved_play_out,
)
from belote.agents.hard import (
    CARD_POINTS_WEIGHT,
    HardAgent,
    best_scored_play,
    forfeiting_cards,
    simulated_call,
    tricks_so_far,
)
from belote.agents.hard import DEFAULT_SAMPLES as HARD_SAMPLES
from belote.agents.objective import SampledSheets
from belote.agents.reading import READING_DRAWS, deal_sampler
from belote.agents.sim_bidding import BID_SAMPLES
from belote.analysis.solver import contract_bonuses, exact_search, points_in_play
from belote.bidding import Call, Contract
from belote.cards import FULL_MASK
from belote.errors import BeloteError
from belote.kernel._capots import searched_bonuses
from belote.kernel._rules import rule_values
from belote.kernel._search import SolveCards
from belote.seats import Seat
from belote.variants import Variant
from belote.views import PlayerView

__all__ = [
    "DEFAULT_SAMPLES",
    "SOLVE_FROM_COMPILED",
    "SOLVE_FROM_PURE",
    "ExpertAgent",
]

DEFAULT_SAMPLES = HARD_SAMPLES
"""Deals sampled per card decision by default, as many as the hard player's (each solved exactly
late in the deal, played out as the hard player does earlier). On 400 classic duplicate deals
against the hard player, 64 samples measured +0.008 point share (+-0.013) over 24."""

SOLVE_FROM_PURE = 12
"""Cards left in the four hands (the cards on the table not counted) at or below which each
sampled deal is solved exactly by default on the pure-Python search (a solve of 12 cards
takes about a millisecond there, of 16 cards some 20 ms); above it the cards are rolled out
as the hard player does."""

SOLVE_FROM_COMPILED = 24
"""The same with the compiled kernel's search (at the median on one core, from a trick boundary of
a random classic deal in a suit contract, a solve of 24 cards takes under a millisecond there,
of 28 cards about 3 ms, of all 32 about 15 ms). Against the hard player, on 200 duplicate deals
of classic (``benchmarks/agent_strength.py``, seed 0, intervals of about 0.015 either side),
solving from 12, 20 and 24 cards gave point shares of 0.508, 0.501 and 0.523. With the simulated
bidding, on 400 other duplicate deals (the same deals for both, intervals of about 0.013 either
side), solving from all 32 cards gave 0.510 and from 24 gave 0.507: solving the first tricks too made
the whole run about four times as long for no measurable gain. With the solved bidding, solving
from 28 cards (the second trick too) measured 0.5295 against 0.5300 on the first 1,477 of the
2,000 classic duplicate deals of seed 0, -0.0005 (+-0.0060) paired on the same deals (670 of them
played the same), for about a fifth more of the expert's time a deal and twice its 90th
percentile of card decisions (the median unchanged): not kept. On the card play alone
(``benchmarks/card_play_roles.py``: the hard players' contracts of the first 800 classic deals of
seed 0, 683 taken), solving from all 32 cards gained +2.7 (+-6.5) margin points a deal over 24,
paired on the same deals: within noise."""


def _solver() -> tuple[SolveCards, bool]:
    """The exact search to use (the one :func:`belote.analysis.solve` runs) and whether it is
    compiled."""
    import belote.kernel  # here: the kernel loads its tables from the agents

    return exact_search(), belote.kernel.COMPILED


class ExpertAgent(Agent):
    """Samples deals consistent with everything observed, as the hard player does, and values
    each legal card by the exact solver's result on each sampled deal late in the deal, by the
    hard player's rollouts earlier (see the module documentation). Bids by the hard player's
    simulation, its sampled deals solved exactly where
    :data:`~belote.agents.expert_bidding.SOLVED_BIDDING` says so.

    Its settings are fixed when it is built: each reads as an attribute of the same name, and
    assigning one raises :exc:`AttributeError` (build a new player for other settings).

    Args:
        seed: the decisions are a function of the seed and the view only (without a time
            budget).
        samples: deals sampled per decision.
        time_budget: if given, stop sampling after this many seconds (at least one deal is
            always valued; in the bidding the time is also read after each call of a deal, a
            deal not finished within it is dropped, and a solve that would run past it gives way
            to the normal heuristics' play of that deal); the choice then depends on the
            machine's speed.
        solve_from: solve each sampled deal exactly when at most this many cards are left in
            the four hands (0 to 32; 0 never solves, 32 always does); by default
            :data:`SOLVE_FROM_COMPILED` with the compiled kernel, :data:`SOLVE_FROM_PURE`
            without.
        reading: deals drawn per sampled deal, of which one is kept, weighed by how well the
            normal heuristics explain the other seats' plays, as the hard player reads them
            (:func:`~belote.agents.reading.read_sample`); 1 reads nothing from the play.
        solved_bidding: play the bidding simulation's deals out exactly
            (:func:`~belote.agents.expert_bidding.solved_play_out`) in every bidding system
            (True) or in none (False); by default as
            :data:`~belote.agents.expert_bidding.SOLVED_BIDDING` says with the compiled kernel,
            and never on the pure-Python path, where solving a whole deal takes seconds.
        bid_samples: deals sampled first per bidding decision; by default
            :data:`~belote.agents.expert_bidding.SOLVED_BID_SAMPLES` where the simulation
            solves its deals, else as many as the hard player
            (:data:`~belote.agents.sim_bidding.BID_SAMPLES` of the bidding system).
        auction_weight: if given, the sampled deals of its card play are read from the auction
            too (:mod:`belote.agents.auction_reading`), with this weight per call of another
            seat that the auction model would not have made; None reads nothing from the
            auction (the hard player's ``auction_weight``).
        bid_max_samples: while the choice of a call is unsure, twice as many deals are sampled,
            up to this many (:func:`~belote.agents.sim_bidding.evaluate_calls`); by default the
            first number, a fixed number of deals. Given alone, it also caps the deals sampled
            first.
        max_samples: in the card play, while the best card is close to another
            (:func:`~belote.agents.card_values.unsure_choice`), twice as many deals are sampled,
            up to this many (:func:`~belote.agents.card_values.sampled_card_values`); None (the
            default) samples ``samples`` deals for every card decision.

    Raises:
        ArgumentTypeError: ``seed`` is not an int.
        BeloteError: ``samples``, ``reading``, ``bid_samples``, ``max_samples`` or
            ``bid_max_samples`` (unless None) not a whole number >= 1, ``max_samples`` below
            ``samples``, ``bid_max_samples`` below ``bid_samples``,
            ``time_budget`` not positive, ``solve_from`` not a whole number from 0 to 32,
            ``solved_bidding`` neither None nor a bool, or ``auction_weight`` neither None nor a
            number above 0 and at most 1.

    >>> from belote import CLASSIC, Seat, play_round
    >>> from belote import NormalAgent
    >>> player = ExpertAgent(seed=1, samples=2)
    >>> play_round(CLASSIC, [player, NormalAgent(seed=2)] * 2, seed=5, dealer=Seat(0)).phase
    <Phase.FINISHED: 'finished'>
    >>> player.samples
    2
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = DEFAULT_SAMPLES,
        time_budget: float | None = None,
        solve_from: int | None = None,
        reading: int = READING_DRAWS,
        solved_bidding: bool | None = None,
        bid_samples: int | None = None,
        bid_max_samples: int | None = None,
        auction_weight: float | None = None,
        max_samples: int | None = None,
    ) -> None:
        self._hard = HardAgent(  # it checks the settings the two players share
            seed,
            samples=samples,
            time_budget=time_budget,
            reading=reading,
            auction_weight=auction_weight,
            max_samples=max_samples,
        )
        if bid_samples is not None:
            check_samples(bid_samples, "bid_samples")
        if bid_max_samples is not None:
            check_max_samples(bid_max_samples, bid_samples or 1, "bid_max_samples", "bid_samples")
        if solved_bidding is not None and not isinstance(solved_bidding, bool):
            raise BeloteError(f"solved_bidding must be None, True or False, got {safe_repr(solved_bidding)}")
        if solve_from is None:
            solve_from = SOLVE_FROM_COMPILED if _solver()[1] else SOLVE_FROM_PURE
        if isinstance(solve_from, bool) or not isinstance(solve_from, int) or not 0 <= solve_from <= 32:
            raise BeloteError(
                f"solve_from must be a whole number of cards from 0 to 32, got {safe_repr(solve_from)}"
            )
        self._solve_from = plain_int(solve_from)
        self._solved_bidding = solved_bidding
        self._bid_samples = None if bid_samples is None else plain_int(bid_samples)
        self._bid_max_samples = None if bid_max_samples is None else plain_int(bid_max_samples)

    # The settings the expert shares with its inner hard player are read from it: one source.
    @property
    def seed(self) -> int:
        """The seed its decisions are a function of (with the view)."""
        return self._hard.seed

    @property
    def samples(self) -> int:
        """Deals sampled per card decision."""
        return self._hard.samples

    @property
    def time_budget(self) -> float | None:
        """Seconds after which it stops sampling, or None for no limit."""
        return self._hard.time_budget

    @property
    def solve_from(self) -> int:
        """Cards left in the four hands at or below which each sampled deal is solved."""
        return self._solve_from

    @property
    def reading(self) -> int:
        """Deals drawn per sampled deal in the card play, of which one is kept."""
        return self._hard.reading

    @property
    def solved_bidding(self) -> bool | None:
        """Whether the bidding simulation solves its deals (None: as ``SOLVED_BIDDING`` says)."""
        return self._solved_bidding

    @property
    def bid_samples(self) -> int | None:
        """Deals sampled first per bidding decision, or None for the default."""
        return self._bid_samples

    @property
    def bid_max_samples(self) -> int | None:
        """Deals sampled at most while the choice of a call is unsure, or None."""
        return self._bid_max_samples

    @property
    def auction_weight(self) -> float | None:
        """The weight per unlikely call of the auction reading, or None to read nothing."""
        return self._hard.auction_weight

    @property
    def max_samples(self) -> int | None:
        """Deals sampled at most while the best card is close to another, or None."""
        return self._hard.max_samples

    def __repr__(self) -> str:
        return (
            f"ExpertAgent(seed={self.seed!r}, samples={self.samples!r}, "
            f"time_budget={self.time_budget!r}, solve_from={self.solve_from!r}, reading={self.reading!r}, "
            f"solved_bidding={self.solved_bidding!r}, bid_samples={self.bid_samples!r}, "
            f"bid_max_samples={self.bid_max_samples!r}, auction_weight={self.auction_weight!r}, "
            f"max_samples={self.max_samples!r})"
        )

    def choose_call(self, view: PlayerView) -> Call:
        """The candidate call with the best mean score-sheet value over sampled deals
        (:meth:`evaluate_calls`); the only legal call at once.

        Measured against the hard player on duplicate deals and not kept: the expert's own team
        playing the simulation's deals with the hard player's one-card lookahead (no credit),
        over twice the deals and leaving the normal player's call at 1 standard error instead
        of 1.5, gave 0.515 [0.508, 0.522] over 2,000 classic deals (0.512 [0.507, 0.517] when it
        bid as the hard player does), taking 67 % of the contracts against the hard player's
        31 %; the lookahead alone gave -0.046 point share (+-0.038) over 400 Bulgarian deals,
        overbidding."""
        return simulated_call(view, self.evaluate_calls)

    def evaluate_calls(self, view: PlayerView) -> CallEvaluation:
        """Each candidate call of the seat to bid with its mean score-sheet value over sampled
        deals, as the hard player values them (:meth:`HardAgent.evaluate_calls
        <belote.agents.HardAgent.evaluate_calls>`, the normal player's call as the prior), each
        deal played out by :func:`~belote.agents.expert_bidding.solved_play_out` where
        :meth:`solves_bidding` says so, over ``bid_samples`` deals, twice as many while the
        choice is unsure, up to ``bid_max_samples`` (see the class).

        >>> from belote import CLASSIC, Seat, deal, observe
        >>> view = observe(deal(CLASSIC, dealer=Seat(0), seed=7), Seat(1))
        >>> evaluation = ExpertAgent(seed=1, solved_bidding=False).evaluate_calls(view)
        >>> [str(call) for call in evaluation.calls], evaluation.samples
        (['pass', 'S'], 32)
        >>> ExpertAgent(seed=1, bid_samples=4).evaluate_calls(view).samples
        4
        >>> state = deal(CLASSIC, dealer=Seat(0), seed=10)  # a closer call: sampled further
        >>> close = ExpertAgent(seed=1, bid_samples=4, bid_max_samples=64)
        >>> close.evaluate_calls(observe(state, Seat(1))).samples
        16
        """
        check_to_bid(view)
        solved = self.solves_bidding(view.variant)
        samples, most = self.bid_samples, self.bid_max_samples
        if samples is None:
            samples = SOLVED_BID_SAMPLES if solved else BID_SAMPLES[view.variant.bidding]
            if most is not None:
                samples = min(samples, most)
        play_out = None
        if solved:  # with a time budget, a solve that would overrun it is given up for the heuristics
            deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
            play_out = solved_play_out(view.variant, carry=view.carry, deadline=deadline)
        return self._hard.evaluate_calls(view, play_out=play_out, samples=samples, max_samples=most)

    def solves_bidding(self, variant: Variant) -> bool:
        """Whether this player's bidding simulation plays its deals out exactly under
        ``variant`` (see the ``solved_bidding`` argument).

        >>> from belote import BULGARIAN, CLASSIC
        >>> ExpertAgent(solved_bidding=True).solves_bidding(BULGARIAN)
        True
        >>> ExpertAgent(solved_bidding=False).solves_bidding(CLASSIC)
        False
        """
        require(variant, Variant, "variant", "a Variant")
        if self.solved_bidding is not None:
            return self.solved_bidding
        return _solver()[1] and SOLVED_BIDDING[variant.bidding]

    def choose_play(self, view: PlayerView) -> Play:
        """The legal card with the best value over the sampled deals."""
        return best_scored_play(view, self.evaluate)

    def evaluate(self, view: PlayerView) -> dict[int, float]:
        """The mean deal value for this player's side of each legal card (by card number): the
        score-sheet value of the deal's end plus :data:`~belote.agents.hard.CARD_POINTS_WEIGHT`
        per card point of margin, as the hard player counts it."""
        contract = check_to_play(view)
        if sum(view.hand_size(seat) for seat in Seat) > self.solve_from:
            return self._hard.evaluate(view)
        return self._solved(view, contract, _solver()[0])

    def _solved(self, view: PlayerView, contract: Contract, solver: SolveCards) -> dict[int, float]:
        """Perfect-information Monte Carlo: the mean over sampled deals of the solved values."""
        start = time.perf_counter()
        sample = deal_sampler(view, self.reading, self.auction_weight)
        variant = view.variant
        mode = int(contract.trump)
        me = int(view.seat)
        team = me & 1
        base_points, base_tricks = tricks_so_far(view)
        won = (base_tricks[0], base_tricks[1], base_tricks[2], base_tricks[3])
        sheets = SampledSheets(view)
        (bonus, solo), _ = searched_bonuses(contract_bonuses(variant, contract))  # as solved_end reads them
        rules = rule_values(variant)
        trick = tuple(card.index for _, card in view.trick)
        leader = (me - len(trick)) % 4  # the seat that led the trick in progress
        alive = FULL_MASK & ~view.played.mask
        for card in trick:
            alive |= 1 << card
        remaining = points_in_play(variant, mode, alive)
        legal = [card.index for card in view.legal_cards]
        rng = random.Random(f"expert:{self.seed}:{me}:{view.hand.mask}:{[c.index for _, c in view.plays]}")

        lost = forfeiting_cards(view, legal, trick, mode)

        def value_deal() -> list[float]:
            hands = sample(rng)
            objective = sheets(hands)
            poorer = sheets.forfeited(hands, me) if lost else objective
            values: dict[int, float] = {}  # the search gives one value per legal card
            # one thread: the players' parallelism is the games' (a pool of processes or threads)
            for card, _payoff, margin in solver(
                hands, trick, leader, mode, rules, won, bonus, solo_bonus=solo, threads=1
            ):
                ends, tricks, last = solved_end(base_points, team, margin, remaining, (bonus, solo))
                sheet = poorer if card in lost else objective
                values[card] = sheet.value(ends, tricks, last, team) + (
                    (ends[team] - ends[1 - team]) * CARD_POINTS_WEIGHT
                )
            return [values[card] for card in legal]

        return self._hard._card_values(legal, value_deal, start)
