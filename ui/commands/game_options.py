"""The command-line options that choose a game's variant, shared by ``run`` and ``demo``: one
place says which engine options each game takes from the command line."""

from __future__ import annotations

import argparse
from typing import Any


def add_variant_arguments(p: argparse.ArgumentParser, *, with_mode: bool = True) -> None:
    """Octocube's mode, Open Season's side and expert tiles, Octo Dice's variant."""
    if with_mode:
        p.add_argument("--mode", choices=["standard", "kids", "advanced"], default="standard",
                       help="octocube: game mode (default standard)")
    p.add_argument("--side", choices=["horn", "shield"], default="horn",
                   help="open_season: the player boards' side (default horn)")
    p.add_argument("--expert", action="store_true", help="open_season: with the expert bonus tiles")
    p.add_argument("--variant", choices=["solo", "virtual"],
                   help="octo_dice: the solo game (1 player, the default for 1) or the 2-player "
                   "virtual-player variant")


def engine_options(game: str, args: argparse.Namespace, players: int) -> dict[str, Any]:
    """The engine options of ``game`` from the parsed arguments; raises ValueError on a variant
    that does not fit the number of players."""
    if game == "open_season":
        return {"side": args.side, "expert": bool(args.expert)}
    if game == "octo_dice":
        variant = args.variant or ("solo" if players == 1 else None)
        if variant == "solo" and players != 1:
            raise ValueError(f"the solo game is for 1 player, not {players}")
        if variant == "virtual" and players != 2:
            raise ValueError(f"the virtual-player variant is for 2 players, not {players}")
        return {"variant": variant}
    return {"mode": args.mode}
