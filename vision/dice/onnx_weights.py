"""Read the weights back out of our own ONNX files, without the ``onnx`` package.

The shipped dice models exist only as ONNX (their ultralytics .pt checkpoints were not kept), so
a fine-tune starts by copying these weights into a fresh ultralytics model of the same layout
(vision/dice/train.py ``--init-*-onnx``). A few dozen lines of protobuf wire format are enough:
ModelProto.graph.initializer (TensorProto: dims, data_type, name, raw_data or float_data) and
ModelProto.metadata_props.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import cast

import numpy as np

_DTYPES = {1: np.float32, 6: np.int32, 7: np.int64, 10: np.float16, 11: np.float64}


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    out = shift = 0
    while True:
        b = buf[i]
        i += 1
        out |= (b & 0x7F) << shift
        if b < 0x80:
            return out, i
        shift += 7


def _fields(buf: bytes) -> list[tuple[int, int, int | bytes]]:
    """(field number, wire type, value) of one protobuf message, in order."""
    out: list[tuple[int, int, int | bytes]] = []
    i = 0
    while i < len(buf):
        key, i = _varint(buf, i)
        num, wire = key >> 3, key & 7
        if wire == 0:
            v, i = _varint(buf, i)
            out.append((num, wire, v))
        elif wire == 1:
            out.append((num, wire, buf[i:i + 8]))
            i += 8
        elif wire == 2:
            n, i = _varint(buf, i)
            out.append((num, wire, buf[i:i + n]))
            i += n
        elif wire == 5:
            out.append((num, wire, buf[i:i + 4]))
            i += 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
    return out


def _tensor(buf: bytes) -> tuple[str, np.ndarray]:
    dims: list[int] = []
    dtype = 1
    name = ""
    raw = b""
    floats: list[float] = []
    for num, wire, v in _fields(buf):
        if num == 1:
            if wire == 0:
                dims.append(int(v))
            else:
                j, packed = 0, cast(bytes, v)  # wire type 2: a packed run of varints
                while j < len(packed):
                    d, j = _varint(packed, j)
                    dims.append(d)
        elif num == 2:
            dtype = int(v)
        elif num == 8:
            name = bytes(v).decode()
        elif num == 9:
            raw = bytes(v)
        elif num == 4:
            b = bytes(v)
            floats += struct.unpack(f"<{len(b) // 4}f", b) if wire == 2 else [struct.unpack("<f", b)[0]]
    if raw:
        arr = np.frombuffer(raw, _DTYPES[dtype]).copy()
    else:
        arr = np.array(floats, _DTYPES.get(dtype, np.float32))
    return name, arr.reshape(dims) if dims else arr


def read_onnx(path: str | Path) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """(initializers by name, metadata_props) of an ONNX file."""
    model = Path(path).read_bytes()
    weights: dict[str, np.ndarray] = {}
    meta: dict[str, str] = {}
    for num, _, v in _fields(model):
        if num == 7:  # graph
            for gnum, _, gv in _fields(bytes(v)):
                if gnum == 5:  # initializer
                    name, arr = _tensor(bytes(gv))
                    weights[name] = arr
        elif num == 14:  # metadata_props
            kv = {n: bytes(x).decode() for n, _, x in _fields(bytes(v))}
            meta[kv.get(1, "")] = kv.get(2, "")
    return weights, meta
