"""The Octo Dice pixel recogniser: where the dice lie, from the mat's own colour; what they show,
from the dice reader (vision/dice/reader.py: the ONNX detector + classifier in models/).

1. The mat is rectified coarsely (1 px/mm) and every spot that differs from the mat's colour
   around it (a median over a few centimetres, so lighting, falloff and glare do not matter) is
   a die candidate.
2. A window of ``WINDOW_MM`` around each candidate is rectified finely (``PX_PER_MM``),
   white-balanced on the mat's printed colour, and the windows are laid side by side in one mosaic, so that the detector (which shrinks its input to
   320 px) sees every die about 25 px wide in a single pass, and the classifier reads each face.

With the twin's exact camera model the views are rectified on the plane of the dice's top faces
(16 mm above the mat), so that a face lies over the die's place whatever the tilt; with a live
calibration profile (the table plane only) a tilted camera shifts faces by up to
16 mm x tan(tilt), still inside the right area of the mat. The reader is told that only Octo
Dice dice lie on the mat (``OCTO_KINDS``: it never answers a pip face). A classifier trained with
the "cocked" class reports a leaning die as cocked (white or black by its brightness), never
read; the shipped one has no such class, so with the camera known each die read in the roll area
is also tested for a lean by its outline (tracker/octo_dice/cocked.py: no flat die fits it).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tracker.octo_dice.cocked import UNEXPLAINED_MM2, FlatFit, _odd, fit_flat, flat_outline_mm2, mat_colour
from tracker.octo_dice.groundtruth import FlatSaid, refuse_cocked
from tracker.octo_dice.observation import (
    ASIDE,
    ASIDE_AREA,
    ROLL,
    ROLL_AREA,
    ROLL_RGB,
    DieReading,
    OctoDiceObservation,
    area_of,
)
from tracker.stillness import largest_channel
from vision.dice.faces import KIND_FAMILIES, Kind

DIE_MM = 16.0
PX_PER_MM = 3.0
"""Fine views: a die's face is 48 px, where the reader reads best (docs/dice.md)."""
WINDOW_MM = 64.0
"""Side of the window read around each candidate (a die and its neighbours' edges)."""
MAT_WINDOW = (ASIDE_AREA[0] - 20, ASIDE_AREA[1] - 20, ROLL_AREA[2] + 20, ROLL_AREA[3] + 20)
"""What the coarse view covers (table mm): both areas and a margin (a die just off the mat)."""
DIFF_THRESHOLD = 20
"""A coarse pixel this far (largest channel difference) from its area's colour is not mat."""
BACKGROUND_MM = 41
"""Window of the median that estimates the mat's colour around each spot (odd; > 2 dice wide)."""
JOIN_MM = 3
"""Pieces of one spot this close (mm, the coarse view's pixels) are joined (a closing): a black
die on the dark strip shows as its symbol and edges, pieces a few millimetres apart."""
HAND_MM2 = 2500
"""A spot this large is not dice (a die with its shadow is about 900 mm², six in a heap 4000
but never in one blob after the opening) but a hand or an arm over the mat: the scene is not read."""
HAND_DIFF = 45
"""A coarse pixel this far from its area's overall colour (the median of the whole area) may be
part of a hand: the local median above cannot see a hand, whose arm is wider than its window."""
MAT_MAX_CROPS = 48
"""The dice reader's classifier budget on the mat (crops x quarter turns): six dice and a few
boxes more, each read with all four quarter turns. Under the photo reader's default budget (16)
six dice got two turns each, and a white crystal turned 20-30 degrees on the mat read "octopod"
in 3 of the 5 rolls misread in the fresh games 103500-103519 (103512, 103515); with four turns
the saved still scenes of those games read every die right (bench/octo_dice_stills.py)."""
OCTO_KINDS: tuple[Kind, ...] = KIND_FAMILIES["octo"]
"""The dice the reader may answer on this mat."""
COCKED_WHITE_GREY = 110
"""A cocked die whose face crop is brighter than this (mean grey) is a white die, else black."""
MIN_BLOB_MM2 = 60
"""Smaller spots are noise or glare, not a die (a die's top alone is 256 mm²)."""
RIM_READ_MM = 12.0
"""A spot at an area's edge with no die read this close to it is fingers reaching in (or a die
missed against the edge: the scene memory tells)."""
FIT_WINDOW_MM = 44.0
"""Side of the view in which a die's outline is fitted with a flat die's (a leaning die's
outline spans up to about 32 mm at a 35 degree tilt)."""
FIT_PX_PER_MM = 4.0
"""The outline test's views: finer than the reader's (a pixel of slack is a quarter of a mm), and
still cheap (about 5 ms a die on this machine since 2026-11-28, 9-10 before; 6 px/mm doubled
it for no better separation)."""
SAID_FLAT_ALONE_BELOW = 0.5
"""A die the players said lies flat whose likeliest face (after "cocked") is less sure than this
is read again alone, with every quarter turn (``DicePixelRecogniser._said_flat``)."""
CLASSIFIER_FLAT_MM2 = 6.5
"""A die the classifier calls cocked whose outline differs from a flat die's by less than this
(mm²) is read again by a box at that flat die's top face (``_classifier_cocked``). Tuning seeds
98000-98149 at tilt 25-36: dice the classifier called cocked, judged by the outline, leaning
7.2-72 mm² (22), flat 0.6-4.6 (3); game 98819's saved scenes, flat 0.1-6.2 (12)."""
RECENTRE_MAX_MM = 12.0
"""A die whose outline the outline test's view cut off is looked at again with the view centred
on what it held of the outline, if that lies no further than this from the face read (a leaning
die's outline spans up to ~32 mm, its tipped face at one end: its middle up to ~11 mm away)."""
NEIGHBOUR_MM = 26.0
"""A die read this close to another is tested for a lean only where its outline is apart from
every other die read (their outlines merged are one outline for two). Until 2026-11-28 (session
15) such a die was never tested: 5 of the 33 leaning dice missed on the seen single scenes, and
the leaning die behind game 100917's false alarms, lay within 26 mm of another die read."""
COCKED_PLACE_MM = 11.0
"""The height (mm above the mat) at which the middle of a cocked die's outline, seen on the top
faces' plane, is taken to lie when its place is reported (``_cocked_place``)."""
MIN_OUTLINE_SHARE = 0.6
"""A spot of the roll area with no die read near it (no box the classifier read, no sure face at
its middle: ``_unread_leaning``), or a die read within ``NEIGHBOUR_MM`` of another, is judged by
its outline only if that outline is at least this share of a flat die's there: less is a piece of
a die (under the lamp a black die's dim sides go missing from the mask: a flat die beside another
at 99839, 86 mm², 0.17 of a flat die's), and leaves a flat die's outline mostly empty. Seen spots
(98000-98149 and 99700-99849 at tilt 25-36, 99500-99649): lone flat dice 0.8 and more (511),
leaning dice 0.61 and more."""
OFF_AREA_MARGIN_MM = 1.0
"""Pixels this close to where the camera sees beyond the printed areas count as beyond them too
(``off_printed_areas``: the view's blur carries the sheet's white over the areas' edges)."""
UNREAD_KIND_MM = 8.0
"""Side of the square at a cocked die's middle whose mean grey tells a white die from a black one
(``COCKED_WHITE_GREY``)."""
UNREAD_UNEXPLAINED_MM2 = UNEXPLAINED_MM2
"""... and is reported as a cocked die when its outline differs from the best flat die's by more
than this (mm²; the spot's centre says nothing of where a top face would be, so the top offset
is not used)."""


