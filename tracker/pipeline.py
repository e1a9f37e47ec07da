"""The live pipeline, one frame per :meth:`Pipeline.step`:

camera source -> calibration (a profile, or the markers found in the first frames; live re-check)
-> stillness gate -> recogniser (only on a scene that has just settled and is new) -> tracker.

It is UI-free and game-free: :func:`tracker.build.build_pipeline` assembles it for any game of
:mod:`tracker.registry`, the same way for the command line (``tablesight run`` / ``demo``) and the
tablet app (which runs it off the UI thread). Nothing that goes wrong with a frame is allowed to crash it
or to change the game: a bad or missing frame, a camera that stops, a recogniser failure are all
reported in the :class:`PipelineUpdate` (``camera_ok`` / ``camera_message``) and the game state
is left alone.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tracker.inference import scratch_copy
from tracker.session import MoveConfirmed, TrackedGame, TrackerEvent
from tracker.stillness import GateEvent, StillnessConfig, StillnessGate
from tracker.table import FrameRecogniser, Misread, OverlayItem, RefusedScene, SceneMemory

DEMO_GATE = StillnessConfig(still_frames=2, changed_fraction=0.0004)
"""The demo films few still frames per move: settle after 2 quiet frames; small changes (a tile
turned on a cube) still count as new."""


@dataclass(frozen=True)
class _ReadAhead:
    """A scene read before the gate settled, and the gate's small image of the frame it read."""

    observed: Any
    failure: str | None
    refusal: RefusedScene | None
    snapshot: np.ndarray | None


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
    refused: str | None = None
    """The recogniser's refusal of the scene at rest that the players may overrule (Octo Dice: a
    die called cocked; the app shows "it lies flat" beside it): :meth:`Pipeline.overrule`."""
    misread: str | None = None
    """What the players may answer to the standing alarm when it may be the camera's misreading
    (Octo Dice: a die called turned by hand; the app offers "the camera misread it"), in words:
    :meth:`Pipeline.misread`."""


@dataclass
class PipelineStats:
    frames: int = 0
    recognised: int = 0
    bad_frames: int = 0
    scenes: int = 0
    """Still scenes the recogniser read (hidden ones included)."""
    unknown_copy_scenes: list[int] = field(default_factory=list)
    """The (1-based) scenes whose components looked like no copy the recogniser knows: not
    tracked, the players are asked to teach their copy."""
    unknown_copy: str | None = None
    """What the recogniser said the last time it did not know the copy."""
    first_judged_scene: int | None = None
    """The first (1-based) scene with enough components to judge the copy by (the observation's
    ``familiarity`` set): before it, nothing on the table could tell a known copy from another
    (an Open Season set-up shows no card yet)."""
    stage_ms_total: dict[str, float] = field(default_factory=dict)
    move_latency_ms: list[float] = field(default_factory=list)
    """Per confirmed move: from the first still frame of its scene (the table came to rest) to
    the end of the step that confirmed it (what a screen shows next)."""
    reads: int = 0
    """Times the recogniser ran (reads ahead included)."""
    reads_ahead: int = 0
    """Scenes read one frame early (``Pipeline(read_ahead=True)``) ..."""
    reads_ahead_used: int = 0
    """... and of those, the ones the next frame confirmed (the others were a pause, not rest)."""
    overruled: int = 0
    """Times the players overruled the recogniser's refusal of a scene (:meth:`Pipeline.overrule`)."""
    misread_said: int = 0
    """Times the players answered an alarm "the camera misread it" (:meth:`Pipeline.misread`)."""
    move_latency_kinds: list[tuple[str, ...]] = field(default_factory=list)
    """Beside each latency: the kinds of the moves that step confirmed (an Octo Dice roll is timed
    apart from a set-aside made by hand)."""

    def add(self, stage_ms: dict[str, float]) -> None:
        for k, v in stage_ms.items():
            self.stage_ms_total[k] = self.stage_ms_total.get(k, 0.0) + v


