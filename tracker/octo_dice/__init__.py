"""Octo Dice at the table: everything the generic tracker needs that is special to Octo Dice.

``observation`` (the mat and the readings), ``dice`` (which engine die is which, the layout a
position implies), ``adapter`` (the roll procedure as move inference), ``memory`` (where each die
lay: tumbled, turned by hand or left), ``groundtruth`` (the twin's labels), ``twin`` and ``film``
(the digital-twin game for the demo and the bench), ``prompts``.
"""

from __future__ import annotations

from typing import Any

from rules.core import Game, RulesError, State
from tracker.adapter import GameAdapter
from tracker.table import DemoFilm, FrameRecogniser, SceneMemory, TableGame, TableSetup, TrackerSetupError

VARIANTS = (None, "solo", "virtual")


def _variant(setup: TableSetup) -> str | None:
    variant = setup.options.get("variant")
    if variant in ("", "none", "standard"):
        variant = None
    if variant is None and setup.players == 1:
        variant = "solo"  # one player: the solo game
    if variant not in VARIANTS:
        raise TrackerSetupError(f"octo_dice variant must be solo or virtual, not {variant!r}")
    return variant


class OctoDiceTable(TableGame):
    name = "octo_dice"
    demo_resolution = (1920, 1080)
    reads_ahead = True  # the dice are read in ~60-90 ms, and the players wait for the roll shown

    def new_game(self, setup: TableSetup) -> Game[Any]:
        from rules.octo_dice import OctoDiceGame

        if not 1 <= setup.players <= 4:
            raise TrackerSetupError(f"octo_dice is for 1-4 players, not {setup.players}")
        try:
            return OctoDiceGame(setup.players, variant=_variant(setup), tiles=setup.options.get("tiles"))
        except RulesError as exc:
            raise TrackerSetupError(str(exc)) from None

    def unseen_state(self, game: Game[Any], setup: TableSetup) -> State:
        return game.new_initial_state(seed=setup.seed)

    def adapter(self, game: Game[Any]) -> GameAdapter[Any, Any]:
        from tracker.octo_dice.adapter import OctoDiceAdapter

        return OctoDiceAdapter()

    def pixel_recogniser(self, game: Game[Any], *, camera: Any = None, profile_of: Any = None,
                         pack: Any = None) -> FrameRecogniser:
        if pack is not None:
            raise TrackerSetupError("Octo Dice has no printing to teach: its dice read as they are")
        try:
            import onnxruntime  # noqa: F401
        except ImportError as exc:
            raise TrackerSetupError(f"the dice reader (vision/dice) cannot be loaded ({exc})") from None
        from tracker.octo_dice.recogniser import DicePixelRecogniser
        from tracker.octo_dice.scoring import ScoredRecogniser

        return ScoredRecogniser(DicePixelRecogniser(camera=camera, profile_of=profile_of))

    def truth_recogniser(self, game: Game[Any], truth_of: Any, setup: TableSetup) -> FrameRecogniser:
        from tracker.octo_dice.groundtruth import GroundTruthRecogniser
        from tracker.octo_dice.scoring import ScoredRecogniser

        return ScoredRecogniser(GroundTruthRecogniser(truth_of), truth_of)

    def demo_film(self, setup: TableSetup) -> DemoFilm:
        from tracker.film import demo_camera, drifting_lightings, film_timing
        from tracker.octo_dice.film import film_twin
        from tracker.octo_dice.twin import OctoDiceTwin

        game = self.new_game(setup)
        turns = int(setup.options.get("turns", 0) or 0)
        from tracker.octo_dice.twin import COCKED_SHARE

        cocked = float(setup.options.get("cocked_share", COCKED_SHARE))  # 0: no die ever lands cocked
        twin = OctoDiceTwin(setup.players, setup.seed, variant=getattr(game, "variant", None),
                            illegal=setup.illegal, max_turns=turns or None, cocked_share=cocked)
        camera, timing = demo_camera(setup), film_timing(setup)
        lightings = drifting_lightings(setup.lighting, len(twin.changes), setup.seed)
        frames = film_twin(twin, camera, lightings, seed=setup.seed, timing=timing)
        return DemoFilm(twin, frames, timing.fps, camera)

    def scene_memory(self, setup: TableSetup) -> SceneMemory | None:
        from tracker.octo_dice.memory import DiceMemory

        return DiceMemory()

    def prompt(self, state: State) -> str:
        from tracker.octo_dice.prompts import octo_dice_prompt

        return octo_dice_prompt(state)  # type: ignore[arg-type]
