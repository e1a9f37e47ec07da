"""A taught printing's cube at the far edge, read where it stands, not one window in front
(``RecogniserConfig.pack_cube_bare_behind_lead``, ``OctocubeRecogniser._bare_cube_elsewhere``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig

PRINTING, GAME, PLAYERS, TILT, LIGHT = 997424, 72748, 3, 9.1, "lamp"
BLUE = 2


@pytest.fixture(scope="module")
def placed_on_b5(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, object, object]:
    """Fresh whole taught game 72748, change 2's gate frame: Blue placed bare on B5 (the far edge)."""
    art = Path(tmp_path_factory.mktemp("art")) / f"art{PRINTING}"
    return taught_change_still(PRINTING, art, GAME, 2, PLAYERS, TILT, LIGHT, settled=1)


def test_a_bare_cube_at_the_far_edge_is_read_on_its_own_space_not_the_one_in_front(
        placed_on_b5: tuple[object, object, object]) -> None:
    """The net sees no cube in B5's window (p(blue) 0.17) but blue in B4's (0.59: the cube's near
    side), where a dark blue sextant lies; B5 fits Blue's taught bare face 0.80 with a lead of 0.52.
    Blue was read on B4 and the game lost at move 3; off, it still is."""
    truth = placed_on_b5[1].ground_truth  # type: ignore[attr-defined]
    obs = read_taught(placed_on_b5, PLAYERS)
    assert obs.cubes[BLUE].location == (4, 1)  # main: (3, 1)
    assert {s: c.location for s, c in obs.cubes.items()} == {0: (0, 1), 1: (0, 3), 2: (4, 1)}
    assert truth["phase"] == "still"
    # the flat tile's offset test off too: since session 66 it finds B4's dark blue sextant
    # shifted toward its stack's place (``pack_cube_stack_top_offset_share``)
    off = RecogniserConfig(pack_cube_bare_behind_lead=0.0, pack_cube_stack_top_offset_share=0.0)
    assert read_taught(placed_on_b5, PLAYERS, config=off).cubes[BLUE].location == (3, 1)  # main: no such setting
