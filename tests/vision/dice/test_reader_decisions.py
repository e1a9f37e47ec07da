"""The dice reader's decisions, apart from the two networks: which overlapping boxes are kept,
when a photo is read in tiles, which detections are rejected as "not a die" (at the configured
threshold, on both sides), which face and confidence a die gets, the order dice are listed in,
and the plain errors for bad images and bad model metadata. The networks' outputs are replaced
by fixed numbers here, so each decision is checked exactly (tests/vision/dice/test_reader.py
checks the whole reader on photos)."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from vision.dice.errors import ModelMissingError, UnreadableImageError
from vision.dice.faces import CLASSES
from vision.dice.reader import COCKED_COLUMN, DiceReader, DiceResult, DieReading, _nms, load_image

NONE = len(CLASSES)  # the "not a die" column


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader()


def test_overlapping_boxes_keep_the_best_scored_and_touching_ones_up_to_the_iou() -> None:
    boxes = np.array([[0, 0, 10, 10], [1, 0, 11, 10], [20, 20, 30, 30], [5, 0, 15, 10]], np.float32)
    scores = np.array([0.5, 0.9, 0.8, 0.7], np.float32)
    # box 1 (best) overlaps box 0 by IoU 9/11, box 3 by 6/14 (0.43); box 2 is apart
    assert _nms(boxes, scores, 0.45) == [1, 2, 3]
    assert _nms(boxes, scores, 0.40) == [1, 2]
    assert _nms(boxes, scores, 0.9) == [1, 2, 3, 0]
    # an IoU exactly at the limit is kept: two 10x10 boxes sharing half (IoU 50/150)
    half = np.array([[0, 0, 10, 10], [5, 0, 15, 10]], np.float32)
    assert _nms(half, np.array([0.9, 0.8], np.float32), 1 / 3) == [0, 1]
    assert _nms(half, np.array([0.9, 0.8], np.float32), 0.33) == [0]
    assert _nms(np.zeros((0, 4), np.float32), np.zeros((0,), np.float32), 0.45) == []


def test_unreadable_files_are_named(tmp_path: Path) -> None:
    with pytest.raises(UnreadableImageError, match=r"nothing\.png: no such file$"):
        load_image(tmp_path / "nothing.png")
    (tmp_path / "empty.png").write_bytes(b"")
    with pytest.raises(UnreadableImageError, match=r"empty\.png: file is empty$"):
        load_image(tmp_path / "empty.png")
    with pytest.raises(UnreadableImageError, match=r": no such file$"):
        load_image(tmp_path)  # a folder is no file


@pytest.mark.parametrize("image", [None, np.zeros((64, 64), np.uint8), np.zeros((64, 64, 4), np.uint8),
                                   np.zeros((7, 64, 3), np.uint8), np.zeros((64, 7, 3), np.uint8)])
def test_anything_but_a_colour_image_of_8x8_or_more_is_refused(reader: DiceReader, image: Any) -> None:
    with pytest.raises(UnreadableImageError, match=r"^expected a BGR colour image of at least 8x8 pixels$"):
        reader.read(image)


def test_an_8x8_colour_image_is_read(reader: DiceReader) -> None:
    assert reader.read(np.full((8, 8, 3), 128, np.uint8)).dice == []


def _name(die: Any) -> str | None:
    """A die's face class name (None for a die read with no face: cocked)."""
    return die.face_class.name if die.face_class is not None else None


def _fixed(reader: DiceReader, monkeypatch: pytest.MonkeyPatch, boxes: Sequence[Sequence[float]], scores: list[float],
           probs: list[dict[int, float]]) -> DiceResult:
    """``reader.read`` with the detector and classifier replaced by these outputs."""
    table = np.zeros((len(probs), COCKED_COLUMN + 1), np.float32)  # faces, not a die, cocked
    for row, p in zip(table, probs, strict=True):
        for k, v in p.items():
            row[k] = v
    monkeypatch.setattr(reader, "detect", lambda image: (np.array(boxes, np.float32), np.array(scores, np.float32)))
    monkeypatch.setattr(reader, "classify", lambda image, b: table)
    return reader.read(np.zeros((480, 640, 3), np.uint8))


