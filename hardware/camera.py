"""Camera sources: everything downstream reads frames through :class:`FrameSource`.

``read()`` returns the next :class:`Frame` or ``None``: ``None`` means "no frame this time"
(a dropped or bad frame) or "no more frames" (``health.ended``). A source never raises on a bad
frame; it records what went wrong in :attr:`FrameSource.health`, so that a UI can say "the
camera stopped delivering" instead of crashing. Opening a source that cannot exist (no such
device, no such file) raises :class:`CameraError` with a clear message.

Sources: :class:`DeviceSource` (a webcam, ``cv2.VideoCapture`` index), :class:`VideoFileSource`
(a recorded video), :class:`SyntheticSource` (frames from the renderer: the digital twin, which
is what ``make demo`` uses when there is no camera).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np


MAX_FRAME_PIXELS = 4096 * 2304
"""Largest camera or video frame followed (4K UHD); larger ones would stall every stage."""


class CameraError(ValueError):
    """A camera source that cannot be opened (missing device or file, bad settings)."""


@dataclass(frozen=True)
class Frame:
    image: np.ndarray
    """BGR uint8, height x width x 3."""
    timestamp: float
    """Seconds: capture time for devices, position in the video or sequence for the others."""
    index: int


@dataclass
class SourceHealth:
    frames: int = 0
    """Good frames delivered."""
    failures: int = 0
    consecutive_failures: int = 0
    last_error: str | None = None
    ended: bool = False
    """True once the source will deliver no more frames (end of video, device gone)."""

    @property
    def ok(self) -> bool:
        return not self.ended and self.consecutive_failures == 0

    def describe(self) -> str:
        if self.ended:
            why = f": {self.last_error}" if self.last_error else ""
            return f"ended after {self.frames} frames{why}"
        if self.consecutive_failures:
            return f"{self.consecutive_failures} bad frames in a row (last: {self.last_error})"
        return f"ok, {self.frames} frames, {self.failures} bad"


@runtime_checkable
class FrameSource(Protocol):
    health: SourceHealth

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


def check_image(image: Any, expected_shape: tuple[int, int] | None = None) -> str | None:
    """Why ``image`` is not a usable camera frame, or None when it is."""
    if image is None:
        return "no image"
    if not isinstance(image, np.ndarray):
        return f"frame is a {type(image).__name__}, not an image array"
    if image.dtype != np.uint8:
        return f"frame has dtype {image.dtype}, expected uint8"
    if image.ndim != 3 or image.shape[2] != 3:
        return f"frame has shape {image.shape}, expected height x width x 3"
    if image.shape[0] < 16 or image.shape[1] < 16:
        return f"frame is only {image.shape[1]}x{image.shape[0]} pixels"
    if expected_shape is not None and image.shape[:2] != expected_shape:
        return (f"frame is {image.shape[1]}x{image.shape[0]}, the source delivered "
                f"{expected_shape[1]}x{expected_shape[0]} before")
    return None


class _Source:
    """Shared bookkeeping: validation, health, iteration, context manager."""

    max_consecutive_failures = 30
    """After this many bad frames in a row the source counts as ended (device gone)."""

    def __init__(self) -> None:
        self.health = SourceHealth()
        self._shape: tuple[int, int] | None = None
        self._index = 0
        self._closed = False

    def _grab(self) -> tuple[Any, float, dict[str, Any] | None] | None:
        """(image, timestamp, ground truth) or None at the end of the stream."""
        raise NotImplementedError

    def read(self) -> Frame | None:
        if self._closed or self.health.ended:
            return None
        try:
            got = self._grab()
        except Exception as exc:  # a driver or decoder failure must not kill the caller
            self._fail(str(exc) if isinstance(exc, CameraError) else f"{type(exc).__name__}: {exc}")
            return None
        if got is None:
            self.health.ended = True
            self.health.last_error = self.end_note()
            return None
        image, timestamp, truth = got
        problem = check_image(image, self._shape)
        if problem is not None:
            self._fail(problem)
            return None
        self._shape = image.shape[:2]
        self.health.frames += 1
        self.health.consecutive_failures = 0
        frame = Frame(image, float(timestamp), self._index)
        if truth is not None:
            self._keep_truth(self._index, truth)
        self._index += 1
        return frame

    def _keep_truth(self, index: int, truth: dict[str, Any]) -> None:
        """Only synthetic sources know what is on the table (see :class:`SyntheticSource`)."""

    def end_note(self) -> str | None:
        """What to say about the stream once it has ended normally (None: nothing)."""
        return None

    def _fail(self, reason: str) -> None:
        self.health.failures += 1
        self.health.consecutive_failures += 1
        self.health.last_error = reason
        self._index += 1
        if self.health.consecutive_failures >= self.max_consecutive_failures:
            self.health.ended = True
            self.health.last_error = f"{reason} ({self.health.consecutive_failures} times in a row)"
        return None

    def frames(self) -> Iterator[Frame]:
        """Every good frame until the source ends (bad frames are skipped and counted)."""
        while not self.health.ended and not self._closed:
            frame = self.read()
            if frame is not None:
                yield frame

    def close(self) -> None:
        self._closed = True

    def __enter__(self) -> _Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DeviceSource(_Source):
    """A webcam through ``cv2.VideoCapture(index)``."""

    def __init__(self, index: int = 0, resolution: tuple[int, int] | None = (1280, 720),
                 fps: float | None = None) -> None:
        super().__init__()
        import cv2

        self._cap = cv2.VideoCapture(index)
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraError(f"camera {index} could not be opened (is it connected, and free?)")
        if resolution is not None:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, resolution[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, resolution[1])
        if fps is not None:
            self._cap.set(cv2.CAP_PROP_FPS, fps)
        reported = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps: float | None = float(reported) if reported and 0 < reported <= 240 else None
        """Frames per second the driver says it delivers (None when it does not say)."""
        self.max_consecutive_failures = 50

    def _grab(self) -> tuple[Any, float, None]:
        ok, image = self._cap.read()
        return (image if ok else None, time.monotonic(), None)

    def close(self) -> None:
        super().close()
        self._cap.release()


class VideoFileSource(_Source):
    """A recorded video, read frame by frame; timestamps from the file's frame rate.

    A damaged stretch (a corrupt block) is not the end of the film: the frame is counted as bad,
    named (``damaged``), and reading goes on from the next frame where the container can seek.
    FFmpeg's own messages stay out of the terminal (``OPENCV_FFMPEG_LOGLEVEL``, unless set)."""

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        import os

        import cv2

        p = Path(path)
        if not p.is_file():
            raise CameraError(f"video file {p} does not exist")
        os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # quiet: damage is reported here
        self._cap = cv2.VideoCapture(str(p))
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraError(f"{p} is not a video OpenCV can read")
        fps = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = fps if fps and 0 < fps <= 1000 else 30.0
        count = self._cap.get(cv2.CAP_PROP_FRAME_COUNT)
        self.frame_count = int(count) if count and 0 < count < 10**9 else 0
        """Frames the container says it holds (0: it does not say)."""
        width, height = self._cap.get(cv2.CAP_PROP_FRAME_WIDTH), self._cap.get(cv2.CAP_PROP_FRAME_HEIGHT)
        if width * height > MAX_FRAME_PIXELS:
            self._cap.release()
            raise CameraError(f"{p}: frames of {int(width)}x{int(height)} pixels are too large to follow")
        self.damaged: list[int] = []
        """Frame numbers that could not be decoded (skipped)."""
        self._n = 0

    def end_note(self) -> str | None:
        if not self.damaged:
            return None
        shown = ", ".join(map(str, self.damaged[:10])) + (" ..." if len(self.damaged) > 10 else "")
        return f"{len(self.damaged)} damaged frame(s) skipped: {shown}"

    def _grab(self) -> tuple[Any, float, None] | None:
        import cv2

        ok, image = self._cap.read()
        if not ok:
            if self._n >= self.frame_count - 1:
                return None  # end of file
            damaged = self._n
            self.damaged.append(damaged)
            self._n += 1
            self._cap.set(cv2.CAP_PROP_POS_FRAMES, self._n)  # go on from the next frame
            raise CameraError(f"the video is damaged at frame {damaged}: skipped to the next frame")
        t = self._n / self.fps
        self._n += 1
        return (image, t, None)

    def close(self) -> None:
        super().close()
        self._cap.release()


