"""A coin pile beside a board counted from the scene before: a Score that left a coin on the cube
is told from one that took it onto the pile (tracker/octocube/stack_heights.py
``StackHeightsConfig.count_coins``).

Fresh taught game 72809 (random printing 998183, 4 players, tilt 31.4, lamp; bench/teach.py
--octocube-games) asked 10 questions more than the same game read from the renderer's labels, all
Scores whose options differ only in how many tiles of a kind the scorer already held. Seen from
above a coin pile shows its top coin only (``BoardReading.coins_counted`` False), so at change 50,
"Purple scores from C4: collects a dark blue diamond, a dark blue pearl, leaving 2 on the cube",
the pile of 1 coin that Purple already had read alike for "collects a coin, a dark blue diamond,
a dark blue pearl, leaving 1" and the players were asked. At change 115 Blue took a coin onto its
pile of one ("collects a coin, leaving 4"), read alike for two coins; at change 107 Blue's pile of
one stayed ("collects a white pearl, leaving 5"), where the reference scene held that pile counted. The pile does not move when a
coin is put on it: its top's image slides along the parallax vector, 1.1 mm per coin there."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tracker.octocube_helpers import tracked_until, truth_after
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.octocube.stack_heights import StackHeights, StackHeightsConfig
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked

PRINTING, GAME, PLAYERS, TILT, LIGHT = 998_183, 72_809, 4, 31.4, "lamp"
PURPLE, BLUE = 3, 2
SCORES = {50: PURPLE, 107: BLUE, 115: BLUE}
"""The Score changes (twin change index) and their scorer: a pile kept at 1 (twice), a pile grown 1 -> 2."""
SINCE = {50: 49, 107: 105, 115: 114}
"""The scene each Score's tracking starts from: at 107, two scenes before, so that the reference
(change 106: Yellow rolls A4 -> A3) holds Blue's pile as counted there, as in the game (the
game's first rerun skipped a counted reference and still asked at changes 107 and 115)."""


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    return TwinGame(PLAYERS, GAME, illegal=1)


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    """The frames the stillness gate read before and after each Score, read by the taught pack."""
    art = tmp_path_factory.mktemp("art") / str(PRINTING)
    return {change: read_taught(taught_change_still(PRINTING, art, GAME, change, PLAYERS, TILT, LIGHT,
                                                    settled=1), PLAYERS)
            for score in SCORES for change in range(SINCE[score], score + 1)}


def _pile(twin: TwinGame, scene: int, seat: int) -> int:
    """The twin's coins beside ``seat``'s board in its ``scene``-th scene (0 when no pile)."""
    return next((c.state["stack_height"] for c in twin.scenes[scene].components if c.uid == f"coins {seat}"), 0)


def _tracked_through(twin: TwinGame, frames: dict[int, Any], score: int,
                     config: StackHeightsConfig) -> tuple[list[Any], Any, Any]:
    """The tracker in step at ``SINCE[score]``, each scene from there to the Score's annotated,
    followed (each move seen, no question) and remembered, then the Score's scene annotated and
    observed: its events, the annotated scene and the tracker."""
    since = SINCE[score]
    tracked = tracked_until(twin, twin.changes[since].truth_moves)
    memory = StackHeights(config)
    before = memory.annotate(frames[since])
    assert list(tracked.observe(before)) == [] and tracked.alert is None
    memory.remember(before, tracked.adapter.expected(tracked.state))
    for change in range(since + 1, score):
        before = memory.annotate(frames[change])
        events = list(tracked.observe(before))
        assert [type(e) for e in events] == [MoveConfirmed] and tracked.alert is None, events
        memory.remember(before, tracked.adapter.expected(tracked.state))
    if score - since > 1:  # the reference's pile was itself counted
        assert before.boards[SCORES[score]].coins_counted == config.count_coins
    now = memory.annotate(frames[score])
    return list(tracked.observe(now)), now, tracked


def test_the_scenes(twin: TwinGame, frames: dict[int, Any]) -> None:
    for score, seat in SCORES.items():
        assert "scores" in twin.changes[score].text and twin.changes[score].seat == seat
        assert _pile(twin, score, seat) == 1  # a pile of one before (the twin's scene before the change)
        for change in (score - 1, score):
            board = frames[change].boards[seat]
            assert board.coins == 1 and not board.coins_counted  # a pile, not counted, in one image
            assert board.coins_fingerprint is not None and board.coins_parallax_mm is not None
    assert _pile(twin, 51, PURPLE) == 1 and _pile(twin, 108, BLUE) == 1 and _pile(twin, 116, BLUE) == 2


@pytest.mark.parametrize("score", sorted(SCORES))
def test_the_pile_counted_the_score_followed(twin: TwinGame, frames: dict[int, Any], score: int) -> None:
    events, now, tracked = _tracked_through(twin, frames, score, StackHeightsConfig())
    seat = SCORES[score]
    assert now.boards[seat].coins_counted and now.boards[seat].coins == _pile(twin, score + 1, seat)
    assert not any(isinstance(e, (IllegalMoveAlert, QuestionAsked)) for e in events), events
    assert any(isinstance(e, MoveConfirmed) for e in events), events
    assert tracked.state.history == truth_after(twin, twin.changes[score].truth_moves).history


@pytest.mark.parametrize("score", sorted(SCORES))
def test_off_the_pile_is_not_counted_and_the_players_are_asked(twin: TwinGame, frames: dict[int, Any],
                                                               score: int) -> None:
    events, now, _ = _tracked_through(twin, frames, score, StackHeightsConfig(count_coins=False))
    assert not now.boards[SCORES[score]].coins_counted
    assert any(isinstance(e, QuestionAsked) for e in events), events
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