def _face(face_class: Any) -> tuple[str, str | None]:
    kind = face_class.kind
    if kind == "octo-white":
        return "white", str(face_class.face)
    if kind == "octo-black":
        face = face_class.face
        return "black", "octopod" if face == "octopod" else f"{face['colour']}-{face['number']}"
    return "other", None


class DicePixelRecogniser:
    name = "vision.dice (pixels: mat-colour candidates, dice reader)"
    needs_calibration = True

    def __init__(self, camera: Any = None, profile_of: Callable[[], Any] | None = None, reader: Any = None) -> None:
        """``reader``: a dice reader to share (the training-crop generator reads many scenes with
        one); None: the Octo Dice set's, loaded on the first read."""
        self._camera = camera
        self._profile_of = profile_of
        self.needs_calibration = camera is None
        self._reader: Any = reader
        self.hand = False
        """The last :meth:`candidates` saw a hand (or something as large) over the mat."""
        self.gains = np.ones(3)
        """White balance on the mat's printed colour (a warm lamp turns white faces yellow)."""
        self.last_fits: list[FlatFit | None] = []
        """The flat-die fits of the last :meth:`read`, one per die read (None: not judged), for the
        bench."""
        self.at_rim: list[bool] = []
        """Beside each spot of the last :meth:`candidates`: whether it touches an area's edge."""
        self.flat_said = FlatSaid()
        """Where the players said a die called cocked lies flat: not tested for a lean there."""
        self.last_cpu_ms: dict[str, float] = {}
        """CPU time (``time.process_time``, ms) of each stage of the last :meth:`read`, for the
        benches (the machine is shared: its wall clock is noisy)."""

    def overrule(self, places: tuple[tuple[float, float], ...]) -> None:
        """The players said the dice called cocked at ``places`` lie flat: read them by their top
        face (the outline test called them cocked: the face the reader read; the classifier did: the
        face it finds likeliest after "cocked") until they move."""
        self.flat_said.add(places)

    def _to_image(self, points_mm: np.ndarray, height: float = DIE_MM) -> np.ndarray:
        """Table mm on the plane ``height`` above the mat (default: the dice's top faces) -> frame
        pixels."""
        if self._camera is not None:
            return np.asarray(self._camera.project(np.column_stack([points_mm, np.full(len(points_mm), height)])))
        profile = self._profile_of() if self._profile_of is not None else None
        if profile is None or profile.table is None:
            raise ValueError("the table is not calibrated yet")
        return np.asarray(profile.table.mm_to_image(points_mm))

    def _view(self, image: np.ndarray, window: tuple[float, float, float, float], px_per_mm: float,
              height: float = DIE_MM) -> np.ndarray:
        import cv2

        x0, y0, x1, y1 = window
        corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
        w, h = int(round((x1 - x0) * px_per_mm)), int(round((y1 - y0) * px_per_mm))
        rect = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        m = cv2.getPerspectiveTransform(rect, self._to_image(corners, height).astype(np.float32))
        return cv2.warpPerspective(image, m, (w, h), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR)

    def candidates(self, image: np.ndarray) -> list[tuple[float, float]]:
        """Centres (table mm, on the mat: a die's top lies up to 16 mm x tan(tilt) from it, well
        inside its window) of the spots on the mat that are not mat colour (and, as
        ``self.gains``, the per-channel gains that give the roll area its printed colour)."""
        import cv2

        view = self._view(image, MAT_WINDOW, 1.0, height=0.0)  # the mat's plane: its areas exactly
        mx0, my0 = MAT_WINDOW[0], MAT_WINDOW[1]
        mask = np.zeros(view.shape[:2], np.uint8)
        far = np.zeros(view.shape[:2], np.uint8)  # far from the area's overall colour: a hand?
        edges = np.zeros(view.shape[:2], bool)  # the areas' borders, where an arm comes in
        for x0, y0, x1, y1 in (ASIDE_AREA, ROLL_AREA):
            sl = (slice(int(y0 - my0) + 2, int(y1 - my0) - 2), slice(int(x0 - mx0) + 2, int(x1 - mx0) - 2))
            area = np.ascontiguousarray(view[sl])
            # the mat's colour around each spot (a die is far smaller than the median's window),
            # so a lamp's falloff or glare across the mat is never taken for a die
            background = cv2.medianBlur(area, BACKGROUND_MM)
            mask[sl] = largest_channel(cv2.absdiff(area, background)) > DIFF_THRESHOLD
            overall = _channel_medians(area)
            level = np.empty_like(area)
            level[:] = overall.astype(np.uint8)  # whole levels, as the median truncated before
            far[sl] = largest_channel(cv2.absdiff(area, level)) > HAND_DIFF
            rim = np.ones(area.shape[:2], bool)
            rim[3:-3, 3:-3] = False
            edges[sl] = rim
            if (x0, y0) == ROLL_AREA[:2]:
                seen = _channel_medians(background)
                printed = np.array(ROLL_RGB[::-1], np.float64)  # BGR
                gains = printed / np.maximum(seen, 1.0)
                # the colour cast only: brightness is left alone (a bright white face must not clip)
                self.gains = np.clip(gains / gains.mean(), 0.6, 1.8)
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        count, _, stats, _ = cv2.connectedComponentsWithStats(opened)
        # (a spot's pieces stay apart here: a heap of dice must not become one hand-sized blob)
        self.hand = any(stats[i, cv2.CC_STAT_AREA] >= HAND_MM2 for i in range(1, count)) or _arm_in(far, edges)
        spots, self.at_rim = spot_centres(opened, edges)
        return [self._towards_top(mx0 + x, my0 + y) for x, y in spots]

    def _towards_top(self, x: float, y: float) -> tuple[float, float]:
        """A spot's centre on the mat -> about where the die's top face is on its own plane. Seen
        from a tilted camera a die's top lies 16 mm x (distance from the nadir / camera height)
        further out than its base, and the spot (top, sides, base) is centred half-way; without
        the camera's position (a live profile) the spot's centre is kept."""
        if self._camera is None:
            return x, y
        cx, cy, height = self._camera.position_mm
        k = 0.5 * DIE_MM / max(height - DIE_MM, 1.0)
        return x - k * (x - cx), y - k * (y - cy)

    def read(self, frame: Any) -> OctoDiceObservation:
        if self._reader is None:
            from vision.dice.reader import DiceReader

            self._reader = DiceReader(max_crops=MAT_MAX_CROPS, kinds=OCTO_KINDS)
        image = frame.image if hasattr(frame, "image") else frame
        self.last_fits = []
        self.last_cpu_ms = {}
        clock = time.process_time()
        spots = self.candidates(image)
        clock = self._lap("candidates", clock)
        if self.hand:
            return OctoDiceObservation(occluded=True)
        if not spots:
            return OctoDiceObservation()
        balanced, side, cols = self.mosaic(image, spots)
        clock = self._lap("mosaic", clock)
        dice: list[DieReading] = []
        boxes, scores = self._reader.detect(balanced)
        # a box in an empty cell of the mosaic, or cut by its window's edge (a neighbour: its own
        # window has it whole), is never read: left in, it would take quarter turns from the
        # others under the reader's crop budget (vision/dice/config.json classifier_max_crops)
        whole = [i for i, b in enumerate(boxes) if _cell(b, side, cols, len(spots)) is not None]
        edge = _alone_at_edge(boxes, scores, whole, spots, side, cols)
        if edge:
            boxes = boxes.copy()
            for i, clipped in edge:
                boxes[i] = clipped
            whole += [i for i, _ in edge]
        found = self._reader.read_boxes(balanced, boxes[whole], scores[whole], OCTO_KINDS).dice
        filled_ids: set[int] = set()  # reader dice read by a box put at a spot's middle, not found
        unfound = _unfound(boxes[whole], side, cols, len(spots))
        if unfound:
            # a spot whose top face the detector did not find (at a steep tilt it sometimes finds
            # only the die's side face, or nothing): the classifier reads a box of a die's top
            # face at the spot's top, and is believed only when it is sure of it
            filled = self._reader.read_boxes(balanced, _top_boxes(unfound, side, cols),
                                             np.full(len(unfound), FILL_SCORE, np.float32), OCTO_KINDS).dice
            kept = [d for d in filled if d.classifier_prob >= FILL_MIN_PROB]
            filled_ids = {id(d) for d in kept}
            found = found + kept
        clock = self._lap("reader", clock)
        unboxed: set[int] = set()  # readings whose face the detector did not box (a box put there)
        for d in found:
            cell = _cell(d.bbox, side, cols, len(spots), margin=0)
            if cell is None:
                continue
            x, y = _box_place(d.bbox, cell, spots, side, cols)
            bx0, by0, bx1, by1 = d.bbox
            flat = getattr(d, "flat_face", None)
            if d.cocked and flat is not None and (self.flat_said.covers(x, y) or area_of(x, y) == ASIDE):
                # the classifier calls it cocked, the players said it lies flat (or it lies in the
                # set-aside strip, where dice are put down by hand, never rolled): its likeliest face
                reading = self._said_flat(balanced, d, x, y)
            elif d.cocked:
                die = balanced[int(by0):int(by1) + 1, int(bx0):int(bx1) + 1]
                kind = "white" if die.size and float(die.mean()) > COCKED_WHITE_GREY else "black"
                reading = DieReading(kind, None, area_of(x, y), x, y, float(d.confidence), cocked=True)
            else:
                kind, face = _face(d.face_class)
                reading = DieReading(kind, face, area_of(x, y), x, y, float(d.confidence))
            dice.append(reading)
            if id(d) in filled_ids:
                # a box put at a spot's middle, whatever it read: with run 13's classifier the gap
                # between two touching dice in the set-aside strip read "cocked", was read by its
                # likeliest face and dropped a die beside it as its side face (bench scene 104001,
                # tests/tracker/test_octo_dice_fill_called_cocked.py)
                unboxed.add(id(reading))
        boxed = [d for d in dice if id(d) not in unboxed]
        dice = [d for d in dice if id(d) not in unboxed or not _between_two(d, boxed)]
        merged = _merge(dice, None if self._camera is None else self._camera.position_mm[:2])
        if self._camera is not None:
            merged = [self._lean_test(image, d, merged, boxed=id(d) not in unboxed) for d in merged]
            merged += self._unread_leaning(image, spots, merged)
        self._lap("lean_test", clock)
        self.flat_said.keep_where_read(merged)
        return OctoDiceObservation(tuple(merged), spots=tuple(spots),
                                   unread_at_edge=_unread_at_edge(spots, self.at_rim, merged))

    def mosaic(self, image: np.ndarray, spots: list[tuple[float, float]]) -> tuple[np.ndarray, int, int]:
        """The windows around ``spots`` rectified finely and laid side by side, white-balanced on
        the mat: what the dice reader reads (also what its training crops are cut from,
        tracker/octo_dice/reader_training.py). Returns the mosaic, a window's side (px) and the
        number of columns."""
        side = int(round(WINDOW_MM * PX_PER_MM))
        cols = int(np.ceil(np.sqrt(len(spots))))
        rows = int(np.ceil(len(spots) / cols))
        mosaic = np.full((rows * side, cols * side, 3), 114, np.uint8)
        for k, (x, y) in enumerate(spots):
            r, c = divmod(k, cols)
            window = (x - WINDOW_MM / 2, y - WINDOW_MM / 2, x + WINDOW_MM / 2, y + WINDOW_MM / 2)
            mosaic[r * side:(r + 1) * side, c * side:(c + 1) * side] = self._view(image, window, PX_PER_MM)
        return self._balance(mosaic), side, cols

    def _said_flat(self, balanced: np.ndarray, d: Any, x: float, y: float) -> DieReading:
        """A die the classifier calls cocked where the players said one lies flat: the face it
        finds likeliest after "cocked", unsure. Where that face is itself under
        ``SAID_FLAT_ALONE_BELOW``, the box is read again alone, with every quarter turn (read among
        six dice it gets two, ``classifier_max_crops``): at probabilities of 1e-6 the ranking of a
        two-turn read is noise (game 98811: a flat white submarine under the lamp called cocked at
        0.996, then read "black white 0" at 1.5e-6, so a roll of a white and a black die showed
        two black dice, and the game was lost; alone: white faces 5.8e-4 against black 8.7e-6,
        the right kind, the face then put right on the tablet)."""
        flat, prob = d.flat_face, float(getattr(d, "flat_prob", 0.0))
        if prob < SAID_FLAT_ALONE_BELOW:
            alone = self._reader.read_boxes(balanced, np.array([d.bbox], np.float32),
                                            np.array([d.detector_score], np.float32), OCTO_KINDS).dice
            if alone and (alone[0].flat_face or alone[0].face_class) is not None:
                best = alone[0]
                flat = best.flat_face if best.cocked else best.face_class
                prob = float(best.flat_prob if best.cocked else best.classifier_prob)
        kind, face = _face(flat)
        return DieReading(kind, face, area_of(x, y), x, y, float(np.sqrt(float(d.detector_score) * prob)))

    def _balance(self, mosaic: np.ndarray) -> np.ndarray:
        """The mosaic white-balanced by ``self.gains``: each level times its channel's gain,
        clipped and truncated, through a table of the 256 levels (the same numbers as multiplying
        every pixel, for a fraction of the work)."""
        import cv2

        levels = np.arange(256, dtype=np.float64)[:, None] * self.gains[None, :]
        table = np.clip(levels, 0, 255).astype(np.uint8).reshape(1, 256, 3)
        return np.asarray(cv2.LUT(mosaic, table))

    def _lap(self, stage: str, since: float) -> float:
        now = time.process_time()
        self.last_cpu_ms[stage] = (now - since) * 1000
        return now

    def _lean_test(self, image: np.ndarray, die: DieReading, dice: list[DieReading], boxed: bool = True) -> DieReading:
        """``die`` as read, or as cocked when its outline fits no flat die (tracker/octo_dice/
        cocked.py; needs the camera's position, so only with the twin's exact camera). ``boxed``:
        the detector boxed the face read (else a box was put at the spot's middle, which says
        nothing of where a face is: ``FlatFit.face_boxed``)."""
        if die.area == ASIDE:  # a set-aside die was put down by hand, not rolled
            self.last_fits.append(None)
            return die
        if self.flat_said.covers(die.x, die.y):  # the players said it lies flat: its face as read
            self.last_fits.append(None)
            return die
        # a die read next to another is judged only where its outline is apart from the other's
        # (their outlines merged are one outline for two: never a false cocked)
        near = any(o is not die and (o.x - die.x) ** 2 + (o.y - die.y) ** 2 < NEIGHBOUR_MM ** 2 for o in dice)
        at, fit = self._fit_whole(image, die, dice, alone_only=near)
        if near and fit.outline_mm2 < MIN_OUTLINE_SHARE * flat_outline_mm2(
                (die.x, die.y), self._camera.position_mm, FIT_PX_PER_MM):
            self.last_fits.append(None)  # a piece of a die (a black die's dim sides lost), not judged
            return die
        if die.cocked:  # the classifier's call: kept unless the outline is a flat die's and its top reads sure
            self.last_fits.append(None)
            return self._classifier_cocked(image, die, at, fit)
        if not boxed:
            fit = dataclasses.replace(fit, face_boxed=False)
        self.last_fits.append(fit)
        if not fit.cocked:
            return die
        x, y = self._cocked_place(at, fit)
        return DieReading(die.kind, None, area_of(x, y), x, y, die.confidence, cocked=True)

    def _cocked_place(self, at: tuple[float, float], fit: FlatFit) -> tuple[float, float]:
        """Where a die called cocked by its outline lies (table mm): the middle of its outline
        (``fit.centre_px`` in the view centred at ``at``, on the top faces' plane) taken along the
        camera's ray down to ``COCKED_PLACE_MM`` above the mat. On the top faces' plane the lower
        parts of a leaning die are seen towards the camera's nadir, so the outline's middle lies
        0-10 mm from the die's place towards it."""
        x = at[0] - FIT_WINDOW_MM / 2 + fit.centre_px[0] / FIT_PX_PER_MM
        y = at[1] - FIT_WINDOW_MM / 2 + fit.centre_px[1] / FIT_PX_PER_MM
        cx, cy, height = self._camera.position_mm
        k = (height - COCKED_PLACE_MM) / max(height - DIE_MM, 1.0)
        return cx + (x - cx) * k, cy + (y - cy) * k

    def _unread_leaning(self, image: np.ndarray, spots: list[tuple[float, float]],
                        dice: list[DieReading]) -> list[DieReading]:
        """Cocked dice at spots of the roll area where no die was read: the detector found no top
        face there (a leaning die shows none) and the classifier read no face surely in a box at
        the spot's middle (it reads "cocked" or "not a die" unsure), so the die was not seen at
        all. Each such spot alone (no die read within ``NEIGHBOUR_MM``, not at an area's edge: a
        hand reaching in) whose outline is a die's size (``MIN_OUTLINE_SHARE``) is a cocked die
        when that outline fits no flat die (``UNREAD_UNEXPLAINED_MM2``) or when the classifier
        puts "cocked" above every face in a box at the spot's top. Appends its fit to
        ``last_fits``."""
        out: list[DieReading] = []
        rims = self.at_rim if len(self.at_rim) == len(spots) else [False] * len(spots)
        for (x, y), rim in zip(spots, rims):
            if rim or area_of(x, y) != ROLL or self.flat_said.covers(x, y):
                continue
            if any((d.x - x) ** 2 + (d.y - y) ** 2 < NEIGHBOUR_MM ** 2 for d in dice + out):
                continue
            at, fit, cocked = self._unread_spot(image, (x, y), dice + out)
            if not cocked:
                continue
            cx, cy = self._cocked_place(at, fit)
            self.last_fits.append(fit)
            out.append(DieReading(self._kind_at(image, cx, cy), None, area_of(cx, cy), cx, cy,
                                  float(np.sqrt(FILL_SCORE)), cocked=True))
        return out

    def _unread_spot(self, image: np.ndarray, spot: tuple[float, float], dice: list[DieReading]
                     ) -> tuple[tuple[float, float], FlatFit, bool]:
        """The outline fit of a spot where no die was read (the view it was made in, the fit) and
        whether it is a cocked die (see ``_unread_leaning``)."""
        probe = DieReading("white", None, ROLL, spot[0], spot[1], FILL_SCORE, cocked=True)
        at, fit = self._fit_whole(image, probe, dice)
        flat_mm2 = flat_outline_mm2(spot, self._camera.position_mm, FIT_PX_PER_MM)
        if fit.outline_mm2 < MIN_OUTLINE_SHARE * flat_mm2:
            return at, fit, False
        if fit.unexplained_mm2 > UNREAD_UNEXPLAINED_MM2:
            return at, fit, True
        return at, fit, self._cocked_at(image, spot)

    def _cocked_at(self, image: np.ndarray, at: tuple[float, float]) -> bool:
        """Whether the classifier puts "cocked" above every face in a top face's box at ``at``."""
        window = (at[0] - WINDOW_MM / 2, at[1] - WINDOW_MM / 2, at[0] + WINDOW_MM / 2, at[1] + WINDOW_MM / 2)
        view = self._balance(self._view(image, window, PX_PER_MM))
        box = _top_boxes([0], int(round(WINDOW_MM * PX_PER_MM)), 1)
        read = self._reader.read_boxes(view, box, np.full(1, FILL_SCORE, np.float32), OCTO_KINDS).dice
        return bool(read) and bool(read[0].cocked)

    def _kind_at(self, image: np.ndarray, x: float, y: float) -> str:
        """White or black: the mean grey of a die's middle (``UNREAD_KIND_MM`` square at (x, y))."""
        half = UNREAD_KIND_MM / 2
        view = self._balance(self._view(image, (x - half, y - half, x + half, y + half), PX_PER_MM))
        return "white" if float(view.mean()) > COCKED_WHITE_GREY else "black"

    def _classifier_cocked(self, image: np.ndarray, die: DieReading, at: tuple[float, float],
                           fit: FlatFit) -> DieReading:
        """A die the classifier calls cocked, as cocked; or, where its outline is a flat die's
        (under ``CLASSIFIER_FLAT_MM2``) and a box at that flat die's top face reads a face surely
        (``FILL_MIN_PROB``), read by that face there. At a steep tilt the detector boxes a flat
        die's side face, seen obliquely, and the classifier calls it cocked (game 98819, tilt 33.7:
        11 flat dice called cocked, each reading 5-9 mm from the fitted top towards the nadir)."""
        judged = fit.top_px != fit.centre_px or fit.unexplained_mm2 > 0
        if not judged or fit.unexplained_mm2 > CLASSIFIER_FLAT_MM2:
            return die
        half = FIT_WINDOW_MM / 2
        top = (at[0] - half + fit.top_px[0] / FIT_PX_PER_MM, at[1] - half + fit.top_px[1] / FIT_PX_PER_MM)
        window = (top[0] - WINDOW_MM / 2, top[1] - WINDOW_MM / 2, top[0] + WINDOW_MM / 2, top[1] + WINDOW_MM / 2)
        view = self._balance(self._view(image, window, PX_PER_MM))
        box = _top_boxes([0], int(round(WINDOW_MM * PX_PER_MM)), 1)
        read = self._reader.read_boxes(view, box, np.full(1, FILL_SCORE, np.float32), OCTO_KINDS).dice
        if not read or read[0].cocked or read[0].classifier_prob < FILL_MIN_PROB:
            return die
        kind, face = _face(read[0].face_class)
        return DieReading(kind, face, area_of(*top), top[0], top[1], float(read[0].confidence))

    def _fit_whole(self, image: np.ndarray, die: DieReading, dice: list[DieReading], alone_only: bool = False
                   ) -> tuple[tuple[float, float], FlatFit]:
        """The flat-die fit of ``die`` and the centre of the view it was made in (table mm;
        ``alone_only``: see ``cocked.outline_or_cut``)."""
        at = (die.x, die.y)
        fit = self._fit_at(image, die, dice, at, alone_only)
        if fit.cut_at_px is not None:
            # the die's outline alone reaches the view's edge (read by a face at one end of a
            # leaning die's long outline): looked at again once, the view centred on that outline
            half = FIT_WINDOW_MM / 2
            moved = (die.x - half + fit.cut_at_px[0] / FIT_PX_PER_MM, die.y - half + fit.cut_at_px[1] / FIT_PX_PER_MM)
            if np.hypot(moved[0] - die.x, moved[1] - die.y) <= RECENTRE_MAX_MM:
                at = moved
                fit = self._fit_at(image, die, dice, at, alone_only)
                if fit.cut_at_px is not None:  # still cut off: not one die's outline, not judged
                    fit = FlatFit(0.0, 0.0, fit.centre_px, fit.centre_px)
                else:
                    fit = dataclasses.replace(fit, recentred=True)
        return at, fit

    def _fit_at(self, image: np.ndarray, die: DieReading, dice: list[DieReading],
                at: tuple[float, float], alone_only: bool = False) -> FlatFit:
        """The flat-die fit of ``die`` in a view of ``FIT_WINDOW_MM`` centred at ``at`` (table mm;
        the die's reading itself, or the middle of its outline when the first view cut it off)."""
        half = FIT_WINDOW_MM / 2
        x0, y0 = at[0] - half, at[1] - half
        view = self._view(image, (x0, y0, x0 + FIT_WINDOW_MM, y0 + FIT_WINDOW_MM), FIT_PX_PER_MM)
        unknown = off_printed_areas((x0, y0), view.shape[:2], FIT_PX_PER_MM, self._camera.position_mm)
        mat = mat_colour(view, unknown)
        centre = ((die.x - x0) * FIT_PX_PER_MM, (die.y - y0) * FIT_PX_PER_MM)
        others = [((o.x - x0) * FIT_PX_PER_MM, (o.y - y0) * FIT_PX_PER_MM) for o in dice
                  if o is not die and abs(o.x - at[0]) < FIT_WINDOW_MM and abs(o.y - at[1]) < FIT_WINDOW_MM]
        return fit_flat(view, mat, centre, (die.x, die.y), self._camera.position_mm, FIT_PX_PER_MM, others,
                        alone_only=alone_only, unknown=unknown if unknown.any() else None)

    def recognise(self, frame: Any) -> OctoDiceObservation:
        return refuse_cocked(self.read(frame))


