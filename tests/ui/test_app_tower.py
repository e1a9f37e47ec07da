"""The dice tower in the app (docs/tower.md), through its real buttons and a simulated tower on
a pty: Settings' Test and Find, then Play showing the tower's state (ready, rolling, jammed,
lost) and its Release button opening the gate.

Runs on the shared app (one Kivy window per process); leaves it on Home with the port it found."""

from __future__ import annotations

import json
from pathlib import Path

from hardware.tower.simulator import TowerSimulator
from tests.ui.conftest import Driver


def test_settings_test_then_play_shows_the_tower(ui: Driver, tmp_path: Path) -> None:
    app = ui.app
    before = app.dice_port
    with TowerSimulator(link=tmp_path / "tower", settle_ms=60) as sim:
        ui.tap_nav("settings")
        field = ui.widget("settings", "dice_port")
        field.text = str(tmp_path / "absent")
        ui.tap(ui.widget("settings", "tower_test"))
        ui.until(lambda: "no such port" in app.tower_test, 10, "the test of a missing port to fail plainly")
        field.text = sim.link
        ui.tap(ui.widget("settings", "tower_test"))
        ui.until(lambda: app.tower_test.startswith("tower v1.0 answered in "), 10, "the tower's answer")
        assert ui.widget("settings", "tower_test_result").text == app.tower_test
        ui.shot("settings_tower")
        ui.tap(ui.widget("settings", "save_settings"))
        assert json.loads((app.home / "settings.json").read_text())["dice_port"] == sim.link

        ui.tap_nav("home")
        ui.tap(ui.widget("home", "players_2"))
        ui.tap(ui.widget("home", "source_demo"))
        app.seed, app.illegal, app.demo_moves = 2, 0, 4
        ui.tap(ui.widget("home", "start"))
        assert app.root.ids.screens.current == "play"
        state = ui.widget("play", "tower_state")
        ui.until(lambda: app.tower_text == "Tower ready", 15, "the tower to connect")
        assert state.text == "Tower ready" and state.opacity == 1
        seen: list[str] = []
        app.bind(tower_text=lambda _a, text: seen.append(text))
        worker = app.worker
        assert worker is not None
        requests: list[bool] = []
        real_request = worker.request_read

        def counting_request() -> None:
            requests.append(True)
            real_request()

        worker.request_read = counting_request
        sim.roll(3, 20)
        ui.until(lambda: "Tower: rolling, 3 so far" in seen and app.tower_text == "Tower ready", 10,
                 "a roll of three dice shown as it falls, then ready again")
        ui.until(lambda: len(requests) == 1, 5, "the settled roll to ask the pipeline for a read")
        ui.tap(ui.widget("play", "tower_release"))
        ui.until(lambda: sim.gate_opened == 1, 10, "the release button to open the tower's gate")
        sim.jam(1.5)
        ui.until(lambda: app.tower_text == "Tower jammed: clear the exit", 10, "the jam")
        assert app.tower_trouble  # shown in orange
        ui.shot("play_tower_jam")
        ui.until(lambda: app.tower_text == "Tower ready", 10, "the jam to clear")
        sim.unplug(1.0)
        ui.until(lambda: app.tower_text == "Tower lost: reconnecting", 10, "the unplugged tower")
        assert ui.widget("play", "tower_release").disabled
        ui.until(lambda: app.tower_text == "Tower ready", 10, "the tower back")
        app.stop_game()
        assert app.tower_text == "" and app.tower is None
    app.dice_port = before
    app.save_settings()
    ui.tap_nav("home")


def test_a_game_without_a_tower_says_so_and_goes_on(ui: Driver, tmp_path: Path) -> None:
    app = ui.app
    before = app.dice_port
    app.dice_port = str(tmp_path / "unplugged")
    app.source, app.demo_moves = "demo", 4
    app.start_game()
    try:
        ui.until(lambda: app.tower_text.startswith("No tower (cannot open"), 10, "the plain line")
        assert app.tower_text.endswith("no such port): the camera alone")
        assert app.playing and ui.widget("play", "tower_release").disabled
        ui.until(lambda: app.frame_texture is not None, 90, "the camera going on alone")
    finally:
        app.stop_game()
        app.dice_port = before
        ui.tap_nav("home")
