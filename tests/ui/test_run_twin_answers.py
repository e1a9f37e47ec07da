"""``tablesight run``'s own loop (``ui.commands.run._loop``) on the digital twin: while an
injected illegal change lies on the table the simulated players answer only with moves made so
far. Bench game 102786 (3 players, Shield side, tilt 29.7, day, 1280x720, read from the pixels):
player 3 takes three inn cards, one from the slot the deck hides, so the camera sees two go and
asks which two. Answered with the legal take the truth makes after the table is put back (what
``run`` did before it passed the truth's position), that take was confirmed, then taken back when
the table went back: one confirmation too many and a false alarm instead of the illegal take."""

from __future__ import annotations

import argparse
import contextlib
import io
import json

from tracker.build import build_pipeline
from tracker.open_season.twin import as_truth
from tracker.table import TableSetup
from ui.commands.run import _loop


def test_run_answers_a_question_asked_during_an_illegal_change_with_moves_made_so_far() -> None:
    setup = TableSetup(game="open_season", players=3, options={"side": "shield", "expert": False}, source="demo",
                       recogniser="pixels", seed=102786, illegal=3, moves=0, tilt=29.7, lighting="day",
                       resolution=(1280, 720), film_frames=(3, 1, 1, 1))
    built = build_pipeline(setup)
    twin = built.twin
    assert twin is not None
    first = next(c for c in twin.changes if c.kind == "illegal")
    assert "takes 3 cards from the inn" in first.text and first.truth_moves == 50, first.text
    args = argparse.Namespace(json=True, answer="ask", max_frames=270)  # just past the put-back
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            status = _loop(built, args)
    finally:
        built.pipeline.close()
    assert status == 0
    result = json.loads(out.getvalue().strip().splitlines()[-1])
    assert result["moves"] > first.truth_moves + 2, result  # the game went on past the put-back
    assert result["moves_confirmed"] == result["moves"], result  # nothing confirmed and taken back
    assert result["alerts"] == 1, result  # the illegal take, and no false alarm
    # a refill card drawn behind the deck is the tracker's unseen draw until it shows (issue 16)
    history = as_truth(twin.truth.history, built.pipeline.tracked.state.history)
    assert history == twin.truth.history[:len(history)]