def off_printed_areas(origin_mm: tuple[float, float], shape: tuple[int, int], px_per_mm: float,
                      camera_mm: tuple[float, float, float]) -> np.ndarray:
    """Pixels (0/1) of a view on the top faces' plane (``origin_mm``: its top-left corner, table
    mm) through which the camera sees the table outside both printed areas (the sheet's white
    margin, the table beyond it), ``OFF_AREA_MARGIN_MM`` grown. There a white die and the lit
    sheet look alike, so the outline test takes neither: game 103606's leaning die, 27 mm from the
    roll area's edge at tilt 30, merged with the lamp-lit margin into one outline too large to
    judge, and was read as a face."""
    import cv2

    cx, cy, height = camera_mm
    scale = height / max(height - DIE_MM, 1.0)  # from the top faces' plane down the ray to the mat
    h, w = shape
    xs = cx + (origin_mm[0] + (np.arange(w) + 0.5) / px_per_mm - cx) * scale
    ys = cy + (origin_mm[1] + (np.arange(h) + 0.5) / px_per_mm - cy) * scale
    inside = np.zeros(shape, bool)
    for x0, y0, x1, y1 in (ASIDE_AREA, ROLL_AREA):
        inside |= ((ys >= y0) & (ys <= y1))[:, None] & ((xs >= x0) & (xs <= x1))[None, :]
    off = (~inside).astype(np.uint8)
    if not off.any():
        return off
    size = _odd(OFF_AREA_MARGIN_MM, px_per_mm)
    return np.asarray(cv2.dilate(off, np.ones((size, size), np.uint8)), np.uint8)


