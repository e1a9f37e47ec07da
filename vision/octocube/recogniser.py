"""The Octocube recogniser: one camera frame -> :class:`OctocubeObservation`.

Stages (each timed in ``observation.timings_ms``):
  check     the frame is an image of the calibrated size, not black, blown out or flat
  sample    white balance from the play mat, then every patch (stack tops, cube-height windows,
            board spaces, coin piles) through one remap built once per camera: the remap folds
            the plane-at-height homography and the lens distortion (geometry.py)
  classify  two small CNNs (ONNX, trained on renders): ``tops`` reads a tile / empty / cube /
            bare metal, ``cubes`` reads which player's cube (if any) fills a cube-height window
  cubes     each seat's cube: the window where its colour wins; its top face read in the four
            quarter turns (the turn that reads best is the tile's rotation)
  tops      every grid location: tile, hole, or covered by a found cube
  boards    tiles on each player board, coin pile beside it
  occlusion skin-coloured blobs / covered mat strips over the play area -> ``occluded``
  fingerprints  a grey 2 px/mm image of every visible stack top and its parallax vector, for
            the tracker's stack-height comparison between two scenes (heights.py)
"""

from __future__ import annotations

import copy
import functools
import time
from collections.abc import Callable
from itertools import product
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import cv2
import numpy as np

from rules.octocube.components import PLAYER_COLOURS, Location, Tile
from rules.octocube.data import CENTRE_ABYSS, EXTRA_ROLL_LETTER
from vision.octocube.colour import MAT_BGR, MatSampler, apply_gains, apply_linear_gains
from vision.octocube.config import RecogniserConfig
from vision.octocube.errors import BadFrameError, ModelError, RecognitionError, TableGeometryError
from vision.octocube.geometry import PatchSpec, TableView, sample_patches
from vision.octocube.heights import FINGERPRINT_PX_PER_MM, fingerprint_specs, to_fingerprint
from vision.octocube.letters import (ABYSS_TOP_MM, LETTER_LABELS, LETTER_PX_PER_MM, LETTER_WINDOW_MM,
                                     LetterReader)
from vision.octocube.layout import (BARE, CUBE, CUBE_CLASSES, CUBE_ON_GRID_PLANE_MM, EMPTY, NO_CUBE,
                                    PATCH_PX_PER_MM, STACK_PLANE_MM, BOARD_PLANE_MM,
                                    TILE_LABELS, TOP_CLASSES, TURNED, mat_probes_by_side, patch_layout,
                                    board_tile_areas, tile_of)
from vision.octocube.observation import (BoardReading, CubeReading, OctocubeObservation,
                                         StackTopReading)
from vision.octocube.occlusion import OcclusionDetector, OcclusionReport
from vision.octocube.orientation import tile_rotation_match
from vision.octocube.pack_reader import (FINE_PX_PER_MM, SEARCH_PX, Candidate, FineMatcher, TileMatcher, TileScores,
                                         harmonised_shades,
                                         builtin_pack, empty_board_pack, empty_name, tile_on_cube_pack)
from vision.octocube.shade_cue import ShadeCue, ShadeRead, shade_of, to_taught_colours
from vision.pack import Pack, PackError
from vision.render import octocube_layout as lay


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class PatchClassifier:
    """One ONNX patch classifier whose class list (model metadata) must match ``classes``."""

    def __init__(self, path: Path, classes: tuple[str, ...], threads: int,
                 also: tuple[tuple[str, ...], ...] = ()) -> None:
        import onnxruntime as ort

        if not path.is_file():
            raise ModelError(f"classifier model {path} is missing (train it: make train-octocube)")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        try:
            self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own types for a damaged file
            raise ModelError(f"classifier model {path} cannot be loaded: {exc}") from None
        meta = self._session.get_modelmeta().custom_metadata_map
        import json

        found = tuple(json.loads(meta.get("classes", "[]")))
        if found != classes and found not in also:
            raise ModelError(f"classifier model {path} was trained for other classes "
                             f"({len(found)} classes, expected {len(classes)}): retrain it")
        self.classes = found
        self.card: dict[str, Any] = json.loads(meta.get("card", "{}"))
        self._input = self._session.get_inputs()[0].name

    def probabilities(self, patches_bgr: np.ndarray) -> np.ndarray:
        """(N, S, S, 3) uint8 -> (N, classes) probabilities."""
        if len(patches_bgr) == 0:
            return np.zeros((0, len(self.classes)), np.float32)
        x = (np.ascontiguousarray(patches_bgr.transpose(0, 3, 1, 2)).astype(np.float32) / 255.0 - 0.5) / 0.25
        return self.probabilities_of(x)

    def probabilities_of(self, x: np.ndarray) -> np.ndarray:
        """Probabilities for input already in the model's own form (float32 NCHW)."""
        (logits,) = self._session.run(None, {self._input: np.ascontiguousarray(x, np.float32)})
        return _softmax(logits.astype(np.float64)).astype(np.float32)


def _view_from(source: Any, intrinsics: Any, image_size: tuple[int, int] | None) -> tuple[TableView, Any]:
    """A TableView from a calibration Profile, TableGeometry, 3x3 image->table homography or a
    renderer CameraModel (exact ground truth), plus what to use when the frame size changes."""
    from calibration.intrinsics import Intrinsics
    from calibration.profile import Profile
    from calibration.table import TableGeometry

    if isinstance(source, Profile):
        profile = source.for_image_size(image_size) if image_size else source
        if profile.table is None:
            raise TableGeometryError("the calibration profile has no table geometry: "
                                     "run 'tablesight calibrate table' first")
        return _view_from(profile.table, intrinsics or profile.intrinsics, image_size)[0], source
    if hasattr(source, "table_to_image_homography") and hasattr(source, "dist_coeffs"):
        return TableView(source.table_to_image_homography, (source.width, source.height),
                         source.K, source.dist_coeffs), source
    if isinstance(source, TableGeometry):
        geometry = source.rescaled(image_size) if image_size and image_size != source.image_size else source
        if intrinsics is None and geometry.undistorted:
            raise TableGeometryError("the table geometry was fitted on undistorted points: "
                                     "pass the camera intrinsics too")
        if intrinsics is not None and not geometry.undistorted:
            intrinsics = None  # the homography already maps raw pixels
        return _view_from(geometry.image_to_table, intrinsics, geometry.image_size)[0], source
    h = np.asarray(source, np.float64)
    if h.shape != (3, 3):
        raise TableGeometryError(f"expected a calibration Profile, TableGeometry, CameraModel or "
                                 f"3x3 image-to-table homography, not {type(source).__name__}")
    if not np.all(np.isfinite(h)) or abs(np.linalg.det(h)) < 1e-18:
        raise TableGeometryError("the image-to-table homography is not invertible")
    if image_size is None:
        raise TableGeometryError("internal: image size unknown")
    k = dist = None
    if isinstance(intrinsics, Intrinsics):
        if intrinsics.image_size != tuple(image_size):
            intrinsics = intrinsics.rescaled(image_size)
        k, dist = intrinsics.camera_matrix, intrinsics.dist
    elif intrinsics is not None:
        k = np.asarray(intrinsics, np.float64)
        if k.shape != (3, 3):
            raise TableGeometryError("camera intrinsics must be an Intrinsics or a 3x3 camera matrix")
    return TableView(np.linalg.inv(h), image_size, k, dist), source


def _check_source(source: Any) -> None:
    """Refuse at construction what can never describe a table (the sampling tables themselves
    wait for the first frame's size)."""
    from calibration.profile import Profile
    from calibration.table import TableGeometry

    if isinstance(source, (Profile, TableGeometry)) or hasattr(source, "table_to_image_homography"):
        return
    try:
        h = np.asarray(source, np.float64)
    except (TypeError, ValueError):
        h = np.zeros(0)
    if h.shape != (3, 3):
        raise TableGeometryError(f"expected a calibration Profile, TableGeometry, CameraModel or "
                                 f"3x3 image-to-table homography, not {type(source).__name__}")
    if not np.all(np.isfinite(h)) or abs(np.linalg.det(h)) < 1e-18:
        raise TableGeometryError("the image-to-table homography is not invertible")


_T = TypeVar("_T")


def _part(pack: Pack, kept: bool, key: tuple[Any, ...], build: Callable[[], _T]) -> _T:
    """``build()``, a part of the reading made from ``pack``'s faces only (never changed once
    built): with ``kept`` (``RecogniserConfig.pack_parts_kept``) made once per pack object and
    kept on it (``Pack.derive``, keyed under "octocube recogniser"), else made afresh."""
    return pack.derive(("octocube recogniser", *key), build) if kept else build()


def _tile_matcher(pack: Pack, kept: bool, **options: Any) -> TileMatcher:
    """``TileMatcher(pack, **options)`` (:func:`_part`)."""
    return _part(pack, kept, ("TileMatcher", *sorted(options.items())), lambda: TileMatcher(pack, **options))


@functools.lru_cache(maxsize=1)
def _letter_reader() -> LetterReader:
    """The letter templates (the built-in art's: no pack), drawn once per process; only read."""
    return LetterReader()


