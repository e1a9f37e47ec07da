"""A bare cube's plate is not read as a tile whose middle looks like it (issue 20).

Random printing 997603 (one of the lead's fresh printings; bench/teach.py's photos and table
520303 of ``--packs 18 --first-art 997600``): the printing draws the light blue tiles olive, a
round glyph in the middle; Yellow's cube, bare and at rest in its player's area, shows a bright
yellow plate with a dot in the middle. The coarse stage compares a face's middle 26 mm with
brightness and contrast dropped: the light blue amphora fit the plate 0.87, the seat's own taught
bare face 0.84, and the fine stage (which picks among tiles only) read a light blue sextant, from
one photo and from two. Over the cube's whole face (``CUBE_FACE_COMPARED_MM``) the bare face fits
0.80-0.81 and every candidate tile inset on it 0.49-0.50: a tile on a cube ends inside its rim,
a bare plate does not (``pack_cube_bare_on_cube_lead``). Real path: the printing drawn by the twin,
taught from one rendered teach photo, the rendered table read.
"""

from __future__ import annotations

import pytest

from tests.vision.octocube.taught_table import read_cube_tops, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, TABLE = 997_603, 520_303
YELLOW = 1


@pytest.fixture(scope="module")
def scene() -> tuple:
    return taught_table(PRINTING, TABLE)


def test_a_bare_plate_like_a_tiles_middle_is_read_bare(scene: tuple) -> None:
    _, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_location[YELLOW] is None  # at rest in its player's area
    got, want, _ = read_cube_tops(scene)
    assert want[YELLOW] == "bare" and "dark blue pearl" in want.values()
    assert got == want  # the worn pearl stays a tile


def test_compared_over_its_middle_only_the_plate_reads_as_a_tile(scene: tuple) -> None:
    """The cause, pinned: with the whole-face comparison off, Yellow's bare plate is a light blue tile."""
    got, want, _ = read_cube_tops(scene, RecogniserConfig(pack_cube_bare_on_cube_lead=0.0))
    assert got[YELLOW].startswith("light blue")
    assert {s: g for s, g in got.items() if s != YELLOW} == {s: w for s, w in want.items() if s != YELLOW}


def test_a_pale_tile_whose_whole_face_fits_like_the_plate_stays_a_tile() -> None:
    """The lead asked of the bare face over the whole face keeps a worn tile that looks like the
    plate: development printing 997544 (table 522401 of ``--packs 40 --first-art 997520``, pack
    from two photos), Red's cube wearing a light blue pearl (0.83) that its own bare face fits
    nearly as well (0.80); over the whole face the bare face fits 0.85, the pearl inset on it 0.83."""
    scene = taught_table(997_544, 522_401, photos=2)
    got, want, _ = read_cube_tops(scene)
    assert want[0] == "light blue pearl" and got == want
    tight, _, _ = read_cube_tops(scene, RecogniserConfig(pack_cube_bare_on_cube_lead=0.01))
    assert tight[0] == "bare"  # without the lead the pearl would be read as the plate
