"""What the Open Season card reader decides from its scores, each rule at its edge: a fan holds the
cards whose strips show up to the first gap and its top card is read whole; the expert discards
are read whichever way they overlap; the wall spaces under trophy tokens are read by their strip;
an inn slot adds its whole-card and strip scores, the strip's alone where the deck may hide the
card; the accolade count whose outline agrees best, sure by its lead; a place is read again when a
block of its pixels changed. A real camera's geometry (no frame rendered), synthetic scores and
pixels: tests/vision/test_open_season_cards.py reads rendered tables with the real art."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pytest

from tests.vision.card_scoring import record_scored
from vision.open_season import cards
from vision.open_season.card_sampling import MAX_DISCARDS, MAX_STOCK
from vision.open_season.cards import BACK, EMPTY, AccoladeCount, CardRead, CardReader, _block_change
from vision.render.camera import CameraModel


def geometry(tilt: float = 20.0, azimuth: float = 0.0) -> dict[str, Any]:
    """What a frame's ground truth says of its camera: all a reader needs to lay out its places."""
    cam = CameraModel.looking_at(tilt_deg=tilt, azimuth_deg=azimuth, resolution=(1280, 720))
    return {"camera": cam.to_json(), "homography_table_to_image": cam.table_to_image_homography.tolist()}


@pytest.fixture(scope="module")
def two_player() -> dict[str, Any]:
    return geometry()


def reader_reading(monkeypatch: pytest.MonkeyPatch, gt: dict[str, Any], layers: dict[str, dict[str, str]],
                   num_players: int = 2, expert: bool = True) -> CardReader:
    """A reader whose layers read as given (layer -> place -> card; a place not given reads
    empty), each read sure, and whose inn and accolades read nothing."""
    reader = CardReader.from_ground_truth(gt, "horn", num_players, expert=expert)

    def read_layer(image: np.ndarray, name: str) -> list[CardRead]:
        given = layers.get(name, {})
        return [CardRead(p, given.get(p, EMPTY), 1.0) for p in reader.layout.layers[name].places]

    monkeypatch.setattr(reader, "_read_layer", read_layer)
    monkeypatch.setattr(reader, "_read_inn", lambda image: [])
    monkeypatch.setattr(reader, "read_accolades", lambda image: {})
    return reader


IMAGE = np.zeros((720, 1280, 3), np.uint8)


