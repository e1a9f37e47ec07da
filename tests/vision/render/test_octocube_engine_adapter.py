"""The adapter reads the real Octocube engine's states (branch ``octocube``) and renders its moves."""

from __future__ import annotations

import random

import pytest

from vision.render.camera import CameraModel
from vision.render.octocube_scene import octocube_scene
from vision.render.renderer import RenderOptions
from vision.render.sequence import Timing, octocube_sequence

from rules import registry


def _played(moves: int, seed: int = 1):
    game = registry.make_game("octocube", 4)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(list(state.legal_moves()))
        state.push(move)
    return state


def test_scene_of_an_engine_state_matches_it() -> None:
    state = _played(30)
    scene = octocube_scene(state, seed=2)
    stacks = [c for c in scene.components if c.uid.startswith("stack")]
    assert len(stacks) == sum(1 for t in state.stacks.values() if t)
    cubes = {c.state["seat"]: c for c in scene.components if c.uid.startswith("cube")}
    for seat, cube in enumerate(state.cubes):
        expected_top = cube.faces["top"].label() if cube.faces["top"] is not None else None
        if cube.faces["top"] is not None and not hasattr(cube.faces["top"], "label"):
            continue
        assert cubes[seat].state["top_face"] == expected_top
        if cube.location is not None:
            stack = state.stacks.get(tuple(cube.location), [])
            assert cubes[seat].pose.z == pytest.approx(len(stack) * 2.5)
    board_tiles = sum(len(b.object_tiles()) for b in state.boards)
    drawn = sum(c.state["stack_height"] for c in scene.components
                if c.state.get("where") == "board")
    assert drawn == board_tiles


def test_sequence_of_engine_moves() -> None:
    state = _played(8, seed=3)
    rng = random.Random(4)
    moves = []
    probe = state.clone()
    for _ in range(2):
        move = probe.sample_chance(rng) if probe.is_chance_node() else rng.choice(list(probe.legal_moves()))
        probe.push(move)
        moves.append(move)
    cam = CameraModel.looking_at(tilt_deg=10.0, resolution=(480, 270))
    timing = Timing(still_frames=1, reach_frames=1, hold_frames=2, retreat_frames=1)
    frames = list(octocube_sequence(state, moves, cam, seed=1, options=RenderOptions.clean(),
                                    timing=timing))
    assert len(frames) == 1 + 2 * (1 + 2 + 1 + 1)
    assert len(state.history) == 8  # the caller's state is untouched
    assert {f.move_index for f in frames} == {-1, 0, 1}
