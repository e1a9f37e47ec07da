"""A tile taken by hand off a stack half hidden behind a cube that did not move is flagged: the
visible part of the top changed (tracker/octocube/hidden_tops.py, ``changed_behind_unmoved_cubes``).

Bench seed 72463 (2 players, tilt 21.3, lamp, 1280x720), change 125: someone takes the top tile of
A4, which stands behind Yellow's cube on A3. The recogniser reads it dark blue sextant at 0.51
before and dark blue amphora at 0.16 after (0.76 -> 0.24 undiscounted): under every threshold, so
the tracker saw no change (72441's change 201, C3 behind Yellow's cube at tilt 29.1, is the same
class). A cube pivoting in place in front changes pixels along its outline: the test is not made
then, nor where too little of the top shows or the reading names the tile the state expects."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from tests.tracker.octocube_helpers import tracked_until
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.groundtruth import observation_from_state
from tracker.octocube.hidden_tops import CHANGED_CONFIDENCE
from tracker.octocube.stack_heights import StackHeights
from tracker.octocube.twin import TwinGame
from tracker.session import IllegalMoveAlert
from vision.octocube.observation import OctocubeObservation

A4 = (3, 0)


def test_the_bench_tile_taken_behind_an_unmoved_cube_is_flagged() -> None:
    from tracker.film import demo_camera, drifting_lightings
    from tracker.table import TableSetup
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.render.renderer import Renderer, RenderOptions

    seed, tilt, lighting = 72463, 21.3, "lamp"
    twin = TwinGame(2, seed, illegal=3)
    k = next(i for i, c in enumerate(twin.changes) if c.kind == "illegal" and "stack A4" in c.text)
    assert twin.changes[k - 1].kind == "move"
    tracked = tracked_until(twin, twin.changes[k - 1].truth_moves)
    setup = TableSetup(game="octocube", players=2, source="demo", seed=seed, tilt=tilt, lighting=lighting,
                       resolution=(1280, 720))
    camera = demo_camera(setup)
    lights = drifting_lightings(lighting, len(twin.changes), seed)
    recogniser = OctocubeRecogniser(twin.truth.grid_size, 2, camera)
    renderer = Renderer()
    memory = StackHeights()
    events: list[Any] = []
    for scene in (k, k + 1):  # the table before the illegal change, then with it
        image = renderer.render(twin.scenes[scene], camera, RenderOptions(lighting=lights[scene - 1],
                                table_seed=seed % 997), seed=seed * 100_003 + scene).image
        raw = recogniser.recognise(image)
        assert raw.tops[A4].unhidden_confidence is not None and raw.tops[A4].fingerprint_seen is not None
        assert raw.tops[A4].confidence < 0.6  # the recogniser alone: too doubtful to count
        seen = memory.annotate(raw)
        events = list(tracked.observe(seen))
        if scene == k:
            assert not events and tracked.alert is None
            memory.remember(seen, tracked.adapter.expected(tracked.state))
    assert any(isinstance(e, IllegalMoveAlert) and "A4" in e.reason for e in events), events


# ---------------------------------------------------------------------------- the guards
D2, D3 = (1, 3), (2, 3)
SIDE = 80  # a fingerprint: 40 mm at 2 px/mm


def _art(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(120, 40, (SIDE // 8, SIDE // 8)).repeat(8, 0).repeat(8, 1), 0, 255).astype(np.uint8)


def _hidden(art: np.ndarray, cube: np.ndarray, rows: int) -> np.ndarray:
    """``art`` with its first ``rows`` rows showing the cube in front instead."""
    out = art.copy()
    out[:rows] = cube[:rows]
    return out


def _mask(rows: int) -> np.ndarray:
    mask = np.full((SIDE, SIDE), 255, np.uint8)
    mask[:rows] = 0
    return mask


class _Table:
    """A tracker-less stand-in: the start of seed 72100's game with Red's cube on D2, in front
    of D3, whose top the recogniser discounts to a guess (0.05)."""

    def __init__(self) -> None:
        state = TwinGame(2, 72100).tracker_initial_state()
        self.expected = OctocubeAdapter().expected(state)
        self.seen = observation_from_state(state)
        self.want = self.expected.tops[D3]
        self.other = next(t for t in self.expected.tops.values() if t is not None and t != self.want
                          and hasattr(t, "kind"))

    def scene(self, tile: Any, fingerprint: np.ndarray, mask: np.ndarray, cube_top_turned: int = 0,
              cube_at: Any = D2) -> OctocubeObservation:
        top = replace(self.seen.tops[D3], tile=tile, confidence=0.05, unhidden_confidence=0.12,
                      fingerprint=fingerprint, fingerprint_seen=mask, parallax_mm=(0.0, 0.6))
        obs = replace(self.seen, tops={**self.seen.tops, D3: top}, cubes=dict(self.seen.cubes))
        obs.cubes[0] = replace(obs.cubes[0], location=cube_at, rotation=cube_top_turned)
        return obs

    def confidence(self, reference: OctocubeObservation, now: OctocubeObservation) -> float:
        memory = StackHeights()
        memory.remember(reference, self.expected)
        return memory.annotate(now).tops[D3].confidence


def test_a_changed_visible_part_behind_an_unmoved_cube_counts_as_sure() -> None:
    table = _Table()
    cube, before, after = _art(1), _art(2), _art(3)
    rows = SIDE // 2  # half the top hidden
    reference = table.scene(table.want, _hidden(before, cube, rows), _mask(rows))
    noise = np.random.default_rng(4).normal(0, 3, (SIDE, SIDE))
    same = np.clip(_hidden(before, cube, rows) * 1.1 + noise, 0, 255).astype(np.uint8)  # the light drifted

    changed = table.scene(table.other, _hidden(after, cube, rows), _mask(rows))
    assert table.confidence(reference, changed) == CHANGED_CONFIDENCE
    # an unchanged top under a drifting light stays the recogniser's guess
    assert table.confidence(reference, table.scene(table.other, same, _mask(rows))) == 0.05
    # a faint top (little contrast in view) correlates poorly on camera noise alone: not a change
    faint = (_hidden(before, cube, rows).astype(np.float64) - 120) * 0.08 + 120
    faint[:rows] = cube[:rows]
    faint_now = np.clip(faint + np.random.default_rng(5).normal(0, 12, (SIDE, SIDE)), 0, 255).astype(np.uint8)
    faint_reference = table.scene(table.want, faint.astype(np.uint8), _mask(rows))
    assert table.confidence(faint_reference, table.scene(table.other, faint_now, _mask(rows))) == 0.05
    # the reading names the tile the state expects: nothing to flag
    assert table.confidence(reference, table.scene(table.want, _hidden(after, cube, rows), _mask(rows))) == 0.05
    # the cube in front pivoted in place (its top tile turned): its outline may cover other pixels
    pivoted = table.scene(table.other, _hidden(after, cube, rows), _mask(rows), cube_top_turned=90)
    assert table.confidence(reference, pivoted) == 0.05
    # the cube in front left: another hiding
    left = table.scene(table.other, _hidden(after, cube, rows), _mask(rows), cube_at=(0, 0))
    assert table.confidence(reference, left) == 0.05
    # too little of the top in view
    almost = SIDE - 6
    assert table.confidence(table.scene(table.want, _hidden(before, cube, almost), _mask(almost)),
                            table.scene(table.other, _hidden(after, cube, almost), _mask(almost))) == 0.05
