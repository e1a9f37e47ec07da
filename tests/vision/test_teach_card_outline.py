"""A card laid askew on the teach sheet is cut along its own outline (vision/teach.py
``_card_pose``), not at its place: its taught view matches a straight picture of its face. Cut at
its place, the most turned card of this photo (training printing 6, photo seed as
bench/open_season_taught_cards.py draws it) correlated 0.88 with its face (elf-crown, turned 3.7 degrees); along its outline 0.99."""

from __future__ import annotations

import cv2
import numpy as np

from vision.teach import teach


def _likeness(view: np.ndarray, face: np.ndarray) -> float:
    """Correlation of two card faces at 2 px/mm, lightly blurred, over all channels."""
    a, b = (cv2.GaussianBlur(cv2.resize(img, (88, 136), interpolation=cv2.INTER_AREA).astype(np.float32), (0, 0), 1.0)
            for img in (view, face))
    a, b = a - a.mean(axis=(0, 1)), b - b.mean(axis=(0, 1))
    return float((a * b).sum() / (np.linalg.norm(a) * np.linalg.norm(b) + 1e-6))


def test_an_askew_card_is_taught_straight() -> None:
    from vision.render.random_art import random_pack
    from vision.render.renderer import Renderer
    from vision.render.teach_photos import render_teach_photo

    art = random_pack(6)
    image, labels = render_teach_photo("open_season", art, 7_000_000 + 10 * 6, Renderer())
    photo = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1], cv2.IMREAD_COLOR)
    cards = {name: info for name, info in labels["faces"].items() if name in art.names("open_season")}
    askew = max(cards, key=lambda name: abs(cards[name]["turn_deg"]) + abs(cards[name]["offset_mm"][0]))
    assert abs(cards[askew]["turn_deg"]) > 2.5
    pack = teach("open_season", [("teach0.jpg", np.asarray(photo))]).pack
    face = art.face("open_season", askew)
    assert face is not None
    assert _likeness(pack.faces[askew][0], np.ascontiguousarray(face[..., :3])) >= 0.95


def _outline_fits_over_the_whole_map(edges, turn, size_px, margin_px, shifts):
    """The outline score as it was first written: running sums over the whole turned maps."""
    import cv2
    import numpy as np

    h, w = edges[0].shape
    m = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    cols, rows = (cv2.warpAffine(e, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
                  for e in edges)
    down = np.vstack([np.zeros((1, w), np.float32), np.cumsum(cols, axis=0)])
    across = np.hstack([np.zeros((h, 1), np.float32), np.cumsum(rows, axis=1)])
    cw, ch = size_px
    sx, sy = shifts if isinstance(shifts, tuple) else (shifts, shifts)
    x0, y0 = margin_px + sx[None, :], margin_px + sy[:, None]
    iy, ix = ch // 8, cw // 8
    sides = np.stack([(down[y0 + ch - iy, x0] - down[y0 + iy, x0]) / (ch - 2 * iy),
                      (down[y0 + ch - iy, x0 + cw] - down[y0 + iy, x0 + cw]) / (ch - 2 * iy),
                      (across[y0, x0 + cw - ix] - across[y0, x0 + ix]) / (cw - 2 * ix),
                      (across[y0 + ch, x0 + cw - ix] - across[y0 + ch, x0 + ix]) / (cw - 2 * ix)])
    return np.log(np.maximum(sides, 1.0)).sum(axis=0), sides.min(axis=0)


def test_the_outline_fits_sum_only_the_sides_lines_and_give_the_same_numbers() -> None:
    """``_outline_fits`` sums only the columns and rows a side may lie on: the same fits and
    weakest sides, to the bit, as running sums over the whole turned edge maps (both shift forms:
    a square of shifts and separate x and y shifts)."""
    import numpy as np

    from vision.teach import _edge_maps, _outline_fits

    rng = np.random.default_rng(3)
    cut = rng.integers(0, 255, (150, 120, 3)).astype(np.float32)
    cut[30:120, 25:95] += 60.0  # a card's outline
    edges = _edge_maps(cut)
    for turn in (-2.5, 0.0, 1.0):
        for shifts in (np.arange(-8, 9), (np.arange(-3, 6), np.arange(-7, 2))):
            got = _outline_fits(edges, turn, (70, 90), 25, shifts)
            want = _outline_fits_over_the_whole_map(edges, turn, (70, 90), 25, shifts)
            for a, b in zip(got, want):
                assert a.shape == b.shape and np.array_equal(a, b)
