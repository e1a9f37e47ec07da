"""A found seat whose plastic is in another hue stays a rival in a rim's mask (issue 20).

Whole taught game 72705 (random printing 997381, which draws light blue tiles pink; 2 players,
tilt 10.1, lamp; bench/teach.py --octocube-games, tuning), change 37 ("Red rolls north from D3 to
D2"): Red's cube stands on D2 wearing a coin (an orange disc), p(red) 0.80; the net's best red
window is C1's pink amphora (0.96), and the rule that moves a cube behind takes it on to C2's pink
amphora. Only Red's rim on D2 can move it back (``_rimmed_cube_elsewhere``). Yellow's cube (cosine
0.74 to Red's hue: a hue a rim can be told from) was found first; session 52's
``pack_rim_set_aside_found_rivals`` then set Yellow aside, so the coin's orange pixels, nearer
Yellow's hue than Red's, counted as Red's, the tile's margin filled and the rim showed 1 side
(4 with Yellow a rival). Red was read on C2, "Red's cube moved diagonally (D3 to C2)", and the
game was lost at change 56 on main (50f02c2). Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the game's own film frame with the film's own noise
(the frame the stillness gate reads).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_381, 72_705, 2, 4, 10.1
RED = 0
C2, D2 = (1, 2), (1, 3)


@pytest.fixture(scope="module")
def gate_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 37, PLAYERS, TILT, "lamp", settled=1)


def test_red_is_found_on_d2_by_its_rim(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == D2 and truth.cube_top[RED] == "coin"
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)


def test_with_every_found_seat_set_aside_red_is_read_on_the_pink_amphora(gate_frame: Any) -> None:
    # the flat tile's offset test off too: since session 66 it finds the pink amphora shifted toward its stack
    off = RecogniserConfig(pack_rim_set_aside_only_alike=False, pack_cube_stack_top_offset_share=0.0)
    obs = read_taught(gate_frame, PLAYERS, off, grid=GRID)
    assert obs.cubes[RED].location == C2
