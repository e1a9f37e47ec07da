"""A die called cocked that lies flat must not lose the game (issue 17, game 94604): the players
answer "it lies flat", the recogniser reads that die's face anyway (while it lies there), and the
roll goes on. Through the real renderer, dice reader, pipeline, scene memory and tracked game;
the outline test is made to call one flat die cocked (as it did at frame 678 of game 94604)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from hardware.camera import SyntheticSource
from rules.octo_dice import Roll
from rules.octo_dice.components import DICE, FACES
from tracker.film import LIGHTINGS
from tracker.octo_dice import recogniser as recogniser_module
from tracker.octo_dice.adapter import OctoDiceAdapter
from tracker.octo_dice.dice import canonical_roll, kind_of
from tracker.octo_dice.film import dice_mat_scene
from tracker.octo_dice.groundtruth import GroundTruthRecogniser
from tracker.octo_dice.memory import DiceMemory
from tracker.octo_dice.recogniser import DicePixelRecogniser
from tracker.octo_dice.scoring import ScoredRecogniser
from tracker.octo_dice.twin import OctoDiceTwin, Placed
from tracker.pipeline import DEMO_GATE, Pipeline
from tracker.session import MoveConfirmed, TrackedGame
from tracker.stillness import StillnessGate
from vision.render.camera import CameraModel
from vision.render.effects import Lighting
from vision.render.renderer import Renderer, RenderOptions

PLACES = [(200.0, 250.0), (300.0, 250.0), (400.0, 250.0), (200.0, 400.0), (300.0, 400.0), (400.0, 400.0)]
CALLED_COCKED = (300.0, 400.0)
"""The flat die that the outline test is made to call cocked."""


def _first_roll() -> tuple[dict[str, Placed], Roll]:
    layout = {d: Placed(d, FACES[d][k % len(FACES[d])], x, y, 15.0 * k)
              for k, (d, (x, y)) in enumerate(zip(DICE, PLACES, strict=True))}
    roll = canonical_roll(DICE, [(kind_of(d), p.face) for d, p in layout.items()])
    assert roll is not None
    return layout, roll


def _pipeline(frames: list[Any], recogniser: Any) -> Pipeline:
    state = OctoDiceTwin(2, 11, max_turns=1).tracker_initial_state()  # waits for the first roll of 6
    return Pipeline(SyntheticSource(frames), recogniser, TrackedGame(state, OctoDiceAdapter()), calibrate=False,
                    gate=StillnessGate(DEMO_GATE), memory=DiceMemory())


def _step(pipe: Pipeline, n: int) -> list[Any]:
    events: list[Any] = []
    for _ in range(n):
        update = pipe.step()
        assert update is not None
        events += update.events
    return events


def _first_roll_with_a_die_called_cocked(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, CameraModel, Roll]:
    """The first roll rendered (the image, its camera, the roll), with the outline test made to
    call the flat die at ``CALLED_COCKED`` cocked."""
    layout, roll = _first_roll()
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=90.0, resolution=(1920, 1080))
    image = Renderer().render(dice_mat_scene(layout, 7), camera,
                              RenderOptions(lighting=Lighting(**LIGHTINGS["day"])), seed=11).image
    real_fit = recogniser_module.fit_flat

    def outline_test_wrong_here(*args: Any, **kwargs: Any) -> Any:
        fit = real_fit(*args, **kwargs)
        centre_mm = args[3]
        if math.dist(centre_mm, CALLED_COCKED) < 12.0:  # this flat die's outline "fits no flat die"
            return replace(fit, unexplained_mm2=fit.unexplained_mm2 + 100.0)
        return fit

    monkeypatch.setattr(recogniser_module, "fit_flat", outline_test_wrong_here)
    return image, camera, roll


def test_a_flat_die_called_cocked_is_read_once_the_players_say_it_lies_flat(monkeypatch: pytest.MonkeyPatch) -> None:
    image, camera, roll = _first_roll_with_a_die_called_cocked(monkeypatch)
    scored = ScoredRecogniser(DicePixelRecogniser(camera=camera))
    pipe = _pipeline([image] * 8, scored)
    events = _step(pipe, 4)  # the scene settles and is read: refused, nothing confirmed
    assert not [e for e in events if isinstance(e, MoveConfirmed)]
    assert pipe.refused is not None and "black die" in str(pipe.refused) and "is cocked" in str(pipe.refused)
    (x, y), = pipe.refused.places
    assert math.dist((x, y), CALLED_COCKED) < 10.0
    assert not [e for e in _step(pipe, 2) if isinstance(e, MoveConfirmed)]  # still waiting: nobody answered
    assert pipe.tracked.state.history == []

    assert pipe.overrule()  # the players: "it lies flat"
    assert pipe.refused is None and not pipe.overrule()  # one answer per refusal
    confirmed = [e for e in _step(pipe, 1) if isinstance(e, MoveConfirmed)]
    assert [e.move for e in confirmed] == [roll]  # the same still scene read again, every die by its face
    assert pipe.stats.overruled == 1 and scored.figures()["cocked_overruled"] == 1
    # the word lasts while the die lies there: the same mat read again is no new refusal
    observed = scored.inner.read(image)
    assert not any(d.cocked for d in observed.dice)


def test_an_overruled_scene_is_read_even_when_the_next_frame_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 98705: the virtual player's roll was refused (a flat die called cocked) on its last
    still frame; the players said it lies flat, but the next frame was already the next roll in
    the air, so the scene was never read and the next roll was taken for it. The scene the players
    looked at is read on the next step, whatever the table does by then."""
    image, camera, roll = _first_roll_with_a_die_called_cocked(monkeypatch)
    moving = np.ascontiguousarray(image[::-1])  # the next roll in the air: nothing like the scene
    pipe = _pipeline([image] * 4 + [moving] * 3, ScoredRecogniser(DicePixelRecogniser(camera=camera)))
    _step(pipe, 4)  # the scene settles on its last still frame and is refused
    assert pipe.refused is not None
    assert pipe.overrule()
    update = pipe.step()  # the table moves now
    assert update is not None and update.gate == "moving"
    assert [e.move for e in update.events if isinstance(e, MoveConfirmed)] == [roll]
    assert not [e for e in _step(pipe, 2) if isinstance(e, MoveConfirmed)]  # read once, not again


