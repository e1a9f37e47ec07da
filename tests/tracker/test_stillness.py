"""The stillness gate reads a scene once, after it stops moving, and never mid-move."""

from __future__ import annotations

import numpy as np

from tracker.stillness import GateEvent, StillnessGate, largest_channel


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


# ---- exact behaviour (these pin what mutation testing found unchecked; see docs/testing.md)

def test_a_scene_settles_after_exactly_still_frames_quiet_frames() -> None:
    gate = StillnessGate()
    assert gate.config.still_frames == 3
    first = [gate.update(_scene(100, i)) for i in range(3)]
    assert first == [GateEvent.SETTLING, GateEvent.SETTLING, GateEvent.SETTLED_NEW]
    # after movement the count starts again from zero: three quiet frames once more
    assert gate.update(_scene(300, 7)) == GateEvent.MOVING
    again = [gate.update(_scene(300, 20 + i)) for i in range(4)]
    assert again == [GateEvent.SETTLING, GateEvent.SETTLING, GateEvent.SETTLED_NEW, GateEvent.SETTLED_SAME]


def test_occluded_frames_count_as_movement_even_when_the_pixels_are_still() -> None:
    """A hand seen by vision holds the gate open although the frames do not change."""
    gate = StillnessGate()
    events = [gate.update(_scene(100, i), occluded=True) for i in range(6)]
    assert events == [GateEvent.MOVING] * 6
    # and a hand over an already settled scene restarts the count
    gate = StillnessGate()
    for i in range(4):
        gate.update(_scene(100, i))
    assert gate.update(_scene(100, 9), occluded=True) == GateEvent.MOVING
    assert gate.update(_scene(100, 10)) == GateEvent.SETTLING


def test_a_still_table_is_read_once_while_the_light_drifts_slowly() -> None:
    """Frames that brighten by one level each (never 'moving') drift far from the settled scene,
    yet a still table is reported once, not again and again."""
    gate = StillnessGate()
    base = _scene(100, 0).astype(np.int16)
    events = [gate.update(np.clip(base + k, 0, 255).astype(np.uint8)) for k in range(60)]
    assert events.count(GateEvent.SETTLED_NEW) == 1
    assert GateEvent.MOVING not in events


def test_heavy_sensor_noise_on_a_still_table_is_not_movement() -> None:
    """Frames are shrunk by area averaging (then blurred): strong per-pixel noise averages out."""
    gate = StillnessGate()
    rng = np.random.default_rng(5)
    base = np.full((720, 1280, 3), 120, np.float32)
    events = [gate.update(np.clip(base + rng.normal(0, 50, base.shape), 0, 255).astype(np.uint8)) for _ in range(6)]
    assert GateEvent.MOVING not in events
    assert events.count(GateEvent.SETTLED_NEW) == 1


def test_frames_shrink_to_the_configured_width_keeping_their_shape() -> None:
    gate = StillnessGate()
    assert gate._small(np.zeros((720, 1280, 3), np.uint8)).shape == (90, 160, 3)
    assert gate._small(np.zeros((480, 640, 3), np.uint8)).shape == (120, 160, 3)
    assert gate._small(np.zeros((4, 1000, 3), np.uint8)).shape == (1, 160, 3)  # never 0 rows


def test_fraction_changed_is_the_share_of_pixels_past_the_threshold_in_any_channel() -> None:
    gate = StillnessGate()
    a = np.zeros((10, 10, 3), np.uint8)
    b = a.copy()
    b[0, :, 2] = 18  # exactly pixel_delta: not a change
    b[1, :, 1] = 19  # more than pixel_delta in one channel: a change
    b[2, :5, 0] = 200
    assert gate._fraction_changed(a, b) == 15 / 100
    assert gate._fraction_changed(a[..., 0], b[..., 1]) == 10 / 100  # grey frames work too
    assert gate._fraction_changed(a, np.zeros((5, 10, 3), np.uint8)) == 1.0  # a new shape: all changed


