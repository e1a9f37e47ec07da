"""Train the two Octocube patch classifiers on rendered patches and export them to ONNX.

Run with the training virtualenv (torch, CPU only):
    nice -n 19 /work/venv-train/bin/python -m vision.octocube.train --data DIR --out models/
``DIR`` holds ``*.npz`` files written by ``python -m vision.octocube.make_dataset``.
The recogniser itself needs only onnxruntime.
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

from vision.octocube.letters import LETTER_LABELS
from vision.octocube.layout import CUBE_CLASSES, EMPTY, TILE_LABELS, TOP_CLASSES, TURNED


def make_net(n_classes: int, small: bool = False) -> nn.Module:
    """A small VGG-like net on 52 x 52 patches (``small``: half resolution and half the width,
    enough for the cube-colour question)."""
    def block(i: int, o: int) -> list[nn.Module]:
        return [nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]

    if small:
        return nn.Sequential(
            nn.AvgPool2d(2),                     # 26
            *block(3, 12), nn.MaxPool2d(2),      # 13
            *block(12, 24), nn.MaxPool2d(2),     # 6
            *block(24, 32),
            nn.Flatten(), nn.Linear(32 * 6 * 6, 64), nn.ReLU(inplace=True), nn.Linear(64, n_classes))
    return nn.Sequential(
        *block(3, 12), nn.MaxPool2d(2),      # 26
        *block(12, 24), nn.MaxPool2d(2),     # 13
        *block(24, 48), nn.MaxPool2d(2),     # 6
        *block(48, 48),
        nn.Flatten(), nn.Linear(48 * 6 * 6, 128), nn.ReLU(inplace=True), nn.Dropout(0.2),
        nn.Linear(128, n_classes))


def to_input(x: torch.Tensor) -> torch.Tensor:
    """uint8 NHWC BGR -> float NCHW, the same scaling the recogniser applies."""
    return (x.permute(0, 3, 1, 2).float() / 255.0 - 0.5) / 0.25


def augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Shifts of up to 3 px, per-channel gain and exposure changes, noise (float NCHW input)."""
    n = x.shape[0]
    pad = 3
    xp = torch.nn.functional.pad(x, (pad, pad, pad, pad), mode="replicate")
    dx = torch.randint(0, 2 * pad + 1, (n,), generator=gen)
    dy = torch.randint(0, 2 * pad + 1, (n,), generator=gen)
    h, w = x.shape[2:]
    out = torch.stack([xp[i, :, dy[i]:dy[i] + h, dx[i]:dx[i] + w] for i in range(n)])
    raw = out * 0.25 + 0.5
    gain = 1 + 0.12 * (torch.rand(n, 3, 1, 1, generator=gen) - 0.5) * 2
    expo = 1 + 0.2 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 2
    raw = raw * gain * expo + 0.02 * torch.randn(raw.shape, generator=gen)
    return (raw.clamp(0, 1) - 0.5) / 0.25


