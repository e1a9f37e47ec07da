"""A taught deck's height read at its top's rim (issue 20, session 74, deck74).

Fresh taught game 103062 (printing 998184, 2 players, Horn, expert, tilt 30, day) asked 10
questions against the built-in art's 6, all 6 more about inn slot 3, behind the deck: the taught
reader read the deck 66 mm tall (the tallest it tells) on every still, where the twin's deck stood
57.0 / 49.7 / 45.1 mm, and at 66 mm only 0.06 of slot 3's face-telling pixels are in view, so it was
called hidden. The old rule takes the tallest height at which 0.8 of the best share of the top's
inner probes show the back; those lie 8 mm inside the top's edges and 16 mm of height moves them
only ~9 mm, so the share stays high far above the true top. The rim rule reads where the back
shows just inside the top's edges and not just outside them. The frames: the film's own gate
stills (a scene's first still frame rendered, two more frames of sensor noise), the printing taught
from its two teach photos as the bench takes them."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.vision.teach_photos import taught_pack

PRINTING, GAME, PLAYERS, SIDE, EXPERT, TILT, LIGHT = 998184, 103062, 2, "horn", True, 30.0, "day"
RIM_TOLERANCE_MM = 3.0
"""Within a card-count's rounding and a height step (2 mm) of the twin's deck."""


@functools.cache
def _printing(folder: Path) -> tuple[Any, Any]:
    """(the printing's art folder, the pack taught from its two teach photos)."""
    from vision.render.art_pack import ArtPack
    from vision.render.random_art import write_random_pack
    from vision.render.renderer import Renderer

    art_dir = folder / f"art{PRINTING}"
    write_random_pack(PRINTING, art_dir)
    return art_dir, taught_pack("open_season", ArtPack.load(art_dir), PRINTING, "random-folder", Renderer())


@functools.cache
def _gate_still(folder: Path, change: int) -> tuple[Any, Any, Any]:
    """(change ``change``'s gate frame as the film draws it, the camera, the twin)."""
    from tracker.film import demo_camera, drifting_lightings, film_timing
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.render.art_pack import ArtPack, with_art
    from vision.render.renderer import Renderer, RenderOptions

    art_dir, _ = _printing(folder)
    setup = TableSetup(game="open_season", players=PLAYERS, options={"side": SIDE, "expert": EXPERT}, seed=GAME,
                       illegal=1, art=str(art_dir), tilt=TILT, lighting=LIGHT, resolution=(1280, 720))
    twin = OpenSeasonTwin(PLAYERS, GAME, side=SIDE, expert=EXPERT, illegal=1)
    camera, timing = demo_camera(setup), film_timing(setup)
    hand = timing.reach_frames + timing.hold_frames + timing.retreat_frames
    first = timing.still_frames + change * (hand + timing.still_frames) + hand
    options = RenderOptions(lighting=drifting_lightings(LIGHT, len(twin.changes), GAME)[change], hands=(),
                            table_seed=GAME % 997)
    image = Renderer().render(with_art(twin.scenes()[change + 1], ArtPack.load(art_dir)), camera, options,
                              seed=GAME * 100_003 + first).image
    noise = np.random.default_rng(GAME)  # the film's sensor noise: one stream, drawn per later still frame
    for _ in range((change + 1) * (timing.still_frames - 1) + 1):
        noise.normal(0.0, 2.0, image.shape[:2] + (1,))
    sensor = noise.normal(0.0, 2.0, image.shape[:2] + (1,)).astype(np.int16)
    return np.clip(image.astype(np.int16) + sensor, 0, 255).astype(np.uint8), camera, twin


def _reader(folder: Path, camera: Any) -> Any:
    from tracker.open_season.recogniser import _view_of
    from vision.open_season.cards import CardReader

    return CardReader(_view_of(camera, (1280, 720)), SIDE, PLAYERS, _printing(folder)[1], expert=EXPERT)


@pytest.mark.parametrize("change", [72, 99])
@pytest.mark.parametrize("by_rim", [True, False])
def test_the_deck_is_read_at_its_rim(change: int, by_rim: bool, tmp_path_factory: pytest.TempPathFactory,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """On: within 3 mm of the twin's deck. Off (the old rule): 66 mm, the tallest height told."""
    from vision.open_season import cards
    from vision.render.open_season_scene import CARD_THICKNESS_MM

    folder = tmp_path_factory.getbasetemp()
    image, camera, twin = _gate_still(folder, change)
    truth = twin.descriptions[change + 1].deck * CARD_THICKNESS_MM
    assert 44.0 < truth < 51.0, truth  # 142 and 129 cards
    monkeypatch.setattr(cards, "TAUGHT_DECK_BY_RIM", by_rim)
    deck = _reader(folder, camera).deck_height(image)
    if by_rim:
        assert abs(deck - truth) <= RIM_TOLERANCE_MM, (deck, truth)
    else:
        assert deck >= truth + 10.0, (deck, truth)


@pytest.mark.parametrize("by_rim", [True, False])
def test_the_slot_behind_a_deck_read_at_its_rim_shows_its_card(by_rim: bool,
                                                                tmp_path_factory: pytest.TempPathFactory,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Change 99 (a 45.1 mm deck): slot 3 read as the twin's card with the rim rule; with the old
    rule's 66 mm deck it was called hidden."""
    from vision.open_season import cards

    folder = tmp_path_factory.getbasetemp()
    image, camera, twin = _gate_still(folder, 99)
    slot3 = "-".join(twin.descriptions[100].inn[2])
    monkeypatch.setattr(cards, "TAUGHT_DECK_BY_RIM", by_rim)
    reads = [read.card for read in _reader(folder, camera)._read_inn(image)]
    truth = sorted("-".join(card) for card in twin.descriptions[100].inn)
    assert not set(reads) - set(truth) - {cards.HIDDEN}, (reads, truth)  # nothing read that is not there
    assert reads[2] == (slot3 if by_rim else cards.HIDDEN), (reads, slot3)
