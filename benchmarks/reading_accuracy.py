"""How well the searching players' reading of the play places the hidden cards: per reading
configuration, the share of the unseen cards that a read deal gives to the seat really holding
them, over the card decisions of real games.

The hard and expert players value each card over deals sampled consistently with what they
know and read from how the other seats played (:mod:`belote.agents.reading`: ``draws`` deals
drawn, one kept, each weighed by ``weight`` per card the normal heuristics would not have
played). A deal that places the hidden cards where they are is what the search needs, so this
measures a change to the reading (more draws, another weight, the partner's plays left unread)
without playing a match: the same views for every configuration, read ``--reads`` times each,
and each configuration's difference from the first one with its 95 % interval over the views
(paired). It is a proxy: only the point share (``agent_strength.py``) says whether a player
plays better, but a reading that places fewer cards right has little to offer there.

The views are the card decisions (with at least ``--from-plays`` and at most ``--to-plays``
cards played) of the seats of level A in games of A (seats 0 and 2) against B (seats 1 and 3),
on the deals a tournament of ``--seed`` deals. A configuration is ``draws:weight`` or
``draws:weight:opponents`` (the partner's plays not read), with ``:auction=W`` to read the auction
too at weight ``W`` per call missed (:mod:`belote.agents.auction_reading`); ``1:0`` reads nothing
(the first deal drawn).

    python benchmarks/reading_accuracy.py --deals 40 --reads 16
    python benchmarks/reading_accuracy.py --config 32:0.02 --config 128:0.02 --config 32:0.1:opponents
    python benchmarks/reading_accuracy.py --variant coinche --a hard --b hard --from-plays 0 \
        --config 32:0.02 --config 32:0.02:auction=0.2

Measured (``--deals 80 --reads 16``, seed 2: 491 views of the expert player's team against the
hard player's, classic), the unseen cards placed with their holder: 0.470 with the players' 32
draws at 0.02; reading nothing -0.057 (+-0.009); a weight of 0.1 -0.011 (+-0.005), of 0.3 -0.025
(+-0.006), of 0 +0.001 (+-0.004); the partner's plays unread -0.019 (+-0.006); 64 draws +0.001
(+-0.004), 128 draws +0.002 (+-0.004).

In coinche, where the auction says most (``--variant coinche --a hard --b hard --deals 30
--from-plays 0 --to-plays 20``, seed 2: 249 views), 0.445 with the players' reading; the auction
read too at 0.2 +0.009 (+-0.006), at 0.05 +0.012 (+-0.006); reading nothing -0.021 (+-0.008).
Reading the auction adds about half of what reading the play adds: a small gain, in line
with the point share it measured (:data:`~belote.agents.auction_reading.AUCTION_WEIGHT`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import NamedTuple

from paired_strength import mean_interval

from belote import LEVELS, Phase, RoundState, deal, find_variant, make_agent, observe
from belote.agents import infer
from belote.agents.auction_reading import auction_evidence, check_auction_weight
from belote.agents.reading import PlayEvidence, check_reading, play_evidence, read_sample
from belote.errors import BeloteError
from belote.games import agent_step
from belote.tournament.plan import agent_seed, game_deal
from belote.variants import Variant
from belote.views import PlayerView


class Reading(NamedTuple):
    """One reading configuration: the draws per read deal, the misplay weight, whether the
    partner's plays are read too, and the auction's weight per call missed (None: the auction is
    not read, as the players do by default)."""

    draws: int
    weight: float
    partner: bool = True
    auction: float | None = None

    def __str__(self) -> str:
        return (
            f"{self.draws}:{self.weight:g}"
            + ("" if self.partner else ":opponents")
            + ("" if self.auction is None else f":auction={self.auction:g}")
        )


class Seen(NamedTuple):
    """A card decision of level A: the view, and the four hands at that moment (masks)."""

    view: PlayerView
    hands: tuple[int, int, int, int]


DEFAULT_READINGS = ("32:0.02", "1:0", "32:0.1", "32:0.02:opponents", "128:0.02")
"""The configurations measured by default: the players' reading first (the one the others are
compared with)."""


def parse_reading(text: str) -> Reading:
    """The configuration ``draws:weight[:opponents][:auction=W]``.

    >>> parse_reading("32:0.02"), str(parse_reading("64:0.1:opponents"))
    (Reading(draws=32, weight=0.02, partner=True, auction=None), '64:0.1:opponents')
    >>> parse_reading("32:0.02:auction=0.2").auction, str(parse_reading("8:0:opponents:auction=1"))
    (0.2, '8:0:opponents:auction=1')
    """
    form = "draws:weight[:opponents][:auction=W]"
    parts = text.split(":")
    extra = parts[2:]
    partner = "opponents" not in extra
    auction_parts = [part for part in extra if part.startswith("auction=")]
    if len(parts) < 2 or len(extra) != (not partner) + len(auction_parts) or len(auction_parts) > 1:
        raise ValueError(f"a reading is {form}, got {text!r}")
    if not partner and extra[0] != "opponents":
        raise ValueError(f"a reading is {form} (opponents before auction), got {text!r}")
    try:
        draws, weight = int(parts[0]), float(parts[1])
        auction = float(auction_parts[0].removeprefix("auction=")) if auction_parts else None
    except ValueError:
        raise ValueError(f"a reading's draws are a whole number, its weights numbers, got {text!r}") from None
    check_reading(draws, weight)
    check_auction_weight(auction)
    return Reading(draws, weight, partner, auction)


def collect(variant: Variant, a: str, b: str, deals: int, seed: int, plays: tuple[int, int]) -> list[Seen]:
    """Play ``deals`` deals of A (seats 0 and 2) against B, dealt and seated as the first play of
    a tournament's duplicate pair (``agent_strength.py``'s deals of ``seed``), keeping A's card
    decisions with ``plays[0]`` to ``plays[1]`` cards played (deals that no one takes are dropped)."""
    seen: list[Seen] = []
    for index in range(deals):
        agents = [
            make_agent(a if seat % 2 == 0 else b, seed=agent_seed(seed, index, seat)) for seat in range(4)
        ]
        deal_seed, dealer = game_deal(seed, index)
        state: RoundState = deal(variant, dealer=dealer, seed=deal_seed)
        while state.phase in (Phase.BIDDING, Phase.PLAYING):
            seat = state.to_act
            if state.phase is Phase.PLAYING and seat is not None and int(seat) % 2 == 0:
                view = observe(state, seat)
                if plays[0] <= len(view.plays) <= plays[1] and len(view.legal_cards) > 1:
                    hands = state.hands
                    seen.append(Seen(view, (hands[0].mask, hands[1].mask, hands[2].mask, hands[3].mask)))
            state = agent_step(state, agents)
    return seen


class Placed(NamedTuple):
    """Over the deals read from one view: the partner's unseen cards placed with it and their
    number (once per read), the same for the opponents' cards."""

    partner: int
    partner_cards: int
    opponents: int
    opponents_cards: int

    @property
    def share(self) -> float:
        """The share of all unseen cards placed right."""
        return (self.partner + self.opponents) / (self.partner_cards + self.opponents_cards)


