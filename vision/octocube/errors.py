"""One exception hierarchy for everything the Octocube recogniser can refuse.

Every error is a ``ValueError`` so the ``tablesight`` CLI prints its message as one line; a
caller that wants to react to one failure catches the subclass.
"""

from __future__ import annotations


class RecognitionError(ValueError):
    """The frame cannot be read; the message says why in plain words."""


class BadFrameError(RecognitionError):
    """The frame is not an image of the expected size, or it is black, blown out or flat."""


class TableGeometryError(RecognitionError):
    """The homography / profile / intrinsics given to the recogniser cannot describe a table."""


class ModelError(RecognitionError):
    """A classifier model is missing, unreadable or does not fit this recogniser."""
