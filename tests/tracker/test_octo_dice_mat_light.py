"""The outline test's mat colour follows a lamp's falloff across its view, and leaves out what
lies beyond the printed areas (``cocked.mat_colour``, ``recogniser.off_printed_areas``).

Game 103619 (fresh bench game, tilt 28.7, lamp), scene 100: under the lamp the mat's light fell by
30 % across the 44 mm view of the flat white research die. One colour for the whole view (the
border's median) made the bright side's cloth "die", the outline grew by 40 mm² and the flat die
was called cocked (the film's frame, the real ONNX dice reader)."""

from __future__ import annotations

import numpy as np

from tests.tracker.octo_dice_saved_frames import assert_read_flat, saved_frame
from tracker.octo_dice.cocked import die_mask, mat_colour
from tracker.octo_dice.observation import ROLL_AREA
from tracker.octo_dice.recogniser import DicePixelRecogniser, off_printed_areas
from vision.render.camera import CameraModel

GAME_103619_SCENE_100 = {(253.7, 332.3): "blue-0", (411.4, 248.3): "yellow-1", (315.6, 471.1): "yellow-2",
                         (273.0, 364.1): "research", (216.5, 291.0): "bot", (404.4, 381.3): "submarine"}


def test_a_flat_die_under_a_lamps_falloff_is_read_flat() -> None:
    camera = CameraModel.looking_at(tilt_deg=28.7, azimuth_deg=90.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(saved_frame("octo_dice_103619_scene100_mat.png", (589, 322)))
    assert_read_flat(observed, GAME_103619_SCENE_100)


def test_the_mat_colour_is_a_plane_through_the_border_a_die_on_it_left_out() -> None:
    """A mat lit 40 % more on the right than on the left, a white die in the middle and a white
    die crossing the top border: the mat is none of the die, all of the die is die."""
    h = w = 176
    xs = np.arange(w, dtype=np.float32)[None, :, None] / (w - 1)
    base = np.array([40.0, 70.0, 70.0], np.float32)
    view = np.broadcast_to(base * (0.85 + 0.4 * xs), (h, w, 3)).astype(np.uint8).copy()
    view[60:120, 50:110] = 220  # the die
    view[0:30, 130:170] = 225   # another die crossing the border
    mat = mat_colour(view)
    assert mat.shape == (h, w, 3)
    assert abs(float(mat[90, 5].mean()) - float(view[90, 5].mean())) < 3
    assert abs(float(mat[90, -5].mean()) - float(view[90, -5].mean())) < 3
    mask = die_mask(view, mat, 4.0)
    assert mask[60:120, 50:110].all()
    assert mask[130:, :].sum() == 0 and mask[:, :40].sum() == 0


def test_the_table_beyond_the_sheet_is_not_taken_for_the_mat() -> None:
    """A view whose left quarter shows the table beyond the mat, darker than the mat: the mat's
    colour comes from the rest of the border, so the mat is not "die"."""
    view = np.full((176, 176, 3), (36, 67, 69), np.uint8)
    view[:, :44] = (10, 20, 30)  # dark wood beyond the sheet
    unknown = np.zeros((176, 176), np.uint8)
    unknown[:, :44] = 1
    assert np.allclose(mat_colour(view, unknown)[:, 44:], (36, 67, 69), atol=1.0)
    assert die_mask(view, mat_colour(view, unknown), 4.0)[:, 50:].sum() == 0


def test_only_what_the_camera_sees_beyond_the_printed_areas_is_off() -> None:
    """A view at the roll area's left edge, seen from a camera far to the right: the area's edge at
    x = 161 on the mat shows on the top faces' plane further right (the ray rises towards the
    camera), and a 1 mm margin is added."""
    camera_mm = (833.0, 300.0, 926.0)
    origin = (ROLL_AREA[0] - 22.0, 400.0)
    off = off_printed_areas(origin, (176, 176), 4.0, camera_mm)
    edge_on_top = camera_mm[0] + (ROLL_AREA[0] - camera_mm[0]) * (926.0 - 16.0) / 926.0
    column = int(round((edge_on_top - origin[0]) * 4.0))
    assert off[:, :column - 4].all() and not off[:, column + 8:].any()
    assert not off_printed_areas((300.0, 300.0), (176, 176), 4.0, camera_mm).any()
