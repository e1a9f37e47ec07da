"""What the Octocube adapter says differs between the table the engine expects and a reading,
word for word and with its weight: each case starts from a perfect reading of a real position
(no difference) and changes one thing. (The adapter's sampled mutation score was about 50 %: its
difference sentences were checked by kind, not by their words.)"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.octocube.state import player_name
from tests.tracker.octocube_helpers import pair
from tracker.adapter import Difference
from tracker.octocube.adapter import OctocubeAdapter, _label, _where, _words
from tracker.octocube.groundtruth import observation_from_state


@pytest.fixture(scope="module")
def table() -> tuple[Any, Any, Any]:
    truth, _ = pair(3, 5)
    for _ in range(3):  # every cube placed on the edge
        truth.push(next(m for m in truth.legal_moves() if m.kind == "place"))
    adapter = OctocubeAdapter()
    observed = observation_from_state(truth)
    assert adapter.differences(adapter.expected(truth), observed) == []
    return truth, adapter, observed


def _diffs(table: tuple[Any, Any, Any], observed: Any) -> list[Difference]:
    truth, adapter, _ = table
    return adapter.differences(adapter.expected(truth), observed)


def _free_top(truth: Any, observed: Any) -> Any:
    cubes = {c.location for c in observed.cubes.values()}
    return next(loc for loc, r in sorted(observed.tops.items())
                if loc not in cubes and r.tile is not None and not r.covered and r.tile.collectible)


def test_a_stack_top_not_read(table: tuple[Any, Any, Any]) -> None:
    truth, _, observed = table
    loc = _free_top(truth, observed)
    tops = {k: v for k, v in observed.tops.items() if k != loc}
    assert _diffs(table, replace(observed, tops=tops)) == [Difference(f"{_label(loc)} was not read", 0.3)]


def test_a_stack_top_read_as_another_tile(table: tuple[Any, Any, Any]) -> None:
    truth, _, observed = table
    loc = _free_top(truth, observed)
    want = observed.tops[loc].tile
    other = next(r.tile for l, r in sorted(observed.tops.items())
                 if r.tile is not None and r.tile != want and r.tile.collectible)
    tops = dict(observed.tops)
    tops[loc] = replace(observed.tops[loc], tile=other, confidence=0.7)
    assert _diffs(table, replace(observed, tops=tops)) == [
        Difference(f"{_label(loc)} shows {_words(other)}, expected {_words(want)}", 0.7)]


def test_a_cube_elsewhere_and_a_cube_not_found(table: tuple[Any, Any, Any]) -> None:
    truth, _, observed = table
    cube = observed.cubes[1]
    moved = replace(cube, location=None, confidence=0.9)
    diffs = _diffs(table, replace(observed, cubes={**observed.cubes, 1: moved}))
    assert Difference(f"{player_name(1)}'s cube is {_where(None)}, expected {_where(cube.location)}", 0.9) in diffs
    gone = {s: c for s, c in observed.cubes.items() if s != 2}
    assert Difference(f"{player_name(2)}'s cube was not found", 0.5) in _diffs(table, replace(observed, cubes=gone))


def test_a_cube_showing_another_tile_on_top(table: tuple[Any, Any, Any]) -> None:
    truth, adapter, observed = table
    cube = observed.cubes[0]
    want = adapter.expected(truth).cubes[0].top
    other = next(r.tile for r in observed.tops.values() if r.tile is not None and r.tile != want and r.tile.collectible)
    diffs = _diffs(table, replace(observed, cubes={**observed.cubes, 0: replace(cube, top=other, confidence=1.0)}))
    assert diffs == [Difference(f"{player_name(0)}'s cube shows {_words(other)} on top, expected {_words(want)}", 1.0)]


def test_boards_and_coins(table: tuple[Any, Any, Any]) -> None:
    truth, adapter, observed = table
    board = observed.boards[0]
    want = adapter.expected(truth).boards[0]
    gone = {s: b for s, b in observed.boards.items() if s != 0}
    assert _diffs(table, replace(observed, boards=gone)) == [Difference(f"{player_name(0)}'s board was not read", 0.3)]
    more = replace(board, coins=want.coins + 2, confidence=0.8)
    assert _diffs(table, replace(observed, boards={**observed.boards, 0: more})) == [
        Difference(f"{player_name(0)} has {want.coins + 2} coins, expected {want.coins}", 0.8)]
    # a pile whose coins cannot be counted: only whether there is one counts
    pile = replace(board, coins=3, coins_counted=False, confidence=1.0)
    expected_words = f"{want.coins} coin{'s' if want.coins != 1 else ''}"
    diffs = _diffs(table, replace(observed, boards={**observed.boards, 0: pile}))
    if want.coins:
        assert diffs == []
    else:
        assert diffs == [Difference(f"{player_name(0)} has a coin pile, expected {expected_words}", 1.0)]
    none = replace(board, coins=0, coins_counted=False, confidence=1.0)
    diffs = _diffs(table, replace(observed, boards={**observed.boards, 0: none}))
    assert diffs == ([Difference(f"{player_name(0)} has no coins, expected {expected_words}", 1.0)] if want.coins else [])


def test_a_tile_on_a_board_that_should_not_be_there(table: tuple[Any, Any, Any]) -> None:
    truth, adapter, observed = table
    board = observed.boards[1]
    extra = next(r.tile for r in observed.tops.values() if r.tile is not None and r.tile.collectible
                 and r.tile.kind == "object")
    got = replace(board, tiles=tuple(board.tiles) + (extra,), confidence=1.0)
    assert _diffs(table, replace(observed, boards={**observed.boards, 1: got})) == [
        Difference(f"{player_name(1)}'s board shows {extra.label()} too", 1.0)]


def _diagnosis(table: tuple[Any, Any, Any], observed: Any) -> str:
    truth, adapter, _ = table
    return adapter.diagnose(truth, observed, _diffs(table, observed))


def test_diagnosis_names_a_cube_moved_diagonally_or_too_far(table: tuple[Any, Any, Any]) -> None:
    from rules.octocube.components import location_label

    truth, _, observed = table
    seat = truth.current_player()
    cube = observed.cubes[seat]
    r, c = cube.location
    grid = truth.game.grid_size
    inside = [(r + dr, c + dc) for dr, dc in ((1, 1), (-1, 1), (1, -1), (-1, -1))
              if 0 <= r + dr < grid and 0 <= c + dc < grid]
    diagonal = inside[0]
    text = _diagnosis(table, replace(observed, cubes={**observed.cubes, seat: replace(cube, location=diagonal)}))
    who = player_name(seat)
    assert (f"{who}'s cube moved diagonally ({location_label(cube.location)} to {location_label(diagonal)}); "
            "a roll goes one space north, south, east or west") in text
    far = next((r + dr, c + dc) for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2))
               if 0 <= r + dr < grid and 0 <= c + dc < grid)
    text = _diagnosis(table, replace(observed, cubes={**observed.cubes, seat: replace(cube, location=far)}))
    assert (f"{who}'s cube moved 2 spaces ({location_label(cube.location)} to {location_label(far)}); "
            "a roll moves one space") in text
    other = next(s for s in observed.cubes if s != seat)
    moved = replace(observed.cubes[other], location=far)
    text = _diagnosis(table, replace(observed, cubes={**observed.cubes, other: moved}))
    assert f"{player_name(other)} moved out of turn (it is {who}'s turn)" in text


def test_diagnosis_names_a_tile_gone_from_a_stack_and_ignores_a_doubtful_reading(table: tuple[Any, Any, Any]) -> None:
    from rules.octocube.components import location_label

    truth, _, observed = table
    loc = _free_top(truth, observed)
    tops = dict(observed.tops)
    tops[loc] = replace(observed.tops[loc], tile=None, confidence=1.0)
    assert f"a tile left stack {location_label(loc)} with no cube on it" in _diagnosis(table, replace(observed, tops=tops))
    tops[loc] = replace(observed.tops[loc], tile=None, confidence=0.2)  # too doubtful to be the reason
    assert "a tile left stack" not in _diagnosis(table, replace(observed, tops=tops))