def spot_centres(mask: np.ndarray, edges: np.ndarray) -> tuple[list[tuple[float, float]], list[bool]]:
    """The spots of a coarse mask (1 px per mm) of at least ``MIN_BLOB_MM2``: their centres (px)
    and whether each touches an area's edge (``edges``). A black die on the dark strip differs
    from it only by its symbol and its edges: pieces a few millimetres apart, each under
    ``MIN_BLOB_MM2`` in some frames (game 98708: a die found in one still and not in the next,
    then called "left the set-aside area"), so pieces closer than ``JOIN_MM`` make one spot."""
    import cv2

    joined = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((JOIN_MM, JOIN_MM), np.uint8))
    count, labels, stats, centres = cv2.connectedComponentsWithStats(joined)
    kept = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= MIN_BLOB_MM2]
    touching = set(np.unique(labels[edges]).tolist())
    return [(float(centres[i][0]), float(centres[i][1])) for i in kept], [i in touching for i in kept]


FILL_NEAR_MM = 5.0
"""A spot with no box found whose centre lies this close to the spot's top (its window's centre)
is read by a box put there (``FILL_BOX_MM`` wide): the detector missed its top face."""
FILL_BOX_MM = 15.0
"""The side of that box (a flat die's top face as the detector boxes it, about 14-15 mm)."""
FILL_SCORE = 0.5
"""The detector score given to that box: its reading's confidence is at most sqrt(0.5), under the
scene memory's SURE (a die read so is never called turned by hand on its own word)."""
FILL_MIN_PROB = 0.9
"""... and its reading is kept only when the classifier is this sure of it (a spot that is a
shadow, two dice touching or a die half off the window reads as nothing sure)."""


