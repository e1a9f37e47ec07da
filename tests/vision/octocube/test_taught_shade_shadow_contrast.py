"""A shade turned only by a guessed shadow keeps its read shade where its contrast disagrees
(issue 20).

Random printing 997840 draws its dark blue tiles dark purple and its green ones bright magenta.
On the bench's table 554002 (2 photos) the dark blue pearl on (4, 3), in full view, was read
right by the taught faces, and the shade cue turned it green pearl (0.53): its background, mapped
by the table's own tops, lies 14.5 Lab from dark blue's and 48.5 from green's in full light, but
6.3 from green's darkened to the cue's darkest shadow (0.2 of the light). Its contrast (background
less glyph, which a shadow scales but does not turn) points 3.4 degrees from dark blue's, 10.0
from green's. ``RecogniserConfig.pack_shade_shadow_contrast_deg``: such a top keeps its shade.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.vision.octocube.taught_table import read_taught_table, taught_table
from vision.octocube.config import RecogniserConfig
from vision.octocube.truth import scene_truth

PRINTING, TABLE, WHERE = 997_840, 554_002, (4, 3)


@pytest.fixture(scope="module")
def scene() -> tuple[Any, Any]:
    return taught_table(PRINTING, TABLE, photos=2)


def test_the_dark_pearl_keeps_its_shade(scene: tuple[Any, Any]) -> None:
    frame = scene[1]
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    assert truth.tops[WHERE] == "dark blue pearl" and truth.top_visibility[WHERE] == 1.0
    obs = read_taught_table(scene)
    top = obs.tops[WHERE]
    assert top.tile is not None and top.tile.label() == "dark blue pearl"
    for loc, want in truth.tops.items():  # every top in view read as it lies
        if want in ("cube", "empty") or truth.top_visibility[loc] < 1.0:
            continue
        got = obs.tops[loc]
        assert got.tile is not None and got.tile.label() == want, loc


def test_the_shadow_alone_turns_it_green(scene: tuple[Any, Any]) -> None:
    """The cause pinned: without the contrast's check the shadow guess turns it (the cue's plain
    fit: with each top's exposure set apart, ``pack_shade_exposure_apart``, the shadow guess alone
    does not turn it)."""
    top = read_taught_table(scene, RecogniserConfig(pack_shade_shadow_contrast_deg=0.0,
                                                    pack_shade_exposure_apart=False)).tops[WHERE]
    assert top.tile is not None and top.tile.label() == "green pearl"
