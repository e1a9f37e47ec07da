"""A Score that takes two faces nobody saw onto a board read as piles: both faces are named at
once, each as a kind on the board, and the Score is offered.

Advanced bench seed 72545 through the pixels (tilt 28.9, lamp): Blue's south and east faces had
never been seen; Blue scored them with its top and west faces. One face named at a time formed no
chain that took both, "no legal move explains the table" was raised, and the game was lost from
move 100 (100/386 moves, 202 false alarms)."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import Score
from rules.octocube.unknowns import UNKNOWN
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert

SEED, BLUE_SCORES_AT, BLUE = 72545, 100, 2


def test_a_score_of_two_unseen_faces_is_offered_and_names_both() -> None:
    twin = TwinGame(3, SEED, illegal=0, mode="advanced")
    (score,) = twin.truth.history[BLUE_SCORES_AT: BLUE_SCORES_AT + 1]
    assert isinstance(score, Score) and {"south", "east"} <= set(score.faces)
    tracked = tracked_until(twin, BLUE_SCORES_AT)
    faces = tracked.state.cubes[BLUE].faces
    for face in ("south", "east"):  # as through the pixels: never seen
        faces[face] = UNKNOWN
    truth = truth_after(twin, BLUE_SCORES_AT + 1)
    observed = observation_from_state(truth)
    board = observed.boards[BLUE]
    kinds = {t.label(): t for t in board.tiles}  # seen from above: one tile of each kind shows
    observed.boards[BLUE] = dataclasses.replace(board, tiles=tuple(kinds.values()), tiles_counted=False)
    events = list(tracked.observe(observed))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    answer_truthfully(truth, tracked, events)  # which Score, then what the faces were
    assert tracked.state.history == truth.history
    assert sorted(t.label() for t in tracked.state.boards[BLUE].object_tiles()) == \
        sorted(t.label() for t in truth.boards[BLUE].object_tiles())
