"""What a searching player's close bidding decisions are worth at the table: each one played the
other way, to the end, by the same players on the same cards.

A change to how a player bids (an offset on its takes, another confidence bar) changes few of
its calls, and ``paired_strength.py`` sees those few through the noise of every other deal. Here
the duplicate deals of ``agent_strength.py`` (same seed, same dealer, same agent seeds) are
played once, every bidding decision of level A (``hard`` or ``expert``) recorded with its
evaluation (:class:`~belote.agents.call_evaluation.CallEvaluation`); then each decision whose
simulated gain of its best bid over a pass lies within ``--band`` is played again from that
point with the other call (its best bid instead of a pass, or a pass instead of a bid), the
same agents finishing the auction and the play. That gives, per decision, the points the other
call would really have brought, and from them:

* **the calibration**: the real gain of the best bid over a pass against the simulated one
  (intercept, slope, and per band of simulated gain), over every decision played both ways;
* **other decision rules**: for each offset taken off every bid's value and each confidence bar,
  the decisions the rule would make otherwise (:attr:`CallEvaluation.best
  <belote.agents.call_evaluation.CallEvaluation.best>` on the shifted values, the shipped rule
  itself), and the change of level A's point share per deal pair (the measure of
  ``agent_strength.py``) with its paired 95 % interval. At a table where the rule changes
  several decisions, the first one counts, and its replay makes the later calls as the shipped
  player makes them: that is the one approximation.

The shipped rule (offset 0, the bidding system's confidence) must change no decision: the script
checks it, so that a drift between the replay and the player shows.

    python benchmarks/bidding_counterfactuals.py --deals 200 --jobs 2 --seed 7
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any, Protocol

from paired_strength import mean_interval, player

from belote import (
    LEVELS,
    Phase,
    RoundState,
    Seat,
    bid,
    deal,
    find_variant,
    finish_round,
    make_agent,
    observe,
    score_round,
)
from belote.agents import Agent, Play
from belote.agents.call_evaluation import CONFIDENCE, CallEvaluation
from belote.bidding import Bid, Call, Pass, parse_call
from belote.tournament.plan import agent_seed, game_deal, player_agent
from belote.views import PlayerView

Record = dict[str, Any]
"""One bidding decision of level A, as JSON: where it was made, what it was worth."""


class Bidder(Protocol):
    """A searching player: it values its candidate calls."""

    def evaluate_calls(self, view: PlayerView) -> CallEvaluation: ...

    def choose_play(self, view: PlayerView) -> Play: ...


class _Recorded:
    """Level A's agent, its calls made as the player makes them and written down."""

    def __init__(self, agent: Bidder, table: int, records: list[Record]) -> None:
        self.agent, self.table, self.records = agent, table, records

    def choose_call(self, view: PlayerView) -> Call:
        legal = view.legal_bids
        if len(legal) == 1:
            return legal[0]
        evaluation = self.agent.evaluate_calls(view)
        call = evaluation.best
        self.records.append(
            {
                "table": self.table,
                "seat": int(view.seat),
                "auction": [str(said) for _, said in view.auction],
                "calls": [str(one) for one in evaluation.calls],
                "values": list(evaluation.values),
                "errors": None if evaluation.errors is None else list(evaluation.errors),
                "prior": None if evaluation.prior is None else str(evaluation.prior),
                "samples": evaluation.samples,
                "chosen": str(call),
            }
        )
        return call

    def choose_play(self, view: PlayerView) -> Play:
        return self.agent.choose_play(view)


def _agents(levels: tuple[str, str], seed: int, index: int, table: int, records: list[Record]) -> list[Agent]:
    """The four agents of one table of duplicate deal ``index``: level A on team ``table`` (at
    seats 0 and 2 at table 0), seeded as :func:`belote.tournament` seeds them."""
    agents: list[Agent] = []
    for seat in range(4):
        seeded = agent_seed(seed, index, seat)
        if (seat & 1) == table:
            agents.append(_Recorded(make_agent(levels[0], seed=seeded), table, records))  # type: ignore[arg-type]
        else:
            agents.append(make_agent(levels[1], seed=seeded))
    return agents


