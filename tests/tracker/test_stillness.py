"""The stillness gate reads a scene once, after it stops moving, and never mid-move."""

from __future__ import annotations

import numpy as np

from tracker.stillness import GateEvent, StillnessGate


def _scene(block_x: int, noise_seed: int) -> np.ndarray:
    rng = np.random.default_rng(noise_seed)
    frame = np.full((360, 640, 3), 120, np.uint8)
    frame[100:180, block_x : block_x + 80] = (30, 200, 30)
    noise = rng.normal(0, 3, frame.shape)  # sensor noise must not count as motion
    return np.clip(frame + noise, 0, 255).astype(np.uint8)


def test_settles_once_then_reports_same() -> None:
    gate = StillnessGate()
    events = [gate.update(_scene(100, i)) for i in range(6)]
    assert events.count(GateEvent.SETTLED_NEW) == 1
    assert events[-1] == GateEvent.SETTLED_SAME
    assert GateEvent.MOVING not in events


def test_motion_then_new_scene() -> None:
    gate = StillnessGate()
    for i in range(5):
        gate.update(_scene(100, i))
    moving = [gate.update(_scene(x, 10 + x)) for x in (140, 200, 260)]
    assert all(e == GateEvent.MOVING for e in moving)
    after = [gate.update(_scene(300, 50 + i)) for i in range(4)]
    assert GateEvent.SETTLED_NEW in after


def test_back_to_same_scene_is_not_new() -> None:
    gate = StillnessGate()
    for i in range(5):
        gate.update(_scene(100, i))
    for i in range(3):
        gate.update(_scene(100, 20 + i), occluded=True)  # a hand hovered, nothing changed
    after = [gate.update(_scene(100, 40 + i)) for i in range(4)]
    assert GateEvent.SETTLED_NEW not in after
    assert after[-1] == GateEvent.SETTLED_SAME
