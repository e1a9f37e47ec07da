"""Boards read as the taught reader reads them (identical tiles on one space once, a coin pile as
one coin) do not make a player look as if they moved (tracker/octocube/adapter.py
``_board_reads_changed``).

Fresh taught game 72780 (printing 998161, 2 players, tilt 2.6, evening), changes 150-152: Yellow
pivots its cube on C2, Red pivots its bare cube on C4 (neither scene shows a change the tracker
takes), then Yellow rolls east onto D2. Red's board holds two alike tiles, so compared raw with
the uncounted reading it always read "changed": Red seemed to have moved, and the round after
Yellow's own pivot (``round_after_own_pivot``, tried only where nobody else changed) was never
offered. "Yellow rolls east" alone fitted by Yellow's top read at 0.79 and was confirmed with
Yellow's cube turned wrong; at Red's next roll no legal move explained the table and the game was
lost (149/200 moves, 32 false alarms). Here the perfect scenes with the boards read uncounted and
Yellow's cube read at the film's confidence."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.tracker.octocube_helpers import answer_truthfully, truth_after, tracked_until
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked

GAME, PLAYERS = 72_780, 2
RED_ROLLED, YELLOW_ROLLED, RED_ROLLS_AGAIN = 149, 152, 153  # the changes
YELLOW = 1


@pytest.fixture(scope="module")
def twin() -> TwinGame:
    twin = TwinGame(PLAYERS, GAME, illegal=1)
    assert twin.changes[150].text.startswith("Yellow pivots") and twin.changes[151].text.startswith("Red pivots")
    assert twin.changes[YELLOW_ROLLED].text == "Yellow rolls east from C2 to D2"
    return twin


def _uncounted(seen: Any, yellow: float) -> Any:
    """``seen`` with every board read uncounted and Yellow's cube at ``yellow``."""
    boards = {seat: replace(b, tiles=tuple({t.label(): t for t in b.tiles}.values()), coins=min(1, b.coins),
                            tiles_counted=False, coins_counted=False) for seat, b in seen.boards.items()}
    cubes = {**seen.cubes, YELLOW: replace(seen.cubes[YELLOW], confidence=yellow)}
    return replace(seen, boards=boards, cubes=cubes)


def _scene(twin: TwinGame, change: int, yellow: float = 1.0) -> Any:
    return _uncounted(observation_from_state(truth_after(twin, twin.changes[change].truth_moves)), yellow)


@pytest.mark.parametrize("yellow", [0.79, 1.0])
def test_the_round_after_the_own_pivot_is_asked_and_the_game_followed(twin: TwinGame, yellow: float) -> None:
    tracked = tracked_until(twin, twin.changes[RED_ROLLED].truth_moves)
    assert list(tracked.observe(_scene(twin, RED_ROLLED))) == []  # uncounted boards alone: no change
    events = list(tracked.observe(_scene(twin, YELLOW_ROLLED, yellow)))
    assert not any(isinstance(e, MoveConfirmed) for e in events), events  # never the roll alone
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert questions, events
    truth = truth_after(twin, twin.changes[YELLOW_ROLLED].truth_moves)
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    later = list(tracked.observe(_scene(twin, RED_ROLLS_AGAIN)))
    assert not any(isinstance(e, IllegalMoveAlert) for e in later), later
    assert [e.text for e in later if isinstance(e, MoveConfirmed)] == ["Red rolls east from C4 to D4"]
