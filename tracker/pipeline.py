"""The live pipeline, one frame per :meth:`Pipeline.step`:

camera source -> calibration (a profile, or the markers found in the first frames; live re-check)
-> stillness gate -> recogniser (only on a scene that has just settled and is new) -> tracker.

It is UI-free so that the command line (``tablesight run`` / ``demo``) and the tablet app (which
runs it off the UI thread) share it. Nothing that goes wrong with a frame is allowed to crash it
or to change the game: a bad or missing frame, a camera that stops, a recogniser failure are all
reported in the :class:`PipelineUpdate` (``camera_ok`` / ``camera_message``) and the game state
is left alone.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from tracker.inference import scratch_copy
from tracker.session import TrackedGame, TrackerEvent
from tracker.stack_heights import StackHeights
from tracker.stillness import GateEvent, StillnessConfig, StillnessGate


class FrameRecogniser(Protocol):
    """Anything that turns a camera frame into an observation (``vision.octocube`` for pixels,
    ``tracker.groundtruth.GroundTruthRecogniser`` for rendered frames)."""

    def recognise(self, frame: Any) -> Any: ...


@dataclass(frozen=True)
class OverlayItem:
    label: str
    polygon: np.ndarray
    """N x 2 image pixels."""
    confidence: float


@dataclass(frozen=True)
class PipelineUpdate:
    frame_index: int
    image: np.ndarray | None
    """The BGR frame (None when the camera delivered nothing this time)."""
    overlay: tuple[OverlayItem, ...]
    events: tuple[TrackerEvent, ...]
    state: Any
    """A copy of the tracked state after this step (read-only by convention: changing it changes
    nothing; use ``pipeline.tracked`` for answer/undo)."""
    camera_ok: bool
    camera_message: str
    fps: float
    stage_ms: dict[str, float]
    gate: str
    """What the stillness gate said ('moving', 'settling', 'settled-new', 'settled-same', or
    'no-frame')."""
    recognised: bool = False
    """True when the recogniser ran on this frame."""
    ground_truth: dict[str, Any] | None = None


@dataclass
class PipelineStats:
    frames: int = 0
    recognised: int = 0
    bad_frames: int = 0
    stage_ms_total: dict[str, float] = field(default_factory=dict)

    def add(self, stage_ms: dict[str, float]) -> None:
        for k, v in stage_ms.items():
            self.stage_ms_total[k] = self.stage_ms_total.get(k, 0.0) + v


class Pipeline:
    """Runs one frame at a time. ``calibrate``: find the table markers in the first frames when no
    ``profile`` is given (needed by pixel recognisers; a ground-truth recogniser can do without,
    but the stage still runs so that its cost and messages are real)."""

    def __init__(self, source: Any, recogniser: FrameRecogniser, tracked: TrackedGame, *,
                 profile: Any = None, calibrate: bool = True, gate: StillnessGate | None = None,
                 overlay_geometry: Callable[[Any, Any], list[OverlayItem]] | None = None,
                 recheck: bool = True, stack_heights: StackHeights | bool = True) -> None:
        self.source = source
        self.recogniser = recogniser
        self.tracked = tracked
        self.profile = profile
        self.calibrate = calibrate and profile is None
        self.gate = gate or StillnessGate()
        self.overlay_geometry = overlay_geometry or octocube_overlay
        self.recheck = recheck
        self.stack_heights: StackHeights | None = (
            StackHeights() if stack_heights is True else stack_heights or None)
        """Stack heights from two scenes (the last accepted one is the reference); False: off."""
        self.stats = PipelineStats()
        self.calibration_message = "calibrated from the profile" if profile is not None else "not calibrated yet"
        self._watcher: Any = None
        self._times: deque[float] = deque(maxlen=30)
        self._ended_reported = False
        self._calibration_tries = 0
        self._moved_since_read = True
        self.needs_calibration = bool(getattr(recogniser, "needs_calibration", False))
        if profile is not None and recheck:
            self._start_watcher(profile)

    # ------------------------------------------------------------------ calibration
    def _start_watcher(self, profile: Any) -> None:
        from calibration.recheck import TableWatcher

        try:
            self._watcher = TableWatcher(profile)
        except Exception as exc:  # a profile without table geometry: no re-check, say why
            self._watcher = None
            self.calibration_message = f"no live re-check: {exc}"

    def _calibrate(self, image: np.ndarray) -> None:
        from calibration.profile import Profile
        from calibration.table import calibrate_table

        self._calibration_tries += 1
        try:
            cal = calibrate_table(image)
        except Exception as exc:  # markers covered, too dark ...: try again on a later frame
            self.calibration_message = f"looking for the table markers: {exc}"
            return
        self.profile = Profile(table=cal.geometry, colour=cal.colour,
                               rectified_px_per_mm=cal.rectifier.px_per_mm)
        self.calibrate = False
        self.calibration_message = (f"table found from markers {', '.join(map(str, cal.geometry.markers_used))}")
        if self.recheck:
            self._start_watcher(self.profile)

    # ------------------------------------------------------------------ one frame
    def step(self) -> PipelineUpdate | None:
        """Process one frame. None once the camera has ended and that has been reported."""
        t0 = time.perf_counter()
        stage: dict[str, float] = {}
        try:
            frame = self.source.read()
        except Exception as exc:  # a source must not raise, but a broken driver might
            frame = None
            self.source.health.failures += 1
            self.source.health.last_error = f"{type(exc).__name__}: {exc}"
        stage["capture"] = (time.perf_counter() - t0) * 1000
        health = self.source.health
        if frame is None:
            if health.ended:
                if self._ended_reported:
                    return None
                self._ended_reported = True
                message = f"the camera stopped delivering ({health.describe()})"
            else:
                message = f"no frame this time ({health.describe()})"
            self.stats.bad_frames += 1
            return self._update(-1, None, (), (), False, message, stage, "no-frame")
        self.stats.frames += 1
        image = frame.image
        message = "ok"
        # calibration
        t = time.perf_counter()
        if self.calibrate and (self._calibration_tries < 3 or frame.index % 10 == 0):
            self._calibrate(image)
        elif self._watcher is not None:
            try:
                result = self._watcher.maybe_check(image, frame.index)
            except Exception as exc:
                result = None
                message = f"calibration re-check failed: {exc}"
            if result is not None and result.status != "ok":
                message = result.message
                if result.geometry is not None and self.profile is not None:
                    from dataclasses import replace

                    self.profile = replace(self.profile, table=result.geometry)
        stage["calibration"] = (time.perf_counter() - t) * 1000
        # stillness gate
        t = time.perf_counter()
        try:
            gate_event = self.gate.update(image)
        except Exception as exc:  # a frame OpenCV cannot even shrink
            stage["gate"] = (time.perf_counter() - t) * 1000
            self.stats.bad_frames += 1
            return self._update(frame.index, image, (), (), False, f"unusable frame: {exc}", stage,
                                "no-frame", frame=frame)
        stage["gate"] = (time.perf_counter() - t) * 1000
        events: list[TrackerEvent] = []
        overlay: list[OverlayItem] = []
        recognised = False
        if gate_event is GateEvent.MOVING:
            self._moved_since_read = True
        # Read a scene once when it settles: when it looks new, and also when something moved
        # since the last reading even if the gate finds the result alike (a tile turned on a
        # cube changes only a few pixels of the gate's small image).
        settled = gate_event is GateEvent.SETTLED_NEW or (
            gate_event is GateEvent.SETTLED_SAME and self._moved_since_read)
        if settled:
            self._moved_since_read = False
        if settled:
            if self.needs_calibration and self.profile is None:
                message = f"cannot read the table yet: {self.calibration_message}"
            else:
                t = time.perf_counter()
                try:
                    observed = self.recogniser.recognise(frame)
                except Exception as exc:  # recognition failure: report, never touch the game
                    observed = None
                    message = f"the scene could not be read: {exc}"
                stage["recognise"] = (time.perf_counter() - t) * 1000
                recognised = observed is not None
                if observed is not None and getattr(observed, "occluded", False):
                    message = "a hand or an object hides the play area: waiting"
                    self.gate.reset()
                    self._moved_since_read = True
                elif observed is not None:
                    self.stats.recognised += 1
                    t = time.perf_counter()
                    try:
                        observed = self._with_heights(observed)
                        events = self.tracked.observe(observed)
                        self._remember_if_accepted(observed)
                    except Exception as exc:  # a tracker bug must not stop the camera
                        events = []
                        message = f"the tracker could not use this scene: {type(exc).__name__}: {exc}"
                    stage["track"] = (time.perf_counter() - t) * 1000
                    try:
                        overlay = self.overlay_geometry(observed, self.profile)
                    except Exception:
                        overlay = []
        return self._update(frame.index, image, tuple(overlay), tuple(events), message == "ok" or
                            message.startswith("a hand"), message, stage, gate_event.value,
                            recognised=recognised, frame=frame)

    def _with_heights(self, observed: Any) -> Any:
        return self.stack_heights.annotate(observed) if self.stack_heights is not None else observed

    def _remember_if_accepted(self, observed: Any) -> None:
        """The tracker's state explains this scene (no alert, no open question): its stack
        heights are this scene's, so it becomes the reference for the next ones."""
        if self.stack_heights is None:
            return
        if self.tracked.alert is not None or self.tracked.pending is not None:
            return
        heights = getattr(self.tracked.adapter.expected(self.tracked.state), "heights", None)
        if heights is not None:
            self.stack_heights.remember(observed, heights)

    def _update(self, index: int, image: np.ndarray | None, overlay: tuple[OverlayItem, ...],
                events: tuple[TrackerEvent, ...], ok: bool, message: str, stage: dict[str, float],
                gate: str, *, recognised: bool = False, frame: Any = None) -> PipelineUpdate:
        now = time.perf_counter()
        self._times.append(now)
        fps = (len(self._times) - 1) / (self._times[-1] - self._times[0]) if len(self._times) > 1 else 0.0
        stage["total"] = sum(stage.values())
        self.stats.add(stage)
        return PipelineUpdate(index, image, overlay, events, scratch_copy(self.tracked.state), ok, message,
                              fps, stage, gate, recognised,
                              getattr(frame, "ground_truth", None) if frame is not None else None)

    def close(self) -> None:
        try:
            self.source.close()
        except Exception:
            pass


