"""A die whose spot merged with a neighbour's is boxed at the edge of that neighbour's window: it
is read there when no window holds it whole (``_alone_at_edge``).

Game 103006 (bench game, tilt 30.0, lamp), scene 30: three dice side by side in the set-aside
strip made two spots; the white octopod lay 23 mm from its spot's middle, boxed whole 1 px from
the window's edge, and boxes that near the edge were refused as a neighbour cut off (whole in its
own window, which it did not have): "Player 1 set aside 1 dice", a false alarm, on the code
before (the film's frame, the real ONNX dice reader)."""

from __future__ import annotations

import numpy as np

from tests.tracker.octo_dice_saved_frames import assert_read_flat, saved_frame
from tracker.octo_dice.recogniser import PX_PER_MM, WINDOW_MM, DicePixelRecogniser, _alone_at_edge
from vision.render.camera import CameraModel

TRUTH = {(324.2, 138.2): "octopod", (404.8, 440.5): "white-2", (222.5, 384.0): "green-0",
         (275.5, 136.3): "octopod", (193.9, 133.8): "submarine", (237.4, 131.0): "submarine"}


def test_a_die_boxed_at_its_neighbours_window_edge_is_read() -> None:
    camera = CameraModel.looking_at(tilt_deg=30.0, azimuth_deg=90.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(saved_frame("octo_dice_103006_scene30_mat.png", (586, 325)))
    assert_read_flat(observed, TRUTH)


GAME_103619_SCENE_72 = {(319.6, 136.9): "yellow-0", (192.4, 138.3): "green-2", (236.8, 132.8): "red-1",
                        (334.5, 402.1): "crystal", (233.2, 333.4): "research", (275.7, 135.9): "bot"}


def test_a_die_reaching_past_its_neighbours_window_is_read_by_the_box_clipped_to_it() -> None:
    """Game 103619 (fresh bench game, tilt 28.7, lamp), scene 72: the set-aside white bot lay 25 mm
    from its spot's middle and reached 1.3 mm past the window; its box, clipped to the window, is
    still a whole face's size."""
    camera = CameraModel.looking_at(tilt_deg=28.7, azimuth_deg=90.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(saved_frame("octo_dice_103619_scene72_mat.png", (589, 322)))
    assert_read_flat(observed, GAME_103619_SCENE_72)


def test_only_a_whole_face_no_window_holds_is_taken_from_the_edge() -> None:
    """Both sides: one window (spot at (252, 133)), a die boxed whole in it (the submarine, 15 mm
    left of the middle) and three boxes at its edges: a whole face 23 mm right of the middle
    (taken), a face cut to 8 mm by the edge (refused), and a whole face at the left edge within a
    die's width of the boxed submarine (refused: that die is read already)."""
    side = int(round(WINDOW_MM * PX_PER_MM))
    spots = [(252.0, 133.0)]
    boxes = np.array([[26, 70, 74, 118],      # the submarine, whole: x 237
                      [141, 81, 191, 132],    # whole face at the right edge: x 275
                      [167, 20, 191, 68],     # cut by the edge: 8 mm wide
                      [0, 72, 48, 120]],      # whole face at the left edge, 9 mm from the submarine
                     np.float32)
    scores = np.array([0.9, 0.86, 0.8, 0.7], np.float32)
    assert [i for i, _ in _alone_at_edge(boxes, scores, [0], spots, side, 1)] == [1]