def _two_scenes() -> tuple[np.ndarray, np.ndarray, float]:
    a, b = _scene(100, 0), _scene(104, 1)
    gate = StillnessGate()
    return a, b, gate._fraction_changed(gate._small(a), gate._small(b))


def test_a_change_of_exactly_moving_fraction_is_not_movement() -> None:
    from tracker.stillness import StillnessConfig

    a, b, fraction = _two_scenes()
    assert fraction > 0
    gate = StillnessGate(StillnessConfig(moving_fraction=fraction))
    assert gate.update(a) == GateEvent.SETTLING
    assert gate.update(b) == GateEvent.SETTLING  # exactly the limit: still quiet
    gate = StillnessGate(StillnessConfig(moving_fraction=fraction * 0.99))
    gate.update(a)
    assert gate.update(b) == GateEvent.MOVING


def test_a_settled_scene_exactly_changed_fraction_away_is_the_same_scene() -> None:
    from tracker.stillness import StillnessConfig

    a, b, fraction = _two_scenes()
    for limit, expected in ((fraction, GateEvent.SETTLED_SAME), (fraction * 0.99, GateEvent.SETTLED_NEW)):
        gate = StillnessGate(StillnessConfig(changed_fraction=limit, moving_fraction=1.0, still_frames=1))
        assert gate.update(a) == GateEvent.SETTLED_NEW
        gate.update(a, occluded=True)  # a hand passes: the next still frame is reported
        assert gate.update(b) == expected


def test_reset_forgets_the_scene_but_keeps_the_configuration() -> None:
    from tracker.stillness import StillnessConfig

    gate = StillnessGate(StillnessConfig(still_frames=2))
    for i in range(3):
        gate.update(_scene(100, i))
    gate.reset()
    assert gate.config.still_frames == 2
    # the same scene is new again after a reset, and two quiet frames settle it
    assert [gate.update(_scene(100, 10 + i)) for i in range(2)] == [GateEvent.SETTLING, GateEvent.SETTLED_NEW]


def test_same_as_tells_sensor_noise_from_a_small_change() -> None:
    """What the pipeline's read ahead relies on: the frame the gate settles on is the same as the
    frame read ahead only when not one pixel of the small image moved beyond noise; a speck too
    small to count as movement is a change."""
    gate = StillnessGate()  # 3 quiet frames
    gate.update(_scene(100, 0))
    assert gate.update(_scene(300, 1)) is GateEvent.MOVING
    assert gate.update(_scene(300, 2)) is GateEvent.SETTLING
    read = gate.snapshot()
    assert gate.update(_scene(300, 3)) is GateEvent.SETTLING and gate.same_as(read)  # noise only
    nudged = _scene(300, 4)
    nudged[20:24, 20:24] = 255  # a speck: fewer pixels than movement, but a change
    assert gate.update(nudged) is GateEvent.SETTLED_NEW and not gate.same_as(read)


def test_a_gate_that_saw_no_frame_has_nothing_to_compare() -> None:
    assert StillnessGate().snapshot() is None and not StillnessGate().first_quiet


def test_settle_now_takes_the_last_frame_as_the_settled_scene() -> None:
    """An outside signal (a dice tower's "roll settled") after one quiet frame: the scene counts
    as settled and read, so the gate's own count reports it as the same scene; a new scene after
    movement is new again."""
    gate = StillnessGate()  # 3 quiet frames
    gate.update(_scene(100, 0))
    assert gate.update(_scene(300, 1)) is GateEvent.MOVING
    assert gate.update(_scene(300, 2)) is GateEvent.SETTLING
    gate.settle_now()
    assert [gate.update(_scene(300, 3 + i)) for i in range(3)] == [GateEvent.SETTLED_SAME] * 3
    assert gate.update(_scene(500, 9)) is GateEvent.MOVING
    events = [gate.update(_scene(500, 10 + i)) for i in range(3)]
    assert events == [GateEvent.SETTLING, GateEvent.SETTLING, GateEvent.SETTLED_NEW]
    back = StillnessGate()
    back.update(_scene(100, 0))
    back.settle_now()  # settled on the first frame: the same scene later is not new
    assert [back.update(_scene(100, 1 + i)) for i in range(3)] == [GateEvent.SETTLED_SAME] * 3


