"""The Octocube recogniser on rendered tables it never saw (test seeds): exact readings,
occlusion by a hand, and clear errors for frames that cannot be read."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from calibration.intrinsics import Intrinsics
from vision.octocube.config import RecogniserConfig
from vision.octocube.errors import BadFrameError, ModelError, RecognitionError, TableGeometryError
from vision.octocube.geometry import TableView
from vision.octocube.layout import BARE, CUBE, EMPTY
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.synth import SEED_RANGES, synth_frame
from vision.octocube.truth import scene_truth
from vision.render.camera import CameraModel
from vision.render.renderer import Renderer

SEED = SEED_RANGES["test"].start


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


@pytest.fixture(scope="module")
def frames(renderer: Renderer) -> dict[str, object]:
    return {
        "4p tilted noisy": synth_frame(SEED + 1, renderer, players=4, tilt_deg=22.0, lighting="warm lamp",
                                       turned_tops=True),
        "2p clean": synth_frame(SEED + 2, renderer, players=2, tilt_deg=8.0, clean=True),
        "3p hand": synth_frame(SEED + 3, renderer, players=3, tilt_deg=15.0, lighting="daylight", hands=True),
    }


def _label(reading) -> str:  # noqa: ANN001
    if reading.covered:
        return CUBE
    return reading.tile.label() if reading.tile is not None else EMPTY


@pytest.mark.parametrize("name", ["4p tilted noisy", "2p clean"])
def test_rendered_tables_read_exactly(frames: dict, name: str) -> None:
    frame = frames[name]
    cam = frame.camera
    intr = Intrinsics(cam.K, cam.dist_coeffs, (cam.width, cam.height))
    from calibration.table import calibrate_table

    geometry = calibrate_table(frame.image, intr).geometry
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, geometry, intr)
    obs = rec.recognise(frame.image)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert not obs.occluded, rec.last_occlusion
    assert {loc: _label(r) for loc, r in obs.tops.items()} == truth.tops
    assert {s: c.location for s, c in obs.cubes.items()} == truth.cube_location
    assert {s: (c.top.label() if c.top else BARE) for s, c in obs.cubes.items()} == truth.cube_top
    assert {s: c.rotation for s, c in obs.cubes.items()} == truth.cube_rotation
    for seat in range(frame.num_players):
        assert {t.label() for t in obs.boards[seat].tiles} == {t.label() for t in truth.board_tiles[seat]}
        assert (obs.boards[seat].coins > 0) == (truth.coins[seat] > 0)
        assert not obs.boards[seat].coins_counted
    confidences = [r.confidence for r in obs.tops.values()] + [c.confidence for c in obs.cubes.values()]
    assert all(0.0 <= c <= 1.0 for c in confidences)
    # right readings are mostly confident (abyss letters and tiles half hidden behind a cube
    # may be right and still doubtful)
    assert float(np.median(confidences)) > 0.9
    assert min(c.confidence for c in obs.cubes.values()) > 0.5
    assert {"check", "sample", "classify", "cubes", "tops", "boards", "occlusion", "total"} <= set(obs.timings_ms)


def test_hand_over_the_grid_sets_occluded(frames: dict) -> None:
    frame = frames["3p hand"]
    assert frame.occluder_mm2 > 5000  # the hand really is over the play area
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera)
    assert rec.recognise(frame.image).occluded
    assert "hand" in rec.last_occlusion.reason or "covered" in rec.last_occlusion.reason


def test_black_noise_and_malformed_frames_give_clear_errors(frames: dict) -> None:
    frame = frames["2p clean"]
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera)
    h, w = frame.image.shape[:2]
    with pytest.raises(BadFrameError, match="black"):
        rec.recognise(np.zeros((h, w, 3), np.uint8))
    with pytest.raises(BadFrameError, match="blown out"):
        rec.recognise(np.full((h, w, 3), 255, np.uint8))
    with pytest.raises(BadFrameError, match="not an image"):
        rec.recognise(None)  # type: ignore[arg-type]
    with pytest.raises(BadFrameError, match="pixel type"):
        rec.recognise(frame.image.astype(np.float32))
    with pytest.raises(BadFrameError, match="frame is 640x360"):
        rec.recognise(np.zeros((360, 640, 3), np.uint8) + 100)
    # noise: either refused or read with doubt, never a crash
    noise = np.random.default_rng(0).integers(0, 256, (h, w, 3), dtype=np.uint8)
    try:
        obs = rec.recognise(noise)
    except RecognitionError:
        return
    doubtful = [r for r in obs.tops.values() if r.confidence < 0.9]
    assert obs.occluded or len(doubtful) > len(obs.tops) // 2


def test_errors_are_value_errors() -> None:
    assert issubclass(BadFrameError, RecognitionError) and issubclass(RecognitionError, ValueError)


def test_bad_geometry_and_missing_models_are_refused(tmp_path: Path) -> None:
    cam = CameraModel.looking_at(tilt_deg=10)
    with pytest.raises(TableGeometryError):
        OctocubeRecogniser(5, 4, np.zeros((3, 3)))
    with pytest.raises(TableGeometryError):
        OctocubeRecogniser(5, 4, "not a homography")
    with pytest.raises(ModelError, match="missing"):
        OctocubeRecogniser(5, 4, cam, config=RecogniserConfig(models_dir=str(tmp_path)))
    (tmp_path / "octocube_tops.onnx").write_bytes(b"garbage")
    (tmp_path / "octocube_cubes.onnx").write_bytes(b"garbage")
    with pytest.raises(ModelError, match="cannot be loaded"):
        OctocubeRecogniser(5, 4, cam, config=RecogniserConfig(models_dir=str(tmp_path)))
    with pytest.raises(RecognitionError, match="2-4 players"):
        OctocubeRecogniser(5, 7, cam)


def _letters_read(frame, models_dir: str | None = None) -> tuple[OctocubeRecogniser, int, int]:  # noqa: ANN001
    from calibration.table import calibrate_table

    cam = frame.camera
    intr = Intrinsics(cam.K, cam.dist_coeffs, (cam.width, cam.height))
    config = RecogniserConfig(models_dir=models_dir) if models_dir else None
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, calibrate_table(frame.image, intr).geometry,
                             intr, config=config)
    obs = rec.recognise(frame.image)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    letters = {loc: want for loc, want in truth.tops.items() if want.startswith("abyss")}
    right = sum(_label(obs.tops[loc]) == want for loc, want in letters.items())
    return rec, right, len(letters)


@pytest.fixture(scope="module")
def lettered(renderer: Renderer) -> object:
    """A 1920x1080 view with about ten lettered abyss tiles (test seeds: never trained on)."""
    return synth_frame(SEED + 11, renderer, players=3, tilt_deg=14.0, lighting="daylight", rich=True,
                       resolution=(1920, 1080))


def test_abyss_letters_are_read_by_the_letter_net(lettered) -> None:  # noqa: ANN001
    rec, right, total = _letters_read(lettered)
    assert rec.letters_net is not None, "models/octocube_letters.onnx is shipped"
    assert total >= 5
    assert right >= total - 1, f"{right}/{total} letters"


def test_without_the_letter_net_the_templates_read_letters(lettered, tmp_path: Path) -> None:  # noqa: ANN001
    import shutil

    models = Path(RecogniserConfig().models_dir)
    for name in ("octocube_tops.onnx", "octocube_cubes.onnx"):
        shutil.copy(models / name, tmp_path / name)
    rec, right, total = _letters_read(lettered, str(tmp_path))
    assert rec.letters_net is None
    assert right >= total // 2  # the older, weaker reader still works


def test_config_file_rejects_unknown_settings(tmp_path: Path) -> None:
    path = tmp_path / "octo.json"
    path.write_text(json.dumps({"min_cube_probability": 0.6, "skin_cr": [130, 170]}))
    cfg = RecogniserConfig.from_json_file(path)
    assert cfg.min_cube_probability == 0.6 and cfg.skin_cr == (130, 170)
    path.write_text(json.dumps({"min_cube_probabilty": 0.6}))
    with pytest.raises(RecognitionError, match="unknown setting"):
        RecogniserConfig.from_json_file(path)


@pytest.mark.parametrize("seed", range(4))
def test_plane_at_height_matches_the_camera(seed: int) -> None:
    cam = CameraModel.random(random.Random(seed), max_tilt_deg=25)
    view = TableView(cam.table_to_image_homography, (cam.width, cam.height), cam.K, cam.dist_coeffs)
    pts = np.array([[80.0, 120.0], [300.0, 300.0], [520.0, 470.0]])
    for h in (0.0, 15.0, 40.0, 55.0):
        want = cam.project(np.column_stack([pts, np.full(len(pts), h)]))
        assert np.abs(view.project(pts, h) - want).max() < 0.01
    # the table homography alone (no intrinsics): focal length estimated from it
    if cam.tilt_deg > 5:
        guess = TableView(cam.table_to_image_homography, (cam.width, cam.height))
        assert abs(guess.K[0, 0] - cam.fx) / cam.fx < 0.02
