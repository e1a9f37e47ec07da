"""A spy that counts calls of a module's function: the photo scorers' tests check that
re-scoring with answers reads a photo once (the reading is kept), not once per answer."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


def count_calls(monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str) -> list[int]:
    """Wrap ``module.name`` so that each call is counted, from now on, in the returned one-item
    list; the wrapped function still runs. The patch is undone with ``monkeypatch``."""
    count = [0]
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, counted)
    return count
