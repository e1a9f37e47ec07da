"""Open Season recognition: what a camera reads from a table (see observation.py)."""

from vision.open_season.observation import OpenSeasonObservation, PlayerReading

__all__ = ["OpenSeasonObservation", "PlayerReading"]
