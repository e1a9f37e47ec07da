"""A seat whose cube was found nowhere takes the window its taught plastic names (issue 20).

The cube net (built-in, never taught) reads a cube wearing a tile by the tile's colour as well as
by its plastic. Random printing 997670 (session 62's fresh printings; bench/teach.py's table
520003 of ``--packs 10 --first-art 997670``, pack from two photos) draws tiles red and magenta:
Purple's cube on (3, 1) wears a red-drawn tile and the net gives it p(red) 0.98, so Red took it;
Purple then took Blue's bare cube on (0, 3) (p(purple) 0.47), and Blue was found nowhere. Each
window's cube-edge band (:func:`vision.octocube.recogniser._rim_chroma`) lies nearest its own
seat's taught plastic by 0.18 or more: Blue takes (0, 3), Purple moves to (3, 1) and Red to its
own bare cube on (1, 3) (``pack_lost_seat_rim_margin``). The same chain finds Purple's cube on
printing 997560's table 520003 (a red-drawn tile, p(red) 0.57 with Red found elsewhere) and
Yellow's on 997675's table 520500 (wearing a tile the height test took for a stack top). Real path:
each printing drawn by the twin, taught from the bench's two rendered teach photos, the table read.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

RED, BLUE, PURPLE = 0, 2, 3


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_670, 520_003, photos=2)


def test_every_cube_is_found_on_its_own_seats_place(scene: tuple[Any, Any]) -> None:
    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location == {0: (1, 3), 1: (2, 4), 2: (0, 3), 3: (3, 1)}
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    got = {s: (c.top.label() if c.top is not None else "bare") for s, c in obs.cubes.items()}
    assert got == truth.cube_top


def test_without_the_chain_the_net_gives_red_purples_cube(scene: tuple[Any, Any]) -> None:
    """The cause pinned: the net's colours alone put Red on Purple's cube, Purple on Blue's, Blue nowhere."""
    obs = read_taught_table(scene, RecogniserConfig(pack_lost_seat_rim_margin=0.0))
    assert obs.cubes[RED].location == (3, 1) and obs.cubes[PURPLE].location == (0, 3)
    assert BLUE not in obs.cubes


@pytest.mark.parametrize("printing, table", [(997_560, 520_003), (997_675, 520_500)])
def test_a_lost_seat_finds_its_free_cube_by_its_plastic(printing: int, table: int) -> None:
    scene = taught_table(printing, table, photos=2)
    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert_every_cube_where_it_is(read_taught_table(scene), truth)
    off = read_taught_table(scene, RecogniserConfig(pack_topped_centred_share=0.0, pack_lost_net_colour_min_p=0.0,
                                                    pack_lost_seat_rim_margin=0.0))
    assert len(off.cubes) == frame.num_players - 1  # one seat lost without the chain
