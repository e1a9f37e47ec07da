"""A stack top in full view (or mostly) that the fine stage reads as a tie between two faces is
settled by a runoff of those two alone (issue 20, session 64; ``pack_fine_runoff_lead``).

The fine stage compares its candidates where any of them differ: among ten abyss letters the few
pixels where the two finalists differ weigh little, and on a dark blue tile the three channels
together are one strong blue-against-red contrast that every dark blue face fits at 0.99. Session
63's fresh sets (``bench/teach.py --packs 10 --first-art 997696 --first-table 541000 --frames 5``):
997700 / 541402 (2, 1), 2 photos, a dark blue sextant in full view read a pearl (fine 0.9915
against 0.9914; each channel alone, the two alone: sextant 0.8476, pearl 0.8450); 997705 / 541901
(1, 1), 2 photos, an abyss G 35 % under a cube read C (fine C 0.9739, G 0.9730 among ten letters;
the two alone: G 0.9785, C 0.9772). The runoff names the top; its certainty stays the tie's, a
doubtful reading the tracker asks about (under 0.5). Real path: the printing drawn by the twin,
taught from the bench's rendered teach photos, the bench's rendered table read.
"""

from __future__ import annotations

import dataclasses

import pytest

from typing import Any

from tests.vision.octocube.taught_table import taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

TIES = [(997_700, 541_402, (2, 1), "dark blue sextant"), (997_705, 541_901, (1, 1), "abyss G")]
"""(printing, bench table, stack, its true top), each read after 2 teach photos."""


def read_top(printing: int, table: int, stack: tuple[int, int], config: Any = None) -> tuple[str, Any, float]:
    """(the true top at ``stack``, its reading after 2 teach photos, the share found cubes hide)."""
    pack, frame = taught_table(printing, table, photos=2)
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack, config=config)
    top = rec.recognise(frame.image).tops[stack]
    return truth.tops[stack], top, rec.last_hidden.get(stack, 0.0)


@pytest.mark.parametrize(("printing", "table", "stack", "want"), TIES)
def test_a_fine_tie_is_settled_by_the_two_alone(printing: int, table: int, stack: tuple[int, int],
                                                 want: str) -> None:
    truth, top, hidden = read_top(printing, table, stack)
    assert truth == want and hidden < 0.4
    assert top.tile is not None and top.tile.label() == want
    assert top.confidence < 0.5  # a tie broken, still asked about


def test_without_the_runoff_the_tie_goes_wrong() -> None:
    """The guard's other side: the same dark blue sextant with the runoff off is read otherwise
    (the test above reads what the runoff adds, not a change elsewhere)."""
    printing, table, stack, want = TIES[0]
    off = dataclasses.replace(RecogniserConfig(), pack_fine_runoff_lead=None)
    _, top, _ = read_top(printing, table, stack, config=off)
    assert top.tile is not None and top.tile.label() != want


def test_a_runoff_less_sure_than_the_tie_leaves_it() -> None:
    """997682 / 540003 (2, 3), 2 photos: an abyss D in full view, D by 0.0009 over G among the ten
    letters, G by 0.0002 over D alone (3-4 camera pixels tell the two apart no better): the D
    stays (a runoff that flipped it lost a right read on the seen set 997682-997691)."""
    truth, top, _ = read_top(997_682, 540_003, (2, 3))
    assert truth == "abyss D"
    assert top.tile is not None and top.tile.label() == "abyss D"

