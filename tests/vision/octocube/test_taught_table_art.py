"""The taught-table helpers' art and teach photos (session 84, suite84a): a printing's Octocube faces
drawn in memory alone (``taught_table.octocube_art``) are ``random_pack``'s, and a table and a teach
photo drawn with them are the same to the bit; the teach photos are kept in the run's shared folder
by the art's digest, so a printing taught from one photo and from two renders its first photo once."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.octocube.taught_table import octocube_art
from tests.vision.teach_photos import SHARED_FOLDER_ENV, jpeg_teach_photos
from vision.render.art_pack import ArtPack
from vision.render.random_art import random_pack, write_random_pack
from vision.render.renderer import Renderer

PRINTING, OTHER = 997_670, 997_671
"""test_taught_lost_seat_chain's printing, and the next one."""


def test_the_octocube_faces_alone_are_the_whole_printings(tmp_path: Path) -> None:
    alone, whole = octocube_art(PRINTING), random_pack(PRINTING)
    names = {name for game, name in whole.faces if game == "octocube"}
    assert names and {name for _, name in alone.faces} == names
    for name in names:
        assert np.array_equal(alone.faces[("octocube", name)], whole.faces[("octocube", name)]), name
    assert alone.gloss == whole.gloss
    write_random_pack(PRINTING, tmp_path, games=("octocube",))
    assert ArtPack.load(tmp_path).digest == alone.digest  # the films' art: one taught pack for both
    assert octocube_art(OTHER).digest != alone.digest


def test_a_teach_photo_is_drawn_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SHARED_FOLDER_ENV, str(tmp_path))
    (one,) = jpeg_teach_photos("octocube", octocube_art(PRINTING), PRINTING, Renderer(), count=1)
    assert [p.name for p in tmp_path.iterdir()] == [f"photo-octocube-{PRINTING}-{octocube_art(PRINTING).digest}-0-0.jpg"]
    monkeypatch.delenv(SHARED_FOLDER_ENV)
    (whole,) = jpeg_teach_photos("octocube", random_pack(PRINTING), PRINTING, Renderer(), count=1)
    assert np.array_equal(one[1], whole[1])
    monkeypatch.setenv(SHARED_FOLDER_ENV, str(tmp_path))
    kept = next(tmp_path.iterdir())
    kept.write_bytes(cv2.imencode(".jpg", np.ascontiguousarray(one[1][::-1]))[1].tobytes())  # the control:
    # the kept photo (here turned upside down) is what is read, not drawn again
    first, second = jpeg_teach_photos("octocube", octocube_art(PRINTING), PRINTING, Renderer(), count=2)
    assert not np.array_equal(first[1], one[1]) and len(list(tmp_path.iterdir())) == 2
    assert second[0] == "teach1.jpg" and second[1].shape == one[1].shape
