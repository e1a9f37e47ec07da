"""A cube wearing a tile in its own plastic's hue shows no ring, and the net, never taught the
printing, sees mostly no cube there; the seat is found where the net's best cube colour is the
seat's and the band just inside the cube's outline names the seat (issue 20).

Seen printing 997833 (session 66's fresh set, ``bench/teach.py --first-art 997830 --first-table
553000``), table 553304, pack from two photos: Blue's cube on (2, 1) wears a dark blue pearl; the
net gives that window p(none) 0.67, p(blue) 0.24 (under ``min_cube_probability``), and no ring
shows (``_rim_of``: 0 sides), so every fallback lost Blue; the band lies 0.035 from Blue's taught
plastic, 0.61 from the next seat's. Printing 997862, table 559203: Blue's cube at rest wearing a
light blue pearl, p(none) 0.69, p(blue) 0.26 at its rest spot, its band 0.035 from Blue's plastic.
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

BLUE = 2


@pytest.mark.parametrize(("printing", "table", "where", "top"), [
    (997_833, 553_304, (2, 1), "dark blue pearl"),
    (997_862, 559_203, None, "light blue pearl"),
])
def test_blues_cube_in_its_own_hue_is_found(printing: int, table: int, where: tuple[int, int] | None,
                                            top: str) -> None:
    scene = taught_table(printing, table, photos=2)
    truth = scene_truth(scene[1].ground_truth, scene[1].grid_size, scene[1].num_players)
    assert truth.cube_location[BLUE] == where and truth.cube_top[BLUE] == top
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    got = obs.cubes[BLUE].top
    assert got is not None and got.label() == top
    off = read_taught_table(scene, RecogniserConfig(pack_topped_centred_share=0.0, pack_lost_net_colour_min_p=0.0))
    assert BLUE not in off.cubes  # the cause pinned: without the rule Blue is found nowhere
