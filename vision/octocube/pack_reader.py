"""Octocube tiles read by their taught faces (a :class:`vision.pack.Pack`) instead of a classifier.

A classifier trained on the built-in art fails silently on another printing; a taught copy gives
one image per face instead. Each face becomes a prototype: the tile at the patches' scale
(``PATCH_PX_PER_MM``), its inner ``INNER_MM`` square (the frame and rounded corners carry the
neighbours' shadows), in the four quarter turns, zero-mean and unit length over all three
colour channels at once (brightness and contrast drop out, the background colour stays). A
sampled window is compared with every prototype at every shift within ``SEARCH_PX`` of its
centre (a stack's height and an untidy tile move the top by a few mm); a face's score is its
best normalised correlation. The same scores tell whether a scene's tiles look like this copy
at all (:func:`familiarity`), which is how the recogniser notices art it was not taught.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from rules.octocube.components import BACKGROUND_COLOURS
from vision.octocube.layout import PATCH_MM, PATCH_PX_PER_MM, TILE_LABELS
from vision.pack import BACKGROUND_NEAR, Pack, PackError, dominant_colour
from vision.render import octocube_layout as lay

INNER_MM = 26.0
"""Side of the compared square inside a 34 mm tile."""
COLOUR_WEIGHT = 1.0
"""How much a difference in mean chromaticity (b, g, r shares, L1) lowers a correlation: the
correlation alone hardly tells a white tile from a pale blue one with the same icon."""
OUTLINE_WEIGHT = 0.5
"""Share of the luminance-gradient correlation in a face's score (the rest: colour)."""
SEARCH_PX = 7
"""Shifts tried around the window's centre, each way (a stack 1..6 tiles high under a 35 degree
tilt, plus a tile laid 4 mm off centre)."""
PROTOTYPE_BLUR = 0.6
"""A taught face is sharper than a 1 px/mm camera patch: blur it a little (sigma, px)."""


@dataclass(frozen=True)
class TileScores:
    """Per window: every taught label's best correlation (and the quarter turn it came in)."""

    labels: tuple[str, ...]
    scores: np.ndarray
    """(N, L) best normalised correlation per label."""
    turns: np.ndarray
    """(N, L) the clockwise quarter turn (0-3) of that best correlation."""
    offsets: np.ndarray | None = None
    """(N, L, 2) where the face's centre was found, (x, y) in px of the window from its centre
    (None where not kept): the fine stage (:class:`FineMatcher`) looks there."""
    views: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    """Per prototype row (a face's view): its label index (R,), quarter turn (N, R) and offset
    (N, R, 2) as in ``turns`` and ``offsets`` (None where not kept): each view of a face
    may fit best at another shift than the face's best view."""

    def view_looks(self, i: int, j: int) -> list[tuple[int, tuple[float, float]]] | None:
        """Window ``i``, label ``j``: each view's (turn, (x, y) offset in px), in view order."""
        if self.views is None:
            return None
        rows, turns, offsets = self.views
        return [(int(turns[i, r]), (float(offsets[i, r, 0]), float(offsets[i, r, 1])))
                for r in np.flatnonzero(rows == j)]

    def best(self, i: int, allowed: Sequence[int] | None = None) -> tuple[str, float, float, int]:
        """(label, score, lead over the runner-up label, turn) of window ``i``."""
        cols = np.arange(len(self.labels)) if allowed is None else np.asarray(allowed)
        s = self.scores[i, cols]
        order = np.argsort(s)[::-1]
        j = int(cols[order[0]])
        lead = float(s[order[0]] - s[order[1]]) if len(order) > 1 else float(s[order[0]])
        return self.labels[j], float(self.scores[i, j]), lead, int(self.turns[i, j])


_KEPT_LOCK = threading.Lock()
"""Guards every matcher's kept scores (:meth:`TileMatcher.scores`; a pack's matchers are shared by
its recognisers, ``RecogniserConfig.pack_parts_kept``, which may read in other threads)."""


def _bytes_key(a: np.ndarray | None) -> tuple[Any, ...] | None:
    """An array by its shape, type and bytes (a 16-byte BLAKE2b digest of them); None for None."""
    if a is None:
        return None
    a = np.ascontiguousarray(a)
    return a.shape, a.dtype.str, hashlib.blake2b(a.data, digest_size=16).digest()


def _copied(ts: TileScores) -> TileScores:
    """``ts`` with its own arrays (a kept result is handed out again: no caller may change it)."""
    return TileScores(ts.labels, ts.scores.copy(), ts.turns.copy(),
                      None if ts.offsets is None else ts.offsets.copy(),
                      None if ts.views is None else (ts.views[0].copy(), ts.views[1].copy(), ts.views[2].copy()))


def face_name(label: str) -> str:
    """A tile's label as the engine writes it ("light blue starfish", "abyss A") -> its face's
    name in an art pack and a taught pack ("light-blue-starfish", "abyss-A")."""
    return label.replace(" ", "-")


def _unit(x: np.ndarray) -> np.ndarray:
    """Zero mean, unit length along the last axis (all colour channels together)."""
    x = x - x.mean(axis=-1, keepdims=True)
    return x / (np.linalg.norm(x, axis=-1, keepdims=True) + 1e-6)


def views_of(face: np.ndarray) -> list[np.ndarray]:
    """A pack face is one image (H, W, 3) or several views of it (K, H, W, 3): one per photo."""
    return [face] if face.ndim == 3 else [face[k] for k in range(face.shape[0])]


def _gradients(img: np.ndarray) -> np.ndarray:
    """(..., H, W, 3) float32 -> (..., H, W, 2): the luminance's Sobel x and y (the glyph's
    outline, which the colour correlation of a blurred 1 px/mm patch hardly weighs)."""
    grey = img @ np.array([0.114, 0.587, 0.299], np.float32)
    flat = grey.reshape(-1, *grey.shape[-2:])
    gx = np.stack([cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3) for g in flat])
    gy = np.stack([cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3) for g in flat])
    return np.stack([gx, gy], axis=-1).reshape(*grey.shape, 2)


