"""Every error of the library crosses a process pool as itself: pickled and read back, it is of
the same class with the same message and attributes. A ``ReplayError`` (whose arguments are
keywords) could not be unpickled: on a process pool it broke the pool instead of naming the
record's action."""

from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import belote.errors as errors
from belote import Seat
from belote.errors import BeloteError, Reason, RecordError, ReplayError

ERRORS: list[BeloteError] = [
    ReplayError("no such card", index=3, seat=Seat(1), deal=0),
    ReplayError("the round does not finish", index=7, seat=None, reason=Reason.RECORD_MISMATCH),
    RecordError("not an object", path="deals[2]"),
    *(
        kind("a message", reason=Reason.BAD_ARGUMENT)
        for kind in vars(errors).values()
        if isinstance(kind, type) and issubclass(kind, BeloteError) and kind not in (ReplayError, RecordError)
    ),
]


@pytest.mark.parametrize("error", ERRORS, ids=[type(error).__name__ for error in ERRORS])
def test_an_error_pickles_as_itself(error: BeloteError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.__dict__ == error.__dict__


def _refuse(index: int) -> None:
    raise ReplayError("refused", index=index, seat=Seat(index % 4))


def test_a_replay_error_raised_in_a_worker_process_reaches_the_caller() -> None:
    with ProcessPoolExecutor(1) as pool, pytest.raises(ReplayError) as caught:
        pool.submit(_refuse, 5).result()
    assert (caught.value.index, caught.value.seat, caught.value.detail) == (5, Seat(1), "refused")
