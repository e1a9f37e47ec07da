"""A cube top's candidates are weighed in one quarter turn at a time (issue 20).

Random printing 997628 (one of the lead's fresh printings; bench/teach.py's photos and table
520803 of ``--packs 10 --first-art 997620``) draws the dark blue tiles navy with a small black
letter for a glyph: the amphora a "G", the pearl a "V". Blue's cube on (3, 4) wears the dark blue
amphora turned 270, its top about 0.8 px/mm in the frame. The fine stage picks among the tiles by
the fine fit plus half the tile's fit inset on the seat's bare face
(``pack_cube_fine_coarse_weight``); turned 270 the amphora leads the pearl in both (fine 0.979 /
0.974, inset 0.611 / 0.605), but the pearl's best inset fit lay in another turn (0.622 turned 0;
0.687 turned 90 in the table's colours from two photos), and added to its fine fit turned 270 it
won: the top was read the pearl from one photo and from two. The tile lies in one turn, so each
candidate counts both fits in the same turn (``pack_cube_fine_same_turn``). Real path: the printing
drawn by the twin, taught from its rendered teach photos, the rendered table read.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import read_taught_table
from tests.vision.teach_photos import taught_pack
from vision.octocube.config import RecogniserConfig
from vision.octocube.synth import synth_frame
from vision.octocube.truth import scene_truth
from vision.render.random_art import random_pack
from vision.render.renderer import Renderer

PRINTING, TABLE = 997_628, 520_803
BLUE = 2


@pytest.fixture(scope="module", params=[1, 2], ids=["1 photo", "2 photos"])
def scene(request: pytest.FixtureRequest) -> tuple:
    renderer, art = Renderer(), random_pack(PRINTING)
    pack = taught_pack("octocube", art, PRINTING, "random", renderer, count=request.param)
    return pack, synth_frame(TABLE, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0, art=art)


def _tops(scene: tuple, config: RecogniserConfig | None = None) -> tuple[dict[int, str], dict[int, str], dict]:
    _, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    obs = read_taught_table(scene, config)
    for seat, where in truth.cube_location.items():
        assert obs.cubes[seat].location == where, seat
    got = {s: (c.top.label() if c.top is not None else "bare") for s, c in obs.cubes.items()}
    return got, dict(truth.cube_top), obs.cubes


def test_a_faint_letter_is_weighed_in_the_turn_it_lies(scene: tuple) -> None:
    got, want, cubes = _tops(scene)
    assert want[BLUE] == "dark blue amphora"
    assert got == want
    assert cubes[BLUE].rotation == 270  # the true turn
    assert cubes[BLUE].confidence < 0.5  # a faint letter: the reading stays doubtful


def test_fits_from_different_turns_added_read_the_pearl(scene: tuple) -> None:
    """The cause, pinned: each candidate's best fine turn plus its best inset turn, whatever they are."""
    got, want, _ = _tops(scene, RecogniserConfig(pack_cube_fine_same_turn=False))
    assert got[BLUE] == "dark blue pearl"
    assert {s: g for s, g in got.items() if s != BLUE} == {s: w for s, w in want.items() if s != BLUE}
