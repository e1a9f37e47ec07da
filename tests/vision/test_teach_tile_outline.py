"""An Octocube tile laid askew on the teach sheet is cut along its own outline (vision/teach.py
``_outline_pose``), as a card is, not found by a shift alone (``_locate``): its taught view
matches a straight picture of its face. On this photo (training printing 3, the first photo seed
bench/octocube_taught_tops.py draws) abyss-E lies 2.8 degrees turned and 1.2 mm off: found by a
shift it correlated 0.75 with its face, cut along its outline 0.92; the photo's tiles turned more
than 2.5 degrees 0.86 on average before, 0.93 now."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.teach import teach


def _likeness(view: np.ndarray, face: np.ndarray) -> float:
    """Correlation of two tile faces at 2 px/mm, lightly blurred, over all channels."""
    a, b = (cv2.GaussianBlur(cv2.resize(img, (68, 68), interpolation=cv2.INTER_AREA).astype(np.float32), (0, 0), 1.0)
            for img in (view, face))
    a, b = a - a.mean(axis=(0, 1)), b - b.mean(axis=(0, 1))
    return float((a * b).sum() / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-6))


@pytest.fixture(scope="module")
def taught() -> tuple[object, dict[str, dict[str, object]], object]:
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer
    from vision.render.teach_photos import render_teach_photo

    art = random_pack(3)
    image, labels = render_teach_photo("octocube", art, 7_000_000 + 10 * 3, Renderer())
    photo = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
    pack = teach("octocube", [("teach0.jpg", np.asarray(photo))]).pack
    return art, labels["faces"], pack


def _view_and_face(taught: tuple[object, dict[str, dict[str, object]], object], name: str) -> float:
    art, _, pack = taught
    face = art.face("octocube", name)  # type: ignore[attr-defined]
    assert face is not None
    return _likeness(pack.faces[name][0], np.ascontiguousarray(face[..., :3]))  # type: ignore[attr-defined]


def test_an_askew_tile_is_taught_straight(taught: tuple[object, dict[str, dict[str, object]], object]) -> None:
    _, faces, _ = taught
    assert abs(float(faces["abyss-E"]["turn_deg"])) > 2.5  # type: ignore[arg-type]
    assert _view_and_face(taught, "abyss-E") >= 0.88


def test_turned_tiles_are_taught_straighter(taught: tuple[object, dict[str, dict[str, object]], object]) -> None:
    _, faces, _ = taught
    turned = [n for n, f in faces.items() if not n.startswith("cube-") and abs(float(f["turn_deg"])) > 2.5]  # type: ignore[arg-type]
    assert len(turned) >= 5
    assert float(np.mean([_view_and_face(taught, n) for n in turned])) >= 0.9


def test_a_straight_pack_reads_a_top_the_askew_one_misread() -> None:
    """Through the recogniser: training printing 8's table 530801 (bench/octocube_taught_tops.py's
    dev loop) read with a pack taught from one rendered photo, the shade cue off. With tiles found
    by a shift alone its glyph stages read a white sextant as the dark blue one (the case
    tests/vision/octocube/test_shade_cue.py turns with the cue); with tiles cut along their
    outline every visible top reads right."""
    from vision.octocube.config import RecogniserConfig
    from vision.octocube.layout import CUBE, EMPTY
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.synth import synth_frame
    from vision.octocube.truth import scene_truth
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer
    from vision.render.teach_photos import render_teach_photo

    renderer = Renderer()
    art = random_pack(8)
    raw = render_teach_photo("octocube", art, 7_000_080, renderer)[0]
    photo = cv2.imdecode(cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
    pack = teach("octocube", [("teach0.jpg", np.asarray(photo))]).pack
    frame = synth_frame(530801, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0, art=art)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    # the hidden-top search along the parallax line off too (session 35, oc-tops4): with it, this
    # table's half-hidden light blue diamond at (1, 0) reads a light blue pearl at confidence 0.05
    # (unread for the tracker), a stage this test does not pin
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack,
                             config=RecogniserConfig(pack_shade_cue=False,
                                                     pack_hidden_top_where_it_can_lie=False)).recognise(frame.image)
    read = {loc: r.tile.label() if r.tile is not None else EMPTY for loc, r in obs.tops.items()
            if not r.covered and truth.tops.get(loc, CUBE) != CUBE}
    assert "white sextant" in [truth.tops[loc] for loc in read]
    assert {loc: got for loc, got in read.items() if got != truth.tops[loc]} == {}
