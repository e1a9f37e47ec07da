"""Sequences (hand in, change under the hand, hand out) and the shared Octocube table layout."""

from __future__ import annotations

import numpy as np

from rules.octocube.components import BACKGROUND_COLOURS, OBJECTS
from vision.render import octocube_layout as lay
from vision.render.camera import CameraModel
from vision.render.octocube_scene import demo_views, octocube_scene
from vision.render.renderer import RenderOptions
from vision.render.sequence import Timing, changed_components, views_sequence


def test_sequence_phases_hands_and_change() -> None:
    views, movers = demo_views(4, seed=2, moves=1)
    assert len(views) == 2 and len(movers) == 1
    cam = CameraModel.looking_at(tilt_deg=10.0, resolution=(640, 360))
    timing = Timing(still_frames=1, reach_frames=2, hold_frames=2, retreat_frames=2)
    opts = RenderOptions.clean()
    frames = list(views_sequence(views, movers, cam, seed=4, options=opts, timing=timing))
    phases = [f.phase for f in frames]
    assert phases == ["still", "reach", "reach", "move", "move", "retreat", "retreat", "still"]
    assert [len(f.ground_truth["hands"]) for f in frames] == [0, 1, 1, 1, 1, 1, 0, 0]
    assert [f.index for f in frames] == list(range(len(frames)))
    before = {c["uid"]: c for c in frames[0].ground_truth["components"]}
    after = {c["uid"]: c for c in frames[-1].ground_truth["components"]}
    moved = [uid for uid in before if uid.startswith("cube")
             and before[uid]["state"]["location"] != after[uid]["state"]["location"]]
    assert len(moved) == 1
    # the unchanged stacks keep their exact pose from frame to frame
    same = [uid for uid in before if uid.startswith("stack")
            and before[uid]["state"] == after[uid]["state"]]
    assert same and all(before[u]["pose"] == after[u]["pose"] for u in same)
    # the hand hides something while it is over the table
    assert not np.array_equal(frames[0].image, frames[3].image)


def test_changed_components_finds_the_move() -> None:
    views, _ = demo_views(2, seed=5, moves=1)
    a, b = (octocube_scene(v, seed=1) for v in views)
    changed = {c.uid for c in changed_components(a, b)}
    assert any(uid.startswith("cube") for uid in changed)
    assert len(changed) <= 4


def test_grid_locations_round_trip() -> None:
    for size in (4, 5):
        for r in range(size):
            for c in range(size):
                x, y = lay.grid_centre((r, c), size)
                assert lay.location_at(x, y, size) == (r, c)
                assert lay.location_at(x + 20, y - 20, size) == (r, c)
        assert lay.location_at(5.0, 5.0, size) is None


def test_board_cells_round_trip_and_boards_clear_the_grid() -> None:
    grid = lay.grid_rect(5)
    for side in lay.SIDES:
        for colour in BACKGROUND_COLOURS:
            for obj in OBJECTS:
                x, y = lay.board_cell_centre(side, colour, obj)
                assert lay.board_cell_at(side, x, y) == (colour, obj)
                assert not grid.contains(x, y)
                assert 0 <= x <= 600 and 0 <= y <= 600
        ax, ay = lay.cube_rest(side)
        assert lay.personal_area(side).contains(ax, ay) and not grid.contains(ax, ay)
