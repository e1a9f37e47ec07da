"""The recovery search (and the catch-up over two turns) keeps every start that fits as well as
the last one it keeps: a Place whose top face does not tell its orientation fits equally in 16
ways, and keeping the first 8 in move order dropped the true one (tuning seed 8005, move 23: the
player to move puts the cube down 'east' face down, 'north' looking north, 15th of 16 equals)."""

from __future__ import annotations

from typing import Any

from tracker.inference import scratch_copy
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame


def _cut(seed: int, at: int) -> tuple[Any, Any, list[Any]]:
    """The twin game of ``seed`` before move ``at`` and after the two moves from there."""
    twin = TwinGame(2 + seed % 3, seed)
    history = twin.truth.history
    before = twin.game.new_initial_state(seed)
    for move in history[:at]:
        before.push(move)
    after = scratch_copy(before)
    for move in history[at:at + 2]:
        after.push(move)
    return before, after, history


def test_a_place_among_equal_orientations_stays_in_the_recovery_search() -> None:
    before, after, history = _cut(8005, 22)  # Yellow's Place, then the next player's Place
    assert history[22].kind == "place" and history[23].kind == "place"
    chains = OctocubeAdapter().recovery_chains(before, observation_from_state(after))
    assert tuple(history[22:24]) in chains


def test_a_place_among_equal_orientations_stays_in_the_catch_up_chains() -> None:
    """The same cut in the catch-up over two turns (a missed scene): 8 first turns kept."""
    before, after, history = _cut(8008, 10)  # a Place, then the next player's pivot
    assert history[10].kind == "place" and history[11].kind == "pivot"
    chains = OctocubeAdapter().catch_up_chains(before, observation_from_state(after))
    assert tuple(history[10:12]) in chains
