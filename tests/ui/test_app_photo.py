"""The app's Photo screen through its real code under Xvfb: Home -> "Score a photo", a rendered
finished Octocube table (``tablesight render octocube --end``, with its truth), the photo scored
off the UI thread, every player's total and lines on screen, a doubt counted with - / +, scored
again; and a photo of something else refused in one line.

Runs after tests/ui/test_app.py on the same app (one Kivy window per process)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.call_spy import count_calls
from tests.ui.conftest import Driver
from tests.cli_inprocess import run_cli


@pytest.fixture(scope="module")
def finished_table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("end")
    res = run_cli("render", "octocube", "--seed", "3", "--count", "1", "--out", str(out), "--end", "--players", "2",
                  "--tilt", "20", "--width", "1920", "--height", "1080", "--png")
    assert res.returncode == 0, res.stderr
    gt = json.loads(next((out / "gt").glob("*.json")).read_text())
    return out / gt["image"], gt


def test_a_finished_table_is_scored_from_its_photo(ui: Driver, finished_table: tuple[Path, dict[str, Any]],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app = ui.app
    photo, gt = finished_table
    ui.tap_nav("home")
    ui.tap(ui.widget("home", "home_score_photo"))
    assert app.root.ids.screens.current == "photo"
    ui.tap(ui.widget("photo", "photo_game_octocube"))
    assert app.photo_game == "octocube"
    ui.tap(ui.widget("photo", "photo_players_2"))
    assert app.players == 2
    ui.widget("photo", "photo_path").text = str(photo)  # typed (the file chooser is a Kivy popup)
    assert app.photo_path == str(photo)
    ui.tap(ui.widget("photo", "photo_score"))
    ui.until(lambda: not app.photo_busy, 60, "the photo to be read")
    assert not app.photo_failed, app.photo_status
    result = app.photo_result
    assert len(result.players) == 2
    shown = ui.widget("photo", "photo_lines").text
    for p in result.players:
        assert f"{p.colour.capitalize()}: {p.total}" in shown  # no names typed: the colours
        assert len(p.lines) >= 3
    truth = gt["end"]["scores"]  # the engine's final score sheet, by seat
    for p in result.players:
        # every true total lies within what the photo allows (the doubts on screen span the rest)
        lo, hi = p.total_range or (p.total, p.total)
        assert lo <= truth[p.seat] <= hi, (p.seat, lo, truth[p.seat], hi)
    ui.shot("photo")
    rows = ui.widget("photo", "doubt_rows").children
    assert len(rows) == len(app.photo_doubts)
    if app.photo_doubts:  # count one doubt by hand and score again with it
        row = list(reversed(rows))[0]
        before = row.count
        button = row.ids.more if row.count < row.high else row.ids.less
        ui.tap(button)
        ui.pump(0.2)
        key = row.key
        counted = next(d for d in app.photo_doubts if d["key"] == key)
        assert counted["count"] != before and counted["tapped"]
        reads = _count_reads(monkeypatch)
        ui.tap(ui.widget("photo", "photo_rescore"))
        ui.until(lambda: not app.photo_busy, 60, "the photo to be scored again")
        assert not app.photo_failed, app.photo_status
        # scored again from the photo's kept reading (session 75): not read again, and the score
        # reading it again with the same count gives
        assert reads == [0]
        from ui.app.photo_worker import PhotoJob, score_photo
        fresh = score_photo(PhotoJob(str(photo), "octocube", 2, "advanced" if app.mode == "advanced" else "standard",
                                     str(app.home / "profile.json"), {key: counted["count"]}))
        assert reads == [1] and app.photo_result.to_json() == fresh.to_json()
        again = next(d for d in app.photo_doubts if d["key"] == key) if any(
            d["key"] == key for d in app.photo_doubts) else None
        assert again is None or again["count"] == counted["count"]


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A spy on the Photo screen's reading of a photo (``photo_worker.read_photo``; outside the
    readers' modules, so that spying changes none of their switches): how many times a photo is
    read from now on, in a one-item list."""
    from ui.app import photo_worker

    return count_calls(monkeypatch, photo_worker, "read_photo")


