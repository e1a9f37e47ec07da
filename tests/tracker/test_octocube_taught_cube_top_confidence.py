"""A taught cube top's confidence: a bare top is as sure as its plate leads the best *tile*
(``RecogniserConfig.pack_cube_bare_lead_over_tiles``), and a tile read against a bare top is
weighed without its turn's doubt (tracker/octocube/adapter.py ``weigh_top_without_turn``,
``CubeReading.top_alone_confidence``).

Fresh taught games 72829 (printing 998216, 3 players, tilt 11, lamp) and 72831 (998215, 2
players, tilt 13.5, lamp), session 77 (docs/teach.md, helpers fresh77b and conf77):

- changes 22 and 27 of 72829, 57 of 72831: a cube placed bare. Its plate led the runner-up,
  another seat's identical plate, by 0.001-0.009, so the bare top was read at 0.36-0.43 (under
  the inference's margin 0.5) and every turn of the placing that would show a tile on top stayed
  an option: 6 options against the built-in art's 5, 24 against the labels' 12.
- change 51 of 72829 (move 50): Red's cube goes home wearing a dark blue starfish, the tile sure
  (fit 0.80, lead 0.37) but alike turned half round (turn alone 0.53): read at 0.47 in all, and
  "the starfish collected too" (a bare top) was offered.

Real path: the printings drawn by the twin, taught from the bench's rendered teach photos, the
stills the stillness gate reads, the tracker in step before each change and answered truthfully.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tests.tracker.octocube_helpers import answer_truthfully, tracked_until, truth_after
from tests.vision.octocube.taught_table import read_taught, taught_change_still
from tracker.inference import InferenceConfig
from tracker.octocube.adapter import OctocubeAdapter
from tracker.octocube.twin import TwinGame
from tracker.session import MoveConfirmed, QuestionAsked
from vision.octocube.config import RecogniserConfig
from vision.octocube.pack_reader import TileScores
from vision.octocube.recogniser import OctocubeRecogniser
from vision.octocube.truth import scene_truth

GAMES = {72_829: (998_216, 3, 11.0, 5), 72_831: (998_215, 2, 13.5, 4)}
"""Game: (printing, players, tilt, grid); both under the lamp."""
PLACINGS = [(72_829, 22, 1), (72_829, 27, 0), (72_831, 57, 0)]
"""(game, change, seat): a cube placed bare."""
HOME = (72_829, 51, 0)
"""Red goes home wearing a dark blue starfish."""
MARGIN = InferenceConfig().margin
OFF = RecogniserConfig(pack_cube_bare_lead_over_tiles=False)


@pytest.fixture(scope="module")
def stills(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[int, int], Any]:
    out = {}
    art = {game: tmp_path_factory.mktemp("art") / str(GAMES[game][0]) for game in GAMES}
    for game, change in sorted({(g, c) for g, c, _ in [*PLACINGS, HOME]}):
        printing, players, tilt, _ = GAMES[game]
        out[(game, change)] = taught_change_still(printing, art[game], game, change, players, tilt, "lamp",
                                                  settled=1)
    return out


def _read(stills: dict[tuple[int, int], Any], game: int, change: int, config: Any = None) -> tuple[Any, Any]:
    """(the twin's truth of the still, the taught reading)."""
    _, players, _, grid = GAMES[game]
    still = stills[(game, change)]
    return scene_truth(still[1].ground_truth, grid, players), read_taught(still, players, config, grid=grid)


def _follow(stills: dict[tuple[int, int], Any], game: int, change: int, config: Any = None,
            adapter: OctocubeAdapter | None = None) -> tuple[list[Any], bool]:
    """The tracker, in step before ``change``, sees its still, answered truthfully: (its events,
    whether its history is then the game's)."""
    _, players, _, _ = GAMES[game]
    twin = TwinGame(players, game, illegal=1)
    tracked = tracked_until(twin, twin.changes[change - 1].truth_moves)
    if adapter is not None:
        tracked.adapter = adapter
    events = list(tracked.observe(_read(stills, game, change, config)[1]))
    truth = truth_after(twin, twin.changes[change].truth_moves)
    answer_truthfully(truth, tracked, events)
    return events, tracked.state.history == truth.history


def _options(events: list[Any]) -> list[int]:
    return [len(e.question.options) for e in events if isinstance(e, QuestionAsked)]


@pytest.mark.parametrize("game, change, seat", PLACINGS)
def test_a_bare_top_is_read_surely(stills: dict[tuple[int, int], Any], game: int, change: int, seat: int) -> None:
    truth, obs = _read(stills, game, change)
    assert truth.cube_top[seat] == "bare"
    for s, want in truth.cube_top.items():  # every cube where it is, its top read right
        cube = obs.cubes[s]
        assert cube.location == truth.cube_location[s], s
        assert (cube.top.label() if cube.top is not None else "bare") == want, s
        if want == "bare":
            assert cube.confidence > MARGIN, cube
    # off: the old confidence, under the margin
    assert _read(stills, game, change, OFF)[1].cubes[seat].confidence < MARGIN


@pytest.mark.parametrize("game, change, options_on, options_off", [(72_829, 22, 5, 6), (72_829, 27, 12, 24),
                                                                   (72_831, 57, 5, 6)])
def test_a_placing_offers_no_tile_on_a_bare_top(stills: dict[tuple[int, int], Any], game: int, change: int,
                                                options_on: int, options_off: int) -> None:
    """The placing is asked either way (which turn hides which face); off, the turns that would
    show a tile on the bare top are offered too (fresh77b's counts: built-in art 5, labels 12)."""
    events, in_step = _follow(stills, game, change)
    assert _options(events) == [options_on] and in_step
    events, in_step = _follow(stills, game, change, OFF)
    assert _options(events) == [options_off] and in_step


def test_a_worn_tile_is_read_as_before(stills: dict[tuple[int, int], Any]) -> None:
    """A wrong reading is not made surer: every cube truly wearing a tile is read wearing it, and
    exactly as without the rule (only a top whose best face is a bare plate is touched)."""
    worn = 0
    for game, change in stills:
        truth, obs = _read(stills, game, change)
        off = _read(stills, game, change, OFF)[1]
        for s, want in truth.cube_top.items():
            if want == "bare":
                continue
            worn += 1
            assert obs.cubes[s].top is not None and obs.cubes[s].top.label() == want, (game, change, s)
            assert obs.cubes[s] == off.cubes[s]
    assert worn >= 4  # 72829 change 22: 1; change 51: 3


def test_a_plate_fitting_poorly_keeps_its_lead() -> None:
    """Where the best plate itself fits under ``pack_tile_score`` (a worn dark tile fits every
    plate poorly), its lead stays the runner-up's: that bare reading is not made surer."""
    me: Any = SimpleNamespace(config=RecogniserConfig())
    labels = ("white sextant", "green pearl", "cube-red", "cube-blue")

    def lead(plate: float, tile: float) -> float:
        row = np.array([[tile, tile - 0.1, plate, plate - 0.005]])
        ts = TileScores(labels, row, np.zeros(row.shape, np.int64))
        return float(OctocubeRecogniser._bare_top_lead(me, ts, plate, 0.005))

    assert lead(0.80, 0.40) == pytest.approx(0.40)  # a bare plate: led over the best tile
    assert lead(0.31, 0.20) == pytest.approx(0.005)  # under the bar: the runner-up's lead
    me.config = OFF
    assert lead(0.80, 0.40) == pytest.approx(0.005)


def test_a_sure_tile_with_a_doubtful_turn_is_not_taken_for_bare(stills: dict[tuple[int, int], Any]) -> None:
    game, change, seat = HOME
    truth, obs = _read(stills, game, change)
    red = obs.cubes[seat]
    assert truth.cube_location[seat] is None and truth.cube_top[seat] == "dark blue starfish"
    assert red.location is None and red.top is not None and red.top.label() == "dark blue starfish"
    # the whole reading holds the turn's doubt; the top itself is sure
    assert red.confidence < MARGIN < red.top_weight_confidence, red
    events, in_step = _follow(stills, game, change)
    assert _options(events) == [] and any(isinstance(e, MoveConfirmed) for e in events) and in_step
    # off: the whole reading weighs the bare top, and "the starfish collected too" is offered
    adapter = OctocubeAdapter()
    adapter.weigh_top_without_turn = False
    events, in_step = _follow(stills, game, change, adapter=adapter)
    assert _options(events) == [2] and in_step
