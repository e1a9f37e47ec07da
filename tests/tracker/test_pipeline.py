"""The pipeline never crashes and never changes the game on bad input: corrupt frames, dropped
frames, a camera that stops, a recogniser that fails. And a short digital-twin game end to end."""

from __future__ import annotations

from typing import Any

import numpy as np

from hardware.camera import SyntheticSource
from rules.octocube import OctocubeGame
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.adapter import OctocubeAdapter
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import MoveConfirmed, TrackedGame
from tracker.stillness import StillnessGate


class StaticRecogniser:
    """Always reports the truth position (the table does not change in these tests)."""

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
