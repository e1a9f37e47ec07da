"""A film entered late (``tracker.film.film(..., start=k)``) yields the whole film's frames from
``k`` on, to the bit: the frames before ``k`` are not drawn, but the sensor noise of their still
frames is drawn unmade first (or taken from kept generator states), so a still scene's later,
noisy frames -- the ones the stillness gate reads, and the taught tests read -- are the film's.

The renderer here is a stand-in drawing each frame's own random picture from its render seed
(the film's scenes, hands and noise are the real code's): the whole film is cheap to draw and its
frames are distinct. The taught films' own check, with the real renderer, is in
tests/vision/octocube/test_taught_still_seek.py."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tracker.film import NoiseCheckpoints, drifting_lightings, film, film_timing
from tracker.octocube.twin import TwinGame, sides_for
from tracker.table import TableSetup
from vision.render.camera import CameraModel

SEED, PLAYERS, MOVES = 11, 2, 6
SIZE = (320, 180)  # small frames: the noise logic does not depend on the size


class SeededPictures:
    """Each frame a picture drawn from its render seed alone; counts its renders."""

    def __init__(self) -> None:
        self.renders = 0

    def render(self, scene: Any, camera: Any, opts: Any, seed: int) -> Any:
        self.renders += 1
        image = np.random.default_rng(seed).integers(0, 256, (SIZE[1], SIZE[0], 3), dtype=np.uint8)
        return SimpleNamespace(image=image, ground_truth={"hands": len(opts.hands)})


def _film(renderer: Any, start: int = 0, checkpoints: NoiseCheckpoints | None = None) -> Any:
    setup = TableSetup(game="octocube", players=PLAYERS, options={"mode": "standard"}, seed=SEED, illegal=1,
                       resolution=SIZE)
    twin = TwinGame(PLAYERS, SEED, illegal=1, max_moves=MOVES)
    camera = CameraModel.looking_at(tilt_deg=10.0, resolution=SIZE)
    timing = film_timing(setup)
    return film(twin.scenes, sides_for(twin.changes, PLAYERS), camera,
                drifting_lightings("day", len(twin.changes), SEED), seed=SEED, timing=timing,
                renderer=renderer, start=start, checkpoints=checkpoints)


@pytest.fixture(scope="module")
def whole() -> list[Any]:
    frames = list(_film(SeededPictures()))
    assert len(frames) > 40 and [f.ground_truth["frame_index"] for f in frames] == list(range(len(frames)))
    return frames


def _same(a: Any, b: Any) -> bool:
    return bool(a.image.shape == b.image.shape and np.array_equal(a.image, b.image)
                and a.ground_truth == b.ground_truth and a.timestamp == b.timestamp)


def _entered(start: int, count: int, checkpoints: NoiseCheckpoints | None = None) -> tuple[list[Any], int]:
    pictures = SeededPictures()
    frames = []
    for frame in _film(pictures, start, checkpoints):
        frames.append(frame)
        if len(frames) == count:
            break
    return frames, pictures.renders


@pytest.mark.parametrize("start", [0, 1, 7, 8, 9, 28, 29, 30, 33, 41])
def test_every_frame_from_the_start_is_the_whole_films(whole: list[Any], start: int) -> None:
    # 7(c+1): change c's first still frame (rendered afresh); +1, +2: its noisy frames; 33: a hand
    entered, renders = _entered(start, 9)
    assert len(entered) == 9
    assert all(_same(got, want) for got, want in zip(entered, whole[start:start + 9], strict=True))
    assert renders <= 9  # no frame before the start was drawn


def test_kept_noise_states_give_the_same_frames_and_serve_a_later_entry(whole: list[Any]) -> None:
    kept = NoiseCheckpoints()
    for start in (37, 30, 44):  # a later entry starts from the states an earlier one kept
        entered, _ = _entered(start, 3, kept)
        assert all(_same(got, want) for got, want in zip(entered, whole[start:start + 3], strict=True)), start
    shape = (SIZE[1], SIZE[0])
    assert kept.nearest(SEED, shape, 100) is not None and kept.nearest(SEED, shape, 100)[0] > 0  # type: ignore[index]


def test_off_a_noise_state_one_frame_short_changes_the_settled_frames(whole: list[Any]) -> None:
    """The control: the comparison sees one still frame's noise too few (the noisy frames differ,
    the freshly rendered first still frame does not)."""
    shape, start = (SIZE[1], SIZE[0]), 35  # change 4's first still frame, after 2 noisy frames a scene
    rng = np.random.default_rng(SEED)
    for _ in range(2 * 5 - 1):
        rng.standard_normal(SIZE[0] * SIZE[1])
    short = NoiseCheckpoints()
    short.keep(SEED, shape, 2 * 5, rng.bit_generator.state)  # labelled 10 draws, holding 9
    entered, _ = _entered(start, 3, short)
    assert _same(entered[0], whole[start])
    assert not _same(entered[1], whole[start + 1]) and not _same(entered[2], whole[start + 2])
