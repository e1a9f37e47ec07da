"""Teaching the app a copy of the game (Calibrate -> "Teach your copy"), off the UI thread.

The same teacher as ``tablesight teach`` (:func:`vision.teach.teach`); nothing here imports kivy,
so it is tested without a display. The pack goes to the app's home folder, one per game
(``packs/<game>.pack``), and every game of that kind started from the app then reads its
components by it (:meth:`ui.app.worker.GameSetup.table_setup`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

TEACH_GAMES = ("octocube", "open_season")
MAX_PHOTOS = 4


class TeachJobError(ValueError):
    """Nothing could be taught, in one line (the screen shows it)."""


@dataclass(frozen=True)
class TeachOutcome:
    game: str
    pack_path: Path
    faces: list[tuple[str, np.ndarray]]
    """Every face learned (label, BGR image as cut from the photo) in label order."""
    unsure: list[tuple[str, str]]
    """Faces to photograph again and why (a place refused in every photo, or never seen; a face a
    cube partly hid in every photo: :func:`unsure_faces`)."""
    photo_notes: list[str] = field(default_factory=list)
    """A line per photo that could not be used (or was read turned round)."""
    seconds: float = 0.0


def pack_file(home: Path, game: str) -> Path:
    """Where the app keeps the taught copy of ``game``."""
    return home / "packs" / f"{game}.pack"


def teach_photos(game: str, paths: list[str], home: Path) -> TeachOutcome:
    """Learn ``game``'s faces from the teach-sheet photos at ``paths`` and save the pack in
    ``home``; :class:`TeachJobError` with the reason when nothing could be learned."""
    from calibration.images import ImageError, read_image
    from vision.pack import PackError, save_pack
    from vision.teach import TeachError, teach

    if game not in TEACH_GAMES:
        raise TeachJobError(f"there is no teach sheet for {game}")
    if not paths:
        raise TeachJobError("add a photo of the teach sheet first")
    if len(paths) > MAX_PHOTOS:
        raise TeachJobError(f"use 1 to {MAX_PHOTOS} photos, not {len(paths)}")
    photos = []
    for p in paths:
        try:
            photos.append((Path(p).name, read_image(Path(p))))
        except ImageError as exc:
            raise TeachJobError(str(exc)) from None
    t0 = time.perf_counter()
    try:
        result = teach(game, photos)
    except TeachError as exc:
        raise TeachJobError(str(exc)) from None
    target = pack_file(home, game)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        save_pack(result.pack, target)
    except PackError as exc:
        raise TeachJobError(str(exc)) from None
    faces = [(label, _first_view(result.pack.faces[label])) for label in sorted(result.learned)]
    notes = [f"{r.name}: {r.note}" for r in result.photos if not r.used or r.note]
    return TeachOutcome(game, target, faces, unsure_faces(result), notes, time.perf_counter() - t0)


PARTLY_HIDDEN = "a cube stood in front of part of it: add a photo from the other side"
"""Why a face learned with a cube in front of part of it in every photo is asked for again."""


def unsure_faces(result: Any) -> list[tuple[str, str]]:
    """The faces of a :class:`vision.teach.TeachResult` to photograph again, and why: those
    refused in every photo or never seen, then those a cube partly hid in every photo (learned,
    but part of each is the tile's background guessed)."""
    why: dict[str, str] = {}
    for _photo, place, reason in result.refused:
        if place not in result.learned:
            why.setdefault(place, reason)
    unsure = [(face, why.get(face, "not seen in any photo")) for face in result.missing]
    return unsure + [(face, PARTLY_HIDDEN) for face in result.partly_hidden]


def _first_view(views: Any) -> np.ndarray:
    arr = np.asarray(views)
    return arr[0] if arr.ndim == 4 else arr


def taught_summary(home: Path, game: str) -> tuple[int, str] | None:
    """(faces, name) of the copy of ``game`` the app has been taught, or None (no pack, or a
    pack that no longer loads: it is then ignored, as a game without one)."""
    from vision.pack import PackError, load_pack

    path = pack_file(home, game)
    if not path.is_file():
        return None
    try:
        pack = load_pack(path, game)
    except (PackError, OSError, ValueError):
        return None
    return len(pack.labels()), pack.name


def save_teach_sheet(game: str, home: Path) -> Path:
    """The printable teach sheet of ``game`` (PDF, true size) in the app's home folder."""
    from calibration.teach_print import write_teach_sheet

    if game not in TEACH_GAMES:
        raise TeachJobError(f"there is no teach sheet for {game}")
    home.mkdir(parents=True, exist_ok=True)
    try:
        return write_teach_sheet(home / f"teach-{game}.pdf", game)
    except (OSError, ValueError) as exc:
        raise TeachJobError(f"could not write the teach sheet: {exc}") from None
