"""Camera intrinsics, the table homography, colour correction, the marker sheet, profiles."""
