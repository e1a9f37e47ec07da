"""The shade cue turns a taught stack top only into a shade whose face fits it (issue 20).

The shade cue (vision/octocube/shade_cue.py) reads a top's shade from its background colour, as if
a printing's four shades differed by their background alone. Random printing 996985 (a bench
tuning printing, bench/teach.py's photo and table 520500 of ``--packs 10 --first-art 996980``)
draws its green tiles' glyphs light on dark: the green pearl is a white blob on purple, the white
pearl a dark blob on pale pink. A white pearl at (0, 3) lies darker than the table's other white
tops (its background 0.6 as bright), and its mapped background came nearer the green than the
white: it was read green pearl with confidence 0.96 in full view, though the white pearl fit it
0.96 and the green pearl was not among its best five faces. A correction now needs the new face
to fit the window within ``pack_shade_coarse_margin`` of the read one. Real path: the printing
drawn by the twin, taught from one rendered teach photo, the rendered table read.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

PRINTING, TABLE, STACK = 996_985, 520_500, (0, 3)


@pytest.fixture(scope="module")
def scene() -> tuple:
    return taught_table(PRINTING, TABLE)


def _read(scene: tuple, config: RecogniserConfig | None = None) -> str:
    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[STACK] == "white pearl" and truth.top_visibility[STACK] == 1.0
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack,
                             config=config).recognise(frame.image)
    top = obs.tops[STACK]
    assert not top.covered and top.tile is not None
    return top.tile.label()


def test_a_white_pearl_is_not_turned_into_a_green_pearl_drawn_light_on_dark(scene: tuple) -> None:
    assert _read(scene) == "white pearl"


def test_the_cue_alone_would_turn_it(scene: tuple) -> None:
    """The cause, pinned: with no coarse margin the background alone, compared in full light,
    turns it green."""
    assert _read(scene, RecogniserConfig(pack_shade_coarse_margin=10.0, pack_shade_shadow=1.0)) == "green pearl"


def test_the_cue_allowing_for_shade_keeps_it_white(scene: tuple) -> None:
    """A top darker than the table's others (0.6 as bright) is what a shadow gives: with the shades
    compared as dark as fits them (``pack_shade_shadow``, session 40), the cue alone keeps it
    white too."""
    assert _read(scene, RecogniserConfig(pack_shade_coarse_margin=10.0)) == "white pearl"
