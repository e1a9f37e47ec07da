"""A lost seat's chain goes on through a cube wearing a tile in its own hue (issue 20).

Fresh taught game 72779 (random printing 998160, 4 players, tilt 25.3, day; bench/teach.py
--octocube-games, 2-photo pack), change 131: Red rolls east from B3 to C3. Blue's cube stands
bare-sided on D1 in a blue the net barely tells from the mat (p(none) 0.66, p(blue) 0.27), its
cube-edge band 0.07 from Blue's taught plastic. Purple's cube on D3 wears a coin; the net reads it
p(blue) 0.64, p(purple) 0.27, so Blue, the surer seat, took it and Purple was found nowhere. The
lost-seat chain went from Purple to D3 (its band names Purple) and on to Blue, whose own window
D1 it never named (p(none) over ``pack_lost_seat_max_none``): no chain, Purple lost and Blue on D3
in this scene and the next two, "Blue moved out of turn" twice, the game's last four moves not
followed and its scores unequal (session 70). Naming the windows where the net sees a cube's
colour faintly (``pack_lost_seat_own_hue_windows``) ends the chain on D1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tracker.octocube_helpers import tracked_until
from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from tracker.octocube.stack_heights import StackHeights
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, TILT = 998_160, 72_779, 4, 25.3
CHANGE = 131
BLUE, PURPLE = 2, 3
D1, D3 = (0, 3), (2, 3)


@pytest.fixture(scope="module")
def still(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    """Change 131's frame the stillness gate reads."""
    art: Path = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art, GAME, CHANGE, PLAYERS, TILT, "day", settled=1)


def test_every_cube_is_found_where_it_stands(still: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(still[1].ground_truth, 5, PLAYERS)
    assert truth.cube_location[BLUE] == D1 and truth.cube_location[PURPLE] == D3
    assert_every_cube_where_it_is(read_taught(still, PLAYERS), truth)


def test_without_it_blue_takes_purples_cube_and_purple_is_lost(still: tuple[Any, Any, Any]) -> None:
    """The cause pinned: the chain stops at Blue, whose window D1 is named for no seat."""
    off = read_taught(still, PLAYERS, RecogniserConfig(pack_lost_seat_own_hue_windows=False))
    assert off.cubes[BLUE].location == D3 and PURPLE not in off.cubes


def test_the_tracker_follows_the_roll(still: tuple[Any, Any, Any]) -> None:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[CHANGE].text.startswith("Red rolls east from B3 to C3")
    tracked = tracked_until(twin, twin.changes[CHANGE - 1].truth_moves)  # (moves made by then)
    events = list(tracked.observe(StackHeights().annotate(read_taught(still, PLAYERS))))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert any(isinstance(e, MoveConfirmed) for e in events), events
    assert tracked.state.history == twin.truth.history[:twin.changes[CHANGE].truth_moves]
