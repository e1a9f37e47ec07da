"""The pipeline never crashes and never changes the game on bad input: corrupt frames, dropped
frames, a camera that stops, a recogniser that fails. And a short digital-twin game end to end."""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from hardware.camera import SyntheticSource
from rules.octocube import OctocubeGame
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.adapter import OctocubeAdapter
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import MoveConfirmed, TrackedGame
from tracker.stillness import StillnessConfig, StillnessGate


class StaticRecogniser:
    """Always reports the truth position (the table does not change in these tests)."""

    name = "static"
    needs_calibration = False

    def __init__(self, state: Any, fail: bool = False) -> None:
        self.observation = observation_from_state(state)
        self.fail = fail
        self.calls = 0

    def recognise(self, frame: Any) -> Any:
        self.calls += 1
        if self.fail:
            raise RuntimeError("model file damaged")
        return self.observation


def _table(seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return cv_blur((rng.random((72, 128, 3)) * 255).astype(np.uint8))


def cv_blur(img: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.GaussianBlur(img, (0, 0), 3)


def _pipeline(items: list[Any], fail: bool = False) -> tuple[Pipeline, StaticRecogniser]:
    game = OctocubeGame(2)
    truth = game.new_initial_state(5)
    tracked = TrackedGame(game.new_initial_state(5, hidden=True), OctocubeAdapter())
    rec = StaticRecogniser(truth, fail)
    pipe = Pipeline(SyntheticSource(items), rec, tracked, calibrate=False, gate=StillnessGate(DEMO_GATE))
    return pipe, rec


def _run(pipe: Pipeline) -> list[Any]:
    updates = []
    for _ in range(200):
        update = pipe.step()
        if update is None:
            break
        updates.append(update)
    return updates


def test_corrupt_and_dropped_frames_are_reported_not_fatal() -> None:
    table = _table()
    garbage = (np.random.default_rng(1).random(table.shape) * 255).astype(np.uint8)
    items = [table] * 4 + [None, table[:40], table.astype(np.float32), garbage, np.zeros((2, 2, 3), np.uint8),
                           "not an image"] + [table] * 4
    pipe, rec = _pipeline(items)
    before = pipe.tracked.state.to_json()
    updates = _run(pipe)
    bad = [u for u in updates if not u.camera_ok]
    assert len(bad) >= 5  # None, cut, float, tiny, string (+ the end of the stream)
    assert any("shape" in u.camera_message or "dtype" in u.camera_message for u in bad)
    assert rec.calls >= 1  # the good still scenes were read
    assert not any(isinstance(e, MoveConfirmed) for u in updates for e in u.events)
    assert pipe.tracked.state.to_json() == before


def test_camera_that_stops_delivering_is_reported_once_then_none() -> None:
    pipe, _ = _pipeline([_table()] * 5)
    updates = _run(pipe)
    assert updates[-1].image is None and not updates[-1].camera_ok
    assert "stopped delivering" in updates[-1].camera_message
    assert pipe.step() is None


def test_source_driver_exception_and_failing_recogniser_change_nothing() -> None:
    class Exploding:
        def __iter__(self) -> Any:
            return self

        def __init__(self) -> None:
            self.n = 0

        def __next__(self) -> Any:
            self.n += 1
            if self.n == 3:
                raise OSError("USB reset")
            if self.n > 8:
                raise StopIteration
            return _table()

    pipe, rec = _pipeline([], fail=True)
    pipe.source = SyntheticSource(Exploding())
    before = pipe.tracked.state.to_json()
    updates = _run(pipe)
    assert any("USB reset" in u.camera_message for u in updates)
    assert any("could not be read" in u.camera_message for u in updates)
    assert pipe.tracked.state.to_json() == before


def test_update_carries_stage_timings_and_a_read_only_state_copy() -> None:
    pipe, _ = _pipeline([_table()] * 4)
    update = pipe.step()
    assert update is not None and {"capture", "gate", "total"} <= set(update.stage_ms)
    update.state.turns = 99  # changing the copy changes nothing
    assert pipe.tracked.state.turns != 99


def test_short_digital_twin_game_end_to_end() -> None:
    from tracker.build import build_pipeline
    from tracker.demo_run import run_demo
    from tracker.table import TableSetup

    demo = build_pipeline(TableSetup(players=3, seed=2, illegal=1, resolution=(640, 360), moves=7,
                                     recogniser="ground-truth", film_frames=(3, 1, 2, 1)))
    result = run_demo(demo)
    assert result["moves_total"] == 7
    assert result["moves_correct"] == 7
    assert result["illegal_injected"] == 1 and result["illegal_flagged"] == 1
    assert result["false_alarms"] == 0
    assert result["final_scores_match"]
    # each confirming step is timed from the scene's rest, with the kinds of the moves it showed
    stats = demo.pipeline.stats
    assert demo.twin is not None
    assert len(stats.move_latency_ms) == len(stats.move_latency_kinds) > 0
    assert all(ms > 0 for ms in stats.move_latency_ms)
    kinds = [k for step in stats.move_latency_kinds for k in step]
    assert len(kinds) == 7 and set(kinds) <= {m.kind for m in demo.twin.truth.history}


def _reads_at(request_after: int | None) -> list[int]:
    """Frame indices at which the recogniser ran: 3 frames of table A, then table B (the dice
    landed) held still; a 'roll settled' request arrives after frame ``request_after``."""
    from tracker.stillness import StillnessConfig

    game = OctocubeGame(2)
    tracked = TrackedGame(game.new_initial_state(5, hidden=True), OctocubeAdapter())
    rec = StaticRecogniser(game.new_initial_state(5))
    frames = [_table(0)] * 3 + [_table(1)] * 10
    pipe = Pipeline(SyntheticSource(frames), rec, tracked, calibrate=False,
                    gate=StillnessGate(StillnessConfig(still_frames=5, changed_fraction=0.0004)))
    reads: list[int] = []
    for i in range(len(frames)):
        calls = rec.calls
        update = pipe.step()
        assert update is not None
        if rec.calls > calls:
            reads.append(i)
        if request_after is not None and i == request_after:
            pipe.request_read()
    return reads


def test_a_tower_roll_settled_signal_reads_the_first_quiet_frame_once() -> None:
    """Without the tower the scene is read when the gate has counted its quiet frames; with the
    tower's 'roll settled' the first quiet frame is read, and not read again when the gate's
    count is reached (the same scene)."""
    without = _reads_at(None)
    with_tower = _reads_at(3)  # the signal comes with the frame where the dice land
    assert without and with_tower
    assert with_tower[-1] == 4  # the first frame after the change that is still
    assert without[-1] == 8  # five quiet frames later
    assert with_tower.count(4) == 1 and all(i not in with_tower for i in range(5, 13))


class _FrameTagger:
    """A recogniser whose reading names the frame it read."""

    name = "frame tagger"
    needs_calibration = False

    def __init__(self, fail: bool = False) -> None:
        self.read_frames: list[int] = []
        self.fail = fail

    def recognise(self, frame: Any) -> Any:
        self.read_frames.append(frame.index)
        if self.fail:
            raise RuntimeError("model file damaged")
        return ("reading of frame", frame.index)


def _read_ahead_run(frames: list[np.ndarray], fail: bool = False, read_ahead: bool = True,
                    request_at: int | None = None) -> tuple[Pipeline, _FrameTagger, list[tuple[int, Any]], list[Any]]:
    """Runs ``frames`` through a pipeline reading ahead (gate: 3 quiet frames); returns what the
    recogniser read, what reached the tracker (frame index of the step, reading) and the updates.
    ``request_at``: a dice tower's 'roll settled' comes with that frame."""
    from tracker.stillness import StillnessConfig

    game = OctocubeGame(2)
    tracked = TrackedGame(game.new_initial_state(5, hidden=True), OctocubeAdapter())
    rec = _FrameTagger(fail)
    pipe = Pipeline(SyntheticSource(frames), rec, tracked, calibrate=False, read_ahead=read_ahead,
                    gate=StillnessGate(StillnessConfig(still_frames=3, changed_fraction=0.0004)))
    observed: list[tuple[int, Any]] = []
    updates: list[Any] = []

    def observe(reading: Any) -> list[Any]:
        observed.append((len(updates), reading))
        return []

    cast(Any, pipe.tracked).observe = observe  # the tracker records what reached it
    for i in range(len(frames)):
        if i == request_at:
            pipe.request_read()
        update = pipe.step()
        assert update is not None
        updates.append(update)
    return pipe, rec, observed, updates


def test_reading_ahead_reads_the_first_quiet_frame_and_uses_it_when_the_scene_settles() -> None:
    """Table A, then B held still: B's frames 4 and 5 are quiet, 6 settles the scene. The
    recogniser reads frame 4 (the first quiet one: the read overlaps the gate's wait) and the
    tracker gets that reading at frame 6, with no second read; without reading ahead frame 6 is
    read at frame 6."""
    frames = [_table(0)] * 3 + [_table(1)] * 6
    pipe, rec, observed, updates = _read_ahead_run(frames)
    assert rec.read_frames[-1] == 4 and 5 not in rec.read_frames and 6 not in rec.read_frames
    assert observed[-1] == (6, ("reading of frame", 4))
    assert updates[6].recognised and not updates[5].recognised and not updates[4].recognised
    assert "read_ahead" in updates[4].stage_ms and "recognise" not in updates[6].stage_ms
    assert pipe.stats.reads_ahead_used >= 1 and pipe.stats.reads == len(rec.read_frames)
    _, rec, observed, _ = _read_ahead_run(frames, read_ahead=False)
    assert rec.read_frames[-1] == 6 and observed[-1] == (6, ("reading of frame", 6))


def test_a_reading_ahead_of_a_pause_that_was_not_rest_is_thrown_away() -> None:
    """B lands at frame 3 and is quiet at 4 and 5 (read ahead at 4), then C comes at 6: B's
    reading never reaches the tracker, and C is read ahead at 7 and used when it settles at 9."""
    frames = [_table(0)] * 3 + [_table(1)] * 3 + [_table(2)] * 4
    pipe, rec, observed, _ = _read_ahead_run(frames)
    assert 4 in rec.read_frames  # B read ahead on its first quiet frame
    assert all(reading[1] != 4 for _, reading in observed)
    assert observed[-1] == (9, ("reading of frame", 7))
    assert pipe.stats.reads_ahead - pipe.stats.reads_ahead_used >= 1


def test_a_reading_ahead_that_fails_is_reported_when_the_scene_settles_and_changes_nothing() -> None:
    frames = [_table(0)] * 3 + [_table(1)] * 6
    _, rec, observed, updates = _read_ahead_run(frames, fail=True)
    assert rec.read_frames and observed == []
    assert updates[6].camera_message.startswith("the scene could not be read: model file damaged")
    assert not updates[6].camera_ok and not updates[6].recognised


def test_a_reading_ahead_is_not_used_when_the_settling_frame_changed_even_a_little() -> None:
    """The last frame of two small dice in the air can pass the gate as quiet: when the frame
    that settles the scene differs from the one read ahead by a few pixels (fewer than the gate
    calls movement), it is read afresh."""
    landed = _table(1).copy()
    landed[30:32, 60:62] = 255  # a small die comes to rest: a few pixels change
    frames = [_table(0)] * 3 + [_table(1)] * 3 + [landed] * 2
    _, rec, observed, updates = _read_ahead_run(frames)
    assert updates[6].gate == "settled-new"  # the gate took the small change for quiet
    assert rec.read_frames[-2:] == [4, 6]
    assert observed[-1] == (6, ("reading of frame", 6))


def test_a_reading_ahead_is_not_used_when_the_scene_crept_between_quiet_frames() -> None:
    """A die sliding to rest over the gate's quiet frames: each frame differs from the one before
    by less than sensor noise, but the settling frame differs from the frame read ahead by more.
    It is read afresh, never the reading of the earlier position."""
    frames = [_table(0)] * 3
    for step in range(6):  # 3: lands; 4-8: creeps by 4 grey levels a frame over a patch
        crept = _table(1).astype(np.int16)
        crept[20:50, 40:90] += 4 * step
        frames.append(np.clip(crept, 0, 255).astype(np.uint8))
    pipe = Pipeline(SyntheticSource(frames), _FrameTagger(), TrackedGame(OctocubeGame(2).new_initial_state(5, hidden=True),
                                                                        OctocubeAdapter()), calibrate=False,
                    read_ahead=True, gate=StillnessGate(StillnessConfig(still_frames=5, changed_fraction=0.0004)))
    rec = cast(_FrameTagger, pipe.recogniser)
    updates = [pipe.step() for _ in frames]
    settled = [i for i, u in enumerate(updates) if u is not None and u.gate == "settled-new"]
    assert settled and settled[-1] == 8 and 4 in rec.read_frames  # read ahead at the first quiet frame
    assert rec.read_frames[-1] == 8 and pipe.stats.reads_ahead_used == 0


def test_with_a_longer_gate_the_reading_ahead_holds_over_every_quiet_frame() -> None:
    """At a webcam's 30 frames/s the gate waits 6 quiet frames: the frame read ahead (the first
    quiet one) is used when the scene settles 5 frames later, with no other read of that scene."""
    frames = [_table(0)] * 3 + [_table(1)] * 9
    game = OctocubeGame(2)
    rec = _FrameTagger()
    pipe = Pipeline(SyntheticSource(frames), rec, TrackedGame(game.new_initial_state(5, hidden=True), OctocubeAdapter()),
                    calibrate=False, read_ahead=True,
                    gate=StillnessGate(StillnessConfig(still_frames=6, changed_fraction=0.0004)))
    updates = [pipe.step() for _ in frames]
    assert [u.gate for u in updates[3:10] if u is not None] == ["moving"] + ["settling"] * 5 + ["settled-new"]
    assert [f for f in rec.read_frames if f >= 3] == [4]
    assert updates[9] is not None and updates[9].recognised and pipe.stats.reads_ahead_used >= 1


def test_a_scene_the_memory_finds_occluded_is_not_given_to_the_tracker() -> None:
    """The scene memory may see a hand the recogniser could not tell from a die (Octo Dice:
    fingers at an area's edge where no die lay): the scene is then not tracked, and the
    players see that the pipeline waits."""
    from types import SimpleNamespace

    class HandSeeingMemory:
        def annotate(self, observed: Any) -> Any:
            return SimpleNamespace(occluded=True)

        def remember(self, observed: Any, expected: Any) -> None:
            raise AssertionError("an occluded scene is never remembered")

        def forget(self) -> None:
            pass

    frames = [_table(0)] * 3 + [_table(1)] * 6
    game = OctocubeGame(2)
    tracked = TrackedGame(game.new_initial_state(5, hidden=True), OctocubeAdapter())
    pipe = Pipeline(SyntheticSource(frames), _FrameTagger(), tracked, calibrate=False,
                    gate=StillnessGate(DEMO_GATE), memory=HandSeeingMemory())
    seen: list[Any] = []

    def observe(reading: Any) -> list[Any]:
        seen.append(reading)
        return []

    cast(Any, pipe.tracked).observe = observe
    updates = [pipe.step() for _ in frames]
    assert seen == []
    assert any(u is not None and u.camera_message == "a hand or an object hides the play area: waiting"
               and u.camera_ok for u in updates)


def test_a_tower_request_reads_the_frame_it_came_with_and_the_first_quiet_frame_uses_it() -> None:
    """Table A, then B from frame 3, where the tower's 'roll settled' comes: frame 3 still
    differs from the frame before (the gate says moving) but is read at once, and frame 4 (the
    first quiet one, not one pixel changed) hands that reading to the tracker with no second
    read. Without reading ahead frame 4 is read at frame 4, as before."""
    frames = [_table(0)] * 3 + [_table(1)] * 6
    pipe, rec, observed, updates = _read_ahead_run(frames, request_at=3)
    assert updates[3].gate == "moving" and "read_ahead" in updates[3].stage_ms
    assert rec.read_frames[-1] == 3 and observed[-1] == (4, ("reading of frame", 3))  # A: read at 1, used at 2
    assert updates[4].recognised and "recognise" not in updates[4].stage_ms
    _, rec, observed, _ = _read_ahead_run(frames, request_at=3, read_ahead=False)
    assert rec.read_frames[-1] == 4 and observed[-1] == (4, ("reading of frame", 4))


def test_a_tower_request_whose_frame_was_not_yet_at_rest_reads_the_next_quiet_one() -> None:
    """The request comes with frame 3, but the dice still move at frame 4 (table C): frame 3's
    reading is thrown away, nothing else is read ahead for that request while the table moves,
    and the first quiet frame after (5) is read as the tower asked."""
    frames = [_table(0)] * 3 + [_table(1)] + [_table(2)] * 6
    pipe, rec, observed, updates = _read_ahead_run(frames, request_at=3)
    assert rec.read_frames[-2:] == [3, 5] and observed[-1] == (5, ("reading of frame", 5))
    assert all(reading[1] != 3 for _, reading in observed)
