"""A tile partly behind a cube on the teach sheet is filled with its own background, not streaks, and
is named to photograph again (issue 20; vision/teach.py ``HIDE_CUBES_FILL_BACKGROUND``,
``HIDE_CUBES_EDGE_MM``, ``HIDDEN_ASK_AGAIN``).

Random printing 997940's first teach photo (bench/teach.py's first photo seed for it) is taken from
beyond the cubes: the yellow cube hides the green amphora's lower fifth. The hidden pixels were
painted by Telea from the pixels in view round them, which carried the cube's blurred edge and the
dark seam of its shadow down over that fifth as dark streaks; the pack taught from that photo alone
read the printing's green amphoras as the green diamond (beside no cube, taught clean) or the green
pearl on 4 of its 5 bench tables (565600-565604, full view, confidence 0.39-0.55). Now the mask is
grown by 1 mm and filled with the face's background colour, and the four green faces a cube hid a
share of are named to photograph again (the app's Teach screen lists them).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

PRINTING, TABLE, WHERE = 997_940, 565_600, (4, 1)
"""The printing, the bench table (--first-art 997940 --first-table 565600: its first table) and the
stack whose green amphora top the 1-photo pack misread (as the green diamond, 0.55)."""


@pytest.fixture(scope="module")
def setting() -> tuple[Any, Any, list[tuple[str, Any]]]:
    from tests.vision.teach_photos import jpeg_teach_photos
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer

    art, renderer = random_pack(PRINTING), Renderer()
    return art, renderer, jpeg_teach_photos("octocube", art, PRINTING, renderer, count=1)


@pytest.fixture(scope="module")
def table(setting: tuple[Any, Any, list[tuple[str, Any]]]) -> Any:
    from vision.octocube.synth import synth_frame

    art, renderer, _ = setting
    return synth_frame(TABLE, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0, art=art)


def _read(pack: Any, frame: Any) -> str:
    from vision.octocube.recogniser import OctocubeRecogniser

    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    top = obs.tops[WHERE]
    return top.tile.label() if top.tile is not None else "empty"


def test_the_amphora_behind_the_cube_is_read_after_one_photo(setting: tuple[Any, Any, list[tuple[str, Any]]],
                                                            table: Any) -> None:
    """The table's green amphora at (4, 1), in full view, reads as the green amphora with the pack of
    that one photo (before: the green diamond); with the old Telea fill it still reads wrong."""
    import vision.teach as teach_module
    from vision.octocube.truth import scene_truth

    truth = scene_truth(table.ground_truth, table.grid_size, table.num_players)
    assert truth.tops[WHERE] == "green amphora" and truth.top_visibility[WHERE] > 0.95
    result = teach_module.teach("octocube", setting[2])
    assert _read(result.pack, table) == "green amphora"
    # the counterfactual: the old fill (Telea on the hull's mask as it is)
    old = pytest.MonkeyPatch()
    old.setattr(teach_module, "HIDE_CUBES_FILL_BACKGROUND", False)
    try:
        before = teach_module.teach("octocube", setting[2])
    finally:
        old.undo()
    assert _read(before.pack, table) != "green amphora"


def test_the_faces_a_cube_hid_are_named_to_photograph_again(setting: tuple[Any, Any, list[tuple[str, Any]]]) -> None:
    """The green faces beside the cubes (a share of each hidden in that photo) are learned and named
    to photograph again; the green diamond, beside no cube, and the other rows are not; a second
    photo from another side shows them whole and names none."""
    from tests.vision.teach_photos import jpeg_teach_photos
    from ui.app.teach_worker import unsure_faces
    from vision.teach import teach

    result = teach("octocube", setting[2])
    assert "green-amphora" in result.learned
    assert "green-amphora" in result.partly_hidden
    assert "green-diamond" not in result.partly_hidden
    assert all(name.startswith("green-") for name in result.partly_hidden)
    asked = dict(unsure_faces(result))
    assert "green-amphora" in asked and "cube" in asked["green-amphora"]
    art, renderer, _ = setting
    both = teach("octocube", jpeg_teach_photos("octocube", art, PRINTING, renderer, count=2))
    assert both.partly_hidden == ()


def test_a_hidden_band_takes_the_background_and_no_seam() -> None:
    """A cube over a face's lower side, with the dark seam of its shadow just outside the hull's
    mask: the band and the seam take the face's background colour (the glyph does not move it);
    the pixels further off are kept."""
    from vision.teach import _grown_hidden, _paint_over_hidden

    face = np.zeros((136, 136, 3), np.uint8)
    face[:] = (60, 140, 50)
    face[30:80, 40:100] = (20, 20, 20)  # a large glyph
    hidden = np.zeros((136, 136), bool)
    hidden[110:, :] = True
    face[hidden] = (30, 220, 220)  # the yellow cube's side
    face[106:110] = (25, 60, 25)  # its shadow's seam along the hull
    painted = _paint_over_hidden(face, _grown_hidden(hidden))
    off = np.abs(painted[104:].astype(int) - (60, 140, 50))
    assert off.max() <= 2
    assert (painted[:100] == face[:100]).all()


def test_the_teach_command_names_the_partly_hidden_faces(setting: tuple[Any, Any, list[tuple[str, Any]]],
                                                         tmp_path: Any) -> None:
    """``tablesight teach`` on that photo: the words name the green amphora as partly hidden (with
    what to do), ``--json`` lists it under ``partly_hidden``, and the pack is written all the same."""
    import json

    import cv2

    from tests.cli_inprocess import run_cli

    photo = tmp_path / "teach.jpg"
    assert cv2.imwrite(str(photo), setting[2][0][1])
    words = run_cli("teach", "octocube", str(photo), "--out", str(tmp_path / "copy.pack"))
    assert words.returncode == 0, words.stderr
    line = next(ln for ln in words.stdout.splitlines() if ln.startswith("partly hidden"))
    assert "green-amphora" in line and "other side" in line
    assert (tmp_path / "copy.pack").exists()
    res = run_cli("teach", "octocube", str(photo), "--out", str(tmp_path / "again.pack"), "--json")
    assert res.returncode == 0, res.stderr
    assert "green-amphora" in json.loads(res.stdout)["partly_hidden"]


def test_the_hidden_share_is_taken_over_the_square_the_reader_compares() -> None:
    """Teaching (generic) cannot import the Octocube reader; its copy of the compared square must
    stay the reader's."""
    from vision.octocube.pack_reader import INNER_MM
    from vision.teach import HIDDEN_INNER_MM

    assert HIDDEN_INNER_MM == INNER_MM
