"""The Octo Dice pixel recogniser on rendered mats (the real renderer, the real ONNX dice reader):
a hand or arm over the mat makes the scene unreadable (the tracker waits) instead of a scene
read with the held die missing, which raised 'set aside 1 dice' false alarms (12 in one solo
game, seed 1, before the rule that sees a whole arm)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from tracker.octo_dice.film import dice_mat_scene
from tracker.octo_dice.memory import DiceMemory
from tracker.octo_dice.observation import DieReading, OctoDiceObservation, area_of
from tracker.octo_dice.observation import ROLL_AREA
from tracker.octo_dice.recogniser import MIN_BLOB_MM2, DicePixelRecogniser, spot_centres
from tracker.octo_dice.twin import Placed
from vision.render.camera import CameraModel
from vision.render.hands import Hand
from vision.render.renderer import Renderer, RenderOptions

LAYOUT = {
    "white1": Placed("white1", "lab", 230.0, 330.0, 10.0),
    "white2": Placed("white2", "bot", 300.0, 400.0, 40.0),
    "black1": Placed("black1", "red-2", 370.0, 300.0, 75.0),
}


def _frame(hand: Hand | None, tilt: float = 20.0) -> tuple[object, CameraModel]:
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=90.0, resolution=(1920, 1080))
    scene = dice_mat_scene(LAYOUT, 7)
    options = RenderOptions(hands=(hand,) if hand is not None else ())
    return Renderer().render(scene, camera, options, seed=11).image, camera


@pytest.mark.parametrize("target", [(300.0, 400.0), (180.0, 150.0)])
def test_an_arm_reaching_over_the_mat_makes_the_scene_unreadable(target: tuple[float, float]) -> None:
    hand = Hand.reaching(target, "south", random.Random(3))
    image, camera = _frame(hand)
    observed = DicePixelRecogniser(camera=camera).recognise(image)
    assert observed.occluded, observed


def test_the_same_mat_without_the_hand_is_read() -> None:
    image, camera = _frame(None)
    observed = DicePixelRecogniser(camera=camera).recognise(image)
    assert not observed.occluded
    assert sorted((d.kind, d.face) for d in observed.dice) == [("black", "red-2"), ("white", "bot"), ("white", "lab")]
    x0, y0, x1, y1 = ROLL_AREA
    assert all(x0 <= d.x <= x1 and y0 <= d.y <= y1 for d in observed.dice)


@pytest.mark.parametrize("target, side", [((200.0, 110.0), "north"), ((300.0, 105.0), "north"),
                                          ((430.0, 135.0), "east")])
def test_fingers_reaching_into_the_set_aside_strip_make_the_scene_unreadable(
        target: tuple[float, float], side: str) -> None:
    """The hand outside the areas, only its fingers inside (setting a die aside from the far side):
    too little of it for the arm rule, but a spot at the strip's edge where no die is read."""
    hand = Hand.reaching(target, side, random.Random(3 if target[0] != 300.0 else 5))
    image, camera = _frame(hand)
    recogniser = DicePixelRecogniser(camera=camera)
    observed = recogniser.recognise(image)
    assert not recogniser.hand and not observed.occluded  # the whole-arm rule does not see it ...
    assert observed.unread_at_edge, observed  # ... something unread at the strip's edge is seen
    # the scene memory: no die lay there in the last accepted scene, so these are fingers
    memory = DiceMemory()
    clear, _ = _frame(None)
    memory.remember(recogniser.recognise(clear), None)
    assert memory.annotate(observed).occluded
    # dice lay there (ones the reader now misses against the edge): the scene is read, the dice kept
    memory.remember(OctoDiceObservation(tuple(_reading("white", "lab", x, y + 2.0, 0.9)
                                              for x, y in observed.unread_at_edge)), None)
    kept = memory.annotate(observed)
    assert not kept.occluded and any(d.remembered for d in kept.dice)


def test_dice_lying_against_the_edges_are_read_not_taken_for_fingers() -> None:
    layout = dict(LAYOUT, white3=Placed("white3", "crystal", 170.0, 260.0, 0.0),
                  black2=Placed("black2", "octopod", 300.0, 108.0, 5.0),
                  black3=Placed("black3", "blue-2", 430.0, 490.0, 30.0))
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=90.0, resolution=(1920, 1080))
    image = Renderer().render(dice_mat_scene(layout, 7), camera, RenderOptions(), seed=11).image
    recogniser = DicePixelRecogniser(camera=camera)
    observed = recogniser.recognise(image)
    assert not observed.occluded and observed.unread_at_edge == ()
    assert sum(recogniser.at_rim) >= 3  # the three dice at the edges touch them
    assert sorted((d.kind, d.face) for d in observed.dice) == sorted(
        [("white", "lab"), ("white", "bot"), ("black", "red-2"), ("white", "crystal"), ("black", "octopod"),
         ("black", "blue-2")])


def _reading(kind: str, face: str, x: float, y: float, confidence: float) -> DieReading:
    return DieReading(kind, face, area_of(x, y), x, y, confidence)


def test_a_die_seen_in_pieces_is_one_spot() -> None:
    """Game 98708: a black die on the dark set-aside strip showed as its symbol and edges, pieces
    of 20-46 mm² a few millimetres apart (each under the 60 mm² a spot needs), so it was found in
    one still and not in the next, and called "left the set-aside area". Pieces closer than
    ``JOIN_MM`` make one spot; two dice a die's width apart stay two."""
    mask = np.zeros((70, 200), np.uint8)
    for y0, x0 in ((20, 20), (20, 28), (28, 20), (28, 28)):  # one die: four 6x6 pieces, 2 px apart
        mask[y0:y0 + 6, x0:x0 + 6] = 1
    mask[20:36, 120:136] = 1  # another die, whole, 100 px away
    edges = np.zeros(mask.shape, bool)
    edges[:, :3] = True
    centres, at_rim = spot_centres(mask, edges)
    assert len(centres) == 2 and at_rim == [False, False]
    assert math.dist(centres[0], (27.0, 27.0)) < 1.0 and math.dist(centres[1], (127.5, 27.5)) < 1.0
    assert all(mask[y0:y0 + 6, x0:x0 + 6].sum() < MIN_BLOB_MM2 for y0, x0 in ((20, 20), (20, 28)))
