"""Settings files: a frozen dataclass of thresholds, overridden field by field from a JSON object.

Shared by the calibration and recogniser configs (chesscog style: thresholds live in config
files). A misspelt key is an error, never silently ignored.
"""

from __future__ import annotations

import math
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

from rules.safe_json import JsonInputError, cut, loads, shown

T = TypeVar("T")

MAX_BYTES = 1_000_000
"""A settings file is a few hundred bytes; anything this large is not one."""


def _shown(value: Any) -> str:
    return shown(value, 60)


def _type_problem(default: Any, value: Any) -> str | None:
    """Why ``value`` cannot stand where ``default`` does (None when it can): the same type, a
    finite number, a list of the tuple's length."""
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(default, int):
        return None if isinstance(value, int) and not isinstance(value, bool) else "must be a whole number"
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return "must be a number"
        try:
            return None if math.isfinite(float(value)) else "must be a finite number"
        except OverflowError:
            return "is out of range"
    if isinstance(default, str):
        return None if isinstance(value, str) else "must be text"
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple) or len(value) != len(default):
            return f"must be a list of {len(default)} values"
        for want, got in zip(default, value, strict=True):
            problem = _type_problem(want, got)
            if problem is not None:
                return f"each value {problem}"
        return None
    return None


def load_settings(cls: type[T], path: str | Path, error: type[Exception], what: str) -> T:
    """``cls()`` with the fields that the JSON object in ``path`` sets; ``error(message)`` names
    ``what`` and the file for an unreadable file, a non-object or unknown settings. Lists become
    tuples where the default is a tuple."""
    try:
        if Path(path).stat().st_size > MAX_BYTES:
            raise error(f"{what} {path}: too large to be a settings file")
        data: Any = loads(Path(path).read_bytes(), f"{what} {path}", max_bytes=MAX_BYTES)
    except JsonInputError as exc:
        raise error(str(exc)) from None
    except OSError as exc:
        raise error(f"{what} {path}: unreadable ({exc.strerror or exc})") from None
    if not isinstance(data, dict):
        raise error(f"{what} {path}: expected a JSON object")
    defaults = cls()
    known = {f.name for f in fields(defaults)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - known)
    if unknown:
        raise error(f"{what} {path}: unknown setting(s) {cut(', '.join(map(str, unknown)))}")
    for key, value in data.items():
        problem = _type_problem(getattr(defaults, key), value)
        if problem is not None:
            raise error(f"{what} {path}: {key} {problem}, not {_shown(value)}")
        if isinstance(getattr(defaults, key), tuple):
            data[key] = tuple(value)
        elif isinstance(getattr(defaults, key), float):
            data[key] = float(value)
    return replace(defaults, **data)  # type: ignore[type-var]
