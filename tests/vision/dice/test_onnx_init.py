"""The shipped ONNX weights copied back into ultralytics models compute what onnxruntime does
(the start of every fine-tune: vision/dice/onnx_init.py). Needs the training extra (torch,
ultralytics): skipped without it."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[3]


def test_detector_and_classifier_from_onnx_match_onnxruntime(tmp_path: Path) -> None:
    pytest.importorskip("ultralytics", reason="the training extra (torch, ultralytics) is not installed")
    import onnxruntime as ort
    import torch
    from ultralytics.nn.tasks import load_checkpoint

    from vision.dice.onnx_init import classifier_from_onnx, detector_from_onnx
    from vision.dice.synth import render_die_patch, render_scene

    rng = np.random.default_rng(8)
    scenes = np.stack([render_scene(rng)[0][:256, :320, ::-1].transpose(2, 0, 1) / 255.0 for _ in range(4)]).astype(np.float32)
    det = detector_from_onnx(REPO / "models" / "dice_detector.onnx", REPO / "vision" / "dice" / "dice_detector.yaml",
                             scenes, tmp_path / "det.pt")
    model, _ = load_checkpoint(det)
    with torch.no_grad():
        ours = model(torch.from_numpy(scenes[:1]))
    ours = (ours[0] if isinstance(ours, (list, tuple)) else ours).numpy()
    sess = ort.InferenceSession(str(REPO / "models" / "dice_detector.onnx"), providers=["CPUExecutionProvider"])
    theirs = sess.run(None, {sess.get_inputs()[0].name: scenes[:1]})[0]
    assert np.abs(ours - theirs).max() < 1e-3 * np.abs(theirs).max()  # boxes in pixels, scores 0..1: the same function

    crops = np.stack([render_die_patch(rng, k)[0][96:160, 96:160, ::-1].transpose(2, 0, 1) / 255.0 for k in range(8)]).astype(np.float32)
    sess = ort.InferenceSession(str(REPO / "models" / "dice_classifier.onnx"), providers=["CPUExecutionProvider"])
    old = ast.literal_eval(sess.get_modelmeta().custom_metadata_map["names"])
    names = sorted([old[k] for k in range(len(old))] + ["cocked"])
    cls, _ = load_checkpoint(classifier_from_onnx(REPO / "models" / "dice_classifier.onnx", names, crops, tmp_path / "cls.pt"))
    with torch.no_grad():
        p = cls(torch.from_numpy(crops))
    p = (p[0] if isinstance(p, (list, tuple)) else p).numpy()
    q = sess.run(None, {sess.get_inputs()[0].name: crops})[0]
    assert [names[k] for k in p.argmax(1)] == [old[k] for k in q.argmax(1)]
    assert p.shape == (8, 30) and p[:, names.index("cocked")].max() < 0.01  # a new class starts unlikely
