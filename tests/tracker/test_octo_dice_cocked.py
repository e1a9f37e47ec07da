"""Cocked dice through the pixels (issue 17): a die leaning on a base edge is reported cocked and
never read as a face; flat dice -- at a steep tilt, under a warm lamp, touching a neighbour, in the
set-aside strip -- are never called cocked (the players would be told to re-roll a flat die).
Small renders through the real renderer and the real dice reader (bench/octo_dice_cocked.py
measures the rates)."""

from __future__ import annotations

import numpy as np
import pytest

from tracker.film import LIGHTINGS
from tracker.octo_dice.cocked import UNEXPLAINED_MM2, fit_outline
from tracker.octo_dice.film import dice_mat_scene
from tracker.octo_dice.groundtruth import CockedDieError
from tracker.octo_dice.observation import OctoDiceObservation
from tracker.octo_dice.recogniser import FIT_PX_PER_MM, DicePixelRecogniser
from tracker.octo_dice.twin import Placed
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.renderer import Renderer, RenderOptions, box_corners_mm
from vision.render.scene import Component, Pose


def _read(layout: dict[str, Placed], tilt: float, light: str, azimuth: float = 90.0
          ) -> tuple[DicePixelRecogniser, tuple[OctoDiceObservation, np.ndarray]]:
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=azimuth, resolution=(1920, 1080))
    scene = dice_mat_scene(layout, 7)
    image = Renderer().render(scene, camera, RenderOptions(lighting=Lighting(**LIGHTINGS[light])), seed=11).image
    recogniser = DicePixelRecogniser(camera=camera)
    return recogniser, (recogniser.read(image), image)


def test_a_leaning_die_is_reported_cocked_and_never_read_as_a_face() -> None:
    layout = {
        "white1": Placed("white1", "lab", 230.0, 330.0, 10.0),
        "black1": Placed("black1", "red-2", 370.0, 300.0, 75.0),
        "white2": Placed("white2", "bot", 300.0, 420.0, 5.0, cocked=True),  # leaning across the line of sight
    }
    recogniser, (observed, image) = _read(layout, 20.0, "day")
    cocked = [d for d in observed.dice if d.cocked]
    assert len(cocked) == 1 and cocked[0].face is None and cocked[0].kind == "white", observed
    assert np.hypot(cocked[0].x - 300.0, cocked[0].y - 420.0) < 16.0  # within a die of its base
    flat = sorted((d.kind, d.face) for d in observed.dice if not d.cocked)
    assert flat == [("black", "red-2"), ("white", "lab")]
    with pytest.raises(CockedDieError, match=r"a white die at \(\d+, \d+\) mm is cocked"):
        recogniser.recognise(image)


@pytest.mark.parametrize("tilt, light", [(35.0, "lamp"), (33.0, "evening")])
def test_flat_dice_at_a_steep_tilt_touching_or_in_the_strip_are_not_cocked(tilt: float, light: str) -> None:
    layout = {
        "white1": Placed("white1", "crystal", 230.0, 330.0, 10.0),
        "black1": Placed("black1", "red-2", 380.0, 420.0, 75.0),
        "black2": Placed("black2", "octopod", 380.0, 402.0, 75.0),  # touching black1
        "white2": Placed("white2", "submarine", 300.0, 135.0, 30.0),  # set aside in the strip
        "black3": Placed("black3", "green-0", 250.0, 450.0, 50.0),
    }
    _, (observed, _) = _read(layout, tilt, light, azimuth=0.0)
    assert observed.dice and not any(d.cocked for d in observed.dice), observed


def _outline(comp: Component, camera: CameraModel) -> np.ndarray:
    """The exact outline of a die on the top-face plane (the recogniser's scale, 44 mm window)."""
    import cv2

    cx, cy, height = camera.position_mm
    corners = box_corners_mm([comp])[0]
    t = (height - 16.0) / (height - corners[:, 2])
    plane = np.column_stack([cx + (corners[:, 0] - cx) * t, cy + (corners[:, 1] - cy) * t])
    px = np.round((plane - [comp.pose.x - 22, comp.pose.y - 22]) * FIT_PX_PER_MM).astype(np.int32)
    side = int(round(44 * FIT_PX_PER_MM))
    out = np.zeros((side, side), np.uint8)
    cv2.fillConvexPoly(out, cv2.convexHull(px), 1)
    return out


@pytest.mark.parametrize("tilt", [0.0, 20.0, 35.0])
def test_the_flat_outline_fits_a_flat_die_exactly_and_not_a_leaning_one(tilt: float) -> None:
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=0.0, resolution=(1920, 1080))
    size = (16.0, 16.0, 16.0)
    faces = {"top": ("table", "solid", (250, 250, 250))}
    flat = Component("die", "octo_dice", "die", "die", Pose(300.0, 330.0, 0.0, 25.0), size, faces)
    # leaning sideways to the camera's line of sight (a lean along it can keep a flat outline)
    leaning = Component("die", "octo_dice", "die", "die", Pose(300.0, 330.0, 0.0, 115.0, lean_deg=28.0), size, faces)
    centre = (22 * FIT_PX_PER_MM, 22 * FIT_PX_PER_MM)
    got_flat = fit_outline(_outline(flat, camera), centre, (300.0, 330.0), camera.position_mm, FIT_PX_PER_MM)
    got_leaning = fit_outline(_outline(leaning, camera), centre, (300.0, 330.0), camera.position_mm, FIT_PX_PER_MM)
    assert got_flat.unexplained_mm2 < 3.0 and not got_flat.cocked
    assert got_leaning.unexplained_mm2 > UNEXPLAINED_MM2 and got_leaning.cocked, got_leaning
