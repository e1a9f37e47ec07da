"""Teach-sheet photos as the bench takes them: rendered, then through a JPEG as a phone saves them."""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

import cv2
import numpy as np


def jpeg_teach_photos(game: str, art: Any, printing: int, renderer: Any, count: int = 2) -> list[tuple[str, Any]]:
    """``count`` teach photos of ``game`` laid with ``art`` (the bench's photo seeds for
    ``printing``), each saved as a quality-92 JPEG and read back: ``(name, image)`` pairs for
    :func:`vision.teach.teach`."""
    from vision.render.teach_photos import render_teach_photo

    folder = os.environ.get(SHARED_FOLDER_ENV)
    photos = []
    for i in range(count):
        # kept in the run's shared folder by the art's pixels (its digest), seed and renderer: the
        # first of a printing's two photos is the whole of its one-photo teaching (a printing taught
        # from one photo and from two renders it once a run, not once a count)
        digest = getattr(art, "digest", None)
        kept = (Path(folder) / f"photo-{game}-{printing}-{digest}-{int(getattr(renderer, '_paint_by_height', 0))}-{i}.jpg"
                if folder and digest else None)
        if kept is not None and kept.is_file():
            jpeg = np.frombuffer(kept.read_bytes(), np.uint8)
        else:
            raw = render_teach_photo(game, art, 7_000_000 + 10 * printing + i, renderer)[0]
            jpeg = cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])[1]
            if kept is not None:
                part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
                part.write_bytes(jpeg.tobytes())
                os.replace(part, kept)  # whole or absent for a process reading it meanwhile
        photo = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
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
    # by the art's pixels where it has a digest (a printing drawn in memory with its Octocube faces
    # only and one written to a folder and read back are the same art: taught once a run)
    name = f"{game}-{printing}-{getattr(art, 'digest', None) or drawn}-{count}.pack"
    if game == "octocube" and (folder, name) in _KEPT_PACKS:
        _KEPT_PACKS.move_to_end((folder, name))
        return _KEPT_PACKS[(folder, name)]
    path = Path(folder) / name if folder else None
    if path is not None and path.is_file():
        pack = load_pack(path, game)
    else:
        pack = teach(game, jpeg_teach_photos(game, art, printing, renderer, count=count)).pack
        if path is not None:
            part = path.with_name(f"{path.name}.{os.getpid()}.part")
            save_pack(pack, part)
            os.replace(part, path)  # whole or absent for a process reading it meanwhile
    if game == "octocube":
        _KEPT_PACKS[(folder, name)] = pack
        while len(_KEPT_PACKS) > _KEPT_PACK_COUNT:
            # its recogniser parts (~33 MB, RecogniserConfig.pack_parts_kept) go with it: a still kept
            # for later (taught_table.kept_change_still) holds the pack, and holding every pack's parts
            # took a test process to 10 GB (session 84's fresh-clone run; 5.4 GB before); a later
            # reader of that pack builds them again
            _KEPT_PACKS.popitem(last=False)[1].derived.clear()
    return pack


_KEPT_PACK_COUNT = 4
"""How many of the latest Octocube packs :func:`taught_pack` keeps in a process."""
_KEPT_PACKS: OrderedDict[tuple[str | None, str], Any] = OrderedDict()
"""The latest Octocube packs :func:`taught_pack` gave in this process, by (shared folder, name): a
file's stills of one printing (and the next file's, often the same printing) then share one pack
object, so each recogniser built with it finds the faces' prototypes made by the first
(``RecogniserConfig.pack_parts_kept``, kept on the pack: ~0.25 CPU s a reading) and the pack is
not read from its file again. Only read, never changed (``Pack`` is frozen; its parts never change)."""

