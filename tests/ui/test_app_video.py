"""The app's video and webcam sources through their real code: a film of a digital-twin game,
written by ``tablesight demo --video-out``, played in the app under Xvfb from Home (source, who
starts), followed to the end, every move confirmed, the illegal change flagged and cleared, the
scores equal to the twin's truth. The webcam is ``cv2.VideoCapture(0)`` replaying that film (no
camera on CI; see tests/conftest.py). (The app's camera and video modes were once broken while
every test passed, because only the demo table was tested.)

Runs after tests/ui/test_app.py on the same app (one Kivy window per process)."""

from __future__ import annotations

from typing import Any

from tests.ui.conftest import Driver


def _play_to_the_end(ui: Driver, film: dict[str, Any], source: str) -> None:
    """Home: two players, ``source``, who starts; Start; the whole recording; every move."""
    app = ui.app
    ui.tap(ui.widget("home", "players_2"))
    ui.tap(ui.widget("home", f"source_{source}"))
    assert app.source == source
    rows = [row for row in ui.screen("home").walk() if getattr(row, "seat", None) == film["first_player"]
            and "starts" in getattr(row, "ids", {})]
    assert rows, "each seat row has its 'starts' choice"
    ui.tap(rows[0].ids.starts)
    assert app.first_player == film["first_player"]
    ui.tap(ui.widget("home", "start"))
    assert app.root.ids.screens.current == "play", app.home_message
    ui.until(lambda: app.frame_texture is not None, 60, "the first frame of the video")
    alerts: list[str] = []

    def ended() -> bool:
        if app.alert and app.alert not in alerts:
            alerts.append(app.alert)
        return bool(app.ended)

    ui.until(ended, 240, "the end of the recording")
    ui.until(lambda: not app.alert, 10, "the illegal change's alert to clear (the table was put back)")
    moves = film["moves_total"]
    assert app.history_len == moves, f"{app.history_len} of {moves} moves followed"
    assert list(app.scores) == film["truth_scores"]
    assert not app.question
    assert len(alerts) == 1, alerts  # the injected illegal change was shown, and nothing else


def test_the_app_follows_a_recorded_video_of_a_game(ui: Driver, demo_film: dict[str, Any]) -> None:
    app = ui.app
    app.stop_game()
    ui.tap_nav("home")
    assert app.save_settings(video=str(demo_film["path"])) == app.t("settings.saved")
    _play_to_the_end(ui, demo_film, "video")
    ui.shot("play_video")


def test_the_app_follows_a_game_on_a_webcam(ui: Driver, webcam: dict[str, Any]) -> None:
    app = ui.app
    app.stop_game()
    ui.tap_nav("home")
    assert app.save_settings(camera_text="0") == app.t("settings.saved")
    _play_to_the_end(ui, webcam, "camera")
    assert webcam["opened"] == [0]
    ui.shot("play_webcam")