def test_after_settle_now_a_speck_is_no_new_scene_and_coming_back_is_not_new() -> None:
    """The scene taken by ``settle_now`` is the reference: a change too small to be movement on the
    next frames is not read again, and the same scene after a hand passed is not new either."""
    from tracker.stillness import StillnessConfig

    gate = StillnessGate(StillnessConfig(changed_fraction=0.00001, moving_fraction=0.01))
    gate.update(_scene(100, 0))
    gate.settle_now()
    speck = _scene(100, 1)
    speck[20:24, 20:24] = 255
    assert [gate.update(speck) for _ in range(3)] == [GateEvent.SETTLED_SAME] * 3
    assert gate.update(_scene(400, 2)) is GateEvent.MOVING
    assert [gate.update(_scene(100, 3 + i)) for i in range(4)][-1] is GateEvent.SETTLED_SAME


def test_a_change_too_faint_to_count_as_movement_is_no_same_frame() -> None:
    """A die landing after its last frame in the air can change the small image by no more than
    the movement threshold (18 levels): the frame is quiet, but not the same, so a reading of the
    frame before must not stand for it; sensor noise alone (6 levels at most) is the same."""
    gate = StillnessGate()
    base = _scene(300, 1)
    gate.update(base)
    before = gate.snapshot()
    faint = base.copy()
    faint[100:112, 400:412] = np.clip(faint[100:112, 400:412].astype(int) + 20, 0, 255).astype(np.uint8)
    small_a, small_b = gate._small(base), gate._small(faint)
    delta = float(np.abs(small_a.astype(int) - small_b.astype(int)).max())
    assert 6 < delta <= 18  # under the movement threshold, over the noise
    assert gate.update(faint) is GateEvent.SETTLING and not gate.same_as(before)
    landed = gate.snapshot()
    assert gate.update(faint) is GateEvent.SETTLED_NEW and gate.same_as(landed)


def test_largest_channel_is_numpys_max_over_the_channels() -> None:
    """The gate and the Octo Dice mat share this shortcut for ``image.max(axis=2)``."""
    rng = np.random.default_rng(5)
    for channels in (1, 3, 4):
        image = rng.integers(0, 256, (17, 23, channels), dtype=np.uint8)
        assert np.array_equal(largest_channel(image), image.max(axis=2))


def test_first_quiet_and_same_as_the_snapshot_of_the_frame_read_ahead() -> None:
    """What the pipeline's read ahead relies on since it starts on the first quiet frame:
    ``first_quiet`` holds on that frame only, and ``same_as`` compares the last frame with a
    snapshot taken frames before (noise is no change; changes that each pass for noise from one
    frame to the next add up)."""
    from tracker.stillness import StillnessConfig

    gate = StillnessGate(StillnessConfig(still_frames=4))
    assert gate.snapshot() is None and not gate.same_as(None)
    gate.update(_scene(100, 0))
    assert gate.update(_scene(300, 1)) is GateEvent.MOVING and not gate.first_quiet
    assert gate.update(_scene(300, 2)) is GateEvent.SETTLING and gate.first_quiet
    read = gate.snapshot()
    assert read is not None and gate.same_as(read)
    assert gate.update(_scene(300, 3)) is GateEvent.SETTLING and not gate.first_quiet
    assert gate.same_as(read)  # sensor noise only
    crept = _scene(300, 4).astype(np.int16)
    crept[100:180, 300:380] += 9  # the block brightens by 9 since the snapshot: under movement
    assert gate.update(np.clip(crept, 0, 255).astype(np.uint8)) is GateEvent.SETTLING
    assert not gate.same_as(read)
    assert not gate.same_as(np.zeros((3, 3, 3), np.uint8))  # another size is never the same
    assert not StillnessGate(StillnessConfig(still_frames=1)).first_quiet
