"""Helpers shared by the solver tests, pure and compiled (not a conftest: private)."""

from __future__ import annotations

import random


def seat_tricks(rng: random.Random, done: int) -> tuple[int, int, int, int]:
    """``done`` finished tricks spread over the seats: most often all taken by one seat (a
    one-player capot still open), else each to a random seat."""
    won = [0, 0, 0, 0]
    if rng.random() < 0.8:
        won[rng.randrange(4)] = done
    else:
        for _ in range(done):
            won[rng.randrange(4)] += 1
    return won[0], won[1], won[2], won[3]
