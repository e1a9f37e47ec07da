"""Arrays drawn from the built-in art, kept on disk between runs.

The Open Season readers draw every card face and cut their templates once per process: about a
second, which every ``tablesight score`` paid again for a photo scored in under one
(docs/score_photo.md, session 22). The arrays depend only on the code that draws and cuts them,
so they are stored under a key made of that code's source and the library versions, and drawn
again whenever any of it changes. A missing, unreadable or foreign cache file is never an error:
the arrays are drawn as before (and stored when the folder can be written).

The folder: ``TABLESIGHT_CACHE``, else ``$XDG_CACHE_HOME/tablesight``, else
``~/.cache/tablesight``; ``TABLESIGHT_CACHE=off`` draws every time."""

from __future__ import annotations

import hashlib
import inspect
import io
import os
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Callable

import cv2
import numpy as np

Arrays = dict[str, np.ndarray]


def cache_folder() -> Path | None:
    """Where cached arrays live, or None when caching is off."""
    chosen = os.environ.get("TABLESIGHT_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tablesight"


def source_key(name: str, modules: tuple[ModuleType, ...]) -> str:
    """A key that changes when ``name``, the source of any of ``modules``, numpy or OpenCV does."""
    digest = hashlib.sha256(f"{name}|{np.__version__}|{cv2.__version__}".encode())
    for module in modules:
        digest.update(inspect.getsource(module).encode())
    return digest.hexdigest()[:24]


def cached_arrays(name: str, modules: tuple[ModuleType, ...], draw: Callable[[], Arrays]) -> Arrays:
    """``draw()``'s arrays, loaded from the cache when stored there under the same key, else
    drawn and stored. Loading never runs code from the file (no pickles)."""
    folder = cache_folder()
    if folder is None:
        return draw()
    try:
        path = folder / f"{name}-{source_key(name, modules)}.npz"
    except (OSError, TypeError):  # a module without source (frozen): no key, no cache
        return draw()
    stored = _load(path)
    if stored is not None:
        return stored
    arrays = draw()
    _store(path, arrays)
    return arrays


def _load(path: Path) -> Arrays | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            return {key: data[key] for key in data.files}
    except Exception:  # absent, cut short, corrupt or not an npz at all: draw again
        return None


def _store(path: Path, arrays: Arrays) -> None:
    """Written whole or not at all (another process may read or write the same file); a folder
    that cannot be written leaves the arrays to be drawn again next time."""
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]  # numpy's stubs take a name for its flag
    temp: Path | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as f:
            temp = Path(f.name)
            f.write(buffer.getvalue())
        os.replace(temp, path)
        temp = None
    except OSError:
        pass
    finally:
        if temp is not None:
            temp.unlink(missing_ok=True)
