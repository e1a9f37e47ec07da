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
