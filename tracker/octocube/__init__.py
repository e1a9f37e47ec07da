"""Octocube at the table: everything the generic tracker needs that is special to Octocube.

``adapter`` (move inference), ``deal`` (a live game's unseen start), ``prompts``, ``overlay``,
``recogniser`` (pixels) and ``groundtruth`` (the twin's labels), ``stack_heights`` (the scene
memory), ``twin`` (the digital-twin game for the demo and the bench).
"""

from __future__ import annotations

from typing import Any

from rules.core import Game, State
from tracker.adapter import GameAdapter
from tracker.table import DemoFilm, FrameRecogniser, OverlayItem, SceneMemory, TableGame, TableSetup, TrackerSetupError

MODES = ("standard", "kids", "advanced")


class OctocubeTable(TableGame):
    name = "octocube"

    def new_game(self, setup: TableSetup) -> Game[Any]:
        from rules.octocube import OctocubeGame

        mode = str(setup.options.get("mode", "standard"))
        if mode not in MODES:
            raise TrackerSetupError(f"octocube mode must be one of {', '.join(MODES)}, not {mode!r}")
        if not 2 <= setup.players <= 4:
            raise TrackerSetupError(f"octocube is for 2-4 players, not {setup.players}")
        return OctocubeGame(setup.players, mode=mode)

    def unseen_state(self, game: Game[Any], setup: TableSetup) -> State:
        from tracker.octocube.deal import unseen_deal

        try:
            return unseen_deal(game, setup.first_player)  # type: ignore[arg-type]
        except ValueError as exc:
            raise TrackerSetupError(str(exc)) from None

    def adapter(self, game: Game[Any]) -> GameAdapter[Any, Any]:
        from tracker.octocube.adapter import OctocubeAdapter

        return OctocubeAdapter()

    def pixel_recogniser(self, game: Game[Any], *, camera: Any = None, profile_of: Any = None,
                         pack: Any = None) -> FrameRecogniser:
        try:
            import vision.octocube.recogniser  # noqa: F401
        except ImportError as exc:
            raise TrackerSetupError(f"the Octocube recogniser (vision/octocube) cannot be loaded ({exc})") from None
        from tracker.octocube.recogniser import PixelRecogniser

        grid = game.grid_size  # type: ignore[attr-defined]
        mode = str(getattr(game, "mode", "standard"))
        if camera is not None:
            return PixelRecogniser.for_camera(grid, game.num_players, camera, mode=mode, pack=pack)
        return PixelRecogniser(grid, game.num_players, profile_of=profile_of, mode=mode, pack=pack)

    def truth_recogniser(self, game: Game[Any], truth_of: Any, setup: TableSetup) -> FrameRecogniser:
        from tracker.octocube.groundtruth import GroundTruthRecogniser

        return GroundTruthRecogniser(game.grid_size, game.num_players,  # type: ignore[attr-defined]
                                     doubt=setup.doubt, seed=setup.seed, truth_of=truth_of)

    def demo_film(self, setup: TableSetup) -> DemoFilm:
        from tracker.film import demo_camera, drifting_lightings, film, film_timing, load_art
        from tracker.octocube.twin import TwinGame, sides_for

        self.new_game(setup)  # checks players and mode
        twin = TwinGame(setup.players, setup.seed, illegal=setup.illegal, max_moves=setup.moves or None,
                        mode=str(setup.options.get("mode", "standard")))
        camera, timing = demo_camera(setup), film_timing(setup)
        lightings = drifting_lightings(setup.lighting, len(twin.changes), setup.seed)
        frames = film(twin.scenes, sides_for(twin.changes, setup.players), camera, lightings, seed=setup.seed,
                      timing=timing, art=load_art(setup))
        return DemoFilm(twin, frames, timing.fps, camera)

    def scene_memory(self, setup: TableSetup) -> SceneMemory | None:
        from tracker.octocube.stack_heights import StackHeights

        return StackHeights()

    def overlay(self, observed: Any, profile: Any) -> list[OverlayItem]:
        from tracker.octocube.overlay import octocube_overlay

        return octocube_overlay(observed, profile)

    def prompt(self, state: State) -> str:
        from tracker.octocube.prompts import octocube_prompt

        return octocube_prompt(state)  # type: ignore[arg-type]
