"""A taught printing whose card back looks like a wild token (light discs on a dark ground) must
not read wild tokens on bare accolades. Table 102500 with printing 950000 was lost when one bare
accolade card read as a wild token (0.77, line 0.75). Printing 41 (a development printing) has
such a back."""

from __future__ import annotations

import cv2
import numpy as np

from tracker.film import LIGHTINGS, demo_camera
from tracker.open_season.recogniser import _view_of
from tracker.open_season.twin import OpenSeasonTwin
from tracker.table import TableSetup
from vision.open_season.tokens import ACCOLADE_BACK_MARGIN, WALL_THRESHOLD, TokenReader
from vision.pack import Pack
from vision.render.art_pack import face_image, with_art
from vision.render.effects import Lighting
from vision.render.random_art import random_pack
from vision.render.renderer import Renderer, RenderOptions


def test_a_back_like_a_wild_token_raises_the_accolade_line_and_reads_no_token() -> None:
    art = random_pack(41)
    back = cv2.resize(face_image(art, "open_season", "back")[..., :3], (176, 272), interpolation=cv2.INTER_AREA)
    pack = Pack("open_season", {"back": np.ascontiguousarray(back)}, {"back": (44.0, 68.0)})
    twin = OpenSeasonTwin(4, 102500, side="horn", expert=False, max_moves=60, illegal=1)
    camera = demo_camera(TableSetup(game="open_season", players=4, seed=102500, tilt=30.0, resolution=(1280, 720)))
    view = _view_of(camera, (1280, 720))
    built_in, taught = TokenReader(view, "horn", 4, False), TokenReader(view, "horn", 4, False, pack)
    assert built_in.accolade_line == WALL_THRESHOLD["accolade"]
    assert taught.accolade_line >= WALL_THRESHOLD["accolade"] + ACCOLADE_BACK_MARGIN
    false_before = 0
    for scene in (12, 20):
        truth = twin.descriptions[scene].players
        assert truth[0].accolades >= 1 and all(p.accolade_wilds == 0 for p in truth)
        image = Renderer().render(with_art(twin.scenes()[scene], art), camera,
                                  RenderOptions(lighting=Lighting(**LIGHTINGS["evening"])), seed=scene).image
        false_before += sum(t.accolade_wilds for t in built_in.read(image).values())
        assert [t.accolade_wilds for t in taught.read(image).values()] == [0, 0, 0, 0]
    assert false_before >= 2  # the built-in line reads the back's discs as tokens
