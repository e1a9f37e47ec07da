"""The app's "Teach your copy" screen through its real code under Xvfb: Calibrate -> Teach your
copy, the printable sheet saved, two rendered photos of the teach sheet laid with a printing the
app never saw (a random bench-seed art pack, two places left empty in one photo) chosen through
the file chooser popup, learned off the UI thread; every face learned is shown, the faces to
photograph again are named, the pack is kept and a camera game started from Home reads by it;
a photo of something else is refused in one line.

Runs after tests/ui/test_app.py on the same app (one Kivy window per process)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import Driver
from tests.cli_inprocess import run_cli


@pytest.fixture(scope="module")
def teach_photos(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = []
    for seed, missing in ((5, "2"), (6, "0")):
        folder = tmp_path_factory.mktemp(f"teach{seed}")
        res = run_cli("render", "octocube", "--teach-sheet", "--random-art", "950001", "--missing",
                      missing, "--seed", str(seed), "--count", "1", "--out", str(folder))
        assert res.returncode == 0, res.stderr
        out.append(next((folder / "images").glob("*.jpg")))
    return out


@pytest.fixture(autouse=True, scope="module")
def _forget_the_taught_copy_afterwards(ui: Driver) -> Any:
    """The app is shared by the whole session: a taught random printing left behind would make
    the later camera and video tests read the built-in art as an unknown copy."""
    yield
    for game in ("octocube", "open_season"):
        (ui.app.home / "packs" / f"{game}.pack").unlink(missing_ok=True)


def _choose(ui: Driver, path: Path) -> None:
    """Through the file chooser popup, as a player picks a file."""
    from kivy.uix.button import Button
    from kivy.uix.filechooser import FileChooserListView

    app = ui.app
    ui.tap(ui.widget("teach", "teach_choose"))
    popup = app.photo_chooser
    ui.pump(0.2)
    box = popup.content
    chooser = next(w for w in box.walk() if isinstance(w, FileChooserListView))
    chooser.path = str(path.parent)
    chooser.selection = [str(path)]
    open_button = next(w for w in box.walk() if isinstance(w, Button) and w.text == app.t("photo.open"))
    open_button.dispatch("on_release")
    ui.pump(0.2)


def test_teach_your_copy_from_two_photos(ui: Driver, teach_photos: list[Path], tmp_path: Path) -> None:
    app = ui.app
    ui.tap_nav("calibrate")
    ui.tap(ui.widget("calibrate", "open_teach"))
    assert app.root.ids.screens.current == "teach"
    ui.tap(ui.widget("teach", "teach_octocube"))
    assert app.teach_game == "octocube"
    ui.tap(ui.widget("teach", "teach_forget"))  # start from an untaught app
    assert app.teach_taught == app.t("teach.not_taught")
    ui.tap(ui.widget("teach", "teach_sheet"))
    sheet = app.home / "teach-octocube.pdf"
    assert sheet.is_file() and sheet.read_bytes().startswith(b"%PDF")
    assert str(sheet) in app.teach_status

    for photo in teach_photos:
        _choose(ui, photo)
    assert app.teach_photos == [str(p) for p in teach_photos]
    assert ui.widget("teach", "teach_photo_list").text.count(".jpg") == 2
    ui.tap(ui.widget("teach", "teach_learn"))
    ui.until(lambda: not app.teach_busy, 120, "the copy to be learned")
    assert not app.teach_failed, app.teach_status
    learned = {label for label, _ in app.teach_faces}
    assert len(learned) >= 30  # 36 places; two were empty in one photo only, so the other photo teaches them
    grid = ui.widget("teach", "teach_faces")
    assert len(grid.children) == len(app.teach_faces)
    assert {w.label for w in grid.children} == learned
    assert app.teach_status.startswith(f"Learned {len(learned)} faces in ")
    assert app.teach_taught == app.t("teach.taught", faces=len(learned))
    pack = app.home / "packs" / "octocube.pack"
    assert pack.is_file()
    ui.shot("teach")
    # a camera game started now reads by the taught copy; the demo (built-in art) does not
    assert app.taught_pack("octocube", "camera") == str(pack)
    assert app.taught_pack("octocube", "demo") is None
    assert app.taught_pack("open_season", "camera") is None


def test_faces_no_photo_showed_are_asked_for_again(ui: Driver, teach_photos: list[Path]) -> None:
    """One photo with two places left empty: the two faces are named, to photograph again."""
    app = ui.app
    ui.tap(ui.widget("teach", "teach_clear"))
    _choose(ui, teach_photos[0])
    ui.tap(ui.widget("teach", "teach_learn"))
    ui.until(lambda: not app.teach_busy, 120, "the copy to be learned")
    assert not app.teach_failed, app.teach_status
    assert len(app.teach_unsure) == 2
    shown = ui.widget("teach", "teach_unsure").text.splitlines()
    assert len(shown) == 2 and all(line.startswith("Photograph again: ") for line in shown)
    assert {face for face, _ in app.teach_unsure}.isdisjoint({label for label, _ in app.teach_faces})


def test_a_teach_photo_of_something_else_is_one_line(ui: Driver, tmp_path: Path) -> None:
    import cv2
    import numpy as np

    app = ui.app
    ui.tap(ui.widget("teach", "teach_clear"))
    assert app.teach_photos == []
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((600, 800, 3), 128, np.uint8))
    _choose(ui, blank)
    ui.tap(ui.widget("teach", "teach_learn"))
    ui.until(lambda: not app.teach_busy, 60, "the blank photo to be refused")
    assert app.teach_failed
    assert "\n" not in app.teach_status and "Traceback" not in app.teach_status
    assert app.teach_status
    assert ui.widget("teach", "teach_status").text == app.teach_status
    ui.tap(ui.widget("teach", "teach_clear"))
    ui.tap_nav("home")
