"""Open Season and Octo Dice in the app under Xvfb, tapped from Home like a player: the game, its
options (wall side and expert tiles; solo), Start, and the Play screen following the digital
twin's game: moves confirmed, the game's own prompt, the score rows; Octo Dice's choices that no
camera sees entered by the demo's players on the tablet.

Runs after tests/ui/test_app.py on the same app (one Kivy window per process)."""

from __future__ import annotations

import pytest

from tests.ui.conftest import Driver
from tracker.registry import tracked_games


@pytest.mark.skipif("open_season" not in tracked_games(), reason="Open Season is not followed at the table")
def test_open_season_from_home_to_play(ui: Driver) -> None:
    app = ui.app
    ui.tap_nav("home")
    ui.tap(ui.widget("home", "game_open_season"))
    assert app.game == "open_season"
    assert ui.widget("home", "open_season_options").height > 0 and ui.widget("home", "octocube_options").height == 0
    ui.tap(ui.widget("home", "side_shield"))
    ui.tap(ui.widget("home", "expert"))
    ui.tap(ui.widget("home", "players_3"))
    ui.tap(ui.widget("home", "source_demo"))
    assert app.game_options() == {"side": "shield", "expert": True}
    app.seed, app.illegal, app.demo_moves = 5, 0, 12
    ui.shot("home_open_season")
    ui.tap(ui.widget("home", "start"))
    assert app.root.ids.screens.current == "play", app.home_message
    # the twin's film is read through the pixels (vision/open_season), as a camera's would be
    ui.until(lambda: app.history_len >= 6, 120, "Open Season moves confirmed")
    state = app.worker.pipeline.tracked.state
    assert state.game.name == "open_season" and state.game.side == "shield" and state.game.expert
    assert len(ui.widget("play", "score_rows").children) == 3
    assert app.prompt and "turn" in app.prompt
    assert "pixels" in app.worker.pipeline.recogniser.name
    assert not any(e.key == "play.labels_only" for e in app.recent)
    ui.shot("play_open_season")
    app.stop_game()


@pytest.mark.skipif("octo_dice" not in tracked_games(), reason="Octo Dice is not followed at the table")
def test_octo_dice_solo_from_home_to_play(ui: Driver) -> None:
    app = ui.app
    ui.tap_nav("home")
    ui.tap(ui.widget("home", "game_octo_dice"))
    assert app.game == "octo_dice"
    ui.tap(ui.widget("home", "players_1"))
    assert app.players == 1 and app.game_options() == {"variant": "solo"}
    ui.tap(ui.widget("home", "source_demo"))
    app.seed, app.illegal = 2, 0
    ui.tap(ui.widget("home", "start"))
    assert app.root.ids.screens.current == "play", app.home_message
    ui.until(lambda: app.history_len >= 8, 240, "an Octo Dice turn followed from the pixels")
    history = app.worker.pipeline.tracked.state.history
    assert any(m.kind == "roll" for m in history)
    assert any(m.kind not in ("roll", "set_aside") for m in history), "the choices were entered on the tablet"
    assert len(ui.widget("play", "score_rows").children) == 1
    # the worker's views carry the drawn score sheet; Play shows it (Camera switches back)
    ui.until(lambda: app.sheet_view is not None and app.sheet_view.sheets[0].crossed() > 0, 240,
             "a circle crossed on the drawn sheet")
    app.worker.stop()  # the game stands still: the sheet on screen is the last view's
    ui.pump(0.3)
    sheet = ui.widget("play", "play_sheet").ids.sheet
    assert sheet.model == app.sheet_view.sheets[0] and sheet.drawn["crossed circles"] == sheet.model.crossed()
    assert ui.widget("play", "play_sheet").to_window(0, 0)[0] < 1280 and sheet.model.solo
    ui.shot("play_octo_dice_sheet")
    _set_a_misread_die_on_the_sheet_panel(ui)
    _say_a_die_called_cocked_lies_flat(ui)
    _say_the_camera_misread_it(ui)
    ui.tap(ui.widget("play", "sheet_toggle"))
    assert not app.sheet_shown and ui.widget("play", "frame").opacity == 1
    ui.shot("play_octo_dice")
    assert app.sheet_view.sheets[0].crossed() == sum(
        (lambda s: (s.crystals, s.research, bin(s.bots).count("1"), bin(s.subs).count("1")))(
            app.worker.pipeline.tracked.state.sheets[0]))
    ui.tap(ui.widget("play", "sheet_toggle"))
    app.stop_game()
    ui.tap_nav("home")
    ui.tap(ui.widget("home", "game_octocube"))  # leave Home as the other tests expect it
    ui.tap(ui.widget("home", "players_2"))


