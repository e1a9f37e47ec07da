"""Train the abyss-letter net on letter windows and export it to ONNX.

The letter is 7 mm tall: 5-9 camera pixels. The template reader (letters.py) reads it right
about 93 % of the time on tilted, blurred views; a small net trained on rendered windows of
every camera resolution does better. Data: ``python -m vision.octocube.make_dataset --rich
--only letters --resolutions ...`` (train seeds); held-out check: the same on tune seeds.

    nice -n 19 /work/venv-train/bin/python -m vision.octocube.train_letters \\
        --data build/letters --val build/letters_val --out models
"""

from __future__ import annotations

import argparse
import glob
import json
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from vision.octocube.letters import LETTER_LABELS, LETTER_NET_CROP_PX, LetterReader

JITTER_PX = 3
"""Crops are taken up to this far off the aligned centre while training."""


def make_net(n_classes: int) -> nn.Module:
    def block(i: int, o: int) -> list[nn.Module]:
        return [nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]

    return nn.Sequential(
        *block(1, 16), *block(16, 16), nn.MaxPool2d(2),   # 21
        *block(16, 32), *block(32, 32), nn.MaxPool2d(2),  # 10
        *block(32, 64), nn.MaxPool2d(2),                  # 5
        nn.Flatten(), nn.Dropout(0.25), nn.Linear(64 * 5 * 5, 96), nn.ReLU(inplace=True),
        nn.Linear(96, n_classes))


def load(pattern_dir: str) -> tuple[np.ndarray, np.ndarray]:
    files = sorted(glob.glob(str(Path(pattern_dir) / "*.npz")))
    if not files:
        raise FileNotFoundError(f"no .npz files in {pattern_dir}")
    xs: list[np.ndarray] = []
    ys: list[str] = []
    for f in files:
        with np.load(f) as data:
            xs.append(data["letter_windows_x"])
            ys.extend(str(v) for v in data["letter_windows_y"])
    index = {c: i for i, c in enumerate(LETTER_LABELS)}
    return np.concatenate(xs), np.array([index[y] for y in ys], np.int64)


def crops(reader: LetterReader, windows: np.ndarray, rng: np.random.Generator | None) -> np.ndarray:
    out = np.empty((len(windows), 1, LETTER_NET_CROP_PX, LETTER_NET_CROP_PX), np.float32)
    for i, w in enumerate(windows):
        dx, dy = (rng.integers(-JITTER_PX, JITTER_PX + 1, 2) if rng is not None else (0, 0))
        out[i, 0] = reader.net_input(w, int(dx), int(dy))
    return out


def augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Contrast, blur (a 3x3 box mixed in) and noise: the camera's variety beyond the renders'."""
    n = x.shape[0]
    contrast = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=gen)
    blur_mix = 0.6 * torch.rand(n, 1, 1, 1, generator=gen)
    blurred = nn.functional.avg_pool2d(x, 3, stride=1, padding=1, count_include_pad=False)
    x = (x * (1 - blur_mix) + blurred * blur_mix) * contrast
    return x + 0.15 * torch.randn(x.shape, generator=gen)


def evaluate(net: nn.Module, x: np.ndarray, y: np.ndarray) -> float:
    net.eval()
    with torch.no_grad():
        pred = net(torch.from_numpy(x)).argmax(1).numpy()
    errors = pred != y
    for i in np.flatnonzero(errors)[:15]:
        print(f"  error: {LETTER_LABELS[y[i]]} read as {LETTER_LABELS[pred[i]]}")
    return float(1 - errors.mean())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--val", help="held-out letter windows (tune seeds)")
    ap.add_argument("--out", default="models")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--device", default="cpu", help="torch device for training (cpu, cuda)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    reader = LetterReader()
    windows, y = load(args.data)
    print(f"{len(y)} letter windows; per class: "
          + ", ".join(f"{LETTER_LABELS[i]}={n}" for i, n in enumerate(np.bincount(y, minlength=len(LETTER_LABELS)))))
    val = None
    if args.val:
        vw, vy = load(args.val)
        val = (crops(reader, vw, None), vy)
    net = make_net(len(LETTER_LABELS)).to(args.device)
    opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-3)
    steps_per_epoch = max(1, len(y) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=args.epochs * steps_per_epoch)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    t0 = time.time()
    for epoch in range(args.epochs):
        x = torch.from_numpy(crops(reader, windows, rng))  # new crop jitter every epoch
        yt = torch.from_numpy(y)
        order = torch.randperm(len(y), generator=gen)
        net.train()
        total = 0.0
        for s in range(steps_per_epoch):
            idx = order[s * 128:(s + 1) * 128]
            opt.zero_grad()
            loss = loss_fn(net(augment(x[idx], gen).to(args.device)), yt[idx].to(args.device))
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss)
        line = f"epoch {epoch + 1}/{args.epochs}: loss {total / steps_per_epoch:.4f}, {time.time() - t0:.0f} s"
        if val is not None and (epoch % 5 == 4 or epoch == args.epochs - 1):
            line += f", held-out {evaluate(net.cpu(), *val):.4f}"
            net.to(args.device)
        print(line, flush=True)
    net.eval()
    net.cpu()
    card = {"windows": int(len(y)), "epochs": args.epochs, "train_s": round(time.time() - t0)}
    if val is not None:
        card["val_windows"] = int(len(val[1]))
        card["val_accuracy"] = evaluate(net, *val)
        print(f"held-out accuracy {card['val_accuracy']:.4f} on {len(val[1])} windows")
    export(net, Path(args.out) / "octocube_letters.onnx", card)


def export(net: nn.Module, path: Path, card: dict) -> None:
    import onnx

    dummy = torch.zeros(1, 1, LETTER_NET_CROP_PX, LETTER_NET_CROP_PX)
    torch.onnx.export(net, dummy, str(path), input_names=["crops"], output_names=["logits"],
                      dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}}, opset_version=17, dynamo=False)
    model = onnx.load(str(path))
    for key, value in (("classes", json.dumps(list(LETTER_LABELS))), ("card", json.dumps(card))):
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(model, str(path))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
