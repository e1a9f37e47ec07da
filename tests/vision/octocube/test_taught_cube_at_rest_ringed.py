"""A cube at rest wearing a dark tile is found by its ring (issue 20).

The pack's fallbacks for a seat the cube net misses (its taught bare face, the height test, the
ring round a worn tile, the band's chromaticity, the lost-seat chain) look at grid windows only.
Printing 997720, table 543004 (session 64's fresh set): Blue's cube at rest wearing a green
starfish drawn olive, dark and small at the table's edge; the net (never taught the printing)
gives its rest window p(none) 0.67, p(blue) 0.18, and Blue was found nowhere. Its ring shows in
Blue's taught hue on all four sides (the table's empty rest places: none): a seat's rest place
holds only its own cube (``pack_rest_rim_sides``). Real path: the printing drawn by the twin,
taught from one rendered teach photo, the bench's table read.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

BLUE = 2


@pytest.fixture(scope="module")
def scene() -> tuple:
    return taught_table(997_720, 543_004)


def test_blue_at_rest_wearing_a_dark_tile_is_found(scene: tuple) -> None:
    _, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[BLUE] is None and truth.cube_top[BLUE] == "green starfish"
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == "green starfish"


def test_without_the_ring_at_rest_blue_is_lost(scene: tuple) -> None:
    obs = read_taught_table(scene, RecogniserConfig(pack_rest_rim_sides=0))
    assert BLUE not in obs.cubes
