"""Build the dice training sets and train both models with ultralytics (from scratch).

Two stages, each a small from-scratch network:
  detector   YOLO11n layout (vision/dice/dice_detector.yaml), one class "die top face", trained
             on whole photos letterboxed to DETECTOR_IMGSZ px -> models/dice_detector.onnx
  classifier YOLO11n-cls, 30 classes (vision/dice/faces.py CLASSES + "cocked" + "none"), 48 px crops cut
             by vision/dice/crops.py (upscaled to 64) -> models/dice_classifier.onnx
Real photos: only the ``train`` fold of ../shared/data/dice-photos (vision/dice/split.py).
Synthetic: vision/dice/synth.py, drawn by ``--jobs`` processes with seeds that the bench never uses.
Runs in the training venv (.venv-train, `make train-dice`); on a GPU pass ``--device 0``:
    python vision/dice/train.py all --work build/dice-train --device 0 --jobs 16 --workers 8
``--stage export`` turns the two ``last.pt`` checkpoints into the ONNX files the reader loads.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from vision.dice.crops import CROP_SIZE, crop_face  # noqa: E402
from vision.dice.faces import CLASSES  # noqa: E402
from vision.dice.split import photos, read_labels  # noqa: E402
from vision.dice.synth import (  # noqa: E402
    COCKED_INDEX,
    paint_out_dice,
    render_die_patch,
    render_lookalike_patch,
    render_scene,
    render_variety_patch,
    render_variety_scene,
)

REAL = REPO.parent / "shared" / "data" / "dice-photos"
TOPFACE_LABELS = Path(__file__).with_name("topface_labels")  # written by vision/dice/relabel.py
CLASS_NAMES = [c.name for c in CLASSES] + ["cocked", "none"]  # CLASS_NAMES[COCKED_INDEX] == "cocked"
DETECTOR_IMGSZ = 320  # training size; exported as DETECTOR_EXPORT (a 4:3 photo fits 320x240 -> 256x320)
DETECTOR_EXPORT = (256, 320)  # (height, width): a fifth less work than 320x320 for the usual 4:3 photo
CLASSIFIER_IMGSZ = 64  # ultralytics needs a multiple of 32: the 48 px crops are upscaled to it
DETECTOR_STAGE, CLASSIFIER_STAGE = 1, 2  # seed streams: never the bench's single-integer seeds


def training_labels(real: Path, image: Path, width: int, height: int) -> list[tuple[int, tuple[float, float, float, float]]]:
    """A train-fold photo's dice as top faces (vision/dice/relabel.py) where that was done,
    else as the data set labels them (around the pips)."""
    labels_dir = TOPFACE_LABELS if (TOPFACE_LABELS / f"{image.stem}.txt").is_file() else None
    return read_labels(real, image, width, height, labels_dir)


def _imread(path: Path) -> np.ndarray:
    """A development photo, or a clear error naming the file OpenCV could not read. Defined
    before ``main`` runs: as a script the module is ``__main__``, and the drawing processes it
    forks see only what was defined by then."""
    img = cv2.imread(str(path))
    if img is None:
        raise OSError(f"cannot read the photo {path}")
    return img


def has_real(real: Path) -> bool:
    """Whether the real photos are there (a bare training machine may have only the repo)."""
    return (real / "images").is_dir()


@functools.lru_cache(maxsize=3)
def empty_tables(real: Path, part: int | None = None) -> list[np.ndarray]:
    """Train-fold photos with their dice painted out: real table surfaces to draw dice on.
    ``part`` 0-2: a third of them (painting out is slow; each drawing process paints its own
    third once, so together they still use them all). Cached per process: read-only."""
    out: list[np.ndarray] = []
    if not has_real(real):
        return out
    chosen = photos(real, "train")[::3]
    for p in chosen if part is None else chosen[part % 3::3]:
        img = _imread(p)
        out.append(paint_out_dice(img, [b for _, b in training_labels(real, p, img.shape[1], img.shape[0])]))
    return out


def yolo_line(cls: int, box: tuple[float, float, float, float], w: int, h: int) -> str:
    x0, y0, x1, y1 = (max(box[0], 0), max(box[1], 0), min(box[2], w), min(box[3], h))
    return f"{cls} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} {(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}"


def _rng(seed: int, stage: int, job: int) -> np.random.Generator:
    return np.random.default_rng([seed, stage, job])


# ---------------------------------------------------------------- detector data


def _detector_scenes(args: tuple[Path, Path, int, int, int, int, float, float, float]) -> int:
    """One process's share of synthetic detector scenes (whole 640x480 photos); a ``variety``
    share of them with other dice, trays and phones (synth.render_variety_scene)."""
    root, real, seed, job, start, count, variety, cocked_share, deadline = args
    rng = _rng(seed, DETECTOR_STAGE, job)
    tables = empty_tables(real, job % 3)
    done = 0
    for i in range(start, start + count):
        if deadline and time.time() > deadline and i > start:  # one scene at least: scene 0 is validation
            break
        done += 1
        split = "val" if i % 40 == 39 or i == 0 else "train"  # scene 0: never an empty validation set
        if variety and rng.random() < variety:
            img, dice = render_variety_scene(rng, photos=tables, cocked_share=cocked_share)
        else:
            img, dice = render_scene(rng, photos=tables)
        stem = f"synth_{i:06d}"
        cv2.imwrite(str(root / "images" / split / f"{stem}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
        h, w = img.shape[:2]
        lines = [yolo_line(0, d.bbox, w, h) for d in dice]
        (root / "labels" / split / f"{stem}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
    return done


def build_detector_data(
    work: Path, real: Path, n_synth: int, real_repeat: int, seed: int, jobs: int, variety: float = 0.0, cocked_share: float = 0.0,
    deadline: float = 0.0,
) -> Path:
    """YOLO detection data: whole photos, as the reader sees them (letterboxed by ultralytics).

    Real train-fold photos (each listed ``real_repeat`` times: augmentation differs each time)
    plus ``n_synth`` synthetic scenes; every 40th synthetic scene goes to validation.
    """
    root = work / "det"
    if (root / "data.yaml").exists() and (root / "complete").exists():
        print(f"detector data: reusing {root}", flush=True)
        return root / "data.yaml"
    shutil.rmtree(root, ignore_errors=True)
    for split in ("train", "val"):
        (root / "images" / split).mkdir(parents=True)
        (root / "labels" / split).mkdir(parents=True)
    t0 = time.time()
    for p in photos(real, "train") if has_real(real) else []:
        img = _imread(p)
        lines = [yolo_line(0, b, img.shape[1], img.shape[0]) for _, b in training_labels(real, p, img.shape[1], img.shape[0])]
        for k in range(real_repeat):
            shutil.copy(p, root / "images" / "train" / f"real_{p.stem}_{k}.jpg")
            (root / "labels" / "train" / f"real_{p.stem}_{k}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
    share = -(-n_synth // jobs)
    tasks = [(root, real, seed, j, j * share, min(share, n_synth - j * share), variety, cocked_share, deadline)
             for j in range(jobs) if j * share < n_synth]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        done = sum(pool.map(_detector_scenes, tasks))
    (root / "data.yaml").write_text(f"path: {root}\ntrain: images/train\nval: images/val\nnames:\n  0: die\n")
    (root / "complete").write_text(f"synth={n_synth} seed={seed} variety={variety}\n")
    print(f"detector data: {done} synthetic scenes (variety {variety:.0%}) + real x{real_repeat if has_real(real) else 0} "
          f"in {time.time() - t0:.0f} s", flush=True)
    return root / "data.yaml"


# ---------------------------------------------------------------- classifier data


def _jitter_box(rng: np.random.Generator, box: tuple[float, float, float, float], amount: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d = rng.normal(0, amount, 4)
    return (x0 + d[0] * w, y0 + d[1] * h, x1 + d[2] * w, y1 + d[3] * h)


def _rot(rng: np.random.Generator, crop: np.ndarray) -> np.ndarray:
    k = int(rng.integers(4))
    return np.ascontiguousarray(np.rot90(crop, k)) if k else crop


def _classifier_crops(args: tuple[Path, Path, int, int, str, int, int, float, float, int, float, float, float]) -> int:
    """One process's synthetic crops: ``count`` per class into ``split``; d6 faces and 'none'
    only every ``d6_every``-th round (to weight a fine-tune towards the Octo Dice faces), a
    ``variety`` share of each d6 class (``octo_variety`` of each Octo Dice class) drawn with other
    dice and light (synth.render_variety_patch), ``cocked_every``-th rounds a cocked die (always
    with variety; 0: none), and in a ``lookalike`` share of rounds a second 'none' crop centred on something
    that looks like a die (synth.draw_lookalike)."""
    root, real, seed, job, split, count, d6_every, twin_art, variety, cocked_every, deadline, octo_variety, lookalike = args
    rng = _rng(seed, CLASSIFIER_STAGE, job)
    tables = empty_tables(real, job % 3) or None
    n = 0
    for k in range(count):
        if deadline and time.time() > deadline and split == "train" and k:  # validation crops are always made whole
            break
        for ci in range(len(CLASSES)):
            if CLASSES[ci].kind == "d6" and k % d6_every:
                continue
            share = variety if CLASSES[ci].kind == "d6" else octo_variety
            if share and rng.random() < share:
                img, box = render_variety_patch(rng, ci, tables)
            else:
                img, box = render_die_patch(rng, ci, tables, twin_art=twin_art)
            cv2.imwrite(str(root / split / CLASS_NAMES[ci] / f"s{job:02d}_{k:05d}.png"), crop_face(img, _jitter_box(rng, box, 0.05)))
            n += 1
        if cocked_every and k % cocked_every == 0:
            img, box = render_variety_patch(rng, COCKED_INDEX, tables)
            cv2.imwrite(str(root / split / "cocked" / f"s{job:02d}_{k:05d}.png"), crop_face(img, _jitter_box(rng, box, 0.05)))
            n += 1
        if k % d6_every:
            continue
        # 'none': synthetic tables and distractors, no die in the crop centre
        if variety and rng.random() < variety:
            img, _ = render_variety_scene(rng, size=(256, 256), photos=tables, max_dice=0)
        else:
            img, _ = render_scene(rng, size=(256, 256), photos=tables, max_dice=0)
        s = rng.uniform(25, 110)
        x, y = rng.uniform(0, 256 - s), rng.uniform(0, 256 - s)
        cv2.imwrite(str(root / split / "none" / f"s{job:02d}_{k:05d}.png"), crop_face(img, (x, y, x + s, y + s * rng.uniform(0.4, 1.2))))
        n += 1
        if lookalike and rng.random() < lookalike:  # a second 'none', centred on something that looks like a die
            img, box = render_lookalike_patch(rng, tables)
            cv2.imwrite(str(root / split / "none" / f"s{job:02d}_{k:05d}_l.png"), crop_face(img, box))
            n += 1
    return n


def build_classifier_data(
    work: Path, real: Path, per_class: int, real_copies: int, n_val: int, seed: int, jobs: int, d6_every: int = 1,
    twin_art: float = 0.0, variety: float = 0.0, cocked_every: int = 0, deadline: float = 0.0, octo_variety: float | None = None,
    lookalike: float = 0.0,
) -> Path:
    """Folder-per-class crops: real train-fold faces (jittered, turned), synthetic faces, and 'none'."""
    root = work / "cls"
    if (root / "complete").exists():
        print(f"classifier data: reusing {root}", flush=True)
        return root
    shutil.rmtree(root, ignore_errors=True)
    for split in ("train", "val"):
        for name in CLASS_NAMES:
            if name != "cocked" or cocked_every:  # without cocked crops: the 29 classes of older models
                (root / split / name).mkdir(parents=True)
    t0 = time.time()
    tasks = []
    for split, total, offset in (("val", n_val, 500), ("train", per_class, 0)):  # validation first: a deadline cuts train only
        share = -(-total // jobs)
        tasks += [(root, real, seed, offset + j, split, min(share, total - j * share), d6_every if split == "train" else 1, twin_art,
                   variety, cocked_every, deadline, variety if octo_variety is None else octo_variety, lookalike)
                  for j in range(jobs) if j * share < total]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        real_job = pool.submit(_real_crops, root, real, seed, real_copies)  # beside the synthetic crops, not before them
        done = sum(pool.map(_classifier_crops, tasks))
        real_count = real_job.result()
    (root / "complete").write_text(f"per_class={per_class} seed={seed} variety={variety} octo_variety={octo_variety} "
                                   f"lookalike={lookalike} cocked_every={cocked_every}\n")
    print(f"classifier data: {done} synthetic + {real_count} real crops in {time.time() - t0:.0f} s", flush=True)
    return root


def add_extra_crops(root: Path, extra: Path, repeat: int) -> int:
    """Copies the crops of ``extra`` (a folder per class name) into the classifier's set, once:
    every tenth to validation (so that best.pt is chosen on them too), the rest ``repeat`` times
    to training. Unknown class folders are refused (a typo would silently teach nothing)."""
    marker = root / f"extra_{extra.name}"
    if marker.exists():
        return 0
    names = {p.name for p in (root / "train").iterdir() if p.is_dir()}
    folders = sorted(p for p in extra.iterdir() if p.is_dir()) if extra.is_dir() else []
    unknown = [p.name for p in folders if p.name not in names]
    if unknown:
        sys.exit(f"--extra-cls {extra}: not classes of this set: {', '.join(unknown)}")
    n = 0
    for folder in folders:
        for i, crop in enumerate(sorted(folder.glob("*.png"))):
            if i % 10 == 0:
                shutil.copyfile(crop, root / "val" / folder.name / f"x_{crop.name}")
                continue
            for k in range(max(repeat, 1)):
                shutil.copyfile(crop, root / "train" / folder.name / f"x{k}_{crop.name}")
                n += 1
    marker.write_text(f"{n} training crops, repeat {repeat}\n")
    print(f"classifier data: {n} crops added from {extra}", flush=True)
    return n


def _real_crops(root: Path, real: Path, seed: int, real_copies: int) -> int:
    """The real train-fold faces (each ``real_copies`` times, jittered and turned) and table
    patches as 'none'."""
    rng = _rng(seed, CLASSIFIER_STAGE, 1000)
    real_count = 0
    for p in photos(real, "train") if has_real(real) else []:
        img = _imread(p)
        labels = training_labels(real, p, img.shape[1], img.shape[0])
        for face, box in labels:
            for _ in range(real_copies):
                real_count += 1
                crop = _rot(rng, crop_face(img, _jitter_box(rng, box, 0.06)))
                cv2.imwrite(str(root / "train" / f"d6-{face}" / f"r{real_count:06d}.png"), crop)
        for _ in range(3):  # 'none': random table patches away from any die
            s = rng.uniform(25, 90)
            x, y = rng.uniform(0, img.shape[1] - s), rng.uniform(0, img.shape[0] - s)
            box = (x, y, x + s, y + s * rng.uniform(0.4, 1.2))
            if all(x + s < b[0] - 10 or x > b[2] + 10 or y + s < b[1] - 10 or y > b[3] + 60 for _, b in labels):
                real_count += 1
                cv2.imwrite(str(root / "train" / "none" / f"r{real_count:06d}.png"), crop_face(img, box))
    return real_count


# ---------------------------------------------------------------- training


def _calibration_images(data: Path, size: int, count: int = 32) -> np.ndarray:
    """A few training images (RGB 0..1, N x 3 x size x size) to set BatchNorms from (onnx_init)."""
    files = sorted(data.rglob("*.jpg")) + sorted(data.rglob("*.png"))
    picks = [files[i] for i in np.linspace(0, len(files) - 1, min(count, len(files))).astype(int)]
    imgs = [cv2.resize(_imread(f), (size, size), interpolation=cv2.INTER_AREA)[..., ::-1] for f in picks]
    return (np.stack(imgs).transpose(0, 3, 1, 2) / 255.0).astype(np.float32)


def train_detector(data: Path, work: Path, args: argparse.Namespace) -> Path:
    from ultralytics import YOLO

    init = args.init_detector
    if init is None and args.init_detector_onnx:
        from vision.dice.onnx_init import detector_from_onnx

        batch = _calibration_images(data.parent / "images" / "train", DETECTOR_IMGSZ)
        init = detector_from_onnx(args.init_detector_onnx, Path(__file__).with_name("dice_detector.yaml"), batch,
                                  work / "init" / "detector_from_onnx.pt")
    # init: continue from one of OUR earlier checkpoints (never downloaded weights)
    model = YOLO(str(init) if init else str(Path(__file__).with_name("dice_detector.yaml")))
    model.train(
        data=str(data), imgsz=DETECTOR_IMGSZ, epochs=args.det_epochs, time=args.det_hours or None, batch=args.det_batch,
        workers=args.workers, device=args.device, pretrained=str(init) if init else False, project=str(work / "runs"),
        name="detector", exist_ok=True, optimizer="AdamW", lr0=0.002 * args.lr_scale, cos_lr=True, warmup_epochs=0 if init else 2,
        single_cls=True, hsv_h=0.05, hsv_s=0.6, hsv_v=0.4, degrees=15, scale=0.6, translate=0.2, mosaic=1.0,
        close_mosaic=3, plots=False, amp=False, patience=1000, seed=0, deterministic=False, verbose=False,
        cache=args.cache or False,
    )
    return work / "runs" / "detector" / "weights" / "last.pt"


def train_classifier(data: Path, work: Path, args: argparse.Namespace) -> Path:
    from ultralytics import YOLO

    init = args.init_classifier
    if init is None and args.init_classifier_onnx:
        from vision.dice.onnx_init import classifier_from_onnx

        names = sorted(p.name for p in (data / "train").iterdir() if p.is_dir())  # ultralytics' class order
        batch = _calibration_images(data / "train", CLASSIFIER_IMGSZ, 64)
        init = classifier_from_onnx(args.init_classifier_onnx, names, batch, work / "init" / "classifier_from_onnx.pt")
    model = YOLO(str(init) if init else "yolo11n-cls.yaml")
    model.train(
        data=str(data), imgsz=CLASSIFIER_IMGSZ, epochs=args.cls_epochs, time=args.cls_hours or None, batch=args.cls_batch,
        workers=args.workers, device=args.device, pretrained=str(init) if init else False, project=str(work / "runs"),
        name="classifier", exist_ok=True, optimizer="AdamW", lr0=0.003 * args.lr_scale, warmup_epochs=0 if init else 0.5, cos_lr=True,
        hsv_h=0.0, hsv_s=0.2, hsv_v=0.3, fliplr=0.0, scale=0.15, erasing=0.0, auto_augment=None,
        plots=False, amp=False, patience=1000, seed=0, deterministic=False, verbose=False, cache=args.cache or False,
    )
    return work / "runs" / "classifier" / "weights" / "last.pt"


def export(weights: Path, imgsz: int | tuple[int, int], target: Path, dynamic: bool) -> None:
    import importlib.util

    from ultralytics import YOLO

    simplify = importlib.util.find_spec("onnxslim") is not None  # ultralytics would try to pip-install it
    out = YOLO(str(weights)).export(format="onnx", imgsz=imgsz, simplify=simplify, dynamic=dynamic, opset=17, device="cpu")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(out, target)
    print(f"exported {weights} -> {target}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("stage", choices=["data", "data-detector", "data-classifier", "detector", "classifier", "all", "export"])
    ap.add_argument("--work", type=Path, default=REPO / "build" / "dice-train")
    ap.add_argument("--real", type=Path, default=REAL, help="the dice-photos folder (images/, labels/)")
    ap.add_argument("--models", type=Path, default=REPO / "models")
    ap.add_argument("--device", default="cpu", help="'cpu' or a CUDA index such as 0")
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    ap.add_argument("--workers", type=int, default=0, help="ultralytics data-loader processes")
    ap.add_argument("--jobs", type=int, default=max(os.cpu_count() or 1, 1), help="processes drawing synthetic data")
    ap.add_argument("--synth", type=int, default=3000, help="synthetic detector scenes")
    ap.add_argument("--real-repeat", type=int, default=3, help="times each real train photo is listed")
    ap.add_argument("--per-class", type=int, default=400, help="synthetic classifier crops per class")
    ap.add_argument("--det-epochs", type=int, default=80)
    ap.add_argument("--det-hours", type=float, default=0.0, help="wall-clock budget (overrides epochs)")
    ap.add_argument("--det-batch", type=int, default=32)
    ap.add_argument("--d6-every", type=int, default=1, help="draw synthetic d6 and 'none' crops every N-th round only")
    ap.add_argument("--twin-art", type=float, default=0.0,
                    help="chance that an Octo Dice crop is drawn in the digital twin's art (vision/render/dice_art.py)")
    ap.add_argument("--cls-epochs", type=int, default=30)
    ap.add_argument("--cls-hours", type=float, default=0.0)
    ap.add_argument("--cls-batch", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr-scale", type=float, default=1.0, help="scale both learning rates (e.g. 0.5 to fine-tune)")
    ap.add_argument("--init-detector", type=Path, default=None, help="continue from one of our own checkpoints (.pt)")
    ap.add_argument("--init-classifier", type=Path, default=None, help="continue from one of our own checkpoints (.pt)")
    ap.add_argument("--init-detector-onnx", type=Path, default=None,
                    help="continue from our own shipped ONNX detector (its weights copied into a fresh model: onnx_init.py)")
    ap.add_argument("--init-classifier-onnx", type=Path, default=None,
                    help="continue from our own shipped ONNX classifier (new classes such as 'cocked' get new head rows)")
    ap.add_argument("--variety", type=float, default=0.0,
                    help="share of synthetic scenes and crops drawn with other dice, trays, lamps and phones (synth.render_variety_*)")
    ap.add_argument("--cocked-share", type=float, default=0.08, help="variety scenes: chance a supported die is drawn cocked (x3)")
    ap.add_argument("--cls-val", type=int, default=0, help="synthetic validation crops per class (0: a twentieth of --per-class)")
    ap.add_argument("--data-seconds", type=float, default=0.0,
                    help="stop drawing synthetic data this many seconds after the start (0: draw every count)")
    ap.add_argument("--octo-variety", type=float, default=None,
                    help="classifier crops: the variety share of Octo Dice faces (default: --variety)")
    ap.add_argument("--lookalike", type=float, default=0.0,
                    help="classifier 'none' crops: share centred on something that looks like a die (a printed number, dots)")
    ap.add_argument("--classifier-name", default="dice_classifier.onnx", help="export: the classifier's file name in --models")
    ap.add_argument("--cocked-every", type=int, default=0,
                    help="classifier: one cocked-die crop every N rounds (0: no 'cocked' class, as older models)")
    ap.add_argument("--cache", choices=["ram", "disk"], default=None,
                    help="training: keep decoded images in memory (ram) so that the data loaders stop decoding JPEGs every epoch")
    ap.add_argument("--detector-weights", type=Path, default=None, help="export: detector .pt (default: the run's last.pt)")
    ap.add_argument("--classifier-weights", type=Path, default=None, help="export: classifier .pt")
    ap.add_argument("--extra-cls", type=Path, default=None,
                    help="a folder of more crops, one sub-folder per class (e.g. the Octo Dice mat's, "
                         "tracker/octo_dice/reader_training.py): every tenth to validation, the rest to training")
    ap.add_argument("--extra-repeat", type=int, default=1, help="times each --extra-cls training crop is listed")
    args = ap.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))
    args.work.mkdir(parents=True, exist_ok=True)
    if args.stage == "export":
        det = args.detector_weights or args.work / "runs" / "detector" / "weights" / "last.pt"
        cls = args.classifier_weights or args.work / "runs" / "classifier" / "weights" / "last.pt"
        if det.is_file():
            export(det, DETECTOR_EXPORT, args.models / "dice_detector.onnx", dynamic=False)
        if cls.is_file():
            export(cls, CLASSIFIER_IMGSZ, args.models / args.classifier_name, dynamic=True)
        if not det.is_file() and not cls.is_file():
            sys.exit(f"export: no weights at {det} or {cls}")
        return
    if args.stage in ("detector", "classifier", "all"):  # drawing data needs no torch (a CI machine has none)
        import torch

        torch.set_num_threads(args.threads)
    deadline = time.time() + args.data_seconds if args.data_seconds else 0.0
    if args.stage in ("data", "data-detector", "detector", "all"):
        data = build_detector_data(args.work, args.real, args.synth, args.real_repeat, args.seed, args.jobs, args.variety,
                                   args.cocked_share, deadline)
        if args.stage in ("detector", "all"):
            train_detector(data, args.work, args)
    if args.stage in ("data", "data-classifier", "classifier", "all"):
        data = build_classifier_data(
            args.work, args.real, args.per_class, 4, args.cls_val or max(args.per_class // 20, 10), args.seed, args.jobs, args.d6_every, args.twin_art,
            args.variety, args.cocked_every, deadline, args.octo_variety, args.lookalike,
        )
        if args.extra_cls is not None:
            add_extra_crops(data, args.extra_cls, args.extra_repeat)
        if args.stage in ("classifier", "all"):
            train_classifier(data, args.work, args)
    if args.stage in ("detector", "classifier", "all") and args.device == "cpu":
        print("export: python vision/dice/train.py export --work", args.work, flush=True)


if __name__ == "__main__":
    main()
