"""A seat the net finds nowhere takes the free window where the net surely sees a cube and its taught
plastic names the seat, before a step that finds a cube where the net sees none (issue 20).

The cube net (built-in, never taught) reads a cube wearing a tile by the tile's colour too. Random
printing 997782 (session 65's fresh set; bench/teach.py's table 548204 of ``--packs 10 --first-art
997780 --first-table 548000``, pack from two photos): Purple's cube on (3, 0), wearing a green
starfish in full view, is p(red) 0.863 and p(none) 0.033, while Red's own cube on (1, 1) is p(red)
0.986 and takes Red. Purple's colour is 0.031 at best, under ``min_cube_probability``, and the
topped-cube step (a taught tile at a cube's height) placed Purple on (1, 4), a dark blue starfish
stack top where the net sees p(none) 0.987. The band round Purple's tile lies 0.09 from Purple's
taught plastic and 0.31 from the next seat's (``pack_sure_cube_max_none``). Real path: the printing
drawn by the twin, taught from the bench's two rendered teach photos, the table read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PURPLE = 3


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_782, 548_204, photos=2)


def test_the_seat_takes_the_sure_cube_its_plastic_names(scene: tuple[Any, Any]) -> None:
    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[PURPLE] == (3, 0) and truth.cube_top[PURPLE] == "green starfish"
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[PURPLE].top
    assert top is not None and top.label() == "green starfish"


def test_without_it_the_seat_is_put_on_a_stack_top(scene: tuple[Any, Any]) -> None:
    """The cause pinned: without the rule Purple lands on (1, 4)'s stack top, which the net sees as no cube."""
    obs = read_taught_table(scene, RecogniserConfig(pack_topped_centred_share=0.0, pack_lost_net_colour_min_p=0.0,
                                                    pack_sure_cube_max_none=0.0))
    assert obs.cubes[PURPLE].location == (1, 4)
