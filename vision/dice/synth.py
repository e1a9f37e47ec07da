"""Synthetic dice photos for training and for testing on data never trained on.

Draws dice as small perspective cubes (top face + the visible sides) with procedural face art
(vision/dice/art.py) on varied backgrounds: real table photos with their dice painted out,
wood, cloth, paper, solid colours; with shadows, highlights, translucent bodies, distractor
objects (cards, plain cubes, cables, coins), blur, noise and JPEG loss. Labels are the bounding
box of each die's TOP face, like the real data set.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.dice.art import dress_d6, face_art, material_colours, random_d6_colours, random_material
from vision.dice.faces import BLACK_CLASSES, CLASSES, D6_CLASSES, WHITE_CLASSES


@dataclass(frozen=True)
class SynthDie:
    """One drawn die: its classifier class (COCKED_INDEX: leaning, no face up) and top-face box
    (x0, y0, x1, y1) in pixels (a cocked die: the box of the whole die); ``material`` of a d6
    drawn with variety ("" otherwise)."""

    class_index: int
    bbox: tuple[float, float, float, float]
    material: str = ""


COCKED_INDEX = len(CLASSES)
"""The class index a cocked die gets in synthetic labels (after every face class)."""


# ---------------------------------------------------------------- backgrounds


def _noise(rng: np.random.Generator, h: int, w: int, scale: int) -> np.ndarray:
    small = rng.random((max(h // scale, 2), max(w // scale, 2))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _wood(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, math.pi)
    u = xx * math.cos(angle) + yy * math.sin(angle)
    warp = _noise(rng, h, w, 80) * rng.uniform(20, 60)
    grain = 0.5 + 0.5 * np.sin((u + warp) / rng.uniform(4, 14))
    base = np.array(rng.choice([(120, 170, 210), (80, 120, 170), (60, 90, 130), (150, 190, 220), (40, 60, 90)]), np.float32)
    img = base[None, None, :] * (0.8 + 0.25 * grain[..., None]) + rng.normal(0, 4, (h, w, 1))
    return img


def _cloth(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = rng.uniform(20, 235, 3).astype(np.float32)
    n = _noise(rng, h, w, int(rng.integers(2, 40)))
    img = base[None, None, :] * (0.75 + 0.5 * n[..., None])
    return img + rng.normal(0, rng.uniform(2, 12), (h, w, 1))


def _pattern(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    a = rng.uniform(30, 230, 3)
    b = rng.uniform(30, 230, 3)
    step = int(rng.integers(20, 120))
    yy, xx = np.mgrid[0:h, 0:w]
    if rng.random() < 0.5:
        m = ((xx // step + yy // step) % 2).astype(np.float32)
    else:
        m = ((xx // step) % 2 | (yy // step) % 2).astype(np.float32) * rng.uniform(0.3, 1)
    return a[None, None, :] * (1 - m[..., None]) + b[None, None, :] * m[..., None]


def _gradient(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    a = rng.uniform(0, 255, 3)
    b = rng.uniform(0, 255, 3)
    t = np.linspace(0, 1, w if rng.random() < 0.5 else h, dtype=np.float32)
    img = a[None, :] * (1 - t[:, None]) + b[None, :] * t[:, None]
    img = img[None, :, :].repeat(h, 0) if img.shape[0] == w else img[:, None, :].repeat(w, 1)
    return img + rng.normal(0, 3, (h, w, 1))


def background(rng: np.random.Generator, h: int, w: int, photos: list[np.ndarray] | None) -> np.ndarray:
    """A float32 BGR table surface; ``photos`` are real photos with their dice painted out."""
    r = rng.random()
    if photos and r < 0.35:
        p = photos[int(rng.integers(len(photos)))]
        ph, pw = p.shape[:2]
        scale = rng.uniform(1.0, 1.6)
        cw, ch = min(int(w / scale), pw), min(int(h / scale), ph)
        x, y = int(rng.integers(0, pw - cw + 1)), int(rng.integers(0, ph - ch + 1))
        img = cv2.resize(p[y : y + ch, x : x + cw], (w, h)).astype(np.float32)
        if rng.random() < 0.5:
            img = img[:, ::-1]
        if rng.random() < 0.6:  # recolour: same texture, another table
            grey = img.mean(axis=2, keepdims=True)
            img = grey / max(float(grey.mean()), 1) * rng.uniform(30, 230, 3)[None, None, :]
        return np.ascontiguousarray(img, np.float32)
    makers = [_wood, _cloth, _cloth, _pattern, _gradient]
    return np.ascontiguousarray(makers[int(rng.integers(len(makers)))](rng, h, w), np.float32)


# ---------------------------------------------------------------- compositing helpers


def _warp_onto(
    canvas: np.ndarray, colour: np.ndarray, alpha: np.ndarray, quad: np.ndarray
) -> None:
    """Composite a square texture (colour, alpha) onto ``canvas`` inside the 4-point ``quad``."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    s = colour.shape[0]
    src = np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    c = cv2.warpPerspective(colour, m, size, flags=cv2.INTER_AREA if s > 60 else cv2.INTER_LINEAR)
    a = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR)[..., None]
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - a) + c * a


