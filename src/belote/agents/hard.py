"""The hard player: card memory, void inference, card probabilities and determinized rollouts.

For each decision the hard player reads its :class:`~belote.agents.inference.Beliefs` (every
card played, the voids the rules reveal, the cards known to be in a hand), deals the hidden
cards at random consistently with them (determinization), keeping the deals that best
explain how the other seats chose their cards (:mod:`belote.agents.reading`), and plays every
legal card in each of these deals to the end of the deal (:func:`~belote.agents.sim.normal_playouts`,
compiled when the kernel is built): the other side by the normal player's heuristics, its own side
looking one card ahead on the deal's open hands (each of its choices goes to the card whose
playout by the heuristics ends best for the side; option ``lookahead``). It plays the card with
the best mean value for its side, as the variant's own score sheet writes the deal
(:class:`~belote.agents.objective.DealObjective`: what its team writes minus what the other
team writes, with every scoring option, the points held from earlier deals and the belotes of
each sampled deal, announced or still to be: :class:`~belote.agents.objective.SampledSheets`). The work
per decision is ``samples`` deals (and, if given, at most ``time_budget`` seconds, which makes
the choice depend on the machine's speed).

It bids by simulation too (:mod:`belote.agents.sim_bidding`): each candidate call is valued by
the same score sheet over sampled deals, the rest of the auction following a hand-strength
rule and the deals played out by the normal heuristics.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from belote._args import plain_int
from belote._repr import safe_repr
from belote.agents.auction_reading import check_auction_weight
from belote.agents.base import (
    Agent,
    Play,
    announced_play,
    check_seed,
    check_to_bid,
    check_to_play,
    check_view,
)
from belote.agents.call_evaluation import check_max_samples
from belote.agents.card_values import sampled_card_values
from belote.agents.heuristics import choose_card
from belote.agents.inference import Beliefs, NoDealFitsError, infer
from belote.agents.normal import view_facts
from belote.agents.normal_bidding import normal_bid
from belote.agents.objective import SampledSheets
from belote.agents.reading import READING_DRAWS, check_reading, deal_sampler
from belote.agents.sim import normal_playouts
from belote.agents.sim_bidding import CallEvaluation, DealPlayOut, check_samples, evaluate_calls
from belote.belotes import forfeits_belote
from belote.bidding import Call
from belote.cards import DECK
from belote.errors import BeloteError
from belote.views import PlayerView

__all__ = [
    "CARD_POINTS_WEIGHT",
    "DEFAULT_SAMPLES",
    "HardAgent",
    "best_scored_play",
    "forfeiting_cards",
    "simulated_call",
    "tricks_so_far",
]

CARD_POINTS_WEIGHT = 1 / 1024
"""How much each card point of margin adds to a sampled deal's score-sheet value: enough to
prefer the card that takes more points when the sheet (rounded, as in Bulgarian game points)
values two cards the same, too little to outweigh a single point written on the sheet."""

DEFAULT_SAMPLES = 64
"""Deals sampled per decision by default (each read from
:data:`~belote.agents.reading.READING_DRAWS` draws): about 35 ms median per card decision with a
choice, on one core with the compiled kernel (``benchmarks/agent_speed.py``). With the playouts'
lookahead, on the same 2 x 400 Bulgarian duplicate deals against the normal player, 64 samples
gained +0.012 point share over 24 (intervals about +-0.013 each); before the compiled playouts,
80 samples measured no stronger in classic."""


def forfeiting_cards(
    view: PlayerView, legal: Sequence[int], trick: Sequence[int], mode: int
) -> frozenset[int]:
    """The legal cards (numbers) with which the seat of ``view`` would give up a belote it still
    holds (:func:`~belote.belotes.forfeits_belote`: in all trumps under ``belote_on_discard=False``,
    a king or queen played on a trick led in another suit; the queen first where the king must
    come first). The searching
    players value those cards on the sheet without that belote
    (:meth:`SampledSheets.forfeited <belote.agents.objective.SampledSheets.forfeited>`): the
    sheets of their sampled deals count every belote a hand still holds, as announced later.

    >>> from belote import BULGARIAN, Contract, Seat, Trump, seat_view
    >>> view = seat_view(BULGARIAN, Seat(1), hand="KH QH 7D 8D 9D TD JD AD", dealer=Seat(3),
    ...                  contract=Contract(Seat(0), Trump.ALL_TRUMPS), plays="AS")
    >>> legal = [card.index for card in view.legal_cards]  # no spade: any card
    >>> lost = forfeiting_cards(view, legal, [card.index for _, card in view.trick], Trump.ALL_TRUMPS)
    >>> sorted(str(DECK[card]) for card in lost)
    ['KH', 'QH']
    """
    hand, variant = view.hand.mask, view.variant
    return frozenset(card for card in legal if forfeits_belote(hand, card, trick, mode, variant))


def tricks_so_far(view: PlayerView) -> tuple[list[int], list[int]]:
    """The card points each team took in the finished tricks (last-trick bonus aside) and the
    tricks each seat won, from ``view``.

    >>> from belote import CLASSIC, Seat, deal, observe, play_round
    >>> tricks_so_far(observe(deal(CLASSIC, dealer=Seat(0), seed=1), Seat(1)))
    ([0, 0], [0, 0, 0, 0])
    """
    points = [0, 0]
    tricks = [0, 0, 0, 0]
    for done in view.tricks:
        points[done.winner & 1] += done.points
        tricks[done.winner] += 1
    return points, tricks


def best_scored_play(view: PlayerView, evaluate: Callable[[PlayerView], dict[int, float]]) -> Play:
    """The legal card ``evaluate`` values best (the only legal card at once, unevaluated); a tie
    goes to the normal heuristics' card, then to the lowest card number. The searching players
    (hard, expert) differ only in ``evaluate``. A view no deal of the hidden cards fits
    (:class:`~belote.agents.inference.NoDealFitsError`, which ``evaluate`` raises) gets the normal
    heuristics' card: an agent plays a legal card on every view the library accepts.

    >>> from belote import CLASSIC, PlayerView, Seat, bid, deal, legal_bids, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])  # the eldest takes
    >>> view = observe(state, Seat(1))
    >>> lowest = min(card.index for card in view.legal_cards)
    >>> def lowest_first(view: PlayerView) -> dict[int, float]:
    ...     return {card.index: float(card.index == lowest) for card in view.legal_cards}
    >>> play = best_scored_play(view, lowest_first)
    >>> play.card.index == lowest
    True
    """
    hand, legal, trick, mode, unseen, attacking = view_facts(view)
    if not legal & (legal - 1):
        return announced_play(view, DECK[legal.bit_length() - 1])
    default = choose_card(hand, legal, trick, mode, unseen, attacking)
    try:
        scores = evaluate(view)
    except NoDealFitsError:  # a view no deal fits (typed in from outside): nothing to sample
        return announced_play(view, DECK[default])
    best = max(scores, key=lambda card: (scores[card], card == default, -card))
    return announced_play(view, DECK[best])


def simulated_call(view: PlayerView, evaluate: Callable[[PlayerView], CallEvaluation]) -> Call:
    """The call a searching player makes: its only legal call at once, else the best of
    ``evaluate(view)`` (:attr:`CallEvaluation.best <belote.agents.call_evaluation.CallEvaluation.best>`).

    Raises:
        ArgumentTypeError: ``view`` is not a :class:`~belote.views.PlayerView`.
        PhaseError: the seat has no call to make (:func:`~belote.agents.base.check_to_bid`).

    >>> from belote import CLASSIC, Seat, deal, observe
    >>> from belote.agents.sim_bidding import evaluate_calls
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> str(simulated_call(observe(state, Seat(1)), lambda view: evaluate_calls(view, samples=4)))
    'S'
    """
    check_to_bid(view)
    legal = view.legal_bids
    if len(legal) == 1:
        return legal[0]
    return evaluate(view).best


class HardAgent(Agent):
    """Remembers the cards, infers voids and card probabilities, and decides by sampling deals
    consistent with everything observed and playing each legal card out (the other side by the
    normal heuristics, its own side looking one card ahead). Bids by simulation: the candidate
    call with the best mean score-sheet value over sampled deals (:meth:`evaluate_calls`).

    Its settings are fixed when it is built: each reads as an attribute of the same name, and
    assigning one raises :exc:`AttributeError` (build a new player for other settings).

    Args:
        seed: the decisions are a function of the seed and the view only.
        samples: deals sampled per decision.
        time_budget: if given, stop sampling after this many seconds (at least one deal is
            always played; in the bidding the time is also read after each call of a deal, and
            a deal not finished within it is dropped); the choice then depends on the machine's
            speed.
        reading: deals drawn per sampled deal in the card play, of which one is kept, weighed
            by how well the normal heuristics explain the cards the other seats played
            (:func:`~belote.agents.reading.read_sample`); 1 reads nothing from the play.
        lookahead: in the playouts of its card play, its own side's seats look one card ahead
            on the sampled deal's open hands (each choice goes to the card whose playout by the
            normal heuristics ends best for the side, see :func:`~belote.agents.sim.play_out`)
            instead of following the heuristics, which play the side's later cards worse than
            it does; the other side keeps the heuristics. False plays every seat by the heuristics.
        auction_weight: if given, the sampled deals of its card play are read from the auction
            too: each weighed by this weight per call of another seat that the auction model
            would not have made from it (:mod:`belote.agents.auction_reading`); None (the
            default) reads nothing from the auction.
        max_samples: if given, the card play samples twice as many deals while the best card is
            close to another, up to this many (:func:`~belote.agents.card_values.sampled_card_values`);
            None (the default) samples ``samples`` deals for every card decision.

    Raises:
        ArgumentTypeError: ``seed`` is not an int.
        BeloteError: ``samples`` or ``reading`` not a whole number >= 1, ``max_samples`` (unless
            None) not one from ``samples`` up, ``time_budget`` not positive, ``lookahead`` not a
            bool, or ``auction_weight`` neither None nor a number above 0 and at most 1 (reason
            ``BAD_ARGUMENT``).

    >>> from belote import CLASSIC, Seat, play_round
    >>> from belote import NormalAgent
    >>> player = HardAgent(seed=1, samples=4)
    >>> play_round(CLASSIC, [player, NormalAgent(seed=2)] * 2, seed=5, dealer=Seat(0)).phase
    <Phase.FINISHED: 'finished'>
    >>> player.samples
    4
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = DEFAULT_SAMPLES,
        time_budget: float | None = None,
        reading: int = READING_DRAWS,
        lookahead: bool = True,
        auction_weight: float | None = None,
        max_samples: int | None = None,
    ) -> None:
        check_seed(seed)
        check_samples(samples)
        if max_samples is not None:
            check_max_samples(max_samples, samples)
        if time_budget is not None and (
            isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not time_budget > 0
        ):
            raise BeloteError(f"time_budget must be positive seconds, got {safe_repr(time_budget)}")
        check_reading(reading)
        if not isinstance(lookahead, bool):
            raise BeloteError(f"lookahead must be True or False, got {safe_repr(lookahead)}")
        check_auction_weight(auction_weight)
        self._seed = plain_int(seed)
        self._samples = plain_int(samples)
        self._time_budget = time_budget
        self._reading = plain_int(reading)
        self._lookahead = lookahead
        self._auction_weight = auction_weight
        self._max_samples = None if max_samples is None else plain_int(max_samples)

    @property
    def seed(self) -> int:
        """The seed its decisions are a function of (with the view)."""
        return self._seed

    @property
    def samples(self) -> int:
        """Deals sampled per decision."""
        return self._samples

    @property
    def time_budget(self) -> float | None:
        """Seconds after which it stops sampling, or None for no limit."""
        return self._time_budget

    @property
    def reading(self) -> int:
        """Deals drawn per sampled deal in the card play, of which one is kept."""
        return self._reading

    @property
    def lookahead(self) -> bool:
        """Whether its own side looks one card ahead in the playouts."""
        return self._lookahead

    @property
    def auction_weight(self) -> float | None:
        """The weight per unlikely call of the auction reading, or None to read nothing."""
        return self._auction_weight

    @property
    def max_samples(self) -> int | None:
        """Deals sampled at most while the best card is close to another, or None."""
        return self._max_samples

    def __repr__(self) -> str:
        return (
            f"HardAgent(seed={self.seed!r}, samples={self.samples!r}, "
            f"time_budget={self.time_budget!r}, reading={self.reading!r}, lookahead={self.lookahead!r}, "
            f"auction_weight={self.auction_weight!r}, max_samples={self.max_samples!r})"
        )

    def choose_call(self, view: PlayerView) -> Call:
        """The candidate call with the best mean score-sheet value over sampled deals
        (:meth:`evaluate_calls`); the only legal call at once."""
        return simulated_call(view, self.evaluate_calls)

    def evaluate_calls(
        self,
        view: PlayerView,
        *,
        play_out: DealPlayOut | None = None,
        samples: int | None = None,
        max_samples: int | None = None,
    ) -> CallEvaluation:
        """Each candidate call of the seat to bid with its mean score-sheet value over
        ``samples`` sampled deals (by default :data:`~belote.agents.sim_bidding.BID_SAMPLES` of
        the bidding system; at most ``time_budget`` seconds), the rest of the auction
        approximated by a hand-strength rule, the normal player's call kept unless another is
        clearly better (see :func:`~belote.agents.sim_bidding.evaluate_calls`); each deal played
        out by ``play_out`` (by default the normal heuristics for all four seats); with
        ``max_samples``, twice as many deals while the choice is unsure, up to that many.

        Raises:
            ArgumentTypeError: ``view`` is not a :class:`~belote.views.PlayerView`, or
                ``play_out`` neither None nor a callable.
            PhaseError: the seat has no call to make.
            BeloteError: ``samples`` or ``max_samples`` as
                :func:`~belote.agents.sim_bidding.evaluate_calls` refuses them.

        >>> from belote import CLASSIC, Seat, deal, observe
        >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
        >>> HardAgent(seed=1).evaluate_calls(observe(state, Seat(1)), samples=6).samples
        6
        """
        check_to_bid(view)
        prior = normal_bid(view)
        return evaluate_calls(
            view,
            samples=samples,
            time_budget=self.time_budget,
            seed=self.seed,
            prior=prior,
            play_out=play_out,
            max_samples=max_samples,
        )

    def beliefs(self, view: PlayerView) -> Beliefs:
        """What this player knows and deduces about the hidden hands (see
        :func:`~belote.agents.inference.infer`)."""
        check_view(view)
        return infer(view)

    def choose_play(self, view: PlayerView) -> Play:
        """The legal card with the best value over the sampled deals."""
        return best_scored_play(view, self.evaluate)

    def evaluate(self, view: PlayerView) -> dict[int, float]:
        """The mean deal value for this player's side of each legal card (by card number)."""
        contract = check_to_play(view)
        start = time.perf_counter()
        sample = deal_sampler(view, self.reading, self.auction_weight)
        mode = int(contract.trump)
        me = int(view.seat)
        team = me & 1
        taker_team = int(contract.taker) & 1
        base_points, base_tricks = tricks_so_far(view)
        sheets = SampledSheets(view)
        trick = [card.index for _, card in view.trick]
        leader = (me - len(trick)) % 4  # the seat that led the trick in progress
        played = view.played.mask
        legal = [card.index for card in view.legal_cards]
        rng = random.Random(f"hard:{self.seed}:{me}:{view.hand.mask}:{[c.index for _, c in view.plays]}")
        play = normal_playouts(view.variant)
        ahead = team if self.lookahead else -1

        lost = forfeiting_cards(view, legal, trick, mode)

        def value_deal() -> list[float]:
            hands = sample(rng)
            objective = sheets(hands)
            poorer = sheets.forfeited(hands, me) if lost else objective
            values = []
            for card in legal:
                won, other, tricks, last = play(hands, trick, leader, mode, taker_team, played, card, ahead)
                points = (base_points[0] + won, base_points[1] + other)
                for index in range(4):
                    tricks[index] += base_tricks[index]
                margin = points[team] - points[1 - team]
                sheet = poorer if card in lost else objective
                values.append(sheet.value(points, tricks, last, team) + margin * CARD_POINTS_WEIGHT)
            return values

        return self._card_values(legal, value_deal, start)

    def _card_values(
        self, legal: Sequence[int], value_deal: Callable[[], Sequence[float]], start: float
    ) -> dict[int, float]:
        """Each legal card's mean over the deals ``value_deal`` samples and values, with this
        player's sampling settings (``samples``, ``max_samples``, ``time_budget`` counted from
        ``start``): :func:`~belote.agents.card_values.sampled_card_values`. The expert values its
        solved deals through its inner hard player's, so both read the settings from one place."""
        return sampled_card_values(
            legal,
            value_deal,
            samples=self.samples,
            max_samples=self.max_samples,
            time_budget=self.time_budget,
            start=start,
        )
