"""A cube standing on the teach sheet in front of part of a tile is not taught as part of that tile
(issue 20; vision/teach.py ``HIDE_CUBES``).

The four cubes stand on the teach sheet's last row, 11 mm below the green tiles. In a tilted
photo taken from beyond them each cube leans over the tile behind it: random printing 997545's
first teach photo (bench/teach.py's first photo seed for it) shows a cube's side over the lower
third of the green starfish, amphora, sextant and pearl. Taught so, those four faces held a red,
yellow, blue or purple block the tiles on a table never show, and the pack taught from that photo
alone read the fresh set's green tops as the one clean green face, the diamond (11 tops of the
printing's 5 bench tables; table 520502: two starfish, a pearl and a sextant). The pixels inside
the cubes' projected hulls are now painted over from the face's pixels in view (or, with a second
photo that shows them, taken from that photo's view of the face).
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from tests.vision.test_teach_shadow import _cut as _tile_cut
from vision.teach import teach

PRINTING, TABLE = 997_545, 520_502
"""The fresh set's printing whose first teach photo shows the cubes over the green tiles, and the
bench's table of it (bench/teach.py --first-art 997540: the sixth printing's third table)."""
BEHIND_CUBES = ("green-starfish", "green-amphora", "green-sextant", "green-pearl")
CUBE_COLOURS = ("red", "yellow", "blue", "purple")


@pytest.fixture(scope="module")
def photo() -> tuple[Any, np.ndarray]:
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer
    from vision.render.teach_photos import render_teach_photo

    art = random_pack(PRINTING)
    raw = render_teach_photo("octocube", art, 7_000_000 + 10 * PRINTING, Renderer())[0]
    jpeg = cv2.imdecode(cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
    return art, np.asarray(jpeg)


@pytest.fixture(scope="module")
def pack(photo: tuple[Any, np.ndarray]) -> Any:
    return teach("octocube", [("teach0.jpg", photo[1])]).pack


def _cube_coloured_share(face: np.ndarray, rims: list[np.ndarray]) -> float:
    """Share of ``face``'s pixels within 40 (BGR distance) of one of the cubes' plastic colours."""
    f = face.astype(np.float32)
    near = np.min([np.linalg.norm(f - rim, axis=2) for rim in rims], axis=0)
    return float((near < 40.0).mean())


def _rims(pack: Any) -> list[np.ndarray]:
    """Each taught cube face's plastic: the median of its outer 3 mm (of 40)."""
    rims = []
    for colour in CUBE_COLOURS:
        face = np.asarray(pack.faces[f"cube-{colour}"])[0]
        h = face.shape[0]
        b = int(h * 3 / 40)
        ring = np.ones(face.shape[:2], bool)
        ring[b:h - b, b:h - b] = False
        rims.append(np.median(face[ring].astype(np.float32), axis=0))
    return rims


def test_the_cubes_hide_the_green_tiles_in_that_photo(photo: tuple[Any, np.ndarray]) -> None:
    """The cubes' hulls (each place's square grown 2.5 mm, from the sheet to 40 mm up) cover part
    of each green tile beside them, and nothing of the rows further off."""
    from calibration.teach_sheet import cut_places, locate_sheet, sheet_layout
    from vision.teach import _cube_hulls, _hidden_by_cubes

    image = photo[1]
    location = locate_sheet(image, "octocube")
    hidden = _hidden_by_cubes(image.shape, _cube_hulls(location, sheet_layout("octocube")))
    assert hidden is not None
    shares = {n: float((m > 0).mean()) for n, m in cut_places(hidden, location, 4.0, 0.0).items()}
    for name in BEHIND_CUBES:
        assert 0.1 < shares[name] < 0.6, (name, shares[name])
    for name, share in shares.items():
        if not name.startswith(("green-", "cube-", "abyss-G", "abyss-H", "abyss-I")):
            assert share == 0.0, name


def test_no_cube_side_is_taught_as_a_tile(pack: Any) -> None:
    """The four green faces beside the cubes hold no pixel of a cube's colour (before: 6.7-8.5 %
    of each, a block along its lower side)."""
    rims = _rims(pack)
    for name in BEHIND_CUBES:
        share = _cube_coloured_share(np.asarray(pack.faces[name])[0], rims)
        assert share < 0.01, (name, share)


