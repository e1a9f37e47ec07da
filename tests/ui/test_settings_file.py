"""The app's settings file: a bad one is ignored with a one-line note (the defaults are used),
never a crash at start-up; a good one round-trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.app.settings import AppSettings


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    AppSettings(language="nl", text_size="large", camera_index=3).save(path)
    settings, note = AppSettings.load(path)
    assert note == "" and (settings.language, settings.text_size, settings.camera_index) == ("nl", "large", 3)


@pytest.mark.parametrize("text, reason", [
    ("[" * 100_000 + "]" * 100_000, "more than the 64000"),
    ("[" * 5_000 + "]" * 5_000, "nested"),  # "too deeply" or "over 256 levels": the same refusal
    ("[1, 2]", "must be a JSON object"),
    ('{"language": "' + "x" * 50_000 + '"}', "unknown language"),
    ('{"camera_index": NaN}', "NaN"),
    ('{"camera_index": "2"}', "webcam number must be 0-63"),
    ("\xff\xfe", "not valid JSON"),
])
def test_a_bad_settings_file_is_ignored_with_one_short_line(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    settings, note = AppSettings.load(path)
    assert settings == AppSettings()
    assert reason in note and "\n" not in note and len(note) < 400, note
