"""The Octocube adapter: a tracker that only sees what a camera sees follows a whole game,
asks when the camera cannot tell, and flags illegal tables without touching its state."""

from __future__ import annotations

import random
from typing import cast

from rules.core import Move
from rules.octocube.moves import Pass, Pivot, Place, Roll, Score
from tests.tracker.octocube_helpers import find_move, look, pair
from tracker.octocube.groundtruth import observation_from_state
from tracker.inference import IllegalObservation, Question, infer
from tracker.octocube.adapter import OctocubeAdapter
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked, TilesRevealed
from tracker.octocube.twin import TwinGame


def test_tracker_follows_a_seeded_game_from_observations() -> None:
    twin = TwinGame(3, seed=4, max_moves=80)
    truth, tracked = pair(3, 4)
    for move in twin.truth.history:
        truth.push(move)
        look(truth, tracked)
    assert tracked.state.history == truth.history
    assert tracked.state.score_breakdown().totals() == truth.score_breakdown().totals()
    assert tracked.alert is None


def test_first_scene_reveals_nothing_new_and_pickup_reveals_the_next_top() -> None:
    truth, tracked = pair(2, 3)
    assert look(truth, tracked) == []  # tops are known from the deal, nothing happened
    seat = truth.current_player()
    move = cast(Place, next(m for m in truth.legal_moves() if m.kind == "place"))
    truth.push(move)
    events = look(truth, tracked)
    assert isinstance(events[0], MoveConfirmed) and events[0].move == move
    assert tracked.state.cubes[seat].location == move.location


def _cube_on_grid(players: int = 2, seed: int = 3) -> tuple:
    truth, tracked = pair(players, seed)
    for _ in range(players):  # everyone places the cube
        truth.push(next(m for m in truth.legal_moves() if m.kind == "place"))
        look(truth, tracked)
    return truth, tracked


def test_pivot_with_a_top_tile_is_seen_through_the_tile_rotation() -> None:
    truth, tracked = _cube_on_grid()
    # roll until the current player's cube carries a tile on top
    rng = random.Random(0)
    for _ in range(40):
        cube = truth.cubes[truth.current_player()]
        if cube.location is not None and cube.faces["top"] is not None:
            break
        rolls: list[Move] = [m for m in truth.legal_moves() if isinstance(m, Roll)] or [Pass()]
        truth.push(rng.choice(rolls))
        look(truth, tracked)
    assert truth.cubes[truth.current_player()].faces["top"] is not None
    truth.push(Pivot(90))
    events = look(truth, tracked)
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Pivot(90)]
    assert not any(isinstance(e, QuestionAsked) for e in events)


def test_invisible_pivot_becomes_a_question_when_the_next_player_moves() -> None:
    truth, tracked = _cube_on_grid()
    seat = truth.current_player()
    assert truth.cubes[seat].faces["top"] is None
    truth.push(Pivot(180))
    assert look(truth, tracked) == []  # nothing visible changed
    truth.push(next(m for m in truth.legal_moves() if isinstance(m, Roll)))
    verdict = infer(tracked.state, observation_from_state(truth), OctocubeAdapter())
    assert isinstance(verdict, Question)
    assert any(option[0] == Pass() for option in verdict.options)
    assert any(option[0] == Pivot(180) for option in verdict.options)
    look(truth, tracked)
    assert tracked.state.history == truth.history


def _illegal(truth, tracked, change) -> str:
    before = tracked.state.to_json()
    physical = truth.clone()
    change(physical)
    events = tracked.observe(observation_from_state(physical))
    alerts = [e for e in events if isinstance(e, IllegalMoveAlert)]
    assert len(alerts) == 1
    assert tracked.state.to_json() == before  # the state is never changed by an illegal table
    # the same illegal table seen again is not reported twice
    assert tracked.observe(observation_from_state(physical)) == []
    # put right: the alert clears, still no change
    cleared = tracked.observe(observation_from_state(truth))
    assert cleared and tracked.alert is None and tracked.state.to_json() == before
    return alerts[0].reason


def test_cube_moved_two_spaces_is_flagged() -> None:
    truth, tracked = _cube_on_grid(2, 3)
    seat = truth.current_player()
    loc = truth.cubes[seat].location

    def slide(state):
        for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            far = (loc[0] + dr, loc[1] + dc)
            if far in state.stacks and far not in state.occupied:
                del state.occupied[loc]
                state.cubes[seat].location = far
                state.occupied[far] = seat
                return
        raise AssertionError("no free space two away")

    reason = _illegal(truth, tracked, slide)
    assert "moved 2 spaces" in reason


