"""The shade of a taught Octocube tile as its own cue, apart from its glyph.

The four shades of a printing differ by the tile's background colour only; the glyph is the same.
The taught faces' colours are white-balanced on the teach sheet's paper, the table's windows on
the play mat, and the two differ by more than two shades of one printing may (10-30 Lab units,
docs/teach.md), so a window's colour cannot be compared with a taught face's as it is. Instead,
per frame, the table's own tops map the table's colours onto the taught ones: each top read as a
shaded tile gives (its background colour here, its shade's background colour on the teach
sheet), per-channel gains in linear light are fitted on them (a white balance and an exposure;
robustly: most reads are right), and a top whose mapped background lies clearly nearer another
taught shade of the same glyph is read as that shade. (A gain and offset on the 0-255 values was
tried first: fitted on the light shades of a table, it lifted a dark blue tile to green.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from rules.octocube.components import BACKGROUND_COLOURS
from vision.octocube.layout import PATCH_PX_PER_MM
from vision.octocube.pack_reader import BACKGROUND_NEAR, INNER_MM, PROTOTYPE_BLUR, dominant_colour, face_name, views_of
from vision.pack import Pack

BACKGROUND_NEAR_BGR = BACKGROUND_NEAR
"""A taught face's pixel this near (BGR, L2) its shade's background colour counts as background."""
MIN_BACKGROUND_PX = 40
"""A face (or a window's seen part of it) with fewer background pixels than this gives no shade."""
FIT_OUTLIER_LAB = 20.0
"""A top whose mapped colour lies this far (Lab) from its read shade is left out of the refit."""
MIN_FIT_TOPS = 6
"""Fewer tops than this on the table: no mapping (the cue says nothing)."""
EXPOSURE_FIT_ROUNDS = 20
"""Rounds of :meth:`ShadeCue._fit_exposure_apart`'s alternate least squares (white balance, exposures)."""
SHADOW_STEPS = 32
"""Darkenings tried between a shadow's darkest and full light (:meth:`ShadeCue.corrections`)."""
VEIL_STEPS = 16
"""Veils tried between none and the most allowed (:meth:`ShadeCue.corrections`)."""
GLYPH_FAR_BGR = 80.0
"""A taught face's pixel this far (BGR, L2) from its shade's background counts as its glyph."""
MIN_GLYPH_PX = 12
"""A face (or a window's seen part of it) with fewer glyph pixels than this gives no glyph colour."""


def shade_of(label: str) -> tuple[str, str] | None:
    """("light blue", "sextant") of "light blue sextant"; None for a tile with no shade."""
    for colour in sorted(BACKGROUND_COLOURS, key=len, reverse=True):
        if label.startswith(colour + " "):
            return colour, label[len(colour) + 1:]
    return None


def _colour(label: str) -> str:
    """The shade of a shaded tile's label ("light blue" of "light blue sextant")."""
    shade = shade_of(label)
    assert shade is not None, label
    return shade[0]


def lab(bgr: np.ndarray) -> np.ndarray:
    """(..., 3) BGR 0-255 -> CIELAB (L 0-100)."""
    px = np.clip(np.asarray(bgr, np.float32).reshape(-1, 1, 3) / 255.0, 0.0, 1.0)
    return np.asarray(cv2.cvtColor(px, cv2.COLOR_BGR2LAB), np.float32).reshape(np.shape(bgr))


@dataclass(frozen=True)
class ShadeRead:
    """One stack top as the cue sees it: its read label and its window's background colour."""

    index: int
    label: str
    colour: np.ndarray
    """Mean BGR of the window's pixels where the read face shows its background."""
    glyph: np.ndarray | None = None
    """Mean BGR of the window's pixels where the read face shows its glyph (None: not judged)."""


class ShadeCue:
    """Background colours of a pack's shades and, per shaded face, where it shows its background
    (at the patches' scale, the matcher's inner square, in the four quarter turns)."""

    def __init__(self, pack: Pack, labels: Sequence[str], px_per_mm: float = PATCH_PX_PER_MM,
                 inner_mm: float = INNER_MM) -> None:
        self.inner = int(round(inner_mm * px_per_mm))
        squares: dict[str, list[np.ndarray]] = {}
        for label in labels:
            if shade_of(label) is None or face_name(label) not in pack.faces:
                continue
            side = int(round(pack.sizes_mm[face_name(label)][0] * px_per_mm))
            lo = (side - self.inner) // 2
            views = []
            for view in views_of(pack.faces[face_name(label)]):
                face = cv2.resize(view, (side, side), interpolation=cv2.INTER_AREA).astype(np.float32)
                face = np.asarray(cv2.GaussianBlur(face, (0, 0), PROTOTYPE_BLUR * px_per_mm), np.float32)
                views.append(face[lo:lo + self.inner, lo:lo + self.inner])
            squares[label] = views
        self.background: dict[str, np.ndarray] = {}
        """shade -> its background colour (BGR) on the teach sheet, pooled over its faces."""
        for colour in BACKGROUND_COLOURS:
            px = [v.reshape(-1, 3) for lb, vs in squares.items() if _colour(lb) == colour for v in vs]
            if px:
                self.background[colour] = dominant_colour(np.concatenate(px))
        self.masks: dict[str, np.ndarray] = {}
        """label -> (4, S, S) bool: the face's background pixels, in the 4 clockwise quarter turns."""
        for label, views in squares.items():
            bg = self.background[_colour(label)]
            near = np.all([np.linalg.norm(v - bg, axis=2) < BACKGROUND_NEAR_BGR for v in views], axis=0)
            near = cv2.erode(near.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
            if int(near.sum()) >= MIN_BACKGROUND_PX:
                self.masks[label] = np.stack([np.rot90(near, -k) for k in range(4)])
        self._lab = {c: lab(v) for c, v in self.background.items()}
        self.by_contrast: set[int] = set()
        """The tops the last :meth:`corrections` turned by their contrast (``contrast_deg``)."""
        self.by_contrast_alone: set[int] = set()
        """... those of them whose background lay nearest their read shade (``contrast_alone_deg``)."""
        self.glyph_masks: dict[str, np.ndarray] = {}
        """label -> (4, S, S) bool: the face's glyph pixels (far from its background), as ``masks``."""
        self.glyph: dict[str, np.ndarray] = {}
        """label -> the face's glyph colour (BGR) on the teach sheet, the mean over its views."""
        for label, views in squares.items():
            bg = self.background[_colour(label)]
            far = np.all([np.linalg.norm(v - bg, axis=2) > GLYPH_FAR_BGR for v in views], axis=0)
            far = cv2.erode(far.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
            if int(far.sum()) >= MIN_GLYPH_PX:
                self.glyph_masks[label] = np.stack([np.rot90(far, -k) for k in range(4)])
                self.glyph[label] = np.asarray(np.mean([v[far].mean(axis=0) for v in views], axis=0), np.float32)
        own = dict(self.glyph_masks)
        for label, views in squares.items():
            if label in own:
                continue
            # a glyph drawn near its shade's colour (a dark glyph on dark blue): the same glyph's
            # place on its other shades' faces, where it stands out (the shades differ by their
            # background; the glyph's shape is the printing's)
            obj = label[len(_colour(label)) + 1:]
            kin = [m[0] for lb, m in own.items() if lb[len(_colour(lb)) + 1:] == obj]
            if not kin:
                continue
            far = np.any(kin, axis=0)
            self.glyph_masks[label] = np.stack([np.rot90(far, -k) for k in range(4)])
            self.glyph[label] = np.asarray(np.mean([v[far].mean(axis=0) for v in views], axis=0), np.float32)

    def measure(self, window: np.ndarray, label: str, offset: tuple[float, float], turn: int = 0,
                visible: np.ndarray | None = None) -> np.ndarray | None:
        """The mean colour of ``window`` (S, S, 3, white-balanced, the patches' scale) where face
        ``label``, found ``offset`` (x, y) px from the window's centre, shows its background;
        ``visible`` (S, S): 0 where something in front hides the window. None when the face has
        no background to measure or too little of it is seen."""
        return self._mean_in(self.masks.get(label), MIN_BACKGROUND_PX, window, offset, turn, visible)

    def measure_glyph(self, window: np.ndarray, label: str, offset: tuple[float, float], turn: int = 0,
                      visible: np.ndarray | None = None) -> np.ndarray | None:
        """As :meth:`measure`, the mean colour where face ``label`` shows its glyph (None: the
        face has too little glyph far from its background, or too little of it is seen)."""
        return self._mean_in(self.glyph_masks.get(label), MIN_GLYPH_PX, window, offset, turn, visible)

    def _mean_in(self, mask: np.ndarray | None, least: int, window: np.ndarray, offset: tuple[float, float],
                 turn: int, visible: np.ndarray | None) -> np.ndarray | None:
        if mask is None:
            return None
        c0 = (window.shape[0] - self.inner) // 2
        x0, y0 = c0 + int(round(offset[0])), c0 + int(round(offset[1]))
        if min(x0, y0) < 0 or max(x0, y0) + self.inner > window.shape[0]:
            return None
        use = mask[turn % 4].copy()
        if visible is not None:
            use &= visible[y0:y0 + self.inner, x0:x0 + self.inner] > 0.99
        if int(use.sum()) < least:
            return None
        return np.asarray(window[y0:y0 + self.inner, x0:x0 + self.inner][use].astype(np.float32).mean(axis=0))

    def corrections(self, reads: Sequence[ShadeRead], taught: Sequence[str],
                    margin_lab: float, shadow: float = 1.0, veil: float = 0.0,
                    contrast_deg: float = 0.0, contrast_alone_deg: float = 0.0,
                    shadow_contrast_deg: float = 0.0, exposure_apart: bool = False) -> dict[int, str]:
        """Tops whose background, mapped onto the teach sheet's colours by the table's own reads,
        lies at least ``margin_lab`` nearer another taught shade of their glyph: index -> that
        label. Each top is judged by a mapping fitted without it. ``shadow`` (under 1): a top may
        lie in a shadow that leaves this share of the light (linear) or more, which the table's
        mapping does not know: each shade is compared as dark as fits the top best, between that
        share and full light (a white tile in a cube's shadow is as dark as a pale blue one, its
        hue still white's). ``veil`` (over 0): a top may also lie under a grey veil of up to
        this much light (linear, 1 = white), added to its colours (a sheen or a glare at its
        place lifts a dark tile's background and glyph alike): each shade is compared with the
        veil that fits the top best. ``contrast_deg`` (over 0): a top whose background lies
        nearest another shade by less than ``margin_lab`` is read as that shade too where its
        contrast (background less glyph, :meth:`_contrast_angles`) points nearest that shade's
        as well, by at least this many degrees nearer than its read shade's: two cues that agree,
        the second blind to a veil and a shadow (a dark tile under a glare and a pale one in
        shadow look alike by their background alone). Such tops are kept in ``by_contrast``.
        ``contrast_alone_deg`` (over 0): a top whose background lies nearest its read shade is read
        as another shade where its contrast points nearest that shade's by at least this many
        degrees nearer than its read shade's: a veil strong enough to lift a dark tile's background
        to a paler shade's (a glare over it) leaves the contrast's direction as it was. Such tops
        are kept in ``by_contrast`` and ``by_contrast_alone``. ``shadow_contrast_deg`` (over 0): a
        top whose background in full light lies nearer its read shade, and nearer another only
        darkened (``shadow``) or veiled, keeps its read shade where its contrast points nearer the
        read shade's by at least this many degrees: the shadow is then a guess that the cue blind
        to it does not bear out. ``exposure_apart``: the mapping is fitted with each top's own
        exposure set apart (:meth:`_fit_exposure_apart`), a lamp's light varying from place to place."""
        self.by_contrast = set()
        self.by_contrast_alone = set()
        known = set(taught)
        usable = [r for r in reads if shade_of(r.label) is not None and _colour(r.label) in self.background]
        if len(usable) < MIN_FIT_TOPS:
            return {}
        out: dict[int, str] = {}
        for k, read in enumerate(usable):
            colour = _colour(read.label)
            obj = read.label[len(colour) + 1:]
            others = usable[:k] + usable[k + 1:]
            gain = self._fit_exposure_apart(others) if exposure_apart else self._fit(others)
            mapped = lab(_encoded(gain * _linear(read.colour)))
            if shadow < 1 or veil > 0:
                dist = {c: self._in_shadow(mapped, c, shadow, veil) for c in self._lab if f"{c} {obj}" in known}
            else:
                dist = {c: float(np.linalg.norm(mapped - v)) for c, v in self._lab.items() if f"{c} {obj}" in known}
            best = min(dist, key=lambda c: dist[c])
            if best == colour:
                if contrast_alone_deg > 0:
                    angles = self._contrast_angles(read, gain, obj, list(dist))
                    nearest = None if angles is None else min(angles, key=angles.__getitem__)
                    if angles is not None and nearest is not None and nearest != colour \
                            and angles[colour] - angles[nearest] >= contrast_alone_deg:
                        out[read.index] = f"{nearest} {obj}"
                        self.by_contrast.add(read.index)
                        self.by_contrast_alone.add(read.index)
                continue
            if dist[colour] - dist[best] >= margin_lab:
                if shadow_contrast_deg > 0 and (shadow < 1 or veil > 0) and \
                        self._lit_distance(mapped, colour) <= self._lit_distance(mapped, best):
                    angles = self._contrast_angles(read, gain, obj, [colour, best])
                    if angles is not None and angles[best] - angles[colour] >= shadow_contrast_deg:
                        continue
                out[read.index] = f"{best} {obj}"
            elif contrast_deg > 0:
                angles = self._contrast_angles(read, gain, obj, list(dist))
                if angles is not None and min(angles, key=lambda c: angles[c]) == best \
                        and angles[colour] - angles[best] >= contrast_deg:
                    out[read.index] = f"{best} {obj}"
                    self.by_contrast.add(read.index)
        return out

    def in_sheet_distances(self, colour: np.ndarray, obj: str, taught: Sequence[str]) -> dict[str, float]:
        """How far (Lab) a background colour already in the teach sheet's colours (``colour``,
        BGR: a window moved by :func:`to_taught_colours`) lies from each shade's taught background
        in full light, for the shades whose face with glyph ``obj`` is among ``taught``."""
        known = set(taught)
        seen = lab(colour)
        return {c: float(np.linalg.norm(seen - v)) for c, v in self._lab.items() if f"{c} {obj}" in known}

    def _lit_distance(self, mapped: np.ndarray, shade: str) -> float:
        """How far (Lab) ``mapped`` lies from ``shade``'s taught background in full light."""
        return float(np.linalg.norm(mapped - self._lab[shade]))

    def _in_shadow(self, mapped: np.ndarray, shade: str, darkest: float, veil: float = 0.0) -> float:
        """How far (Lab) ``mapped`` lies from ``shade``'s taught background darkened to the share
        of its light (linear, ``darkest`` to 1) and under the grey veil (linear, 0 to ``veil``)
        that fit it best."""
        light = _linear(self.background[shade])
        shares = np.geomspace(max(darkest, 1e-3), 1.0, SHADOW_STEPS) if darkest < 1 else np.ones(1)
        veils = np.linspace(0.0, veil, VEIL_STEPS) if veil > 0 else np.zeros(1)
        lit = shares[:, None, None] * light[None, None] + veils[None, :, None]
        darker = lab(_encoded(lit.reshape(-1, 3)))
        return float(np.linalg.norm(darker - mapped, axis=1).min())

    def _contrast_angles(self, read: ShadeRead, gain: np.ndarray, obj: str, shades: Sequence[str]
                         ) -> dict[str, float] | None:
        """The angle (degrees) between the top's contrast, its background less its glyph in linear
        light mapped by ``gain``, and each shade's taught contrast (face ``shade obj``); None where
        the top or one of those faces has no glyph colour. A grey veil adds the same light to both
        and drops out; a shadow, the camera's blur (glyph and background mixed) and the exposure
        scale the contrast and keep its direction."""
        if read.glyph is None or any(f"{c} {obj}" not in self.glyph for c in shades):
            return None
        seen = gain * (_linear(read.colour) - _linear(read.glyph))
        norm = float(np.linalg.norm(seen))
        if norm < 1e-6:
            return None
        out = {}
        for c in shades:
            taught = _linear(self.background[c]) - _linear(self.glyph[f"{c} {obj}"])
            cos = float(seen @ taught) / (norm * float(np.linalg.norm(taught)) + 1e-9)
            out[c] = float(np.degrees(np.arccos(np.clip(cos, -1.0, 1.0))))
        return out

    def table_gain(self, reads: Sequence[ShadeRead]) -> np.ndarray | None:
        """The per-channel gains (linear light) taking this table's colours to the teach sheet's,
        fitted on all ``reads`` (as :meth:`corrections` fits them); None with fewer than
        ``MIN_FIT_TOPS`` shaded tops."""
        usable = [r for r in reads if shade_of(r.label) is not None and _colour(r.label) in self.background]
        if len(usable) < MIN_FIT_TOPS:
            return None
        return self._fit(usable)

    def _fit(self, reads: Sequence[ShadeRead]) -> np.ndarray:
        """Per-channel gains in linear light (a white balance and an exposure: what a light and
        a camera change) taking the table's background colours to the teach sheet's, refitted
        once without the tops the first fit leaves far from their read shade."""
        m = _linear(np.stack([r.colour for r in reads]))
        t = _linear(np.stack([self.background[_colour(r.label)] for r in reads]))
        gain = _gain(m, t)
        resid = np.linalg.norm(lab(_encoded(gain * m)) - lab(_encoded(t)), axis=1)
        keep = resid < FIT_OUTLIER_LAB
        if keep.sum() >= MIN_FIT_TOPS - 1 and not keep.all():
            gain = _gain(m[keep], t[keep])
        return gain


    def _fit_exposure_apart(self, reads: Sequence[ShadeRead]) -> np.ndarray:
        """Per-channel gains in linear light as :meth:`_fit`, each top's exposure set apart: the
        teach sheet's colours as one white balance the table shares (per channel) times each top's
        own exposure (one number) times its colour here, fitted by least squares (alternately, from
        :meth:`_fit`'s gains, ``EXPOSURE_FIT_ROUNDS`` rounds), the gains that white balance at the
        tops' median exposure; refitted once without the tops the first fit leaves, at their own
        exposure, ``FIT_OUTLIER_LAB`` or more from their read shade. :meth:`_fit` weighs each channel
        by its brightest tops, so under a lamp whose light differs by place each channel took its
        gain from other tops: whole taught game 72845 (printing 998236, tilt 32.2, lamp), change 161,
        the reds from a dark blue top, the greens and blues from two white ones lying in less light,
        which mapped the table's grey-green tops onto the teach sheet's pale cyan white."""
        m = _linear(np.stack([r.colour for r in reads]))
        t = _linear(np.stack([self.background[_colour(r.label)] for r in reads]))

        def solve(m: np.ndarray, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            gain, exposure = _gain(m, t), np.ones(len(m), np.float32)
            for _ in range(EXPOSURE_FIT_ROUNDS):
                lit = gain[None] * m
                exposure = (t * lit).sum(axis=1) / np.maximum((lit * lit).sum(axis=1), 1e-12)
                seen = exposure[:, None] * m
                gain = (seen * t).sum(axis=0) / np.maximum((seen * seen).sum(axis=0), 1e-12)
            return gain, exposure

        gain, exposure = solve(m, t)
        resid = np.linalg.norm(lab(_encoded(exposure[:, None] * gain[None] * m)) - lab(_encoded(t)), axis=1)
        keep = resid < FIT_OUTLIER_LAB
        if keep.sum() >= MIN_FIT_TOPS - 1 and not keep.all():
            gain, exposure = solve(m[keep], t[keep])
        return (gain * float(np.median(exposure))).astype(np.float32)


def to_taught_colours(window: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """A window (..., 3) uint8 in this table's colours, in the teach sheet's (``table_gain``)."""
    return np.asarray(np.round(_encoded(gain * _linear(window))), np.uint8)


def _gain(m: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Least squares t = gain * m per channel (through the origin)."""
    return ((m * t).sum(axis=0) / np.maximum((m * m).sum(axis=0), 1e-9)).astype(np.float32)


def _linear(bgr: np.ndarray) -> np.ndarray:
    """0-255 sRGB-like values -> linear light 0-1 (gamma 2.2)."""
    return np.power(np.clip(np.asarray(bgr, np.float32) / 255.0, 0.0, 1.0), 2.2)


def _encoded(linear: np.ndarray) -> np.ndarray:
    """Linear light 0-1 -> 0-255 values (the inverse of :func:`_linear`)."""
    return np.power(np.clip(linear, 0.0, 1.0), 1 / 2.2) * 255.0


