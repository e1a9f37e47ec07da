"""``tablesight render``: files, YOLO labels, progress, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.cli import main


def test_render_writes_images_truth_and_yolo(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "ds"
    rc = main(["render", "octocube", "--seed", "3", "--count", "2", "--out", str(out), "--yolo",
               "--tilt", "12", "--width", "640", "--height", "360", "--masks"])
    assert rc == 0
    captured = capsys.readouterr()
    assert "rendered 2/2" in captured.err and "2 octocube images" in captured.out
    images = sorted((out / "images").glob("*.jpg"))
    assert len(images) == 2
    gt = json.loads((out / "gt" / (images[0].stem + ".json")).read_text())
    assert gt["camera"]["tilt_deg"] == 12.0 and gt["image_size"] == [640, 360]
    labels = (out / "labels" / (images[0].stem + ".txt")).read_text().split("\n")
    classes = (out / "classes.txt").read_text().split("\n")
    assert len([line for line in labels if line]) > 10
    assert "cube red" in classes and (out / "data.yaml").exists()
    import cv2
    import numpy as np

    from tests.images import read_image

    mask = read_image(out / "masks" / (images[0].stem + ".png"), cv2.IMREAD_UNCHANGED)
    assert mask.dtype == np.uint16 and mask.shape == (360, 640)
    cube = next(c for c in gt["components"] if c["identity"].startswith("cube"))
    cx, cy = np.mean(np.array(cube["top_polygon_px"]), axis=0).round().astype(int)
    if cube["visible_fraction"] > 0.9:
        assert mask[cy, cx] == cube["mask_id"]


@pytest.mark.parametrize("argv, message", [
    (["render", "octocube", "--count", "0"], "--count must be 1 to 100000, not 0"),
    (["render", "octocube", "--tilt", "70"], "--tilt must be 0 to 45 degrees, not 70.0"),
    (["render", "open_season", "--players", "7"], "open_season is for 2-4 players"),
])
def test_render_bad_arguments(argv: list[str], message: str, tmp_path: Path,
                              capsys: pytest.CaptureFixture) -> None:
    assert main([*argv, "--out", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


def test_render_catalogue(tmp_path: Path) -> None:
    assert main(["render", "catalogue", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "catalogue.png").stat().st_size > 10_000


def test_render_sequence_of_engine_moves(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "seq"
    rc = main(["render", "octocube", "--sequence", "--count", "1", "--seed", "2", "--out", str(out),
               "--width", "320", "--height", "180", "--clean"])
    assert rc == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["moves"] == 1 and summary["frames"] == len(list((out / "images").glob("*.jpg")))
    phases = [json.loads(p.read_text())["phase"] for p in sorted((out / "gt").glob("*.json"))]
    assert phases[0] == "still" and "reach" in phases and phases[-1] == "still"
    assert main(["render", "octo_dice", "--sequence", "--out", str(out)]) == 2
    assert "Octocube games only" in capsys.readouterr().err
