"""One way to assemble the pipeline, for every game and every entry point.

``tablesight run``, ``tablesight demo``, the tablet app and the benches all describe what they
want as a :class:`tracker.table.TableSetup` and call :func:`build_pipeline`; the defaults (the
pixel recogniser, the game's scene memory, the gate) are therefore the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.core import State
from tracker.inference import InferenceConfig
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.registry import table_game
from tracker.session import TrackedGame
from tracker.stillness import StillnessConfig, StillnessGate
from tracker.table import TableGame, TableSetup, TrackerSetupError, Twin


@dataclass
class BuiltPipeline:
    pipeline: Pipeline
    table: TableGame
    twin: Twin | None
    """The digital twin's truth (demo only): the simulated players' answers and the score sheet."""
    recogniser_name: str
    truth_of: Any = None
    """Demo only: the synthetic source's ground truth of a frame (``truth_of(frame_index)``)."""


def build_pipeline(setup: TableSetup, *, resume: State | None = None, log: Any = None,
                   config: InferenceConfig | None = None) -> BuiltPipeline:
    """The pipeline ``setup`` describes; ``resume``: continue from this state (read from an event
    log), ``log``: the event log the tracker writes. Raises :class:`TrackerSetupError` (or
    :class:`hardware.camera.CameraError`, both ValueErrors) naming what is wrong."""
    setup.check()
    table = table_game(setup.game)
    if resume is not None:
        if resume.game.name != table.name:
            raise TrackerSetupError(f"the log is a game of {resume.game.name}, not {table.name}")
        game = resume.game
    else:
        game = table.new_game(setup)
    profile = None
    if setup.profile_path:
        from calibration.profile import load_profile

        profile = load_profile(setup.profile_path)
    pack = _load_pack(setup)
    twin: Twin | None = None
    truth_of = None
    source: Any
    if setup.source == "demo":
        from hardware.camera import SyntheticSource

        demo = table.demo_film(setup)
        twin = demo.twin
        state = resume if resume is not None else twin.tracker_initial_state()
        source = SyntheticSource(demo.frames, fps=demo.fps, realtime=setup.realtime,
                                 skip_while=_resume_skip(twin, resume))
        truth_of = source.truth_of
        if setup.recogniser == "pixels":
            recogniser = table.pixel_recogniser(game, camera=demo.camera, pack=pack)
        else:
            recogniser = table.truth_recogniser(game, source.truth_of, setup)
        gate = StillnessGate(demo_gate(demo.fps))
    else:
        from hardware.camera import DeviceSource, VideoFileSource

        state = resume if resume is not None else table.unseen_state(game, setup)
        holder: list[Pipeline] = []
        recogniser = table.pixel_recogniser(game, profile_of=lambda: holder[0].profile if holder else None,
                                            pack=pack)
        if setup.source == "video":
            video = VideoFileSource(setup.video_path)
            source = video
            gate = StillnessGate(video_gate(video.fps))
        else:
            camera = DeviceSource(setup.camera_index)
            source = camera
            gate = StillnessGate(video_gate(camera.fps) if camera.fps else None)
    tracked = TrackedGame(state, table.adapter(game), log, config)
    pipeline = Pipeline(source, recogniser, tracked, profile=profile, gate=gate, overlay_geometry=table.overlay,
                        memory=table.scene_memory(setup) if setup.scene_memory else None,
                        read_ahead=table.reads_ahead)
    if setup.source != "demo":
        holder.append(pipeline)
    return BuiltPipeline(pipeline, table, twin, str(getattr(recogniser, "name", type(recogniser).__name__)),
                         truth_of)


def _load_pack(setup: TableSetup) -> Any:
    """The taught copy ``setup.pack_path`` names (None: the built-in art), checked to be a pack
    of this game."""
    if setup.pack_path is None:
        return None
    from vision.pack import PackError, load_pack

    try:
        return load_pack(setup.pack_path, setup.game)
    except PackError as exc:
        raise TrackerSetupError(str(exc)) from None


STILL_SECONDS = 0.2
"""A scene counts as settled after this long without movement, at the frame rate the video file
or the webcam's driver gives (a driver that does not say keeps the gate's default of 3 quiet
frames)."""


def video_gate(fps: float) -> StillnessConfig:
    """The gate for a camera or video of ``fps`` frames per second: :data:`STILL_SECONDS` of quiet
    frames, at least two (one quiet frame is any pause of a hand)."""
    return replace(StillnessConfig(), still_frames=max(2, round(STILL_SECONDS * fps)))


def demo_gate(fps: float) -> StillnessConfig:
    """The gate for the twin's film: :data:`DEMO_GATE` (2 quiet frames at 10 frames/s), waiting
    as long in seconds at a higher frame rate."""
    return replace(DEMO_GATE, still_frames=max(DEMO_GATE.still_frames, round(STILL_SECONDS * fps)))


def _resume_skip(twin: Twin, resume: State | None) -> Any:
    """A resumed demo: the tracker takes the logged state and the film starts at the first change
    the log does not hold yet."""
    if resume is None:
        return None
    done = len(resume.history)
    if list(twin.truth.history[:done]) != list(resume.history):
        raise TrackerSetupError("the log does not belong to this demo game (another --seed or --players?)")
    start = next((i for i, c in enumerate(twin.changes) if c.kind == "move" and c.truth_moves > done),
                 len(twin.changes))
    return lambda truth: (truth or {}).get("change_index", 0) < start - 1
