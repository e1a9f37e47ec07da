"""The face vocabulary and the cross-validation split are contracts: check them exactly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.dice.faces import BLACK_CLASSES, CLASSES, D6_CLASSES, WHITE_CLASSES, class_of
from vision.dice.split import fold_of, photos, read_labels


def test_vocabulary_has_every_face_once() -> None:
    assert len(CLASSES) == 6 + 6 + 15 + 1
    assert [CLASSES[i].face for i in D6_CLASSES] == [1, 2, 3, 4, 5, 6]
    assert {CLASSES[i].face for i in WHITE_CLASSES} == {"crystal", "research", "lab", "bot", "submarine", "octopod"}
    black = [CLASSES[i].face for i in BLACK_CLASSES]
    assert black.count("octopod") == 1
    assert {(f["colour"], f["number"]) for f in black if f != "octopod"} == {
        (c, n) for c in ("yellow", "white", "red", "blue", "green") for n in (0, 1, 2)
    }
    for i, c in enumerate(CLASSES):
        assert class_of(c.kind, c.face) == i


def test_unknown_face_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no d6 face 7"):
        class_of("d6", 7)


def test_split_blocks_of_ten_with_gaps() -> None:
    assert fold_of("five_1") == "train"
    assert fold_of("five_10") == "gap"
    assert [fold_of(f"six_{n}") for n in range(11, 21)] == ["test"] * 10
    assert fold_of("six_21") == "gap"
    assert fold_of("six_22") == "train"
    with pytest.raises(ValueError):
        fold_of("not-a-photo")


def test_real_folds_are_disjoint(shared_data: Path) -> None:
    root = shared_data / "dice-photos"
    train, test = set(photos(root, "train")), set(photos(root, "test"))
    assert train and test and not train & test
    assert len(test) >= 60
    labels = read_labels(root, sorted(test)[0])
    assert labels and all(1 <= face <= 6 for face, _ in labels)


def test_synthetic_scene_labels_lie_inside_the_photo() -> None:
    from vision.dice.synth import render_scene

    rng = np.random.default_rng(7)
    for _ in range(5):
        img, dice = render_scene(rng)
        assert img.shape == (480, 640, 3) and img.dtype == np.uint8
        for d in dice:
            x0, y0, x1, y1 = d.bbox
            assert 0 <= x0 < x1 <= 640 and 0 <= y0 < y1 <= 480
