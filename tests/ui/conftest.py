"""Run the real Kivy app in this test process on a private Xvfb display.

Why in-process: the tests tap the app's own buttons and read its own properties; Kivy allows one
window per process, so one app is shared by the whole session (the tests run in file order, like
a player tapping through the app). The fixture starts Xvfb itself (1280x800) and skips with the
reason when Xvfb or Kivy is missing. Screenshots go to ``out/ui-screenshots/`` (or
``$TABLESIGHT_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SIZE = (1280, 800)
SETTLE_FRAMES = 3
"""Frames a tap gets at least: the tap's own events, then the layout they trigger, then a draw."""
SETTLE_SOON_S = 0.05
"""One-shot Clock events due within this are waited for (the app polls its workers at 30 Hz)."""


class Driver:
    """Taps and waits like a player; pumps Kivy's event loop between steps."""

    def __init__(self, app: Any, shots: Path) -> None:
        from kivy.base import EventLoop

        self.app = app
        self.loop = EventLoop
        self.shots = shots

    def pump(self, seconds: float = 0.1) -> None:
        end = time.monotonic() + seconds
        while True:
            self.loop.idle()
            if time.monotonic() >= end:
                break

    def settle(self, most: float) -> None:
        """Tick until the app has no one-shot work waiting (a chain of ``schedule_once(..., 0)``,
        a layout trigger): at least ``SETTLE_FRAMES`` frames, at most ``most`` seconds. A tap's
        effects are drawn without waiting out a fixed time: the fixed waits were most of the app
        tests' time (31 of test_app.py's 55 s, 20 of them asleep between frames)."""
        from kivy.clock import Clock

        end = time.monotonic() + most
        frames = 0
        while True:
            self.loop.idle()
            frames += 1
            if time.monotonic() >= end:
                break
            if frames >= SETTLE_FRAMES and not any(not e.loop and e.timeout <= SETTLE_SOON_S
                                                   for e in Clock.get_events()):
                break

    def until(self, condition: Callable[[], Any], timeout: float, what: str) -> Any:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.loop.idle()
            value = condition()
            if value:
                return value
        raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")

    def screen(self, name: str | None = None) -> Any:
        manager = self.app.root.ids.screens
        return manager.get_screen(name or manager.current)

    def widget(self, screen: str, wid: str) -> Any:
        if screen == "root":
            return self.app.root.ids[wid]
        return self.screen(screen).ids[wid]

    def tap(self, widget: Any) -> None:
        assert not widget.disabled, f"{widget} is disabled"
        widget.trigger_action(duration=0)
        self.settle(0.15)

    def tap_nav(self, name: str) -> None:
        self.tap(self.app.root.ids[f"nav_{name}"])
        self.settle(0.3)  # let the new screen lay itself out

    def shot(self, name: str) -> Path:
        self.settle(0.3)
        path = self.shots / f"app_{name}.png"
        self.app.root.export_to_png(str(path))
        _on_window_background(path)
        return path


def _on_window_background(path: Path) -> None:
    """``export_to_png`` renders the widgets on a transparent ground; the window shows them on its
    clear colour (the app's background, drawn by the window, not by a widget). Put it back."""
    import cv2
    import numpy as np

    from ui.app.main import BACKGROUND_RGBA

    image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        return
    alpha = image[..., 3:4].astype(np.float32) / 255.0
    r, g, b, _ = BACKGROUND_RGBA
    ground = np.array([b, g, r], np.float32) * 255.0
    out = image[..., :3].astype(np.float32) * alpha + ground * (1.0 - alpha)
    cv2.imwrite(str(path), np.clip(out + 0.5, 0, 255).astype(np.uint8))


def visible_texts(widget: Any) -> list[str]:
    """Every text a player can see in ``widget`` (labels and buttons on screen, not hidden)."""
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    out: list[str] = []

    def walk(w: Any) -> None:
        if getattr(w, "opacity", 1) == 0:
            return
        if isinstance(w, Label) and w.text.strip():
            x, y = w.to_window(*w.pos)
            if -5 <= x <= SIZE[0] and -5 <= y <= SIZE[1]:
                out.append(w.text)
        if isinstance(w, TextInput) and not w.text and w.hint_text:
            out.append(w.hint_text)
        for child in w.children:
            walk(child)

    walk(widget)
    return out


@pytest.fixture(scope="session")
def ui(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Driver]:
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb; make test does it when run as root)")
    import importlib.util

    if importlib.util.find_spec("kivy") is None:
        pytest.skip("Kivy is not installed (pip install 'kivy==2.3.1', in the test extra)")
    home = tmp_path_factory.mktemp("tablesight-home")
    shots = Path(os.environ.get("TABLESIGHT_SCREENSHOTS") or REPO / "out" / "ui-screenshots")
    shots.mkdir(parents=True, exist_ok=True)
    from ui.app.xvfb import start_xvfb, stop_xvfb

    xvfb, display = start_xvfb(SIZE)
    saved_env = {k: os.environ.get(k) for k in ("DISPLAY", "KIVY_NO_ARGS", "KIVY_HOME", "KIVY_NO_CONSOLELOG",
                                                "KIVY_NO_FILELOG", "TABLESIGHT_HOME", "SDL_VIDEO_X11_VISUALID")}
    os.environ.update(DISPLAY=display, KIVY_NO_ARGS="1", KIVY_HOME=str(home / "kivy"), KIVY_NO_CONSOLELOG="1",
                      KIVY_NO_FILELOG="1", TABLESIGHT_HOME=str(home))
    os.environ.pop("SDL_VIDEO_X11_VISUALID", None)
    from ui.app.x11 import prefer_default_visual

    prefer_default_visual()  # as `tablesight app` does
    app = None
    try:
        from kivy.config import Config

        Config.set("graphics", "width", str(SIZE[0]))
        Config.set("graphics", "height", str(SIZE[1]))
        Config.set("graphics", "maxfps", "60")
        from kivy.base import runTouchApp

        from ui.app.main import TableSightApp

        app = TableSightApp(home=home)
        app._run_prepare()
        runTouchApp(embedded=True)
        driver = Driver(app, shots)
        driver.pump(0.5)
        yield driver
    finally:
        if app is not None:
            app.stop_game()
            app.stop_calibration()
            try:
                from kivy.base import stopTouchApp

                stopTouchApp()
            except Exception:
                pass
        stop_xvfb(xvfb)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
