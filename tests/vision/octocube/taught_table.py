"""A random printing drawn by the twin, taught from one rendered teach photo, and one of the
bench's rendered tables in that printing: the real path the taught-pack tests read."""

from __future__ import annotations

import dataclasses
import functools
import os
import pickle
import shutil
import tempfile
from pathlib import Path
from collections.abc import Callable, Mapping
from typing import Any

import cv2
import numpy as np

from tests.vision.octocube.noise_states import committed as committed_noise_states
from tests.vision.teach_photos import SHARED_FOLDER_ENV, taught_pack
from tracker.film import NoiseCheckpoints
from vision.octocube.layout import TILE_LABELS
from vision.octocube.pack_reader import face_name
from vision.octocube.synth import synth_frame
from vision.pack import Pack
from vision.render.art_pack import ArtPack
from vision.render.random_art import octocube_faces, pack_gloss
from vision.render.renderer import Renderer


def taught_table(printing: int, table: int, photos: int = 1) -> tuple[Any, Any]:
    """(the pack taught from printing ``printing``'s first ``photos`` teach photos as bench/teach.py
    renders them, JPEG-compressed like a phone's, the bench's table ``table`` drawn in that printing)."""
    renderer = Renderer()
    art = octocube_art(printing)
    pack = taught_pack("octocube", art, printing, "random", renderer, count=photos)
    frame = synth_frame(table, renderer, turned_tops=True, resolution=(1280, 720), max_tilt_deg=30.0, art=art)
    return pack, frame


@functools.lru_cache(maxsize=4)
def octocube_art(printing: int) -> ArtPack:
    """Printing ``printing``'s Octocube faces as an in-memory art pack, drawn once per process (only
    read): its Octocube faces and gloss are ``random_pack``'s (each game's faces are drawn from their
    own seeded streams), its digest ``write_random_pack(..., games=("octocube",))``'s read back (so
    :func:`taught_game_still`'s films share its taught packs, ``taught_pack``), and a table and its
    teach photos are drawn the same to the bit (test_taught_table_art.py), without drawing the Open
    Season faces (``random_pack``: 0.9 CPU s a call, this 0.2 once a process)."""
    return ArtPack.from_faces({"octocube": octocube_faces(printing)}, gloss=round(pack_gloss(printing), 3),
                              name=f"random art {printing}")


def read_taught_table(scene: tuple[Any, Any], config: Any = None) -> Any:
    """``scene`` (a pack and a bench table: :func:`taught_table`) read by the recogniser with that
    pack, as ``tablesight run --pack`` reads a frame; the same scene object read again with the
    same config gets its own copy of the kept reading (:func:`_kept_reading`)."""
    from vision.octocube.recogniser import OctocubeRecogniser

    pack, frame = scene
    return _kept_reading(scene, (config,), lambda: OctocubeRecogniser(
        frame.grid_size, frame.num_players, frame.camera, pack=pack, config=config).recognise(frame.image))


def read_cube_tops(scene: tuple[Any, Any], config: Any = None) -> tuple[dict[int, str], dict[int, str], Any]:
    """(each found cube's top as read, "bare" for none; each seat's true cube top; the cubes read)
    on ``scene`` (:func:`taught_table`), every cube checked to be found on its true place first."""
    from vision.octocube.truth import scene_truth

    _, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    obs = read_taught_table(scene, config)
    for seat, where in truth.cube_location.items():
        assert obs.cubes[seat].location == where, seat
    got = {s: (c.top.label() if c.top is not None else "bare") for s, c in obs.cubes.items()}
    return got, dict(truth.cube_top), obs.cubes


def taught_game_frame(printing: int, art_dir: Any, game: int, frame_index: int, players: int, tilt: float,
                      lighting: str) -> tuple[Any, Any, Any]:
    """(the pack taught from printing ``printing``'s two teach photos as bench/teach.py renders them,
    JPEG-compressed like a phone's, frame ``frame_index`` of the whole standard demo game ``game``
    drawn in that printing at 1280x720 (bench/teach.py --octocube-games: 1 illegal change), the
    film's camera). The printing is written to ``art_dir``, the twin's ``--art`` folder. The film
    entered at the frame's still scene (:func:`taught_game_still`): byte for byte the frame
    ``table_game("octocube").demo_film`` draws from the first frame on, which this drew until
    session 73 (checked on 72483's frame 100 and 72485's frame 107, the two files using it)."""
    return taught_game_still(printing, art_dir, game, frame_index, players, tilt, lighting)