def _tap_offered_answer(ui: Driver, name: str, text_key: str, command: str, flag: str) -> None:
    """The answer button ``name`` shows only while the app's ``flag`` is set, with its words in the
    app's language; the tap queues ``command`` for the worker, clears the flag and hides the button
    at once. The worker is stopped, so the command waits in its queue."""
    app = ui.app
    button = ui.widget("play", name)
    assert button.disabled and button.opacity == 0  # nothing to answer: no button
    setattr(app, flag, True)
    ui.pump(0.3)
    assert not button.disabled and button.opacity == 1 and button.text == app.t(text_key, app.lang)
    ui.tap(button)
    assert (command, None) in list(app.worker._commands.queue)
    assert not getattr(app, flag)
    ui.pump(0.3)
    assert button.disabled and button.opacity == 0


def _say_a_die_called_cocked_lies_flat(ui: Driver) -> None:
    """A refused scene (a die called cocked) shows its message over the frame and "It lies flat"
    beside it; the tap goes to the worker's overrule (tests/ui/test_lies_flat.py follows a real one)."""
    ui.app.camera_message = ("the scene could not be read: a black die at (300, 400) mm is cocked (leaning, no "
                             "face up): re-roll it; the roll is read once every die lies flat")
    _tap_offered_answer(ui, "lies_flat", "play.lies_flat", "overrule", "refused")
    ui.app.camera_message = ""


def _say_the_camera_misread_it(ui: Driver) -> None:
    """An alarm the camera may have caused (a die called turned by hand) shows "The camera misread
    it" beside the message; the tap goes to the worker's misread command
    (tests/ui/test_camera_misread.py follows a real one)."""
    _tap_offered_answer(ui, "camera_misread", "play.misread", "misread", "misread")


def _set_a_misread_die_on_the_sheet_panel(ui: Driver) -> None:
    """The dice of the game's last roll are offered on the Play panel (one spinner per die, its
    face now); choosing another face in the spinner's list sends it to the worker. The worker is
    stopped here, so the command waits in its queue (tests/ui/test_worker.py follows it there)."""
    from dataclasses import replace

    from ui.app.octo_dice_sheet import face_words

    app = ui.app
    state = app.worker.pipeline.tracked.state.clone()
    while state.history[-1].kind != "roll":  # back to the last roll, as the tablet offers it
        state.pop()
    fixable = app.worker.pipeline.tracked.adapter.correctable(state)
    assert fixable, "the last roll's dice are settable"
    app.sheet_view = replace(app.sheet_view, fixable=fixable)
    ui.pump(0.3)
    panel = ui.widget("play", "play_sheet")
    spinners = [w for w in reversed(panel.ids.fix.children) if hasattr(w, "values")]
    die = fixable[0]
    label = face_words(die.value, "en")
    assert [s.key for s in spinners] == [c.key for c in fixable] and spinners[0].text == label
    assert [s.white for s in spinners] == [c.key.startswith("white") for c in fixable]
    assert len(spinners[0].values) == len(die.values)
    ui.shot("play_octo_dice_fix")
    face = next(f for f in die.values if f != die.value)
    ui.tap(spinners[0])  # the list of faces opens
    option = next(b for b in spinners[0]._dropdown.container.children if b.text == face_words(face, "en"))
    ui.tap(option)
    assert ("put_right", (die.key, face)) in list(app.worker._commands.queue)
    assert spinners[0].text == label  # the next view shows the roll as it then stands