class OctocubeRecogniser:
    """Reads an Octocube table. Build one per camera set-up and call :meth:`recognise` per still
    frame. ``profile_or_homography``: a calibration ``Profile``, a ``TableGeometry``, a 3x3
    image-to-table homography (ideal pixels when intrinsics are given, raw pixels otherwise)
    or a renderer ``CameraModel`` (exact ground truth). Frames may be any size the source can
    be rescaled to; the sampling tables are built for the first frame's size."""

    def __init__(self, grid_size: int, num_players: int, profile_or_homography: Any,
                 camera_intrinsics: Any = None, config: RecogniserConfig | None = None,
                 mode: str = "standard", pack: Any = None) -> None:
        if num_players not in (2, 3, 4):
            raise RecognitionError(f"Octocube is for 2-4 players, not {num_players}")
        if grid_size not in (4, 5):
            raise RecognitionError(f"Octocube grids are 4x4 or 5x5, not {grid_size}x{grid_size}")
        self.grid_size = grid_size
        self.num_players = num_players
        self.config = config or RecogniserConfig()
        self._source = profile_or_homography
        self._intrinsics = camera_intrinsics
        self.mode = mode
        """'kids': the player boards lie kids side up (16 spaces, one tile each)."""
        self.layout = patch_layout(grid_size, num_players, kids=mode == "kids")
        models = Path(self.config.models_dir)
        self.tops_net = PatchClassifier(models / "octocube_tops.onnx", TOP_CLASSES, self.config.threads,
                                        also=(tuple(c for c in TOP_CLASSES if c != TURNED),))
        classes = self.tops_net.classes
        self.cubes_net = PatchClassifier(models / "octocube_cubes.onnx", CUBE_CLASSES, self.config.threads)
        letters = models / "octocube_letters.onnx"  # optional: the template reader stands in
        self.letters_net = (PatchClassifier(letters, LETTER_LABELS, self.config.threads)
                            if letters.is_file() else None)
        self._size: tuple[int, int] | None = None
        kept = self.config.pack_parts_kept
        if pack is not None and self.config.pack_shades_harmonised:
            taught = pack
            pack = _part(taught, kept, ("harmonised shades",), lambda: harmonised_shades(taught))
        self.pack = pack
        """A taught copy (vision.pack.Pack): its faces name the tiles, the classifiers only say
        tile / empty / cube / bare. None: the built-in art, read by the classifiers."""
        by_product = self.config.coarse_shifts_by_product
        scores_kept = self.config.pack_scores_kept
        self._matcher = _tile_matcher(pack if pack is not None else builtin_pack(), kept, shifts_by_product=by_product,
                                      kept_scores=scores_kept)
        bare = tuple(f"cube-{c}" for c in PLAYER_COLOURS)
        self._cube_matcher = (_tile_matcher(pack, kept, labels=TILE_LABELS + bare, shifts_by_product=by_product,
                                            kept_scores=scores_kept)
                              if pack is not None else None)
        """Taught cube tops: the tiles, or the bare face of a player's cube."""
        empty = empty_board_pack()
        self._empty_matcher = (_tile_matcher(empty, kept, labels=tuple(empty.faces), shifts_by_product=by_product,
                                             kept_scores=scores_kept)
                               if pack is not None else None)
        """With a pack: each board space's own empty look, to weigh against its taught tile."""
        fine_options = dict(shade_weight=self.config.pack_fine_shade_weight,
                            harmonise_letters=self.config.pack_fine_letters_harmonised,
                            letters_under_light_slope=self.config.pack_fine_letters_light_slope,
                            batched_correlation=self.config.pack_fine_batched_correlation,
                            fits_per_region=self.config.pack_fine_fits_per_region)
        labels = self._matcher.labels
        self._fine = (_part(pack, kept, ("FineMatcher", labels, *sorted(fine_options.items())),
                            lambda: FineMatcher(pack, labels, **fine_options))  # type: ignore[arg-type]
                      if pack is not None else None)
        """With a pack: the second stage that re-ranks a stack top's best few faces at 3 px/mm."""
        self._fine_windows: np.ndarray | None = None
        self._tile_on_cube: dict[str, TileMatcher | None] = (
            _part(pack, kept, ("tiles on cubes", labels, by_product, scores_kept), dict) if pack is not None else {})
        """With a pack, per cube colour (built when first needed): the taught tiles inset on that
        cube's taught bare face (:meth:`_fine_cube_top` finds a cube top's tile by its rim)."""
        self._bare_faces: dict[str, TileMatcher | None] = (
            _part(pack, kept, ("bare cube faces", by_product, scores_kept), dict) if pack is not None else {})
        """With a pack, per taught bare cube face (built when first needed): that face compared over
        the cube's face, as the tiles inset on it are (:meth:`_bare_on_cube`)."""
        self._cube_top_at: dict[int, int] = {}
        """Per seat whose cube was found this frame: the cube window it was found in."""
        self._frame_now: tuple[np.ndarray, np.ndarray] | None = None
        """This frame and its white balance (a cube top's fine window is sampled when needed)."""
        self._shade = (copy.copy(_part(pack, kept, ("ShadeCue", labels), lambda: ShadeCue(pack, labels)))
                       if pack is not None else None)
        """With a pack: the shade (background colour) judged apart from the glyph."""
        self._shade_found: dict[int, tuple[TileScores, int, np.ndarray | None]] = {}
        self._letter_fits: dict[int, dict[str, float]] = {}
        """Per stack read as a lettered abyss face by the fine stage: each candidate's weighted
        score (``_letters_once``); filled afresh for each frame."""
        """Per stack window read by the pack this frame: its scores, row and seen pixels."""
        self._rim_set_aside: frozenset[str] = frozenset()
        """With a pack, this frame's second reading of the cubes: colours of seats found in the
        first, no rivals for another seat's rim (:meth:`_read_cubes`)."""
        self._rim_blocked: set[int] = set()
        """Seats whose rim could not be told this pass for a rival's plastic alike in hue."""
        self._lost_seat_windows: dict[int, tuple[int, float]] = {}
        """With a pack, this frame's last reading of the cubes: per seat, the window its plastic
        names it in and the place's certainty, where a seat was lost (:meth:`_lost_seat_chain`)."""
        self._window_of: dict[int, int] = {}
        """Per seat found by the last pass of :meth:`_read_cubes_once`: the window its cube was read in."""
        self._cube_top_reads: dict[int, tuple[np.ndarray, float, str]] = {}
        """With a pack, per seat whose cube was found this frame: its window, the place's
        probability and the net's top label (:meth:`_reread_cube_tops` reads the top again)."""
        self._cube_top_face: dict[int, tuple[str, dict[str, float]]] = {}
        """With a pack, per seat whose cube top was read this frame: the taught face that fit its
        window best, and every taught bare cube face's fit there (:meth:`_tops_behind`)."""
        self._cube_face_place: dict[int, float] = {}
        """With a pack, per seat whose own taught bare face fit its cube's window best this frame
        (``pack_cube_place_by_face``): how sure that makes the place."""
        self._shade_reads: list[ShadeRead] = []
        """With a pack: this frame's stack tops as the shade cue sees them."""
        letters_known = [lb for lb in self._matcher.labels if lb.startswith("abyss")]
        self._letter_matcher = (_tile_matcher(pack, kept, px_per_mm=LETTER_PX_PER_MM, inner_mm=LETTER_MATCH_MM,
                                              labels=tuple(letters_known), shifts_by_product=by_product,
                                              kept_scores=scores_kept)
                                if pack is not None and letters_known else None)
        self._classes = classes
        self._scenes = 0
        self._known_run = 0
        self._tile_cols = np.array([classes.index(t) for t in TILE_LABELS])
        self._cube_top_cols = np.array([classes.index(t) for t in (*TILE_LABELS, BARE)])
        self._not_cube_cols = np.array([i for i, c in enumerate(classes) if c not in (CUBE, BARE, TURNED)])
        _check_source(profile_or_homography)
        size = getattr(profile_or_homography, "image_size", None)
        if hasattr(profile_or_homography, "width"):
            size = (profile_or_homography.width, profile_or_homography.height)
        if size:
            self._prepare((int(size[0]), int(size[1])))

    # ------------------------------------------------------------------ set-up
    def _prepare(self, size: tuple[int, int]) -> None:
        try:
            self.view, _ = _view_from(self._source, self._intrinsics, size)
        except RecognitionError:
            raise
        except ValueError as exc:  # e.g. calibration.ProfileMismatchError
            raise TableGeometryError(str(exc)) from None
        if self.view.image_size != size:
            raise BadFrameError(f"the frame is {size[0]}x{size[1]} but the table geometry is for "
                                f"{self.view.image_size[0]}x{self.view.image_size[1]} frames")
        self._maps = self.view.patch_maps(self.layout.all_specs, PATCH_PX_PER_MM)
        letter_specs = [PatchSpec(f"letter {s.name}", s.centre_mm, ABYSS_TOP_MM, LETTER_WINDOW_MM)
                        for s in self.layout.stacks]
        self._letter_maps = self.view.patch_maps(letter_specs, LETTER_PX_PER_MM)
        self._fine_maps = (self.view.patch_maps(list(self.layout.stacks), FINE_PX_PER_MM)
                           if self.pack is not None else None)
        self._cube_fine_maps = (self.view.patch_maps(list(self.layout.cubes), FINE_PX_PER_MM)
                                if self.pack is not None else None)
        probes = self._unhidden_probes(mat_probes_by_side(self.num_players))
        self._mat = MatSampler(self.view, [p for side in probes for p in side])
        self._occlusion = OcclusionDetector(self.view, probes, self.config, board_tile_areas(self.num_players),
                                            BOARD_PLANE_MM)
        self._letters = _letter_reader() if self.config.pack_parts_kept else LetterReader()
        self._prepare_fingerprints()
        self._prepare_hiding()
        self._size = size

    def _prepare_fingerprints(self) -> None:
        """One remap for all stack fingerprints, and each location's parallax vector."""
        centres = [s.centre_mm for s in self.layout.stacks]
        specs, self._parallax = fingerprint_specs(self.view, centres, STACK_PLANE_MM)
        self._fingerprint_maps = self.view.patch_maps(specs, FINGERPRINT_PX_PER_MM)
        pile_specs, self._coin_parallax = fingerprint_specs(self.view, [c.centre_mm for c in self.layout.coins],
                                                            COIN_FINGERPRINT_PLANE_MM)
        self._coin_fingerprint_maps = self.view.patch_maps(pile_specs, FINGERPRINT_PX_PER_MM)

    def _unhidden_probes(self, sides: list[list[tuple[float, float]]]) -> list[list[tuple[float, float]]]:
        """The mat probes that no stack of the grid can hide in this camera's view. The strips run
        17 mm from the outer stacks; under a strong tilt a stack up to 6 tiles high on the far
        side leans over them (its top and side faces then read as 'something covers the mat')."""
        half = lay.TILE_SIZE_MM / 2 + 2.0
        top = 6 * lay.TILE_THICKNESS_MM
        hulls = []
        for loc in self.layout.stack_locations:
            cx, cy = lay.grid_centre(loc, self.grid_size)
            sq = np.array([[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half],
                           [cx - half, cy + half]])
            pts = np.vstack([self.view.project(sq, 0.0), self.view.project(sq, top)])
            hulls.append(cv2.convexHull(pts.astype(np.float32)))
        out = []
        for side in sides:
            px = self.view.project(np.asarray(side, np.float64), 0.0)
            out.append([pt for pt, (x, y) in zip(side, px)
                        if all(cv2.pointPolygonTest(h, (float(x), float(y)), False) < 0 for h in hulls)])
        return out

    def _prepare_hiding(self) -> None:
        """For every grid location, the share of each neighbouring stack's top that a cube standing
        there hides in this camera's view. Under a strong tilt a cube (40 mm tall, on its stack)
        leans over the location behind it: that stack's window then shows the cube's side or top
        tile, not the stack top. The occluder is the location's stack and cube together, a 40 mm
        prism from the table up to the cube top on a middling stack; the hidden top is the 34 mm
        tile at the stack plane."""
        locs = self.layout.stack_locations
        half_cube, half_tile = lay.CUBE_SIZE_MM / 2, lay.TILE_SIZE_MM / 2
        top_z = CUBE_ON_GRID_PLANE_MM

        def square(cx: float, cy: float, h: float) -> np.ndarray:
            return np.array([[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]])

        def outlines(top: float) -> dict[Location, np.ndarray]:
            out = {}
            for loc in locs:
                cx, cy = lay.grid_centre(loc, self.grid_size)
                sq = square(cx, cy, half_cube)
                pts = np.vstack([self.view.project(sq, 0.0), self.view.project(sq, top)])
                out[loc] = cv2.convexHull(pts.astype(np.float32)).reshape(-1, 2)
            return out

        hulls = outlines(top_z)
        self._cube_hulls = hulls
        """Per grid location: the image outline (px) of a cube standing there, with its stack."""
        self._stack_hulls = {tiles: outlines(lay.CUBE_SIZE_MM + tiles * lay.TILE_THICKNESS_MM)
                             for tiles in _cube_stacks(self.config.pack_mask_cube_stack_step_tiles)}
        """Per stack height a cube may stand on (``pack_mask_cube_stack_step_tiles``): the outlines."""
        # the neighbour straight behind each location as the camera sees it: a cube there shows its
        # near face (40 mm tall under a strong tilt) in THIS location's cube-height window
        nx, ny = self.view.camera_nadir_mm()
        self._behind: list[int | None] = []
        for loc in locs:
            cx, cy = lay.grid_centre(loc, self.grid_size)
            away = np.array([cx - nx, cy - ny])
            norm = float(np.linalg.norm(away))
            best, best_cos = None, 0.8
            for j, other in enumerate(locs):
                if other == loc or max(abs(other[0] - loc[0]), abs(other[1] - loc[1])) != 1 or norm < 1e-6:
                    continue
                ox, oy = lay.grid_centre(other, self.grid_size)
                step = np.array([ox - cx, oy - cy])
                cos = float(step @ away) / (float(np.linalg.norm(step)) * norm)
                if cos > best_cos:
                    best, best_cos = j, cos
            self._behind.append(best)
        self._behind_overlap: list[float] = [
            0.0 if b is None else self._share_over(self.layout.cubes[i], self.layout.stacks[b])
            for i, b in enumerate(self._behind)]
        """Per grid location: the share of its cube-height window's image area that lies over the
        stack-height window of the neighbour straight behind (0 where none): under a steep tilt
        most of it (0.55-0.70 at tilt 34), straight down little (0.04-0.19)."""
        self._front: list[int | None] = [None] * len(locs)
        """The neighbour straight in front of each location (the one whose behind it is)."""
        for j, b in enumerate(self._behind):
            if b is not None:
                self._front[b] = j
        self._hidden_by: dict[Location, dict[Location, float]] = {loc: {} for loc in locs}
        for s_loc in locs:
            cx, cy = lay.grid_centre(s_loc, self.grid_size)
            face = self.view.project(square(cx, cy, half_tile), STACK_PLANE_MM).astype(np.float32)
            area = float(cv2.contourArea(face))
            if area <= 0:
                continue
            for c_loc in locs:
                if c_loc == s_loc or max(abs(c_loc[0] - s_loc[0]), abs(c_loc[1] - s_loc[1])) > 2:
                    continue
                inter, _ = cv2.intersectConvexConvex(face, hulls[c_loc])
                if inter > 0:
                    self._hidden_by[c_loc][s_loc] = min(1.0, float(inter) / area)

    def _window_quad(self, spec: PatchSpec) -> np.ndarray:
        """The image outline (px, 4 corners) of the square window ``spec`` samples."""
        half = spec.size_mm / 2
        yaw = np.radians(spec.yaw_deg)
        turn = np.array([[np.cos(yaw), -np.sin(yaw)], [np.sin(yaw), np.cos(yaw)]])
        corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ turn.T
        return self.view.project(corners + np.asarray(spec.centre_mm), spec.height_mm).astype(np.float32)

    def _share_over(self, window: PatchSpec, under: PatchSpec) -> float:
        """The share of ``window``'s image area that lies inside ``under``'s (0-1)."""
        quad = self._window_quad(window)
        area = float(cv2.contourArea(quad))
        if area <= 0:
            return 0.0
        inter, _ = cv2.intersectConvexConvex(quad, self._window_quad(under))
        return min(1.0, float(inter) / area)

    def hidden_fractions(self, cube_locations: list[Location]) -> dict[Location, float]:
        """Share of each stack top hidden behind the cubes at ``cube_locations`` (0 = in full view)."""
        seen: dict[Location, float] = {}
        for c_loc in cube_locations:
            for s_loc, f in self._hidden_by.get(c_loc, {}).items():
                seen[s_loc] = 1.0 - (1.0 - seen.get(s_loc, 0.0)) * (1.0 - f)
        return seen

    def _check_frame(self, frame: Any) -> np.ndarray:
        if not isinstance(frame, np.ndarray):
            raise BadFrameError(f"the frame is not an image (got {type(frame).__name__})")
        if frame.ndim == 2:
            frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
        if frame.ndim != 3 or frame.shape[2] not in (3, 4) or frame.shape[0] < 16 or frame.shape[1] < 16:
            raise BadFrameError(f"the frame has shape {frame.shape}; expected height x width x 3 (BGR)")
        if frame.shape[2] == 4:
            frame = frame[..., :3]
        if frame.dtype != np.uint8:
            raise BadFrameError(f"the frame has pixel type {frame.dtype}; expected 8-bit (uint8)")
        size = (frame.shape[1], frame.shape[0])
        if self._size != size:
            self._prepare(size)
        small = cv2.resize(frame, (64, 36), interpolation=cv2.INTER_AREA)
        mean, std = float(small.mean()), float(frame[::8, ::8].std())
        if mean < self.config.min_frame_mean:
            raise BadFrameError(f"the frame is black (mean level {mean:.1f}): is the lens covered "
                                f"or the camera still starting?")
        if mean > self.config.max_frame_mean:
            raise BadFrameError(f"the frame is blown out (mean level {mean:.1f}): too much light "
                                f"or exposure")
        if std < self.config.min_frame_std:
            raise BadFrameError(f"the frame is flat (contrast {std:.1f}): no table in view")
        return np.ascontiguousarray(frame)

    # ------------------------------------------------------------------ reading
    def recognise(self, frame_bgr: np.ndarray) -> OctocubeObservation:
        timings: dict[str, float] = {}
        t0 = time.perf_counter()
        frame = self._check_frame(frame_bgr)
        t1 = time.perf_counter()
        timings["check"] = (t1 - t0) * 1000

        mat_level = self._mat.measure(frame)
        if float(mat_level.max()) < self.config.min_mat_level:
            raise BadFrameError("the play mat is not visible where the calibration puts it "
                                "(camera moved, or the table is dark): recalibrate")
        gains = self._mat.gains(frame)
        patches = apply_gains(sample_patches(frame, self._maps), gains)
        self._fine_windows = None  # sampled on demand, once per frame
        self._frame_now = (frame, gains)
        lay_ = self.layout
        n_s, n_c, n_b = len(lay_.stacks), len(lay_.cubes), len(lay_.boards)
        stacks = patches[:n_s]
        cube_windows = patches[n_s:n_s + n_c]
        boards = patches[n_s + n_c:n_s + n_c + n_b]
        coins = patches[n_s + n_c + n_b:]
        t2 = time.perf_counter()
        timings["sample"] = (t2 - t1) * 1000

        top_probs = self.tops_net.probabilities(np.concatenate([stacks, boards, coins]))
        cube_probs = self.cubes_net.probabilities(cube_windows)
        stack_scores = self._matcher.scores(stacks) if self._judge_now() else None
        t3 = time.perf_counter()
        timings["classify"] = (t3 - t2) * 1000

        obs = OctocubeObservation()
        cube_hulls = self._read_cubes(obs, cube_windows, cube_probs, stacks, stack_scores)
        t4 = time.perf_counter()
        timings["cubes"] = (t4 - t3) * 1000

        self._read_tops(obs, top_probs[:n_s], stacks, frame, gains, stack_scores)
        if self.pack is not None and self.config.pack_cube_tops_in_taught_colours:
            self._reread_cube_tops(obs)
        if self.pack is not None:
            self._tops_behind(obs)
        if stack_scores is not None:
            self._judge_copy(obs, top_probs[:n_s], stacks, stack_scores)
        t5 = time.perf_counter()
        timings["tops"] = (t5 - t4) * 1000

        self._read_boards(obs, top_probs[n_s:n_s + n_b], top_probs[n_s + n_b:],
                          *self._pack_board_scores(boards, coins))
        t6 = time.perf_counter()
        timings["boards"] = (t6 - t5) * 1000

        report = self._occlusion.check(frame, gains, cube_hulls)
        obs.occluded = report.occluded
        self.last_occlusion: OcclusionReport = report
        t7 = time.perf_counter()
        timings["occlusion"] = (t7 - t6) * 1000

        if not obs.occluded:
            self._attach_fingerprints(obs, frame, gains)
        t8 = time.perf_counter()
        timings["fingerprints"] = (t8 - t7) * 1000
        timings["total"] = (t8 - t0) * 1000
        obs.timings_ms = {k: round(v, 3) for k, v in timings.items()}
        return obs

    def _read_cubes(self, obs: OctocubeObservation, windows: np.ndarray, probs: np.ndarray,
                    stacks: np.ndarray | None = None, stack_scores: TileScores | None = None
                    ) -> list[np.ndarray]:
        """Every seat's cube (into ``obs.cubes``) and the hulls they hide. With a pack, where a
        seat's rim could not be told because another seat's plastic is alike in hue and that
        seat's cube was found only later in the pass, the cubes are read once more with the found
        seats' colours set aside from the start (``pack_rim_set_aside_found_rivals``): a seat has
        one cube (whole taught game 72737, change 43: Yellow, checked before Red was found, took
        a flat yellow-printed tile on E3 while its rim showed round a white amphora on C1)."""
        self._rim_set_aside = frozenset()
        self._rim_blocked = set()
        self._lost_seat_windows = {}
        hulls = self._read_cubes_once(obs, windows, probs, stacks, stack_scores)
        if self._rim_blocked and self.config.pack_rim_set_aside_found_rivals:
            # the seats found, less those whose own rim was blocked (their place is the one in doubt)
            self._rim_set_aside = frozenset(PLAYER_COLOURS[s] for s in obs.cubes if s not in self._rim_blocked)
            if any(self._rim_colours(s) is not None for s in self._rim_blocked):
                obs.cubes.clear()
                self._rim_blocked = set()
                hulls = self._read_cubes_once(obs, windows, probs, stacks, stack_scores)
        chain = self._lost_seat_chain(obs, windows, probs, stacks)
        if chain:
            obs.cubes.clear()
            self._lost_seat_windows = chain
            hulls = self._read_cubes_once(obs, windows, probs, stacks, stack_scores)
        shift = self._topped_cube_to_front(windows, probs, stacks, stack_scores)
        if shift:
            obs.cubes.clear()
            self._lost_seat_windows = {**chain, **shift}
            hulls = self._read_cubes_once(obs, windows, probs, stacks, stack_scores)
        back = self._set_aside_pick_back(obs, windows, probs, stacks)
        if back:
            obs.cubes.clear()
            self._lost_seat_windows = {**chain, **shift, **back}
            hulls = self._read_cubes_once(obs, windows, probs, stacks, stack_scores)
        self._lost_seat_windows = {}
        return hulls

    def _topped_cube_to_front(self, windows: np.ndarray, probs: np.ndarray, stacks: np.ndarray | None,
                              stack_scores: TileScores | None) -> dict[int, tuple[int, float]]:
        """With a pack (``pack_topped_cube_to_front``), after a pass: a seat put on a grid window
        where no cube stands (:meth:`_cube_stands`) and the net's 'none' leads, while another
        seat's pick is a topped cube (:meth:`_topped_cubes`) whose window in front is free, shows a
        topped cube too and has that seat's colour as the net's best cube colour, and the first
        seat's colour is the best cube colour but the second seat's in the pick: the second seat
        goes to the front window and the first to the window it leaves, each with the net's
        p(some cube) there; empty where no such pair is found. The net sees a topped cube's
        plastic also in the window right behind, under a steep tilt, and the greedy pass moves a
        pick only behind (:meth:`_net_cube_window`). Whole taught game 72821, change 101: Red on
        E2 wearing a white sextant, Purple on E3 wearing a coin right in front; p(purple) 0.61 on
        E2, 0.577 on E3; Purple took E2, Red was left with C2 ('none' 0.546, red 0.409, no cube)."""
        cfg = self.config
        if not cfg.pack_topped_cube_to_front or stacks is None or stack_scores is None or self._cube_matcher is None:
            return {}
        n_grid = len(self.layout.stack_locations)
        none = CUBE_CLASSES.index(NO_CUBE)
        cubes = [CUBE_CLASSES.index(c) for c in PLAYER_COLOURS]
        stands = self._cube_stands(windows, stacks, stack_scores)
        if stands is None:
            return {}
        held = {i: s for s, i in self._window_of.items()}
        stranded = [s for s, i in self._window_of.items()
                    if i < n_grid and int(np.argmax(probs[i])) == none and not stands(i)]
        if not stranded:
            return {}
        topped = self._topped_cubes(windows, stacks, stack_scores, set())
        front_of = {b: f for f, b in enumerate(self._behind) if b is not None}
        for seat, pick in sorted(self._window_of.items()):
            front = front_of.get(pick)
            if pick not in topped or front is None or front in held or front not in topped:
                continue
            col = cubes[seat]
            if cubes[int(np.argmax(probs[front, cubes]))] != col:
                continue
            rest = [c for c in cubes if c != col]
            for other in stranded:
                if other != seat and rest[int(np.argmax(probs[pick, rest]))] == cubes[other]:
                    return {seat: (front, 1.0 - float(probs[front, none])),
                            other: (pick, 1.0 - float(probs[pick, none]))}
        return {}

    def _set_aside_pick_back(self, obs: OctocubeObservation, windows: np.ndarray, probs: np.ndarray,
                             stacks: np.ndarray | None) -> dict[int, tuple[int, float]]:
        """With a pack (``pack_set_aside_pick_back``), after a pass: a seat whose colour the net
        names best (at least ``min_cube_probability``, over the holder's own) in a grid window
        another seat (the holder) holds, the seat lost or on a grid window where the net sees its
        colour less, where the holder's own best grid window (p at least the switch) is free, shows
        a stack top by the height test (:meth:`_shows_stack_top`) and has a plastic rim naming the
        holder (:meth:`_plastic_seat`): the holder goes back to its own window and that seat to
        the one it leaves, each with the net's p of its colour there; empty where no such pair is
        found. A cube wearing a tile whose top fits weakly under a lamp is set aside
        as a stack top and its seat's fall-back search takes a rival's cube (72858, Yellow on A3
        and D1 read on Red's B3 and C1)."""
        cfg = self.config
        if cfg.pack_set_aside_pick_back <= 0 or stacks is None or self._cube_matcher is None:
            return {}
        locs = self.layout.stack_locations
        n_grid = len(locs)
        held = {locs.index(c.location): s for s, c in obs.cubes.items() if c.location is not None}
        cols = {s: CUBE_CLASSES.index(PLAYER_COLOURS[s]) for s in range(self.num_players)}
        window_of = {s: i for i, s in held.items()}
        for at, holder in sorted(held.items()):
            best = max(cols.values(), key=lambda c: float(probs[at, c]))
            p_rival = float(probs[at, best])
            # the seat of that colour, lost or standing where the net sees its colour less
            rival = [s for s in range(self.num_players) if cols[s] == best and s != holder
                     and (s not in obs.cubes or (s in window_of and float(probs[window_of[s], best]) < p_rival))]
            if not rival or p_rival < cfg.min_cube_probability or p_rival <= float(probs[at, cols[holder]]):
                continue
            own = max(range(n_grid), key=lambda i: float(probs[i, cols[holder]]))
            if own == at or own in held or float(probs[own, cols[holder]]) < cfg.pack_set_aside_pick_back:
                continue
            named = self._plastic_seat(windows[own])
            plain = named is not None and named[0] == holder
            if cfg.pack_set_aside_pick_back_nearest and not plain:  # 72869, changes 64 and 68
                plain = self._nearest_plastic(windows[own]) == holder
            if not plain or not self._shows_stack_top(windows, stacks, own):
                continue
            return {holder: (own, float(probs[own, cols[holder]])), rival[0]: (at, float(probs[at, best]))}
        return {}

    def _lost_seat_chain(self, obs: OctocubeObservation, windows: np.ndarray,
                         probs: np.ndarray, stacks: np.ndarray | None = None) -> dict[int, tuple[int, float]]:
        """With a pack (``pack_lost_seat_rim_margin``), where a seat's cube was found nowhere: the
        grid windows that the plastic names (:meth:`_plastic_seat`), each seat's from the lost one
        on: the lost seat's window, the seat found in it to its own named window, and so on until
        a window no seat holds; each seat with its window and the net's p(some cube) there. Empty
        where any step finds no plain window (:meth:`_named_window`). The cube net (never taught) reads a cube wearing a
        tile by the tile's colour as much as by the plastic: fresh printing 997670 draws tiles red
        and magenta, and on table 520003 Purple's cube wearing a red tile was p(red) 0.98, Red took
        it, Purple took Blue's bare cube (p(purple) 0.47) and Blue was lost, while each window's
        plastic band lay nearest its own seat's taught colour by 0.11 or more; 997560, same table:
        Purple's cube wearing a red tile, p(red) 0.57 with Red found elsewhere, Purple lost, its
        band 0.02 from Purple's taught plastic and 0.16 from the next seat's. A free window that
        shows a stack top (``pack_lost_seat_skip_stack_tops``) is set aside where no chain is found
        with it (a cube wearing a tile may pass for a stack top: seen 997675 / 520500)."""
        cfg = self.config
        lost = [s for s in range(self.num_players) if s not in obs.cubes]
        if cfg.pack_lost_seat_rim_margin <= 0 or not lost or not self._every_cube_taught():
            return {}
        locs = self.layout.stack_locations
        none = CUBE_CLASSES.index(NO_CUBE)
        held = {locs.index(c.location): s for s, c in obs.cubes.items() if c.location is not None}
        tried = set(held) | {i for i in range(len(locs)) if float(probs[i, none]) <= cfg.pack_lost_seat_max_none}
        named = {i: self._plastic_seat(windows[i]) for i in sorted(tried)}
        chain = self._chain_of(lost, named, held, probs)
        if not chain and cfg.pack_lost_seat_skip_stack_tops and stacks is not None:
            # no plain window: a stack top drawn in a seat's plastic may be the rival; set those aside
            named = {i: n for i, n in named.items() if i in held or not self._shows_stack_top(windows, stacks, i)}
            chain = self._chain_of(lost, named, held, probs)
        if not chain and cfg.pack_lost_seat_own_hue_windows:
            # a cube wearing a tile in its own hue: the net sees mostly no cube there, but its colour
            own_hue = [i for i in range(len(locs)) if i not in named and self._net_names_a_seat_faintly(probs, i)
                       and (stacks is None or not self._shows_stack_top(windows, stacks, i))]
            if own_hue:
                named = {**named, **{i: self._plastic_seat(windows[i]) for i in own_hue}}
                chain = self._chain_of(lost, named, held, probs)
        if not chain and cfg.pack_lost_seat_net_twin_margin > 0:
            chain = self._net_twin_chain(lost, windows, probs, held, stacks)
        return chain

    def _net_twin_chain(self, lost: list[int], windows: np.ndarray, probs: np.ndarray, held: dict[int, int],
                        stacks: np.ndarray | None) -> dict[int, tuple[int, float]]:
        """:meth:`_lost_seat_chain`'s last try (``pack_lost_seat_net_twin_margin``): the net names
        one found seat's colour best in that seat's grid window and in a free grid window (some
        cube there: p(none) at most ``pack_lost_seat_max_none``, no stack top), a seat is lost,
        the found window's band lies nearest the lost seat's plastic and the free one's nearest
        the found seat's, each by the margin over every other seat's: the lost seat takes the
        found window, the found seat the free one, each with the net's p(some cube) there. Empty
        where no lost seat has exactly one such pair."""
        cfg = self.config
        margin = cfg.pack_lost_seat_net_twin_margin
        n_grid = len(self.layout.stack_locations)
        none = CUBE_CLASSES.index(NO_CUBE)

        def best_colour(i: int) -> int:
            return int(np.argmax([probs[i, CUBE_CLASSES.index(c)] for c in PLAYER_COLOURS[:self.num_players]]))

        def named(i: int) -> int | None:
            seat = self._plastic_seat(windows[i], margin)
            return None if seat is None else seat[0]

        free = [i for i in range(n_grid) if i not in held and float(probs[i, none]) <= cfg.pack_lost_seat_max_none
                and int(np.argmax(probs[i])) != none]
        chain: dict[int, tuple[int, float]] = {}
        for seat in lost:
            pairs = []
            for at, holder in held.items():
                if at >= n_grid or holder in chain or best_colour(at) != holder or named(at) != seat:
                    continue
                for i in free:
                    if any(i == w for w, _ in chain.values()) or best_colour(i) != holder:
                        continue
                    # the free window's band nearest the found seat's plastic by the margin, or by any
                    # margin where the found seat's own window names the lost seat (72869, change 40)
                    if named(i) != holder and not (cfg.pack_net_twin_free_nearest
                                                   and self._nearest_plastic(windows[i]) == holder):
                        continue
                    if stacks is not None and self._shows_stack_top(windows, stacks, i):
                        continue
                    pairs.append((at, holder, i))
            if len(pairs) != 1:
                continue
            at, holder, i = pairs[0]
            chain[seat] = (at, 1.0 - float(probs[at, none]))
            chain[holder] = (i, 1.0 - float(probs[i, none]))
        return chain

    def _net_names_a_seat_faintly(self, probs: np.ndarray, i: int) -> bool:
        """The net's best cube colour in window ``i`` is at least ``pack_lost_net_colour_min_p`` and
        p(none) at most ``pack_rim_alone_max_none``: the look of a cube wearing a tile in its own
        hue, as :meth:`_net_colour_named_by_plastic` admits it."""
        cfg = self.config
        none = CUBE_CLASSES.index(NO_CUBE)
        best = max(float(probs[i, c]) for c in range(len(CUBE_CLASSES)) if c != none)
        return cfg.pack_lost_net_colour_min_p > 0 and best >= cfg.pack_lost_net_colour_min_p \
            and float(probs[i, none]) <= cfg.pack_rim_alone_max_none

    def _chain_of(self, lost: list[int], named: dict[int, tuple[int, float] | None], held: dict[int, int],
                  probs: np.ndarray) -> dict[int, tuple[int, float]]:
        """:meth:`_lost_seat_chain`'s chains over the windows ``named``, from each lost seat."""
        none = CUBE_CLASSES.index(NO_CUBE)
        held = dict(held)
        chain: dict[int, tuple[int, float]] = {}
        for seat in lost:
            link: dict[int, tuple[int, float]] = {}
            while seat not in link and seat not in chain:
                at = self._named_window(named, seat)
                if at is None:
                    break
                link[seat] = (at, 1.0 - float(probs[at, none]))
                if at not in held:
                    chain.update(link)
                    held.update({i: s for s, (i, _) in link.items()})
                    break
                seat = held[at]
        return chain

    def _named_window(self, named: dict[int, tuple[int, float] | None], seat: int) -> int | None:
        """Of the windows ``named`` for ``seat`` (:meth:`_plastic_seat`), the one whose band lies
        nearest its plastic, by ``pack_lost_seat_rim_margin`` over the next one; None else. A tile
        drawn in a seat's colour may name that seat too, less plainly than its cube (997670's red
        tiles with one photo: 0.20 from Red's taught plastic, Red's bare cube 0.004)."""
        mine = sorted((n[1], i) for i, n in named.items() if n is not None and n[0] == seat)
        if not mine or (len(mine) > 1 and mine[1][0] - mine[0][0] < self.config.pack_lost_seat_rim_margin):
            return None
        return mine[0][1]

    def _nearest_plastic(self, window: np.ndarray) -> int:
        """The seat whose taught plastic the window's cube-edge band lies nearest, by any margin
        (:meth:`_plastic_seat` with margin 0)."""
        band = _rim_chroma(window)
        return min(range(self.num_players), key=lambda s: float(np.abs(band - self._rim_colour(s)).sum()))

    def _plastic_seat(self, window: np.ndarray, margin: float | None = None) -> tuple[int, float] | None:
        """The seat whose taught plastic (:meth:`_rim_colour`) the band just inside a cube-height
        window's cube outline (:func:`_rim_chroma`: a topped cube's rim, a bare cube's face edge)
        lies nearest, by at least ``margin`` (default ``pack_lost_seat_rim_margin``; L1
        chromaticity) over every other seat's, and its distance; None where no seat is that plain."""
        band = _rim_chroma(window)
        far = sorted((float(np.abs(band - self._rim_colour(s)).sum()), s) for s in range(self.num_players))
        need = self.config.pack_lost_seat_rim_margin if margin is None else margin
        if len(far) < 2 or far[1][0] - far[0][0] < need:
            return None
        return far[0][1], far[0][0]

    def _read_cubes_once(self, obs: OctocubeObservation, windows: np.ndarray, probs: np.ndarray,
                         stacks: np.ndarray | None, stack_scores: TileScores | None) -> list[np.ndarray]:
        locs = self.layout.stack_locations
        n_grid = len(locs)
        hulls: list[np.ndarray] = []
        taken: set[int] = set()
        colour_at: dict[int, int] = {}  # window -> the colour column of the cube found there
        window_of: dict[int, int] = {}  # seat -> the window its cube was found in
        missed = {seat for seat in range(self.num_players)
                  if float(probs[[*range(n_grid), n_grid + seat], CUBE_CLASSES.index(PLAYER_COLOURS[seat])].max())
                  < self.config.min_cube_probability}
        """Seats the net finds nowhere: with a pack, their cube may be found by its taught look."""
        topped: dict[int, float] | None = None
        steep: dict[int, float] | None = None
        """Topped cubes found only where a tiled near face may fill the stack-height window."""
        art_match: dict[int, float] = {}  # seat -> how well the top tile's art matched its window
        # strongest seats first, so that one window is never given to two cubes
        order = []
        for seat in range(self.num_players):
            col = CUBE_CLASSES.index(PLAYER_COLOURS[seat])
            candidates = list(range(n_grid)) + [n_grid + seat]
            best = max(candidates, key=lambda i: probs[i, col])
            order.append((float(probs[best, col]), seat, col, candidates))
        self._cube_top_reads = {}
        self._cube_top_at = {}
        self._cube_top_face = {}
        self._cube_face_place = {}
        stack_tops: dict[int, bool] = {}
        """With a pack: grid windows already judged (``_shows_stack_top``) this frame."""
        cube_stands = self._cube_stands(windows, stacks, stack_scores)
        forced = self._lost_seat_windows
        """Seats lost in the last reading, each with the window its plastic names (:meth:`_read_cubes`)."""
        forced_windows = {i for i, _ in forced.values()}
        taken |= forced_windows  # no other seat's, whatever the net reads there
        for _, seat, col, candidates in sorted(order, reverse=True):
            if seat in forced:
                best, p = forced[seat]
            else:
                free = [i for i in candidates if i not in taken and i not in forced_windows]
                if not free:
                    continue
                not_cube: set[int] = set()
                """Windows the net picked for this seat that show a taught tile at a stack's height, or
                another seat's taught bare cube face (``pack_cube_pick_other_face``)."""
                while True:
                    best, p = self._net_cube_window(free, col, probs, taken, not_cube, windows, seat, cube_stands)
                    if best < 0 or p < self.config.min_cube_probability or self._cube_matcher is None:
                        break
                    if self.config.pack_cube_pick_other_face and best < n_grid \
                            and self._pick_is_other_seats_face(windows, best, seat, col, probs, free, not_cube,
                                                               stacks, stack_scores):
                        not_cube.add(best)  # another seat's bare cube stands there
                        continue
                    if not self.config.pack_cube_not_stack_top or stacks is None:
                        break
                    if best not in stack_tops:
                        stack_tops[best] = self._shows_stack_top(windows, stacks, best)
                    if not stack_tops[best]:
                        break
                    not_cube.add(best)
                if best >= 0 and p >= self.config.min_cube_probability and self._cube_matcher is not None \
                        and self.config.pack_cube_bare_elsewhere:
                    elsewhere = self._bare_cube_elsewhere(windows, best, free, col, probs, not_cube, colour_at)
                    if elsewhere is None:
                        def stack_top(i: int) -> bool:
                            if i not in stack_tops:
                                assert stacks is not None
                                stack_tops[i] = self._shows_stack_top(windows, stacks, i)
                            return stack_tops[i]

                        elsewhere = self._rimmed_cube_elsewhere(windows, best, free, seat, probs, not_cube, colour_at,
                                                                stack_top if stacks is not None else None)
                    if elsewhere is not None:
                        not_cube.add(best)
                        best, p = elsewhere
                if best < 0:
                    p = 0.0
                if p < self.config.min_cube_probability and self._cube_matcher is not None:
                    left = [i for i in free if i not in not_cube]
                    found = self._sure_cube_by_plastic(windows, probs, left, seat, colour_at)
                    if found is None:
                        found = self._taught_bare_cube(windows, left, seat)
                        if found is not None:
                            behind = self._bare_face_of_topped_behind(windows, found[0], seat, left, probs,
                                                                      cube_stands, colour_at)
                            if behind is not None:
                                found = behind, found[1]
                    if found is None and stacks is not None and stack_scores is not None:
                        if topped is None:
                            topped = self._topped_cubes(windows, stacks, stack_scores, taken)
                        found = self._topped_cube_of(windows, topped, left, seat, missed - {seat})
                    if found is None:
                        found = self._rimmed_cube(windows, probs, left, seat, colour_at)
                    if found is None and stacks is not None:
                        found = self._topped_cube_by_net(windows, stacks, probs, left, seat, colour_at)
                    if found is None:
                        found = self._cube_by_rim_chroma(windows, probs, left, seat, colour_at)
                    if found is None:
                        found = self._ringed_at_rest(windows, probs, left, seat, colour_at)
                    if found is None and stacks is not None and stack_scores is not None \
                            and self.config.pack_topped_near_face_parallax_mm > 0:
                        if steep is None:
                            steep = self._steep_topped_cubes(windows, stacks, stack_scores, taken, topped or {})
                        found = self._topped_cube_of(windows, steep, left, seat, missed - {seat})
                    if found is not None:
                        best, p = found
                if p < self.config.min_cube_probability:
                    rescued = self._hidden_cube(col, probs, [i for i in free if i < n_grid], colour_at, not_cube)
                    if rescued is None and self._cube_matcher is not None and stacks is not None:
                        rescued = self._hidden_cube_by_near_face(col, seat, probs, [i for i in free if i < n_grid],
                                                                 colour_at, not_cube, stacks, windows)
                    if rescued is None and self._cube_matcher is not None:
                        rescued = self._three_sided_rim(windows, probs, [i for i in free if i not in not_cube],
                                                        seat, colour_at)
                    if rescued is None and self._cube_matcher is not None:
                        rescued = self._net_colour_named_by_plastic(windows, stacks, probs,
                                                                    [i for i in free if i not in not_cube], seat)
                    if rescued is None:
                        continue
                    best, p = rescued
            taken.add(best)
            colour_at[best] = col
            missed.discard(seat)
            window = windows[best]
            turns = np.stack([np.ascontiguousarray(np.rot90(window, k)) for k in range(4)])
            tprobs = self.tops_net.probabilities(turns)[:, self._cube_top_cols]
            k, j = np.unravel_index(int(np.argmax(tprobs)), tprobs.shape)
            label = (*TILE_LABELS, BARE)[j]
            top = tile_of(label)
            conf = p * float(tprobs[k, j])
            rotation = None
            axis: float | None = None
            alone: TurnAlone = None
            if self.pack is not None:
                top, conf, rotation, axis, alone = self._pack_cube_top(window, p, label, (seat, best))
                self._cube_top_reads[seat] = (window, p, label)
                self._cube_top_at[seat] = best
            elif top is not None:
                # the identity from the net (best of the four turns), the turn from the art
                rotation, lead, art_match[seat] = tile_rotation_match(window, label)
                conf *= 0.5 + 0.5 * min(1.0, lead / self.config.rotation_lead_for_certainty)
            location = locs[best] if best < n_grid else None
            place = self._place_confidence(seat, p, conf)
            # the place is as sure as the cube's colour; the top face may be hidden (a cube
            # behind another under a steep tilt: bench seed 72009, tilt 32.4, place read with
            # 0.96 but the whole reading 0.02, so a Place looked like nothing happened)
            obs.cubes[seat] = CubeReading(seat=seat, location=location, top=top,
                                          confidence=round(conf, 4), rotation=rotation,
                                          place_confidence=round(place, 4),
                                          turn_axis_confidence=None if axis is None else round(axis, 4),
                                          turn_alone_confidence=_turn_alone_fields(alone)[0],
                                          turn_axis_alone_confidence=_turn_alone_fields(alone)[1],
                                          top_alone_confidence=_top_alone_confidence(conf, alone))
            hulls.append(self._cube_hull(location, seat))
            window_of[seat] = best
        if self.pack is not None and self.config.pack_cube_colour_swap > 0:
            self._swap_by_taught_colour(obs, windows, window_of, probs)
        self._drop_doubtful_turns(obs, art_match, colour_at)
        self._window_of = window_of
        return hulls

    def _swap_by_taught_colour(self, obs: OctocubeObservation, windows: np.ndarray,
                               window_of: dict[int, int], probs: np.ndarray | None = None) -> None:
        """With a pack: two cubes found on the grid change seats where each one's plastic rim lies
        nearer the other seat's taught cube colour than its own, and the swap brings the two rims'
        summed distance down by at least ``pack_cube_colour_swap``. The cube net (never taught)
        tells the seats by the built-in colours; a printing may draw two cubes in near shades
        (random printing 997322: red and yellow both orange, the net p(yellow) best on both).
        Or, where the net's best cube colour in both windows is one of the two seats' (it does
        not tell them apart), where the two rims differ the other way round from the two taught
        colours (:meth:`_rims_against`): a light unlike the teach photo's moves every rim's
        colour alike, away from both taught colours, but not their difference."""
        assert self.pack is not None
        n_grid = len(self.layout.stack_locations)
        seats = [s for s, i in sorted(window_of.items()) if i < n_grid and s in obs.cubes
                 and f"cube-{PLAYER_COLOURS[s]}" in self.pack.faces]
        if len(seats) < 2:
            return
        rim = {s: _rim_chroma(windows[window_of[s]]) for s in seats}
        colour = {s: self._cube_colour(s) for s in seats}

        def far(window_seat: int, colour_seat: int) -> float:
            return float(np.abs(rim[window_seat] - colour[colour_seat]).sum())

        for a_i, a in enumerate(seats):
            for b in seats[a_i + 1:]:
                if probs is not None and self._net_reads_own_colours(probs, window_of, a, b):
                    continue
                each = self.config.pack_cube_colour_swap_each
                nearer = far(a, b) < far(a, a) and far(b, a) < far(b, b) \
                    and far(a, a) + far(b, b) - far(a, b) - far(b, a) >= self.config.pack_cube_colour_swap \
                    and min(far(a, a) - far(a, b), far(b, b) - far(b, a)) >= each
                if not nearer and not (probs is not None and self._rims_against(
                        rim[a] - rim[b], colour[a] - colour[b], probs[[window_of[a], window_of[b]]], a, b)
                        and not self._ring_keeps_own(windows[window_of[a]], windows[window_of[b]], a, b)) \
                        and not self._rings_swapped(windows[window_of[a]], windows[window_of[b]], a, b) \
                        and not self._plain_ring_swapped(windows[window_of[a]], windows[window_of[b]], a, b) \
                        and not self._bands_swapped(windows[window_of[a]], windows[window_of[b]], a, b):
                    continue
                cube_a, cube_b = obs.cubes[a], obs.cubes[b]
                obs.cubes[a], obs.cubes[b] = replace(cube_b, seat=a), replace(cube_a, seat=b)
                rim[a], rim[b] = rim[b], rim[a]
                window_of[a], window_of[b] = window_of[b], window_of[a]
                reads = self._cube_top_reads
                if a in reads and b in reads:
                    reads[a], reads[b] = reads[b], reads[a]
                faces = self._cube_top_face
                if a in faces and b in faces:
                    faces[a], faces[b] = faces[b], faces[a]
                # the fine stage samples a cube's top from the frame by its window's index: it goes
                # with the window (printing 997992, table 570603: Blue's pearl compared on Purple's
                # starfish, the diamond fitting that better, read a dark blue diamond)
                at = self._cube_top_at
                if a in at and b in at:
                    at[a], at[b] = at[b], at[a]

    def _bands_swapped(self, window_a: np.ndarray, window_b: np.ndarray, a: int, b: int) -> bool:
        """With a pack (``pack_cube_colour_swap_by_band``, every seat's cube taught): seat ``a``'s
        window's cube-edge band names seat ``b`` plainly (:meth:`_plastic_seat`: nearest ``b``'s
        taught RIM colour by ``pack_lost_seat_rim_margin`` over every other seat's) and ``b``'s
        window names ``a``. The mean-rim rule compares the bands with :meth:`_cube_colour` (the
        2-8 mm ring), which a printing may draw nearly alike for two seats while their rims differ
        plainly: whole taught game 72833 (printing 998218, 4 players, tilt 6.7, day), change 183
        settled=1: Blue's cube on C5 (white diamond) p(purple) 0.796, Purple read there, Blue on
        Purple's cube on A5; taught Blue/Purple cube colours 0.08 apart (gain 0.042 <
        ``pack_cube_colour_swap``), but A5's band 0.056 from Purple's rim, 0.348 from Blue's, C5's
        0.073 from Blue's, 0.318 from Purple's: a false alarm "Blue/Purple moved out of turn"."""
        if not self.config.pack_cube_colour_swap_by_band or self.config.pack_lost_seat_rim_margin <= 0 \
                or not self._every_cube_taught():
            return False
        named_a, named_b = self._plastic_seat(window_a), self._plastic_seat(window_b)
        return named_a is not None and named_b is not None and named_a[0] == b and named_b[0] == a

    def _plain_ring_swapped(self, window_a: np.ndarray, window_b: np.ndarray, a: int, b: int) -> bool:
        """With a pack (``pack_cube_colour_swap_plain_ring``): one window shows a ring in the other
        seat's plastic hue (:func:`_rim_sides`) on at least that many sides and none in its own
        seat's, and the other window shows the first seat's ring on at least that many sides: the
        first cube is plainly the other seat's, so the two change seats. Whole taught game 72863
        (printing 998275, tilt 18.2, lamp), change 175: Red read on Yellow's A3 (Yellow's ring on 4
        sides, Red's on 0), Yellow on Red's C1 (Red's ring on 3 sides, Yellow's on 4)."""
        need = self.config.pack_cube_colour_swap_plain_ring
        if need <= 0:
            return False
        colours_a, colours_b = self._plastic_ring_colours(a), self._plastic_ring_colours(b)
        if colours_a is None or colours_b is None:
            return False
        for plain, other_window, own, other in ((window_a, window_b, colours_a, colours_b),
                                                 (window_b, window_a, colours_b, colours_a)):
            if self._rim_of(plain, *other) >= need and self._rim_of(plain, *own) == 0 \
                    and self._rim_of(other_window, *own) >= need:
                return True
        return False

    def _ring_keeps_own(self, window_a: np.ndarray, window_b: np.ndarray, a: int, b: int) -> bool:
        """With a pack (``pack_cube_colour_swap_against_own_ring``): seat ``a``'s window shows a
        ring in ``a``'s plastic hue (:func:`_rim_sides`) on at least that many sides and none in
        ``b``'s, or ``b``'s window the same the other way round: that cube is plainly its own
        seat's, so the rims' difference (:meth:`_rims_against`), which a worn tile's colour moves,
        does not swap the two. Whole taught game 72860 (printing 998266, tilt 29.8, day), change
        60: Red's A5 showed Red's ring on 4 sides and Yellow's on 0, yet the rims' difference
        (a green-drawn tile on Red's cube, a magenta-drawn one on Yellow's) swapped Red and Yellow."""
        need = self.config.pack_cube_colour_swap_against_own_ring
        if need <= 0:
            return False
        colours_a, colours_b = self._plastic_ring_colours(a), self._plastic_ring_colours(b)
        if colours_a is None or colours_b is None:
            return False
        return any(self._rim_of(window, *own) >= need and self._rim_of(window, *other) == 0
                   for window, own, other in ((window_a, colours_a, colours_b), (window_b, colours_b, colours_a)))

    def _rings_swapped(self, window_a: np.ndarray, window_b: np.ndarray, a: int, b: int) -> bool:
        """With a pack (``pack_cube_colour_swap_ring_sides``): seat ``a``'s window shows a ring in
        seat ``b``'s plastic hue (:func:`_rim_sides`) on at least that many sides and on more sides
        than ``a``'s own, and ``b``'s window the same the other way round: each seat has one cube,
        and the two plastics are plainly each other's. The mean colours cannot tell where a
        printing draws every cube's bare plate alike and a tile bleeds into the band: whole taught
        game 72774 (printing 997976, 2 players, tilt 21.9, day), change 196: Red's cube on C1
        wearing a yellow coin (p(red) 0.96), Yellow's bare on A3 (p(red) 0.84); Red was moved onto
        the bare plate (every seat's bare face fits it 0.936), Yellow took the topped cube, both
        bands' means nearest Yellow's taught rim; C1 shows Red's ring on 4 sides and Yellow's on 0,
        A3 Yellow's on 4 and Red's on 1."""
        need = self.config.pack_cube_colour_swap_ring_sides
        if need <= 0:
            return False
        colours_a, colours_b = self._plastic_ring_colours(a), self._plastic_ring_colours(b)
        if colours_a is None or colours_b is None:
            return False
        for window, own, other in ((window_a, colours_a, colours_b), (window_b, colours_b, colours_a)):
            theirs = self._rim_of(window, *other)
            if theirs < need or theirs <= self._rim_of(window, *own):
                return False
        return True

    def _plastic_ring_colours(self, seat: int) -> tuple[np.ndarray, list[np.ndarray]] | None:
        """The seat's taught rim colour and every other taught seat's (all rivals, whatever was
        found), or None where the seat's plastic is too grey or too like another's for a ring to
        tell (``pack_rim_colourful``, ``pack_rim_hue``)."""
        assert self.pack is not None
        taught = [o for o in range(self.num_players) if f"cube-{PLAYER_COLOURS[o]}" in self.pack.faces]
        if seat not in taught:
            return None
        own = self._rim_colour(seat)
        others = [self._rim_colour(o) for o in taught if o != seat]
        if not _distinct_hue(own, others, self.config.pack_rim_colourful, self.config.pack_rim_hue):
            return None
        return own, others

    def _net_reads_own_colours(self, probs: np.ndarray, window_of: dict[int, int], a: int, b: int) -> bool:
        """With a pack: the cube net's best colour in each of the two found cubes' windows is that
        window's own seat's, so the net tells the two cubes apart and the rims are not asked
        (``pack_cube_colour_swap_keep_net_own``). Both swap rules were written for two cubes the
        net reads in one colour (printing 997322: p(yellow) best on both; 997386: p(purple) best
        on both). Where one cube stands right in front of the other under a steep tilt, each
        window's rim band takes in the other cube's plastic: taught game 72712 (printing 997388,
        tilt 31.7, lamp), change 50: Red's cube on E3 (p(red) 0.82 best) and Yellow's on B5
        (p(yellow) 0.98 best) were swapped by their rims, "Red moved out of turn; Yellow's cube
        moved diagonally (A5 to E3)"; game 72709 (997385, tilt 33.5), change 149: Yellow on A4
        (p(yellow) 0.86) and Blue on A3 (p(blue) 0.63), "Blue's cube moved 2 spaces"."""
        if not self.config.pack_cube_colour_swap_keep_net_own:
            return False
        return all(int(np.argmax(probs[window_of[s]])) == CUBE_CLASSES.index(PLAYER_COLOURS[s]) for s in (a, b))

    def _rims_against(self, rims: np.ndarray, taught: np.ndarray, probs: np.ndarray, a: int, b: int) -> bool:
        """With a pack: the difference of two found cubes' rims (seat ``a``'s window minus seat
        ``b``'s, chromaticity) points against the difference of the two seats' taught colours: its
        length along that direction at least ``pack_cube_colour_swap_against`` the other way, at a
        cosine of at most minus ``pack_cube_colour_swap_against_cosine``, where the net's best
        cube colour in both windows (``probs``, two rows) is ``a``'s or ``b``'s. Taught game 72710
        (printing 997386, lamp), change 142: Blue's cube on C2 (a magenta-drawn green sextant in a
        blue rim) and Purple's on D4, both wearing tiles, both p(purple) best (0.91, 0.71); the
        lamp made every rim bluer than the teach photo's, both rims nearest the taught blue (C2
        0.29 from blue, 0.33 from purple; D4 0.16, 0.21), but C2's rim bluer than D4's by 0.086
        along the taught blue-purple difference (cosine -0.97): Purple was read on C2, Blue on
        D4, "Blue moved out of turn"."""
        cfg = self.config
        if cfg.pack_cube_colour_swap_against <= 0:
            return False
        pair = {CUBE_CLASSES.index(PLAYER_COLOURS[a]), CUBE_CLASSES.index(PLAYER_COLOURS[b])}
        if any(int(np.argmax(row)) not in pair for row in probs):
            return False
        norm = float(np.linalg.norm(taught))
        if norm < 1e-6:
            return False
        along = float(rims @ taught) / norm
        return along <= -cfg.pack_cube_colour_swap_against \
            and along <= -cfg.pack_cube_colour_swap_against_cosine * float(np.linalg.norm(rims))

    def _drop_doubtful_turns(self, obs: OctocubeObservation, art_match: dict[int, float],
                             colour_at: dict[int, int]) -> None:
        """A cube with another cube right behind it (as the camera sees it) may have that cube's
        near face in its window: the face's own tile art then draws the quarter-turn match
        (bench seed 72424, tilt 25.6: Blue's white sextant read turned 180 in scene after scene,
        lead 0.21, while it lay at 0 and then 90; Blue's pivot looked like no change and the
        game was lost). Where the art matched poorly there, the turn is reported unknown."""
        locs = self.layout.stack_locations
        window_of = {loc: i for i, loc in enumerate(locs)}
        for seat, match in art_match.items():
            cube = obs.cubes.get(seat)
            if cube is None or cube.location is None or cube.rotation is None \
                    or match >= self.config.rotation_min_match_before_cube:
                continue
            behind = self._behind[window_of[cube.location]]
            if behind is not None and behind in colour_at:
                obs.cubes[seat] = replace(cube, rotation=None, turn_axis_confidence=None)

    def _tops_behind(self, obs: OctocubeObservation) -> None:
        """With a pack: a cube read bare whose window fits another seat's taught bare face best
        (by ``pack_cube_top_behind_margin`` over the seat's own), where that seat's cube stands
        right behind it as the camera sees it, shows the near face of the cube behind, not its
        own top: the top is reported unsure (``pack_cube_top_behind_confidence``) with no turn.
        The place stands. (The bench's renderer paints a cube on a higher stack after one on a
        lower stack, whatever their depths: Yellow's cube on E4, 2.5 mm higher, hides two thirds
        of Red's top on E3 in front of it, taught game 72541, tilt 34.4.)"""
        cap = self.config.pack_cube_top_behind_confidence
        if cap <= 0:
            return
        locs = self.layout.stack_locations
        index = {loc: i for i, loc in enumerate(locs)}
        seat_at = {c.location: s for s, c in obs.cubes.items() if c.location is not None}
        for seat, (face, fits) in self._cube_top_face.items():
            cube = obs.cubes.get(seat)
            own = f"cube-{PLAYER_COLOURS[seat]}"
            if cube is None or cube.location is None or cube.top is not None or not face.startswith("cube-") \
                    or face == own or fits[face] - fits.get(own, -np.inf) < self.config.pack_cube_top_behind_margin:
                continue
            behind = self._behind[index[cube.location]]
            other = seat_at.get(locs[behind]) if behind is not None else None
            if other is None or face != f"cube-{PLAYER_COLOURS[other]}":
                continue
            obs.cubes[seat] = replace(cube, confidence=round(min(cube.confidence, cap), 4), rotation=None,
                                      turn_axis_confidence=None)

    def _net_cube_window(self, free: list[int], col: int, probs: np.ndarray, taken: set[int],
                         not_cube: set[int], windows: np.ndarray | None = None,
                         seat: int | None = None,
                         cube_stands: Callable[[int], bool] | None = None) -> tuple[int, float]:
        """The free window where the net finds colour ``col`` best, and its probability (-1, 0
        when every free window is in ``not_cube``). A cube seen in the window of the location in
        FRONT of it (its near face leans into that window under tilt) also shows, more weakly, in
        its own window, where its colour then leads: it is found there; a cube's top leaning into
        the empty window behind it leaves 'none' ahead there (bench seed 72403, tilt 30: Red on B3
        0.99, red 0.23-0.36 behind on C3 with 'none' 0.42-0.59, and Red was moved to C3).
        With a pack, a window behind where another seat's taught bare face fits is that seat's
        cube, taken for this colour by the net: the cube stays in front (:meth:`_other_seats_face`);
        so it does where a cube stands in the front window (``cube_stands``,
        ``pack_cube_behind_cube_in_front``)."""
        n_grid = len(self.layout.stack_locations)
        best = max(free, key=lambda i: probs[i, col])
        p = float(probs[best, col])
        behind = self._behind[best] if best < n_grid and self._cube_can_lean(best) else None
        # a window ruled out may still be where the net sees the cube behind it lean in
        if behind is not None and behind not in taken and behind not in not_cube:
            q = float(probs[behind, col])
            empty_front = self._face_leans_into_empty_front(windows, best, behind, seat, cube_stands, probs, col)
            need = self.config.cube_behind_min_probability
            if not empty_front:
                need = max(need, self.config.cube_behind_ratio * p)
            if q >= need \
                    and (int(np.argmax(probs[behind])) == col or empty_front
                         or self._topped_behind_wears_near_tile(windows, best, behind, seat, cube_stands, probs, col)) \
                    and not (windows is not None and seat is not None
                             and self._other_seats_face(windows, behind, seat)) \
                    and not (cube_stands is not None and cube_stands(best)
                             and not (windows is not None and seat is not None
                                      and (self._own_face_leans_in(windows, best, behind, seat, cube_stands, probs)
                                           or self._other_seats_plastic_in_front(windows, best, behind, seat)))) \
                    and not (windows is not None and seat is not None and self._rim_in_front(windows, best, seat)):
                return behind, min(1.0, p + q)
        if best in not_cube:
            left = [i for i in free if i not in not_cube]
            if not left:
                return -1, 0.0
            best = max(left, key=lambda i: probs[i, col])
            p = float(probs[best, col])
        return best, p

    def _cube_can_lean(self, i: int) -> bool:
        """Grid location ``i`` is seen tilted enough (``cube_behind_min_parallax_mm`` between its
        stack and cube heights) for a cube standing behind it to lean into its window."""
        return float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES >= self.config.cube_behind_min_parallax_mm

    def _topped_behind_wears_near_tile(self, windows: np.ndarray | None, front: int, behind: int, seat: int | None,
                                       cube_stands: Callable[[int], bool] | None, probs: np.ndarray,
                                       col: int) -> bool:
        """With a pack: the cube net (never taught the printing) may see 'none' lead in the window
        behind, where the seat's cube stands wearing a tile on its top, while the tile on its near
        face leans into the window in front (:meth:`_own_face_leans_in`, :meth:`_tile_on_near_face`).
        The seat's colour must still be the net's best cube colour there. Fresh taught game 72773
        (printing 997974, tilt 32.8, lamp), change 45: Yellow on E4 wearing a dark blue pearl
        (fitting 0.92 at a cube's height; p(none) 0.53, p(yellow) 0.39), its near face's light blue
        diamond over D4 in front (0.76; p(yellow) 0.73): Yellow was read on D4, "Yellow moved out of
        turn". A bare near face counts too (``pack_cube_behind_none_lead_bare_near_face``; 72786,
        change 237: Yellow's bare face over D3, its light blue amphora on D2 behind)."""
        cfg = self.config
        if windows is None or seat is None or cube_stands is None or self._cube_matcher is None \
                or (cfg.pack_cube_behind_near_tile_lead <= 0 and not cfg.pack_cube_behind_none_lead_bare_near_face):
            return False
        colours = [CUBE_CLASSES.index(PLAYER_COLOURS[o]) for o in range(self.num_players)]
        if max(colours, key=lambda c: float(probs[behind, c])) != col or not cube_stands(front):
            return False
        label, fit, _, _ = self._cube_matcher.scores(windows[front][None], turns=(0, 1, 2, 3)).best(0)
        bare_near_face = cfg.pack_cube_behind_none_lead_bare_near_face and label == f"cube-{PLAYER_COLOURS[seat]}"
        return (bare_near_face or self._tile_on_near_face(label, fit, windows[behind])) \
            and self._own_face_leans_in(windows, front, behind, seat, cube_stands, probs)

    def _face_leans_into_empty_front(self, windows: np.ndarray | None, front: int, behind: int, seat: int | None,
                                     cube_stands: Callable[[int], bool] | None, probs: np.ndarray,
                                     col: int) -> bool:
        """With a pack (``pack_cube_behind_empty_front``): no cube stands in grid window ``front``
        by the taught faces (:meth:`_cube_stands`: no bare face, no tile at a cube's height), the
        seat's colour is the net's best cube colour in the window ``behind`` and what ``front``
        shows is the near face of the seat's cube standing behind (:meth:`_own_face_leans_in`). The
        seat's colour the net sees in front is then only that face leaning in, so how strong it is
        there says nothing against the cube behind: ``cube_behind_ratio`` does not apply, nor need
        the colour lead behind. Fresh taught game 72825 (printing 998209, 2 players, tilt 30.7,
        evening), change 245: Yellow on C1 wearing a dark blue amphora (0.90 at a cube's height,
        C1's band naming Yellow; p(yellow) 0.105, p(none) 0.86) and its near face's coin over B1,
        which Red had just left (the coin 0.58 there, under ``pack_topped_partial_score``; p(yellow)
        0.72): Yellow was read on B1 wearing a coin, "Yellow rolls west from C1 to B1"."""
        if not self.config.pack_cube_behind_empty_front or windows is None or seat is None \
                or cube_stands is None or cube_stands(front):
            return False
        colours = [CUBE_CLASSES.index(PLAYER_COLOURS[o]) for o in range(self.num_players)]
        return max(colours, key=lambda c: float(probs[behind, c])) == col \
            and self._own_face_leans_in(windows, front, behind, seat, cube_stands, probs)

    def _own_face_leans_in(self, windows: np.ndarray, front: int, behind: int, seat: int,
                           cube_stands: Callable[[int], bool], probs: np.ndarray,
                           colour_at: dict[int, int] | None = None) -> bool:
        """With a pack (``pack_cube_behind_own_face_leans_in``): what stands in grid window ``front``
        is only the seat's own taught bare face (no tile fits there better), while the window
        ``behind`` shows a cube wearing a taught tile (:meth:`_cube_stands`) whose plastic band names
        no other seat (:meth:`_plastic_seat`) and where the net sees no other seat's colour (each
        under ``cube_behind_min_probability``): the face in front is the near face of the seat's cube
        behind, leaning in under the tilt, and ``pack_cube_behind_cube_in_front`` does not hold the
        cube in front. Fresh taught game 72764 (printing 997707, 4 players, tilt 32.3, lamp), change
        126: Purple wearing a green sextant on B5 (p(purple) 0.662, the sextant fitting 0.93 at a
        cube's height), its bare near face over B4 in front (p(purple) 0.666, Purple's bare face
        fitting 0.58); Purple was read on B4, "Purple moved out of turn". The near face may wear a
        tile too (:meth:`_tile_on_near_face`). ``colour_at`` (window -> colour column of the cubes
        already found), where given: another seat's colour seen behind (by the net or the plastic
        band) does not count where that seat's cube was found in the window right behind
        ``behind``, leaning in from there (:meth:`_leans_in_from_behind`)."""
        if not self.config.pack_cube_behind_own_face_leans_in or self._cube_matcher is None \
                or behind >= len(self.layout.stack_locations):
            return False
        if any(float(probs[behind, CUBE_CLASSES.index(PLAYER_COLOURS[o])]) >= self.config.cube_behind_min_probability
               and not self._leans_in_from_behind(behind, CUBE_CLASSES.index(PLAYER_COLOURS[o]), colour_at)
               for o in range(self.num_players) if o != seat):
            return False  # another seat's cube may stand behind (72728: Yellow's, p(yellow) 0.34)
        own = f"cube-{PLAYER_COLOURS[seat]}"
        label, front_fit, _, _ = self._cube_matcher.scores(windows[front][None], turns=(0, 1, 2, 3)).best(0)
        if label != own and not self._tile_on_near_face(label, front_fit, windows[behind]):
            return False
        label, _, _, _ = self._cube_matcher.scores(windows[behind][None], turns=(0, 1, 2, 3)).best(0)
        if label.startswith("cube-") or not cube_stands(behind):
            return False
        named = self._plastic_seat(windows[behind])
        return named is None or named[0] == seat \
            or self._leans_in_from_behind(behind, CUBE_CLASSES.index(PLAYER_COLOURS[named[0]]), colour_at)

    def _leans_in_from_behind(self, i: int, col: int, colour_at: dict[int, int] | None) -> bool:
        """The cube of colour column ``col`` was found (``colour_at``) in the window right behind
        grid window ``i``, seen tilted enough for it to lean in (:meth:`_cube_can_lean`): the net's
        ``col`` in ``i``'s window is that cube's plastic leaning in, not a cube standing at ``i``."""
        if colour_at is None or i >= len(self.layout.stack_locations) or not self._cube_can_lean(i):
            return False
        behind = self._behind[i]
        return behind is not None and colour_at.get(behind) == col

    def _bare_face_of_topped_behind(self, windows: np.ndarray, front: int, seat: int, left: list[int],
                                    probs: np.ndarray, cube_stands: Callable[[int], bool] | None,
                                    colour_at: dict[int, int]) -> int | None:
        """With a pack (``pack_bare_face_of_topped_behind``): the free grid window right behind
        ``front``, where the seat's taught bare face fits best of all free windows
        (:meth:`_taught_bare_cube`), when that face is the near face of the seat's own cube standing
        behind wearing a tile (:meth:`_own_face_leans_in`, another seat's colour there not counting
        where that seat's cube stands right behind it and leans in); else None. The tile on the
        cube's top hides the face the net knows it by and the cube behind fills its window with
        its own plastic, so the net barely sees the seat there and the bare-face search finds the
        near face in front instead. Fresh taught game 72821 (printing 998211, 4 players, tilt 34.4,
        evening), changes 21-24: Yellow on E3 wearing a white amphora (fitting 0.94 at a cube's
        height), Purple's cube on E2 right behind (p(purple) 0.77 in E3's window, p(yellow) 0.14);
        Yellow's bare near face fitted E4's window 0.63 (E4's flat green diamond 0.84 at a stack's
        height) and Yellow was read on E4, "Yellow rolls E3 to E4"."""
        if not self.config.pack_bare_face_of_topped_behind or cube_stands is None \
                or front >= len(self.layout.stack_locations) or not self._cube_can_lean(front):
            return None
        behind = self._behind[front]
        if behind is None or behind not in left \
                or not self._own_face_leans_in(windows, front, behind, seat, cube_stands, probs, colour_at):
            return None
        return behind

    def _other_seats_plastic_in_front(self, windows: np.ndarray, front: int, behind: int, seat: int) -> bool:
        """With a pack (``pack_cube_in_front_other_plastic``): the plastic band of the cube standing
        in window ``front`` names another seat plainly (:meth:`_plastic_seat`), and the band behind
        names no seat or this one: the cube in front is that other seat's, and the seat's colour the
        net sees in the front window (a printing drawing two plastics alike) holds nothing there.
        Fresh taught game 72814 (printing 998178 draws Red orange-red and Yellow orange-tan; 3
        players, tilt 35.0, evening), change 141: Yellow rolled onto B4 wearing a coin, in front of
        Red's cube on B5 wearing a green pearl; the net read red on both (B4 0.824, B5 0.74; yellow
        0.13 and 0.19), B4's band 0.033 from Yellow's taught plastic and 0.181 from Red's, B5's
        naming no seat (0.175 / 0.198); Red was held on B4 by the cube standing there, Yellow took
        B5 as a topped cube: "Red moved out of turn; Yellow's cube moved 2 spaces"."""
        if not self.config.pack_cube_in_front_other_plastic or not self._every_cube_taught():
            return False
        named = self._plastic_seat(windows[front])
        if named is None or named[0] == seat:
            return False
        named_behind = self._plastic_seat(windows[behind])
        return named_behind is None or named_behind[0] == seat

    def _tile_on_near_face(self, front_label: str, front_fit: float, behind_window: np.ndarray) -> bool:
        """With a pack (``pack_cube_behind_near_tile_lead``): the taught tile that best fits a
        front cube-height window (``front_label``, fitting ``front_fit``) may be one the cube behind
        wears on its near face, squeezed by the tilt: so it is where a taught tile fits the window
        behind, at the same cube height, better by at least that lead (a top seen face on fits
        better than a face seen edge on). Fresh taught game 72773 (printing 997974, 4 players, tilt
        32.8, lamp), change 28: Yellow on E4 wearing a dark blue pearl on top and a light blue
        diamond on its west face, the near one; the diamond fits D4's window in front 0.76 (turned),
        the pearl E4's 0.93; the net sees yellow on D4 0.72 and on E4 0.66. Yellow was read on D4
        wearing the diamond, "Yellow moved out of turn", and the game was lost."""
        lead = self.config.pack_cube_behind_near_tile_lead
        if lead <= 0 or front_label.startswith("cube-") or self._cube_matcher is None:
            return False
        tiles = [lb for lb in self._cube_matcher.labels if lb in TILE_LABELS]
        if front_label not in tiles:
            return False
        behind = self._cube_matcher.scores(behind_window[None], turns=(0, 1, 2, 3), only=tiles)
        return float(behind.scores[0].max()) - front_fit >= lead

    def _rim_in_front(self, windows: np.ndarray, i: int, seat: int) -> bool:
        """With a pack (``pack_cube_behind_rim_in_front``): grid window ``i``, seen nearly straight
        down, shows the seat's plastic rim whole round the tile its cube wears (:meth:`_rim_of`,
        four sides): the seat's cube stands there, so the colour the net sees in the window behind
        is another cube's. Whole taught game 72705 (printing 997381 draws light blue tiles pink;
        2 players, tilt 10.1, lamp), change 262: Red's cube on A3 wearing a green pearl (p(red)
        0.97, its rim whole) in front of Yellow's on A4 wearing a light blue starfish (p(red) 0.53,
        p(yellow) 0.30, Yellow's rim whole there, Red's on two sides); Red was moved onto A4, Yellow
        found nowhere, "Red moved out of turn". Low-parallax windows only: the height tests of
        :meth:`_cube_stands` cannot act there."""
        cfg = self.config
        if not cfg.pack_cube_behind_rim_in_front or self.pack is None or cfg.pack_rim_max_none <= 0 \
                or i >= len(self.layout.stack_locations) or not self._low_parallax(i) \
                or f"cube-{PLAYER_COLOURS[seat]}" not in self.pack.faces:
            return False
        colours = self._rim_colours(seat, note_blocked=False)
        return colours is not None and self._rim_of(windows[i], *colours) == 4

    def _cube_stands(self, windows: np.ndarray, stacks: np.ndarray | None,
                     stack_scores: TileScores | None) -> Callable[[int], bool] | None:
        """With a pack (``pack_cube_behind_cube_in_front``): whether a cube stands at grid window
        ``i``: its top a bare cube face (some seat's taught one fits at least
        ``pack_cube_face_score``, beating every taught tile there by ``pack_cube_face_lead``) or a
        taught tile at a cube's height (:meth:`_topped_cubes`, where the stacks were judged this
        frame). None without a pack; each window judged once."""
        matcher = self._cube_matcher
        if matcher is None or not self.config.pack_cube_behind_cube_in_front:
            return None
        faces = [j for j, label in enumerate(matcher.labels) if label.startswith("cube-")]
        tiles = [j for j, label in enumerate(matcher.labels) if not label.startswith("cube-")]
        topped: dict[int, float] | None = None
        known: dict[int, bool] = {}

        def stands(i: int) -> bool:
            nonlocal topped
            if i >= len(self.layout.stack_locations):
                return False
            if i not in known:
                scores = matcher.scores(windows[i][None], turns=(0, 1, 2, 3))
                face = scores.best(0, faces)[1] if faces else 0.0
                tile = scores.best(0, tiles)[1] if tiles else 0.0
                bare = face >= self.config.pack_cube_face_score and face - tile >= self.config.pack_cube_face_lead
                if not bare and stacks is not None and stack_scores is not None and topped is None:
                    topped = self._topped_cubes(windows, stacks, stack_scores, set())
                known[i] = bare or (topped is not None and i in topped)
            return known[i]

        return stands

    def _other_seats_face(self, windows: np.ndarray, i: int, seat: int) -> bool:
        """With a pack: cube-height window ``i`` is best fitted, surely (``pack_cube_face_score``,
        lead ``pack_cube_face_lead`` over every other taught face), by another seat's taught bare
        cube face. The net may take one plastic for another (random printing 997380, game 72704,
        tilt 16.8: Blue's bare cube on C1 read purple 0.54, Purple's own cube wearing a tile right
        in front of it on B1 0.99, and Purple was moved onto C1 and Blue lost)."""
        if self._cube_matcher is None or not self.config.pack_cube_behind_other_face:
            return False
        faces = [f"cube-{PLAYER_COLOURS[s]}" for s in range(self.num_players) if s != seat]
        if not any(face in self._cube_matcher.labels for face in faces):
            return False
        label, score, lead, _ = self._cube_matcher.scores(windows[i][None], turns=(0, 1, 2, 3)).best(0)
        return label in faces and score >= self.config.pack_cube_face_score \
            and lead >= self.config.pack_cube_face_lead

    def _shows_stack_top(self, windows: np.ndarray, stacks: np.ndarray, i: int) -> bool:
        """With a pack: grid location ``i``'s windows show a taught tile lying at a stack's
        height, not at a cube's, so what the cube net sees there (a tile in a cube's colour: a
        yellow-green white sextant taken for the yellow cube, 0.96) is a stack top and not a cube.
        The reverse of :meth:`_topped_cubes`' height test: under tilt (a parallax of at least
        ``pack_topped_min_parallax_mm`` between the two heights) the tile fits the stack-height
        window at least ``pack_cube_stack_top_score`` and the cube-height window worse by at least
        ``pack_topped_height_lead``. A cube standing there hides its stack's window behind its own
        side and top: no taught tile fits it so (``pack_cube_stack_top_score``), and where its side
        happens to, its bare top fits a taught cube face at cube height (``pack_cube_face_score``)."""
        assert self._cube_matcher is not None
        cfg = self.config
        if i >= len(self.layout.stack_locations):
            return False  # a seat's rest spot: no stack there
        tiles = [lb for lb in self._cube_matcher.labels if lb in TILE_LABELS]
        if not tiles:
            return False
        if float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES < cfg.pack_topped_min_parallax_mm:
            # nearly straight down: height cannot be told from the two windows' fits, but the mat
            # can be seen round a flat tile where a cube would show its plastic, and a flat tile
            # lies off the cube-height window's centre toward its stack's place
            return self._mat_round_tile(windows[i], tiles) or self._tile_at_stack_offset(windows[i], i, tiles)
        down = self._cube_matcher.scores(stacks[i][None], turns=(0, 1, 2, 3), only=tiles)
        j = int(np.argmax(down.scores[0]))
        score = float(down.scores[0, j])
        if score < cfg.pack_cube_stack_top_score:
            return False
        up = self._cube_matcher.scores(windows[i][None], turns=(0, 1, 2, 3), only=tiles)
        if score - float(up.scores[0, up.labels.index(down.labels[j])]) < cfg.pack_topped_height_lead:
            return False
        # a cube wearing a tile: its top's tile fits the cube-height window as well as whatever the
        # stack-height window shows, which under a steep tilt is the cube's near side, itself
        # wearing a tile (random printing 997321, game 72485, tilt 34.6: the red cube's dark blue
        # amphora 0.64 up there, the light blue tile on its side 0.63 down here)
        if cfg.pack_cube_topped_not_stack_top and \
                float(up.scores[0].max()) >= max(cfg.pack_cube_topped_height_score,
                                                  score - cfg.pack_topped_height_lead) \
                and not self._leans_on_flat_top(windows, stacks, i, tiles):
            return False
        # a bare cube's top in the cube-height window is a cube, whatever its side shows in the
        # stack's window under a strong tilt (training printing 31, table 533102, tilt 28: a yellow
        # cube's side fits the coin tile 0.65 there, its top fits the taught cube faces 0.81-0.82)
        bare = [lb for lb in self._cube_matcher.labels if lb.startswith("cube-")]
        if bare:
            faces = self._cube_matcher.scores(windows[i][None], turns=(0, 1, 2, 3), only=bare)
            if float(faces.scores[0].max()) >= cfg.pack_cube_face_score:
                return False
        return True

    def _leans_on_flat_top(self, windows: np.ndarray, stacks: np.ndarray, i: int, tiles: list[str]) -> bool:
        """With ``pack_cube_topped_not_flat_behind``: grid location ``i``'s cube-height window lies
        over the stack-height window of the neighbour straight behind (``_behind_overlap``, at least
        ``pack_cube_topped_behind_overlap``), and that neighbour shows a flat stack top with no cube
        on it (a taught tile fits its stack-height window at least ``pack_cube_stack_top_score`` and
        its cube-height window worse by at least ``pack_topped_height_lead``). A tile fitting ``i``'s
        cube-height window is then that top, seen past ``i``: a cube on ``i`` would hide most of it
        (72821, change 22). Decided by the windows' places in the image, not by the tiles' names;
        with ``pack_cube_topped_lean_fits_best``, not where that tile fits ``i``'s cube-height
        window better than the neighbour's stack-height window (a cube's own top, 72858)."""
        assert self._cube_matcher is not None
        cfg = self.config
        behind = self._behind[i] if i < len(self._behind) else None
        if not cfg.pack_cube_topped_not_flat_behind or behind is None \
                or self._behind_overlap[i] < cfg.pack_cube_topped_behind_overlap:
            return False
        down = self._cube_matcher.scores(stacks[behind][None], turns=(0, 1, 2, 3), only=tiles)
        j = int(np.argmax(down.scores[0]))
        score = float(down.scores[0, j])
        if score < cfg.pack_cube_stack_top_score:
            return False
        up = self._cube_matcher.scores(windows[behind][None], turns=(0, 1, 2, 3), only=[down.labels[j]])
        if score - float(up.scores[0].max()) < cfg.pack_topped_height_lead:
            return False
        if cfg.pack_cube_topped_lean_fits_best:
            # the tile fits ``i``'s cube-height window better than where it would lie flat: the top
            # of a cube standing on ``i``, seen in the neighbour's window too (72858, change 81)
            here = self._cube_matcher.scores(windows[i][None], turns=(0, 1, 2, 3), only=[down.labels[j]])
            if float(here.scores[0].max()) > score:
                return False
        return True

    def _mat_round_tile(self, window: np.ndarray, tiles: list[str]) -> bool:
        """With ``pack_cube_mat_round_tile_sides``: a taught tile fits the cube-height window at
        least ``pack_cube_stack_top_score`` and the band round it shows the play mat on that many
        sides (:func:`_mat_sides`): a flat tile on the mat, not a cube wearing one. With
        ``pack_cube_mat_band_at_tile`` the band lies round the tile where the matcher found it
        (a flat tile seen from a cube's height lies off the window's centre), not on its edge."""
        cfg = self.config
        if cfg.pack_cube_mat_round_tile_sides <= 0 or self.pack is None:
            return False
        plastics = [self._rim_colour(s) for s in range(self.num_players)
                    if f"cube-{PLAYER_COLOURS[s]}" in self.pack.faces]
        if self._cube_matcher is None:
            return False
        up = self._cube_matcher.scores(window[None], turns=(0, 1, 2, 3), only=tiles)
        j = int(np.argmax(up.scores[0]))
        if float(up.scores[0, j]) < cfg.pack_cube_stack_top_score:
            return False
        centre, gap = (0.0, 0.0), 0.0
        if cfg.pack_cube_mat_band_at_tile and up.offsets is not None:
            # round the tile where the matcher found it, a little off its blurred edge
            centre = (float(up.offsets[0, j, 0]), float(up.offsets[0, j, 1]))
            gap = cfg.pack_cube_mat_band_gap_mm * PATCH_PX_PER_MM
        return _mat_sides(window, plastics, cfg.pack_cube_mat_pixel_chroma, cfg.pack_cube_mat_band_share,
                          centre, gap) >= cfg.pack_cube_mat_round_tile_sides

    def _tile_at_stack_offset(self, window: np.ndarray, i: int, tiles: list[str]) -> bool:
        """With ``pack_cube_stack_top_offset_share``, at grid location ``i`` seen nearly straight
        down: the best taught tile fits the cube-height ``window`` at least
        ``pack_cube_stack_top_score``, shifted from its centre along the parallax line toward the
        stack's place by that share of the parallax between the two heights (at least
        ``pack_cube_stack_top_offset_min_mm``), and no taught bare cube face fits it
        ``pack_cube_face_score``: a flat tile at a stack's height, not a tile worn by a cube, which
        lies centred there."""
        cfg = self.config
        if cfg.pack_cube_stack_top_offset_share <= 0 or self._cube_matcher is None:
            return False
        if not self._offset_tells_height(i):
            return False
        up = self._cube_matcher.scores(window[None], turns=(0, 1, 2, 3), only=tiles)
        j = int(np.argmax(up.scores[0]))
        if float(up.scores[0, j]) < cfg.pack_cube_stack_top_score or up.offsets is None:
            return False
        # a cube standing off its place moves its tile every way, a flat tile only along the line
        across = cfg.pack_cube_stack_top_offset_across_weight * self._share_across_stack_line(i, up.offsets[0, j])
        if self._share_toward_stack(i, up.offsets[0, j]) - across < cfg.pack_cube_stack_top_offset_share:
            return False
        bare = [lb for lb in self._cube_matcher.labels if lb.startswith("cube-")]
        if bare:
            faces = self._cube_matcher.scores(window[None], turns=(0, 1, 2, 3), only=bare)
            if float(faces.scores[0].max()) >= cfg.pack_cube_face_score:
                return False
        return True

    def _offset_tells_height(self, i: int) -> bool:
        """Grid location ``i``'s stack and cube heights lie at least
        ``pack_cube_stack_top_offset_min_mm`` apart in the picture: where the matcher finds a tile
        in the cube-height window tells its height (:meth:`_share_toward_stack`)."""
        parallax = float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES
        return parallax >= self.config.pack_cube_stack_top_offset_min_mm

    def _share_across_stack_line(self, i: int, offset: np.ndarray) -> float:
        """How far the matcher found a tile (``offset``, px from the centre of grid location ``i``'s
        cube-height window) off the parallax line through the two heights' centres, as a share of
        that parallax: about 0 for a stack's top (only its height moves it, along the line); a cube
        standing off its place moves its tile as far across the line as along it."""
        vx, vy = (float(v) * PATCH_PX_PER_MM for v in self._parallax[i])
        per_tile = float(np.hypot(vx, vy))
        ox, oy = (float(v) for v in offset)
        across = abs(ox * vy - oy * vx) / max(1e-9, per_tile)  # px
        return across / max(1e-9, per_tile * _CUBE_LIFT_TILES)

    def _share_toward_stack(self, i: int, offset: np.ndarray) -> float:
        """How far the matcher found a tile (``offset``, px from the centre of grid location
        ``i``'s cube-height window) toward where a stack's top lies, as a share of the parallax
        between the two heights: about 1 for a stack's top, about 0 for a tile worn by a cube."""
        vx, vy = (float(v) * PATCH_PX_PER_MM for v in self._parallax[i])  # px per tile of height
        per_tile = float(np.hypot(vx, vy))
        ox, oy = (float(v) for v in offset)
        toward_stack = -(ox * vx + oy * vy) / per_tile  # px; a stack's top lies down the parallax line
        return toward_stack / max(1e-9, per_tile * _CUBE_LIFT_TILES)

    def _bare_cube_elsewhere(self, windows: np.ndarray, pick: int, free: list[int], col: int,
                             probs: np.ndarray, not_cube: set[int],
                             colour_at: dict[int, int] | None = None) -> tuple[int, float] | None:
        """With a pack: the net's pick for a seat (grid window ``pick``) shows a taught tile, not a
        bare cube face, while another free window the net also gives this seat's colour (its own
        best class there, at least ``min_cube_probability``) shows a taught bare cube face
        (``pack_cube_face_score``, and better than every taught tile): that window, and the net's
        probability there; else None. A random printing's tile may share a cube's colour: random
        printing 996994 draws its green tiles crimson, and the net gives them p(red) 0.95-0.99,
        as much as the real red cube (0.94-0.97, its plate fitting the taught bare faces
        0.89-0.94); seen nearly straight down (tilt 2-12 degrees, parallax 1-6 mm) the height test
        (``_shows_stack_top``) cannot tell a tile on a stack from one on a cube. The bare cube
        explains the seat's colour where the tile does not: a topped cube's rim is the only other
        way, and a seat has one cube. With ``pack_cube_elsewhere_share``, the net's probabilities
        of this colour (the pick's and the others') are judged as shares of what the colours of
        cubes already found in other windows leave, as :meth:`_rimmed_cube_elsewhere` judges them
        (72705, change 111: Red rolled bare onto B3, p(red) 0.83 and p(yellow) 0.07 there with
        Yellow found at its rest spot; C2's pink amphora p(red) 0.96: B3 fell under the floor,
        0.86, by 0.03, and Red was read on C2, "Red's cube moved diagonally")."""
        assert self._cube_matcher is not None
        if pick >= len(self.layout.stack_locations):
            return None  # the seat's rest spot
        turns = (0, 1, 2, 3)
        label = self._cube_matcher.scores(windows[pick][None], turns=turns).best(0)[0]
        if label.startswith("cube-"):
            return None
        # as much of the colour as the pick: a window the net gives it plainly less is not this
        # seat's cube however its plate fits (fresh printing 997301, table 520101: the yellow cube's
        # own window 0.94, the red cube's bare plate 0.58 yellow, its rim not told from yellow)
        found = (sorted(set((colour_at or {}).values()) - {col}) if self.config.pack_cube_elsewhere_share else [])

        def p_of(i: int) -> float:
            return _share_of(probs[i], col, found) if found else float(probs[i, col])

        floor = max(self.config.min_cube_probability, p_of(pick) - self.config.pack_cube_elsewhere_p_drop)
        front = self._front[pick]
        reach = self.config.pack_cube_elsewhere_front_parallax_mm
        if front is not None and (reach <= 0 or float(np.hypot(*self._parallax[pick])) * _CUBE_LIFT_TILES < reach):
            front = None  # seen nearly straight down, the near face does not reach the window in front
        others = [i for i in free if i != pick and i != front and i not in not_cube
                  and p_of(i) >= floor and _best_class(probs[i], found) == col]
        # the window straight behind the pick, whatever the net gives it (``pack_cube_bare_behind_lead``)
        behind_lead = self.config.pack_cube_bare_behind_lead
        behind = [i for i in free if behind_lead > 0 and i < len(self.layout.stack_locations)
                  and self._front[i] == pick and i not in not_cube and i not in others]
        if not others and not behind:
            return None
        scores = self._cube_matcher.scores(windows[others + behind], turns=turns)
        own = f"cube-{CUBE_CLASSES[col]}"
        bare = []
        for k, i in enumerate(others + behind):
            face, score, lead, _ = scores.best(k)
            if i in behind:
                if face == own and score >= self.config.pack_cube_face_score and lead >= behind_lead:
                    # the net's colour there is the cube's near side, in the pick's window
                    return i, max(float(probs[i, col]), p_of(pick))
                continue
            if not face.startswith("cube-") or score < self.config.pack_cube_face_score:
                continue
            # the plates are alike, the rims are not: another seat's bare cube the net takes for
            # this colour (random printing 996990, table 520003: the blue cube p(purple) 0.66,
            # cube-blue 0.91, cube-purple 0.34 less) is not this seat's
            mine = float(scores.scores[k, scores.labels.index(own)]) if own in scores.labels else score
            if mine >= self.config.pack_cube_face_score and score - mine < self.config.pack_cube_face_lead:
                bare.append(i)
        if not bare:
            return None
        best = max(bare, key=lambda i: float(probs[i, col]))
        return best, p_of(best) if self.config.pack_cube_elsewhere_share_p else float(probs[best, col])

    def _hidden_cube(self, col: int, probs: np.ndarray, free: list[int],
                     colour_at: dict[int, int], not_cube: set[int] | None = None) -> tuple[int, float] | None:
        """A cube whose colour wins no window plainly, partly hidden at a steep tilt (bench seed
        72204, tilt 31.7, evening light): (window, probability) or None. Two ways:
        * its top leans into the window in front of it (its stack lower than the window's plane):
          the colour shows in both windows, neither reaching the threshold (0.28 and 0.25); the
          two are added, as for a cube whose near face leans into the window in front;
        * the cube behind it, on a taller stack, hides half of its top face: that cube's colour
          fills the window (0.84) and what is left is mostly this colour (0.07 of 0.16). The
          window is read without the colour that the cube behind explains, where this colour
          then leads every other colour (the empty class counts in the share, not the lead:
          0.19 of 0.53 with 'none' 0.22, the near row, tilt 31.7).
        ``not_cube``: windows that show a stack top (``_shows_stack_top``): never the answer, but
        still counted as the window in front that a cube's top leans into."""
        cfg = self.config
        best: tuple[int, float] | None = None
        for i in free:
            p = float(probs[i, col])
            if p < cfg.cube_hidden_min_probability or (not_cube is not None and i in not_cube):
                continue
            found = 0.0
            front = self._front[i]
            if p >= cfg.cube_behind_min_probability and front is not None and front in free:
                q = float(probs[front, col])
                if q >= max(cfg.cube_behind_min_probability, cfg.cube_behind_ratio * p):
                    found = p + q
            behind = self._behind[i]
            if behind is not None and behind in colour_at:
                rest = probs[i].copy()
                rest[colour_at[behind]] = 0.0
                total = float(rest.sum())
                rest[CUBE_CLASSES.index("none")] = -1.0  # counts in the share, not in the lead
                if total > 0 and int(np.argmax(rest)) == col:
                    found = max(found, p / total)
            found = min(1.0, found)
            if found >= cfg.min_cube_probability and (best is None or found > best[1]):
                best = (i, found)
        return best

    def _hidden_cube_by_near_face(self, col: int, seat: int, probs: np.ndarray, free: list[int],
                                  colour_at: dict[int, int], not_cube: set[int], stacks: np.ndarray,
                                  windows: np.ndarray | None = None) -> tuple[int, float] | None:
        """With a pack: :meth:`_hidden_cube`'s second way (the cube behind, on a taller stack, over
        part of this cube's top) where the colour left once the cube behind is set aside leads but
        is under ``min_cube_probability``, down to ``pack_hidden_cube_share``, confirmed by the
        cube's own near face: under a tilt that moves a stack's top at least
        ``pack_topped_min_parallax_mm``, the seat's taught bare face fits the location's
        stack-height window at least ``pack_near_face_score`` and beats every other taught face
        there by ``pack_cube_face_lead``. The net knows the built-in colours only (whole taught game
        72541, printing 997351, tilt 34.4, change 60: Blue's orange cube on E2 wearing a light blue
        starfish, 72 % in view under Red's on E3; the net gave it 0.15 of the 0.59 Red leaves, a share
        of 0.25, and its orange near face fit Blue's taught bare face 0.54 there, the next face
        0.08: Blue's cube was not found at the injected illegal change and the game was lost).
        (window, share) or None."""
        assert self._cube_matcher is not None
        cfg = self.config
        face = f"cube-{PLAYER_COLOURS[seat]}"
        if cfg.pack_hidden_cube_share <= 0 or face not in self._cube_matcher.labels:
            return None
        best: tuple[int, float] | None = None
        for i in free:
            behind = self._behind[i]
            if i in not_cube or behind is None or behind not in colour_at \
                    or float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES < cfg.pack_topped_min_parallax_mm:
                continue
            rest = probs[i].copy()
            rest[colour_at[behind]] = 0.0
            total = float(rest.sum())
            rest[CUBE_CLASSES.index("none")] = -1.0
            if total <= 0 or int(np.argmax(rest)) != col:
                continue
            share = float(probs[i, col]) / total
            if share < cfg.pack_hidden_cube_share or (best is not None and share <= best[1]):
                continue
            label, score, lead, _ = self._cube_matcher.scores(stacks[i][None], turns=(0, 1, 2, 3)).best(0)
            if label == face and score >= cfg.pack_near_face_score and lead >= cfg.pack_cube_face_lead:
                best = (i, share)
            elif windows is not None and self._wears_own_tile(windows, stacks, i, seat):
                best = (i, share)
        return best

    def _wears_own_tile(self, windows: np.ndarray, stacks: np.ndarray, i: int, seat: int,
                        lead: float | None = None) -> bool:
        """With a pack: grid location ``i``'s cube-height window shows a taught tile lying at a
        cube's height (at least ``pack_hidden_topped_score``, leading its stack-height fit by
        ``lead``, by default :meth:`_topped_lead`) inside a plastic rim nearest ``seat``'s taught
        cube colour: the seat's cube wearing a tile (:meth:`_hidden_cube_by_near_face`)."""
        assert self._cube_matcher is not None
        cfg = self.config
        tiles = [lb for lb in self._cube_matcher.labels if lb in TILE_LABELS]
        if cfg.pack_hidden_topped_score > 1 or not tiles:
            return False
        up = self._cube_matcher.scores(windows[i][None], turns=(0, 1, 2, 3), only=tiles)
        j = int(np.argmax(up.scores[0]))
        score = float(up.scores[0, j])
        if score < cfg.pack_hidden_topped_score:
            return False
        down = self._cube_matcher.scores(stacks[i][None], turns=(0, 1, 2, 3), only=(up.labels[j],))
        if score - float(down.scores[0, j]) < (self._topped_lead(i) if lead is None else lead):
            return False
        rim = _rim_chroma(windows[i])
        mine = float(np.abs(rim - self._cube_colour(seat)).sum())
        return all(float(np.abs(rim - self._cube_colour(o)).sum()) > mine
                   for o in range(self.num_players) if o != seat)

    def _not_stack_tops(self, windows: np.ndarray, stacks: np.ndarray, ranked: list[int]) -> list[int]:
        """The first of ``ranked`` (best first) that does not show a flat stack top
        (:meth:`_shows_stack_top`), as a one-element list, or an empty one: a space whose own stack
        top lies in plain view holds no cube (``pack_topped_net_not_stack_top``). Asked lazily, best
        first, since each ask fits the taught tiles twice."""
        for i in ranked:
            if not self._shows_stack_top(windows, stacks, i):
                return [i]
        return []

    def _topped_cube_by_net(self, windows: np.ndarray, stacks: np.ndarray, probs: np.ndarray,
                            free: list[int], seat: int,
                            colour_at: dict[int, int] | None = None) -> tuple[int, float] | None:
        """With a pack, for a seat the net finds nowhere: the free grid window where the net
        gives the seat's colour most, at least ``pack_topped_net_floor`` and more than any other
        cube colour there, that shows the seat's cube wearing a tile (:meth:`_wears_own_tile`:
        a taught tile at a cube's height inside a rim nearest the seat's taught colour), and the
        colour's share of the net's cube classes there; else None. A cube wearing a tile shows
        little plastic, and the net never learnt the printing's: it may see mostly 'none'. Asked
        where the tilt lets the height test act (not :meth:`_low_parallax`), and, with
        ``pack_topped_net_low_parallax``, where it does not, if the tile's height shows plainly
        (the whole ``pack_topped_height_lead``). With ``pack_topped_net_set_aside_found``, the
        colours of cubes already found in other windows (``colour_at``) are set aside in the
        lead and the share: a seat has one cube, and the net may take a printing's tile on a
        cube for another seat's plastic. With ``pack_topped_net_not_stack_top``, a window that
        shows a flat stack top is passed over for the next best: the tile there at cube height
        may be the near face of a topped cube standing right behind (fresh game 72830, change 146)."""
        cfg = self.config
        if cfg.pack_topped_net_floor > 1 or self._cube_matcher is None:
            return None
        n_grid = len(self.layout.stack_locations)
        col = CUBE_CLASSES.index(PLAYER_COLOURS[seat])
        none = CUBE_CLASSES.index(NO_CUBE)
        grid = [i for i in free if i < n_grid and float(probs[i, col]) >= cfg.pack_topped_net_floor
                and (cfg.pack_topped_net_low_parallax or not self._low_parallax(i))]
        if cfg.pack_topped_net_not_stack_top:
            grid = self._not_stack_tops(windows, stacks, sorted(grid, key=lambda k: -float(probs[k, col])))
        if not grid:
            return None
        i = max(grid, key=lambda k: float(probs[k, col]))
        colours = probs[i].copy()
        if cfg.pack_topped_net_set_aside_found and colour_at:
            for found in set(colour_at.values()) - {col}:
                colours[found] = 0.0
        rest = float(colours.sum()) - float(colours[none])
        colours[none] = -1.0
        lead = cfg.pack_topped_height_lead if self._low_parallax(i) else None
        if int(np.argmax(colours)) != col or not self._wears_own_tile(windows, stacks, i, seat, lead):
            return None
        return i, min(1.0, float(probs[i, col]) / max(1e-6, rest))

    def _cube_by_rim_chroma(self, windows: np.ndarray, probs: np.ndarray, free: list[int], seat: int,
                            colour_at: dict[int, int]) -> tuple[int, float] | None:
        """With a pack, for a seat found nowhere else, seen nearly straight down: the one free grid
        window where the net is sure some cube stands (p(none) at most ``pack_rim_chroma_max_none``),
        the seat's colour leads the net's cube colours once those of cubes found elsewhere are set
        aside (a seat has one cube), and the band round the tile it wears (:func:`_rim_chroma`) lies
        nearest the seat's taught plastic (:meth:`_rim_colour`) by ``pack_rim_chroma_margin``; its
        place as sure as the colour's share there, at most ``pack_rim_chroma_p``. For a tile drawn
        in the seat's own hue, which leaves no ring a hue mask can tell (:meth:`_rimmed_cube`)."""
        cfg = self.config
        if cfg.pack_rim_chroma_max_none <= 0 or not self._every_cube_taught():
            return None
        n_grid = len(self.layout.stack_locations)
        col = CUBE_CLASSES.index(PLAYER_COLOURS[seat])
        none = CUBE_CLASSES.index(NO_CUBE)
        found = sorted(set(colour_at.values()) - {col})
        own = self._rim_colour(seat)
        others = [self._rim_colour(o) for o in range(self.num_players) if o != seat]
        hits: list[tuple[int, float]] = []
        for i in free:
            if i >= n_grid or not self._low_parallax(i) or float(probs[i, none]) > cfg.pack_rim_chroma_max_none:
                continue
            if not _leads_set_aside(probs[i], col, found, none):
                continue
            band = _rim_chroma(windows[i])
            mine = float(np.abs(band - own).sum())
            if all(float(np.abs(band - o).sum()) - mine >= cfg.pack_rim_chroma_margin for o in others):
                hits.append((i, min(cfg.pack_rim_chroma_p, _share_of(probs[i], col, found))))
        return hits[0] if len(hits) == 1 else None

    def _ringed_at_rest(self, windows: np.ndarray, probs: np.ndarray, free: list[int], seat: int,
                        colour_at: dict[int, int]) -> tuple[int, float] | None:
        """With a pack (``pack_rest_rim_sides``), for a seat found nowhere on the grid: its rest
        window, where that shows a ring in the seat's taught hue (:meth:`_rim_of`) on
        ``pack_rest_rim_sides`` sides, with the net's p(some cube) there, at least
        ``pack_rim_alone_p``; None else, or where the seat's plastic is too grey or too like
        another's for a ring to tell (:meth:`_rim_colours`). Only the seat's own cube rests there."""
        cfg = self.config
        rest = len(self.layout.stack_locations) + seat
        if cfg.pack_rest_rim_sides <= 0 or rest not in free:
            return None
        colours = self._rim_colours(seat, colour_at, note_blocked=False)
        if colours is None or self._rim_of(windows[rest], *colours) < cfg.pack_rest_rim_sides:
            return None
        none = CUBE_CLASSES.index(NO_CUBE)
        return rest, max(1.0 - float(probs[rest, none]), cfg.pack_rim_alone_p)

    def _sure_cube_by_plastic(self, windows: np.ndarray, probs: np.ndarray, free: list[int], seat: int,
                              colour_at: dict[int, int]) -> tuple[int, float] | None:
        """With a pack (``pack_sure_cube_max_none``), for a seat the net finds nowhere: of the free
        grid windows where the net is sure some cube stands and, the colours of cubes found
        elsewhere set aside (a seat has one cube), the seat's colour leads, the one whose band
        names the seat (:meth:`_plastic_seat`, plainly nearest of those named for it:
        :meth:`_named_window`), with the net's p(some cube) there; else None. Asked before the
        steps that may place the cube where the net sees none (a stack top at a cube's height):
        a cube the net sees surely, claimed by no seat, is some seat's, and the net read it by
        the colour of the tile it wears (fresh printing 997782, table 548204: Purple's cube
        wearing a green starfish p(red) 0.86 with Red found elsewhere)."""
        cfg = self.config
        if cfg.pack_sure_cube_max_none <= 0 or cfg.pack_lost_seat_rim_margin <= 0 or not self._every_cube_taught():
            return None
        n_grid = len(self.layout.stack_locations)
        col = CUBE_CLASSES.index(PLAYER_COLOURS[seat])
        none = CUBE_CLASSES.index(NO_CUBE)
        found = sorted(set(colour_at.values()) - {col})
        named: dict[int, tuple[int, float] | None] = {}
        for i in free:
            if i >= n_grid or float(probs[i, none]) > cfg.pack_sure_cube_max_none:
                continue
            if _leads_set_aside(probs[i], col, found, none):
                named[i] = self._plastic_seat(windows[i])
        at = self._named_window(named, seat)
        return None if at is None else (at, 1.0 - float(probs[at, none]))

    def _taught_bare_cube(self, windows: np.ndarray, free: list[int], seat: int) -> tuple[int, float] | None:
        """With a pack: the free cube-height window where the seat's taught bare cube face fits
        best, and how sure that is, or None. The cube net finds a cube by its metal plate; a copy
        whose cubes have none, in a colour its tiles share (blue), looks like a tile stack to it,
        and a seat whose cube is never found loses the whole game. Asked only for a seat the net
        missed, so a copy with plated cubes reads as before."""
        assert self._cube_matcher is not None
        face = f"cube-{PLAYER_COLOURS[seat]}"
        if face not in self._cube_matcher.labels or not free:
            return None
        turns = (0, 1, 2, 3)
        own = self._cube_matcher.scores(windows[free], turns=turns, only=(face,))
        j = int(np.argmax(own.scores[:, own.labels.index(face)]))
        if own.scores[j, own.labels.index(face)] < self.config.pack_cube_face_score:
            return None
        # every taught face in that window: a tile (a stack, or a tile on another cube) or another
        # seat's cube must not fit it as well
        label, score, lead, _ = self._cube_matcher.scores(windows[free[j]][None], turns=turns).best(0)
        if label != face or lead < self.config.pack_cube_face_lead:
            return None
        return free[j], self._pack_confidence(score, lead)

    def _topped_cubes(self, windows: np.ndarray, stacks: np.ndarray, stack_scores: TileScores,
                      taken: set[int], for_missing_seat: bool = False) -> dict[int, float]:
        """With a pack: the free grid locations where a taught tile lies at a cube's height (a
        cube wearing a tile on its top), each with how sure that is. The tile hides the cube's
        face and the net may miss a plate-less cube; its height shows it: under tilt, a tile on
        a cube fits the cube-height window where a stack's top would not, and fits the
        stack-height window worse than there. ``for_missing_seat``: asked for a seat found
        nowhere else, so steep locations whose stack-height window a tiled near face may fill are
        tried too (:meth:`_near_face_fills_stack_window`)."""
        assert self._cube_matcher is not None
        cfg = self.config
        tiles = [lb for lb in self._cube_matcher.labels if lb in TILE_LABELS]
        tried = [i for i in range(len(self.layout.stack_locations)) if i not in taken
                 and float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES >= cfg.pack_topped_min_parallax_mm
                 and (float(stack_scores.scores[i].max()) < cfg.pack_topped_stack_score
                      or (for_missing_seat and self._near_face_fills_stack_window(i)))]
        out = self._centred_topped_cubes(windows, taken, tiles) if tiles else {}
        if not tried or not tiles:
            return out
        up = self._cube_matcher.scores(windows[tried], turns=(0, 1, 2, 3), only=tiles)
        for k, i in enumerate(tried):
            j = int(np.argmax(up.scores[k]))
            score = float(up.scores[k, j])
            if score < min(cfg.pack_topped_score, cfg.pack_topped_partial_score):
                continue
            down = self._cube_matcher.scores(stacks[i][None], turns=(0, 1, 2, 3), only=(up.labels[j],))
            lead = score - float(down.scores[0, j])
            need = self._topped_lead(i)
            if score < cfg.pack_topped_score:  # a partly hidden top: its height must show plainly
                need = max(need, cfg.pack_topped_height_lead)
            if self._tile_behind(stacks, i, up.labels[j], score):
                continue
            if lead >= need:
                out[i] = score * min(1.0, lead / (2 * need))
                continue
            turned = self._turned_lead(windows[i], up, k, j)
            if score >= cfg.pack_topped_score and turned >= cfg.pack_topped_turned_lead:
                out[i] = score * min(1.0, turned / (2 * cfg.pack_topped_turned_lead))
        return out

    def _steep_topped_cubes(self, windows: np.ndarray, stacks: np.ndarray, stack_scores: TileScores,
                            taken: set[int], found: dict[int, float]) -> dict[int, float]:
        """The topped cubes (:meth:`_topped_cubes`) found only at steep locations whose
        stack-height window fits a taught tile (:meth:`_near_face_fills_stack_window`), those of
        ``found`` (the ordinary ones) left out. Asked last for a seat found nowhere else: the
        cube-height window of a plain stack in front of a cube shows that cube's near face, and a
        tile it wears there would pass the height test too (72790's change 36: Blue's white pearl
        on its south face read as a cube on B2, in front of Blue's real cube on B1)."""
        every = self._topped_cubes(windows, stacks, stack_scores, taken, for_missing_seat=True)
        return {i: v for i, v in every.items() if i not in found}

    def _near_face_fills_stack_window(self, i: int) -> bool:
        """Under a tilt this steep (``pack_topped_near_face_parallax_mm``) a cube's near face fills
        grid location ``i``'s stack-height window, so a tile fitting there may be one the cube
        wears on that face, not the stack's top: the location is tried for a topped cube all the
        same (the stack behind is told apart by :meth:`_tile_behind`, active at this tilt)."""
        floor = self.config.pack_topped_near_face_parallax_mm
        return floor > 0 and float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES >= floor

    def _centred_topped_cubes(self, windows: np.ndarray, taken: set[int], tiles: list[str]) -> dict[int, float]:
        """With a pack (``pack_topped_centred_share``), seen nearly straight down, where the fits of
        :meth:`_topped_cubes`' height test cannot tell the two heights apart: the free grid
        locations where a taught tile fits the cube-height window at least ``pack_topped_score``
        and the matcher finds it centred there, less than this share of the parallax toward where
        a stack's top lies (:meth:`_share_toward_stack`; a flat tile lies about the whole parallax
        off), each with how sure that is: the fit, less the share found toward the stack."""
        assert self._cube_matcher is not None
        cfg = self.config
        tried = [i for i in range(len(self.layout.stack_locations)) if i not in taken
                 and self._low_parallax(i) and self._offset_tells_height(i)]
        if cfg.pack_topped_centred_share <= 0 or not tried:
            return {}
        up = self._cube_matcher.scores(windows[tried], turns=(0, 1, 2, 3), only=tiles)
        if up.offsets is None:
            return {}
        out: dict[int, float] = {}
        for k, i in enumerate(tried):
            j = int(np.argmax(up.scores[k]))
            score = float(up.scores[k, j])
            share = self._share_toward_stack(i, up.offsets[k, j])
            if score >= cfg.pack_topped_score and share < cfg.pack_topped_centred_share \
                    and not (cfg.pack_topped_centred_not_mat_round and self._mat_round_tile(windows[i], tiles)):
                out[i] = score * (1.0 - max(0.0, share))
        return out

    def _turned_lead(self, window: np.ndarray, up: TileScores, k: int, j: int) -> float:
        """How much better tile ``j`` of ``up`` (row ``k``, scored in four turns) fits ``window``
        in its best turn than upright; 0 where its best turn is upright. A stack's top always lies
        upright (only cube tops are read in four turns), so a tile that fits only turned lies on
        a cube (``pack_topped_turned_lead``)."""
        assert self._cube_matcher is not None
        if int(up.turns[k, j]) % 4 == 0:
            return 0.0
        label = up.labels[j]
        upright = self._cube_matcher.scores(window[None], turns=(0,), only=(label,))
        return float(up.scores[k, j]) - float(upright.scores[0, upright.labels.index(label)])

    def _rimmed_cube(self, windows: np.ndarray, probs: np.ndarray, free: list[int],
                     seat: int, colour_at: dict[int, int] | None = None) -> tuple[int, float] | None:
        """With a pack, seen nearly straight down: the one free grid location (parallax under
        ``pack_topped_min_parallax_mm``, where :meth:`_topped_cubes`' height test cannot tell a
        tile on a cube from a stack's) where the net sees some cube (p(none) at most
        ``pack_rim_max_none``) and the cube-height window shows a ring in the seat's taught cube
        colour round a tile, all four sides (:func:`_rim_sides`): the seat's cube wearing a tile,
        and the net's p(some cube) there as its place's certainty (the rim says whose). The net,
        never taught the printing's plastic, may give the cube another seat's colour; None where
        no location or more than one fits."""
        cfg = self.config
        if cfg.pack_rim_max_none <= 0 or self.pack is None or f"cube-{PLAYER_COLOURS[seat]}" not in self.pack.faces:
            return None
        n_grid = len(self.layout.stack_locations)
        none = CUBE_CLASSES.index(NO_CUBE)
        low = [i for i in free if i < n_grid and self._low_parallax(i)]
        tried = [i for i in low if float(probs[i, none]) <= cfg.pack_rim_max_none]
        alone = [i for i in low if float(probs[i, none]) <= cfg.pack_rim_alone_max_none] \
            if cfg.pack_rim_alone_max_none > cfg.pack_rim_max_none else []
        if not tried and not alone:
            return None
        colours = self._rim_colours(seat, colour_at)
        if colours is None:
            return None
        own, others = colours
        rims = [i for i in tried if self._rim_of(windows[i], own, others) == 4]
        if len(rims) == 1:
            return rims[0], 1.0 - float(probs[rims[0], none])
        if rims or not alone:
            return None
        rims = [i for i in alone if self._rim_of(windows[i], own, others) == 4]
        if len(rims) != 1:
            return None
        return rims[0], max(1.0 - float(probs[rims[0], none]), cfg.pack_rim_alone_p)

    def _three_sided_rim(self, windows: np.ndarray, probs: np.ndarray, free: list[int], seat: int,
                         colour_at: dict[int, int]) -> tuple[int, float] | None:
        """With a pack (``pack_rim_three_sides_min_p``), the last resort for a seat found nowhere:
        the one free low-parallax grid location whose window shows the seat's taught rim on three
        sides, where the net's best cube colour is the seat's (at least
        ``pack_rim_three_sides_min_p``) and no other free window of the seat's is likelier; with the
        net's p(some cube) there. The net's colour stands in for the fourth side, whose 1-2 px band
        a small shift of the taught colour can drop (:func:`_rim_sides`)."""
        cfg = self.config
        if cfg.pack_rim_three_sides_min_p <= 0 or self.pack is None or not free \
                or f"cube-{PLAYER_COLOURS[seat]}" not in self.pack.faces:
            return None
        n_grid = len(self.layout.stack_locations)
        none, col = CUBE_CLASSES.index(NO_CUBE), CUBE_CLASSES.index(PLAYER_COLOURS[seat])
        best = max(free, key=lambda i: float(probs[i, col]))
        if best >= n_grid or not self._low_parallax(best) or float(probs[best, none]) > cfg.pack_rim_alone_max_none:
            return None
        cube_colours = [c for c in range(len(CUBE_CLASSES)) if c != none]
        if float(probs[best, col]) < cfg.pack_rim_three_sides_min_p \
                or max(cube_colours, key=lambda c: float(probs[best, c])) != col:
            return None
        colours = self._rim_colours(seat, colour_at, note_blocked=False)
        if colours is None:
            return None
        rimmed = [i for i in free if i < n_grid and self._low_parallax(i)
                  and float(probs[i, none]) <= cfg.pack_rim_alone_max_none and self._rim_of(windows[i], *colours) >= 3]
        if rimmed != [best]:
            return None
        return best, 1.0 - float(probs[best, none])

    def _net_colour_named_by_plastic(self, windows: np.ndarray, stacks: np.ndarray | None, probs: np.ndarray,
                                     free: list[int], seat: int) -> tuple[int, float] | None:
        """With a pack (``pack_lost_net_colour_min_p``), the last resort for a seat found nowhere:
        the free window (grid or rest spot) where the net's p(seat) is highest, where that colour is
        the net's best cube colour, at least ``pack_lost_net_colour_min_p``, p(none) at most
        ``pack_rim_alone_max_none``, no stack top shows (:meth:`_shows_stack_top`) and the cube-edge
        band names the seat plainly (:meth:`_plastic_seat`, :meth:`_named_window` among the free
        windows where the net's best cube colour is the seat's and p(none) is at most that bar);
        with the net's p(some cube) there.
        A cube wearing a tile in its own hue shows no ring to tell (:meth:`_rimmed_cube`), and the
        net reads it mostly as no cube (fresh printing 997833, table 553304: Blue's cube on (2, 1)
        wearing a dark blue pearl, p(none) 0.67, p(blue) 0.24, its band 0.035 from Blue's plastic)."""
        cfg = self.config
        if cfg.pack_lost_net_colour_min_p <= 0 or cfg.pack_lost_seat_rim_margin <= 0 or not free \
                or not self._every_cube_taught():
            return None
        none, col = CUBE_CLASSES.index(NO_CUBE), CUBE_CLASSES.index(PLAYER_COLOURS[seat])
        cube_colours = [c for c in range(len(CUBE_CLASSES)) if c != none]
        leads = [i for i in free if max(cube_colours, key=lambda c: float(probs[i, c])) == col
                 and float(probs[i, none]) <= cfg.pack_rim_alone_max_none]
        if not leads:
            return None
        best = max(leads, key=lambda i: float(probs[i, col]))
        if float(probs[best, col]) < cfg.pack_lost_net_colour_min_p \
                or float(probs[best, none]) > cfg.pack_rim_alone_max_none:
            return None
        if stacks is not None and self._shows_stack_top(windows, stacks, best):
            return None
        if self._named_window({i: self._plastic_seat(windows[i]) for i in leads}, seat) != best:
            return None
        return best, 1.0 - float(probs[best, none])

    def _every_cube_taught(self) -> bool:
        """A pack is in use and it taught every seat's cube face: the rules that compare a window's
        plastic with each seat's taught colour need them all."""
        return self.pack is not None and all(f"cube-{PLAYER_COLOURS[s]}" in self.pack.faces
                                             for s in range(self.num_players))

    def _rim_colours(self, seat: int, colour_at: dict[int, int] | None = None, note_blocked: bool = True
                     ) -> tuple[np.ndarray, list[np.ndarray]] | None:
        """The seat's taught cube colour and the other taught seats' (b, g, r shares), or None
        where the seat's plastic is too grey or too like another's for a rim to tell
        (``pack_rim_colourful``, ``pack_rim_hue``). With ``pack_rim_set_aside_found_rivals``, the
        seats whose cubes were already found (their colour columns in ``colour_at``) are no
        rivals: a seat has one cube; with ``pack_rim_set_aside_only_alike`` only those alike in hue
        are set aside, and a found seat in another hue still takes the pixels nearer its colour
        (:func:`_rim_sides`' mask). ``note_blocked``: a seat blocked by a rival is noted for the
        second reading (:meth:`_read_cubes`)."""
        assert self.pack is not None
        if f"cube-{PLAYER_COLOURS[seat]}" not in self.pack.faces:
            return None  # no taught plastic for this seat
        found = {CUBE_CLASSES[c] for c in (colour_at or {}).values()} | self._rim_set_aside \
            if self.config.pack_rim_set_aside_found_rivals else set()
        own = self._rim_colour(seat)
        taught = [o for o in range(self.num_players) if o != seat and f"cube-{PLAYER_COLOURS[o]}" in self.pack.faces]
        cfg = self.config

        def rival(o: int) -> bool:
            """Seat ``o``'s plastic competes for the rim's pixels: its cube is not found yet, or
            (``pack_rim_set_aside_only_alike``) it lies in another hue."""
            return PLAYER_COLOURS[o] not in found or (
                cfg.pack_rim_set_aside_only_alike and _distinct_hue(own, [self._rim_colour(o)], 0.0, cfg.pack_rim_hue))

        others = [self._rim_colour(o) for o in taught if rival(o)]
        if not _distinct_hue(own, others, self.config.pack_rim_colourful, self.config.pack_rim_hue):
            if note_blocked and _distinct_hue(own, [], self.config.pack_rim_colourful, self.config.pack_rim_hue):
                self._rim_blocked.add(seat)  # by a rival: told once that rival's cube is found
            return None
        return own, others

    def _rim_of(self, window: np.ndarray, own: np.ndarray, others: list[np.ndarray]) -> int:
        """:func:`_rim_sides` with the ``pack_rim_*`` settings."""
        cfg = self.config
        return _rim_sides(window, own, others, cfg.pack_rim_hue, cfg.pack_rim_pale, cfg.pack_rim_side,
                          cfg.pack_rim_centre, cfg.pack_rim_span_mm, cfg.pack_rim_blur_along,
                          cfg.pack_rim_outer_span_mm, cfg.pack_rim_fourth_side_hue, cfg.pack_rim_fourth_side_share,
                          cfg.pack_rim_fourth_side_square_mm, cfg.pack_rim_band_nearest_centre)

    def _pick_is_other_seats_face(self, windows: np.ndarray, pick: int, seat: int, col: int, probs: np.ndarray,
                                  free: list[int], not_cube: set[int], stacks: np.ndarray | None,
                                  stack_scores: TileScores | None) -> bool:
        """``pack_cube_pick_other_face``: the net's pick for ``seat`` (grid window ``pick``, colour
        column ``col``) is another seat's bare cube face (:meth:`_other_seats_face`). Seen nearly
        straight down, always; under a strong tilt the face may be the near face of the cube right
        behind, covering the seat's own top (72541 change 15), so only where the seat's cube stands
        elsewhere in plain sight (:meth:`_topped_rival`, ``pack_cube_pick_other_face_topped_rival``)."""
        if self._low_parallax(pick):
            return self._other_seats_face(windows, pick, seat)
        if not self.config.pack_cube_pick_other_face_topped_rival or stacks is None or stack_scores is None:
            return False
        return self._other_seats_face(windows, pick, seat) \
            and self._topped_rival(windows, pick, col, probs, free, not_cube, stacks, stack_scores)

    def _topped_rival(self, windows: np.ndarray, pick: int, col: int, probs: np.ndarray, free: list[int],
                      not_cube: set[int], stacks: np.ndarray, stack_scores: TileScores) -> bool:
        """Another free grid window than ``pick`` shows a cube wearing a tile (:meth:`_topped_cubes`)
        where colour column ``col`` is the net's best cube colour: a cube of that colour stands
        there (72821 change 127: Purple's coin-topped cube on D3, p(purple) 0.554 over p(blue) 0.411)."""
        cubes = [CUBE_CLASSES.index(c) for c in PLAYER_COLOURS]
        left = {i for i in free if i != pick and i not in not_cube}
        topped = self._topped_cubes(windows, stacks, stack_scores,
                                    {i for i in range(len(self.layout.stack_locations)) if i not in left})
        return any(cubes[int(np.argmax(probs[i, cubes]))] == col for i in topped)

    def _low_parallax(self, i: int) -> bool:
        """Grid location ``i``'s stack and cube heights lie under ``pack_topped_min_parallax_mm``
        apart in the picture: the height tests cannot act there."""
        return float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES < self.config.pack_topped_min_parallax_mm

    def _rimmed_cube_elsewhere(self, windows: np.ndarray, pick: int, free: list[int], seat: int,
                               probs: np.ndarray, not_cube: set[int],
                               colour_at: dict[int, int] | None = None,
                               stack_top: Callable[[int], bool] | None = None) -> tuple[int, float] | None:
        """With a pack, seen nearly straight down: the net's pick for a seat (grid window ``pick``)
        shows a tile (no taught bare cube face fits it best) without a whole rim in the seat's
        taught colour round it, while exactly one other free grid window whose own best class is
        this colour (at least ``min_cube_probability``) shows that rim on at least
        ``pack_rim_elsewhere_sides`` sides: that window, and the net's probability there; else
        None (a pink tile's edges may show two sides of a red-hued ring). A printing may draw a
        tile in a cube's colour (997381 draws light blue tiles pink, the net gives them p(red)
        0.96), and where the height test (``_shows_stack_top``) cannot act, the pick is the tile,
        while the cube, wearing a tile itself, shows no bare face
        (``_bare_cube_elsewhere``) but its rim (whole taught game 72705, change 33: Red's cube on
        D2 wearing a coin, 0.78, its orange-red rim plain on four sides; the pink C1 0.96, and
        Red was read on C1: the game was lost at move 33). Where no other grid window shows that
        rim, the seat's rest spot does as well when the net's best class there is the seat's colour
        (``pack_rim_elsewhere_rest``): no stack lies there, and a cube at its rest spot shows its
        sides, not a ring round its top (72705, change 65: Red home after its score wearing a white
        pearl, p(red) 0.92 there, C1's pink amphora 0.96 with one side of a red ring; Red was read
        on C1, "tiles appeared on Red's board without a Score"). The other window's best class
        is judged with the colours of cubes already found in other windows set aside
        (``pack_rim_elsewhere_set_aside_found``): a seat has one cube (72705, change 93: Red rolled
        onto B3 wearing a coin, its rim whole in Red's colour, p(red) 0.44 and p(yellow) 0.48 there
        with Yellow found on A2 at 0.98; C2's pink amphora p(red) 0.94 took Red, "Red's cube moved
        diagonally"). An other window where the height test can act counts too when it does not
        show a stack top (``stack_top``, :meth:`_shows_stack_top`; ``pack_rim_elsewhere_by_height``):
        72705, change 101, Red rolled onto B4 wearing a coin, p(red) 0.79 and its rim whole there,
        B4 under a parallax of 9 mm or more; C1's pink amphora (p(red) 0.85, nearly straight down,
        one side of a ring) took Red, "Red's cube moved diagonally (A4 to C1)"."""
        assert self._cube_matcher is not None and self.pack is not None
        cfg = self.config
        col = CUBE_CLASSES.index(PLAYER_COLOURS[seat])
        n_grid = len(self.layout.stack_locations)
        if cfg.pack_rim_elsewhere_sides > 4 or cfg.pack_rim_max_none <= 0 or pick >= n_grid \
                or not self._low_parallax(pick) or f"cube-{PLAYER_COLOURS[seat]}" not in self.pack.faces:
            return None
        found = sorted(set((colour_at or {}).values()) - {col}) if cfg.pack_rim_elsewhere_set_aside_found else []

        def p_of(i: int) -> float:
            """The net's probability of the seat's colour in window ``i``, as a share of what the
            found seats' colours leave there (``pack_rim_elsewhere_share``), else as given."""
            return _share_of(probs[i], col, found) if cfg.pack_rim_elsewhere_share else float(probs[i, col])

        def judged(i: int) -> bool:
            """Window ``i`` may hold the cube by its rim: nearly straight down, or the height test
            finds no stack top there."""
            if self._low_parallax(i):
                return True
            return cfg.pack_rim_elsewhere_by_height and stack_top is not None and not stack_top(i)

        others_free = [i for i in free if i != pick and i < n_grid and i not in not_cube
                       and p_of(i) >= cfg.min_cube_probability and _best_class(probs[i], found) == col and judged(i)]
        rest = n_grid + seat
        if not others_free and not (cfg.pack_rim_elsewhere_rest and rest in free
                                    and float(probs[rest, col]) >= cfg.min_cube_probability):
            return None
        colours = self._rim_colours(seat, colour_at)
        if colours is None:
            return None
        own, rivals = colours
        if self._rim_of(windows[pick], own, rivals) >= cfg.pack_rim_elsewhere_sides:
            return None
        label = self._cube_matcher.scores(windows[pick][None], turns=(0, 1, 2, 3)).best(0)[0]
        if label.startswith("cube-"):
            return None
        rims = [i for i in others_free if self._rim_of(windows[i], own, rivals) >= cfg.pack_rim_elsewhere_sides]
        if len(rims) == 1:
            return rims[0], p_of(rims[0])
        rest = n_grid + seat
        if not rims and cfg.pack_rim_elsewhere_rest and rest in free and rest not in not_cube \
                and float(probs[rest, col]) >= cfg.min_cube_probability and int(np.argmax(probs[rest])) == col:
            return rest, float(probs[rest, col])
        return None

    def _tile_behind(self, stacks: np.ndarray, i: int, label: str, score: float) -> bool:
        """With a pack: the taught tile ``label`` that fits grid location ``i``'s cube-height
        window ``score`` is the top of the stack right behind it, which that window reaches
        under a strong tilt: the parallax is at least ``pack_topped_behind_parallax_mm`` and the
        tile fits the stack-height window behind within ``pack_topped_behind_margin`` of
        ``score``."""
        assert self._cube_matcher is not None
        cfg = self.config
        behind = self._behind[i]
        if cfg.pack_topped_behind_margin <= 0 or behind is None \
                or float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES < cfg.pack_topped_behind_parallax_mm:
            return False
        there = self._cube_matcher.scores(stacks[behind][None], turns=(0, 1, 2, 3), only=(label,))
        return float(there.scores[0, there.labels.index(label)]) >= score - cfg.pack_topped_behind_margin

    def _topped_lead(self, i: int) -> float:
        """How much better a tile on a cube at grid location ``i`` must fit the cube-height window
        than the stack-height one (``pack_topped_height_lead``, in proportion to the parallax
        below ``pack_topped_lead_full_parallax_mm``: windows barely apart share most of a tile)."""
        cfg = self.config
        if cfg.pack_topped_lead_full_parallax_mm <= 0:
            return cfg.pack_topped_height_lead
        parallax = float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES
        return cfg.pack_topped_height_lead * min(1.0, parallax / cfg.pack_topped_lead_full_parallax_mm)

    def _topped_cube_of(self, windows: np.ndarray, topped: dict[int, float], free: list[int], seat: int,
                        others: set[int]) -> tuple[int, float] | None:
        """The topped cube (``_topped_cubes``) that is this seat's: the one whose 3 mm plastic rim
        round the tile is nearest the seat's taught cube colour, and nearer it than to the colour
        of any other seat still missing (``others``); or the one alone whose rim shows the seat's
        hue on the most sides, ``pack_topped_rim_sides`` or more, where the nearest shows fewer
        (:meth:`_ringed_in_own_hue`)."""
        places = [i for i in free if i in topped]
        places = [i for i in places if not self._near_face_of_topped_behind(i, topped, places)]
        if not places:
            return None
        rims = {i: _rim_chroma(windows[i]) for i in places}
        own = self._cube_colour(seat)
        best = min(places, key=lambda i: float(np.abs(rims[i] - own).sum()))
        ringed = self._ringed_in_own_hue(windows, places, seat, best)
        if ringed is not None:
            return ringed, topped[ringed]
        mine = float(np.abs(rims[best] - own).sum())
        rivals = [o for o in others if float(np.abs(rims[best] - self._cube_colour(o)).sum()) < mine]
        if rivals and not self._rings_over_rivals(windows[best], seat, rivals):
            return None
        return best, topped[best]

    def _near_face_of_topped_behind(self, i: int, topped: dict[int, float], places: list[int]) -> bool:
        """Under a tilt this steep (``pack_topped_near_face_behind_parallax_mm``) grid location
        ``i``'s cube-height window shows the near face of a cube on the location right behind it,
        so a tile fitting there is likelier a tile that cube wears on that face than a cube's top
        at ``i``: true where the location behind is a topped cube too, fitting better (72790's
        change 37: Blue on B1, its top 0.954, its south face's white pearl 0.824 in B2's window;
        B2 won on its rim)."""
        floor = self.config.pack_topped_near_face_behind_parallax_mm
        behind = self._behind[i]
        return floor > 0 and behind is not None and behind in places and topped[behind] > topped[i] \
            and float(np.hypot(*self._parallax[i])) * _CUBE_LIFT_TILES >= floor

    def _rings_over_rivals(self, window: np.ndarray, seat: int, rivals: list[int]) -> bool:
        """With ``pack_topped_rim_over_rival``: the window shows a ring in the seat's own hue on at
        least ``pack_topped_rim_sides`` sides (:meth:`_rim_of`) and each rival's ring on fewer: the
        band's mean was pulled toward a rival by the tile's colour, not by the rival's plastic."""
        need = self.config.pack_topped_rim_sides
        if not self.config.pack_topped_rim_over_rival or need <= 0:
            return False
        colours = self._rim_colours(seat, note_blocked=False)
        if colours is None:
            return False
        sides = self._rim_of(window, *colours)
        if sides < need:
            return False
        for rival in rivals:
            theirs = self._rim_colours(rival, note_blocked=False)
            if theirs is not None and self._rim_of(window, *theirs) >= sides:
                return False
        return True

    def _ringed_in_own_hue(self, windows: np.ndarray, places: list[int], seat: int, nearest: int) -> int | None:
        """Of these topped cubes' windows, the one alone that shows a ring in the seat's taught hue
        on the most sides (:meth:`_rim_of`), ``pack_topped_rim_sides`` or more, where ``nearest``
        (the rims' mean colours' pick) shows fewer; None else, or where the seat's plastic is too
        grey or too like another's for a rim to tell (:meth:`_rim_colours`)."""
        need = self.config.pack_topped_rim_sides
        if need <= 0 or len(places) < 2:
            return None
        colours = self._rim_colours(seat, note_blocked=False)
        if colours is None:
            return None
        sides = {i: self._rim_of(windows[i], *colours) for i in places}
        most = max(sides.values())
        ringed = [i for i in places if sides[i] == most]
        if most < need or len(ringed) != 1 or sides[nearest] >= most:
            return None
        return ringed[0]

    def _rim_colour(self, seat: int) -> np.ndarray:
        """The seat's taught cube plastic where a tile on the cube leaves it showing: the face's
        outer band, 0.5-2.5 mm in from its edge (the 3 mm between a 34 mm tile and the 40 mm cube
        that :func:`_rim_chroma` and :func:`_rim_sides` look at, less the edge's blur). A printing
        may draw a plate from 3 mm in (random printings: a metal-grey plate on three in five):
        the 2-8 mm ring of :meth:`_cube_colour` is then mostly the plate's grey, and every seat's
        colour fell under ``pack_rim_colourful`` (whole taught game 72734, printing 997410, tilt
        3.8, day, change 19: 0.035-0.063 from grey on that ring, 0.14-0.23 on this band; Blue's
        cube wearing a dark blue sextant on A2, its blue rim plain on four sides, the net's
        p(none) 0.90 there, was not found: "no legal move explains the table")."""
        return self._face_ring_colour(seat, RIM_BAND_MM)

    def _cube_colour(self, seat: int) -> np.ndarray:
        """The seat's taught cube plastic as chromaticity (b, g, r shares): its face 2-8 mm in
        from the edge (the stamped emblem or plate lies further in)."""
        return self._face_ring_colour(seat, (2.0, 8.0))

    def _face_ring_colour(self, seat: int, band_mm: tuple[float, float]) -> np.ndarray:
        """The chromaticity of the seat's taught cube face between ``band_mm`` (from, to) in from
        its edge."""
        assert self.pack is not None
        face = np.asarray(self.pack.faces[f"cube-{PLAYER_COLOURS[seat]}"])
        h, w = face.shape[-3:-1]
        a, b = (int(h * v / lay.CUBE_SIZE_MM) for v in band_mm)
        ring = np.zeros((h, w), bool)
        ring[a:h - a, a:w - a] = True
        ring[b:h - b, b:w - b] = False
        return _chroma(face.reshape(-1, h, w, 3)[:, ring])

    def _cube_hull(self, location: Location | None, seat: int) -> np.ndarray:
        if location is None:
            cx, cy = lay.cube_rest(lay.seat_side(seat, self.num_players))
            z0 = 0.0
        else:
            cx, cy = lay.grid_centre(location, self.grid_size)
            z0 = 6 * lay.TILE_THICKNESS_MM
        half = lay.CUBE_SIZE_MM / 2 + 2
        square = np.array([[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half],
                           [cx - half, cy + half]])
        pts = np.vstack([self.view.project(square, 0.0), self.view.project(square, z0 + lay.CUBE_SIZE_MM)])
        return cv2.convexHull(pts.astype(np.float32))

    def _pack_cube_top(self, window: np.ndarray, p_cube: float, net_label: str,
                       at: tuple[int, int] | None = None, gain: np.ndarray | None = None
                       ) -> tuple[Tile | None, float, int | None, float | None, TurnAlone]:
        """A cube's top by the taught faces, in the four turns: (tile or None for bare metal,
        confidence, rotation in degrees, confidence with the turn weighed only up to a half turn
        or None: ``CubeReading.turn_axis_confidence``, how sure the fine stage is of the turn
        alone, the tile taken as read: :data:`TurnAlone`). ``at``: (seat, cube window index), for the
        fine stage (:meth:`_fine_cube_top`); ``gain``: ``window`` was moved into the teach sheet's
        colours by this (``to_taught_colours``), and so is the fine window."""
        assert self._cube_matcher is not None
        ts = self._cube_matcher.scores(window[None], turns=(0, 1, 2, 3))
        label, score, lead, turn = ts.best(0)
        if at is not None:
            self._cube_top_face[at[0]] = (label, {lb: float(ts.scores[0, j]) for j, lb in enumerate(ts.labels)
                                                  if lb.startswith("cube-")})
        if label.startswith("cube-"):  # its own bare face (or another player's: the same plate)
            if at is not None and label == f"cube-{PLAYER_COLOURS[at[0]]}" \
                    and score >= self.config.pack_cube_face_score and lead >= self.config.pack_cube_face_lead:
                self._cube_face_place[at[0]] = self._pack_confidence(score, lead)
            bare = self._pack_confidence(score, self._bare_top_lead(ts, score, lead))
            return None, p_cube * bare, None, None, None
        bare_fit = self._bare_on_cube(ts, window, at[0]) if at is not None else None
        if bare_fit is not None:  # its middle fits a tile, the whole face its bare plate
            return None, p_cube * self._pack_confidence(*bare_fit), None, None, None
        if score < self.config.pack_tile_score and not self._tile_over_bare(ts) \
                and not (at is not None and self._tile_on_own_face(ts, window, at[0])):
            return None, p_cube * (0.9 if net_label == BARE else 0.5), None, None, None
        conf = p_cube * self._pack_confidence(score, lead)
        axis: float | None = None
        alone: TurnAlone = None
        fine = None
        if at is not None and self.config.pack_cube_top_fine:
            fine = self._fine_cube_top(ts, window, at, gain)
            if fine is not None:
                fine = self._coarse_turn_over_coin_toss(fine, window, label, turn)
                label, certainty, turn, spread, axis_certainty, alone = fine
                conf = p_cube * self._top_fit(score) * certainty
                if axis_certainty is not None:
                    axis = p_cube * self._top_fit(score) * axis_certainty
                if spread < self.config.pack_cube_turn_tie:
                    # all four quarter turns fit alike at 3 px/mm: the tile shows no turn
                    return tile_of(self._cube_top_shade(window, ts, label, gain)), conf, None, None, None
        if fine is None and self.config.pack_cube_turn_lead > 0:
            certainty, axis_certainty = self._turn_certainty(window, label, turn)
            if axis_certainty is not None:
                axis = conf * axis_certainty
            conf *= certainty
        if not self.config.pack_cube_turn_axis_confidence:
            axis = None
        shade = self._cube_top_shade(window, ts, label, gain)
        if shade != label:
            alone = None  # another shade than the fine stage's pick: its turns were not compared
        return tile_of(shade), conf, turn * 90, axis, alone

    def _coarse_turn_over_coin_toss(self, fine: tuple[str, float, int, float, float | None, TurnAlone],
                                    window: np.ndarray, label: str, turn: int
                                    ) -> tuple[str, float, int, float, float | None, TurnAlone]:
        """The fine stage's reading ``fine`` (:meth:`_fine_cube_top`) of a cube top whose coarse best
        tile is ``label`` in quarter turn ``turn``, with the coarse turn in place of the fine one
        where the fine stage picks that tile in another turn as near a coin toss and the coarse turn
        leads clearly (``pack_cube_coarse_turn_over_coin_toss``): the certainty's turn part (and the
        half-turn one) then the coarse path's (:meth:`_turn_certainty`), its tile part the fine
        stage's. Else ``fine`` as it is; also where the fine stage's four turns tie, a top read with
        no turn (``pack_cube_turn_tie``; 72740's change-62 starfish,
        tests/vision/octocube/test_taught_cube_top_fine_turn.py), where the coarse turn is not
        weighed (``pack_cube_turn_lead`` 0), or where the fine stage did not weigh the turn alone."""
        cfg = self.config
        pick, certainty, fine_turn, spread, axis_certainty, alone = fine
        if not cfg.pack_cube_coarse_turn_over_coin_toss or cfg.pack_cube_turn_lead <= 0 or pick != label \
                or fine_turn == turn or alone is None or spread < cfg.pack_cube_turn_tie:
            return fine  # (four turns alike at 3 px/mm: read with no turn, ``pack_cube_turn_tie``)
        turn_alone, axis_alone = alone
        if turn_alone >= cfg.pack_cube_coin_toss_certainty or turn_alone <= 0 or axis_alone is None \
                or axis_alone >= cfg.pack_cube_coin_toss_axis_certainty:
            return fine  # a sure turn, or a sure axis (a glyph alike half round: the coarse half is no better)
        per_turn = self._coarse_turn_fits(window, label)
        if per_turn[turn] - max(s for k, s in enumerate(per_turn) if k != turn) < cfg.pack_cube_coarse_turn_clear_lead:
            return fine
        coarse, coarse_axis = self._turn_certainty(window, label, turn)
        tile_part = certainty / turn_alone
        return (pick, tile_part * coarse, turn, spread, None if coarse_axis is None else tile_part * coarse_axis,
                (coarse, coarse_axis))

    def _bare_top_lead(self, ts: TileScores, score: float, lead: float) -> float:
        """The lead of a cube top's best face, a bare cube plate fitting ``score`` (``ts``: the coarse
        scores), that weighs how surely the top is bare (``pack_cube_bare_lead_over_tiles``): over
        the best taught tile, since another seat's plate is the same bare plate; ``lead`` (over the
        runner-up) where the switch is off, no tile was scored, or the plate itself fits under
        ``pack_tile_score`` (a worn dark tile fits every plate poorly and its own face little
        better: such a bare reading is not made surer)."""
        if not self.config.pack_cube_bare_lead_over_tiles or score < self.config.pack_tile_score:
            return lead
        tiles = [float(v) for lb, v in zip(ts.labels, ts.scores[0]) if not lb.startswith("cube-") and np.isfinite(v)]
        return score - max(tiles) if tiles else lead

    def _cube_top_shade(self, window: np.ndarray, ts: TileScores, label: str, gain: np.ndarray | None) -> str:
        """A shaded tile read on a cube top (``ts``: ``window``'s coarse scores) read as another
        taught shade of its glyph where the window's background, where ``label`` shows its own,
        lies at least ``pack_cube_shade_margin_lab`` nearer that shade's taught background, and
        that face fits within ``pack_shade_coarse_margin`` of ``label`` by the coarse scores (the
        stack tops' shade cue, :class:`ShadeCue`, for a cube's top). Only where ``gain`` moved
        ``window`` into the teach sheet's colours (None: ``label`` stands; the table's colours are
        not the taught backgrounds'). The fine stage and the tile's fit inset on the cube's face
        are correlations, blind to a shade's lightness; two shades of one printing may differ by
        little else."""
        margin = self.config.pack_cube_shade_margin_lab
        shade = shade_of(label)
        if margin <= 0 or gain is None or shade is None or self._shade is None or label not in ts.labels \
                or ts.offsets is None:
            return label
        j = ts.labels.index(label)
        at = (float(ts.offsets[0, j, 0]), float(ts.offsets[0, j, 1]))
        colour = self._shade.measure(window, label, at, int(ts.turns[0, j]))
        if colour is None:
            return label
        dist = self._shade.in_sheet_distances(colour, shade[1], ts.labels)
        nearest = min(dist, key=lambda c: dist[c])
        other = f"{nearest} {shade[1]}"
        if nearest == shade[0] or dist[shade[0]] - dist[nearest] < margin or other not in ts.labels:
            return label
        coarse = ts.scores[0]
        if float(coarse[ts.labels.index(other)]) < float(coarse[j]) - self.config.pack_shade_coarse_margin:
            return label
        return other

    def _bare_on_cube(self, ts: TileScores, window: np.ndarray, seat: int) -> tuple[float, float] | None:
        """A cube top whose best taught face (``ts``, the coarse stage's scores of ``window``) is a
        tile leading ``seat``'s own taught bare face by less than ``pack_cube_bare_on_cube_within``, compared
        again over the cube's face (``CUBE_FACE_COMPARED_MM``): (the bare face's fit there, its lead
        over the best of the ``pack_cube_fine_candidates`` best tiles inset on that bare face) where
        the lead is at least ``pack_cube_bare_on_cube_lead`` (the top is bare), else None."""
        cfg = self.config
        own = f"cube-{PLAYER_COLOURS[seat]}"
        if cfg.pack_cube_bare_on_cube_lead <= 0 or own not in ts.labels:
            return None
        row = ts.scores[0]
        label, score, _, _ = ts.best(0)
        mine = float(row[ts.labels.index(own)])
        if label.startswith("cube-") or not np.isfinite(mine) or score - mine >= cfg.pack_cube_bare_on_cube_within:
            return None
        fits = self._inset_tile_and_bare_fits(ts, window, seat)
        if fits is None:
            return None
        tile_fit, bare_fit = fits
        lead = bare_fit - tile_fit
        return (bare_fit, lead) if lead >= cfg.pack_cube_bare_on_cube_lead else None

    def _tile_on_own_face(self, ts: TileScores, window: np.ndarray, seat: int) -> bool:
        """A cube top whose coarse best face is a tile (``ts``: the coarse stage's scores of
        ``window``) shows a tile over the cube's face (``CUBE_FACE_COMPARED_MM``): the best of the
        ``pack_cube_fine_candidates`` best tiles inset on ``seat``'s own taught bare face fits by at
        least ``pack_cube_tile_on_own_face_lead`` more than that bare face (the reverse of
        :meth:`_bare_on_cube`). A dark tile with a faint glyph fits a dark plastic's bare face as
        well as any tile in the middle 26 mm; its own plate and rim it does not fit at all."""
        cfg = self.config
        own = f"cube-{PLAYER_COLOURS[seat]}"
        if cfg.pack_cube_tile_on_own_face_lead <= 0 or own not in ts.labels:
            return False
        if ts.best(0)[0].startswith("cube-"):
            return False
        fits = self._inset_tile_and_bare_fits(ts, window, seat)
        return fits is not None and fits[0] - fits[1] >= cfg.pack_cube_tile_on_own_face_lead

    def _inset_tile_and_bare_fits(self, ts: TileScores, window: np.ndarray, seat: int) -> tuple[float, float] | None:
        """(the best fit of the ``pack_cube_fine_candidates`` coarse-best tiles inset on ``seat``'s
        taught bare face, that bare face's own fit) over the cube's face in ``window``, any turn;
        None where the pack lacks either. Shared by the two checks that tell a tile on a cube from
        its bare face (:meth:`_bare_on_cube`, :meth:`_tile_on_own_face`)."""
        row = ts.scores[0]
        tiles = [ts.labels[j] for j in np.argsort(row)[::-1]
                 if not ts.labels[j].startswith("cube-") and np.isfinite(row[j])][:self.config.pack_cube_fine_candidates]
        on_cube = self._tile_on_cube_matcher(PLAYER_COLOURS[seat])
        bare = self._bare_face_matcher(f"cube-{PLAYER_COLOURS[seat]}")
        if on_cube is None or bare is None or not tiles:
            return None
        tile_fit = float(on_cube.scores(window[None], turns=(0, 1, 2, 3), only=tiles).scores[0].max())
        bare_fit = float(bare.scores(window[None], turns=(0, 1, 2, 3)).scores[0, 0])
        return tile_fit, bare_fit

    def _tile_on_cube_matcher(self, colour: str) -> TileMatcher | None:
        """The taught tiles inset on ``colour``'s taught bare cube face, compared over
        ``CUBE_FACE_COMPARED_MM`` (None: no bare face taught for that colour); built when first needed."""
        if colour not in self._tile_on_cube:
            assert self.pack is not None
            try:
                self._tile_on_cube[colour] = TileMatcher(tile_on_cube_pack(self.pack, colour, self._matcher.labels),
                                                         inner_mm=CUBE_FACE_COMPARED_MM,
                                                         shifts_by_product=self.config.coarse_shifts_by_product,
                                                         kept_scores=self.config.pack_scores_kept)
            except PackError:
                self._tile_on_cube[colour] = None
        return self._tile_on_cube[colour]

    def _bare_face_matcher(self, face: str) -> TileMatcher | None:
        """Taught bare cube face ``face`` ("cube-red") compared over ``CUBE_FACE_COMPARED_MM``, as
        :meth:`_tile_on_cube_matcher`'s tiles on it are (None: not taught); built when first needed."""
        if face not in self._bare_faces:
            assert self.pack is not None
            try:
                self._bare_faces[face] = TileMatcher(self.pack, labels=(face,), inner_mm=CUBE_FACE_COMPARED_MM,
                                                     shifts_by_product=self.config.coarse_shifts_by_product,
                                                     kept_scores=self.config.pack_scores_kept)
            except PackError:
                self._bare_faces[face] = None
        return self._bare_faces[face]

    def _tile_over_bare(self, ts: TileScores) -> bool:
        """A cube top's best taught face is a tile that beats every taught bare cube face by more
        than ``pack_cube_tile_over_bare`` (``ts``: one window's scores): a tile is there, however
        faintly its glyph fits; a bare plate fits its own taught face at least about as well."""
        margin = self.config.pack_cube_tile_over_bare
        if margin <= 0:
            return False
        row = ts.scores[0]
        bare = [float(row[j]) for j, lb in enumerate(ts.labels) if lb.startswith("cube-") and np.isfinite(row[j])]
        label, score, _, _ = ts.best(0)
        return bool(bare) and not label.startswith("cube-") and score - max(bare) > margin

    def _turn_certainty(self, window: np.ndarray, label: str, turn: int) -> tuple[float, float | None]:
        """How sure the coarse stage's quarter turn ``turn`` of tile ``label`` on a cube's top
        window is: 0.5 + 0.5 * min(1, its lead over the tile's next best turn /
        ``pack_cube_turn_lead``), as the built-in path weighs a top's turn
        (``rotation_lead_for_certainty``). A glyph that looks alike turned half round leaves
        the turn a guess. Second: the same for the turn up to a half turn (its lead over the two
        turns a quarter off it, :func:`_axis_lead`), which such a glyph still tells."""
        per_turn = self._coarse_turn_fits(window, label)
        lead = per_turn[turn] - max(s for k, s in enumerate(per_turn) if k != turn)
        axis_lead = _axis_lead(dict(enumerate(per_turn)), turn)
        scale = self.config.pack_cube_turn_lead
        return _lead_certainty(lead, scale), None if axis_lead is None else _lead_certainty(axis_lead, scale)

    def _coarse_turn_fits(self, window: np.ndarray, label: str) -> list[float]:
        """How well tile ``label`` fits a cube's top window (coarse stage) in each quarter turn."""
        assert self._cube_matcher is not None
        j = self._cube_matcher.labels.index(label)
        return [float(self._cube_matcher.scores(window[None], turns=(k,), only=(label,)).scores[0, j])
                for k in range(4)]

    def _coarse_turn_lead(self, window: np.ndarray, label: str, turn: int) -> float:
        """How much better tile ``label`` fits a cube's top window (coarse stage) in quarter turn
        ``turn`` than in its next best turn."""
        per_turn = self._coarse_turn_fits(window, label)
        return per_turn[turn] - max(s for k, s in enumerate(per_turn) if k != turn)

    def _fine_cube_top(self, ts: TileScores, window: np.ndarray, at: tuple[int, int],
                       gain: np.ndarray | None) -> tuple[str, float, int, float, float | None, TurnAlone] | None:
        """A cube top's best taught tiles (within ``pack_fine_margin`` of the best, as a stack
        top's; every abyss face with an abyss tile) told apart by the fine stage at the cube's
        height. The tile lies centred on the cube's face, so each candidate is looked for where
        it fits inset on the seat's taught bare face (the cube's rim round it fixes the place,
        and the tile's turn is the one that fits there), not where its glyph alone fits best.
        (label, certainty of the pick, quarter turn, how much the pick's best fine turn fits better
        than its worst, each turn at its own place (``pack_cube_turn_tie_at_own_place``):
        :func:`_turn_spread`, the certainty with the turn weighed only up to a half
        turn or None where the turn is not weighed: :func:`_axis_lead`, how sure the turn alone is:
        :data:`TurnAlone`), or None (one candidate, no
        bare face taught for the seat's colour). One candidate whose coarse turn is doubtful
        (``pack_cube_fine_doubtful_turn``): that tile, the certainty of its fine turn, the turn,
        that spread, the certainty of its fine turn up to a half turn."""
        assert self._fine is not None and self._cube_fine_maps is not None and self._frame_now is not None
        seat, index = at
        row = ts.scores[0]
        tiles = [j for j in np.argsort(row)[::-1] if not ts.labels[j].startswith("cube-") and np.isfinite(row[j])]
        top = row[tiles[0]]
        order = [ts.labels[j] for j in tiles[:self.config.pack_cube_fine_candidates]
                 if row[j] >= top - self.config.pack_fine_margin]
        if order[0].startswith("abyss"):
            order += [ts.labels[j] for j in tiles if ts.labels[j].startswith("abyss") and ts.labels[j] not in order]
        # a tile far ahead of every other whose coarse turn is doubtful: the fine stage reads its turn only
        kept: str | None = None
        if len(order) < 2:
            if not self.config.pack_cube_fine_doubtful_turn or self.config.pack_cube_turn_lead <= 0 or \
                    self._coarse_turn_lead(window, order[0], ts.best(0)[3]) >= self.config.pack_cube_turn_lead:
                return None
            kept = order[0]
            order = [ts.labels[j] for j in tiles[:self.config.pack_cube_fine_candidates]]
            if len(order) < 2:
                return None
        on_cube = self._tile_on_cube_matcher(PLAYER_COLOURS[seat])
        if on_cube is None:
            return None
        placed = on_cube.scores(window[None], turns=(0, 1, 2, 3), only=order)
        assert placed.offsets is not None
        mm = 1.0 / PATCH_PX_PER_MM
        where = {lb: (float(placed.offsets[0, j, 0]) * mm, float(placed.offsets[0, j, 1]) * mm)
                 for j, lb in enumerate(placed.labels) if lb in order}
        # each turn compared where that turn fits (a glyph off the tile's centre lies elsewhere
        # turned half round): one offset for every turn was the coarse pick's
        where_at: list[dict[str, tuple[float, float]]] = [where] * 4
        inset_at: list[dict[str, float]] = []
        """Per quarter turn: each candidate's fit inset on the bare face in that turn."""
        if self.config.pack_cube_fine_turn_offsets or self.config.pack_cube_fine_same_turn:
            where_at = []
            shifts = self._cube_turn_shifts(window.shape[0], on_cube)
            for turn in range(4):
                one = on_cube.scores(window[None], turns=(turn,), only=order, shifts=shifts)
                assert one.offsets is not None
                where_at.append({lb: (float(one.offsets[0, j, 0]) * mm, float(one.offsets[0, j, 1]) * mm)
                                 for j, lb in enumerate(one.labels) if lb in order})
                inset_at.append({lb: float(one.scores[0, j]) for j, lb in enumerate(one.labels) if lb in order})
            if not self.config.pack_cube_fine_turn_offsets:
                where_at = [where] * 4
        frame, gains = self._frame_now
        mx, my, side = self._cube_fine_maps
        rows = slice(index * side, (index + 1) * side)
        fine = cv2.remap(frame, mx[rows], my[rows], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        balance = apply_linear_gains if self.config.pack_fine_linear_balance else apply_gains
        fine = balance(fine[None], gains)[0]
        if gain is not None:
            fine = to_taught_colours(fine, gain)
        # the turn too is the fine stage's: at 1 px/mm a faint glyph's turn is a guess (random
        # printing 996988, table 520804: the rim placed every light blue face a half turn off,
        # and the sextant fit a diamond turned so better than the diamond did)
        best: dict[str, tuple[float, int]] = {}
        per_turn: dict[str, list[float]] = {}
        turn_fit: dict[str, dict[int, float]] = {}
        also = self._every_turns_place(where_at, order)
        own_turn: dict[str, list[float]] = {}
        """Per candidate, each turn's fine fit at that turn's own place only (the tie's measure)."""
        for turn in range(4):
            cands: list[Candidate] = [(lb, turn, where_at[turn][lb]) for lb in order if lb in where_at[turn]]
            verdict = self._fine.rerank(fine, cands, also_at=also)
            if verdict is None:
                return None
            for lb, v in verdict.scores.items():
                per_turn.setdefault(lb, []).append(v)
                turn_fit.setdefault(lb, {})[turn] = v
                if lb not in best or v > best[lb][0]:
                    best[lb] = (v, turn)
            own = verdict.own_scores if self.config.pack_cube_turn_tie_at_own_place else None
            for lb, v in (verdict.scores if own is None else own).items():
                own_turn.setdefault(lb, []).append(v)
        if kept is not None:
            if kept not in best:
                return None
            fits = sorted(per_turn[kept], reverse=True)
            turn_lead = fits[0] - fits[1] if len(fits) > 1 else 0.0
            axis_lead = _axis_lead(turn_fit[kept], best[kept][1])
            scale = self.config.pack_fine_lead_for_certainty
            turn_certainty = 0.5 + 0.5 * min(1.0, turn_lead / scale)
            kept_axis = None if axis_lead is None else _lead_certainty(axis_lead, scale)
            return (kept, turn_certainty, best[kept][1],
                    _turn_spread(own_turn[kept], self.config.pack_cube_turn_stands_out,
                                 self.config.pack_cube_turn_pair_stands_out),
                    kept_axis, (turn_certainty, kept_axis))
        k = self.config.pack_cube_fine_coarse_weight
        if self.config.pack_cube_fine_same_turn:
            # the tile lies in one turn: its fine fit and its inset fit in the same quarter turn
            total = {lb: max(v + k * inset_at[turn][lb] for turn, v in turn_fit[lb].items()) for lb in best}
        else:
            total = {lb: v + k * float(placed.scores[0, placed.labels.index(lb)]) for lb, (v, _) in best.items()}
        ranked = sorted(total, key=lambda lb: total[lb], reverse=True)
        lead = total[ranked[0]] - total[ranked[1]]
        pick = ranked[0]
        certainty = 0.5 + 0.5 * min(1.0, lead / self.config.pack_fine_lead_for_certainty)
        axis_certainty: float | None = None
        alone: TurnAlone = None
        if self.config.pack_cube_fine_turn_certainty:
            fits = sorted(per_turn[pick], reverse=True)
            turn_lead = fits[0] - fits[1] if len(fits) > 1 else 0.0
            axis_lead = _axis_lead(turn_fit[pick], best[pick][1])
            axis_alone = None if axis_lead is None else _lead_certainty(axis_lead,
                                                                         self.config.pack_fine_lead_for_certainty)
            if axis_alone is not None:
                axis_certainty = certainty * axis_alone
            turn_alone = 0.5 + 0.5 * min(1.0, max(0.0, turn_lead) / self.config.pack_fine_lead_for_certainty)
            certainty *= turn_alone
            alone = (turn_alone, axis_alone)
        spread = _turn_spread(own_turn[pick], self.config.pack_cube_turn_stands_out,
                              self.config.pack_cube_turn_pair_stands_out)
        return (pick, certainty, best[pick][1], spread,
                axis_certainty, alone)

    def _every_turns_place(self, where_at: list[dict[str, tuple[float, float]]],
                           order: list[str]) -> dict[str, list[tuple[float, float]]] | None:
        """Per candidate, the places (mm) where any quarter turn's inset search found it
        (``pack_cube_fine_turn_every_place``): each turn is compared at all of them too, its best
        fit counting, so that a turn's search that wandered off the face (within
        ``pack_cube_fine_turn_search_mm``) is not compared on a worse place than the others.
        None where the setting is off or every turn shares one place."""
        if not (self.config.pack_cube_fine_turn_every_place and self.config.pack_cube_fine_turn_offsets):
            return None
        return {lb: list(dict.fromkeys(w[lb] for w in where_at if lb in w)) for lb in order}

    def _cube_turn_shifts(self, side: int, on_cube: TileMatcher) -> np.ndarray | None:
        """The shifts each quarter turn's inset search tries on a cube's top window ``side`` px
        wide (``pack_cube_fine_turn_search_mm``): a (2r+1, 2r+1) mask over the matcher's own
        search, True within that many mm each way; None where it tries them all."""
        limit = self.config.pack_cube_fine_turn_search_mm
        r = max(0, min(SEARCH_PX, (side - on_cube.inner) // 2))
        reach = int(np.floor(limit * on_cube.px_per_mm))
        if limit <= 0 or reach >= r:
            return None
        near = np.abs(np.arange(-r, r + 1)) <= reach
        return np.outer(near, near)

    def _reread_cube_tops(self, obs: OctocubeObservation) -> None:
        """With a pack: each found cube's top read again (:meth:`_pack_cube_top`) on its window
        moved into the teach sheet's colours by this table's own stack tops (the shade cue's
        white balance, :meth:`ShadeCue.table_gain`). A bare cube's plate is a pale, nearly flat
        face: the taught one is white-balanced on the sheet's paper, the table's window on the
        play mat, and the tint between the two is much of what the correlation sees on it. Random
        printing 996989, table 520902 (evening light, gains 2.5 / 1.6 / 1.2): three bare cubes'
        grey plates read lilac on the table, the colour of the printing's dark blue tiles, and a
        dark blue pearl (a dark '#' where the plate has its dot) fit them 0.75-0.76 against the
        bare faces' 0.69-0.78; in the sheet's colours the bare faces fit 0.79-0.84 and the pearl
        0.73-0.75 (a white pearl worn by the fourth cube: 0.93 against 0.74-0.78). Without
        enough shaded tops to fit the white balance (``MIN_FIT_TOPS``) the first reading stands."""
        assert self._shade is not None
        if not self._cube_top_reads:
            return
        gain = self._shade.table_gain(self._shade_reads)
        if gain is None:
            return
        for seat, (window, p, label) in self._cube_top_reads.items():
            cube = obs.cubes.get(seat)
            if cube is None:
                continue
            balanced = to_taught_colours(window, gain)
            if self._table_colours_fit_plastic(window, balanced, seat):
                continue  # the first reading, in the table's colours, stands
            self._cube_face_place.pop(seat, None)  # judged again on the window read now
            top, conf, rotation, axis, alone = self._pack_cube_top(balanced, p, label,
                                                                            (seat, self._cube_top_at[seat]), gain)
            obs.cubes[seat] = replace(cube, top=top, confidence=round(conf, 4), rotation=rotation,
                                      place_confidence=round(self._place_confidence(seat, p, conf), 4),
                                      turn_axis_confidence=None if axis is None else round(axis, 4),
                                      turn_alone_confidence=_turn_alone_fields(alone)[0],
                                      turn_axis_alone_confidence=_turn_alone_fields(alone)[1],
                                      top_alone_confidence=_top_alone_confidence(conf, alone))

    def _table_colours_fit_plastic(self, window: np.ndarray, balanced: np.ndarray, seat: int) -> bool:
        """A cube's window (``window`` in the table's colours, ``balanced`` in the teach sheet's)
        shows the seat's own plastic nearer its taught colour in the table's colours, by more than
        ``pack_cube_tops_balance_by_rim``: the tops' white balance does not hold for this cube
        (the plastic round the plate or tile is the one reference in its own window)."""
        margin = self.config.pack_cube_tops_balance_by_rim
        assert self.pack is not None
        if margin < 0 or f"cube-{PLAYER_COLOURS[seat]}" not in self.pack.faces:
            return False  # a pack taught without this seat's cube face has no plastic to go by
        own = self._rim_colour(seat)
        as_seen = float(np.abs(_rim_chroma(window) - own).sum())
        in_sheet = float(np.abs(_rim_chroma(balanced) - own).sum())
        return as_seen + margin < in_sheet

    def _place_confidence(self, seat: int, p: float, conf: float) -> float:
        """How sure a found cube's place is: its colour's probability ``p`` or its whole reading
        ``conf``, whichever is surer, or (``pack_cube_place_by_face``) its seat's taught bare face
        fitting the window best: the printing's own plastic and plate confirm what the net, never
        taught this printing's colours, saw less surely."""
        place = max(p, conf)
        if self.config.pack_cube_place_by_face and seat in self._cube_face_place:
            place = max(place, self._cube_face_place[seat])
        return place

    def _pack_confidence(self, score: float, lead: float) -> float:
        """A taught face's reading: as sure as its correlation, less when the runner-up is close."""
        return float(np.clip(score, 0.0, 1.0)) * (0.5 + 0.5 * min(1.0, lead / self.config.pack_lead_for_certainty))

    def _top_fit(self, score: float) -> float:
        """A stack top's taught fit as a confidence (``pack_top_fit_score``): a face that fits at
        least ``pack_tile_score`` counts as a tile read as sure as its fit over that bar says,
        up to ``pack_top_fit_confidence``; a better fit stands as it is."""
        cfg = self.config
        score = float(np.clip(score, 0.0, 1.0))
        if cfg.pack_top_fit_score <= 0 or score < cfg.pack_tile_score:
            return score
        return max(score, min(score / cfg.pack_top_fit_score, cfg.pack_top_fit_confidence))

    def _pack_board_scores(self, boards: np.ndarray, coins: np.ndarray
                           ) -> tuple[TileScores | None, TileScores | None]:
        if self.pack is None:
            return None, None
        self._board_windows = boards
        labels = self._matcher.labels
        if self.mode == "kids":  # a kids space holds any object tile
            cells = self._matcher.scores(boards)
        else:  # a standard space holds only its own tile
            own = self._matcher.own_scores(boards, [f"{c} {o}" for _, c, o in self.layout.board_cells])
            assert self._empty_matcher is not None
            self._board_empty = self._empty_matcher.own_scores(
                boards, [empty_name(f"{c} {o}") for _, c, o in self.layout.board_cells])
            grid = np.full((len(boards), len(labels)), -np.inf)
            for i, (_, c, o) in enumerate(self.layout.board_cells):
                if f"{c} {o}" in labels:
                    grid[i, labels.index(f"{c} {o}")] = own[i]
            cells = TileScores(labels, grid, np.zeros(grid.shape, np.int64))
        coin = np.full((len(coins), len(labels)), -np.inf)
        if "coin" in labels:
            coin[:, labels.index("coin")] = self._matcher.own_scores(coins, ["coin"] * len(coins))
        return cells, TileScores(labels, coin, np.zeros(coin.shape, np.int64))

    def _judge_now(self) -> bool:
        """A taught pack reads every scene; the built-in art is judged on every scene until it
        has looked known ``familiar_streak`` scenes running, then on every ``rejudge_every``-th."""
        self._scenes += 1
        if self.pack is not None or self._known_run < self.config.familiar_streak:
            return True
        return self._scenes % self.config.rejudge_every == 0

    def _judge_copy(self, obs: OctocubeObservation, probs: np.ndarray, patches: np.ndarray,
                    scores: TileScores) -> None:
        """Do the tiles on the table look like the copy this recogniser knows? Judged on the
        uncovered stack tops that are not bare mat. Built-in art: the share where the classifier
        is sure and names the same tile as the nearest face of the art, and that face fits
        (``known_builtin_score``: a printing in the game's own colours agrees by colour alone).
        Taught pack: the share whose best face scores ``known_score`` with a clear lead. Too
        few known: ``obs.unknown_copy`` asks the players to teach."""
        cfg = self.config
        rows = []
        empty_col = self._classes.index(EMPTY)
        for i, loc in enumerate(self.layout.stack_locations):
            reading = obs.tops.get(loc)
            if reading is None or reading.covered:
                continue
            if probs[i, empty_col] > 0.5 and _looks_like_mat(patches[i]):
                continue
            rows.append(i)
        if len(rows) < cfg.familiarity_min_tops:
            return
        known = []
        for i in rows:
            label, score, lead, _ = scores.best(i)
            if self.pack is not None:
                # a taught copy: its best face clearly fits
                known.append(score >= cfg.known_score and lead >= cfg.known_lead)
            else:
                # the built-in art: the classifier is sure, and its tile is the art's nearest face
                j = int(np.argmax(probs[i]))
                net = self._classes[j]
                same = net == label or (net.startswith("abyss") and label.startswith("abyss"))
                known.append(same and float(probs[i, j]) >= cfg.known_net_probability
                             and score >= cfg.known_builtin_score)
        obs.familiarity = round(float(np.mean(known)), 4)
        least = cfg.min_familiarity if self.pack is not None else cfg.min_familiarity_builtin
        self._known_run = self._known_run + 1 if obs.familiarity >= least else 0
        if obs.familiarity < least:
            obs.unknown_copy = UNKNOWN_COPY if self.pack is None else UNKNOWN_COPY_PACK

    def _read_tops(self, obs: OctocubeObservation, probs: np.ndarray, patches: np.ndarray,
                   frame: np.ndarray, gains: np.ndarray, scores: TileScores | None = None) -> None:
        classes = self._classes
        covered = {c.location: c for c in obs.cubes.values() if c.location is not None}
        hidden = self.hidden_fractions(list(covered))
        self.last_hidden = hidden
        cfg = self.config
        cube_mask: np.ndarray | None = None
        masks: dict[float, np.ndarray] = {}

        def mask_on(tiles: float) -> np.ndarray:
            """The frame's mask of the found cubes drawn on stacks ``tiles`` high."""
            if tiles not in masks:
                masks[tiles] = self._cube_mask(frame.shape, list(covered), self._stack_hulls[tiles])
            return masks[tiles]

        self._shade_found = {}
        self._letter_fits = {}
        for i, loc in enumerate(self.layout.stack_locations):
            p = probs[i]
            if loc in covered:
                obs.tops[loc] = StackTopReading(loc, None, round(covered[loc].place_weight_confidence, 4),
                                                covered=True)
                continue
            j = int(np.argmax(p))
            label = classes[j]
            conf = float(p[j])
            if self.pack is not None and scores is not None:
                seen = None
                if cfg.pack_mask_hidden and hidden.get(loc, 0.0) >= cfg.pack_mask_hidden_from:
                    if cube_mask is None:
                        cube_mask = self._cube_mask(frame.shape, list(covered))
                    seen = self._best_fitting_seen(i, patches[i], cube_mask, mask_on)
                label, conf = self._pack_top(i, label, conf, patches[i], scores, frame, gains, seen,
                                             hidden.get(loc, 0.0))
            elif label == TURNED:
                # a tile lying turned on the stack: read it in the other three turns
                turns = np.stack([np.ascontiguousarray(np.rot90(patches[i], k)) for k in (1, 2, 3)])
                tp = self.tops_net.probabilities(turns)[:, self._tile_cols]
                k, t = np.unravel_index(int(np.argmax(tp)), tp.shape)
                label, conf = TILE_LABELS[t], float(tp[k, t])
            elif label in (CUBE, BARE):
                # the net sees a cube that no seat claimed: read the best non-cube class, doubtfully
                j = int(self._not_cube_cols[np.argmax(p[self._not_cube_cols])])
                label = classes[j]
                conf = min(float(p[j]), 0.3)
            if label.startswith("abyss") and self.pack is None:
                label, conf = self._read_letter(i, p, frame, gains)
            h = hidden.get(loc, 0.0)
            unhidden = round(conf, 4) if h > cfg.hidden_top_doubtful else None
            if h >= cfg.hidden_top_unreadable:
                conf = min(conf, cfg.hidden_top_confidence)  # a guess: the window shows the cube
            elif h > cfg.hidden_top_doubtful:
                conf *= 1.0 - h
            obs.tops[loc] = StackTopReading(loc, tile_of(label), round(conf, 4), unhidden_confidence=unhidden)
        if cfg.pack_letters_once:
            self._letters_once(obs)
        self._shade_reads = []
        if self._shade is not None and (cfg.pack_shade_cue or cfg.pack_cube_tops_in_taught_colours):
            self._shade_reads = self._read_shades(obs, patches, hidden)
        if self._shade is not None and cfg.pack_shade_cue:
            self._correct_shades(obs, self._shade_reads, patches)

    def _read_shades(self, obs: OctocubeObservation, patches: np.ndarray,
                     hidden: dict[Location, float]) -> list[ShadeRead]:
        """The stack tops read by the pack as :class:`ShadeCue` sees them: each one's read label
        and its window's background colour."""
        assert self._shade is not None
        locs = self.layout.stack_locations
        reads = []
        for i, (ts, row, seen) in self._shade_found.items():
            reading = obs.tops[locs[i]]
            if reading.tile is None or hidden.get(locs[i], 0.0) >= self.config.hidden_top_unreadable:
                continue
            label = reading.tile.label()
            if label not in ts.labels:
                continue
            j = ts.labels.index(label)
            off = ts.offsets[row, j] if ts.offsets is not None else (0.0, 0.0)
            at, turn, vis = (float(off[0]), float(off[1])), int(ts.turns[row, j]), None if seen is None else seen[0]
            colour = self._shade.measure(patches[i], label, at, turn, vis)
            if colour is not None:
                glyph = self._shade.measure_glyph(patches[i], label, at, turn, vis) \
                    if self.config.pack_shade_contrast_deg > 0 else None
                reads.append(ShadeRead(i, label, colour, glyph))
        return reads

    def _correct_shades(self, obs: OctocubeObservation, reads: list[ShadeRead], patches: np.ndarray) -> None:
        """Stack tops read by the pack whose background is clearly another taught shade of their
        glyph (:class:`ShadeCue`, mapped by this table's own tops) are read as that shade."""
        assert self._shade is not None
        locs = self.layout.stack_locations
        fixes = self._shade.corrections(reads, self._matcher.labels, self.config.pack_shade_margin_lab,
                                       self.config.pack_shade_shadow, self.config.pack_shade_veil,
                                       self.config.pack_shade_contrast_deg, self.config.pack_shade_contrast_alone_deg,
                                       self.config.pack_shade_shadow_contrast_deg,
                                       self.config.pack_shade_exposure_apart)
        for i, label in fixes.items():
            old = obs.tops[locs[i]]
            if old.tile is not None and not self._coarse_allows(i, old.tile.label(), label) and not (
                    i in self._shade.by_contrast and self.config.pack_shade_contrast_correlation
                    and self._correlation_allows(i, patches[i], old.tile.label(), label)):
                continue
            conf = old.confidence
            if i in self._shade.by_contrast_alone:
                conf = min(conf, self.config.pack_shade_contrast_alone_confidence)  # one cue against the other
                if not self.config.pack_shade_contrast_alone_turns:
                    obs.tops[locs[i]] = replace(old, confidence=round(conf, 4))  # asked, not turned
                    continue
            obs.tops[locs[i]] = replace(old, tile=tile_of(label), confidence=round(conf, 4))

    def _coarse_allows(self, index: int, read: str, shade: str) -> bool:
        """Whether stack window ``index``'s coarse scores let the shade cue turn its ``read``
        label into ``shade`` (the same glyph in another shade): that face must fit the window
        within ``pack_shade_coarse_margin`` of the read one. The cue weighs the background only,
        as if a printing's shades differed by it alone; a printing may draw one shade's glyphs
        light on dark (random printing 996985: its green pearl is a white blob on purple, its
        white pearl a dark blob on pale pink), and a white pearl in a darker corner of the table
        (its background 0.6 of the other white tops') was turned green with the white pearl
        fitting 0.96 and the green pearl not among the best five (0.49 and below)."""
        ts, row, _ = self._shade_found[index]
        if read not in ts.labels or shade not in ts.labels:
            return True
        return float(ts.scores[row, ts.labels.index(shade)]) >= \
            float(ts.scores[row, ts.labels.index(read)]) - self.config.pack_shade_coarse_margin

    def _correlation_allows(self, index: int, window: np.ndarray, read: str, shade: str) -> bool:
        """:meth:`_coarse_allows` by the faces' correlation alone, the colour penalty left out
        (``pack_shade_contrast_correlation``): the coarse comparison again for the two faces, on
        what the window shows of its stack, in the read face's quarter turn."""
        ts, row, seen = self._shade_found[index]
        if read not in ts.labels or shade not in ts.labels:
            return True
        plain = self._matcher.scores(window[None], turns=(int(ts.turns[row, ts.labels.index(read)]),),
                                     only=(read, shade), visible=seen, colour_weight=0.0)
        return float(plain.scores[0, plain.labels.index(shade)]) >= \
            float(plain.scores[0, plain.labels.index(read)]) - self.config.pack_shade_coarse_margin

    def _cube_mask(self, shape: tuple[int, ...], cube_locations: list[Location],
                   hulls: dict[Location, np.ndarray] | None = None) -> np.ndarray:
        """A frame-sized mask, 255 where a found cube (and its stack) stands in the view (its
        outline ``hulls``, the middling stack's by default)."""
        hulls = self._cube_hulls if hulls is None else hulls
        mask = np.zeros(shape[:2], np.uint8)
        for loc in cube_locations:
            cv2.fillConvexPoly(mask, np.round(hulls[loc]).astype(np.int32), 255)
        return mask

    def _best_fitting_seen(self, index: int, window: np.ndarray, middling: np.ndarray,
                           mask_on: Callable[[float], np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
        """Stack window ``index``'s seen pixels (at the patches' and the fine stage's scale) behind
        the found cubes, drawn on the stack height (``pack_mask_cube_stack_step_tiles``; the
        middling one: ``middling``, their mask there, first; ``mask_on(tiles)``: their mask on
        another) under which the best taught face (upright, where a top can lie) fits ``window``
        best, another than the middling one only by ``pack_mask_cube_stack_lead``. A cube standing
        higher than its outline shows its edge in the part taken as the top's, which lowers every
        face's fit; one standing lower leaves out part of the top that shows. The outlines are
        compared all at once, at the shifts where the top can lie only (``TileMatcher.best_fits``),
        and only where the middling one's fit leaves another room to lead it (fits stay within 1)."""
        def seen_of(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
            return (self._seen(mask, self._maps, index),
                    self._seen(mask, self._fine_maps, index) if self._fine_maps is not None else None)

        shifts = self._stack_shifts(index) if self.config.pack_hidden_top_where_it_can_lie else None
        lead = self.config.pack_mask_cube_stack_lead
        lower = self.config.pack_mask_cube_lower_stack_lead
        lower = lead if lower is None else lower
        middling_fit = float(self._fits(index, window, [middling], shifts)[0])
        if middling_fit + min(lead, lower) >= 1.0:
            return seen_of(middling)  # no fit passes 1: no other outline can lead the middling one
        heights = sorted(self._stack_hulls)
        masks = [mask_on(tiles) for tiles in heights]
        middling_tiles = STACK_PLANE_MM / lay.TILE_THICKNESS_MM
        best, best_fit = middling, -np.inf
        for tiles, mask, f in zip(heights, masks, self._fits(index, window, masks, shifts)):
            need = lower if tiles < middling_tiles else lead  # a lower outline leaves more in view
            if f > middling_fit + need and best_fit < f <= 1.0:
                best, best_fit = mask, float(f)
        return seen_of(best)

    def _fits(self, index: int, window: np.ndarray, masks: list[np.ndarray], shifts: np.ndarray | None) -> np.ndarray:
        """The best taught face's fit (upright, at ``shifts``) of stack window ``index`` on what
        each cube mask of ``masks`` leaves in view (``TileMatcher.best_fits``, all at once)."""
        if not masks:
            return np.zeros(0)
        seen = np.stack([self._seen(mask, self._maps, index) for mask in masks])
        return self._matcher.best_fits(window, seen, shifts)

    @staticmethod
    def _seen(cube_mask: np.ndarray, maps: tuple[np.ndarray, np.ndarray, int], index: int) -> np.ndarray:
        """Stack window ``index`` of ``maps``: 1 where it shows its own stack, 0 behind a cube."""
        mx, my, side = maps
        rows = slice(index * side, (index + 1) * side)
        hid = cv2.remap(cube_mask, mx[rows], my[rows], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        return 1.0 - hid.astype(np.float32) / 255.0

    def _pack_top(self, index: int, net_label: str, net_conf: float, window: np.ndarray,
                  scores: TileScores, frame: np.ndarray, gains: np.ndarray,
                  seen: tuple[np.ndarray, np.ndarray | None] | None = None,
                  hidden: float = 0.0) -> tuple[str, float]:
        """A stack top by the taught faces: the best face when it scores ``pack_tile_score`` or
        the classifier saw a tile there (its empty / cube / bare stands otherwise). ``seen``: the
        window's seen pixels at the patches' and the fine stage's scale, where a neighbour's cube
        hides part of it (the faces are then compared on the rest only); ``hidden``: the share of
        the top found cubes hide (``hidden_fractions``)."""
        stack = index
        visible = None if seen is None else seen[0][None]
        shifts = None
        if visible is not None:
            shifts = self._stack_shifts(stack) if self.config.pack_hidden_top_where_it_can_lie else None
            scores, index = self._matcher.scores(window[None], visible=visible, shifts=shifts), 0
        label, score, lead, _ = scores.best(index)
        if score < self.config.pack_tile_score and shifts is None and self.config.pack_weak_top_where_it_can_lie:
            # no face fits well: the search's edge fits a neighbour's outline by chance
            shifts = self._stack_shifts(stack)
            scores, index = self._matcher.scores(window[None], visible=visible, shifts=shifts), 0
            label, score, lead, _ = scores.best(index)
        best_of: tuple[TileScores, int] = (scores, index)
        tile_seen = net_label in TILE_LABELS or net_label == TURNED
        if score < self.config.pack_tile_score:
            turned = self._matcher.scores(window[None], turns=(1, 2, 3), visible=visible, shifts=shifts)
            t_label, t_score, t_lead, _ = turned.best(0)
            if t_score > score:
                label, score, lead = t_label, t_score, t_lead
                best_of = (turned, 0)
        if score < self.config.pack_tile_score and not tile_seen:
            mat_hue = self._mat_hue(window)
            if mat_hue and _looks_like(window, MAT_BGR):
                return EMPTY, net_conf if net_label == EMPTY else min(net_conf, 0.3)
            # the classifier never saw this printing: a pale, low-contrast face can look empty
            # (or like a cube's bare metal) to it, but no cube was found here and the mat does
            # not show, so a tile lies here
            paled = None if mat_hue else self._unpenalised(window, visible, shifts)
            if paled is not None:
                best_of = (paled, 0)
                label, score, lead, _ = paled.best(0)
        if score < self.config.pack_tile_score and not tile_seen:
            conf = 0.5 * self._pack_confidence(max(score, 0.0), lead)
            if self.config.pack_shade_unseen_tiles:
                self._shade_found[stack] = (best_of[0], best_of[1], visible)  # its shade judged too
            return label, conf
        conf = self._pack_confidence(self._top_fit(score), lead)
        self._shade_found[stack] = (best_of[0], best_of[1], visible)
        if self._fine is not None and score >= self.config.pack_tile_score and self.config.pack_fine_candidates >= 2:
            label, conf = self._fine_top(stack, best_of, frame, gains, label, conf,
                                         None if seen is None else seen[1], hidden)
        fine_read = self._fine is not None and self.config.pack_fine_candidates >= 2 and self.config.pack_fine_letters
        if label.startswith("abyss") and self._letter_matcher is not None and not fine_read:
            label, conf = self._pack_letter(stack, frame, gains, conf)
        return label, conf

    def _unpenalised(self, window: np.ndarray, visible: np.ndarray | None,
                     shifts: np.ndarray | None) -> TileScores | None:
        """A top that lies here but that no taught face fits, whose centre lacks the mat's hue: the
        faces' correlations without the colour penalty, in every quarter turn, where one of them
        fits ``pack_tile_score`` by them alone (``pack_unseen_top_correlation``); None otherwise."""
        if not self.config.pack_unseen_top_correlation:
            return None
        ts = self._matcher.scores(window[None], turns=(0, 1, 2, 3), visible=visible, shifts=shifts, colour_weight=0.0)
        return ts if float(np.max(ts.scores[0])) >= self.config.pack_tile_score else None

    def _mat_hue(self, window: np.ndarray) -> bool:
        """The window's centre (16 mm square) has the play mat's hue (``pack_mat_chroma``)."""
        most = self.config.pack_mat_chroma
        if most is None:
            return True
        s = window.shape[0]
        centre = _chroma(window[s // 2 - 8:s // 2 + 8, s // 2 - 8:s // 2 + 8])
        return float(np.abs(centre - _chroma(np.asarray(MAT_BGR))).sum()) <= most

    def _stack_shifts(self, index: int) -> np.ndarray:
        """Where stack ``index``'s top may lie in its window, as a ``TileMatcher.scores`` shift
        mask: along its parallax line (a top 1-6 tiles high, the window sampled at 3.5 tiles)
        and within ``pack_hidden_top_spread_mm`` of it (a tile laid off centre, the camera's
        fit). A top half hidden behind a cube shows too little to place itself: its faces fit
        the seen part best at the search's edge, 4 mm off where it can lie (random printing
        996990, table 520001 (4, 4), hidden 0.60: the green diamond lost to the pearl at -7 mm)."""
        r = SEARCH_PX
        vx, vy = (v * PATCH_PX_PER_MM for v in self._parallax[index])  # px per tile of height
        ys, xs = np.mgrid[-r:r + 1, -r:r + 1].astype(np.float64)
        plane = STACK_PLANE_MM / lay.TILE_THICKNESS_MM
        lo, hi = STACK_TILES[0] - plane, STACK_TILES[1] - plane
        norm = vx * vx + vy * vy
        t = np.clip((xs * vx + ys * vy) / norm, lo, hi) if norm > 1e-12 else np.zeros_like(xs)
        dist = np.hypot(xs - t * vx, ys - t * vy)
        return dist <= self.config.pack_hidden_top_spread_mm * PATCH_PX_PER_MM

    def _fine_top(self, index: int, best_of: tuple[TileScores, int], frame: np.ndarray, gains: np.ndarray,
                  label: str, conf: float, visible: np.ndarray | None = None,
                  hidden: float = 0.0) -> tuple[str, float]:
        """The coarse stage's best few faces (within ``pack_fine_margin`` of its best) compared
        again at 3 px/mm where they differ (:class:`FineMatcher`); its pick stands. ``hidden``: the
        share of the top found cubes hide (``pack_fine_doubtful_coarse_weight``)."""
        assert self._fine is not None and self._fine_maps is not None
        ts, i = best_of
        row = ts.scores[i]
        low_fit = self.config.pack_fine_low_fit is not None and float(np.max(row)) < self.config.pack_fine_low_fit
        count = max(self.config.pack_fine_candidates, self.config.pack_fine_low_fit_candidates if low_fit else 0)
        order = [int(j) for j in np.argsort(row)[::-1][:count]]
        top = row[order[0]]
        order = [j for j in order if row[j] >= top - self.config.pack_fine_margin]
        if not self.config.pack_fine_tiles and not ts.labels[order[0]].startswith("abyss"):
            return label, conf
        if ts.labels[order[0]].startswith("abyss"):
            # the abyss faces differ only by their letter: all of them go to the fine stage
            order += [j for j, lb in enumerate(ts.labels)
                      if lb.startswith("abyss") and j not in order and np.isfinite(row[j])]
        lettered = [j for j in order if ts.labels[j].startswith("abyss")]
        order = [j for j in order if not ts.labels[j].startswith("abyss")
                 or self._abyss_face_may_lie(self.layout.stack_locations[index], ts.labels[j])]
        if not order:
            return label, conf
        if lettered and ts.labels[order[0]].startswith("abyss") and len(order) == 1:
            # the rules leave one abyss face here (the centre's tile A): its fit says how sure
            return ts.labels[order[0]], self._top_fit(max(float(row[j]) for j in lettered))
        if len(order) < 2:
            return label, conf
        offsets = ts.offsets if ts.offsets is not None else np.zeros((*ts.scores.shape, 2))
        mm = 1.0 / PATCH_PX_PER_MM
        cands: list[Candidate] = []
        for j in order:
            looks = ts.view_looks(i, j) if self.config.pack_fine_views_own_shift else None
            at = (float(offsets[i, j, 0]) * mm, float(offsets[i, j, 1]) * mm)
            per_view = None if looks is None else [(t, (ox * mm, oy * mm)) for t, (ox, oy) in looks]
            cands.append((ts.labels[j], int(ts.turns[i, j]), at, per_view))
        if self._fine_windows is None:
            balance = apply_linear_gains if self.config.pack_fine_linear_balance else apply_gains
            self._fine_windows = balance(sample_patches(frame, self._fine_maps), gains)
        verdict = self._fine.rerank(self._fine_windows[index], cands, visible=visible, shared_places=low_fit,
                                    least_seen_share=self.config.pack_fine_least_seen_share,
                                    every_turn=self._fine_every_turn(low_fit, visible))
        if verdict is None:
            return label, conf
        # the pick: fine score plus the coarse one (weighted): a fine score alone may overturn a
        # coarse lead that a small fine lead does not justify
        k = self.config.pack_fine_coarse_weight
        coarse_of = {lb: float(row[ts.labels.index(lb)]) for lb in verdict.scores}
        letters = [v for lb, v in coarse_of.items() if lb.startswith("abyss")]
        if self.config.pack_letters_by_fine and letters:
            # at 1 px/mm a letter is 2-3 px: the coarse scores say "an abyss tile", not which
            # one (their differences are noise), so every abyss face gets the best of them
            coarse_of.update({lb: max(letters) for lb in coarse_of if lb.startswith("abyss")})
        total = {lb: v + k * coarse_of[lb] for lb, v in verdict.scores.items()}
        ranked = sorted(total, key=lambda lb: total[lb], reverse=True)
        k_low = self.config.pack_fine_low_fit_coarse_weight if low_fit and visible is None else None
        k_hidden = self.config.pack_fine_doubtful_coarse_weight
        if k_hidden is not None and self.config.hidden_top_doubtful < hidden < self.config.hidden_top_unreadable:
            k_low = k_hidden  # a top partly under a cube: its coarse scores weigh a part of it
        if k_low is not None:
            # the fine stage picks; where it agrees with the weighted pick, that pick's lead stays
            # its certainty (a pale face read right stays as sure as before)
            low = {lb: v + k_low * coarse_of[lb] for lb, v in verdict.scores.items()}
            low_ranked = sorted(low, key=lambda lb: low[lb], reverse=True)
            if low_ranked[0] != ranked[0]:
                total, ranked = low, low_ranked
        pick = ranked[0]
        lead = total[pick] - total[ranked[1]]
        tie = self.config.pack_fine_runoff_lead
        if tie is not None and lead < tie and hidden < self.config.hidden_top_unreadable:
            # (a top mostly under a cube is a guess either way: 997500 / 520001 (4, 4), 60 % hidden)
            pick = self._fine_runoff(index, cands, ranked[:2], visible, low_fit, lead) or pick
        if pick.startswith("abyss "):
            self._letter_fits[index] = total
        certainty = 0.5 + 0.5 * min(1.0, lead / self.config.pack_fine_lead_for_certainty)
        coarse = coarse_of[pick]
        return pick, self._top_fit(coarse) * certainty

    def _fine_runoff(self, index: int, cands: list[Candidate], finalists: list[str],
                     visible: np.ndarray | None, low_fit: bool, tie_lead: float) -> str | None:
        """The fine stage's two tied finalists compared again alone (``pack_fine_runoff_lead``),
        each channel about its own mean where their taught faces share a shade
        (``pack_fine_runoff_same_shade``): the runoff's pick where it leads by more than the tie
        it breaks (``tie_lead``), None otherwise. A runoff less sure than the tie is noise too:
        an abyss D and G of 997682 at 3-4 camera pixels (540003 (2, 3), 2 photos) tie at 0.0009
        among the letters and at 0.0002 alone, the other way."""
        assert self._fine is not None and self._fine_windows is not None
        two = [c for c in cands if c[0] in finalists]
        if len(two) != 2:
            return None
        one_shade = self._fine.shade_apart(*finalists) <= self.config.pack_fine_runoff_same_shade
        verdict = self._fine.rerank(self._fine_windows[index], two, visible=visible, shared_places=low_fit,
                                    least_seen_share=self.config.pack_fine_least_seen_share,
                                    every_turn=self._fine_every_turn(low_fit, visible), each_channel=one_shade)
        return None if verdict is None or verdict.lead <= tie_lead else verdict.label

    def _letters_once(self, obs: OctocubeObservation) -> None:
        """Each abyss letter shows on one tile at most (rules/octocube decision 11: the power sides
        B-I once each, tile A once): where two tops the fine stage read are read the same letter,
        those tops take the letters that fit them best together (the sum of their fine stage's
        weighted scores, ``_letter_fits``), among the letters no other top shows and the plain
        abyss face. A top whose letter changes keeps its confidence, capped at
        ``pack_letters_once_confidence``."""
        locs = self.layout.stack_locations
        read = {i: obs.tops[locs[i]].tile.label() for i in self._letter_fits  # type: ignore[union-attr]
                if obs.tops[locs[i]].tile is not None}
        shown: dict[str, list[int]] = {}
        for i, lb in read.items():
            if lb.startswith("abyss "):
                shown.setdefault(lb, []).append(i)
        clashing = sorted(i for same in shown.values() if len(same) > 1 for i in same)
        if not clashing or len(clashing) > LETTERS_ONCE_MOST:
            return
        taken = {r.tile.label() for at, r in obs.tops.items()
                 if r.tile is not None and at not in {locs[i] for i in clashing}}
        choices = {i: [lb for lb in self._letter_fits[i] if lb not in taken] for i in clashing}
        best: tuple[float, tuple[str, ...]] | None = None
        for combo in product(*(choices[i] for i in clashing)):
            lettered = [lb for lb in combo if lb.startswith("abyss ")]
            if len(set(lettered)) != len(lettered):
                continue
            fit = sum(self._letter_fits[i][lb] for i, lb in zip(clashing, combo, strict=True))
            if best is None or fit > best[0]:
                best = (fit, combo)
        if best is None:
            return
        for i, lb in zip(clashing, best[1], strict=True):
            if lb != read[i]:
                old = obs.tops[locs[i]]
                obs.tops[locs[i]] = replace(old, tile=tile_of(lb), confidence=round(
                    min(old.confidence, self.config.pack_letters_once_confidence), 4))

    def _abyss_face_may_lie(self, loc: Location, label: str) -> bool:
        """Whether the rules let abyss face ``label`` lie on ``loc`` (``pack_letters_by_rule``): the
        tile showing A is the 5x5 grid's centre tile, which stays there (rules/octocube decisions
        1, 3, 10, 11); the advanced game lays power sides B-I there and everywhere else, so A shows
        nowhere else in any mode, and outside the advanced game the centre shows A alone."""
        if not self.config.pack_letters_by_rule:
            return True
        shows_a = label == f"abyss {EXTRA_ROLL_LETTER}"
        if loc == CENTRE_ABYSS.get(self.grid_size) and self.mode != "advanced":
            return shows_a
        return not shows_a

    def _fine_every_turn(self, low_fit: bool, visible: np.ndarray | None) -> bool:
        """Whether the fine stage compares a stack top's candidates in every quarter turn: a
        low-fit top's (``pack_fine_low_fit_every_turn``) that nothing in front hides (``visible``
        None). A top a cube hides in part keeps its coarse turns: the part in view is small, and
        four turns of five faces fit it by chance (997541 / 520104 (4, 3), 30 % in view: a green
        amphora read as the starfish turned)."""
        return low_fit and visible is None and self.config.pack_fine_low_fit_every_turn

    def _pack_letter(self, index: int, frame: np.ndarray, gains: np.ndarray, conf: float) -> tuple[str, float]:
        """An abyss tile's letter from the taught abyss faces, 3 px/mm (the letter is small)."""
        mx, my, side = self._letter_maps
        rows = slice(index * side, (index + 1) * side)
        patch = cv2.remap(frame, mx[rows], my[rows], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        patch = apply_gains(patch[None], gains)[0]
        assert self._letter_matcher is not None
        ts = self._letter_matcher.scores(patch[None], search_px=LETTER_SEARCH_PX)
        label, score, lead, _ = ts.best(0)
        return label, min(conf, self._pack_confidence(score, lead))

    def _attach_fingerprints(self, obs: OctocubeObservation, frame: np.ndarray, gains: np.ndarray) -> None:
        """Every visible tile top gets its fingerprint and parallax vector (not a height: one
        image cannot tell it, the tracker compares two scenes); a top that a found cube leans over
        also gets the mask of its part the cubes leave in view (``fingerprint_seen``). So does
        every coin pile seen beside a board (``BoardReading.coins_fingerprint``)."""
        patches = apply_gains(sample_patches(frame, self._fingerprint_maps), gains)
        cube_mask: np.ndarray | None = None
        for i, loc in enumerate(self.layout.stack_locations):
            reading = obs.tops.get(loc)
            if reading is None or reading.covered or reading.tile is None:
                continue
            seen = None
            if reading.unhidden_confidence is not None:  # a found cube leans over this top
                if cube_mask is None:
                    cube_mask = self._cube_mask(frame.shape,
                                                [c.location for c in obs.cubes.values() if c.location is not None])
                seen = np.round(self._seen(cube_mask, self._fingerprint_maps, i) * 255).astype(np.uint8)
            obs.tops[loc] = replace(reading, fingerprint=to_fingerprint(patches[i]),
                                    parallax_mm=self._parallax[i], fingerprint_seen=seen)
        piles = apply_gains(sample_patches(frame, self._coin_fingerprint_maps), gains)
        for seat, board in obs.boards.items():
            if board.coins and not board.coins_counted and seat < len(piles):  # a pile seen, not counted
                obs.boards[seat] = replace(board, coins_fingerprint=to_fingerprint(piles[seat]),
                                           coins_parallax_mm=self._coin_parallax[seat])

    def _read_letter(self, index: int, probs: np.ndarray, frame: np.ndarray,
                     gains: np.ndarray) -> tuple[str, float]:
        """An abyss tile's letter from a 3 px/mm window at the known height of a lone tile, by
        the letter net (models/octocube_letters.onnx) when it is there, its probability the
        confidence. Otherwise by the template reader; the classifier's own letter vote only raises the confidence. The
        confidence is the abyss probability scaled by how clearly the best letter template
        beats the runner-up (a few camera pixels per letter: often doubtful)."""
        mx, my, side = self._letter_maps
        rows = slice(index * side, (index + 1) * side)
        patch = cv2.remap(frame, mx[rows], my[rows], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        patch = apply_gains(patch[None], gains)[0]
        abyss_cols = [self._classes.index(c) for c in LETTER_LABELS]
        p_abyss = float(sum(probs[c] for c in abyss_cols))
        if self.letters_net is not None:
            p = self.letters_net.probabilities_of(self._letters.net_input(patch)[None, None])[0]
            best = int(np.argmax(p))
            return LETTER_LABELS[best], p_abyss * float(p[best])
        label, _, margin = self._letters.read(patch)
        net_label = self._classes[max(abyss_cols, key=lambda c: probs[c])]
        clarity = min(1.0, margin / self.config.letter_margin_for_certainty)
        conf = p_abyss * (0.5 + 0.5 * clarity) if net_label == label else p_abyss * 0.5 * clarity
        return label, conf

    def _pack_board_cell(self, index: int, scores: TileScores, kids: bool) -> tuple[str, float]:
        """A board space by the taught faces: standard side, its own tile or nothing; kids side,
        any object tile or nothing."""
        if kids:
            allowed = [k for k, lb in enumerate(scores.labels) if tile_of(lb) is not None
                       and tile_of(lb).kind == "object"]  # type: ignore[union-attr]
            if not allowed:
                return EMPTY, 0.3
            label, score, lead, _ = scores.best(index, allowed)
        else:
            _, colour, obj = self.layout.board_cells[index]
            label = f"{colour} {obj}"
            if label not in scores.labels:
                return EMPTY, 0.3  # this face was not taught
            score = float(scores.scores[index, scores.labels.index(label)])
            lead = abs(score - self.config.pack_tile_score)
        if not kids:
            # its own tile against its own empty look (the board art is always the built-in one)
            empty = float(self._board_empty[index])
            if score < empty + self.config.pack_board_margin:
                return EMPTY, float(np.clip(0.5 + (empty - score), 0.3, 0.95))
            return label, self._pack_confidence(score, score - empty)
        if score < self.config.pack_tile_score and (score < self.config.pack_board_min_score or
                                                    _looks_like(self._board_windows[index], BOARD_SPACE_BGR)):
            return EMPTY, 0.95 if self.config.pack_tile_score - score > 0.1 else 0.5
        return label, self._pack_confidence(score, lead)

    def _read_boards(self, obs: OctocubeObservation, cell_probs: np.ndarray, coin_probs: np.ndarray,
                     cell_scores: TileScores | None = None, coin_scores: TileScores | None = None) -> None:
        per_seat: dict[int, list[Tile]] = {s: [] for s in range(self.num_players)}
        conf: dict[int, float] = {s: 1.0 for s in range(self.num_players)}
        kids = self.mode == "kids"
        slots: dict[int, list[Tile | None]] = {s: [None] * lay.KIDS_SLOTS for s in range(self.num_players)}
        for i, (seat, _, where) in enumerate(self.layout.board_cells):
            p = cell_probs[i]
            j = int(np.argmax(p[self._not_cube_cols]))
            label = self._classes[int(self._not_cube_cols[j])]
            if cell_scores is None or not self.config.pack_board_own_confidence:
                conf[seat] = min(conf[seat], float(p[self._not_cube_cols[j]]))
            if cell_scores is not None:
                label, c = self._pack_board_cell(i, cell_scores, kids)
                conf[seat] = min(conf[seat], c)
            tile = tile_of(label)
            if tile is not None and kids and tile.kind != "object":
                tile = None  # a kids space only ever holds an object tile
            if tile is not None:
                per_seat[seat].append(tile)
                if kids:
                    slots[seat][int(where)] = tile
        coin_col, empty_col = self._classes.index("coin"), self._classes.index(EMPTY)
        for seat in range(self.num_players):
            p = coin_probs[seat]
            has_coins = p[coin_col] >= p[empty_col]
            taught_coins = coin_scores is not None and "coin" in coin_scores.labels
            if not taught_coins or not self.config.pack_board_own_confidence:
                conf[seat] = min(conf[seat], float(max(p[coin_col], p[empty_col])))
            if coin_scores is not None and "coin" in coin_scores.labels:
                s = float(coin_scores.scores[seat, coin_scores.labels.index("coin")])
                has_coins = s >= self.config.pack_tile_score
                conf[seat] = min(conf[seat], 0.95 if abs(s - self.config.pack_tile_score) > 0.1 else 0.5)
            obs.boards[seat] = BoardReading(seat=seat, tiles=tuple(per_seat[seat]),
                                            coins=1 if has_coins else 0,
                                            confidence=round(conf[seat], 4), coins_counted=False,
                                            tiles_counted=kids,
                                            slots=tuple(slots[seat]) if kids else None)


COIN_FINGERPRINT_PLANE_MM = 2.0 * lay.TILE_THICKNESS_MM
"""Height at which a coin pile's fingerprint is sampled: the top of a pile of two coins, so piles
of one to three (most piles in a game) lie within a coin of it and their top's art fills the
compared window (vision/octocube/heights.py ``COMPARE_MM``) whatever the pile's few mm of offset."""

UNKNOWN_COPY = "these tiles do not look like any copy I know: teach me your copy (tablesight teach)"
UNKNOWN_COPY_PACK = ("these tiles do not look like the copy I was taught: teach me this copy "
                     "(tablesight teach) or give its pack")
STACK_TILES = (1, 6)
LETTERS_ONCE_MOST = 4
"""``_letters_once`` weighs every way to letter at most this many tops read alike (more is no
longer a tie of a few letters but a table read wrong)."""
"""The fewest and most tiles a grid stack holds (its top 2.5-15 mm up)."""
RIM_BAND_MM = (0.5, 2.5)
"""Where, in from a taught cube face's edge, the plastic a tile on the cube leaves showing is
sampled (:meth:`OctocubeRecogniser._rim_colour`)."""
RIM_MARGIN_MM = (8, 10)
"""Where, in from the cube's silhouette edge (a rim band's outer edge), :func:`_rim_sides` judges
the tile's own margin when the sides are measured by their outer edges: 5-7 mm into a 34 mm tile
on the 40 mm cube, past the 3 mm rim and past a dark tile's edge reading in the rim's hue (72734,
change 46: Blue's rim round a navy sextant, in the hue up to 7 mm in from the silhouette)."""
TurnAlone = tuple[float, float | None] | None
"""How sure the fine stage is of a cube top's turn alone, its tile taken as read: (the best turn's
certainty by its lead over the next best turn, the same up to a half turn or None), or None where
the fine stage did not weigh the turn (``CubeReading.turn_alone_confidence``)."""


def _top_alone_confidence(conf: float, alone: TurnAlone) -> float | None:
    """``CubeReading.top_alone_confidence``: a cube top's confidence ``conf`` with the fine stage's
    turn-alone certainty (``alone``'s first, a factor of ``conf``) taken out again; None where the
    turn was not weighed apart."""
    if alone is None or alone[0] <= 0:
        return None
    return round(min(1.0, conf / alone[0]), 4)


def _turn_alone_fields(alone: TurnAlone) -> tuple[float | None, float | None]:
    """``CubeReading``'s (``turn_alone_confidence``, ``turn_axis_alone_confidence``) from ``alone``."""
    if alone is None:
        return None, None
    whole, axis = alone
    return round(whole, 4), None if axis is None else round(axis, 4)


CUBE_FACE_COMPARED_MM = 38.0
"""A tile on a cube is placed by the middle this many mm of the 40 mm face it is inset on (the
tile and 2 of the cube's 3 mm rim round it): the cube window leaves a 7 mm search each way."""
LETTER_MATCH_MM = 20.0
"""Side of the square compared on an abyss tile at 3 px/mm (its letter is a few mm tall)."""
LETTER_SEARCH_PX = 9


BOARD_SPACE_BGR = (62.0, 44.0, 28.0)
"""An empty space of a player board (vision/render/octocube_art.py draw_board), BGR."""


_CUBE_LIFT_TILES = (CUBE_ON_GRID_PLANE_MM - STACK_PLANE_MM) / lay.TILE_THICKNESS_MM
"""How many tile heights a cube's top lies above a stack's top (the parallax vectors are per tile)."""


def _cube_stacks(step: float) -> list[float]:
    """The stack heights (tiles) a cube may stand on other than the middling one (``STACK_PLANE_MM``),
    ``step`` apart from it, from the lowest to the tallest (``STACK_TILES``; none for a step of 0)."""
    if step <= 0:
        return []
    middling = STACK_PLANE_MM / lay.TILE_THICKNESS_MM
    up = int(np.floor((STACK_TILES[1] - middling) / step + 1e-9))
    down = int(np.floor((middling - STACK_TILES[0]) / step + 1e-9))
    return [middling + k * step for k in range(-down, up + 1) if k != 0]


def _lead_certainty(lead: float, scale: float) -> float:
    """A lead of the best turn over others as a certainty: 0.5 + 0.5 * min(1, lead / ``scale``)."""
    return 0.5 + 0.5 * min(1.0, max(0.0, lead) / scale)


def _axis_lead(fits: dict[int, float], turn: int) -> float | None:
    """How much better quarter turn ``turn`` fits than the better of the two turns a quarter off
    it (``fits``: quarter turn -> fit), or None where neither of those was compared: how surely
    the turn is told up to a half turn. A glyph alike turned half round (72783's green starfish:
    0.989 / 0.986 at 0 / 180, 0.936 / 0.932 at 90 / 270) leads by little over its next best
    turn, by much over a quarter turn off."""
    off = [fits[k] for k in ((turn + 1) % 4, (turn + 3) % 4) if k in fits]
    return fits[turn] - max(off) if off and turn in fits else None


def _turn_spread(fits: list[float], stands_out: float, pair_stands_out: float = 0.0) -> float:
    """How much a cube top's best quarter turn fits better than its worst (the fine stage's fits
    of one tile in each turn, indexed by quarter turn); infinite unless all four turns were
    compared, or where the best leads the next best by ``stands_out`` or more
    (``pack_cube_turn_stands_out``: one turn apart from three alike ones is told, however close
    the four), or the best and its half-turn twin lead both quarter-off turns by
    ``pair_stands_out`` or more (``pack_cube_turn_pair_stands_out``: :func:`_half_turn_pair_lead`).
    A glyph that looks alike turned half round leaves two turns behind; one alike in every turn
    does not."""
    if len(fits) != 4:
        return float("inf")
    ranked = sorted(fits, reverse=True)
    if stands_out > 0 and ranked[0] - ranked[1] >= stands_out:
        return float("inf")
    if pair_stands_out > 0 and _half_turn_pair_lead(fits) >= pair_stands_out:
        return float("inf")
    return ranked[0] - ranked[-1]


def _half_turn_pair_lead(fits: list[float]) -> float:
    """How much the worse of the best quarter turn and its half-turn twin fits better than the
    better of the two turns a quarter off (``fits``: the four turns' fits, by quarter turn)."""
    best = int(np.argmax(fits))
    pair = min(fits[best], fits[(best + 2) % 4])
    return pair - max(fits[(best + 1) % 4], fits[(best + 3) % 4])


def _best_class(row: np.ndarray, set_aside: list[int]) -> int:
    """The cube net's best class in one window's ``row`` with the columns ``set_aside`` left out
    (the colours of cubes already found elsewhere: a seat has one cube)."""
    kept = row.astype(np.float64).copy()
    kept[set_aside] = -np.inf
    return int(np.argmax(kept))


def _leads_set_aside(row: np.ndarray, col: int, set_aside: list[int], none: int) -> bool:
    """Class ``col`` is the cube net's likeliest cube colour in one window's ``row`` once the
    columns ``set_aside`` (the colours of cubes already found elsewhere: a seat has one cube)
    and "no cube" (column ``none``) are left out."""
    colours = np.asarray(row, np.float64).copy()
    colours[set_aside] = 0.0
    colours[none] = -1.0
    return int(np.argmax(colours)) == col


def _share_of(row: np.ndarray, col: int, set_aside: list[int]) -> float:
    """The cube net's probability of class ``col`` in one window's ``row`` as a share of what the
    columns ``set_aside`` (the colours of cubes already found elsewhere) leave: p / (1 - their sum)."""
    left = 1.0 - float(np.asarray(row, np.float64)[set_aside].sum()) if set_aside else 1.0
    return min(1.0, float(row[col]) / left) if left > 1e-6 else 0.0


def _chroma(pixels: np.ndarray) -> np.ndarray:
    """Mean colour as (b, g, r) shares: brightness drops out."""
    mean = np.asarray(pixels, np.float64).reshape(-1, 3).mean(axis=0)
    return mean / (mean.sum() + 1e-6)


def _rim_chroma(window: np.ndarray) -> np.ndarray:
    """The chromaticity of the 3 mm band round a 34 mm tile centred on a cube-height window:
    a topped cube's plastic rim."""
    s = window.shape[0]
    c = s / 2
    outer, inner = lay.CUBE_SIZE_MM / 2 * PATCH_PX_PER_MM, lay.TILE_SIZE_MM / 2 * PATCH_PX_PER_MM
    yy, xx = np.mgrid[0:s, 0:s] + 0.5 - c
    d = np.maximum(np.abs(yy), np.abs(xx))
    return _chroma(window[(d >= inner + 0.5) & (d <= outer - 0.5)])


def _mat_sides(window: np.ndarray, plastics: list[np.ndarray], near: float, share: float,
               centre: tuple[float, float] = (0.0, 0.0), gap: float = 0.0) -> int:
    """How many sides (0-4) of the 3 mm band round a 34 mm tile centred on a cube-height window
    (:func:`_rim_chroma`'s band, corners left out) show the play mat: at least ``share`` of the
    side's pixels lie within ``near`` (L1 chromaticity) of the mat's and nearer it than to every
    colour in ``plastics``. A cube wearing a tile shows its plastic there; a flat tile the mat.
    0 where some plastic lies within twice ``near`` of the mat's colour: the two cannot be told.
    ``centre``: the tile's centre, (x, y) px from the window's; ``gap``: px of the band next to
    the tile's edge left out (pixels outside the window count for no side)."""
    mat_chroma = _chroma(np.asarray(MAT_BGR))
    if any(float(np.abs(np.asarray(p) - mat_chroma).sum()) < 2 * near for p in plastics):
        return 0
    s = window.shape[0]
    c = s / 2
    outer, inner = lay.CUBE_SIZE_MM / 2 * PATCH_PX_PER_MM, lay.TILE_SIZE_MM / 2 * PATCH_PX_PER_MM
    yy, xx = np.mgrid[0:s, 0:s] + 0.5 - c
    yy, xx = yy - centre[1], xx - centre[0]
    d = np.maximum(np.abs(yy), np.abs(xx))
    band = (d >= inner + 0.5 + gap) & (d <= outer - 0.5)
    pixels = np.asarray(window, np.float64)
    chroma = pixels / (pixels.sum(axis=-1, keepdims=True) + 1e-6)
    to_mat = np.abs(chroma - mat_chroma).sum(axis=-1)
    mat = to_mat < near
    for plastic in plastics:
        mat &= to_mat < np.abs(chroma - plastic).sum(axis=-1)
    along_y, along_x = np.abs(xx) < inner, np.abs(yy) < inner
    sides = [band & (yy < -inner) & along_y, band & (yy > inner) & along_y,
             band & (xx < -inner) & along_x, band & (xx > inner) & along_x]
    return sum(1 for side in sides if side.any() and float(mat[side].mean()) >= share)


def _distinct_hue(colour: np.ndarray, others: list[np.ndarray], colourful: float, hue: float) -> bool:
    """``colour`` (b, g, r shares) lies at least ``colourful`` from grey and no colour in ``others``
    points within cosine ``hue`` of it from grey: a hue a pixel can be told by."""
    u = np.asarray(colour, np.float64) - 1.0 / 3.0
    if float(np.linalg.norm(u)) < colourful:
        return False
    for other in others:
        v = np.asarray(other, np.float64) - 1.0 / 3.0
        if float(u @ v) / (float(np.linalg.norm(u) * np.linalg.norm(v)) + 1e-9) >= hue:
            return False
    return True


def _rim_sides(window: np.ndarray, colour: np.ndarray, others: list[np.ndarray], hue: float, pale: float,
               side: float, centre: float, span_mm: tuple[float, float], along: bool = True,
               outer_span_mm: tuple[float, float] | None = None, fourth_hue: float | None = None,
               fourth_share: float = 0.3, fourth_square_mm: float = 2.0, nearest_centre: bool = False) -> int:
    """How many sides (0-4) of a square ring in ``colour``'s hue (b, g, r shares) a cube-height
    window shows round something that is not: a cube's plastic rim round the tile it wears. A
    pixel (3 x 3 mean) is in the mask where its chromaticity's offset from grey points within
    cosine ``hue`` of ``colour``'s, nearer it than every colour in ``others``, and is at least
    ``pale`` times as long (hue, not distance: a lit rim is paler). A side counts where a line
    across its middle 22 mm is at least ``side`` in the mask; two opposite sides only where their
    lines lie ``span_mm`` apart (the cube may sit a few mm off the window's centre); none where
    the tile's margin inside the rim (12-14 mm from the centre) is more than ``centre`` in the
    mask (a bare face or a tile in that hue is no ring; a glyph in it may be: a coin's orange disc
    on a red cube). ``along``: the sides' lines are measured in masks whose 3-pixel mean runs
    along the band (1 x 3 for the top and bottom bands, 3 x 1 for the left and right), not
    across it (the tile's margin is still judged in the 3 x 3 one): a 2 mm band averaged across
    its width takes a third of the tile's colour beside it and leaves the hue (whole taught game
    72705, printing 997381, tilt 10.1, lamp, change 119: Red's cube on D1 wearing a green
    amphora, its orange-red rim plain on all four sides, but the left band 2 px wide beside the
    green tile fell to cosine 0.83-0.87, under ``pack_rim_hue``, across the side's middle: three
    sides, and Red was read on C2's pink amphora, "a tile left stack D1 with no cube on it").
    ``outer_span_mm``: where given, two opposite sides count where their bands' outer edges (the
    cube's silhouette) lie that far apart, or their middles ``span_mm``; on an axis that fits by
    its outer edges the tile's margin is judged ``RIM_MARGIN_MM`` in from them, along the middle
    22 mm of each side, on one that fits by its middles 12-14 mm from the centre (the whole
    centred ring where an axis shows no pair). A dark tile in the rim's hue widens a band inward
    along its own edge, which moves the band's middle but not its outer edge (whole taught game
    72734, printing 997410, tilt 3.8, day, changes 46 and 62: Blue's rim round a navy sextant; the
    near band 7 mm wide, middles 34 mm apart, outer edges 39; the navy edge in the hue 6-7 mm in
    from the silhouette, the centred margin 0.34: Blue not found); the cube's near side face in
    the same plastic widens it outward, which moves the outer edge but less the middle (72705,
    change 103: outer edges 45 apart, middles 40). ``fourth_hue`` (with ``outer_span_mm``): where
    three sides' bands show and the fourth's does not, that one band is looked for once more: a
    line is in it where at least ``fourth_share`` of it is in the mask and its mean colour along
    the side's middle 22 mm points within this cosine of the colour's hue, nearer it than every
    colour in ``others``, as pale as above (the band must still lie at the span from the one
    opposite, the other axis fitting by its outer edges and this one's outer edges as far apart
    within ``fourth_square_mm``: a cube's top is square): a 1 mm band
    on the cube's far side blends with what lies beyond it, and its pixels scatter about the
    hue's bound (whole taught game 72737, printing 997413, tilt 5.5, lamp, change 43: Purple's rim
    on D1 round a white diamond, three bands at cosine 0.96-0.99, the far one's pixels at
    0.88-0.93 with Blue's hue 0.84-0.90, 0.64 of its line in the mask on the still frame, 0.45 on
    the frame the gate read: three sides, and Purple was read on Blue's cube; its line's mean
    0.90, Blue's 0.87). ``nearest_centre`` (with ``outer_span_mm``): each band is taken round the
    maximum of its side's outer part nearest the window's centre on the first side too (the first
    maximum lies nearest the window's edge there: a neighbour in the hue beyond the cube; whole
    taught game 72705, change 211, ``RecogniserConfig.pack_rim_band_nearest_centre``)."""
    mask = _rim_mask(window, colour, others, hue, pale, (3, 3))
    across_rows = _rim_mask(window, colour, others, hue, pale, (3, 1)) if along else mask
    across_cols = _rim_mask(window, colour, others, hue, pale, (1, 3)) if along else mask
    c = window.shape[0] // 2
    inner, half = round(10 * PATCH_PX_PER_MM), round(11 * PATCH_PX_PER_MM)
    margin = np.zeros(mask.shape, bool)  # the tile's own margin, 12-14 mm from the window's centre
    a, b = round(12 * PATCH_PX_PER_MM), round(14 * PATCH_PX_PER_MM)
    margin[c - b:c + b, c - b:c + b] = True
    margin[c - a:c + a, c - a:c + a] = False
    rows = across_rows[:, c - half:c + half].mean(axis=1)
    cols = across_cols[c - half:c + half, :].mean(axis=0)
    if outer_span_mm is None:
        if float(mask[margin].mean()) > centre:
            return 0
        lo, hi = span_mm[0] * PATCH_PX_PER_MM, span_mm[1] * PATCH_PX_PER_MM
        count = 0
        for line in (rows, cols):
            first = _band_centre(line, int(np.argmax(line[:c - inner])), side, 0, c - inner)
            last = _band_centre(line, c + inner + int(np.argmax(line[c + inner:])), side, c + inner, len(line))
            shown = int(float(line[first]) >= side) + int(float(line[last]) >= side)
            if shown == 2 and not lo <= last - first <= hi:
                shown = 0
            count += shown
        return count
    lo, hi = span_mm[0] * PATCH_PX_PER_MM, span_mm[1] * PATCH_PX_PER_MM
    outer_lo, outer_hi = outer_span_mm[0] * PATCH_PX_PER_MM, outer_span_mm[1] * PATCH_PX_PER_MM
    d1, d2 = (round(v * PATCH_PX_PER_MM) for v in RIM_MARGIN_MM)

    def runs(line: np.ndarray, least: float = side) -> list[tuple[int, int] | None]:
        """The band on the window's first and last side of ``line`` (:func:`_band_run`)."""
        first = c - inner - 1 - int(np.argmax(line[:c - inner][::-1])) if nearest_centre \
            else int(np.argmax(line[:c - inner]))
        return [_band_run(line, first, least, 0, c - inner),
                _band_run(line, c + inner + int(np.argmax(line[c + inner:])), least, c + inner, len(line))]

    bands = [runs(rows), runs(cols)]
    missing = [(axis, end) for axis in range(2) for end in range(2) if bands[axis][end] is None]
    if fourth_hue is not None and fourth_hue < hue and len(missing) == 1:
        axis, end = missing[0]
        pixels = window[:, c - half:c + half] if axis == 0 else np.swapaxes(window[c - half:c + half, :], 0, 1)
        in_hue = _rim_mask(np.asarray(pixels, np.float32).mean(axis=1, keepdims=True), colour, others, fourth_hue,
                           pale, (1, 1))[:, 0]
        weak = np.where(in_hue, rows if axis == 0 else cols, 0.0)
        found = runs(weak, max(fourth_share, 1e-6))[end]
        near, far = bands[1 - axis]
        if found is not None and near is not None and far is not None:
            pair = (found, bands[axis][1 - end]) if end == 0 else (bands[axis][1 - end], found)
            assert pair[0] is not None and pair[1] is not None
            span, other = pair[1][1] - pair[0][0], far[1] - near[0]
            # a cube's top is square: the other axis fits by its outer edges, and this one as wide
            if outer_span_mm[0] * PATCH_PX_PER_MM <= other <= outer_span_mm[1] * PATCH_PX_PER_MM \
                    and abs(span - other) <= fourth_square_mm * PATCH_PX_PER_MM:
                bands[axis][end] = found
    count, edges = 0, []  # per axis: where its tile margin lies (first, last line), by the pair that fits
    for first_run, last_run in bands:
        shown = int(first_run is not None) + int(last_run is not None)
        if first_run is not None and last_run is not None:
            middles = (first_run[0] + first_run[1]) // 2, (last_run[0] + last_run[1]) // 2
            if outer_lo <= last_run[1] - first_run[0] <= outer_hi:
                edges.append((first_run[0] + d1, last_run[1] - d1 + 1))
            elif lo <= middles[1] - middles[0] <= hi:
                edges.append((c - b, c + b))  # the centred margin, 12-14 mm from the centre
            else:
                shown = 0
        count += shown
    if len(edges) < 2:  # an axis without two sides: the count is under 4; judge the centred margin
        return 0 if float(mask[margin].mean()) > centre else count
    w = d2 - d1
    (top, bottom), (left, right) = edges
    strips = [mask[top:top + w, c - half:c + half], mask[bottom - w:bottom, c - half:c + half],
              mask[c - half:c + half, left:left + w], mask[c - half:c + half, right - w:right]]
    if float(np.mean([float(strip.mean()) for strip in strips])) > centre:
        return 0
    return count


def _rim_mask(window: np.ndarray, colour: np.ndarray, others: list[np.ndarray], hue: float, pale: float,
              ksize: tuple[int, int]) -> np.ndarray:
    """Where ``window``, averaged over ``ksize`` (width, height) pixels, is in ``colour``'s hue
    (:func:`_rim_sides`)."""
    w = cv2.blur(np.asarray(window, np.float32), ksize)
    offset = w / (w.sum(axis=2, keepdims=True) + 1e-6) - 1.0 / 3.0
    length = np.linalg.norm(offset, axis=2) + 1e-9

    def cosine(c: np.ndarray) -> np.ndarray:
        u = np.asarray(c, np.float32) - 1.0 / 3.0
        return np.asarray((offset @ u) / (length * (float(np.linalg.norm(u)) + 1e-9)))

    own = cosine(colour)
    mask = (own >= hue) & (length >= pale * float(np.linalg.norm(colour - 1.0 / 3.0)))
    for other in others:
        mask &= cosine(other) < own
    return np.asarray(mask)


def _band_run(line: np.ndarray, peak: int, side: float, lo: int, hi: int) -> tuple[int, int] | None:
    """The first and last line of the run of lines at least ``side`` in the mask round ``peak``
    (within ``lo``..``hi``), or None where the peak itself is under it: a rim band, whose outer
    end is the cube's silhouette edge (:func:`_rim_sides` with ``outer_span_mm``)."""
    if float(line[peak]) < side:
        return None
    start = peak
    while start > lo and float(line[start - 1]) >= side:
        start -= 1
    end = peak
    while end + 1 < hi and float(line[end + 1]) >= side:
        end += 1
    return start, end


def _band_centre(line: np.ndarray, peak: int, side: float, lo: int, hi: int) -> int:
    """The middle of the run of lines at least ``side`` in the mask round ``peak`` (within
    ``lo``..``hi``), or ``peak`` where the peak itself is under it. A side's place is its band's
    middle: the first line at the band's maximum is the band's outer edge on one side of the
    window and its inner edge on the other, so two bands of unequal width (one side lit, one in
    its own shade) measured 2 mm closer than the cube's rim lies (whole taught game 72719,
    printing 997395, tilt 1.7, lamp, change 107: Purple's rim on B1 whole on four sides, 2-3 mm
    bands, measured 35 mm apart, under ``pack_rim_span_mm``; band middles 36 mm)."""
    run = _band_run(line, peak, side, lo, hi)
    return peak if run is None else (run[0] + run[1]) // 2


def _looks_like(window: np.ndarray, bgr: tuple[float, float, float], distance: float = 35.0,
                spread: float = 20.0) -> bool:
    """The window's centre (16 mm square, white-balanced) is plain ``bgr``: the bare play mat (a
    hole in the grid) or an empty board space, not a tile."""
    s = window.shape[0]
    c = window[s // 2 - 8:s // 2 + 8, s // 2 - 8:s // 2 + 8].reshape(-1, 3).astype(np.float32)
    return bool(np.linalg.norm(c.mean(axis=0) - np.asarray(bgr)) < distance and float(c.std(axis=0).max()) < spread)


def _looks_like_mat(window: np.ndarray) -> bool:
    return _looks_like(window, MAT_BGR)
