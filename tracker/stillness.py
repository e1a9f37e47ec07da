"""The stillness gate: only a still scene is worth reading.

Hands reaching in, a cube mid-roll or a camera bump all make frames differ from one another.
The gate compares small blurred colour copies of consecutive frames and reports a *settled*
scene once nothing has moved for a few frames, and only when that scene differs from the last
settled one (so a still table is read once, not thirty times a second).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import cv2
import numpy as np


def largest_channel(image: np.ndarray) -> np.ndarray:
    """Each pixel's largest channel (``image.max(axis=2)``, without numpy's slow reduce over a
    short last axis)."""
    out = image[..., 0]
    for c in range(1, image.shape[2]):
        out = np.maximum(out, image[..., c])
    return out


@dataclass(frozen=True)
class StillnessConfig:
    width: int = 160
    """Frames are shrunk to this width before comparison (cheap, ignores sensor noise)."""
    pixel_delta: float = 18.0
    """A pixel 'moved' when a blurred colour channel changes by more than this."""
    moving_fraction: float = 0.002
    """The scene is moving when more than this fraction of pixels moved since the last frame."""
    still_frames: int = 3
    """Consecutive quiet frames needed before the scene counts as settled."""
    changed_fraction: float = 0.0015
    """A settled scene is *new* when more than this fraction differs from the last settled one."""
    unchanged_delta: float = 6.0
    """A frame is the same as an earlier one (``StillnessGate.same_as``) when no pixel of the small
    image changed by more than this: sensor noise (1-2 levels once shrunk and blurred), not a small die landing,
    which can stay under ``pixel_delta`` (a die is 2 pixels of the small image)."""


class GateEvent(Enum):
    MOVING = "moving"
    SETTLING = "settling"
    SETTLED_NEW = "settled-new"
    """The scene has just come to rest and differs from the last one read: read it now."""
    SETTLED_SAME = "settled-same"


class StillnessGate:
    def __init__(self, config: StillnessConfig | None = None) -> None:
        self.config = config or StillnessConfig()
        self._previous: np.ndarray | None = None
        self._last_settled: np.ndarray | None = None
        self._quiet = 0
        self._reported = False

    def _small(self, frame: np.ndarray) -> np.ndarray:
        h, w = frame.shape[:2]
        height = max(1, round(h * self.config.width / w))
        small = cv2.resize(frame, (self.config.width, height), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (5, 5), 0)

    def _fraction_changed(self, a: np.ndarray, b: np.ndarray) -> float:
        """Share of pixels whose largest channel change exceeds the threshold (colour, not grey:
        a green tile swapped for a red one of the same brightness is a change)."""
        if a.shape != b.shape:
            return 1.0
        delta = cv2.absdiff(a, b)
        if delta.ndim == 3:
            delta = largest_channel(delta)
        return float(np.count_nonzero(delta > self.config.pixel_delta)) / delta.size

    def update(self, frame: np.ndarray, *, occluded: bool = False) -> GateEvent:
        """Feed one frame; ``occluded`` (a hand seen by vision) counts as movement."""
        small = self._small(frame)
        previous = self._previous
        moving = occluded or (previous is not None
                              and self._fraction_changed(small, previous) > self.config.moving_fraction)
        self._previous = small
        if moving:
            self._quiet = 0
            self._reported = False
            return GateEvent.MOVING
        self._quiet += 1
        if self._quiet < self.config.still_frames:
            return GateEvent.SETTLING
        if self._reported:
            return GateEvent.SETTLED_SAME
        self._reported = True
        if (
            self._last_settled is not None
            and self._fraction_changed(small, self._last_settled) <= self.config.changed_fraction
        ):
            return GateEvent.SETTLED_SAME
        self._last_settled = small
        return GateEvent.SETTLED_NEW

    @property
    def first_quiet(self) -> bool:
        """The last frame was the first quiet one after movement (or after nothing at all), and
        the scene is not settled yet: the earliest frame a read ahead can start on."""
        return self._quiet == 1 and self.config.still_frames > 1

    def snapshot(self) -> np.ndarray | None:
        """The gate's small image of the last frame, to ask later whether anything moved since."""
        return self._previous

    def same_as(self, snapshot: np.ndarray | None) -> bool:
        """No pixel of the gate's small image changed beyond sensor noise between ``snapshot``
        and the last frame (``StillnessConfig.unchanged_delta``; a die landing slowly over
        several quiet frames adds up here, where each frame alone would pass)."""
        last = self._previous
        return (snapshot is not None and last is not None and last.shape == snapshot.shape
                and float(cv2.absdiff(last, snapshot).max()) <= self.config.unchanged_delta)

    def settle_now(self) -> None:
        """Take the last frame as the settled scene now, without waiting for the quiet count (an
        outside signal said the scene is at rest): later still frames are the same scene."""
        self._quiet = max(self._quiet, self.config.still_frames)
        self._reported = True
        self._last_settled = self._previous

    def reset(self) -> None:
        """Forget everything (after a camera change or re-calibration)."""
        self.__init__(self.config)  # type: ignore[misc]
