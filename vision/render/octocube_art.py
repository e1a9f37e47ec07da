"""Octocube's procedural art: object, coin and abyss tiles, tile backs, stack edges, cube faces
and player boards.

Each object has a distinct silhouette AND ink colour (starfish: orange five-arm star; amphora:
dark terracotta vase with handles; sextant: brass arc frame; pearl: white pearl in a pink
shell; diamond: violet cut gem), each outlined in dark ink so that it reads on all four
background colours.
"""

from __future__ import annotations

import math

import numpy as np

from rules.octocube.components import BACKGROUND_COLOURS, OBJECTS, PLAYER_COLOURS, Tile
from vision.render import sprites as sp
from vision.render.scene import SpriteKey

BACKGROUND_RGB: dict[str, tuple[int, int, int]] = {
    "white": (238, 236, 226),
    "light blue": (125, 190, 228),
    "dark blue": (32, 52, 112),
    "green": (52, 148, 72),
}
PLAYER_RGB: dict[str, tuple[int, int, int]] = {
    "red": (196, 36, 40),
    "yellow": (236, 196, 36),
    "blue": (36, 84, 196),
    "purple": (122, 58, 160),
}
OBJECT_INK_RGB: dict[str, tuple[int, int, int]] = {
    "starfish": (246, 128, 40),
    "amphora": (150, 62, 30),
    "sextant": (214, 170, 56),
    "pearl": (246, 242, 246),
    "diamond": (186, 52, 220),
}
COIN_BG_RGB = (222, 198, 140)
COIN_GOLD_RGB = (240, 186, 40)
ABYSS_BG_RGB = (18, 22, 40)
TILE_BACK_RGB = (104, 58, 126)
OUTLINE_RGB = (30, 20, 16)
CARDBOARD_RGB = (206, 196, 174)
METAL_RGB = (178, 182, 188)

assert set(BACKGROUND_RGB) == set(BACKGROUND_COLOURS) and set(PLAYER_RGB) == set(PLAYER_COLOURS)
assert set(OBJECT_INK_RGB) == set(OBJECTS)


# --------------------------------------------------------------------------- object icons
# Each draws into a BGRA image, centred on (cx, cy), fitting in a square of side s pixels.


def _starfish(img: np.ndarray, cx: float, cy: float, s: float) -> None:
    pts = []
    for i in range(10):
        r = s * (0.49 if i % 2 == 0 else 0.21)
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + 0.04 * s + r * math.sin(a)))
    sp.poly(img, pts, OBJECT_INK_RGB["starfish"], outline=OUTLINE_RGB, thickness=max(1, int(s / 28)))
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        for f in (0.14, 0.27):
            sp.circle(img, (cx + f * s * math.cos(a), cy + 0.04 * s + f * s * math.sin(a)),
                      s * 0.035, (255, 214, 150))


def _amphora(img: np.ndarray, cx: float, cy: float, s: float) -> None:
    ink = OBJECT_INK_RGB["amphora"]
    t = max(1, int(s / 28))
    # handles first (behind the body)
    for side in (-1, 1):
        sp.ellipse(img, (cx + side * 0.2 * s, cy - 0.22 * s), (0.13 * s, 0.12 * s), 0,
                   OUTLINE_RGB, thickness=max(2, int(s / 11)))
        sp.ellipse(img, (cx + side * 0.2 * s, cy - 0.22 * s), (0.13 * s, 0.12 * s), 0,
                   ink, thickness=max(1, int(s / 20)))
    body = [(cx - 0.08 * s, cy - 0.46 * s), (cx + 0.08 * s, cy - 0.46 * s),
            (cx + 0.09 * s, cy - 0.3 * s), (cx + 0.27 * s, cy - 0.12 * s),
            (cx + 0.25 * s, cy + 0.16 * s), (cx + 0.1 * s, cy + 0.38 * s),
            (cx + 0.13 * s, cy + 0.48 * s), (cx - 0.13 * s, cy + 0.48 * s),
            (cx - 0.1 * s, cy + 0.38 * s), (cx - 0.25 * s, cy + 0.16 * s),
            (cx - 0.27 * s, cy - 0.12 * s), (cx - 0.09 * s, cy - 0.3 * s)]
    sp.poly(img, body, ink, outline=OUTLINE_RGB, thickness=t)
    sp.poly(img, [(cx - 0.26 * s, cy - 0.02 * s), (cx + 0.26 * s, cy - 0.02 * s),
                  (cx + 0.255 * s, cy + 0.07 * s), (cx - 0.255 * s, cy + 0.07 * s)], OUTLINE_RGB)
    sp.line(img, (cx - 0.09 * s, cy - 0.4 * s), (cx + 0.09 * s, cy - 0.4 * s), (230, 170, 120), t)


