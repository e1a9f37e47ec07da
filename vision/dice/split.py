"""The fixed cross-validation split of the real dice photos (../shared/data/dice-photos).

Photos are numbered runs per scene (``five_12.jpg``); neighbouring numbers are near-duplicate
frames, so the split is by blocks of ten, and training also drops the photos right next to a
test block. The shipped models are trained on ``train`` only; every accuracy figure we report
is measured on ``test``, which no model, threshold or design choice was fitted to.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

Fold = Literal["train", "test", "gap"]
_NAME = re.compile(r"^(?P<scene>[a-z]+)_(?P<n>\d+)$")


def fold_of(stem: str) -> Fold:
    """Which fold a photo (file stem like ``five_12``) belongs to."""
    m = _NAME.match(stem)
    if not m:
        raise ValueError(f"unexpected dice photo name {stem!r}")
    n = int(m["n"]) - 1
    block, pos = divmod(n, 10)
    if block % 4 == 1:
        return "test"
    if (block % 4 == 0 and pos == 9) or (block % 4 == 2 and pos == 0):
        return "gap"  # touches a test block: used for nothing
    return "train"


def photos(root: Path, fold: Fold) -> list[Path]:
    """Sorted image paths of one fold under ``root`` (the dice-photos folder)."""
    return sorted(p for p in (root / "images").glob("*.jpg") if fold_of(p.stem) == fold)


def read_labels(
    root: Path, image: Path, width: int = 640, height: int = 480, labels_dir: Path | None = None
) -> list[tuple[int, tuple[float, float, float, float]]]:
    """YOLO labels of ``image`` as (face 1-6, (x0, y0, x1, y1) in pixels of a width x height photo),
    from ``root/labels`` or, when given, from ``labels_dir``."""
    path = (labels_dir or root / "labels") / f"{image.stem}.txt"
    out = []
    if path.exists():
        for line in path.read_text().split("\n"):
            if not line.strip():
                continue
            c, cx, cy, w, h = (float(v) for v in line.split())
            box = ((cx - w / 2) * width, (cy - h / 2) * height, (cx + w / 2) * width, (cy + h / 2) * height)
            out.append((int(c) + 1, box))
    return out