def _render_open_season_end(out: Path, width: int, height: int) -> tuple[Path, dict[str, Any]]:
    """Seed 88002's finished 2-player table through ``tablesight render``: the photo and its truth."""
    res = run_cli("render", "open_season", "--end", "--seed", "88002", "--count", "1", "--players", "2", "--width",
                  str(width), "--height", str(height), "--out", str(out))
    assert res.returncode == 0, res.stderr
    gt = json.loads(next((out / "gt").glob("*.json")).read_text())
    return out / gt["image"], gt


def _score_open_season_photo(ui: Driver, photo: Path, end: dict[str, Any]) -> None:
    """Home: Open Season with the table's side and expert tiles -> Score a photo -> 2 players ->
    the photo scored (waits until it is read)."""
    app = ui.app
    ui.tap_nav("home")
    ui.tap(ui.widget("home", "game_open_season"))
    ui.tap(ui.widget("home", f"side_{end['side']}"))
    if bool(app.expert) != bool(end["expert"]):
        ui.tap(ui.widget("home", "expert"))
    ui.tap(ui.widget("home", "home_score_photo"))
    assert app.root.ids.screens.current == "photo" and app.photo_game == "open_season"
    assert ui.widget("photo", "photo_open_season_options").opacity == 1
    assert ui.widget("photo", "photo_octocube_options").opacity == 0
    ui.tap(ui.widget("photo", "photo_players_2"))
    ui.widget("photo", "photo_path").text = str(photo)
    ui.tap(ui.widget("photo", "photo_score"))
    ui.until(lambda: not app.photo_busy, 120, "the Open Season photo to be read")
    assert not app.photo_failed, app.photo_status


def _leave_photo_screen(ui: Driver) -> None:
    """Back to Octocube on Home, as the other tests expect to find the app."""
    ui.tap(ui.widget("photo", "photo_game_octocube"))
    ui.tap_nav("home")
    ui.tap(ui.widget("home", "game_octocube"))


@pytest.fixture(scope="module")
def finished_open_season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return _render_open_season_end(tmp_path_factory.mktemp("os_end"), 1920, 1080)


def test_a_finished_open_season_table_is_scored_from_its_photo(
        ui: Driver, finished_open_season: tuple[Path, dict[str, Any]]) -> None:
    """Home's game and side carry over to the Photo screen; the engine's categories per player."""
    app = ui.app
    photo, gt = finished_open_season
    end = gt["end"]
    _score_open_season_photo(ui, photo, end)
    result = app.photo_result
    assert result.game == "open_season" and len(result.players) == 2
    shown = ui.widget("photo", "photo_lines").text
    for p, truth in zip(result.players, end["players"]):
        # the engine's categories, line by line, and the total they add up to, on screen (how
        # often the reading is right is the bench's figure: bench/score_photo_open_season.py)
        assert f"{p.colour.capitalize()}: {p.total}" in shown
        assert [c for c, _, _ in p.lines] == [line["category"] for line in truth["lines"]]
        assert p.total == sum(points for _, points, _ in p.lines)
    assert result.winner and ui.widget("photo", "photo_lines").text.count("Winner") == 1
    ui.shot("photo_open_season")
    _leave_photo_screen(ui)


@pytest.fixture(scope="module")
def coarse_open_season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The same table at 1280x720: the accolades' icons a few pixels (a note, cards asked)."""
    return _render_open_season_end(tmp_path_factory.mktemp("os_coarse"), 1280, 720)


