"""A visible move taken as the mover's own is given back to the next player when the table goes
on without the mover's turn.

Advanced bench seed 61588 with perfect readings, move 104: Blue used power H on two coin stacks
that look alike (nothing changed in view), then Purple swapped C2 and D4 with power H; the one
still scene showed the swap, which the tracker took as Blue's (the shortest chain). When Red and
Yellow then rolled, every option had Purple's turn still to come (a pass or a pivot), the players
said none of them happened, and no recovery took Blue's swap back: the game was lost from move
104 (2444/2575 moves). A recovery now makes the taken-back moves again after a turn of the mover
that nobody saw (``OctocubeAdapter.amended_chains``), at once when the players reject the first
question (advanced 61804: two rejected questions before each such recovery)."""

from __future__ import annotations

from rules.octocube.moves import Roll, UsePower
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed, QuestionAsked

SEED, SWAPS_AT = 61588, 104


def test_a_swap_taken_as_the_movers_is_given_back_to_the_next_player_by_a_recovery() -> None:
    twin = TwinGame(4, SEED, illegal=0, mode="advanced")
    truth_moves = twin.truth.history
    unseen, swap, red, yellow = truth_moves[SWAPS_AT: SWAPS_AT + 4]
    assert isinstance(unseen, UsePower) and isinstance(swap, UsePower) and unseen.letter == swap.letter == "H"
    assert isinstance(red, Roll) and isinstance(yellow, Roll)
    tracked = tracked_until(twin, SWAPS_AT)
    blue = tracked.state.current_player()
    truth = truth_after(twin, SWAPS_AT + 2)
    # one still scene shows both turns: the swap is taken as Blue's own (the premise)
    events = list(tracked.observe(observation_from_state(truth)))
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [swap]
    assert tracked.state.current_player() != blue
    # Red rolls: the options have Purple's turn still to come; none of them happened
    truth.push(red)
    events = list(tracked.observe(observation_from_state(truth)))
    question = next(e.question for e in events if isinstance(e, QuestionAsked))
    assert not any(option[-1:] == (red,) and len(option) == 1 for option in question.options)
    rejected = list(tracked.reject())
    # at once (before: only Purple's passes and pivots, then no option at all), the recovery
    # offers Blue's swap taken back and made again by Purple after Blue's unseen turn
    recovery = next(e.question for e in rejected if isinstance(e, QuestionAsked))
    assert recovery.recovery
    true_chain = (unseen, swap, red)
    offered = [i for i, option in enumerate(recovery.options)
               if option == true_chain and recovery.take_back_count(i) == 1]
    assert offered, recovery.option_texts
    assert recovery.option_texts[offered[0]].startswith("take back Blue uses power H")
    tracked.answer(offered[0])
    assert tracked.state.history == truth.history
    truth.push(yellow)
    answer_truthfully(truth, tracked, list(tracked.observe(observation_from_state(truth))))
    assert tracked.state.history == truth.history
    # and the game goes on in step
    for move in truth_moves[SWAPS_AT + 4: SWAPS_AT + 10]:
        truth.push(move)
        answer_truthfully(truth, tracked, list(tracked.observe(observation_from_state(truth))))
    assert tracked.state.history == truth.history
