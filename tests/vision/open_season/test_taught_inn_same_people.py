"""A taught printing's inn card in full view, read among its people's faces by the pixels that tell
them apart: printing 930000's barbarian-tattoo (an X) fitted barbarian-crown's view from the slanted
teach photo (a 9, its card cut a little askew) better than its own views, by the whole card's
score, which is mostly the people's frame and emblem (table 102400, slot 3, six stills; the
filmed game was lost there)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.open_season.taught_printing import taught_printing


@pytest.fixture(scope="module")
def printing_930000() -> tuple[Any, Any]:
    return taught_printing(930000)


def _inn(art: Any, pack: Any, scene: int) -> tuple[list[str], list[Any], Any]:
    from tracker.film import LIGHTINGS, demo_camera
    from tracker.open_season.recogniser import _view_of
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.open_season.cards import CardReader
    from vision.render.art_pack import with_art
    from vision.render.effects import Lighting
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(3, 102400, side="horn", expert=False, max_moves=60, illegal=0)
    camera = demo_camera(TableSetup(game="open_season", players=3, seed=102400, tilt=22.0, resolution=(1280, 720)))
    image = Renderer().render(with_art(twin.scenes()[scene], art), camera,
                              RenderOptions(lighting=Lighting(**LIGHTINGS["lamp"])), seed=scene).image
    reader = CardReader(_view_of(camera, (1280, 720)), "horn", 3, pack)
    return ["-".join(card) for card in twin.descriptions[scene].inn], reader._read_inn(image), reader


def test_table_102400s_barbarian_tattoo_is_not_read_crown(printing_930000: tuple[Any, Any]) -> None:
    art, pack = printing_930000
    truth, reads, reader = _inn(art, pack, 8)
    assert truth == ["dwarf-eyepatch", "mage-earrings", "barbarian-tattoo"]
    assert [r.card for r in reads[:3]] == truth
    # the whole card alone is unsure between the two: the second look decided, not a changed score
    assert reads[2].confidence < 1.0
