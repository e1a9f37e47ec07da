"""Power F taking a stack top nobody named, a coin, onto a board whose coins are not counted: the
coin is offered as what was taken, and the swap followed.

Fresh steep advanced bench seed 72550 through the pixels (tilt 28.4, evening): Red rolled off C2,
whose top (a coin nobody had seen: the cube had stood on it) was read at 0.57, too unsure to name;
Red then took it with power F for its only green amphora. Only kinds new on Red's board were
offered for that top, never a coin (a coin pile shows one coin, however many lie under it), so no
chain was formed, "tiles left Red's board" was raised and the game was lost from move 313. Every
kind the board shows may be the one taken (a second tile of a kind shows nothing new either), so
the name is asked."""

from __future__ import annotations

import dataclasses

from rules.core import UNKNOWN
from rules.octocube import OctocubeState
from rules.octocube.moves import Roll, UsePower
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, QuestionAsked
from vision.octocube.observation import OctocubeObservation

SEED, RED_ROLLS_OFF_AT, C2 = 72550, 312, (1, 2)


def _as_the_pixels_read(truth: OctocubeState, unsure_top: float) -> OctocubeObservation:
    """``truth`` seen perfectly but for C2's top, read at ``unsure_top``, and boards read as piles."""
    observed = observation_from_state(truth)
    observed.tops[C2] = dataclasses.replace(observed.tops[C2], confidence=unsure_top)
    for seat, board in observed.boards.items():
        observed.boards[seat] = dataclasses.replace(board, tiles_counted=False, coins_counted=False)
    return observed


def test_a_coin_nobody_named_taken_by_power_f_is_named_and_the_swap_followed() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    roll, swap = twin.truth.history[RED_ROLLS_OFF_AT: RED_ROLLS_OFF_AT + 2]
    assert isinstance(roll, Roll) and isinstance(swap, UsePower) and swap.letter == "F" and swap.location == C2
    tracked = tracked_until(twin, RED_ROLLS_OFF_AT)
    rolled = truth_after(twin, RED_ROLLS_OFF_AT + 1)
    assert rolled.stacks[C2][-1].kind == "coin"
    events = list(tracked.observe(_as_the_pixels_read(rolled, 0.3)))  # the coin read too unsure to name
    answer_truthfully(rolled, tracked, events)
    assert tracked.state.history == rolled.history and tracked.state.stacks[C2][-1] is UNKNOWN
    assert [t.label() for t in tracked.state.boards[0].object_tiles()].count("green amphora") == 1
    swapped = truth_after(twin, RED_ROLLS_OFF_AT + 2)
    events = list(tracked.observe(_as_the_pixels_read(swapped, 0.58)))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    # the taken tile is named from what the board shows, and asked: a coin, or a second tile of a
    # kind Red's board holds (from above neither shows); the players name the coin
    asked = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert len(asked) == 1, events
    named = [i for i, option in enumerate(asked[0].options) if option == (swap,)
             and any(where == C2 and tile.kind == "coin" for where, tile in asked[0].reveals_before_each[i])]
    assert len(named) == 1, asked[0].option_texts
    tracked.answer(named[0])
    assert tracked.state.history == swapped.history
    assert tracked.state.boards[0].coins == swapped.boards[0].coins