def octocube_overlay(observed: Any, profile: Any) -> list[OverlayItem]:
    """Boxes (image px) for what was recognised: stack tops and cubes, through the table
    homography; empty when the table is not calibrated."""
    if profile is None or getattr(profile, "table", None) is None:
        return []
    from rules.octocube.components import PLAYER_COLOURS, location_label
    from vision.render import octocube_layout as lay

    geometry = profile.table
    intr = getattr(profile, "intrinsics", None)
    grid = max((loc[0] for loc in observed.tops), default=-1) + 1
    half = lay.TILE_SIZE_MM / 2
    items: list[OverlayItem] = []

    def square(cx: float, cy: float, h: float) -> np.ndarray:
        pts = np.array([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)], float)
        px = geometry.mm_to_image(pts)
        return intr.distort_points(px) if intr is not None else px

    for loc, reading in observed.tops.items():
        if reading.covered:
            continue
        cx, cy = lay.grid_centre(loc, grid)
        label = f"{location_label(loc)}: {reading.tile.label() if reading.tile else 'empty'}"
        items.append(OverlayItem(label, square(cx, cy, half), reading.confidence))
    for seat, cube in observed.cubes.items():
        if cube.location is not None:
            cx, cy = lay.grid_centre(cube.location, grid)
        else:
            cx, cy = lay.cube_rest(lay.seat_side(seat, len(observed.boards) or 4))
        top = cube.top.label() if cube.top else "bare"
        rot = f" {cube.rotation} deg" if cube.rotation else ""
        items.append(OverlayItem(f"{PLAYER_COLOURS[seat]} cube: {top}{rot}",
                                 square(cx, cy, lay.CUBE_SIZE_MM / 2), cube.confidence))
    return items