def test_the_word_lapses_once_the_die_has_moved() -> None:
    """Ground-truth recogniser (no pixels): a die the truth calls cocked is read by its top face
    where the players said it lies flat, until no die lies there any more."""
    truth = {"components": [{"uid": "die 0", "state": {"kind": "white", "top_face": "lab", "cocked": True},
                             "pose": {"x": 300.0, "y": 300.0}, "visible_fraction": 1.0}]}
    rec = GroundTruthRecogniser()
    rec.overrule(((303.0, 298.0),))
    assert rec.recognise(truth).dice[0].face == "lab"
    moved = {"components": [dict(truth["components"][0], pose={"x": 380.0, "y": 420.0})]}
    with pytest.raises(ValueError, match="is cocked"):
        rec.recognise(moved)  # it moved: judged afresh
    with pytest.raises(ValueError, match="is cocked"):
        rec.recognise(truth)  # and the old word does not come back


def test_the_simulated_players_answer_truthfully() -> None:
    twin = OctoDiceTwin(2, 11, max_turns=1)

    def truth(cocked: bool) -> dict[str, Any]:
        return {"components": [
            {"uid": "die 0", "state": {"kind": "black", "cocked": cocked}, "pose": {"x": 300.0, "y": 400.0}},
            {"uid": "die 1", "state": {"kind": "white", "cocked": False}, "pose": {"x": 200.0, "y": 250.0}}]}

    assert twin.overrules(((304.0, 396.0),), truth(False))  # flat: "it lies flat"
    assert not twin.overrules(((304.0, 396.0),), truth(True))  # really cocked: they re-roll it
    assert not twin.overrules(((304.0, 396.0),), None)


