"""A taught copy of a game ("pack"): one image per component face, cut from teach-sheet photos.

The recognisers that read a printing they were never trained on (vision/octocube/pack_reader.py,
vision/open_season/cards.py) take their prototypes from a pack instead of from the built-in art.
One file, an ``.npz`` without pickles: ``manifest`` (UTF-8 JSON: format, version, game, faces
with their size in mm, where each face was learned, what could not be used) and one BGR uint8
array per face under ``face:<label>``. Loading checks everything and raises :class:`PackError`
with one line naming the problem.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np

T = TypeVar("T")

PACK_FORMAT = "tablesight-pack"
PACK_VERSION = 1
MAX_FACE_PX = 512
"""A face larger than this (pixels per side) is a mistake, not art."""

BACKGROUND_NEAR = 40.0
"""A face's pixel this near (BGR, L2) its background's running estimate counts as background."""


def dominant_colour(px: np.ndarray) -> np.ndarray:
    """The colour most of ``px`` (N, 3) share: the median, then twice the mean of the pixels
    within ``BACKGROUND_NEAR`` of the estimate (a face's background: its glyph hardly moves it).
    Shared by teaching (a hidden band's fill) and every game's pack reader."""
    px = np.asarray(px, np.float32).reshape(-1, px.shape[-1])
    centre = np.median(px, axis=0)
    for _ in range(2):
        near = px[np.linalg.norm(px - centre, axis=1) < BACKGROUND_NEAR]
        if len(near):
            centre = near.mean(axis=0)
    return np.asarray(centre, np.float32)


class PackError(ValueError):
    """A pack that cannot be written or read; the message says why in one line."""


@dataclass(frozen=True)
class Pack:
    """The faces of one copy of a game. ``faces``: label -> BGR uint8 image of the whole face,
    upright as printed; ``sizes_mm``: label -> (width, height) of the face on the table."""

    game: str
    faces: Mapping[str, np.ndarray]
    """Label -> the face's views: (K, H, W, 3) BGR uint8, one per photo it was learned from (a
    single (H, W, 3) image is one view)."""
    sizes_mm: Mapping[str, tuple[float, float]]
    photos: tuple[str, ...] = ()
    """The teach photos it was learned from (names only)."""
    skipped: Mapping[str, str] = field(default_factory=dict)
    """Places of the sheet that could not be used, and why."""
    name: str = ""
    derived: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What readers build from the faces (templates cut at their scales), by what it is: kept for
    the next reader built with this pack (the faces never change once the pack is made). Never
    saved."""

    def __post_init__(self) -> None:
        if not self.game:
            raise PackError("a pack must name its game")
        if set(self.faces) != set(self.sizes_mm):
            raise PackError("every face of a pack needs its size in mm")
        for label, img in self.faces.items():
            _check_face(label, img)

    def derive(self, key: Any, build: Callable[[], T]) -> T:
        """``build()``'s result for ``key``, built once per pack (see ``derived``); the result is
        shared by every reader that asks, so it must not be changed."""
        if key not in self.derived:
            self.derived[key] = build()
        return cast(T, self.derived[key])

    def labels(self) -> tuple[str, ...]:
        return tuple(sorted(self.faces))

    def manifest(self) -> dict[str, Any]:
        return {"format": PACK_FORMAT, "version": PACK_VERSION, "game": self.game, "name": self.name,
                "faces": {k: {"size_mm": list(self.sizes_mm[k]), "px": list(self.faces[k].shape[-3:-1]),
                              "views": 1 if self.faces[k].ndim == 3 else int(self.faces[k].shape[0])}
                          for k in sorted(self.faces)},
                "photos": list(self.photos), "skipped": dict(self.skipped)}


def _check_face(label: str, img: Any) -> None:
    if not isinstance(img, np.ndarray) or img.dtype != np.uint8 or img.ndim not in (3, 4) or img.shape[-1] != 3:
        raise PackError(f"face {label!r} is not a BGR uint8 image")
    h, w = img.shape[-3:-1]
    if min(h, w) < 4 or max(h, w) > MAX_FACE_PX:
        raise PackError(f"face {label!r} is {w}x{h} px (4 to {MAX_FACE_PX} per side)")
    if img.ndim == 4 and not 1 <= img.shape[0] <= 8:
        raise PackError(f"face {label!r} has {img.shape[0]} views (1 to 8)")


def save_pack(pack: Pack, path: str | Path) -> None:
    """Write ``pack`` as one .npz file (compressed, no pickles)."""
    arrays: dict[str, np.ndarray] = {
        "manifest": np.frombuffer(json.dumps(pack.manifest()).encode("utf-8"), np.uint8)}
    for label, img in pack.faces.items():
        arrays[f"face:{label}"] = np.ascontiguousarray(img)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
    try:
        Path(path).write_bytes(buf.getvalue())
    except OSError as exc:
        raise PackError(f"cannot write the pack {path}: {exc.strerror or exc}") from None


def load_pack(path: str | Path, game: str | None = None) -> Pack:
    """Read a pack written by :func:`save_pack`; ``game``: refuse a pack of another game."""
    p = Path(path)
    if not p.is_file():
        raise PackError(f"there is no pack file {path}")
    try:
        with np.load(p, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise PackError(f"{path} is not a TableSight pack ({type(exc).__name__})") from None
    if "manifest" not in arrays:
        raise PackError(f"{path} is not a TableSight pack (no manifest)")
    try:
        manifest = json.loads(arrays["manifest"].tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise PackError(f"{path}: the pack's manifest is damaged") from None
    if not isinstance(manifest, dict) or manifest.get("format") != PACK_FORMAT:
        raise PackError(f"{path} is not a TableSight pack")
    if manifest.get("version") != PACK_VERSION:
        raise PackError(f"{path} is a pack of version {manifest.get('version')!r}; this TableSight reads "
                        f"version {PACK_VERSION}: teach your copy again")
    if game is not None and manifest.get("game") != game:
        raise PackError(f"{path} teaches {manifest.get('game')!r}, not {game}")
    faces: dict[str, np.ndarray] = {}
    sizes: dict[str, tuple[float, float]] = {}
    entries = manifest.get("faces")
    if not isinstance(entries, dict) or not entries:
        raise PackError(f"{path}: the pack holds no faces")
    for label, entry in entries.items():
        key = f"face:{label}"
        if key not in arrays:
            raise PackError(f"{path}: face {label!r} is listed but missing")
        try:
            w, h = (float(v) for v in entry["size_mm"])
        except (KeyError, TypeError, ValueError):
            raise PackError(f"{path}: face {label!r} has no size") from None
        faces[label] = arrays[key]
        sizes[label] = (w, h)
    skipped = manifest.get("skipped") or {}
    photos = manifest.get("photos") or []
    return Pack(str(manifest["game"]), faces, sizes, tuple(map(str, photos)),
                {str(k): str(v) for k, v in dict(skipped).items()}, str(manifest.get("name", "")))
