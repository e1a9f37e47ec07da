"""A cube placed on an edge space and read unsurely on the space next to it, off the edge, is
a placing read one space off, not an illegal placing (``OctocubeAdapter.place_beside_unsure_read``).

Fresh taught game 72853 (printing 998249, 3 players, tilt 13.5, day; session 79), change 117
(truth move 117): Blue places its cube from its personal area on E4 (top face down, picking up a
white starfish). The taught reading of the change's still, at settled 0, 1 and 2 alike, puts Blue's
cube on D4, one space off and not an edge space, at place confidence 0.33 (whole reading 0.166, its
top read bare), D4's stack top read covered at 0.33, E4's top a dark blue amphora at 0.12; every
other cube right. The tracker tried placings only on the space read: no chain at all, and
"Blue's cube was put on D4, which is not an edge space" was a false alarm (say line 193; cleared at
the next scene). The scene below is that reading (settled 1, the gate's frame), rebuilt on the
truth's position.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.octocube.moves import Place
from rules.octocube.state import tile_from_label
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.inference import IllegalObservation, Question, infer
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, QuestionAsked
from vision.octocube.observation import OctocubeObservation, StackTopReading

BLUE = 2
D3, D4, E4 = (2, 3), (3, 3), (3, 4)
MOVE = 117
"""Truth moves played before change 117 (Blue's placing is move 117, zero-based)."""

_TWIN: list[Any] = []


def _twin() -> Any:
    """The taught film's twin of game 72853 (standard, 1 illegal change, played to its end)."""
    if not _TWIN:
        _TWIN.append(TwinGame(3, 72853, illegal=1, max_moves=None, mode="standard"))
    return _TWIN[0]


def _read_one_space_off(seen: OctocubeObservation, at: Any = D4, place: float = 0.3307) -> OctocubeObservation:
    """``seen`` (Blue's cube on E4) as the taught recogniser read change 117's still (settled 1):
    Blue's cube on ``at`` at place confidence ``place``, its top bare at 0.165."""
    seen.cubes[BLUE] = replace(seen.cubes[BLUE], location=at, top=None, confidence=min(0.1654, place), rotation=None,
                               place_confidence=place)
    seen.tops[at] = StackTopReading(at, None, place, covered=True)
    seen.tops[E4] = StackTopReading(E4, tile_from_label("dark blue amphora"), 0.1218)
    return seen


def _scene() -> tuple[Any, Any, Any]:
    twin = _twin()
    placing = twin.truth.history[MOVE]
    assert placing == Place(location=E4, orientation=("top", "north"))
    truth = truth_after(twin, MOVE + 1)
    assert truth.cubes[BLUE].location == E4
    return twin, placing, truth


def test_the_placing_read_one_space_off_is_asked_not_an_alarm() -> None:
    twin, placing, truth = _scene()
    tracked = tracked_until(twin, MOVE)
    assert isinstance(tracked.adapter, OctocubeAdapter) and tracked.adapter.place_beside_unsure_read
    seen = _read_one_space_off(observation_from_state(truth))
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert isinstance(verdict, Question), verdict
    assert (placing,) in verdict.options
    events = list(tracked.observe(seen))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert any(isinstance(e, QuestionAsked) for e in events), events
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert tracked.state.history[MOVE] == placing


def test_off_the_unsure_placing_is_an_alarm_as_on_main() -> None:
    twin, _, truth = _scene()
    tracked = tracked_until(twin, MOVE)
    assert isinstance(tracked.adapter, OctocubeAdapter)
    tracked.adapter.place_beside_unsure_read = False
    seen = _read_one_space_off(observation_from_state(truth))
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert isinstance(verdict, IllegalObservation), verdict
    assert "Blue's cube was put on D4, which is not an edge space" in verdict.reason
    events = list(tracked.observe(seen))
    assert any(isinstance(e, IllegalMoveAlert) for e in events), events


def test_a_cube_read_surely_off_the_edge_is_still_an_alarm() -> None:
    """The same scene with Blue's cube read on D4 surely (a cube really put there): no placing on
    E4 is tried, and the illegal placing is flagged."""
    twin, _, truth = _scene()
    tracked = tracked_until(twin, MOVE)
    seen = _read_one_space_off(observation_from_state(truth), place=0.95)
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert isinstance(verdict, IllegalObservation), verdict
    assert "Blue's cube was put on D4, which is not an edge space" in verdict.reason


def test_a_cube_read_unsurely_two_spaces_off_is_still_an_alarm() -> None:
    """Blue's cube read on D3 (two spaces from E4, not an edge space) as unsurely: only
    neighbouring spaces are tried, so it stays an alarm."""
    twin, _, truth = _scene()
    tracked = tracked_until(twin, MOVE)
    seen = _read_one_space_off(observation_from_state(truth), at=D3)
    verdict = infer(tracked.state, seen, tracked.adapter)
    assert isinstance(verdict, IllegalObservation), verdict
    assert "Blue's cube was put on D3, which is not an edge space" in verdict.reason
