"""The built-in art's templates kept on disk between runs (vision/template_cache.py): the same
arrays as drawn, drawn again when the code changes, and never an error from a bad cache file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vision import template_cache
from vision.template_cache import cached_arrays, source_key


class _Drawer:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict[str, np.ndarray]:
        self.calls += 1
        return {"names": np.array(["elf-crown", "gnome-dagger"]), "faces": np.arange(24, dtype=np.float32).reshape(2, 3, 4)}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLESIGHT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_stored_arrays_come_back_equal_and_are_not_drawn_again(cache: Path) -> None:
    draw = _Drawer()
    first = cached_arrays("faces", (template_cache,), draw)
    second = cached_arrays("faces", (template_cache,), draw)
    assert draw.calls == 1
    for key in ("names", "faces"):
        assert np.array_equal(first[key], second[key]) and first[key].dtype == second[key].dtype
    assert [p.name.split("-")[0] for p in cache.iterdir()] == ["faces"]  # no temporary file left


def test_a_change_to_the_drawing_code_draws_again(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draw = _Drawer()
    cached_arrays("faces", (template_cache,), draw)
    monkeypatch.setattr(template_cache.inspect, "getsource", lambda module: "def draw(): return 2\n")
    cached_arrays("faces", (template_cache,), draw)
    assert draw.calls == 2
    assert source_key("faces", (template_cache,)) != source_key("cards", (template_cache,))


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.binary(max_size=600))
def test_a_corrupt_cache_file_is_drawn_again_never_an_error(cache: Path, junk: bytes) -> None:
    path = cache / f"faces-{source_key('faces', (template_cache,))}.npz"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(junk)
    draw = _Drawer()
    arrays = cached_arrays("faces", (template_cache,), draw)
    assert draw.calls == 1 and arrays["faces"].shape == (2, 3, 4)
    assert np.array_equal(cached_arrays("faces", (template_cache,), draw)["faces"], arrays["faces"])
    assert draw.calls == 1  # the good arrays replaced the junk


def test_off_or_an_unwritable_folder_draws_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draw = _Drawer()
    monkeypatch.setenv("TABLESIGHT_CACHE", "off")
    cached_arrays("faces", (template_cache,), draw)
    cached_arrays("faces", (template_cache,), draw)
    assert draw.calls == 2
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    monkeypatch.setenv("TABLESIGHT_CACHE", str(blocker / "cache"))
    cached_arrays("faces", (template_cache,), draw)
    assert draw.calls == 3


def test_the_open_season_readers_templates_from_the_cache_equal_those_drawn(cache: Path) -> None:
    """The card reader's and the fan reader's templates, drawn once and then loaded: the same
    names, kinds and arrays as building them (what every reading is compared with)."""
    from vision.open_season import accolades, card_sampling

    for load in (card_sampling.card_templates, card_sampling.strip_templates, accolades._face_templates):
        load.cache_clear()
    try:
        drawn = card_sampling.build_templates("shield", None)
        for _ in range(2):  # stored, then loaded
            card_sampling.card_templates.cache_clear()
            loaded = card_sampling.card_templates("shield")
            assert (loaded.names, loaded.kinds) == (drawn.names, drawn.kinds)
            for a, b in ((loaded.first, drawn.first), (loaded.second, drawn.second), (loaded.colours, drawn.colours)):
                assert np.array_equal(a, b) and a.dtype == b.dtype
        faces = accolades._draw_face_templates()
        accolades._face_templates.cache_clear()
        accolades._face_templates()
        accolades._face_templates.cache_clear()
        names, people, attributes = accolades._face_templates()
        assert list(names) == [str(n) for n in faces["names"]]
        assert np.array_equal(people, faces["people"]) and np.array_equal(attributes, faces["attributes"])
        assert sorted(p.name.split("-")[2] for p in cache.iterdir()) == ["accolade", "cards"]
    finally:
        for load in (card_sampling.card_templates, card_sampling.strip_templates, accolades._face_templates):
            load.cache_clear()
