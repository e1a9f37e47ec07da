"""``tablesight demo --game octo_dice`` through the real entry point: a filmed game (renderer ->
camera source -> calibration -> stillness gate -> ground-truth reader -> tracker) and its figures."""

from __future__ import annotations

import json
import subprocess
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


def test_octo_dice_demo_json_follows_the_game_and_reports_the_reading() -> None:
    # seed 90002: a die lands cocked in these two turns (the players re-roll it)
    proc = _cli("demo", "--game", "octo_dice", "--players", "2", "--variant", "virtual", "--seed", "90002",
                "--illegal", "1", "--turns", "2", "--resolution", "640x360", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    for key in ("moves_total", "moves_correct", "illegal_injected", "illegal_flagged", "false_alarms",
                "questions_asked", "frames", "final_scores_match", "rolls_total", "rolls_read_right",
                "dice_read_right", "cocked_found", "cocked_overruled"):
        assert key in data, key
    assert data["moves_total"] > 10 and data["moves_correct"] == data["moves_total"]
    assert data["illegal_injected"] == data["illegal_flagged"] == 1 and data["false_alarms"] == 0
    assert data["rolls_total"] >= 8 and data["rolls_read_right"] == data["rolls_total"]
    assert data["cocked_total"] >= 1 and data["cocked_found"] == data["cocked_total"]
    assert data["cocked_overruled"] == 0  # the die really leans: the players re-roll it, never "it lies flat"
    assert data["dice_read_right"] == data["dice_total"] > 0
    assert data["final_scores_match"] is True and data["recogniser"].startswith("ground truth")


def test_octo_dice_demo_text_names_the_illegal_change_and_the_tablet_entries() -> None:
    proc = _cli("demo", "--game", "octo_dice", "--players", "1", "--seed", "90003", "--illegal", "1",
                "--turns", "1", "--resolution", "640x360")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "demo: octo_dice (solo), 1 player(s)" in out
    assert "ILLEGAL: " in out and "alert cleared" in out
    assert "tablet: move: Player 1" in out
    assert "illegal flagged: 1/1; false alarms: 0" in out and "final scores match the truth" in out


def test_octo_dice_demo_bad_options_are_one_clear_line() -> None:
    for args, message in ((["--players", "5"], "octo_dice is for 1-4 players, not 5"),
                          (["--players", "3", "--variant", "solo"], "the solo game is for 1 player, not 3"),
                          (["--players", "2", "--turns", "-1"], "must not be negative"),
                          (["--players", "3", "--variant", "virtual"], "virtual-player variant is for 2 players")):
        proc = _cli("demo", "--game", "octo_dice", *args)
        assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_octo_dice_demo_through_the_pixels() -> None:
    """The dice read from the rendered frames (mat-colour candidates, the ONNX dice reader)."""
    proc = _cli("demo", "--game", "octo_dice", "--players", "1", "--seed", "90010", "--illegal", "1",
                "--turns", "1", "--recogniser", "pixels", "--resolution", "1920x1080", "--tilt", "20", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert data["recogniser"].startswith("vision.dice (pixels")
    assert data["rolls_total"] == 3 and data["dice_total"] >= 30
    assert data["dice_read_right"] >= 0.9 * data["dice_total"]
    assert data["illegal_flagged"] == 1 and data["moves_correct"] == data["moves_total"] == 6


def test_markers_writes_the_octo_dice_mat(tmp_path) -> None:
    from tests.images import read_image

    out = tmp_path / "mat.png"
    proc = _cli("markers", "--mat", "octo_dice", "--out", str(out), "--dpi", "72")
    assert proc.returncode == 0, proc.stderr
    assert "the Octo Dice mat" in proc.stdout
    image = read_image(out)
    assert image.shape[:2] == (1191, 842)  # A3 portrait at 72 dpi
    from tracker.octo_dice.observation import ASIDE_AREA, ASIDE_RGB, MAT_SHEET, ROLL_AREA, ROLL_RGB

    for (x0, y0, x1, y1), rgb in ((ASIDE_AREA, ASIDE_RGB), (ROLL_AREA, ROLL_RGB)):
        u = int(((x0 + x1) / 2 - MAT_SHEET[0]) * 72 / 25.4)
        v = int(((y0 + y1) / 2 - MAT_SHEET[1]) * 72 / 25.4)
        assert tuple(int(c) for c in image[v, u][::-1]) == rgb
    proc = _cli("markers", "--mat", "octo_dice", "--out", str(tmp_path / "mat.txt"))
    assert proc.returncode == 2 and "must end in .pdf or .png" in proc.stderr