def _unfound(boxes: np.ndarray, side: int, cols: int, windows: int) -> list[int]:
    """The windows of the mosaic with no box centred within ``FILL_NEAR_MM`` of their centre."""
    near = FILL_NEAR_MM * PX_PER_MM
    hit = set()
    for b in boxes:
        cx, cy = (float(b[0]) + float(b[2])) / 2, (float(b[1]) + float(b[3])) / 2
        r, c = int(cy // side), int(cx // side)
        if abs(cx - (c + 0.5) * side) <= near and abs(cy - (r + 0.5) * side) <= near:
            hit.add(r * cols + c)
    return [k for k in range(windows) if k not in hit]


def _top_boxes(windows: list[int], side: int, cols: int) -> np.ndarray:
    """A top face's box at the centre of each of ``windows`` (mosaic pixels)."""
    half = FILL_BOX_MM * PX_PER_MM / 2
    out = []
    for k in windows:
        r, c = divmod(k, cols)
        cx, cy = (c + 0.5) * side, (r + 0.5) * side
        out.append([cx - half, cy - half, cx + half, cy + half])
    return np.array(out, np.float32).reshape(-1, 4)


def _cell(bbox: Any, side: int, cols: int, windows: int, margin: int = 2) -> tuple[int, int] | None:
    """The mosaic cell (row, column) of a box found in it, or None where the box lies in an empty
    cell or is cut by its window's edge (within ``margin`` px of it: a neighbour of the window's
    die, whole in its own)."""
    bx0, by0, bx1, by1 = (float(v) for v in bbox)
    r, c = int((by0 + by1) / 2 // side), int((bx0 + bx1) / 2 // side)
    if r * cols + c >= windows:
        return None
    lx0, ly0, lx1, ly1 = bx0 - c * side, by0 - r * side, bx1 - c * side, by1 - r * side
    if min(lx0, ly0) < margin or max(lx1, ly1) > side - margin:
        return None
    return r, c


def _box_place(bbox: Any, cell: tuple[int, int], spots: list[tuple[float, float]], side: int,
               cols: int) -> tuple[float, float]:
    """Where the centre of a box found in mosaic ``cell`` lies on the table (mm, top faces' plane)."""
    r, c = cell
    k = r * cols + c
    cx, cy = (float(bbox[0]) + float(bbox[2])) / 2, (float(bbox[1]) + float(bbox[3])) / 2
    return (spots[k][0] - WINDOW_MM / 2 + (cx - c * side) / PX_PER_MM,
            spots[k][1] - WINDOW_MM / 2 + (cy - r * side) / PX_PER_MM)


EDGE_BOX_MIN_MM = 14.0
"""A box touching its window's edge at least this wide and high (mm) is a whole top face, not one
cut off by the window (a top face is boxed 15-17 mm wide)."""


def _alone_at_edge(boxes: np.ndarray, scores: np.ndarray, whole: list[int], spots: list[tuple[float, float]],
                   side: int, cols: int) -> list[tuple[int, np.ndarray]]:
    """Boxes touching their window's edge (refused by :func:`_cell`) that are a whole top face
    (``EDGE_BOX_MIN_MM``) and that no window holds whole: no box read lies within ``MERGE_MM``.
    Their die has no window of its own: its spot merged with a neighbour's, whose window holds it
    at the edge (game 103006, scene 30, tilt 30, lamp: three dice side by side in the set-aside
    strip made two spots, and the white octopod, boxed whole 1 px from its window's edge, was
    never read). Each as (its index, the box clipped to its window); the surest first; one box
    per die."""
    n = len(spots)
    placed = [_box_place(boxes[i], cell, spots, side, cols)
              for i in whole if (cell := _cell(boxes[i], side, cols, n)) is not None]
    least = EDGE_BOX_MIN_MM * PX_PER_MM
    out: list[tuple[int, np.ndarray]] = []
    for i in sorted(set(range(len(boxes))) - set(whole), key=lambda j: -float(scores[j])):
        r, c = int((boxes[i][1] + boxes[i][3]) / 2 // side), int((boxes[i][0] + boxes[i][2]) / 2 // side)
        if r * cols + c >= n:
            continue
        # clipped to its window: a die reaching a millimetre or two past the window (103619,
        # scene 72: 1.3 mm) still shows enough of its face to read
        low = np.array([c * side, r * side, c * side, r * side], np.float32)
        b = np.clip(boxes[i], low, low + side)
        if min(float(b[2] - b[0]), float(b[3] - b[1])) < least:
            continue
        x, y = _box_place(b, (r, c), spots, side, cols)
        if all((x - px) ** 2 + (y - py) ** 2 >= MERGE_MM ** 2 for px, py in placed):
            out.append((i, b))
            placed.append((x, y))
    return out


def _unread_at_edge(spots: list[tuple[float, float]], at_rim: list[bool],
                    dice: list[DieReading]) -> tuple[tuple[float, float], ...]:
    """Spots at an area's edge with no die read there: fingers reaching in to set a die aside or
    take one (the hand itself outside the areas, too little of it inside for :func:`_arm_in`), or
    a die lying against the edge that the reader missed. Read as a scene, fingers make it lack the
    die in the hand (the players would be told it left the set-aside area); the scene memory
    tells the two apart (tracker/octo_dice/memory.py)."""
    return tuple((x, y) for (x, y), rim in zip(spots, at_rim)
                 if rim and all((d.x - x) ** 2 + (d.y - y) ** 2 > RIM_READ_MM ** 2 for d in dice))



def _channel_medians(image: np.ndarray) -> np.ndarray:
    """``np.median(image.reshape(-1, 3), axis=0)`` of a uint8 image, from each channel's histogram
    (the same numbers: the middle level, or the mean of the two middle ones, without sorting;
    ``cv2.calcHist`` counts a channel in place, where ``np.bincount`` first copies it out)."""
    import cv2

    n = image.shape[0] * image.shape[1]
    out = np.empty(3, np.float64)
    for c in range(3):
        counts = cv2.calcHist([image], [c], None, [256], [0, 256]).ravel()  # whole numbers as float32
        cum = np.cumsum(counts.astype(np.int64))
        lo = int(np.searchsorted(cum, (n - 1) // 2, side="right"))
        hi = int(np.searchsorted(cum, n // 2, side="right"))
        out[c] = (lo + hi) / 2
    return out


def _arm_in(far: np.ndarray, edges: np.ndarray) -> bool:
    """A large spot far from the mat's colour that crosses an area's border: a hand or an arm
    reaching in (it always comes from outside; dice, even in a heap, stay smaller)."""
    import cv2

    opened = cv2.morphologyEx(far, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(opened)
    for i in range(1, count):
        if stats[i, cv2.CC_STAT_AREA] >= HAND_MM2 and bool(edges[labels == i].any()):
            return True
    return False


MERGE_MM = 1.1 * DIE_MM
"""Readings closer than this are one die: two dice cannot lie closer than a die's width, and at a
steep tilt a die's side face is sometimes read as another die's top about 13 mm away."""


SIDE_MIN_MM = 6.0
"""Two readings of one die (closer than ``MERGE_MM``) at least this far apart are its top face and
a side face (the same face read in two windows lands within a few mm)."""
SIDE_COS = 0.7
"""... and the one lying towards the camera's nadir from the other (cosine of the angle between
them and the nadir's direction at least this) is the side face: on the top faces' plane a side
face, lower than the top, is seen between the top and the point below the camera."""


def _merge(dice: list[DieReading], nadir: tuple[float, float] | None = None) -> list[DieReading]:
    """One reading per die: where two windows show the same die the surer reading wins; where a
    side face was read as a top (about 13 mm from the top face at a steep tilt, and often read
    surer than the top, which the camera sees more obliquely), the reading further from the
    camera's nadir is the top (when the camera's place is known: ``nadir``, table mm)."""
    if nadir is not None:  # a reading called cocked is never dropped as a side face: merged as before
        dice = [d for d in dice if d.cocked or not any(_side_of(d, o, nadir) for o in dice if o is not d)]
    out: list[DieReading] = []
    for d in sorted(dice, key=lambda r: -r.confidence):
        if all((d.x - o.x) ** 2 + (d.y - o.y) ** 2 > MERGE_MM ** 2 for o in out):
            out.append(d)
    return out


def _between_two(filled: DieReading, boxed: list[DieReading]) -> bool:
    """Whether a reading of a box put at a spot's middle (``FILL_*``) lies within ``MERGE_MM`` of
    two dice the detector boxed that are themselves two dice (further apart than ``MERGE_MM``):
    the spot was those two dice touching, and its middle is the gap between them, not a top face
    the detector missed. Left in, it took part in the side-face rule and made one of the two a
    "side face" (game 103500, scene 41: a white research die 31 mm from a black octopod, one spot,
    the box at its middle read "black blue-2" at 0.98; the research die was dropped as its side,
    and the fill then merged into the octopod: the die was never read)."""
    near = [d for d in boxed if (d.x - filled.x) ** 2 + (d.y - filled.y) ** 2 < MERGE_MM ** 2]
    return any((a.x - b.x) ** 2 + (a.y - b.y) ** 2 > MERGE_MM ** 2
               for i, a in enumerate(near) for b in near[i + 1:])


def _side_of(d: DieReading, o: DieReading, nadir: tuple[float, float]) -> bool:
    """Whether ``d`` is a side face of the die whose top ``o`` is (see ``SIDE_COS``)."""
    dx, dy = d.x - o.x, d.y - o.y
    gap = float(np.hypot(dx, dy))
    if not SIDE_MIN_MM <= gap < MERGE_MM:
        return False
    nx, ny = nadir[0] - o.x, nadir[1] - o.y
    far = float(np.hypot(nx, ny))
    return far > 0 and (dx * nx + dy * ny) / (gap * far) >= SIDE_COS
