"""rules/ type-checks clean under mypy with the settings in pyproject.toml ([tool.mypy])."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rules_type_check_clean() -> None:
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")
    stdout, stderr, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "rules")])
    assert status == 0, stdout + stderr
