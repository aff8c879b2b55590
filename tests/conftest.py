"""Shared test setup: the Hypothesis profile and the import path of the test helpers.

The suite must stay fast and deterministic on a 2-core CI machine: no deadlines (timings on
shared runners are noisy), and each property test sets its own modest ``max_examples``.

Process pools start their workers with ``forkserver`` where the platform has it: by the time a
pool test runs, earlier tests (Dask's event loop among them) have left threads in this
process, and forking a multi-threaded process may deadlock the child (Python 3.12+ warns).
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

import belote.kernel

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:  # ``import reference_legal`` works under any pytest import mode
    sys.path.insert(0, _TESTS)

settings.register_profile("belote", deadline=None, print_blob=True)
settings.load_profile("belote")

if "forkserver" in multiprocessing.get_all_start_methods():
    multiprocessing.set_start_method("forkserver", force=True)


@pytest.fixture
def compiled() -> ModuleType:
    """The compiled kernel module, or a skip of the compiled side only, with the reason (the
    pure-Python twins are tested by the tests that do not ask for it)."""
    module = belote.kernel._compiled
    if module is None:
        pytest.skip("compiled kernel not in use (not built: no C compiler at install time, or BELOTE_PURE=1)")
    return module
