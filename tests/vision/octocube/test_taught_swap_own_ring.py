"""Two cubes the net reads in one colour are not swapped by their rims' difference where one
window plainly shows its own seat's ring and none of the other's
(``pack_cube_colour_swap_against_own_ring``; issue 20, session 82 octrace82).

Fresh whole taught game 72860 (random printing 998266, 4 players, tilt 29.8, day; bench/teach.py
--octocube-games), session 81's lead: 142/142 moves with three false alarms in one lost-step
episode after "Red rolls south from A4 to A5" (twin change 59): "Yellow's cube moved diagonally
(D4 to A5)". Twin change 60 (Yellow rolls north from D4 to D3) and the two after it: the printing
draws Red's and Yellow's plastic near alike and the net gives both cubes p(red) best (A5 0.96, D3
0.95); the pass finds Red on A5 and Yellow on D3 (its fall-back search), right, then
``_swap_by_taught_colour`` swaps them by the rims' difference (``pack_cube_colour_swap_against``):
-0.071 along the taught red-yellow difference, cosine -0.99, because the mean rim band takes in
the tile each cube wears (green-drawn on Red's, magenta-drawn on Yellow's). A5 shows Red's ring
on 4 sides and Yellow's on 0 (D3 4 and 4): a seat has one cube, so A5's is Red's. Real path: the
printing drawn by the twin, taught from the bench's two rendered teach photos, the game's own film
frames with the film's noise (``kept_change_still``; settled 1: the frame the stillness gate reads).
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

PRINTING, GAME, PLAYERS, TILT, LIGHT = 998_266, 72_860, 4, 29.8, "day"
RED, YELLOW = 0, 1
A5, D3 = (4, 0), (2, 3)
CHANGES = (60, 61)
"""Yellow's roll onto D3 and Blue's roll after it (both misread on main at the gate's frame)."""
OFF = RecogniserConfig(pack_cube_colour_swap_against_own_ring=0)


@pytest.fixture(scope="module")
def stills() -> dict[int, Any]:
    return {c: kept_change_still(PRINTING, GAME, c, PLAYERS, TILT, LIGHT, settled=1) for c in CHANGES}


@pytest.mark.parametrize("change", CHANGES)
def test_every_cube_on_its_place_with_its_top(stills: dict[int, Any], change: int) -> None:
    truth = scene_truth(stills[change][1].ground_truth, 5, PLAYERS)
    assert truth.cube_location[RED] == A5 and truth.cube_location[YELLOW] == D3
    assert RecogniserConfig().pack_cube_colour_swap_against_own_ring > 0
    obs = read_taught(stills[change], PLAYERS)
    assert_every_cube_where_it_is(obs, truth)
    for seat, cube in obs.cubes.items():
        assert ("bare" if cube.top is None else str(cube.top.label())) == truth.cube_top[seat], seat
    for stack, want in truth.tops.items():
        read = obs.tops[stack]
        if want == "cube":
            assert read.covered, stack
        elif read.confidence >= 0.5:  # E5's white sextant read a white starfish at 0.05 on main too (61: Blue on it)
            assert not read.covered and read.tile is not None and read.tile.label() == want, stack


@pytest.mark.parametrize("change", CHANGES)
def test_off_red_and_yellow_change_places_as_in_the_game(stills: dict[int, Any], change: int) -> None:
    """The off control (main): Red read on Yellow's D3, Yellow on Red's A5."""
    obs = read_taught(stills[change], PLAYERS, OFF)
    assert obs.cubes[RED].location == D3 and obs.cubes[YELLOW].location == A5


@pytest.mark.parametrize(("config", "follows"), [(None, True), (OFF, False)])
def test_the_tracker_follows(stills: dict[int, Any], config: Any, follows: bool) -> None:
    """The tracker in step until change 59 (Red's roll onto A5), then the gate's frames of 60 and
    61: on, no alarm and (questions answered truly) the twin's history; off, an alarm at 60, as
    in the game."""
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    tracked = tracked_until(twin, twin.changes[CHANGES[0] - 1].truth_moves)
    heights = StackHeights()
    for change in CHANGES:
        observed = heights.annotate(read_taught(stills[change], PLAYERS, config))
        events = list(tracked.observe(observed))
        if not follows:
            assert any(isinstance(e, IllegalMoveAlert) for e in events), events
            return
        assert not any(isinstance(e, IllegalMoveAlert) for e in events), (change, events)
        truth = truth_after(twin, twin.changes[change].truth_moves)
        answer_truthfully(truth, tracked, events)
        assert tracked.state.history == truth.history, change
