"""Two found cubes the cube net reads swapped change seats where each window's cube-edge band names
the other seat plainly against the taught rim colours (issue 20, ``pack_cube_colour_swap_by_band``).

Fresh whole taught game 72833 (random printing 998218, 4 players, tilt 6.7, day; session 77's
fresh77c), change 183 ("Yellow rolls north from B5 to B4"), its settled=1 still (the frame the
stillness gate reads). Truth: Blue's cube on C5 wearing the white diamond, Purple's on A5 wearing
the light blue amphora. The cube net (never taught the printing) reads C5 p(purple) 0.796, so
Purple took C5; Blue, found nowhere by the net, went to the only topped cube left, A5. The
mean-rim rule compares each band with the taught cube colours (the 2-8 mm ring), which this
printing draws only 0.08 apart for Blue and Purple (gain 0.042 < ``pack_cube_colour_swap``), but
the bands against the taught RIM colours name each window plainly the other way: A5 Purple 0.056 vs
Blue 0.348, C5 Blue 0.073 vs Purple 0.318 (``pack_lost_seat_rim_margin`` 0.1). Read as main read
it, the tracker said "Blue/Purple moved out of turn" (session 78, helper fa78's trace). Real path:
the printing drawn by the twin, taught from the bench's two rendered teach photos, the game's own
film frame with the film's noise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, kept_change_still, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_218, 72_833, 4, 5, 6.7
BLUE, PURPLE = 2, 3
A5, C5 = (4, 0), (4, 2)


@pytest.fixture(scope="module")
def gate_frame() -> Any:
    return kept_change_still(PRINTING, GAME, 183, PLAYERS, TILT, "day", settled=1)


def _top(obs: Any, seat: int) -> str:
    """The seat's cube top as read, "bare" for none (as the twin's truth names a bare cube)."""
    top = obs.cubes[seat].top
    return "bare" if top is None else str(top.label())


def test_every_cube_on_its_place_with_its_top(gate_frame: Any) -> None:
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[BLUE] == C5 and truth.cube_location[PURPLE] == A5
    assert truth.cube_top[BLUE] == "white diamond" and truth.cube_top[PURPLE] == "light blue amphora"
    obs = read_taught(gate_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    for seat in truth.cube_location:
        assert _top(obs, seat) == truth.cube_top[seat], seat


def test_without_the_band_rule_blue_and_purple_read_swapped(gate_frame: Any) -> None:
    """The off control (as main read it before the rule): each seat on the other's cube, wearing
    the other's top."""
    truth = scene_truth(gate_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(gate_frame, PLAYERS, RecogniserConfig(pack_cube_colour_swap_by_band=False), grid=GRID)
    assert obs.cubes[BLUE].location == truth.cube_location[PURPLE]
    assert obs.cubes[PURPLE].location == truth.cube_location[BLUE]
    assert _top(obs, BLUE) == truth.cube_top[PURPLE] and _top(obs, PURPLE) == truth.cube_top[BLUE]
