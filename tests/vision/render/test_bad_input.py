"""Descriptions that cannot be drawn are refused with a message that names the problem."""

from __future__ import annotations

import pytest

from rules.octocube.components import Tile
from vision.render.dice_art import DiceArtError, face_image, orient
from vision.render.octo_dice_scene import DieSpec, dice_scene
from vision.render.octocube_scene import CubeView, OctocubeView, octocube_scene
from vision.render.open_season_scene import OpenSeasonTable, PlayerTable, open_season_scene


def test_octocube_bad_positions() -> None:
    with pytest.raises(ValueError, match="not an Octocube position: str has no grid_size"):
        octocube_scene("hello")
    view = OctocubeView(2, 4, {(7, 0): [Tile("coin")]}, cubes=[CubeView(), CubeView()])
    with pytest.raises(ValueError, match=r"\(7, 0\) is outside the 4x4 grid"):
        octocube_scene(view)
    view = OctocubeView(2, 4, {(0, 0): ["coin"]}, cubes=[CubeView(), CubeView()])
    with pytest.raises(ValueError, match="stack A1 holds 'coin', not a Tile"):
        octocube_scene(view)


def test_open_season_bad_tables() -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        open_season_scene(OpenSeasonTable(players=[PlayerTable()]))
    players = [PlayerTable(), PlayerTable(wall={12: ("elf", "crown")})]
    with pytest.raises(ValueError, match="wall space 12 does not exist on the horn side"):
        open_season_scene(OpenSeasonTable(players=players))
    players = [PlayerTable(stock=[("orc", "crown")]), PlayerTable()]
    with pytest.raises(ValueError, match="player 1 stock card 1: .*'orc'.* is not a card"):
        open_season_scene(OpenSeasonTable(players=players))


def test_dice_bad_faces() -> None:
    import random

    with pytest.raises(DiceArtError, match="no face 'kraken'"):
        dice_scene([DieSpec("white", "kraken", 100, 100)])
    with pytest.raises(DiceArtError, match="unknown pip die style 'plaid'"):
        face_image("d6:plaid", "3", 32)
    with pytest.raises(DiceArtError, match="there are 3 black dice"):
        orient("black", "octopod", random.Random(0), index=5)
