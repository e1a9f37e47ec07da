"""A seat's cube set aside as a stack top, its rim nearest its own plastic by less than the
chain's margin: the seat goes back (``pack_set_aside_pick_back_nearest``; issue 20, session 82
fresh82b, session 83 octrace83).

Fresh whole taught game 72869 (random printing 998292, 4 players, tilt 1.7, day; first run on
main f88b08be), changes 64 and 68: Yellow's bare cube on A1 (p(yellow) 0.95) is set aside by the
height test (read as a white amphora) and Yellow takes Blue's cube on A5 (64) or Red's on D5
(68), the rival lost: "Red moved out of turn; Yellow moved out of turn" (say line 106) and
"Yellow moved out of turn" (line 119). ``pack_set_aside_pick_back`` needs A1's band nearest
Yellow's plastic by 0.1: it is by 0.073-0.078. Change 104 (Red rolls west from B5 to A5; the
game's fourth alarm, say line 187, "Yellow moved out of turn (it is Red's turn)"): the same with
Yellow's cube on D1 wearing a coin (p(yellow) 0.966), read as a coin tile; Yellow took Red's cube
on A5 (p(red) 0.879), Red lost; D1's band 0.137 from Yellow's plastic, 0.214 from Red's (margin
0.077). The gate's frames (settled 1).
"""

from __future__ import annotations

import pytest

from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.vision.octocube.taught_table import (assert_every_cube_where_it_is, kept_change_still,
                                               read_taught)
from tracker.octocube.stack_heights import StackHeights
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 998_292, 72_869, 4, 5, 1.7
YELLOW, A1, D1 = 1, (0, 0), (0, 3)
CHANGES = {64: (2, A1), 68: (0, A1), 104: (0, D1)}
"""Change -> (the rival seat whose cube Yellow took: Blue on A5, Red on D5, Red on A5; Yellow's own place)."""
ON = RecogniserConfig(pack_set_aside_pick_back_nearest=True)
OFF = RecogniserConfig(pack_set_aside_pick_back_nearest=False)


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_on_every_cube_on_its_place(change: int) -> None:
    still = kept_change_still(PRINTING, GAME, change, PLAYERS, TILT, "day", settled=1)
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    own = CHANGES[change][1]
    assert truth.cube_location[YELLOW] == own
    obs = read_taught(still, PLAYERS, ON, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    assert obs.tops[own].covered


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_off_yellow_takes_a_rivals_cube(change: int) -> None:
    """The off control (main until session 83): Yellow on the rival's place, the rival lost, its own place a tile."""
    still = kept_change_still(PRINTING, GAME, change, PLAYERS, TILT, "day", settled=1)
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    rival, own = CHANGES[change]
    obs = read_taught(still, PLAYERS, OFF, grid=GRID)
    assert obs.cubes[YELLOW].location == truth.cube_location[rival]
    assert rival not in obs.cubes and not obs.tops[own].covered


@pytest.mark.parametrize(("config", "follows"), [(ON, True), (OFF, False)])
def test_the_tracker_follows_red_onto_a5(config: RecogniserConfig, follows: bool) -> None:
    """The tracker in step until change 103 (Purple scores from D3), then the gate's frame of 104
    (Red rolls west from B5 to A5): on, no alarm and (questions answered truly) the twin's
    history; off, "Yellow moved out of turn", as in the game."""
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    tracked = tracked_until(twin, twin.changes[103].truth_moves)
    still = kept_change_still(PRINTING, GAME, 104, PLAYERS, TILT, "day", settled=1)
    events = list(tracked.observe(StackHeights().annotate(read_taught(still, PLAYERS, config, grid=GRID))))
    if not follows:
        assert any(isinstance(e, IllegalMoveAlert) for e in events), events
        return
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    truth = truth_after(twin, twin.changes[104].truth_moves)
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
