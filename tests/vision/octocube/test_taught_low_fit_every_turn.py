"""A low-fit stack top's candidate faces are compared by the fine stage in every quarter turn
(issue 20; ``RecogniserConfig.pack_fine_low_fit_every_turn``, ``FineMatcher.rerank(every_turn=True)``).

A top whose best taught face fits the coarse stage under ``pack_fine_low_fit`` (a glyph that barely
shows at 1 px/mm) goes to the fine stage with up to five faces, each looked for at every place the
coarse stage found any of them; each was compared only in the quarter turn the coarse stage gave
it, and on such a top those turns are noise too. Fresh random printing 997540 (a red glyph on
green, a pale star on green), bench table 520001, stack (1, 3): a green sextant fits the coarse
stage 0.452 (turned 270) against the green starfish's 0.460; compared only in those turns, the
fine stage kept the starfish, from one teach photo and from two. Compared in every turn, the
sextant wins.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from tests.vision.octocube.taught_table import printing_pack, read_taught_table, taught_table
from vision.octocube.colour import MAT_BGR
from vision.octocube.config import RecogniserConfig
from vision.octocube.pack_reader import FineMatcher

PRINTING, TABLE, AT = 997_540, 520_001, (1, 3)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE)


def test_the_low_fit_sextant_is_read_as_it_lies(scene: tuple[Any, Any]) -> None:
    from vision.octocube.layout import CUBE, EMPTY
    from vision.octocube.truth import scene_truth

    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[AT] == "green sextant" and truth.top_visibility[AT] == 1.0
    obs = read_taught_table(scene)
    read = {loc: r.tile.label() if r.tile is not None else EMPTY for loc, r in obs.tops.items()
            if not r.covered and truth.tops.get(loc, CUBE) != CUBE}
    assert {loc: got for loc, got in read.items() if got != truth.tops[loc]} == {}


def test_in_the_coarse_turns_alone_it_is_the_starfish(scene: tuple[Any, Any]) -> None:
    """The cause pinned: compared only in the coarse stage's turns, the top is the green starfish."""
    top = read_taught_table(scene, RecogniserConfig(pack_fine_low_fit_every_turn=False)).tops[AT]
    assert top.tile is not None and top.tile.label() == "green starfish"



def _window(face: np.ndarray) -> np.ndarray:
    """The fine stage's 52 mm window (3 px/mm) round a stack: ``face`` centred on the mat, blurred."""
    side = 156
    window = np.empty((side, side, 3), np.float32)
    window[:] = MAT_BGR
    window[27:129, 27:129] = cv2.resize(face, (102, 102), interpolation=cv2.INTER_AREA)
    return np.clip(cv2.GaussianBlur(window, (0, 0), 3.0), 0, 255).astype(np.uint8)


def test_every_turn_compares_a_candidate_given_turned_wrong_as_it_lies() -> None:
    """A face given to the fine stage in the wrong quarter turn scores in every-turn mode what it
    scores given in the right one."""
    pack = printing_pack(4)
    names = ["green pearl", "green amphora", "green sextant"]
    fine = FineMatcher(pack, names)
    window = _window(np.rot90(pack.faces["green-pearl"], -1))  # turned a quarter clockwise
    wrong = [("green pearl", 3, (0.0, 0.0)), ("green amphora", 0, (0.0, 0.0)), ("green sextant", 0, (0.0, 0.0))]
    right = [("green pearl", 1, (0.0, 0.0)), ("green amphora", 0, (0.0, 0.0)), ("green sextant", 0, (0.0, 0.0))]
    every = fine.rerank(window, wrong, every_turn=True)
    assert every is not None and every.label == "green pearl"
    assert every.scores["green pearl"] > 0.95
    as_given = fine.rerank(window, wrong)
    assert as_given is not None and as_given.scores["green pearl"] < every.scores["green pearl"] - 0.05
    told = fine.rerank(window, right, every_turn=True)
    assert told is not None and told.label == "green pearl"
