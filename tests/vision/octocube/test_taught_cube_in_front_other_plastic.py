"""A cube standing in front whose plastic is plainly another seat's does not hold this seat's cube
there (issue 20).

Fresh whole taught game 72814 (random printing 998178, 3 players, tilt 35.0, evening; bench/teach.py
--octocube-games), change 141 ("Yellow rolls south from B3 to B4"): Yellow's cube on B4 wearing a
coin stands in front of Red's cube on B5 wearing a green pearl. The printing draws Red's plastic
orange-red and Yellow's orange-tan; the cube net (never taught the printing) reads red on both
windows (B4 0.824, B5 0.74; yellow 0.13 and 0.19). Red's best window is B4; the cube-behind rule
(red leads B5 behind it too) was stopped by the cube standing on B4 (``pack_cube_behind_cube_in_front``,
made for 72728's Red in front of Yellow), so Red was read on B4 wearing Yellow's coin and Yellow,
found nowhere by the net, took B5 as a topped cube wearing Red's pearl: "Red moved out of turn;
Yellow's cube moved 2 spaces (B3 to B5)", and every later scene an alarm. B4's plastic band lies
0.033 from Yellow's taught plastic and 0.181 from Red's (``pack_lost_seat_rim_margin`` 0.1), B5's
names no seat: the cube standing in front is Yellow's (``pack_cube_in_front_other_plastic``). Real
path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the game's
own film frame with the film's noise (the frame the stillness gate reads).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_178, 72_814, 3, 5, 35.0
RED, YELLOW, BLUE = 0, 1, 2
A1, B4, B5 = (0, 0), (3, 1), (4, 1)


@pytest.fixture(scope="module")
def gate_frame(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art_dir = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art_dir, GAME, 141, PLAYERS, TILT, "evening", settled=1)


def test_red_behind_and_yellow_in_front_each_on_its_own_space(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location == {RED: B5, YELLOW: B4, BLUE: A1}
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    for seat in (RED, YELLOW):
        top = obs.cubes[seat].top
        assert top is not None and top.label() == truth.cube_top[seat]
    assert truth.cube_top[RED] == "green pearl" and truth.cube_top[YELLOW] == "coin"


def test_without_the_rule_red_and_yellow_read_swapped(gate_frame: Any) -> None:
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_cube_in_front_other_plastic=False), grid=GRID)
    assert obs.cubes[RED].location == B4 and obs.cubes[YELLOW].location == B5
    red_top, yellow_top = obs.cubes[RED].top, obs.cubes[YELLOW].top
    assert red_top is not None and red_top.label() == "coin"
    assert yellow_top is not None and yellow_top.label() == "green pearl"
