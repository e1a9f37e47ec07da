"""The Octo Dice pixel recogniser at a steep tilt (the real renderer, the real ONNX dice reader).

Seen from 34 degrees a die's side face lies on the top faces' plane about 13 mm from its top,
towards the point below the camera, and the detector often boxes it, sometimes surer than the
top, or boxes only it: the die was then read by the face on its side (or missed, the side's
reading too far from the die); a spot whose top the detector does not box at all is read by a
box put at its top (``FILL_*``). The layouts are scenes of the tuning games 96804 and 96805 (tilt
34.0 lamp, 34.2 day) where that happened (bench/octo_dice_stills.py)."""

from __future__ import annotations

import pytest

from tracker.film import LIGHTINGS
from tracker.octo_dice.film import dice_mat_scene
from tracker.octo_dice.observation import DieReading
from tracker.octo_dice.recogniser import DicePixelRecogniser, _merge
from tracker.octo_dice.twin import Placed
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.renderer import Renderer, RenderOptions

GAME_96804_SCENE_17 = {
    "black1": Placed("black1", "green-1", 202.6, 246.9, 200.8),
    "black2": Placed("black2", "octopod", 383.2, 241.6, 239.4),
    "black3": Placed("black3", "green-0", 233.5, 132.6, 9.3),
    "white1": Placed("white1", "research", 350.9, 225.8, 255.2),
    "white2": Placed("white2", "lab", 190.7, 135.3, 9.0),
    "white3": Placed("white3", "octopod", 245.4, 256.6, 54.8),
}
GAME_96804_SCENE_19 = {
    "black1": Placed("black1", "green-1", 318.8, 136.6, -8.4),
    "black2": Placed("black2", "yellow-1", 333.4, 471.5, 42.5),
    "black3": Placed("black3", "green-0", 233.5, 132.6, 9.3),
    "white1": Placed("white1", "research", 274.3, 134.6, -4.4),
    "white2": Placed("white2", "lab", 190.7, 135.3, 9.0),
    "white3": Placed("white3", "lab", 235.6, 433.9, 259.7),
}
GAME_96805_SCENE_21 = {
    "black1": Placed("black1", "red-2", 236.0, 136.3, 9.2),
    "black2": Placed("black2", "red-0", 411.9, 355.9, 267.5),
    "black3": Placed("black3", "blue-2", 325.1, 133.7, -7.6),
    "white1": Placed("white1", "bot", 332.2, 343.9, 161.0),
    "white2": Placed("white2", "octopod", 274.2, 132.6, -7.9),
    "white3": Placed("white3", "submarine", 188.2, 135.1, 0.2),
}
GAME_96804_SCENE_107 = {  # the set-aside white research die: the detector boxes nothing of it
    "black1": Placed("black1", "green-1", 345.7, 397.9, 113.9),
    "black2": Placed("black2", "white-2", 190.0, 155.0, 0.0),
    "black3": Placed("black3", "yellow-2", 298.5, 374.8, 128.1),
    "white1": Placed("white1", "crystal", 298.8, 330.8, 19.4),
    "white2": Placed("white2", "research", 240.0, 155.0, 0.0),
    "white3": Placed("white3", "octopod", 290.0, 155.0, 0.0),
}


@pytest.mark.parametrize("layout, tilt, azimuth, light", [
    (GAME_96804_SCENE_17, 34.0, 90.0, "lamp"),
    (GAME_96804_SCENE_19, 34.0, 90.0, "lamp"),
    (GAME_96805_SCENE_21, 34.2, 0.0, "day"),
    (GAME_96804_SCENE_107, 34.0, 90.0, "lamp"),
], ids=["96804-17", "96804-19", "96805-21", "96804-107"])
def test_every_die_is_read_by_its_top_face_at_a_steep_tilt(layout: dict[str, Placed], tilt: float,
                                                          azimuth: float, light: str) -> None:
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=azimuth, resolution=(1920, 1080))
    image = Renderer().render(dice_mat_scene(layout, 7), camera,
                              RenderOptions(lighting=Lighting(**LIGHTINGS[light])), seed=11).image
    observed = DicePixelRecogniser(camera=camera).read(image)
    assert len(observed.dice) == len(layout)
    for die in layout.values():
        near = [d for d in observed.dice if (d.x - die.x) ** 2 + (d.y - die.y) ** 2 < 8.0 ** 2]
        assert [(d.face, d.cocked) for d in near] == [(die.face, False)], (die, observed.dice)


def test_of_two_readings_of_one_die_the_one_towards_the_nadir_is_its_side() -> None:
    """The rule itself: whatever their confidences, of two readings 13 mm apart the one lying
    towards the point below the camera is a side face, dropped; without the camera's place the
    surer reading is kept, as before."""
    top = DieReading("black", "green-0", "aside", 233.5, 132.6, 0.77)
    side = DieReading("black", "blue-2", "aside", 247.0, 135.0, 0.84)
    assert _merge([top, side], nadir=(891.0, 300.0)) == [top]
    assert _merge([top, side]) == [side]
    # the same die read in two windows (a few mm apart): the surer reading, wherever the camera
    again = DieReading("black", "green-0", "aside", 235.0, 132.6, 0.80)
    assert _merge([top, again], nadir=(891.0, 300.0)) == [again]


def test_a_cocked_reading_is_never_taken_for_a_side_face() -> None:
    """A leaning die has no top face: a reading of it as cocked next to a face read on it is merged
    by confidence as before the side rule (95404, a cocked die was lost to the rule)."""
    face = DieReading("black", "green-2", "roll", 200.0, 380.0, 0.60)
    cocked = DieReading("black", None, "roll", 200.0, 390.0, 0.88, cocked=True)
    assert _merge([face, cocked], nadir=(300.0, 891.0)) == [cocked]
