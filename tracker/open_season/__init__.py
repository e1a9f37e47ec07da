"""Open Season at the table: everything the generic tracker needs that is special to Open Season.

``view`` (state -> table -> observation, one path for the tracker and the twin), ``adapter``
(move inference), ``groundtruth`` (the twin's labels), ``prompts``, ``twin`` (the digital-twin
game for the demo and the bench). Options: ``side`` ('horn' or 'shield') and ``expert``.
"""

from __future__ import annotations

from typing import Any

from rules.core import Game, RulesError, State
from tracker.adapter import GameAdapter
from tracker.table import DemoFilm, FrameRecogniser, TableGame, TableSetup, TrackerSetupError

SIDES = ("horn", "shield")


class OpenSeasonTable(TableGame):
    name = "open_season"
    reads_pixels = True
    demo_resolution = (1280, 720)
    """At 960x540 (0.67 px/mm) the card reader confuses attribute icons (wall and inn cards 99.0 %,
    stock cards 24/28 on the tuning tables); at 1280x720 28/28 (docs/open_season.md)."""

    def new_game(self, setup: TableSetup) -> Game[Any]:
        from rules.open_season import OpenSeasonGame

        side = setup.options.get("side", "horn")
        expert = setup.options.get("expert", False)
        if side not in SIDES:
            raise TrackerSetupError(f"open_season side must be horn or shield, not {side!r}")
        if not isinstance(expert, bool):
            raise TrackerSetupError(f"open_season expert must be true or false, not {expert!r}")
        if not 2 <= setup.players <= 4:
            raise TrackerSetupError(f"open_season is for 2-4 players, not {setup.players}")
        try:
            return OpenSeasonGame(setup.players, side=str(side), expert=expert)
        except RulesError as exc:
            raise TrackerSetupError(str(exc)) from None

    def unseen_state(self, game: Game[Any], setup: TableSetup) -> State:
        """Seat 0 starts (seat the players clockwise from whoever was drawn to start); the deck
        is unseen, so every draw is read from the table."""
        from rules.open_season import OpenSeasonGame

        assert isinstance(game, OpenSeasonGame)
        return game.new_initial_state(setup.seed, hidden=True)

    def adapter(self, game: Game[Any]) -> GameAdapter[Any, Any]:
        from tracker.open_season.adapter import OpenSeasonAdapter

        return OpenSeasonAdapter()

    def pixel_recogniser(self, game: Game[Any], *, camera: Any = None, profile_of: Any = None,
                         pack: Any = None) -> FrameRecogniser:
        try:
            import vision.open_season.cards  # noqa: F401
            import vision.open_season.tokens  # noqa: F401
        except ImportError as exc:
            raise TrackerSetupError(f"the Open Season readers (vision/open_season) cannot be loaded ({exc})") from None
        if pack is not None and getattr(pack, "game", "open_season") != "open_season":
            raise TrackerSetupError(f"the taught pack is a copy of {pack.game}, not of Open Season")
        from tracker.open_season.recogniser import OpenSeasonPixelRecogniser

        return OpenSeasonPixelRecogniser(game.side, game.num_players,  # type: ignore[attr-defined]
                                         game.expert, camera=camera,  # type: ignore[attr-defined]
                                         profile_of=profile_of, pack=pack)

    def truth_recogniser(self, game: Game[Any], truth_of: Any, setup: TableSetup) -> FrameRecogniser:
        from tracker.open_season.groundtruth import GroundTruthRecogniser

        return GroundTruthRecogniser(game.side, game.num_players,  # type: ignore[attr-defined]
                                     doubt=setup.doubt, seed=setup.seed, truth_of=truth_of)

    def demo_film(self, setup: TableSetup) -> DemoFilm:
        from tracker.film import demo_camera, drifting_lightings, film, film_timing, load_art
        from tracker.open_season.twin import OpenSeasonTwin

        game = self.new_game(setup)
        twin = OpenSeasonTwin(setup.players, setup.seed, side=game.side,  # type: ignore[attr-defined]
                              expert=game.expert, illegal=setup.illegal,  # type: ignore[attr-defined]
                              max_moves=setup.moves or None)
        camera, timing = demo_camera(setup), film_timing(setup)
        lightings = drifting_lightings(setup.lighting, len(twin.changes), setup.seed)
        frames = film(twin.scenes(), twin.sides(), camera, lightings, seed=setup.seed, timing=timing,
                      art=load_art(setup))
        return DemoFilm(twin, frames, timing.fps, camera)

    def prompt(self, state: State) -> str:
        from tracker.open_season.prompts import open_season_prompt

        return open_season_prompt(state)  # type: ignore[arg-type]