def _dealt(variant_name: str, seed: int, index: int, calls: Iterable[str]) -> RoundState:
    """Duplicate deal ``index`` of ``seed`` as the tournament deals it, after ``calls``."""
    deal_seed, dealer = game_deal(seed, index)
    state = deal(find_variant(variant_name), dealer=dealer, seed=deal_seed)
    for call in calls:
        state = bid(state, parse_call(call))
    return state


def _points(state: RoundState, table: int) -> list[int]:
    """Level A's and level B's written points at the end of a round (0, 0 when passed out)."""
    if state.phase is not Phase.FINISHED:
        return [0, 0]
    points = score_round(state).points
    return [points[table], points[1 - table]]


def _finish(
    variant_name: str, levels: tuple[str, str], seed: int, index: int, table: int, calls: Iterable[str]
) -> tuple[RoundState, list[Record]]:
    """Deal ``index`` at ``table`` after ``calls``, finished by the table's agents; level A's
    decisions on the way."""
    records: list[Record] = []
    agents = _agents(levels, seed, index, table, records)
    state = _dealt(variant_name, seed, index, calls)
    return finish_round(state, agents), records


def play_deal(task: tuple[str, tuple[str, str], int, int]) -> list[Record]:
    """Both tables of duplicate deal ``index``: per table a record of its points (``order`` -1),
    then level A's decisions there, in the order made."""
    variant_name, levels, seed, index = task
    rows: list[Record] = []
    for table in (0, 1):
        state, records = _finish(variant_name, levels, seed, index, table, ())
        points = _points(state, table)
        rows.append({"index": index, "table": table, "order": -1, "points": points})
        for order, record in enumerate(records):
            record.update(index=index, order=order, points=points)
            rows.append(record)
    return rows


def take_gain(record: Record) -> tuple[str, float]:
    """The decision's best bid (by its simulated value) and its simulated gain over a pass."""
    calls, values = record["calls"], record["values"]
    passed = calls.index(str(Pass()))
    best = max((i for i in range(len(calls)) if i != passed), key=lambda i: values[i])
    return calls[best], values[best] - values[passed]


def alternative(record: Record) -> str:
    """The other call of a decision: its best bid after a pass, a pass after a bid."""
    return take_gain(record)[0] if record["chosen"] == str(Pass()) else str(Pass())


def play_alternative(task: tuple[str, tuple[str, str], int, Record]) -> Record:
    """The decision played the other way: the table's points after :func:`alternative`."""
    variant_name, levels, seed, record = task
    calls = [*record["auction"], alternative(record)]
    state, _ = _finish(variant_name, levels, seed, record["index"], record["table"], calls)
    return {**record, "other": alternative(record), "other_points": list(_points(state, record["table"]))}


def rule_call(record: Record, offset: float, confidence: float) -> str:
    """The call the rule (``offset`` off every bid's value, ``confidence`` standard errors to
    leave the prior) makes at the decision: :attr:`CallEvaluation.best` on the shifted values."""
    calls = tuple(parse_call(text) for text in record["calls"])
    values = tuple(
        v - offset if isinstance(call, Bid) else v for call, v in zip(calls, record["values"], strict=True)
    )
    errors = None if record["errors"] is None else tuple(record["errors"])
    prior = None if record["prior"] is None else parse_call(record["prior"])
    evaluation = CallEvaluation(
        calls=calls,
        values=values,
        samples=record["samples"],
        errors=errors,
        prior=prior,
        confidence=confidence,
    )
    return str(evaluation.best)


Decide = Callable[[Record], str]
"""A way of bidding, as the call it makes at a recorded decision."""