class _OneFrameRenderer:
    """Renders only the film frame whose render seed is ``wanted``; every other frame is a blank
    stand-in (a whole game's film up to a late frame takes minutes to render). The wanted frame is
    rendered with the very arguments the film gives it; a still scene's later frames (the first
    one plus fresh noise) are not wanted this way, only a scene's first still frame or a frame
    with a hand."""

    def __init__(self, wanted: int, paint_by_height: bool = False, blank_shape: tuple[int, int] = (2, 2)) -> None:
        self.wanted, self.renderer = wanted, Renderer(paint_by_height=paint_by_height)
        self.blank_shape = blank_shape

    def render(self, scene: Any, camera: Any, opts: Any, seed: int) -> Any:
        if seed == self.wanted:
            return self.renderer.render(scene, camera, opts, seed=seed)
        import numpy as np

        from types import SimpleNamespace
        return SimpleNamespace(image=np.zeros((*self.blank_shape, 3), np.uint8), ground_truth={})


class SharedNoiseCheckpoints(NoiseCheckpoints):
    """:class:`tracker.film.NoiseCheckpoints` kept also in the run's shared folder
    (tests/conftest.py; :func:`tests.vision.teach_photos.taught_pack` keeps packs there): several
    test files enter films of the same game (72740's in three), and each entry into a late frame
    would otherwise draw the sensor noise of every earlier still frame again (a 1280x720 normal
    draw per frame: ~4 s of CPU for change 137 of a 4-player game). The states committed in
    tests/vision/octocube/noise_states.json come first: most entries then draw at most 15 frames."""

    def __init__(self, folder: Path | None) -> None:
        super().__init__()
        self.folder = folder

    @classmethod
    def of_this_run(cls) -> SharedNoiseCheckpoints:
        """Those kept in the run's shared folder (in memory only when there is none)."""
        folder = os.environ.get(SHARED_FOLDER_ENV)
        return cls(Path(folder) if folder else None)

    def _load(self, seed: int, shape: tuple[int, int]) -> dict[int, Mapping[str, Any]]:
        kept: dict[int, Mapping[str, Any]] = dict(committed_noise_states(seed, shape))
        kept.update(super()._load(seed, shape))
        if self.folder is not None:
            for path in self.folder.glob(f"noise-{seed}-{shape[0]}x{shape[1]}-*.pickle"):
                kept.setdefault(int(path.stem.rsplit("-", 1)[1]), pickle.loads(path.read_bytes()))
        return kept

    def _save(self, seed: int, shape: tuple[int, int], drawn: int, state: Mapping[str, Any]) -> None:
        if self.folder is None:
            return
        path = self.folder / f"noise-{seed}-{shape[0]}x{shape[1]}-{drawn}.pickle"
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(pickle.dumps(state))
        os.replace(part, path)  # whole or absent for a process reading it meanwhile


_WRITTEN: set[tuple[int, str]] = set()
"""(printing, folder) this process has written the printing to (a module's entries into two
changes of one film share its folder)."""
_FIRST_WRITTEN: dict[int, Path] = {}
"""The folder this process first drew each printing into: a fixture's own folder for a printing
already drawn gets a copy of its files (~0.3 CPU s a drawing; test_taught_pink_tile_not_the_cube
enters its film from six fixtures' folders)."""


@functools.lru_cache(maxsize=8)
def _standard_twin(players: int, game: int) -> Any:
    """The taught films' twin of ``game`` (standard, 1 illegal change, played to its end), planned
    once per process (0.3 s for a 4-player game; several entries and modules use the same game);
    only read."""
    from tracker.octocube.twin import TwinGame

    return TwinGame(players, game, illegal=1, max_moves=None, mode="standard")


