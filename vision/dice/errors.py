"""One exception family for dice reading failures (a ValueError, so the CLI prints one line)."""

from __future__ import annotations


class DiceReadError(ValueError):
    """Reading dice failed for a reason the user can act on (unreadable file, missing model)."""


class UnreadableImageError(DiceReadError):
    """The file is missing, empty, or not an image OpenCV can decode."""


class ModelMissingError(DiceReadError):
    """A dice model (ONNX) is not where the configuration says."""