def test_tile_taken_by_hand_is_flagged() -> None:
    truth, tracked = _cube_on_grid(2, 3)
    loc = next(l for l, s in sorted(truth.stacks.items()) if l not in truth.occupied and len(s) > 1)

    def take(state):
        state.stacks[loc] = state.stacks[loc][:-1]

    reason = _illegal(truth, tracked, take)
    assert "a tile left stack" in reason and "with no cube on it" in reason


def test_out_of_turn_roll_is_flagged() -> None:
    truth, tracked = _cube_on_grid(3, 2)
    seat = truth.current_player()
    other = (seat - 1) % 3

    def roll_other(state):
        state.player = other
        state.push_unchecked(next(m for m in state.legal_moves() if isinstance(m, Roll)))

    reason = _illegal(truth, tracked, roll_other)
    assert "moved out of turn" in reason


def test_score_is_read_from_the_cube_leaving_and_the_board() -> None:
    truth, tracked = _cube_on_grid(2, 3)
    seat = truth.current_player()
    assert any(t is not None for t in truth.cubes[seat].faces.values())  # picked up on placing
    faces = tuple(f for f, t in truth.cubes[seat].faces.items() if t is not None)
    truth.push(Score(faces))
    events = look(truth, tracked)
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Score(faces)]
    assert tracked.state.boards[seat].tiles == truth.boards[seat].tiles


def test_reveal_after_a_cube_uncovers_a_stack() -> None:
    truth, tracked = _cube_on_grid(2, 3)
    seat = truth.current_player()
    origin = truth.cubes[seat].location
    truth.push(next(m for m in truth.legal_moves() if isinstance(m, Roll)))
    events = look(truth, tracked)
    revealed = [e for e in events if isinstance(e, TilesRevealed)]
    if truth.stacks.get(origin):
        assert (origin, truth.stacks[origin][-1]) in [(e.location, e.value) for e in revealed]
    assert tracked.state.stacks[origin] and tracked.state.stacks[origin][-1] == truth.stacks[origin][-1]
    assert find_move(tracked.state, "pass") == Pass()


def test_doubtful_and_misread_readings_do_not_derail_the_tracker() -> None:
    """Readings with low confidence (some of them wrong) count less: the game is still followed
    and no false alarm is raised."""
    import dataclasses

    rng = random.Random(11)
    twin = TwinGame(2, seed=8, max_moves=60)
    truth, tracked = pair(2, 8)
    alerts = 0
    for move in twin.truth.history:
        truth.push(move)
        obs = observation_from_state(truth)
        loc = rng.choice(sorted(obs.tops))
        reading = obs.tops[loc]
        if reading.tile is not None and rng.random() < 0.5:  # a misread, but an unsure one
            wrong = next(t for t in truth.stacks[(0, 0)] + [reading.tile] if t != reading.tile) \
                if len(truth.stacks.get((0, 0), [])) else reading.tile
            obs.tops[loc] = dataclasses.replace(reading, tile=wrong, confidence=0.25, height=None)
        else:
            obs.tops[loc] = dataclasses.replace(reading, confidence=0.5)
        events = tracked.observe(obs)
        alerts += sum(isinstance(e, IllegalMoveAlert) for e in events)
        if any(isinstance(e, QuestionAsked) for e in events):
            while tracked.pending is not None:  # (step by step where asked in steps)
                done = len(tracked.state.history)
                option = twin.truthful_answer(tracked.pending, tracked.state.history)
                assert option is not None, (done, tracked.pending.option_texts)
                tracked.answer(option)
    assert alerts == 0
    assert tracked.state.history == truth.history


def test_a_tile_nobody_saw_on_a_cube_is_revealed_by_the_board_when_scored() -> None:
    from rules.core import UNKNOWN

    truth, tracked = _cube_on_grid(2, 3)
    seat = truth.current_player()
    cube = tracked.state.cubes[seat]
    tile = cube.faces["bottom"]
    assert tile is not None
    cube.faces = {**cube.faces, "bottom": UNKNOWN}  # as if picked up from an unseen stack top
    faces = tuple(f for f, t in truth.cubes[seat].faces.items() if t is not None)
    truth.push(Score(faces))
    events = look(truth, tracked)
    assert [e.move for e in events if isinstance(e, MoveConfirmed)] == [Score(faces)]
    assert (("cube", seat, "bottom"), tile) in [(e.location, e.value) for e in events if isinstance(e, TilesRevealed)]
    assert tracked.state.boards[seat].tiles == truth.boards[seat].tiles