def taught_game_still(printing: int, art_dir: Any, game: int, frame_index: int, players: int, tilt: float,
                      lighting: str, painted_by_height: bool = False, settled: int = 0,
                      checkpoints: Any = "shared") -> tuple[Any, Any, Any]:
    """:func:`taught_game_frame` for a late frame, rendering only that frame's still scene.
    The same film as ``tablesight demo`` (``OctocubeGame.demo_film``), entered at the wanted frame
    (``film(..., start=frame_index)``: no frame before it is drawn). ``painted_by_height``: as the
    renderer painted it until session 38, a cube on a taller stack behind over the top of the cube
    in front (no camera sees that; the readers' handling of such pictures stays tested on the
    frames that showed it). ``settled``: the still scene's frame that many after the first (the
    first plus the film's own sensor noise, as the stillness gate reads it: 309, not 308, for
    72737's change 43): the film's noise generator is brought past every earlier still frame's
    noise first, from the run's kept states (``checkpoints``: "shared", a
    :class:`tracker.film.NoiseCheckpoints`, or None to draw it all), so the frame is the whole
    film's to the bit (tests/vision/octocube/test_taught_still_seek.py)."""
    from tracker.film import demo_camera, drifting_lightings, film, film_timing, load_art
    from tracker.octocube.twin import sides_for
    from tracker.table import TableSetup
    from vision.render.art_pack import ArtPack
    from vision.render.random_art import write_random_pack

    if (printing, str(art_dir)) not in _WRITTEN or not Path(art_dir).is_dir():  # a module's second entry
        first = _FIRST_WRITTEN.get(printing)
        if first is not None and (first / "art.json").is_file() and not Path(art_dir).exists():
            shutil.copytree(first, art_dir)  # the same files (another fixture's folder): not drawn again
        else:
            write_random_pack(printing, art_dir, games=("octocube",))  # the Octocube film draws only its own faces
            _FIRST_WRITTEN[printing] = Path(art_dir)
        _WRITTEN.add((printing, str(art_dir)))
    art = ArtPack.load(art_dir)
    pack = taught_pack("octocube", art, printing, "random-folder", Renderer())
    setup = TableSetup(game="octocube", players=players, options={"mode": "standard"}, seed=game, illegal=1,
                       art=str(art_dir), tilt=tilt, lighting=lighting, resolution=(1280, 720))
    twin = _standard_twin(setup.players, setup.seed)
    camera, timing = demo_camera(setup), film_timing(setup)
    lightings = drifting_lightings(setup.lighting, len(twin.changes), setup.seed)
    kept = SharedNoiseCheckpoints.of_this_run() if checkpoints == "shared" else checkpoints
    frames = film(twin.scenes, sides_for(twin.changes, setup.players), camera, lightings, seed=setup.seed,
                  timing=timing, renderer=Renderer(paint_by_height=painted_by_height), art=load_art(setup),
                  start=frame_index, checkpoints=kept)
    for i, frame in enumerate(frames, start=frame_index):
        if i == frame_index:
            assert frame.ground_truth.get("frame_index") == frame_index, "not the film's frame"
            if not settled:
                return pack, frame, camera
        if i == frame_index + settled:
            assert frame.ground_truth.get("phase") == "still", "past the still scene"
            assert frame.ground_truth.get("frame_index") == i
            return pack, frame, camera
    raise AssertionError("the film ended early")


_READ_KEPT = 8
"""How many of the latest readings (:func:`_kept_reading`) a process keeps (each holds its frame alive)."""
_READ: list[tuple[object, tuple[Any, ...], Any]] = []


def _kept_reading(source: object, settings: tuple[Any, ...], read: Callable[[], Any]) -> Any:
    """``read()``, the recogniser's reading of the frame ``source``, made once per (frame object,
    ``settings``) among the latest ``_READ_KEPT``; each caller gets its own copy (:func:`_own_copy`).
    A file's reading test and its tracking test read the frames of one module fixture (~3-6 s of
    CPU each); the recogniser reads a frame the same each time, and none of the tests that read
    through here switches a module constant between its reads (the one monkeypatching test,
    test_taught_glared_dark_top, patches the scene's drawing, so reads another scene object)."""
    for kept_source, kept_settings, obs in _READ:
        if kept_source is source and kept_settings == settings:
            return _own_copy(obs)
    obs = read()
    _READ.append((source, settings, obs))
    del _READ[:-_READ_KEPT]
    return _own_copy(obs)


def _own_copy(obs: Any) -> Any:
    """``obs`` with its own dicts: its readings are frozen, and its tiles stay the very objects the
    recogniser gave (the rules compare some by identity, ``tile is COIN``: a deep copy would not)."""
    return dataclasses.replace(obs, tops=dict(obs.tops), cubes=dict(obs.cubes), boards=dict(obs.boards),
                               timings_ms=dict(obs.timings_ms))


def read_taught(game_frame: tuple[Any, Any, Any], players: int, config: Any = None, grid: int = 5) -> Any:
    """``game_frame`` (a pack, a rendered frame and its camera: :func:`taught_game_still`) read by
    the recogniser with that pack, as ``tablesight demo --pack`` reads it; the same frame object
    read again with the same players, config and grid gets its own copy of the kept reading
    (:func:`_kept_reading`)."""
    from vision.octocube.recogniser import OctocubeRecogniser

    pack, frame, camera = game_frame
    return _kept_reading(game_frame, (players, config, grid), lambda: OctocubeRecogniser(
        grid, players, camera, pack=pack, config=config).recognise(frame.image))


