"""A cube wearing a tile, seen nearly straight down, found where the matcher finds its tile centred (issue 20).

Fresh whole taught game 72770 (random printing 997881, 4 players, tilt 13.6, day;
``bench/teach.py --packs 1 --first-art 997881 --octocube-games 1 --octocube-seed 72770``) was lost
at change 140: Purple placed its cube on A4 (parallax 6.6 mm between a stack's and a cube's height)
wearing a dark blue amphora turned 270. Purple's taught plastic is nearly grey (no hue ring can be
told), the cube net saw no cube there (p(none) 0.82, p(purple) 0.06), and the height test of
``_topped_cubes`` does not act under ``pack_topped_min_parallax_mm``: Purple was found nowhere, the
stack reader (tops upright only) read A4 a dark blue pearl, and the tracker offered only placements
with the cube's top face down. The players said "none of these" three times and every later scene
was an alarm. The matcher finds the amphora 0.11 of the parallax toward the stack's place (a flat
tile lies about the whole parallax off): ``pack_topped_centred_share``. Real path: the printing
drawn by the twin, taught from the bench's two rendered teach photos, the frame the stillness gate
reads (the second still frame).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import tracked_until
from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_change_still
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, GRID, TILT = 997_881, 72_770, 4, 5, 13.6
PURPLE, A4 = 3, (3, 0)
PLACED = 140
"""Purple's placement on A4, the change the game was lost at."""


@pytest.fixture(scope="module")
def placed_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art, GAME, PLACED, PLAYERS, TILT, "day", settled=1)


def test_the_scene(placed_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(placed_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[PURPLE] == A4 and truth.cube_top[PURPLE] == "dark blue amphora"
    assert truth.cube_rotation[PURPLE] == 270


def test_the_topped_cube_is_found(placed_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(placed_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(placed_frame, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)
    purple = obs.cubes[PURPLE]
    assert purple.top is not None and purple.top.label() == "dark blue amphora" and purple.rotation == 270


def test_the_placement_is_followed(placed_frame: tuple[Any, Any, Any]) -> None:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    placement = twin.changes[PLACED].text
    assert placement == ("Purple places the cube on A4 turned so that its south face is down "
                         "and its top face looks north")
    tracked = tracked_until(twin, twin.changes[PLACED - 1].truth_moves)
    events = list(tracked.observe(read_taught(placed_frame, PLAYERS, grid=GRID)))
    assert [e.text for e in events if isinstance(e, MoveConfirmed)] == [placement], events
    assert tracked.alert is None and tracked.pending is None


def test_without_the_rule_purple_is_found_nowhere(placed_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: with the centred-tile rule off, Purple's cube is not found and A4's top
    is read as a stack's, upright, as the game read it."""
    obs = read_taught(placed_frame, PLAYERS, RecogniserConfig(pack_topped_centred_share=0), grid=GRID)
    assert PURPLE not in obs.cubes
    top = obs.tops[A4].tile
    assert top is not None and top.label() == "dark blue pearl"
