"""Turn a shipped dice ONNX model back into an ultralytics checkpoint to continue training from.

The ONNX export folded every BatchNorm into its convolution. A fresh model of the same layout
gets the folded weights; each BatchNorm is then set, on one calibration batch in training mode,
to mean/std of its input on that batch (gamma = std, beta = mean + folded bias), so that it
passes that batch through unchanged and, in eval mode, computes exactly the ONNX function.
A classifier head gains rows for classes the ONNX model did not have (``cocked``), matched by
class name (ultralytics orders classes by folder name). Needs torch and ultralytics (training only).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import numpy as np

from vision.dice.onnx_weights import read_onnx


def _calibrate(model: Any, weights: dict[str, np.ndarray], batch: np.ndarray) -> int:
    import torch
    from torch import nn

    copied = 0
    hooks = []
    bn_bias: dict[nn.Module, torch.Tensor] = {}
    for name, m in model.named_modules():
        conv, bn = getattr(m, "conv", None), getattr(m, "bn", None)
        if isinstance(conv, nn.Conv2d) and isinstance(bn, nn.BatchNorm2d) and f"{name}.conv.weight" in weights:
            w = torch.from_numpy(weights[f"{name}.conv.weight"])
            if tuple(w.shape) != tuple(conv.weight.shape):
                raise ValueError(f"{name}: ONNX weight {tuple(w.shape)} does not fit {tuple(conv.weight.shape)}")
            conv.weight.data.copy_(w)
            bn_bias[bn] = torch.from_numpy(weights[f"{name}.conv.bias"])
            copied += 2
        elif isinstance(m, (nn.Conv2d, nn.Linear)) and f"{name}.weight" in weights and not name.endswith(".conv"):
            w = torch.from_numpy(weights[f"{name}.weight"])
            if tuple(w.shape) == tuple(m.weight.shape):
                m.weight.data.copy_(w)
                if m.bias is not None and f"{name}.bias" in weights:
                    m.bias.data.copy_(torch.from_numpy(weights[f"{name}.bias"]))
                copied += 2

    def pre_hook(bn: nn.BatchNorm2d, inputs: tuple[torch.Tensor, ...]) -> None:
        x = inputs[0].detach()
        mean = x.mean(dim=(0, 2, 3))
        var = x.var(dim=(0, 2, 3), unbiased=False)
        bn.weight.data.copy_(torch.sqrt(var + bn.eps))
        bn.bias.data.copy_(mean + bn_bias[bn])
        bn.running_mean.copy_(mean)
        bn.running_var.copy_(var)
        bn.momentum = 0.0  # this one batch sets the statistics; training resets momentum itself

    for bn in bn_bias:
        hooks.append(bn.register_forward_pre_hook(pre_hook))
    model.train()
    with torch.no_grad():
        model(torch.from_numpy(batch))
    for h in hooks:
        h.remove()
    for bn in bn_bias:
        bn.momentum = 0.03  # ultralytics' default for its BatchNorm layers
    model.eval()
    return copied


def _save(model: Any, target: Path, train_args: dict[str, Any]) -> None:
    """An ultralytics checkpoint; ``train_args`` carries the task (ultralytics reads it from
    there, not from the model, and defaults to "detect")."""
    import torch
    from ultralytics import __version__

    target.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"epoch": -1, "model": model.float(), "ema": None, "train_args": train_args, "version": __version__}, target)


def detector_from_onnx(onnx_path: Path, yaml_path: Path, batch: np.ndarray, target: Path) -> Path:
    """A one-class detection checkpoint with the ONNX model's weights; ``batch`` (N x 3 x S x S,
    RGB 0..1 float32) calibrates the BatchNorms."""
    from ultralytics.nn.tasks import DetectionModel

    weights, _ = read_onnx(onnx_path)
    model = DetectionModel(str(yaml_path), nc=1, verbose=False)
    model.names = {0: "die"}
    n = _calibrate(model, weights, batch)
    print(f"detector init: {n} tensors from {onnx_path}", flush=True)
    _save(model, target, {"task": "detect", "imgsz": int(batch.shape[-1]), "single_cls": True})
    return target


def classifier_from_onnx(onnx_path: Path, names: list[str], batch: np.ndarray, target: Path) -> Path:
    """A classification checkpoint for ``names`` (ultralytics' alphabetical class order) with the
    ONNX model's weights; head rows of classes the ONNX model lacks start small and random."""
    import torch
    from ultralytics.nn.tasks import ClassificationModel

    weights, meta = read_onnx(onnx_path)
    old_names = ast.literal_eval(meta["names"])
    old = [old_names[k] for k in range(len(old_names))]
    model = ClassificationModel("yolo11n-cls.yaml", nc=len(names), verbose=False)
    model.names = dict(enumerate(names))
    lw, lb = weights.pop("model.10.linear.weight"), weights.pop("model.10.linear.bias")
    n = _calibrate(model, weights, batch)
    linear = model.model[-1].linear
    with torch.no_grad():
        linear.weight.mul_(0.1)
        linear.bias.fill_(float(lb.mean()) - 2.0)  # a new class starts unlikely
        for i, name in enumerate(names):
            if name in old:
                linear.weight[i] = torch.from_numpy(lw[old.index(name)])
                linear.bias[i] = float(lb[old.index(name)])
    new = [x for x in names if x not in old]
    print(f"classifier init: {n + 2} tensors from {onnx_path}; new classes {new}", flush=True)
    _save(model, target, {"task": "classify", "imgsz": int(batch.shape[-1])})
    return target
