"""The committed top-face labels of the real train photos (vision/dice/relabel.py)."""

from __future__ import annotations

from pathlib import Path

from vision.dice.relabel import TOPFACE_LABELS
from vision.dice.scoring import nested
from vision.dice.split import fold_of, photos, read_labels
from vision.dice.train import training_labels


def test_every_train_photo_has_top_face_labels_holding_its_pips(shared_data: Path) -> None:
    root = shared_data / "dice-photos"
    train = photos(root, "train")
    assert {p.stem for p in train} == {p.stem for p in TOPFACE_LABELS.glob("*.txt")}
    grown = 0
    for p in train:
        pips = read_labels(root, p)
        faces = training_labels(root, p, 640, 480)
        assert [f for f, _ in faces] == [f for f, _ in pips], p.stem
        for (_, pip_box), (_, face_box) in zip(pips, faces):
            assert nested(pip_box, face_box), f"{p.stem}: {face_box} does not hold {pip_box}"
            grown += (face_box[2] - face_box[0]) * (face_box[3] - face_box[1]) > 1.3 * (pip_box[2] - pip_box[0]) * (pip_box[3] - pip_box[1])
    assert grown >= 650, f"only {grown} dice got a box larger than their pips"


def test_no_test_fold_photo_is_relabelled() -> None:
    assert all(fold_of(p.stem) == "train" for p in TOPFACE_LABELS.glob("*.txt"))