def share_changes(decisions: Sequence[Record], decide: Decide) -> tuple[list[float], int, int]:
    """Per deal pair, the change of level A's share of the points when it bids by ``decide``; the
    decisions that changes (the first of each table) and those it changes to a call not played."""
    tables: dict[tuple[int, int], list[Record]] = {}
    for record in decisions:
        tables.setdefault((record["index"], record["table"]), []).append(record)
    pairs: dict[int, list[tuple[list[int], list[int]]]] = {}
    changed = unknown = 0
    for (index, _table), records in sorted(tables.items()):
        records.sort(key=lambda record: record["order"])
        before = after = records[0]["points"]  # the table's own record comes first
        for record in records[1:]:
            call = decide(record)
            if call == record["chosen"]:
                continue
            if call != record.get("other"):
                unknown += 1
            else:
                after = record["other_points"]
                changed += 1
            break
        pairs.setdefault(index, []).append((before, after))
    changes: list[float] = []
    for tables_of_pair in pairs.values():
        old = [sum(side) for side in zip(*(before for before, _ in tables_of_pair), strict=True)]
        new = [sum(side) for side in zip(*(after for _, after in tables_of_pair), strict=True)]
        if sum(old) or sum(new):  # a pair nobody scored in either way is left out, as agent_strength does
            changes.append(
                (new[0] / sum(new) if sum(new) else 0.5) - (old[0] / sum(old) if sum(old) else 0.5)
            )
    return changes, changed, unknown


def candidate_call(task: tuple[str, int, str, Record]) -> Record:
    """The decision with the call another player (``spec``, as ``paired_strength.py`` reads one)
    makes there instead, seeded as level A's agent at that seat: its ``candidate``."""
    variant_name, seed, spec, record = task
    state = _dealt(variant_name, seed, record["index"], record["auction"])
    made = player(spec)
    seeded = agent_seed(seed, record["index"], record["seat"])
    agent = player_agent(made, seeded)
    return {**record, "candidate": str(agent.choose_call(observe(state, Seat(record["seat"]))))}


def calibration(decisions: Sequence[Record]) -> None:
    """Print the real gain of the best bid over a pass against the simulated one."""
    rows: list[tuple[float, float]] = []
    for record in decisions:
        if "other_points" not in record:
            continue
        ours = record["points"][0] - record["points"][1]
        theirs = record["other_points"][0] - record["other_points"][1]
        real = ours - theirs if record["chosen"] != str(Pass()) else theirs - ours
        rows.append((take_gain(record)[1], real))
    if len(rows) < 3:
        print("calibration: too few decisions played both ways")
        return
    count = len(rows)
    mean_x = sum(x for x, _ in rows) / count
    mean_y = sum(y for _, y in rows) / count
    spread = sum((x - mean_x) ** 2 for x, _ in rows)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in rows) / spread if spread else float("nan")
    intercept = mean_y - slope * mean_x
    residual = math.sqrt(sum((y - intercept - slope * x) ** 2 for x, y in rows) / (count - 2))
    bias, half = mean_interval([y - x for x, y in rows])
    print(f"calibration over {count} decisions played both ways (written points, level A's team minus B's):")
    print(f"  real gain = {intercept:.1f} + {slope:.2f} x simulated gain (residual sd {residual:.0f})")
    print(f"  real minus simulated: {bias:+.1f} +- {half:.1f}")
    edges = [-math.inf, -40.0, -20.0, 0.0, 20.0, 40.0, math.inf]
    for low, high in itertools.pairwise(edges):
        band = [y for x, y in rows if low <= x < high]
        if band:
            mean, half = mean_interval(band)
            print(
                f"  simulated gain in [{low:>5}, {high:>4}): {len(band):4} decisions, "
                f"real gain {mean:+6.1f} +- {half:.1f}"
            )


def play_decisions(args: argparse.Namespace, mapper: Any) -> list[Record]:
    """Level A's decisions over the deals, the close ones played both ways."""
    levels = (args.a, args.b)
    decisions = [
        record
        for records in mapper(play_deal, [(args.variant, levels, args.seed, i) for i in range(args.deals)])
        for record in records
    ]
    close = [r for r in decisions if "calls" in r and abs(take_gain(r)[1]) <= args.band]
    replayed = {
        (r["index"], r["table"], r["order"]): r
        for r in mapper(play_alternative, [(args.variant, levels, args.seed, r) for r in close])
    }
    return [replayed.get((r["index"], r["table"], r["order"]), r) for r in decisions]


SETTINGS = ("variant", "deals", "a", "b", "seed", "band")
"""The arguments a file of decisions was played with (its first line), read back by ``--from``."""


