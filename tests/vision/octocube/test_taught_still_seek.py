"""A taught film's settled still, entered late (tests/vision/octocube/taught_table.py
``taught_game_still``: ``film(..., start=frame)``, no earlier frame drawn, the noise of the
earlier still frames drawn unmade or taken from kept generator states), is byte for byte the frame
the whole film makes: the frames the taught tests were traced on.

"The whole film" here is the film drawn from its first frame with every frame but the wanted
still scene's first a blank frame of the film's size (``_OneFrameRenderer``: the noise a still
frame gets does not depend on its picture), as ``taught_game_still`` drew it until session 73;
tests/tracker/test_film_start.py checks the entry against films drawn whole. Game 72748 (printing
997424, 3 players, tilt 9.1, lamp) as tests/vision/octocube/test_taught_cube_bare_behind.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.vision.octocube.taught_table import _OneFrameRenderer, taught_game_still
from tracker.film import NoiseCheckpoints

PRINTING, GAME, PLAYERS, TILT, LIGHT = 997424, 72748, 3, 9.1, "lamp"
WANTED = ((6, 2), (2, 1))  # (change, the still frame that many after its first)


def _whole_films_frame(art_dir: Path, frame_index: int, settled: int) -> Any:
    """Frame ``frame_index + settled`` of the film drawn from its first frame."""
    from tracker.film import demo_camera, drifting_lightings, film, film_timing, load_art
    from tracker.octocube.twin import TwinGame, sides_for
    from tracker.table import TableSetup

    setup = TableSetup(game="octocube", players=PLAYERS, options={"mode": "standard"}, seed=GAME, illegal=1,
                       art=str(art_dir), tilt=TILT, lighting=LIGHT, resolution=(1280, 720))
    twin = TwinGame(PLAYERS, GAME, illegal=1, max_moves=None, mode="standard")
    frames = film(twin.scenes, sides_for(twin.changes, PLAYERS), demo_camera(setup),
                  drifting_lightings(LIGHT, len(twin.changes), GAME), seed=GAME, timing=film_timing(setup),
                  renderer=_OneFrameRenderer(GAME * 100_003 + frame_index, False, (720, 1280)),
                  art=load_art(setup))
    for i, frame in enumerate(frames):
        if i == frame_index + settled:
            return frame
    raise AssertionError("the film ended early")


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


@pytest.fixture(scope="module")
def whole(art_dir: Path) -> dict[tuple[int, int], Any]:
    """(change, settled) -> the whole film's frame; the first entry writes the printing."""
    taught_game_still(PRINTING, art_dir, GAME, 0, PLAYERS, TILT, LIGHT)
    return {(change, settled): _whole_films_frame(art_dir, 7 * (change + 1), settled) for change, settled in WANTED}


def _entered(art_dir: Path, change: int, settled: int, checkpoints: Any) -> Any:
    return taught_game_still(PRINTING, art_dir, GAME, 7 * (change + 1), PLAYERS, TILT, LIGHT, settled=settled,
                             checkpoints=checkpoints)[1]


def test_the_settled_still_entered_late_is_the_whole_films(art_dir: Path, whole: dict[tuple[int, int], Any]) -> None:
    kept = NoiseCheckpoints()
    # change 6's third still frame drawing all the noise before it, then keeping states; change 2's
    # second from a state the entry into change 6 kept
    for (change, settled), checkpoints in (((6, 2), None), ((6, 2), kept), ((2, 1), kept)):
        got, want = _entered(art_dir, change, settled, checkpoints), whole[change, settled]
        assert got.ground_truth["phase"] == "still" and got.ground_truth["change_index"] == change
        assert got.image.shape == want.image.shape == (720, 1280, 3)
        assert np.array_equal(got.image, want.image), (change, settled, checkpoints)
        assert got.ground_truth == want.ground_truth
    assert kept.nearest(GAME, (720, 1280), 2 * 3) is not None


def test_off_one_still_frames_noise_short_is_another_picture(art_dir: Path, whole: dict[tuple[int, int], Any]) -> None:
    """The control: a kept state one still frame's noise short (labelled as the state the entry
    needs) gives another frame, so the comparison above sees the noise stream."""
    change, shape = 2, (720, 1280)
    owed = 2 * (change + 1)  # 2 noisy frames in each still scene before change 2's
    rng = np.random.default_rng(GAME)
    for _ in range(owed - 1):
        rng.standard_normal(shape[0] * shape[1])
    short = NoiseCheckpoints()
    short.keep(GAME, shape, owed, rng.bit_generator.state)
    got, want = _entered(art_dir, change, 1, short), whole[change, 1]
    assert not np.array_equal(got.image, want.image)
    assert np.abs(got.image.astype(int) - want.image.astype(int)).mean() > 1.0  # the noise's sigma is 2
