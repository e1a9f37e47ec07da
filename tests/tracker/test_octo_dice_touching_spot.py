"""Two dice touching make one spot on the mat; the box put at that spot's middle (the detector
boxed both dice off its middle) must not make one of them a "side face" of the other.

Layout: game 103500 (fresh bench game, 1 player, tilt 30.2, day), scene 41: a white research die
31 mm from a black octopod. On the code before, the middle of their spot was read "black blue-2"
(a box put there, 0.98 sure), the research die, lying 16 mm from it towards the camera's nadir,
was dropped as that reading's side face, and the fill then merged into the octopod: a roll with
a die never read (the film's frame, the real ONNX dice reader)."""

from __future__ import annotations

from tests.tracker.octo_dice_saved_frames import assert_read_flat, saved_frame
from tracker.octo_dice.observation import DieReading
from tracker.octo_dice.recogniser import DicePixelRecogniser, _between_two
from vision.render.camera import CameraModel

TRUTH = {(241.6, 402.8): "octopod", (380.9, 317.1): "green-2", (295.0, 323.4): "red-1",
         (248.0, 432.5): "research", (189.0, 370.0): "bot", (260.2, 334.0): "submarine"}


def test_two_touching_dice_in_one_spot_are_both_read() -> None:
    image = saved_frame("octo_dice_103500_scene41_mat.png", (663, 270))
    camera = CameraModel.looking_at(tilt_deg=30.2, azimuth_deg=0.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(image)
    assert_read_flat(observed, TRUTH)


def test_a_fill_between_two_boxed_dice_is_dropped_and_one_beside_a_side_face_is_kept() -> None:
    """Both sides of the rule: a fill within a die's width of two dice that are two dice (31 mm
    apart) lies in their gap; a fill with one boxed reading 13 mm off (a side face the detector
    boxed instead of the top) stays the top."""
    fill = DieReading("black", "blue-2", "roll", 245.0, 417.0, 0.7)
    octopod = DieReading("black", "octopod", "roll", 241.0, 402.0, 0.9)
    research = DieReading("white", "research", "roll", 248.0, 432.0, 0.93)
    assert _between_two(fill, [octopod, research])
    side = DieReading("black", "green-0", "roll", 246.0, 430.0, 0.84)
    assert not _between_two(fill, [side])
    again = DieReading("black", "green-0", "roll", 248.0, 431.0, 0.8)  # the same side, another window
    assert not _between_two(fill, [side, again])
