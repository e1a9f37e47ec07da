"""A taught copy's cubes are found where the cube net misses them (issue 20, art by another hand).

The cube net (built-in, never taught) finds a cube by its metal plate. bench/other_hand_art.py
draws cubes without one; a blue one then looks like a stack of blue tiles to the net, and a seat
whose cube is never found loses the whole game. With a pack the recogniser also looks for the
seat's taught bare cube face, and for a tile lying at a cube's height (a cube wearing a tile).
Real path: the printing is drawn by the twin, taught from a rendered teach-sheet photo, and a
rendered table is read (tuning printings 997101 and 997102, bench tables 520000 + 100 k + f).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.synth import synth_frame
from vision.octocube.truth import scene_truth
from vision.pack import Pack
from vision.render.art_pack import ArtPack
from vision.render.renderer import Renderer
from vision.render.teach_photos import render_teach_photo
from vision.teach import teach

from tests.bench_scripts import load_bench

BLUE = 2


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


def _printing(seed: int, folder: Path, renderer: Renderer) -> tuple[ArtPack, Pack]:
    art = ArtPack.load(load_bench("other_hand_art").write_pack(seed, folder / str(seed)))
    raw = render_teach_photo("octocube", art, 7_000_000 + 10 * seed, renderer)[0]
    photo = cv2.imdecode(cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
    assert photo is not None
    return art, teach("octocube", [("teach0.jpg", photo)]).pack


@pytest.mark.parametrize("printing, table, top", [
    (997102, 520201, "bare"),  # a bare blue cube: net p(blue) 0.04
    (997101, 520104, "light blue amphora"),  # a blue cube wearing a light blue tile, tilt 30
])
def test_a_blue_cube_without_a_plate_is_found(printing: int, table: int, top: str, renderer: Renderer,
                                              tmp_path: Path) -> None:
    art, pack = _printing(printing, tmp_path, renderer)
    frame = synth_frame(table, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0, art=art)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.cube_top[BLUE] == top
    obs = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack).recognise(frame.image)
    assert BLUE in obs.cubes, "the blue cube was not found"
    assert obs.cubes[BLUE].location == truth.cube_location[BLUE]
    read = obs.cubes[BLUE].top
    assert (read.label() if read is not None else "bare") == top
    # and every other seat's cube stays where it is: no second cube made of a tile stack
    for seat, where in truth.cube_location.items():
        assert obs.cubes[seat].location == where, seat
