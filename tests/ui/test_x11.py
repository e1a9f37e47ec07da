"""The app's window asks X for the screen's default visual (no slow ARGB visual)."""

from __future__ import annotations

import os
import shutil

import pytest

from ui.app.x11 import default_visual_id, prefer_default_visual


@pytest.fixture()
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("SDL_VIDEO_X11_VISUALID", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return monkeypatch


def test_no_display_sets_nothing(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.delenv("DISPLAY", raising=False)
    assert prefer_default_visual() is None
    assert "SDL_VIDEO_X11_VISUALID" not in os.environ


def test_an_unreachable_display_sets_nothing(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("DISPLAY", ":9999")
    assert default_visual_id(":9999") is None
    assert prefer_default_visual() is None
    assert "SDL_VIDEO_X11_VISUALID" not in os.environ


def test_a_user_choice_wins(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("SDL_VIDEO_X11_VISUALID", "0x2a")
    assert prefer_default_visual() == 0x2A


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (apt-get install xvfb)")
def test_the_default_visual_of_a_24_bit_screen(clean_env: pytest.MonkeyPatch) -> None:
    from ui.app.xvfb import start_xvfb, stop_xvfb

    proc, display = start_xvfb((320, 200), 24)
    try:
        clean_env.setenv("DISPLAY", display)
        visual = prefer_default_visual()
        assert visual is not None and visual > 0
        assert int(os.environ["SDL_VIDEO_X11_VISUALID"], 16) == visual
    finally:
        stop_xvfb(proc)
