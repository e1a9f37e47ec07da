"""``tablesight render GAME``: synthetic overhead-camera images with exact ground truth."""

from __future__ import annotations

import argparse
import sys
from typing import Any


class RenderCommandError(ValueError):
    """A user error of ``tablesight render`` (printed as one line, exit status 2).

    A ValueError rather than ui.cli.CommandError: under ``python -m ui.cli`` that module runs
    as ``__main__`` and a CommandError imported from ``ui.cli`` would not be caught."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "render",
        help="render synthetic camera images of a game with ground truth (the digital twin)",
        description="Render seeded synthetic overhead-camera images: images/, gt/ (JSON per "
                    "image) and, with --yolo, YOLO labels. GAME 'catalogue' draws every "
                    "component once, labelled, into OUT/catalogue.png.",
    )
    p.add_argument("game", nargs="?", choices=["octocube", "open_season", "octo_dice", "catalogue"],
                   help="the game to render (leave out with --random-art to write only the art pack)")
    p.add_argument("--art", metavar="DIR",
                   help="draw the components from this art pack (octocube/<face>.png, "
                        "open_season/<face>.png; missing faces use the built-in art; docs/teach.md)")
    p.add_argument("--random-art", type=int, metavar="SEED",
                   help="a procedurally generated art pack: without GAME, write it to OUT; with "
                        "GAME, write it to OUT/art and render with it (seeds < 100000 train, "
                        ">= 900000 bench)")
    p.add_argument("--teach-sheet", action="store_true",
                   help="photos of the game's teach sheet laid with one of each component (labels "
                        "in gt/: where each face lies)")
    p.add_argument("--missing", type=int, default=0, metavar="N",
                   help="--teach-sheet: leave N random places empty (to check the teach command)")
    p.add_argument("--duplicate", type=int, default=0, metavar="N",
                   help="--teach-sheet: N places hold a copy of another face of the same kind")
    p.add_argument("--half", action="store_true", help="--teach-sheet: only about half the sheet in view")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--count", type=int, default=10, help="number of images (default 10)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--yolo", action="store_true", help="also write YOLO labels and classes.txt")
    p.add_argument("--tilt", type=float, default=None,
                   help="camera tilt from vertical in degrees (default: random 0-30 per image)")
    p.add_argument("--players", type=int, default=None, help="player count (default: random)")
    p.add_argument("--clean", action="store_true",
                   help="no noise, blur, distortion, hands or distractors (even light)")
    p.add_argument("--png", action="store_true", help="write PNG instead of JPEG images")
    p.add_argument("--masks", action="store_true",
                   help="also write 16-bit instance masks (pixel = the component's mask_id)")
    p.add_argument("--sequence", action="store_true",
                   help="octocube only: render a game being played (COUNT moves; frames with "
                        "hands reaching in, the move, still frames) instead of separate images")
    p.add_argument("--end", action="store_true",
                   help="octocube, open_season: finished tables (a real playout to its end; "
                        "octocube: the last Score done, victory-point tokens loose or in piles; "
                        "open_season: accolades fanned face up by hand, walls and tokens as left) "
                        "with the engine's final scores in each ground truth's 'end'; tilt 0-35, "
                        "three lightings")
    p.add_argument("--width", type=int, default=None,
                   help="image width (default 1280; teach-sheet photos 2016, half a phone photo's)")
    p.add_argument("--height", type=int, default=None, help="image height (default 720; teach-sheet photos 1512)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    CommandError = RenderCommandError  # noqa: N806 - local alias, see the class docstring

    if not args.teach_sheet and (args.missing or args.duplicate or args.half):
        raise CommandError("--missing, --duplicate and --half are for --teach-sheet photos")
    default = (2016, 1512) if args.teach_sheet else (1280, 720)
    args.width = default[0] if args.width is None else args.width
    args.height = default[1] if args.height is None else args.height
    pack = _art_pack(args)
    if args.game is None:
        return 0
    if args.teach_sheet:
        return _teach_sheet(args, pack)
    if args.game == "catalogue":
        import cv2

        from vision.render.catalogue import render_catalogue

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        path = out / "catalogue.png"
        if not cv2.imwrite(str(path), render_catalogue(pack=pack), [cv2.IMWRITE_PNG_COMPRESSION, 9]):
            raise CommandError(f"could not write {path}")
        print(f"wrote {path}")
        return 0

    from vision.render.dataset import DatasetSettings, write_dataset, write_sequence

    if not 1 <= args.count <= 100_000:
        raise CommandError(f"--count must be 1 to 100000, not {args.count}")
    if not 0 <= args.seed < 2**32:
        raise CommandError(f"--seed must be 0 to {2**32 - 1}, not {args.seed}")
    if args.tilt is not None and not 0 <= args.tilt <= 45:
        raise CommandError(f"--tilt must be 0 to 45 degrees, not {args.tilt}")
    if args.players is not None:
        limits = {"octocube": (2, 4), "open_season": (2, 4), "octo_dice": (1, 4)}[args.game]
        if not limits[0] <= args.players <= limits[1]:
            raise CommandError(f"{args.game} is for {limits[0]}-{limits[1]} players, not {args.players}")
    if not (64 <= args.width <= 8192 and 64 <= args.height <= 8192):
        raise CommandError(f"resolution {args.width}x{args.height} is out of range (64-8192)")
    settings = DatasetSettings(game=args.game, seed=args.seed, count=args.count,
                               tilt_deg=args.tilt, yolo=args.yolo, clean=args.clean,
                               players=args.players, resolution=(args.width, args.height),
                               image_format="png" if args.png else "jpg", masks=args.masks,
                               end=args.end, art=pack)

    def progress(done: int, total: int) -> None:
        print(f"\r  rendered {done}/{total}", end="", file=sys.stderr, flush=True)

    if args.end and args.game not in ("octocube", "open_season"):
        raise CommandError("--end renders finished Octocube and Open Season tables only (so far)")
    if args.end and args.sequence:
        raise CommandError("--end and --sequence do not go together: a finished table is one still")
    if args.sequence and args.game != "octocube":
        raise CommandError("--sequence renders Octocube games only (so far)")
    try:
        if args.sequence:
            summary = write_sequence(settings, args.out, progress=progress)
            print(file=sys.stderr)
            print(f"{summary['frames']} frames of {summary['moves']} octocube moves, "
                  f"{summary['mean_render_ms']} ms per frame -> {summary['out']}")
            return 0
        summary = write_dataset(settings, args.out, progress=progress)
    except OSError as exc:
        raise CommandError(str(exc)) from None
    print(file=sys.stderr)
    print(f"{summary['images']} {args.game} images, {summary['components']} labelled components, "
          f"{summary['mean_render_ms']} ms per image -> {summary['out']}")
    return 0


def _art_pack(args: argparse.Namespace) -> Any:
    """The art pack asked for (--art DIR or --random-art SEED), or None; --random-art without a
    game only writes the pack."""
    from pathlib import Path

    from vision.render.art_pack import ArtPack

    if args.art is not None and args.random_art is not None:
        raise RenderCommandError("--art and --random-art do not go together: choose one art pack")
    if args.game is None and args.random_art is None:
        raise RenderCommandError("name the game to render (octocube, open_season, octo_dice, catalogue), "
                                 "or give --random-art SEED to write an art pack")
    if args.random_art is not None:
        from vision.render.random_art import write_random_pack

        folder = Path(args.out) if args.game is None else Path(args.out) / "art"
        summary = write_random_pack(args.random_art, folder)
        print(f"wrote art pack {summary['out']} (random art seed {summary['seed']}, a {summary['seed_use']} "
              f"seed): {summary['octocube']} Octocube and {summary['open_season']} Open Season faces")
        if args.game is None:
            return None
        return ArtPack.load(folder)
    if args.art is None:
        return None
    if args.game == "octo_dice":
        raise RenderCommandError("art packs draw Octocube and Open Season (Octo Dice has none yet)")
    pack = ArtPack.load(args.art)
    from vision.render.art_pack import describe

    summary = describe(pack)
    for game in ("octocube", "open_season") if args.game == "catalogue" else (args.game,):
        have, missing = summary[game]["faces"], summary[game]["built_in"]
        note = (f"; built-in art for {', '.join(missing[:6])}{' ...' if len(missing) > 6 else ''}"
                if missing else "")
        print(f"art pack {pack.root}: {have} of {have + len(missing)} {game} faces{note}")
    return pack


def _teach_sheet(args: argparse.Namespace, pack: Any) -> int:
    from vision.render.teach_photos import TeachFaults, write_teach_photos

    if args.game not in ("octocube", "open_season"):
        raise RenderCommandError(f"--teach-sheet is for octocube and open_season, not {args.game}")
    if not 1 <= args.count <= 10_000:
        raise RenderCommandError(f"--count must be 1 to 10000, not {args.count}")
    if not 0 <= args.seed < 2**32:
        raise RenderCommandError(f"--seed must be 0 to {2**32 - 1}, not {args.seed}")
    if args.tilt is not None and not 0 <= args.tilt <= 35:
        raise RenderCommandError(f"--tilt must be 0 to 35 degrees for teach-sheet photos, not {args.tilt}")
    if not (320 <= args.width <= 8192 and 240 <= args.height <= 8192):
        raise RenderCommandError(f"resolution {args.width}x{args.height} is out of range (320x240 to 8192)")
    faults = TeachFaults(args.missing, args.duplicate, args.half)
    faults.check(args.game)
    try:
        summary = write_teach_photos(args.game, pack, args.seed, args.count, args.out,
                                     resolution=(args.width, args.height), tilt_deg=args.tilt,
                                     image_format="png" if args.png else "jpg", faults=faults)
    except OSError as exc:
        raise RenderCommandError(str(exc)) from None
    print(f"{summary['images']} {args.game} teach-sheet photos ({summary['faces']} faces each, art: "
          f"{summary['art']}) -> {summary['out']}")
    return 0
