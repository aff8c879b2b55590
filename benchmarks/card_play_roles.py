"""Card play alone, by role: a candidate player against a baseline on the same contracts.

``agent_strength.py`` and ``paired_strength.py`` play whole deals, the auction included, so a
player's card play and its bidding are measured together. Here the auction is held fixed. Each
duplicate deal of ``agent_strength.py`` (same seed, same dealer) is bid by four baseline players;
the contract they reach is then played out three times from the same auction:

* **C**: by the four baseline players;
* **A**: the candidate on the taking team, the baseline defending;
* **B**: the baseline taking, the candidate defending.

Every seat's agent has the same seed at the three tables (:func:`belote.tournament`'s seeds), so
a candidate that plays as the baseline does gives the same cards at all three. Each table is
measured on the variant's score sheet as the taking team's margin: what it writes minus what the
defenders write. The candidate's gain, deal by deal, is ``A - C`` declaring and ``C - B``
defending, each with its 95 % interval. Deals the baseline passes out are counted and skipped.
With ``--out FILE`` the deals are kept in FILE as they are played (its first line the settings:
variant, seed, candidate, baseline), and a run again with the same settings plays only the deals
FILE does not hold yet; FILE with other settings is refused.

    python benchmarks/card_play_roles.py --variant classic --deals 800 --candidate expert --jobs 2

On the first 800 classic deals of seed 0 (683 taken), the expert in place of the hard player
gained +0.9 +- 4.4 margin points declaring and +6.3 +- 4.6 defending, +7.2 +- 4.7 in all. At a
duplicate pair that is half as many points out of the two tables' 340 or so: about +0.010 point
share, as much as ``agent_strength.py`` gives it on the deals where each side took once (0.510),
and less than half its whole edge (0.523), the rest of which comes from its bidding. In
Bulgarian (the first 800 deals of seed 0, 749 taken), where the expert bids as the hard player
does, it gained +0.6 +- 1.5 game points declaring and +0.1 +- 1.1 defending, +0.6 +- 1.7 in all:
about +0.007 +- 0.018 point share of the 47 or so a duplicate pair writes there, in line with its
0.511 over 2,000 deals.

Screened on the same classic deals, each paired with the default expert deal by deal (the default's
gain minus the variant's, margin points a deal, 95 % intervals), and none kept: reading the play
from 1 draw per sampled deal (no reading), +4.1 (+-6.9); from 128 draws instead of 32, +5.7
(+-6.3), of which +4.1 (+-4.6) declaring; each card's value the mean of its solved value and
the hard player's rollout value late in the deal, +2.4 (+-5.2); solving from all 32 cards
instead of 24, -2.7 (+-6.5) (recorded in the expert's ``SOLVE_FROM_COMPILED``); the taking
team's next card postponed one step against strategy fusion (for each card and sampled deal the
other seats play on as the solver says up to this seat's next turn, the deals are grouped by what
it will have seen, and each group keeps one next card, the best summed over its deals), -0.6
(+-1.8) declaring (53 deals played otherwise): the other seats' solved cards differ from one
sampled deal to the next, so the groups seldom join two deals. Within noise every one: the
expert's card play is not held back by these settings.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from pathlib import Path

import attrs
from paired_strength import mean_interval, player

from belote import RoundState, bid, deal, find_variant, finish_round, play_round, score_round
from belote.agents import Agent
from belote.bidding import Call
from belote.tournament import PlayerSpec
from belote.tournament.plan import agent_seed, game_deal, player_agent

TABLES = ("C", "A", "B")
"""The three tables of a deal: the baseline alone, the candidate taking, the candidate defending."""


@attrs.frozen
class Deal:
    """One deal's three tables: the contract (None: passed out) and, per table of :data:`TABLES`,
    the taking team's margin on the score sheet and the outcome (``made``, ``failed``...)."""

    index: int
    contract: str | None
    margins: tuple[int, int, int]
    outcomes: tuple[str, str, str]

    @property
    def declaring(self) -> int:
        """The candidate's gain as the taking team: ``A - C``.

        >>> Deal(0, "N H", (10, 16, 4), ("made",) * 3).declaring
        6
        """
        return self.margins[1] - self.margins[0]

    @property
    def defending(self) -> int:
        """The candidate's gain as the defending team: ``C - B``.

        >>> Deal(0, "N H", (10, 16, 4), ("made",) * 3).defending
        6
        """
        return self.margins[0] - self.margins[2]


def _agents(spec: PlayerSpec, other: PlayerSpec, team: int | None, seed: int, index: int) -> list[Agent]:
    """The four agents of one table: ``spec`` on ``team`` (None: on no team), ``other`` elsewhere,
    each seeded as the tournament seeds the seat."""
    agents: list[Agent] = []
    for seat in range(4):
        chosen = spec if team is not None and seat & 1 == team else other
        seeded = agent_seed(seed, index, seat)
        agents.append(player_agent(chosen, seeded))
    return agents


def _margin(state: RoundState, team: int) -> tuple[int, str]:
    """What ``team`` writes minus what the other team writes, and the outcome."""
    score = score_round(state)
    return score.points[team] - score.points[1 - team], str(score.outcome)


