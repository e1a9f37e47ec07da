"""The Open Season card reader on rendered mid-game tables: every empty space, face-down card and
nearly every face-up wall and inn card read right; the stocks, kept card, discards and the sure
accolade counts right; a reader that remembers reads a second still as a fresh reader does."""

from __future__ import annotations

import copy

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


def test_a_reader_that_remembers_reads_again_only_what_changed_and_reads_the_same() -> None:
    # two stills of one table (a card laid on a wall, one taken from the inn): the remembering
    # reader's second reading is the fresh reader's, place for place
    twin = OpenSeasonTwin(2, 96504, side="horn", max_moves=60)
    before = twin.descriptions[-1]
    after = copy.deepcopy(before)
    space = next(n for n in range(1, 12) if n not in after.players[0].wall)
    after.players[0].wall[space] = after.inn.pop(0)
    camera = CameraModel.looking_at(tilt_deg=15.0, azimuth_deg=0.0, resolution=(1280, 720))
    renderer = Renderer()
    first = renderer.render(open_season_scene(before, seed=7), camera, RenderOptions(), seed=7)
    second = renderer.render(open_season_scene(after, seed=7), camera, RenderOptions(), seed=8)
    remembering = CardReader.from_ground_truth(first.ground_truth, "horn", 2, remember=True)
    remembering.read_table(first.image)
    again = remembering.read_table(second.image)
    fresh = CardReader.from_ground_truth(second.ground_truth, "horn", 2).read_table(second.image)
    assert again == fresh
    assert again.walls[0][space].card == "{0[0]}-{0[1]}".format(after.players[0].wall[space])
