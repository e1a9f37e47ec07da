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


def test_reads_the_stocks_kept_cards_discards_and_accolade_counts() -> None:
    # two players of an expert table late in a game (stocks of 1 and 4 cards, accolade fans of 11
    # and 5), with a kept card and two discards laid on it (the twin's games seldom show them; with
    # a west player the discards lie under the west wall board and cannot be seen)
    table = OpenSeasonTwin(4, 96503, side="shield", expert=True, max_moves=150).descriptions[-1]
    table.players = table.players[:2]
    table.players[1].kept = ("elf", "crown")
    table.discards = [("mage", "dagger"), ("gnome", "tattoo")]
    assert max(len(p.stock) for p in table.players) == 4
    camera = CameraModel.looking_at(tilt_deg=25.0, azimuth_deg=180.0, resolution=(1280, 720))
    out = Renderer().render(open_season_scene(table, seed=5), camera, RenderOptions(), seed=5)
    got = CardReader.from_ground_truth(out.ground_truth, "shield", 2, expert=True).read_table(out.image)
    for seat, player in enumerate(table.players):
        assert [r.card for r in got.stocks[seat]] == [f"{p}-{a}" for p, a in player.stock], seat
        assert got.kept[seat].card == (f"{player.kept[0]}-{player.kept[1]}" if player.kept else EMPTY), seat
        count = got.accolades[seat]
        # a count reported sure is right; a small fan (up to 6 cards) is sure
        assert count.confidence < 1.0 or count.count == player.accolades, (seat, count, player.accolades)
        assert player.accolades > 6 or count.confidence == 1.0, (seat, count, player.accolades)
    assert sorted(r.card for r in got.discards) == sorted(f"{p}-{a}" for p, a in table.discards)
