"""An inn card the deck partly hides is not read as an empty slot (issue 20, session 57).

Fresh taught game 103044 (2 players, Horn side, tilt 12, day light) on printing 998000 drawn by
another hand (bench/other_hand_art.py): after change 9 the refill put mage-dagger in inn slot 5,
under the edge of a 66 mm deck. Its whole-card fit was 0.94 -- the deck's own pixels dragged it
under ``TAUGHT_INN_NO_CARD_FIT`` (1.0) -- and the slot was read empty, surely, although on the
pixels the deck leaves in view the card fitted its face 6.66 (an empty slot 5 there: -1.42 to
-2.78). The tracker saw one card where the refill dealt two: "the inn shows gnome-tattoo, not
expected there", and two false alarms. Real path: the printing taught from two rendered teach
photos, the still scene read by the pixel recogniser."""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.bench_scripts import load_bench
from tests.vision.teach_photos import taught_pack

PRINTING, GAME, PLAYERS, SIDE, TILT = 998000, 103044, 2, "horn", 12.0


@functools.cache
def _taught(folder: Path) -> tuple[Any, Any]:
    from vision.render.art_pack import ArtPack
    from vision.render.renderer import Renderer

    art = ArtPack.load(load_bench("other_hand_art").write_pack(PRINTING, folder / str(PRINTING),
                                                              games=("open_season",)))
    return art, taught_pack("open_season", art, PRINTING, "other-hand", Renderer())


def _inn_read(scene: int, folder: Path) -> tuple[Counter[str], int, Counter[str]]:
    """(the inn cards read, the slots called hidden, the inn's truth) of the game's scene ``scene``."""
    from tracker.film import LIGHTINGS, demo_camera
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.render.art_pack import with_art
    from vision.render.effects import Lighting
    from vision.render.renderer import Renderer, RenderOptions

    art, pack = _taught(folder)
    twin = OpenSeasonTwin(PLAYERS, GAME, side=SIDE, expert=False, illegal=1)
    camera = demo_camera(TableSetup(game="open_season", players=PLAYERS, seed=GAME, tilt=TILT,
                                    resolution=(1280, 720)))
    options = RenderOptions(lighting=Lighting(**LIGHTINGS["day"]))
    image = Renderer().render(with_art(twin.scenes()[scene], art), camera, options, seed=scene).image
    observed = OpenSeasonPixelRecogniser(SIDE, PLAYERS, False, camera=camera, pack=pack).recognise(image)
    assert not observed.occluded
    truth = Counter(f"{people}-{attribute}" for people, attribute in twin.descriptions[scene].inn)
    return Counter(observed.inn), observed.inn_hidden, truth


def test_a_card_under_the_decks_edge_is_not_read_as_an_empty_slot(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    read, hidden, truth = _inn_read(10, tmp_path_factory.getbasetemp())
    assert truth["mage-dagger"] == 1 and sum(truth.values()) == 5  # the refill filled slot 5
    assert not read - truth  # nothing read that is not there
    assert sum(read.values()) + hidden == 5, (read, hidden)  # every card counted, named or hidden


def test_the_same_slot_empty_under_the_deck_still_reads_empty(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    read, hidden, truth = _inn_read(9, tmp_path_factory.getbasetemp())
    assert sum(truth.values()) == 3  # slots 4 and 5 empty, the deck as tall
    assert read == truth and hidden == 0, (read, hidden)
