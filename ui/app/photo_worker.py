"""Scoring a finished table from one photo, for the app's Photo screen, off the UI thread.

The same scorer as ``tablesight score`` (:func:`vision.photo_score.scorer`); nothing here imports
kivy, so it is tested without a display. A photo is either a file the player picked or one frame
taken from the camera set in Settings (saved beside the game logs, so it can be scored again)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class PhotoError(ValueError):
    """A photo that cannot be scored, in one line (the screen shows it)."""


@dataclass(frozen=True)
class PhotoJob:
    """What the Photo screen asks for."""

    path: str
    game: str = "octocube"
    players: int = 2
    mode: str = "standard"
    profile_path: str | None = None
    answers: dict[str, int] = field(default_factory=dict)
    """Counts the players gave for doubts (by the doubt's key)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The game's options the photo cannot show (Open Season: side, expert)."""


@dataclass(frozen=True)
class KeptReading:
    """A photo's reading the Photo screen keeps, so that scoring it again with the players' answers
    does not read the photo again (seconds on a tablet; the score itself takes a fraction of it),
    and what it was read from: the job without its answers, and the photo's and the profile's file
    stamps (a file changed on disk is read anew)."""

    source: tuple[Any, ...]
    reading: Any
    """The :class:`vision.photo_score.PhotoReading`."""


def read_source(job: PhotoJob) -> tuple[Any, ...]:
    """What a reading of ``job`` depends on: everything but the answers, and the files' stamps."""
    return (job.path, _stamp(job.path), job.game, job.players, job.mode, job.profile_path,
            _stamp(job.profile_path), tuple(sorted(job.options.items())))


def _stamp(path: str | None) -> tuple[int, int] | None:
    try:
        st = Path(path).stat() if path else None
    except OSError:
        return None
    return None if st is None else (st.st_mtime_ns, st.st_size)


def score_photo(job: PhotoJob) -> Any:
    """The :class:`vision.photo_score.PhotoScore` of ``job``; :class:`PhotoError` with the reason
    (no such file, not an image, no markers, a board cut off ...)."""
    return score_job(job, None)[0]


def score_job(job: PhotoJob, kept: KeptReading | None) -> tuple[Any, KeptReading]:
    """``job`` scored, and the reading it was scored from: ``kept`` when it was read from the same
    photo with the same settings (and the readers' switches still hold), else the photo read now."""
    from vision import photo_score
    from vision.photo_score import PhotoScoreError, reading_is_current, score_reading

    source = read_source(job)
    if (kept is None or not photo_score.RESCORE_FROM_KEPT_READING or kept.source != source
            or not reading_is_current(kept.reading)):
        kept = KeptReading(source, read_photo(job))
    try:
        return score_reading(kept.reading, dict(job.answers)), kept
    except PhotoScoreError as exc:
        raise PhotoError(str(exc)) from None


def read_photo(job: PhotoJob) -> Any:
    """The :class:`vision.photo_score.PhotoReading` of ``job``'s photo (its answers play no part);
    :class:`PhotoError` as :func:`score_photo`."""
    from calibration.images import ImageError, read_image
    from vision.photo_score import PhotoScoreError, ScoreRequest, reader

    if not job.path:
        raise PhotoError("choose a photo first")
    try:
        image = read_image(job.path)
    except ImageError as exc:
        raise PhotoError(str(exc)) from None
    profile = None
    if job.profile_path and Path(job.profile_path).is_file():
        from calibration.profile import load_profile

        try:
            profile = load_profile(job.profile_path)
        except Exception:  # a bad saved profile: score from the markers alone
            profile = None
    if profile is not None and profile.image_size not in (None, (image.shape[1], image.shape[0])):
        # a photo of another size is another camera's (a phone's): the webcam's lens and table
        # would misplace everything; the scorer measures both on the photo itself
        profile = None
    try:
        return reader(job.game)(image, ScoreRequest(job.players, job.mode, profile, None, {},
                                                    options=dict(job.options)))
    except PhotoScoreError as exc:
        raise PhotoError(str(exc)) from None


def take_photo(camera_index: int, folder: Path, settle_frames: int = 8) -> Path:
    """One frame from the webcam (after a few frames, so exposure settles), saved as PNG in
    ``folder``; :class:`PhotoError` when the camera gives nothing."""
    import cv2

    from hardware.camera import CameraError, DeviceSource

    try:
        source = DeviceSource(int(camera_index))
    except (CameraError, ValueError) as exc:
        raise PhotoError(str(exc)) from None
    try:
        frame = None
        for _ in range(max(1, settle_frames)):
            frame = source.read() or frame
        if frame is None:
            raise PhotoError(f"camera {camera_index} gave no picture")
        folder.mkdir(parents=True, exist_ok=True)
        out = folder / time.strftime("table-%Y%m%d-%H%M%S.png")
        if not cv2.imwrite(str(out), frame.image):
            raise PhotoError(f"could not save the photo in {folder}")
        return out
    finally:
        source.close()


def result_words(result: Any, names: list[str], say: Any, category: Any, player: Any = None) -> str:
    """The breakdown as the screen shows it: each player's total (and the span the photo allows),
    then their lines; ``say`` and ``category`` translate the engine's and the scorer's words,
    ``player`` a player the scorer names ('red', 'player 2') where no name was typed."""
    out = []
    for p in result.players:
        name = (names[p.seat] if p.seat < len(names) and names[p.seat]
                else player(p.colour) if player is not None else p.colour.capitalize())
        lo, hi = p.total_range or (p.total, p.total)
        out.append(f"[b]{name}: {p.total}[/b]" + (f"  ({lo}-{hi})" if lo != hi else ""))
        for cat, points, reason in p.lines:
            out.append(f"    {points:+d}  {category(cat)}: {say(reason)}")
    return "\n".join(out)
