"""The one JSON reader for everything that comes from outside: logs, states, profiles, configs.

Why not plain ``json.loads``: a 100k-deep document raises RecursionError (here, or later in any
code that walks it recursively); ``NaN`` and ``Infinity`` are accepted and then poison every
number they touch; a 50 MB value comes back whole inside an error message. This module bounds
the size and the nesting depth, refuses non-finite numbers, and gives :func:`shown`, which every
error message uses to show at most 200 characters of a bad value. Typed field checks
(:func:`field`, :func:`number`, :func:`whole`, :func:`only_keys`) name the field and the bad value.

No I/O: callers read the bytes (so ``rules/`` stays pure). Errors are :class:`JsonInputError`
(a ValueError: the CLI prints it as one line).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

MAX_DEPTH = 64
"""Deepest nesting accepted: a TableSight state is about 6 levels deep."""
MAX_BYTES = 32 * 1024 * 1024
"""Largest document parsed (a whole Open Season state is a few tens of kB)."""
SHOWN_CHARS = 200
"""At most this many characters of a bad value appear in an error message."""


class JsonInputError(ValueError):
    """A document or field that cannot be used; the message names what and why, in one line."""


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` cut to ``limit`` characters, saying how long it really was. Never builds the
    whole repr of a huge string or container (a 50 MB string must not be copied into a message)."""
    if isinstance(value, str | bytes) and len(value) > limit:
        head = repr(value[:limit])
        return f"{head[:limit]}... ({len(value)} characters)"
    if isinstance(value, list | tuple | dict) and len(value) > limit:
        return f"<{type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deeply, or an int of more than 4300 digits
        return f"<{type(value).__name__} too large to show>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def cut(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` itself, or its first ``limit`` characters saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def one_line(text: str, limit: int = 400) -> str:
    """An error text as one line of at most ``limit`` characters (exceptions from libraries can
    hold newlines or echo whole inputs)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "..."


def _no_constant(name: str) -> Any:
    raise JsonInputError(f"every number must be a finite number, not {name}")


def depth(value: Any) -> int:
    """Nesting depth of a parsed document (a scalar is 0), walked without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            deepest = max(deepest, level)
            continue
        deepest = max(deepest, level + 1)
        if level + 1 > MAX_DEPTH * 4:  # already far too deep: no need to walk the rest
            return level + 1
        stack.extend((child, level + 1) for child in children)
    return deepest


def check_tree(value: Any, what: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """``value`` itself when it is a JSON tree no deeper than ``max_depth`` whose numbers are all
    finite; :class:`JsonInputError` otherwise (for documents built in memory, not parsed)."""
    levels = depth(value)
    if levels > max_depth:
        raise JsonInputError(f"{what} is nested {levels if levels <= MAX_DEPTH * 4 else 'over ' + str(MAX_DEPTH * 4)} "
                             f"levels deep (at most {max_depth})")
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise JsonInputError(f"{what} holds {item}, not a finite number")
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return value


def loads(data: str | bytes, what: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``data`` (``what`` names it in errors: 'profile x.json', 'line 7') within the bounds."""
    if len(data) > max_bytes:
        raise JsonInputError(f"{what} is {len(data)} bytes, more than the {max_bytes} this reads")
    try:
        value = json.loads(data, parse_constant=_no_constant)
    except JsonInputError as exc:
        raise JsonInputError(f"{what}: {exc}") from None
    except RecursionError:
        raise JsonInputError(f"{what} is nested too deeply (at most {max_depth} levels)") from None
    except UnicodeDecodeError as exc:
        raise JsonInputError(f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise JsonInputError(f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise JsonInputError(f"{what} is not usable JSON ({one_line(str(exc), 120)})") from None
    return check_tree(value, what, max_depth=max_depth)


# --------------------------------------------------------------------------- typed fields


def only_keys(obj: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    """Refuse keys outside ``allowed`` (a misspelt key is an error, never silently ignored)."""
    unknown = sorted(str(k) for k in obj if k not in set(allowed))
    if unknown:
        raise JsonInputError(f"{where}: unknown key(s) {cut(', '.join(unknown))}")


def obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise JsonInputError(f"{where} must be a JSON object, not {type(value).__name__}")
    return value


def field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]`` when it is present and of ``kind`` (bool is never taken for a number)."""
    if key not in data:
        raise JsonInputError(f"{where} lacks {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise JsonInputError(f"{where}: {key} must be {names}, not {shown(value)}")
    return value


def number(value: Any, name: str, lo: float = -math.inf, hi: float = math.inf) -> float:
    """A finite number in [lo, hi] (ints accepted, bools not), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise JsonInputError(f"{name} must be a number, not {shown(value)}")
    try:
        result = float(value)
    except OverflowError:
        raise JsonInputError(f"{name} is out of range ({shown(value)})") from None
    if not math.isfinite(result):
        raise JsonInputError(f"{name} must be a finite number, not {shown(value)}")
    if not lo <= result <= hi:
        raise JsonInputError(f"{name} must be within {lo:g} to {hi:g}, not {shown(value)}")
    return result


def whole(value: Any, name: str, lo: int, hi: int) -> int:
    """A whole number in [lo, hi] (bools and floats are not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise JsonInputError(f"{name} must be a whole number, not {shown(value)}")
    if not lo <= value <= hi:
        raise JsonInputError(f"{name} must be within {lo} to {hi}, not {shown(value)}")
    return value
