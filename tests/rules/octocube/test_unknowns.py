"""Unknown information: a camera-driven tracker only sees the top of each stack."""

from __future__ import annotations

import pytest

from rules.core import UNKNOWN, RevealError
from rules.octocube import OctocubeGame, Place, Score, UnrevealedTileError
from tests.rules.octocube.helpers import L, T, put_cube


def pair(seed: int = 4, players: int = 4):
    game = OctocubeGame(players)
    return game.new_initial_state(seed), game.new_initial_state(seed, hidden=True)


def test_hidden_setup_shows_only_the_tops() -> None:
    full, hidden = pair()
    for loc, stack in hidden.stacks.items():
        assert stack[-1] == full.stacks[loc][-1]
        assert all(t is UNKNOWN for t in stack[:-1])
        assert len(stack) == len(full.stacks[loc])
    assert hidden.unknowns() == [] and hidden.status() == []


def test_reveal_the_new_top_after_a_pick_up() -> None:
    full, hidden = pair()
    move = Place(L("A1"))
    full.push(move)
    hidden.push(move)
    assert hidden.cubes[0].faces["bottom"] == full.cubes[0].faces["bottom"]  # the top was visible
    assert hidden.unknowns() == [L("A1")]
    true_tile = full.stacks[L("A1")][-1]
    with pytest.raises(RevealError, match="nothing unseen"):
        hidden.reveal(L("B1"), true_tile)
    with pytest.raises(RevealError, match="not an Octocube tile"):
        hidden.reveal(L("A1"), "purple pearl")
    with pytest.raises(RevealError, match="abyss tiles are placed face up"):
        hidden.reveal(L("A1"), "abyss")
    hidden.reveal(L("A1"), true_tile)
    assert hidden.unknowns() == [] and hidden.stacks[L("A1")][-1] == true_tile
    with pytest.raises(RevealError, match="nothing unseen"):
        hidden.reveal(L("A1"), true_tile)
    assert hidden.status() == []


def test_reveal_refuses_more_copies_than_exist() -> None:
    _, hidden = pair()
    hidden.push(Place(L("A1")))
    # put every white diamond (3 exist) where they are known
    put_cube(hidden, 3, None, top="white diamond", north="white diamond", south="white diamond")
    with pytest.raises(RevealError, match="all 3 white diamond tiles are already accounted for"):
        hidden.reveal(L("A1"), "white diamond")


def test_scoring_an_unseen_tile_needs_a_reveal_first() -> None:
    _, hidden = pair()
    put_cube(hidden, 0, "B2", top="coin")
    hidden.cubes[0].faces = {**hidden.cubes[0].faces, "north": UNKNOWN}
    assert Score(("north",)) in list(hidden.legal_moves())  # legal: legality never asks
    with pytest.raises(UnrevealedTileError, match=r"reveal \('cube', 0, 'north'\) first"):
        hidden.push(Score(("north",)))
    assert hidden.history == [] and hidden._undo == []  # nothing happened
    hidden.push(Score(("top",)))  # the seen tile can be scored
    assert hidden.unknowns() == [("cube", 0, "north")]
    hidden.reveal(("cube", 0, "north"), T("green pearl"))
    assert hidden.cubes[0].faces["north"] == T("green pearl")


def test_final_scoring_of_an_unseen_tile_raises_until_revealed() -> None:
    _, hidden = pair()
    hidden.cubes[1].faces = {**hidden.cubes[1].faces, "top": UNKNOWN}
    hidden.over = hidden.end_triggered = True
    with pytest.raises(UnrevealedTileError, match="final Score"):
        hidden.score_breakdown()
    hidden.reveal(("cube", 1, "top"), "coin")
    assert hidden.score_breakdown().winners


def test_unaccounted_tiles_are_what_an_unseen_tile_may_be() -> None:
    """Every object and coin kind some copy of which the position does not account for (a
    tracker offers them for a tile nobody saw); a kind whose copies are all seen drops out, and
    revealing the tile as it works, revealing it as a kind not listed fails."""
    from rules.octocube import data

    full, hidden = pair()
    assert full.unaccounted_tiles() == []  # a full game knows every tile
    free = hidden.unaccounted_tiles()
    assert free and all(t.collectible for t in free)
    assert set(free) == {t for t, n in data.TILE_COUNTS.items() if hidden.tile_counts().get(t, 0) < n}
    full.push(Place(L("A1")))
    hidden.push(Place(L("A1")))
    seen = hidden.tile_counts()
    tile = next(t for t in free if data.TILE_COUNTS[t] - seen.get(t, 0) == 1)
    board = hidden.boards[1].copy()
    board.tiles = board.tiles + [tile]  # its last copy is now on a board
    hidden.boards = [hidden.boards[0], board, *hidden.boards[2:]]
    assert tile not in hidden.unaccounted_tiles()
    with pytest.raises(RevealError, match="already accounted for"):
        hidden.reveal(L("A1"), tile)
    hidden.reveal(L("A1"), hidden.unaccounted_tiles()[0])
