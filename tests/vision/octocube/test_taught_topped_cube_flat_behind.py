"""A cube-height window lying over the flat top behind is not a cube wearing that top (issue 20).

With a pack, a window where the cube net sees a seat's colour is set aside as a stack top when a
taught tile fits it at a stack's height and far worse at a cube's (``_shows_stack_top``), unless
some tile fits the cube-height window nearly as well: a cube wearing a tile
(``pack_cube_topped_not_stack_top``, game 72485). Under a steep tilt the cube-height window lies
mostly over the stack-height window of the neighbour straight behind, and a flat tile lying there
fits it too. Fresh whole taught game 72821 (printing 998211, 4 players, tilt 34.4, evening;
``bench/teach.py --packs 1 --first-art 998211 --octocube-games 1 --octocube-seed 72821``), change 22
("Red rolls south from B4 to B5"): Red's cube wears the white amphora and shows its plastic only
on its sides; C2's stack top is printed maroon, its starfish fits 0.941 at stack height and 0.536
at cube height, but C2's cube-height window lies 0.70 over C1's stack window, where C1's flat dark
blue sextant fits it 0.859. So Red was read on C2 "wearing a dark blue sextant" and the game was
lost from move 23. ``pack_cube_topped_not_flat_behind``: where the window lies so
(``pack_cube_topped_behind_overlap``) and the neighbour shows a flat top with no cube on it, the fit
does not count -- by the windows' places in the image, not by the tiles' names: a cube standing
on C2 would hide most of C1's top. The doubt this answers, built in the twin from the same scene:
Red's cube on C2 wearing that very tile (C1's dark blue sextant) on top and another on its near
side (the side the stack-height window sees, as in 72485): it must still be read there. Real path:
the printing drawn by the twin, taught from the bench's two rendered teach photos, the frame the
stillness gate reads (the built scene: the film's camera and light, rendered once).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.vision.octocube.taught_table import _standard_twin, read_taught, taught_change_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

PRINTING, GAME, CHANGE, PLAYERS, GRID, TILT, LIGHT = 998_211, 72_821, 22, 4, 5, 34.4, "evening"
RED, YELLOW, BLUE, PURPLE = 0, 1, 2, 3
B5, C2, C1, E2 = (4, 1), (1, 2), (0, 2), (1, 4)
C1_TOP = "dark blue sextant"
NEAR_SIDE_TILE = "light blue pearl"
"""Worn on the built cube's near (south) side, which C2's stack-height window sees at this tilt."""


@pytest.fixture(scope="module")
def art_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("art") / str(PRINTING)


@pytest.fixture(scope="module")
def game_frame(art_dir: Path) -> tuple[Any, Any, Any]:
    return taught_change_still(PRINTING, art_dir, GAME, CHANGE, PLAYERS, TILT, LIGHT, settled=1)


@pytest.fixture(scope="module")
def built_frame(game_frame: tuple[Any, Any, Any], art_dir: Path) -> tuple[Any, Any, Any]:
    """The change's scene with Red's cube moved onto C2's stack, wearing C1's flat top on its top
    and ``NEAR_SIDE_TILE`` on its near side, rendered with the film's camera and light."""
    from tracker.film import demo_camera, drifting_lightings, load_art
    from tracker.table import TableSetup
    from vision.render.art_pack import with_art
    from vision.render.renderer import Renderer, RenderOptions

    setup = TableSetup(game="octocube", players=PLAYERS, options={"mode": "standard"}, seed=GAME, illegal=1,
                       art=str(art_dir), tilt=TILT, lighting=LIGHT, resolution=(1280, 720))
    twin = _standard_twin(PLAYERS, GAME)
    scene = twin.scenes[CHANGE + 1]
    stack = next(c for c in scene.components if c.uid == "stack C2")
    components = []
    for comp in scene.components:
        if comp.uid == f"cube {RED}":
            faces = dict(comp.faces, top=("octocube", "cube_face", "red", C1_TOP),
                         south=("octocube", "cube_face", "red", NEAR_SIDE_TILE))
            state = dict(comp.state, location="C2", top_face=C1_TOP, top_rotation=0)
            state["faces"] = dict(state["faces"], top=C1_TOP, south=NEAR_SIDE_TILE)
            pose = dataclasses.replace(comp.pose, x=stack.pose.x, y=stack.pose.y, z=stack.size_mm[2])
            comp = dataclasses.replace(comp, pose=pose, faces=faces, state=state)
        components.append(comp)
    built = dataclasses.replace(scene, components=components)
    light = drifting_lightings(setup.lighting, len(twin.changes), setup.seed)[CHANGE]
    camera = demo_camera(setup)
    options = RenderOptions(lighting=light, table_seed=GAME % 997)
    frame = Renderer().render(with_art(built, load_art(setup)), camera, options, seed=GAME * 100_003 + 7 * (CHANGE + 1))
    return game_frame[0], frame, camera


