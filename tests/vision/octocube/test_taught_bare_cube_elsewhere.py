"""A tile in a cube's colour seen from nearly straight down is not taken for that cube when the
real cube shows its bare face elsewhere (issue 20).

Random printing 996994 (a bench tuning printing, bench/teach.py's photos and tables of ``--packs 6
--first-art 996990``) draws its green tiles crimson with a green dot. The cube net (built-in,
never taught) gives them p(red) 0.95-0.99, as much as the real red cube (0.94-0.97). On tables
520403 (tilt 12) and 520404 (tilt 2) it picked a green tile for the red cube: the stack top read
"cube" in full view and the red cube was lost. Seen so nearly from above (parallax 1-6 mm) the
height test (``_shows_stack_top``, 9 mm and up) cannot tell a tile on a stack from a tile on a cube.
The taught faces can: the picked window fits a taught tile and no bare cube face (<= 0.17), the
real cube's window, where the net also finds red first, fits the taught bare faces 0.89-0.94.
Real path: the printing drawn by the twin, taught from one rendered teach photo, a rendered table
read.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

PRINTING = 996_994
CASES = {
    # tilt 11.6: green starfish at (4, 2), p(red) 0.976; the red cube bare on (2, 0), 0.972
    520_403: ((4, 2), "green starfish", 0),
    # tilt 2.2: green sextant at (2, 3), p(red) 0.989; the red cube bare on (3, 1), 0.941
    520_404: ((2, 3), "green sextant", 0),
}


@pytest.fixture(scope="module")
def scenes() -> dict[int, tuple]:
    return {}


def _cached(scenes: dict[int, tuple], table: int) -> tuple:
    if table not in scenes:
        scenes[table] = taught_table(PRINTING, table)
    return scenes[table]


def _read(scene: tuple, config: RecogniserConfig | None = None) -> tuple:
    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack,
                             config=config).recognise(frame.image)
    return truth, obs


@pytest.mark.parametrize("table", list(CASES))
def test_the_tile_is_a_stack_top_and_the_bare_cube_is_found(table: int, scenes: dict[int, tuple]) -> None:
    stack, tile, seat = CASES[table]
    truth, obs = _read(_cached(scenes, table))
    assert truth.tops[stack] == tile and truth.top_visibility[stack] == 1.0
    assert truth.cube_location[seat] != stack and truth.cube_top[seat] == "bare"
    top = obs.tops[stack]
    assert not top.covered, "the stack was taken for a cube"
    assert top.tile is not None and top.tile.label() == tile
    for s, where in truth.cube_location.items():
        assert s in obs.cubes and obs.cubes[s].location == where, s
    assert obs.cubes[seat].top is None


@pytest.mark.parametrize("table", list(CASES))
def test_without_the_check_the_net_takes_the_tile(table: int, scenes: dict[int, tuple]) -> None:
    """The cause, pinned: ``pack_cube_bare_elsewhere=False`` reads as before, the tile is the cube
    (with the flat tile's offset test off too: since session 66 it finds 520403's tile, at a 6 mm
    parallax, shifted toward its stack's place, ``pack_cube_stack_top_offset_share``; and the mat
    band round the window's centre: since session 78 the band round each tile where the matcher
    found it shows the mat on two sides or more, ``pack_cube_mat_band_at_tile``)."""
    stack, _, seat = CASES[table]
    _, obs = _read(_cached(scenes, table), RecogniserConfig(pack_cube_bare_elsewhere=False,
                                                             pack_cube_stack_top_offset_share=0.0,
                                                             pack_cube_mat_band_at_tile=False))
    assert obs.tops[stack].covered
    assert obs.cubes[seat].location == stack


def test_another_seats_bare_cube_is_not_taken() -> None:
    """Random printing 996990, table 520003 (tilt 12): the purple cube wears a green diamond (the
    net's pick for purple, 0.99, fits that tile and no bare face); the blue cube stands bare on
    (0, 3), where the net sees purple first (0.66, blue 0.13). Its plate fits the taught bare faces,
    but its rim says blue: cube-blue 0.91, cube-purple 0.34 less. A first version of the check that
    asked only for some taught bare face there moved the purple cube onto the blue one and lost
    the blue cube."""
    pack, frame = taught_table(996_990, 520_003)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[3] == (3, 1) and truth.cube_top[3] == "green diamond"
    assert truth.cube_location[2] == (0, 3) and truth.cube_top[2] == "bare"
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    for s, where in truth.cube_location.items():
        assert s in obs.cubes and obs.cubes[s].location == where, s


def test_a_window_with_plainly_less_of_the_colour_is_not_taken() -> None:
    """Random printing 997301, table 520101 (found on the fresh set of session 32, after the check
    was measured there): the yellow cube's own window is the net's pick (0.94) and fits a taught tile
    best; the red cube's bare plate at (0, 3) is yellow to the net (0.58) and its rim not told from
    yellow by the taught faces. The check moved the yellow cube onto the red one and lost both. A
    window with plainly less of the colour than the pick (``pack_cube_elsewhere_p_drop``) is not
    taken."""
    pack, frame = taught_table(997_301, 520_101)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[0] == (0, 3) and truth.cube_location[1] == (4, 2)
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    for s, where in truth.cube_location.items():
        assert s in obs.cubes and obs.cubes[s].location == where, s
