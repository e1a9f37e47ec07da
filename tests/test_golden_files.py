"""The golden-file rule: only ``UPDATE_GOLDEN=1`` rewrites, a missing golden is never created."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import golden_files
from tests.golden_files import check_golden


@pytest.mark.parametrize("value", [None, "0", "", "true", "yes", "2"])
def test_only_update_golden_1_rewrites(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    golden = tmp_path / "game.txt"
    golden.write_text("old\n", encoding="utf-8")
    if value is None:
        monkeypatch.delenv("UPDATE_GOLDEN", raising=False)
    else:
        monkeypatch.setenv("UPDATE_GOLDEN", value)
    with pytest.raises(pytest.fail.Exception, match="differs from the golden game.txt") as info:
        check_golden(golden, "new\n", __file__)
    assert "-old" in str(info.value) and "+new" in str(info.value)
    assert "UPDATE_GOLDEN=1" in str(info.value)
    assert golden.read_text(encoding="utf-8") == "old\n"


@pytest.mark.parametrize("value", [None, "0", "true"])
def test_missing_golden_fails_and_is_not_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    golden = tmp_path / "absent.txt"
    if value is None:
        monkeypatch.delenv("UPDATE_GOLDEN", raising=False)
    else:
        monkeypatch.setenv("UPDATE_GOLDEN", value)
    with pytest.raises(pytest.fail.Exception, match="missing; create it deliberately with `UPDATE_GOLDEN=1") as info:
        check_golden(golden, "text\n", __file__)
    assert "tests/test_golden_files.py" in str(info.value)  # the exact command to run
    assert not golden.exists()


def test_update_golden_1_writes_and_equal_text_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden = tmp_path / "sub" / "new.txt"
    monkeypatch.setenv("UPDATE_GOLDEN", "1")
    check_golden(golden, "fresh\n", __file__)
    assert golden.read_text(encoding="utf-8") == "fresh\n"
    monkeypatch.delenv("UPDATE_GOLDEN")
    check_golden(golden, "fresh\n", __file__)  # the same text passes without touching the file


def test_every_golden_test_goes_through_the_helper() -> None:
    """No golden test writes files on its own (the bug this rule replaced)."""
    tests_dir = golden_files.GOLDEN_DIR.parent
    golden_tests = sorted(tests_dir.glob("*/*/test_golden.py"))
    assert len(golden_tests) == 3, golden_tests  # octocube, open_season, octo_dice
    for test in golden_tests:
        text = test.read_text(encoding="utf-8")
        assert "write_text" not in text and "UPDATE_GOLDEN\")" not in text, test
        assert "check_golden(" in text, test
