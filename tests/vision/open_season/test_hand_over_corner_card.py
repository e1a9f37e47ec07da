"""An arm that crosses the table's edge over a corner card, where the ring has no probe, is seen by
probes on the card against the bare card (``occlusion.CARD_PROBES_AGAINST_BARE``; issue 20, session
81: ostrace81 traced it and built the same idea, the lead kept fresh81b's switch and this test of the
game's own frames).

Session 80's fresh game 103087 (printing 998260, 3 players Shield expert, tilt 25, lamp) raised one
false alarm, "player 2's stock lacks gnome-eyepatch; player 2's bonus tiles on columns 1 and 2 read
None", at twin change 119 (player 2 steals from player 3). The stillness gate settled on the
change's third hand frame (frame 838: the film's hand is at full reach from its first frame), and
the hand detector let it through: the arm reaching player 2's stock crossed the near edge over the
near-left corner card, whose probes (with their clearance) the ring leaves out. The frames are the
demo film's own, those the game's recogniser read: the still scenes after changes 116-118 (frames
821, 828, 835), then frame 838.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

PRINTING, GAME, PLAYERS, SIDE, EXPERT, TILT, LIGHT = 998260, 103087, 3, "shield", True, 25.0, "lamp"
READ = (821, 828, 835, 838)
"""The frames the game's recogniser read from change 116's still scene to the hand frame."""
HAND_FRAME, STEAL = 838, 119


@functools.cache
def _frames() -> tuple[Any, dict[int, Any]]:
    """(the camera, frame index -> the film's frame) for ``READ``, the film entered at its first."""
    from tracker.film import demo_camera, drifting_lightings, film, film_timing
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.render.random_art import random_pack

    setup = TableSetup(game="open_season", players=PLAYERS, seed=GAME, tilt=TILT, resolution=(1280, 720),
                       lighting=LIGHT, options={"side": SIDE, "expert": EXPERT}, illegal=1, moves=0, source="demo")
    twin = OpenSeasonTwin(PLAYERS, GAME, side=SIDE, expert=EXPERT, illegal=1)
    assert twin.changes[STEAL].text == "Player 2 steals from player 3"
    camera = demo_camera(setup)
    frames = {}
    for frame in film(twin.scenes(), twin.sides(), camera, drifting_lightings(LIGHT, len(twin.changes), GAME),
                      seed=GAME, timing=film_timing(setup), art=random_pack(PRINTING), start=READ[0]):
        index = frame.ground_truth["frame_index"]
        if index in READ:
            frames[index] = frame
        if index >= READ[-1]:
            break
    return camera, frames


def _reports(monkeypatch: pytest.MonkeyPatch, on: bool) -> dict[int, Any]:
    from tracker.open_season.recogniser import _view_of
    from vision.open_season import occlusion

    monkeypatch.setattr(occlusion, "CARD_PROBES_AGAINST_BARE", on)
    camera, frames = _frames()
    detector = occlusion.HandDetector(_view_of(camera, (1280, 720)), remember=True)  # the recogniser's
    return {index: detector.check(frames[index].image) for index in READ}


def test_the_frames_are_the_games() -> None:
    _, frames = _frames()
    assert sorted(frames) == list(READ)
    truth = frames[HAND_FRAME].ground_truth
    assert truth["change_index"] == STEAL and truth["phase"] == "move"  # the hand over the table
    assert all(frames[i].ground_truth["phase"] == "still" for i in READ[:-1])


def test_the_arm_over_the_corner_card_is_seen_and_the_stills_are_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    reports = _reports(monkeypatch, on=True)
    assert reports[HAND_FRAME].occluded and "corner card" in reports[HAND_FRAME].reason
    assert not any(reports[i].occluded for i in READ[:-1])


def test_off_control_lets_the_hand_frame_through_as_the_game_did(monkeypatch: pytest.MonkeyPatch) -> None:
    reports = _reports(monkeypatch, on=False)
    assert not any(report.occluded for report in reports.values())
