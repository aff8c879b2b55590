"""Exact perfect-information analysis of card play: the solver and game analysis.

The search core, :mod:`belote.analysis._search`, works on card numbers and masks.
"""

from __future__ import annotations

__all__: list[str] = []
