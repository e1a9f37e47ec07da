"""The Open Season card reader (wall spaces and inn slots from the pixels) on one rendered
mid-game table: every empty space, face-down card and nearly every face-up card read right."""

from __future__ import annotations

from tracker.open_season.twin import OpenSeasonTwin
from vision.open_season import cards
from vision.open_season.cards import BACK, EMPTY, CardReader
from vision.render.camera import CameraModel
from vision.render.open_season_scene import open_season_scene
from vision.render.renderer import Renderer, RenderOptions


def test_reads_the_walls_and_the_inn_of_a_rendered_table() -> None:
    # the card art is cut into templates once per process (lru_cache): start from fresh ones, so
    # that this test reads with the template code as it is now (a mutation run forks its test
    # processes after a clean run, whose cached templates would hide a broken template cutter)
    cards._templates.cache_clear()
    twin = OpenSeasonTwin(3, 96500, side="horn", max_moves=120)
    table = twin.descriptions[-1]
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=90.0, resolution=(1280, 720))
    out = Renderer().render(open_season_scene(table, seed=3), camera, RenderOptions(), seed=3)
    reads = {r.place: r.card for r in CardReader.from_ground_truth(out.ground_truth, "horn", 3).read(out.image)}
    right = total = 0
    for seat, player in enumerate(table.players):
        for number in range(1, 12):
            card = player.wall.get(number, EMPTY) if number in player.wall else EMPTY
            want = BACK if card is None else EMPTY if card == EMPTY else f"{card[0]}-{card[1]}"
            if want in (BACK, EMPTY):
                assert reads[f"wall {seat} {number}"] == want, (seat, number)
            else:
                total += 1
                right += reads[f"wall {seat} {number}"] == want
    for i, card in enumerate(table.inn):
        total += 1
        right += reads[f"inn {i + 1}"] == f"{card[0]}-{card[1]}"
    assert total >= 15 and right >= total - 1, f"{right}/{total} face-up cards read right"
