"""A centred flat tile with the play mat round it is not taken for a topped cube (issue 20).

Fresh whole taught game 72787 (random printing 998171, 3 players, tilt 0.7, evening; bench/teach.py
--octocube-games), change 51 ("Red rolls B4 -> C4"): Yellow's cube on B3 wears a light blue pearl
(the net's p(yellow) only 0.22 there, parallax 1.8 mm, too small for the offset tests). Looked
for by its taught look, Yellow was placed by ``pack_topped_centred_share`` on D1, a flat light blue
diamond (parallax 4.3 mm, fitting 0.74, lying nearly centred), though the band round that tile
shows the play mat on two sides where a cube would show its plastic: "Yellow moved out of turn".
That test now sets such a tile aside (``pack_topped_centred_not_mat_round``). Real path: the
printing drawn by the twin, taught from the bench's two rendered teach photos, the game's own film
frame the stillness gate reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_171, 72_787, 3, 5, 0.7
YELLOW = 1
D1, B3 = (0, 3), (2, 1)


@pytest.fixture(scope="module")
def gate_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 51, PLAYERS, TILT, "evening", settled=1)


def test_yellow_read_on_b3_wearing_its_pearl(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == B3
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[YELLOW].top
    assert top is not None and (top.colour, top.obj) == ("light blue", "pearl")


def test_without_the_mat_check_yellow_is_placed_on_d1(gate_frame: Any) -> None:
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_topped_centred_not_mat_round=False), grid=GRID)
    assert obs.cubes[YELLOW].location == D1
