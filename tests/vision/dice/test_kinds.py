"""Game context (issue 21, item 1): a reader told which dice are on the table never answers a
face of another kind; ``tablesight dice --kinds``; the Octo Dice pixel path asks for Octo Dice."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.dice.faces import CLASSES
from vision.dice.reader import COCKED_COLUMN, NONE_COLUMN, DiceReader, kind_mask
from vision.dice.synth import render_scene
from tests.cli_inprocess import run_cli


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader()


def _octo_photo() -> np.ndarray:
    """A rendered table of Octo Dice dice only (seed not used to train: the bench's style)."""
    rng = np.random.default_rng(2101)
    while True:
        img, dice = render_scene(rng, mix="octo", max_dice=6, die_px=(45, 80))
        if len(dice) >= 4:
            return img


def test_kind_mask_keeps_not_a_die_and_cocked() -> None:
    m = kind_mask(("d6",))
    assert m[NONE_COLUMN] == 1 and m[COCKED_COLUMN] == 1
    assert [c.kind for c, keep in zip(CLASSES, m) if keep] == ["d6"] * 6
    assert kind_mask(None).all()
    with pytest.raises(ValueError, match="dice kinds must be among"):
        kind_mask(("d8",))  # type: ignore[arg-type]


def test_octo_dice_photo_read_as_d6_only_gives_no_octo_faces(reader: DiceReader) -> None:
    img = _octo_photo()
    everything = reader.read(img)
    assert sum(d.kind in ("octo-white", "octo-black") for d in everything.dice) >= 3  # a real Octo Dice photo
    pips_only = reader.read(img, ("d6",))
    assert pips_only.dice, "the dice are still found"
    assert all(d.kind == "d6" or d.cocked for d in pips_only.dice)
    octo = reader.read(img, ("octo-white", "octo-black"))
    assert all(d.kind in ("octo-white", "octo-black") or d.cocked for d in octo.dice)


def test_a_reader_made_for_some_kinds_answers_only_those_when_read_asks_none() -> None:
    """The kinds a reader is made with are its table's (the Octo Dice set is chosen by them):
    ``read`` without its own ``kinds`` keeps to them. The Octo Dice benches read that way and
    were answered d6 faces by the Octo Dice set (bench/dice_accuracy.py: "false detection d6-2")."""
    img = _octo_photo()
    pips_reader = DiceReader(kinds=("d6",))
    assert pips_reader.read(img).dice, "the dice are still found"
    assert all(d.kind == "d6" or d.cocked for d in pips_reader.read(img).dice)
    asked = pips_reader.read(img, ("octo-white", "octo-black")).dice
    assert any(d.kind in ("octo-white", "octo-black") for d in asked), "read's own kinds still win"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("dice", *args)


def test_cli_kinds_d6_on_an_octo_dice_photo(tmp_path: Path) -> None:
    photo = tmp_path / "octo.png"
    cv2.imwrite(str(photo), _octo_photo())
    run = _cli(str(photo), "--kinds", "d6", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["kinds"] == ["d6"]
    assert data["dice"] and all(d["kind"] == "d6" and d["face"] in range(1, 7) for d in data["dice"] if not d["cocked"])
    run = _cli(str(photo), "--kinds", "octo", "--json")
    data = json.loads(run.stdout)
    assert data["kinds"] == ["octo-white", "octo-black"]
    assert all(d["kind"] in ("octo-white", "octo-black") for d in data["dice"] if not d["cocked"])
    text = _cli(str(photo), "--kinds", "d6")
    assert text.returncode == 0 and " d6 " in text.stdout and "octo" not in text.stdout.split("\n", 1)[1]


def test_cli_bad_kinds_is_one_line_exit_2(tmp_path: Path) -> None:
    photo = tmp_path / "octo.png"
    cv2.imwrite(str(photo), np.full((64, 64, 3), 128, np.uint8))
    run = _cli(str(photo), "--kinds", "d20")
    assert run.returncode == 2
    err = run.stderr.strip()
    assert err.count("\n") == 0 and "--kinds must be one of d6, octo, all" in err and "d20" in err and "Traceback" not in err
    assert run.stdout == ""


def test_octo_dice_pixel_path_asks_for_octo_dice_and_reports_cocked() -> None:
    """The tracker's pixel recogniser passes the Octo Dice kinds to the reader and turns a cocked
    reading into a cocked die (no face), white or black by its brightness."""
    from tracker.octo_dice.observation import ROLL_AREA
    from tracker.octo_dice.recogniser import OCTO_KINDS, DicePixelRecogniser
    from vision.dice.reader import DiceResult, DieReading

    asked: list[object] = []

    class Reader:  # the two stages the recogniser calls: detect, then read the boxes it keeps
        def detect(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            c = image.shape[0] / 2
            return np.array([[c - 20, c - 20, c + 20, c + 20]], np.float32), np.array([0.9], np.float32)

        def read_boxes(self, image: np.ndarray, boxes: np.ndarray, scores: np.ndarray,
                       kinds: object = None) -> DiceResult:
            asked.append(kinds)
            box = tuple(float(v) for v in boxes[0])
            return DiceResult([DieReading(box, None, 0.9, 0.9, 0.9, cocked=True)])  # type: ignore[arg-type]

    rec = DicePixelRecogniser(camera=None)
    rec._reader = Reader()
    x, y = (ROLL_AREA[0] + ROLL_AREA[2]) / 2, (ROLL_AREA[1] + ROLL_AREA[3]) / 2
    rec.candidates = lambda image: [(x, y)]  # type: ignore[method-assign]
    rec._view = lambda image, window, px_per_mm, height=16.0: np.full((192, 192, 3), 30, np.uint8)  # type: ignore[method-assign]
    obs = rec.read(np.zeros((10, 10, 3), np.uint8))
    assert asked == [OCTO_KINDS]
    assert len(obs.dice) == 1 and obs.dice[0].cocked and obs.dice[0].face is None and obs.dice[0].kind == "black"
    assert obs.dice[0].area == "roll"
