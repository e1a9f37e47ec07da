"""A taught printing's wall card under trophy tokens, told among its people's faces on the pixels
the tokens leave in view (``cards.TAUGHT_LOOK_AROUND_TROPHIES``), as the built-in art's finished
walls are (``TROPHY_ATTRIBUTE_AROUND``). Session 60's seen printings: on bench/teach.py's table
96102 (``--packs 18 --first-art 997572 --open-season 4``, the run's 2nd printing, its 3rd table)
printing 997573's barbarian-tattoo on wall 2 9 lies under two trophies (93 % of the card in view)
and read barbarian-dagger after 1 and 2 photos: the tokens' dark discs over the icon fitted the
dagger's dark strokes. Real path: the printing drawn by the twin, taught from its first rendered
teach photo (JPEG), the bench's table read as the bench reads it (``CardReader.read``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bench_scripts import load_bench
from tests.vision.teach_photos import taught_pack

PRINTING = 997573
TABLE = 96102
PLACE = "wall 2 9"


@pytest.fixture(scope="module")
def printing_997573() -> tuple[Any, tuple[Any, str, int, dict[str, str]]]:
    """The pack taught from one photo, and the bench's table 96102 drawn in the printing."""
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer

    art, renderer = random_pack(PRINTING), Renderer()
    pack = taught_pack("open_season", art, PRINTING, "random", renderer, count=1)
    return pack, load_bench("teach").open_season_table(TABLE, TABLE - 96100, art, renderer)


def _reader(pack: Any, drawn: tuple[Any, str, int, dict[str, str]]) -> Any:
    from vision.open_season.cards import CardReader

    out, side, players, _ = drawn
    return CardReader.from_ground_truth(out.ground_truth, side, players, pack)


def test_tattoo_under_two_trophies_reads_tattoo(printing_997573: Any) -> None:
    pack, drawn = printing_997573
    out, _, _, truth = drawn
    reads = {r.place: r for r in _reader(pack, drawn).read(out.image)}
    assert truth[PLACE] == "barbarian-tattoo"
    assert reads[PLACE].card == "barbarian-tattoo"
    wrong = {p: (want, reads[p].card) for p, want in truth.items() if "-" in want and reads[p].card != want}
    assert wrong == {}


def test_the_look_is_taken_around_the_two_trophies_counted(printing_997573: Any) -> None:
    pack, drawn = printing_997573
    out = drawn[0]
    reader = _reader(pack, drawn)
    place = reader.layout.layers["whole"].places.index(PLACE)
    around = reader._trophies_over(out.image, "whole", place)
    assert around is not None and around[1] == 2
    fits = reader._attribute_scores(out.image, place, "barbarian", layer="whole", around=around)
    assert max(fits, key=lambda face: fits[face]) == "barbarian-tattoo"


def test_over_the_tokens_it_reads_dagger(printing_997573: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cause, pinned: compared over the tokens the dagger wins on the same pixels."""
    import vision.open_season.cards as cards

    pack, drawn = printing_997573
    monkeypatch.setattr(cards, "TAUGHT_LOOK_AROUND_TROPHIES", False)
    reads = {r.place: r for r in _reader(pack, drawn).read(drawn[0].image)}
    assert reads[PLACE].card == "barbarian-dagger"
