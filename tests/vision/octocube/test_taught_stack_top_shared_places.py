"""A dark stack top's candidate faces are looked for where any of them was found (issue 20).

Whole taught game 72740 (random printing 997416, 4 players, tilt 10.3, evening; bench/teach.py
--octocube-games; fresh in session 53, tuning since): the printing draws the dark blue tiles as dark
glyphs on dark blue, which the evening light hardly tells apart. At change 20 ("Yellow pivots the
cube 180 degrees clockwise on A5", nothing else changes) E4 holds a dark blue starfish. The coarse
stage fit it 0.55, the sextant 0.52 and the diamond 0.51, each at a place of its own, the starfish
4-5 mm off where it lies (a dark square's best place is noise); the fine stage, searching 1 mm round
each candidate's place, fit the sextant 0.94 and the starfish only 0.87 there: E4 was read a dark
blue sextant (0.58-0.63) on all three still frames, and since nothing else had changed, "a tile left
stack E4 with no cube on it" was raised (session 53's one false alarm in 72740). At the sextant's
and the diamond's places the starfish fits 0.97. ``RecogniserConfig.pack_fine_shared_places_under``:
where the best coarse fit is under it, every candidate is looked for at every candidate's place.
Real path: the printing drawn by the twin, taught from the bench's two rendered teach photos, the
frame the stillness gate reads (the first still frame plus the film's own noise).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT = 997_416, 72_740, 20, 4, 5, 10.3
E4 = (3, 4)


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_change_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, CHANGE, PLAYERS,
                               TILT, "evening", settled=1)


def _tile(obs: Any, loc: tuple[int, int]) -> str | None:
    reading = obs.tops[loc]
    return None if reading.tile is None else reading.tile.label()


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.tops[E4] == "dark blue starfish"
    assert E4 not in truth.cube_location.values()


def test_every_uncovered_top_is_read_right(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    covered = set(truth.cube_location.values())
    read = {loc: _tile(obs, loc) for loc in truth.tops if loc not in covered}
    want = {loc: tile for loc, tile in truth.tops.items() if loc not in covered}
    assert read == want
    assert _tile(obs, E4) == "dark blue starfish"


def test_off_the_starfish_is_read_a_sextant(game_frame: tuple[Any, Any, Any]) -> None:
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_fine_low_fit=None), grid=GRID)
    assert _tile(obs, E4) == "dark blue sextant" and obs.tops[E4].confidence > 0.6