def _darken_poly(canvas: np.ndarray, pts: np.ndarray, amount: float, blur: float) -> None:
    h, w = canvas.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(pts * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    k = int(blur) * 2 + 1
    m = cv2.GaussianBlur(mask, (k, k), 0).astype(np.float32)[..., None] / 255.0
    canvas *= 1 - amount * m


def _same_kind_class(rng: np.random.Generator, class_index: int) -> int:
    kind = CLASSES[class_index].kind
    pool = D6_CLASSES if kind == "d6" else WHITE_CLASSES if kind == "octo-white" else BLACK_CLASSES
    return int(pool[int(rng.integers(len(pool)))])


# ---------------------------------------------------------------- dice


def draw_die(
    canvas: np.ndarray,
    rng: np.random.Generator,
    centre: tuple[float, float],
    size: float,
    class_index: int,
    view: tuple[float, float],
    translucent: bool = False,
    twin_art: float = 0.0,
    material: str | None = None,
) -> tuple[float, float, float, float]:
    """Draw one die whose top face is centred at ``centre`` with side ``size`` px.
    ``twin_art``: chance that an Octo Dice face is drawn in the digital twin's art (art.face_art).
    ``material`` (d6 only, art.D6_MATERIALS): None draws the classic dice (and the same random
    stream as before materials existed, so older bench seeds still give the same photos).

    ``view`` = (tilt radians, direction radians): how far the camera looks from straight above
    and towards which image direction the die's sides show. Returns the top face's bbox.
    """
    tilt, direction = view
    d = np.array([math.cos(direction), math.sin(direction)])
    theta = rng.uniform(0, 2 * math.pi)
    rot = np.array([[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]])
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * size / 2 @ rot.T
    corners -= np.outer(corners @ d, d) * (1 - math.cos(tilt))
    top = corners + np.array(centre)
    height = d * size * math.sin(tilt)
    bottom = top + height
    art_size = int(np.clip(size * 1.5, 40, 128))

    body = ink = None
    is_d6 = CLASSES[class_index].kind == "d6"
    material = material if is_d6 else None
    if material is not None:
        body, ink = material_colours(material, rng)
        translucent = material == "translucent"
    elif is_d6:
        body, ink = random_d6_colours(rng)
    translucent = translucent and is_d6  # Octo Dice dice are opaque
    body_alpha = rng.uniform(0.35, 0.75) if translucent else 1.0

    def art(ci: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        colour, ink_a, outline = face_art(ci, art_size, rng, body, ink, twin_art)
        if material is not None and body is not None and ink is not None:
            colour, ink_a = dress_d6(colour, ink_a, outline, int(CLASSES[ci].face), material, rng, body, ink)
        return colour, ink_a, outline

    # contact shadow, offset away from the light
    light = rng.uniform(0, 2 * math.pi)
    off = np.array([math.cos(light), math.sin(light)]) * size * rng.uniform(0.05, 0.35)
    hull = cv2.convexHull(np.vstack([top, bottom, bottom + off]).astype(np.float32)).reshape(-1, 2)
    _darken_poly(canvas, hull, rng.uniform(0.15, 0.55), max(size * 0.12, 1))

    # visible sides: outward normal towards the view direction
    for k in range(4):
        a, b = top[k], top[(k + 1) % 4]
        mid = (a + b) / 2 - np.array(centre)
        if mid @ d <= 1e-6 or tilt < 0.02:
            continue
        shade = rng.uniform(0.45, 0.85)
        colour, ink_a, outline = art(_same_kind_class(rng, class_index))
        alpha = np.ones_like(outline) * (body_alpha + (1 - body_alpha) * ink_a)
        quad = np.array([a, b, b + height, a + height])
        _warp_onto(canvas, colour * shade, alpha, quad)

    colour, ink_a, outline = art(class_index)
    # lighting across the top face and a specular highlight
    g = np.linspace(-1, 1, art_size, dtype=np.float32)
    grad = 1 + rng.uniform(-0.15, 0.15) * g[None, :] + rng.uniform(-0.15, 0.15) * g[:, None]
    colour = colour * grad[..., None] * rng.uniform(0.75, 1.1)
    if rng.random() < 0.35:
        yy, xx = np.mgrid[0:art_size, 0:art_size].astype(np.float32)
        cx, cy = rng.uniform(0.2, 0.8, 2) * art_size
        r = art_size * rng.uniform(0.08, 0.3)
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
        colour = colour + spot[..., None] * rng.uniform(40, 160)
    # bevelled edge: dice edges are rounded, so the face outline is slightly darker
    edge = outline - cv2.erode(outline, np.ones((3, 3), np.uint8), iterations=max(art_size // 30, 1))
    colour = colour * (1 - 0.25 * edge[..., None])
    alpha = outline * (body_alpha + (1 - body_alpha) * ink_a)
    _warp_onto(canvas, np.clip(colour, 0, 255), alpha, top)
    x0, y0 = top.min(axis=0)
    x1, y1 = top.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def _distractor(canvas: np.ndarray, rng: np.random.Generator) -> None:
    """Non-dice table objects, so that the detector learns what a die is NOT."""
    h, w = canvas.shape[:2]
    kind = rng.integers(5)
    c = rng.uniform(0, 255, 3)
    x, y = rng.uniform(0, w), rng.uniform(0, h)
    if kind == 0:  # a card
        rect = ((x, y), (rng.uniform(60, 200), rng.uniform(80, 260)), rng.uniform(0, 180))
        pts = cv2.boxPoints(rect)
        cv2.fillPoly(canvas, [pts.astype(np.int32)], rng.uniform(150, 255, 3).tolist(), cv2.LINE_AA)
        for _ in range(int(rng.integers(0, 5))):
            p = pts.mean(axis=0) + rng.normal(0, 20, 2)
            cv2.circle(canvas, tuple(int(v) for v in p), int(rng.integers(3, 15)), c.tolist(), -1)
    elif kind == 1:  # a plain cube (Octocube), no pips
        s = rng.uniform(20, 90)
        quad = cv2.boxPoints(((x, y), (s, s), rng.uniform(0, 90)))
        side = quad + [0, s * rng.uniform(0, 0.4)]
        cv2.fillPoly(canvas, [cv2.convexHull(np.vstack([quad, side]).astype(np.int32))], (c * 0.6).tolist(), cv2.LINE_AA)
        cv2.fillPoly(canvas, [quad.astype(np.int32)], c.tolist(), cv2.LINE_AA)
        if rng.random() < 0.5:  # a printed tile on its face
            inner = (quad - quad.mean(0)) * 0.6 + quad.mean(0)
            cv2.fillPoly(canvas, [inner.astype(np.int32)], rng.uniform(0, 255, 3).tolist(), cv2.LINE_AA)
    elif kind == 2:  # a cable
        pts = np.cumsum(rng.normal(0, 40, (8, 2)), axis=0) + [x, y]
        cv2.polylines(canvas, [pts.astype(np.int32)], False, (c * 0.3).tolist(), int(rng.integers(4, 14)), cv2.LINE_AA)
    elif kind == 3:  # coins / tokens
        cv2.circle(canvas, (int(x), int(y)), int(rng.integers(8, 40)), c.tolist(), -1, cv2.LINE_AA)
    else:  # printed marks: text-like scribbles
        mask = np.zeros((h, w), np.uint8)
        cv2.putText(mask, str(int(rng.integers(0, 99))), (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX,
                    rng.uniform(0.5, 2.0), 255, int(rng.integers(1, 4)), cv2.LINE_AA)
        m = mask.astype(np.float32)[..., None] / 255.0
        canvas[:] = canvas * (1 - m) + c[None, None, :] * m


def draw_lookalike(canvas: np.ndarray, rng: np.random.Generator, centre: tuple[float, float], size: float) -> None:
    """Something that is not a die but looks like one at ``centre``, about ``size`` px across:
    a number printed on the table or a card (numeral d6 look like one), a card's dots, a plain
    token. Classifier 'none' crops centred on these teach it what a die is NOT: models trained
    with numeral dice fired on printed numbers (models/dice.md, run 7). Never a square face with
    a mark on it: that is what a die looks like."""
    cx, cy = centre
    c = rng.uniform(0, 255, 3)
    kind = int(rng.integers(3))
    if kind == 0:  # a printed number, one or two digits, straight on the surface
        text = str(int(rng.integers(0, 10 if rng.random() < 0.6 else 100)))
        font = int(rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX]))
        thick = int(rng.integers(1, 4))
        (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
        scale = size * rng.uniform(0.4, 0.9) / max(th, 1)
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
        mask = np.zeros(canvas.shape[:2], np.uint8)
        cv2.putText(mask, text, (int(cx - tw / 2), int(cy + th / 2)), font, scale, 255, thick, cv2.LINE_AA)
        m = mask.astype(np.float32)[..., None] / 255.0
        canvas[:] = canvas * (1 - m) + c[None, None, :] * m
    elif kind == 1:  # dots on a card (bigger than the die would be): one to six, not on a die's grid
        rect = ((cx + rng.normal(0, size * 0.3), cy + rng.normal(0, size * 0.3)), (size * rng.uniform(1.8, 3), size * rng.uniform(2, 4)),
                rng.uniform(0, 180))
        cv2.fillPoly(canvas, [cv2.boxPoints(rect).astype(np.int32)], rng.uniform(150, 255, 3).tolist(), cv2.LINE_AA)
        for _ in range(int(rng.integers(1, 7))):
            p = np.array(centre) + rng.normal(0, size * 0.25, 2)
            cv2.circle(canvas, tuple(int(v) for v in p), max(int(size * rng.uniform(0.06, 0.15)), 1), c.tolist(), -1, cv2.LINE_AA)
    else:  # a plain round token
        cv2.circle(canvas, (int(cx), int(cy)), max(int(size * rng.uniform(0.35, 0.6)), 2), c.tolist(), -1, cv2.LINE_AA)


def _camera(img: np.ndarray, rng: np.random.Generator, max_blur: float = 1.6) -> np.ndarray:
    """Camera effects: white balance, exposure, blur, noise, JPEG loss."""
    img = img * rng.uniform(0.85, 1.15, 3)[None, None, :] * rng.uniform(0.6, 1.25)
    h, w = img.shape[:2]
    if rng.random() < 0.5:  # uneven light
        img = img * (0.75 + 0.5 * _noise(rng, h, w, 200))[..., None]
    sigma = min(float(rng.choice([0, 0, 0.6, 1.0, 1.6])), max_blur)
    if sigma:
        img = cv2.GaussianBlur(img, (0, 0), float(sigma))
    img = img + rng.normal(0, rng.uniform(0, 8), img.shape)
    out: np.ndarray = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        out = out if decoded is None else decoded
    return out


def kind_pool(rng: np.random.Generator, mix: str) -> int:
    """A random class: ``mix`` 'all' draws d6 and Octo Dice faces, 'd6' or 'octo' one family."""
    if mix == "d6" or (mix == "all" and rng.random() < 0.55):
        return int(rng.integers(6))
    return int(rng.integers(6, len(CLASSES)))


def render_table_without_dice(seed: int) -> np.ndarray:
    """A 640x480 table with eight non-dice objects (cards, plain cubes, cables, coins, printed
    numbers) and no die, through the synthetic camera: what a dice reader must read as empty
    (tests/vision/dice, bench/dice_thresholds.py)."""
    rng = np.random.default_rng(seed)
    canvas = background(rng, 480, 640, None)
    for _ in range(8):
        _distractor(canvas, rng)
    return _camera(canvas, rng)


def render_scene(
    rng: np.random.Generator,
    size: tuple[int, int] = (640, 480),
    photos: list[np.ndarray] | None = None,
    max_dice: int = 8,
    mix: str = "all",
    die_px: tuple[float, float] = (24, 110),
) -> tuple[np.ndarray, list[SynthDie]]:
    """One synthetic photo (uint8 BGR) and its dice. Some scenes have no dice at all."""
    w, h = size
    canvas = background(rng, h, w, photos)
    for _ in range(int(rng.integers(0, 5))):
        _distractor(canvas, rng)
    n = int(rng.integers(0, max_dice + 1)) if rng.random() > 0.08 else 0
    # one camera per scene: overhead (rectified) or oblique (raw photo)
    overhead = rng.random() < 0.3
    cam = np.array([rng.uniform(0, w), rng.uniform(-h, 2 * h)])
    base_tilt = 0.0 if overhead else rng.uniform(0.15, 0.75)
    lo, hi = math.log(die_px[0]), math.log(die_px[1])
    scene_size = math.exp(rng.uniform(lo, hi))
    translucent_scene = rng.random() < 0.2
    placed: list[tuple[float, float, float]] = []
    dice: list[SynthDie] = []
    for _ in range(n * 4):
        if len(dice) >= n:
            break
        s = scene_size * rng.uniform(0.8, 1.25)
        cx, cy = rng.uniform(s, w - s), rng.uniform(s, h - s)
        if any(math.hypot(cx - px, cy - py) < (s + ps) * 0.85 for px, py, ps in placed):
            continue
        placed.append((cx, cy, s))
        vec = np.array([cx, cy]) - cam
        direction = math.atan2(-vec[1], -vec[0]) if not overhead else 0.0
        tilt = base_tilt * rng.uniform(0.8, 1.2)
        cls = kind_pool(rng, mix)
        bbox = draw_die(canvas, rng, (cx, cy), s, cls, (tilt, direction), translucent_scene and rng.random() < 0.8)
        dice.append(SynthDie(cls, bbox))
    return _camera(canvas, rng), dice


def paint_out_dice(image: np.ndarray, boxes: list[tuple[float, float, float, float]]) -> np.ndarray:
    """A real photo with its labelled dice removed (inpainted): an empty table to draw on."""
    mask = np.zeros(image.shape[:2], np.uint8)
    for x0, y0, x1, y1 in boxes:
        bw, bh = x1 - x0, y1 - y0
        s = max(bw, bh)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        cv2.rectangle(mask, (int(cx - s * 1.0), int(cy - s * 1.0)), (int(cx + s * 1.0), int(cy + s * 1.6)), 255, -1)
    return cv2.inpaint(image, mask, 5, cv2.INPAINT_TELEA)


def render_die_patch(
    rng: np.random.Generator,
    class_index: int,
    photos: list[np.ndarray] | None = None,
    patch: int = 256,
    twin_art: float = 0.0,
) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """One die of a chosen class near the centre of a small scene (for classifier crops);
    ``twin_art`` as in :func:`draw_die`."""
    canvas = background(rng, patch, patch, photos)
    for _ in range(int(rng.integers(0, 3))):
        _distractor(canvas, rng)
    s = math.exp(rng.uniform(math.log(20), math.log(100)))
    tilt = 0.0 if rng.random() < 0.3 else rng.uniform(0.1, 0.9)
    direction = rng.uniform(0, 2 * math.pi)
    translucent = rng.random() < 0.15
    c = patch / 2
    for _ in range(int(rng.integers(0, 3))):  # neighbours that may touch the crop's edge
        a = rng.uniform(0, 2 * math.pi)
        r = s * rng.uniform(1.05, 1.6)
        draw_die(canvas, rng, (c + r * math.cos(a), c + r * math.sin(a)), s * rng.uniform(0.85, 1.15),
                 kind_pool(rng, "all"), (tilt, direction), translucent, twin_art)
    bbox = draw_die(canvas, rng, (c, c), s, class_index, (tilt, direction), translucent, twin_art)
    return _camera(canvas, rng, max_blur=min(1.6, s / 40)), bbox


# ---------------------------------------------------------------- variety (issue 21)


def _rot3(axis: int, a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    m = np.eye(3)
    i, j = [k for k in range(3) if k != axis]
    m[i, i], m[i, j], m[j, i], m[j, j] = c, -s, s, c
    return m


def draw_cocked_die(
    canvas: np.ndarray,
    rng: np.random.Generator,
    centre: tuple[float, float],
    size: float,
    base_class: int,
    view: tuple[float, float],
    material: str | None = None,
) -> tuple[float, float, float, float]:
    """Draw a die leaning on something (another die, the tray wall): turned 23-46 degrees off
    flat, so no face is up. Faces come from ``base_class``'s kind. The camera is the one of
    :func:`draw_die` (orthographic, ``view`` = tilt, direction). Returns the whole die's box."""
    tilt, direction = view
    d = np.array([math.cos(direction), math.sin(direction)])
    towards_camera = np.array([d[0] * math.sin(tilt), d[1] * math.sin(tilt), math.cos(tilt)])
    rot = _rot3(2, rng.uniform(0, 2 * math.pi)) @ _rot3(0, rng.choice([-1, 1]) * rng.uniform(0.4, 0.8)) @ _rot3(2, rng.uniform(0, 2 * math.pi))
    if rng.random() < 0.4:  # on an edge and a corner: lean about a second axis too
        rot = rot @ _rot3(1, rng.uniform(0.2, 0.6))

    def project(p: np.ndarray) -> np.ndarray:
        xy = p[..., :2] - np.outer(p[..., :2] @ d, d) * (1 - math.cos(tilt))
        return xy - np.outer(p[..., 2], d) * math.sin(tilt) + np.array(centre)

    is_d6 = CLASSES[base_class].kind == "d6"
    body = ink = None
    if is_d6:
        material = material or "opaque"
        body, ink = material_colours(material, rng)
    art_size = int(np.clip(size * 1.5, 40, 128))
    light = np.array([rng.normal(0, 0.5), rng.normal(0, 0.5), 1.0])
    light /= np.linalg.norm(light)
    half = size / 2
    all_pts = []
    faces = []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = np.zeros(3)
            n[axis] = sign
            u, v = np.zeros(3), np.zeros(3)
            u[(axis + 1) % 3], v[(axis + 2) % 3] = 1, 1
            corners = np.array([n + a * u + b * v for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]) * half
            faces.append((rot @ n, corners @ rot.T))
            all_pts.append(corners @ rot.T)
    pts3 = np.concatenate(all_pts)
    ground = pts3.copy()
    ground[:, 2] = pts3[:, 2].min()
    off = np.array([light[0], light[1]]) * -size * rng.uniform(0.2, 0.6)
    shadow = cv2.convexHull(np.vstack([project(ground), project(ground) + off]).astype(np.float32)).reshape(-1, 2)
    _darken_poly(canvas, shadow, rng.uniform(0.2, 0.5), max(size * 0.12, 1))
    visible = []
    for normal, corners in faces:
        if normal @ towards_camera <= 0.03:
            continue
        quad = project(corners)
        ci = _same_kind_class(rng, base_class)
        colour, ink_a, outline = face_art(ci, art_size, rng, body, ink)
        if material is not None and body is not None and ink is not None:
            colour, ink_a = dress_d6(colour, ink_a, outline, int(CLASSES[ci].face), material, rng, body, ink)
        shade = 0.45 + 0.6 * max(float(normal @ light), 0.0)
        alpha = outline * (1.0 if material != "translucent" else rng.uniform(0.6, 0.85))
        _warp_onto(canvas, np.clip(colour * shade, 0, 255), alpha.astype(np.float32), quad.astype(np.float64))
        visible.append(quad)
    box = np.concatenate(visible) if visible else project(pts3)
    x0, y0 = box.min(axis=0)
    x1, y1 = box.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def _felt(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = np.array(rng.choice([(40, 90, 30), (30, 30, 120), (110, 40, 20), (25, 25, 25), (60, 40, 80), (90, 90, 90)]), np.float32)
    base = base * rng.uniform(0.7, 1.3)
    return base[None, None, :] * (0.9 + 0.2 * _noise(rng, h, w, 3)[..., None]) + rng.normal(0, 3, (h, w, 1))


def _paper(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = rng.uniform(200, 250) * np.array([1.0, rng.uniform(0.95, 1.02), rng.uniform(0.95, 1.05)], np.float32)
    img = base[None, None, :] * (0.96 + 0.06 * _noise(rng, h, w, 6)[..., None])
    for _ in range(int(rng.integers(0, 3))):  # printed lines or a score sheet grid
        y = int(rng.integers(0, h))
        cv2.line(img, (0, y), (w, y), (float(rng.uniform(60, 160)),) * 3, 1, cv2.LINE_AA)
    return img


def variety_background(rng: np.random.Generator, h: int, w: int, photos: list[np.ndarray] | None) -> np.ndarray:
    r = rng.random()
    if r < 0.2:
        return np.ascontiguousarray(_felt(rng, h, w), np.float32)
    if r < 0.3:
        return np.ascontiguousarray(_paper(rng, h, w), np.float32)
    return background(rng, h, w, photos)


def _draw_tray(canvas: np.ndarray, rng: np.random.Generator) -> tuple[float, float, float, float]:
    """A dice tray (felt floor, wood/plastic/leather wall) over most of the photo: its floor."""
    h, w = canvas.shape[:2]
    tw, th = w * rng.uniform(0.55, 1.1), h * rng.uniform(0.55, 1.1)
    x0, y0 = rng.uniform(-0.05 * w, w - tw + 0.05 * w), rng.uniform(-0.05 * h, h - th + 0.05 * h)
    wall = min(tw, th) * rng.uniform(0.04, 0.1)
    wall_colour = np.array(rng.choice([(60, 90, 130), (30, 30, 30), (40, 50, 90), (150, 150, 150), (20, 30, 60)]), np.float32)
    xi0, yi0, xi1, yi1 = int(x0), int(y0), int(x0 + tw), int(y0 + th)
    sub = canvas[max(yi0, 0):max(yi1, 0), max(xi0, 0):max(xi1, 0)]
    if sub.size:
        sub[:] = wall_colour * (0.85 + 0.3 * _noise(rng, sub.shape[0], sub.shape[1], 20)[..., None])
    fx0, fy0, fx1, fy1 = x0 + wall, y0 + wall, x0 + tw - wall, y0 + th - wall
    a, b, c, e = int(max(fx0, 0)), int(max(fy0, 0)), int(min(fx1, w)), int(min(fy1, h))
    if c - a > 4 and e - b > 4:
        canvas[b:e, a:c] = _felt(rng, e - b, c - a) if rng.random() < 0.75 else background(rng, e - b, c - a, None)
        # the wall's shadow on the floor along two inner edges
        sh = np.zeros((e - b, c - a), np.float32)
        k = max(int(wall * rng.uniform(0.5, 1.5)), 2)
        sh[:k, :] = np.linspace(1, 0, k)[:, None]
        sh[:, :k] = np.maximum(sh[:, :k], np.linspace(1, 0, k)[None, :])
        if rng.random() < 0.5:
            sh = sh[::-1, ::-1]
        canvas[b:e, a:c] *= 1 - rng.uniform(0.2, 0.5) * sh[..., None]
    return float(fx0), float(fy0), float(fx1), float(fy1)


def _lighting(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Room light: a warm lamp (falling off from one side), a phone's flash (bright centre), a
    cool window, and now and then the soft shadow of an arm or a lamp."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = rng.random()
    if r < 0.4:  # warm lamp
        img = img * np.array([rng.uniform(0.45, 0.8), rng.uniform(0.75, 0.95), 1.0], np.float32)
        lx, ly = rng.uniform(-0.5, 1.5) * w, rng.uniform(-0.5, 1.5) * h
        dist = np.sqrt((xx - lx) ** 2 + (yy - ly) ** 2) / max(w, h)
        img = img * np.clip(1.3 - rng.uniform(0.3, 0.8) * dist, 0.35, 1.3)[..., None]
    elif r < 0.6:  # phone flash: a bright centre and dark corners
        sigma = rng.uniform(0.3, 0.6) * max(w, h)
        spot = np.exp(-((xx - w / 2 - rng.normal(0, w * 0.1)) ** 2 + (yy - h / 2) ** 2) / (2 * sigma * sigma))
        img = img * (rng.uniform(0.45, 0.7) + rng.uniform(0.5, 0.9) * spot)[..., None]
    elif r < 0.7:  # cool daylight
        img = img * np.array([1.0, rng.uniform(0.9, 1.0), rng.uniform(0.7, 0.9)], np.float32)
    if rng.random() < 0.25:  # a soft shadow across part of the table
        pts = np.array([rng.uniform(-0.2, 1.2, 2) * (w, h) for _ in range(int(rng.integers(3, 6)))])
        _darken_poly(img, cv2.convexHull(pts.astype(np.float32)).reshape(-1, 2), rng.uniform(0.2, 0.5), rng.uniform(10, 40))
    return img


def _phone(img: np.ndarray, rng: np.random.Generator, max_blur: float = 1.6) -> np.ndarray:
    """A phone camera: what :func:`_camera` does, then its processing: denoising, sharpening
    (halos round the pips), more saturation, digital zoom, JPEG again."""
    out = _camera(img, rng, max_blur)
    if rng.random() < 0.5:
        out = cv2.bilateralFilter(out, 5, rng.uniform(20, 60), 5) if rng.random() < 0.5 else cv2.medianBlur(out, 3)
    if rng.random() < 0.6:
        sigma = rng.uniform(0.8, 2.0)
        amount = rng.uniform(0.4, 1.5)
        soft = cv2.GaussianBlur(out, (0, 0), sigma)
        out = cv2.addWeighted(out, 1 + amount, soft, -amount, 0)
    if rng.random() < 0.35:
        hsv = cv2.cvtColor(out, cv2.COLOR_BGR2HSV).astype(np.float32)
        hsv[..., 1] = np.clip(hsv[..., 1] * rng.uniform(1.1, 1.5), 0, 255)
        out = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)
    if rng.random() < 0.2:
        h, w = out.shape[:2]
        f = rng.uniform(0.45, 0.8)
        out = cv2.resize(cv2.resize(out, (max(int(w * f), 8), max(int(h * f), 8)), interpolation=cv2.INTER_AREA), (w, h))
    if rng.random() < 0.8:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(45, 93))])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        out = out if decoded is None else decoded
    return out


def render_variety_scene(
    rng: np.random.Generator,
    size: tuple[int, int] = (640, 480),
    photos: list[np.ndarray] | None = None,
    max_dice: int = 14,
    mix: str = "all",
    die_px: tuple[float, float] = (18, 110),
    cocked_share: float = 0.08,
    material: str | None = None,
) -> tuple[np.ndarray, list[SynthDie]]:
    """A photo of the dice people own: mixed materials (art.D6_MATERIALS, or only ``material``),
    dice down to 18 px touching in clusters, trays and felt/paper/wood/cloth, lamps, flash,
    shadows and a phone's processing; some dice cocked (leaning on a neighbour or the tray
    wall: labelled COCKED_INDEX with the whole die's box)."""
    w, h = size
    canvas = variety_background(rng, h, w, photos)
    floor = (0.0, 0.0, float(w), float(h))
    in_tray = rng.random() < 0.4
    if in_tray:
        floor = _draw_tray(canvas, rng)
    for _ in range(int(rng.integers(0, 3))):
        _distractor(canvas, rng)
    n = int(rng.integers(1, max_dice + 1)) if max_dice and rng.random() > 0.05 else 0
    overhead = rng.random() < 0.25
    cam = np.array([rng.uniform(0, w), rng.uniform(-h, 2 * h)])
    base_tilt = 0.0 if overhead else rng.uniform(0.15, 0.8)
    scene_size = math.exp(rng.uniform(math.log(die_px[0]), math.log(die_px[1])))
    clustered = rng.random() < 0.5
    fx0, fy0, fx1, fy1 = floor
    if min(fx1 - fx0, fy1 - fy0) < 3 * scene_size * 1.25:  # a tray too small for these dice: use the frame
        fx0, fy0, fx1, fy1 = 0.0, 0.0, float(w), float(h)
        in_tray = False
    placed: list[tuple[float, float, float, bool]] = []
    for _ in range(n * 6):
        if len(placed) >= n:
            break
        s = scene_size * rng.uniform(0.8, 1.25)
        near_wall = False
        if placed and clustered and rng.random() < 0.8:  # touching a die already placed
            px, py, ps, _ = placed[int(rng.integers(len(placed)))]
            a = rng.uniform(0, 2 * math.pi)
            r = (s + ps) / 2 * rng.uniform(1.2, 1.4)  # two turned cubes touch at up to 1.21 sides apart
            cx, cy = px + r * math.cos(a), py + r * math.sin(a)
        else:
            cx, cy = rng.uniform(fx0 + s, fx1 - s), rng.uniform(fy0 + s, fy1 - s)
            if in_tray and rng.random() < 0.3:  # against the wall
                side = int(rng.integers(4))
                cx = fx0 + s * 0.6 if side == 0 else fx1 - s * 0.6 if side == 1 else cx
                cy = fy0 + s * 0.6 if side == 2 else fy1 - s * 0.6 if side == 3 else cy
                near_wall = True
        if not (s * 0.75 <= cx <= w - s * 0.75 and s * 0.75 <= cy <= h - s * 0.75):  # a turned face stays in frame
            continue
        if any(math.hypot(cx - px, cy - py) < (s + ps) / 2 * 1.18 for px, py, ps, _ in placed):
            continue  # top faces never overlap: a label is a face the camera can see
        placed.append((cx, cy, s, near_wall or bool(placed and clustered)))
    # far dice first: a nearer die's body may hide part of one behind it, never the reverse
    order = sorted(range(len(placed)), key=lambda i: -math.hypot(placed[i][0] - cam[0], placed[i][1] - cam[1]))
    dice: list[SynthDie] = []
    for i in order:
        cx, cy, s, supported = placed[i]
        vec = np.array([cx, cy]) - cam
        direction = math.atan2(-vec[1], -vec[0]) if not overhead else 0.0
        view = (base_tilt * rng.uniform(0.8, 1.2), direction)
        cls = kind_pool(rng, mix)
        mat = (material or random_material(rng)) if CLASSES[cls].kind == "d6" else None
        if supported and rng.random() < cocked_share * 3:
            bbox = draw_cocked_die(canvas, rng, (cx, cy), s, cls, view, mat)
            dice.append(SynthDie(COCKED_INDEX, bbox, mat or ""))
            continue
        bbox = draw_die(canvas, rng, (cx, cy), s, cls, view, material=mat)
        dice.append(SynthDie(cls, bbox, mat or ""))
    return _phone(_lighting(canvas, rng), rng), dice


def render_variety_patch(
    rng: np.random.Generator,
    class_index: int,
    photos: list[np.ndarray] | None = None,
    patch: int = 256,
) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """One die of a chosen class (or COCKED_INDEX) near the centre, with variety: other
    materials, touching neighbours (a cocked die leans on one), trays' felt, lamps, a phone."""
    canvas = variety_background(rng, patch, patch, photos)
    for _ in range(int(rng.integers(0, 2))):
        _distractor(canvas, rng)
    s = math.exp(rng.uniform(math.log(18), math.log(100)))
    tilt = 0.0 if rng.random() < 0.25 else rng.uniform(0.1, 0.9)
    direction = rng.uniform(0, 2 * math.pi)
    c = patch / 2
    cocked = class_index == COCKED_INDEX
    base = kind_pool(rng, "all") if cocked else class_index
    mat = random_material(rng) if CLASSES[base].kind == "d6" else None
    for _ in range(int(rng.integers(1 if cocked else 0, 4))):  # neighbours, touching or near
        a = rng.uniform(0, 2 * math.pi)
        r = s * rng.uniform(1.02, 1.5)
        nc = kind_pool(rng, "all")
        nm = random_material(rng) if CLASSES[nc].kind == "d6" else None
        draw_die(canvas, rng, (c + r * math.cos(a), c + r * math.sin(a)), s * rng.uniform(0.85, 1.15), nc, (tilt, direction), material=nm)
    if cocked:
        bbox = draw_cocked_die(canvas, rng, (c, c), s, base, (tilt, direction), mat)
    else:
        bbox = draw_die(canvas, rng, (c, c), s, class_index, (tilt, direction), material=mat)
    return _phone(_lighting(canvas, rng), rng, max_blur=min(1.6, s / 40)), bbox


def render_lookalike_patch(
    rng: np.random.Generator,
    photos: list[np.ndarray] | None = None,
    patch: int = 256,
) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """A 'none' example: no die, but something that looks like one (:func:`draw_lookalike`) at
    the centre of a small table scene, and the box a detector would have put round it."""
    canvas = variety_background(rng, patch, patch, photos) if rng.random() < 0.5 else background(rng, patch, patch, photos)
    for _ in range(int(rng.integers(0, 2))):
        _distractor(canvas, rng)
    s = math.exp(rng.uniform(math.log(20), math.log(100)))
    c = patch / 2
    draw_lookalike(canvas, rng, (c, c), s)
    img = _phone(_lighting(canvas, rng), rng, max_blur=1.0) if rng.random() < 0.5 else _camera(canvas, rng, max_blur=1.0)
    j = rng.normal(0, s * 0.08, 2)
    return img, (c - s / 2 + j[0], c - s / 2 + j[1], c + s / 2 + j[0], c + s / 2 + j[1])
