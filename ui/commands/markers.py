"""``tablesight markers --out FILE.pdf|FILE.png``: the printable corner-marker sheet."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "markers",
        help="write the printable sheet of corner markers and colour patches (PDF or PNG)",
        description="Write the four corner cards (ArUco markers, ids and names, colour reference "
                    "patches), a 100 mm scale bar, cut lines and printing instructions. "
                    "Print at 100%% (no scaling).",
    )
    p.add_argument("--out", required=True, metavar="FILE", help="output file, .pdf or .png")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--dpi", type=float, default=None, help="raster resolution (default 300; mat 150)")
    p.add_argument("--teach", choices=["octocube", "open_season"], metavar="GAME",
                   help="write the game's A3 teach sheet instead (octocube or open_season): markers "
                        "and one labelled place per component face, for 'tablesight teach'")
    p.add_argument("--mat", choices=["octo_dice"],
                   help="write a game's mat instead (octo_dice: the A3 dice mat with its roll and set-aside areas)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from calibration import layout
    from calibration.sheet import write_sheet

    if args.teach is not None:
        from calibration.teach_print import write_teach_sheet
        from calibration.teach_sheet import GAME_TITLES, sheet_layout

        if args.mat is not None:
            raise ValueError("--teach and --mat do not go together: one sheet per file")
        dpi = args.dpi or 200.0
        sheet = sheet_layout(args.teach)
        path = write_teach_sheet(args.out, args.teach, dpi)
        ids = ", ".join(str(i) for i in sheet.marker_ids)
        print(f"wrote {path} ({sheet.paper}, {dpi:g} dpi): the {GAME_TITLES[args.teach]} teach sheet, "
              f"{len(sheet.places)} labelled places, markers {ids}")
        print("print it at 100% on A3, lay one of each component face up on its place and photograph it")
        return 0
    if args.mat == "octo_dice":
        from tracker.octo_dice.mat import write_mat

        dpi = args.dpi or 150.0
        path = write_mat(args.out, dpi)
        print(f"wrote {path} (A3, {dpi:g} dpi): the Octo Dice mat, set-aside area and roll area")
        print("print it at 100% on A3 and lay it centred between the four corner cards")
        return 0
    args.dpi = args.dpi or 300.0
    path = write_sheet(args.out, args.paper, args.dpi)
    ids = ", ".join(f"{m.marker_id} ({m.name})" for m in layout.MARKERS)
    print(f"wrote {path} ({args.paper.upper()}, {args.dpi:g} dpi): markers {ids}, "
          f"{len(layout.COLOUR_PATCHES)} colour patches, 100 mm scale bar")
    print("print it at 100% (no scaling / 'actual size') and check the scale bar measures 100 mm")
    return 0