def test_a_pack_from_that_photo_reads_the_green_tops(photo: tuple[Any, np.ndarray], pack: Any) -> None:
    """Through the recogniser: table 520502 of the printing read with the pack of that one photo.
    Before: two green starfish, a green pearl and a green sextant read as the green diamond; every
    top in view right now."""
    from vision.octocube.layout import CUBE, EMPTY
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.synth import synth_frame
    from vision.octocube.truth import scene_truth
    from vision.render.renderer import Renderer

    frame = synth_frame(TABLE, Renderer(), turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0,
                        art=photo[0])
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    read = {loc: r.tile.label() if r.tile is not None else EMPTY for loc, r in obs.tops.items()
            if not r.covered and truth.tops.get(loc, CUBE) != CUBE}
    assert sum(truth.tops[loc].startswith("green ") for loc in read) >= 4
    assert {loc: got for loc, got in read.items() if got != truth.tops[loc]} == {}


def test_hidden_pixels_are_painted_from_the_face() -> None:
    """A red block over a green face's lower side is painted in the face's own colours."""
    from vision.teach import _paint_over_hidden

    face = np.zeros((136, 136, 3), np.uint8)
    face[:] = (60, 140, 50)
    face[50:80, 50:80] = (20, 20, 20)
    hidden = np.zeros((136, 136), bool)
    hidden[100:, 20:90] = True
    face[hidden] = (30, 30, 220)
    painted = _paint_over_hidden(face, hidden)
    off = np.abs(painted[hidden].astype(int) - (60, 140, 50))
    assert off.max() <= 10 and float(np.median(off)) <= 2
    assert (painted[~hidden] == face[~hidden]).all()


def test_hidden_pixels_are_taken_from_a_view_that_shows_them() -> None:
    """With a second photo's view that shows them, the hidden pixels are taken from it (its colours
    brought to this view's by the pixels both show), glyph and all."""
    from vision.teach import _fill_from_other_views, _paint_over_hidden

    true = np.zeros((136, 136, 3), np.uint8)
    true[:] = (60, 140, 50)
    true[90:120, 40:70] = (20, 20, 20)  # a glyph's stroke the cube hides in the first photo
    hidden = np.zeros((136, 136), bool)
    hidden[100:, 20:90] = True
    first = true.copy()
    first[hidden] = (30, 30, 220)
    second = np.clip(true.astype(np.float32) * 0.8, 0, 255).astype(np.uint8)  # a dimmer photo
    filled, kept = _fill_from_other_views([_paint_over_hidden(first, hidden), second], [hidden, None])
    assert np.abs(filled.astype(int) - true.astype(int)).max() <= 3
    assert (kept == second).all()


def test_a_cube_in_the_ring_is_no_shadow() -> None:
    """A cube's grey metal plate in front of the ring's lower side darkens every channel alike, as
    a shadow does; behind the cube the ring's paper is not read, and the tile is not relit. A
    shadow beside it in the ring's paper in view still is."""
    from vision.teach import _ring_shading

    cut = _tile_cut()
    cut[130:, 20:150] = (110.0, 110.0, 112.0)  # the plate over the tile's lower side and the ring
    hidden = np.zeros((168, 168), bool)
    hidden[128:, 18:152] = True
    image = np.clip(cut, 0, 255).astype(np.uint8)
    assert _ring_shading(image, 8) is not None  # read as a shadow across the tile's lower part
    assert _ring_shading(image, 8, hidden) is None
    shadowed = cut.copy()
    shadowed[:, :40] *= 0.6  # a shadow down the left side, in view
    shading = _ring_shading(np.clip(shadowed, 0, 255).astype(np.uint8), 8, hidden)
    assert shading is not None
    light, _ = shading
    assert abs(float(light[60, 20].mean()) - 0.6) < 0.06
    assert abs(float(light[60, 140].mean()) - 1.0) < 0.05
    # behind the plate: drawn between the shadowed left and the lit right
    assert float(light[140, 20].mean()) < 0.7 and float(light[140, 140].mean()) > 0.9