def placed(seen: Seen, reading: Reading, reads: int, key: str) -> Placed:
    """The unseen cards of ``reads`` deals read from the view placed with their holder (the
    random draws a function of ``key``); ``ValueError`` if the other seats hold no card.

    >>> from belote import CLASSIC, Seat, bid, deal, legal_bids, legal_moves, observe, play
    >>> state = deal(CLASSIC, dealer=Seat(0), seed=7)
    >>> state = bid(state, legal_bids(state)[-1])
    >>> for _ in range(28):
    ...     state = play(state, next(iter(legal_moves(state))))
    >>> view = observe(state, state.to_act)
    >>> hands = tuple(hand.mask for hand in state.hands)
    >>> placed(Seen(view, hands), Reading(32, 0.02), 4, "doc").partner_cards
    4
    """
    view = seen.view
    me = int(view.seat)
    partner = (me + 2) % 4
    evidence = play_evidence(view)
    if not reading.partner:
        evidence = PlayEvidence(
            plays=tuple(play for play in evidence.plays if play.seat != partner),
            mode=evidence.mode,
            variant=evidence.variant,
        )
    beliefs = infer(view)
    auction = None if reading.auction is None else auction_evidence(view)
    rng = random.Random(key)
    memo: dict[tuple[int, int], int] = {}
    auction_memo: dict[tuple[int, int], int] = {}
    hidden = [
        (card, seat) for seat in range(4) if seat != me for card in range(32) if seen.hands[seat] >> card & 1
    ]
    if not hidden:
        raise ValueError("the view has no unseen card to place: the other seats hold none")
    right_partner = right_opponents = 0
    partner_cards = sum(1 for _, seat in hidden if seat == partner)
    for _ in range(reads):
        if auction is None or reading.auction is None:
            hands = read_sample(beliefs, evidence, rng, reading.draws, reading.weight, memo=memo)
        else:
            hands = read_sample(
                beliefs,
                evidence,
                rng,
                reading.draws,
                reading.weight,
                memo=memo,
                auction=auction,
                auction_weight=reading.auction,
                auction_memo=auction_memo,
            )
        for card, seat in hidden:
            if hands[seat] >> card & 1:
                if seat == partner:
                    right_partner += 1
                else:
                    right_opponents += 1
    return Placed(
        right_partner, partner_cards * reads, right_opponents, (len(hidden) - partner_cards) * reads
    )


