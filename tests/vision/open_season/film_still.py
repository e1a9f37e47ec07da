"""One frame of a taught Open Season demo film's still scene, drawn as ``tracker.film.film`` draws
it (rendered once, then that frame's sensor noise, drawn in order from the film's one stream), so a
test reads what the game read without playing the film up to it."""

from __future__ import annotations

from typing import Any

import numpy as np


def film_still(*, players: int, game: int, side: str, expert: bool, tilt: float, light: str, twin: Any,
               art: Any, change: int) -> tuple[Any, np.ndarray]:
    """(the camera, the film's frame) one frame into the still scene after twin change ``change`` of
    ``twin`` (the film of game ``game``), its components drawn in ``art``."""
    from tracker.film import demo_camera, drifting_lightings, film_timing
    from tracker.table import TableSetup
    from vision.render.art_pack import with_art
    from vision.render.renderer import Renderer, RenderOptions

    setup = TableSetup(game="open_season", players=players, seed=game, tilt=tilt, resolution=(1280, 720),
                       lighting=light, options={"side": side, "expert": expert}, illegal=1, moves=0, source="demo")
    timing = film_timing(setup)
    per = timing.reach_frames + timing.hold_frames + timing.retreat_frames + timing.still_frames
    first = timing.still_frames + change * per + timing.reach_frames + timing.hold_frames + timing.retreat_frames
    options = RenderOptions(lighting=drifting_lightings(light, len(twin.changes), game)[change], hands=(),
                            table_seed=game % 997)
    image = Renderer().render(with_art(twin.scenes()[change + 1], art), demo_camera(setup), options,
                              seed=game * 100_003 + first).image
    noise = np.random.default_rng(game)
    for _ in range((change + 1) * (timing.still_frames - 1)):  # the frames before this one
        noise.normal(0.0, 2.0, image.shape[:2] + (1,))
    sensor = noise.normal(0.0, 2.0, image.shape[:2] + (1,)).astype(np.int16)
    return demo_camera(setup), np.clip(image.astype(np.int16) + sensor, 0, 255).astype(np.uint8)
