"""Tournament throughput: scaling over processes, runner overhead, Dask against a process pool.

Prints games per second for each agent level, then three figures with their targets:

1. Normal-vs-Normal matches per second with 2 worker processes over 1 (target >= 1.8);
2. the runner's overhead, in-process, against a bare loop over the same games (target <= 5 %);
3. a Dask ``LocalCluster`` with 2 single-threaded worker processes against a 2-process pool
   (target: within 15 %, i.e. Dask time / pool time <= 1.15).

Each timing is the best of ``--repeat`` runs (less noise from other programs). The scaling
figures need at least 2 idle cores: the script prints the machine's load first.

    python benchmarks/tournament_speed.py --matches 192 --repeat 3
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

from belote import CLASSIC, make_agent, tournament
from belote.games import play_match
from belote.tournament.plan import agent_seed, game_deal


def bare_loop(games: int, seed: int) -> None:
    """The games of ``tournament(("normal", "normal"), seating="fixed")`` without the runner."""
    for index in range(games):
        agents = [make_agent("normal", seed=agent_seed(seed, index, seat)) for seat in range(4)]
        play_match(CLASSIC, agents, seed=game_deal(seed, index)[0])


def run(games: int, executor: Executor | None, *, seed: int = 0, chunk: int | None = None) -> None:
    tournament(
        ("normal", "normal"), games=games, seed=seed, seating="fixed", executor=executor, chunk_size=chunk
    )


def dask_executor(stack: contextlib.ExitStack) -> Executor | None:
    """The executor of a local Dask cluster with 2 single-threaded worker processes (closed with
    ``stack``), ``None`` without the dask extra."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        return None
    cluster = stack.enter_context(
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=40,
        )
    )
    client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
    client.wait_for_workers(2)
    executor: Executor = client.get_executor()
    return executor


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches",
        type=int,
        default=192,
        help="Normal-vs-Normal matches per run (a run of a few seconds: a shorter one measures how"
        " fast a cluster starts its first tasks rather than its throughput)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (the best counts)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask comparison")
    args = parser.parse_args(argv)
    games, repeat = args.matches, args.repeat
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(
        f"cores {os.cpu_count()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"{games} matches per run, best of {repeat}"
    )
    cores = os.cpu_count() or 1
    if load[0] > cores / 2:
        print(f"WARNING: the machine is busy (load {load[0]:.1f} on {cores} cores): other programs take the")
        print("cores the workers need, so the scaling and Dask figures below are not meaningful.")

    print("\ngames per second, in-process, one level at all four seats:")
    for level, count, deals in (("easy", 60, 400), ("normal", 30, 300), ("hard", 1, 6)):
        matches = tournament((level, level), games=count, seed=1)
        single = tournament((level, level), games=deals, seed=1, deals=True)
        print(
            f"  {level:<6}  {count / matches.elapsed:8.2f} matches/s   {deals / single.elapsed:8.1f} deals/s"
            f"   {matches.seconds_per_decision[0] * 1000:7.2f} ms/decision"
        )

    failed = 0
    with contextlib.ExitStack() as stack:
        pool1 = stack.enter_context(ProcessPoolExecutor(max_workers=1))
        pool2 = stack.enter_context(ProcessPoolExecutor(max_workers=2))
        contenders: dict[str, Callable[[], object]] = {
            "bare loop": lambda: bare_loop(games, 0),
            "in-process": lambda: run(games, None),
            "1 process": lambda: run(games, pool1),
            "2 processes": lambda: run(games, pool2),
        }
        dask = None if args.no_dask else dask_executor(stack)
        if dask is not None:
            contenders["Dask"] = lambda: run(games, dask)
        for executor in (pool1, pool2, dask):
            run(8, executor, chunk=1)  # start the workers, import the library in each
        # the contenders take turns, so that a burst of load from elsewhere hits them all
        times: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(repeat):
            for name, work in contenders.items():
                start = time.perf_counter()
                work()
                times[name].append(time.perf_counter() - start)
    took = {name: min(values) for name, values in times.items()}
    print(f"\nseconds for {games} Normal-vs-Normal matches (best of {repeat}; the contenders take turns):")
    for name, seconds in took.items():
        print(f"  {name:<12} {seconds:7.2f} s   {games / seconds:7.2f} matches/s")

    ratio = took["1 process"] / took["2 processes"]
    failed += ratio < 1.8
    print("\n1. scaling: matches per second with 2 worker processes over 1")
    print(f"   {ratio:.2f}x  (target >= 1.80)  {verdict(ratio >= 1.8)}")

    overhead = took["in-process"] / took["bare loop"] - 1
    failed += overhead > 0.05
    print("2. runner overhead, in-process, against a bare loop over the same games")
    print(f"   {overhead:+.1%}  (target <= +5.0%)  {verdict(overhead <= 0.05)}")

    print("3. Dask LocalCluster (2 workers x 1 thread, processes, 127.0.0.1) against the 2-process pool")
    if "Dask" in took:
        slower = took["Dask"] / took["2 processes"]
        failed += slower > 1.15
        print(f"   Dask time / pool time {slower:.2f}  (target <= 1.15)  {verdict(slower <= 1.15)}")
    else:
        print("   skipped (--no-dask, or pip install 'belote-rules[dask]')")
    print(
        f"\n{'all targets met' if not failed else f'{failed} target(s) missed'}"
        " (scaling figures are only meaningful on an otherwise idle machine)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
