"""The recovery search (and the catch-up over two turns) keeps every start that fits as well as
the last one it keeps: a Place whose top face does not tell its orientation fits equally in 16
ways, and keeping the first 8 in move order dropped the true one (tuning seed 8005, move 23: the
player to move puts the cube down 'east' face down, 'north' looking north, 15th of 16 equals)."""

from __future__ import annotations

from tracker.inference import scratch_copy
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame


def test_a_place_among_equal_orientations_stays_in_the_recovery_search() -> None:
    twin = TwinGame(2 + 8005 % 3, 8005)
    history = twin.truth.history
    before = twin.game.new_initial_state(8005)
    for move in history[:22]:
        before.push(move)
    after = scratch_copy(before)
    for move in history[22:24]:  # Yellow's Place, then the next player's Place
        after.push(move)
    assert history[22].kind == "place" and history[23].kind == "place"
    adapter = OctocubeAdapter()
    chains = adapter.recovery_chains(before, observation_from_state(after))
    assert tuple(history[22:24]) in chains


def test_a_place_among_equal_orientations_stays_in_the_catch_up_chains() -> None:
    """The same cut in the catch-up over two turns (a missed scene): 8 first turns kept."""
    twin = TwinGame(2 + 8008 % 3, 8008)
    history = twin.truth.history
    before = twin.game.new_initial_state(8008)
    for move in history[:10]:
        before.push(move)
    after = scratch_copy(before)
    for move in history[10:12]:  # a Place, then the next player's pivot
        after.push(move)
    assert history[10].kind == "place" and history[11].kind == "pivot"
    chains = OctocubeAdapter().catch_up_chains(before, observation_from_state(after))
    assert tuple(history[10:12]) in chains
