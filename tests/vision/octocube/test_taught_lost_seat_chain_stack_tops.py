"""The lost-seat chain names no window that shows a stack top: a tile drawn in a seat's plastic
colour names that seat nearly as plainly as its cube (issue 20).

Seen printing 997847 (``bench/teach.py --first-art 997840 --first-table 554000``), table 554703,
pack from two photos: Purple's cube on (1, 0) wears a light blue starfish and the net reads it
p(red) 0.96, above Red's own cube on (4, 4) (0.96 too, a little less): Red took (1, 0), Purple took
Blue's cube on (1, 1) (p(purple) 0.89) and Blue was lost. Each band names its own seat (Purple's
0.038, Blue's 0.069, Red's 0.106 from its plastic), but three purple stack tops the net sees as
cubes (p(none) 0.08-0.46) are named Purple too, 0.077-0.19 from its plastic, so no window was
plainly Purple's and the chain gave up: three cubes misplaced or lost.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

BLUE = 2


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_847, 554_703, photos=2)


def test_every_cube_where_it_is(scene: tuple[Any, Any]) -> None:
    truth = scene_truth(scene[1].ground_truth, scene[1].grid_size, scene[1].num_players)
    obs = read_taught_table(scene)
    assert_every_cube_where_it_is(obs, truth)
    top = obs.cubes[BLUE].top
    assert top is not None and top.label() == truth.cube_top[BLUE] == "dark blue starfish"


def test_with_stack_tops_named_blue_is_lost(scene: tuple[Any, Any]) -> None:
    """The cause pinned: the chain naming stack tops too gives up, and Blue is found nowhere."""
    obs = read_taught_table(scene, RecogniserConfig(pack_lost_seat_skip_stack_tops=False))
    assert BLUE not in obs.cubes
