"""What the Octocube adapter makes of each kind of reading, on small hand-built expected views:
a cube standing where a stack was expected, a hole, a tile nobody has seen, abyss letters that do
not matter, a stack height, a place that is not a space, a bare or turned cube top, piles and kids
boards, tiles from the cube at the last Score. Each sentence is checked word for word with its
weight, because the weights decide between moves and the words are what the players read."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, cast

import pytest

from rules.core import UNKNOWN
from rules.octocube import OctocubeGame
from rules.octocube.components import Tile
from rules.octocube.moves import Pass, Pivot, Place, Score
from tests.tracker.octocube_helpers import pair
from tracker.adapter import Difference
from tracker.inference import InferenceConfig
from tracker.octocube.adapter import (
    _LABELS,
    COVERED,
    BoardView,
    CubeView,
    OctocubeAdapter,
    OctocubeView,
    _board_as_read,
    _board_reads_changed,
    _boards_read_alike,
    _looks_the_same,
)
from tracker.octocube.groundtruth import observation_from_state
from vision.octocube.observation import BoardReading, CubeReading, OctocubeObservation, StackTopReading

ADAPTER = OctocubeAdapter()
STAR = Tile("object", "white", "starfish")
PEARL = Tile("object", "green", "pearl")
COIN = Tile("coin")
ABYSS = Tile("abyss")
ABYSS_A = Tile("abyss", letter="A")
ABYSS_B = Tile("abyss", letter="B")
B2 = (1, 1)  # "B2": row 2, column B
C3 = (2, 2)


@pytest.fixture(autouse=True)
def _fresh_labels() -> None:
    """The adapter remembers location names process-wide; a mutation run forks its tests after a
    clean run, whose remembered names would hide a broken naming: start each test without them."""
    _LABELS.clear()


def top(loc: tuple[int, int], tile: Tile | None, confidence: float = 1.0, covered: bool = False,
        height: int | None = None) -> StackTopReading:
    return StackTopReading(loc, tile, confidence, covered, height)


def diffs(view: OctocubeView, observed: OctocubeObservation) -> list[Difference]:
    return ADAPTER.differences(view, observed)


# ---------------------------------------------------------------- stack tops
def test_a_confident_reading_counts_fully_and_a_doubtful_one_never_below_a_tenth() -> None:
    view = OctocubeView(tops={B2: STAR})
    for confidence, weight in ((1.7, 1.0), (1.0, 1.0), (0.6, 0.6), (0.1, 0.1), (0.02, 0.1)):
        got = diffs(view, OctocubeObservation(tops={B2: top(B2, PEARL, confidence)}))
        assert got == [Difference("B2 shows a green pearl, expected a white starfish", weight)], confidence


def test_a_stack_under_a_cube_needs_no_reading_but_a_missing_cube_does() -> None:
    view = OctocubeView(tops={B2: COVERED})
    cube_there = {0: CubeReading(0, B2, None, 1.0)}
    assert diffs(view, OctocubeObservation(cubes=cube_there)) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR)}, cubes=cube_there)) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, None, covered=True)})) == []
    assert diffs(view, OctocubeObservation()) == [Difference("B2 was not read", 0.3)]
    elsewhere = {0: CubeReading(0, C3, None, 1.0)}
    assert diffs(view, OctocubeObservation(cubes=elsewhere)) == [Difference("B2 was not read", 0.3)]


def test_a_tile_seen_where_a_cube_should_stand() -> None:
    view = OctocubeView(tops={B2: COVERED})
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, 0.8)})) == [
        Difference("B2 shows a white starfish, expected a cube there", 0.8)]
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, None, 0.8)})) == [
        Difference("B2 shows nothing, expected a cube there", 0.8)]


def test_a_cube_not_found_whose_own_top_is_read_as_the_stack_top_there_counts_little() -> None:
    """Taught fresh printing 997376, game 72700: Blue's cube wearing a light blue sextant missed
    (its thin rim), its top read as C4's stack top: with "not found" the two outweighed the
    doubtful tolerance and Red's roll beside it raised an alarm. Only that seat's own top, and
    only while its cube is nowhere to be seen, counts so little."""
    view = OctocubeView(tops={B2: COVERED}, cubes={2: CubeView(B2, STAR, 90)})
    missed = [Difference("Blue's cube was not found, only its top on B2", 0.3)]
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, 0.8)})) == missed
    assert sum(d.weight for d in missed) <= InferenceConfig().tolerance < 0.5 + 0.8
    # another tile there is another stack: the cube is gone from it
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, PEARL, 0.8)})) == [
        Difference("B2 shows a green pearl, expected a cube there", 0.8),
        Difference("Blue's cube was not found", 0.5)]
    # found only unsurely on the space next door (72703, move 154): its own top on B2 is not counted again
    next_door = {2: CubeReading(2, (1, 2), PEARL, 0.45, rotation=None, place_confidence=0.3)}
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, 0.9)}, cubes=next_door)) == [
        Difference("Blue's cube is on C2, expected on B2", 0.25),
        Difference("Blue's cube shows a green pearl on top, expected a white starfish", 0.45)]
    # on a stack topped by the same tile, the space looks the same whether the cube stayed or left
    same_under = OctocubeView(tops={B2: COVERED}, cubes={2: CubeView(B2, STAR, 90, under=STAR)})
    assert diffs(same_under, OctocubeObservation(tops={B2: top(B2, STAR, 0.8)})) == [
        Difference("B2 shows a white starfish, expected a cube there", 0.8),
        Difference("Blue's cube was not found", 0.5)]
    # the cube found elsewhere: its top is not what B2 shows
    moved = {2: CubeReading(2, C3, STAR, 1.0, rotation=90)}
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, 0.8)}, cubes=moved)) == [
        Difference("B2 shows a white starfish, expected a cube there", 0.8),
        Difference("Blue's cube is on C3, expected on B2", 1.0)]


def test_a_cube_covering_a_stack_that_should_show_and_no_height_is_judged_under_it() -> None:
    view = OctocubeView(tops={B2: STAR}, heights={B2: 3})
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, None, 0.9, covered=True, height=1)})) == [
        Difference("a cube covers B2, expected a white starfish", 0.9)]
    hole = OctocubeView(tops={B2: None})
    assert diffs(hole, OctocubeObservation(tops={B2: top(B2, None, covered=True)})) == [
        Difference("a cube covers B2, expected nothing", 1.0)]


def test_a_tile_where_none_should_be_and_an_abyss_tile_counts_half_outside_the_advanced_game() -> None:
    view = OctocubeView(tops={B2: None})
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, None)})) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, 0.8)})) == [
        Difference("B2 shows a white starfish, expected no tile", 0.8)]
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, ABYSS, 0.8)})) == [
        Difference("B2 shows an abyss tile, expected no tile", 0.4)]
    advanced = OctocubeView(tops={B2: None}, letters_matter=True)
    assert diffs(advanced, OctocubeObservation(tops={B2: top(B2, ABYSS, 0.8)})) == [
        Difference("B2 shows an abyss tile, expected no tile", 0.8)]


def test_an_abyss_tile_read_as_an_empty_place_counts_half_and_a_real_tile_fully() -> None:
    view = OctocubeView(tops={B2: ABYSS})
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, None)})) == [
        Difference("B2 shows nothing, expected an abyss tile", 0.5)]
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, COIN)})) == [
        Difference("B2 shows a coin, expected an abyss tile", 1.0)]
    advanced = OctocubeView(tops={B2: ABYSS}, letters_matter=True)
    assert diffs(advanced, OctocubeObservation(tops={B2: top(B2, None)})) == [
        Difference("B2 shows nothing, expected an abyss tile", 1.0)]


def test_abyss_letters_only_matter_in_the_advanced_game() -> None:
    reading = OctocubeObservation(tops={B2: top(B2, ABYSS_B)})
    assert diffs(OctocubeView(tops={B2: ABYSS_A}), reading) == []
    assert diffs(OctocubeView(tops={B2: ABYSS_A}, letters_matter=True), reading) == [
        Difference("B2 shows abyss tile B, expected abyss tile A", 1.0)]
    # a letter misread never hides a different kind of tile
    assert diffs(OctocubeView(tops={B2: STAR}), reading) == [
        Difference("B2 shows abyss tile B, expected a white starfish", 1.0)]


def test_a_tile_nobody_has_seen_matches_any_collectible_tile_only() -> None:
    view = OctocubeView(tops={B2: UNKNOWN})
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR)})) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, COIN)})) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, ABYSS, 0.7)})) == [
        Difference("B2 shows an abyss tile, expected a tile", 0.7)]
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, None, 0.7)})) == [
        Difference("B2 shows nothing, expected a tile", 0.7)]


def test_a_stack_height_is_compared_only_where_both_are_known() -> None:
    view = OctocubeView(tops={B2: STAR}, heights={B2: 3})
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, height=3)})) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, height=None)})) == []
    assert diffs(OctocubeView(tops={B2: STAR}), OctocubeObservation(tops={B2: top(B2, STAR, height=2)})) == []
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR, 0.6, height=2)})) == [
        Difference("the stack at B2 is 2 tiles high, expected 3", 0.6)]
    # a wrong tile and a wrong height are two differences
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, PEARL, 0.6, height=4)})) == [
        Difference("B2 shows a green pearl, expected a white starfish", 0.6),
        Difference("the stack at B2 is 4 tiles high, expected 3", 0.6)]


def test_a_tile_read_beyond_the_grid_is_named_and_an_empty_one_ignored() -> None:
    view = OctocubeView(tops={B2: STAR})
    outside = (7, 0)
    observed = OctocubeObservation(tops={B2: top(B2, STAR), outside: top(outside, PEARL, 0.4)})
    assert diffs(view, observed) == [Difference("A8 is not a space but shows a green pearl", 0.4)]
    assert diffs(view, OctocubeObservation(tops={B2: top(B2, STAR), outside: top(outside, None)})) == []


# ---------------------------------------------------------------- cubes
def test_a_cube_whose_top_nobody_has_seen_must_show_a_tile() -> None:
    view = OctocubeView(cubes={1: CubeView(B2, UNKNOWN, None)})
    assert diffs(view, OctocubeObservation(cubes={1: CubeReading(1, B2, STAR, 1.0, 90)})) == []
    assert diffs(view, OctocubeObservation(cubes={1: CubeReading(1, B2, None, 0.9)})) == [
        Difference("Yellow's cube shows bare metal on top, expected a tile", 0.9)]


def test_the_tile_on_a_cube_turned_otherwise_than_expected() -> None:
    view = OctocubeView(cubes={0: CubeView(B2, STAR, 90)})
    assert diffs(view, OctocubeObservation(cubes={0: CubeReading(0, B2, STAR, 0.8, 180)})) == [
        Difference("the tile on top of Red's cube is turned 180 degrees, expected 90", 0.8)]
    assert diffs(view, OctocubeObservation(cubes={0: CubeReading(0, B2, STAR, 0.8, None)})) == []
    assert diffs(OctocubeView(cubes={0: CubeView(B2, STAR, None)}),
                 OctocubeObservation(cubes={0: CubeReading(0, B2, STAR, 0.8, 270)})) == []
    # a different tile is named as such, not as a turn
    assert diffs(view, OctocubeObservation(cubes={0: CubeReading(0, B2, PEARL, 0.8, 180)})) == [
        Difference("Red's cube shows a green pearl on top, expected a white starfish", 0.8)]


def test_a_cube_on_the_grid_expected_in_its_personal_area() -> None:
    view = OctocubeView(cubes={2: CubeView(None, None, None)})
    assert diffs(view, OctocubeObservation(cubes={2: CubeReading(2, C3, None, 0.75)})) == [
        Difference("Blue's cube is on C3, expected in its personal area", 0.75)]


# ---------------------------------------------------------------- boards
def _board(tiles: tuple[Tile, ...] = (), coins: int = 0, confidence: float = 1.0, **kw: object) -> BoardReading:
    return BoardReading(0, tiles, coins, confidence, **kw)  # type: ignore[arg-type]


def test_board_tiles_missing_and_extra_weigh_by_their_number() -> None:
    view = OctocubeView(boards={0: BoardView(("green pearl", "white starfish"), 0)})
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR, COIN, COIN), confidence=0.5)})) == [
        Difference("Red's board shows coin, coin too and lacks green pearl", 1.5)]
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR,), confidence=0.5)})) == [
        Difference("Red's board lacks green pearl", 0.5)]


def test_identical_tiles_piled_on_one_space_show_once_from_above() -> None:
    view = OctocubeView(boards={0: BoardView(("white starfish", "white starfish"), 0)})
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR,), tiles_counted=False)})) == []
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR,))})) == [
        Difference("Red's board lacks white starfish", 1.0)]
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR, PEARL), tiles_counted=False)})) == [
        Difference("Red's board shows green pearl too", 1.0)]


def test_a_kids_board_names_the_space_a_tile_was_put_on() -> None:
    view = OctocubeView(boards={0: BoardView(("white starfish",), 0, ("white starfish", None, None))})
    right = _board((STAR,), slots=(STAR, None, None))
    assert diffs(view, OctocubeObservation(boards={0: right})) == []
    wrong = _board((STAR,), confidence=0.9, slots=(None, STAR, None))
    assert diffs(view, OctocubeObservation(boards={0: wrong})) == [
        Difference("Red's board space 1 shows nothing, expected a white starfish", 0.9),
        Difference("Red's board space 2 shows a white starfish, expected nothing", 0.9)]


def test_tiles_from_the_cube_at_the_last_score_may_be_any_tiles_up_to_their_number() -> None:
    view = OctocubeView(boards={0: BoardView(("white starfish",), 1, None, unseen=2)})
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR, PEARL, PEARL), 1)})) == []
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR, PEARL, PEARL, PEARL), 1)})) == [
        Difference("Red's board shows green pearl, green pearl, green pearl too", 3.0)]
    assert diffs(view, OctocubeObservation(boards={0: _board((PEARL,), 1)})) == [
        Difference("Red's board shows green pearl too and lacks white starfish", 2.0)]
    # coins among the unseen tiles: more coins than known is no difference, fewer is
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR,), 3)})) == []
    assert diffs(view, OctocubeObservation(boards={0: _board((STAR,), 0)})) == [
        Difference("Red has 0 coins, expected 1", 1.0)]
    none_known = OctocubeView(boards={0: BoardView((), 0, None, unseen=1)})
    assert diffs(none_known, OctocubeObservation(boards={0: _board((), 1, coins_counted=False)})) == []


def test_a_coin_pile_says_only_whether_there_are_coins() -> None:
    one = OctocubeView(boards={0: BoardView((), 1)})
    assert diffs(one, OctocubeObservation(boards={0: _board((), 0, coins_counted=False)})) == [
        Difference("Red has no coins, expected 1 coin", 1.0)]
    assert diffs(one, OctocubeObservation(boards={0: _board((), 1, coins_counted=False)})) == []
    none = OctocubeView(boards={0: BoardView((), 0)})
    assert diffs(none, OctocubeObservation(boards={0: _board((), 1, coins_counted=False)})) == [
        Difference("Red has a coin pile, expected 0 coins", 1.0)]


# ---------------------------------------------------------------- same scene, words
def test_the_same_scene_whatever_the_confidences_and_not_when_anything_visible_differs() -> None:
    base = OctocubeObservation(tops={B2: top(B2, STAR)}, cubes={0: CubeReading(0, C3, PEARL, 1.0, 90)},
                               boards={0: _board((STAR,), 2)})
    doubtful = OctocubeObservation(tops={B2: top(B2, STAR, 0.3)}, cubes={0: CubeReading(0, C3, PEARL, 0.2, 90)},
                                   boards={0: _board((STAR,), 2, confidence=0.1)})
    assert ADAPTER.same_scene(base, doubtful)
    changes = [
        OctocubeObservation(tops={B2: top(B2, PEARL)}, cubes=base.cubes, boards=base.boards),
        OctocubeObservation(tops={B2: top(B2, None, covered=True)}, cubes=base.cubes, boards=base.boards),
        OctocubeObservation(tops={B2: top(B2, None)}, cubes=base.cubes, boards=base.boards),
        OctocubeObservation(tops=base.tops, cubes={0: CubeReading(0, B2, PEARL, 1.0, 90)}, boards=base.boards),
        OctocubeObservation(tops=base.tops, cubes={0: CubeReading(0, C3, STAR, 1.0, 90)}, boards=base.boards),
        OctocubeObservation(tops=base.tops, cubes={0: CubeReading(0, C3, PEARL, 1.0, 180)}, boards=base.boards),
        OctocubeObservation(tops=base.tops, cubes=base.cubes, boards={0: _board((STAR, PEARL), 2)}),
        OctocubeObservation(tops=base.tops, cubes=base.cubes, boards={0: _board((STAR,), 3)}),
    ]
    for changed in changes:
        assert not ADAPTER.same_scene(base, changed), changed


@pytest.mark.parametrize(("location", "words"), [((1, 2), "C2"), ((0, 0), "A1"),
                                                 (("cube", 1, "top"), "the top face of Yellow's cube"),
                                                 ((1, "x"), "(1, 'x')"), ((1, 2, 3), "(1, 2, 3)")])
def test_a_location_is_named_as_on_the_board_a_cube_face_in_words_and_anything_else_as_written(
        location: object, words: str) -> None:
    assert ADAPTER.location_words(location) == words


def test_values_and_players_are_named_as_the_rules_name_them() -> None:
    assert ADAPTER.value_words(STAR) == "a white starfish"
    assert ADAPTER.value_words(ABYSS_A) == "abyss tile A"
    assert [ADAPTER.player_name(s) for s in range(4)] == ["Red", "Yellow", "Blue", "Purple"]


# ---------------------------------------------------------------- diagnosis
def _fresh() -> tuple[Any, OctocubeObservation]:
    """3 players, nobody placed yet, Yellow to move; A1 holds a green amphora on 3 tiles, C3 abyss A."""
    truth, _ = pair(3, 5)
    return truth, observation_from_state(truth)


def _scored() -> tuple[Any, OctocubeObservation]:
    """2 players after a few Scores: Red has a light blue pearl, a white amphora and 1 coin, Yellow
    a green amphora; both cubes on the grid, Yellow to move."""
    truth, _ = pair(2, 3)
    rng = random.Random(0)
    while not (all(b.object_tiles() for b in truth.boards) and any(b.coins for b in truth.boards)
               and truth.current_player() >= 0 and all(c.location for c in truth.cubes)):
        moves = list(truth.legal_moves())
        rolls = [m for m in moves if m.kind == "roll"]
        scores = sorted((cast(Score, m) for m in moves if m.kind == "score"), key=lambda m: -len(m.faces))
        truth.push(rolls[0] if rolls and rng.random() < 0.8
                   else scores[0] if scores and scores[0].faces else rng.choice(moves))
    assert [sorted(t.label() for t in b.object_tiles()) for b in truth.boards] == [
        ["light blue pearl", "white amphora"], ["green amphora"]]
    assert [b.coins for b in truth.boards] == [1, 0] and truth.current_player() == 1
    return truth, observation_from_state(truth)


def _diagnose(truth: Any, observed: OctocubeObservation, differences: list[Difference] | None = None) -> str:
    return ADAPTER.diagnose(truth, observed, differences if differences is not None else [])


def test_a_cube_put_inside_the_grid_is_named_and_one_on_the_edge_is_not() -> None:
    truth, observed = _fresh()
    inside = replace(observed.cubes[1], location=C3)
    assert _diagnose(truth, replace(observed, cubes={**observed.cubes, 1: inside})) == \
        "Yellow's cube was put on C3, which is not an edge space"
    edge = replace(observed.cubes[1], location=(0, 0))
    assert _diagnose(truth, replace(observed, cubes={**observed.cubes, 1: edge})) == "no legal move explains the table"


def test_a_cube_placed_out_of_turn_names_whose_turn_it_is() -> None:
    truth, observed = _fresh()
    red = replace(observed.cubes[0], location=(0, 0))
    assert _diagnose(truth, replace(observed, cubes={**observed.cubes, 0: red})) == \
        "Red moved out of turn (it is Yellow's turn)"


def test_a_stack_lower_than_it_was_lost_a_tile_and_a_higher_one_is_not_named() -> None:
    truth, observed = _fresh()
    a1 = (0, 0)
    for height, words in ((2, "a tile left stack A1 with no cube on it"), (4, "no legal move explains the table"),
                          (3, "no legal move explains the table")):
        tops = {**observed.tops, a1: replace(observed.tops[a1], height=height)}
        assert _diagnose(truth, replace(observed, tops=tops)) == words, height
    # under a cube seen there, a stack is not judged
    tops = {**observed.tops, a1: replace(observed.tops[a1], height=1)}
    cube = replace(observed.cubes[1], location=a1)
    assert _diagnose(truth, replace(observed, tops=tops, cubes={**observed.cubes, 1: cube})) == \
        "no legal move explains the table"


def test_a_stack_showing_another_tile_names_both_unless_the_reading_is_too_doubtful() -> None:
    truth, observed = _fresh()
    a1 = (0, 0)
    for confidence, words in ((1.0, "a tile left stack A1 with no cube on it (it now shows a white starfish, was "
                                    "a green amphora)"),
                              (0.5, "a tile left stack A1 with no cube on it (it now shows a white starfish, was "
                                    "a green amphora)"),
                              (0.45, "no legal move explains the table")):
        tops = {**observed.tops, a1: replace(observed.tops[a1], tile=STAR, confidence=confidence)}
        assert _diagnose(truth, replace(observed, tops=tops)) == words, confidence
    tops = {**observed.tops, a1: replace(observed.tops[a1], tile=None, confidence=1.0)}
    assert _diagnose(truth, replace(observed, tops=tops)) == "a tile left stack A1 with no cube on it"


def test_an_abyss_tile_read_with_another_letter_or_as_nothing_outside_the_advanced_game() -> None:
    truth, observed = _fresh()
    assert observed.tops[C3].tile == ABYSS_A
    tops = {**observed.tops, C3: replace(observed.tops[C3], tile=ABYSS_B)}
    assert _diagnose(truth, replace(observed, tops=tops)) == "no legal move explains the table"
    # read as nothing: it counts half, so only a sure reading is named
    tops = {**observed.tops, C3: replace(observed.tops[C3], tile=None, confidence=1.0)}
    assert _diagnose(truth, replace(observed, tops=tops)) == "a tile left stack C3 with no cube on it"
    tops = {**observed.tops, C3: replace(observed.tops[C3], tile=None, confidence=0.9)}
    assert _diagnose(truth, replace(observed, tops=tops)) == "no legal move explains the table"


def test_tiles_or_coins_appearing_on_or_leaving_a_board_without_a_score() -> None:
    truth, observed = _scored()
    red = observed.boards[0]
    cases = [
        (replace(red, tiles=red.tiles + (STAR,)), "tiles appeared on Red's board without a Score"),
        (replace(red, coins=2), "tiles appeared on Red's board without a Score"),
        (replace(red, tiles=red.tiles[:1]), "tiles left Red's board"),
        (replace(red, coins=0), "tiles left Red's board"),
        # seen from above: a pile shows its top coin and identical tiles on one space show once
        (replace(red, coins=5, coins_counted=False), "no legal move explains the table"),
        (replace(red, coins=0, coins_counted=False), "tiles left Red's board"),
        (replace(red, tiles=red.tiles + red.tiles[:1], tiles_counted=False), "no legal move explains the table"),
        (replace(red, tiles=red.tiles + red.tiles[:1]), "tiles appeared on Red's board without a Score"),
    ]
    for board, words in cases:
        assert _diagnose(truth, replace(observed, boards={**observed.boards, 0: board})) == words, board
    # both boards: each named once, in seat order
    yellow = replace(observed.boards[1], tiles=())
    both = replace(observed, boards={0: replace(red, coins=2), 1: yellow})
    assert _diagnose(truth, both) == "tiles appeared on Red's board without a Score; tiles left Yellow's board"


def test_a_board_as_read_keeps_only_kinds_and_whether_a_pile_lies_where_not_counted() -> None:
    piles = _board((STAR, PEARL, STAR), 3, tiles_counted=False, coins_counted=False)
    assert _board_as_read(piles) == (("green pearl", "white starfish"), 1)
    assert _board_as_read(piles, BoardView(("white starfish", "white starfish"), 0)) == (("white starfish",), 0)
    counted = _board((STAR, PEARL, STAR), 3)
    assert _board_as_read(counted) == (("green pearl", "white starfish", "white starfish"), 3)
    assert _board_as_read(counted, BoardView(("white starfish", "white starfish"), 2)) == (
        ("white starfish", "white starfish"), 2)


def test_the_board_comparisons_agree_on_what_a_reading_can_tell() -> None:
    """``differences``, ``diagnose``, ``_board_reads_changed`` and ``_boards_read_alike`` share one
    normalising (``_board_as_read``): on a standard board with no unseen tiles they agree on
    whether a reading shows another board, counted or not."""
    truth, observed = _scored()
    here = ADAPTER.expected(truth)
    red, want = observed.boards[0], here.boards[0]
    cases = [
        (red, False),
        (replace(red, tiles=red.tiles + (STAR,)), True),
        (replace(red, coins=2), True),
        (replace(red, coins=5, coins_counted=False), False),
        (replace(red, coins=0, coins_counted=False), True),
        (replace(red, tiles=red.tiles + red.tiles[:1], tiles_counted=False), False),
        (replace(red, tiles=red.tiles + red.tiles[:1]), True),
        (replace(red, tiles=red.tiles[:1], tiles_counted=False), True),
    ]
    for board, shows_another in cases:
        seen = replace(observed, boards={**observed.boards, 0: board})
        differs = [d for d in ADAPTER.differences(here, seen) if d.description.startswith(("Red's board", "Red has"))]
        as_read = replace(here, boards={**here.boards, 0: BoardView(board.labels, board.coins)})
        assert bool(differs) is shows_another, board
        assert _board_reads_changed(board, want) is shows_another, board
        assert ("Red's board" in _diagnose(truth, seen)) is shows_another, board
        assert _boards_read_alike(as_read, here, {0: board}) is not shows_another, board


def test_the_board_of_a_player_whose_cube_moved_is_not_blamed() -> None:
    truth, observed = _scored()
    yellow_cube = observed.cubes[1]
    assert yellow_cube.location is not None
    r, c = yellow_cube.location
    far = next((r + dr, c + dc) for dr, dc in ((0, 2), (0, -2), (2, 0), (-2, 0)) if 0 <= r + dr < 5 and 0 <= c + dc < 5)
    yellow = replace(observed.boards[1], tiles=observed.boards[1].tiles + (STAR,))
    text = _diagnose(truth, replace(observed, cubes={**observed.cubes, 1: replace(yellow_cube, location=far)},
                                    boards={**observed.boards, 1: yellow}))
    assert text.startswith("Yellow's cube moved 2 spaces") and "board" not in text


def test_with_no_reason_found_the_three_heaviest_differences_are_said() -> None:
    truth, observed = _fresh()
    found = [Difference("a", 0.2), Difference("b", 0.9), Difference("c", 0.5), Difference("d", 0.7)]
    assert _diagnose(truth, observed, found) == "no legal move explains the table: b; d; c"
    assert _diagnose(truth, observed, found[:1]) == "no legal move explains the table: a"


# ---------------------------------------------------------------- reveals
def _hidden(mode: str = "standard") -> Any:
    """A 2-player deal whose hidden tiles are unknown to the tracker (only the stack tops show)."""
    return OctocubeGame(2, mode).new_initial_state(3, hidden=True)


def test_an_unseen_stack_top_is_filled_in_only_by_a_sure_reading_of_a_collectible_tile() -> None:
    state = _hidden()
    a1 = (0, 0)
    state.stacks[a1] = list(state.stacks[a1][:-1]) + [UNKNOWN]
    reveals = ADAPTER.reveals
    assert reveals(state, OctocubeObservation(tops={a1: top(a1, STAR, 0.7)})) == [(a1, STAR)]
    assert reveals(state, OctocubeObservation(tops={a1: top(a1, COIN, 1.0)})) == [(a1, COIN)]
    for reading in (top(a1, STAR, 0.69), top(a1, ABYSS, 1.0), top(a1, None, 1.0), top(a1, None, 1.0, covered=True)):
        assert reveals(state, OctocubeObservation(tops={a1: reading})) == [], reading
    assert reveals(state, OctocubeObservation()) == []
    # a known top is never "revealed", and neither is one under a cube
    b1 = (0, 1)
    assert reveals(state, OctocubeObservation(tops={b1: top(b1, STAR, 1.0)})) == []
    state.occupied[a1] = 0
    assert reveals(state, OctocubeObservation(tops={a1: top(a1, STAR, 1.0)})) == []


def test_an_unseen_tile_on_top_of_a_cube_is_filled_in_by_a_sure_reading() -> None:
    state = _hidden()
    cube = state.cubes[1]
    cube.faces = {**cube.faces, "top": UNKNOWN}
    reveals = ADAPTER.reveals
    assert reveals(state, OctocubeObservation(cubes={1: CubeReading(1, B2, PEARL, 0.7, 0)})) == [
        (("cube", 1, "top"), PEARL)]
    for reading in (CubeReading(1, B2, PEARL, 0.69, 0), CubeReading(1, B2, None, 1.0), CubeReading(1, B2, ABYSS, 1.0)):
        assert reveals(state, OctocubeObservation(cubes={1: reading})) == [], reading
    assert reveals(state, OctocubeObservation(cubes={0: CubeReading(0, B2, PEARL, 1.0, 0)})) == []


def _gone_home(seat: int = 0) -> Any:
    """A cube on A1 holding a white starfish on top, a coin north and an unseen tile below."""
    state = _hidden()
    cube = state.cubes[seat]
    cube.location = (0, 0)
    cube.faces = {**{f: None for f in cube.faces}, "top": STAR, "north": COIN, "bottom": UNKNOWN}
    return state


def _home(seat: int, tiles: tuple[Tile, ...], coins: int, **kw: Any) -> OctocubeObservation:
    return OctocubeObservation(cubes={seat: CubeReading(seat, None, None, 1.0)},
                               boards={seat: BoardReading(seat, tiles, coins, 1.0, **kw)})


def test_the_one_unseen_tile_of_a_cube_gone_home_is_what_arrived_on_its_board_beyond_its_known_tiles() -> None:
    state = _gone_home()
    prepare = ADAPTER.prepare
    assert prepare(state, _home(0, (STAR, PEARL), 1)) == [(("cube", 0, "bottom"), PEARL)]
    assert prepare(state, _home(0, (STAR,), 2)) == [(("cube", 0, "bottom"), COIN)]
    # nothing new, or two new things: cannot tell
    assert prepare(state, _home(0, (STAR,), 1)) == []
    assert prepare(state, _home(0, (STAR, PEARL, PEARL), 1)) == []
    # piles seen from above: a kind not there before is new, a coin pile where there was none
    assert prepare(state, _home(0, (STAR, PEARL), 1, tiles_counted=False)) == [(("cube", 0, "bottom"), PEARL)]
    # (the pile is the cube's known coin; without it, the pile is the unseen tile)
    assert prepare(state, _home(0, (STAR, PEARL), 1, coins_counted=False)) == [(("cube", 0, "bottom"), PEARL)]
    assert prepare(state, _home(0, (STAR,), 1, coins_counted=False)) == []
    no_coin = _gone_home()
    no_coin.cubes[0].faces = {**no_coin.cubes[0].faces, "north": None}
    assert prepare(no_coin, _home(0, (STAR,), 1, coins_counted=False)) == [(("cube", 0, "bottom"), COIN)]
    assert prepare(no_coin, _home(0, (STAR,), 0, coins_counted=False)) == []
    # the cube still on the grid, not read, or its board not read: nothing
    on_grid = OctocubeObservation(cubes={0: CubeReading(0, (0, 0), STAR, 1.0)},
                                  boards={0: BoardReading(0, (STAR, PEARL), 1, 1.0)})
    assert prepare(state, on_grid) == []
    assert prepare(state, OctocubeObservation(boards={0: BoardReading(0, (STAR, PEARL), 1, 1.0)})) == []
    assert prepare(state, OctocubeObservation(cubes={0: CubeReading(0, None, None, 1.0)})) == []


def test_a_cube_with_two_unseen_tiles_or_none_is_not_guessed() -> None:
    state = _gone_home()
    cube = state.cubes[0]
    cube.faces = {**cube.faces, "south": UNKNOWN}
    assert ADAPTER.prepare(state, _home(0, (STAR, PEARL), 1)) == []
    cube.faces = {**cube.faces, "south": None, "bottom": None}
    assert ADAPTER.prepare(state, _home(0, (STAR, PEARL), 1)) == []
    # a cube that never left its personal area has nothing to bring home
    state = _gone_home()
    state.cubes[0].location = None
    assert ADAPTER.prepare(state, _home(0, (STAR, PEARL), 1)) == []


def _finished_advanced() -> Any:
    """A finished advanced game whose Red cube held a green pearl and two tiles nobody saw."""
    state = _hidden("advanced")
    state.over = True
    cube = state.cubes[0]
    cube.faces = {**{f: None for f in cube.faces}, "north": PEARL, "top": UNKNOWN, "bottom": UNKNOWN}
    return state


def _boards(tiles: tuple[Tile, ...], coins: int, confidence: float = 1.0, **kw: Any) -> OctocubeObservation:
    return OctocubeObservation(boards={0: BoardReading(0, tiles, coins, confidence, **kw)})


def test_at_the_end_of_an_advanced_game_the_boards_reveal_the_tiles_nobody_saw_on_the_cubes() -> None:
    state = _finished_advanced()
    reveals = ADAPTER.reveals
    assert reveals(state, _boards((PEARL, STAR, STAR), 0)) == [(("cube", 0, "top"), STAR), (("cube", 0, "bottom"), STAR)]
    assert reveals(state, _boards((PEARL, STAR), 1)) == [(("cube", 0, "top"), STAR), (("cube", 0, "bottom"), COIN)]
    assert reveals(state, _boards((PEARL, STAR), 1, 0.7)) == [(("cube", 0, "top"), STAR), (("cube", 0, "bottom"), COIN)]
    assert reveals(state, _boards((PEARL, STAR), 1, 0.69)) == []
    # not exactly as many new tiles as unseen ones: nothing is guessed
    assert reveals(state, _boards((PEARL, STAR), 0)) == []
    assert reveals(state, _boards((PEARL, STAR, STAR, STAR), 0)) == []
    # piles from above: new kinds and a coin pile where the known tiles had no coin
    assert reveals(state, _boards((PEARL, STAR), 1, coins_counted=False)) == [
        (("cube", 0, "top"), STAR), (("cube", 0, "bottom"), COIN)]
    assert reveals(state, _boards((PEARL, STAR, STAR), 0, tiles_counted=False)) == []
    # the top of a cube is not read at the end: the cubes are home and empty
    assert reveals(state, OctocubeObservation(cubes={0: CubeReading(0, None, STAR, 1.0)})) == []


def test_at_the_end_known_coins_and_tiles_on_the_cube_are_not_taken_for_unseen_ones() -> None:
    state = _finished_advanced()
    cube = state.cubes[0]
    cube.faces = {**cube.faces, "south": COIN, "bottom": None}
    reveals = ADAPTER.reveals
    assert reveals(state, _boards((PEARL,), 2)) == [(("cube", 0, "top"), COIN)]
    assert reveals(state, _boards((PEARL,), 1)) == []
    assert reveals(state, _boards((PEARL, STAR), 1)) == [(("cube", 0, "top"), STAR)]
    assert reveals(state, _boards((PEARL,), 1, coins_counted=False)) == []


# ---------------------------------------------------------------- the expected view
def test_the_expected_view_shows_stack_tops_and_heights_and_only_a_cube_where_one_stands() -> None:
    truth, _ = pair(2, 3)
    place = cast(Place, next(m for m in truth.legal_moves() if m.kind == "place"))
    truth.push(place)
    view = ADAPTER.expected(truth)
    assert view.tops[place.location] is COVERED and place.location not in view.heights
    free = [loc for loc in view.tops if loc != place.location]
    assert all(view.tops[loc] == truth.stacks[loc][-1] and view.heights[loc] == len(truth.stacks[loc]) for loc in free)
    seat = next(c.seat for c in truth.cubes if c.location == place.location)
    assert view.cubes[seat] == CubeView(place.location, truth.cubes[seat].faces["top"], None)
    assert not view.letters_matter


def test_abyss_letters_matter_in_the_advanced_game_only() -> None:
    assert ADAPTER.expected(OctocubeGame(2, "advanced").new_initial_state(3)).letters_matter
    assert not ADAPTER.expected(OctocubeGame(2, "standard").new_initial_state(3)).letters_matter
    assert not ADAPTER.expected(OctocubeGame(2, "kids").new_initial_state(3)).letters_matter


def test_a_kids_board_is_expected_space_by_space() -> None:
    state = OctocubeGame(2, "kids").new_initial_state(3)
    board = state.boards[0]
    view = ADAPTER.expected(state)
    assert view.boards[0].slots == tuple(None for _ in board.slots) and len(board.slots) == 16
    board.slots[2] = STAR
    assert ADAPTER.expected(state).boards[0].slots == tuple("white starfish" if i == 2 else None for i in range(16))
    assert ADAPTER.expected(OctocubeGame(2, "standard").new_initial_state(3)).boards[0].slots is None


def test_at_the_end_of_an_advanced_game_the_cubes_are_home_and_their_tiles_on_the_boards() -> None:
    state = _finished_advanced()
    cube = state.cubes[0]
    cube.faces = {**cube.faces, "south": COIN}
    view = ADAPTER.expected(state)
    assert set(view.cubes.values()) == {CubeView(None, None, None)}
    assert view.boards[0] == BoardView(("green pearl",), 1, None, 2)
    assert view.boards[1] == BoardView((), 0, None, 0)
    state.over = False
    assert ADAPTER.expected(state).boards[0] == BoardView((), 0, None, 0)


# ---------------------------------------------------------------- what changed, what looks the same
def test_a_seat_changed_when_its_cube_moved_showed_another_tile_or_turned_or_its_board_changed() -> None:
    here = OctocubeView(cubes={0: CubeView(B2, STAR, 90), 1: CubeView(None, UNKNOWN, None)},
                        boards={0: BoardView(("green pearl",), 1), 1: BoardView((), 0)})
    same = {0: CubeReading(0, B2, STAR, 1.0, 90), 1: CubeReading(1, None, PEARL, 1.0, 0)}
    boards = {0: BoardReading(0, (PEARL,), 1, 1.0), 1: BoardReading(1, (), 0, 1.0)}
    changed = ADAPTER._changed_seats
    assert changed(here, OctocubeObservation(cubes=same, boards=boards)) == []
    assert changed(here, OctocubeObservation(cubes={**same, 0: CubeReading(0, C3, STAR, 1.0, 90)}, boards=boards)) == [0]
    assert changed(here, OctocubeObservation(cubes={**same, 0: CubeReading(0, B2, PEARL, 1.0, 90)}, boards=boards)) == [0]
    assert changed(here, OctocubeObservation(cubes={**same, 0: CubeReading(0, B2, STAR, 1.0, 180)}, boards=boards)) == [0]
    assert changed(here, OctocubeObservation(cubes={**same, 0: CubeReading(0, B2, STAR, 1.0, None)}, boards=boards)) == []
    assert changed(here, OctocubeObservation(cubes={**same, 1: CubeReading(1, C3, PEARL, 1.0, 0)}, boards=boards)) == [1]
    assert changed(here, OctocubeObservation(cubes=same, boards={**boards, 1: BoardReading(1, (STAR,), 0, 1.0)})) == [1]
    assert changed(here, OctocubeObservation(cubes=same, boards={**boards, 0: BoardReading(0, (PEARL,), 2, 1.0)})) == [0]
    # a cube or board not found is not a change; a rotation nobody expected is not one either
    assert changed(here, OctocubeObservation(cubes={1: same[1]}, boards={1: boards[1]})) == []
    unturned = OctocubeView(cubes={0: CubeView(B2, STAR, None)}, boards={0: BoardView(("green pearl",), 1)})
    assert changed(unturned, OctocubeObservation(cubes={0: CubeReading(0, B2, STAR, 1.0, 270)}, boards=boards)) == []
    no_board = OctocubeView(cubes={0: CubeView(B2, STAR, 90)})
    assert changed(no_board, OctocubeObservation(cubes={0: same[0]}, boards=boards)) == []


def test_a_view_looks_the_same_when_only_a_tile_nobody_saw_came_on_top_of_a_cube() -> None:
    here = OctocubeView(tops={B2: STAR}, cubes={0: CubeView(C3, PEARL, 0), 1: CubeView(None, None, None)},
                        boards={0: BoardView((), 0)})
    assert _looks_the_same(here, here)
    unseen_top = OctocubeView(tops=here.tops, cubes={**here.cubes, 0: CubeView(C3, UNKNOWN, None)}, boards=here.boards)
    assert _looks_the_same(unseen_top, here)
    # but not when the cube was bare before, moved, or anything else changed
    bare = OctocubeView(tops=here.tops, cubes={**here.cubes, 0: CubeView(C3, None, None)}, boards=here.boards)
    assert not _looks_the_same(unseen_top, bare)
    moved = OctocubeView(tops=here.tops, cubes={**here.cubes, 0: CubeView(B2, UNKNOWN, None)}, boards=here.boards)
    assert not _looks_the_same(moved, here)
    other_tile = OctocubeView(tops=here.tops, cubes={**here.cubes, 0: CubeView(C3, STAR, 0)}, boards=here.boards)
    assert not _looks_the_same(other_tile, here)
    assert not _looks_the_same(OctocubeView(tops={B2: PEARL}, cubes=unseen_top.cubes, boards=here.boards), here)
    assert not _looks_the_same(OctocubeView(tops=here.tops, cubes=unseen_top.cubes, boards={0: BoardView((), 1)}), here)
    assert not _looks_the_same(OctocubeView(tops=here.tops, cubes={0: unseen_top.cubes[0]}, boards=here.boards), here)


def test_an_unseen_turn_end_is_followed_by_the_next_players_chains_only_when_another_seat_changed() -> None:
    truth, _ = pair(2, 3)
    for _ in range(2):
        truth.push(next(m for m in truth.legal_moves() if m.kind == "place"))
    start = truth.clone()
    assert start.current_player() == 0 and start.cubes[0].faces["top"] is None  # a bare cube: pivots unseen
    assert next(iter(start.legal_moves())).kind == "roll"  # the first chain tried is a visible one
    truth.push(Pass())
    assert ADAPTER.candidate_chains(start, observation_from_state(truth)) == sorted(
        ADAPTER.candidate_chains(start, observation_from_state(start)), key=len)
    assert all(len(c) == 1 or c[0].kind != "pass" for c in ADAPTER.candidate_chains(start, observation_from_state(truth)))
    roll = next(m for m in truth.legal_moves() if m.kind == "roll")
    truth.push(roll)
    chains = ADAPTER.candidate_chains(start, observation_from_state(truth))
    assert [c for c in chains if len(c) == 2 and c[-1] == roll] == [(Pivot(90), roll), (Pivot(180), roll), (Pivot(270), roll), (Pass(), roll)]
    assert [len(c) for c in chains] == sorted(len(c) for c in chains)


def test_a_cube_gone_home_is_no_placement_to_judge() -> None:
    truth, observed = _scored()
    home = replace(observed.cubes[1], location=None)
    assert _diagnose(truth, replace(observed, cubes={**observed.cubes, 1: home})) == "no legal move explains the table"


def test_a_finished_game_has_no_chains_to_try() -> None:
    truth, observed = _fresh()
    truth.over = True
    assert ADAPTER.candidate_chains(truth, observed) == []
    assert ADAPTER.catch_up_chains(truth, observed) == []
    assert ADAPTER.recovery_chains(truth, observed) == []


def test_a_turn_is_searched_as_deep_as_the_adapter_allows_and_no_deeper() -> None:
    truth, _ = pair(2, 3)
    for _ in range(2):
        truth.push(next(m for m in truth.legal_moves() if m.kind == "place"))
    seen = observation_from_state(truth)
    assert ADAPTER.max_turn_depth == 4 and ADAPTER.candidate_chains(truth, seen)
    shallow = OctocubeAdapter()
    shallow.max_turn_depth = 0  # a depth of nothing tries nothing
    assert shallow.candidate_chains(truth, seen) == []


def test_a_stack_top_nobody_has_seen_is_never_named_as_taken() -> None:
    truth, observed = _fresh()
    a1 = (0, 0)
    truth.stacks[a1] = list(truth.stacks[a1][:-1]) + [UNKNOWN]
    tops = {**observed.tops, a1: replace(observed.tops[a1], tile=STAR, confidence=1.0)}
    assert _diagnose(truth, replace(observed, tops=tops)) == "no legal move explains the table"


def test_a_tile_where_the_stack_was_used_up_is_named_as_appeared() -> None:
    truth, observed = _fresh()
    a1 = (0, 0)
    truth.stacks[a1] = []
    tops = {**observed.tops, a1: replace(observed.tops[a1], tile=STAR, confidence=1.0, height=None)}
    assert _diagnose(truth, replace(observed, tops=tops)) == "a white starfish appeared on A1"
