"""Each quarter turn of a taught cube top is compared (fine stage) at every place where any turn's
inset search found the tile too, its best fit counting (``RecogniserConfig.pack_cube_fine_turn_every_place``).

Seen taught game 72789 (printing 998172, 2 players, tilt 30.9, evening; bench/teach.py
--octocube-games), changes 213-214: Red's cube on C2 wears its dark blue pearl (a "6" below the
tile's centre) turned 180. Within ``pack_cube_fine_turn_search_mm`` the turned-180 inset search
still landed about 4 mm off the cube's face (+5, -1 mm; fine fit 0.905), beyond the fine stage's
own 3 mm search, while turned 90 it landed on the face (+1, -1), where turned 180 fits 0.967
against 90's 0.942: the pearl was read 90. Real path: the printing drawn by the twin, taught from
the bench's two rendered teach photos, the frames the stillness gate reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, TILT, LIGHT, GRID = 998_172, 72_789, 2, 30.9, "evening", 4
RED, C2 = 0, (1, 2)
CHANGES = (213, 214)


@pytest.fixture(scope="module")
def stills(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[Any, Any, Any]]:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {c: taught_change_still(PRINTING, art, GAME, c, PLAYERS, TILT, LIGHT, settled=1) for c in CHANGES}


def _red(still: tuple[Any, Any, Any], config: RecogniserConfig | None = None) -> Any:
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == C2 and truth.cube_top[RED] == "dark blue pearl"
    assert truth.cube_rotation[RED] == 180
    red = read_taught(still, PLAYERS, config, grid=GRID).cubes[RED]
    assert red.location == C2 and red.top is not None and red.top.label() == "dark blue pearl", red
    return red


@pytest.mark.parametrize("change", CHANGES)
def test_the_pearl_is_read_at_its_true_turn(stills: dict[int, tuple[Any, Any, Any]], change: int) -> None:
    config = RecogniserConfig()
    assert config.pack_cube_fine_turn_every_place and config.pack_cube_turn_tie_at_own_place  # the defaults
    red = _red(stills[change], config)
    assert red.rotation == 180, red
    # the turn alone over the inference's margin: a pivot to or from it would be weighed so
    assert red.turn_alone_confidence is not None and red.turn_alone_confidence > 0.5


@pytest.mark.parametrize("change", CHANGES)
def test_off_each_turn_at_its_own_place_reads_it_90(stills: dict[int, tuple[Any, Any, Any]], change: int) -> None:
    """The cause pinned: each turn compared only where its own search landed (the default until
    session 74): 90."""
    red = _red(stills[change], RecogniserConfig(pack_cube_fine_turn_every_place=False))
    assert red.rotation == 90, red
