"""``tablesight app`` refuses to start without a display, in one clear line."""

from __future__ import annotations

import pytest

from ui.cli import main


def test_app_without_a_display_says_how_to_run_it(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["app"]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and "xvfb-run" in err and "Traceback" not in err


def test_app_refuses_a_bad_player_count(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    assert main(["app", "--demo", "--players", "6"]) == 2
    assert "2-4 players, not 6" in capsys.readouterr().err
