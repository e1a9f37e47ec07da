"""A flat tile with the mat round it is not a cube, seen nearly straight down (issue 20,
``pack_cube_mat_round_tile_sides``).

Random printing 997696 (session 63's fresh set; bench/teach.py's table 541000 of ``--first-art
997696 --first-table 541000``, parallax about 4 mm, where the height test cannot act): a white
pearl drawn lavender lies on (3, 2), one tile on the mat; the cube net gives it p(purple) 0.33
(p(none) 0.64) and Purple's own cube on (2, 3), wearing a dark blue pearl, p(purple) 0.23, so
Purple was read on the pearl (0.33). The 3 mm band round the pearl, where a cube shows its
plastic, shows the mat on 2 sides; round every cube on the table, on none.
Real path: the printing drawn by the twin, taught from the bench's rendered teach photo, the table read.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.colour import MAT_BGR
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import _mat_sides
from vision.octocube.truth import scene_truth

PURPLE = 3


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_696, 541_000, photos=1)


def test_purple_is_read_on_its_cube_not_on_the_flat_pearl(scene: tuple[Any, Any]) -> None:
    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[PURPLE] == (2, 3) and truth.tops[(3, 2)] == "white pearl"
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.cubes[PURPLE].top is not None and obs.cubes[PURPLE].top.label() == "dark blue pearl"


def test_without_the_mat_check_purple_takes_the_pearl(scene: tuple[Any, Any]) -> None:
    """The cause pinned: the net's colour alone puts Purple on the flat pearl."""
    obs = read_taught_table(scene, RecogniserConfig(pack_cube_mat_round_tile_sides=0))
    assert obs.cubes[PURPLE].location == (3, 2)


def test_mat_sides_counts_the_mat_round_a_tile_and_not_a_plastic_ring() -> None:
    """A 52-pixel window: a lavender tile with the mat round it on two sides shows 2; with a
    purple ring all round, 0; a plastic near the mat's hue leaves nothing told."""
    purple = np.array([0.40, 0.22, 0.38])
    centre = np.mgrid[0:52, 0:52] + 0.5 - 26
    d = np.abs(centre).max(axis=0)  # the window's centre to each pixel, in mm (1 pixel a mm)
    ringed = np.zeros((52, 52, 3), np.uint8)
    ringed[:] = MAT_BGR
    ringed[d < 17] = (190, 140, 200)  # a lavender 34 mm tile
    ringed[(d >= 17) & (d < 20)] = (120, 66, 114)  # a purple cube's 3 mm band round it
    window = np.zeros_like(ringed)
    window[:] = MAT_BGR
    window[np.roll(d < 17, (3, 3), axis=(0, 1))] = (190, 140, 200)  # a flat tile 3 mm off centre
    assert _mat_sides(window, [purple], 0.06, 0.5) == 2
    assert _mat_sides(ringed, [purple], 0.06, 0.5) == 0
    mat_plastic = np.asarray(MAT_BGR) / sum(MAT_BGR) + (0.03, -0.03, 0.0)  # a cube drawn near the mat's hue
    assert _mat_sides(window, [purple, mat_plastic], 0.06, 0.5) == 0
