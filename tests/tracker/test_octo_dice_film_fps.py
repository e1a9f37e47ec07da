"""The Octo Dice twin filmed at a webcam's 30 frames/s: each phase as long in seconds as at 10,
and the demo's stillness gate waiting its 0.2 s in frames of that rate (bench/octo_dice_latency.py
--fps 30 measures the roll shown at the rate a real webcam delivers)."""

from __future__ import annotations

from itertools import groupby, islice

import pytest

from tracker.build import build_pipeline, demo_gate
from tracker.demo_run import run_demo
from tracker.octo_dice import OctoDiceTable
from tracker.pipeline import DEMO_GATE
from tracker.table import TableSetup, TrackerSetupError


def _phases(fps: float, frames: int) -> list[tuple[str, int]]:
    setup = TableSetup(game="octo_dice", players=1, options={"variant": "solo", "turns": 1}, seed=92900,
                       resolution=(320, 180), film_fps=fps)
    film = OctoDiceTable().demo_film(setup)
    assert film.fps == fps
    phases = [f.ground_truth["phase"] for f in islice(film.frames, frames)]
    return [(phase, len(list(run))) for phase, run in groupby(phases)]


def test_a_film_at_30_frames_a_second_keeps_every_phase_as_long_in_seconds() -> None:
    """The first roll: 3 still frames, 1 reaching, 2 tumbling, 3 still at 10 frames/s; three times
    as many frames of each at 30."""
    at_10 = _phases(10.0, 9)
    at_30 = _phases(30.0, 27)
    assert at_10 == [("still", 3), ("reach", 1), ("tumble", 2), ("still", 3)]
    assert at_30 == [(phase, 3 * n) for phase, n in at_10]


def test_the_demo_gate_waits_as_long_in_seconds_at_any_frame_rate() -> None:
    assert demo_gate(10.0) == DEMO_GATE
    assert demo_gate(30.0).still_frames == 6 and demo_gate(30.0).changed_fraction == DEMO_GATE.changed_fraction


def test_a_game_filmed_at_30_frames_a_second_is_followed_through_the_built_pipeline() -> None:
    """The path `tablesight demo` builds, on the twin's 30 frames/s film (the renderer's labels, to
    keep the test short): every roll and set-aside followed, no false alarm, and the gate waits 6
    quiet frames."""
    setup = TableSetup(game="octo_dice", players=1, options={"variant": "solo", "turns": 1}, seed=92900,
                       recogniser="ground-truth", resolution=(320, 180), film_fps=30.0)
    built = build_pipeline(setup)
    assert built.pipeline.gate.config.still_frames == 6
    result = run_demo(built)
    assert result["moves_total"] > 0 and result["moves_correct"] == result["moves_total"]
    assert result["false_alarms"] == 0


def test_a_film_rate_out_of_range_is_refused_in_one_line() -> None:
    with pytest.raises(TrackerSetupError, match="frame rate must be 1-60"):
        TableSetup(game="octo_dice", film_fps=0.0).check()


def test_every_games_film_timing_scales_with_the_frame_rate() -> None:
    """The shared timing every game's demo film uses (tracker.film.film_timing)."""
    from tracker.film import film_timing

    at_30 = film_timing(TableSetup(game="octocube", film_frames=(3, 1, 2, 1), film_fps=30.0))
    assert (at_30.fps, at_30.still_frames, at_30.reach_frames, at_30.hold_frames, at_30.retreat_frames) == (30.0, 9, 3, 6, 3)
    assert film_timing(TableSetup(game="open_season", film_frames=None)) == film_timing(TableSetup(film_frames=None))
