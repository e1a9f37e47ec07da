"""``tablesight calibrate intrinsics|table``: camera intrinsics from chessboard/ChArUco photos,
the table homography + colour correction from one photo of the marker cards."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("calibrate", help="calibrate the camera (intrinsics) and the table (markers)",
                              description="Camera and table calibration; results go into one profile file.")
    sub = p.add_subparsers(dest="calibrate_command", metavar="WHAT", required=True)

    pi = sub.add_parser("intrinsics", help="focal length, principal point and lens distortion from "
                                           "photos of a chessboard or ChArUco board")
    pi.add_argument("photos", nargs="+", metavar="PHOTO")
    pi.add_argument("--pattern", default="9x6",
                    help="chessboard INNER corners COLSxROWS (default 9x6), or charuco:COLSxROWS squares")
    pi.add_argument("--square-mm", type=float, default=25.0, help="side of one square in mm (default 25)")
    pi.add_argument("--marker-mm", type=float, help="ChArUco marker side in mm (default 0.75 x square)")
    pi.add_argument("--dictionary", default="DICT_4X4_50", help="ChArUco ArUco dictionary")
    pi.add_argument("--fix-aspect", action="store_true", help="force fx = fy (square pixels)")
    _common(pi)
    pi.set_defaults(handler=run_intrinsics)

    pt = sub.add_parser("table", help="table homography (mm), rectified view and colour correction "
                                      "from one photo of the corner markers")
    pt.add_argument("photo", metavar="PHOTO")
    pt.add_argument("--profile", metavar="P", help="profile with the camera intrinsics (undistorts first)")
    pt.add_argument("--rectified", metavar="OUT.png", help="write the rectified, colour-corrected top-down view")
    _common(pt)
    pt.set_defaults(handler=run_table)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--save", metavar="PROFILE.json", help="write (or update) this profile file")
    p.add_argument("--config", metavar="FILE.json", help="override calibration thresholds")


def _config(args: argparse.Namespace) -> Any:
    from calibration.config import DEFAULT_CONFIG, CalibrationConfig
    return CalibrationConfig.from_json_file(args.config) if args.config else DEFAULT_CONFIG


def run_intrinsics(args: argparse.Namespace) -> int:
    from calibration.intrinsics import calibrate_intrinsics, parse_pattern
    from calibration.profile import Profile, load_profile, save_profile

    spec = parse_pattern(args.pattern, args.square_mm, args.marker_mm, args.dictionary)
    existing = load_profile(args.save) if args.save and Path(args.save).exists() else None
    result = calibrate_intrinsics(args.photos, spec, _config(args), fix_aspect_ratio=args.fix_aspect)
    notes: list[str] = []
    if args.save:
        colour = existing.colour if existing else None
        if existing is not None and existing.table is not None:
            notes.append("the profile's table geometry was dropped (it depends on the intrinsics): "
                         "run tablesight calibrate table again")
        save_profile(Profile(result.intrinsics, None, colour), args.save)
    data = result.to_json()
    data["notes"] = notes
    if args.save:
        data["saved"] = str(args.save)
    if args.json:
        print(json.dumps(data))
        return 0
    k = result.intrinsics
    print(f"used {len(result.used)} of {len(args.photos)} photos ({spec.describe()}, {spec.square_mm:g} mm squares)")
    print(f"fx {k.fx:.2f}  fy {k.fy:.2f}  cx {k.cx:.2f}  cy {k.cy:.2f}  px, for {k.image_size[0]}x{k.image_size[1]}")
    print("distortion " + " ".join(f"{v:.5f}" for v in k.dist))
    print(f"RMS reprojection error {k.rms:.3f} px")
    if result.rejected:
        print(f"rejected {len(result.rejected)}:")
        for r in result.rejected:
            print(f"  {r.photo}: {r.reason}")
    for note in notes:
        print(f"note: {note}")
    if args.save:
        print(f"saved {args.save}")
    return 0


def run_table(args: argparse.Namespace) -> int:
    import cv2

    from calibration.errors import CalibrationError
    from calibration.images import read_image
    from calibration.profile import Profile, load_profile, save_profile
    from calibration.marker_lens import calibrate_table_measuring_lens
    from calibration.table import calibrate_table, marker_label

    config = _config(args)
    intrinsics = None
    if args.profile:
        intrinsics = load_profile(args.profile).intrinsics
        if intrinsics is None:
            raise CalibrationError(f"profile {args.profile} has no intrinsics: run tablesight calibrate intrinsics "
                                   f"first, or leave out --profile")
    if args.rectified and Path(args.rectified).suffix.lower() not in (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff"):
        raise CalibrationError(f"--rectified {args.rectified}: use an image file name (.png, .jpg)")
    image = read_image(args.photo)
    size = (image.shape[1], image.shape[0])
    lens_note = ""
    if intrinsics is not None:
        intrinsics = Profile(intrinsics).for_image_size(size).intrinsics
        result = calibrate_table(image, intrinsics, config)
    else:  # as run and the app do without a profile: a barrel that bends the markers is measured on them
        result, lens = calibrate_table_measuring_lens(image, config)
        if lens is not None:
            intrinsics = lens.intrinsics
            lens_note = (f"the markers lie {lens.pinhole_residual_px:.1f} px off a straight-lens fit: the lens's "
                         f"barrel was measured on them (k1 {lens.k1:.3f} at focal {lens.intrinsics.fx:.0f} px; "
                         f"{lens.residual_px:.2f} px through it); 'tablesight calibrate intrinsics' measures it better")
            result.notes.append(lens_note)
    data = result.to_json()
    if args.rectified:
        out = result.corrected_view()
        if not cv2.imwrite(args.rectified, out):
            raise CalibrationError(f"cannot write {args.rectified}")
        data["rectified"]["written"] = args.rectified
    if args.save:
        save_profile(Profile(intrinsics, result.geometry, result.colour, config.rectified_px_per_mm), args.save)
        data["saved"] = args.save
    if args.json:
        print(json.dumps(data))
        return 0
    g = result.geometry
    found = ", ".join(marker_label(i) for i in sorted(result.scan.corners))
    print(f"markers found: {found}")
    for note in result.notes:
        print(f"note: {note}")
    print(f"table homography from markers {', '.join(map(str, g.markers_used))}"
          f"{(' (undistorted with the lens measured on the markers)' if lens_note else ' (undistorted with the profile intrinsics)') if g.undistorted else ' (no intrinsics: lens distortion ignored)'}: "
          f"corner residual RMS {g.residual_rms_px:.2f} px, max {g.residual_max_px:.2f} px")
    r = result.rectifier
    print(f"rectified view: {r.size[0]}x{r.size[1]} px at {r.px_per_mm:g} px/mm"
          + (f" -> {args.rectified}" if args.rectified else ""))
    if result.colour is None:
        print("colour correction: none")
    else:
        s = result.colour_summary()
        print(f"colour correction ({result.colour.model}, linear sRGB) from {s['patches_used']} patches: "
              f"Delta E 2000 mean {s['mean_before']} -> {s['mean_after']}, max {s['max_before']} -> {s['max_after']}")
        field = result.colour.illumination
        if field is not None:
            a, b, _ = field.coefficients
            print(f"light across the play area (from the cards' white paper): {200 * a:+.0f} % left to right, "
                  f"{200 * b:+.0f} % top to bottom (divided out)")
        skipped = [f"{p.name} ({p.skipped})" for p in result.patches if p.skipped]
        if skipped:
            print("patches not used: " + "; ".join(skipped))
    if args.save:
        print(f"saved {args.save}")
    return 0
