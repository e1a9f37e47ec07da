"""``tablesight teach GAME PHOTO... --out my-copy.pack``: learn the players' own printing of a game
from photos of its teach sheet (``tablesight markers --teach GAME``, one of each component laid on
its place). Prints each face learned and each place that could not be used, with the reason, and
writes the pack that ``run``, ``demo`` and ``score`` read with ``--pack``."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any


class TeachCommandError(ValueError):
    """A user error of ``tablesight teach`` (one line, exit status 2)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "teach",
        help="learn your copy of a game from 1-2 photos of its teach sheet (writes a pack for --pack)",
        description="Photograph the teach sheet (tablesight markers --teach GAME) with one of each "
                    "component face up on its place, the whole sheet in view. Each face is cut out "
                    "and kept; places that cannot be used (component missing, two identical "
                    "components, out of the photo) are named and the rest is kept. Two photos "
                    "(other light, other angle) teach better than one.",
    )
    p.add_argument("game", choices=["octocube", "open_season"], help="the game on the sheet")
    p.add_argument("photos", nargs="+", metavar="PHOTO", help="teach-sheet photos (JPEG/PNG), 1 to 4")
    p.add_argument("--out", required=True, metavar="FILE", help="the pack to write (e.g. my-copy.pack)")
    p.add_argument("--name", default="", help="a name for this copy (shown by the app)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from calibration.images import ImageError, read_image
    from vision.pack import PackError, save_pack
    from vision.teach import TeachError, teach

    if not args.out:
        raise TeachCommandError("--out needs a file name")
    if len(args.photos) > 4:
        raise TeachCommandError(f"give 1 to 4 photos, not {len(args.photos)}")
    out = Path(args.out)
    if out.is_dir():
        raise TeachCommandError(f"--out {args.out} is a folder: name the pack file (e.g. {out / 'my-copy.pack'})")
    if not out.parent.exists() and str(out.parent) not in ("", "."):
        raise TeachCommandError(f"the folder {out.parent} does not exist")
    photos = []
    for name in args.photos:
        try:
            photos.append((Path(name).name, read_image(Path(name))))
        except ImageError as exc:
            raise TeachCommandError(str(exc)) from None
    t0 = time.perf_counter()
    try:
        result = teach(args.game, photos, name=args.name)
    except TeachError as exc:
        raise TeachCommandError(str(exc)) from None
    try:
        save_pack(result.pack, out)
    except PackError as exc:
        raise TeachCommandError(str(exc)) from None
    seconds = time.perf_counter() - t0
    if args.json:
        print(json.dumps({
            "game": args.game, "out": str(out), "seconds": round(seconds, 2),
            "photos": [{"photo": r.name, "used": r.used, "note": r.note} for r in result.photos],
            "learned": result.learned, "refused": [{"photo": ph, "place": pl, "why": why}
                                                   for ph, pl, why in result.refused],
            "not_learned": list(result.missing), "partly_hidden": list(result.partly_hidden)}))
        return 0
    for r in result.photos:
        if not r.used:
            print(f"{r.name}: not used: {r.note}")
        elif r.note:
            print(f"{r.name}: {r.note}")
    used = sum(1 for r in result.photos if r.used)
    for face in sorted(result.learned):
        n = result.learned[face]
        print(f"learned {face}" + (f" (from {n} photos)" if n > 1 else ""))
    for photo, place, why in result.refused:
        print(f"could not use {place} in {photo}: {why}")
    total = len(result.learned) + len(result.missing)
    print(f"{len(result.learned)} of {total} faces learned from {used} photo{'s' if used != 1 else ''} "
          f"in {seconds:.1f} s; pack written to {out}")
    if result.missing:
        print(f"not learned ({len(result.missing)}): {', '.join(result.missing)}: lay them on their "
              f"places and teach again (these will read as unknown)")
    if result.partly_hidden:
        print(f"partly hidden ({len(result.partly_hidden)}): {', '.join(result.partly_hidden)}: a cube stood in "
              f"front of part of each in every photo; add a photo from the other side of the sheet")
    return 0
