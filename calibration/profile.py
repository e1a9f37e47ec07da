"""One versioned JSON file per camera set-up: intrinsics, table geometry, colour correction.

The pipeline loads it with ``load_profile`` and asks ``profile.for_image_size(frame size)`` for the
numbers that fit its frames: a profile made at another resolution of the same aspect ratio is
rescaled, any other size is refused with a message that says what to do.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from calibration.colour import ColourCorrection
from calibration.errors import ProfileError, ProfileMismatchError
from calibration.intrinsics import Intrinsics
from calibration.table import TableGeometry
from rules.safe_json import JsonInputError, loads, one_line, shown

PROFILE_FORMAT = "tablesight-calibration-profile"
PROFILE_VERSION = 1


@dataclass(frozen=True)
class Profile:
    intrinsics: Intrinsics | None = None
    table: TableGeometry | None = None
    colour: ColourCorrection | None = None
    rectified_px_per_mm: float | None = None
    created: str = ""

    def __post_init__(self) -> None:
        if self.table is not None and self.table.undistorted != (self.intrinsics is not None):
            raise ProfileError("the table geometry was fitted "
                               + ("on undistorted points but the profile has no intrinsics"
                                  if self.table.undistorted else
                                  "without intrinsics but the profile now has some: re-run calibrate table"))

    @property
    def image_size(self) -> tuple[int, int] | None:
        if self.table is not None:
            return self.table.image_size
        return self.intrinsics.image_size if self.intrinsics is not None else None

    def for_image_size(self, image_size: tuple[int, int]) -> "Profile":
        """This profile for frames of ``image_size`` (w, h): unchanged, rescaled, or refused."""
        w, h = int(image_size[0]), int(image_size[1])
        intrinsics = self.intrinsics
        table = self.table
        for name, size in (("intrinsics", intrinsics and intrinsics.image_size), ("table", table and table.image_size)):
            if not size or tuple(size) == (w, h):
                continue
            if not math.isclose(size[0] / size[1], w / h, rel_tol=2e-3):
                raise ProfileMismatchError(
                    f"the profile's {name} was made for {size[0]}x{size[1]} frames (aspect {size[0] / size[1]:.3f}) "
                    f"but the camera gives {w}x{h} (aspect {w / h:.3f}); set the camera to "
                    f"{size[0]}x{size[1]} or calibrate again at {w}x{h}")
        if intrinsics is not None and intrinsics.image_size != (w, h):
            intrinsics = intrinsics.rescaled((w, h))
        if table is not None and table.image_size != (w, h):
            table = table.rescaled((w, h))
        return replace(self, intrinsics=intrinsics, table=table)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": PROFILE_FORMAT,
            "version": PROFILE_VERSION,
            "created": self.created or datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "intrinsics": None if self.intrinsics is None else self.intrinsics.to_json(),
            "table": None if self.table is None else {**self.table.to_json(),
                                                      "rectified_px_per_mm": self.rectified_px_per_mm},
            "colour": None if self.colour is None else self.colour.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "profile") -> "Profile":
        if not isinstance(data, dict):
            raise ProfileError(f"{source}: not a TableSight calibration profile (expected a JSON object)")
        if data.get("format") != PROFILE_FORMAT:
            raise ProfileError(f"{source}: not a TableSight calibration profile "
                               f"(its 'format' is {shown(data.get('format'))}, expected {PROFILE_FORMAT!r})")
        version = data.get("version")
        if not isinstance(version, int):
            raise ProfileError(f"{source}: 'version' missing or not a whole number")
        if isinstance(version, bool) or version > PROFILE_VERSION:
            raise ProfileError(f"{source}: profile version {version} is newer than this TableSight "
                               f"understands ({PROFILE_VERSION}); update TableSight")
        if version < 1:
            raise ProfileError(f"{source}: unknown profile version {version}")
        parts: dict[str, Any] = {}
        for key, parse in (("intrinsics", Intrinsics.from_json), ("table", TableGeometry.from_json),
                           ("colour", ColourCorrection.from_json)):
            section = data.get(key)
            if section is None:
                parts[key] = None
                continue
            if not isinstance(section, dict):
                raise ProfileError(f"{source}: '{key}' must be an object or null")
            try:
                parts[key] = parse(section)
            except KeyError as exc:
                raise ProfileError(f"{source}: '{key}' lacks {exc}") from None
            except (TypeError, ValueError, IndexError, OverflowError) as exc:
                raise ProfileError(f"{source}: '{key}' is malformed ({one_line(str(exc), 300)})") from None
        ppm = (data.get("table") or {}).get("rectified_px_per_mm")
        if ppm is not None and (isinstance(ppm, bool) or not isinstance(ppm, (int, float)) or not 0 < ppm <= 10):
            raise ProfileError(f"{source}: 'table.rectified_px_per_mm' must be a number in (0, 10], not {shown(ppm)}")
        try:
            return cls(parts["intrinsics"], parts["table"], parts["colour"], ppm, str(data.get("created", ""))[:100])
        except ProfileError as exc:
            raise ProfileError(f"{source}: {exc}") from None


MAX_PROFILE_BYTES = 1_000_000
"""A profile is a few kB; anything this large is not one (refused before it is read)."""


def load_profile(path: str | Path) -> Profile:
    path = Path(path)
    try:
        if path.is_dir():
            raise ProfileError(f"profile {path}: is a folder, not a profile")
        if path.stat().st_size > MAX_PROFILE_BYTES:
            raise ProfileError(f"profile {path}: {path.stat().st_size} bytes is too large to be a profile")
        text = path.read_bytes()
    except FileNotFoundError:
        raise ProfileError(f"profile {path}: no such file") from None
    except OSError as exc:
        raise ProfileError(f"profile {path}: unreadable ({exc.strerror or exc})") from None
    try:
        data = loads(text, f"profile {path}", max_bytes=MAX_PROFILE_BYTES)
    except JsonInputError as exc:
        raise ProfileError(str(exc)) from None
    return Profile.from_json(data, f"profile {path}")


def save_profile(profile: Profile, path: str | Path) -> Path:
    path = Path(path)
    try:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(profile.to_json(), indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)  # never leave a half-written profile behind
    except OSError as exc:
        raise ProfileError(f"cannot save profile {path}: {exc.strerror or exc}") from None
    return path