def test_a_detection_is_rejected_only_when_not_a_die_is_likelier_than_the_threshold(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    limit = reader.config["none_class_max_prob"]
    assert limit == 0.3
    result = _fixed(reader, monkeypatch, [[10, 10, 50, 50], [100, 10, 140, 50], [200, 10, 240, 50]],
                    [0.9, 0.9, 0.9], [{0: 0.7, NONE: 0.3}, {1: 0.69, NONE: 0.31}, {2: 0.5, NONE: 0.29}])
    assert [_name(d) for d in result.dice] == ["d6-1", "d6-3"]


def test_a_detection_below_the_threshold_is_reported_only_when_the_classifier_is_sure(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    """models/dice.md, run 11: a die the detector doubts (small, odd light) is kept when its face
    reads at weak_detection_min_prob or more; a card or coin it doubts is not."""
    strong, weak = reader.config["detector_min_score"], reader.config["weak_detection_min_score"]
    sure = reader.config["weak_detection_min_prob"]
    assert weak < strong and 0.5 < sure < 1
    below = strong - 0.01
    result = _fixed(reader, monkeypatch, [[10, 10, 50, 50], [100, 10, 140, 50], [200, 10, 240, 50], [300, 10, 340, 50]],
                    [below, below, strong, below], [{0: sure + 0.01}, {1: sure - 0.01}, {2: 0.4}, {COCKED_COLUMN: sure - 0.01}])
    assert [_name(d) for d in result.dice] == ["d6-1", "d6-3"]


def test_each_model_set_has_its_own_detection_thresholds() -> None:
    """The general set's detector (run 13) scores at its own scale (its thresholds chosen on
    tuning data, models/dice.md); the Octo Dice set (run 8) keeps the thresholds it was tuned
    with on the Octo Dice film."""
    general, octo = DiceReader(), DiceReader(kinds=("octo-white", "octo-black"))
    assert octo.model_keys[0] == "octo_detector_model" and general.model_keys[0] == "detector_model"
    assert (general.config["detector_min_score"], general._detection_floor()) == (0.45, 0.35)
    assert (octo.config["detector_min_score"], octo._detection_floor()) == (0.4, 0.4)


def test_a_die_gets_its_likeliest_face_and_a_confidence_from_both_networks(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _fixed(reader, monkeypatch, [[10.25, 20.5, 50.75, 60.0]], [0.8],
                    [{6: 0.2, 8: 0.7, 27: 0.05, NONE: 0.05}])
    (die,) = result.dice
    assert die.face_class is CLASSES[8] and (die.kind, die.face) == ("octo-white", "lab")
    assert die.bbox == (10.25, 20.5, 50.75, 60.0)
    assert die.detector_score == pytest.approx(0.8) and die.classifier_prob == pytest.approx(0.7)
    assert die.confidence == pytest.approx(0.748331, abs=1e-6)  # sqrt(0.8 * 0.7)
    assert die.to_json() == {"bbox": [10.2, 20.5, 50.8, 60.0], "kind": "octo-white", "face": "lab",
                             "confidence": 0.7483, "cocked": False}
    # "not a die" never wins as a face, however likely (below the threshold it is only ignored)
    (die,) = _fixed(reader, monkeypatch, [[0, 0, 9, 9]], [1.0], [{3: 0.05, 4: 0.04, NONE: 0.29}]).dice
    assert die.face_class is CLASSES[3]


def test_dice_are_listed_in_rows_of_40_pixels_then_left_to_right(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = [[300, 95, 340, 130], [10, 81, 50, 120], [200, 5, 240, 40], [100, 10, 140, 50], [50, 99, 90, 139]]
    result = _fixed(reader, monkeypatch, boxes, [0.9] * 5, [{k: 0.9} for k in range(5)])
    # rows by round(top / 40): 5 and 10 -> 0; 81, 95, 99 -> 2 (that row by x: 10, 50, 300)
    assert [d.bbox[0] for d in result.dice] == [100, 200, 10, 50, 300]
    assert set(result.timings_ms) == {"detect", "classify"}
    assert result.ms == pytest.approx(sum(result.timings_ms.values()))


def test_a_photo_is_read_in_tiles_only_beyond_a_quarter_more_than_the_tile(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    tile = reader.config["detector_tile_px"]
    assert tile == 1280
    windows: list[tuple[int, ...]] = []

    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        windows.append(image.shape[:2])
        return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)

    monkeypatch.setattr(reader, "_detect_window", window)
    reader.detect(np.zeros((1200, 1600, 3), np.uint8))
    assert windows == [(1200, 1600)]
    windows.clear()
    reader.detect(np.zeros((1200, 1601, 3), np.uint8))
    assert windows[0] == (1200, 1601) and len(windows) == 1 + 2 * 1


def test_a_box_cut_by_an_inner_tile_edge_is_left_to_the_neighbouring_tile(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tiles side by side (a 1200x2000 photo): a die seen whole in the first pass and cut at
    the tiles' inner edges is kept once, at its place in the photo."""
    calls: list[int] = []

    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        calls.append(image.shape[1])
        h, w = image.shape[:2]
        if len(calls) == 1:  # the whole photo
            return np.array([[900, 500, 960, 560]], np.float32), np.array([0.6], np.float32)
        # each tile sees a die cut at its inner edge and one whole die of its own
        inner = [[w - 1.5, 100, w, 160]] if len(calls) == 2 else [[0, 100, 1.5, 160]]
        return np.array(inner + [[40, 40, 100, 100]], np.float32), np.array([0.9, 0.8], np.float32)

    monkeypatch.setattr(reader, "_detect_window", window)
    boxes, scores = reader.detect(np.zeros((1200, 2000, 3), np.uint8))
    x0_second = 2000 - calls[2]
    assert sorted(map(tuple, boxes.tolist())) == sorted([(40.0, 40.0, 100.0, 100.0), (900.0, 500.0, 960.0, 560.0),
                                                         (40.0 + x0_second, 40.0, 100.0 + x0_second, 100.0)])
    assert sorted(scores.tolist()) == pytest.approx([0.6, 0.8, 0.8])


def test_no_boxes_need_no_classifier_run(reader: DiceReader) -> None:
    probs = reader.classify(np.zeros((64, 64, 3), np.uint8), np.zeros((0, 4), np.float32))
    assert probs.shape == (0, COCKED_COLUMN + 1)  # every face, not a die, cocked


class _Meta:
    def __init__(self, names: dict[str, str]) -> None:
        self.custom_metadata_map = names


class _Classifier:
    def __init__(self, names: dict[str, str]) -> None:
        self.meta = _Meta(names)

    def get_modelmeta(self) -> _Meta:
        return self.meta


def test_the_classifier_outputs_are_mapped_by_the_names_in_its_metadata(reader: DiceReader) -> None:
    original = reader.classifier
    try:
        reader.classifier = _Classifier({"names": "{0: 'white-lab', 1: 'none', 2: 'd6-1'}"})
        assert reader._class_order() == [8, NONE, 0]
        for meta in ({}, {"names": "{0: "}, {"names": "not python"}):
            reader.classifier = _Classifier(meta)
            with pytest.raises(ModelMissingError, match="dice classifier has no readable class names in its metadata"):
                reader._class_order()
        reader.classifier = _Classifier({"names": "{0: 'd6-1', 1: 'd7-1'}"})
        with pytest.raises(ModelMissingError, match="dice classifier knows a class 'd7-1' that the reader does not"):
            reader._class_order()
    finally:
        reader.classifier = original


def test_boxes_apart_in_a_column_do_not_suppress_each_other() -> None:
    column = np.array([[0, 0, 10, 10], [0, 12, 10, 22]], np.float32)  # same x, 2 px apart in y
    assert _nms(column, np.array([0.9, 0.8], np.float32), 0.05) == [0, 1]
    row = np.array([[0, 0, 10, 10], [12, 0, 22, 10]], np.float32)
    assert _nms(row, np.array([0.9, 0.8], np.float32), 0.05) == [0, 1]


def test_in_a_row_of_three_tiles_only_boxes_at_inner_edges_are_cut(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1200x3000 photo is read in 3 tiles side by side. Each tile reports a box touching its left
    edge, one touching its right edge, one 2 px in from the left (a whole die) and one inside;
    the boxes at the photo's own edges are whole dice too."""
    tiles: list[tuple[int, int]] = []

    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h, w = image.shape[:2]
        if w == 3000:  # the whole-photo pass finds nothing
            return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)
        tiles.append((h, w))
        boxes = [[0.5, 100, 60, 160], [w - 60, 300, w - 0.5, 360], [2.0, 500, 62, 560], [300, 700, 360, 760]]
        return np.array(boxes, np.float32), np.full(4, 0.9, np.float32)

    monkeypatch.setattr(reader, "_detect_window", window)
    boxes, _ = reader.detect(np.zeros((1200, 3000, 3), np.uint8))
    assert len(tiles) == 3
    lefts = sorted(round(b[0], 1) for b in boxes.tolist())
    width = tiles[0][1]
    starts = [0, round((3000 - width) / 2), 3000 - width]
    want = [0.5 + starts[0]]  # the photo's left edge
    want += [s + 2.0 for s in starts] + [s + 300 for s in starts]  # 2 px in, and inside: whole
    want += [starts[2] + width - 60]  # the photo's right edge
    assert lefts == sorted(round(v, 1) for v in want)


def test_a_box_at_the_photos_top_edge_is_a_whole_die(reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if image.shape[1] == 3000:
            return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)
        return np.array([[300, 0.5, 360, 60]], np.float32), np.array([0.9], np.float32)

    monkeypatch.setattr(reader, "_detect_window", window)
    boxes, _ = reader.detect(np.zeros((1200, 3000, 3), np.uint8))
    assert len(boxes) == 3  # one per tile, none cut: the top is the photo's own edge


def test_in_a_column_of_two_tiles_a_box_2_5_px_from_the_inner_edge_is_whole(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []

    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h, w = image.shape[:2]
        if h == 2000:  # the whole photo
            return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)
        calls.append((h, w))
        if len(calls) == 1:  # the upper tile: one die 2.5 px above its lower edge, one cut by it
            boxes = [[100, h - 62.5, 160, h - 2.5], [400, h - 60, 460, h - 1.5]]
            return np.array(boxes, np.float32), np.array([0.9, 0.9], np.float32)
        return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)

    monkeypatch.setattr(reader, "_detect_window", window)
    boxes, _ = reader.detect(np.zeros((2000, 1200, 3), np.uint8))
    assert len(calls) == 2 and [round(b[0]) for b in boxes.tolist()] == [100]


def test_stage_timings_are_in_milliseconds(reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.dice.reader as module

    ticks = iter([10.0, 10.5, 10.75])
    monkeypatch.setattr(module.time, "perf_counter", lambda: next(ticks))
    result = _fixed(reader, monkeypatch, [], [], [])
    assert result.timings_ms == {"detect": 500.0, "classify": 250.0}


def test_both_networks_run_with_the_configured_threads() -> None:
    """The reader shares 2 cores with the tracker and the app: its sessions use the configured
    intra-op threads, one inter-op thread and every graph optimisation. (A reader of its own: a
    mutation run reruns only the tests it saw building one.)"""
    import onnxruntime as ort

    reader = DiceReader()
    for session in (reader.detector, reader.classifier):
        opts = session.get_session_options()
        assert opts.intra_op_num_threads == int(reader.config["threads"])
        assert opts.inter_op_num_threads == 1
        assert opts.graph_optimization_level == ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        assert session.get_providers() == ["CPUExecutionProvider"]


class _Input:
    name = "images"
    shape = ["batch", 3, 64, 64]


class _CountingClassifier:
    """A classifier of any batch size that answers "white-lab" for every crop and turn."""

    def __init__(self, columns: int) -> None:
        self.columns = columns
        self.batches: list[int] = []

    def get_inputs(self) -> list[_Input]:
        return [_Input()]

    def run(self, _outputs: Any, feeds: dict[str, np.ndarray]) -> list[np.ndarray]:
        batch = feeds["images"]
        self.batches.append(len(batch))
        out = np.zeros((len(batch), self.columns), np.float32)
        out[:, 0] = 1.0
        return [out]


@pytest.mark.parametrize(("rotations", "budget", "turns"),
                         [(1, 0, 1), (0, 0, 1), (2, 0, 2), (4, 0, 4), (4, 8, 4), (4, 7, 2), (4, 3, 1), (4, 1, 1)])
def test_each_crop_is_classified_in_the_configured_quarter_turns(
        reader: DiceReader, rotations: int, budget: int, turns: int) -> None:
    """classifier_rotations quarter turns per crop (at least one), all in one batch; with a crop
    budget (classifier_max_crops, 0 = none) the turns halve until the 2 crops fit in it (a tray of
    a dozen dice stays within its time), down to one turn whatever the budget."""
    original, config = reader.classifier, dict(reader.config)
    fake = _CountingClassifier(len(reader._output_to_class))
    try:
        reader.classifier = fake
        reader.config = {**config, "classifier_rotations": rotations, "classifier_max_crops": budget}
        boxes = np.array([[10, 10, 40, 40], [50, 50, 80, 80]], np.float32)
        probs = reader.classify(np.full((100, 100, 3), 128, np.uint8), boxes)
    finally:
        reader.classifier, reader.config = original, config
    assert fake.batches == [2 * turns]
    assert probs[:, reader._output_to_class[0]].tolist() == [1.0, 1.0]


def test_the_classifier_sees_rgb_crops_scaled_to_one(reader: DiceReader) -> None:
    """ultralytics trains on RGB in 0-1: a pure blue photo reaches the classifier as (0, 0, 1)."""
    seen: list[np.ndarray] = []

    class Recording(_CountingClassifier):
        def run(self, outputs: Any, feeds: dict[str, np.ndarray]) -> list[np.ndarray]:
            seen.append(feeds["images"])
            return super().run(outputs, feeds)

    original, config = reader.classifier, dict(reader.config)
    try:
        reader.classifier = Recording(len(reader._output_to_class))
        reader.config = {**config, "classifier_rotations": 1}
        blue = np.zeros((100, 100, 3), np.uint8)
        blue[:, :, 0] = 255
        reader.classify(blue, np.array([[20, 20, 80, 80]], np.float32))
    finally:
        reader.classifier, reader.config = original, config
    (batch,) = seen
    assert batch.dtype == np.float32 and batch.shape[:2] == (1, 3)
    assert [float(batch[0, c].min()) for c in range(3)] == [0.0, 0.0, 1.0]
    assert [float(batch[0, c].max()) for c in range(3)] == [0.0, 0.0, 1.0]


def test_a_die_likelier_cocked_than_any_face_is_reported_cocked_without_a_face(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _fixed(reader, monkeypatch, [[10, 10, 50, 50], [100, 10, 140, 50]], [0.9, 0.9],
                    [{0: 0.3, COCKED_COLUMN: 0.6}, {0: 0.6, COCKED_COLUMN: 0.3}])
    cocked, flat = result.dice
    assert (cocked.cocked, cocked.face_class, cocked.classifier_prob) == (True, None, pytest.approx(0.6))
    assert (flat.cocked, _name(flat)) == (False, "d6-1")
    # the face it would show if the players say it lies flat: never a reading by itself
    assert cocked.flat_face is not None and (cocked.flat_face.name, cocked.flat_prob) == ("d6-1", pytest.approx(0.3))
    assert (flat.flat_face, flat.flat_prob) == (None, 0.0)


def test_a_flat_die_of_another_kind_is_read_with_a_low_confidence_not_called_cocked(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a pip-dice table an Octo Dice face (likeliest to the classifier) is not a leaning die:
    cocked wins only above every face, allowed or not; without kinds the rule is the same."""
    table = np.zeros((2, COCKED_COLUMN + 1), np.float32)
    table[0, [8, 2, COCKED_COLUMN]] = 0.90, 0.02, 0.05  # a flat Octo Dice "lab" face
    table[1, [8, 2, COCKED_COLUMN]] = 0.10, 0.05, 0.80  # a leaning die
    monkeypatch.setattr(reader, "detect", lambda image: (np.array([[10, 10, 50, 50], [100, 10, 140, 50]], np.float32),
                                                         np.array([0.9, 0.9], np.float32)))
    monkeypatch.setattr(reader, "classify", lambda image, b: table.copy())
    flat, leaning = reader.read(np.zeros((480, 640, 3), np.uint8), ("d6",)).dice
    assert (flat.cocked, _name(flat)) == (False, "d6-3")
    assert flat.classifier_prob == pytest.approx(0.02)
    assert (leaning.cocked, leaning.face_class) == (True, None)
    flat, leaning = reader.read(np.zeros((480, 640, 3), np.uint8)).dice
    assert (flat.cocked, _name(flat), leaning.cocked) == (False, "white-lab", True)


def test_a_photo_file_is_read_with_the_kinds_asked(reader: DiceReader, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import cv2

    path = tmp_path / "tray.png"
    assert cv2.imwrite(str(path), np.full((64, 64, 3), 90, np.uint8))
    seen: list[Any] = []
    monkeypatch.setattr(reader, "read", lambda image, kinds=None: seen.append((image.shape, kinds)))
    reader.read_file(path, ("d6",))
    assert seen == [((64, 64, 3), ("d6",))]


def test_nothing_detected_gives_float32_boxes_and_scores(reader: DiceReader) -> None:
    boxes, scores = reader.detect(np.full((64, 64, 3), 90, np.uint8))
    assert (boxes.shape, scores.shape, boxes.dtype, scores.dtype) == ((0, 4), (0,), np.float32, np.float32)


def test_in_a_column_of_tiles_a_box_2_px_below_an_inner_top_edge_is_whole(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 3000x1200 (tall) photo is read in tiles one above the other; each reports a die touching
    its top edge (cut, but for the top tile: the photo's own edge) and one 2 px below it (whole)."""
    tops: list[int] = []

    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h, w = image.shape[:2]
        if h == 3000:
            return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)
        tops.append(h)
        return np.array([[100, 0.5, 160, 60], [400, 2.0, 460, 62]], np.float32), np.full(2, 0.9, np.float32)

    monkeypatch.setattr(reader, "_detect_window", window)
    boxes, _ = reader.detect(np.zeros((3000, 1200, 3), np.uint8))
    assert len(tops) >= 2
    xs = sorted(round(b[0]) for b in boxes.tolist())
    assert xs == [100] + [400] * len(tops)


class _FixedDetector:
    """A detector whose raw output (4 box rows + 1 score row, per anchor) is given."""

    def __init__(self, raw: np.ndarray) -> None:
        self.raw = raw

    def run(self, _outputs: Any, _feeds: dict[str, np.ndarray]) -> list[np.ndarray]:
        return [self.raw[None]]


def _detect_raw(reader: DiceReader, monkeypatch: pytest.MonkeyPatch, anchors: list[tuple[float, ...]],
                image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``reader._detect_window`` on ``image`` with the detector answering ``anchors`` (cx, cy, w,
    h, score in the letterboxed input's pixels)."""
    monkeypatch.setattr(reader, "detector", _FixedDetector(np.array(anchors, np.float32).T))
    return reader._detect_window(image)


def test_a_box_reaching_past_the_photo_is_cut_at_its_edges(reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    sh, sw = reader.input_hw
    image = np.zeros((sh, sw, 3), np.uint8)  # the detector's own size: no letterbox, no scale
    boxes, scores = _detect_raw(reader, monkeypatch, [(5.0, 6.0, 30.0, 30.0, 0.9),
                                                      (sw - 5.0, sh - 6.0, 30.0, 30.0, 0.8)], image)
    assert boxes.tolist() == [[0.0, 0.0, 20.0, 21.0], [sw - 20.0, sh - 21.0, float(sw), float(sh)]]
    assert boxes.dtype == np.float32 and scores.tolist() == pytest.approx([0.9, 0.8])


def test_a_detection_scored_exactly_at_the_threshold_is_kept(reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    sh, sw = reader.input_hw
    limit = float(np.float32(reader._detection_floor()))  # the weak detections' floor: the classifier judges those
    below = float(np.nextafter(np.float32(limit), np.float32(0)))
    boxes, _ = _detect_raw(reader, monkeypatch, [(50.0, 50.0, 20.0, 20.0, limit), (150.0, 50.0, 20.0, 20.0, below)],
                           np.zeros((sh, sw, 3), np.uint8))
    assert [round(b[0]) for b in boxes.tolist()] == [40]


def test_a_fixed_batch_classifier_gets_one_crop_per_run(reader: DiceReader) -> None:
    class FixedBatch(_CountingClassifier):
        def get_inputs(self) -> list[_Input]:
            one = _Input()
            one.shape = [1, 3, 64, 64]
            return [one]

    original, config = reader.classifier, dict(reader.config)
    fake = FixedBatch(len(reader._output_to_class))
    try:
        reader.classifier = fake
        reader.config = {**config, "classifier_rotations": 2, "classifier_max_crops": 0}
        probs = reader.classify(np.full((100, 100, 3), 128, np.uint8),
                                np.array([[10, 10, 40, 40], [50, 50, 80, 80], [5, 60, 35, 90]], np.float32))
    finally:
        reader.classifier, reader.config = original, config
    assert fake.batches == [1] * 6
    assert probs.dtype == np.float32 and probs.shape == (3, COCKED_COLUMN + 1)


def test_a_tie_between_cocked_and_the_best_face_reads_the_face(reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _fixed(reader, monkeypatch, [[10, 10, 50, 50]], [0.9], [{0: 0.45, COCKED_COLUMN: 0.45}])
    (die,) = result.dice
    assert (die.cocked, _name(die)) == (False, "d6-1")


def test_dice_are_listed_in_rows_of_40_px_then_left_to_right(reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    # tops at 50 px (row round(1.25) = 1) and 60 px (row round(1.5) = 2): the upper row first,
    # although the die at 60 px lies further left
    result = _fixed(reader, monkeypatch, [[100, 60, 140, 100], [200, 50, 240, 90]], [0.9, 0.9],
                    [{0: 0.9}, {1: 0.9}])
    assert [d.bbox[0] for d in result.dice] == [200.0, 100.0]


def test_in_a_column_of_tiles_a_box_touching_an_inner_bottom_edge_is_cut(
        reader: DiceReader, monkeypatch: pytest.MonkeyPatch) -> None:
    tiles: list[int] = []

    def window(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h, w = image.shape[:2]
        if h == 3000:
            return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)
        tiles.append(h)
        return (np.array([[100, h - 60, 160, h - 0.5], [400, 300, 460, 360]], np.float32),
                np.full(2, 0.9, np.float32))

    monkeypatch.setattr(reader, "_detect_window", window)
    boxes, _ = reader.detect(np.zeros((3000, 1200, 3), np.uint8))
    assert len(tiles) >= 3 and boxes.dtype == np.float32
    xs = sorted(round(b[0]) for b in boxes.tolist())
    assert xs == [100] + [400] * len(tiles)  # only the last tile's bottom is the photo's edge
