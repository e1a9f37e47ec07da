"""Find every die in a photo and read its top face: a two-stage recogniser.

Stage 1 (detector, models/dice_detector.onnx): YOLO11n trained from scratch to find die TOP
faces of any kind, on the whole photo letterboxed to 320 px (config: detector_input).
Stage 2 (classifier, models/dice_classifier.onnx): YOLO11n-cls on a 64 px crop of each face
(vision/dice/crops.py) -> one of the faces in vision/dice/faces.py, or "none" (not a die:
the detection is dropped). Thresholds live in vision/dice/config.json. Inference uses
onnxruntime only. Per-stage timings are returned with every result.
"""

from __future__ import annotations

import ast
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.dice.crops import CROP_SIZE, crop_face
from vision.dice.errors import ModelMissingError, UnreadableImageError
from vision.dice.faces import CLASSES, COCKED, KIND_FAMILIES, NOT_A_DIE, FaceClass, Kind

REPO = Path(__file__).resolve().parents[2]
DEFAULT_MODELS = REPO / "models"
DEFAULT_CONFIG = Path(__file__).with_name("config.json")


ALL_KINDS: tuple[Kind, ...] = ("d6", "octo-white", "octo-black")
NONE_COLUMN = len(CLASSES)
COCKED_COLUMN = len(CLASSES) + 1


@dataclass(frozen=True)
class DieReading:
    """One die: top-face box in image pixels, what it shows, and how sure we are (0..1).
    A cocked die (leaning, no face up) has no face class: it is reported, never read."""

    bbox: tuple[float, float, float, float]
    face_class: FaceClass | None
    confidence: float
    detector_score: float
    classifier_prob: float
    cocked: bool = False
    flat_face: FaceClass | None = None
    """A die called cocked: the face the classifier finds likeliest after "cocked" (None
    otherwise). Never a reading by itself: used only where the players said the die lies flat
    (tracker/octo_dice/recogniser.py)."""
    flat_prob: float = 0.0
    """The classifier's probability of ``flat_face``."""

    @property
    def kind(self) -> str | None:
        return None if self.face_class is None else self.face_class.kind

    @property
    def face(self) -> Any:
        return None if self.face_class is None else self.face_class.face

    def to_json(self) -> dict[str, Any]:
        return {
            "bbox": [round(v, 1) for v in self.bbox],
            "kind": self.kind,
            "face": self.face,
            "cocked": self.cocked,
            "confidence": round(self.confidence, 4),
        }


@dataclass
class DiceResult:
    """All dice of one photo, plus per-stage timings in milliseconds."""

    dice: list[DieReading]
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def ms(self) -> float:
        return sum(self.timings_ms.values())


def load_image(path: str | Path) -> np.ndarray:
    """Read a photo as BGR, or raise UnreadableImageError naming the problem."""
    p = Path(path)
    if not p.is_file():
        raise UnreadableImageError(f"{p}: no such file")
    data = np.fromfile(str(p), np.uint8)
    if data.size == 0:
        raise UnreadableImageError(f"{p}: file is empty")
    from calibration.images import check_pixel_count, decode_image

    check_pixel_count(data.tobytes(), str(p), UnreadableImageError)  # refused before decoding
    img = decode_image(data)
    if img is None or img.size == 0:
        raise UnreadableImageError(f"{p}: not a readable image (corrupt or unsupported format)")
    return img


def _nms(boxes: np.ndarray, scores: np.ndarray, iou: float) -> list[int]:
    order = scores.argsort()[::-1]
    keep: list[int] = []
    while order.size:
        i = int(order[0])
        keep.append(i)
        rest = order[1:]
        xx0 = np.maximum(boxes[i, 0], boxes[rest, 0])
        yy0 = np.maximum(boxes[i, 1], boxes[rest, 1])
        xx1 = np.minimum(boxes[i, 2], boxes[rest, 2])
        yy1 = np.minimum(boxes[i, 3], boxes[rest, 3])
        inter = np.clip(xx1 - xx0, 0, None) * np.clip(yy1 - yy0, 0, None)
        area = lambda b: (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])  # noqa: E731
        union = area(boxes[i]) + area(boxes[rest]) - inter
        order = rest[inter / np.maximum(union, 1e-9) <= iou]
    return keep


