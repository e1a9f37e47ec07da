"""End-to-end dice reading with the shipped ONNX models: these fail if reading breaks."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from ui.cli import main
from vision.dice.errors import UnreadableImageError
from vision.dice.faces import CLASSES, class_of
from vision.dice.reader import DiceReader, load_image
from vision.dice.scoring import Tally, face_readings
from vision.dice.split import photos, read_labels

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader()


def test_held_out_real_photos_are_read(reader: DiceReader, shared_data: Path) -> None:
    root = shared_data / "dice-photos"
    tally = Tally()
    for p in photos(root, "test"):
        img = load_image(p)
        truth = [(class_of("d6", f), b) for f, b in read_labels(root, p, img.shape[1], img.shape[0])]
        tally.add(p.name, truth, face_readings(reader.read(img).dice))
    assert tally.labels > 150
    recall, precision, face = tally.figures(nested_too=True)
    # Regression floors just below the measured figures (bench/dice_accuracy.py: recall 98.8 %,
    # precision 100 %, face 99.4 %, a die counted as found when its labelled pips lie in the
    # reported top face); the 99 % recall target is NOT met, see models/dice.md.
    assert recall >= 0.97, "\n".join(tally.report("held-out real photos", 0.99))
    assert precision >= 0.97, "\n".join(tally.report("held-out real photos", 0.99))
    assert face >= 0.98, "\n".join(tally.report("held-out real photos", 0.99))


def test_synthetic_octo_dice_are_read(reader: DiceReader) -> None:
    from vision.dice.synth import render_scene

    rng = np.random.default_rng(424242)  # not a training seed
    tally = Tally()
    for i in range(20):
        img, dice = render_scene(rng, mix="octo", max_dice=5, die_px=(40, 90))
        found = face_readings(reader.read(img).dice)
        tally.add(f"octo#{i}", [(d.class_index, d.bbox) for d in dice], found)
    assert tally.labels >= 30
    recall, precision, face = tally.figures()
    # regression floors below the measured figures (bench: recall 99.0 %, face accuracy 98.8 %);
    # the 99.5 % face-accuracy target is not met yet
    report = "\n".join(tally.report("synthetic Octo Dice", None, 0.995))
    assert recall >= 0.93 and precision >= 0.9, report
    assert face >= 0.95, report


def _table_without_dice(seed: int) -> np.ndarray:
    """A synthetic table with eight non-dice objects and no die (vision/dice/synth.py)."""
    from vision.dice.synth import render_table_without_dice

    return render_table_without_dice(seed)


# Scenes of _table_without_dice whose every detection the classifier calls "not a die" with a
# probability above 0.9, one of them scored at least detector_min_score (a weaker one needs a
# sure face anyway), measured on the shipped models (run 13's detector with run 12's classifier;
# seeds 600-1199 scanned, the threshold choice's tables being 0-599: the detector fires down to
# its weak floor on 93 of them and a die is reported on 56; each model fires on other tables, so
# the scenes are picked again for each model)...
SURELY_NOT_DICE = (661, 774, 989, 1031, 1169)
# ...and scenes whose detections it calls "not a die" with a probability between 0.3 and 0.9:
# only the configured none_class_max_prob (0.3) drops these.
DOUBTFUL_NOT_DICE = (725, 962, 1144)


def test_photo_without_dice_gives_empty_list(reader: DiceReader) -> None:
    """Empty tables read as no dice, including tables where the detector does fire on a non-die
    object and only the classifier's "not a die" class rejects it."""
    from vision.dice.synth import _wood

    rng = np.random.default_rng(3)
    wood = np.clip(_wood(rng, 480, 640), 0, 255).astype(np.uint8)
    grey = np.full((480, 640, 3), 128, np.uint8)
    for img in (wood, grey):
        assert reader.read(img).dice == []
    for seed in SURELY_NOT_DICE:
        img = _table_without_dice(seed)
        boxes, _ = reader.detect(img)
        assert len(boxes) >= 1, f"seed {seed}: the detector no longer fires here, pick another scene"
        none_prob = reader.classify(img, boxes)[:, len(CLASSES)]
        assert (none_prob > 0.9).all(), f"seed {seed}: not-a-die probabilities {none_prob}"
        assert reader.read(img).dice == [], f"seed {seed}: a non-die object was reported as a die"


def test_doubtful_detections_are_dropped_at_the_configured_threshold(reader: DiceReader) -> None:
    """The classifier is only somewhat sure (30-90 %) these detections are not dice: with
    none_class_max_prob at 0.3 they are dropped; a looser threshold would report them."""
    assert reader.config["none_class_max_prob"] <= 0.3
    for seed in DOUBTFUL_NOT_DICE:
        img = _table_without_dice(seed)
        boxes, _ = reader.detect(img)
        assert len(boxes) >= 1, f"seed {seed}: the detector no longer fires here, pick another scene"
        none_prob = reader.classify(img, boxes)[:, len(CLASSES)]
        assert (none_prob > 0.3).all() and (none_prob < 0.9).any(), f"seed {seed}: {none_prob}"
        assert reader.read(img).dice == [], f"seed {seed}: a doubtful non-die was reported as a die"


def test_rejection_is_what_empties_those_tables() -> None:
    """The same scenes read with the rejection loosened report dice: the two tests above would
    catch a reader that stopped rejecting (so they do exercise the "not a die" path)."""
    loose = DiceReader()
    loose.config["none_class_max_prob"] = 1.0  # nothing is rejected
    assert all(loose.read(_table_without_dice(s)).dice for s in SURELY_NOT_DICE + DOUBTFUL_NOT_DICE)
    looser = DiceReader()
    looser.config["none_class_max_prob"] = 0.9
    assert sum(bool(looser.read(_table_without_dice(s)).dice) for s in DOUBTFUL_NOT_DICE) >= 3