def _truth_pipeline(cocked_at: tuple[float, float], frames: int = 8) -> tuple[Pipeline, Roll]:
    """The first roll of 6 as the renderer's truth, the die at ``cocked_at`` marked cocked (the
    ground-truth recogniser then calls it cocked, as the outline test did a flat die)."""
    import numpy as np

    from tracker.film import FilmFrame

    layout, roll = _first_roll()
    truth = {"components": [
        {"uid": f"die {k}", "state": {"kind": kind_of(d), "top_face": p.face.replace("-", " "),
                                      "cocked": (p.x, p.y) == cocked_at},
         "pose": {"x": p.x, "y": p.y}, "visible_fraction": 1.0} for k, (d, p) in enumerate(layout.items())]}
    image = np.full((90, 160, 3), 120, np.uint8)
    source = SyntheticSource([FilmFrame(image, dict(truth), k / 10) for k in range(frames)])
    state = OctoDiceTwin(2, 11, max_turns=1).tracker_initial_state()
    pipe = Pipeline(source, GroundTruthRecogniser(source.truth_of), TrackedGame(state, OctoDiceAdapter()),
                    calibrate=False, gate=StillnessGate(DEMO_GATE), memory=DiceMemory())
    return pipe, roll


@pytest.mark.parametrize("typed, overruled", [("flat", True), ("", False)])
def test_run_asks_the_players_at_a_live_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                              typed: str, overruled: bool) -> None:
    """``tablesight run`` (no twin): the refusal is printed and the answer typed; 'flat' reads the
    roll, Enter leaves the refusal standing (the players re-roll) and is not asked again."""
    import argparse
    from types import SimpleNamespace

    from ui.commands.run import _refused

    pipe, roll = _truth_pipeline(CALLED_COCKED)
    built = SimpleNamespace(pipeline=pipe, twin=None, truth_of=None)
    args = argparse.Namespace(answer="ask", json=False)
    asked: list[str] = []
    def player_types(prompt: str) -> str:
        asked.append(prompt)
        return typed

    monkeypatch.setattr("builtins.input", player_types)
    update = None
    while pipe.refused is None:
        update = pipe.step()
        assert update is not None
    assert update is not None and update.refused is not None and update.camera_ok
    assert _refused(built, update, args) is overruled
    assert "the camera will not read this: a black die at (300, 400) mm is cocked" in capsys.readouterr().out
    assert len(asked) == 1 and "'flat'" in asked[0]
    moves = [e.move for e in _step(pipe, 1) if isinstance(e, MoveConfirmed)]
    assert moves == ([roll] if overruled else [])
    if not overruled:
        assert not _refused(built, update, args) and len(asked) == 1  # asked once per refusal