def _sextant(img: np.ndarray, cx: float, cy: float, s: float) -> None:
    ink = OBJECT_INK_RGB["sextant"]
    apex = (cx, cy - 0.44 * s)
    r = 0.84 * s
    a0, a1 = math.radians(90 - 32), math.radians(90 + 32)
    p0 = (apex[0] + r * math.cos(a0), apex[1] + r * math.sin(a0))
    p1 = (apex[0] + r * math.cos(a1), apex[1] + r * math.sin(a1))
    thick = max(2, int(s / 12))
    for colour, extra in ((OUTLINE_RGB, max(2, int(s / 24))), (ink, 0)):
        w = thick + extra
        sp.line(img, apex, p0, colour, w)
        sp.line(img, apex, p1, colour, w)
        sp.ellipse(img, apex, (r, r), 0, colour, thickness=w + 2, start=90 - 34, end=90 + 34)
        mid = (apex[0], apex[1] + 0.5 * r)
        sp.line(img, (mid[0] - 0.25 * s, mid[1]), (mid[0] + 0.25 * s, mid[1]), colour, w)
    # the index arm and telescope
    sp.line(img, apex, (apex[0] + 0.2 * s, apex[1] + 0.8 * s), OUTLINE_RGB, max(1, thick // 2))
    sp.poly(img, [(cx - 0.3 * s, cy - 0.3 * s), (cx + 0.05 * s, cy - 0.3 * s),
                  (cx + 0.05 * s, cy - 0.2 * s), (cx - 0.3 * s, cy - 0.2 * s)], ink,
            outline=OUTLINE_RGB, thickness=max(1, int(s / 30)))
    sp.circle(img, apex, 0.06 * s, OUTLINE_RGB)


def _pearl(img: np.ndarray, cx: float, cy: float, s: float) -> None:
    shell = (236, 160, 180)
    t = max(1, int(s / 28))
    # lower shell: a fan with ridges
    fan = [(cx, cy + 0.46 * s)]
    for i in range(13):
        a = math.radians(200 + i * 140 / 12)
        fan.append((cx + 0.48 * s * math.cos(a), cy + 0.46 * s + 0.62 * s * math.sin(a) * -1 * -1))
    fan = [(cx, cy + 0.46 * s)] + [
        (cx + 0.48 * s * math.cos(math.radians(a)), cy + 0.46 * s - 0.6 * s * math.sin(math.radians(a)))
        for a in np.linspace(160, 20, 13)
    ]
    sp.poly(img, fan, shell, outline=OUTLINE_RGB, thickness=t)
    for a in np.linspace(150, 30, 6):
        sp.line(img, (cx, cy + 0.46 * s),
                (cx + 0.44 * s * math.cos(math.radians(a)),
                 cy + 0.46 * s - 0.55 * s * math.sin(math.radians(a))), (190, 110, 130), t)
    sp.circle(img, (cx, cy - 0.05 * s), 0.27 * s, OUTLINE_RGB)
    sp.circle(img, (cx, cy - 0.05 * s), 0.27 * s - t * 1.5, OBJECT_INK_RGB["pearl"])
    sp.circle(img, (cx - 0.09 * s, cy - 0.14 * s), 0.07 * s, (255, 255, 255))
    sp.ellipse(img, (cx + 0.05 * s, cy + 0.03 * s), (0.16 * s, 0.12 * s), 30, (210, 206, 220),
               thickness=max(1, int(s / 30)), start=0, end=120)


def _diamond(img: np.ndarray, cx: float, cy: float, s: float) -> None:
    ink = OBJECT_INK_RGB["diamond"]
    t = max(1, int(s / 28))
    top_y, girdle_y, tip_y = cy - 0.3 * s, cy - 0.1 * s, cy + 0.46 * s
    outline = [(cx - 0.24 * s, top_y), (cx + 0.24 * s, top_y), (cx + 0.47 * s, girdle_y),
               (cx, tip_y), (cx - 0.47 * s, girdle_y)]
    sp.poly(img, outline, ink, outline=OUTLINE_RGB, thickness=t)
    light = (236, 170, 250)
    sp.poly(img, [(cx - 0.24 * s, top_y), (cx + 0.24 * s, top_y), (cx + 0.12 * s, girdle_y),
                  (cx - 0.12 * s, girdle_y)], light)
    facet = (250, 230, 255)
    for a, b in (((cx - 0.24 * s, top_y), (cx - 0.12 * s, girdle_y)),
                 ((cx + 0.24 * s, top_y), (cx + 0.12 * s, girdle_y)),
                 ((cx - 0.47 * s, girdle_y), (cx + 0.47 * s, girdle_y)),
                 ((cx - 0.12 * s, girdle_y), (cx, tip_y)),
                 ((cx + 0.12 * s, girdle_y), (cx, tip_y))):
        sp.line(img, a, b, facet, t)
    sp.poly(img, outline, ink, outline=OUTLINE_RGB, thickness=0)
    sp.poly(img, [(cx - 0.24 * s, top_y), (cx + 0.24 * s, top_y), (cx + 0.12 * s, girdle_y),
                  (cx - 0.12 * s, girdle_y)], light)
    for a, b in (((cx - 0.47 * s, girdle_y), (cx + 0.47 * s, girdle_y)),
                 ((cx - 0.12 * s, girdle_y), (cx, tip_y)),
                 ((cx + 0.12 * s, girdle_y), (cx, tip_y))):
        sp.line(img, a, b, facet, t)
    import cv2
    pts = np.round(np.array(outline) * 16).astype(np.int32)
    cv2.polylines(img, [pts], True, sp.bgra(OUTLINE_RGB), t, cv2.LINE_AA, shift=4)


ICONS = {"starfish": _starfish, "amphora": _amphora, "sextant": _sextant, "pearl": _pearl,
         "diamond": _diamond}


def draw_object_icon(img: np.ndarray, obj: str, centre: tuple[float, float], size: float) -> None:
    """Draw one object's icon; used by the tiles and by the player boards' space hints."""
    ICONS[obj](img, centre[0], centre[1], size)


# --------------------------------------------------------------------------- tiles


def _tile_base(w: int, h: int, rgb: tuple[int, int, int], density: float, seed: int) -> np.ndarray:
    img = sp.canvas(w, h, rgb)
    sp.add_grain(img, seed, amount=4.0)
    frame = _darker(rgb, 0.78)
    t = max(1, int(round(0.9 * density)))
    import cv2
    cv2.rectangle(img, (t // 2, t // 2), (w - 1 - t // 2, h - 1 - t // 2), sp.bgra(frame), t)
    return img


def draw_tile(label: str, w: int, h: int, density: float) -> np.ndarray:
    tile = Tile.from_json(label)
    seed = sum(map(ord, label))
    if tile.kind == "object":
        assert tile.colour is not None and tile.obj is not None
        img = _tile_base(w, h, BACKGROUND_RGB[tile.colour], density, seed)
        draw_object_icon(img, tile.obj, (w / 2 - 0.5, h / 2 - 0.5), min(w, h) * 0.74)
    elif tile.kind == "coin":
        img = _tile_base(w, h, COIN_BG_RGB, density, seed)
        c = (w / 2 - 0.5, h / 2 - 0.5)
        r = min(w, h) * 0.36
        sp.circle(img, c, r, (150, 104, 18))
        sp.circle(img, c, r * 0.93, COIN_GOLD_RGB)
        sp.circle(img, c, r * 0.74, (206, 150, 24), thickness=max(1, int(r / 12)))
        sp.put_text_centered(img, "3", c, r * 0.8, (120, 80, 10))
    else:
        img = _tile_base(w, h, ABYSS_BG_RGB, density, seed)
        c = (w / 2 - 0.5, h / 2 - 0.5)
        pts = []
        for i in range(120):
            a = i * 0.19
            r = min(w, h) * (0.04 + 0.0036 * i)
            pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
        for p0, p1 in zip(pts, pts[1:], strict=False):
            sp.line(img, p0, p1, (40, 140, 150), max(1, int(min(w, h) / 40)))
        if tile.letter:
            sp.circle(img, c, min(w, h) * 0.2, (235, 235, 225))
            sp.put_text_centered(img, tile.letter, c, min(w, h) * 0.22, (18, 22, 40))
    return sp.rounded_alpha(img, 2.0 * density)


def draw_tile_back(w: int, h: int, density: float) -> np.ndarray:
    img = _tile_base(w, h, TILE_BACK_RGB, density, 99)
    for i in range(4):
        a0 = i * 90
        sp.ellipse(img, (w * (0.3 + 0.4 * (i % 2)), h * (0.3 + 0.4 * (i // 2))),
                   (w * 0.16, h * 0.16), a0, (170, 120, 190), thickness=max(1, int(w / 30)),
                   start=0, end=270)
    return sp.rounded_alpha(img, 2.0 * density)


def draw_stack_side(n_tiles: int, w: int, h: int, density: float) -> np.ndarray:
    """The edge of a stack: cardboard layers with a dark seam between tiles."""
    img = sp.canvas(w, h, CARDBOARD_RGB)
    sp.add_grain(img, n_tiles, amount=5.0)
    import cv2
    for i in range(1, max(n_tiles, 1)):
        y = int(round(h * i / n_tiles))
        cv2.line(img, (0, y), (w - 1, y), sp.bgra((92, 84, 72)), max(1, int(0.35 * density)))
    # the printed top sliver of the top tile
    cv2.rectangle(img, (0, 0), (w - 1, max(1, int(0.3 * density))), sp.bgra((120, 110, 96)), -1)
    return img


# --------------------------------------------------------------------------- cubes and boards


def draw_cube_face(colour: str, tile_label: str | None, w: int, h: int, density: float,
                   rotation: int = 0) -> np.ndarray:
    """A face of an octopus cube: player-coloured plastic around either a stuck tile or the bare
    metal plate that holds tiles magnetically. ``rotation`` turns the tile clockwise (0, 90,
    180, 270 degrees) as it lies on the face."""
    body = PLAYER_RGB[colour]
    img = sp.canvas(w, h, body)
    sp.add_grain(img, 3, amount=3.0)
    inset_mm = 3.0
    ix = int(round(inset_mm * density))
    iw, ih = w - 2 * ix, h - 2 * ix
    if tile_label is None:
        plate = sp.canvas(iw, ih, METAL_RGB)
        rng = np.random.default_rng(5)
        streaks = rng.normal(0, 7, (ih, 1)).astype(np.float32)
        plate[..., :3] = np.clip(plate[..., :3].astype(np.float32) + streaks[..., None], 0, 255).astype(np.uint8)
        sp.circle(plate, (iw / 2, ih / 2), min(iw, ih) * 0.18, (120, 124, 132))
        sp.circle(plate, (iw / 2, ih / 2), min(iw, ih) * 0.18, (90, 94, 100), thickness=max(1, int(density / 2)))
        plate = sp.rounded_alpha(plate, 1.5 * density)
    else:
        turns = (int(rotation) // 90) % 4
        if turns % 2:  # draw on the transposed size, then turn into place
            plate = np.ascontiguousarray(np.rot90(draw_tile(tile_label, ih, iw, density), -turns))
        else:
            plate = np.ascontiguousarray(np.rot90(draw_tile(tile_label, iw, ih, density), -turns))
    a = plate[..., 3:4].astype(np.float32) / 255.0
    roi = img[ix: ix + ih, ix: ix + iw]
    roi[..., :3] = (roi[..., :3] * (1 - a) + plate[..., :3] * a).astype(np.uint8)
    return sp.rounded_alpha(img, 2.5 * density)


def draw_board(colour: str, w: int, h: int, density: float) -> np.ndarray:
    from vision.render import octocube_layout as lay

    img = sp.canvas(w, h, (46, 74, 102))
    sp.add_grain(img, 11, amount=4.0, scale=2)
    import cv2
    border = max(2, int(round(5 * density)))
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), sp.bgra(PLAYER_RGB[colour]), border)
    pitch = lay.BOARD_CELL_PITCH_MM * density
    ox, oy = (c * density for c in lay.BOARD_CELLS_ORIGIN_MM)
    tile = lay.TILE_SIZE_MM * density
    for r, bg in enumerate(BACKGROUND_COLOURS):
        cy = oy + (r + 0.5) * pitch
        sp.circle(img, (ox / 2 + border / 4, cy), 0.22 * ox, BACKGROUND_RGB[bg])
        for c, obj in enumerate(OBJECTS):
            cx = ox + (c + 0.5) * pitch
            # an empty space: dark, framed in its row colour, with a small ghost of the
            # object (faint enough that it can never pass for a tile lying there)
            x0, y0 = int(round(cx - tile / 2)), int(round(cy - tile / 2))
            frame = _darker(BACKGROUND_RGB[bg], 0.7)
            cv2.rectangle(img, (x0, y0), (x0 + int(tile) - 1, y0 + int(tile) - 1),
                          sp.bgra((28, 44, 62)), -1)
            cv2.rectangle(img, (x0, y0), (x0 + int(tile) - 1, y0 + int(tile) - 1),
                          sp.bgra(frame), max(1, int(0.8 * density)))
            ghost = sp.canvas(int(tile), int(tile), (28, 44, 62))
            draw_object_icon(ghost, obj, (tile / 2, tile / 2), tile * 0.45)
            roi = img[y0: y0 + ghost.shape[0], x0: x0 + ghost.shape[1]]
            g = ghost[: roi.shape[0], : roi.shape[1], :3].astype(np.float32)
            roi[..., :3] = (roi[..., :3] * 0.8 + g * 0.2).astype(np.uint8)
    return sp.rounded_alpha(img, 3 * density)


TOKEN_STYLES: dict[int, tuple[tuple[int, int, int], float]] = {
    1: ((172, 104, 58), 18.0),
    3: ((196, 200, 208), 20.0),
    5: ((236, 192, 52), 22.0),
    10: ((52, 104, 206), 25.0),
    25: ((176, 36, 60), 28.0),
}
"""Victory-point token: value -> (face colour, diameter mm). Each value has its own colour and
size, as printed tokens do, so that a glance (or a colour test) tells them apart."""
TOKEN_THICKNESS_MM = 2.0


def draw_token(value: int, w: int, h: int, density: float) -> np.ndarray:
    """A round victory-point token, face up: a coloured disc with its value in the middle."""
    if value not in TOKEN_STYLES:
        raise sp.UnknownSpriteError(f"no victory-point token worth {value}")
    rgb, _ = TOKEN_STYLES[value]
    img = sp.canvas(w, h, rgb)
    sp.add_grain(img, 100 + value, amount=3.0)
    r = min(w, h) / 2
    sp.circle(img, (w / 2 - 0.5, h / 2 - 0.5), r * 0.82, tuple(int(v * 0.78) for v in rgb),  # type: ignore[arg-type]
              max(1, int(0.6 * density)))
    ink = (250, 250, 245) if sum(rgb) < 420 else (40, 30, 24)
    sp.put_text_centered(img, str(value), (w / 2 - 0.5, h / 2 - 0.5), r * 0.6, ink)
    return sp.circle_alpha(img)


MULTICOLOUR_FRAME_RGB = (150, 150, 150)


def draw_kids_board(colour: str, spaces: tuple[tuple[str | None, str | None], ...], w: int, h: int,
                    density: float) -> np.ndarray:
    """The kids side of a player board: one empty space per entry of ``spaces`` ((colour,
    object), None = any), drawn like the standard side's empty spaces (dark, framed in the
    space's colour, grey for any colour, with a faint ghost of the object when it asks for one)."""
    from vision.render import octocube_layout as lay

    img = sp.canvas(w, h, (46, 74, 102))
    sp.add_grain(img, 11, amount=4.0, scale=2)
    import cv2
    border = max(2, int(round(5 * density)))
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), sp.bgra(PLAYER_RGB[colour]), border)
    tile = lay.TILE_SIZE_MM * density
    for slot, (bg, obj) in enumerate(spaces[: lay.KIDS_SLOTS]):
        bx, by = lay.kids_slot_local(slot)
        cx, cy = bx * density, by * density
        x0, y0 = int(round(cx - tile / 2)), int(round(cy - tile / 2))
        frame = _darker(BACKGROUND_RGB[bg] if bg else MULTICOLOUR_FRAME_RGB, 0.7)
        cv2.rectangle(img, (x0, y0), (x0 + int(tile) - 1, y0 + int(tile) - 1), sp.bgra((28, 44, 62)), -1)
        cv2.rectangle(img, (x0, y0), (x0 + int(tile) - 1, y0 + int(tile) - 1), sp.bgra(frame),
                      max(1, int(0.8 * density)))
        if obj:
            ghost = sp.canvas(int(tile), int(tile), (28, 44, 62))
            draw_object_icon(ghost, obj, (tile / 2, tile / 2), tile * 0.45)
            roi = img[y0: y0 + ghost.shape[0], x0: x0 + ghost.shape[1]]
            g = ghost[: roi.shape[0], : roi.shape[1], :3].astype(np.float32)
            roi[..., :3] = (roi[..., :3] * 0.8 + g * 0.2).astype(np.uint8)
    return sp.rounded_alpha(img, 3 * density)


def draw(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    what = key[1]
    if what == "tile":
        return draw_tile(str(key[2]), w, h, density)
    if what == "tile_back":
        return draw_tile_back(w, h, density)
    if what == "stack_side":
        return draw_stack_side(int(key[2]), w, h, density)
    if what == "cube_face":
        return draw_cube_face(str(key[2]), key[3], w, h, density, int(key[4]) if len(key) > 4 else 0)
    if what == "board":
        return draw_board(str(key[2]), w, h, density)
    if what == "token":
        return draw_token(int(key[2]), w, h, density)
    if what == "kids_board":
        return draw_kids_board(str(key[2]), tuple(key[3]), w, h, density)
    raise sp.UnknownSpriteError(f"no Octocube art for {key!r}")


def _darker(rgb: tuple[int, ...], k: float) -> tuple[int, int, int]:
    """A tile's frame colour: its background scaled by ``k`` (truncated, as drawn before)."""
    r, g, b = (int(v * k) for v in rgb[:3])
    return (r, g, b)
