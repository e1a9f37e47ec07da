"""The "teach me your copy" warning on a printing in the game's own colours: other glyphs on the
twin's own background shades. The built-in classifier then names many tops by colour alone and
the art's nearest face agrees with it, so before the face had to fit too, training printing 300
drawn so looked 0.56 / 0.54 / 0.48 familiar at its first three still scenes (the line is 0.45)
and was tracked as if it were the built-in art."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tracker.build import build_pipeline
from tracker.demo_run import run_demo
from tracker.table import TableSetup
from vision.render.random_art import write_random_pack


def _first_scenes(art: str | None, tmp_path: Path) -> dict[str, Any]:
    setup = TableSetup(game="octocube", players=3, source="demo", seed=800, illegal=0, moves=2, art=art,
                       tilt=12.0, lighting="day")
    return run_demo(build_pipeline(setup))


def test_a_printing_in_the_games_own_colours_is_named_unknown_at_once(tmp_path: Path) -> None:
    art = tmp_path / "art300"
    write_random_pack(300, art, builtin_shades=True)
    result = _first_scenes(str(art), tmp_path)
    assert result["unknown_copy_first_scene"] == 1, result


def test_the_built_in_art_is_still_known(tmp_path: Path) -> None:
    result = _first_scenes(None, tmp_path)
    assert result["copy_judged_first_scene"] is not None and result["unknown_copy_scenes"] == 0, result


def test_builtin_shades_move_only_the_tile_backgrounds(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    from vision.render.octocube_art import BACKGROUND_RGB

    plain, shaded = tmp_path / "plain", tmp_path / "shaded"
    write_random_pack(301, plain)
    write_random_pack(301, shaded, builtin_shades=True)
    tile: np.ndarray[Any, Any] = np.asarray(cv2.imread(str(shaded / "octocube" / "dark-blue-pearl.png")))
    band = tile[tile.shape[0] // 8:tile.shape[0] // 6]
    corner = np.median(band.reshape(-1, 3), axis=0)
    assert np.abs(corner - np.array(BACKGROUND_RGB["dark blue"][::-1])).max() <= 12, corner
    for name in ("coin.png", "back.png", "abyss-A.png"):  # not tiles of a colour: untouched
        assert np.array_equal(np.asarray(cv2.imread(str(plain / "octocube" / name))),
                              np.asarray(cv2.imread(str(shaded / "octocube" / name))))
