"""A card lying across part of a wall space, not on it, is no card of that space.

The expert discards ("the opponents discard") lie beside the inn, by the west wall board; the
last of them, seen from some cameras, lies crossways over the corner of that board's space 1.
The reader read a card on that empty space (gnome-crown or sorcerer-crown, fitting -1.59 to
-0.66: no card laid on a space fits that badly), and the tracker raised "a card appeared on
player 2's wall (space 1) out of turn": the false alarm of bench games 102787, 102797 and 102821
(docs/open_season.md, session 24, os-discard). Each test renders the bench game's still as its
film does (the game's camera, its drifting light, the table's seed) and reads it with the real
reader."""

from __future__ import annotations

import random

import pytest

from tracker.film import drifting_lightings
from tracker.open_season.twin import OpenSeasonTwin
from vision.open_season.cards import EMPTY, CardReader
from vision.render.camera import CameraModel
from vision.render.open_season_scene import open_season_scene
from vision.render.renderer import Renderer, RenderOptions

GAMES = [
    # seed, players, side, tilt, lighting, the scene with the discards
    (102797, 3, "horn", 27.4, "day", 48),
    (102787, 4, "shield", 27.6, "lamp", 40),
]


@pytest.mark.parametrize(("seed", "players", "side", "tilt", "lighting", "scene"), GAMES)
def test_a_discard_lying_across_an_empty_wall_space_is_not_read_as_a_card_there(
        seed: int, players: int, side: str, tilt: float, lighting: str, scene: int) -> None:
    twin = OpenSeasonTwin(players, seed, side=side, expert=True, illegal=3, random_wilds=True)
    table = twin.descriptions[scene]
    assert table.discards and 1 not in table.players[1].wall  # the discards out, player 2's space 1 empty
    size = (1280, 720)
    camera = CameraModel.looking_at(tilt_deg=tilt, resolution=size,
                                    azimuth_deg=random.Random(seed).choice([0.0, 90.0, 180.0, 270.0]))
    light = drifting_lightings(lighting, len(twin.changes), seed)[scene - 1]
    out = Renderer().render(open_season_scene(table, seed=seed), camera,
                            RenderOptions(lighting=light, table_seed=seed % 997), seed=seed * 100_003 + scene)
    reader = CardReader.from_ground_truth(out.ground_truth, side, players, expert=True)
    walls = reader.read_table(out.image).walls
    assert walls[1][1].card == EMPTY, walls[1][1]
    for seat, player in enumerate(table.players):  # every other space as it lies, no card lost
        want = {n: EMPTY for n in walls[seat]} | {n: "-".join(card) for n, card in player.wall.items() if card}
        assert {n: r.card for n, r in walls[seat].items()} == want, seat
