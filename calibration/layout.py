"""The one place that says where the printed markers and colour patches lie on the table.

The marker sheet printer (``tablesight markers``), the renderer (the digital twin) and the
homography finder all read these numbers, so a change here moves all three together.

Table coordinates are millimetres: origin at the top-left corner of the play area as the
camera sees it, x to the right, y down (towards the camera's bottom edge). The play area is
``PLAY_AREA_MM`` square. Four corner cards lie just outside its corners, each carrying one ArUco
marker (OpenCV's ``DICT_4X4_50``) and a row of colour reference patches.
"""

from __future__ import annotations

from dataclasses import dataclass

ARUCO_DICTIONARY = "DICT_4X4_50"
"""Name of the OpenCV predefined dictionary (``cv2.aruco.DICT_4X4_50``)."""

PLAY_AREA_MM = 600.0
"""Side of the square play area whose corners the markers frame."""

MARKER_SIZE_MM = 50.0
"""Side of each printed marker's black square (including its black border)."""

MARKER_GAP_MM = 10.0
"""Gap between a marker's inner corner and the play-area corner, on both axes."""

CARD_SIZE_MM = (85.0, 130.0)
"""Width and height of one printed corner card (marker + patches + label)."""


@dataclass(frozen=True)
class MarkerPlacement:
    marker_id: int
    name: str
    corners_mm: tuple[tuple[float, float], ...]
    """The marker's four outer corners in table mm, in OpenCV's ArUco corner order
    (top-left, top-right, bottom-right, bottom-left of the marker as printed, upright)."""

    @property
    def centre_mm(self) -> tuple[float, float]:
        xs = [c[0] for c in self.corners_mm]
        ys = [c[1] for c in self.corners_mm]
        return (sum(xs) / 4, sum(ys) / 4)


def _square(x0: float, y0: float, size: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size))


_S = MARKER_SIZE_MM
_G = MARKER_GAP_MM
_P = PLAY_AREA_MM

MARKERS: tuple[MarkerPlacement, ...] = (
    MarkerPlacement(0, "top left", _square(-_G - _S, -_G - _S, _S)),
    MarkerPlacement(1, "top right", _square(_P + _G, -_G - _S, _S)),
    MarkerPlacement(2, "bottom right", _square(_P + _G, _P + _G, _S)),
    MarkerPlacement(3, "bottom left", _square(-_G - _S, _P + _G, _S)),
)
MARKER_IDS: tuple[int, ...] = tuple(m.marker_id for m in MARKERS)


def marker(marker_id: int) -> MarkerPlacement:
    for m in MARKERS:
        if m.marker_id == marker_id:
            return m
    raise KeyError(f"no marker with id {marker_id}; the sheet uses ids {MARKER_IDS}")


@dataclass(frozen=True)
class ColourPatch:
    name: str
    srgb: tuple[int, int, int]
    """Reference colour as printed (8-bit sRGB)."""
    corners_mm: tuple[tuple[float, float], ...]


PATCH_SIZE_MM = 14.0
PATCH_GAP_MM = 3.0

# Reference colours: neutrals for white balance and exposure, then the games' colours
# (Octocube backgrounds and cube colours, Octo Dice number colours).
_PATCH_COLOURS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("white", (243, 243, 242)),
    ("light grey", (200, 200, 200)),
    ("mid grey", (122, 122, 121)),
    ("black", (52, 52, 52)),
    ("red", (200, 40, 40)),
    ("yellow", (235, 200, 40)),
    ("green", (50, 150, 70)),
    ("blue", (40, 80, 190)),
    ("light blue", (120, 190, 230)),
    ("dark blue", (30, 50, 110)),
)


def _patches() -> tuple[ColourPatch, ...]:
    """Five patches in a column under marker 0 and five under marker 2 (outside the play area)."""
    patches: list[ColourPatch] = []
    step = PATCH_SIZE_MM + PATCH_GAP_MM
    left_x = -_G - _S
    right_x = _P + _G + _S - PATCH_SIZE_MM
    for i, (name, rgb) in enumerate(_PATCH_COLOURS):
        if i < 5:  # along the left edge, below marker 0, running down
            x0, y0 = left_x, -_G + PATCH_GAP_MM + i * step
        else:  # along the right edge, above marker 2, running up
            x0, y0 = right_x, _P + _G - PATCH_GAP_MM - PATCH_SIZE_MM - (i - 5) * step
        patches.append(ColourPatch(name, rgb, _square(x0, y0, PATCH_SIZE_MM)))
    return tuple(patches)


COLOUR_PATCHES: tuple[ColourPatch, ...] = _patches()

TABLE_EXTENT_MM: tuple[float, float, float, float] = (
    -_G - _S - 10.0,
    -_G - _S - 10.0,
    _P + _G + _S + 10.0,
    _P + _G + _S + 10.0,
)
"""(x0, y0, x1, y1) of everything printed, with a 10 mm margin: what a camera must see."""


# --- Added by the calibration work (issue #4): where each printed corner card lies. ---
# The numbers above fix the markers and the patches; a card is just the white paper around them.
# ``CARD_SIZE_MM`` (85 x 130) cannot hold marker 0 with its patch column (which spans 135 mm from
# the marker's top edge to the last patch), so the printed cards are derived from the geometry:
# the bounding box of a marker and its patches plus a white margin (the marker's quiet zone), plus
# a label strip on the side towards the middle of the table.

CARD_MARGIN_MM = 6.0
CARD_LABEL_STRIP_MM = 12.0


@dataclass(frozen=True)
class CornerCard:
    marker_id: int
    rect_mm: tuple[float, float, float, float]
    """(x0, y0, x1, y1) of the printed card in table mm."""
    patches: tuple[ColourPatch, ...]

    @property
    def size_mm(self) -> tuple[float, float]:
        return (self.rect_mm[2] - self.rect_mm[0], self.rect_mm[3] - self.rect_mm[1])


def _nearest_marker(patch: ColourPatch) -> int:
    px = sum(c[0] for c in patch.corners_mm) / 4
    py = sum(c[1] for c in patch.corners_mm) / 4
    return min(MARKERS, key=lambda m: (m.centre_mm[0] - px) ** 2 + (m.centre_mm[1] - py) ** 2).marker_id


def _cards() -> tuple[CornerCard, ...]:
    """A patch is printed on the card of its nearest marker."""
    cards: list[CornerCard] = []
    for m in MARKERS:
        xs = [c[0] for c in m.corners_mm]
        ys = [c[1] for c in m.corners_mm]
        box = (min(xs), min(ys), max(xs), max(ys))
        own = tuple(p for p in COLOUR_PATCHES if _nearest_marker(p) == m.marker_id)
        for p in own:
            for x, y in p.corners_mm:
                box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
        x0, y0, x1, y1 = (box[0] - CARD_MARGIN_MM, box[1] - CARD_MARGIN_MM,
                          box[2] + CARD_MARGIN_MM, box[3] + CARD_MARGIN_MM)
        if m.centre_mm[1] < _P / 2:  # a label strip towards the middle of the table (y direction)
            y1 += CARD_LABEL_STRIP_MM
        else:
            y0 -= CARD_LABEL_STRIP_MM
        cards.append(CornerCard(m.marker_id, (x0, y0, x1, y1), own))
    return tuple(cards)


CORNER_CARDS: tuple[CornerCard, ...] = _cards()
"""One card per marker, in the order of ``MARKERS``."""
