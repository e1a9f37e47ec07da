"""Two cubes read on each other's places change seats where one window plainly shows the other
seat's ring and none of its own (``pack_cube_colour_swap_plain_ring``; issue 20, session 82
octrace82).

Fresh whole taught game 72863 (random printing 998275, 4 players, tilt 18.2, lamp; bench/teach.py
--octocube-games), session 81's fresh81c: 183/183 moves with one false alarm at twin change 175
(Purple rolls north from A5 to A4), "Red moved out of turn; Yellow moved out of turn (it is
Purple's turn)", then a lost-track question. The gate's stills 175 settled 0 and 1 read right; a
hand over the table made the gate settle on the scene's third frame (frame 1234, settled 2: found
by replaying changes 171-178 of the game through the pipeline, the tracker resumed at the twin's
truth, octrace82's /tmp/octrace82/tools/partial.py). There Red's cube on C1 (wearing a dark blue
diamond) has p(red) 0.33 and 'none' 0.57, Yellow's on A3 (a white sextant) p(red) 0.51: the pass
put Red on A3, Yellow's fall-back search took C1. A3 shows Yellow's ring on 4 sides and Red's on
0, C1 Red's on 3 and Yellow's on 4, so the rings' swap (each window the other's on more sides)
did not fire. Real path: the printing drawn by the twin, taught from the bench's two rendered
teach photos, the game's own film frame with the film's noise (``kept_change_still``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, kept_change_still, read_taught
from tracker.octocube.stack_heights import StackHeights
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, TILT, LIGHT = 998_275, 72_863, 4, 18.2, "lamp"
CHANGE, SETTLED = 175, 2
RED, YELLOW = 0, 1
A3, C1 = (2, 0), (0, 2)
OFF = RecogniserConfig(pack_cube_colour_swap_plain_ring=0)


@pytest.fixture(scope="module")
def still() -> Any:
    return kept_change_still(PRINTING, GAME, CHANGE, PLAYERS, TILT, LIGHT, settled=SETTLED)


def test_every_cube_on_its_place_with_its_top(still: Any) -> None:
    assert still[1].ground_truth["frame_index"] == 1234
    truth = scene_truth(still[1].ground_truth, 5, PLAYERS)
    assert truth.cube_location[RED] == C1 and truth.cube_location[YELLOW] == A3
    assert RecogniserConfig().pack_cube_colour_swap_plain_ring > 0
    obs = read_taught(still, PLAYERS)
    assert_every_cube_where_it_is(obs, truth)
    for seat, cube in obs.cubes.items():
        assert ("bare" if cube.top is None else str(cube.top.label())) == truth.cube_top[seat], seat
        assert cube.top is None or cube.rotation == truth.cube_rotation[seat], seat
    for stack, want in truth.tops.items():
        read = obs.tops[stack]
        if want == "cube":
            assert read.covered, stack
        elif read.confidence >= 0.5:
            assert not read.covered and read.tile is not None and read.tile.label() == want, stack


def test_off_red_and_yellow_change_places_as_in_the_game(still: Any) -> None:
    """The off control (main): Red read on Yellow's A3, Yellow on Red's C1."""
    obs = read_taught(still, PLAYERS, OFF)
    assert obs.cubes[RED].location == A3 and obs.cubes[YELLOW].location == C1


@pytest.mark.parametrize(("config", "follows"), [(None, True), (OFF, False)])
def test_the_tracker_follows(still: Any, config: Any, follows: bool) -> None:
    """The tracker in step until change 174 (Blue's scoring), then the gate's frame of 175: on, no
    alarm and (questions answered truly) the twin's history; off, an alarm, as in the game."""
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    tracked = tracked_until(twin, twin.changes[CHANGE - 1].truth_moves)
    events = list(tracked.observe(StackHeights().annotate(read_taught(still, PLAYERS, config))))
    if follows:
        assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
        truth = truth_after(twin, twin.changes[CHANGE].truth_moves)
        answer_truthfully(truth, tracked, events)
        assert tracked.state.history == truth.history
    else:
        assert any(isinstance(e, IllegalMoveAlert) for e in events), events
