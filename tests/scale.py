"""How many random games the simulation tests play.

`make test` plays a bounded sample of each sweep (a third of it, so that the suite stays under
15 minutes on 2 cores); ``TABLESIGHT_FUZZ=long`` (``make test-long``, as for tests/test_fuzz.py)
plays every game the sweep names. The seeds are the sweep's first ones either way, so a failure
in `make test` replays alone."""

from __future__ import annotations

import os

LONG = os.environ.get("TABLESIGHT_FUZZ") == "long"
SHORT_SHARE = 3
"""`make test` plays one game in this many of each sweep."""


def games(sweep: int) -> int:
    """Games to play of a sweep of ``sweep`` seeded games: all of them under
    ``TABLESIGHT_FUZZ=long``, else a third (at least one)."""
    return sweep if LONG else max(1, sweep // SHORT_SHARE)