def test_a_stock_holds_the_cards_up_to_its_first_gap_and_its_top_card_read_whole(
        monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    strips = {"stock 0 0": "elf-crown", "stock 0 1": "mage-dagger", "stock 0 3": "troll-tattoo",
              "stock 1 0": "gnome-crown"}
    whole = {"stock 0 1": "mage-sword", "stock 0 0": "orc-crown", "kept 1": "elf-tattoo",
             "wall 1 4": "orc-dagger", "wall 0 11": BACK}
    got = reader_reading(monkeypatch, two_player, {"strip": strips, "on mat": whole, "whole": whole}).read_table(IMAGE)
    # seat 0: two strips, then a gap (the third strip after it does not count); the top card is
    # the whole card's reading; seat 1: one strip, its whole reading empty: the strip's
    assert [r.card for r in got.stocks[0]] == ["elf-crown", "mage-sword"]
    assert [r.place for r in got.stocks[0]] == ["stock 0 0", "stock 0 1"]
    assert [r.card for r in got.stocks[1]] == ["gnome-crown"]
    assert got.kept == {0: CardRead("kept 0", EMPTY, 1.0), 1: CardRead("kept 1", "elf-tattoo", 1.0)}
    assert got.walls[1][4].card == "orc-dagger" and got.walls[0][11].card == BACK
    assert sorted(got.walls) == [0, 1] and all(sorted(row) == list(range(1, 12)) for row in got.walls.values())


def test_a_stock_of_every_position_and_an_empty_one(monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    strips = {f"stock 1 {i}": f"elf-{'crown' if i % 2 else 'dagger'}" for i in range(MAX_STOCK)}
    got = reader_reading(monkeypatch, two_player, {"strip": strips}).read_table(IMAGE)
    assert len(got.stocks[1]) == MAX_STOCK and got.stocks[0] == []


def test_the_expert_discards_are_read_whichever_way_they_overlap(
        monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    # upwards (each next card on top): the strips up to the first gap; downwards (the first card
    # on top, whole): each next one by its turned strip; the longer of the two is the fan
    down = {"on mat": {"discard 0": "elf-crown"}, "turned": {"discard 1": "mage-dagger", "discard 2": "orc-sword",
                                                              "discard 3": "troll-tattoo"},
            "strip": {"discard 0": "gnome-crown", "discard 1": "gnome-dagger"}}
    got = reader_reading(monkeypatch, two_player, down).read_table(IMAGE)
    assert got.discards_seen is True
    assert [r.card for r in got.discards] == ["elf-crown", "mage-dagger", "orc-sword", "troll-tattoo"]
    # the turned strips stop at the first gap
    down["turned"].pop("discard 2")
    got = reader_reading(monkeypatch, two_player, down).read_table(IMAGE)
    assert [r.card for r in got.discards] == ["gnome-crown", "gnome-dagger"]  # 2 up beat 2 down: upwards
    down["strip"].pop("discard 1")
    got = reader_reading(monkeypatch, two_player, down).read_table(IMAGE)
    assert [r.card for r in got.discards] == ["elf-crown", "mage-dagger"]
    # no card lies whole on the first place: nothing is read downwards, however the turned strips read
    up = {"turned": {f"discard {i}": "orc-crown" for i in range(MAX_DISCARDS)},
          "strip": {"discard 0": "gnome-crown", "discard 1": "gnome-dagger"}, "on mat": {"discard 1": "elf-tattoo"}}
    got = reader_reading(monkeypatch, two_player, up).read_table(IMAGE)
    assert [r.card for r in got.discards] == ["gnome-crown", "elf-tattoo"]


def test_no_discards_are_read_where_they_cannot_be_seen(monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    everywhere = {"strip": {f"discard {i}": "elf-crown" for i in range(MAX_DISCARDS)}}
    got = reader_reading(monkeypatch, two_player, everywhere, expert=False).read_table(IMAGE)
    assert got.discards_seen is False and got.discards == []
    three = reader_reading(monkeypatch, geometry(), {}, num_players=3).read_table(IMAGE)
    assert three.discards_seen is False and three.discards == [] and sorted(three.walls) == [0, 1, 2]


def test_only_the_wall_spaces_under_tokens_are_read_by_their_strip(
        monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    layers = {"whole": {"wall 0 3": "elf-crown", "wall 1 3": "elf-crown", "wall 1 5": "orc-sword"},
              "wall strip": {"wall 0 3": "mage-dagger", "wall 1 3": "troll-tattoo", "wall 1 5": "gnome-crown"}}
    got = reader_reading(monkeypatch, two_player, layers).read_table(IMAGE, tokens_on={1: {3}})
    assert [got.walls[0][3].card, got.walls[1][3].card, got.walls[1][5].card] == ["elf-crown", "troll-tattoo", "orc-sword"]
    untouched: tuple[dict[int, set[int]] | None, ...] = (None, {}, {0: set(), 1: set()})
    for no_tokens in untouched:
        got = reader_reading(monkeypatch, two_player, layers).read_table(IMAGE, tokens_on=no_tokens)
        assert got.walls[1][3].card == "elf-crown"


def inn_reader(monkeypatch: pytest.MonkeyPatch, gt: dict[str, Any], whole: dict[str, float], strip: dict[str, float],
               deck_mm: float) -> CardReader:
    """A reader whose inn scores are these per name (every slot alike; a name not given scores 0)
    and whose deck stands ``deck_mm`` tall."""
    reader = CardReader.from_ground_truth(gt, "horn", 2)

    def scores(image: np.ndarray, name: str, t: Any) -> np.ndarray:
        given = whole if name == "inn" else strip
        row = np.array([given.get(n, 0.0) for n in t.names], np.float32)
        return np.tile(row, (5, 1))

    monkeypatch.setattr(reader, "_scores", scores)
    monkeypatch.setattr(reader, "deck_height", lambda image: deck_mm)
    return reader


def test_an_inn_slot_adds_its_whole_card_and_strip_scores(monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    # the whole card says elf-crown a little, the strip says mage-dagger more: the sum decides
    reader = inn_reader(monkeypatch, two_player, {"elf-crown": 3.0, "mage-dagger": 2.5, BACK: 9.0},
                        {"elf-crown": 1.0, "mage-dagger": 1.6}, 0.0)
    assert reader._read_inn(IMAGE) == [CardRead(f"inn {i}", "mage-dagger", cast(float, pytest.approx(0.2))) for i in range(1, 6)]
    # a back is never an inn card, however well it fits
    reader = inn_reader(monkeypatch, two_player, {BACK: 9.0, EMPTY: 1.0}, {EMPTY: 1.0}, 0.0)
    assert {r.card for r in reader._read_inn(IMAGE)} == {EMPTY}


def test_an_inn_slot_the_deck_may_hide_is_read_by_its_strip_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # a camera from the deck's side: a full deck leans over slot 3, no deck hides nothing
    gt = geometry(azimuth=0.0)
    whole, strip = {"elf-crown": 3.0}, {"mage-dagger": 2.0}
    reader = inn_reader(monkeypatch, gt, whole, strip, 0.0)
    assert [r.card for r in reader._read_inn(IMAGE)] == ["elf-crown"] * 5
    tall = float(reader.layout.deck_heights[-1])
    assert tuple(reader.layout.inn_whole_at[-1]) == (True, True, False, True, True)
    reader = inn_reader(monkeypatch, gt, whole, strip, tall)
    assert [r.card for r in reader._read_inn(IMAGE)] == ["elf-crown", "elf-crown", "mage-dagger", "elf-crown", "elf-crown"]
    # the deck's height picks its row of the table by the nearest 2 mm
    hides = next(i for i, row in enumerate(reader.layout.inn_whole_at) if not row[2])
    for height, hidden in ((2.0 * hides - 1.1, False), (2.0 * hides - 0.9, True)):
        reader = inn_reader(monkeypatch, gt, whole, strip, height)
        assert (reader._read_inn(IMAGE)[2].card == "mage-dagger") is hidden, height


def accolade_reader(monkeypatch: pytest.MonkeyPatch, gt: dict[str, Any], outlines: np.ndarray, read: np.ndarray,
                    window: np.ndarray) -> CardReader:
    """A 2-player reader whose first seat's accolade window is ``window`` (red where a back shows),
    with these outlines (one row per count) and pixels read."""
    reader = CardReader.from_ground_truth(gt, "horn", 2)
    reader.layout.accolade_masks = [(np.eye(3), read, outlines)] * 2
    monkeypatch.setattr(reader.layout, "accolade_window", lambda image, seat: window)
    return reader


def red_where(mask: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """A window: a card back's red where ``mask``, the mat elsewhere (float32 BGR)."""
    win = np.empty(shape + (3,), np.float32)
    win[:] = (90, 60, 40)
    win[mask.reshape(shape)] = (40, 50, 160)
    return win


def test_the_accolade_count_whose_outline_agrees_best_and_its_lead(monkeypatch: pytest.MonkeyPatch,
                                                                   two_player: dict[str, Any]) -> None:
    # outlines over a 20 x 50 window: count k covers the first 100 * k pixels
    shape = (20, 50)
    outlines = np.stack([np.arange(1000) < 100 * k for k in range(4)])
    everything = np.ones(1000, bool)
    for k in range(4):
        got = accolade_reader(monkeypatch, two_player, outlines, everything, red_where(outlines[k], shape)).read_accolades(IMAGE)
        assert got[0].count == k and got[0].confidence == 1.0 and got[1].count == k
        assert got[0].second in (k - 1, k + 1)
    # 2 cards and 4 pixels short: it leads count 1 by 92 pixels of 1000 (sure); 45, 47, 48 pixels
    # past the second card: count 2 leads count 3 by 10, 6, 4 pixels: sure, 0.6, 0.4 (a lead of
    # ACCOLADE_SURE_LEAD is sure)
    for red, want in ((196, AccoladeCount(2, 1.0, 1)), (245, AccoladeCount(2, 1.0, 3)),
                      (247, AccoladeCount(2, 0.6, 3)), (248, AccoladeCount(2, 0.4, 3))):
        mask = np.arange(1000) < red
        first = accolade_reader(monkeypatch, two_player, outlines, everything, red_where(mask, shape)).read_accolades(IMAGE)[0]
        assert (first.count, first.second) == (want.count, want.second), red
        assert first.confidence == pytest.approx(want.confidence, abs=1e-4), red


def test_the_pixels_the_fan_cannot_explain_are_not_read(monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    # one card's red, and a stock's red where a third card would lie: left out of the reading,
    # the stock cannot make one card look like three
    shape = (20, 50)
    outlines = np.stack([np.arange(1000) < 100 * k for k in range(4)])
    pixel = np.arange(1000)
    stock = (pixel >= 150) & (pixel < 300)
    got = accolade_reader(monkeypatch, two_player, outlines, ~stock, red_where((pixel < 100) | stock, shape)).read_accolades(IMAGE)
    assert (got[0].count, got[0].confidence) == (1, 1.0)


def test_a_pixel_is_a_backs_when_its_red_share_passes_the_line(monkeypatch: pytest.MonkeyPatch,
                                                               two_player: dict[str, Any]) -> None:
    # one outline of no card, one of every pixel; the window all one colour, its red share
    # r / (b + g + r + 1) near BACK_RED_SHARE: a back's pixel passes it
    outlines = np.stack([np.zeros(100, bool), np.ones(100, bool)])
    # a thousandth below, at (42 / 100: the line itself in float32) and a thousandth above
    for share, count in ((cards.BACK_RED_SHARE - 0.001, 0), (cards.BACK_RED_SHARE, 0), (cards.BACK_RED_SHARE + 0.001, 1)):
        win = np.empty((10, 10, 3), np.float32)
        win[:] = (0.0, 99.0 - 100.0 * share, 100.0 * share)
        got = accolade_reader(monkeypatch, two_player, outlines, np.ones(100, bool), win).read_accolades(IMAGE)[0]
        assert got.count == count, share


def test_a_change_confined_to_one_small_block_shows_and_thin_noise_does_not() -> None:
    side = 14  # blocks of 4 x 4 over the first 12 x 12 pixels
    delta = np.zeros((5, side, side, 3), np.float32)
    delta[0, 4:8, 0:4, :] = 40.0  # one whole block
    delta[1] = 5.0  # everywhere a little
    delta[2, 2:6, 2:6, :] = 40.0  # straddling four blocks: a quarter of each
    delta[3, 12:, :, :] = 90.0  # past the last whole block: not looked at
    delta[3, 0:4, 4:8, 1] = 30.0  # one channel of three
    delta[4, 8:12, 8:12, :] = 20.0  # the last whole block
    got = _block_change(delta.reshape(5, -1), side)
    assert got.tolist() == pytest.approx([40.0, 5.0, 10.0, 10.0, 20.0])


def deck_reader(monkeypatch: pytest.MonkeyPatch, gt: dict[str, Any], shares: list[list[float]]) -> CardReader:
    """A reader whose deck probes see, per height, pixels of these red shares r / (b + g + r + 1)."""
    reader = CardReader.from_ground_truth(gt, "horn", 2)
    heights = len(reader.layout.deck_heights)
    assert len(shares) <= heights
    shares = shares + [[0.3]] * (heights - len(shares))
    pixels = [np.array([(0.0, 199.0 - 200.0 * r, 200.0 * r) for r in row], np.float32) for row in shares]
    monkeypatch.setattr(reader.layout, "deck_top_pixels", lambda image: pixels)
    return reader


def test_the_deck_stands_as_tall_as_the_tallest_height_its_top_reads_red_at(
        monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    line = cards.DECK_RED_SHARE
    # the reddest height (0.7) and those within 0.02 of it count: the tallest of them, 6 mm
    reader = deck_reader(monkeypatch, two_player, [[0.3], [0.7], [0.69], [0.6901]])
    assert reader.layout.deck_heights[:4].tolist() == [0.0, 2.0, 4.0, 6.0]
    assert reader.deck_height(IMAGE) == 6.0
    assert deck_reader(monkeypatch, two_player, [[0.3], [0.7], [0.69], [0.6799]]).deck_height(IMAGE) == 4.0
    # a height's share is the median of its probes' (a probe on a gold ornament or a finger does not decide)
    mixed = [[0.0, 0.0, 0.7, 0.7, 0.7]]  # mean 0.42, median 0.7
    assert deck_reader(monkeypatch, two_player, [[0.3], [0.3]] + mixed).deck_height(IMAGE) == 4.0
    # no height reads red enough: no deck
    for top in (line - 0.01, line - 0.001, line):  # at the line (110 / 200 in float32): no deck
        assert deck_reader(monkeypatch, two_player, [[top], [top - 0.01]]).deck_height(IMAGE) == 0.0
    assert deck_reader(monkeypatch, two_player, [[0.3], [line + 0.001]]).deck_height(IMAGE) == 2.0


def test_a_taught_pack_replaces_every_template_set_the_turned_strips_turned(two_player: dict[str, Any]) -> None:
    # the discards fanned downwards show each card's bottom strip: the pack's faces turned half
    # round, as the built-in art's are (build_strip_templates(..., turned=True))
    from tests.vision.test_open_season_cards import taught_pack
    from vision.open_season.card_sampling import (
        BUILT_IN_PATCHES,
        PX_PER_MM,
        WHOLE_CARD_PATCHES,
        build_strip_templates,
        build_templates,
    )

    pack = taught_pack(("elf-crown", "elf-dagger"))
    reader = CardReader.from_ground_truth(two_player, "horn", 2, pack)
    # a taught printing is read by its whole card (it lays its cards out as it likes), the
    # built-in art by its emblem and icon patches; the table is sampled as the templates are cut
    assert reader.patches == WHOLE_CARD_PATCHES and CardReader.from_ground_truth(two_player, "horn", 2).patches == BUILT_IN_PATCHES
    assert reader.layout.layers["whole"].first_maps[2] == reader.layout.layers["whole"].second_maps[2] == round(38 * PX_PER_MM)
    for got, want in ((reader._templates, build_templates("horn", pack, WHOLE_CARD_PATCHES)), (reader._strip, build_strip_templates(pack)),
                      (reader._turned, build_strip_templates(pack, True))):
        assert got.names == want.names and np.array_equal(got.first, want.first) and np.array_equal(got.second, want.second)
    assert not np.array_equal(reader._turned.first, reader._strip.first)


def test_a_frames_geometry_gives_the_reader_its_camera_and_expert_discards_by_default() -> None:
    # a lens with distortion: the reader projects the table as that camera does
    cam = CameraModel.looking_at(tilt_deg=20.0, resolution=(1280, 720), dist=(-0.12, 0.03, 0.0, 0.0, 0.0))
    gt = {"camera": cam.to_json(), "homography_table_to_image": cam.table_to_image_homography.tolist()}
    reader = CardReader.from_ground_truth(gt, "horn", 2)
    corner = np.array([[60.0, 80.0]])
    assert reader.view.project(corner, 0.0) == pytest.approx(cam.project(np.array([[60.0, 80.0, 0.0]])), abs=0.01)
    assert reader.view.image_size == (1280, 720) and reader.discards_visible is True
    # the frame's own intrinsics, not ones estimated from the homography
    assert reader.view.intrinsics_known and np.array_equal(reader.view.K, cam.K)
    assert CardReader.from_ground_truth(gt, "horn", 2, expert=False).discards_visible is False
    # built directly, a reader reads the expert discards and does not remember, as from a frame
    direct = CardReader(reader.view, "horn", 2)
    assert direct.discards_visible is True and direct.remember is False and reader.remember is False


def test_a_reader_that_does_not_remember_scores_every_still_afresh(monkeypatch: pytest.MonkeyPatch,
                                                                   two_player: dict[str, Any]) -> None:
    scored = record_scored(monkeypatch)
    from_frame = CardReader.from_ground_truth(two_player, "horn", 2)
    for reader in (from_frame, CardReader(from_frame.view, "horn", 2)):
        reader.read_table(uniform(100))
        once = sum(scored)
        reader.read_table(uniform(100))
        assert once > 0 and sum(scored) == 2 * once
        scored.clear()



def uniform(level: int) -> np.ndarray:
    return np.full((720, 1280, 3), level, np.uint8)


def test_a_remembering_reader_reads_a_place_again_once_it_changed_since_it_was_last_read(
        monkeypatch: pytest.MonkeyPatch, two_player: dict[str, Any]) -> None:
    # the room's light drifting by 5 levels a still: not read again at the first drift, read
    # again when the drift since the place was last read passes CHANGE_LEVEL (8), not the drift
    # since the last still
    reader = CardReader.from_ground_truth(two_player, "horn", 2, remember=True)
    scored = record_scored(monkeypatch)
    reader.read_table(uniform(100))
    everything = sum(scored)
    assert everything > 0
    for level, again in ((105, False), (108, False), (109, True), (112, False), (118, True)):
        scored.clear()
        reader.read_table(uniform(level))
        assert (sum(scored) > 0) is again, level
