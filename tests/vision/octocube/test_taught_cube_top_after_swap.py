"""Two cubes that change seats by their taught colours keep their own top windows (issue 20).

Random printing 997992, bench table 570603 (bench/teach.py --first-art 997986 --first-table
570000, 2 photos): the cube net gives Purple's seat the cube on (1, 3) and Blue's the one on
(4, 0); the rims against the taught plastic swap them (``pack_cube_colour_swap``). The swap
moved each seat's coarse window and its first face fits, but not the index the fine stage
samples the frame by, so Blue's top was read again in the teach sheet's colours with its own
coarse window (the dark blue pearl 0.908, the diamond 0.768) and Purple's fine window (a dark
blue starfish): there the diamond fit 0.903 turned 180 against the pearl's 0.608, and Blue's
pearl was read a dark blue diamond (0.87). Real path: the printing drawn by the twin, taught
from the bench's two rendered teach photos, the bench's own table.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_cube_tops, taught_table
from vision.octocube.config import RecogniserConfig

PRINTING, TABLE = 997_992, 570_603
BLUE, PURPLE = 2, 3


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE, photos=2)


def test_a_swapped_cube_reads_its_own_top(scene: tuple[Any, Any]) -> None:
    got, want, _ = read_cube_tops(scene)
    assert want[BLUE] == "dark blue pearl" and want[PURPLE] == "dark blue starfish"
    assert got == want


def test_the_net_alone_gives_the_two_cubes_the_other_seats(scene: tuple[Any, Any]) -> None:
    """The swap is what this frame exercises: without it the net seats the pearl's cube Purple."""
    from vision.octocube.recogniser import OctocubeRecogniser

    pack, frame = scene
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack,
                             config=RecogniserConfig(pack_cube_colour_swap=0.0)).recognise(frame.image)
    assert obs.cubes[PURPLE].location == (1, 3) and obs.cubes[BLUE].location == (4, 0)
