"""A question's options that read alike are told apart in the game's own words.

Two faces of a cube hold the same tile (two coins, north and east), and the camera sees the board
as piles: "Red scores from A1: collects a coin" fits a Score of either face. The options used to
end in the move's raw fields, "[faces ['north']]", English in every language and no words a
player reads; now they say "(from the north face)", and the app says it in French and Dutch."""

from __future__ import annotations

import dataclasses

from rules.octocube.moves import Score
from rules.octocube.pieces import tile_from_label
from tests.tracker.octocube_helpers import look, pair
from tracker.octocube.groundtruth import observation_from_state
from tracker.session import QuestionAsked
from ui.i18n.sentences import translate_sentence


def test_options_that_read_alike_name_the_faces_a_score_took_in_words() -> None:
    truth, tracked = pair(2, 3)
    for _ in range(2):
        truth.push(next(m for m in truth.legal_moves() if m.kind == "place"))
        look(truth, tracked)
    seat = truth.current_player()
    coin = tile_from_label("coin")
    for state in (truth, tracked.state):
        cube = state.cubes[seat]
        cube.faces = {**cube.faces, "north": coin, "east": coin}
    truth.push(Score(("north",)))
    observed = observation_from_state(truth)
    for s, board in observed.boards.items():  # seen as piles: one coin or two look the same
        observed.boards[s] = dataclasses.replace(board, coins=min(1, board.coins), coins_counted=False)
    events = tracked.observe(observed)
    questions = [e.question for e in events if isinstance(e, QuestionAsked)]
    assert questions, [type(e).__name__ for e in events]
    texts = dict(zip(questions[0].options, questions[0].option_texts))
    north, east = texts[(Score(("north",)),)], texts[(Score(("east",)),)]
    assert north.endswith("collects a coin, leaving 2 on the cube (from the north face)"), north
    assert east.endswith("(from the east face)"), east
    assert not any("[" in text for text in texts.values()), texts
    assert translate_sentence(north, "fr").endswith("(depuis la face nord)")
    assert translate_sentence(north, "nl").endswith("(van de noordzijde)")