class PixelRecogniser:
    """``vision.octocube.OctocubeRecogniser`` (pixels -> observation) behind the pipeline's
    frame interface. Built lazily from the table geometry: the pipeline's calibration profile,
    or (digital twin) the renderer's exact camera model."""

    name = "vision.octocube (pixels)"
    needs_calibration = True

    def __init__(self, grid_size: int, num_players: int, geometry: Any = None,
                 profile_of: Callable[[], Any] | None = None) -> None:
        self.grid_size = grid_size
        self.num_players = num_players
        self._geometry = geometry
        self._profile_of = profile_of
        self._inner: Any = None

    @classmethod
    def for_camera(cls, grid_size: int, num_players: int, camera: Any) -> PixelRecogniser:
        rec = cls(grid_size, num_players, camera)
        rec.needs_calibration = False
        return rec

    def recognise(self, frame: Any) -> Any:
        if self._inner is None:
            from vision.octocube.recogniser import OctocubeRecogniser

            geometry = self._geometry if self._geometry is not None else (
                self._profile_of() if self._profile_of is not None else None)
            if geometry is None:
                raise ValueError("the table is not calibrated yet")
            self._inner = OctocubeRecogniser(self.grid_size, self.num_players, geometry)
        return self._inner.recognise(frame.image)


