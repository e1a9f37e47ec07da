"""A stack top in a cube's colour is not taken for that cube when a pack is taught (issue 20).

The cube net (built-in, never taught) finds a cube by its colour and plate. On a random printing a
tile may share a cube's colour: training printing 3's white sextant is a yellow-green tile with a
dark glyph, and on table 530300 (tilt 25) the net gives its stack's cube-height window
p(yellow) 0.96, more than the yellow cube itself at its rest spot (0.62, wearing a tile). The
yellow cube was put on that stack, so the stack top read "cube" in full view and the cube's own
place and top were lost. With a pack the recogniser checks the height the window's tile lies at:
it fits the stack-height window (0.95) far better than the cube-height one (0.39), so it is a
stack top. Real path: the printing drawn by the twin, taught from a rendered teach-sheet photo,
a rendered table read (the dev loop's photo and table seeds, bench/octocube_taught_tops.py).
"""

from __future__ import annotations

import pytest

from tests import scale
from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

CASES = {
    # printing 3, tilt 25: a yellow-green white sextant, p(yellow) 0.96; the yellow cube rests
    # off the grid wearing a tile (0.62 there)
    (3, 530_300): ((3, 2), "white sextant", 1),
    # printing 28, table 532802: a red dark blue sextant, p(red) 0.89 (fits 0.65 at stack height,
    # 0.18 at cube height); the red cube stands bare on (2, 1) (0.65)
    (28, 532_802): ((3, 3), "dark blue sextant", 0),
}


def _scene(printing: int, table: int) -> tuple:
    return taught_table(printing, table)


@pytest.fixture(scope="module")
def scenes() -> dict[tuple[int, int], tuple]:
    return {}


def _cached(scenes: dict[tuple[int, int], tuple], key: tuple[int, int]) -> tuple:
    if key not in scenes:
        scenes[key] = _scene(*key)
    return scenes[key]


@pytest.mark.parametrize("key", scale.cases(list(CASES)))
def test_a_tile_in_a_cubes_colour_is_read_as_a_stack_top(key: tuple[int, int],
                                                         scenes: dict[tuple[int, int], tuple]) -> None:
    pack, frame = _cached(scenes, key)
    stack, tile, seat = CASES[key]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[stack] == tile and truth.top_visibility[stack] == 1.0
    assert truth.cube_location[seat] != stack
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    top = obs.tops[stack]
    assert not top.covered, "the stack was taken for a cube"
    assert top.tile is not None and top.tile.label() == tile
    # the seat's cube is found where it is, with its top, and no other cube moved
    want_top = truth.cube_top[seat]
    got_top = obs.cubes[seat].top
    assert (got_top.label() if got_top is not None else "bare") == want_top
    for s, where in truth.cube_location.items():
        assert obs.cubes[s].location == where, s


def test_the_check_can_be_turned_off(scenes: dict[tuple[int, int], tuple]) -> None:
    """``pack_cube_not_stack_top=False`` reads as before: the net's pick stands."""
    pack, frame = _cached(scenes, (3, 530_300))
    config = RecogniserConfig(pack_cube_not_stack_top=False)
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack,
                             config=config).recognise(frame.image)
    assert obs.cubes[1].location == (3, 2)


def test_a_bare_cube_whose_side_fits_a_tile_stays_a_cube(scenes: dict[tuple[int, int], tuple]) -> None:
    """Training printing 31, table 533102 (tilt 28): the bare yellow cube on (3, 2) shows its side
    in its stack's window, which fits the taught coin tile 0.65 there and worse at cube height: by
    height alone a stack top. Its top fits the taught cube faces 0.8 at cube height: a cube."""
    pack, frame = _cached(scenes, (31, 533_102))
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[1] == (3, 2) and truth.cube_top[1] == "bare"
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    assert 1 in obs.cubes and obs.cubes[1].location == (3, 2)
    assert obs.tops[(3, 2)].covered
    for s, where in truth.cube_location.items():
        assert obs.cubes[s].location == where, s