def _tiles(w: int, h: int, tile: int, overlap: float = 0.15) -> list[tuple[int, int, int, int]]:
    """Overlapping windows (x0, y0, x1, y1) of about ``tile`` px that cover a w x h photo."""
    out = []
    nx, ny = max(math.ceil(w / tile), 1), max(math.ceil(h / tile), 1)
    tw = min(w, math.ceil(w / nx + overlap * tile))
    th = min(h, math.ceil(h / ny + overlap * tile))
    for j in range(ny):
        for i in range(nx):
            x0 = round(i * (w - tw) / (nx - 1)) if nx > 1 else 0
            y0 = round(j * (h - th) / (ny - 1)) if ny > 1 else 0
            out.append((x0, y0, x0 + tw, y0 + th))
    return out


class DiceReader:
    """Loads both ONNX models once; ``read`` is then safe to call for many photos."""

    def __init__(self, models_dir: Path | None = None, config_path: Path | None = None,
                 max_crops: int | None = None, kinds: tuple[Kind, ...] | None = None) -> None:
        """``max_crops``: the classifier's crop budget instead of the config's
        ``classifier_max_crops`` (0: none, every crop read with every quarter turn). A caller that
        knows how many dice can be in view sets it: a photo of a tray of a dozen dice needs the
        budget to stay within its time, a mat of six Octo Dice does not.

        ``kinds``: the dice the caller's table can hold. Octo Dice alone read with the models
        named ``octo_*`` in the config where that folder has them (models/dice.md, run 10: the
        newer models read other people's pip dice better, the older ones the Octo Dice film). They
        are also what :meth:`read` answers with when its own ``kinds`` is not given: a reader made
        for a table of Octo Dice never answers a d6 face."""
        import onnxruntime as ort

        self.config: dict[str, Any] = json.loads((config_path or DEFAULT_CONFIG).read_text())
        models = models_dir or DEFAULT_MODELS
        kind_mask(kinds)  # an unknown kind is refused here, before any model loads
        self.kinds = kinds
        self.model_keys = self._model_keys(models, kinds)
        if self.model_keys[0] == "octo_detector_model":
            # each set's detector has its own thresholds, tuned with it (models/dice.md, run 11);
            # a table of Octo Dice holds at most a few dice, so its crop budget gives each of
            # them all four quarter turns (models/dice.md, issue 21: octofaces)
            self.config.update(self.config.get("octo_set_config", {}))
        if max_crops is not None:  # the caller's budget wins over the set's
            self.config["classifier_max_crops"] = max_crops
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = int(self.config["threads"])
        opts.inter_op_num_threads = 1
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        sessions = []
        for key in self.model_keys:
            path = models / self.config[key]
            if not path.is_file():
                raise ModelMissingError(f"dice model not found: {path} (run `make train-dice`)")
            sessions.append(ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"]))
        self.detector, self.classifier = sessions
        det_shape = self.detector.get_inputs()[0].shape  # (1, 3, H, W); a 4:3 export saves work
        size = int(self.config["detector_input"])
        self.input_hw = tuple(d if isinstance(d, int) else size for d in det_shape[2:4])
        self._det_input = self.detector.get_inputs()[0].name
        self._cls_input = self.classifier.get_inputs()[0].name
        cls_shape = self.classifier.get_inputs()[0].shape
        # a dynamic-shape export names its axes: the crop size is then the training size
        self._cls_size = cls_shape[2] if isinstance(cls_shape[2], int) else int(self.config.get("classifier_input", 64))
        self._output_to_class = self._class_order()

    def _model_keys(self, models: Path, kinds: tuple[Kind, ...] | None) -> tuple[str, str]:
        """The config keys of the detector and classifier files for a table of ``kinds``."""
        octo = ("octo_detector_model", "octo_classifier_model")
        if (kinds and set(kinds) <= set(KIND_FAMILIES["octo"]) and all(k in self.config for k in octo)
                and all((models / self.config[k]).is_file() for k in octo)):
            return octo
        return ("detector_model", "classifier_model")

    def _class_order(self) -> list[int]:
        """Classifier output index -> column of :meth:`classify` (a CLASSES index, COCKED_COLUMN
        or NONE_COLUMN), from the model's own metadata: ultralytics orders classes by folder
        name, not by CLASSES. Older models have no "cocked" class."""
        meta = self.classifier.get_modelmeta().custom_metadata_map
        try:
            names = ast.literal_eval(meta["names"])
        except (KeyError, ValueError, SyntaxError) as exc:
            raise ModelMissingError("dice classifier has no readable class names in its metadata") from exc
        index = {c.name: i for i, c in enumerate(CLASSES)}
        index[COCKED], index[NOT_A_DIE] = COCKED_COLUMN, NONE_COLUMN
        order: list[int] = []
        for k in range(len(names)):
            name = names[k]
            if name not in index:
                raise ModelMissingError(f"dice classifier knows a class {name!r} that the reader does not")
            order.append(index[name])
        return order

    @property
    def knows_cocked(self) -> bool:
        """Whether the classifier has the "cocked" class (models trained before it do not)."""
        return COCKED_COLUMN in self._output_to_class

    # ------------------------------------------------------------ stage 1
    def detect(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Top-face boxes (N x 4, image pixels) and detector scores (N).

        The detector sees the photo shrunk to 320 px, where a die must stay about 12 px wide. In
        a large photo (a phone's 4032x3024 of a whole table) dice would shrink below that, so
        photos longer than 1.25 x ``detector_tile_px`` are also read in overlapping tiles of
        about that size, and all boxes are merged."""
        boxes, scores = self._detect_window(image)
        h, w = image.shape[:2]
        tile = int(self.config.get("detector_tile_px", 0))
        if not tile or max(h, w) <= 1.25 * tile:
            return boxes, scores
        all_boxes, all_scores = [boxes], [scores]
        for x0, y0, x1, y1 in _tiles(w, h, tile):
            b, s = self._detect_window(image[y0:y1, x0:x1])
            # a die cut by an inner tile edge is seen whole by the neighbouring tile
            cut = ((b[:, 0] < 2) & (x0 > 0)) | ((b[:, 1] < 2) & (y0 > 0)) | ((b[:, 2] > x1 - x0 - 2) & (x1 < w)) | ((b[:, 3] > y1 - y0 - 2) & (y1 < h))
            all_boxes.append(b[~cut] + np.array([x0, y0, x0, y0], np.float32))
            all_scores.append(s[~cut])
        boxes, scores = np.concatenate(all_boxes), np.concatenate(all_scores)
        keep = _nms(boxes, scores, float(self.config["nms_iou"]))
        return boxes[keep], scores[keep]

    def _detect_window(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One detector pass over the whole of ``image``, letterboxed to the model's input."""
        h, w = image.shape[:2]
        sh, sw = self.input_hw
        r = min(sw / w, sh / h)
        nw, nh = max(int(round(w * r)), 1), max(int(round(h * r)), 1)
        canvas = np.full((sh, sw, 3), 114, np.uint8)
        top, left = (sh - nh) // 2, (sw - nw) // 2
        canvas[top : top + nh, left : left + nw] = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA)
        blob = cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB).transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        out = self.detector.run(None, {self._det_input: blob})[0][0]  # (4 + classes, anchors)
        scores = out[4:].max(axis=0)
        mask = scores >= self._detection_floor()
        if not mask.any():
            return np.zeros((0, 4), np.float32), np.zeros((0,), np.float32)
        cx, cy, bw, bh = out[:4, mask]
        boxes = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], axis=1)
        boxes = (boxes - [left, top, left, top]) / r
        boxes = np.clip(boxes, 0, [w, h, w, h]).astype(np.float32)
        scores = scores[mask]
        keep = _nms(boxes, scores, float(self.config["nms_iou"]))
        return boxes[keep], scores[keep]

    def _detection_floor(self) -> float:
        """The lowest detector score worth classifying: ``detector_min_score``, or below it down
        to ``weak_detection_min_score`` for boxes the classifier must then be sure of (a die
        the detector doubts, small or in odd light, is kept when its face reads at
        ``weak_detection_min_prob`` or more; a card or coin it doubts is not)."""
        return min(float(self.config["detector_min_score"]),
                   float(self.config.get("weak_detection_min_score", self.config["detector_min_score"])))

    # ------------------------------------------------------------ stage 2
    def classify(self, image: np.ndarray, boxes: np.ndarray, sharpen: tuple[float, float] | None = None) -> np.ndarray:
        """Class probabilities (N x (len(CLASSES) + 2)), in CLASSES order, then "not a die"
        (NONE_COLUMN, as before "cocked" existed), then "cocked" (COCKED_COLUMN, the last:
        always 0 with a model that has no such class). ``sharpen``: (sigma, amount) of an unsharp
        mask on each crop first (:meth:`_second_look`)."""
        out = np.zeros((len(boxes), len(CLASSES) + 2), np.float32)
        if len(boxes) == 0:
            return out
        crops = np.stack([crop_face(image, tuple(b)) for b in boxes])
        if sharpen is not None:
            crops = np.stack([unsharp(c, *sharpen) for c in crops])
        if crops.shape[1] != self._cls_size:
            # ultralytics trains at a multiple of 32: the 48 px crops were upscaled to 64 there too
            crops = np.stack([cv2.resize(c, (self._cls_size, self._cls_size), interpolation=cv2.INTER_LINEAR) for c in crops])
        blob = crops[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        turns = max(int(self.config.get("classifier_rotations", 1)), 1)
        budget = int(self.config.get("classifier_max_crops", 0))
        while budget and turns > 1 and turns * len(boxes) > budget:
            turns //= 2  # a tray of a dozen dice: fewer turns each, so a photo stays within its time
        # a die face reads the same turned by 90 degrees: average the quarter turns, all crops
        # and turns in one batch when the model takes any batch size (one run per crop if not)
        batch = np.ascontiguousarray(np.concatenate([np.rot90(blob, k, (2, 3)) for k in range(turns)]))
        if isinstance(self.classifier.get_inputs()[0].shape[0], int):
            raw = np.concatenate([self.classifier.run(None, {self._cls_input: batch[i : i + 1]})[0] for i in range(len(batch))])
        else:
            raw = self.classifier.run(None, {self._cls_input: batch})[0]
        p_all = raw.reshape(turns, len(boxes), -1).mean(axis=0)
        for k, cls in enumerate(self._output_to_class):
            out[:, cls] = p_all[:, k]
        return out

    def read(self, image: np.ndarray, kinds: tuple[Kind, ...] | None = None) -> DiceResult:
        """Every die in a BGR photo, sorted top-to-bottom then left-to-right.

        ``kinds``: the dice that can be on the table (the game's own: ``("d6",)`` for pip dice);
        faces of other kinds are never answered (their probability is dropped before the
        argmax, and not handed to the others: a die the classifier took for another kind
        keeps a low confidence). None = the kinds the reader was made for (every kind if none)."""
        if image is None or image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 8:
            raise UnreadableImageError("expected a BGR colour image of at least 8x8 pixels")
        kind_mask(kinds)  # unknown kinds refused before any work
        t0 = time.perf_counter()
        boxes, scores = self.detect(image)
        t1 = time.perf_counter()
        result = self._read_boxes(image, boxes, scores, kinds, t1)
        result.timings_ms = {"detect": (t1 - t0) * 1000, **result.timings_ms}
        return result

    def read_boxes(self, image: np.ndarray, boxes: np.ndarray, scores: np.ndarray,
                   kinds: tuple[Kind, ...] | None = None) -> DiceResult:
        """The second stage of :meth:`read` on boxes already found by :meth:`detect` (a caller
        that knows some boxes are not worth reading drops them first: every crop classified
        costs the others quarter turns under ``classifier_max_crops``)."""
        return self._read_boxes(image, boxes, scores, kinds, time.perf_counter())

    def _read_boxes(self, image: np.ndarray, boxes: np.ndarray, scores: np.ndarray,
                    kinds: tuple[Kind, ...] | None, t1: float) -> DiceResult:
        allowed = kind_mask(self.kinds if kinds is None else kinds)
        raw = self.classify(image, boxes)
        probs = self._second_look(image, boxes, raw, allowed) * allowed
        t2 = time.perf_counter()
        dice: list[DieReading] = []
        strong = float(self.config["detector_min_score"])
        weak_prob = float(self.config.get("weak_detection_min_prob", 0.0))
        for box, score, p, p_raw in zip(boxes, scores, probs, raw):
            if p[NONE_COLUMN] > float(self.config["none_class_max_prob"]):
                continue
            best = int(p[: len(CLASSES)].argmax())
            # cocked only where the classifier puts it above every face, allowed or not: a flat die
            # of another kind is answered with a low confidence, not sent back to be re-rolled
            cocked = bool(p_raw[COCKED_COLUMN] > p_raw[: len(CLASSES)].max())
            flat_face, flat_prob = (CLASSES[best], float(p[best])) if cocked else (None, 0.0)
            best = COCKED_COLUMN if cocked else best
            prob = float(p[best])
            if score < strong and prob < weak_prob:
                continue  # a doubtful detection the classifier is not sure of either
            dice.append(
                DieReading(
                    bbox=tuple(float(v) for v in box),  # type: ignore[arg-type]
                    face_class=None if cocked else CLASSES[best],
                    confidence=float(np.sqrt(score * prob)),
                    detector_score=float(score),
                    classifier_prob=prob,
                    cocked=cocked,
                    flat_face=flat_face,
                    flat_prob=flat_prob,
                )
            )
        dice.sort(key=lambda d: (round(d.bbox[1] / 40), d.bbox[0]))
        return DiceResult(dice, {"classify": (t2 - t1) * 1000})

    def _second_look(self, image: np.ndarray, boxes: np.ndarray, raw: np.ndarray, allowed: np.ndarray) -> np.ndarray:
        """``raw`` with the face columns of each unsure read (best face under
        ``second_look_below_prob``; 0 = never) of a small die averaged with a second read of its
        crop sharpened (unsharp mask ``second_look_sharpen``: sigma and amount in crop pixels).
        The classifier's training patches blur a die by at most its size / 40 (vision/dice/synth.py
        ``render_die_patch``), photos do not: dice under ``second_look_below_px`` (64 = 1.6 px,
        the renders' strongest blur, x 40) can be blurred past anything of their size it learned,
        and such dice are most of what it misreads (models/dice.md, issue 21: octocolour). "Not a
        die" and "cocked" stay the first read's: the second look chooses between faces only."""
        gate = float(self.config.get("second_look_below_prob", 0.0))
        faces = len(CLASSES)
        if not gate or len(boxes) == 0:
            return raw
        kept = raw[:, NONE_COLUMN] <= float(self.config["none_class_max_prob"])
        small = (boxes[:, 2:] - boxes[:, :2]).max(axis=1) < float(self.config["second_look_below_px"])
        unsure = np.flatnonzero(kept & small & ((raw[:, :faces] * allowed[:faces]).max(axis=1) < gate))
        if not unsure.size:
            return raw
        sigma, amount = (float(v) for v in self.config["second_look_sharpen"])
        again = self.classify(image, boxes[unsure], sharpen=(sigma, amount))
        out = raw.copy()
        out[unsure, :faces] = (raw[unsure, :faces] + again[:, :faces]) / 2
        return out

    def read_file(self, path: str | Path, kinds: tuple[Kind, ...] | None = None) -> DiceResult:
        return self.read(load_image(path), kinds)


def unsharp(crop: np.ndarray, sigma: float, amount: float) -> np.ndarray:
    """``crop`` (uint8) with its detail above a Gaussian of ``sigma`` px raised by ``amount``."""
    f = crop.astype(np.float32)
    return np.clip(f + amount * (f - cv2.GaussianBlur(f, (0, 0), sigma)), 0, 255).astype(np.uint8)


def kind_mask(kinds: tuple[Kind, ...] | None) -> np.ndarray:
    """1 for each :meth:`DiceReader.classify` column the reader may answer with ``kinds`` on
    the table ("cocked" and "not a die" always), 0 for the others."""
    if kinds is not None and (not kinds or any(k not in ALL_KINDS for k in kinds)):
        raise ValueError(f"dice kinds must be among {', '.join(ALL_KINDS)}, got {kinds!r}")
    mask = np.ones(len(CLASSES) + 2, np.float32)  # faces, "not a die", "cocked"
    if kinds is not None:
        mask[: len(CLASSES)] = [c.kind in kinds for c in CLASSES]
    return mask


__all__ = ["ALL_KINDS", "CROP_SIZE", "DiceReader", "DiceResult", "DieReading", "kind_mask", "load_image", "unsharp"]
