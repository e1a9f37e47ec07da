"""A kids cube's tile nobody saw, taken home with a Retrieve, is asked about, never guessed.

Kids bench seed 61642 through the pixels (4 players, tilt 23.3, evening), move 134: Red's north
face held a light blue amphora nobody saw (picked up from a hidden top), like its east face; both
were left over onto A1. A Retrieve needs every face named, and the only name on offer was a coin
(the board's coins read as a pile, so one more shows nothing): taken unasked, A1's stack was one
tile short, and the game was lost at move 153. Now a second tile of a known face's kind is offered
too, the same Retrieve naming another tile is another option, and the players confirm it."""

from __future__ import annotations

import dataclasses

from rules.core import UNKNOWN
from rules.octocube.moves import Retrieve
from rules.octocube.pieces import tile_from_label
from tests.tracker.octocube_helpers import answer_truthfully, tracked_until
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert, MoveConfirmed, QuestionAsked
from vision.octocube.observation import OctocubeObservation

SEED, RETRIEVE_AT = 1, 18  # two players; Red retrieves a cube holding two light blue amphoras


def test_an_unseen_tile_like_a_known_face_is_offered_and_asked_at_a_kids_retrieve() -> None:
    twin = TwinGame(2, SEED, illegal=0, mode="kids")
    assert twin.truth.history[RETRIEVE_AT] == Retrieve()
    tracked = tracked_until(twin, RETRIEVE_AT)
    seat = tracked.state.current_player()
    cube = tracked.state.cubes[seat]
    faces = [f for f, t in cube.faces.items() if t is not None and t.label() == "light blue amphora"]
    assert len(faces) == 2
    tile = cube.faces[faces[0]]
    cube.faces = {**cube.faces, faces[0]: UNKNOWN}  # picked up from a top nobody saw
    truth = twin.game.new_initial_state(SEED)
    for move in twin.truth.history[: RETRIEVE_AT + 1]:
        truth.push(move)
    events = list(tracked.observe(observation_from_state(truth)))
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert questions and not any(isinstance(e, MoveConfirmed) for e in events), events
    question = questions[0]
    named = {question.reveals_before_option(i): text for i, text in enumerate(question.option_texts)}
    true_named = ((("cube", seat, faces[0]), tile),)
    assert true_named in named, named  # before: nothing named it (an alert), or a coin unasked
    assert named[true_named].endswith(f"(the {faces[0]} face of Red's cube shows a light blue amphora)")
    # the players pick it and the game goes on in step, through the placements that follow
    option = twin.truthful_answer(question, tracked.state.history)  # the players know the tile
    assert option is not None and question.reveals_before_option(option) == true_named
    answered = list(tracked.answer(option))
    assert [e.move for e in answered if isinstance(e, MoveConfirmed)] == [Retrieve()]
    for move in twin.truth.history[RETRIEVE_AT + 1: RETRIEVE_AT + 12]:
        truth.push(move)
        events = list(tracked.observe(observation_from_state(truth)))
        assert not any(isinstance(e, IllegalMoveAlert) for e in events), events
        answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert tracked.state.cubes == truth.cubes and tracked.state.boards == truth.boards



def _coins_as_piles(obs: OctocubeObservation) -> OctocubeObservation:
    """As the pixel reader sees the boards' coins: a pile, one coin or several look the same."""
    for seat, board in obs.boards.items():
        obs.boards[seat] = dataclasses.replace(board, coins=min(1, board.coins), coins_counted=False)
    return obs


def test_a_coin_is_never_named_unasked_for_a_kids_cube_tile_nobody_saw() -> None:
    """Kids seed 61671 through the pixels: Blue's unseen east face, a white diamond, went home
    with a Retrieve; the board's coins read as a pile, so "a coin" fitted as well and, the only
    name on offer, was taken unasked: lost at move 80 (83/171 moves, 62 false alarms). Asked now,
    with every tile it may be offered (kids 61679: offered only the likely ones while the tile was
    still in the player's hand, "none of these" twice, and the game was lost at move 61)."""
    retrieve_at = 11  # Yellow retrieves, then puts the green starfish on the board first
    twin = TwinGame(2, SEED, illegal=0, mode="kids")
    assert twin.truth.history[retrieve_at] == Retrieve()
    tracked = tracked_until(twin, retrieve_at)
    seat = tracked.state.current_player()
    cube = tracked.state.cubes[seat]
    face = next(f for f, t in cube.faces.items() if t is not None and t.label() == "green starfish")
    tile = cube.faces[face]
    cube.faces = {**cube.faces, face: UNKNOWN}
    truth = twin.game.new_initial_state(SEED)
    for move in twin.truth.history[: retrieve_at + 1]:
        truth.push(move)
    events = list(tracked.observe(_coins_as_piles(observation_from_state(truth))))
    assert not any(isinstance(e, MoveConfirmed) for e in events), events  # before: a coin, unasked
    question = next(e.question for e in events if isinstance(e, QuestionAsked))
    named = [question.reveals_before_option(i) for i in range(len(question.options))]
    assert ((("cube", seat, face), tile),) in named and ((("cube", seat, face), tile_from_label("coin")),) in named
    option = twin.truthful_answer(question, tracked.state.history)
    assert option is not None and named[option] == ((("cube", seat, face), tile),)
    tracked.answer(option)
    truth.push(twin.truth.history[retrieve_at + 1])  # the tile shows on the board
    events = list(tracked.observe(_coins_as_piles(observation_from_state(truth))))
    answer_truthfully(truth, tracked, events)
    assert tracked.state.history == truth.history
    assert tracked.state.boards[seat].slots == truth.boards[seat].slots
    assert tile in tracked.state.boards[seat].slots


def test_two_kids_cube_tiles_nobody_saw_are_named_together_at_the_retrieve() -> None:
    """Kids seed 61675 through the pixels: Red had picked up two tiles nobody saw; each
    alternative named one of them, a Retrieve needs both, so no chain could be formed: "no legal
    move explains the table" from move 83 on (83/143 moves). Both are named at once now."""
    retrieve_at = 11  # Yellow retrieves, then puts a green starfish, a dark blue pearl, a white diamond
    twin = TwinGame(2, SEED, illegal=0, mode="kids")
    tracked = tracked_until(twin, retrieve_at)
    seat = tracked.state.current_player()
    cube = tracked.state.cubes[seat]
    unseen = {f: t for f, t in cube.faces.items() if t is not None and t.label() in ("green starfish", "white diamond")}
    assert len(unseen) == 2
    cube.faces = {**cube.faces, **{f: UNKNOWN for f in unseen}}
    truth = twin.game.new_initial_state(SEED)
    for move in twin.truth.history[: retrieve_at + 4]:  # both tiles show on the board in one scene
        truth.push(move)
    events = list(tracked.observe(observation_from_state(truth)))
    assert any(isinstance(e, QuestionAsked) for e in events), events  # before: "no legal move explains"
    asked = []
    while any(isinstance(e, QuestionAsked) for e in events):  # which order, then which tiles
        question = next(e.question for e in events if isinstance(e, QuestionAsked))
        option = twin.truthful_answer(question, tracked.state.history)
        assert option is not None, question.option_texts
        asked.append(question.option_texts[option])
        events = list(tracked.answer(option))
    assert "the bottom face of Yellow's cube shows a green starfish" in asked[-1], asked
    assert tracked.state.history == truth.history and tracked.state.boards == truth.boards
    assert not any(u[0] == "cube" for u in tracked.state.unknowns() if isinstance(u, tuple))
