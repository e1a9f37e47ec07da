"""``tablesight dice PHOTO...``: find every die in photos and read its top face."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "dice",
        help="read pip dice and Octo Dice dice in photos",
        description="Find every die in each photo and read its top face: d6 pips (1-6), Octo Dice "
        "white action symbols, Octo Dice black colour+number or octopod. Works on raw photos "
        "and on rectified table views; no calibration needed.",
    )
    p.add_argument("photos", nargs="+", metavar="PHOTO", help="image files (jpg, png, ...)")
    p.add_argument("--json", action="store_true", help="print one JSON object per photo, one per line")
    p.add_argument("--kinds", default="all", metavar="d6|octo|all",
                   help="the dice on the table: d6 (pip dice), octo (Octo Dice white and black) or all "
                   "(default); faces of other kinds are never answered")
    p.add_argument("--annotate", metavar="OUT_DIR", type=Path, help="write copies with boxes and readings drawn")
    p.set_defaults(handler=run)


def describe_face(kind: str, face: Any) -> str:
    if kind == "octo-black" and isinstance(face, dict):
        return f"{face['colour']} {face['number']}"
    return str(face)


def annotate(image: Any, result: Any) -> Any:
    """A copy of ``image`` with each die's box and reading drawn on it."""
    import cv2

    out = image.copy()
    colours = {"d6": (0, 200, 0), "octo-white": (255, 160, 0), "octo-black": (0, 0, 255), None: (0, 140, 255)}
    scale = max(out.shape[1] / 900, 0.45)
    for die in result.dice:
        x0, y0, x1, y1 = (int(round(v)) for v in die.bbox)
        colour = colours[die.kind]
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, max(int(2 * scale), 1))
        text = "cocked" if die.cocked else f"{die.kind} {describe_face(die.kind, die.face)}"
        text += f" {die.confidence:.2f}"
        (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.6 * scale, 1)
        ty = y0 - 4 if y0 - th - 6 > 0 else y1 + th + 4
        cv2.rectangle(out, (x0, ty - th - 3), (x0 + tw + 2, ty + base - 1), (0, 0, 0), -1)
        cv2.putText(out, text, (x0 + 1, ty - 1), cv2.FONT_HERSHEY_SIMPLEX, 0.6 * scale, colour, 1, cv2.LINE_AA)
    return out


def run(args: argparse.Namespace) -> int:
    import cv2

    from ui.cli import CommandError
    from vision.dice.faces import KIND_FAMILIES
    from vision.dice.reader import DiceReader, load_image

    kinds = KIND_FAMILIES.get(args.kinds)
    if kinds is None:
        raise CommandError(f"--kinds must be one of {', '.join(KIND_FAMILIES)}, not {args.kinds!r}")
    images = [(path, load_image(path)) for path in args.photos]  # every file checked before any output
    reader = DiceReader(kinds=kinds)
    if args.annotate:
        try:
            args.annotate.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"cannot create {args.annotate}: {exc.strerror}") from exc
    for path, image in images:
        result = reader.read(image, kinds)
        if args.json:
            print(json.dumps({"image": path, "dice": [d.to_json() for d in result.dice], "ms": round(result.ms, 1),
                              "kinds": list(kinds)}))
        else:
            print(f"{path}: {len(result.dice)} dice ({result.ms:.0f} ms)")
            for d in result.dice:
                box = ", ".join(f"{v:.0f}" for v in d.bbox)
                if d.cocked:
                    print(f"  {'cocked':<10} {'re-roll':<10} confidence {d.confidence:.2f}  box [{box}]")
                else:
                    print(f"  {d.kind:<10} {describe_face(str(d.kind), d.face):<10} confidence {d.confidence:.2f}  box [{box}]")
        if args.annotate:
            target = args.annotate / f"{Path(path).stem}_dice.png"
            if not cv2.imwrite(str(target), annotate(image, result)):
                raise CommandError(f"cannot write {target}")
    return 0
