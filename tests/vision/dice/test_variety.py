"""Issue 21 training data: the variety renderer (materials, small dice, clusters, cocked dice)
and the training-data stages of vision/dice/train.py at tiny counts, through its command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from vision.dice.art import D6_MATERIALS
from vision.dice.faces import CLASSES
from vision.dice.onnx_weights import read_onnx
from vision.dice.synth import COCKED_INDEX, render_scene, render_variety_patch, render_variety_scene

REPO = Path(__file__).resolve().parents[3]


def test_variety_scenes_label_every_die_inside_the_photo() -> None:
    rng = np.random.default_rng(4242)
    materials: set[str] = set()
    sizes: list[float] = []
    cocked = 0
    for _ in range(12):
        img, dice = render_variety_scene(rng, cocked_share=0.3)
        assert img.shape == (480, 640, 3) and img.dtype == np.uint8
        for d in dice:
            x0, y0, x1, y1 = d.bbox
            assert x0 < x1 and y0 < y1 and 0 <= (x0 + x1) / 2 <= 640 and 0 <= (y0 + y1) / 2 <= 480
            if d.class_index != COCKED_INDEX:  # a top face lies inside the photo (a cocked die's corner may not)
                assert -2 <= x0 and x1 <= 642 and -2 <= y0 and y1 <= 482
            if d.class_index == COCKED_INDEX:
                cocked += 1
                continue
            assert 0 <= d.class_index < len(CLASSES)
            assert (d.material in D6_MATERIALS) == (CLASSES[d.class_index].kind == "d6")
            materials.add(d.material)
            sizes.append(max(x1 - x0, y1 - y0))
    assert cocked >= 1
    assert len(materials - {""}) >= 5
    assert min(sizes) < 30 and max(sizes) > 60


def test_cocked_patch_and_pip_patch() -> None:
    rng = np.random.default_rng(4243)
    for ci in (COCKED_INDEX, 2, 12):
        img, box = render_variety_patch(rng, ci)
        assert img.shape == (256, 256, 3)
        x0, y0, x1, y1 = box
        assert 100 < (x0 + x1) / 2 < 156 and 100 < (y0 + y1) / 2 < 156  # the die is the centre one


def test_classic_renderer_unchanged_by_the_variety_code() -> None:
    """Older bench seeds must keep their photos: the classic renderer draws no new random numbers."""
    a, da = render_scene(np.random.default_rng(555), max_dice=6)
    b, db = render_scene(np.random.default_rng(555), max_dice=6)
    assert np.array_equal(a, b) and da == db and all(d.material == "" for d in da)


def _train(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "vision/dice/train.py", *args, "--work", str(tmp), "--real", str(tmp / "no-photos"),
                           "--jobs", "1", "--seed", "31"], cwd=REPO, capture_output=True, text=True, timeout=300)


def test_detector_data_at_tiny_count(tmp_path: Path) -> None:
    run = _train("data-detector", "--synth", "6", "--variety", "1", "--cocked-share", "0.3", tmp=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "6 synthetic scenes (variety 100%) + real x0" in run.stdout
    images = sorted((tmp_path / "det" / "images").rglob("*.jpg"))
    labels = sorted((tmp_path / "det" / "labels").rglob("*.txt"))
    assert len(images) == len(labels) == 6 and (tmp_path / "det" / "images" / "val" / "synth_000000.jpg").is_file()
    rows = [line.split() for f in labels for line in f.read_text().splitlines()]
    assert rows and all(r[0] == "0" and len(r) == 5 and all(0 <= float(v) <= 1 for v in r[1:]) for r in rows)


def test_classifier_data_has_a_cocked_class_at_tiny_count(tmp_path: Path) -> None:
    run = _train("data-classifier", "--per-class", "1", "--cls-val", "1", "--variety", "0.5", "--cocked-every", "1", tmp=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    for split in ("train", "val"):
        folders = {p.name: len(list(p.iterdir())) for p in (tmp_path / "cls" / split).iterdir()}
        assert set(folders) == {c.name for c in CLASSES} | {"cocked", "none"}
        assert all(n == 1 for n in folders.values()), folders


def test_classifier_data_with_real_photos_draws_on_their_tables(tmp_path: Path) -> None:
    """With a dice-photos folder, each drawing process paints its dice out (train.py _imread):
    the helper was once defined after ``main()`` ran, so every forked process failed with a
    NameError as soon as real photos were there (the tiny runs above have none)."""
    import cv2

    photos = tmp_path / "photos"
    (photos / "images").mkdir(parents=True)
    (photos / "labels").mkdir()
    img = np.full((480, 640, 3), 120, np.uint8)
    cv2.rectangle(img, (300, 200), (360, 260), (245, 245, 245), -1)
    cv2.circle(img, (330, 230), 6, (20, 20, 20), -1)
    for stem in ("zzfixture_1", "zzfixture_2", "zzfixture_3"):  # train fold (vision/dice/split.py), no topface label
        cv2.imwrite(str(photos / "images" / f"{stem}.jpg"), img)
        (photos / "labels" / f"{stem}.txt").write_text("0 0.515625 0.479167 0.09375 0.125\n")
    run = subprocess.run([sys.executable, "vision/dice/train.py", "data-classifier", "--per-class", "1", "--cls-val", "1",
                          "--work", str(tmp_path / "w"), "--real", str(photos), "--jobs", "1", "--seed", "31"],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    real = sorted(p.name for p in (tmp_path / "w" / "cls" / "train" / "d6-1").iterdir() if p.name.startswith("r"))
    assert len(real) == 3 * 4, real  # each real face 4 times


def test_lookalike_rounds_add_a_second_not_a_die_crop(tmp_path: Path) -> None:
    """``--lookalike 1``: every round adds a 'none' crop centred on a printed number, card dots or
    a token (run 8); without it each round has one 'none' crop."""
    run = _train("data-classifier", "--per-class", "2", "--cls-val", "1", "--lookalike", "1", "--octo-variety", "0",
                 tmp=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    none = sorted(p.name for p in (tmp_path / "cls" / "train" / "none").iterdir())
    assert len(none) == 4 and sum(n.endswith("_l.png") for n in none) == 2, none
    assert "lookalike=1.0" in (tmp_path / "cls" / "complete").read_text()


def test_shipped_onnx_weights_are_readable_without_the_onnx_package() -> None:
    weights, meta = read_onnx(REPO / "models" / "dice_classifier.onnx")
    assert weights["model.10.linear.weight"].shape == (30, 1280)  # the shipped model (run 8): 28 faces, cocked, none
    assert weights["model.0.conv.weight"].shape == (16, 3, 3, 3) and weights["model.0.conv.weight"].dtype == np.float32
    assert "'none'" in meta["names"] and "'cocked'" in meta["names"] and meta["task"] == "classify"
