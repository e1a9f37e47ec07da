"""Shared test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """``../shared/data``; skips the test with a reason when it is absent (a user's clone)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real data not present at {SHARED_DATA} (only in the developers' checkout)")
    return SHARED_DATA
