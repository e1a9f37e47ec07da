"""The Open Season hand detector (vision/open_season/occlusion.py): a hand reaching for the table
from any side is seen crossing the table's edge; the bare table, its markers and the game's
skin-like colours (brown boards, the dwarves' orange cards) are not a hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tracker.open_season.twin import OpenSeasonTwin
from vision.octocube.geometry import TableView
from vision.open_season.occlusion import HandDetector
from vision.render.camera import CameraModel
from vision.render.hands import Hand
from vision.render.open_season_scene import open_season_scene
from vision.render.renderer import Renderer, RenderOptions


@pytest.fixture(scope="module")
def table() -> tuple[object, CameraModel, HandDetector]:
    scene = open_season_scene(OpenSeasonTwin(4, 96601, side="horn", max_moves=140).descriptions[-1], seed=2)
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=0.0, resolution=(960, 540))
    gt = Renderer().render(scene, camera, RenderOptions(), seed=2).ground_truth
    cam = gt["camera"]
    view = TableView(np.asarray(gt["homography_table_to_image"]), (int(cam["width"]), int(cam["height"])),
                     np.asarray(cam["K"]), np.asarray(cam["dist"]))
    return scene, camera, HandDetector(view)


def test_the_bare_table_is_not_a_hand(table: tuple[object, CameraModel, HandDetector]) -> None:
    scene, camera, detector = table
    image = Renderer().render(scene, camera, RenderOptions(), seed=3).image  # type: ignore[arg-type]
    assert detector.check(image).occluded is False


@pytest.mark.parametrize("side, target", [("south", (300.0, 480.0)), ("north", (120.0, 90.0)),
                                          ("west", (200.0, 300.0)), ("east", (500.0, 520.0))])
def test_a_hand_reaching_in_from_each_side_is_seen(table: tuple[object, CameraModel, HandDetector],
                                                   side: str, target: tuple[float, float]) -> None:
    scene, camera, detector = table
    hand = Hand.reaching(target, side, random.Random(4), progress=0.9)
    image = Renderer().render(scene, camera, RenderOptions(hands=(hand,)), seed=3).image  # type: ignore[arg-type]
    report = detector.check(image)
    assert report.occluded and "edge" in report.reason