class TileMatcher:
    """Prototypes of one copy's tiles; :meth:`scores` compares windows with them. A face's score
    is the mean of two normalised correlations (colour; luminance gradients) less the colour
    penalty, at the best shift, best over its views."""

    def __init__(self, pack: Pack, px_per_mm: float = PATCH_PX_PER_MM, inner_mm: float = INNER_MM,
                 labels: Sequence[str] = TILE_LABELS, colour_weight: float = COLOUR_WEIGHT,
                 outline_weight: float = OUTLINE_WEIGHT, shifts_by_product: bool = False,
                 kept_scores: int = 0) -> None:
        """``kept_scores`` (over 0): :meth:`scores` keeps its latest this many results by what they
        were asked of (the windows' and masks' bytes, the turns, labels, shifts and weight) and gives
        a copy of a kept one when asked the same again (``RecogniserConfig.pack_scores_kept``)."""
        if pack.game != "octocube":
            raise PackError(f"the pack teaches {pack.game}, not octocube")
        self.labels = tuple(label for label in labels if face_name(label) in pack.faces)
        if not self.labels:
            raise PackError("the pack holds none of the Octocube tile faces")
        self.px_per_mm = px_per_mm
        self.colour_weight = colour_weight
        self.outline_weight = outline_weight
        self.shifts_by_product = shifts_by_product
        """The correlations at the shifts read taken from their spectra by two matrix products
        (:func:`_shifts_by_product`), not by the inverse FFT (:func:`_first_shifts`): the recogniser's
        ``RecogniserConfig.coarse_shifts_by_product``."""
        self.inner = int(round(inner_mm * px_per_mm))
        rows: list[int] = []
        colour, grads, chroma = [], [], []
        for i, label in enumerate(self.labels):
            # a tile is 34 mm, a cube's face 40 mm: each at the patches' scale
            side = int(round(pack.sizes_mm[face_name(label)][0] * px_per_mm))
            lo = (side - self.inner) // 2
            for view in views_of(pack.faces[face_name(label)]):
                face = cv2.resize(view, (side, side), interpolation=cv2.INTER_AREA)
                face = cv2.GaussianBlur(face.astype(np.float32), (0, 0), PROTOTYPE_BLUR * px_per_mm)
                turned = [np.ascontiguousarray(np.rot90(face, -k)) for k in range(4)]  # clockwise turns
                g = [_gradients(f) for f in turned]
                colour.append([f[lo:lo + self.inner, lo:lo + self.inner].transpose(2, 0, 1) for f in turned])
                grads.append([x[lo:lo + self.inner, lo:lo + self.inner].transpose(2, 0, 1) for x in g])
                mean = colour[-1][0].reshape(3, -1).mean(axis=1)
                chroma.append(mean / (mean.sum() + 1e-6))
                rows.append(i)
        self.rows = np.asarray(rows)
        """The label index of every prototype row (a label has one row per view)."""
        r = len(rows)
        self.protos = {"colour": _unit(np.asarray(colour, np.float32).reshape(r, 4, -1)).reshape(r, 4, 3, self.inner, self.inner),
                       "grad": _unit(np.asarray(grads, np.float32).reshape(r, 4, -1)).reshape(r, 4, 2, self.inner, self.inner)}
        self.chroma = np.asarray(chroma, np.float32)
        self.kept_scores = kept_scores
        self._kept: OrderedDict[tuple[Any, ...], TileScores] = OrderedDict()

    def scores(self, windows: np.ndarray, turns: Sequence[int] = (0,),
               search_px: int = SEARCH_PX, only: Sequence[str] | None = None,
               visible: np.ndarray | None = None, shifts: np.ndarray | None = None,
               colour_weight: float | None = None) -> TileScores:
        """:meth:`_scores`; with ``kept_scores`` a copy of the kept result where the same was asked
        before (one reading asks the same of a matcher more than once: 114 calls, 68 of them distinct,
        for 72833's change 18; a rule's off reading of a still asks most of the same again)."""
        if self.kept_scores <= 0:
            return self._scores(windows, turns, search_px, only, visible, shifts, colour_weight)
        key = (_bytes_key(windows), tuple(int(t) for t in turns), int(search_px),
               None if only is None else tuple(only), _bytes_key(visible), _bytes_key(shifts),
               None if colour_weight is None else float(colour_weight))
        with _KEPT_LOCK:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
        if kept is None:
            kept = self._scores(windows, turns, search_px, only, visible, shifts, colour_weight)
            with _KEPT_LOCK:
                self._kept[key] = kept
                while len(self._kept) > self.kept_scores:
                    self._kept.popitem(last=False)
        return _copied(kept)

    def _scores(self, windows: np.ndarray, turns: Sequence[int] = (0,),
                search_px: int = SEARCH_PX, only: Sequence[str] | None = None,
                visible: np.ndarray | None = None, shifts: np.ndarray | None = None,
                colour_weight: float | None = None) -> TileScores:
        """``windows``: (N, S, S, 3) uint8 patches centred on where a tile should be. The
        correlations at every shift in one go through the FFT (numerators) and summed-area
        tables (each shift's own mean and length). ``only``: score just these labels (the
        others get -inf), e.g. the one tile a board space can hold. ``visible``: (N, S, S),
        1 where the window shows its own stack and 0 where something in front hides it (a
        neighbour's cube under tilt): each shift is then compared on the pixels it sees only
        (means, lengths and colour too), not on the cube's side. ``shifts``: (2r+1, 2r+1) bool
        over the shifts (y, x) from -r to r px, True where the face may lie (the others are not
        tried; None: all). ``colour_weight``: the colour penalty's weight (None: the matcher's)."""
        colour_weight = self.colour_weight if colour_weight is None else colour_weight
        n = len(windows)
        if n == 0:
            z = np.zeros((0, len(self.labels)))
            return TileScores(self.labels, z, z.astype(np.int64))
        s = windows.shape[1]
        inner = self.inner
        c0 = (s - inner) // 2
        r = max(0, min(search_px, c0))
        size = inner + 2 * r
        region = windows[:, c0 - r:c0 + size - r, c0 - r:c0 + size - r].astype(np.float32)
        t = tuple(turns)
        use = tuple(range(len(self.rows))) if only is None else tuple(
            j for j, lb in enumerate(self.rows) if self.labels[lb] in set(only))
        if not use:
            z = np.full((n, len(self.labels)), -np.inf)
            return TileScores(self.labels, z, np.zeros(z.shape, np.int64))
        feats = {"colour": region.transpose(0, 3, 1, 2), "grad": _gradients(region).transpose(0, 3, 1, 2)}
        vis = None
        if visible is not None:
            vis = np.ascontiguousarray(visible[:, c0 - r:c0 + size - r, c0 - r:c0 + size - r], np.float32)
            vis = np.stack([cv2.erode(v, np.ones((3, 3), np.uint8)) for v in vis])  # the edge's own gradient
        score = ((1.0 - self.outline_weight) * self._ncc("colour", feats["colour"], t, size, r, use, vis)
                 + self.outline_weight * self._ncc("grad", feats["grad"], t, size, r, use, vis))  # N, R, T, P*P
        if colour_weight > 0:
            # each channel's mean over each shift's window (its visible part), as chromaticity
            reg = feats["colour"] if vis is None else feats["colour"] * vis[:, None]
            chan = np.stack([_box(reg[:, c], inner) for c in range(3)], axis=1).reshape(n, 3, -1)
            chan = chan / (chan.sum(axis=1, keepdims=True) + 1e-6)  # N, 3, P*P
            dist = np.abs(chan[:, None, :, :] - self.chroma[list(use)][None, :, :, None]).sum(axis=2)
            score = score - colour_weight * dist[:, :, None, :]
        if shifts is not None:
            allowed = np.asarray(shifts, bool).reshape(-1)
            if allowed.shape[0] != score.shape[3] or not allowed.any():
                raise ValueError(f"shifts must be a ({2 * r + 1}, {2 * r + 1}) mask with a True")
            score = np.where(allowed, score, -np.inf)
        at = score.argmax(axis=3)  # N, R, T: the best shift
        score = score.max(axis=3)  # N, R, T
        k = score.argmax(axis=2)
        best_row = np.take_along_axis(score, k[..., None], axis=2)[..., 0]  # N, R
        at_row = np.take_along_axis(at, k[..., None], axis=2)[..., 0]
        side = 2 * r + 1
        rows = self.rows[list(use)]
        best, turn, where = _per_label(best_row, np.asarray(t)[k], at_row, rows, len(self.labels), side, r)
        row_where = np.stack([at_row % side - r, at_row // side - r], axis=-1).astype(np.float64)
        return TileScores(self.labels, best, turn, where, (rows, np.asarray(t)[k], row_where))

    def best_fits(self, window: np.ndarray, visibles: np.ndarray, shifts: np.ndarray | None = None,
                  search_px: int = SEARCH_PX) -> np.ndarray:
        """The best upright face's score, as :meth:`scores` gives it, of one ``window`` (S, S, 3)
        compared on each of its seen masks ``visibles`` (K, S, S), at the ``shifts`` allowed (None:
        all): (K,). The masked correlation is taken straight at those shifts, one matrix product for
        all the masks (a mask met twice is compared once), not by FFTs over every shift, mask by
        mask: a hidden top's cube outlines (``OctocubeRecogniser._best_fitting_seen``, 11 stack
        heights on 31-61 of the 225 shifts) cost a third as much. It agrees with :meth:`scores` to
        the FFTs' single-precision rounding (5e-4 at most on 997650-997652's 22 hidden tops)."""
        s = window.shape[0]
        inner = self.inner
        c0 = (s - inner) // 2
        r = max(0, min(search_px, c0))
        size = inner + 2 * r
        cut = slice(c0 - r, c0 + size - r)
        region = window[cut, cut].astype(np.float32)
        vis = np.ascontiguousarray(visibles[:, cut, cut], np.float32)
        vis = np.stack([cv2.erode(v, np.ones((3, 3), np.uint8)) for v in vis])  # as scores() does
        vis, back = _distinct(vis)
        allowed = np.ones((2 * r + 1, 2 * r + 1), bool) if shifts is None else np.asarray(shifts, bool)
        ys, xs = np.nonzero(allowed)
        rows = len(self.rows)
        score = np.zeros((len(vis), len(ys), rows))
        for name, img, weight in (("colour", region.transpose(2, 0, 1), 1.0 - self.outline_weight),
                                  ("grad", _gradients(region).transpose(2, 0, 1), self.outline_weight)):
            protos = self.protos[name][:, 0].reshape(rows, img.shape[0], -1)
            score += weight * _masked_ncc_at(img, vis, protos, inner, ys, xs)
        if self.colour_weight > 0:
            reg = region.transpose(2, 0, 1)[None] * vis[:, None]
            chan = np.stack([_box(reg[:, c], inner)[:, ys, xs] for c in range(3)], axis=2)  # K, P, 3
            chan = chan / (chan.sum(axis=2, keepdims=True) + 1e-6)
            score -= self.colour_weight * np.abs(chan[:, :, None, :] - self.chroma[None, None]).sum(axis=3)
        return score.max(axis=(1, 2))[back]

    def own_scores(self, windows: np.ndarray, labels: Sequence[str], search_px: int = SEARCH_PX) -> np.ndarray:
        """Each window's score for its own label only (upright), e.g. a board space and the one
        tile it can hold: (N,), -inf where that face was not taught. One FFT pass for all."""
        n = len(windows)
        out = np.full(n, -np.inf)
        pairs = [(i, j) for i, lb in enumerate(labels) if lb in self.labels
                 for j in np.flatnonzero(self.rows == self.labels.index(lb))]
        if not pairs:
            return out
        pn = np.array([i for i, _ in pairs])
        pr = np.array([j for _, j in pairs])
        s = windows.shape[1]
        inner = self.inner
        c0 = (s - inner) // 2
        r = max(0, min(search_px, c0))
        size = inner + 2 * r
        region = windows[:, c0 - r:c0 + size - r, c0 - r:c0 + size - r].astype(np.float32)
        feats = {"colour": region.transpose(0, 3, 1, 2), "grad": _gradients(region).transpose(0, 3, 1, 2)}
        every = tuple(range(len(self.rows)))
        score = np.zeros((len(pairs), (2 * r + 1) ** 2))
        for name, weight in (("colour", 1.0 - self.outline_weight), ("grad", self.outline_weight)):
            img = feats[name]
            f_img = np.fft.rfft2(img, s=(size, size))
            f_pro = self._proto_fft(name, (0,), size, every)
            spec = (f_img[pn] * f_pro[pr]).sum(axis=1)
            corr = self._shifts(spec, size, 2 * r + 1).reshape(len(pairs), -1)
            d = img.shape[1] * inner * inner
            sums = _box(img.sum(axis=1), inner)
            sqs = _box((img * img).sum(axis=1), inner)
            norm = np.sqrt(np.maximum(sqs - sums * sums / d, 1e-6)).reshape(n, -1)
            score += weight * corr / norm[pn]
        if self.colour_weight > 0:
            reg = feats["colour"]
            chan = np.stack([_box(reg[:, c], inner) for c in range(3)], axis=1).reshape(n, 3, -1)
            chan = chan / (chan.sum(axis=1, keepdims=True) + 1e-6)
            score -= self.colour_weight * np.abs(chan[pn] - self.chroma[pr][:, :, None]).sum(axis=1)
        best = score.max(axis=1)
        np.maximum.at(out, pn, best)
        return out

    def _ncc(self, name: str, img: np.ndarray, turns: tuple[int, ...], size: int, r: int,
             use: tuple[int, ...], vis: np.ndarray | None = None) -> np.ndarray:
        """(N, C, size, size) -> (N, R, T, (2r+1)^2) normalised correlation with group ``name``
        (over the pixels ``vis`` (N, size, size) marks as seen, where given)."""
        if vis is not None:
            return self._masked_ncc(name, img, vis, turns, size, r, use)
        n, ch = img.shape[:2]
        inner = self.inner
        f_img = np.fft.rfft2(img, s=(size, size))
        f_pro = self._proto_fft(name, turns, size, use)
        spec = np.einsum("ncxy,lcxy->nlxy", f_img, f_pro, optimize=True)
        corr = self._shifts(spec, size, 2 * r + 1)
        d = ch * inner * inner
        sums = _box(img.sum(axis=1), inner)
        sqs = _box((img * img).sum(axis=1), inner)
        norm = np.sqrt(np.maximum(sqs - sums * sums / d, 1e-6))
        return (corr / norm[:, None]).reshape(n, len(use), len(turns), -1)

    def _masked_ncc(self, name: str, img: np.ndarray, vis: np.ndarray, turns: tuple[int, ...], size: int,
                    r: int, use: tuple[int, ...]) -> np.ndarray:
        """:meth:`_ncc` on the seen pixels only: at each shift both the window and the prototype
        are centred and scaled over the pixels the window sees there (masked normalised
        correlation, every term a correlation with the mask through the FFT)."""
        n, ch = img.shape[:2]
        inner = self.inner
        p = 2 * r + 1
        seen = img * vis[:, None]
        f_pro = self._proto_fft(name, turns, size, use)
        f_sum, f_sq = self._proto_sums_fft(name, turns, size, use)
        xp = self._shifts(np.einsum("ncxy,lcxy->nlxy", np.fft.rfft2(seen, s=(size, size)), f_pro, optimize=True),
                          size, p)
        f_vis = np.fft.rfft2(vis, s=(size, size))[:, None]
        sp = self._shifts(f_vis * f_sum[None], size, p)
        spp = self._shifts(f_vis * f_sq[None], size, p)
        count = np.maximum(_box(vis, inner) * ch, 1.0)[:, None]
        sx = _box(seen.sum(axis=1), inner)[:, None]
        sxx = _box((seen * img).sum(axis=1), inner)[:, None]
        ncc = _masked_ratio(xp, sx, sxx, sp, spp, count, _lengths(seen, f_sq))
        return ncc.reshape(n, len(use), len(turns), -1)

    def _shifts(self, spec: np.ndarray, size: int, p: int) -> np.ndarray:
        """The correlations at the first ``p`` x ``p`` shifts of the half spectra ``spec`` of
        ``size`` x ``size`` squares (``shifts_by_product``: :func:`_shifts_by_product`)."""
        return _shifts_by_product(spec, size, p) if self.shifts_by_product else _first_shifts(spec, size, p)

    @lru_cache(maxsize=128)  # noqa: B019 (one matcher per recogniser; a few turn and row sets)
    def _proto_sums_fft(self, name: str, turns: tuple[int, ...], size: int,
                        use: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """The conjugate spectra of each prototype's channel sum and sum of squares (the masked
        correlation's per-shift prototype mean and length)."""
        protos = self.protos[name][list(use)][:, list(turns)]
        protos = protos.reshape(len(use) * len(turns), *protos.shape[2:])
        return (np.conj(np.fft.rfft2(protos.sum(axis=1), s=(size, size))),
                np.conj(np.fft.rfft2((protos * protos).sum(axis=1), s=(size, size))))

    @lru_cache(maxsize=128)  # noqa: B019 (one matcher per recogniser; a few turn and row sets)
    def _proto_fft(self, name: str, turns: tuple[int, ...], size: int, use: tuple[int, ...]) -> np.ndarray:
        """The conjugate spectra of one feature group's prototypes (correlation, not convolution)."""
        protos = self.protos[name][list(use)][:, list(turns)]
        protos = protos.reshape(len(use) * len(turns), *protos.shape[2:])
        return np.conj(np.fft.rfft2(protos, s=(size, size)))


FINE_PX_PER_MM = 3.0
"""The fine stage's scale: a glyph's stroke or a letter is 1-3 px at the patches' 1 px/mm."""
FINE_INNER_MM = 26.0
"""Side of the square the fine stage compares (the tile but its frame and corners)."""
FINE_SEARCH_PX = 3
"""Fine shifts tried each way around where the coarse stage found the face (its 1 px step)."""
FINE_BLUR_MM = 0.35
"""The camera window is blurred by this (sigma, mm) before the fine comparison (pixel noise)."""
FINE_FACE_BLURS_MM = (0.35, 0.6, 0.9, 1.2, 1.6)
"""A taught face (a sharp 4 px/mm photo) is blurred by each of these (sigma, mm) to look like the
camera's window (1.5-2 px/mm, defocus, JPEG): the one where the candidates fit best is used for
all of them (a blur chosen per face would favour the face with the least fine detail)."""
FINE_SHADE_WEIGHT = 1.0
"""How much the a/b distance of mean colours (:func:`_shade_distance`, 1.0 = 50 Lab units)
lowers a candidate's fine score: the correlation ignores a shade shared by the whole tile."""
FINE_MASK_BLUR_MM = 1.0
"""The faces' difference map is spread by this (sigma, mm): a glyph a pixel off still counts."""


LETTER_FREE_RADIUS = 0.25
"""An abyss face's badge and letter lie within this share of its side from its centre (the badge's
radius is 0.21 of the side): outside it every abyss face shows the same deep-water pattern."""

HARMONISE_FROM = 8.0
"""A letter face whose pattern outside the badge lies on average at most this far (8-bit levels)
from the letters' median is left as taught by :func:`harmonised_letters`: teach photos' noise
leaves 4-8 there; a paler place of the sheet 9-31 (997568's first photo)."""
FLAT_CHANNEL_STD = 2.0
"""A channel whose pattern outside the badge varies less than this (std, 8-bit levels) is mapped by
an offset alone in :func:`harmonised_letters`."""


def harmonised_letters(views: dict[str, list[np.ndarray]]) -> dict[str, list[np.ndarray]]:
    """The taught abyss letter faces (label -> its views, BGR uint8) with each view's colours set to
    the letters' common look: per view (photo) index, a letter face that lies more than
    ``HARMONISE_FROM`` from the letter faces' per-pixel median outside ``LETTER_FREE_RADIUS`` (where
    all of them show the same pattern) has each channel mapped by a gain and an offset onto the
    median's there (the channel's mean and spread matched). A teach sheet is not lit
    evenly: one abyss place of the sheet may come out paler or greyer than its neighbours (997568's
    first photo: D and G 24-31 levels off the letters' median outside the badge, C, F, I, B 9-13,
    the rest 4-8), and since the fine stage compares the letter faces in one
    gain over all three channels, the face whose colours happen to sit nearer the table's won
    (997568 / 520801 (0, 2): D read B; 520803 (2, 2): A read B). Views whose size differs from the
    others' of that index, and indices with fewer than three letters, are left as they are."""
    out = {lb: list(vs) for lb, vs in views.items()}
    for k in range(max((len(vs) for vs in views.values()), default=0)):
        shapes: dict[tuple[int, ...], list[str]] = {}
        for lb, vs in views.items():
            if k < len(vs):
                shapes.setdefault(vs[k].shape, []).append(lb)
        shape, names = max(shapes.items(), key=lambda kv: len(kv[1]), default=((), []))
        if len(names) < 3:
            continue
        h, w = shape[:2]
        yy, xx = np.mgrid[0:h, 0:w]
        fit = np.hypot(xx + 0.5 - w / 2, yy + 0.5 - h / 2) > LETTER_FREE_RADIUS * min(h, w)
        imgs = {lb: views[lb][k].astype(np.float32) for lb in names}
        ref = np.median(np.stack(list(imgs.values())), axis=0)
        for lb, img in imgs.items():
            if float(np.abs(img - ref)[fit].mean()) <= HARMONISE_FROM:
                continue  # lit as the others: left as taught (a tie between letters stays as it was)
            mapped = np.empty_like(img)
            for ch in range(img.shape[2]):
                a, b = img[..., ch][fit], ref[..., ch][fit]
                # the channel's mean and spread matched (a least-squares gain shrinks with the noise)
                spread = float(a.std())
                gain = float(b.std()) / spread if spread >= FLAT_CHANNEL_STD else 1.0
                mapped[..., ch] = gain * (img[..., ch] - float(a.mean())) + float(b.mean())
            out[lb][k] = np.clip(np.round(mapped), 0, 255).astype(views[lb][k].dtype)
    return out


SHADE_HARMONISE_FROM = 15.0
"""A shaded face whose background lies at most this far (BGR, L2) from its shade's median over the
same teach photo's faces is left as taught by :func:`harmonised_shades`: evenly lit teach photos
leave 1-9 there; a glare over one column of printing 997764's first photo 45-70."""


def background_of(face: np.ndarray) -> np.ndarray:
    """The colour most of a face's pixels share (its background; the glyph hardly moves it)."""
    return dominant_colour(face[..., :3].reshape(-1, 3).astype(np.float32))


def _shade_name(label: str) -> str | None:
    """The shade of a shaded tile's label ("light blue" of "light blue sextant"); None otherwise."""
    for colour in sorted(BACKGROUND_COLOURS, key=len, reverse=True):
        if label.startswith(colour + " "):
            return colour
    return None


def harmonised_shades(pack: Pack) -> Pack:
    """``pack`` with each shaded tile face lit as its shade's other faces in the same teach photo:
    per photo, a face whose background (:func:`background_of`) lies more than
    ``SHADE_HARMONISE_FROM`` from the median of its shade's faces' there has each channel mapped so
    that its background becomes that median: a channel paler than the median as under a veil
    towards white (255 stays), a darker one as in a shadow (0 stays). The teach sheet is not lit
    evenly: printing 997764's first photo laid a glare over its diamond column (every diamond face
    some 0.2 of the way to white: the dark blue diamond's background (127, 60, 63) where its other
    dark blue faces show (99, 13, 19)), and the coarse stage's colour penalty, comparing each
    face's own mean colour with the window's, put the starfish first on every dark blue tile: a
    dark blue diamond in full view read as the starfish at 0.85 and 0.90 (tables 547402 (0, 1),
    547404 (4, 2)). Shades with fewer than three faces in a photo are left as they are."""
    views = {name: views_of(face) for name, face in pack.faces.items()}
    out = {name: list(vs) for name, vs in views.items()}
    changed = False
    for shade in BACKGROUND_COLOURS:
        names = [face_name(lb) for lb in TILE_LABELS if _shade_name(lb) == shade and face_name(lb) in views]
        for k in range(max((len(views[n]) for n in names), default=0)):
            here = [n for n in names if k < len(views[n])]
            if len(here) < 3:
                continue
            bgs = {n: background_of(views[n][k]) for n in here}
            median = np.median(np.stack(list(bgs.values())), axis=0)
            for n in here:
                own = bgs[n]
                if float(np.linalg.norm(own - median)) <= SHADE_HARMONISE_FROM:
                    continue
                img = views[n][k][..., :3].astype(np.float32)
                mapped = np.empty_like(img)
                for ch in range(3):
                    b, m = float(own[ch]), float(median[ch])
                    if b > m:  # paler: lifted towards white
                        mapped[..., ch] = 255.0 - (255.0 - img[..., ch]) * (255.0 - m) / max(255.0 - b, 1.0)
                    else:  # darker: scaled towards black
                        mapped[..., ch] = img[..., ch] * m / max(b, 1.0)
                out[n][k] = np.clip(np.round(mapped), 0, 255).astype(views[n][k].dtype)
                changed = True
    if not changed:
        return pack
    faces = {n: (vs[0] if pack.faces[n].ndim == 3 else np.stack(vs)) for n, vs in out.items()}
    return replace(pack, faces=faces)


Candidate = (tuple[str, int, tuple[float, float]]
             | tuple[str, int, tuple[float, float], Sequence[tuple[int, tuple[float, float]]] | None])
"""A face for the fine stage: (label, quarter turn, (x, y) offset in mm), optionally each view's
own (turn, offset) (see :meth:`FineMatcher.rerank`)."""


@dataclass(frozen=True)
class FineVerdict:
    """The fine stage's pick among a window's best few faces."""

    label: str
    score: float
    """The picked face's weighted correlation on the region where the candidates differ."""
    lead: float
    """Over the runner-up candidate (0 with one candidate)."""
    scores: dict[str, float]
    own_scores: dict[str, float] | None = None
    """With ``also_at``: each candidate's fit at its own places only, as without ``also_at``."""


def _shade_distance(window: np.ndarray, face: np.ndarray) -> float:
    """How far apart two white-balanced squares' mean colours are in CIELAB's a/b plane (the
    hue and saturation: white, light blue and green tiles part there, whatever the light's
    level), in units of 50 (a white and a pale blue background are some 10-25 apart)."""
    means = np.stack([window.reshape(-1, 3).mean(axis=0), face.reshape(-1, 3).mean(axis=0)])
    lab = cv2.cvtColor(np.clip(means / 255.0, 0, 1).astype(np.float32)[None], cv2.COLOR_BGR2LAB)[0]
    return float(np.linalg.norm(lab[0, 1:] - lab[1, 1:])) / 50.0


class FineMatcher:
    """Second stage for faces of one printing that differ by a small glyph, a letter or a shade.
    The coarse stage (:class:`TileMatcher`, 1 px/mm) names a window's best few faces and where
    they lie; this one samples the window again at ``FINE_PX_PER_MM`` straight from the frame
    (the recogniser's own remap, not an upsampled patch) and compares each candidate only where
    THOSE candidates' taught faces differ (their pixel-wise difference, spread a little), by a
    weighted normalised correlation over the three colour channels together (so a shade counts:
    a white and a light-blue tile with one glyph differ everywhere but the glyph), best over a
    few fine shifts and the face's views."""

    def __init__(self, pack: Pack, labels: Sequence[str], px_per_mm: float = FINE_PX_PER_MM,
                 inner_mm: float = FINE_INNER_MM, blur_mm: float = FINE_BLUR_MM,
                 shade_weight: float = FINE_SHADE_WEIGHT, harmonise_letters: bool = False,
                 letters_under_light_slope: bool = False, share_exact: bool = True,
                 batched_correlation: bool = True, fits_per_region: bool = True) -> None:
        """``harmonise_letters``: the abyss letter faces' colours set to their common look first
        (:func:`harmonised_letters`). ``letters_under_light_slope``: where every candidate is an
        abyss face and nothing hides the window, each is fitted to it under its own light slope
        (:func:`_sloped_fit`). ``share_exact``: what is the same to the bit made once: each face
        blurred once per matcher (:meth:`_blurred_face`), a sloped fit's planes and offset Gram
        entries once per weights (:class:`_SlopeShared`), its offset correlation taken from the
        spread's ``sum w.x`` (False: each made where it is used, as before session 78; the
        verdicts are equal either way, tests/vision/octocube/test_pack_reader_fine_shared.py).
        ``batched_correlation``: the sloped fit's face columns (face, face * x, face * y), or the
        plain fit's centred weighted face, are correlated with a region by one matrix product
        for every face compared there at a blur
        (:func:`_batched_face_corr`), not a ``cv2.matchTemplate`` per column (its DFT set up again
        for each 7x7 result): session 80 measured the coin-pile test's 7 readings at 93,315
        ``matchTemplate`` calls, 40 % of its CPU. Not to the bit: float32 sums in another order
        (scores within 1e-5 of the DFT's, the same labels: tests/vision/octocube/
        test_pack_reader_fine_batched.py). False: one ``matchTemplate`` per column, as before.
        ``fits_per_region`` (with ``batched_correlation``): the columns batched as rows (copied
        in order, the product taken against the windows' transpose: the batch's strided copy
        was half its CPU) and, sloped, every face compared at a region fitted there at once
        (:func:`_sloped_fits_of`: one stacked solve of the faces' Gram matrices, not a
        ``_sloped_fit_of`` call of ~200 us per face and place; 29,790 calls in the coin-pile
        test's 7 readings, session 81). The same arithmetic per face, to the bit where BLAS
        sums the transposed product in the same order (tests/vision/octocube/
        test_pack_reader_fine_region.py; bench/octocube_fine_batched.py --switch
        pack_fine_fits_per_region). False: session 80's batch, one fit per face and place."""
        self.batched_correlation = batched_correlation
        self.fits_per_region = fits_per_region
        self.letters_under_light_slope = letters_under_light_slope
        self.share_exact = share_exact
        self._blurred: dict[tuple[str, int, int, float], np.ndarray] = {}
        """(label, view, turn, blur px) -> that face blurred (:meth:`_blurred_face`)."""
        self.px_per_mm = px_per_mm
        self.shade_weight = shade_weight
        self.inner = int(round(inner_mm * px_per_mm))
        self.blur = blur_mm * px_per_mm
        self.pad = int(round(min(2 * max(FINE_FACE_BLURS_MM), (lay.TILE_SIZE_MM - inner_mm) / 2) * px_per_mm))
        """Kept round each face's inner square so that blurring it does not darken its edges."""
        self.protos: dict[str, list[np.ndarray]] = {}
        """label -> one (4, S, S, 3) float32 array per view: the inner square (and ``pad``) in
        the 4 clockwise turns, unblurred."""
        taught = {label: views_of(pack.faces[face_name(label)]) for label in labels if face_name(label) in pack.faces}
        if harmonise_letters:
            taught.update(harmonised_letters({lb: vs for lb, vs in taught.items() if lb.startswith("abyss ")}))
        for label, taught_views in taught.items():
            name = face_name(label)
            side = int(round(pack.sizes_mm[name][0] * px_per_mm))
            lo = (side - self.inner) // 2
            views = []
            for view in taught_views:
                face = cv2.resize(view, (side, side), interpolation=cv2.INTER_AREA).astype(np.float32)
                views.append(np.stack([np.rot90(face, -k)[lo - self.pad:lo + self.inner + self.pad,
                                                          lo - self.pad:lo + self.inner + self.pad]
                                       for k in range(4)]).astype(np.float32))
            self.protos[label] = views

    def _blurred_face(self, label: str, view: int, turn: int, sigma: float) -> np.ndarray:
        """``label``'s ``view`` in quarter turn ``turn``, blurred by ``sigma`` px, its compared
        square: with ``share_exact`` made once per matcher (the taught faces do not change; one
        reading's reranks blurred each face again at every stack, ~1,700 blurs a coin-pile still)."""
        if not self.share_exact:
            return cv2.GaussianBlur(self.protos[label][view][turn], (0, 0), sigma)[
                self.pad:self.pad + self.inner, self.pad:self.pad + self.inner]
        key = (label, view, turn, sigma)
        face = self._blurred.get(key)
        if face is None:
            face = self._blurred[key] = cv2.GaussianBlur(self.protos[label][view][turn], (0, 0), sigma)[
                self.pad:self.pad + self.inner, self.pad:self.pad + self.inner]
        return face

    def shade_apart(self, a: str, b: str) -> float:
        """How far apart two taught faces' mean colours lie (:func:`_shade_distance`, their first
        views upright; inf where either was not taught)."""
        if a not in self.protos or b not in self.protos:
            return float("inf")
        return _shade_distance(self.protos[a][0][0], self.protos[b][0][0])

    def rerank(self, window: np.ndarray, candidates: Sequence[Candidate],
               search_px: int = FINE_SEARCH_PX, visible: np.ndarray | None = None,
               shared_places: bool = False, least_seen_share: float | None = None,
               every_turn: bool = False, each_channel: bool = False,
               also_at: Mapping[str, Sequence[tuple[float, float]]] | None = None) -> FineVerdict | None:
        """``window``: (S, S, 3) the same window as the coarse stage's, at this matcher's scale
        (white-balanced). ``candidates``: (label, quarter turn, (x, y) offset of its centre from
        the window's centre in mm), optionally with a fourth item: per view of that face, its own
        (turn, offset) where the coarse stage found that view (each view is then looked for
        there: two photos cut a face a few mm apart, and a window half hidden may fit one view
        at a shift where the other does not lie). ``visible``: (S, S), 0 where something in
        front hides the window (those pixels are not compared). ``shared_places``: every
        candidate's views are looked for at every place the coarse stage found any candidate's
        view too (one tile lies in the window: where one face was found is where the others
        belong as well). ``least_seen_share`` (with ``visible``): a place whose compared square
        shows less than this share of what the best-shown place shows is not tried (a face
        placed over the hidden part is compared on a sliver, and fits a sliver by chance); a
        candidate with no place left is looked for at the best-shown places. ``every_turn``:
        each candidate's views are compared in all four quarter turns at their places (its best
        turn counts), not only in the turn the coarse stage found, and the candidates are told
        apart where any of them differs from another in any turn. ``each_channel``: each colour
        channel centred and scaled about its own weighted mean (the faces' shared shade drops
        out, their glyphs' pattern stays), not the three together. ``also_at``: per candidate's
        label, more places (mm offsets, as the candidate's own) its views are looked for at too
        (the best fit counts); the verdict's ``own_scores`` then holds the fits without them
        (one pass for both). None when fewer than two candidates were taught."""
        cands = [c for c in candidates if c[0] in self.protos]
        if len(cands) < 2:
            return None
        win = cv2.GaussianBlur(window.astype(np.float32), (0, 0), self.blur)
        s_in, pad = self.inner, self.pad
        size = s_in + 2 * search_px
        half = window.shape[0] / 2

        def origin_of(offset: tuple[float, float]) -> tuple[int, int]:
            x0 = int(round(half + offset[0] * self.px_per_mm - s_in / 2)) - search_px
            y0 = int(round(half + offset[1] * self.px_per_mm - s_in / 2)) - search_px
            return min(max(x0, 0), win.shape[1] - size), min(max(y0, 0), win.shape[0] - size)

        # per candidate, per view: (turn, region origins)
        found: list[list[tuple[int, tuple[int, int]]]] = []
        for c in cands:
            n_views = len(self.protos[c[0]])
            per_view = c[3] if len(c) > 3 else None
            if per_view is not None and len(per_view) == n_views:
                found.append([(int(t), origin_of(o)) for t, o in per_view])
            else:
                found.append([(c[1], origin_of(c[2]))] * n_views)
        every = list(dict.fromkeys(o for view_looks in found for _, o in view_looks))
        looks = [[(t, every if shared_places else [o]) for t, o in view_looks] for view_looks in found]
        own_looks = looks
        if also_at:
            looks = [[(t, list(dict.fromkeys([*origins, *(origin_of(o) for o in also_at.get(c[0], ()))])))
                      for t, origins in view_looks] for c, view_looks in zip(cands, looks, strict=True)]
        regions: dict[tuple[int, int], np.ndarray] = {}
        seen: dict[tuple[int, int], np.ndarray] = {}
        """Per region: the seen pixels at its central shift (1 everywhere without ``visible``: one
        array shared by every region, so that the weights and each face's terms are made once)."""
        all_seen = np.ones((s_in, s_in, 1), np.float32)
        for x0, y0 in {o for view_looks in looks for _, origins in view_looks for o in origins}:
            regions[(x0, y0)] = np.ascontiguousarray(win[y0:y0 + size, x0:x0 + size])
            if visible is None:
                seen[(x0, y0)] = all_seen
            else:
                v = visible[y0 + search_px:y0 + search_px + s_in, x0 + search_px:x0 + search_px + s_in]
                k = 2 * int(round(self.px_per_mm)) + 1  # a fine shift and the edge's blur
                seen[(x0, y0)] = cv2.erode(np.ascontiguousarray(v, np.float32), np.ones((k, k), np.uint8))[..., None]
        if visible is not None and least_seen_share is not None:
            looks = _places_that_show(looks, {o: float(v.sum()) for o, v in seen.items()}, least_seen_share)
            own_places = {o for view_looks in own_looks for _, origins in view_looks for o in origins}
            own_looks = _places_that_show(own_looks, {o: float(v.sum()) for o, v in seen.items() if o in own_places},
                                          least_seen_share)
        own_origins = [[set(origins) for _, origins in view_looks] for view_looks in own_looks]
        best_fit: float = -np.inf
        out: dict[str, float] = {}
        out_where: dict[str, tuple[np.ndarray, int, int, np.ndarray] | None] = {}
        """Per candidate, where its best fit lies at the blur that counts: (region, y, x, face)."""
        own_fit: float = -np.inf
        own_out: dict[str, float] = {}
        own_out_where: dict[str, tuple[np.ndarray, int, int, np.ndarray] | None] = {}
        """The same at the candidates' own places only (``also_at``'s places left out)."""
        # a light slope is measured on the whole tile: a top partly hidden keeps one gain and offset
        # (997705 / 541901 (1, 1), 57 % in view: a G and a C then tie the other way)
        sloped = (self.letters_under_light_slope and all(c[0].startswith("abyss") for c in cands)
                  and (visible is None or bool((visible > 0.5).all())))

        windows_at: dict[tuple[int, int], np.ndarray] = {}
        """Per region, batched: its every shift's square as a row (:func:`_shift_windows`)."""

        def turns_of(turn: int) -> tuple[int, ...]:
            return (turn, *(t for t in range(4) if t != turn)) if every_turn else (turn,)

        for blur_mm in FINE_FACE_BLURS_MM:
            sigma = blur_mm * self.px_per_mm
            # per candidate, per view: turn -> the blurred face's compared square
            faces = {c[0]: [{t: self._blurred_face(c[0], k, t, sigma) for t in turns_of(turn)}
                            for k, (turn, _) in enumerate(view_looks)]
                     for c, view_looks in zip(cands, looks, strict=True)}
            firsts = np.stack([img for c in cands for img in faces[c[0]][0].values()])
            # every pair's pixel-wise difference, summed (each pair counted twice: the scale drops out)
            diff = _pairwise_difference(firsts)
            mask = cv2.GaussianBlur(diff, (0, 0), FINE_MASK_BLUR_MM * self.px_per_mm)
            mask = (mask / (mask.max() + 1e-6)).astype(np.float32)
            scores: dict[str, float] = {}
            where: dict[str, tuple[np.ndarray, int, int, np.ndarray] | None] = {}
            spread: dict[tuple[int, int], np.ndarray] = {}
            """Per region (candidates found at one place share it): the window's weighted variance."""
            weights: dict[int, tuple[np.ndarray, float]] = {}
            """Per seen-pixels array (one for every region without ``visible``): the weights and their sum."""
            prepared: dict[tuple[int, int], Any] = {}
            """Per (face, weights): what the comparison needs of the face alone (:meth:`_face_terms`),
            the same at every region that shares the weights."""
            offsets_at: dict[tuple[tuple[int, int], int], list[np.ndarray]] = {}
            """Per (region, weights), sloped: the offset columns' correlations with the region, the
            same for every face (:func:`_sloped_offset_corr`): made once, not once per face."""
            slope_shared: dict[int, _SlopeShared] = {}
            """Per weights, sloped with ``share_exact``: what every face's sloped terms share."""
            own_scores: dict[str, float] = {}
            own_where: dict[str, tuple[np.ndarray, int, int, np.ndarray] | None] = {}
            face_corr: dict[tuple[int, tuple[int, int]], list[np.ndarray]] = {}
            """Batched: per (face, region), its face columns' correlations with the region (the
            sloped fit's three, or the plain fit's centred weighted face)."""

            def weighed(origin: tuple[int, int]) -> tuple[int, tuple[np.ndarray, float]]:
                """The region's key in ``weights`` and its weights (the mask times its seen
                pixels, on every channel) with their sum, made once per seen-pixels array."""
                key = id(seen[origin])
                if key not in weights:
                    w = np.ascontiguousarray(np.repeat(mask[..., None] * seen[origin], 3, axis=2))
                    weights[key] = (w, float(w.sum()) + 1e-6)
                return key, weights[key]

            fitted: dict[tuple[int, tuple[int, int]], np.ndarray] = {}
            """Sloped, with ``fits_per_region``: per (face, region), its fit at every shift
            (:func:`_sloped_fits_of`, every face at the region at once)."""

            def spread_at(origin: tuple[int, int], key: int, w3: np.ndarray, wsum: float, share: bool) -> np.ndarray:
                """The region's weighted variance (``spread``), made once; sloped with ``share`` and
                not ``each_channel``, its ``sum w.x`` kept as the lone offset column's correlation."""
                if origin not in spread:
                    region = regions[origin]
                    sx = None
                    if share and not each_channel:
                        # the lone offset column weighted is w3 to the bit (1 * w): its
                        # correlation is the spread's sum of w.x, made once for both
                        sx = cv2.matchTemplate(region, w3, cv2.TM_CCORR)
                        offsets_at[(origin, key)] = [sx]
                    spread[origin] = _weighted_spread(region, w3, wsum, each_channel, search_px, sx)
                return spread[origin]

            if self.batched_correlation:
                wanted: dict[tuple[int, int], dict[int, np.ndarray]] = {}
                for c, view_looks in zip(cands, looks, strict=True):
                    for turned, (_turn, origins) in zip(faces[c[0]], view_looks, strict=True):
                        for origin, p in ((o, img) for o in origins for img in turned.values()):
                            wanted.setdefault(origin, {})[id(p)] = p
                for origin, by_face in wanted.items():
                    key, (w3, wsum) = weighed(origin)
                    share = self.share_exact and sloped
                    if share and key not in slope_shared:
                        slope_shared[key] = _SlopeShared.of(w3, s_in)
                    columns = []
                    for p in by_face.values():
                        terms = prepared.get((id(p), key))
                        if terms is None:
                            terms = prepared[(id(p), key)] = (
                                _sloped_terms(p, w3, each_channel, slope_shared.get(key) if share else None)
                                if sloped else _face_terms(p, w3, wsum, each_channel))
                        columns.append(terms[0][:len(terms[0]) - terms[2]] if sloped else [terms[0]])
                    if origin not in windows_at:
                        windows_at[origin] = _shift_windows(regions[origin], s_in)
                    for fid, corr in zip(by_face, _batched_face_corr(windows_at[origin], columns,
                                                                     by_rows=self.fits_per_region), strict=True):
                        face_corr[(fid, origin)] = corr
                    if sloped and self.fits_per_region:
                        vx = spread_at(origin, key, w3, wsum, share)
                        every_terms = [prepared[(fid, key)] for fid in by_face]
                        offsets = offsets_at.get((origin, key))
                        if offsets is None:
                            offsets = offsets_at[(origin, key)] = _sloped_offset_corr(regions[origin], every_terms[0])
                        fits = _sloped_fits_of(every_terms, vx * wsum, offsets,
                                               [face_corr[(fid, origin)] for fid in by_face])
                        for fid, ready_fit in zip(by_face, fits, strict=True):
                            fitted[(fid, origin)] = ready_fit
            for c, view_looks, owns in zip(cands, looks, own_origins, strict=True):
                label = c[0]
                best: float = -np.inf
                at_best: tuple[np.ndarray, int, int, np.ndarray] | None = None
                own_best: float = -np.inf
                own_at_best: tuple[np.ndarray, int, int, np.ndarray] | None = None
                for turned, (_turn, origins), own in zip(faces[label], view_looks, owns, strict=True):
                    for origin, p in ((o, img) for o in origins for img in turned.values()):
                        region = regions[origin]
                        key, (w3, wsum) = weighed(origin)
                        share = self.share_exact and sloped
                        vx = spread_at(origin, key, w3, wsum, share)
                        terms = prepared.get((id(p), key))
                        if terms is None:
                            if share and key not in slope_shared:
                                slope_shared[key] = _SlopeShared.of(w3, s_in)
                            terms = (_sloped_terms(p, w3, each_channel, slope_shared.get(key) if share else None)
                                     if sloped else _face_terms(p, w3, wsum, each_channel))
                            prepared[(id(p), key)] = terms
                        ready = fitted.get((id(p), origin))
                        if ready is not None:
                            ncc = ready
                        elif sloped:
                            offsets = offsets_at.get((origin, key))
                            if offsets is None:
                                offsets = offsets_at[(origin, key)] = _sloped_offset_corr(region, terms)
                            ncc = _sloped_fit_of(region, terms, w3, vx * wsum, offsets, face_corr.get((id(p), origin)))
                        else:
                            pw, vp = terms
                            batch = face_corr.get((id(p), origin))
                            sxp = (batch[0] if batch is not None  # sum pw = 0: x's mean drops out
                                   else cv2.matchTemplate(region, pw, cv2.TM_CCORR)) / wsum
                            ncc = sxp / np.sqrt(vx * max(vp, 1e-6))
                        top = float(ncc.max())
                        if top > best or (origin in own and top > own_best):
                            y, x = np.unravel_index(int(ncc.argmax()), ncc.shape)
                            place = (region, int(y), int(x), p)
                            if top > best:
                                best, at_best = top, place
                            if origin in own and top > own_best:
                                own_best, own_at_best = top, place
                scores[label] = best
                where[label] = at_best
                own_scores[label] = own_best
                own_where[label] = own_at_best
            if max(scores.values()) > best_fit:
                best_fit, out, out_where = max(scores.values()), scores, where
            if max(own_scores.values()) > own_fit:
                own_fit, own_out, own_out_where = max(own_scores.values()), own_scores, own_where

        def shades_at(places: dict[str, tuple[np.ndarray, int, int, np.ndarray] | None]) -> dict[str, float]:
            """The shade where each candidate's best fit lies, measured only at the blur that counts."""
            return {lb: 0.0 if at is None else _shade_distance(at[0][at[1]:at[1] + s_in, at[2]:at[2] + s_in], at[3])
                    for lb, at in places.items()}

        out_shades = shades_at(out_where)
        out = {lb: v - self.shade_weight * out_shades[lb] for lb, v in out.items()}
        order = sorted(out, key=lambda k: out[k], reverse=True)
        own_shades = shades_at(own_out_where) if also_at else {}
        own_final = {lb: v - self.shade_weight * own_shades[lb] for lb, v in own_out.items()} if also_at else None
        return FineVerdict(order[0], out[order[0]], out[order[0]] - out[order[1]], out, own_final)


def _pairwise_difference(faces: np.ndarray) -> np.ndarray:
    """Every ordered pair of ``faces`` (N, S, S, 3)'s pixel-wise absolute difference, summed over
    the pairs and the channels: ``np.abs(faces[:, None] - faces[None]).sum(axis=(0, 1, 4))`` to
    the bit (numpy adds each pixel's channels first, then the pairs in order), with each
    unordered pair's difference made once (``|a - b|`` is ``|b - a|``; a face with itself is 0)
    and no (N, N, S, S, 3) array: 20 faces (5 tiles in every quarter turn) took 0.30 CPU s that
    way, 0.005 s this way (tests/vision/octocube/test_pack_reader_fine.py checks the equality)."""
    n = len(faces)
    per_pair = np.zeros((n, n, *faces.shape[1:3]), np.float32)
    for i in range(n - 1):
        apart = np.abs(faces[i][None] - faces[i + 1:])
        upper = (apart[..., 0] + apart[..., 1]) + apart[..., 2]  # ``sum(axis=-1)``'s order, ~25 times faster
        per_pair[i, i + 1:] = upper
        per_pair[i + 1:, i] = upper
    return per_pair.reshape(n * n, *faces.shape[1:3]).sum(axis=0)


def _weighted_spread(region: np.ndarray, w3: np.ndarray, wsum: float, each_channel: bool,
                     search_px: int, sx: np.ndarray | None = None) -> np.ndarray:
    """The window's weighted variance at every shift of ``region`` (:meth:`FineMatcher.rerank`):
    all channels together, or with ``each_channel`` each channel about its own weighted mean,
    summed (as one length over the channels: 3 channels' sums over w3 / 3 each). ``sx``
    (all channels together): ``region``'s correlation with ``w3`` made already."""
    if each_channel:
        w1 = np.ascontiguousarray(w3[..., 0])
        var: np.ndarray = np.zeros((2 * search_px + 1,) * 2, np.float32)
        for ch in range(3):
            chan = np.ascontiguousarray(region[..., ch])
            m_ch = cv2.matchTemplate(chan, w1, cv2.TM_CCORR) / (wsum / 3)
            var = var + cv2.matchTemplate(chan * chan, w1, cv2.TM_CCORR) / (wsum / 3) - m_ch * m_ch
        return np.maximum(var / 3, 1e-6)
    # weighted sums over every shift at once: sum w.x, sum w.x^2 (all channels together)
    if sx is None:
        sx = cv2.matchTemplate(region, w3, cv2.TM_CCORR)
    sxx = cv2.matchTemplate(region * region, w3, cv2.TM_CCORR)
    mx = sx / wsum
    return np.maximum(sxx / wsum - mx * mx, 1e-6)


def _face_terms(p: np.ndarray, w3: np.ndarray, wsum: float, each_channel: bool) -> tuple[np.ndarray, float]:
    """(the face ``p`` centred on its weighted mean (each channel's own with ``each_channel``) and
    weighted, its weighted variance): the face's half of the weighted correlation, the same at
    every place the face is looked for under the same weights."""
    if each_channel:
        mp: Any = ((p * w3).sum(axis=(0, 1)) / (wsum / 3))[None, None]  # each channel's
    else:
        mp = float((p * w3).sum()) / wsum
    centred = p - mp
    pw = np.ascontiguousarray(centred * w3)
    return pw, float((centred * pw).sum()) / wsum


@dataclass(frozen=True)
class _SlopeShared:
    """What every face's :func:`_sloped_terms` under one set of weights ``w3`` shares, to the bit:
    the tile's coordinate planes (a function of its size alone) and, for the lone offset column
    (all ones), ``w3``'s own sum. A rerank of abyss letters made ~1,000 faces' terms a reading
    (coin pile, 72809 change 107), each its own planes and its offset's Gram entries."""

    x: np.ndarray
    y: np.ndarray
    weight_total: float

    @staticmethod
    def of(w3: np.ndarray, size: int) -> _SlopeShared:
        y, x = _slope_planes(size)
        return _SlopeShared(x, y, float((np.ones_like(w3) * np.ones_like(w3) * w3).sum()))


def _slope_planes(size: int) -> tuple[np.ndarray, np.ndarray]:
    """(y, x): each pixel's centre across a ``size`` square tile, -0.5 to 0.5."""
    y, x = (np.mgrid[0:size, 0:size].astype(np.float32) + 0.5) / size - 0.5
    return y, x


def _sloped_terms(face: np.ndarray, w3: np.ndarray, each_channel: bool = False,
                  shared: _SlopeShared | None = None) -> tuple[Any, ...]:
    """The face's half of :func:`_sloped_fit` (its columns weighted, their Gram matrix, how many
    are offsets), the same at every place the face is looked for under the same weights. The
    Gram matrix is symmetric to the bit (a product of floats does not depend on their order).
    ``shared`` (:class:`_SlopeShared` of ``w3``): its planes used, and without ``each_channel``
    the offset column's Gram entries taken from the weighted columns' sums: ``u * 1 * w`` is
    ``u * w`` to the bit, an array of the same values in the same order, so the same sum."""
    size = face.shape[0]
    y, x = _slope_planes(size) if shared is None else (shared.y, shared.x)
    columns = [face, face * x[..., None], face * y[..., None]]
    if each_channel:
        offsets = [np.eye(3, dtype=np.float32)[ch] * np.ones_like(face) for ch in range(3)]
    else:
        offsets = [np.ones_like(face)]
    columns += offsets
    n = len(columns)
    weighted = [np.ascontiguousarray(u * w3) for u in columns]
    gram = np.zeros((n, n))
    for i in range(n):
        for j in range(i, n):
            if shared is not None and not each_channel and j == n - 1:
                total = shared.weight_total if i == j else float(weighted[i].sum())
                gram[i, j] = gram[j, i] = total
            else:
                gram[i, j] = gram[j, i] = float((columns[i] * columns[j] * w3).sum())
    return weighted, gram, len(offsets)


def _sloped_fit(region: np.ndarray, face: np.ndarray, w3: np.ndarray, total: np.ndarray | None = None,
                each_channel: bool = False) -> np.ndarray:
    """How well ``face`` (S, S, 3) explains ``region`` (wider by the search each way) at every
    shift, under a light that slopes across the tile: the region fitted (weighted by ``w3``) as
    ``(a + b x + c y) * face + d`` (one gain plane over the three channels, ``d`` per channel
    with ``each_channel``), the correlation the fit's share of the region's weighted variance
    gives (the square root, signed as ``a``). ``total``: that variance at every shift (weighted
    sum of squares about the mean, each channel's own mean with ``each_channel``; measured here
    where None). With ``b = c = 0`` it is the plain correlation."""
    return _sloped_fit_of(region, _sloped_terms(face, w3, each_channel), w3, total)


def _sloped_offset_corr(region: np.ndarray, terms: tuple[Any, ...]) -> list[np.ndarray]:
    """The correlations of ``region`` with the offset columns of a face's :func:`_sloped_terms`
    (the weights alone, or each channel's share of them): they do not depend on the face, so
    every face compared at one region under one set of weights shares them (a quarter of the
    sloped fit's ``matchTemplate`` calls were these again, session 76)."""
    weighted, _, n_offsets = terms
    return [cv2.matchTemplate(region, u, cv2.TM_CCORR) for u in weighted[len(weighted) - n_offsets:]]


def _shift_windows(region: np.ndarray, size: int) -> np.ndarray:
    """(shifts, size * size * 3) float32: ``region``'s square at each shift (row-major, as
    ``cv2.matchTemplate``'s result), each flattened as a face column is."""
    view = np.lib.stride_tricks.sliding_window_view(region, (size, size, region.shape[2]))[:, :, 0]
    return np.ascontiguousarray(view, np.float32).reshape(view.shape[0] * view.shape[1], -1)


BATCH_COLUMNS = 96
"""Face columns correlated per matrix product (:func:`_batched_face_corr`): ~7 MB at a time."""


def _batched_face_corr(windows: np.ndarray, faces: Sequence[Sequence[np.ndarray]],
                       by_rows: bool = False) -> list[list[np.ndarray]]:
    """Per face, per column: ``cv2.matchTemplate(region, column, cv2.TM_CCORR)`` for the region
    whose :func:`_shift_windows` are ``windows``, as one float32 matrix product (BLAS) for many
    columns at once, not a DFT per column; equal to it within float32 rounding (the sums are
    taken in another order). ``by_rows``: the columns copied in as rows (each a contiguous copy)
    and multiplied by the windows' transpose (BLAS reads it in place), not stacked as columns
    (a strided copy of ~7 MB a batch, as long as the product itself)."""
    side = int(round(np.sqrt(windows.shape[0])))
    flat = [u.reshape(-1) for cols in faces for u in cols]
    out: list[np.ndarray] = []
    for k in range(0, len(flat), BATCH_COLUMNS):
        if by_rows:
            out.extend((np.stack(flat[k:k + BATCH_COLUMNS]) @ windows.T).reshape(-1, side, side))
            continue
        stacked = np.stack(flat[k:k + BATCH_COLUMNS], axis=1)
        out.extend((windows @ stacked).T.reshape(-1, side, side))
    it = iter(out)
    return [[next(it) for _ in cols] for cols in faces]


def _sloped_fit_of(region: np.ndarray, terms: tuple[Any, ...], w3: np.ndarray,
                   total: np.ndarray | None = None, offsets: Sequence[np.ndarray] | None = None,
                   own: Sequence[np.ndarray] | None = None) -> np.ndarray:
    """:func:`_sloped_fit` with the face's half made (:func:`_sloped_terms`); ``offsets``: the
    offset columns' correlations with ``region`` made already (:func:`_sloped_offset_corr`, the
    same arrays it would make here); ``own``: the face columns' correlations made already
    (:func:`_batched_face_corr`)."""
    weighted, gram, n_offsets = terms
    n = len(weighted)
    if own is None:
        own = [cv2.matchTemplate(region, u, cv2.TM_CCORR) for u in weighted[:n - n_offsets]]
    corr = np.stack([*own, *(offsets if offsets is not None else _sloped_offset_corr(region, terms))],
                    axis=-1).astype(np.float64)
    coef = np.linalg.solve(gram + 1e-6 * np.eye(n), corr.reshape(-1, n).T).T
    explained = (coef * corr.reshape(-1, n)).sum(axis=1).reshape(corr.shape[:2])
    # what the offsets alone explain: the weighted means (sum w x)^2 / sum w, per offset column
    sums = corr[..., n - n_offsets:]
    centred = (sums ** 2 / np.diag(gram)[n - n_offsets:]).sum(axis=-1)
    if total is None:
        total = cv2.matchTemplate(region * region, w3, cv2.TM_CCORR).astype(np.float64) - centred
    share = np.clip((explained - centred) / np.maximum(total, 1e-6), 0.0, 1.0)
    return np.sqrt(share) * np.sign(coef[:, 0].reshape(share.shape))


def _sloped_fits_of(every_terms: Sequence[tuple[Any, ...]], total: np.ndarray, offsets: Sequence[np.ndarray],
                    own: Sequence[Sequence[np.ndarray]]) -> list[np.ndarray]:
    """:func:`_sloped_fit_of` of many faces at one region at once, each face's result the same
    arithmetic as its own call: ``every_terms`` (each face's :func:`_sloped_terms` under the
    region's weights, all with the same number of columns), ``total`` (the region's weighted
    variance at every shift), ``offsets`` (the offset columns' correlations with the region,
    the same for every face), ``own`` (per face, its face columns' correlations with the
    region). One stacked ``np.linalg.solve`` (LAPACK's solver per face, as each call makes it)
    and the elementwise steps over every face together."""
    n = len(every_terms[0][0])
    n_offsets = every_terms[0][2]
    grams = np.stack([terms[1] for terms in every_terms])
    corr = np.stack([np.stack([*cols, *offsets], axis=-1) for cols in own]).astype(np.float64)
    flat = corr.reshape(len(every_terms), -1, n)
    coef = np.swapaxes(np.linalg.solve(grams + 1e-6 * np.eye(n), np.swapaxes(flat, 1, 2)), 1, 2)
    explained = (coef * flat).sum(axis=2).reshape(corr.shape[:3])
    sums = corr[..., n - n_offsets:]
    diag = np.diagonal(grams, axis1=1, axis2=2)[:, n - n_offsets:]
    centred = (sums ** 2 / diag[:, None, None]).sum(axis=-1)
    share = np.clip((explained - centred) / np.maximum(total, 1e-6), 0.0, 1.0)
    fits = np.sqrt(share) * np.sign(coef[..., 0].reshape(share.shape))
    return list(fits)


def _places_that_show(looks: list[list[tuple[int, list[tuple[int, int]]]]], shown: dict[tuple[int, int], float],
                      least_share: float) -> list[list[tuple[int, list[tuple[int, int]]]]]:
    """``looks`` (per candidate, per view: (turn, places)) with the places that show less than
    ``least_share`` of the best-shown place's seen pixels (``shown``) left out; a view with no
    place left is looked for at the places that do show."""
    most = max(shown.values())
    showing = [o for o, n in shown.items() if n >= least_share * most]
    return [[(turn, [o for o in origins if o in showing] or showing) for turn, origins in view_looks]
            for view_looks in looks]


MASKED_ROUNDING = 1e-5
"""A masked correlation's shift whose spreads (the seen window's times the prototype's, as a
length) are under this share of the seen window's whole length times the prototype's fits 0. The
FFTs run in single precision; on session 62's 22 hidden tops x 11 cube outlines (997650-997652)
the correlation of a shift under 1e-6 differed from a float64 one's by up to 1 (rounding: a
square seen on 0 px fitted 89), from 1e-5 by at most 0.03, from 1e-3 by 0.001. A square seen
on a pixel or two lies at 2e-6-1e-3."""


def _first_shifts(spec: np.ndarray, size: int, p: int) -> np.ndarray:
    """``np.fft.irfft2(spec, s=(size, size))[..., :p, :p]`` to the bit, with the last step made
    for those ``p`` rows only: the inverse runs along the rows' axis first (every column, as
    ``irfft2`` does) and then along each row, and the correlations read are the first ``p`` of
    ``size`` (the shifts -r..r of a ``size`` = inner + 2r square). The same 1-D transforms on the
    same numbers as ``irfft2`` (NumPy's ``irfftn``: ``ifft`` over the leading axis, ``irfft`` over
    the last), so every value read is the same float; the rows never read are not made. Session
    83 (suite83): the coarse stage's ``_ncc`` was 37 % of a taught still's reading, its
    ``irfft2`` half of that (280 spectra of 40x21 a call: one window, 70 face views x 4 turns)."""
    rows = np.fft.ifft(spec, n=size, axis=-2)[..., :p, :]
    return np.fft.irfft(rows, n=size, axis=-1)[..., :p]


@lru_cache(maxsize=16)
def _inverse_rows(size: int, p: int, dtype: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the inverse DFT's first ``p`` rows over a ``size`` axis (p, size); the real inverse's
    first ``p`` outputs from a half spectrum of ``size // 2 + 1`` terms, real and imaginary parts
    (h, p)), in ``dtype`` (complex64: the coarse stage's single precision). The half spectrum's
    terms other than the first and (``size`` even) the last stand for two (a real signal's
    conjugate pairs); those two count once and their imaginary parts not at all, as ``irfft``
    takes them."""
    k = np.arange(size)
    rows = (np.exp(2j * np.pi * np.arange(p)[:, None] * k[None, :] / size) / size).astype(dtype)
    h = size // 2 + 1
    twice = np.full((h, 1), 2.0)
    twice[0] = 1.0
    if size % 2 == 0:
        twice[-1] = 1.0
    cols = twice * np.exp(2j * np.pi * np.arange(h)[:, None] * np.arange(p)[None, :] / size) / size
    real = np.float32 if np.dtype(dtype) == np.complex64 else np.float64
    return rows, np.ascontiguousarray(cols.real, real), np.ascontiguousarray(cols.imag, real)


def _shifts_by_product(spec: np.ndarray, size: int, p: int) -> np.ndarray:
    """:func:`_first_shifts` by two matrix products with the inverse transform's rows for those
    shifts only (:func:`_inverse_rows`): ``p`` x ``size`` complex terms along the rows' axis, then
    ``h`` x ``p`` real ones along each row, where the FFTs make all ``size`` x ``size`` outputs
    and ``irfft`` is called per row (280 spectra a call at one window and 70 face views x 4 turns).
    Not to the bit (single-precision sums in another order: 8e-7 of the largest correlation at
    most on a taught still's 186 calls; session 83, suite83)."""
    rows, real, imag = _inverse_rows(size, p, spec.dtype.str)
    part = np.matmul(rows, spec)  # (..., p, h)
    return np.matmul(part.real, real) - np.matmul(part.imag, imag)


def _lengths(seen: np.ndarray, f_sq: np.ndarray) -> np.ndarray:
    """(N, 1, 1, 1) * (1, L, 1, 1): each seen window's length (all channels) times each
    prototype's (the square root of its energy, the first term of its squares' spectrum)."""
    window = np.sqrt((seen.astype(np.float64) ** 2).sum(axis=(1, 2, 3)))[:, None, None, None]
    return window * np.sqrt(np.abs(np.real(f_sq[:, 0, 0])))[None, :, None, None]


def _masked_ratio(xp: np.ndarray, sx: np.ndarray, sxx: np.ndarray, sp: np.ndarray, spp: np.ndarray,
                  count: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The masked normalised correlation from its sums over each shift's seen pixels (window:
    ``sx``, ``sxx``; prototype: ``sp``, ``spp``; both: ``xp``; ``count`` of them), 0 where its
    spreads are at the rounding's level (``MASKED_ROUNDING`` of ``lengths``), within [-1, 1]."""
    spread_x = sxx - sx * sx / count
    spread_p = spp - sp * sp / count
    ncc = (xp - sx * sp / count) / np.sqrt(np.maximum(spread_x, 1e-6) * np.maximum(spread_p, 1e-6))
    # The FFTs run in single precision (NumPy keeps float32). Where a shift sees next to
    # nothing, both spreads are at the rounding's level and so is the ratio (a square that saw
    # 0 px fitted 89, session 62, undercube): such a shift has no correlation (0); every other
    # stays within [-1, 1], as a correlation does.
    lost = np.sqrt(np.maximum(spread_x, 0.0) * np.maximum(spread_p, 0.0)) < MASKED_ROUNDING * lengths
    return np.where(lost, 0.0, np.clip(ncc, -1.0, 1.0))


def _masked_ncc_at(img: np.ndarray, vis: np.ndarray, protos: np.ndarray, inner: int,
                   ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """:meth:`TileMatcher._masked_ncc` of one window's feature group ``img`` (C, H, W) under each
    mask ``vis`` (K, H, W) with ``protos`` (L, C, inner * inner), only at the shifts (``ys``,
    ``xs``): (K, P, L), every sum taken straight over the shift's square."""
    k, c = len(vis), img.shape[0]
    view = np.lib.stride_tricks.sliding_window_view
    win = view(img, (inner, inner), axis=(1, 2))[:, ys, xs].reshape(c, len(ys), -1).transpose(1, 0, 2)  # P, C, A
    seen_at = view(vis, (inner, inner), axis=(1, 2))[:, ys, xs].reshape(k, len(ys), -1)  # K, P, A
    seen = win[None] * seen_at[:, :, None]  # K, P, C, A
    xp = _products(seen.reshape(k, len(ys), -1), protos.reshape(len(protos), -1))
    sp = _products(seen_at, protos.sum(axis=1))
    squares = (protos * protos).sum(axis=1)
    spp = _products(seen_at, squares)
    count = np.maximum(seen_at.sum(axis=2, dtype=np.float64) * c, 1.0)[..., None]
    sx = np.einsum("kpa,pa->kp", seen_at, win.sum(axis=1), dtype=np.float64)[..., None]
    sxx = np.einsum("kpa,pa->kp", seen_at, (win * win).sum(axis=1), dtype=np.float64)[..., None]
    window_len = np.sqrt(((img[None] * vis[:, None]).astype(np.float64) ** 2).sum(axis=(1, 2, 3)))
    lengths = window_len[:, None, None] * np.sqrt(squares.sum(axis=1, dtype=np.float64))[None, None, :]
    return _masked_ratio(xp, sx, sxx, sp, spp, count, lengths)


def _distinct(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(K, H, W) -> the distinct masks in their first order, and each mask's index among them."""
    first: dict[bytes, int] = {}
    back = np.array([first.setdefault(m.tobytes(), len(first)) for m in masks], np.int64)
    keep = sorted(first.values())
    return masks[[int(np.flatnonzero(back == j)[0]) for j in keep]], back


def _products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(K, P, A) x (L, A) -> (K, P, L) dot products, in single precision by OpenCV's matrix
    product: NumPy's (OpenBLAS) spreads one of this size over threads that spin, and on a shared
    machine (load 10 on 2 cores) it took 20 times as long as on one core; OpenCV's does not."""
    k, p = a.shape[:2]
    flat = np.ascontiguousarray(a.reshape(k * p, -1), np.float32)
    out = cv2.gemm(flat, np.ascontiguousarray(b, np.float32), 1.0, np.empty((0, 0), np.float32), 0.0,
                   flags=cv2.GEMM_2_T)
    return np.asarray(out, np.float64).reshape(k, p, len(b))


def _per_label(best_row: np.ndarray, turn_row: np.ndarray, at_row: np.ndarray, rows: np.ndarray, labels: int,
               side: int, r: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each label's best over its prototype rows (its views): (N, R) row scores, turns and best
    shifts (flat index over ``side`` x ``side``) -> (N, labels) scores (-inf where no row scores
    above it), turns, and (N, labels, 2) offsets (x, y) in px; the first of equal rows wins."""
    n, count = best_row.shape
    order = np.argsort(rows, kind="stable")  # each label's rows together, in their order
    starts = np.flatnonzero(np.r_[True, rows[order][1:] != rows[order][:-1]])
    own = rows[order][starts]
    vals = best_row[:, order]
    top = np.maximum.reduceat(vals, starts, axis=1)  # N, labels present
    group = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, count]))
    first = np.minimum.reduceat(np.where(vals == top[:, group], np.arange(count), count), starts, axis=1)
    take = order[np.minimum(first, count - 1)]
    seen = top > -np.inf
    at = np.take_along_axis(at_row, take, axis=1)
    best = np.full((n, labels), -np.inf)
    turn = np.zeros((n, labels), np.int64)
    where = np.zeros((n, labels, 2))
    best[:, own] = np.where(seen, top, -np.inf)
    turn[:, own] = np.where(seen, np.take_along_axis(turn_row, take, axis=1), 0)
    where[:, own, 0] = np.where(seen, at % side - r, 0)
    where[:, own, 1] = np.where(seen, at // side - r, 0)
    return best, turn, where


def _box(img: np.ndarray, k: int) -> np.ndarray:
    """(N, H, W) -> (N, H-k+1, W-k+1) sums over every k x k window (summed-area table)."""
    c = np.zeros((img.shape[0], img.shape[1] + 1, img.shape[2] + 1), np.float64)
    c[:, 1:, 1:] = img.cumsum(axis=1).cumsum(axis=2)
    return c[:, k:, k:] - c[:, :-k, k:] - c[:, k:, :-k] + c[:, :-k, :-k]


def familiarity(scores: np.ndarray, known_score: float) -> float:
    """Share of windows whose best face correlates at least ``known_score``: near 1 when the
    tiles on the table are the taught copy, near 0 for art this pack never saw."""
    if scores.size == 0:
        return 1.0
    return float(np.mean(scores.max(axis=1) >= known_score))


@lru_cache(maxsize=1)
def builtin_pack() -> Pack:
    """The built-in art as a pack: what the stock classifiers were trained on, drawn straight from
    the renderer's art at 4 px/mm (used to notice a table whose tiles look like no known copy)."""
    from vision.render.octocube_art import draw_tile

    side = int(round(lay.TILE_SIZE_MM * 4))
    faces = {}
    for label in TILE_LABELS:
        art = draw_tile(label, side, side, 4.0)
        a = art[..., 3:4].astype(np.float32) / 255.0
        faces[face_name(label)] = np.clip(art[..., :3] * a, 0, 255).astype(np.uint8)
    size = (lay.TILE_SIZE_MM, lay.TILE_SIZE_MM)
    return Pack("octocube", faces, {k: size for k in faces}, name="built-in art")



CUBE_TILE_INSET_MM = (lay.CUBE_SIZE_MM - lay.TILE_SIZE_MM) / 2
"""A tile stuck on a cube's face lies this far inside the face's edge on every side."""


def tile_on_cube_pack(pack: Pack, colour: str, labels: Sequence[str] = TILE_LABELS) -> Pack:
    """Each taught tile face as it looks stuck on ``colour``'s cube: inset ``CUBE_TILE_INSET_MM``
    on that cube's taught bare face (view k on the bare face's view k, or its last), a 40 mm
    face. Compared over most of its side, the cube's rim round the tile says where the tile lies
    in a cube window, which a low-contrast glyph alone does not. Raises :class:`PackError` when
    the pack holds no bare face for ``colour``."""
    bare = f"cube-{colour}"
    if bare not in pack.faces:
        raise PackError(f"the pack holds no bare {colour} cube face")
    bodies = views_of(pack.faces[bare])
    cube_mm = float(pack.sizes_mm[bare][0])
    faces: dict[str, np.ndarray] = {}
    sizes: dict[str, tuple[float, float]] = {}
    for label in labels:
        name = face_name(label)
        if name not in pack.faces:
            continue
        tile_mm = float(pack.sizes_mm[name][0])
        views = []
        for k, tile in enumerate(views_of(pack.faces[name])):
            body = bodies[min(k, len(bodies) - 1)].copy()
            px = body.shape[0] / cube_mm
            side = int(round(tile_mm * px))
            at = int(round((cube_mm - tile_mm) / 2 * px))
            body[at:at + side, at:at + side] = cv2.resize(tile, (side, side), interpolation=cv2.INTER_AREA)
            views.append(body)
        faces[name] = np.stack(views)
        sizes[name] = (cube_mm, cube_mm)
    return Pack(pack.game, faces, sizes, name=f"{pack.name} on the {colour} cube")


@lru_cache(maxsize=1)
def empty_board_pack() -> Pack:
    """Every empty space of a player board (the board is not part of a printing's art: it is
    always the built-in one), cut from the board art at 4 px/mm, as faces named
    ``empty-<colour>-<object>``: what a board space shows when no tile lies on it."""
    from rules.octocube.components import BACKGROUND_COLOURS, OBJECTS
    from vision.render.octocube_art import draw_board

    density = 4.0
    w, h = (int(round(v * density)) for v in lay.BOARD_SIZE_MM)
    board = draw_board("red", w, h, density)
    a = board[..., 3:4].astype(np.float32) / 255.0
    board = np.clip(board[..., :3] * a, 0, 255).astype(np.uint8)
    side = int(round(lay.TILE_SIZE_MM * density))
    ox, oy = lay.BOARD_CELLS_ORIGIN_MM
    faces = {}
    for r, colour in enumerate(BACKGROUND_COLOURS):
        for c, obj in enumerate(OBJECTS):
            cx = (ox + (c + 0.5) * lay.BOARD_CELL_PITCH_MM) * density
            cy = (oy + (r + 0.5) * lay.BOARD_CELL_PITCH_MM) * density
            x0, y0 = int(round(cx - side / 2)), int(round(cy - side / 2))
            faces[empty_name(f"{colour} {obj}")] = np.ascontiguousarray(board[y0:y0 + side, x0:x0 + side])
    return Pack("octocube", faces, {k: (lay.TILE_SIZE_MM, lay.TILE_SIZE_MM) for k in faces}, name="empty board spaces")


def empty_name(label: str) -> str:
    """The empty board space that holds tile ``label`` ("empty-green-pearl")."""
    return "empty-" + face_name(label)
