"""A cube standing off its place is not taken for a flat tile by the offset test (issue 20).

Fresh whole taught game 72775 (random printing 998100, 3 players, tilt 6.6, lamp; bench/teach.py
--octocube-games, session 69's fresh game, now tuning), change 125 ("Yellow rolls south from D4
to D5"): Yellow's cube on D5 wears a green amphora, the net's p(yellow) 0.96 there. Seen nearly
straight down (parallax 4.5 mm between a stack's and a cube's height), the flat-tile test
(``pack_cube_stack_top_offset_share``) found the amphora 3.4 mm toward the stack's place, 0.75
of the parallax, and called D5 a stack top: the cube stands a little off its place, 2.3 mm
across the parallax line as well. Yellow was read on D3's flat green pearl, two spaces off, and
the game was lost from move 125. The shift across the line is now taken off the shift along it
(``pack_cube_stack_top_offset_across_weight``). Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the game's own film frame with the film's own noise
(the frame the stillness gate reads).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_100, 72_775, 3, 5, 6.6
YELLOW = 1
D3, D5 = (2, 3), (4, 3)


@pytest.fixture(scope="module")
def gate_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 125, PLAYERS, TILT, "lamp", settled=1)


def test_yellow_is_read_on_d5_wearing_its_amphora(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[YELLOW] == D5
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[YELLOW].top
    assert top is not None and (top.colour, top.obj) == ("green", "amphora")
    assert obs.cubes[YELLOW].rotation == truth.cube_rotation[YELLOW]


def test_by_the_shift_along_the_line_alone_yellow_is_read_on_d3(gate_frame: Any) -> None:
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_cube_stack_top_offset_across_weight=0.0), grid=GRID)
    assert obs.cubes[YELLOW].location == D3