def load(data_dir: str, key: str, classes: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for f in sorted(glob.glob(f"{data_dir}/*.npz")):
        d = np.load(f)
        if f"{key}_x" not in d:
            continue
        xs.append(d[f"{key}_x"])
        ys.append(d[f"{key}_y"])
    if not xs:
        raise FileNotFoundError(f"no {key} patches in {data_dir}/*.npz")
    x = np.concatenate(xs)
    labels = np.concatenate(ys)
    index = {c: i for i, c in enumerate(classes)}
    unknown = sorted(set(labels) - set(index))
    if unknown:
        raise SystemExit(f"labels not in the class list: {unknown}")
    return x, np.array([index[str(l)] for l in labels], np.int64)


def turn_some(x: torch.Tensor, y: torch.Tensor, turn: tuple[torch.Tensor, int],
              gen: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """A quarter of the tile patches turned by 90/180/270 degrees and labelled TURNED: the net
    learns to tell an upright tile from a turned one, which is how the recogniser reads the
    rotation of the tile on a cube top (it tries the four turns)."""
    tile_mask, turned = turn
    pick = tile_mask[y] & (torch.rand(len(y), generator=gen) < 0.25)
    if not bool(pick.any()):
        return x, y
    x = x.clone()
    for i in torch.nonzero(pick).flatten().tolist():
        k = int(torch.randint(1, 4, (1,), generator=gen))
        x[i] = torch.rot90(x[i], k, dims=(1, 2))
        y[i] = turned
    return x, y


def train(x: np.ndarray, y: np.ndarray, classes: tuple[str, ...], epochs: int, seed: int,
          majority: str, per_epoch_cap: int, device: str = "cpu") -> nn.Module:
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    net = make_net(len(classes), small=len(classes) < 10).to(device)
    counts = np.bincount(y, minlength=len(classes)).astype(np.float64)
    # sample rare classes more often (sqrt balancing) and keep a share of the majority class
    w_class = 1.0 / np.sqrt(np.maximum(counts, 1))
    w = w_class[y]
    maj = classes.index(majority)
    per_epoch = int(min(len(y), 3 * (len(y) - counts[maj]) + 2000, per_epoch_cap))
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = epochs * (per_epoch // 128 + 1)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    xt = torch.from_numpy(x)
    yt = torch.from_numpy(y)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.02)
    turn_classes = None
    if TURNED in classes:
        tile_mask = torch.tensor([c in TILE_LABELS for c in classes])
        turn_classes = (tile_mask, classes.index(TURNED))
    for ep in range(epochs):
        t0 = time.time()
        idx = torch.multinomial(torch.from_numpy(w), per_epoch, replacement=True, generator=gen)
        net.train()
        total, correct, loss_sum = 0, 0, 0.0
        for b in range(0, per_epoch, 128):
            bi = idx[b:b + 128]
            xb = to_input(xt[bi])
            yb = yt[bi].clone()
            if turn_classes is not None:
                xb, yb = turn_some(xb, yb, turn_classes, gen)
            xb = augment(xb, gen).to(device)
            yb = yb.to(device)
            opt.zero_grad()
            out = net(xb)
            loss = loss_fn(out, yb)
            loss.backward()
            opt.step()
            sched.step()
            loss_sum += float(loss.detach()) * len(bi)
            correct += int((out.argmax(1) == yb).sum())
            total += len(bi)
        print(f"epoch {ep + 1}/{epochs}: loss {loss_sum / total:.4f}, train acc {correct / total:.4f}, "
              f"{time.time() - t0:.0f} s", flush=True)
    net.eval()
    return net.cpu()


def evaluate(net: nn.Module, x: np.ndarray, y: np.ndarray, classes: tuple[str, ...]) -> float:
    with torch.no_grad():
        pred = torch.cat([net(to_input(torch.from_numpy(x[i:i + 512]))).argmax(1)
                          for i in range(0, len(x), 512)]).numpy()
    errors = pred != y
    for i in np.flatnonzero(errors)[:20]:
        print(f"  error: {classes[y[i]]} read as {classes[pred[i]]}")
    return float(1 - errors.mean())


def export(net: nn.Module, classes: tuple[str, ...], path: Path, card: dict) -> None:
    import onnx

    dummy = torch.zeros(1, 3, 52, 52)
    torch.onnx.export(net, dummy, str(path), input_names=["patches"], output_names=["logits"],
                      dynamic_axes={"patches": {0: "n"}, "logits": {0: "n"}}, opset_version=17,
                      dynamo=False)
    model = onnx.load(str(path))
    entry = model.metadata_props.add()
    entry.key, entry.value = "classes", json.dumps(list(classes))
    entry = model.metadata_props.add()
    entry.key, entry.value = "card", json.dumps(card)
    onnx.save(model, str(path))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--val", help="npz dir for a held-out check (tune seeds)")
    ap.add_argument("--out", default="models")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--per-epoch", type=int, default=8000, help="patches drawn per epoch")
    ap.add_argument("--only", choices=["tops", "cubes", "letters"])
    ap.add_argument("--device", default="cpu", help="torch device for training (cpu, cuda)")
    ap.add_argument("--legacy-classes", action="store_true",
                    help="tops classes without 'turned' (how the shipped model was trained)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for key, classes, majority in (("tops", TOP_CLASSES, EMPTY), ("cubes", CUBE_CLASSES, "none"),
                                   ("letters", LETTER_LABELS, "abyss")):
        if args.legacy_classes and key == "tops":
            classes = tuple(c for c in classes if c != TURNED)
        if args.only and args.only != key:
            continue
        try:
            x, y = load(args.data, key, classes)
        except FileNotFoundError as exc:
            print(f"skipped: {exc}")
            continue
        print(f"{key}: {len(y)} patches; per class: "
              + ", ".join(f"{classes[i]}={n}" for i, n in enumerate(np.bincount(y, minlength=len(classes)))))
        t0 = time.time()
        net = train(x, y, classes, args.epochs, 0, majority, args.per_epoch, args.device)
        card = {"patches": int(len(y)), "epochs": args.epochs, "per_epoch": args.per_epoch,
                "train_s": round(time.time() - t0)}
        if args.val:
            xv, yv = load(args.val, key, classes)
            card["val_patches"] = int(len(yv))
            card["val_accuracy"] = evaluate(net, xv, yv, classes)
            print(f"{key}: held-out accuracy {card['val_accuracy']:.5f} on {len(yv)} patches")
        export(net, classes, out / f"octocube_{key}.onnx", card)
        print(f"wrote {out / f'octocube_{key}.onnx'}")


if __name__ == "__main__":
    main()
