"""Teach-sheet photos as the bench takes them: rendered, then through a JPEG as a phone saves them."""

from __future__ import annotations

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
