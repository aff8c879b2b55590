"""Where the ``simulate`` and ``selfplay`` commands run their games: this process, a process
pool (``--jobs N``) or a Dask cluster (``--scheduler ADDRESS`` or ``--scheduler local:N``)."""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from belote._args import is_digits
from belote._repr import safe_repr

__all__ = ["MAX_WORKERS", "DaskUnavailableError", "open_executor", "worker_context"]

MAX_WORKERS = 1024
"""The most worker processes ``--jobs N`` or ``--scheduler local:N`` starts: a number past it is
taken for a slip (a pool that size would take the machine's memory before playing a game)."""


def worker_context() -> multiprocessing.context.BaseContext:
    """How ``--jobs`` starts its worker processes: ``forkserver`` where the platform has it
    (forking a process that already runs threads may deadlock the child, and Python 3.14
    makes it the default on Linux too), else the platform's default.

    >>> worker_context().get_start_method() in multiprocessing.get_all_start_methods()
    True
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` at once, for a command stopped early (Ctrl-C, an error): the work not started
    is cancelled and the worker processes are ended. Shutting it down would wait for the tasks
    its workers already hold (one running and one queued per worker: a self-play shard of hard
    players takes minutes), whose results are thrown away anyway."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if callable(terminate):
        terminate()
        return
    # before 3.14: the pool's own record of its workers and its manager thread, read before
    # shutdown forgets them
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
    if manager is not None:
        # it sees the workers gone and closes its wake-up pipe: wait for it, else the exit hook
        # of concurrent.futures may write to that pipe as it closes ("Bad file descriptor",
        # seen on Python 3.10)
        manager.join(timeout=5)


class DaskUnavailableError(Exception):
    """``--scheduler`` without the ``dask`` extra installed, an address that is none, or a
    scheduler that cannot be reached."""


@contextlib.contextmanager
def open_executor(jobs: int, scheduler: str | None) -> Iterator[Executor | None]:
    """The executor for ``--jobs`` / ``--scheduler``, shut down (cluster included) on exit."""
    if scheduler is None:
        if jobs <= 1:
            yield None
            return
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=worker_context())
        try:
            yield pool
        except BaseException:
            stop_pool(pool)
            raise
        pool.shutdown(wait=True)
        return
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise DaskUnavailableError("--scheduler needs Dask: pip install 'belote-rules[dask]'") from None
    with contextlib.ExitStack() as stack:
        if scheduler.startswith("local:"):
            count = scheduler.removeprefix("local:")
            if not is_digits(count) or len(count) > 4 or not 1 <= int(count) <= MAX_WORKERS:
                raise DaskUnavailableError(
                    f"--scheduler local:N needs a number of workers from 1 to {MAX_WORKERS}, "
                    f"got {safe_repr(scheduler)}"
                )
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=int(count),
                    threads_per_worker=1,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",
                    silence_logs=40,
                )
            )
            address: object = cluster
        else:
            address = scheduler
        try:
            client = stack.enter_context(distributed.Client(address, timeout=30))
        except OSError as error:
            raise DaskUnavailableError(f"cannot reach the Dask scheduler {scheduler}: {error}") from None
        except ValueError as error:  # no port, an unknown scheme (http://): Dask cannot read it
            raise DaskUnavailableError(
                f"--scheduler {safe_repr(scheduler)} is not a Dask scheduler address such as tcp://HOST:8786"
                f" or local:N ({error})"
            ) from None
        except TypeError as error:  # tls:// needs credentials, ucx:// a package: none from here
            raise DaskUnavailableError(
                f"--scheduler {safe_repr(scheduler)}: the command line connects to tcp://HOST:PORT or"
                f" local:N only ({error})"
            ) from None
        yield client.get_executor()
