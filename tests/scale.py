"""How many random games the simulation tests play.

`make test` plays a bounded sample of each sweep (a third of it, so that the suite stays under
15 minutes on 2 cores); ``TABLESIGHT_FUZZ=long`` (``make test-long``, as for tests/test_fuzz.py)
plays every game the sweep names. The seeds are the sweep's first ones either way, so a failure
in `make test` replays alone.

The same for a regression test traced on several tables of one kind (the same fix seen again on
another printing or game): `make test` checks the first table, ``TABLESIGHT_FUZZ=long`` every one
(:func:`cases`)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

LONG = os.environ.get("TABLESIGHT_FUZZ") == "long"
SHORT_SHARE = 3
"""`make test` plays one game in this many of each sweep."""


def games(sweep: int) -> int:
    """Games to play of a sweep of ``sweep`` seeded games: all of them under
    ``TABLESIGHT_FUZZ=long``, else a third (at least one)."""
    return sweep if LONG else max(1, sweep // SHORT_SHARE)


def cases(tables: Sequence[T], keep: int = 1) -> list[T]:
    """The tables a regression test checks: every one under ``TABLESIGHT_FUZZ=long``, else the
    first ``keep`` (each further one is the same fix on another table, and costs the seconds of
    teaching, drawing and reading it)."""
    return list(tables) if LONG else list(tables[:keep])
