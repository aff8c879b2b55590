"""Tournament throughput: scaling over processes, runner overhead, Dask against a process pool.

Prints games per second for each agent level, then three figures with their targets:

1. Normal-vs-Normal matches per second with 2 worker processes over 1 (target >= 1.8);
2. the runner's overhead, in-process, against a bare loop over the same games (target <= 5 %);
3. a Dask ``LocalCluster`` with 2 single-threaded worker processes against a 2-process pool
   (target: within 15 %, i.e. Dask time / pool time <= 1.15).

Each timing is the best of ``--repeat`` runs (less noise from other programs). The scaling
figures need at least 2 idle cores: the script prints the machine's load first.

    python benchmarks/tournament_speed.py --matches 48 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

from belote import CLASSIC, make_agent, tournament
from belote.games import play_match


def best(repeat: int, work: Callable[[], object]) -> float:
    """The shortest wall-clock time of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def bare_loop(games: int, seed: int) -> None:
    """The games of ``tournament(("normal", "normal"), seating="fixed")`` without the runner."""
    for index in range(games):
        agents = [make_agent("normal", seed=(seed * 1_000_003 + index) * 4 + seat) for seat in range(4)]
        play_match(CLASSIC, agents, seed=f"{seed}/{index}")


def run(games: int, executor: Executor | None, *, seed: int = 0, chunk: int | None = None) -> None:
    tournament(
        ("normal", "normal"), games=games, seed=seed, seating="fixed", executor=executor, chunk_size=chunk
    )


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=48, help="Normal-vs-Normal matches per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (the best counts)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask comparison")
    args = parser.parse_args(argv)
    games, repeat = args.matches, args.repeat
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(
        f"cores {os.cpu_count()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"{games} matches per run, best of {repeat}"
    )

    print("\ngames per second, in-process, one level at all four seats:")
    for level, count, deals in (("easy", 60, 400), ("normal", 30, 300), ("hard", 1, 6)):
        matches = tournament((level, level), games=count, seed=1)
        single = tournament((level, level), games=deals, seed=1, deals=True)
        print(
            f"  {level:<6}  {count / matches.elapsed:8.2f} matches/s   {deals / single.elapsed:8.1f} deals/s"
            f"   {matches.seconds_per_decision[0] * 1000:7.2f} ms/decision"
        )

    failed = 0
    print("\n1. scaling over worker processes (Normal vs Normal matches):")
    one = best(repeat, lambda: run(games, None))
    with ProcessPoolExecutor(max_workers=1) as pool:
        run(2, pool)  # start the worker
        pool1 = best(repeat, lambda: run(games, pool))
    with ProcessPoolExecutor(max_workers=2) as pool:
        run(4, pool)
        pool2 = best(repeat, lambda: run(games, pool))
    ratio = pool1 / pool2
    failed += ratio < 1.8
    print(
        f"  in-process {games / one:.2f}/s, 1 process {games / pool1:.2f}/s"
        f", 2 processes {games / pool2:.2f}/s"
    )
    print(f"  2 processes / 1 process = {ratio:.2f}x  (target >= 1.80)  {verdict(ratio >= 1.8)}")

    print("\n2. runner overhead, in-process, against a bare loop over the same games:")
    bare = best(repeat, lambda: bare_loop(games, 0))
    runner = best(repeat, lambda: run(games, None))
    overhead = runner / bare - 1
    failed += overhead > 0.05
    print(
        f"  bare loop {bare:.2f} s, tournament {runner:.2f} s: overhead {overhead:+.1%}  (target <= +5.0%)  "
        f"{verdict(overhead <= 0.05)}"
    )

    if not args.no_dask:
        print("\n3. Dask LocalCluster (2 workers x 1 thread, processes, 127.0.0.1) against a 2-process pool:")
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("  skipped: pip install 'belote-rules[dask]'")
        else:
            with (
                LocalCluster(
                    n_workers=2,
                    threads_per_worker=1,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",
                    silence_logs=40,
                ) as cluster,
                Client(cluster) as client,
            ):
                executor = client.get_executor()
                run(4, executor)
                dask = best(repeat, lambda: run(games, executor))
            slower = dask / pool2
            failed += slower > 1.15
            print(
                f"  Dask {games / dask:.2f}/s, process pool {games / pool2:.2f}/s: Dask time / pool time "
                f"{slower:.2f}  (target <= 1.15)  {verdict(slower <= 1.15)}"
            )
    print(
        f"\n{'all targets met' if not failed else f'{failed} target(s) missed'}"
        " (scaling figures are only meaningful on an otherwise idle machine)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
