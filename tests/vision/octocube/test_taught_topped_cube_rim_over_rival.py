"""A topped cube whose band's mean a tile's colour pulls toward a rival is still its seat's by
the rings in each hue (issue 20, ``pack_topped_rim_over_rival``).

Random printing 997685 (session 63's fresh set; bench/teach.py's table 540301 of ``--first-art
997685 --first-table 540000``, tilt 30): Blue's cube on (3, 1) wears a light blue pearl drawn
magenta; the cube net reads it red (0.68) and blue 0.11, so only the height test finds a cube
there. The 3 mm band round the tile mixes Blue's ring with the magenta tile and its mean lies
nearer Purple's taught plastic (0.17) than Blue's (0.26); Purple, still missing, was the rival,
so Blue was found nowhere, its cube was not masked, and the stack top beside it on (4, 1)
(48 % in view) read "light blue diamond" (0.41). Blue's hue rings (3, 1) on 3 sides, Purple's on 2.
Real path: the printing drawn by the twin, taught from the bench's rendered teach photo, the table read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

BLUE = 2


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_685, 540_301, photos=1)


def test_blue_is_found_on_its_cube_and_the_top_beside_it_is_read(scene: tuple[Any, Any]) -> None:
    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[BLUE] == (3, 1) and truth.cube_top[BLUE] == "light blue pearl"
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.cubes[BLUE].top is not None and obs.cubes[BLUE].top.label() == "light blue pearl"
    beside = obs.tops[(4, 1)]
    assert beside.tile is not None and beside.tile.label() == truth.tops[(4, 1)] == "light blue amphora"


def test_by_the_band_mean_alone_blue_is_lost(scene: tuple[Any, Any]) -> None:
    """The cause pinned: the mean colour names Purple, and Blue is found nowhere."""
    obs = read_taught_table(scene, RecogniserConfig(pack_topped_rim_over_rival=False))
    assert BLUE not in obs.cubes