def test_the_scene(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == B5 and truth.cube_top[RED] == "white amphora"
    assert truth.cube_location[PURPLE] == E2 and truth.cube_location[BLUE] is None
    assert C1 not in truth.cube_location.values() and C2 not in truth.cube_location.values()
    assert truth.tops[C1] == C1_TOP, "the flat tile behind C2"


def test_c2s_cube_window_lies_over_c1s_stack_window(game_frame: tuple[Any, Any, Any]) -> None:
    """The camera model's geometry the rule asks: C1 is the neighbour straight behind C2, and most of
    C2's cube-height window lies over C1's stack-height window in the image."""
    pack, _, camera = game_frame
    reader = OctocubeRecogniser(GRID, PLAYERS, camera, pack=pack)
    locs = reader.layout.stack_locations
    c2 = locs.index(C2)
    assert reader._behind[c2] == locs.index(C1)
    assert reader._behind_overlap[c2] >= reader.config.pack_cube_topped_behind_overlap
    own = reader._share_over(reader.layout.cubes[c2], reader.layout.stacks[c2])
    assert reader._behind_overlap[c2] > own, "more over C1's top than over C2's own"


def test_the_tile_behind_is_no_cube_top(game_frame: tuple[Any, Any, Any]) -> None:
    truth = scene_truth(game_frame[1].ground_truth, GRID, PLAYERS)
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    red = obs.cubes[RED]
    assert red.location == truth.cube_location[RED], red
    assert red.top is not None and red.top.label() == truth.cube_top[RED]
    assert obs.cubes[PURPLE].location == truth.cube_location[PURPLE]
    assert obs.cubes[BLUE].location is None
    assert not obs.tops[C2].covered, "C2 shows its own stack top"


def test_without_the_rule_red_wears_the_tile_behind(game_frame: tuple[Any, Any, Any]) -> None:
    """Off control: the exception as before session 77 reads Red on C2 wearing C1's tile."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_cube_topped_not_flat_behind=False), grid=GRID)
    red = obs.cubes[RED]
    assert red.location == C2, red
    assert red.top is not None and red.top.label() == C1_TOP


def test_a_cube_wearing_the_flat_top_behind_is_read(built_frame: tuple[Any, Any, Any]) -> None:
    """The doubt: a real cube on C2 wearing the very tile that lies flat on C1 behind it. Standing
    there it hides most of C1's top, so C1 shows no flat top and the cube keeps the exception."""
    truth = scene_truth(built_frame[1].ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == C2 and truth.cube_top[RED] == C1_TOP
    assert truth.tops[C1] == C1_TOP and C1 not in truth.cube_location.values()
    assert truth.top_visibility[C1] < 0.5, "the cube on C2 hides most of C1's top"
    obs = read_taught(built_frame, PLAYERS, grid=GRID)
    red = obs.cubes[RED]
    assert red.location == C2, red
    assert red.top is not None and red.top.label() == C1_TOP
    assert obs.cubes[PURPLE].location == truth.cube_location[PURPLE]
    assert obs.cubes[BLUE].location is None


def test_the_built_cube_needs_the_exception(built_frame: tuple[Any, Any, Any]) -> None:
    """Control: the built case reaches the exception the rule restricts -- without the exception
    (the height test alone) Red's cube on C2 is set aside as a stack top."""
    obs = read_taught(built_frame, PLAYERS, RecogniserConfig(pack_cube_topped_not_stack_top=False), grid=GRID)
    red = obs.cubes.get(RED)
    assert red is None or red.location != C2, red