def test_the_scorers_notes_are_shown_under_the_breakdown(
        ui: Driver, coarse_open_season: tuple[Path, dict[str, Any]]) -> None:
    """A 1280x720 photo: the scorer notes that the accolades' icons are a few pixels and a photo
    with more pixels asks fewer questions; the Photo screen shows its notes as the CLI prints them."""
    photo, gt = coarse_open_season
    _score_open_season_photo(ui, photo, gt["end"])
    notes = ui.app.photo_result.notes
    assert any("camera pixels per mm" in note for note in notes), notes
    shown = ui.widget("photo", "photo_lines").text
    assert all(note in shown for note in notes), (notes, shown)
    _leave_photo_screen(ui)


def _language(ui: Driver, lang: str) -> None:
    ui.tap_nav("settings")
    ui.tap(ui.widget("settings", f"lang_{lang}"))
    assert ui.app.lang == lang
    ui.tap_nav("photo")


def test_the_photo_screen_speaks_the_players_language(
        ui: Driver, coarse_open_season: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """Scored in English, then switched to French: the doubts' questions (with their options),
    the scorer's note, the players and the status line are French, and stay French when scored
    again; a refusal is French too; back in English, the scorer's own words again."""
    from ui.i18n.sentences import translate_sentence

    app = ui.app
    photo, gt = coarse_open_season
    _score_open_season_photo(ui, photo, gt["end"])
    result = app.photo_result
    note = next(n for n in result.notes if "camera pixels per mm" in n)
    assert app.photo_doubts, "a 1280x720 Open Season photo asks about some cards"
    english_status = app.photo_status
    _language(ui, "fr")
    for again in (False, True):
        if again:  # scored while the app speaks French
            ui.tap(ui.widget("photo", "photo_score"))
            ui.until(lambda: not app.photo_busy, 120, "the photo to be read again")
            assert not app.photo_failed, app.photo_status
        shown = ui.widget("photo", "photo_lines").text
        french_note = translate_sentence(note, "fr")
        assert french_note != note and french_note in shown and note not in shown, shown
        assert "pixels de caméra par mm" in shown
        assert "Joueur 1: " in shown and "Player 1" not in shown  # the players named in French too
        rows = list(reversed(ui.widget("photo", "doubt_rows").children))
        assert len(rows) == len(app.photo_doubts)
        for row, doubt in zip(rows, app.photo_doubts):
            label = row.ids.question_label.text
            assert label == translate_sentence(doubt["question"], "fr") != doubt["question"], label
            assert not re.search(r"\b(Which|How many|player|read|not surely|face down)\b", label), label
        assert app.photo_status != english_status and app.photo_status.startswith("Lue en")
    ui.shot("photo_fr")
    _score_a_blank_wall(ui, tmp_path)
    assert app.photo_failed and app.photo_status == "la photo est uniforme (sans contraste) : aucune table en vue"
    _language(ui, "en")
    assert app.photo_status == "the photo is flat (no contrast): no table in view"
    assert note in ui.widget("photo", "photo_lines").text
    _leave_photo_screen(ui)


def _score_a_blank_wall(ui: Driver, tmp_path: Path) -> None:
    """A photo of a plain wall (no table) scored on the Photo screen, its refusal awaited."""
    import cv2
    import numpy as np

    blank = tmp_path / "wall.png"
    cv2.imwrite(str(blank), np.full((480, 640, 3), 200, np.uint8))
    ui.widget("photo", "photo_path").text = str(blank)
    ui.tap(ui.widget("photo", "photo_score"))
    ui.until(lambda: not ui.app.photo_busy, 60, "the refusal")


def test_a_photo_of_something_else_is_refused_in_one_line(ui: Driver, tmp_path: Path) -> None:
    app = ui.app
    ui.tap_nav("photo")
    _score_a_blank_wall(ui, tmp_path)
    assert app.photo_failed and "\n" not in app.photo_status
    assert "no table in view" in app.photo_status, app.photo_status
    ui.widget("photo", "photo_path").text = str(tmp_path / "missing.png")
    ui.tap(ui.widget("photo", "photo_score"))
    ui.until(lambda: not app.photo_busy, 30, "the refusal")
    assert app.photo_failed and "no such file" in app.photo_status
