"""The teach sheet: one printed page per game with ArUco markers and one labelled place per
component face, so that a photo of the sheet with one of each component laid on it shows every
face of the players' own printing at a known place.

This module says where everything lies on the sheet (sheet mm: origin at the page's top-left,
x right, y down, page upright as printed), finds the sheet in a photo and cuts each place out
at a fixed resolution. The printer (``calibration/teach_print.py``), the renderer (the twin's
teach-sheet photos) and the teach command all read these numbers, so they can never disagree.

Marker ids: the corner cards use ``DICT_4X4_50`` ids 0-3 (``calibration.layout``); the teach
sheets use ids from the top of the same dictionary (Octocube 38-43, Open Season 44-49), so a
sheet lying on a calibrated table is never mistaken for a corner card, and the ids say which
game's sheet a photo shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from calibration import layout
from calibration.errors import CalibrationError, GeometryError, MarkersNotFoundError

GAMES: tuple[str, ...] = ("octocube", "open_season")
GAME_TITLES: dict[str, str] = {"octocube": "Octocube", "open_season": "Open Season"}

A3_LANDSCAPE_MM = (420.0, 297.0)

OCTOCUBE_COLOURS: tuple[str, ...] = ("white", "light-blue", "dark-blue", "green")
"""Octocube background colours as art-pack names (the engine's names with '-' for ' ')."""
OCTOCUBE_OBJECTS: tuple[str, ...] = ("starfish", "amphora", "sextant", "pearl", "diamond")
OCTOCUBE_ABYSS_LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H", "I")
OCTOCUBE_CUBES: tuple[str, ...] = ("red", "yellow", "blue", "purple")
OPEN_SEASON_PEOPLES: tuple[str, ...] = ("elf", "mage", "sorcerer", "dwarf", "gnome", "barbarian")
OPEN_SEASON_ATTRIBUTES: tuple[str, ...] = ("crown", "tattoo", "dagger", "earrings", "eyepatch")

OCTOCUBE_TILE_MM = 34.0
OCTOCUBE_CUBE_MM = 40.0
OCTOCUBE_TILE_THICKNESS_MM = 2.5
OPEN_SEASON_CARD_MM = (44.0, 68.0)
OPEN_SEASON_CARD_THICKNESS_MM = 0.35

MIN_TILT_FOR_FOCAL_DEG = 8.0
"""Below this camera tilt the sheet's perspective is too weak to measure the focal length
(bench/teach_sheet.py: at 2 degrees it came out 80 % too long): the guess is used instead."""

CUT_PX_PER_MM = 4.0
"""Resolution of the cut-outs: a 34 mm tile becomes 136 px square, a card 176 x 272 px."""


class TeachSheetError(CalibrationError):
    """A teach sheet cannot be drawn, found or used; the message says why."""


@dataclass(frozen=True)
class TeachSheetConfig:
    """Thresholds of the sheet finder (chesscog style: numbers in config, not code)."""

    min_markers: int = 2
    """Markers needed for the homography: each gives 4 corners, two squares fix it; a sheet half
    in view still shows two of its six markers."""
    max_marker_residual_px: float = 4.0
    """A marker corner further than this from the fitted homography: the sheet is folded or
    curled, or two sheets are in view; refused rather than cut wrongly."""


DEFAULT_TEACH_CONFIG = TeachSheetConfig()


@dataclass(frozen=True)
class SheetMarker:
    marker_id: int
    name: str
    corners_mm: tuple[tuple[float, float], ...]
    """Outer corners in sheet mm, ArUco order (top-left, top-right, bottom-right, bottom-left)."""


@dataclass(frozen=True)
class Place:
    """Where one component face is laid: ``size_mm`` is the printed outline, ``component_mm``
    the component's real size (what ``cut_places`` cuts out)."""

    name: str
    kind: str
    """'tile', 'cube' or 'card'."""
    centre_mm: tuple[float, float]
    size_mm: tuple[float, float]
    component_mm: tuple[float, float]
    height_mm: float = 0.0
    """How high the face lies above the sheet (a cube's top: 40 mm), for ``cut_places``."""

    @property
    def rect_mm(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the printed outline."""
        (cx, cy), (w, h) = self.centre_mm, self.size_mm
        return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


@dataclass(frozen=True)
class TeachSheet:
    game: str
    paper: str
    size_mm: tuple[float, float]
    markers: tuple[SheetMarker, ...]
    places: tuple[Place, ...]
    title_mm: tuple[float, float]
    """Baseline start of the title line."""
    label_inside: bool
    """Labels printed inside the outline (covered by the component) rather than under it."""

    @property
    def marker_ids(self) -> tuple[int, ...]:
        return tuple(m.marker_id for m in self.markers)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.places)

    def place(self, name: str) -> Place:
        for p in self.places:
            if p.name == name:
                return p
        raise KeyError(f"the {GAME_TITLES[self.game]} teach sheet has no place {name!r}")

    def marker(self, marker_id: int) -> SheetMarker:
        for m in self.markers:
            if m.marker_id == marker_id:
                return m
        raise KeyError(f"the {GAME_TITLES[self.game]} teach sheet has no marker {marker_id}")


def face_names(game: str) -> tuple[str, ...]:
    """Every face of the game's components, in the art pack's names (one PNG each)."""
    if game == "octocube":
        names = [f"{c}-{o}" for c in OCTOCUBE_COLOURS for o in OCTOCUBE_OBJECTS]
        names += ["coin", "back", "abyss"] + [f"abyss-{x}" for x in OCTOCUBE_ABYSS_LETTERS]
        return tuple(names + [f"cube-{c}" for c in OCTOCUBE_CUBES])
    if game == "open_season":
        return tuple(f"{p}-{a}" for p in OPEN_SEASON_PEOPLES for a in OPEN_SEASON_ATTRIBUTES) + ("back",)
    raise TeachSheetError(f"no teach sheet for {game!r}: use one of {', '.join(GAMES)}")


def _square(x0: float, y0: float, s: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s))


def _octocube() -> TeachSheet:
    """8 x 5 cells of 47 x 48 mm: a row per background colour (5 objects, then coin / back /
    abyss, then the lettered abyss tiles), the four cubes on the last row; six 18 mm markers in
    the top and bottom margins."""
    pitch_x, pitch_y = 47.0, 48.0
    x0, y0 = (A3_LANDSCAPE_MM[0] - 8 * pitch_x) / 2, (A3_LANDSCAPE_MM[1] - 5 * pitch_y) / 2
    rows: list[list[str]] = []
    extra = ["coin", "back", "abyss"] + [f"abyss-{x}" for x in OCTOCUBE_ABYSS_LETTERS]
    for r, colour in enumerate(OCTOCUBE_COLOURS):
        rows.append([f"{colour}-{o}" for o in OCTOCUBE_OBJECTS] + extra[3 * r: 3 * r + 3])
    rows.append([f"cube-{c}" for c in OCTOCUBE_CUBES])
    places: list[Place] = []
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            kind = "cube" if name.startswith("cube-") else "tile"
            side = OCTOCUBE_CUBE_MM if kind == "cube" else OCTOCUBE_TILE_MM
            centre = (x0 + (c + 0.5) * pitch_x, y0 + (r + 0.5) * pitch_y - 2.0)
            height = OCTOCUBE_CUBE_MM if kind == "cube" else OCTOCUBE_TILE_THICKNESS_MM
            places.append(Place(name, kind, centre, (side + 3.0, side + 3.0), (side, side), height))
    s, w = 18.0, A3_LANDSCAPE_MM[0]
    top, bottom = 6.0, A3_LANDSCAPE_MM[1] - 6.0 - s
    markers = (
        SheetMarker(38, "top left", _square(x0, top, s)),
        SheetMarker(39, "top middle", _square((w - s) / 2, top, s)),
        SheetMarker(40, "top right", _square(w - x0 - s, top, s)),
        SheetMarker(41, "bottom right", _square(w - x0 - s, bottom, s)),
        SheetMarker(42, "bottom middle", _square((w - s) / 2, bottom, s)),
        SheetMarker(43, "bottom left", _square(x0, bottom, s)),
    )
    return TeachSheet("octocube", "A3 landscape", A3_LANDSCAPE_MM, markers, tuple(places),
                      (x0 + s + 6.0, top + 8.0), label_inside=False)


def _open_season() -> TeachSheet:
    """8 x 4 cells of 46.5 x 70 mm, one card each (30 faces then the back; the last cell holds
    the title); labels inside the outlines; six 16 mm markers in the side margins."""
    pitch_x, pitch_y = 46.5, 70.0
    x0, y0 = (A3_LANDSCAPE_MM[0] - 8 * pitch_x) / 2, (A3_LANDSCAPE_MM[1] - 4 * pitch_y) / 2
    card = OPEN_SEASON_CARD_MM
    places = tuple(
        Place(name, "card", (x0 + (i % 8 + 0.5) * pitch_x, y0 + (i // 8 + 0.5) * pitch_y),
              (card[0] + 1.0, card[1] + 1.0), card, OPEN_SEASON_CARD_THICKNESS_MM)
        for i, name in enumerate(face_names("open_season")))
    s, (w, h) = 16.0, A3_LANDSCAPE_MM
    left, right = x0 - s - 3.0, w - x0 + 3.0
    ys = (y0 + 4.0, (h - s) / 2, h - y0 - 4.0 - s)
    markers = (
        SheetMarker(44, "top left", _square(left, ys[0], s)),
        SheetMarker(45, "top right", _square(right, ys[0], s)),
        SheetMarker(46, "middle right", _square(right, ys[1], s)),
        SheetMarker(47, "bottom right", _square(right, ys[2], s)),
        SheetMarker(48, "bottom left", _square(left, ys[2], s)),
        SheetMarker(49, "middle left", _square(left, ys[1], s)),
    )
    last = (x0 + 7 * pitch_x + 3.0, y0 + 3 * pitch_y + 10.0)
    return TeachSheet("open_season", "A3 landscape", A3_LANDSCAPE_MM, markers, places, last,
                      label_inside=True)


_SHEETS: dict[str, TeachSheet] = {"octocube": _octocube(), "open_season": _open_season()}
TEACH_MARKER_IDS: tuple[int, ...] = tuple(i for s in _SHEETS.values() for i in s.marker_ids)
assert not set(TEACH_MARKER_IDS) & set(layout.MARKER_IDS)
assert len(set(TEACH_MARKER_IDS)) == len(TEACH_MARKER_IDS)
assert all(sorted(s.names) == sorted(face_names(g)) for g, s in _SHEETS.items())


def sheet_layout(game: str) -> TeachSheet:
    if game not in _SHEETS:
        raise TeachSheetError(f"no teach sheet for {game!r}: use one of {', '.join(GAMES)}")
    return _SHEETS[game]


# --------------------------------------------------------------------------- finding the sheet


@dataclass(frozen=True)
class SheetLocation:
    """Where a teach sheet lies in one photo: ``image_to_sheet`` maps image px to sheet mm."""

    sheet: TeachSheet
    image_to_sheet: np.ndarray
    image_size: tuple[int, int]
    markers_used: tuple[int, ...]
    residual_max_px: float
    markers_set_aside: tuple[int, ...] = ()
    """A marker the others disagreed with (a cube beside it hides a corner): left out of the fit."""

    @property
    def game(self) -> str:
        return self.sheet.game

    @property
    def sheet_to_image(self) -> np.ndarray:
        return np.linalg.inv(self.image_to_sheet)

    def to_image(self, sheet_mm: np.ndarray, height_mm: float = 0.0) -> np.ndarray:
        return _apply_h(self.plane_to_image(height_mm), sheet_mm)

    def plane_to_image(self, height_mm: float) -> np.ndarray:
        """Sheet mm at ``height_mm`` above the sheet -> image px. The camera is recovered from
        the sheet's homography (square pixels, principal point in the middle, focal length
        from the homography's two orthogonality constraints; a guess of 0.8 x the image's long
        side when the view is too square-on to tell), so a cube's top 40 mm above its place is
        cut where the camera sees it, not where the sheet under it is."""
        if height_mm == 0.0:
            return self.sheet_to_image
        w, h = self.image_size
        k = np.array([[self.focal_px, 0, (w - 1) / 2], [0, self.focal_px, (h - 1) / 2], [0, 0, 1]])
        m = np.linalg.inv(k) @ self.sheet_to_image
        scale = 1.0 / np.linalg.norm(m[:, 0])
        if m[2, 2] * scale < 0:
            scale = -scale
        r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
        r3 = np.cross(r1, r2)
        r3 /= np.linalg.norm(r3)
        # sheet z = x cross y points into the table: a face above the sheet has z = -height
        out = k @ np.column_stack([r1, r2, t - height_mm * r3])
        return out / out[2, 2]

    @property
    def focal_px(self) -> float:
        return _focal_from_homography(self.sheet_to_image, self.image_size)


def _focal_from_homography(hom: np.ndarray, image_size: tuple[int, int]) -> float:
    """Zhang's two constraints (the sheet's x and y axes are orthogonal and equally long), solved
    together by least squares for 1 / f^2 (so the better-conditioned one weighs more). Near a
    square-on view they say little: an estimate outside 0.5-2 x the guess (0.8 x the long side,
    a 64-degree field of view) is replaced by the guess; there the height correction is small
    anyway and an error in f changes it only a little."""
    w, h = image_size
    guess = 0.8 * max(w, h)
    shift = np.array([[1, 0, -(w - 1) / 2], [0, 1, -(h - 1) / 2], [0, 0, 1]])
    g = shift @ (hom / np.linalg.norm(hom[:, 0]))
    (a1, b1, c1), (a2, b2, c2) = g[:, 0], g[:, 1]
    lhs = np.array([a1 * a2 + b1 * b2, a1 * a1 + b1 * b1 - a2 * a2 - b2 * b2])
    rhs = -np.array([c1 * c2, c1 * c1 - c2 * c2])
    denom = float(lhs @ lhs)
    omega = float(lhs @ rhs) / denom if denom > 0 else 0.0
    if omega <= 0:
        return guess
    f = 1.0 / math.sqrt(omega)
    if not 0.5 * guess <= f <= 2.0 * guess:
        return guess
    r1 = np.array([a1 / f, b1 / f, c1])
    r2 = np.array([a2 / f, b2 / f, c2])
    normal = np.cross(r1, r2)
    tilt = math.degrees(math.acos(min(1.0, abs(normal[2]) / np.linalg.norm(normal))))
    return f if tilt >= MIN_TILT_FOR_FOCAL_DEG else guess


def _apply_h(h: np.ndarray, points: Any) -> np.ndarray:
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    out = np.hstack([pts, np.ones((len(pts), 1))]) @ h.T
    return out[:, :2] / out[:, 2:3]


def _fit_sheet(sheet: TeachSheet, found: dict[int, np.ndarray], ids: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Image-to-sheet homography from the markers ``ids`` and each marker's worst corner residual
    in image px (in the order of ``ids``)."""
    img = np.vstack([found[i] for i in ids])
    mm = np.vstack([np.asarray(sheet.marker(i).corners_mm, np.float64) for i in ids])
    h, _ = cv2.findHomography(img, mm, 0)
    if h is None or abs(np.linalg.det(h)) < 1e-15:
        raise GeometryError(f"the {GAME_TITLES[sheet.game]} teach sheet's markers are degenerate (all on one line?)")
    h = h / h[2, 2]
    back = _apply_h(np.linalg.inv(h), mm)
    return h, np.linalg.norm(back - img, axis=1).reshape(len(ids), 4).max(axis=1)


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _detect(image: np.ndarray) -> dict[int, list[np.ndarray]]:
    from calibration.edges import linear_grey, refine_quad
    from calibration.images import to_grey
    from calibration.table import make_marker_detector

    grey = to_grey(image)
    corners, ids, _ = make_marker_detector().detectMarkers(grey)
    if ids is None:
        return {}
    linear = linear_grey(grey)
    seen: dict[int, list[np.ndarray]] = {}
    for quad, marker_id in zip(corners, ids.ravel()):
        quad = refine_quad(linear, quad.reshape(4, 2).astype(np.float64))
        seen.setdefault(int(marker_id), []).append(quad)
    return seen


