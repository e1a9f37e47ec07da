"""Teach-sheet photos as the bench takes them: rendered, then through a JPEG as a phone saves them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import cv2


def jpeg_teach_photos(game: str, art: Any, printing: int, renderer: Any, count: int = 2) -> list[tuple[str, Any]]:
    """``count`` teach photos of ``game`` laid with ``art`` (the bench's photo seeds for
    ``printing``), each saved as a quality-92 JPEG and read back: ``(name, image)`` pairs for
    :func:`vision.teach.teach`."""
    from vision.render.teach_photos import render_teach_photo

    photos = []
    for i in range(count):
        raw = render_teach_photo(game, art, 7_000_000 + 10 * printing + i, renderer)[0]
        photo = cv2.imdecode(cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
        assert photo is not None
        photos.append((f"teach{i}.jpg", photo))
    return photos


SHARED_FOLDER_ENV = "TABLESIGHT_TEST_SHARED"
"""A folder the test processes of one run share (tests/conftest.py makes it, and removes it at
the end): taught packs kept there are taught once per run."""


def taught_pack(game: str, art: Any, printing: int, drawn: str, renderer: Any, count: int = 2) -> Any:
    """The pack taught from ``count`` of printing ``printing``'s teach photos (:func:`jpeg_teach_photos`),
    as the bench teaches it. ``drawn`` names how ``art`` was made (a random pack in memory, one
    written to a folder and read back...): with the printing and the count it names the pack in the
    run's shared folder, where the first test process to teach it leaves it for the others
    (several test files teach the same printing, a few seconds each)."""
    from vision.pack import load_pack, save_pack
    from vision.teach import teach

    folder = os.environ.get(SHARED_FOLDER_ENV)
    path = Path(folder) / f"{game}-{printing}-{drawn}-{count}.pack" if folder else None
    if path is not None and path.is_file():
        return load_pack(path, game)
    pack = teach(game, jpeg_teach_photos(game, art, printing, renderer, count=count)).pack
    if path is not None:
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        save_pack(pack, part)
        os.replace(part, path)  # whole or absent for a process reading it meanwhile
    return pack