def test_an_unattended_run_never_overrules(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    from types import SimpleNamespace

    from ui.commands.run import _refused

    pipe, _ = _truth_pipeline(CALLED_COCKED)
    update = None
    while pipe.refused is None:
        update = pipe.step()
        assert update is not None
    args = argparse.Namespace(answer="none", json=False)
    built = SimpleNamespace(pipeline=pipe, twin=None, truth_of=None)
    assert not _refused(built, update, args) and not _refused(built, update, args)
    assert capsys.readouterr().out.count("the camera's refusal stands") == 1
    assert pipe.stats.overruled == 0


def test_a_die_beside_one_the_reader_missed_is_not_judged() -> None:
    """Dev seed 97552: three dice in one blob, one of them unread; cutting off the read neighbour's
    share left a shape no flat die fits, and a flat die was called cocked. A component larger than
    the dice read in it (or cut by the view's edge) is now not judged."""
    import numpy as np

    from tracker.octo_dice.cocked import outline

    px = 4.0
    mask = np.zeros((176, 176), np.uint8)
    mask[40:104, 40:104] = 1  # the die read at the centre: 16 mm
    mask[40:104, 104:168] = 1  # a second die touching it, not read
    flat = 64.0 * 64.0 * 1.1
    assert outline(mask, (72.0, 72.0), [], px).sum() > 0  # without the rule: one (two-dice) outline
    assert outline(mask, (72.0, 72.0), [], px, flat_area_px=flat).sum() == 0  # not judged
    assert outline(mask, (72.0, 72.0), [(136.0, 72.0)], px, flat_area_px=flat).sum() > 0  # both read: judged
    alone = np.zeros_like(mask)
    alone[40:104, 40:104] = 1
    assert outline(alone, (72.0, 72.0), [], px, flat_area_px=flat).sum() > 0


def test_a_die_leaning_along_the_line_of_sight_is_found_by_its_top_face() -> None:
    """Its outline is a flat die's (7.6 mm² unexplained, under the bar), but the flat die that
    outline implies has its top face 4.7 mm from the tipped face the reader read."""
    from tests.tracker.test_octo_dice_cocked import _read
    from tracker.octo_dice.cocked import TOP_OFFSET_MM, UNEXPLAINED_MM2

    layout = {"white1": Placed("white1", "lab", 230.0, 300.0, 10.0),
              "black2": Placed("black2", "green-2", 320.0, 400.0, 25.0, cocked=True)}  # towards the camera
    recogniser, (observed, _) = _read(layout, 25.0, "day", azimuth=0.0)
    fits = dict(zip(observed.dice, recogniser.last_fits))
    black = next(d for d in observed.dice if d.kind == "black")
    white = next(d for d in observed.dice if d.kind == "white")
    black_fit, white_fit = fits[black], fits[white]
    assert black_fit is not None and white_fit is not None  # both judged by their outline
    assert black.cocked and black.face is None
    assert black_fit.unexplained_mm2 < UNEXPLAINED_MM2  # the outline alone would read it as a face
    assert black_fit.top_offset_mm > TOP_OFFSET_MM
    assert not white.cocked and white_fit.top_offset_mm < TOP_OFFSET_MM and white.face == "lab"


def test_a_die_the_classifier_calls_cocked_is_read_once_the_players_say_it_lies_flat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 95419 (run 8's models have a "cocked" class): a flat die the classifier called cocked
    stayed refused after "it lies flat" (the word only silenced the outline test), the roll was
    never read and the game derailed. Now the die is read by the classifier's likeliest face."""
    from vision.dice.reader import DiceReader

    layout, roll = _first_roll()
    camera = CameraModel.looking_at(tilt_deg=20.0, azimuth_deg=90.0, resolution=(1920, 1080))
    image = Renderer().render(dice_mat_scene(layout, 7), camera,
                              RenderOptions(lighting=Lighting(**LIGHTINGS["day"])), seed=11).image
    real_read = DiceReader.read_boxes  # the classifier's stage, as the pixel path calls it

    def classifier_calls_every_die_cocked(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = real_read(self, *args, **kwargs)
        result.dice = [replace(d, face_class=None, cocked=True, flat_face=d.face_class, flat_prob=d.classifier_prob)
                       for d in result.dice]
        return result

    monkeypatch.setattr(DiceReader, "read_boxes", classifier_calls_every_die_cocked)
    pipe = _pipeline([image] * 8, ScoredRecogniser(DicePixelRecogniser(camera=camera)))
    _step(pipe, 4)
    assert pipe.refused is not None and len(pipe.refused.places) == 6
    assert pipe.overrule()
    confirmed = [e.move for e in _step(pipe, 1) if isinstance(e, MoveConfirmed)]
    assert confirmed == [roll]


def test_an_overruled_scene_is_read_when_the_camera_ends_right_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 103101: the game's last roll was refused (a flat die called cocked) on the film's last
    frame and the players said it lies flat as the camera ended: the scene was never read, the
    last move was lost and so were the final scores. The scene the players looked at is read
    before the end is reported."""
    image, camera, roll = _first_roll_with_a_die_called_cocked(monkeypatch)
    pipe = _pipeline([image] * 4, ScoredRecogniser(DicePixelRecogniser(camera=camera)))
    _step(pipe, 4)  # the scene settles on the film's last frame and is refused
    assert pipe.refused is not None and pipe.tracked.state.history == []
    assert pipe.overrule()
    update = pipe.step()  # no frame comes any more: the overruled scene is read now
    assert update is not None and update.image is not None
    assert [e.move for e in update.events if isinstance(e, MoveConfirmed)] == [roll]
    end = pipe.step()  # then the end is reported, once
    assert end is not None and end.image is None and "stopped" in end.camera_message
    assert pipe.step() is None
    assert pipe.tracked.state.history == [roll]


def test_the_camera_end_reads_nothing_again_without_an_overrule(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal nobody answered stays a refusal when the camera ends: the scene is not read."""
    image, camera, _ = _first_roll_with_a_die_called_cocked(monkeypatch)
    pipe = _pipeline([image] * 4, ScoredRecogniser(DicePixelRecogniser(camera=camera)))
    _step(pipe, 4)
    assert pipe.refused is not None
    end = pipe.step()
    assert end is not None and end.image is None and not end.events
    assert pipe.step() is None and pipe.tracked.state.history == []
