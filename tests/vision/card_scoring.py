"""Counting what the Open Season card reader scores: how many places each call of
``vision.open_season.cards.score_poses`` scores, the call still scoring them."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from vision.open_season import cards


def record_scored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The list each later call of ``cards.score_poses`` appends its number of places to."""
    scored: list[int] = []
    score = cards.score_poses

    def counting(t: Any, first: np.ndarray, *rest: Any) -> np.ndarray:
        scored.append(len(first))
        return score(t, first, *rest)

    monkeypatch.setattr(cards, "score_poses", counting)
    return scored