class SyntheticSource(_Source):
    """Frames from the digital twin (or any iterable of frames/images), read like a webcam.

    Items may be :class:`vision.render.sequence.SequenceFrame`, :class:`tracker.film.FilmFrame`,
    :class:`Frame`, or bare images (then timestamps follow ``fps``). ``realtime`` sleeps so that
    frames arrive at ``fps``.

    What the renderer knows of a frame (its ground truth) never travels with the frame: the
    source keeps it aside for the demo's score sheet and the ground-truth recogniser
    (:meth:`truth_of`). ``skip_while``: leading items whose truth it accepts are skipped (a
    resumed demo starts where its log ends).
    """

    kept_truths = 256
    """Truths of this many recent frames are kept (the film of a whole game would not fit)."""

    def __init__(self, frames: Iterable[Any], fps: float = 10.0, realtime: bool = False,
                 skip_while: Callable[[dict[str, Any] | None], bool] | None = None) -> None:
        super().__init__()
        self._it = iter(frames)
        self.fps = fps
        self.realtime = realtime
        self._n = 0
        self._t0: float | None = None
        self._skip_while = skip_while
        self._truths: OrderedDict[int, dict[str, Any]] = OrderedDict()

    def truth_of(self, frame: Frame | int) -> dict[str, Any] | None:
        """The renderer's ground truth of a frame this source delivered recently (None if it had
        none or it is too old)."""
        index = frame if isinstance(frame, int) else frame.index
        return self._truths.get(index)

    def _keep_truth(self, index: int, truth: dict[str, Any]) -> None:
        self._truths[index] = truth
        while len(self._truths) > self.kept_truths:
            self._truths.popitem(last=False)

    @staticmethod
    def octocube_demo(seed: int = 0, moves: int = 6, players: int = 4, tilt_deg: float = 15.0,
                      **kwargs: Any) -> SyntheticSource:
        """A demo game: random positions played one change after another (no engine needed)."""
        from vision.render.camera import CameraModel
        from vision.render.sequence import views_sequence
        from vision.render.octocube_scene import demo_views

        views, movers = demo_views(players, seed, moves)
        cam = CameraModel.looking_at(tilt_deg=tilt_deg)
        return SyntheticSource(views_sequence(views, movers, cam, seed=seed), **kwargs)

    def _next_item(self) -> Any:
        item = next(self._it)
        while self._skip_while is not None:
            if self._skip_while(_truth_of_item(item)):
                item = next(self._it)
            else:
                self._skip_while = None
        return item

    def _grab(self) -> tuple[Any, float, dict[str, Any] | None] | None:
        try:
            item = self._next_item()
        except StopIteration:
            return None
        t = self._n / self.fps
        self._n += 1
        if self.realtime:
            now = time.monotonic()
            if self._t0 is None:
                self._t0 = now - t
            delay = self._t0 + t - now
            if delay > 0:
                time.sleep(delay)
        if isinstance(item, Frame):
            return (item.image, item.timestamp, None)
        if hasattr(item, "image"):
            return (item.image, getattr(item, "timestamp", t), _truth_of_item(item))
        return (item, t, None)


def _truth_of_item(item: Any) -> dict[str, Any] | None:
    truth = getattr(item, "ground_truth", None)
    return truth if isinstance(truth, dict) else None


def open_source(spec: str, **kwargs: Any) -> _Source:
    """``"0"`` (a device index), a video path, or ``"synthetic"`` / ``"synthetic:SEED"``."""
    if spec.isdigit():
        return DeviceSource(int(spec), **kwargs)
    if spec.startswith("synthetic"):
        _, _, seed = spec.partition(":")
        if seed and not seed.lstrip("-").isdigit():
            raise CameraError(f"bad synthetic seed {seed!r} (expected synthetic:INTEGER)")
        return SyntheticSource.octocube_demo(int(seed or 0), **kwargs)
    return VideoFileSource(spec)


__all__ = ["CameraError", "DeviceSource", "Frame", "FrameSource", "SourceHealth",
           "SyntheticSource", "VideoFileSource", "check_image", "open_source"]
