"""A power F swapping an unsure stack top for a tile the board holds twice, then the next player's
turn: one scene, the swap offered and followed.

Advanced bench seed 72550 through the pixels (tilt 28.4, evening): Red swapped the white starfish
on D2 for one of its two white pearls with power F, D2's new top read at 0.37, then Yellow swapped
a tile on A1 too. The board reader does not count identical tiles (a space shows its top tile), so
Red's board looked as before, yet only chains leaving it exactly as it was were offered ("Red
passes", "Red swaps the white starfish for a white starfish"); the players said none of these and
the game was lost from move 282 (312/386 moves, 38 false alarms)."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import UsePower
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, QuestionAsked

SEED, RED_SWAPS_AT, D2 = 72550, 282, (1, 3)


def test_a_power_f_onto_an_unsure_top_before_the_next_turn_is_offered_and_followed() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="advanced")
    red_swap, yellow_swap = twin.truth.history[RED_SWAPS_AT: RED_SWAPS_AT + 2]
    assert isinstance(red_swap, UsePower) and red_swap.letter == "F" and red_swap.location == D2
    assert isinstance(yellow_swap, UsePower) and yellow_swap.letter == "F"
    tracked = tracked_until(twin, RED_SWAPS_AT)
    red_board = [tile.label() for tile in tracked.state.boards[0].object_tiles()]
    # the swap keeps every kind on Red's board: two white pearls, a white starfish already there
    assert red_board.count("white pearl") == 2 and red_swap.board_tile == "white pearl"
    assert "white starfish" in red_board
    truth = truth_after(twin, RED_SWAPS_AT + 2)
    observed = observation_from_state(truth)
    observed.tops[D2] = dataclasses.replace(observed.tops[D2], confidence=0.37)  # the new top read unsure
    for seat, board in observed.boards.items():  # as the pixel reader reports a board
        observed.boards[seat] = dataclasses.replace(board, tiles_counted=False, coins_counted=False)
    events = list(tracked.observe(observed))
    assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
    asked = [e.question.options for e in events if isinstance(e, QuestionAsked)]
    assert asked and (red_swap, yellow_swap) in asked[0], asked
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
