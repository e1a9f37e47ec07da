"""Shared set-up of the Open Season tracker tests."""

from __future__ import annotations

from rules.open_season import OpenSeasonState
from tracker.open_season.twin import OpenSeasonTwin


def played(twin: OpenSeasonTwin, moves: int) -> OpenSeasonState:
    """The tracker's state after the first ``moves`` moves of the twin's game (its scene after
    change ``i`` is ``twin.descriptions[i + 1]``)."""
    state: OpenSeasonState = twin.tracker_initial_state()
    for move in twin.truth.history[:moves]:
        state.push(move)
    return state
