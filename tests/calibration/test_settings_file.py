"""Settings files with wrong types, values out of range or absurd shapes are refused with one line
naming the setting, never a TypeError deep in OpenCV (or a 65 GB allocation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from calibration.config import CalibrationConfig
from calibration.errors import CalibrationError
from vision.octocube.config import RecogniserConfig
from vision.octocube.errors import RecognitionError

BAD = [
    ('{"min_markers": "3"}', "min_markers must be a whole number"),
    ('{"min_markers": true}', "min_markers must be a whole number"),
    ('{"rectified_px_per_mm": "2"}', "rectified_px_per_mm must be a number"),
    ('{"max_marker_residual_px": "x"}', "max_marker_residual_px must be a number"),
    ('{"max_patch_std": NaN}', "must be a finite number"),
    ('{"max_patch_std": Infinity}', "must be a finite number"),
    ('{"paper_band_mm": [1, "a"]}', "paper_band_mm each value must be a number"),
    ('{"paper_band_mm": [1, 2, 3]}', "must be a list of 2 values"),
    ('{"illumination_field": 1}', "must be true or false"),
    ('{"rectified_px_per_mm": 1000}', "between 0 and 10"),
    ('{"min_markers": ' + '"' + "x" * 5000 + '"}', "min_markers must be a whole number"),
    ("[" * 100_000, "nested too deeply"),
    ('{"no_such_setting": 1}', "unknown setting"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_a_bad_calibration_config_is_named_in_one_short_line(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "config.json"
    path.write_text(text)
    with pytest.raises(CalibrationError) as info:
        CalibrationConfig.from_json_file(path)
    message = str(info.value)
    assert words in message
    assert len(message) < 300 and "\n" not in message


def test_good_values_are_read_with_their_types(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text('{"rectified_px_per_mm": 3, "paper_band_mm": [1, 4.5], "min_markers": 4}')
    config = CalibrationConfig.from_json_file(path)
    assert config.rectified_px_per_mm == 3.0 and isinstance(config.rectified_px_per_mm, float)
    assert config.paper_band_mm == (1.0, 4.5) and config.min_markers == 4


def test_the_recogniser_config_is_checked_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text('{"threads": "two"}')
    with pytest.raises(RecognitionError, match="threads must be a whole number"):
        RecogniserConfig.from_json_file(path)
