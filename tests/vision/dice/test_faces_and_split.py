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


def test_twin_art_ink_for_every_octo_dice_face() -> None:
    from vision.dice.art import face_art, twin_ink
    from vision.dice.faces import CLASSES

    for i, cls in enumerate(CLASSES):
        if cls.kind == "d6":
            continue
        ink = twin_ink(i, 48)
        assert ink.shape == (48, 48) and ink.dtype == np.uint8
        share = (ink > 128).mean()
        assert 0.05 < share < 0.35, f"{cls.name}: {share:.1%} of the face is ink"
    black_two = next(i for i, c in enumerate(CLASSES) if c.name == "black-red-2")
    ring = twin_ink(black_two, 48)
    assert ring[24, 4:10].max() > 128 or ring[24, 38:44].max() > 128, "the twin circles its numbers"
    # twin_art=0 draws nothing from the random stream for it: training art as before
    a = face_art(black_two, 48, np.random.default_rng(5))[1]
    b = face_art(black_two, 48, np.random.default_rng(5), twin_art=0.0)[1]
    assert np.array_equal(a, b)
    c = face_art(black_two, 48, np.random.default_rng(5), twin_art=1.0)[1]
    assert not np.array_equal(a, c)
