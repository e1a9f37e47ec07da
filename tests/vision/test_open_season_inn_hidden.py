"""An inn slot behind the deck (bench seed 97010's first refill: 3 players, Shield, tilt 22.1,
lamp light) reads as hidden, never as a guessed card: the tracker then asks which card went
there (tests/tracker/test_open_season_derail.py)."""

from __future__ import annotations

import random

from tracker.film import LIGHTINGS
from tracker.open_season.twin import OpenSeasonTwin
from vision.open_season.cards import HIDDEN, CardReader
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.open_season_scene import open_season_scene
from vision.render.renderer import Renderer, RenderOptions


def test_the_slot_the_full_deck_hides_reads_hidden_and_the_others_read_right() -> None:
    twin = OpenSeasonTwin(3, 97010, side="shield", max_moves=6)
    table = twin.descriptions[1]  # the first refill: five cards, the deck still 64 mm tall
    camera = CameraModel.looking_at(tilt_deg=22.1, azimuth_deg=random.Random(97010).choice([0.0, 90.0, 180.0, 270.0]),
                                    resolution=(1280, 720))
    out = Renderer().render(open_season_scene(table, seed=97010), camera,
                            RenderOptions(lighting=Lighting(**LIGHTINGS["lamp"])), seed=97010)
    reader = CardReader.from_ground_truth(out.ground_truth, "shield", 3, expert=False)
    inn = reader.read_table(out.image).inn
    hidden = [r.place for r in inn if r.card == HIDDEN]
    assert hidden == ["inn 5"], [(r.place, r.card) for r in inn]
    truth = sorted(f"{p}-{a}" for p, a in table.inn)
    seen = [r.card for r in inn if r.card != HIDDEN]
    assert all(card in truth for card in seen) and len(seen) == len(truth) - 1
