"""A taught printing's accolade fan: the strip one card more counts as that card when a third of it
shows the back (``TAUGHT_FAN_MISS_WEIGHT``). Printing 960000's back (red with light dots that are
not among its main colours) showed on 35-55 % of that strip where the card lay, so on table
102700 its fans of 2 and 3 were read one fewer, once surely in the filmed game (two false alarms:
"player 1 has 1 accolade cards, expected 2")."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.vision.open_season.taught_printing import taught_printing

from vision.open_season.cards import fan_count


def _outlines(pixels: int = 1000, card: int = 400, strip: int = 40) -> np.ndarray:
    """Counts 0, 1, 2: no card, one card, a second one showing a 4 % strip beyond it."""
    out = np.zeros((3, pixels), bool)
    out[1, :card] = True
    out[2, :card + strip] = True
    return out


def test_a_taught_strip_two_fifths_back_is_the_card_but_not_surely() -> None:
    outlines = _outlines()
    back = outlines[1].copy()
    back[400:416] = True  # 40 % of the second card's strip shows the back (dots, the edge's blur)
    assert fan_count(outlines, back).count == 1  # the built-in art: half the strip, unchanged
    taught = fan_count(outlines, back, taught=True)
    assert taught.count == 2 and taught.second == 1 and taught.confidence < 1.0


def test_a_taught_strip_a_fifth_back_is_no_card() -> None:
    outlines = _outlines()
    back = outlines[1].copy()
    back[400:408] = True  # a fifth: the back's colour bleeding past the last card
    read = fan_count(outlines, back, taught=True)
    assert read.count == 1 and read.second == 2


@pytest.fixture(scope="module")
def printing_960000() -> tuple[Any, Any]:
    return taught_printing(960000)


def test_table_102700s_fan_of_two_is_read_two(printing_960000: tuple[Any, Any]) -> None:
    from tracker.film import LIGHTINGS, demo_camera
    from tracker.open_season.recogniser import _view_of
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.open_season.cards import CardReader
    from vision.render.art_pack import with_art
    from vision.render.effects import Lighting
    from vision.render.renderer import Renderer, RenderOptions

    art, pack = printing_960000
    twin = OpenSeasonTwin(3, 102700, side="shield", expert=True, max_moves=60, illegal=0)
    scene = 34  # player 1's second accolade card (a steal) lies almost on the first
    assert [p.accolades for p in twin.descriptions[scene].players] == [2, 2, 1]
    camera = demo_camera(TableSetup(game="open_season", players=3, seed=102700, tilt=25.0, resolution=(1280, 720)))
    image = Renderer().render(with_art(twin.scenes()[scene], art), camera,
                              RenderOptions(lighting=Lighting(**LIGHTINGS["lamp"])), seed=scene).image
    read = CardReader(_view_of(camera, (1280, 720)), "shield", 3, pack).read_accolades(image)
    assert [read[seat].count for seat in range(3)] == [2, 2, 1], read
