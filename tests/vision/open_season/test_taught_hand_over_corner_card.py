"""An arm held still over a corner card is a hand over the table (``occlusion.CARD_PROBES_AGAINST_BARE``;
issue 20, session 81, fresh81b).

The hand detector probes the cloth just outside the play area's edge and leaves out the probes on
the corner cards and their clearance: the two long cards (markers 0 and 2) lie along 97 mm of the
left and right edges, more than a forearm is wide. In the demo film a hand holds still for two
frames while the change happens under it, and the gate settles on the second. Fresh taught game
103091 (printing 998267, 4 players Shield expert, tilt 17, evening), twin change 93 ("Player 4
gives mage-earrings to player 4's stock"): the arm lay over card 2's inner end, was not seen, and
the frame was read with the hand over player 4's bonus tiles (columns 1 and 2 read as no tile): a
false alarm, and another at change 154 the same way. Session 80's fresh game 103087 (printing
998260, 3 players Shield expert, tilt 25, lamp), change 119 ("Player 2 steals from player 3"):
the arm over card 0's inner end, player 2's stock and bonus tiles read bare: its one false alarm,
untraced in session 80. The frames are the film's own (``tracker.film.film``, its noise included),
from the still scene four changes before to the one after the hand's, as the pipeline's gate lets
them through to the recogniser (whose detector remembers the bare ring of each frame it reads).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

GAMES = {
    # game: (printing, players, side, expert, tilt, light, twin change with the hand held over a card, mover)
    103091: (998267, 4, "shield", True, 17.0, "evening", 93, 3),
    103087: (998260, 3, "shield", True, 25.0, "lamp", 119, 1),
}


def _setup(game: int) -> Any:
    from tracker.table import TableSetup

    _, players, side, expert, tilt, light, _, _ = GAMES[game]
    return TableSetup(game="open_season", players=players, seed=game, tilt=tilt, resolution=(1280, 720),
                      lighting=light, options={"side": side, "expert": expert}, illegal=1, moves=0, source="demo")


@functools.cache
def _twin(game: int) -> Any:
    from tracker.open_season.twin import OpenSeasonTwin

    _, players, side, expert, _, _, _, _ = GAMES[game]
    return OpenSeasonTwin(players, game, side=side, expert=expert, illegal=1)


@functools.cache
def _art(game: int) -> Any:
    from vision.render.random_art import random_pack

    return random_pack(GAMES[game][0])


@functools.cache
def _frames(game: int) -> tuple[Any, list[tuple[Any, dict[str, Any]]]]:
    """(the camera, the film's frames the gate settles on, with their truth) from the still scene
    after the change four before the hand's to the still scene after it, in film order: the
    detector has seen three bare scenes (``MIN_READINGS``) when the hand holds still."""
    from tracker.build import demo_gate
    from tracker.film import demo_camera, drifting_lightings, film, film_timing
    from tracker.stillness import GateEvent, StillnessGate

    setup, twin, change = _setup(game), _twin(game), GAMES[game][6]
    camera, timing = demo_camera(setup), film_timing(setup)
    per = timing.still_frames + timing.reach_frames + timing.hold_frames + timing.retreat_frames
    start = timing.still_frames + (change - 4) * per + timing.reach_frames + timing.hold_frames + timing.retreat_frames
    frames = film(twin.scenes(), twin.sides(), camera, drifting_lightings(setup.lighting, len(twin.changes), game),
                  seed=game, timing=timing, art=_art(game), start=start)
    gate, moved, read = StillnessGate(demo_gate(timing.fps)), False, []
    for frame in frames:
        if frame.ground_truth["change_index"] > change:
            break
        event = gate.update(frame.image)
        moved = moved or event is GateEvent.MOVING
        if event is GateEvent.SETTLED_NEW or (event is GateEvent.SETTLED_SAME and moved):
            moved = False
            read.append((frame.image, frame.ground_truth))
    return camera, read


def _detector(game: int, on: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    from tracker.open_season.recogniser import _view_of
    from vision.open_season import occlusion

    monkeypatch.setattr(occlusion, "CARD_PROBES_AGAINST_BARE", on)
    camera, _ = _frames(game)
    return occlusion.HandDetector(_view_of(camera, (1280, 720)), remember=True)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("on", [True, False])
def test_the_arm_held_over_a_corner_card_is_seen(game: int, on: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The frames the gate lets through: the bare still frames are bare whether on or off; the
    hand's still frame (the twin's change under the hand) is covered on, and bare off, as in the game."""
    detector = _detector(game, on, monkeypatch)
    _, read = _frames(game)
    change = GAMES[game][6]
    held = [k for k, (_, truth) in enumerate(read) if truth["phase"] == "move" and truth["change_index"] == change]
    assert len(held) == 1, [(t["phase"], t["change_index"]) for _, t in read]
    seen = []
    for image, truth in read:
        report = detector.check(image)
        if truth["phase"] == "still":
            assert not report.occluded, (truth, report)
        seen.append(report.occluded)
    assert seen[held[0]] is on, seen
    if on:
        assert "over a corner card" in detector.check(read[held[0]][0]).reason


@functools.cache
def _pack(game: int) -> Any:
    from vision.render.renderer import Renderer

    from tests.vision.teach_photos import taught_pack

    return taught_pack("open_season", _art(game), GAMES[game][0], "random", Renderer())


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("on", [True, False])
def test_the_recogniser_waits_for_the_hand_and_reads_the_twins_bonus_tiles(
        game: int, on: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The taught recogniser over the same frames: on, the hand's frame is occluded (the pipeline
    waits for the next still scene) and every frame read shows the mover's bonus tiles as the
    twin's truth; off, the hand's frame is read, its bonus tiles unlike the truth (as in the game)."""
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from tracker.open_season.view import observation_from_table
    from vision.open_season import occlusion

    monkeypatch.setattr(occlusion, "CARD_PROBES_AGAINST_BARE", on)
    _, players, side, expert, _, _, change, mover = GAMES[game]
    camera, read = _frames(game)
    recogniser = OpenSeasonPixelRecogniser(side, players, expert, camera=camera, pack=_pack(game))
    twin = _twin(game)
    held_bonus = None
    for image, truth in read:
        observed = recogniser.recognise(image)
        want = observation_from_table(twin.descriptions[truth["change_index"] + 1]).players[mover].bonus
        if truth["phase"] == "move":  # a hand's still frame: the held one over the card is the question
            if truth["change_index"] == change:
                assert observed.occluded is on
                if not on:
                    held_bonus = observed.players[mover].bonus
            continue
        assert not observed.occluded
        assert observed.players[mover].bonus == want, (truth["change_index"], observed.players[mover].bonus, want)
    if not on:
        assert held_bonus is not None
        want = observation_from_table(twin.descriptions[change + 1]).players[mover].bonus
        assert held_bonus != want and len(held_bonus) < len(want), (held_bonus, want)


def test_the_card_probes_lie_on_the_long_cards_only_when_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """On, the ring's probes over the two long corner cards (left and right edges, 13 and 12 per
    line here) are kept for the bare comparison; off, none (the lines alone, as before)."""
    on = _detector(103091, True, monkeypatch)
    assert sorted({(side, len(pts)) for side, pts, _, _ in on._card_lines}) == [("left", 13), ("right", 12)]
    assert all(np.asarray(near).size == 12 for _, _, _, near in on._card_lines)
    assert _detector(103091, False, monkeypatch)._card_lines == []
