"""A cube wearing a tile is not set aside as a stack top because its side wears another (issue 20).

With a pack, a window where the cube net sees a seat's colour is checked for a taught tile lying
at a stack's height (``OctocubeRecogniser._shows_stack_top``: a tile in a cube's colour is not a
cube). Under a steep tilt the stack-height window of a location with a cube on it shows the
cube's near side, and in Octocube a cube's sides wear the tiles it has collected. Whole taught game
72485 (random printing 997321, 4 players, tilt 34.6, lamp light; bench/teach.py --octocube-games):
the red cube on C4 wears a dark blue amphora on top and a light blue tile on its near side; the
side fits a taught light blue tile 0.63 in the stack-height window, that tile fits the
cube-height window far worse, so the cube was set aside: not found in full view, the tracker asked
what Red did, the players answered "none of these" and the game derailed. The cube-height window
fits the top's own tile as well (0.64): a cube wearing a tile. Real path: the printing drawn by the
twin, taught from the bench's two rendered teach photos, the game's own film frame.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_game_frame, read_taught
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME = 997_321, 72_485, 107
"""The bench's printing and game (tilt 34.6, lamp, 4 players), the still frame after change 14."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_frame(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, 4, 34.6, "lamp")


def test_a_cube_wearing_tiles_on_top_and_side_is_found(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    truth = scene_truth(frame.ground_truth, 5, 4)
    assert frame.ground_truth["phase"] == "still"
    assert truth.cube_location[0] == (3, 2) and truth.cube_top[0] == "dark blue amphora"
    assert truth.cube_visibility[0] == 1.0
    obs = read_taught(game_frame, 4)
    red = obs.cubes.get(0)
    assert red is not None and red.location == (3, 2), "the red cube was not found in full view"
    assert red.top is not None and red.top.label() == "dark blue amphora"
    assert obs.tops[(3, 2)].covered
    for seat, where in truth.cube_location.items():
        assert obs.cubes[seat].location == where, seat


def test_the_height_test_alone_sets_the_cube_aside(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: without the cube-height fit of the top's own tile, the red cube is lost
    (with the lost-seat chain off too: ``pack_lost_seat_rim_margin`` finds it on (3, 2) as well)."""
    obs = read_taught(game_frame, 4, RecogniserConfig(pack_cube_topped_not_stack_top=False,
                                                      pack_lost_seat_rim_margin=0.0))
    red = obs.cubes.get(0)
    assert red is None or red.location != (3, 2)


def test_the_cube_hides_the_flat_top_its_window_lies_over(game_frame: tuple[Any, Any, Any]) -> None:
    """``pack_cube_topped_not_flat_behind`` is asked here and keeps the exception by the geometry:
    the red cube's cube-height window on C4 lies over D4's stack-height window (the neighbour behind
    at this tilt) at least ``pack_cube_topped_behind_overlap``, but the cube hides most of D4's top
    (the twin's visible share 0.30), so D4 shows no flat top (its best tile under
    ``pack_cube_stack_top_score``) and the cube is kept (the first test); session 77, 72821's rule
    by the windows' places in the image."""
    pack, frame, camera = game_frame
    reader = OctocubeRecogniser(5, 4, camera, pack=pack)
    reader.recognise(frame.image)
    locs = reader.layout.stack_locations
    c4, d4 = locs.index((3, 2)), locs.index((3, 3))
    assert reader._behind[c4] == d4
    assert reader._behind_overlap[c4] >= reader.config.pack_cube_topped_behind_overlap
    truth = scene_truth(frame.ground_truth, 5, 4)
    assert (3, 3) not in truth.cube_location.values() and truth.tops[(3, 3)] == "white pearl"
    assert truth.top_visibility[(3, 3)] < 0.5, "the red cube hides most of D4's top"
    stacks, windows = _windows(reader, frame.image)
    assert not reader._leans_on_flat_top(windows, stacks, c4, _tiles(reader))


def _windows(reader: OctocubeRecogniser, image: Any) -> tuple[Any, Any]:
    """(the stack-height windows, the cube-height windows) as the reader samples them."""
    from vision.octocube.colour import apply_gains
    from vision.octocube.geometry import sample_patches

    patches = apply_gains(sample_patches(image, reader._maps), reader._mat.gains(image))
    n = len(reader.layout.stacks)
    return patches[:n], patches[n:n + len(reader.layout.cubes)]


def _tiles(reader: OctocubeRecogniser) -> list[str]:
    from vision.octocube.layout import TILE_LABELS

    assert reader._cube_matcher is not None
    return [lb for lb in reader._cube_matcher.labels if lb in TILE_LABELS]
