"""Shared test setup: the Hypothesis profile and the import path of the test helpers.

The suite must stay fast and deterministic on a 2-core CI machine: no deadlines (timings on
shared runners are noisy), and each property test sets its own modest ``max_examples``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import settings

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:  # ``import reference_legal`` works under any pytest import mode
    sys.path.insert(0, _TESTS)

settings.register_profile("belote", deadline=None, print_blob=True)
settings.load_profile("belote")