class Pipeline:
    """Runs one frame at a time. ``calibrate``: find the table markers in the first frames when no
    ``profile`` is given (needed by pixel recognisers; a ground-truth recogniser can do without,
    but the stage still runs so that its cost and messages are real)."""

    def __init__(self, source: Any, recogniser: FrameRecogniser, tracked: TrackedGame[Any, Any], *,
                 profile: Any = None, calibrate: bool = True, gate: StillnessGate | None = None,
                 overlay_geometry: Callable[[Any, Any], list[OverlayItem]] | None = None,
                 recheck: bool = True, memory: SceneMemory | None = None, read_ahead: bool = False) -> None:
        self.source = source
        self.recogniser = recogniser
        self.tracked = tracked
        self.profile = profile
        self.calibrate = calibrate and profile is None
        self.gate = gate or StillnessGate()
        self.overlay_geometry = overlay_geometry
        self.recheck = recheck
        self.memory = memory
        """What the game keeps of the last accepted scene (Octocube: stack heights); None: off."""
        self.read_ahead = read_ahead
        """Read the scene on the gate's first quiet frame, and use that reading when the gate
        settles on a frame that has not changed since: the read overlaps the gate's wait, so it
        costs no time after the dice land (at 10 frames/s the first quiet frame is the last before
        the gate settles; at a webcam's 30 the read is done frames before the gate's 0.2 s are up).
        For a game whose read is shorter than the gate's wait; a pause that is not rest costs a
        read that is thrown away."""
        self._ahead: _ReadAhead | None = None
        self._deferred: Any = None
        """The last scene read, when it left a question open: remembered once it is answered."""
        self.refused: RefusedScene | None = None
        """The recogniser's refusal of the scene at rest, while it stands (None once a scene is
        read, the table moves, or the players overrule it)."""
        self.misread_offer: Misread | None = None
        """The standing alarm may be the camera's misreading (the scene memory says which
        readings and what the players would say instead): :meth:`misread`. None once another
        scene is read, the table moves, or the players answered."""
        self._rest_since: float | None = None
        self.stats = PipelineStats()
        self.calibration_message = "calibrated from the profile" if profile is not None else "not calibrated yet"
        self._watcher: Any = None
        self._times: deque[float] = deque(maxlen=30)
        self._ended_reported = False
        self._calibration_tries = 0
        self._moved_since_read = True
        self._refused_frame: Any = None
        """The frame of the scene :attr:`refused` stands for (what an overrule reads again)."""
        self._overruled_frame: Any = None
        """A refused scene the players overruled, read on the next step even if the table has
        moved since: the players looked at that scene (a film, or a roll quickly followed by the
        next, has no still frame left after the tap)."""
        self._read_requested = threading.Event()
        self._requests = 0
        """Requests to read (:meth:`request_read`) so far ..."""
        self._requests_read_ahead = 0
        """... and how many of them the frame that came with them was read ahead for."""
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
        from calibration.marker_lens import calibrate_table_measuring_lens
        from calibration.profile import Profile

        self._calibration_tries += 1
        try:
            # no profile: a wide webcam's barrel may bend the markers out of a pinhole fit
            cal, lens = calibrate_table_measuring_lens(image)
        except Exception as exc:  # markers covered, too dark ...: try again on a later frame
            self.calibration_message = f"looking for the table markers: {exc}"
            return
        self.profile = Profile(intrinsics=None if lens is None else lens.intrinsics, table=cal.geometry,
                               colour=cal.colour, rectified_px_per_mm=cal.rectifier.px_per_mm)
        self.calibrate = False
        self.calibration_message = (f"table found from markers {', '.join(map(str, cal.geometry.markers_used))}"
                                    + ("" if lens is None else
                                       f" (the lens bends them {lens.pinhole_residual_px:.1f} px: its barrel was "
                                       f"measured on them, k1 {lens.k1:.3f}; 'tablesight calibrate intrinsics' measures it better)"))
        if self.recheck:
            self._start_watcher(self.profile)

    def put_right(self, key: str, value: str) -> list[TrackerEvent]:
        """A reading the players set on the tablet (:meth:`TrackedGame.put_right`); the scene memory
        is put right with it (:meth:`_memory_corrected`). The app and ``run`` both come here."""
        self._settle_deferred()
        before = self._view()
        events = self.tracked.put_right(key, value)
        if events:
            self._memory_corrected(before)
        return events

    def confirm_correction(self, undo: int, moves: list[Any]) -> list[TrackerEvent]:
        """The players take back ``undo`` moves and confirm ``moves`` instead (a roll the camera
        misread, set on the tablet: the demo's simulated players come here); the scene memory is
        put right with it, as for :meth:`put_right`."""
        self._settle_deferred()
        before = self._view()
        trial = self.tracked.state.clone()
        for _ in range(undo):
            trial.pop()
        for move in moves:
            trial.push(move)  # raises IllegalMoveError, the game untouched
        for _ in range(undo):
            self.tracked.undo()
        events = self.tracked.confirm_correction(moves)
        self._memory_corrected(before)
        return events

    def _view(self) -> Any:
        return self.tracked.adapter.expected(self.tracked.state)

    def _memory_corrected(self, before: Any) -> None:
        """After a correction on the tablet: a memory that can (``corrected(before, after)``, the
        adapter's views) keeps what the correction did not touch and takes the corrected readings,
        so a die that did not move is still told from one that tumbled; any other forgets the
        misread scene (the next one is judged afresh)."""
        if self.memory is None:
            return
        corrected = getattr(self.memory, "corrected", None)
        if callable(corrected):
            corrected(before, self._view())
        else:
            self.memory.forget()

    def overrule(self) -> bool:
        """The players say the recogniser's refusal is wrong (Octo Dice: "it lies flat" for a die
        called cocked): the recogniser is told the places (it reads them anyway while what lies
        there does not move), the word is logged, and the scene is read again on the next still
        frame. The app, ``run`` and the demo's simulated players all come here. False (nothing
        done) when no refusal stands or the recogniser cannot be overruled."""
        refusal = self.refused
        overrule = getattr(self.recogniser, "overrule", None)
        if refusal is None or not callable(overrule):
            return False
        overrule(refusal.places)
        self._overruled_frame = self._refused_frame
        self.refused = None
        self.stats.overruled += 1
        where = ", ".join(f"({x:.0f}, {y:.0f}) mm" for x, y in refusal.places)
        self.tracked.note(f"the players say the die at {where} lies flat: read it")
        self._moved_since_read = True  # the same still scene is read again
        return True

    def misread(self) -> bool:
        """The players answer the standing alarm "the camera misread it" (Octo Dice: the die called
        turned by hand still shows the face it showed): the scene memory takes their word for
        those dice while they lie there (a die that moves is judged afresh), the word is logged,
        and the scene is read again on the next still frame. The app, ``run`` and the demo's
        simulated players all come here. False (nothing done) when no such alarm stands."""
        offer = self.misread_offer
        said = getattr(self.memory, "misread_said", None)
        if offer is None or not callable(said) or self.tracked.alert is None:
            return False
        said(offer)
        self.misread_offer = None
        self.stats.misread_said += 1
        self.tracked.note(f"the players say the camera misread it: {offer.words}")
        self._moved_since_read = True  # the same still scene is read again
        return True

    def _offer_misread(self, observed: Any) -> None:
        """After a scene is tracked: the answer the players may give to the alarm it left, if the
        scene memory thinks the camera may have misread it."""
        offer = getattr(self.memory, "misread_offer", None)
        self.misread_offer = offer(observed) if callable(offer) and self.tracked.alert is not None else None

    def request_read(self) -> None:
        """An outside signal that the scene has come to rest (a dice tower's "roll settled"):
        read the next quiet frame without waiting for the stillness gate's count. Safe to call
        from another thread (the tower client's); without it everything works from the camera.
        When reading ahead, the frame that comes with the request is read at once, even if the
        gate still counts it as moving (it differs from the last frame in the air), and that
        reading is used on the next frame if not one pixel changed in between: the read then
        costs no time after the gate's first quiet frame."""
        self._requests += 1
        self._read_requested.set()

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
            if health.ended and self._overruled_frame is not None:
                return self._read_overruled_at_the_end(stage)
            ended: tuple[TrackerEvent, ...] = ()
            if health.ended:
                if self._ended_reported:
                    return None
                self._ended_reported = True
                message = f"the camera stopped delivering ({health.describe()})"
                # a question that waited for a next scene that will not come is asked now
                ended = tuple(self.tracked.ask_waiting())
            else:
                message = f"no frame this time ({health.describe()})"
            self.stats.bad_frames += 1
            return self._update(-1, None, (), ended, False, message, stage, "no-frame")
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
            self._rest_since = None
            self.refused = None  # the table moves: a refusal of the scene before is no longer the question
            self.misread_offer = None
        elif self._rest_since is None:
            self._rest_since = t0
        # Read a scene once when it settles: when it looks new, and also when something moved
        # since the last reading even if the gate finds the result alike (a tile turned on a
        # cube changes only a few pixels of the gate's small image).
        settled = gate_event is GateEvent.SETTLED_NEW or (
            gate_event is GateEvent.SETTLED_SAME and self._moved_since_read)
        if not settled and gate_event is GateEvent.SETTLING and self._read_requested.is_set():
            self.gate.settle_now()  # a dice tower said the roll has settled: read the first quiet frame
            settled = True
        scene_frame, self._overruled_frame = frame, None if settled else self._overruled_frame
        if settled:
            self._read_requested.clear()
            self._moved_since_read = False
        elif self._overruled_frame is not None:  # the overruled scene, not read since: read it now
            scene_frame, self._overruled_frame, settled = self._overruled_frame, None, True
        # a reading ahead holds while not one pixel of the gate's small image changed since the
        # frame it read (the last frame of two small dice in the air passes for quiet); it is
        # used by the frame the gate settles on, or dropped
        ahead = self._ahead if self._ahead is not None and self.gate.same_as(self._ahead.snapshot) else None
        if settled or ahead is None:
            self._ahead = None
        if scene_frame is not frame:
            ahead = None
        if settled:
            events, overlay, recognised, message = self._read_scene(scene_frame, ahead, stage, message)
        elif (self.read_ahead and not (self.needs_calibration and self.profile is None)
              and ((gate_event is GateEvent.SETTLING and self.gate.first_quiet) or self._fresh_request())):
            # the gate's first quiet frame, or (a dice tower said the roll has settled) the frame
            # that came with the request: the frame the gate settles on uses it if nothing changed
            self._requests_read_ahead = self._requests
            snapshot = self.gate.snapshot()
            observed, failure, stage["read_ahead"], refusal = self._read(frame)
            self.stats.reads_ahead += 1
            self._ahead = _ReadAhead(observed, failure, refusal, snapshot)
        # a refused scene is no camera trouble: the frame is fine, the players are asked to act
        return self._update(frame.index, image, tuple(overlay), tuple(events), message == "ok" or
                            message.startswith("a hand") or self.refused is not None, message, stage, gate_event.value,
                            recognised=recognised, frame=frame)

    def _read_overruled_at_the_end(self, stage: dict[str, float]) -> PipelineUpdate:
        """The camera ended while a scene the players overruled was not read yet (game 103101:
        the last roll's die called cocked, "it lies flat" answered on the film's last frame):
        that scene is read now, as it would have been on the next frame, so the game's last move
        is not lost; the end is reported on the next step."""
        scene_frame, self._overruled_frame = self._overruled_frame, None
        self._moved_since_read = False
        events, overlay, recognised, message = self._read_scene(scene_frame, None, stage, "ok")
        return self._update(scene_frame.index, scene_frame.image, tuple(overlay), tuple(events),
                            message == "ok" or message.startswith("a hand") or self.refused is not None,
                            message, stage, "overruled-at-end", recognised=recognised, frame=scene_frame)

    def _read_scene(self, scene_frame: Any, ahead: _ReadAhead | None, stage: dict[str, float],
                    message: str) -> tuple[list[TrackerEvent], list[OverlayItem], bool, str]:
        """Read the scene at rest in ``scene_frame`` (or use the reading made ahead of it) and
        track it: the events, the overlay, whether it was recognised, and the message."""
        events: list[TrackerEvent] = []
        overlay: list[OverlayItem] = []
        recognised = False
        if self.needs_calibration and self.profile is None:
            message = f"cannot read the table yet: {self.calibration_message}"
        else:
            if ahead is not None:
                self.stats.reads_ahead_used += 1
                observed, failure, refusal = ahead.observed, ahead.failure, ahead.refusal
            else:
                observed, failure, stage["recognise"], refusal = self._read(scene_frame)
            self.refused = refusal
            self._refused_frame = scene_frame if refusal is not None else None
            self.misread_offer = None
            if failure is not None:
                message = failure
            recognised = observed is not None
            if observed is not None:
                self.stats.scenes += 1
            unknown = getattr(observed, "unknown_copy", None) if observed is not None else None
            if (self.stats.first_judged_scene is None and observed is not None
                    and getattr(observed, "familiarity", None) is not None):
                self.stats.first_judged_scene = self.stats.scenes
            if unknown and not getattr(observed, "occluded", False):
                # the components look like no copy the recogniser knows: reading them would
                # track wrong moves and raise false alarms, so ask to be taught instead
                self.stats.unknown_copy_scenes.append(self.stats.scenes)
                self.stats.unknown_copy = str(unknown)
                message = str(unknown)
                self._moved_since_read = True
            elif observed is not None and getattr(observed, "occluded", False):
                message = self._wait_for_hand()
            elif observed is not None:
                self.stats.recognised += 1
                t = time.perf_counter()
                try:
                    self._settle_deferred()
                    observed = self._with_memory(observed)
                    if getattr(observed, "occluded", False):  # the memory saw what the reader could not
                        message = self._wait_for_hand()
                    else:
                        events = self.tracked.observe(observed)
                        self._remember_if_accepted(observed)
                        self._offer_misread(observed)
                except Exception as exc:  # a tracker bug must not stop the camera
                    events = []
                    message = f"the tracker could not use this scene: {type(exc).__name__}: {exc}"
                stage["track"] = (time.perf_counter() - t) * 1000
                try:
                    overlay = self.overlay_geometry(observed, self.profile) if self.overlay_geometry else []
                except Exception:
                    overlay = []
        return events, overlay, recognised, message

    def _fresh_request(self) -> bool:
        """A read was requested (:meth:`request_read`) and no frame was read ahead for it yet
        (once per request: while the table still moves, later frames wait for the gate)."""
        return self._read_requested.is_set() and self._requests != self._requests_read_ahead

    def _wait_for_hand(self) -> str:
        """Something hides the play area: the scene is read again once it has moved and settled."""
        self.gate.reset()
        self._moved_since_read = True
        return "a hand or an object hides the play area: waiting"

    def _read(self, frame: Any) -> tuple[Any, str | None, float, RefusedScene | None]:
        """The recogniser's reading of ``frame`` (None and the reason when it failed: reported,
        never raised), how long it took (ms), and the refusal the players may overrule, if that
        is why it failed."""
        t = time.perf_counter()
        self.stats.reads += 1
        try:
            return self.recogniser.recognise(frame), None, (time.perf_counter() - t) * 1000, None
        except RefusedScene as exc:  # e.g. a die called cocked: the players re-roll or overrule
            return None, f"the scene could not be read: {exc}", (time.perf_counter() - t) * 1000, exc
        except Exception as exc:  # recognition failure: report, never touch the game
            return None, f"the scene could not be read: {exc}", (time.perf_counter() - t) * 1000, None

    def _with_memory(self, observed: Any) -> Any:
        return self.memory.annotate(observed) if self.memory is not None else observed

    def _remember_if_accepted(self, observed: Any) -> None:
        """The tracker's state explains this scene (no alert, no open question): the game may
        keep it as the reference for the next ones (Octocube: its stack heights). A scene that
        left a question open is kept aside and remembered once the players have answered it
        (:meth:`_settle_deferred`): the answer says which state explains it."""
        self._deferred = None
        if self.memory is None or self.tracked.alert is not None:
            return
        if self.tracked.pending is not None or self.tracked.waiting is not None:
            self._deferred = observed
            return
        self.memory.remember(observed, self._view())

    def _settle_deferred(self) -> None:
        """The scene that asked a question, once it is answered: remembered with the state the
        answer made (which the players said explains it), unless the answer left an alert ("none
        of these"). Without this the memory would still hold the scene before the question, and
        after a correction on the tablet an empty one (game 95404: a die turned by hand right
        after the question passed for a roll). Called before the next scene is judged and before
        a correction."""
        deferred, self._deferred = self._deferred, None
        if deferred is None or self.memory is None:
            return
        if self.tracked.pending is not None or self.tracked.waiting is not None:
            self._deferred = deferred  # not answered (or told by a later scene) yet
            return
        if self.tracked.alert is None:
            self.memory.remember(deferred, self._view())

    def _update(self, index: int, image: np.ndarray | None, overlay: tuple[OverlayItem, ...],
                events: tuple[TrackerEvent, ...], ok: bool, message: str, stage: dict[str, float],
                gate: str, *, recognised: bool = False, frame: Any = None) -> PipelineUpdate:
        now = time.perf_counter()
        confirmed = tuple(e.move.kind for e in events if isinstance(e, MoveConfirmed))
        if self._rest_since is not None and confirmed:
            self.stats.move_latency_ms.append((now - self._rest_since) * 1000)
            self.stats.move_latency_kinds.append(confirmed)
        self._times.append(now)
        fps = (len(self._times) - 1) / (self._times[-1] - self._times[0]) if len(self._times) > 1 else 0.0
        stage["total"] = sum(stage.values())
        self.stats.add(stage)
        return PipelineUpdate(index, image, overlay, events, scratch_copy(self.tracked.state), ok, message,
                              fps, stage, gate, recognised, str(self.refused) if self.refused is not None else None,
                              self.misread_offer.words if self.misread_offer is not None else None)

    def close(self) -> None:
        try:
            self.source.close()
        except Exception:
            pass
