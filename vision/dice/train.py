"""Build the dice training sets and train both models with ultralytics (from scratch).

Two stages, each a small from-scratch network:
  detector   YOLO11n, one class "die top face", 320 px input -> models/dice_detector.onnx
  classifier YOLO11n-cls, 29 classes (vision/dice/faces.py CLASSES + "none"), 64 px crops
             cut by vision/dice/crops.py -> models/dice_classifier.onnx
Real photos: only the ``train`` fold of ../shared/data/dice-photos (vision/dice/split.py).
Synthetic: vision/dice/synth.py. Runs in the training venv (/work/venv-train), e.g.
    nice -n 19 /work/venv-train/bin/python vision/dice/train.py all --work /work/dice-train
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from vision.dice.crops import CROP_SIZE, crop_face  # noqa: E402
from vision.dice.faces import CLASSES  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402
from vision.dice.synth import paint_out_dice, render_die_patch, render_scene  # noqa: E402

REAL = REPO.parent / "shared" / "data" / "dice-photos"
CLASS_NAMES = [c.name for c in CLASSES] + ["none"]
DETECTOR_IMGSZ = 256  # inference input (a 640x480 photo letterboxed)
TRAIN_CROP = 128  # training windows at the same scale
RUN_SUFFIX = [""]  # set from --run-name
CLASSIFIER_IMGSZ = 64  # ultralytics needs a multiple of 32: the 48 px crops are upscaled to it


def empty_tables(real: Path) -> list[np.ndarray]:
    """Train-fold photos with their dice painted out: real table surfaces to draw dice on."""
    out = []
    for p in photos(real, "train")[::3]:
        img = cv2.imread(str(p))
        out.append(paint_out_dice(img, [b for _, b in read_labels(real, p, img.shape[1], img.shape[0])]))
    return out


def yolo_line(cls: int, box: tuple[float, float, float, float], w: int, h: int) -> str:
    x0, y0, x1, y1 = (max(box[0], 0), max(box[1], 0), min(box[2], w), min(box[3], h))
    return f"{cls} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} {(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}"


def _windows(rng: np.random.Generator, w: int, h: int, boxes: list[tuple[float, float, float, float]], size: int,
             count: int) -> list[tuple[int, int]]:
    """Up to ``count`` size x size windows that cut no die in two (each box fully in or out)."""
    out: list[tuple[int, int]] = []
    for _ in range(count * 15):
        if len(out) == count:
            break
        if boxes and rng.random() < 0.8:  # mostly centred near a die: dense learning signal
            b = boxes[int(rng.integers(len(boxes)))]
            x = int(np.clip((b[0] + b[2]) / 2 - rng.uniform(0.15, 0.85) * size, 0, w - size))
            y = int(np.clip((b[1] + b[3]) / 2 - rng.uniform(0.15, 0.85) * size, 0, h - size))
        else:
            x, y = int(rng.integers(0, w - size + 1)), int(rng.integers(0, h - size + 1))
        ok = all(
            (b[0] >= x and b[1] >= y and b[2] <= x + size and b[3] <= y + size)
            or b[2] <= x or b[0] >= x + size or b[3] <= y or b[1] >= y + size
            for b in boxes
        )
        if ok:
            out.append((x, y))
    return out


def build_detector_data(work: Path, n_synth: int, n_val: int, real_repeat: int, seed: int) -> Path:
    """YOLO detection data: crops of photos shrunk to the detector's inference scale.

    The detector sees a 640x480 photo letterboxed to DETECTOR_IMGSZ (256) px. Training on
    TRAIN_CROP (128) px windows of photos shrunk the same way costs a quarter of full frames
    (CPU training on shared cores); the network is fully convolutional, so it is exported
    and run at 256. Real train-fold photos (one class: die top face) + synthetic scenes.
    """
    root = work / "det"
    if (root / "data.yaml").exists() and (root / "complete").exists():
        print(f"detector data: reusing {root}", flush=True)
        return root / "data.yaml"
    shutil.rmtree(root, ignore_errors=True)
    for split in ("train", "val"):
        (root / "images" / split).mkdir(parents=True)
        (root / "labels" / split).mkdir(parents=True)
    rng = np.random.default_rng(seed)
    counts = {"train": 0, "val": 0}

    def add(split: str, name: str, img: np.ndarray, boxes: list[tuple[float, float, float, float]], n: int) -> None:
        scale = DETECTOR_IMGSZ / max(img.shape[:2])
        small = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        sb = [tuple(v * scale for v in b) for b in boxes]
        h, w = small.shape[:2]
        for k, (x, y) in enumerate(_windows(rng, w, h, sb, TRAIN_CROP, n)):
            crop = small[y : y + TRAIN_CROP, x : x + TRAIN_CROP]
            inside = [(b[0] - x, b[1] - y, b[2] - x, b[3] - y) for b in sb if b[0] >= x and b[2] <= x + TRAIN_CROP
                      and b[1] >= y and b[3] <= y + TRAIN_CROP]
            stem = f"{name}_{k}"
            cv2.imwrite(str(root / "images" / split / f"{stem}.jpg"), crop, [cv2.IMWRITE_JPEG_QUALITY, 95])
            lines = [yolo_line(0, b, TRAIN_CROP, TRAIN_CROP) for b in inside]
            (root / "labels" / split / f"{stem}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
            counts[split] += 1

    for p in photos(REAL, "train"):
        img = cv2.imread(str(p))
        boxes = [b for _, b in read_labels(REAL, p, img.shape[1], img.shape[0])]
        add("train", p.stem, img, boxes, 2 * real_repeat)
    tables = empty_tables(REAL)
    for i in range(n_synth + n_val):
        split = "train" if i < n_synth else "val"
        img, dice = render_scene(rng, photos=tables)
        add(split, f"synth_{i:05d}", img, [d.bbox for d in dice], 2)
    (root / "data.yaml").write_text(
        f"path: {root}\ntrain: images/train\nval: images/val\nnames:\n  0: die\n"
    )
    (root / "complete").write_text(f"synth={n_synth} seed={seed}\n")
    print(f"detector data: {counts}", flush=True)
    return root / "data.yaml"


def _jitter_box(rng: np.random.Generator, box: tuple[float, float, float, float], amount: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d = rng.normal(0, amount, 4)
    return (x0 + d[0] * w, y0 + d[1] * h, x1 + d[2] * w, y1 + d[3] * h)


def _rot(rng: np.random.Generator, crop: np.ndarray) -> np.ndarray:
    k = int(rng.integers(4))
    return np.ascontiguousarray(np.rot90(crop, k)) if k else crop


def build_classifier_data(work: Path, per_class: int, real_copies: int, n_val: int, seed: int) -> Path:
    """Folder-per-class crops: real train-fold faces (jittered), synthetic faces, and 'none'."""
    root = work / "cls"
    if (root / "complete").exists():
        print(f"classifier data: reusing {root}", flush=True)
        return root
    shutil.rmtree(root, ignore_errors=True)
    for split in ("train", "val"):
        for name in CLASS_NAMES:
            (root / split / name).mkdir(parents=True)
    rng = np.random.default_rng(seed)
    counts = {n: 0 for n in CLASS_NAMES}

    def save(split: str, name: str, crop: np.ndarray) -> None:
        counts[name] += 1
        cv2.imwrite(str(root / split / name / f"{counts[name]:06d}.png"), crop)

    real_train = photos(REAL, "train")
    for p in real_train:
        img = cv2.imread(str(p))
        labels = read_labels(REAL, p, img.shape[1], img.shape[0])
        for face, box in labels:
            for _ in range(real_copies):
                save("train", f"d6-{face}", _rot(rng, crop_face(img, _jitter_box(rng, box, 0.06))))
        # 'none': random table patches away from any die
        for _ in range(3):
            s = rng.uniform(25, 90)
            x, y = rng.uniform(0, img.shape[1] - s), rng.uniform(0, img.shape[0] - s)
            box = (x, y, x + s, y + s * rng.uniform(0.4, 1.2))
            if all(x + s < b[0] - 10 or x > b[2] + 10 or y + s < b[1] - 10 or y > b[3] + 60 for _, b in labels):
                save("train", "none", crop_face(img, box))
    tables = empty_tables(REAL)
    for split, n in (("train", per_class), ("val", n_val)):
        for ci in range(len(CLASSES)):
            for _ in range(n):
                img, box = render_die_patch(rng, ci, tables)
                save(split, CLASS_NAMES[ci], crop_face(img, _jitter_box(rng, box, 0.05)))
        for _ in range(n):  # 'none': synthetic tables and distractors, no die in the crop centre
            img, _ = render_scene(rng, size=(256, 256), photos=tables, max_dice=0)
            s = rng.uniform(25, 110)
            x, y = rng.uniform(0, 256 - s), rng.uniform(0, 256 - s)
            save(split, "none", crop_face(img, (x, y, x + s, y + s * rng.uniform(0.4, 1.2))))
    (root / "complete").write_text(f"per_class={per_class} seed={seed}\n")
    print("classifier data:", counts, flush=True)
    return root


def train_detector(data: Path, work: Path, epochs: int, hours: float, threads: int, init: Path | None) -> Path:
    from ultralytics import YOLO

    # init: continue from one of OUR earlier checkpoints (never downloaded weights)
    model = YOLO(str(init) if init else str(Path(__file__).with_name("dice_detector.yaml")))
    model.train(
        data=str(data), imgsz=TRAIN_CROP, epochs=epochs, time=hours or None, batch=32, workers=0,
        device="cpu", pretrained=str(init) if init else False, project=str(work / "runs"), name="detector" + RUN_SUFFIX[0], exist_ok=True,
        optimizer="AdamW", lr0=0.002, warmup_epochs=0 if init else 3,
        single_cls=True, hsv_h=0.05, hsv_s=0.6, degrees=10, scale=0.6, mosaic=1.0, close_mosaic=2,
        plots=False, amp=False, patience=1000, seed=0, deterministic=False, verbose=False,
    )
    return work / "runs" / ("detector" + RUN_SUFFIX[0]) / "weights" / "last.pt"


def train_classifier(data: Path, work: Path, epochs: int, hours: float, init: Path | None) -> Path:
    from ultralytics import YOLO

    model = YOLO(str(init) if init else "yolo11n-cls.yaml")
    model.train(
        data=str(data), imgsz=CLASSIFIER_IMGSZ, epochs=epochs, time=hours or None, batch=64, workers=0, device="cpu",
        pretrained=str(init) if init else False, project=str(work / "runs"), name="classifier" + RUN_SUFFIX[0], exist_ok=True,
        optimizer="AdamW", lr0=0.003, warmup_epochs=0 if init else 0.3, cos_lr=True,
        hsv_h=0.0, hsv_s=0.2, hsv_v=0.3, fliplr=0.0, scale=0.15, erasing=0.0, auto_augment=None,
        plots=False, amp=False, patience=1000, seed=0, deterministic=False, verbose=False,
    )
    return work / "runs" / ("classifier" + RUN_SUFFIX[0]) / "weights" / "last.pt"


def export(weights: Path, imgsz: int, target: Path) -> None:
    from ultralytics import YOLO

    out = YOLO(str(weights)).export(format="onnx", imgsz=imgsz, simplify=True, dynamic=False, opset=17)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(out, target)
    print(f"exported {weights} -> {target}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("stage", choices=["data", "detector", "classifier", "all"])
    ap.add_argument("--work", type=Path, default=Path("/tmp/dice-train"))
    ap.add_argument("--models", type=Path, default=REPO / "models")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--synth", type=int, default=900, help="synthetic detector scenes")
    ap.add_argument("--per-class", type=int, default=350, help="synthetic classifier crops per class")
    ap.add_argument("--det-epochs", type=int, default=60)
    ap.add_argument("--det-hours", type=float, default=0.0, help="wall-clock budget (overrides epochs)")
    ap.add_argument("--cls-epochs", type=int, default=20)
    ap.add_argument("--cls-hours", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--init", type=Path, default=None,
                    help="continue from one of our own checkpoints (.pt) instead of random weights")
    ap.add_argument("--run-name", default="", help="suffix for the ultralytics run folder")
    args = ap.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))
    import torch

    torch.set_num_threads(args.threads)
    args.work.mkdir(parents=True, exist_ok=True)
    RUN_SUFFIX[0] = args.run_name
    if args.stage in ("data", "detector", "all"):
        data = build_detector_data(args.work, args.synth, 60, real_repeat=2, seed=args.seed)
        if args.stage != "data":
            w = train_detector(data, args.work, args.det_epochs, args.det_hours, args.threads, args.init)
            export(w, DETECTOR_IMGSZ, args.models / "dice_detector.onnx")
    if args.stage in ("data", "classifier", "all"):
        data = build_classifier_data(args.work, args.per_class, real_copies=4, n_val=20, seed=args.seed + 1)
        if args.stage != "data":
            w = train_classifier(data, args.work, args.cls_epochs, args.cls_hours, args.init)
            export(w, CROP_SIZE, args.models / "dice_classifier.onnx")


if __name__ == "__main__":
    main()
