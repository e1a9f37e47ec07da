"""Expert set-up: a bonus place that seems to hold a tile no face fits (fingers over the tile, bare
mat taken for one) says nothing of the tile there. Demo 102501 (printing 950000, tilt 15, day):
player 2's first tile under a hand read as face 10 and was confirmed; the true face 3 then showed
and the set-up was never matched again (17 false alarms in 60 moves)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from rules.open_season import OpenSeasonGame, OpenSeasonState
from rules.open_season.moves import ChooseBonusFace
from tracker.open_season.adapter import OpenSeasonAdapter
from tracker.open_season.view import observation_from_state
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TrackedGame
from vision.open_season.observation import OpenSeasonObservation
from vision.open_season.tokens import TokenReader


def _after_player_1s_choices() -> tuple[OpenSeasonState, OpenSeasonState]:
    """(the tracker's state once player 1 chose the four faces, the truth one choice later:
    player 2's first face on column 1)."""
    game = OpenSeasonGame(2, side="shield", expert=True)
    state = game.new_initial_state(7, hidden=True)
    while True:
        task = state.tasks[-1]
        if task[0] != "choose_face" or task[1] != 0:
            break
        state.push(next(m for m in state.legal_moves() if isinstance(m, ChooseBonusFace)))
    truth = state.clone()
    truth.push(next(m for m in truth.legal_moves() if isinstance(m, ChooseBonusFace) and m.column == 1))
    return state, truth


def _hidden_reading(truth: OpenSeasonState, face: int) -> OpenSeasonObservation:
    """The truth's table with player 2's column 1 read as ``face`` behind a hand."""
    seen = observation_from_state(truth)
    p2 = seen.players[1]
    return replace(seen, players={**seen.players, 1: replace(
        p2, bonus={**p2.bonus, 1: (face, False)}, bonus_unsure=frozenset({1}), bonus_hidden=frozenset({1}))})


def test_a_tile_under_a_hand_is_neither_confirmed_as_read_nor_an_alarm() -> None:
    state, truth = _after_player_1s_choices()
    chosen = truth.history[-1]
    assert isinstance(chosen, ChooseBonusFace)
    true_face = chosen.face
    wrong = next(f for f in (10, 11, 12, 13) if (f + 1) // 2 != (true_face + 1) // 2)
    tracked = TrackedGame(state, OpenSeasonAdapter())
    events = tracked.observe(_hidden_reading(truth, wrong))
    assert not [e for e in events if isinstance(e, (MoveConfirmed, IllegalMoveAlert, QuestionAsked))], events
    assert tracked.state.history == state.history
    # the hand gone, the tile read: its true face is confirmed
    events = tracked.observe(observation_from_state(truth))
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [truth.history[-1]]
    assert tracked.state.history == truth.history


def test_the_adapter_weighs_nothing_on_a_hidden_column_and_everything_on_a_read_one() -> None:
    _state, truth = _after_player_1s_choices()
    want = observation_from_state(truth)
    hidden = _hidden_reading(truth, 13)
    assert OpenSeasonAdapter().differences(want, hidden) == []
    seen = replace(hidden, players={**hidden.players, 1: replace(hidden.players[1], bonus_hidden=frozenset(),
                                                                     bonus_unsure=frozenset())})
    (read,) = OpenSeasonAdapter().differences(want, seen)
    assert "player 2's bonus tile on column 1 reads (13, False)" in read.description and read.weight > 0


def _rendered_set_up() -> tuple[np.ndarray, TokenReader, dict[int, tuple[int, bool]]]:
    """A 2-player Shield expert table once every bonus face is chosen, rendered at 1280x720 (tilt
    15, as demo 102501), its token reader and player 1's true tiles."""
    from tracker.open_season.twin import OpenSeasonTwin
    from vision.render.camera import CameraModel
    from vision.render.open_season_scene import open_season_scene
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(2, 90020, side="shield", expert=True, max_moves=8, illegal=0)
    table = twin.descriptions[8]
    camera = CameraModel.looking_at(tilt_deg=15, azimuth_deg=0, resolution=(1280, 720))
    rendered = Renderer().render(open_season_scene(table, seed=1), camera, RenderOptions(), seed=2)
    reader = TokenReader.from_ground_truth(rendered.ground_truth, "shield", 2, True)
    return rendered.image, reader, dict(table.players[0].bonus)


def _fingers_over(image: np.ndarray, reader: TokenReader, seat: int, column: int) -> np.ndarray:
    """Three skin-coloured fingers laid across a bonus tile (as the twin's hands show them)."""
    (_key, (cx, cy), _yaw) = next(p for p in reader._sampler._bonus_places if p[0] == (seat, column))
    out = image.copy()
    for dy in (-6.0, 0.0, 6.0):
        a, b = reader.view.project(np.array([[cx - 14.0, cy + dy], [cx + 14.0, cy + dy]]))
        cv2.line(out, tuple(int(v) for v in a), tuple(int(v) for v in b), (120, 160, 215), 4)
    return out


def test_fingers_over_a_rendered_tile_make_its_column_hidden_not_another_face() -> None:
    image, reader, truth = _rendered_set_up()
    clean = reader.read(image)[0]
    assert clean.bonus == truth and not clean.bonus_hidden
    covered = reader.read(_fingers_over(image, reader, 0, 1))[0]
    assert covered.bonus_hidden == frozenset({1}), covered.bonus
    assert 1 in covered.bonus_unsure
    assert any(d.startswith("player 1: bonus tile in column 1 (") for d in covered.doubts), covered.doubts
    assert {c: covered.bonus[c] for c in (2, 3, 4)} == {c: truth[c] for c in (2, 3, 4)}
