"""Final scoring: coins, colour and object majorities with ties, the tie-break."""

from __future__ import annotations

import pytest

from rules.octocube.scoring import majority_places
from tests.rules.octocube.helpers import T, fresh, put_cube


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([5, 3, 1, 0], [(0, "first"), (1, "second")]),
        ([5, 5, 3], [(0, "first"), (1, "first")]),  # tie for first: no second place
        ([5, 3, 3], [(0, "first"), (1, "second"), (2, "second")]),  # tied seconds all score
        ([2, 0, 0], [(0, "first")]),  # nobody with none of a category takes a place
        ([0, 0], []),
        ([4, 4, 4, 4], [(0, "first"), (1, "first"), (2, "first"), (3, "first")]),
    ],
)
def test_majority_places(counts: list[int], expected: list[tuple[int, str]]) -> None:
    places = majority_places(counts, 5, 2)
    assert [(p, place) for p, place, _ in places] == expected
    assert all(points == (5 if place == "first" else 2) for _, place, points in places)


def finished(players: int, boards: list[list[str]], coins: list[int] | None = None,
             series: list[list[tuple[str, int]]] | None = None):
    state = fresh(players)
    for seat, labels in enumerate(boards):
        board = state.boards[seat]
        board.tiles = [T(x) for x in labels]
        board.coins = (coins or [0] * players)[seat]
        board.series = (series or [[]] * players)[seat]
        board.tokens = 0
    state.over = True
    return state


def test_colour_and_object_majorities_with_their_points() -> None:
    state = finished(3, [
        ["green pearl"] * 5 + ["white diamond"],
        ["green pearl"] * 3 + ["white diamond"] * 2,
        ["white diamond"] * 2,
    ], coins=[2, 0, 0])
    b = state.score_breakdown()
    reasons = {p: [l.reason for l in b.lines_for(p)] for p in range(3)}
    assert "most green tiles (5): 5 points" in reasons[0]
    assert "second most green tiles (3): 2 points" in reasons[1]
    assert "most pearls (5): 6 points" in reasons[0]
    assert "second most pearls (3): 3 points" in reasons[1]
    assert "tied for most diamonds (2): 7 points" in reasons[1] and "tied for most diamonds (2): 7 points" in reasons[2]
    assert not any("diamonds" in r for r in reasons[0])  # tie for first: no second place
    assert "2 coins x 3: 6 points" in reasons[0]
    # every category adds up
    assert b.totals() == [sum(l.points for l in b.lines_for(p)) for p in range(3)]
    # white: Yellow and Blue tie for first (2 each), so Red's single white tile earns nothing
    assert b.by_category(0) == {"coins": 6, "colours": 5, "objects": 6}
    assert "tied for most white tiles (2): 5 points" in reasons[2]


def test_object_majority_table() -> None:
    for obj, (first, second) in {"starfish": (3, 0), "amphora": (4, 1), "sextant": (5, 2),
                                 "pearl": (6, 3), "diamond": (7, 4)}.items():
        state = finished(2, [[f"white {obj}"] * 2, [f"white {obj}"]])
        b = state.score_breakdown()
        assert b.by_category(0).get("objects", 0) == first
        assert b.by_category(1).get("objects", 0) == second


def test_tie_break_most_object_tiles() -> None:
    # Red 17 = green tie 5 + pearl tie 6 + 6 tokens; Yellow 17 = 5 + 6 + white 2nd 2 + diamond 2nd 4
    state = finished(3, [["green pearl"], ["green pearl", "white diamond"], ["white diamond"] * 3],
                     series=[[("amphora", 3), ("pearl", 2)], [], []])
    b = state.score_breakdown()
    assert b.totals()[:2] == [17, 17]
    assert b.winners == (1,)
    assert "Yellow has the most object tiles" in b.tie_break


def test_shared_win_when_still_tied() -> None:
    state = finished(2, [["green pearl"], ["green pearl"]])
    b = state.score_breakdown()
    assert b.winners == (0, 1) and "shared win" in b.tie_break


def test_no_winner_before_the_end() -> None:
    state = finished(2, [["green pearl"], []])
    state.over = False
    assert state.score_breakdown().winners == ()


def test_tie_break_sentences_in_full() -> None:
    """The exact words a player reads (pinned: mutation testing found only fragments checked)."""
    state = finished(3, [["green pearl"], ["green pearl", "white diamond"], ["white diamond"] * 3],
                     series=[[("amphora", 3), ("pearl", 2)], [], []])
    assert state.score_breakdown().tie_break == (
        "Red and Yellow tied on 17 points; Yellow has the most object tiles (Red 1, Yellow 2)")
    state = finished(2, [["green pearl"], ["green pearl"]])
    b = state.score_breakdown()
    assert b.tie_break == "Red and Yellow tied on 11 points and on object tiles (Red 1, Yellow 1): a shared win"
    assert b.totals() == [11, 11]  # each: green tied first 5 + pearls tied first 6


def test_the_last_score_takes_the_cubes_tiles_only_once_the_game_is_over() -> None:
    from rules.octocube.scoring import final_cube_tiles

    state = finished(2, [[], []])
    put_cube(state, 0, "A1", bottom="green pearl", top="coin")
    state.over = False
    assert final_cube_tiles(state) == [[], []]
    assert state.score_breakdown().totals() == [0, 0]  # not on a board yet, not scored
    state.over = True
    tiles = final_cube_tiles(state)
    assert sorted(str(t) for t in tiles[0]) == sorted(str(t) for t in (T("green pearl"), T("coin"))) and tiles[1] == []
    b = state.score_breakdown()
    # Red: 1 coin x 3 + most green 5 + most pearls 6 = 14 (a single pearl in the last Score: 0)
    assert b.totals() == [14, 0] and b.winners == (0,) and b.tie_break == ""


def test_the_last_score_needs_every_cube_tile_revealed() -> None:
    from rules.core import UNKNOWN
    from rules.octocube.unknowns import UnrevealedTileError

    state = finished(2, [[], []])
    put_cube(state, 1, "A1", bottom="green pearl")
    state.cubes[1].faces["north"] = UNKNOWN
    with pytest.raises(UnrevealedTileError) as info:
        state.score_breakdown()
    assert str(info.value) == ("the final Score needs the tile on the north face of Yellow's cube; "
                               "reveal ('cube', 1, 'north') first")
