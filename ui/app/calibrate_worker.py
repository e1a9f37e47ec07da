"""The Calibrate screen's worker: reads the chosen camera on its own thread, finds the printed
corner markers in every preview frame (drawn on it), and on request fits the table (homography,
rectified view, colour correction) with :func:`calibration.marker_lens.calibrate_table_measuring_lens`
(the table, and the lens where its barrel bends the markers). No kivy."""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

from ui.app.worker import GameSetup, Mailbox


@dataclass(frozen=True)
class CalibrationView:
    frame: bytes | None = None
    frame_size: tuple[int, int] = (0, 0)
    rectified: bytes | None = None
    rectified_size: tuple[int, int] = (0, 0)
    found: tuple[int, ...] = ()
    missing: tuple[str, ...] = ()
    camera_ok: bool = True
    message: str = ""
    result: str = ""
    """'' (not tried), 'ok' or 'failed'."""
    detail: str = ""
    """The calibration's figures when ok, the reason when it failed."""


def open_preview_source(setup: GameSetup) -> Any:
    """The camera for the preview; the demo table films a short seeded game."""
    if setup.source == "demo":
        from dataclasses import replace

        from tracker.build import build_pipeline

        table = replace(setup.table_setup(), players=max(2, setup.players), illegal=0, moves=3)
        return build_pipeline(table).pipeline.source
    from hardware.camera import DeviceSource, VideoFileSource

    return VideoFileSource(setup.video_path) if setup.source == "video" else DeviceSource(setup.camera_index)


class CalibrationWorker:
    def __init__(self, setup: GameSetup, mailbox: Mailbox | None = None, *, max_fps: float = 6.0,
                 source: Any = None) -> None:
        self.setup = setup
        self.mailbox = mailbox or Mailbox()
        self.max_fps = max_fps
        self._source = source
        self._commands: queue.Queue[str] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="tablesight-calibrate", daemon=True)
        self.calibration: Any = None
        """The last successful :class:`calibration.table.TableCalibration` (read after 'ok')."""
        self.lens: Any = None
        """With it, the lens measured on the markers (``calibration.marker_lens.MarkerLens``) when
        the camera's barrel bent them past a pinhole fit; None: a straight lens was enough."""
        self._image: Any = None

    def start(self) -> None:
        self._thread.start()

    def find_table(self) -> None:
        self._commands.put("find")

    def stop(self, timeout: float = 5.0) -> None:
        self._commands.put("stop")
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        try:
            source = self._source or open_preview_source(self.setup)
        except Exception as exc:
            self.mailbox.post(CalibrationView(camera_ok=False, message=str(exc)))  # type: ignore[arg-type]
            return
        try:
            self._loop(source)
        finally:
            try:
                source.close()
            except Exception:
                pass

    def _loop(self, source: Any) -> None:
        from calibration.table import detect_markers, make_marker_detector
        from ui.app.frames import draw_markers, to_texture_bytes

        detector = make_marker_detector()
        last = CalibrationView()
        period = 1.0 / self.max_fps
        while True:
            t0 = time.perf_counter()
            try:
                command = self._commands.get_nowait()
            except queue.Empty:
                command = ""
            if command == "stop":
                return
            if command == "find":
                last = self._find(last)
                self.mailbox.post(last)  # type: ignore[arg-type]
            frame = source.read()
            if frame is None:
                ended = source.health.ended
                if self._image is None or not ended or self.setup.source != "demo":
                    last = _replace(last, camera_ok=False, message=source.health.describe())
                    self.mailbox.post(last)  # type: ignore[arg-type]
                # the demo film is short: keep its last picture on screen
                time.sleep(period)
                continue
            self._image = frame.image
            from calibration import layout
            from calibration.table import marker_label

            scan = detect_markers(frame.image, detector, refine_edges=False)
            data, size = to_texture_bytes(draw_markers(frame.image, scan), self.setup.display_width)
            last = _replace(last, frame=data, frame_size=size, found=tuple(sorted(scan.corners)),
                            missing=tuple(marker_label(i) for i in layout.MARKER_IDS if i not in scan.corners),
                            camera_ok=True, message="ok")
            self.mailbox.post(last)  # type: ignore[arg-type]
            spare = period - (time.perf_counter() - t0)
            if spare > 0:
                time.sleep(spare)

    def _find(self, last: CalibrationView) -> CalibrationView:
        from calibration.errors import CalibrationError
        from calibration.marker_lens import calibrate_table_measuring_lens
        from ui.app.frames import to_texture_bytes

        if self._image is None:
            return _replace(last, result="failed", detail="no picture from the camera yet")
        try:  # as run and 'calibrate table' do: a barrel that bends the markers is measured on them
            cal, lens = calibrate_table_measuring_lens(self._image)
        except CalibrationError as exc:
            self.calibration = self.lens = None
            return _replace(last, result="failed", detail=str(exc), rectified=None, rectified_size=(0, 0))
        except Exception as exc:  # never let a calibration bug stop the preview
            self.calibration = self.lens = None
            return _replace(last, result="failed", detail=f"{type(exc).__name__}: {exc}")
        self.calibration, self.lens = cal, lens
        rectified = cal.rectified if cal.colour is None else cal.colour.apply_bgr_image(cal.rectified)
        data, size = to_texture_bytes(rectified, 640)
        g = cal.geometry
        detail = f"{', '.join(map(str, g.markers_used))}|{g.residual_rms_px:.2f}|{'' if lens is None else f'{lens.k1:.3f}'}"
        return _replace(last, result="ok", detail=detail, rectified=data, rectified_size=size)


def _replace(view: CalibrationView, **changes: Any) -> CalibrationView:
    from dataclasses import replace

    return replace(view, **changes)


def profile_from(calibration: Any, lens: Any = None) -> Any:
    """The profile to save: the table found, and the lens measured on the markers if one was."""
    from calibration.profile import Profile

    return Profile(intrinsics=None if lens is None else lens.intrinsics, table=calibration.geometry,
                   colour=calibration.colour, rectified_px_per_mm=calibration.rectifier.px_per_mm)
