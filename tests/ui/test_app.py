"""The real app under Xvfb, tapped through like a player: Home -> Play on the demo table, an
injected illegal move, a question answered, undo, Score, History, Calibrate, Settings and the
language switch. One short demo game (2 players, 8 moves, few frames per move).

The tests share one app and run in file order (a Kivy process has one window)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.tracker.test_octocube_final_question import write_unseen_tile_log
from tests.ui.conftest import SIZE, Driver, visible_texts
from ui.i18n import tr
from ui.i18n.option_words import by_difference
from ui.i18n.sentences import translate_sentence

EN = json.loads((Path(__file__).resolve().parents[2] / "ui/i18n/en.json").read_text(encoding="utf-8"))
SEEN: dict[str, str] = {}
"""Tracker sentences met on the way (the alert's reason), shown again after a language switch."""


def _on_screen(widget) -> bool:
    x, y = widget.to_window(*widget.pos)
    return 0 <= x < SIZE[0] and 0 <= y < SIZE[1] and widget.opacity > 0


def test_home_taps_through_to_play_on_the_demo_table(ui: Driver) -> None:
    app = ui.app
    assert app.root.ids.screens.current == "home"
    ui.tap(ui.widget("home", "players_3"))
    assert app.players == 3
    ui.tap(ui.widget("home", "players_2"))
    ui.tap(ui.widget("home", "source_demo"))
    assert app.source == "demo"
    from tracker.registry import tracked_games

    for game in ("open_season", "octo_dice"):  # greyed and "coming" until the tracker follows it
        button = ui.widget("home", f"game_{game}")
        assert button.disabled == (game not in tracked_games())
        assert button.text.endswith(")") == (game not in tracked_games())
    assert app.game == "octocube" and ui.widget("home", "octocube_options").opacity == 1
    assert ui.widget("home", "open_season_options").height == 0
    # a short game with one illegal change and one question no later scene settles: with
    # InferenceConfig.seat_settles on, seed 3's one question (which pivot) is settled unasked; seed 7
    # asks which pivot Yellow did at Yellow's next turn, after the alert has cleared
    app.seed, app.illegal, app.demo_moves = 7, 1, 8
    ui.shot("home")
    ui.tap(ui.widget("home", "start"))
    assert app.root.ids.screens.current == "play"
    ui.until(lambda: app.frame_texture is not None, 60, "the first camera frame")
    ui.until(lambda: app.history_len >= 1, 90, "the first confirmed move")
    assert app.last_move, "the last move is shown"
    assert ui.widget("play", "last_move").text == app.last_move
    assert app.prompt.endswith(".") and "turn" in app.prompt
    assert ui.widget("play", "turn_label").text == app.prompt
    assert app.fps > 0 and "frames/s" in ui.widget("play", "fps").text
    assert len(ui.widget("play", "score_rows").children) == 2
    assert app.worker is not None and app.worker.alive
    import gc
    import os

    # what keeps UI frames short on a software renderer: long-lived objects out of the
    # collector's walks, and an opaque window visual (see ui/app/worker.py and ui/app/x11.py)
    assert gc.get_freeze_count() > 10_000
    assert os.environ.get("SDL_VIDEO_X11_VISUALID")
    ui.shot("play")
    ui.tap(ui.widget("play", "view_toggle"))  # the rectified table view, then back
    ui.until(lambda: app.last_view is not None and app.last_view.table_view, 30, "the table view")
    assert ui.widget("play", "view_toggle").text == "Camera"
    ui.shot("play_table_view")
    ui.tap(ui.widget("play", "view_toggle"))
    ui.until(lambda: not app.last_view.table_view, 30, "the camera view again")


def test_an_injected_illegal_move_raises_the_alert(ui: Driver) -> None:
    app = ui.app
    ui.until(lambda: app.alert, 120, "the illegal-move alert")
    box = ui.widget("play", "alert_box")
    ui.pump(0.3)
    assert _on_screen(box), "the alert is on screen"
    assert ui.widget("play", "alert_reason").text == app.alert
    assert "roll" in app.alert or "moved" in app.alert or "tile" in app.alert  # a reason in plain words
    assert "Undo" in ui.widget("play", "alert_way").text  # and the way back
    SEEN["alert"] = app.alert
    ui.shot("play_alert")
    # the simulated players put the pieces back: the alert goes away by itself
    ui.until(lambda: not app.alert, 120, "the alert to clear once the table is put back")
    ui.pump(0.3)
    assert not _on_screen(box)


def test_answering_a_question_updates_the_state(ui: Driver) -> None:
    app = ui.app
    ui.until(lambda: app.question and len(ui.widget("play", "option_buttons").children) == len(app.options) + 1,
             120, "a question to the players")
    assert _on_screen(ui.widget("play", "question_box"))
    before = app.history_len
    buttons = list(reversed(ui.widget("play", "option_buttons").children))
    assert [b.full_text for b in buttons[:-1]] == app.options
    # which pivot: the options lead with the degrees (DisplayConfig.options_by_difference), the
    # words they share shown once above them (tests/ui/test_app_provisional.py has the off control)
    split = by_difference(app.options)
    assert split is not None and [b.difference for b in buttons[:-1]] == list(split.differences)
    assert ui.widget("play", "question_shared").text == f"{split.shared}: which one?"
    assert buttons[-1].text == "None of these" and app.can_reject  # the tracker's question may be refused
    ui.shot("play_question")
    # the demo's simulated players know what happened (the worker waits for the answer meanwhile)
    tracked = app.worker.pipeline.tracked
    truth = app.worker.twin.truthful_answer(tracked.pending, tracked.state.history)
    assert truth is not None
    ui.tap(buttons[truth])
    ui.until(lambda: app.history_len > before and not app.question, 30, "the answer to be applied")
    assert app.last_move  # the chosen move is now the last move


def test_undo_takes_back_the_last_confirmed_move(ui: Driver) -> None:
    app = ui.app
    ui.until(lambda: app.ended, 120, "the end of the demo film")
    assert not app.camera_ok
    assert ui.widget("play", "camera_lost").text.startswith("Camera lost")
    ui.shot("play_camera_lost")
    before = app.history_len
    ui.tap(ui.widget("play", "undo"))
    ui.until(lambda: app.history_len == before - 1, 10, "the undo")
    assert app.status.startswith("Took back")


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_language_switch_changes_every_visible_string(ui: Driver, lang: str) -> None:
    app = ui.app
    ui.tap_nav("settings")
    ui.tap(ui.widget("settings", f"lang_{lang}"))
    assert app.lang == lang
    other = json.loads((Path(__file__).resolve().parents[2] / f"ui/i18n/{lang}.json").read_text(encoding="utf-8"))
    same_in_both = {v for k, v in EN.items() if other.get(k) == v}  # "Octocube", "Webcam", "Total" ...
    english_only = set(EN.values()) - same_in_both
    checked = 0
    for name in ("home", "calibrate", "play", "score", "history", "settings"):
        ui.tap_nav(name)
        ui.pump(0.2)
        texts = visible_texts(app.root)
        left = [t for t in texts if t in english_only or any(t.startswith(e) for e in english_only if len(e) > 12)]
        assert not left, f"{name}: still in English after switching to {lang}: {left}"
        checked += len(texts)
        if name in ("home", "play", "score", "settings"):
            ui.shot(f"{name}_{lang}")
    assert checked > 60
    # the engine's prompt comes from the worker thread, translated there
    ui.until(lambda: app.prompt and not app.prompt.startswith(("Red", "Yellow")), 10, "the translated prompt")
    assert ui.widget("play", "turn_label").text == app.prompt
    assert ("Rouler" in app.prompt) if lang == "fr" else ("Rollen" in app.prompt)
    # the engine's and the tracker's own sentences follow too: the last move, the event lines,
    # the History rows, and an illegal-move alert (the demo's real reason, shown again)
    ui.tap_nav("play")
    assert app.last_move
    shown = ui.widget("play", "last_move").text
    assert shown == translate_sentence(app.last_move, lang) != app.last_move
    colours = ("Rouge", "Jaune") if lang == "fr" else ("Rood", "Geel")
    assert shown.startswith(colours), shown
    assert "Took back" not in ui.widget("play", "status").text
    moves = [r["text"] for r in app.history_rows if f"{tr('event.move', lang)}:" in r["text"]]
    assert moves and all(any(c in t for c in colours) for t in moves), moves[:3]
    assert not any(" places the cube " in t or " rolls " in t for t in moves)
    from dataclasses import replace

    reason = SEEN.get("alert")
    assert reason, "the alert test ran first and saw the demo's illegal move"
    app._show(replace(app.last_view, alert=reason))  # as if the worker raised it again
    ui.pump(0.3)
    french = ui.widget("play", "alert_reason").text
    assert french == translate_sentence(reason, lang) != reason
    ui.shot(f"play_alert_{lang}")
    app._show(replace(app.last_view, alert=None))
    app.alert = ""
    ui.tap_nav("settings")
    ui.tap(ui.widget("settings", "lang_en"))
    assert ui.widget("root", "nav_home").text == "Home"


def test_history_lists_the_log_and_replays_it(ui: Driver) -> None:
    app = ui.app
    ui.tap_nav("history")
    rows = app.history_rows
    assert rows and any("Move:" in r["text"] for r in rows) and any("Undo:" in r["text"] for r in rows), (app.log_path, app.status, rows[:3])
    everyone = len(rows)
    ui.until(lambda: "moves played" in app.replay_text, 20, "the replayed state")
    assert f"{app.history_len} moves played" in app.replay_text
    filters = list(reversed(ui.widget("history", "filters").children))
    assert len(filters) == 3  # everyone, red, yellow
    ui.tap(filters[1])
    assert app.history_filter == 0
    assert 0 < len(app.history_rows) < everyone
    assert all(r["seat"] in (0, -1) for r in app.history_rows)
    ui.tap(filters[0])
    app.replay(0)
    ui.until(lambda: app.replay_text.startswith("0 moves played"), 20, "the replay at event 0")
    ui.shot("history")


def test_resume_an_unfinished_game_from_its_log(ui: Driver) -> None:
    from tracker.event_log import replay

    app = ui.app
    log = Path(app.log_path)
    moves = len(replay(log).state.history)
    app.stop_game()
    ui.tap_nav("home")
    app.refresh_saved()
    ui.pump(0.2)
    buttons = [b for b in ui.widget("home", "resume_list").children if log.stem in b.text]
    assert len(buttons) == 1 and f"{moves} moves" in buttons[0].text
    ui.tap(buttons[0])
    assert app.root.ids.screens.current == "play"
    ui.until(lambda: app.ready and app.frame_texture is not None, 60, "the resumed game's first frame")
    assert app.history_len >= moves and app.log_path == str(log)
    app.stop_game()


def _finished_game_log(home: Path) -> Path:
    """A whole Octocube game written as the tracker writes it (engine moves, seeded)."""
    from rules.octocube import OctocubeGame
    from tracker.event_log import EventLog

    state = OctocubeGame(3).new_initial_state(7)
    rng = random.Random(7)
    path = home / "logs" / "octocube-finished.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    with EventLog.create(path, state, players=["Ann", "Bob", "Cleo"], fsync=False, source="camera") as log:
        while not state.is_terminal():
            move = rng.choice(list(state.legal_moves()))
            log.move(state, move)
            state.push(move)
    return path


def test_a_finished_game_waiting_for_an_unseen_tile_resumes_and_asks(ui: Driver) -> None:
    """History's "resume" on such a game opens Play, where the tracker asks which tile it is; the
    Score screen would fail on a score nobody can count (ui/app/main.py ``_countable``)."""
    app = ui.app
    path = write_unseen_tile_log(app.home / "logs" / "octocube-unseen-tile.jsonl")
    ui.tap_nav("home")
    app.refresh_saved()
    ui.pump(0.2)
    buttons = [b for b in ui.widget("home", "resume_list").children if "octocube-unseen-tile" in b.text]
    assert len(buttons) == 1
    ui.tap(buttons[0])
    ui.pump(0.3)
    assert app.root.ids.screens.current == "play" and app.log_path == str(path)
    ui.until(lambda: "which tile" in app.question, 60, "the question about the tile nobody saw")
    app.stop_game()


def test_score_screen_shows_the_breakdown_step_by_step(ui: Driver) -> None:
    app = ui.app
    path = _finished_game_log(app.home)
    ui.tap_nav("home")
    app.refresh_saved()
    ui.pump(0.2)
    buttons = [b for b in ui.widget("home", "resume_list").children if "octocube-finished" in b.text]
    assert len(buttons) == 1
    ui.shot("home_resume")
    ui.tap(buttons[0])
    ui.pump(0.3)
    assert app.root.ids.screens.current == "score"
    b = app.breakdown
    assert b is not None and app.over and app.log_path == str(path)
    assert ui.widget("score", "score_title").text == "Final scores"
    cats = b.categories()
    assert app.score_step == 0 and app.score_steps == len(cats) >= 3
    ui.tap(ui.widget("score", "score_next"))
    ui.pump(0.2)
    table = ui.widget("score", "score_table")
    cells = [c.text for c in reversed(table.children)]
    assert cells[:4] == ["Category", "Ann", "Bob", "Cleo"]
    first = app.category(cats[0])
    assert cells[4] == first and cells[5:8] == [str(b.by_category(p)[cats[0]]) for p in range(3)]
    assert "Step 1 of" in ui.widget("score", "verdict").text
    assert "Winner" not in ui.widget("score", "verdict").text  # not before the last step
    ui.tap(ui.widget("score", "score_all"))
    ui.pump(0.2)
    cells = [c.text for c in reversed(table.children)]
    assert cells[-4:] == ["Total"] + [str(t) for t in b.totals()]
    assert len(cells) == 4 * (len(cats) + 2)
    verdict = ui.widget("score", "verdict").text
    winners = [["Ann", "Bob", "Cleo"][w] for w in b.winners]
    assert all(w in verdict for w in winners)
    assert (b.tie_break and b.tie_break in verdict) or "No tie" in verdict
    lines = ui.widget("score", "score_lines").text
    assert all(line.reason in lines for line in b.lines)
    ui.shot("score")
    # in Dutch every reason (and the tie-break, if any) is the translated sentence
    app.set_language("nl")
    ui.pump(0.2)
    lines = ui.widget("score", "score_lines").text
    assert all(translate_sentence(line.reason, "nl") in lines for line in b.lines)
    assert not any(line.reason in lines for line in b.lines if line.reason != translate_sentence(line.reason, "nl"))
    assert "punt" in lines
    assert [c.text for c in reversed(table.children)][1:4] == ["Ann", "Bob", "Cleo"]  # names stay names
    if b.tie_break:
        assert translate_sentence(b.tie_break, "nl") in ui.widget("score", "verdict").text
    ui.shot("score_reasons_nl")
    app.set_language("en")
    ui.pump(0.2)


def test_calibrate_finds_the_markers_and_saves_a_profile(ui: Driver) -> None:
    app = ui.app
    app.source = "demo"
    ui.tap_nav("calibrate")
    ui.until(lambda: app.calib_found == "0, 1, 2, 3", 60, "the four corner markers in the preview")
    assert ui.widget("calibrate", "calib_missing").text == "All corner markers are in view."
    ui.tap(ui.widget("calibrate", "find_table"))
    ui.until(lambda: app.calib_result, 60, "the calibration result")
    assert app.calib_result == "ok", app.calib_message
    ui.until(lambda: app.rectified_texture is not None, 10, "the rectified view")
    ui.tap(ui.widget("calibrate", "save_profile"))
    assert (app.home / "profile.json").is_file()
    assert app.calib_message.startswith("Profile saved")
    ui.shot("calibrate")


def test_calibration_failure_gives_advice(ui: Driver, tmp_path: Path) -> None:
    import cv2
    import numpy as np

    app = ui.app
    video = tmp_path / "blank.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"MJPG"), 5, (320, 180))
    for _ in range(40):
        writer.write(np.full((180, 320, 3), 90, np.uint8))
    writer.release()
    app.video_path, app.source = str(video), "video"
    ui.tap_nav("home")
    ui.tap_nav("calibrate")
    ui.until(lambda: app.calib_missing and app.calib_found == "", 30, "a preview without markers")
    ui.tap(ui.widget("calibrate", "find_table"))
    ui.until(lambda: app.calib_result == "failed", 30, "the calibration to fail")
    assert "marker" in app.calib_message
    assert ui.widget("calibrate", "calib_advice").text == EN["calib.advice"]
    assert ui.widget("calibrate", "save_profile").disabled
    ui.shot("calibrate_failed")
    app.source = "demo"
    ui.tap_nav("settings")


def test_calibrate_measures_a_bent_lens_on_the_markers_and_saves_it(ui: Driver, tmp_path: Path) -> None:
    """A webcam whose barrel bends the markers past calibration's 2.5 px (synthetic, k1 -0.15):
    the Calibrate screen failed with "calibrate its intrinsics and pass --profile", which the app
    cannot do. It now finds the table through the lens measured on the markers and saves both."""
    import cv2

    from calibration.profile import load_profile
    from calibration.synthetic import render_view

    app = ui.app
    saved_before = (app.home / "profile.json").read_bytes() if (app.home / "profile.json").is_file() else None
    bent = render_view(15.0, 10.0, image_size=(1280, 960), focal_px=860.0, dist=(-0.15, 0, 0, 0, 0)).image_bgr
    video = tmp_path / "bent.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"MJPG"), 5, (1280, 960))
    for _ in range(40):
        writer.write(bent)
    writer.release()
    app.video_path, app.source = str(video), "video"
    ui.tap_nav("home")
    ui.tap_nav("calibrate")
    ui.until(lambda: app.calib_found == "0, 1, 2, 3", 30, "the four corner markers in the preview")
    ui.tap(ui.widget("calibrate", "find_table"))
    ui.until(lambda: app.calib_result, 30, "the calibration result")
    assert app.calib_result == "ok", app.calib_message
    assert "its barrel was measured on them" in app.calib_message  # the players are told
    ui.tap(ui.widget("calibrate", "save_profile"))
    saved = load_profile(str(app.home / "profile.json"))
    assert saved.intrinsics is not None and float(saved.intrinsics.dist[0]) < -0.05
    assert saved.table is not None and saved.table.undistorted
    if saved_before is None:  # the later screens' tests find the app's profile as it was
        (app.home / "profile.json").unlink()
    else:
        (app.home / "profile.json").write_bytes(saved_before)
    app.source = "demo"
    ui.tap_nav("settings")


def test_settings_store_text_size_and_dice_port(ui: Driver) -> None:
    app = ui.app
    ui.tap_nav("settings")
    label = ui.widget("root", "nav_home")
    small = label.font_size
    ui.tap(ui.widget("settings", "size_large"))
    assert label.font_size > small
    ui.widget("settings", "dice_port").text = "/dev/ttyUSB0"
    ui.tap(ui.widget("settings", "save_settings"))
    saved = json.loads((app.home / "settings.json").read_text())
    assert saved["dice_port"] == "/dev/ttyUSB0" and saved["text_size"] == "large"
    ui.shot("settings")
    ui.tap(ui.widget("settings", "size_normal"))
