"""One exception hierarchy for everything calibration can refuse.

Every error is a ``ValueError`` so the ``tablesight`` CLI prints its message as one line and exits
non-zero; callers that want to react to a particular failure catch the subclass.
"""

from __future__ import annotations


class CalibrationError(ValueError):
    """Calibration cannot go on; the message says why in plain words."""


class ImageError(CalibrationError):
    """A file is missing, is not an image, or cannot be decoded."""


class PatternNotFoundError(CalibrationError):
    """No usable calibration pattern (chessboard / ChArUco) in the photos."""


class NotEnoughViewsError(CalibrationError):
    """Too few usable photos to solve for the camera intrinsics."""


class MarkersNotFoundError(CalibrationError):
    """Too few of the printed corner markers are visible to locate the table."""


class GeometryError(CalibrationError):
    """The markers were found but do not agree with the printed sheet's geometry."""


class ColourCorrectionError(CalibrationError):
    """The colour reference patches cannot be measured or fitted."""


class ProfileError(CalibrationError):
    """A calibration profile file is missing, malformed or from an unknown version."""


class ProfileMismatchError(ProfileError):
    """A profile does not fit the camera frames it is used with (e.g. other aspect ratio)."""
