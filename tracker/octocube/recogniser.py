"""The Octocube pixel recogniser behind the pipeline's frame interface."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class PixelRecogniser:
    """``vision.octocube.OctocubeRecogniser`` (pixels -> observation) behind the pipeline's
    frame interface. Built lazily from the table geometry: the pipeline's calibration profile,
    or (digital twin) the renderer's exact camera model."""

    name = "vision.octocube (pixels)"
    needs_calibration = True

    def __init__(self, grid_size: int, num_players: int, geometry: Any = None,
                 profile_of: Callable[[], Any] | None = None, mode: str = "standard",
                 pack: Any = None) -> None:
        self.grid_size = grid_size
        self.mode = mode
        self.num_players = num_players
        self._geometry = geometry
        self._profile_of = profile_of
        self._inner: Any = None
        self.pack = pack
        """A taught copy (vision.pack.Pack) or None (the built-in art)."""
        if pack is not None:
            self.name = "vision.octocube (pixels, taught pack)"

    @classmethod
    def for_camera(cls, grid_size: int, num_players: int, camera: Any, mode: str = "standard",
                   pack: Any = None) -> PixelRecogniser:
        rec = cls(grid_size, num_players, camera, mode=mode, pack=pack)
        rec.needs_calibration = False
        return rec

    def recognise(self, frame: Any) -> Any:
        if self._inner is None:
            from vision.octocube.recogniser import OctocubeRecogniser

            geometry = self._geometry if self._geometry is not None else (
                self._profile_of() if self._profile_of is not None else None)
            if geometry is None:
                raise ValueError("the table is not calibrated yet")
            self._inner = OctocubeRecogniser(self.grid_size, self.num_players, geometry, mode=self.mode,
                                             pack=self.pack)
        return self._inner.recognise(frame.image)
