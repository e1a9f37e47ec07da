"""Octocube recognition: camera frame -> :class:`OctocubeObservation` (see recogniser.py)."""

from vision.octocube.errors import (BadFrameError, ModelError, RecognitionError,
                                    TableGeometryError)
from vision.octocube.observation import (BoardReading, CubeReading, OctocubeObservation,
                                         StackTopReading)

__all__ = ["BadFrameError", "BoardReading", "CubeReading", "ModelError", "OctocubeObservation",
           "OctocubeRecogniser", "RecognitionError", "StackTopReading", "TableGeometryError"]


def __getattr__(name: str):  # noqa: ANN202 - lazy: the recogniser pulls in cv2/onnxruntime
    if name == "OctocubeRecogniser":
        from vision.octocube.recogniser import OctocubeRecogniser

        return OctocubeRecogniser
    raise AttributeError(name)
