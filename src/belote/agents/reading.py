"""Reading the hidden hands from how the other seats played: sampled deals weighed by a model.

The rules reveal voids (:mod:`belote.agents.inference`); the way a seat chose among its legal
cards reveals more. A player who gives a queen to a trick its partner holds has no ace or ten
of that suit to give; a defender who ducks a trick worth winning holds nothing that wins it
cheaply. The searching players (hard, expert) read this by replaying the play of each sampled
deal against a model of the play, the normal player's heuristics
(:func:`~belote.agents.sim.normal_policy`):

* :class:`PlayEvidence` holds every card the other seats played, with what the seat saw when it
  played it (the trick, the cards gone, the cards it played later);
* :meth:`PlayEvidence.misplays` counts, in one sampled deal, the cards the model would not
  have played from the hands that deal gives (a forced card counts for nothing);
* :func:`read_sample` draws several deals from the beliefs and keeps one at random, each
  weighed by :data:`MISPLAY_WEIGHT` to the power of its misplays beyond the fewest among them.
  A deal where the others played as the model would is the likeliest; one where they did not
  stays possible, since no seat is bound to play as the model does.

Deals drawn this way are still consistent with everything :class:`~belote.agents.Beliefs`
knows: the reading only chooses among them.

>>> from belote import CLASSIC, Seat, bid, deal, legal_bids, legal_moves, observe, play
>>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
>>> state = bid(state, legal_bids(state)[-1])
>>> for _ in range(5):
...     state = play(state, next(iter(legal_moves(state))))
>>> view = observe(state, Seat(2))  # South, to play the second card of the second trick
>>> len(view.plays), len(play_evidence(view).plays)  # its own card is no evidence
(5, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import attrs

from belote._repr import safe_repr
from belote.agents.auction_reading import (
    AUCTION_WEIGHT,
    AuctionEvidence,
    auction_evidence,
    check_auction_weight,
)
from belote.agents.inference import Beliefs, infer
from belote.agents.sim import Policy, compiled_kernel, normal_policy
from belote.errors import BeloteError, Reason
from belote.tricks import legal_mask
from belote.variants import Variant
from belote.views import PlayerView

__all__ = [
    "MISPLAY_WEIGHT",
    "READING_DRAWS",
    "PlayEvidence",
    "SeenPlay",
    "count_misplays",
    "deal_sampler",
    "play_evidence",
    "read_sample",
]

MISPLAY_WEIGHT = 0.02
"""The weight of a sampled deal, relative to the best explained deal drawn with it, per card
the model would not have played from that deal's hands. Measured on the same 400 duplicate
classic deals, the hard player against the normal one, over no reading: 8 draws weighed with
0.2 gained +0.003 point share (+-0.012), 16 with 0.05 +0.011 (+-0.013), 32 with 0.02 +0.017
(+-0.014); in Bulgarian, 16 with 0.05 gained +0.010 (+-0.014). The normal heuristics explain the
hard and expert players' own cards less well (about one card in five is a misplay to them), yet
against those players too 0.02 places the hidden cards about as well as any weight
(``benchmarks/reading_accuracy.py --deals 80``: 491 views of the expert's team against the hard
player's, classic): 0.470 of the unseen cards with their holder, 0.460 at 0.1, 0.448 at 0.3,
0.471 at 0, 0.455 with the partner's plays unread, 0.421 reading nothing; 128 draws instead of 32
placed 0.473."""

READING_DRAWS = 32
"""Deals drawn per sampled deal by default, of which :func:`read_sample` keeps one: a hard card
decision with a choice takes about 50 ms median with it against 12 ms without
(``benchmarks/agent_speed.py``)."""

_FULL = (1 << 32) - 1
_GIVE_UP = 2
"""Misplays beyond the fewest drawn so far at which a deal is dropped unread: it would weigh
:data:`MISPLAY_WEIGHT` cubed or less."""


@attrs.frozen(order=False)
class SeenPlay:
    """One card a seat played, with what that seat saw when it played it."""

    seat: int
    """The seat that played (a seat number)."""
    card: int
    """The card played (a card number)."""
    trick: tuple[int, ...]
    """The cards already in the trick when it played (card numbers, in play order)."""
    gone: int
    """The mask of every card played before it (the trick's included)."""
    later: int
    """The mask of this card and of every card the seat played after it: added to the seat's
    hand in a sampled deal, the hand it held then."""
    attacking: bool
    """True when the seat is on the taking side."""


@attrs.frozen(order=False)
class PlayEvidence:
    """The other seats' plays as a seat saw them (see :func:`play_evidence`), to be replayed
    against a model of the play in sampled deals.

    >>> from belote import CLASSIC
    >>> PlayEvidence(plays=(), mode=0, variant=CLASSIC).misplays((0, 0, 0, 0))
    0
    """

    plays: tuple[SeenPlay, ...]
    """The other seats' plays, in play order."""
    mode: int
    """The contract's trump mode (a :class:`~belote.trumps.Trump` number)."""
    variant: Variant
    """The variant whose play rules made the legal cards."""
    plays_by_seat: tuple[tuple[SeenPlay, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    """The plays of each seat (by seat number), in play order."""

    counters: tuple[Callable[[int], int] | None, ...] = attrs.field(init=False, repr=False, eq=False)
    """Per seat, the compiled kernel's count of that seat's misplays under the normal heuristics
    (a function of the seat's hand now), or None without the kernel or plays."""

    @plays_by_seat.default
    def _by_seat(self) -> tuple[tuple[SeenPlay, ...], ...]:
        return tuple(tuple(seen for seen in self.plays if seen.seat == seat) for seat in range(4))

    @counters.default
    def _counters(self) -> tuple[Callable[[int], int] | None, ...]:
        kernel = compiled_kernel()
        if kernel is None:
            return (None,) * 4
        rules = kernel.rules_code(self.variant)
        count = kernel.seat_misplays
        mode = self.mode

        def counter(packed: bytes) -> Callable[[int], int]:
            return lambda hand: int(count(hand, packed, mode, rules))

        return tuple(
            counter(
                kernel.pack_plays(
                    (seen.card, seen.trick, seen.gone, seen.later, seen.attacking) for seen in plays
                )
            )
            if plays
            else None
            for plays in self.plays_by_seat
        )

    def misplays(
        self,
        hands: tuple[int, int, int, int],
        limit: int = 32,
        policy: Policy = normal_policy,
        memo: dict[tuple[int, int], int] | None = None,
    ) -> int:
        """How many of the plays ``policy`` would not have made from ``hands`` (the hands now,
        one mask per seat): the seat's hand at each play is its hand now with the cards it
        played from then on. Counting stops once past ``limit`` (a number above ``limit`` is
        returned). ``memo``, kept between calls with the same evidence and policy, remembers
        each seat's count per hand: sampled deals often give a seat the same hand late in the
        deal."""
        count = 0
        for seat in range(4):
            plays = self.plays_by_seat[seat]
            if not plays:
                continue
            hand = hands[seat]
            known = None if memo is None else memo.get((seat, hand))
            if known is None:
                counter = self.counters[seat] if policy is normal_policy else None
                if counter is not None:  # the same count, compiled
                    known = counter(hand)
                else:
                    known = count_misplays(plays, hand, self.mode, self.variant, policy)
                if memo is not None:
                    memo[(seat, hand)] = known
            count += known
            if count > limit:
                break
        return count


def count_misplays(
    plays: Iterable[SeenPlay], hand_now: int, mode: int, variant: Variant, policy: Policy
) -> int:
    """How many of one seat's ``plays`` ``policy`` would not have made, the seat holding
    ``hand_now`` now (at each play, ``hand_now`` with that play's later cards); a forced card
    counts for nothing. :meth:`PlayEvidence.misplays` counts so per seat, through the compiled
    kernel's twin (:func:`belote.kernel.seat_misplays`) for the normal heuristics when it is
    built.

    >>> from belote import CLASSIC, Card, Trump
    >>> ace, seven = Card.parse("AS").index, Card.parse("7S").index
    >>> led_low = SeenPlay(seat=1, card=seven, trick=(), gone=0, later=1 << seven, attacking=False)
    >>> count_misplays([led_low], 1 << ace, Trump.HEARTS, CLASSIC, normal_policy)  # not its ace
    1
    """
    count = 0
    for seen in plays:
        hand = hand_now | seen.later
        trick = seen.trick
        legal = legal_mask(hand, trick, mode, variant)[0]
        if (
            legal & (legal - 1)
            and policy(hand, legal, trick, mode, _FULL & ~(hand | seen.gone), seen.attacking) != seen.card
        ):
            count += 1
    return count


def play_evidence(view: PlayerView) -> PlayEvidence:
    """The plays of the seats other than ``view.seat``, each with what its seat saw.

    Raises:
        BeloteError: before the contract is made (reason ``WRONG_PHASE``).

    >>> from belote import CLASSIC, Seat, bid, deal, legal_bids, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> play_evidence(observe(state, Seat(1))).plays
    ()
    """
    contract = view.contract
    if contract is None:
        raise BeloteError("no contract yet: nothing has been played", reason=Reason.WRONG_PHASE)
    me = int(view.seat)
    taker_team = int(contract.taker) & 1
    plays = [(int(seat), card.index) for seat, card in view.plays]
    later = [0, 0, 0, 0]
    afterwards: list[int] = []
    for seat, card in reversed(plays):
        later[seat] |= 1 << card
        afterwards.append(later[seat])
    afterwards.reverse()
    seen: list[SeenPlay] = []
    trick: list[int] = []
    gone = 0
    for (seat, card), after in zip(plays, afterwards, strict=True):
        if seat != me:
            seen.append(SeenPlay(seat, card, tuple(trick), gone, after, (seat & 1) == taker_team))
        trick.append(card)
        gone |= 1 << card
        if len(trick) == 4:
            trick = []
    return PlayEvidence(plays=tuple(seen), mode=int(contract.trump), variant=view.variant)


def read_sample(
    beliefs: Beliefs,
    evidence: PlayEvidence,
    rng: random.Random,
    draws: int = READING_DRAWS,
    weight: float = MISPLAY_WEIGHT,
    memo: dict[tuple[int, int], int] | None = None,
    auction: AuctionEvidence | None = None,
    auction_weight: float = AUCTION_WEIGHT,
    auction_memo: dict[tuple[int, int], int] | None = None,
) -> tuple[int, int, int, int]:
    """A deal of the hidden cards consistent with ``beliefs``, read from ``evidence``: ``draws``
    deals drawn with :meth:`Beliefs.sample <belote.agents.Beliefs.sample>`, one kept at random
    with weight ``weight ** (misplays - fewest)`` (see the module documentation). With one draw,
    or no play to read, it is the first deal drawn, as ``beliefs.sample(rng)`` gives it.
    ``memo`` is passed on to :meth:`PlayEvidence.misplays` (one per evidence), ``auction_memo``
    to :meth:`AuctionEvidence.misses <belote.agents.auction_reading.AuctionEvidence.misses>`
    (one per auction evidence): two different dicts, as the two count different things under
    keys of the same shape.

    Raises:
        BeloteError: ``draws`` not a whole number >= 1, or ``weight`` not in ``[0, 1]``
            (reason ``BAD_ARGUMENT``).

    >>> import random
    >>> from belote import CLASSIC, Seat, deal, bid, legal_bids, observe
    >>> from belote.agents import infer
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> view = observe(state, Seat(1))
    >>> hands = read_sample(infer(view), play_evidence(view), random.Random(1))
    >>> hands[view.seat] == view.hand.mask, sum(hand.bit_count() for hand in hands)
    (True, 32)
    """
    check_reading(draws, weight)
    if draws == 1 or (not evidence.plays and auction is None):
        return beliefs.sample(rng)
    deals: list[tuple[int, int, int, int]] = []
    counts: list[int] = []
    fewest = 1 << 30
    for _ in range(draws):
        hands = beliefs.sample(rng)
        count = evidence.misplays(hands, limit=fewest + _GIVE_UP, memo=memo) if evidence.plays else 0
        if count <= fewest + _GIVE_UP:
            deals.append(hands)
            counts.append(count)
            fewest = min(fewest, count)
    if auction is None:
        weights = [weight ** (count - fewest) for count in counts]
    else:  # the auction read only where the play is explained well enough to keep the deal
        weights = [
            weight ** (count - fewest) * auction_weight ** auction.misses(hands, rng, auction_memo)
            if count <= fewest + _GIVE_UP
            else 0.0
            for hands, count in zip(deals, counts, strict=True)
        ]
    return rng.choices(deals, weights)[0]


def deal_sampler(
    view: PlayerView, draws: int = READING_DRAWS, auction_weight: float | None = None
) -> Callable[[random.Random], tuple[int, int, int, int]]:
    """The deals of one card decision: a function of a random generator that returns a deal read
    with :func:`read_sample` from ``view``'s beliefs (:func:`~belote.agents.inference.infer`) and
    play evidence, worked out once, with one memo of the misplays for every deal it reads. The
    searching players (hard, expert) sample through it. With an ``auction_weight``, the deals
    are read from the auction too (:mod:`belote.agents.auction_reading`), with that weight per
    call the auction model would not have made.

    Raises:
        BeloteError: ``draws`` not a whole number >= 1 or ``auction_weight`` neither None nor a
            number above 0 and at most 1 (``BAD_ARGUMENT``), or no contract yet (``WRONG_PHASE``).

    >>> import random
    >>> from belote import CLASSIC, Seat, deal, bid, legal_bids, observe
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> view = observe(state, Seat(1))
    >>> sample = deal_sampler(view)
    >>> sample(random.Random(1)) == read_sample(infer(view), play_evidence(view), random.Random(1))
    True
    """
    check_reading(draws)
    check_auction_weight(auction_weight)
    beliefs = infer(view)
    evidence = play_evidence(view)
    auction = None if auction_weight is None else auction_evidence(view)
    memo: dict[tuple[int, int], int] = {}
    auction_memo: dict[tuple[int, int], int] = {}
    if auction is None or auction_weight is None:

        def sample(rng: random.Random) -> tuple[int, int, int, int]:
            return read_sample(beliefs, evidence, rng, draws, memo=memo)

        return sample

    def read_auction(rng: random.Random) -> tuple[int, int, int, int]:
        return read_sample(
            beliefs,
            evidence,
            rng,
            draws,
            memo=memo,
            auction=auction,
            auction_weight=auction_weight,
            auction_memo=auction_memo,
        )

    return read_auction


def check_reading(draws: object, weight: object = MISPLAY_WEIGHT) -> None:
    """Raise :class:`~belote.errors.BeloteError` (``BAD_ARGUMENT``) unless ``draws`` is a whole
    number >= 1 and ``weight`` a number from 0 to 1.

    >>> check_reading(16)
    >>> check_reading(0)
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: reading must be a whole number of draws >= 1, got 0
    """
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 1:
        raise BeloteError(f"reading must be a whole number of draws >= 1, got {safe_repr(draws)}")
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 <= weight <= 1:
        raise BeloteError(f"the misplay weight must be from 0 to 1, got {safe_repr(weight)}")
