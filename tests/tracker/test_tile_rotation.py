"""In-plane rotation of the tile on a cube's top face: tracked by the engine (Cube.ups), drawn by
the renderer, reported in the ground truth."""

from __future__ import annotations

import numpy as np

from rules.octocube import OctocubeGame
from rules.octocube.geometry import (PIVOT_PERMUTATION, ROLL_PERMUTATION, rotate, rotate_ups,
                                     top_rotation)
from rules.octocube.moves import Pivot, Place, Roll
from vision.render import octocube_art


def test_a_picked_up_tile_rolled_over_twice_shows_upside_down() -> None:
    faces: dict[str, object] = {f: None for f in ("top", "bottom", "north", "south", "east", "west")}
    ups: dict[str, str | None] = {f: None for f in faces}
    faces["bottom"], ups["bottom"] = "tile", "north"  # picked up upright from a stack
    for _ in range(2):
        faces = rotate(faces, ROLL_PERMUTATION["north"])
        ups = rotate_ups(ups, ROLL_PERMUTATION["north"])
    assert faces["top"] == "tile" and top_rotation(ups) == 180


def test_rolling_east_twice_keeps_the_tile_upright_and_pivots_turn_it() -> None:
    ups: dict[str, str | None] = {f: None for f in ("top", "bottom", "north", "south", "east", "west")}
    ups["bottom"] = "north"
    for _ in range(2):
        ups = rotate_ups(ups, ROLL_PERMUTATION["east"])
    assert top_rotation(ups) == 0
    for degrees, expected in ((90, 90), (180, 270), (270, 180)):
        ups = rotate_ups(ups, PIVOT_PERMUTATION[degrees])
        assert top_rotation(ups) == expected


def test_engine_tracks_rotation_through_moves_and_undo() -> None:
    game = OctocubeGame(2)
    state = game.new_initial_state(3)
    seat = state.current_player()
    state.push(Place((0, 1)))
    cube = state.cubes[seat]
    assert cube.faces["bottom"] is not None and cube.ups["bottom"] == "north"
    state.push(next(m for m in state.legal_moves() if m.kind == "place"))  # the other player
    state.push(Roll("south"))
    state.push(next(m for m in state.legal_moves() if m.kind != "score"))
    before = dict(state.cubes[seat].ups)
    state.push(Pivot(90))
    assert state.cubes[seat].ups != before or all(v is None for v in before.values())
    state.pop()
    assert state.cubes[seat].ups == before


def test_renderer_draws_the_top_tile_turned() -> None:
    upright = octocube_art.draw_cube_face("red", "green pearl", 64, 64, 2.0, rotation=0)
    turned = octocube_art.draw_cube_face("red", "green pearl", 64, 64, 2.0, rotation=90)
    assert not np.array_equal(upright, turned)
    # the tile art inside the frame is the upright art turned clockwise
    inner = slice(8, 56)
    diff = np.abs(np.rot90(upright[inner, inner, :3], -1).astype(int) - turned[inner, inner, :3].astype(int))
    assert diff.mean() < 6.0


def test_scene_reports_the_rotation_in_ground_truth() -> None:
    from vision.render.octocube_scene import octocube_scene

    state = OctocubeGame(2).new_initial_state(3)
    seat = state.current_player()
    cube = state.cubes[seat]
    cube.faces = {**cube.faces, "top": next(iter(state.stacks.values()))[-1]}
    cube.ups = {**cube.ups, "top": "west"}
    scene = octocube_scene(state, seed=1)
    comp = next(c for c in scene.components if c.uid == f"cube {seat}")
    assert comp.state["top_rotation"] == 270
    assert comp.faces["top"][-1] == 270