def locate_sheet(image: np.ndarray, game: str | None = None,
                 config: TeachSheetConfig = DEFAULT_TEACH_CONFIG) -> SheetLocation:
    """The teach sheet's homography in a photo (any turn, upside down included: the marker ids
    fix the orientation). ``game`` None: whichever sheet's markers are seen. Raises
    ``MarkersNotFoundError`` / ``GeometryError`` naming the markers that are missing or wrong."""
    if image is None or not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
        raise TeachSheetError("not an image")
    seen = _detect(image)
    if game is None:
        counts = {g: sum(1 for i in s.marker_ids if len(seen.get(i, [])) == 1) for g, s in _SHEETS.items()}
        game = max(GAMES, key=lambda g: counts[g])
        if counts[game] == 0:
            corner = sorted(i for i in seen if i in layout.MARKER_IDS)
            hint = (f" (corner card marker{'s' if len(corner) > 1 else ''} "
                    f"{_join([str(i) for i in corner])} seen: that is the table, not the teach sheet)"
                    if corner else "")
            raise MarkersNotFoundError(
                f"found none of the teach sheet's markers{hint}; print it with "
                f"'tablesight markers --teach GAME' and photograph it whole, markers in view")
    sheet = sheet_layout(game)
    title = GAME_TITLES[game]
    found = {i: q[0] for i, q in seen.items() if i in sheet.marker_ids and len(q) == 1}
    twice = sorted(i for i, q in seen.items() if i in sheet.marker_ids and len(q) > 1)
    if len(found) < config.min_markers:
        missing = [f"{m.marker_id} ({m.name})" for m in sheet.markers if m.marker_id not in found]
        head = (f"found {title} teach sheet marker{'s' if len(found) > 1 else ''} "
                f"{_join([str(i) for i in sorted(found)])}" if found
                else f"found none of the {title} teach sheet's markers")
        text = f"{head}; markers {_join(missing)} are not visible"
        if twice:
            text += f" (marker {_join([str(i) for i in twice])} seen twice: one sheet per photo)"
        others = [g for g in GAMES if g != game and any(i in seen for i in _SHEETS[g].marker_ids)]
        if others:
            text += f" (this looks like the {GAME_TITLES[others[0]]} sheet)"
        raise MarkersNotFoundError(text + f"; need at least {config.min_markers} of its "
                                   f"{len(sheet.markers)} markers in view")
    ids = sorted(found)
    h, errors = _fit_sheet(sheet, found, ids)
    set_aside: tuple[int, ...] = ()
    if errors.max() > config.max_marker_residual_px and len(ids) > max(config.min_markers, 3):
        # One marker off and at least three others agreeing: a cube standing beside it hides a corner in the
        # photo (or a crease at that corner). Refit without each marker in turn; keep the best
        # fit if the others agree, as the table's corner cards are (calibration.table).
        left_out = min(ids, key=lambda m: float(_fit_sheet(sheet, found, [i for i in ids if i != m])[1].max()))
        keep = [i for i in ids if i != left_out]
        h2, errors2 = _fit_sheet(sheet, found, keep)
        if errors2.max() <= config.max_marker_residual_px:
            ids, h, errors, set_aside = keep, h2, errors2, (left_out,)
    worst = int(np.argmax(errors))
    if errors[worst] > config.max_marker_residual_px:
        m = sheet.marker(ids[worst])
        raise GeometryError(
            f"teach sheet marker {m.marker_id} ({m.name}) is {errors[worst]:.1f} px from where the "
            f"others put it: lay the sheet flat (not folded or curled), one sheet per photo")
    height, width = image.shape[:2]
    return SheetLocation(sheet, h, (int(width), int(height)), tuple(ids), float(errors.max()), set_aside)