def test_corrupt_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    with pytest.raises(UnreadableImageError, match="broken.jpg: not a readable image"):
        load_image(bad)
    assert main(["dice", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "broken.jpg" in err and "Traceback" not in err
    assert main(["dice", str(tmp_path / "missing.png")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_json_output_shape_and_annotation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vision.dice.synth import render_scene

    rng = np.random.default_rng(11)
    dice: list = []
    while len(dice) < 2:
        img, dice = render_scene(rng, mix="all", max_dice=4, die_px=(50, 80))
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), img)
    assert main(["dice", str(photo), "--json", "--annotate", str(tmp_path / "out")]) == 0
    data = json.loads(capsys.readouterr().out.strip())
    assert set(data) == {"image", "dice", "ms", "kinds"} and data["image"] == str(photo)
    assert data["kinds"] == ["d6", "octo-white", "octo-black"]  # --kinds all, the default
    assert isinstance(data["ms"], float) and data["ms"] > 0
    assert 1 <= len(data["dice"]) <= len(dice) + 2
    for d in data["dice"]:
        assert set(d) == {"bbox", "kind", "face", "cocked", "confidence"}
        if d["cocked"]:  # a leaning die is reported, never read
            assert d["kind"] is None and d["face"] is None
            continue
        assert len(d["bbox"]) == 4 and d["bbox"][0] < d["bbox"][2] and d["bbox"][1] < d["bbox"][3]
        assert 0 <= d["confidence"] <= 1
        if d["kind"] == "d6":
            assert d["face"] in range(1, 7)
        elif d["kind"] == "octo-white":
            assert d["face"] in ("crystal", "research", "lab", "bot", "submarine", "octopod")
        else:
            assert d["kind"] == "octo-black"
            assert d["face"] == "octopod" or set(d["face"]) == {"colour", "number"}
    annotated = cv2.imread(str(tmp_path / "out" / "table_dice.png"))
    assert annotated is not None and annotated.shape == img.shape
    assert np.abs(annotated.astype(int) - img.astype(int)).sum() > 0  # something was drawn


def test_tiles_cover_a_large_photo_with_overlap() -> None:
    from vision.dice.reader import _tiles

    w, h, tile = 4032, 3024, 1280
    tiles = _tiles(w, h, tile)
    assert len(tiles) == 4 * 3
    covered = np.zeros((h, w), bool)
    for x0, y0, x1, y1 in tiles:
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
        covered[y0:y1, x0:x1] = True
    assert covered.all()
    xs = sorted({t[0] for t in tiles})
    width = tiles[0][2] - tiles[0][0]
    assert min(b - a for a, b in zip(xs, xs[1:])) <= width - 0.15 * tile  # neighbours overlap
    ys = sorted({t[1] for t in tiles})
    height = tiles[0][3] - tiles[0][1]
    assert max(b - a for a, b in zip(ys, ys[1:])) <= height - 0.15 * tile  # rows overlap as much


def test_small_dice_in_a_large_photo_are_found(reader: DiceReader) -> None:
    """A 2560x1920 photo of a whole table: dice of 60-100 px shrink to 8-12 px in one pass at
    320 px, where the detector misses some; the tiled pass (detector_tile_px) finds them."""
    from vision.dice.synth import render_scene

    rng = np.random.default_rng(98)
    canvas = np.zeros((1920, 2560, 3), np.uint8)
    truth: list = []
    for i in range(16):
        img, dice = render_scene(rng, mix="d6", max_dice=3, die_px=(60, 100))
        y, x = divmod(i, 4)
        canvas[y * 480 : (y + 1) * 480, x * 640 : (x + 1) * 640] = img
        truth += [(d.class_index, (d.bbox[0] + x * 640, d.bbox[1] + y * 480, d.bbox[2] + x * 640, d.bbox[3] + y * 480)) for d in dice]
    assert len(truth) >= 15
    one_pass = DiceReader()
    one_pass.config["detector_tile_px"] = 0
    figures = []
    for r in (reader, one_pass):
        tally = Tally()
        tally.add("mosaic", truth, face_readings(r.read(canvas).dice))
        figures.append((tally.figures(), "\n".join(tally.report("2560x1920 mosaic", None))))
    (recall, precision, face), report = figures[0]
    # precision 0.75, not 0.8 since run 10 (models/dice.md): one tile's checkerboard tablecloth has
    # six squares read as dice (run 8: one, and four called cocked, which this tally leaves out);
    # over 200 tables without dice run 10 reports fewer false dice (test_model_sets.py)
    assert recall >= 0.9 and precision >= 0.75 and face >= 0.9, report
    assert recall > figures[1][0][0], "tiling found no more dice than one pass"


def test_digital_twin_octo_dice_tables_are_read(reader: DiceReader) -> None:
    """Another renderer with its own die art (vision/render), rectified top-down: the reader was
    trained on our art and part of the twin's shapes; this fails if it stops reading the twin's."""
    from vision.dice.twin import twin_tables

    tally = Tally()
    for i, (view, truth) in enumerate(twin_tables(31337, 3)):  # neither the bench's nor the tuning seed
        tally.add(f"twin#{i}", truth, face_readings(reader.read(view).dice))
    assert tally.labels >= 15
    recall, precision, face = tally.figures()
    report = "\n".join(tally.report("digital twin", None, 0.995))
    # floors below the bench (recall 95.6 %, precision 98.7 %, faces 99.7 %); run 5, trained on
    # our art alone, read 75 % of these faces (18/24)
    assert recall >= 0.85 and precision >= 0.9, report
    assert face >= 0.95, report