def _recorded_call(calls: dict[tuple[int, int, int], str], record: Record) -> str:
    """The call ``calls`` holds for the decision (a candidate's, by table and order)."""
    return calls[(record["index"], record["table"], record["order"])]


def report(name: str, decisions: Sequence[Record], decide: Decide) -> tuple[int, int]:
    """Print the change of level A's deal-pair share when it bids by ``decide``; the decisions
    changed and those changed to a call not played."""
    changes, changed, unknown = share_changes(decisions, decide)
    mean, half = mean_interval(changes)
    print(
        f"  {name}: {changed:4} decisions changed{f', {unknown} not played' if unknown else ''}, "
        f"share {mean:+.4f} +- {half:.4f}"
    )
    return changed, unknown


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="preset name")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (each played twice)")
    parser.add_argument("--a", default="expert", choices=("hard", "expert"), help="level A (its decisions)")
    parser.add_argument("--b", default="hard", choices=LEVELS, help="level B (the opponent)")
    parser.add_argument(
        "--seed", type=int, default=7, help="the deals' seed (agent_strength.py measures seed 0)"
    )
    parser.add_argument(
        "--band", type=float, default=80.0, help="replay decisions whose simulated take gain is within it"
    )
    parser.add_argument("--offsets", type=float, nargs="*", default=[-10.0, -5.0, 0.0, 5.0, 10.0, 20.0])
    parser.add_argument(
        "--confidences", type=float, nargs="*", default=None, help="default: 1, the system's, 2"
    )
    parser.add_argument(
        "--candidate",
        action="append",
        default=[],
        metavar="SPEC",
        help="another player (level[:name=value,...]) making level A's recorded decisions; repeatable",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", metavar="FILE", help="write the decisions, replayed or not, as JSON lines")
    parser.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        help="read the decisions of an earlier --out instead of playing",
    )
    args = parser.parse_args(argv)
    for spec in args.candidate:
        player(spec)  # an unknown level or option stops here, before any game
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    mapper = map if executor is None else executor.map
    try:
        if args.source:
            with open(args.source, encoding="utf-8") as file:
                settings, *decisions = (json.loads(line) for line in file)
            vars(args).update(settings["settings"])
        else:
            decisions = play_decisions(args, mapper)
        candidates = {
            spec: {
                (r["index"], r["table"], r["order"]): r["candidate"]
                for r in mapper(
                    candidate_call, [(args.variant, args.seed, spec, r) for r in decisions if "calls" in r]
                )
            }
            for spec in args.candidate
        }
    finally:
        if executor is not None:
            executor.shutdown()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(json.dumps({"settings": {name: getattr(args, name) for name in SETTINGS}}) + "\n")
            for record in decisions:
                file.write(json.dumps(record) + "\n")
    variant = find_variant(args.variant)
    chosen = sum("calls" in r for r in decisions)
    both = sum("other_points" in r for r in decisions)
    print(
        f"variant {variant.name}: {args.a} (A) vs {args.b} (B), {args.deals} duplicate deals, "
        f"seed {args.seed}; {chosen} decisions of A with a choice, {both} played both ways "
        f"(take gain within {args.band:g})"
    )
    calibration(decisions)
    shipped = CONFIDENCE[variant.bidding]
    print("decision rules (offset off every bid's value, confidence bar): change of A's deal-pair share")
    for confidence in args.confidences or sorted({1.0, shipped, 2.0}):
        for offset in args.offsets:
            name = f"offset {offset:+6.1f}, confidence {confidence:.2f}"
            mark = offset == 0 and confidence == shipped
            changed, unknown = report(
                name + (" (shipped)" if mark else ""),
                decisions,
                partial(rule_call, offset=offset, confidence=confidence),
            )
            if mark and (changed or unknown):
                print(
                    "the shipped rule changed decisions: the replay does not match the player",
                    file=sys.stderr,
                )
                return 1
    if candidates:
        print("other players making A's decisions: change of A's deal-pair share")
    for spec, calls in candidates.items():
        report(spec, decisions, partial(_recorded_call, calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
