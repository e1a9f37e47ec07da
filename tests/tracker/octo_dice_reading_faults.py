"""A two-player ground-truth Octo Dice demo run through a reader that makes one kind of mistake:
the shared harness of the tests that a misreading no longer costs a false alarm."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.build import build_pipeline
from tracker.octo_dice.groundtruth import GroundTruthRecogniser
from tracker.octo_dice.observation import OctoDiceObservation
from tracker.demo_run import run_demo
from tracker.table import TableSetup


def run_with_faulty_reader(faulty: Callable[[Any], Any], seed: int = 90002) -> tuple[Any, dict[str, Any]]:
    """(the faulty reader, the demo's figures): ``faulty`` wraps the pipeline's ground-truth
    recogniser; 2 turns, 2 illegal changes."""
    demo = build_pipeline(TableSetup(game="octo_dice", players=2, options={"turns": 2}, recogniser="ground-truth",
                                     seed=seed, illegal=2, resolution=(320, 180)))
    scored = demo.pipeline.recogniser
    reader = faulty(scored.inner)  # type: ignore[attr-defined]
    scored.inner = reader  # type: ignore[attr-defined]
    return reader, run_demo(demo)


def assert_game_followed(result: dict[str, Any]) -> None:
    """Every move followed, both illegal changes flagged, no false alarm, the scores equal."""
    assert result["false_alarms"] == 0
    assert result["moves_correct"] == result["moves_total"]
    assert result["illegal_flagged"] == result["illegal_injected"] == 2
    assert result["final_scores_match"] is True


class FaultyReader:
    """The ground-truth reader's stand-in: subclasses change what :meth:`read` returns; placing
    answers (``overrule``) go to the real reader."""

    def __init__(self, inner: GroundTruthRecogniser) -> None:
        self.inner = inner
        self.name = inner.name

    def overrule(self, places: tuple[tuple[float, float], ...]) -> None:
        self.inner.overrule(places)

    def read(self, frame: Any) -> OctoDiceObservation:
        return self.inner.read(frame)

    def recognise(self, frame: Any) -> OctoDiceObservation:
        return self.read(frame)
