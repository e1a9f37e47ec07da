"""A tile drawn in a cube's colour on the grid is not taken for the cube, whether the cube is back
at its rest spot or on a window the net gives another seat's colour (issue 20).

Whole taught game 72705 (random printing 997381 draws light blue tiles pink; 2 players, tilt 10.1,
lamp; bench/teach.py --octocube-games), change 65: Red scores from C1 and its cube goes back to its
rest spot wearing a white pearl. C1 now shows a pink light blue amphora: the cube net gives it
p(red) 0.96, more than the rest spot's 0.92, and C1 lies where the tilt barely moves a top between
a stack's and a cube's height. The amphora shows one side of a ring in Red's taught colour, not a
cube's whole rim, but the rim test asked only the grid's other windows: Red was read on C1,
"tiles appeared on Red's board without a Score", and the game was lost at move 66. The seat's rest
spot, where the net's best class is the seat's colour, now counts as the cube found elsewhere
(``pack_rim_elsewhere_rest``). Real path: the printing drawn by the twin, taught from the bench's
two rendered teach photos, the game's own film frame (the first still frame of change 65).

Change 93: Red rolls east from A3 onto B3 wearing a coin; its rim there is whole in Red's taught
colour, but the net gives B3 p(red) 0.44 and p(yellow) 0.48 (Yellow's cube found on A2 at 0.98),
and C2's pink amphora p(red) 0.94: the other window's best class was yellow, so Red was read on C2,
"Red's cube moved diagonally (A3 to C2)". The colours of cubes already found elsewhere are now set
aside there (``pack_rim_elsewhere_set_aside_found``).

Change 94: Yellow rolls from B1 onto B2, beside Red on B3 (wearing its coin, rim whole); the net
now gives B3 p(red) 0.25 and p(yellow) 0.62, Yellow found on B2: with Yellow's colour set aside
Red's best class is red there, but its raw p was under ``min_cube_probability`` and Red was read on
C2's pink amphora, "Red moved out of turn". The floor is judged on Red's share of what Yellow's
colour leaves, 0.67 (``pack_rim_elsewhere_share``).

Change 101: Red rolls east from A4 onto B4 wearing a coin (p(red) 0.79, rim whole), B4 under a
parallax the height test can act on; the rule looked only at windows seen nearly straight down,
and Red was read on C1's pink amphora (p(red) 0.85), "Red's cube moved diagonally (A4 to C1)". Such
a window now counts where the height test finds no stack top (``pack_rim_elsewhere_by_height``).

Change 111: Red rolls north from B4 onto B3 bare (p(red) 0.83, p(yellow) 0.07, Yellow at its rest
spot); C2's pink amphora p(red) 0.96. B3's bare plate fits a taught cube face, but the net's p there
was 0.03 under the floor (the pick's p less ``pack_cube_elsewhere_p_drop``) and Red was read on
C2. The probabilities are judged with Yellow's found colour set aside (``pack_cube_elsewhere_share``).
(With the floor's drop now 0.2, the raw p would pass too: that case's rule-off reading is main's
old drop, 0.1, as well.)

Change 112: Yellow places its cube on D4, Red still bare on B3 (p(red) 0.84, ``cube-red`` 0.87 with
a lead of 0.41); Red is judged first (C1's pink amphora 0.97, moved behind onto C2's, 0.95), so
nothing is set aside, and B3 lay 0.01 under the floor 0.85: Red read on C2, "Red moved out of
turn" (a false alarm the next scene's question cleared). The floor's drop is 0.2 now
(``pack_cube_elsewhere_p_drop``), halfway between the 0.01-0.05 a printing's tile in the cube's
colour leads by and the 0.36 of fresh 997301's red cube called yellow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.vision.octocube.taught_table import assert_every_cube_where_it_is, read_taught, taught_game_still
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, GAME, FRAME, PLAYERS = 997_381, 72_705, 462, 2
"""The bench's printing and game (tilt 10.1, lamp, 2 players), the first still frame of change 65."""
C1, C2, B3, B4, RED, YELLOW = (0, 2), (1, 2), (2, 1), (3, 1), 0, 1
GRID = 4
"""A 2-player table: a 4 x 4 grid."""