DEMO_GATE = StillnessConfig(still_frames=2, changed_fraction=0.0004)
"""The demo films few still frames per move: settle after 2 quiet frames; small changes (a tile
turned on a cube) still count as new."""


# ====================================================================== the digital-twin demo


@dataclass
class DemoPipeline:
    """A pipeline watching a digital-twin game, with the truth kept aside for scoring."""

    pipeline: Pipeline
    twin: Any
    """``tracker.twin.TwinGame``: the truth engine, its changes and the truthful answers."""
    recogniser_name: str


def build_demo_pipeline(players: int, seed: int, illegal: int = 0, *, tilt: float = 15.0,
                        lighting: str = "day", resolution: tuple[int, int] = (1280, 720),
                        timing: Any = None, gate: StillnessConfig | None = None,
                        lighting_drift_every: int = 12, max_moves: int | None = None,
                        doubt: float = 0.0, log: Any = None, realtime: bool = False,
                        recogniser: FrameRecogniser | None = None, pixels: bool = False,
                        heights: bool = True) -> DemoPipeline:
    """A seeded Octocube game filmed by the digital twin and watched by the full pipeline.
    The tracker starts from the hidden-information deal; only frames reach it. ``heights``:
    measure stack heights between scenes (pixel recogniser; see tracker/stack_heights.py)."""
    import random as _random
    from dataclasses import replace

    from hardware.camera import SyntheticSource
    from tracker.groundtruth import GroundTruthRecogniser
    from tracker.octocube_adapter import OctocubeAdapter
    from tracker.twin import LIGHTINGS, TwinGame, film, sides_for
    from vision.render.camera import CameraModel
    from vision.render.effects import Lighting
    from vision.render.sequence import Timing

    if lighting not in LIGHTINGS:
        raise ValueError(f"lighting must be one of {', '.join(LIGHTINGS)}, not {lighting!r}")
    twin = TwinGame(players, seed, illegal=illegal, max_moves=max_moves)
    camera = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=_random.Random(seed).choice([0.0, 90.0, 180.0, 270.0]),
                                    resolution=resolution)
    timing = timing or Timing()
    base_light = Lighting(**LIGHTINGS[lighting])
    sides = sides_for(twin.changes, players)

    rng = _random.Random(seed + 1)
    lightings = []
    light = base_light
    for i in range(max(1, len(twin.changes))):
        if i and lighting_drift_every and i % lighting_drift_every == 0:
            # the light drifts (a cloud, someone moves the lamp)
            light = replace(light, brightness=max(0.6, min(1.25, light.brightness * rng.uniform(0.9, 1.1))),
                            azimuth_deg=(light.azimuth_deg + rng.uniform(-25, 25)) % 360)
        lightings.append(light)
    frames = film(twin.scenes, sides, camera, lightings, seed=seed, timing=timing)

    from tracker.session import TrackedGame

    state = twin.tracker_initial_state()
    tracked = TrackedGame(state, OctocubeAdapter(), log)
    if recogniser is None and pixels:
        recogniser = PixelRecogniser.for_camera(state.grid_size, players, camera)
    rec = recogniser or GroundTruthRecogniser(state.grid_size, players, doubt=doubt, seed=seed)
    source = SyntheticSource(frames, fps=timing.fps, realtime=realtime)
    pipe = Pipeline(source, rec, tracked, gate=StillnessGate(gate or DEMO_GATE), stack_heights=heights)
    return DemoPipeline(pipe, twin, getattr(rec, "name", type(rec).__name__))
