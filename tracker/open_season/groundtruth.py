"""The ground-truth "recogniser" for the digital-twin demo: it reads what the renderer knows it
drew (the frame's labels), not the pixels. A demo run on it measures the tracker, not vision;
whatever uses it says so (its ``name``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.open_season.view import observation_from_table, table_from_components
from vision.open_season.observation import OpenSeasonObservation


class GroundTruthRecogniser:
    """A rendered frame's ground truth -> :class:`OpenSeasonObservation`; a frame with a hand in
    it is reported ``occluded``. ``doubt`` (0..1): share of wall-card readings given a lower
    confidence (the reading itself stays right)."""

    name = "ground truth (renderer's labels, not pixels)"
    needs_calibration = False

    def __init__(self, side: str, num_players: int, *, doubt: float = 0.0, seed: int = 0,
                 truth_of: Callable[[Any], dict[str, Any] | None] | None = None) -> None:
        import random

        self.side = side
        self.num_players = num_players
        self.doubt = doubt
        self.truth_of = truth_of
        self._rng = random.Random(seed)

    def recognise(self, frame: Any) -> OpenSeasonObservation:
        gt = self.truth_of(frame) if self.truth_of is not None else frame
        if not gt:
            raise ValueError("this frame carries no ground truth (the ground-truth recogniser "
                             "only works on rendered frames)")
        table = table_from_components(gt["components"], self.side, self.num_players)
        obs = observation_from_table(table, occluded=bool(gt.get("hands")))
        if self.doubt:
            for reading in obs.players.values():
                for space in reading.wall:
                    if self._rng.random() < self.doubt:
                        reading.confidence[space] = self._rng.uniform(0.4, 0.8)
        return obs
