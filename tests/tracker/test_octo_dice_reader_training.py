"""The classifier's mat crops (tracker/octo_dice/reader_training.py): cut where the tracker's own
reader boxes dice, labelled by the renderer's truth, and added to a training set once."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tracker.octo_dice import reader_training
from tracker.octo_dice.recogniser import MAT_MAX_CROPS, OCTO_KINDS
from tracker.octo_dice.twin import Placed
from vision.dice.crops import CROP_SIZE
from vision.dice.faces import CLASSES
from vision.dice.reader import DiceReader
from vision.render.renderer import Renderer


def test_a_scene_gives_face_crops_for_flat_dice_and_cocked_crops_for_a_leaning_one(monkeypatch: pytest.MonkeyPatch) -> None:
    layout = {"white1": Placed("white1", "research", 250.0, 330.0, 20.0),
              "black1": Placed("black1", "red-2", 330.0, 400.0, 70.0),
              "black2": Placed("black2", "blue-1", 380.0, 300.0, 10.0, cocked=True)}
    monkeypatch.setattr(reader_training, "training_layout", lambda rng: layout)
    reader = DiceReader(max_crops=MAT_MAX_CROPS, kinds=OCTO_KINDS)
    crops = reader_training.crops_of_scene(reader_training.Scene(400000, 12.0, 90.0, "day"), reader, Renderer(), copies=1)
    names = sorted(name for name, _ in crops)
    assert "white-research" in names and "black-red-2" in names, names
    assert "cocked" in names, names
    assert set(names) <= {"white-research", "black-red-2", "cocked", "none"}, names
    assert all(crop.shape == (CROP_SIZE, CROP_SIZE, 3) for _, crop in crops)


def test_the_command_writes_crops_into_class_folders(tmp_path: Path) -> None:
    assert reader_training.main(["--out", str(tmp_path), "--seed", "400010", "--scenes", "2", "--chunk", "1"]) == 0
    folders = [p for p in tmp_path.iterdir() if p.is_dir()]
    known = {c.name for c in CLASSES} | {"cocked", "none"}
    assert folders and {p.name for p in folders} <= known
    crop = cv2.imread(str(next(folders[0].glob("*.png"))))
    assert crop is not None and crop.shape == (CROP_SIZE, CROP_SIZE, 3)


def test_a_bad_scene_count_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        reader_training.main(["--out", "/tmp/unused-mat-crops", "--scenes", "0"])
    assert stop.value.code != 0
    assert "--scenes" in capsys.readouterr().err


def test_extra_crops_are_added_once_and_unknown_classes_refused(tmp_path: Path) -> None:
    from vision.dice.train import add_extra_crops

    root = tmp_path / "cls"
    for split in ("train", "val"):
        (root / split / "cocked").mkdir(parents=True)
    extra = tmp_path / "mat"
    (extra / "cocked").mkdir(parents=True)
    for i in range(10):
        cv2.imwrite(str(extra / "cocked" / f"m{i:02d}.png"), np.zeros((8, 8, 3), np.uint8))
    assert add_extra_crops(root, extra, repeat=2) == 18  # one of ten to validation, nine listed twice
    assert len(list((root / "val" / "cocked").iterdir())) == 1
    assert add_extra_crops(root, extra, repeat=2) == 0  # already added
    (extra / "cokced").mkdir()
    (root / f"extra_{extra.name}").unlink()
    with pytest.raises(SystemExit, match="cokced"):
        add_extra_crops(root, extra, repeat=1)
