"""Procedural die-face art: d6 pips and the Octo Dice symbols, drawn on a square canvas.

Used only to make synthetic training and test data (vision/dice/synth.py). The Octo Dice
rulebook lost its pictures, so the symbols here are our own simple, recognisable drawings:
crystal (cut gem), research (magnifier), lab (flask), bot (robot head), submarine, octopod
(octopus head with eight tentacles). Black dice show their number as a digit in their colour.
Every drawing varies a little (stroke, size, rotation jitter) so a classifier learns the shape,
not one bitmap.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.dice.faces import CLASSES

BGR = tuple[int, int, int]

#: Octo Dice black-die colours in BGR, with the spread a printed colour may show.
BLACK_DIE_INKS: dict[str, BGR] = {
    "yellow": (40, 210, 240),
    "white": (235, 235, 235),
    "red": (40, 40, 215),
    "blue": (210, 120, 30),
    "green": (60, 180, 60),
}

# Pip centres on a unit face ([-1, 1] square), per d6 value.
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def rounded_square_mask(size: int, radius_frac: float) -> np.ndarray:
    """A float mask of a square with rounded corners (the outline of a die face)."""
    mask = np.zeros((size, size), np.uint8)
    r = max(int(size * radius_frac), 1)
    cv2.rectangle(mask, (r, 0), (size - 1 - r, size - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (size - 1, size - 1 - r), 255, -1)
    for cx, cy in ((r, r), (size - 1 - r, r), (r, size - 1 - r), (size - 1 - r, size - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask.astype(np.float32) / 255.0


def _pt(s: int, x: float, y: float) -> tuple[int, int]:
    """Unit-face coordinates ([-1, 1]) to canvas pixels, with 4 bits of sub-pixel precision."""
    return (int(round((x + 1) / 2 * s * 16)), int(round((y + 1) / 2 * s * 16)))


def draw_pips(ink: np.ndarray, s: int, value: int, rng: np.random.Generator) -> None:
    """Draw ``value`` pips (mask 255) on the ink layer; layout, size and spacing vary."""
    spread = rng.uniform(0.45, 0.62)
    radius = rng.uniform(0.11, 0.17) * s / 2 * 1.6
    radius = min(radius, spread * s / 2 * 0.42)  # neighbouring pips never touch
    if value == 1 and rng.random() < 0.3:
        radius *= rng.uniform(1.3, 1.9)  # many dice have a big single pip
    jitter = rng.normal(0, 0.02, size=(6, 2))
    for k, (x, y) in enumerate(_PIPS[value]):
        cx, cy = _pt(s, x * spread + jitter[k, 0], y * spread + jitter[k, 1])
        cv2.circle(ink, (cx, cy), int(radius * 16), 255, -1, cv2.LINE_AA, shift=4)


def _poly(ink: np.ndarray, s: int, pts: list[tuple[float, float]], thick: int, fill: bool) -> None:
    arr = np.array([_pt(s, x, y) for x, y in pts], np.int32)
    if fill:
        cv2.fillPoly(ink, [arr], 255, cv2.LINE_AA, shift=4)
    else:
        cv2.polylines(ink, [arr], True, 255, thick, cv2.LINE_AA, shift=4)


def _line(ink: np.ndarray, s: int, a: tuple[float, float], b: tuple[float, float], t: int) -> None:
    cv2.line(ink, _pt(s, *a), _pt(s, *b), 255, t, cv2.LINE_AA, shift=4)


def _circle(ink: np.ndarray, s: int, c: tuple[float, float], r: float, t: int) -> None:
    cv2.circle(ink, _pt(s, *c), int(r * s / 2 * 16), 255, t, cv2.LINE_AA, shift=4)


def _ellipse(ink: np.ndarray, s: int, c: tuple[float, float], ax: tuple[float, float], t: int) -> None:
    axes = (int(ax[0] * s / 2 * 16), int(ax[1] * s / 2 * 16))
    cv2.ellipse(ink, _pt(s, *c), axes, 0, 0, 360, 255, t, cv2.LINE_AA, shift=4)


def draw_symbol(ink: np.ndarray, s: int, name: str, rng: np.random.Generator) -> None:
    """Draw one Octo Dice symbol (mask 255) on the ink layer."""
    t = max(int(s * rng.uniform(0.045, 0.07)), 2)
    fill = rng.random() < 0.5
    if name == "crystal":  # cut gem: flat top, pointed bottom, facet lines
        pts = [(-0.55, -0.25), (-0.3, -0.55), (0.3, -0.55), (0.55, -0.25), (0.0, 0.6)]
        _poly(ink, s, pts, t, fill)
        if not fill:
            _line(ink, s, (-0.55, -0.25), (0.55, -0.25), t)
            _line(ink, s, (-0.15, -0.25), (0.0, 0.6), t)
            _line(ink, s, (0.15, -0.25), (0.0, 0.6), t)
    elif name == "research":  # magnifier: ring and handle
        _circle(ink, s, (-0.15, -0.15), 0.38, -1 if fill else t)
        if fill:
            _circle(ink, s, (-0.15, -0.15), 0.2, -1)
            cv2.circle(ink, _pt(s, -0.15, -0.15), int(0.2 * s / 2 * 16), 0, -1, cv2.LINE_AA, shift=4)
        _line(ink, s, (0.13, 0.13), (0.55, 0.55), int(t * 1.8))
    elif name == "lab":  # Erlenmeyer flask
        pts = [(-0.15, -0.6), (0.15, -0.6), (0.15, -0.15), (0.55, 0.55), (-0.55, 0.55), (-0.15, -0.15)]
        _poly(ink, s, pts, t, fill)
        _line(ink, s, (-0.28, -0.6), (0.28, -0.6), t)
        if not fill:
            _line(ink, s, (-0.35, 0.2), (0.35, 0.2), t)
    elif name == "bot":  # robot head: box, two eyes, antenna
        _poly(ink, s, [(-0.5, -0.3), (0.5, -0.3), (0.5, 0.5), (-0.5, 0.5)], t, False)
        _circle(ink, s, (-0.22, 0.05), 0.11, -1)
        _circle(ink, s, (0.22, 0.05), 0.11, -1)
        _line(ink, s, (-0.2, 0.32), (0.2, 0.32), t)
        _line(ink, s, (0.0, -0.3), (0.0, -0.55), t)
        _circle(ink, s, (0.0, -0.6), 0.08, -1)
    elif name == "submarine":  # hull, tower, periscope
        _ellipse(ink, s, (0.0, 0.2), (0.62, 0.24), -1 if fill else t)
        _poly(ink, s, [(-0.2, -0.04), (0.15, -0.04), (0.15, -0.3), (-0.2, -0.3)], t, True)
        _line(ink, s, (0.0, -0.3), (0.0, -0.55), t)
        _line(ink, s, (0.0, -0.55), (0.18, -0.55), t)
        if not fill:
            for x in (-0.3, 0.0, 0.3):
                _circle(ink, s, (x, 0.2), 0.06, -1)
    elif name == "octopod":  # octopus: round head, eyes, eight wavy tentacles
        _ellipse(ink, s, (0.0, -0.25), (0.34, 0.32), -1)
        for k in range(8):
            x0 = -0.3 + k * 0.6 / 7
            phase = rng.uniform(0, math.pi)
            pts = []
            for j in range(6):
                y = -0.05 + j * 0.12
                x = x0 + (x0 * 0.5) * (j / 5) + 0.06 * math.sin(phase + j * 1.3)
                pts.append(_pt(s, x, y))
            cv2.polylines(ink, [np.array(pts, np.int32)], False, 255, max(t - 1, 2), cv2.LINE_AA, shift=4)
        cv2.circle(ink, _pt(s, -0.13, -0.28), int(0.07 * s / 2 * 16), 0, -1, cv2.LINE_AA, shift=4)
        cv2.circle(ink, _pt(s, 0.13, -0.28), int(0.07 * s / 2 * 16), 0, -1, cv2.LINE_AA, shift=4)
    else:
        raise ValueError(f"unknown symbol {name!r}")


def draw_digit(ink: np.ndarray, s: int, number: int, rng: np.random.Generator) -> None:
    """Draw a black die's number as a bold digit (mask 255), centred."""
    font = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX][rng.integers(3)]
    scale = s / 40 * rng.uniform(0.85, 1.05)
    thick = max(int(s * rng.uniform(0.06, 0.09)), 2)
    (w, h), _ = cv2.getTextSize(str(number), font, scale, thick)
    org = ((s - w) // 2, (s + h) // 2)
    cv2.putText(ink, str(number), org, font, scale, 255, thick, cv2.LINE_AA)


def face_art(
    class_index: int,
    size: int,
    rng: np.random.Generator,
    body: BGR | None = None,
    ink_colour: BGR | None = None,
    twin_art: float = 0.0,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Draw the face of ``CLASSES[class_index]``.

    Returns (colour float32 HxWx3 in 0..255, ink mask float32 0..1, face outline mask 0..1).
    Body and ink colours are chosen at random for a d6 when not given; Octo Dice faces use
    their own body (white/black) and ink. With probability ``twin_art`` an Octo Dice face takes
    its shapes from the digital twin's art instead (vision/render/dice_art.py: other symbols,
    circled numbers): nobody knows the real dice's art, so the reader learns both.
    """
    cls = CLASSES[class_index]
    s = size
    ink: np.ndarray = np.zeros((s, s), np.uint8)
    if cls.kind != "d6" and twin_art > 0 and rng.random() < twin_art:
        ink = twin_ink(class_index, s)
    elif cls.kind == "d6":
        draw_pips(ink, s, int(cls.face), rng)
    elif cls.kind == "octo-white":
        draw_symbol(ink, s, str(cls.face), rng)
    elif cls.face == "octopod":
        draw_symbol(ink, s, "octopod", rng)
    else:
        draw_digit(ink, s, int(cls.face["number"]), rng)
    # small random rotation / offset: printing is never perfectly centred
    angle = rng.normal(0, 4)
    m: np.ndarray = cv2.getRotationMatrix2D((s / 2, s / 2), angle, rng.uniform(0.92, 1.05))
    m[:, 2] += rng.normal(0, s * 0.015, 2)
    ink = cv2.warpAffine(ink, m, (s, s), flags=cv2.INTER_LINEAR)
    ink_f = ink.astype(np.float32) / 255.0

    if cls.kind == "octo-white":
        body = body or _jitter((238, 240, 242), rng, 12)
        ink_colour = ink_colour or _dark_ink(rng)
    elif cls.kind == "octo-black":
        body = body or _jitter((28, 28, 30), rng, 10)
        if cls.face == "octopod":
            ink_colour = ink_colour or _jitter((225, 225, 225), rng, 20)
        else:
            ink_colour = ink_colour or _jitter(BLACK_DIE_INKS[cls.face["colour"]], rng, 18)
    else:
        body, ink_colour = (body, ink_colour) if body and ink_colour else random_d6_colours(rng)
    colour = np.empty((s, s, 3), np.float32)
    colour[:] = body
    colour = colour * (1 - ink_f[..., None]) + np.array(ink_colour, np.float32) * ink_f[..., None]
    outline = rounded_square_mask(s, rng.uniform(0.04, 0.2))
    return colour, ink_f * outline, outline


def twin_ink(class_index: int, size: int) -> np.ndarray:
    """The ink of an Octo Dice face as the digital twin draws it: uint8 mask, 255 = ink."""
    from vision.render import dice_art

    cls = CLASSES[class_index]
    if cls.kind == "octo-white":
        kind, face = "white", str(cls.face)
    else:
        kind = "black"
        face = "octopod" if cls.face == "octopod" else f"{cls.face['colour']} {cls.face['number']}"
    img = dice_art.face_image(kind, face, size).astype(np.float32)
    body = np.array((dice_art.WHITE_BODY_RGB if kind == "white" else dice_art.BLACK_BODY_RGB)[::-1], np.float32)
    # ink differs from the body by far more than the twin's darkened rim (under 60 levels)
    ink = (np.abs(img[..., :3] - body).max(axis=2) - 60.0) / 60.0
    return (np.clip(ink, 0, 1) * (img[..., 3] > 0) * 255).astype(np.uint8)


def _jitter(c: BGR, rng: np.random.Generator, amount: float) -> BGR:
    v = np.clip(np.array(c, np.float32) + rng.normal(0, amount / 2, 3) + rng.normal(0, amount / 2), 0, 255)
    return (int(v[0]), int(v[1]), int(v[2]))


def _dark_ink(rng: np.random.Generator) -> BGR:
    choices: list[BGR] = [(25, 25, 25), (90, 40, 20), (30, 30, 140), (100, 50, 90), (60, 80, 20)]
    return _jitter(choices[int(rng.integers(len(choices)))], rng, 20)


_BODIES: list[tuple[BGR, list[BGR]]] = [
    # (body BGR, pip inks that read on it)
    ((240, 240, 240), [(20, 20, 20), (30, 30, 200), (200, 60, 20)]),  # white
    ((25, 25, 25), [(240, 240, 240), (40, 200, 240)]),  # black
    ((40, 40, 200), [(240, 240, 240), (20, 20, 20)]),  # red
    ((190, 90, 20), [(240, 240, 240), (20, 20, 20)]),  # blue
    ((50, 160, 40), [(240, 240, 240), (20, 20, 20)]),  # green
    ((40, 200, 240), [(20, 20, 20), (40, 40, 200)]),  # yellow
    ((140, 50, 120), [(240, 240, 240), (40, 200, 240)]),  # purple
    ((30, 120, 240), [(240, 240, 240), (20, 20, 20)]),  # orange
    ((200, 200, 120), [(20, 20, 20)]),  # light teal
    ((120, 170, 230), [(20, 20, 20), (240, 240, 240)]),  # beige / wood
    ((170, 90, 230), [(240, 240, 240), (20, 20, 20)]),  # pink
]


def random_d6_colours(rng: np.random.Generator) -> tuple[BGR, BGR]:
    """A body colour and a pip colour that a real d6 might have (white/black pips dominate)."""
    if rng.random() < 0.3:
        body, inks = _BODIES[0]
    else:
        body, inks = _BODIES[int(rng.integers(len(_BODIES)))]
    ink = inks[int(rng.integers(len(inks)))]
    return _jitter(body, rng, 25), _jitter(ink, rng, 20)


# ---------------------------------------------------------------- d6 materials (issue 21)

D6_MATERIALS: tuple[str, ...] = (
    "opaque", "translucent", "marbled", "metallic", "glitter", "wood", "engraved", "numeral", "pearl",
)
"""The pip dice people own. ``translucent`` shows the bottom face's pips through the body;
``engraved`` pips are holes of the body's own colour, seen by their shading; ``numeral`` dice
print the digit instead of pips."""

_MATERIAL_WEIGHTS = np.array([0.26, 0.14, 0.12, 0.07, 0.09, 0.07, 0.09, 0.07, 0.09])


def random_material(rng: np.random.Generator) -> str:
    return str(D6_MATERIALS[int(rng.choice(len(D6_MATERIALS), p=_MATERIAL_WEIGHTS / _MATERIAL_WEIGHTS.sum()))])


def material_colours(material: str, rng: np.random.Generator) -> tuple[BGR, BGR]:
    """Body and pip colours for a d6 of ``material``; pips of any colour now and then."""
    if material == "metallic":
        body = _jitter([(190, 190, 195), (60, 170, 215), (70, 110, 190), (90, 90, 95), (40, 40, 45)][int(rng.integers(5))], rng, 20)
        ink = _jitter([(20, 20, 20), (30, 30, 190), (240, 240, 240), (40, 60, 170)][int(rng.integers(4))], rng, 20)
        return body, ink
    if material == "wood":
        body = _jitter([(110, 160, 205), (80, 120, 170), (60, 90, 140), (140, 185, 220)][int(rng.integers(4))], rng, 15)
        return body, _jitter((25, 40, 60), rng, 15)
    body, ink = random_d6_colours(rng)
    if material == "numeral" and float(np.mean(body)) < 90:
        # a dark die with a coloured digit is an Octo Dice black face: numeral d6 stay light here
        body, ink = _jitter((235, 235, 235), rng, 25), _jitter((25, 25, 25), rng, 20)
    if rng.random() < 0.25:  # pips of another colour: gold, red, blue, green... with contrast
        for _ in range(6):
            cand = tuple(int(v) for v in rng.uniform(0, 255, 3))
            if abs(float(np.mean(cand)) - float(np.mean(body))) > 60 or np.abs(np.subtract(cand, body)).max() > 120:
                ink = (int(cand[0]), int(cand[1]), int(cand[2]))
                break
    return body, ink


def _swirl(rng: np.random.Generator, s: int) -> np.ndarray:
    """A 0..1 marble pattern: veins of a smooth noise field."""
    small = rng.random((6, 6)).astype(np.float32)
    n = cv2.resize(small, (s, s), interpolation=cv2.INTER_CUBIC)
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float32) / s
    a = rng.uniform(0, math.pi)
    v = np.sin((xx * math.cos(a) + yy * math.sin(a)) * rng.uniform(4, 14) + n * rng.uniform(6, 14))
    return (0.5 + 0.5 * v) ** rng.uniform(1, 4)


def dress_d6(
    colour: np.ndarray, ink: np.ndarray, outline: np.ndarray, value: int, material: str,
    rng: np.random.Generator, body: BGR, ink_colour: BGR,
) -> tuple[np.ndarray, np.ndarray]:
    """A d6 face (from :func:`face_art`) re-dressed in ``material``: returns (colour, ink)."""
    s = colour.shape[0]
    body_arr = np.array(body, np.float32)
    ink_arr = np.array(ink_colour, np.float32)
    if material == "numeral":
        ink_u8 = np.zeros((s, s), np.uint8)
        draw_digit(ink_u8, s, value, rng)
        if value == 6 and rng.random() < 0.7:  # 6 is underlined (a 9 turned)
            cv2.line(ink_u8, (int(s * 0.36), int(s * 0.8)), (int(s * 0.64), int(s * 0.8)), 255, max(s // 16, 2), cv2.LINE_AA)
        ink = ink_u8.astype(np.float32) / 255.0 * outline
    base = np.empty_like(colour)
    base[:] = body_arr
    if material == "marbled":
        other = np.array(_jitter(tuple(int(v) for v in rng.uniform(0, 255, 3)), rng, 10), np.float32)  # type: ignore[arg-type]
        m = _swirl(rng, s)[..., None] * rng.uniform(0.5, 1.0)
        base = base * (1 - m) + other * m
    elif material == "metallic":
        g = np.linspace(-1, 1, s, dtype=np.float32)
        a = rng.uniform(0, 2 * math.pi)
        sheen = np.cos(a) * g[None, :] + np.sin(a) * g[:, None]
        brushed = cv2.resize(rng.normal(0, 1, (s, 4)).astype(np.float32), (s, s))
        base = base * (1 + rng.uniform(0.3, 0.6) * sheen[..., None] + 0.05 * brushed[..., None])
    elif material == "wood":
        yy, xx = np.mgrid[0:s, 0:s].astype(np.float32)
        n = cv2.resize(rng.random((5, 5)).astype(np.float32), (s, s), interpolation=cv2.INTER_CUBIC)
        grain = 0.5 + 0.5 * np.sin((xx + n * 20) / rng.uniform(2, 6))
        base = base * (0.8 + 0.3 * grain[..., None])
    elif material == "pearl":
        base = base * (0.9 + 0.2 * _swirl(rng, s)[..., None]) + rng.uniform(10, 40)
    elif material == "translucent":
        # the bottom face's pips (7 - value), mirrored and blurred, seen through the body
        ghost = np.zeros((s, s), np.uint8)
        draw_pips(ghost, s, 7 - value, rng)
        ghost = ghost[:, ::-1] if rng.random() < 0.5 else ghost[::-1, :]
        m = np.asarray(cv2.getRotationMatrix2D((s / 2, s / 2), rng.uniform(-20, 20), rng.uniform(0.7, 0.95)))
        m[:, 2] += rng.normal(0, s * 0.06, 2)
        ghost_f = cv2.GaussianBlur(cv2.warpAffine(ghost, m, (s, s)).astype(np.float32) / 255.0, (0, 0), s * 0.025 + 0.5)
        base = base * (1 - ghost_f[..., None] * rng.uniform(0.2, 0.5)) + ink_arr * ghost_f[..., None] * rng.uniform(0.0, 0.3)
    if material == "glitter" or (material in ("translucent", "marbled") and rng.random() < 0.3):
        k = int(s * s * rng.uniform(0.004, 0.02))
        ys, xs = rng.integers(0, s, k), rng.integers(0, s, k)
        sparkle: np.ndarray = np.zeros((s, s), np.float32)
        sparkle[ys, xs] = rng.uniform(0.5, 1.0, k)
        sparkle = cv2.GaussianBlur(sparkle, (0, 0), 0.6) * 3
        tint = rng.uniform(150, 255, 3).astype(np.float32)
        base = base * (1 - np.clip(sparkle, 0, 1)[..., None]) + tint * np.clip(sparkle, 0, 1)[..., None]
    if material == "engraved":
        # holes in the body: a shadowed rim on the light's side, a lit rim opposite, little or no paint
        paint = rng.uniform(0.0, 0.6)
        dx, dy = (rng.normal(0, 1, 2) * s * 0.012).round().astype(int)
        shifted = np.roll(np.roll(ink, int(dy) or 1, axis=0), int(dx) or 1, axis=1)
        rim_dark, rim_lit = np.clip(ink - shifted, 0, 1), np.clip(shifted - ink, 0, 1)
        hole = base * (1 - 0.25 * ink[..., None]) * (1 - paint) + ink_arr * paint
        colour = base * (1 - ink[..., None]) + hole * ink[..., None]
        colour = colour * (1 - 0.55 * rim_dark[..., None]) + 255 * 0.35 * rim_lit[..., None]
        return np.clip(colour, 0, 255).astype(np.float32), ink
    colour = base * (1 - ink[..., None]) + ink_arr * ink[..., None]
    return np.clip(colour, 0, 255).astype(np.float32), ink
