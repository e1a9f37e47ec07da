"""bench/other_hand_art.py (issue 20's held-out check): a printing in another hand is a complete art
pack the twin reads, its four tile shades stay apart, and it owes nothing to random_art.py."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from calibration.teach_sheet import face_names
from vision.render.art_pack import ArtPack

from tests.bench_scripts import BENCH_DIR, load_bench

BENCH = BENCH_DIR / "other_hand_art.py"


@pytest.fixture(scope="module")
def other_hand() -> ModuleType:
    return load_bench("other_hand_art")


def test_a_printing_is_a_whole_pack_the_twin_reads(other_hand: ModuleType, tmp_path: Path) -> None:
    pack = ArtPack.load(other_hand.write_pack(997000, tmp_path / "p"))
    for game in ("octocube", "open_season"):
        assert set(pack.names(game)) == set(face_names(game))
    assert 0.0 <= pack.gloss <= 1.0


@pytest.mark.parametrize("seed", [997000, 997001, 997002])
def test_the_four_tile_shades_stay_apart(other_hand: ModuleType, seed: int) -> None:
    colours = list(other_hand.tile_colours(seed).values())
    assert min(other_hand.delta_e(a, b) for i, a in enumerate(colours) for b in colours[:i]) >= 30.0


def test_it_is_written_without_the_random_art_generator() -> None:
    text = BENCH.read_text(encoding="utf-8")
    assert "random_art" not in text.split('"""', 2)[2].replace("vision/render/random_art.py", "")
    assert "import vision" not in text and "from vision" not in text