def measure(seen: Sequence[Seen], readings: Sequence[Reading], reads: int) -> list[list[Placed]]:
    """Per reading, per view: :func:`placed` (the same random draws for the same view and reading)."""
    return [
        [placed(item, reading, reads, f"{index}:{reading}") for index, item in enumerate(seen)]
        for reading in readings
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="preset name")
    parser.add_argument("--deals", type=int, default=40, help="deals played for their views")
    parser.add_argument("--a", default="expert", choices=("hard", "expert"), help="level A (the reader)")
    parser.add_argument("--b", default="hard", choices=LEVELS, help="level B (the opponent)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--reads", type=int, default=16, help="deals read per view and configuration")
    parser.add_argument("--from-plays", type=int, default=8, help="fewest cards played at a view")
    parser.add_argument("--to-plays", type=int, default=24, help="most cards played at a view")
    parser.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="DRAWS:WEIGHT[:opponents][:auction=W]",
        help=f"a reading configuration; repeatable (default: {' '.join(DEFAULT_READINGS)})",
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.reads < 1:
        parser.error("--deals and --reads must be at least 1")
    try:
        variant = find_variant(args.variant)
        readings = [parse_reading(text) for text in args.config or DEFAULT_READINGS]
    except (ValueError, BeloteError) as error:
        parser.error(str(error))
    seen = collect(variant, args.a, args.b, args.deals, args.seed, (args.from_plays, args.to_plays))
    print(
        f"{len(seen)} views of {args.a} against {args.b} ({variant.name}, {args.deals} deals), "
        f"{args.reads} reads each"
    )
    if not seen:
        return 0
    results = measure(seen, readings, args.reads)
    base = [row.share for row in results[0]]
    width = max(len("reading"), *(len(str(reading)) for reading in readings))
    print(f"{'reading':<{width}} {'partner':>8} {'opponents':>10} {'all':>8}   all - first (95 %)")
    for reading, rows in zip(readings, results, strict=True):
        partner, opponents = sum(row.partner for row in rows), sum(row.opponents for row in rows)
        partner_cards = sum(row.partner_cards for row in rows)
        opponents_cards = sum(row.opponents_cards for row in rows)
        everyone = (partner + opponents) / (partner_cards + opponents_cards)
        difference, half = mean_interval([row.share - first for row, first in zip(rows, base, strict=True)])
        print(
            f"{reading!s:<{width}} {partner / partner_cards:>8.4f} {opponents / opponents_cards:>10.4f} "
            f"{everyone:>8.4f}   {difference:+.4f} (+-{half:.4f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
