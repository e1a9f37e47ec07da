"""Camera sources: frames read like a webcam; bad frames and dead sources are reported, never
raised."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from hardware.camera import (CameraError, DeviceSource, Frame, FrameSource, SyntheticSource,
                             VideoFileSource, check_image, open_source)


def _img(v: int = 100, shape: tuple[int, int] = (48, 64)) -> np.ndarray:
    return np.full((*shape, 3), v, np.uint8)


def _frame(src: FrameSource) -> Frame:
    frame = src.read()
    assert frame is not None
    return frame


def _problem(image: np.ndarray, **kwargs: tuple[int, int]) -> str:
    problem = check_image(image, **kwargs)
    assert problem is not None
    return problem


def test_synthetic_source_reads_frames_then_ends() -> None:
    src = SyntheticSource([_img(1), _img(2), _img(3)], fps=10)
    assert isinstance(src, FrameSource)
    frames = [_frame(src) for _ in range(3)]
    assert [f.index for f in frames] == [0, 1, 2]
    assert [f.timestamp for f in frames] == pytest.approx([0.0, 0.1, 0.2])
    assert src.read() is None and src.health.ended
    assert src.health.frames == 3 and src.health.failures == 0
    assert "ended after 3 frames" in src.health.describe()


def test_bad_frames_are_reported_not_raised() -> None:
    items = [_img(), None, np.zeros((48, 64), np.uint8), _img().astype(np.float32),
             _img(shape=(40, 64)), "not an image", _img()]
    src = SyntheticSource(items)
    got = [src.read() for _ in items]
    assert [g is not None for g in got] == [True, False, False, False, False, False, True]
    assert src.health.failures == 5
    assert src.health.frames == 2
    assert src.health.consecutive_failures == 0  # the last frame was good again
    assert src.health.ok


def test_a_source_that_stops_delivering_ends_with_a_reason() -> None:
    src = SyntheticSource([None] * 100)
    src.max_consecutive_failures = 5
    frames = list(src.frames())
    assert frames == []
    assert src.health.ended and src.health.last_error is not None
    assert "no image" in src.health.last_error and "5 times in a row" in src.health.last_error


def test_a_grab_that_raises_is_reported() -> None:
    def broken():
        yield _img()
        raise RuntimeError("driver crashed")

    src = SyntheticSource(broken())
    assert src.read() is not None
    assert src.read() is None
    assert src.health.last_error is not None
    assert "driver crashed" in src.health.last_error


def test_check_image_names_the_problem() -> None:
    assert check_image(_img()) is None
    assert "dtype" in _problem(_img().astype(np.uint16))
    assert "expected height x width x 3" in _problem(np.zeros((10, 10, 4), np.uint8))
    assert "before" in _problem(_img(shape=(50, 64)), expected_shape=(48, 64))


def test_video_file_source(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 5.0, (64, 48))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for v in range(4):
        writer.write(_img(40 * v + 20))
    writer.release()
    with VideoFileSource(path) as src:
        frames = list(src.frames())
    assert len(frames) == 4
    assert frames[1].timestamp == pytest.approx(0.2)
    assert src.health.ended and src.health.failures == 0


def test_missing_sources_raise_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="does not exist"):
        VideoFileSource(tmp_path / "nope.mp4")
    (tmp_path / "junk.mp4").write_bytes(b"not a video")
    with pytest.raises(CameraError, match="not a video"):
        VideoFileSource(tmp_path / "junk.mp4")
    with pytest.raises(CameraError, match="could not be opened"):
        DeviceSource(57)
    with pytest.raises(CameraError, match="synthetic seed"):
        open_source("synthetic:abc")


def test_synthetic_game_source_keeps_ground_truth_beside_its_frames() -> None:
    from vision.render.sequence import Timing

    src = SyntheticSource.octocube_demo(seed=3, moves=1)
    first = src.read()
    assert isinstance(first, Frame)
    assert first.image.shape == (720, 1280, 3)
    assert not hasattr(first, "ground_truth")  # the frame is what a webcam gives, nothing more
    truth = src.truth_of(first)
    assert truth is not None and truth["phase"] == "still"
    assert Timing().still_frames >= 1
    src.close()
    assert src.read() is None


def test_synthetic_source_skips_the_leading_frames_it_is_told_to() -> None:
    from types import SimpleNamespace

    items = [SimpleNamespace(image=np.full((40, 60, 3), i, np.uint8), ground_truth={"change_index": i // 2},
                             timestamp=i / 10) for i in range(10)]
    src = SyntheticSource(items, skip_while=lambda truth: (truth or {}).get("change_index", 0) < 3)
    first = src.read()
    assert first is not None and int(first.image[0, 0, 0]) == 6  # items 0-5 (changes 0-2) skipped
    assert src.truth_of(first) == {"change_index": 3}
    assert len([f for f in src.frames()]) == 3  # the rest is read normally, nothing skipped again


def test_a_damaged_video_is_read_past_its_damage_and_says_where(tmp_path: Path) -> None:
    """A corrupt block is not the end of the film: the frames after it are read, the damaged
    ones are named, and FFmpeg's own messages stay out of the terminal."""
    import random
    import subprocess
    import sys

    path = tmp_path / "film.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (160, 120))
    rng = np.random.default_rng(0)
    for i in range(60):
        writer.write(cv2.GaussianBlur((rng.random((120, 160, 3)) * 255).astype(np.uint8), (0, 0), 2))
    writer.release()
    data = bytearray(path.read_bytes())
    r = random.Random(1)
    start = len(data) // 3
    for i in range(start, start + 4000):
        data[i] = r.randrange(256)
    bad = tmp_path / "bad.avi"
    bad.write_bytes(bytes(data))
    src = VideoFileSource(bad)
    good = list(src.frames())
    assert src.damaged, "the damage is named"
    assert len(good) + len(src.damaged) == 60  # every other frame was read, after the damage too
    assert max(f.index for f in good) > src.damaged[0]
    assert src.health.ended and "damaged frame(s) skipped" in src.health.describe()
    script = f"from hardware.camera import VideoFileSource; print(len(list(VideoFileSource({str(bad)!r}).frames())))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == str(len(good))
    assert "mjpeg" not in done.stderr  # no decoder chatter
