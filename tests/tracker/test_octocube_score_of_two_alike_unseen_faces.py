"""A Score of two unseen faces alike, onto a board read as piles (one tile of a kind shows), is
offered: both faces named at once as that kind.

Fresh steep bench seed 72599 through the pixels (4 players, tilt 34.3, daylight): Purple's bottom,
north and east faces had never been seen; Blue pivoted, then Purple scored its bottom and north
faces, two light blue amphoras, onto a board that then showed one light blue amphora. Only one
face named at a time was offered, the players said none of these, and the game was lost from
move 57 (57/283 moves, 88 false alarms)."""

from __future__ import annotations

from rules.octocube.moves import Pivot, Score
from rules.octocube.unknowns import UNKNOWN
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.tracker.test_octocube_unseen_score import _seen_as_piles
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert

SEED, BLUE_PIVOTS_AT, PURPLE = 72599, 57, 3


def test_a_score_of_two_unseen_faces_alike_is_offered() -> None:
    twin = TwinGame(4, SEED, illegal=3, mode="advanced")
    pivot, score = twin.truth.history[BLUE_PIVOTS_AT: BLUE_PIVOTS_AT + 2]
    assert isinstance(pivot, Pivot) and isinstance(score, Score) and set(score.faces) == {"bottom", "north"}
    tracked = tracked_until(twin, BLUE_PIVOTS_AT)
    faces = tracked.state.cubes[PURPLE].faces
    for face in ("bottom", "north", "east"):  # as through the pixels: never seen
        faces[face] = UNKNOWN
    truth = truth_after(twin, BLUE_PIVOTS_AT + 2)
    assert truth.cubes[PURPLE].faces["bottom"] == truth.cubes[PURPLE].faces["north"]  # two alike
    observed = _seen_as_piles(observation_from_state(truth))  # from above: one tile of each kind shows
    events = list(tracked.observe(observed))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert tracked.state.boards[PURPLE].object_tiles() == truth.boards[PURPLE].object_tiles()
