"""Settings files: a frozen dataclass of thresholds, overridden field by field from a JSON object.

Shared by the calibration and recogniser configs (chesscog style: thresholds live in config
files). A misspelt key is an error, never silently ignored.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def load_settings(cls: type[T], path: str | Path, error: type[Exception], what: str) -> T:
    """``cls()`` with the fields that the JSON object in ``path`` sets; ``error(message)`` names
    ``what`` and the file for an unreadable file, a non-object or unknown settings. Lists become
    tuples where the default is a tuple."""
    try:
        data: Any = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise error(f"{what} {path}: unreadable ({exc})") from None
    if not isinstance(data, dict):
        raise error(f"{what} {path}: expected a JSON object")
    defaults = cls()
    known = {f.name for f in fields(defaults)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - known)
    if unknown:
        raise error(f"{what} {path}: unknown setting(s) {', '.join(unknown)}")
    for key, value in data.items():
        if isinstance(getattr(defaults, key), tuple) and isinstance(value, list):
            data[key] = tuple(value)
    return replace(defaults, **data)  # type: ignore[type-var]
