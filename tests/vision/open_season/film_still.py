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


class TaughtFilm:
    """One taught Open Season bench game as its still tests need it: the printing's random art and
    the pack the bench teaches from its two teach photos, the game's twin, and a still frame per
    change, each made once per process (the tests of one file share them)."""

    def __init__(self, *, printing: int, game: int, players: int, side: str, expert: bool, tilt: float,
                 light: str) -> None:
        self.printing, self.game, self.players, self.side, self.expert = printing, game, players, side, expert
        self.tilt, self.light = tilt, light
        self._art_and_pack: tuple[Any, Any] | None = None
        self._twin: Any = None
        self._stills: dict[int, tuple[Any, np.ndarray]] = {}

    def art_and_pack(self) -> tuple[Any, Any]:
        """(the printing's art, its pack taught from the bench's two teach photos)."""
        if self._art_and_pack is None:
            from vision.render.random_art import random_pack
            from vision.render.renderer import Renderer

            from tests.vision.teach_photos import taught_pack

            art = random_pack(self.printing)
            self._art_and_pack = art, taught_pack("open_season", art, self.printing, "random", Renderer())
        return self._art_and_pack

    def twin(self) -> Any:
        """The game's twin, its one illegal change included (as the bench plays it)."""
        if self._twin is None:
            from tracker.open_season.twin import OpenSeasonTwin

            self._twin = OpenSeasonTwin(self.players, self.game, side=self.side, expert=self.expert, illegal=1)
        return self._twin

    def still(self, change: int) -> tuple[Any, np.ndarray]:
        """(the camera, the film's frame) one frame into the still scene after twin change ``change``."""
        if change not in self._stills:
            self._stills[change] = film_still(players=self.players, game=self.game, side=self.side,
                                              expert=self.expert, tilt=self.tilt, light=self.light,
                                              twin=self.twin(), art=self.art_and_pack()[0], change=change)
        return self._stills[change]
