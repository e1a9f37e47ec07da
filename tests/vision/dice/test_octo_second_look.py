"""An unsure read of a small Octo Die takes a second look at its crop sharpened (issue 21).

The classifier's training patches blur a die by at most its size / 40 (vision/dice/synth.py
``render_die_patch``); the renders it is judged on blur any die up to 1.6 px. On the tuning
renders (``bench/octo_dice_faces_errors.py``, seeds 555000-557999) 12 of the 18 misread faces
were dice under 40 px in scenes blurred 1.6 px (1 of 752 such dice misread in sharp scenes).
Where the first read of a die under ``second_look_below_px`` hesitates (best face under
``second_look_below_prob``), its crop is read again through an unsharp mask
(``second_look_sharpen``) and the two reads' face columns are averaged (models/dice.md, issue 21:
octocolour). "Not a die" and "cocked" stay the first read's."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from vision.dice.faces import CLASSES, KIND_FAMILIES
from vision.dice.reader import COCKED_COLUMN, NONE_COLUMN, DiceReader, unsharp
from vision.dice.scoring import iou
from vision.dice.synth import render_scene

OCTO = KIND_FAMILIES["octo"]


@pytest.fixture(scope="module")
def octo_reader() -> DiceReader:
    return DiceReader(kinds=OCTO)


@pytest.mark.parametrize(("seed", "face"), [(556115, "black-red-2"), (556331, "black-white-0"),
                                            (557497, "black-octopod"), (557279, "white-research")])
def test_small_blurred_tuning_faces_read_right(octo_reader: DiceReader, seed: int, face: str) -> None:
    """Read before: red 2 as red 0 (29 px), white 0 as blue 0 (31 px), the black octopod as white
    2 (32 px), research as submarine (25 px), each in a scene blurred 1.6 px."""
    img, dice = render_scene(np.random.default_rng(seed), mix="octo", max_dice=6)
    truth = [d for d in dice if CLASSES[d.class_index].name == face]
    read = octo_reader.read(img).dice
    found = [[r.face_class.name if r.face_class else "cocked" for r in read if iou(r.bbox, t.bbox) >= 0.5] for t in truth]
    assert truth and found == [[face]] * len(truth)


def test_unsharp_raises_detail_and_leaves_flat_colour() -> None:
    flat = np.full((48, 48, 3), 90, np.uint8)
    assert (unsharp(flat, 1.5, 1.0) == flat).all()
    edge = flat.copy()
    edge[:, 24:] = 160
    sharp = unsharp(edge, 1.5, 1.0)
    assert sharp[24, 22, 0] < 90 < 160 < sharp[24, 25, 0]  # overshoot on both sides of the step
    assert sharp[24, 0, 0] == 90 and sharp[24, 47, 0] == 160


Classify = Callable[..., np.ndarray]


def _fake_classify(answers: list[np.ndarray], seen: list[tuple[np.ndarray, object]]) -> Classify:
    """classify() answering ``answers[k]`` to its k-th call, noting each call's boxes and sharpening."""
    def classify(image: np.ndarray, boxes: np.ndarray, sharpen: object = None) -> np.ndarray:
        seen.append((boxes.copy(), sharpen))
        return answers[len(seen) - 1][: len(boxes)]
    return classify


def _row(**columns: float) -> np.ndarray:
    """One classify() row: ``black_red_1=0.5`` is the face black-red-1; ``none``, ``cocked``."""
    row = np.zeros(len(CLASSES) + 2, np.float32)
    special = {"none": NONE_COLUMN, "cocked": COCKED_COLUMN}
    for name, p in columns.items():
        row[special[name] if name in special else [c.name for c in CLASSES].index(name.replace("_", "-"))] = p
    return row


def test_only_unsure_reads_of_small_dice_look_again_and_only_faces_change(
        octo_reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    big = float(octo_reader.config["second_look_below_px"])
    boxes = np.array([[0, 0, 40, 40], [100, 0, 140, 40], [200, 0, 240, 40], [300, 0, 340, 40],
                      [400, 0, 400 + big, big]], np.float32)
    first = np.stack([_row(black_red_1=0.55, black_red_2=0.45),     # unsure: looks again
                      _row(black_red_1=0.95, black_red_2=0.05),     # sure: read as it is
                      _row(none=0.6, black_red_1=0.4),              # not a die: dropped, no second look
                      _row(cocked=0.5, black_red_1=0.3, black_red_2=0.2),  # cocked, its face unsure
                      _row(black_red_1=0.55, black_red_2=0.45)])    # unsure, but not a small die
    second = np.stack([_row(black_red_2=0.9, black_red_1=0.1), _row(cocked=0.5, black_red_2=0.5)])
    seen: list[tuple[np.ndarray, object]] = []
    monkeypatch.setattr(octo_reader, "classify", _fake_classify([first, second], seen))
    dice = octo_reader.read_boxes(np.zeros((100, 500, 3), np.uint8), boxes, np.full(5, 0.9, np.float32)).dice
    assert len(seen) == 2 and seen[0][1] is None
    np.testing.assert_array_equal(seen[1][0], boxes[[0, 3]])
    assert seen[1][1] == tuple(octo_reader.config["second_look_sharpen"])
    read = [(d.face_class.name if d.face_class else "cocked", d.flat_face.name if d.flat_face else None) for d in dice]
    # the first is now red 2 (0.675 against 0.325); the cocked die stays cocked (its own read said
    # so) with red 2 its likeliest face; the sure one and the large one keep their first read
    assert read == [("black-red-2", None), ("black-red-1", None), ("cocked", "black-red-2"), ("black-red-1", None)]
    assert dice[0].classifier_prob == pytest.approx(0.675)


def test_the_general_reader_takes_no_second_look() -> None:
    """Tuned on Octo Dice renders only: a tray of pip dice keeps its single read."""
    assert not DiceReader().config["second_look_below_prob"]
