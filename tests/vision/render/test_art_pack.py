"""Art packs (issue 20): loading, falling back to the built-in art, the random-art generator
and the teach-sheet photos, through ``python -m ui.cli render`` and checked on what it writes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.teach_sheet import cut_places, face_names, locate_sheet, place_corners_px, places_out_of_view
from tests.images import read_image
from vision.render import sprites
from vision.render.art_pack import ArtPack, ArtPackError, art_key, builtin_key, face_name
from vision.render.random_art import colour_distance, octocube_faces, seed_use
from tests.cli_inprocess import run_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args)


@pytest.fixture(scope="module")
def random_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("art") / "pack"
    res = _cli("render", "--random-art", "7", "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert "random art seed 7, a training seed" in res.stdout
    return out


def test_random_art_writes_every_face_and_loads(random_pack: Path) -> None:
    for game in ("octocube", "open_season"):
        assert sorted(p.stem for p in (random_pack / game).glob("*.png")) == sorted(face_names(game))
    pack = ArtPack.load(random_pack)
    assert len(pack.names("octocube")) == 36 and len(pack.names("open_season")) == 31
    meta = json.loads((random_pack / "art.json").read_text())
    assert meta["seed"] == 7 and 0.0 <= meta["gloss"] <= 1.0 and pack.gloss == meta["gloss"]
    card = pack.face("open_season", "elf-crown")
    assert card is not None and abs(card.shape[1] / card.shape[0] - 44 / 68) < 0.02


def test_one_games_random_faces_are_the_ones_the_whole_printing_writes(random_pack: Path, tmp_path: Path) -> None:
    """A test film of Octocube writes only its own faces (half the drawing): they must be the very
    faces the whole printing has, and a game that is not drawn is refused."""
    from vision.render.random_art import RandomArtError, write_random_pack

    summary = write_random_pack(7, tmp_path / "octo", games=("octocube",))
    assert summary["octocube"] == 36 and "open_season" not in summary
    assert not (tmp_path / "octo" / "open_season").exists()
    for path in sorted((random_pack / "octocube").glob("*.png")):
        assert (tmp_path / "octo" / "octocube" / path.name).read_bytes() == path.read_bytes(), path.name
    assert len(ArtPack.load(tmp_path / "octo").names("octocube")) == 36
    with pytest.raises(RandomArtError, match="not \\['chess'\\]"):
        write_random_pack(7, tmp_path / "bad", games=("octocube", "chess"))


def test_random_art_is_seeded_and_keeps_four_distinct_backgrounds() -> None:
    a, b, c = octocube_faces(11, 64), octocube_faces(11, 64), octocube_faces(12, 64)
    assert all(np.array_equal(a[n], b[n]) for n in a)
    assert sum(not np.array_equal(a[n], c[n]) for n in a) == len(a)
    for seed in range(20):
        faces = octocube_faces(seed, 128)
        shades = []
        for colour in ("white", "light-blue", "dark-blue", "green"):
            ring = faces[f"{colour}-starfish"][14:18, 14:114, :3].reshape(-1, 3)
            b_, g_, r_ = np.median(ring, axis=0)
            shades.append((int(r_), int(g_), int(b_)))
        assert min(colour_distance(x, y) for i, x in enumerate(shades) for y in shades[:i]) > 15, (seed, shades)
    assert (seed_use(0), seed_use(99_999), seed_use(500_000), seed_use(900_000)) == \
        ("training", "held back", "held back", "bench")[:1] + ("training", "held back", "bench")


def test_a_pack_face_replaces_only_its_own_sprite(tmp_path: Path) -> None:
    (tmp_path / "octocube").mkdir()
    magenta = np.zeros((40, 40, 3), np.uint8)
    magenta[:] = (255, 0, 255)
    cv2.imwrite(str(tmp_path / "octocube" / "green-starfish.png"), magenta)
    pack = ArtPack.load(tmp_path)
    key = ("octocube", "tile", "green starfish")
    assert art_key(pack, key) != key and art_key(pack, ("octocube", "tile", "white pearl")) == ("octocube", "tile", "white pearl")
    drawn = sprites.base_sprite(art_key(pack, key), 34.0, 34.0)
    assert np.abs(drawn[136, 136, :3].astype(int) - (255, 0, 255)).max() <= 2
    builtin = sprites.base_sprite(key, 34.0, 34.0)
    assert np.abs(builtin[136, 136, :3].astype(int) - (255, 0, 255)).max() > 60
    # a cube carrying the pack's tile: built-in body, the pack's tile inset on it
    cube = sprites.base_sprite(art_key(pack, ("octocube", "cube_face", "red", "green starfish", 90)), 40.0, 40.0)
    assert np.abs(cube[160, 160, :3].astype(int) - (255, 0, 255)).max() <= 2
    assert np.abs(cube[160, 5, :3].astype(int) - (40, 36, 196)).max() < 40  # red plastic (BGR)
    for game in ("octocube", "open_season"):
        assert all(face_name(builtin_key(game, n)) == (game, n) for n in face_names(game))
    # a transparent PNG prints on white card: the tile stays opaque
    icon = np.zeros((64, 64, 4), np.uint8)
    icon[16:48, 16:48] = (0, 0, 0, 255)
    cv2.imwrite(str(tmp_path / "octocube" / "coin.png"), icon)
    coin = sprites.base_sprite(art_key(ArtPack.load(tmp_path), ("octocube", "tile", "coin")), 34.0, 34.0)
    assert coin[136, 136, :3].max() < 10 and coin[30, 30, :3].min() > 230 and coin[30, 30, 3] == 255


def test_render_with_art_draws_the_pack(random_pack: Path, tmp_path: Path) -> None:
    plain, art = tmp_path / "plain", tmp_path / "art"
    for out, extra in ((plain, ()), (art, ("--art", str(random_pack)))):
        res = _cli("render", "octocube", "--seed", "3", "--count", "1", "--clean", "--png",
                   "--width", "640", "--height", "360", "--masks", "--out", str(out), *extra)
        assert res.returncode == 0, res.stderr
        assert (f"art pack {random_pack}: 36 of 36 octocube faces\n" in res.stdout) == bool(extra)
    a = read_image(next((plain / "images").glob("*.png"))).astype(int)
    b = read_image(next((art / "images").glob("*.png"))).astype(int)
    mask = read_image(next((art / "masks").glob("*.png")), cv2.IMREAD_UNCHANGED)
    diff = np.abs(a - b).max(axis=2)
    assert np.percentile(diff[mask == 0], 99) <= 2  # the table is the same ...
    assert (diff[mask > 0] > 40).mean() > 0.15  # ... the components look different ...
    gt_a = json.loads(next((plain / "gt").glob("*.json")).read_text())
    gt_b = json.loads(next((art / "gt").glob("*.json")).read_text())
    assert [c["identity"] for c in gt_a["components"]] == [c["identity"] for c in gt_b["components"]]
    assert gt_b["scene_meta"]["art"] == str(random_pack)  # ... the truth is the same


def test_teach_sheet_photos_show_each_face_on_its_place(random_pack: Path, tmp_path: Path) -> None:
    res = _cli("render", "octocube", "--teach-sheet", "--art", str(random_pack), "--seed", "2",
               "--count", "1", "--width", "1600", "--height", "1200", "--out", str(tmp_path))
    assert res.returncode == 0, res.stderr
    photo = read_image(next((tmp_path / "images").glob("*.jpg")))
    labels = json.loads(next((tmp_path / "gt").glob("*.json")).read_text())
    assert sorted(labels["faces"]) == sorted(face_names("octocube")) and 0 <= labels["tilt_deg"] <= 35
    where = locate_sheet(photo)
    # every face lies where the sheet says its place is (up to the players' 1.5 mm offsets)
    for place in where.sheet.places:
        corners = place_corners_px(where, place)
        px_per_mm = float(np.linalg.norm(corners[1] - corners[0])) / place.component_mm[0]
        miss = float(np.linalg.norm(corners.mean(axis=0) - np.array(labels["faces"][place.name]["centre_px"])))
        assert miss <= 2.5 * px_per_mm, (place.name, miss, px_per_mm)
    cuts = cut_places(photo, where, px_per_mm=2.0)
    assert sorted(cuts) == sorted(face_names("octocube"))
    pack = ArtPack.load(random_pack)

    def small(img: np.ndarray) -> np.ndarray:
        v = cv2.resize(np.ascontiguousarray(img[..., :3]), (24, 24), interpolation=cv2.INTER_AREA)
        return v[2:-2, 2:-2].astype(np.float32)

    refs = {n: small(pack.face("octocube", n)) for n in face_names("octocube")}  # type: ignore[arg-type]
    seen = {n: small(c) for n, c in cuts.items()}
    gain_r = np.mean([r.reshape(-1, 3).mean(0) for r in refs.values()], axis=0)
    gain_s = np.mean([c.reshape(-1, 3).mean(0) for c in seen.values()], axis=0)
    right = sum(min(refs, key=lambda r: float(np.abs(refs[r] / gain_r - seen[n] / gain_s).mean())) == n
                for n in seen)
    # a crude picture match (no learning): measured 23-28 of 36; the misses are the abyss tiles
    # that differ only in a small letter and the cubes that differ only in their rim
    assert right >= 20, right


@pytest.mark.parametrize("make,expect", [
    ("missing", "art pack folder .* does not exist"),
    ("jpeg", r"white-pearl\.jpg: not a PNG file"),
    ("oblong", r"coin\.png: 60x40 px is not square"),
])
def test_bad_art_packs_are_one_line_and_exit_2(tmp_path: Path, make: str, expect: str) -> None:
    pack = tmp_path / "pack"
    if make != "missing":
        (pack / "octocube").mkdir(parents=True)
        if make == "jpeg":
            cv2.imwrite(str(pack / "octocube" / "white-pearl.jpg"), np.zeros((32, 32, 3), np.uint8))
        else:
            cv2.imwrite(str(pack / "octocube" / "coin.png"), np.zeros((40, 60, 3), np.uint8))
    res = _cli("render", "octocube", "--art", str(pack), "--count", "1", "--out", str(tmp_path / "o"))
    assert res.returncode == 2 and "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and __import__("re").search(expect, lines[0]), lines


def test_other_bad_files_name_the_file(tmp_path: Path) -> None:
    (tmp_path / "octocube").mkdir()
    (tmp_path / "octocube" / "green-starfsh.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    with pytest.raises(ArtPackError, match=r"green-starfsh\.png: no octocube face .*green-starfish\.png"):
        ArtPack.load(tmp_path)
    (tmp_path / "octocube" / "green-starfsh.png").rename(tmp_path / "octocube" / "green-starfish.png")
    with pytest.raises(ArtPackError, match=r"green-starfish\.png: damaged PNG"):
        ArtPack.load(tmp_path)
    (tmp_path / "octocube" / "green-starfish.png").write_text("hello")
    with pytest.raises(ArtPackError, match=r"green-starfish\.png: not a PNG image"):
        ArtPack.load(tmp_path)
    (tmp_path / "octocube" / "green-starfish.png").unlink()
    with pytest.raises(ArtPackError, match="no art in"):
        ArtPack.load(tmp_path)
    cv2.imwrite(str(tmp_path / "octocube" / "back.png"), np.zeros((8, 8, 3), np.uint8))
    with pytest.raises(ArtPackError, match=r"back\.png: 8x8 px is too small"):
        ArtPack.load(tmp_path)


def test_open_season_teach_photos_with_random_art_find_every_card(tmp_path: Path) -> None:
    res = _cli("render", "open_season", "--teach-sheet", "--random-art", "900005", "--seed", "1",
               "--count", "1", "--tilt", "30", "--width", "1600", "--height", "1200", "--out", str(tmp_path))
    assert res.returncode == 0, res.stderr
    assert "random art seed 900005, a bench seed" in res.stdout
    assert (tmp_path / "art" / "open_season" / "back.png").exists()
    photo = read_image(next((tmp_path / "images").glob("*.jpg")))
    labels = json.loads(next((tmp_path / "gt").glob("*.json")).read_text())
    assert labels["tilt_deg"] == 30.0 and labels["art"] == str(tmp_path / "art")
    where = locate_sheet(photo)
    assert where.game == "open_season"
    cuts = cut_places(photo, where)
    assert sorted(cuts) == sorted(face_names("open_season"))
    assert cuts["elf-crown"].shape == (272, 176, 3)


@pytest.mark.parametrize("args,expect", [
    (("octocube", "--art", "a", "--random-art", "1"), "--art and --random-art do not go together"),
    (("octo_dice", "--art", "a"), "art packs draw Octocube and Open Season"),
    (("--count", "1"), "name the game to render"),
    (("--random-art", "-1"), "--random-art seed must be 0 to 4294967295"),
    (("octo_dice", "--teach-sheet"), "--teach-sheet is for octocube and open_season"),
    (("octocube", "--teach-sheet", "--tilt", "40"), "--tilt must be 0 to 35 degrees"),
])
def test_bad_render_art_options_are_one_line(tmp_path: Path, args: tuple[str, ...], expect: str) -> None:
    res = _cli("render", *args, "--out", str(tmp_path / "o"))
    assert res.returncode == 2 and "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and expect in lines[0], lines


def test_random_art_will_not_write_into_a_folder_of_other_files(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    res = _cli("render", "--random-art", "4", "--out", str(tmp_path))
    assert res.returncode == 2 and "is not empty and not an art pack" in res.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_teach_photos_with_players_mistakes_say_what_is_wrong(random_pack: Path, tmp_path: Path) -> None:
    res = _cli("render", "octocube", "--teach-sheet", "--art", str(random_pack), "--missing", "2",
               "--duplicate", "1", "--half", "--seed", "5", "--count", "1", "--out", str(tmp_path))
    assert res.returncode == 0, res.stderr
    labels = json.loads(next((tmp_path / "gt").glob("*.json")).read_text())
    assert len(labels["missing"]) == 2 and all(labels["faces"][n] == {"absent": True} for n in labels["missing"])
    (place, shown), = labels["duplicates"].items()
    assert shown != place and labels["faces"][place]["shows"] == shown
    assert labels["half_in_view"] in ("left", "right", "top", "bottom")
    photo = read_image(tmp_path / labels["image"])
    where = locate_sheet(photo)  # two or more markers are in view
    out = set(places_out_of_view((photo.shape[1], photo.shape[0]), where))
    labelled_out = {n for n, f in labels["faces"].items() if not f.get("absent") and not f["in_view"]}
    assert labelled_out and len((out - set(labels["missing"])) ^ labelled_out) <= 2, (out, labelled_out)
    bad = _cli("render", "octocube", "--teach-sheet", "--missing", "30", "--out", str(tmp_path / "b"))
    assert bad.returncode == 2 and "at most 18" in bad.stderr
    bad = _cli("render", "octocube", "--half", "--out", str(tmp_path / "b"))
    assert bad.returncode == 2 and "are for --teach-sheet photos" in bad.stderr


def test_an_in_memory_random_pack_equals_the_written_one(random_pack: Path) -> None:
    from vision.render.art_pack import face_image
    from vision.render.random_art import random_pack as make_pack

    memory, disk = make_pack(7), ArtPack.load(random_pack)
    assert memory == disk and memory.gloss == disk.gloss  # same content, same digest
    import pickle

    again = pickle.loads(pickle.dumps(disk))  # process pools send packs to their workers
    coin = disk.face("octocube", "coin")
    assert coin is not None
    assert again == disk and again.root == disk.root and np.array_equal(again.face("octocube", "coin"), coin)
    drawn = face_image(memory, "open_season", "gnome-dagger")
    assert drawn.shape == (544, 352, 4)
    builtin = face_image(None, "octocube", "cube-red")
    assert builtin.shape == (320, 320, 4) and not np.array_equal(face_image(memory, "octocube", "cube-red"), builtin)
    with pytest.raises(ArtPackError, match="no octocube face is called 'cube-green'"):
        face_image(None, "octocube", "cube-green")