@pytest.fixture(scope="module")
def game_frame(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    return taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, FRAME, PLAYERS, 10.1,
                             "lamp")


def test_the_cube_is_read_at_its_rest_spot(game_frame: tuple[Any, Any, Any]) -> None:
    frame = game_frame[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == 65
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location.get(RED) is None  # at its rest spot, off the grid
    obs = read_taught(game_frame, PLAYERS, grid=GRID)
    assert RED in obs.cubes and obs.cubes[RED].location is None
    assert obs.cubes[YELLOW].location == truth.cube_location[YELLOW]


def test_by_the_grid_alone_it_is_read_on_the_pink_tile(game_frame: tuple[Any, Any, Any]) -> None:
    """The cause pinned: with the grid's windows only (main's reading), Red on C1."""
    obs = read_taught(game_frame, PLAYERS, RecogniserConfig(pack_rim_elsewhere_rest=False,
                                                            pack_cube_stack_top_offset_share=0.0), grid=GRID)
    assert obs.cubes[RED].location == C1


@dataclass(frozen=True)
class Case:
    """A still scene of the game where Red is on ``red_at``, and the config with its rule turned off,
    main's reading: Red on ``wrong_at`` (C1's or C2's pink amphora)."""

    change: int
    frame: int
    red_at: tuple[int, int]
    rule_off: RecogniserConfig
    wrong_at: tuple[int, int]


OFFSET_OFF = 0.0
"""Each case's counterfactual has the flat tile's offset test off too (``pack_cube_stack_top_offset_share``):
since session 66 it finds the pink amphora Red was read on shifted toward its stack's place."""

CASES = [
    Case(93, 658, B3, RecogniserConfig(pack_rim_elsewhere_set_aside_found=False,
                                          pack_cube_stack_top_offset_share=OFFSET_OFF), C2),
    Case(94, 665, B3, RecogniserConfig(pack_rim_elsewhere_share=False,
                                          pack_cube_stack_top_offset_share=OFFSET_OFF), C2),
    Case(101, 714, B4, RecogniserConfig(pack_rim_elsewhere_by_height=False,
                                          pack_cube_stack_top_offset_share=OFFSET_OFF), C1),
    Case(111, 784, B3, RecogniserConfig(pack_cube_elsewhere_share=False, pack_cube_elsewhere_p_drop=0.1,
                                          pack_cube_stack_top_offset_share=OFFSET_OFF), C2),
    Case(112, 791, B3, RecogniserConfig(pack_cube_elsewhere_p_drop=0.1,
                                          pack_cube_stack_top_offset_share=OFFSET_OFF), C2),
]


@pytest.fixture(scope="module", params=CASES, ids=[f"change-{case.change}" for case in CASES])
def case_frame(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> tuple[Case, tuple[Any, Any, Any]]:
    case = request.param
    return case, taught_game_still(PRINTING, tmp_path_factory.mktemp("art") / str(PRINTING), GAME, case.frame,
                                   PLAYERS, 10.1, "lamp")


def test_red_is_read_where_it_is_beside_the_pink_tiles(case_frame: tuple[Case, tuple[Any, Any, Any]]) -> None:
    case, still = case_frame
    frame = still[1]
    assert frame.ground_truth["phase"] == "still" and frame.ground_truth["change_index"] == case.change
    truth = scene_truth(frame.ground_truth, GRID, PLAYERS)
    assert truth.cube_location[RED] == case.red_at
    if case.change in (111, 112):
        assert truth.cube_top[RED] == "bare"
    obs = read_taught(still, PLAYERS, grid=GRID)
    assert_every_cube_where_it_is(obs, truth)


def test_without_the_rule_red_is_read_on_a_pink_tile(case_frame: tuple[Case, tuple[Any, Any, Any]]) -> None:
    """Each cause pinned: with its rule turned off (main's reading), Red on a pink amphora."""
    case, still = case_frame
    obs = read_taught(still, PLAYERS, case.rule_off, grid=GRID)
    assert obs.cubes[RED].location == case.wrong_at
