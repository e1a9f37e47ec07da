"""Is something over the play area that is not a game component (a hand, an arm, a phone)?

Two cheap signals, either one is enough:
* a large skin-coloured blob (YCrCb box) over the play area: hands and forearms. Our tile art
  has skin-like colours too (amphora ink, coin tiles) but never in one blob larger than a tile
  (two such tiles side by side join only through a thin neck, which the mask's opening cuts);
* the play mat strips between the boards and the grid stop looking like the mat on one side
  (a sleeve, a phone, a cup): every arm that reaches the grid crosses one of them. Strip probes
  that a detected cube hides (its box leans over the strip under tilt) are not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from calibration import layout as cal_layout
from vision.octocube.colour import MAT_BGR
from vision.octocube.config import RecogniserConfig
from vision.octocube.geometry import TableView


@dataclass(frozen=True)
class OcclusionReport:
    occluded: bool
    skin_blob_mm2: float
    foreign_fraction: float
    """Worst side's share of mat probes that do not look like the mat (sides whose foreign probes
    lie scattered, none ``mat_foreign_min_run`` in a row, count 0)."""
    reason: str = ""


MIN_OPEN_PX = 3
"""The smallest opening of the skin mask: drops specks and lines 1-2 px thin (half-size image)."""


class OcclusionDetector:
    SCALE = 0.5

    def __init__(self, view: TableView, probes_by_side: list[list[tuple[float, float]]],
                 config: RecogniserConfig, board_tiles: Sequence[np.ndarray] = (), board_height_mm: float = 0.0) -> None:
        """``board_tiles``: per player board, the outline (table mm) of the area its tiles lie in,
        at ``board_height_mm`` (see ``occluder_skips_board_tiles``)."""
        self.config = config
        w, h = view.image_size  # at least 16 px each (TableView): never 0 at half size
        self._size = (int(w * self.SCALE), int(h * self.SCALE))
        p = cal_layout.PLAY_AREA_MM
        edge = np.linspace(0, p, 25)
        outline = np.concatenate([np.column_stack([edge, np.zeros_like(edge)]),
                                  np.column_stack([np.full_like(edge, p), edge]),
                                  np.column_stack([edge[::-1], np.full_like(edge, p)]),
                                  np.column_stack([np.zeros_like(edge), edge[::-1]])])
        poly = view.project(outline) * self.SCALE
        self._mask = np.zeros((self._size[1], self._size[0]), np.uint8)
        cv2.fillPoly(self._mask, [np.round(poly).astype(np.int32)], 255)
        c = p / 2
        a, b = view.project(np.array([[c, c], [c + 100.0, c]]))
        px_per_mm = float(np.linalg.norm(b - a)) / 100.0 * self.SCALE
        self._mm2_per_px = 1.0 / max(px_per_mm, 1e-6) ** 2
        open_px = max(MIN_OPEN_PX, int(round(config.occluder_open_mm * px_per_mm)))
        self._open = np.ones((open_px, open_px), np.uint8)
        """The skin mask's opening square (``occluder_open_mm`` at this size)."""
        self._probes = [view.project(side) for side in probes_by_side]
        self._boards = np.zeros_like(self._mask)
        """Where the boards' tiles lie (detector's size): a blob wholly inside is tiles."""
        for outline_mm in board_tiles:
            poly = view.project(outline_mm, board_height_mm) * self.SCALE
            cv2.fillPoly(self._boards, [np.round(poly).astype(np.int32)], 255)

    def _without_cubes(self, skin: np.ndarray, cube_hulls: list[np.ndarray]) -> np.ndarray:
        """``skin`` (at the detector's size) with the found cubes' outlines (``cube_hulls``, px of
        the frame) cleared: a cube's pale body and the tiles on it are the reader's, not a hand's
        (a hand that holds a cube shows around it all the same; see ``occluder_skips_found_cubes``)."""
        if not cube_hulls:
            return skin
        cleared = skin.copy()
        for hull in cube_hulls:
            cv2.fillPoly(cleared, [np.round(np.asarray(hull, np.float64) * self.SCALE).astype(np.int32)], 0)
        return cleared

    def check(self, frame: np.ndarray, gains: np.ndarray,
              cube_hulls: list[np.ndarray]) -> OcclusionReport:
        cfg = self.config
        small = cv2.resize(frame, self._size, interpolation=cv2.INTER_AREA)
        # the white balance saturates at 255 (cv2 arithmetic), never wraps round
        balanced = cv2.multiply(small, tuple(float(g) for g in gains))  # type: ignore[call-overload]
        ycc = cv2.cvtColor(balanced, cv2.COLOR_BGR2YCrCb)
        skin = cv2.inRange(ycc, (cfg.skin_min_y, cfg.skin_cr[0], cfg.skin_cb[0]), (255, cfg.skin_cr[1], cfg.skin_cb[1]))
        skin = cv2.bitwise_and(skin, self._mask)
        if cfg.occluder_skips_found_cubes:
            skin = self._without_cubes(skin, cube_hulls)
        skin = cv2.morphologyEx(skin, cv2.MORPH_OPEN, self._open)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(skin)  # 8-connected
        areas = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
        if n > 1 and cfg.occluder_skips_board_tiles and self._boards.any():
            # a blob with no pixel outside the boards' tile areas is tiles side by side
            outside = np.bincount(labels[self._boards == 0].ravel(), minlength=n)[1:]
            areas = areas[outside > 0]
        biggest = float(areas.max()) if len(areas) else 0.0
        blob_mm2 = biggest * self._mm2_per_px
        worst = 0.0
        mat = np.asarray(MAT_BGR)
        for probes in self._probes:
            seen = np.fromiter((not any(cv2.pointPolygonTest(hull, (float(x), float(y)), False) >= 0
                                        for hull in cube_hulls) for x, y in probes), bool)
            pts = probes[seen] * self.SCALE
            if len(pts) < 4:
                continue
            xi = np.clip(np.round(pts[:, 0]).astype(int), 0, self._size[0] - 1)
            yi = np.clip(np.round(pts[:, 1]).astype(int), 0, self._size[1] - 1)
            vals = balanced[yi, xi]
            # colour (chromaticity) and brightness separately: lamp fall-off, glare and soft
            # shadows change the mat's brightness, not its hue; a sleeve or a hand changes both
            level = vals.sum(axis=1) + 1.0
            chroma = vals / level[:, None]
            ratio = level / (mat.sum() + 1.0)
            foreign = ((np.linalg.norm(chroma - mat / mat.sum(), axis=1) > cfg.mat_foreign_chroma)
                       | (ratio < cfg.mat_dark_ratio) | (ratio > cfg.mat_bright_ratio))
            run = longest = 0
            for flag in foreign:  # probes in order along the strip
                run = run + 1 if flag else 0
                longest = max(longest, run)
            if longest >= cfg.mat_foreign_min_run:
                worst = max(worst, float(foreign.mean()))
        reasons = []
        if blob_mm2 >= cfg.occluder_min_area_mm2:
            reasons.append(f"a skin-coloured area of {blob_mm2:.0f} mm2 (a hand?) over the play area")
        if worst > cfg.mat_foreign_fraction:
            reasons.append(f"{worst:.0%} of one side's mat is covered by something")
        return OcclusionReport(bool(reasons), blob_mm2, worst, "; ".join(reasons))
