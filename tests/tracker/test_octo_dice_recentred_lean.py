"""A leaning die whose outline the first view cut off, judged again in a view centred on it, is
cocked when its top face lies more than ``RECENTRED_TOP_OFFSET_MM`` (2.2 mm) from where a flat
die's would (2.5 mm until session 21).

Two leaning white dice of whole bench games at tilt 30-32, each read as a face (the film's frames,
the real ONNX dice reader): game 103606 scene 64 (tilt 29.9, lamp; 27 mm from the roll area's
edge, where the lamp-lit sheet beyond it joined its outline until the outline test left out what
lies beyond the printed areas) and game 103800 scene 24 (tilt 31.7, day). Their outlines fit a
flat die's within 8 mm², with the top 2.33 and 2.43 mm from the face read."""

from __future__ import annotations

import pytest

from tests.tracker.octo_dice_saved_frames import assert_read_flat, saved_frame
from tracker.octo_dice.recogniser import DicePixelRecogniser
from vision.render.camera import CameraModel

GAME_103606_SCENE_64 = {(274.3, 269.0): "white-1", (220.2, 445.5): "green-2", (232.4, 411.9): "white-0",
                        (247.4, 232.1): "submarine", (300.7, 236.2): "octopod"}
GAME_103800_SCENE_24 = {(237.8, 137.7): "blue-0", (322.6, 135.4): "blue-1", (265.9, 327.7): "blue-2",
                        (278.8, 134.0): "octopod", (187.7, 133.6): "octopod"}


@pytest.mark.parametrize(("frame", "at", "tilt", "flat", "leaning"), [
    ("octo_dice_103606_scene64_mat.png", (586, 325), 29.9, GAME_103606_SCENE_64, (187.9, 450.9)),
    ("octo_dice_103800_scene24_mat.png", (581, 328), 31.7, GAME_103800_SCENE_24, (226.7, 454.8)),
])
def test_a_leaning_die_judged_in_a_view_centred_again_is_cocked(
        frame: str, at: tuple[int, int], tilt: float, flat: dict[tuple[float, float], str],
        leaning: tuple[float, float]) -> None:
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=90.0, resolution=(1920, 1080))
    observed = DicePixelRecogniser(camera=camera).read(saved_frame(frame, at))
    assert_read_flat(observed, flat)
    near = [d for d in observed.dice if (d.x - leaning[0]) ** 2 + (d.y - leaning[1]) ** 2 < 12.0 ** 2]
    assert [(d.kind, d.face, d.cocked) for d in near] == [("white", None, True)], observed.dice
