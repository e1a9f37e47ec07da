"""A glare's veil on a DIM teach photo taken off (``vision.teach.UNVEIL_WHITE_RAW``). Printing 998188's
first teach photo is dark (its paper balanced up 1.05-1.9 times) with a glare over the middle of the
sheet: four of its five gnomes (a dark green frame) were taught pale, lifted towards a white of
323-458 as balanced (a glare lifts towards the sensor's white, which the balance multiplies), past
``UNVEIL_WHITE``'s 330, so left veiled; the one unveiled gnome, gnome-eyepatch, then out-fitted
every other gnome on bench/teach.py's tables 642200-642202 (``--packs 5 --first-art 998186
--open-season 3 --first-os-table 642000``): six gnome cards read gnome-eyepatch after that one
photo (docs/teach.md, session 76). Real path: the printing drawn by the twin, its first rendered
teach photo (JPEG), the bench's tables 642200 and 642201, read against the twin's truth."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.bench_scripts import load_bench
from tests.vision.teach_photos import jpeg_teach_photos

PRINTING = 998188
TABLES = (642200, 642201)
"""The bench's third printing's first two tables (642000 + 100 * 2 + t)."""


@pytest.fixture(scope="module")
def printing_998188() -> tuple[Any, list[tuple[Any, str, int, dict[str, str]]]]:
    """The printing's first teach photo (JPEG) and the bench's tables 642200 and 642201 drawn in it."""
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer

    art, renderer = random_pack(PRINTING), Renderer()
    photo = jpeg_teach_photos("open_season", art, PRINTING, renderer, count=1)
    bench = load_bench("teach")
    return photo, [bench.open_season_table(seed, t, art, renderer) for t, seed in enumerate(TABLES)]


def _gnome_reads(pack: Any, drawn: list[tuple[Any, str, int, dict[str, str]]]) -> list[tuple[str, str]]:
    """(truth, read) of every gnome card face up on the tables, read as whole cards."""
    from vision.open_season.cards import CardReader

    out = []
    for image, side, players, truth in drawn:
        reads = {r.place: r.card for r in
                 CardReader.from_ground_truth(image.ground_truth, side, players, pack).read(image.image)}
        out += [(want, reads[place]) for place, want in truth.items() if want.startswith("gnome-")]
    return out


def test_the_gnomes_read_right_after_the_dim_photo(printing_998188: Any) -> None:
    from vision.teach import teach

    photo, drawn = printing_998188
    reads = _gnome_reads(teach("open_season", photo).pack, drawn)
    assert len({want for want, _ in reads}) >= 3  # tattoo, dagger, earrings: not only eyepatch
    assert [read for _, read in reads] == [want for want, _ in reads]


def test_judged_as_balanced_the_gnomes_stay_veiled_and_read_eyepatch(printing_998188: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The off control: the old rule (the white judged as balanced) leaves them veiled."""
    import vision.teach as teaching

    photo, drawn = printing_998188
    monkeypatch.setattr(teaching, "UNVEIL_WHITE_RAW", False)
    reads = _gnome_reads(teaching.teach("open_season", photo).pack, drawn)
    wrong = [(want, read) for want, read in reads if read != want]
    assert len(wrong) >= 4
    assert {read for _, read in wrong} == {"gnome-eyepatch"}


def test_a_veil_in_a_dim_photo_is_judged_in_its_own_levels() -> None:
    """On small cuts: one people's five faces; one under a veil towards the sensor's white, in a photo
    whose balance then multiplied it by 1.4 (its white at 350 as balanced), is taken off given that
    balance and left as it is without it; a dimmed one (a shadow) is left either way."""
    import cv2

    from vision.teach import _unveil_cards

    rng = np.random.default_rng(11)
    gain = 1.4
    faces = {}
    for k, attribute in enumerate(["crown", "dagger", "earrings", "eyepatch", "tattoo"]):
        face = np.full((136, 88, 3), (45, 99, 59), np.float32)
        face[40:110, 12:76] = (180, 186, 195)  # a cream the veil does not lift past 255
        cv2.circle(face, (44, 75), 6 + 4 * k, (30, 30, 30), 3)
        faces[f"gnome-{attribute}"] = face
    veiled = faces["gnome-dagger"] * 0.7 + 0.3 * 250.0 * gain
    shadowed = faces["gnome-earrings"] * 0.8
    taught = {**faces, "gnome-dagger": veiled, "gnome-earrings": shadowed}
    taught = {n: np.clip(f + rng.normal(0, 2, f.shape), 0, 255).astype(np.uint8) for n, f in taught.items()}
    gains = {n: np.full(3, gain, np.float32) for n in taught}
    assert _unveil_cards(taught, sorted(taught)) == {}
    out = _unveil_cards(taught, sorted(taught), gains)
    assert sorted(out) == ["gnome-dagger"]
    assert np.abs(out["gnome-dagger"].astype(np.float32) - faces["gnome-dagger"]).mean() < 4.0
