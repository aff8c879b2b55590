"""Speed of reading game records back: the schema check, the replay and the training pairs.

Plays ``--records`` single deals of four normal players (``selfplay``'s records, in a
temporary directory), then times, per record and as medians over the records:

- ``schema``: :func:`belote.records.validate_record`, whose answer comes from the checks
  compiled once from the shipped schema (``conforms``) when the record follows it;
- ``interpreter``: the same verdict from the interpreter that finds a problem's place and
  message (what ``validate_record`` falls back on for a record that does not follow the
  schema), as the ratio the compiled checks gain over it in the same run;
- ``replay``: :func:`belote.replay` (the schema check, then every action through the rules);
- ``training_pairs``: the (view, action) pairs of a whole shard per second, each record
  replayed (checked) before its pairs are given.

Usage: python benchmarks/records_speed.py [--records N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from belote.records import replay, validate_record
from belote.records._jsonschema import interpreted_problem
from belote.selfplay import read_records, selfplay, training_pairs


def median_time(records: list[dict[str, Any]], work: Callable[[dict[str, Any]], object]) -> float:
    """The median over ``records`` of the fastest of three timings of ``work(record)``, seconds."""
    timings = []
    for record in records:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            work(record)
            best = min(best, time.perf_counter() - start)
        timings.append(best)
    return statistics.median(timings)


def interpreted(record: dict[str, Any]) -> None:
    """The interpreter's verdict on a round record (the slow path of ``validate_record``)."""
    if interpreted_problem(record, "roundRecord") is not None:
        raise AssertionError("a record selfplay wrote does not follow the schema")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        selfplay(folder, games=args.records, deals=True, players=("normal", "normal"), seed=args.seed)
        records = list(read_records(folder))
        schema = median_time(records, validate_record)
        slow = median_time(records, interpreted)
        replayed = median_time(records, replay)
        start = time.perf_counter()
        pairs = sum(1 for _ in training_pairs(folder))
        seconds = time.perf_counter() - start
    print(f"{len(records)} records, {pairs} decisions (Python {sys.version.split()[0]})")
    print(f"schema check    {schema * 1e6:8.0f} us a record (median)")
    print(f"interpreter     {slow * 1e6:8.0f} us a record: the compiled checks {slow / schema:.1f} x faster")
    print(f"replay          {replayed * 1e6:8.0f} us a record (the schema check included)")
    per_record = seconds / len(records) * 1e3
    print(f"training_pairs  {pairs / seconds:8.0f} pairs a second ({per_record:.2f} ms a record)")


if __name__ == "__main__":
    main()
