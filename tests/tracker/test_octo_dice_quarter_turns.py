"""Six dice on the mat are each read with all four quarter turns (``MAT_MAX_CROPS``).

Game 103512 (fresh bench game, tilt 23.8, evening), scene 38: a white crystal turned about 25
degrees on the mat. Under the photo reader's crop budget (16: six dice got two quarter turns each)
it read "octopod" (0.79), a roll misread; with four turns, crystal (the film's frame, the real
ONNX dice reader)."""

from __future__ import annotations

from tests.tracker.octo_dice_saved_frames import assert_read_flat, saved_frame
from tracker.octo_dice.recogniser import DicePixelRecogniser
from vision.render.camera import CameraModel

TRUTH = {(393.1, 410.2): "green-1", (194.6, 391.4): "yellow-1", (284.4, 360.7): "white-0",
         (295.5, 262.1): "crystal", (202.1, 273.9): "submarine", (212.7, 230.7): "octopod"}


def test_a_turned_white_crystal_among_six_dice_is_read_crystal() -> None:
    camera = CameraModel.looking_at(tilt_deg=23.8, azimuth_deg=90.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(saved_frame("octo_dice_103512_scene38_mat.png", (598, 314)))
    assert_read_flat(observed, TRUTH)
