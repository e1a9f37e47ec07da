"""Each abyss letter shows on one tile at most (issue 20, session 68; rules/octocube decision 11).

Random printing 997901, table 562701 (3 players; ``bench/teach.py --packs 1 --first-art 997901
--first-table 562701 --frames 1``), taught from the bench's two teach photos: the abyss G on
(2, 1), in full view, read C at 0.46 while the C on (0, 4) read C at 0.49 (at 1280x720 a letter is
about 5 camera pixels; their fine scores lie within 0.01). Two tops read alike take the letters
that fit them best together (``RecogniserConfig.pack_letters_once``): the G reads G, the C stays C.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

G, C = (2, 1), (0, 4)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(997_901, 562_701, photos=2)


def _reads(scene: tuple[Any, Any], config: RecogniserConfig | None = None) -> Any:
    pack, frame = scene
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack, config=config)
    return rec.recognise(frame.image).tops


def test_two_tops_read_alike_take_their_own_letters(scene: tuple[Any, Any]) -> None:
    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert (truth.tops[G], truth.tops[C]) == ("abyss G", "abyss C")
    assert truth.top_visibility[G] == truth.top_visibility[C] == 1.0
    tops = _reads(scene)
    assert (tops[G].tile.label(), tops[C].tile.label()) == ("abyss G", "abyss C")  # before: C and C
    letters = [t.tile.label() for t in tops.values() if t.tile is not None and t.tile.label().startswith("abyss ")]
    assert len(letters) == len(set(letters))


def test_each_top_alone_reads_c(scene: tuple[Any, Any]) -> None:
    """The cause, pinned: read one by one, both read C."""
    tops = _reads(scene, RecogniserConfig(pack_letters_once=False))
    assert (tops[G].tile.label(), tops[C].tile.label()) == ("abyss C", "abyss C")
