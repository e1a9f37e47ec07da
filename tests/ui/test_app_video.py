"""The app's video source through its real code: a film of a digital-twin game, written by
``tablesight demo --video-out``, played in the app under Xvfb from Home (source: video, who
starts), followed to the end of the film, every move confirmed and the scores equal to the
twin's truth. (The app's camera and video modes were once broken while every test passed,
because only the demo table was tested.)

Runs after tests/ui/test_app.py on the same app (one Kivy window per process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import Driver

REPO = Path(__file__).resolve().parents[2]
MOVES = 8


@pytest.fixture(scope="module")
def film(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("film") / "game.avi"
    done = subprocess.run([sys.executable, "-m", "ui.cli", "demo", "--players", "2", "--seed", "11", "--moves",
                           str(MOVES), "--illegal", "0", "--video-out", str(out), "--json"],
                          capture_output=True, text=True, timeout=300, cwd=REPO)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["moves_correct"] == MOVES and result["final_scores_match"]  # the film itself is sound
    assert out.is_file() and result["video_out"]["frames"] == result["frames"]
    return {"path": out, **result}


def test_the_app_follows_a_recorded_video_of_a_game(ui: Driver, film: dict[str, Any]) -> None:
    app = ui.app
    app.stop_game()
    ui.tap_nav("home")
    assert app.save_settings(video=str(film["path"])) == app.t("settings.saved")
    ui.tap(ui.widget("home", "players_2"))
    ui.tap(ui.widget("home", "source_video"))
    assert app.source == "video"
    rows = [row for row in ui.screen("home").walk() if getattr(row, "seat", None) == film["first_player"]
            and "starts" in getattr(row, "ids", {})]
    assert rows, "each seat row has its 'starts' choice"
    ui.tap(rows[0].ids.starts)
    assert app.first_player == film["first_player"]
    ui.tap(ui.widget("home", "start"))
    assert app.root.ids.screens.current == "play", app.home_message
    ui.until(lambda: app.frame_texture is not None, 60, "the first frame of the video")
    ui.until(lambda: app.ended, 240, "the end of the video")
    ui.pump(0.5)
    assert app.history_len == MOVES, f"{app.history_len} of {MOVES} moves followed from the video"
    assert list(app.scores) == film["truth_scores"]
    assert not app.alert and not app.question
    ui.shot("play_video")