def play_deal(variant_name: str, candidate: PlayerSpec, baseline: PlayerSpec, seed: int, index: int) -> Deal:
    """Deal ``index`` of ``seed`` bid by the baseline, then played at the three tables.

    >>> play_deal("classic", "easy", "easy", 0, 1).declaring  # the same player: the same cards
    0
    """
    variant = find_variant(variant_name)
    deal_seed, dealer = game_deal(seed, index)
    alone = play_round(variant, _agents(baseline, baseline, None, seed, index), seed=deal_seed, dealer=dealer)
    contract = alone.contract
    if contract is None:
        return Deal(index, None, (0, 0, 0), ("passed",) * 3)
    taking = int(contract.taker) & 1
    calls: list[Call] = [call for _, call in alone.auction]
    margins, outcomes = [], []
    for team in (None, taking, 1 - taking):
        if team is None:
            state = alone
        else:
            state = deal(variant, dealer=dealer, seed=deal_seed)
            for call in calls:
                state = bid(state, call)
            state = finish_round(state, _agents(candidate, baseline, team, seed, index))
        assert state.contract == contract, "the replayed auction reached another contract"
        margin, outcome = _margin(state, taking)
        margins.append(margin)
        outcomes.append(outcome)
    return Deal(
        index, str(contract), (margins[0], margins[1], margins[2]), (outcomes[0], outcomes[1], outcomes[2])
    )


def settings_of(args: argparse.Namespace) -> dict[str, object]:
    """What makes the deals of a run: a ``--out`` file holds the deals of these settings only."""
    return {
        "variant": args.variant,
        "seed": args.seed,
        "candidate": args.candidate,
        "baseline": args.baseline,
    }


def read_deals(path: Path, settings: dict[str, object]) -> dict[int, Deal]:
    """The deals a ``--out`` file holds, by index (none if it does not exist or is empty).

    Raises:
        ValueError: the file holds the deals of other settings (its first line), or none.
    """
    lines = path.read_text().splitlines() if path.exists() else []
    if not any(line.strip() for line in lines):
        return {}
    found = json.loads(lines[0]).get("settings")
    if found != settings:
        raise ValueError(f"{path} holds the deals of other settings: {found}, not {settings}")
    deals: dict[int, Deal] = {}
    for line in lines[1:]:
        row = json.loads(line)
        margins, outcomes = row["margins"], row["outcomes"]
        deals[row["index"]] = Deal(
            row["index"],
            row["contract"],
            (margins[0], margins[1], margins[2]),
            (outcomes[0], outcomes[1], outcomes[2]),
        )
    return deals


def play_deals(
    args: argparse.Namespace, indices: Iterable[int], mapper: Callable[..., Iterator[Deal]]
) -> Iterator[Deal]:
    """The deals of ``indices``, in order, played through ``mapper`` (``map`` or an executor's)."""
    work = partial(play_deal, args.variant, player(args.candidate), player(args.baseline), args.seed)
    return mapper(work, indices)


def report(deals: Sequence[Deal], args: argparse.Namespace) -> None:
    """Print the gains by role with their intervals, and the outcomes per table."""
    taken = [one for one in deals if one.contract is not None]
    print(
        f"variant {args.variant}, seed {args.seed}: {len(deals)} deals bid by {args.baseline}, "
        f"{len(taken)} taken; {args.candidate} in place of {args.baseline}, "
        "gain in the taking team's margin (sheet points):"
    )
    for name, gains in (
        ("declaring (A - C)", [one.declaring for one in taken]),
        ("defending (C - B)", [one.defending for one in taken]),
        ("both", [one.declaring + one.defending for one in taken]),
    ):
        mean, half = mean_interval(gains)
        print(f"  {name:<18} {mean:+7.2f} +- {half:.2f}")
    for column, table in enumerate(TABLES):
        made = sum(one.outcomes[column] in ("made", "capot") for one in taken) / max(len(taken), 1)
        changed = sum(one.margins[column] != one.margins[0] for one in taken)
        print(f"  table {table}: made {made:.3f} (capots too), margin not the baseline's on {changed} deals")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="preset name")
    parser.add_argument("--deals", type=int, default=200, help="deals")
    parser.add_argument("--candidate", default="expert", help="level[:name=value,...] (default expert)")
    parser.add_argument("--baseline", default="hard", help="the bidders and the other players (default hard)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="a JSON lines file of the deals: those it holds are kept")
    args = parser.parse_args(argv)
    find_variant(args.variant)
    try:
        held = read_deals(args.out, settings_of(args)) if args.out is not None else {}
    except ValueError as error:
        parser.error(str(error))
    if args.out is not None and not held:
        args.out.write_text(json.dumps({"settings": settings_of(args)}) + "\n")
    todo = [index for index in range(args.deals) if index not in held]
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        mapper = executor.map if executor is not None else map
        for one in play_deals(args, todo, mapper):
            held[one.index] = one
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps(attrs.asdict(one)) + "\n")
    finally:
        if executor is not None:
            executor.shutdown()
    report([held[index] for index in range(args.deals)], args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