def assert_every_cube_where_it_is(obs: Any, truth: Any) -> None:
    """Every seat's cube read on its true space (``truth``: :func:`vision.octocube.truth.scene_truth`),
    and no cube found for a seat whose cube is not on the board."""
    for seat, at in truth.cube_location.items():
        assert seat in obs.cubes and obs.cubes[seat].location == at, seat
    assert set(obs.cubes) == set(truth.cube_location)


def assert_every_top_as_truth(obs: Any, truth: Any) -> None:
    """Every seat's cube top ("bare" or the tile's label) and every stack's top ("cube" where a
    cube covers it, "none" where it is bare, else the tile's label) read as ``truth`` has them."""
    for seat in truth.cube_location:
        top = obs.cubes[seat].top
        assert ("bare" if top is None else str(top.label())) == truth.cube_top[seat], seat
    for stack, want in truth.tops.items():
        read = obs.tops[stack]
        got = "cube" if read.covered else "none" if read.tile is None else str(read.tile.label())
        assert got == str(want), stack


def taught_change_still(printing: int, art_dir: Any, game: int, change: int, players: int, tilt: float,
                        lighting: str, settled: int = 0) -> tuple[Any, Any, Any]:
    """:func:`taught_game_still` at change ``change``'s first still frame (frame 7(c+1) of the
    taught standard films), checked to be that change's still scene; ``settled``: the frame that
    many after it in the same still scene (1: the frame the stillness gate reads)."""
    game_frame = taught_game_still(printing, art_dir, game, 7 * (change + 1), players, tilt, lighting,
                                   settled=settled)
    truth = game_frame[1].ground_truth
    assert truth["phase"] == "still" and truth["change_index"] == change
    return game_frame


_KEPT_STILLS: dict[tuple[Any, ...], tuple[Any, Any, Any]] = {}
"""The change stills :func:`kept_change_still` made in this process, by their arguments."""


def kept_change_still(printing: int, game: int, change: int, players: int, tilt: float, lighting: str,
                      settled: int = 0) -> tuple[Any, Any, Any]:
    """:func:`taught_change_still`, made once per process per arguments, the printing written to one
    folder of this process's own; every caller gets the same frame object, only read (so
    :func:`read_taught`'s kept readings serve them all). Session 78's files on one game share
    stills and readings this way when they run in one process: 72833's change 18, read with the mat
    band off, by test_taught_mat_band_at_tile and test_recovery_alike_stones (~1 s to render, ~4 s
    to read); 72821's printing written and its twin planned once for the three on that game."""
    key = (printing, game, change, players, tilt, lighting, settled)
    if key not in _KEPT_STILLS:
        _KEPT_STILLS[key] = taught_change_still(printing, _process_art_dir(printing), game, change, players, tilt,
                                                lighting, settled=settled)
    return _KEPT_STILLS[key]


def _process_art_dir(printing: int) -> Path:
    """A folder of this process's own for ``printing`` (in the run's shared folder when there is
    one, removed with it; the printing is written there once: ``_WRITTEN``)."""
    shared = os.environ.get(SHARED_FOLDER_ENV)
    base = Path(shared) if shared else Path(tempfile.gettempdir())
    return base / f"art-{os.getpid()}" / str(printing)


def printing_pack(seed: int) -> Pack:
    """A printing's own tile faces as a pack, no teach photo: the fine stage's tests compare faces
    told apart at 3 px/mm without the teaching's noise."""
    art = octocube_art(seed)
    faces = {}
    for label in TILE_LABELS:
        img = art.face("octocube", face_name(label))
        assert img is not None
        faces[face_name(label)] = cv2.resize(np.ascontiguousarray(img[..., :3]), (136, 136),
                                             interpolation=cv2.INTER_AREA)
    return Pack("octocube", faces, {k: (34.0, 34.0) for k in faces}, name=f"printing {seed}")


def read_top_hidden(scene: tuple[Any, Any], stack: tuple[int, int], config: Any = None) -> tuple[str, Any, float]:
    """(the true top at ``stack``, the taught recogniser's reading of it, the share of it that
    found cubes hide) on ``scene`` (:func:`taught_table`)."""
    from vision.octocube.recogniser import OctocubeRecogniser
    from vision.octocube.truth import scene_truth

    pack, frame = scene
    truth = scene_truth(frame.ground_truth, frame.grid_size, frame.num_players)
    rec = OctocubeRecogniser(frame.grid_size, frame.num_players, frame.camera, pack=pack, config=config)
    top = rec.recognise(frame.image).tops[stack]
    return truth.tops[stack], top, rec.last_hidden[stack]
