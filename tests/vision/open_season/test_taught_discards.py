"""A taught printing's expert discards: the first card, read whole, must fit a taught face as a
fan's top does (table 102722, printing 980002: the empty discards read as gnome-earrings, a fit
about -1.4, in the first scene; every scene after was "the discards show gnome-earrings too" and
the game was lost from its set-up, 0/61 moves)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from vision.open_season.cards import EMPTY, TAUGHT_FAN_TOP_FIT, CardRead, CardReader


def _reader(taught: bool) -> CardReader:
    from tracker.film import demo_camera
    from tracker.open_season.recogniser import _view_of
    from tracker.table import TableSetup
    from vision.render.random_art import random_pack
    from vision.pack import Pack

    camera = demo_camera(TableSetup(game="open_season", players=2, seed=102722, tilt=12.0, resolution=(1280, 720)))
    pack = None
    if taught:  # the printing's own art as its faces (read_table's rule is tested, not teaching)
        art = random_pack(980002)
        faces = {name: np.ascontiguousarray(np.asarray(art.face("open_season", name))[:, :, :3])
                 for name in art.names("open_season")}
        pack = Pack("open_season", faces, {name: (63.0, 88.0) for name in faces})
    return CardReader(_view_of(camera, (1280, 720)), "horn", 2, pack)


def _bare_discards_read_as(reader: CardReader, card: str, fit: float) -> list[Any]:
    image = np.zeros((720, 1280, 3), np.uint8)
    real_read = reader.read

    def read(img: np.ndarray) -> list[CardRead]:
        reads = real_read(img)
        return [replace(r, card=card, fit=fit) if r.place == "discard 0" else
                replace(r, card=EMPTY) if r.place.startswith("discard") else r for r in reads]

    reader.read = read  # type: ignore[method-assign,assignment]
    return reader.read_table(image).discards


def test_a_taught_printings_bare_discards_fitting_a_face_badly_hold_no_card() -> None:
    assert _bare_discards_read_as(_reader(True), "gnome-earrings", -1.4) == []


def test_a_taught_discard_that_fits_a_face_well_is_read() -> None:
    read = _bare_discards_read_as(_reader(True), "gnome-earrings", TAUGHT_FAN_TOP_FIT + 2.0)
    assert [r.card for r in read] == ["gnome-earrings"]