def place_corners_px(location: SheetLocation, place: Place, margin_mm: float = 0.0,
                     at_height: bool = True) -> np.ndarray:
    """The component's face (plus ``margin_mm``) in image px, at the face's height above the
    sheet, corners clockwise from top-left."""
    (cx, cy), (w, h) = place.centre_mm, place.component_mm
    hw, hh = w / 2 + margin_mm, h / 2 + margin_mm
    rect = [(cx - hw, cy - hh), (cx + hw, cy - hh), (cx + hw, cy + hh), (cx - hw, cy + hh)]
    return location.to_image(np.asarray(rect), place.height_mm if at_height else 0.0)


def places_out_of_view(image_size: tuple[int, int], location: SheetLocation,
                       margin_mm: float = 0.0, at_height: bool = True) -> tuple[str, ...]:
    """Places whose component rectangle is not wholly inside the photo ((width, height))."""
    w, h = image_size
    out = []
    for place in location.sheet.places:
        c = place_corners_px(location, place, margin_mm, at_height)
        if c[:, 0].min() < 0 or c[:, 1].min() < 0 or c[:, 0].max() > w - 1 or c[:, 1].max() > h - 1:
            out.append(place.name)
    return tuple(out)


def cut_places(image: np.ndarray, location: SheetLocation, px_per_mm: float = CUT_PX_PER_MM,
               margin_mm: float = 0.0, at_height: bool = True) -> dict[str, np.ndarray]:
    """Each place's component face (plus ``margin_mm`` all round) rectified at ``px_per_mm``,
    upright as the sheet is printed, channels as in ``image``; a face above the sheet (a cube's
    top) is cut at its height (``SheetLocation.plane_to_image``) unless ``at_height`` is False
    (what is printed on the places themselves). Square for tiles
    and cubes, card-shaped (44 x 68 mm) for cards. Places not wholly in view are left out
    (``places_out_of_view`` names them)."""
    if not 0.5 <= px_per_mm <= 40.0:
        raise TeachSheetError(f"cut resolution {px_per_mm:g} px/mm out of range: use 0.5 to 40")
    height, width = image.shape[:2]
    skip = set(places_out_of_view((width, height), location, margin_mm, at_height))
    cuts: dict[str, np.ndarray] = {}
    for place in location.sheet.places:
        if place.name in skip:
            continue
        (cx, cy), (w, h) = place.centre_mm, place.component_mm
        w, h = w + 2 * margin_mm, h + 2 * margin_mm
        out_w, out_h = int(round(w * px_per_mm)), int(round(h * px_per_mm))
        # cut px -> sheet mm (pixel centres), then sheet mm -> image px
        to_mm = np.array([[1 / px_per_mm, 0, cx - w / 2 + 0.5 / px_per_mm],
                          [0, 1 / px_per_mm, cy - h / 2 + 0.5 / px_per_mm], [0, 0, 1]])
        m = location.plane_to_image(place.height_mm if at_height else 0.0) @ to_mm
        cuts[place.name] = cv2.warpPerspective(image, m, (out_w, out_h),
                                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                               borderMode=cv2.BORDER_REPLICATE)
    return cuts
