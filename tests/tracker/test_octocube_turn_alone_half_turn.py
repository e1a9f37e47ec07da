"""A cube top read a HALF turn off the turn the tracker expects is not weighed by the reader's
certainty of the turn alone (tracker/octocube/adapter.py ``turn_alone_quarter_only``, with
``weigh_turn_alone``): only a quarter turn off is.

Taught game 72722 (printing 997398, 4 players, tilt 17.6, evening; bench/teach.py
--octocube-games), change 164 (Yellow rolls east from C5 to D5 and picks up a light blue pearl):
Blue's cube on A1 wears a white pearl (turned 90), and the fine stage reads
it half round, its turn alone surer than the inference's margin. Weighed by the turn alone, a
half-turn pivot nobody made outweighed "nothing happened" on A1: the scene's only option was
"Yellow passes; then Blue pivots 180 on A1; ...; then Yellow rolls east", the players said none of
these, and the game raised a false alarm (one of 72722's three with ``weigh_turn_alone``,
docs/teach.md session 73, pivot73; each was a half-turn pivot nobody made). Real path: the
taught pack's reading of the film's still (the frame the stillness gate reads), answered with
what really happened.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, QuestionAsked
from vision.octocube.truth import scene_truth

PRINTING, GAME, PLAYERS, TILT, LIGHT, GRID = 997_398, 72_722, 4, 17.6, "evening", 5
BLUE, A1 = 2, (0, 0)
CHANGE = 164


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[CHANGE].text == "Yellow rolls east from C5 to D5 and picks up a light blue pearl"
    return twin


@pytest.fixture(scope="module")
def still(tmp_path_factory: pytest.TempPathFactory) -> Any:
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return taught_change_still(PRINTING, art, GAME, CHANGE, PLAYERS, TILT, LIGHT, settled=1)


@pytest.fixture(scope="module")
def scene(still: Any) -> Any:
    return read_taught(still, PLAYERS, grid=GRID)


def _follow(twin: TwinGame, scene: Any, adapter: OctocubeAdapter) -> tuple[list[Any], bool]:
    """The tracker, in step after change 163, sees change 164's still, questions answered
    truthfully: (the scene's events and the answers', whether its history is then the game's)."""
    tracked = tracked_until(twin, twin.changes[CHANGE - 1].truth_moves)
    tracked.adapter = adapter
    truth = truth_after(twin, twin.changes[CHANGE].truth_moves)
    events = list(tracked.observe(scene))
    events += answer_truthfully(truth, tracked, events)
    return events, tracked.state.history == truth.history


def _blue_half_round(still: Any, scene: Any) -> None:
    truth = scene_truth(still[1].ground_truth, GRID, PLAYERS)
    blue, turn = scene.cubes[BLUE], truth.cube_rotation[BLUE]
    assert blue.location == A1 == truth.cube_location[BLUE] and blue.top is not None, blue
    assert blue.top.label() == truth.cube_top[BLUE] == "white pearl", blue
    # read a half turn off the truth, its turn alone over the margin, the whole reading under it
    assert (blue.rotation - turn) % 360 == 180, (blue, turn)
    alone = blue.turn_alone_weight_confidence(turn)
    assert alone is not None and alone > 0.5 > blue.turn_weight_confidence(turn), blue


def test_a_half_turn_misread_is_weighed_by_the_whole_reading(twin: TwinGame, still: Any, scene: Any) -> None:
    _blue_half_round(still, scene)
    adapter = OctocubeAdapter()
    assert adapter.weigh_turn_alone and adapter.turn_alone_quarter_only  # the defaults
    events, in_step = _follow(twin, scene, adapter)
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    assert in_step


def test_off_the_half_turn_by_the_turn_alone_makes_a_false_alarm(twin: TwinGame, still: Any, scene: Any) -> None:
    """The cause pinned: every turn by the turn alone (pivot73's rule): the only option holds
    Blue's half-turn pivot; the truthful answer is none of them, and the tracker falls out of step."""
    _blue_half_round(still, scene)
    adapter = OctocubeAdapter()
    adapter.weigh_turn_alone, adapter.turn_alone_quarter_only = True, False
    events, in_step = _follow(twin, scene, adapter)
    asked = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert asked and all("Blue pivots the cube 180 degrees clockwise on A1" in text
                         for text in asked[0].option_texts), asked
    assert not in_step
