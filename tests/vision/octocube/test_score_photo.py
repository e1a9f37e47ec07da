"""``tablesight score``: a finished Octocube table from one photo, through the real CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from rules.octocube.components import Tile
from rules.octocube.scoring import final_scoring
from tests.images import read_image
from tests.cli_inprocess import run_cli

ROOT = Path(__file__).resolve().parents[3]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    out = tmp_path_factory.mktemp("end")
    res = _cli("render", "octocube", "--seed", "3", "--count", "1", "--out", str(out), "--end",
               "--players", "2", "--tilt", "20", "--width", "1920", "--height", "1080", "--png")
    assert res.returncode == 0, res.stderr
    gt_path = next((out / "gt").glob("*.json"))
    gt = json.loads(gt_path.read_text())
    return out / gt["image"], gt["end"], gt


def test_json_scores_every_player_from_what_was_read(table: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    photo, truth, _ = table
    res = _cli("score", str(photo), "--game", "octocube", "--players", "2", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert [p["seat"] for p in out["players"]] == [0, 1]
    assert [p["colour"] for p in out["players"]] == [p["colour"] for p in truth["players"]]
    for p in out["players"]:
        assert p["total"] == sum(line["points"] for line in p["lines"])
        assert p["range"][0] <= p["total"] <= p["range"][1]
        assert {line["category"] for line in p["lines"]} <= {"tokens", "coins", "colours", "objects"}
    # the board spaces' tiles are read (which spaces hold which tile)
    for p in truth["players"]:
        assert set(out["reading"][p["colour"]]["board"]) == set(p["board"])
    # the totals are the engine's final scoring of the reading, not a number of their own
    reading = out["reading"]
    tiles, coins, tokens = [], [], []
    for p in out["players"]:
        r = reading[p["colour"]]
        tiles.append([Tile.from_json(label) for label, c in r["board"].items() for _ in range(c["count"])])
        coins.append(r["coins"]["count"] if r["coins"] else 0)
        tokens.append(sum(t["value"] * t["count"] for t in r["tokens"]))
    sheet = final_scoring(tokens, coins, tiles)
    assert [p["total"] for p in out["players"]] == sheet.totals()
    # every doubt names its range and the totals it moves
    for d in out["doubts"]:
        assert d["range"][0] <= d["read"] <= d["range"][1]
        for colour, (lo, hi) in d["score_range"].items():
            assert lo < hi
            whole = next(p["range"] for p in out["players"] if p["colour"] == colour)
            assert whole[0] <= lo and hi <= whole[1]  # one doubt never spans more than all of them


def test_answering_the_doubts_with_the_truth_gives_the_engines_scores(
        table: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    photo, truth, _ = table
    first = json.loads(_cli("score", str(photo), "--game", "octocube", "--players", "2", "--json").stdout)
    answers = []
    by_colour = {p["colour"]: p for p in truth["players"]}
    for d in first["doubts"]:
        words = d["key"].split(" ")
        if words[0] == "board":
            colour, label = words[1], " ".join(words[2:])
            answers += ["--answer", f"{d['key']}={by_colour[colour]['board'][label]}"]
        elif words[0] == "coins":
            answers += ["--answer", f"{d['key']}={by_colour[words[1]]['coins']}"]
    res = _cli("score", str(photo), "--game", "octocube", "--players", "2", "--json", *answers)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert [p["total"] for p in out["players"]] == truth["scores"]
    assert not [d for d in out["doubts"] if d["key"].startswith(("board", "coins"))]


def test_words_without_json(table: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    photo, truth, _ = table
    res = _cli("score", str(photo), "--game", "octocube", "--players", "2")
    assert res.returncode == 0, res.stderr
    for p in truth["players"]:
        assert f"{p['colour'].capitalize()}: " in res.stdout
    assert "Winner: " in res.stdout


def _one_line_error(res: subprocess.CompletedProcess[str]) -> str:
    assert res.returncode == 2, res.stdout + res.stderr
    assert res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tablesight score: error: "), res.stderr
    return lines[0]


def test_bad_input_is_one_line_and_no_score(tmp_path: Path, table: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    photo, _, gt = table
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    assert "not an image" in _one_line_error(_cli("score", str(text), "--game", "octocube", "--players", "2"))
    assert "no such file" in _one_line_error(_cli("score", str(tmp_path / "x.jpg"), "--game", "octocube",
                                                  "--players", "2"))
    # a photo of something else: no markers, and how to get them
    rng = np.random.default_rng(1)
    other = tmp_path / "other.png"
    scene = np.full((720, 1280, 3), 120, np.uint8)
    for _ in range(40):  # a cluttered photo of something else
        x, y = int(rng.integers(0, 1200)), int(rng.integers(0, 650))
        colour = tuple(int(c) for c in rng.integers(0, 255, 3))
        cv2.rectangle(scene, (x, y), (x + int(rng.integers(20, 200)), y + int(rng.integers(20, 150))), colour, -1)
    cv2.imwrite(str(other), scene)
    line = _one_line_error(_cli("score", str(other), "--game", "octocube", "--players", "2"))
    assert "found none of the corner markers" in line and "tablesight markers" in line
    # the wrong player count: no board where the third player's should be
    line = _one_line_error(_cli("score", str(photo), "--game", "octocube", "--players", "3"))
    assert "no player board where the west player's should be" in line
    assert "not available for 'octo_dice'" in _one_line_error(
        _cli("score", str(photo), "--game", "octo_dice", "--players", "2"))
    # an Open Season photo needs the side of the walls played
    assert "--side horn or --side shield" in _one_line_error(
        _cli("score", str(photo), "--game", "open_season", "--players", "2"))
    # a board cut off: the same table seen so that the south-east corner falls out of the frame
    img = read_image(photo)
    h, w = img.shape[:2]
    table_to_img = np.array(gt["homography_table_to_image"])
    src = np.array([[-60, -60], [660, -60], [-60, 660], [600, 600]], np.float32)
    dst = np.array([[0.06 * w, 0.06 * h], [0.94 * w, 0.06 * h], [0.06 * w, 0.94 * h],
                    [0.8 * w, 1.08 * h]], np.float32)
    new = cv2.getPerspectiveTransform(src, dst) @ np.linalg.inv(table_to_img)
    cut = tmp_path / "cut.png"
    cv2.imwrite(str(cut), cv2.warpPerspective(img, new, (w, h)))
    line = _one_line_error(_cli("score", str(cut), "--game", "octocube", "--players", "2"))
    assert "red's board (south side) is partly outside the photo" in line


def test_interactive_asks_the_doubts_that_move_a_total(table: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    """On a terminal (no --json) each count that moves a total is asked; Enter keeps the reading."""
    import os
    import select

    photo, _, _ = table
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "score", str(photo), "--game", "octocube",
                             "--players", "2"], cwd=ROOT, stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    seen = b""
    asked = 0
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError(f"no output for 60 s; so far: {seen[-400:]!r}")
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        while b", Enter = " in seen.split(b"\n")[-1] and seen.rstrip().endswith(b"]"):
            asked += 1
            os.write(master, b"\n")
            seen += b"\n"
    assert proc.wait(timeout=60) == 0
    text = seen.decode(errors="replace")
    assert asked >= 1 and "tiles are stacked on" in text
    assert "Winner: " in text


def test_the_recogniser_reads_the_mode_played(table: tuple[Path, dict[str, Any], dict[str, Any]],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An advanced game's abyss tiles show power sides B-I, the centre too: the reader must know the
    mode, or its rule that the centre shows A alone (outside the advanced game) reads them wrong."""
    import vision.octocube.recogniser as recogniser

    modes: list[str] = []
    real = recogniser.OctocubeRecogniser

    def recording(*args: Any, **kwargs: Any) -> Any:
        rec = real(*args, **kwargs)
        modes.append(rec.mode)
        return rec

    monkeypatch.setattr(recogniser, "OctocubeRecogniser", recording)  # score_photo imports it when called
    photo, _, _ = table
    res = _cli("score", str(photo), "--game", "octocube", "--players", "2", "--mode", "advanced", "--json")
    assert res.returncode == 0, res.stderr
    assert modes == ["advanced"]  # before: "standard" whatever the mode played
