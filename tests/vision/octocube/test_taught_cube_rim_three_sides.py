"""A cube seen nearly straight down whose taught rim shows on three sides is the seat's where the
net's own best cube colour there is the seat's (issue 20, art by another hand).

Other-hand printing 998012 (bench/other_hand_art.py), bench table 520000: Yellow's cube on (2, 2)
wearing a dark blue sextant, parallax too small for the height test. The net gives that window
p(none) 0.58, p(yellow) 0.29 (just under ``min_cube_probability``), p(red) 0.08. After one teach
photo the rim shows on four sides (the far side's 1-2 px band 0.41 of its line in the hue mask)
and the rim alone finds Yellow; after two the taught yellow moves a little ([0.195 0.372 0.433] ->
[0.188 0.365 0.447], b, g, r shares), that band falls to 0.27 of its line (three sides), and
Yellow was found nowhere. Real path: the printing drawn by the other hand, taught from the
bench's two rendered teach photos, the bench's table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bench_scripts import load_bench
from tests.vision.octocube.taught_table import read_taught_table
from tests.vision.teach_photos import taught_pack
from vision.octocube.config import RecogniserConfig
from vision.octocube.synth import synth_frame
from vision.octocube.truth import scene_truth
from vision.render.art_pack import ArtPack
from vision.render.renderer import Renderer

PRINTING, TABLE = 998_012, 520_000
YELLOW = 1


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    folder: Path = tmp_path_factory.mktemp("other-hand") / str(PRINTING)
    art = ArtPack.load(load_bench("other_hand_art").write_pack(PRINTING, folder))
    renderer = Renderer()
    pack = taught_pack("octocube", art, PRINTING, "other-hand", renderer, count=2)
    frame = synth_frame(TABLE, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0, art=art)
    return pack, frame


def test_yellows_cube_with_its_rim_on_three_sides_is_found(scene: tuple[Any, Any]) -> None:
    truth = scene_truth(scene[1].ground_truth, scene[1].grid_size, scene[1].num_players)
    assert truth.cube_top[YELLOW] == "dark blue sextant"
    obs = read_taught_table(scene)
    for seat, where in truth.cube_location.items():
        assert obs.cubes[seat].location == where, seat
    top = obs.cubes[YELLOW].top
    assert top is not None and top.obj == "sextant"


def test_without_the_three_sided_rim_yellow_is_found_nowhere(scene: tuple[Any, Any]) -> None:
    """Session 67's last resort (``pack_lost_net_colour_min_p``: the net's best cube colour there is
    Yellow's and the plastic band names Yellow) finds Yellow here too: off as well."""
    obs = read_taught_table(scene, RecogniserConfig(pack_rim_three_sides_min_p=0.0, pack_lost_net_colour_min_p=0.0))
    assert YELLOW not in obs.cubes
