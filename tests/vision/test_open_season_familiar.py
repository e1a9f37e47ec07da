"""Open Season cards of a printing the reader does not know are named, not tracked (issue 20,
"knowing when it does not know"): ``vision/open_season/familiar.py`` through the tracker's pixel
recogniser and ``tablesight demo --art``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vision.open_season.cards import BACK, EMPTY, CardRead, TableCards
from vision.open_season.familiar import (
    KNOWN_FIT,
    KNOWN_FIT_PACK,
    UNKNOWN_CARDS,
    UNKNOWN_CARDS_PACK,
    judge_copy,
)
from tests.cli_inprocess import run_cli


def _table(fits: list[float], extra: tuple[CardRead, ...] = ()) -> TableCards:
    inn = [CardRead(f"inn {i + 1}", "elf-crown", 1.0, fit) for i, fit in enumerate(fits)]
    return TableCards(inn=inn + list(extra), walls={0: {1: CardRead("wall 0 1", EMPTY, 1.0, 1.0),
                                                        2: CardRead("wall 0 2", BACK, 1.0, 5.0)}})


def test_cards_that_fit_no_known_face_are_another_copy() -> None:
    assert judge_copy(_table([KNOWN_FIT + 1] * 4), taught=False).unknown_copy is None
    judged = judge_copy(_table([KNOWN_FIT - 3] * 4), taught=False)
    assert judged.unknown_copy == UNKNOWN_CARDS and judged.familiarity == 0.0
    # a taught pack's templates fit on another scale, and say "the copy I was taught"
    assert judge_copy(_table([KNOWN_FIT + 1] * 4), taught=True).unknown_copy == UNKNOWN_CARDS_PACK
    assert judge_copy(_table([KNOWN_FIT_PACK + 1] * 4), taught=True).unknown_copy is None


def test_too_few_face_up_cards_are_not_judged() -> None:
    # empty places and face-down cards fit the built-in board and back whatever the printing
    judged = judge_copy(_table([KNOWN_FIT - 3] * 2), taught=False)
    assert judged == type(judged)(None, None)


def test_cards_read_empty_that_fit_the_bare_board_badly_are_another_copy() -> None:
    # printing 930003 (bench seed 739): every inn card read empty, fitting the inn board at -4.6
    # to -6.2 where a bare slot fits -4.2 and up
    inn = [CardRead(f"inn {i}", EMPTY, 1.0, fit) for i, fit in ((1, -4.7), (2, -4.6), (3, -6.2), (4, -3.2))]
    judged = judge_copy(TableCards(inn=inn), taught=False)
    assert judged.unknown_copy == UNKNOWN_CARDS and judged.familiarity == 0.0
    bare = [CardRead(f"inn {i}", EMPTY, 1.0, -3.2) for i in range(1, 6)]
    assert judge_copy(TableCards(inn=bare), taught=False).familiarity is None


def test_unfitting_cards_on_one_wall_alone_are_a_hand_not_another_copy() -> None:
    # an arm the hand detector missed (bench/teach.py --open-season-warn, seed 734): four empty
    # spaces of one wall read as cards fitting -2.5, nothing else on the table yet
    arm = {n: CardRead(f"wall 3 {n}", "dwarf-tattoo", 1.0, -2.5) for n in (5, 6, 7, 8)}
    assert judge_copy(TableCards(walls={3: arm}), taught=False).familiarity is None  # not judged
    # beside three built-in inn cards: judged, and most cards fit badly, but on one wall only
    inn = [CardRead(f"inn {i}", "elf-crown", 1.0, KNOWN_FIT + 4) for i in (1, 2, 3)]
    judged = judge_copy(TableCards(inn=inn, walls={3: arm}), taught=False)
    assert judged.familiarity is not None and judged.familiarity < 0.5 and judged.unknown_copy is None
    # the same on two walls is no one arm
    other = {n: CardRead(f"wall 1 {n}", "elf-crown", 1.0, -2.5) for n in (1, 2)}
    assert judge_copy(TableCards(walls={3: arm, 1: other}), taught=False).unknown_copy == UNKNOWN_CARDS


def _render(art: Any, seed: int) -> tuple[Any, Any]:
    from tracker.film import demo_camera
    from tracker.open_season.twin import OpenSeasonTwin
    from tracker.table import TableSetup
    from vision.render.art_pack import with_art
    from vision.render.renderer import Renderer, RenderOptions

    twin = OpenSeasonTwin(3, seed, side="horn", expert=False, max_moves=40)
    camera = demo_camera(TableSetup(game="open_season", players=3, seed=seed, tilt=22.0, resolution=(1280, 720)))
    scene = twin.scenes()[-1] if art is None else with_art(twin.scenes()[-1], art)
    return Renderer().render(scene, camera, RenderOptions(), seed=seed).image, camera


@pytest.mark.parametrize("art_seed", [None, 4])
def test_the_pixel_recogniser_names_an_untaught_printing(art_seed: int | None) -> None:
    from tracker.open_season.recogniser import OpenSeasonPixelRecogniser
    from vision.render.random_art import random_pack

    image, camera = _render(None if art_seed is None else random_pack(art_seed), 96950)
    observed = OpenSeasonPixelRecogniser("horn", 3, False, camera=camera).recognise(image)
    assert observed.familiarity is not None  # a table 40 moves in: enough cards to judge
    if art_seed is None:
        assert observed.unknown_copy is None and observed.familiarity == 1.0
    else:
        assert observed.unknown_copy == UNKNOWN_CARDS and observed.familiarity < 0.5


def test_the_demo_drawn_with_untaught_art_reads_the_pixels_and_says_so(tmp_path: Path) -> None:
    art = tmp_path / "art"
    run = run_cli("render", "--random-art", "3", "--out", str(art))
    assert run.returncode == 0, run.stderr
    # --art without --pixels: an art pack only matters to the pixels, so they are read
    res = run_cli("demo", "--game", "open_season", "--players", "3", "--seed", "5", "--moves", "6", "--illegal",
                  "0", "--art", str(art), "--json", "--headless")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert "pixels" in out["recogniser"]
    assert out["unknown_copy"] == UNKNOWN_CARDS
    # named at the first still scene that shows cards to judge, or within the 2 after it
    judged, named = out["copy_judged_first_scene"], out["unknown_copy_first_scene"]
    assert judged is not None and named is not None and judged <= named <= judged + 2
    assert out["moves_correct"] == 0  # nothing tracked on cards it cannot read


def test_taught_wall_spaces_read_empty_for_too_bad_a_fit_still_judge_the_copy() -> None:
    # a taught pack reads a wall space whose best face fits under TAUGHT_WALL_NO_CARD_FIT empty for
    # the tracker (a bare space in a shadow, game 102974), the face kept in CardRead.unfit:
    # another printing's wall cards fit as badly, and the copy is judged on the faces they read
    other = {seat: {n: CardRead(f"wall {seat} {n}", EMPTY, 1.0, 0.4, unfit="elf-crown") for n in (1, 2)}
             for seat in (0, 1)}
    judged = judge_copy(TableCards(walls=other), taught=True)
    assert judged.unknown_copy == UNKNOWN_CARDS_PACK and judged.familiarity == 0.0
    # the taught printing's own cards beside one such space: still that copy
    own = {seat: {n: CardRead(f"wall {seat} {n}", "elf-crown", 1.0, KNOWN_FIT_PACK + 1) for n in (1, 2, 3)}
           for seat in (0, 1)}
    own[1][4] = CardRead("wall 1 4", EMPTY, 1.0, -0.3, unfit="mage-dagger")
    judged = judge_copy(TableCards(walls=own), taught=True)
    assert judged.unknown_copy is None and judged.familiarity == round(6 / 7, 4)
    # bare spaces read empty outright say nothing
    bare = {seat: {n: CardRead(f"wall {seat} {n}", EMPTY, 1.0, 1.0) for n in (1, 2)} for seat in (0, 1)}
    assert judge_copy(TableCards(walls=bare), taught=True).familiarity is None
