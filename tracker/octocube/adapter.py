"""The Octocube half of move inference: what the camera should see, how a reading differs from
it, which chains of legal moves could explain a still scene, and what to say when none does.

What an overhead camera can know about an Octocube table (and therefore all this compares):
the top of every stack (or that a cube covers it), each cube's place and the tile on its top
face with that tile's in-plane rotation, and what lies on each player's board. It cannot see a
cube's bottom or (in the observation contract) its side faces, nor the tiles under a stack's
top. A legal move that changes nothing visible (a pass, a pivot of a cube with nothing on top)
is only noticed when the next player moves; the chains then start with it, and when several
invisible moves fit, :func:`tracker.inference.infer` asks the players instead of guessing.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from rules.core import UNKNOWN, Move, RulesError
from rules.octocube.components import Location, Tile, location_label
from rules.octocube.data import TILE_COUNTS
from rules.octocube.geometry import top_rotation
from rules.octocube.moves import Decline, Pass, Pivot, Place, UsePower
from rules.octocube.state import OctocubeState, player_name, tile_from_label, tile_words
from tracker.adapter import Difference, GameAdapter
from tracker.inference import Compared, Question, differences_once, pushed, scratch_copy
from tracker.octocube.hidden_tops import ChangedTopReading, SteadyTopReading, alike_in_grey
from vision.octocube.observation import BoardReading, CubeReading, OctocubeObservation, StackTopReading
from vision.render.octocube_scene import final_score_shown

STEADY_TOP_WEIGHT = 0.9
"""A chain that puts another tile on a hidden top whose visible part did not change (a
``SteadyTopReading``): as sure as a changed one (hidden_tops.py ``CHANGED_CONFIDENCE``)."""

COVERED = "covered"
"""Expected top of a location a cube stands on: the camera cannot see the stack there."""


@dataclass(frozen=True)
class CubeView:
    location: Location | None
    top: Any
    """Tile, None (bare metal) or UNKNOWN (a tile nobody has seen yet: matches any tile)."""
    rotation: int | None
    """In-plane rotation of the top tile (degrees clockwise seen from above) when known."""
    under: Any = field(default=None, compare=False)
    """The top tile of the stack the cube stands on (None: no tile), which shows once it leaves:
    not part of the look (two views that differ only there look the same)."""


@dataclass(frozen=True)
class BoardView:
    tiles: tuple[str, ...]
    """Object tiles on the board, as sorted labels (kids: the filled board spaces)."""
    coins: int
    slots: tuple[str | None, ...] | None = None
    """Kids: the tile label on each board space (None: empty); the camera sees which space a
    tile was put on, so placements on different spaces look different."""
    unseen: int = 0
    """Finished advanced game: tiles brought home from the cube for the last Score that nobody
    has seen yet (powers E and G pick up the tile under a cube); any tile may stand for them."""


class BoardAsRead(NamedTuple):
    """A board's tiles and coins as one board reading can tell them (:func:`_board_as_read`): the
    one normalising that every comparison of a board with a reading (``differences``,
    ``diagnose``, :func:`_boards_read_alike`, :func:`_board_reads_changed`) goes through."""

    tiles: tuple[str, ...]
    """Tile labels (sorted where they come from a reading or a view); where the reading did not
    count tiles, each kind once, sorted."""
    coins: int
    """The number of coins; where the reading did not count them, 1 for a pile and 0 for none."""


def _board_as_read(reading: BoardReading, board: BoardView | None = None) -> BoardAsRead:
    """``board`` (the reading's own board where None) as ``reading`` can tell it. Where the reader
    did not count tiles, identical tiles share a space and only the top one shows from above, so
    only their kinds can be compared; where it did not count coins, a pile shows its top coin, so
    only whether there is one. Kids slots and a finished game's unseen tiles are not part of it:
    the comparisons that heed them (``differences``, :func:`_boards_read_alike`) do so themselves."""
    tiles, coins = (reading.labels, reading.coins) if board is None else (board.tiles, board.coins)
    if not reading.tiles_counted:
        tiles = tuple(sorted(set(tiles)))
    if not reading.coins_counted:
        coins = 1 if coins > 0 else 0
    return BoardAsRead(tiles, coins)


@dataclass
class OctocubeView:
    """What the camera should see in one position (compared with ``==`` by the inference)."""

    tops: dict[Location, Any] = field(default_factory=dict)
    """Location -> Tile, UNKNOWN, COVERED, or None (no tile: a hole or an emptied space)."""
    cubes: dict[int, CubeView] = field(default_factory=dict)
    boards: dict[int, BoardView] = field(default_factory=dict)
    heights: dict[Location, int] = field(default_factory=dict)
    """Tiles in each uncovered stack (compared when the recogniser can estimate a height)."""
    letters_matter: bool = False
    """Only the advanced game gives abyss letters (powers) a meaning; elsewhere an abyss tile read
    with the wrong letter is still the right tile (the letters are small and often misread)."""


def _weight(confidence: float) -> float:
    """A confident reading counts fully, a doubtful one less (never below a tenth)."""
    return max(0.1, min(1.0, float(confidence)))


def _words(tile: Any) -> str:
    if tile is COVERED:
        return "a cube"
    return tile_words(tile)


@dataclass(frozen=True)
class WidenedTopReading(StackTopReading):
    """A stack top read plainly that also stands for its near neighbours (``stands_for``:
    :func:`near_neighbours`), each weighing as a doubtful reading: the scene as
    :meth:`OctocubeAdapter.widened` gives it, asked about once the players have rejected every
    option built on the tile as read, or no legal move explained it."""

    stands_for: tuple[Tile, ...] = field(default=(), compare=False)


def near_neighbours(tile: Tile) -> tuple[Tile, ...]:
    """The object tiles the reader may take ``tile`` for: its colour with another object (the
    object's glyph misread: a cube's top read as a stack's, upright only, while it lies turned)
    and its object in another colour (a shade misread: a veiled dark blue read light blue).
    Coins and abyss tiles have none (their letters matter only in the advanced game, and are
    not widened)."""
    if tile.kind != "object":
        return ()
    return tuple(t for t in TILE_COUNTS if t.kind == "object" and t != tile
                 and (t.colour == tile.colour or t.obj == tile.obj))


class OctocubeAdapter(GameAdapter[OctocubeState, OctocubeObservation]):
    """:class:`tracker.inference.GameAdapter` for Octocube (standard and advanced; kids as far
    as its chains stay small)."""

    max_turn_depth = 4
    """Moves one player may make between two still scenes (roll, extra roll, follow-ups)."""
    reveal_confidence = 0.7
    """Only a reading at least this sure fills in an unseen tile."""

    # ------------------------------------------------------------------ expected view
    def expected(self, state: OctocubeState) -> OctocubeView:
        view = OctocubeView(letters_matter=state.mode == "advanced")
        size = state.grid_size
        # the last Score of an advanced game takes every cube home: the stacks they stood on show
        # (advanced bench seed 61630, through the pixels: the squares read as covered, the last
        # move was an alarm and the final scores were the tracker's, 54/31 for 50/41)
        final = final_score_shown(state)
        tops, heights, stacks = view.tops, view.heights, state.stacks
        occupied: Collection[Location] = () if final else state.occupied
        for loc in _grid_locations(size):
            if loc in occupied:
                tops[loc] = COVERED
                continue
            stack = stacks.get(loc)
            if stack:
                tops[loc] = stack[-1]
                heights[loc] = len(stack)
            else:
                tops[loc] = None
                heights[loc] = 0
        for cube in state.cubes:
            top = cube.faces["top"]
            rotation = top_rotation(cube.ups) if top is not None else None
            under = None
            if cube.location is not None and not final:
                stack = state.stacks.get(cube.location)
                under = stack[-1] if stack else None
            view.cubes[cube.seat] = CubeView(None, None, None) if final else CubeView(cube.location, top, rotation,
                                                                                       under)
        for seat, board in enumerate(state.boards):
            if not final and not board.slots:  # the commonest board: its tiles as they lie (no copy)
                view.boards[seat] = BoardView(tuple(sorted([t.label() for t in board.tiles])), board.coins)
                continue
            tiles = board.object_tiles()
            coins, unseen = board.coins, 0
            if final:  # the last Score: the cube's tiles lie on the board
                cube_tiles = [t for t in state.cubes[seat].faces.values() if t is not None]
                unseen = sum(1 for t in cube_tiles if t is UNKNOWN)
                known = [t for t in cube_tiles if t is not UNKNOWN]
                tiles = tiles + [t for t in known if t.kind == "object"]
                coins += sum(1 for t in known if t.kind == "coin")
            slots = tuple(t.label() if t is not None else None for t in board.slots) if board.slots else None
            view.boards[seat] = BoardView(tuple(sorted(t.label() for t in tiles)), coins, slots, unseen)
        return view

    def view_key(self, view: OctocubeView) -> tuple[Any, ...]:
        """Everything :meth:`differences` reads of ``view``, in its order, as one flat tuple (built
        in a fraction of a comparison's time): how many stack tops, heights and cubes it holds, the
        tops' places and tiles by identity (places and tiles are never changed, and the search
        keeps the view alive with its key), the heights' places (by identity) and values, each
        cube's place, top (by identity), turn and the tile it stands on (``under``, which ``==``
        does not compare), and the boards (see :meth:`GameAdapter.view_key`)."""
        tops, heights, cubes = view.tops, view.heights, view.cubes
        key: list[Any] = [len(tops), len(heights), len(cubes), view.letters_matter, *map(id, tops),
                          *map(id, tops.values()), *map(id, heights), *heights.values()]
        for seat, cube in cubes.items():
            key += (seat, cube.location, id(cube.top), cube.rotation, id(cube.under))
        for seat, board in view.boards.items():
            key += (seat, board.tiles, board.coins, board.slots, board.unseen)
        return tuple(key)

    # ------------------------------------------------------------------ differences
    def differences(self, expected: OctocubeView, observed: OctocubeObservation) -> list[Difference]:
        diffs: list[Difference] = []
        cube_at = {c.location: s for s, c in observed.cubes.items() if c.location is not None}
        top_seen: dict[int, str] = {}  # seat -> the space where its missed cube's own top was read
        tops = observed.tops
        plain = self._plain_tops(observed)
        heights = expected.heights
        for loc, want in expected.tops.items():
            read = plain.get(loc)
            if read is not None and (read[0] is want or read[0] == want) \
                    and (read[1] is None or heights.get(loc) in (None, read[1])):
                continue  # the commonest case: a plain reading of the very tile expected (and height)
            reading = tops.get(loc)
            if reading is not None and want is not COVERED and want is not None and want is not UNKNOWN \
                    and not reading.covered and reading.tile == want \
                    and (reading.height is None or expected.heights.get(loc) in (None, reading.height)) \
                    and not (isinstance(reading, SteadyTopReading) and want != reading.was):
                continue  # the common case: the stack top is what was expected (fast path)
            if want is COVERED and (loc in cube_at if reading is None else (reading.covered or loc in cube_at)):
                continue  # the other common case: a cube stands where one was expected
            name = _label(loc)
            if reading is None:
                diffs.append(Difference(f"{name} was not read", 0.3))
                continue
            if isinstance(reading, SteadyTopReading) and isinstance(want, Tile) and not reading.covered and not (
                    reading.in_view and want != reading.was and isinstance(reading.was, Tile)
                    and alike_in_grey(want, reading.was)):
                # its visible part looks as before: the state's tile is still there, or one that
                # looks the same in grey (hidden_tops.py)
                if want != reading.was and not (isinstance(reading.was, Tile) and alike_in_grey(want, reading.was)):
                    diffs.append(Difference(f"{name} looks as it did, expected {_words(want)}", STEADY_TOP_WEIGHT))
                continue
            w = _weight(reading.confidence)
            if isinstance(reading, ChangedTopReading) and (
                    (want is not reading.was and want != reading.was)
                    or (reading.was_height is not None
                        and expected.heights.get(loc) not in (None, reading.was_height))):
                # sure only that the old tile left the top: a chain that puts another there (or
                # another stack with an alike top: a power H, advanced seed 72549) is judged by
                # how sure the tile's name is (hidden_tops.py, advanced seed 61660)
                w = _weight(reading.named_confidence)
            if want is COVERED:
                if not (reading.covered or loc in cube_at):
                    seat_wearing = self._missed_cube_wearing(expected, observed, loc, reading.tile)
                    if seat_wearing is not None:
                        # counted with the cube not found, or with its unsure place next door, below
                        top_seen[seat_wearing] = name
                        continue
                    if isinstance(reading, WidenedTopReading):
                        for stand_in in reading.stands_for:
                            seat_wearing = self._missed_cube_wearing(expected, observed, loc, stand_in)
                            if seat_wearing is not None:
                                top_seen[seat_wearing] = name
                                diffs.append(Difference(f"{name} shows {_words(reading.tile)}, read for "
                                                        f"{_words(stand_in)} on a cube", self.widened_weight))
                                break
                        if seat_wearing is not None:
                            continue
                    diffs.append(Difference(f"{name} shows {_words(reading.tile)}, expected a cube there", w))
                continue
            if reading.covered:
                seat_here = cube_at.get(loc)
                if seat_here is not None and seat_here in expected.cubes \
                        and self._unsure_between(observed.cubes[seat_here], expected.cubes[seat_here].location):
                    # the cover is that cube's place read once, and that unsure: its place
                    # difference below counts it (counted twice, a cube placed one row off at
                    # 0.53 outweighed the margin twice over: bench seed 72470, tilt 34.1, an
                    # extra roll confirmed unasked and the game lost from move 104). A sure
                    # placement still counts for both, as the tolerances were set (without it,
                    # advanced seed 61652's Place beside a cube not found missed the clear
                    # margin by 0.0035 and the game was lost from move 73)
                    continue
                diffs.append(Difference(f"a cube covers {name}, expected {_words(want)}", w))
            elif want is None:
                if reading.tile is not None:
                    diffs.append(Difference(f"{name} shows {_words(reading.tile)}, expected no tile",
                                            w * self._nothing_either(expected, want, reading.tile)))
            elif want is UNKNOWN:
                if reading.tile is None or not reading.tile.collectible:
                    diffs.append(Difference(f"{name} shows {_words(reading.tile)}, expected a tile", w))
                elif self._unseen_top_left(reading, expected.heights.get(loc)):
                    diffs.append(Difference(f"{name} changed with no cube near it, expected its unseen tile", w))
            elif reading.tile != want and isinstance(reading, WidenedTopReading) and want in reading.stands_for:
                diffs.append(Difference(f"{name} shows {_words(reading.tile)}, read for {_words(want)}",
                                        min(w, self.widened_weight)))
            elif reading.tile != want and not (
                not expected.letters_matter
                and reading.tile is not None
                and reading.tile.kind == "abyss"
                and want.kind == "abyss"
            ):
                diffs.append(Difference(f"{name} shows {_words(reading.tile)}, expected {_words(want)}",
                                        w * self._nothing_either(expected, want, reading.tile)))
            height = expected.heights.get(loc)
            if reading.height is not None and height is not None and reading.height != height and not reading.covered:
                diffs.append(Difference(f"the stack at {name} is {reading.height} tiles high, expected {height}", w))
        for loc, reading in observed.tops.items():
            if loc not in expected.tops and reading.tile is not None:
                diffs.append(Difference(f"{location_label(loc)} is not a space but shows {_words(reading.tile)}",
                                        _weight(reading.confidence)))
        for seat, want in expected.cubes.items():
            got = observed.cubes.get(seat)
            who = player_name(seat)
            if got is None:
                if seat in top_seen:
                    diffs.append(Difference(f"{who}'s cube was not found, only its top on {top_seen[seat]}",
                                            self.missed_cube_top_weight))
                else:
                    diffs.append(Difference(f"{who}'s cube was not found", 0.5))
                continue
            w = _weight(got.confidence)
            if got.location != want.location:
                diffs.append(Difference(f"{who}'s cube is {_where(got.location)}, expected {_where(want.location)}",
                                        self._place_weight(got, want.location)))
            if want.top is UNKNOWN:
                if got.top is None:
                    diffs.append(Difference(f"{who}'s cube shows bare metal on top, expected a tile", w))
            elif got.top != want.top:
                diffs.append(Difference(f"{who}'s cube shows {_words(got.top)} on top, expected {_words(want.top)}",
                                        self._top_weight(got, want.top)))
            elif want.rotation is not None and got.rotation is not None and got.rotation != want.rotation \
                    and not (self.turn_at_home_unweighed and want.location is None):
                diffs.append(Difference(
                    f"the tile on top of {who}'s cube is turned {got.rotation} degrees, expected {want.rotation}",
                    self._turn_weight(got, want.rotation)))
        for seat, board_want in expected.boards.items():
            board_got = observed.boards.get(seat)
            who = player_name(seat)
            if board_got is None:
                diffs.append(Difference(f"{who}'s board was not read", 0.3))
                continue
            w = _weight(board_got.confidence)
            # uncounted tiles: only their kinds show; uncounted coins: a pile or none
            seen, wanted = _board_as_read(board_got), _board_as_read(board_got, board_want)
            if board_want.slots is not None and board_got.slots is not None:
                # kids board: each space read on its own, so a tile on the wrong space shows
                for slot, (label, tile) in enumerate(zip(board_want.slots, board_got.slots, strict=False)):
                    shown = tile.label() if tile is not None else None
                    if shown != label:
                        diffs.append(Difference(
                            f"{who}'s board space {slot + 1} shows {_words(tile)}, expected "
                            f"{_words(tile_from_label(label)) if label else 'nothing'}", w))
            elif seen.tiles != wanted.tiles:
                extra, missing = _multiset_diff(seen.tiles, wanted.tiles)
                if board_want.unseen and not missing and len(extra) <= board_want.unseen:
                    extra = []  # the unseen tiles from the cube: the reveal names them
            else:
                extra, missing = [], []
            if (board_want.slots is None or board_got.slots is None) and (extra or missing):
                parts = []
                if extra:
                    parts.append("shows " + ", ".join(extra) + " too")
                if missing:
                    parts.append("lacks " + ", ".join(missing))
                diffs.append(Difference(f"{who}'s board " + " and ".join(parts), w * max(1, len(extra) + len(missing))))
            if board_want.unseen and seen.coins > wanted.coins:
                continue  # coins among the cube's unseen tiles
            if seen.coins != wanted.coins:
                diffs.append(Difference(
                    f"{who} has {board_got.coins} coins, expected {board_want.coins}" if board_got.coins_counted
                    else f"{who} has {'a coin pile' if board_got.coins else 'no coins'}, expected "
                         f"{board_want.coins} coin{'s' if board_want.coins != 1 else ''}", w))
        return diffs

    _plain: tuple[dict[Location, Any], list[Any], list[Location], dict[Location, tuple[Tile, int | None]]] | None = None

    @staticmethod
    def _unseen_top_left(reading: StackTopReading, height: int | None) -> bool:
        """Whether ``reading`` says that the unseen tile on top of its stack (UNKNOWN in the state)
        left it, where the stack is ``height`` tiles high (hidden_tops.py: its pixels changed with no
        cube near it; a stack of another height there, a power H's swap, is judged by its name)."""
        return (isinstance(reading, ChangedTopReading) and reading.was is UNKNOWN
                and (reading.was_height is None or height in (None, reading.was_height)))

    def _plain_tops(self, observed: OctocubeObservation) -> dict[Location, tuple[Tile, int | None]]:
        """Location -> tile and height (None: not read) of each top read plainly (in view, not a
        steady hidden top): a chain expecting that very tile there, and that height where one was
        read, has no difference there. Kept for the observation a search compares with every
        chain it weighs (thousands per scene), and made again when its readings are not the same
        objects any more."""
        tops = observed.tops
        readings, locations = list(tops.values()), list(tops)
        kept = self._plain
        if kept is not None and kept[0] is tops and kept[1] == readings and kept[2] == locations:
            return kept[3]
        plain = {loc: (r.tile, r.height) for loc, r in tops.items()
                 if r.tile is not None and not r.covered and not isinstance(r, SteadyTopReading)}
        self._plain = (tops, readings, locations, plain)
        return plain

    missed_cube_top_weight = 0.3
    """How much a cube not found counts where the space the chain puts it on is read as a stack
    whose top is the very tile the cube wears on top (its own top, read as the stack's): one
    doubtful reading, under the tolerance, instead of a cube gone (0.5) and a cube's space showing
    a tile (up to 1). The net finds a cube by its colour, and a cube wearing a tile shows only a
    thin rim of it: taught fresh printing 997376, game 72700 (tilt 8.5), Blue's cube wearing a
    light blue sextant on C4 was found at 0.31 in one scene and missed at 0.20 in the next, where
    C4's "light blue sextant" (0.75) and "Blue's cube was not found" (0.5) outweighed the doubtful
    tolerance (1.2) by 0.05: Red's roll beside it raised an alarm and the game was lost from move
    70; at move 122 the same cube, missed again on C3 with nothing else changed, was an alarm. A
    cube found only unsurely on the space next door (its place weighing at most
    ``unsure_place_weight``) with its own top read on its space is the same misreading: the top
    is not counted again (fresh printing 997379, game 72703, move 154: Blue's cube read on A1 at
    0.25, B1 showing its dark blue diamond at 0.9, Red's roll north an alarm)."""

    def _missed_cube_wearing(self, expected: OctocubeView, observed: OctocubeObservation, loc: Location,
                             tile: Any) -> int | None:
        """The seat whose cube is expected on ``loc`` wearing ``tile`` on top, standing on a stack
        whose top is another tile (else the space looks the same whether it stayed or left: fresh
        printing 997381, game 72705, Yellow wearing a coin on a coin and then a light blue amphora on
        a light blue amphora, its roll between them taken for nothing), and was not found this
        scene, or found only unsurely on a space next door (:attr:`unsure_place`: its place counts
        little already), else None (see :attr:`missed_cube_top_weight`)."""
        if tile is None:
            return None
        for seat, want in expected.cubes.items():
            if want.location == loc and want.top == tile and want.under != tile and (
                    seat not in observed.cubes or self._unsure_between(observed.cubes[seat], loc)):
                return seat
        return None

    unsure_place = 0.7
    """A cube's place read less sure than this (a cube leaning into the window in front of it
    under a steep tilt, the net's colour split between the two) ..."""
    unsure_place_weight = 0.25
    """... counts at most this much where a chain puts the cube on a neighbouring space: less than the
    inference's margin, so such a placement never decides between two chains alone (they are
    asked about; alone, it is a doubtful reading within the tolerance). Bench seed 72470 (tilt
    34.1, evening): Red rolled west onto C3 and declined the extra roll; the next scene read Red's
    cube one row nearer, on C4, at 0.53 (its top at 0.16, C3's stack top at 0.1), and "an extra
    roll south" was confirmed unasked, the game lost from move 104. Places read that unsure are
    rare (some 7 in 2,800 cube readings of six steep evening games, all of them right but that
    one), so few scenes become questions."""

    def _unsure_between(self, got: Any, expected: Location | None) -> bool:
        """``got`` (a cube reading) is read next to ``expected`` and too unsure to tell the two
        spaces apart (see :attr:`unsure_place`). Only neighbouring spaces: a cube read on the
        board at all, however unsure, is not in its personal area (bench seed 72009, tilt 32.4:
        Yellow's cube placed behind Red's, found at 0.66, must not look like "nothing happened";
        test_octocube_pivot_misread.py)."""
        here = got.location
        return (got.place_weight_confidence < self.unsure_place and here is not None and expected is not None
                and abs(here[0] - expected[0]) + abs(here[1] - expected[1]) == 1)

    def _place_weight(self, got: Any, expected: Location | None) -> float:
        """How much a cube read in a place other than ``expected`` counts (see :attr:`unsure_place`)."""
        weight = _weight(got.place_weight_confidence)
        return min(weight, self.unsure_place_weight) if self._unsure_between(got, expected) else weight

    weigh_turn_axis = True
    """Whether a cube's top read a quarter turn (90 or 270 degrees) off the turn a chain expects
    counts as sure as the reading is of its turn up to a half turn
    (``CubeReading.turn_axis_confidence``); a half turn off counts as the whole reading
    (``confidence``). A glyph alike turned half round is read with a doubtful whole turn, yet a
    quarter turn off it is told surely: fresh taught game 72783 (printing 998165), moves 39-41,
    Red pivoted its green starfish 90 degrees (read 0.46, a quarter turn told at 0.69), the
    pivot's scene stayed within the tolerance as "nothing happened" and the round was folded
    into "Red pivots 270". False: every turn difference by ``confidence``, as before."""

    weigh_top_without_turn = True
    """Whether a cube's top read as a tile where a chain expects it bare, or bare where it expects a
    tile, counts as sure as the reader is of the top itself (``CubeReading.top_weight_confidence``),
    not as the whole reading, which holds the tile's turn doubt too: the turn has no say in whether
    a tile is on top. Fresh taught game 72829 (printing 998216, 3 players, tilt 11, lamp), move 50:
    Red's cube went home wearing a dark blue starfish, the taught tile sure (fit 0.80, lead 0.37)
    but its turn alike turned half round (turn-alone certainty 0.53), read at 0.47 in all; "the
    starfish collected too" (a bare top) cost only that, under the inference's margin 0.5, and was
    offered (docs/teach.md, session 77, conf77). A turn read against a turn still counts by the
    turn's rules below. False: every top difference by ``confidence``, as before."""

    turn_at_home_unweighed = True
    """Whether the turn of the tile on top of a cube in its personal area goes unweighed: a
    placing chooses which face goes down and which looks north (every distinct orientation is a
    legal Place, whatever the cube's turn at home), so that turn limits no move, while a misread of
    it weighs on every scene the cube waits at home. Fresh taught game 72839 (printing 998225, 4
    players, tilt 27.2, evening; docs/teach.md, session 78, fresh78b): Purple's cube went home at
    change 162 wearing a dark blue sextant turned 270, read 180 at 0.48 in every scene to 165
    (0.59-0.63 each scene, about the tolerance 0.6 alone); Blue's pivot at 165 beat "nothing happened" by
    0.82, under the clear margin, and raised a false alarm. The tile itself (which face is up)
    still counts. False: a home cube's turn weighed as on the board, as before."""

    def _top_weight(self, got: Any, want_top: Any) -> float:
        """How much a cube top read other than ``want_top`` counts (:attr:`weigh_top_without_turn`)."""
        if self.weigh_top_without_turn and (got.top is None) != (want_top is None):
            return _weight(got.top_weight_confidence)
        return _weight(got.confidence)

    weigh_turn_alone = True
    """Whether a cube's top turn, where the chain expects the very tile read there (the only place
    a turn is weighed), counts at least as sure as the reader is of the turn alone
    (``CubeReading.turn_alone_weight_confidence``), not as the whole reading, which holds the
    doubt between alike tiles too. Fresh taught game 72789 (printing 998172, 2 players, tilt 30.9,
    evening), changes 173 and 175: Red pivoted its dark blue pearl 90 and then 270 degrees on A3;
    read with the right turn (``pack_cube_fine_turn_search_mm``) at 0.28 and 0.36, the pearl told
    from the dark blue starfish at 0.57 and 0.75, its turn alone at 0.58-0.59; "nothing happened"
    cost only the whole reading, under the inference's margin (0.5), and both pivots were
    followed as passes (272/274 moves); with this on: 274/274, 0 false alarms. A doubtful turn
    read wrong then counts as much: taught game 72722 (printing 997398, 4 players, tilt 17.6,
    evening) raised 3 false alarms with it (questions whose only options held a half turn nobody
    made, e.g. Blue's cube on A1; docs/teach.md, session 73, pivot73), none with
    :attr:`turn_alone_quarter_only`. On by default since session 75 (every75), together with the
    recogniser's ``pack_cube_fine_turn_every_place`` (72789's changes 213-214 would otherwise be a
    quarter-turn misread weighed by the turn alone). False: the whole reading, as before."""

    turn_alone_quarter_only = True
    """With :attr:`weigh_turn_alone`: only a top read a quarter turn (90 or 270 degrees) off the
    turn a chain expects counts by the turn alone; a half turn off counts as before (the whole
    reading, ``turn_weight_confidence``). A half turn is the turn the fine stage misreads (a glyph
    alike turned half round, one off the tile's centre that sits a few mm away turned so): each of
    taught game 72722's false alarms with :attr:`weigh_turn_alone` (printing 997398, docs/teach.md
    session 73, pivot73) was a question whose options all held a half-turn pivot nobody made
    (Red's cube on E5 and D5, Blue's on D3 and A1), while 72789's two pivots read by the turn
    alone were quarter turns (90 and 270, read a quarter turn off the expected top). False: every
    turn difference by the turn alone, as pivot73 built it."""

    def _turn_confidence(self, got: CubeReading, expected_rotation: int) -> float:
        """How sure cube reading ``got`` is of its top's turn against ``expected_rotation``, its
        tile being the one expected (see :attr:`weigh_turn_axis`, :attr:`weigh_turn_alone`)."""
        weighed = got.turn_weight_confidence(expected_rotation) if self.weigh_turn_axis else got.confidence
        alone = got.turn_alone_weight_confidence(expected_rotation) if self._by_turn_alone(got, expected_rotation) \
            else None
        return weighed if alone is None else max(weighed, alone)

    def _by_turn_alone(self, got: CubeReading, expected_rotation: int) -> bool:
        """Whether ``got``'s turn against ``expected_rotation`` is weighed by the turn alone
        (:attr:`weigh_turn_alone`, :attr:`turn_alone_quarter_only`)."""
        if not self.weigh_turn_alone:
            return False
        quarter = got.rotation is not None and (got.rotation - expected_rotation) % 180 == 90
        return quarter or not self.turn_alone_quarter_only

    def _turn_weight(self, got: CubeReading, expected_rotation: int) -> float:
        """How much cube reading ``got``, its top turned otherwise than ``expected_rotation``, counts."""
        return _weight(self._turn_confidence(got, expected_rotation))

    doubtful_reason = 0.5
    """A stack-top reading that counts less than this is not named as the reason of an alert."""
    abyss_or_nothing_weight = 0.5
    """How much an abyss tile read as an empty place (or the other way round) counts, outside the
    advanced game: neither holds a tile to take, the engine itself knows where the holes are, and
    the dark plain abyss tile is the one the recogniser confuses with the mat."""

    def _nothing_either(self, expected: OctocubeView, want: Any, seen: Any) -> float:
        def nothing(tile: Any) -> bool:
            return tile is None or (tile is not UNKNOWN and tile is not COVERED and tile.kind == "abyss")

        if not expected.letters_matter and nothing(want) and nothing(seen):
            return self.abyss_or_nothing_weight
        return 1.0

    # ------------------------------------------------------------------ candidate chains
    def candidate_chains(self, state: OctocubeState, observed: OctocubeObservation) -> Iterable[tuple[Move, ...]]:
        seat = state.current_player()
        if seat < 0:
            return []
        work = scratch_copy(state)
        here = self.expected(state)
        chains = self._turn_chains(work, seat, observed)
        own = list(chains)
        others = [s for s in self._changed_seats(here, observed) if s != seat]
        if others:
            # Someone else changed something: the player to move may have done something the
            # camera cannot see (pass, pivot of a cube with nothing on top, declining an extra
            # roll), or a pivot whose own scene was read as unchanged (the turned tile on top
            # misread or read doubtfully: tilt 26.7, bench seed 72008); then the next player's
            # chains follow it. The pivot's tile, read again now, tells them apart.
            mine = observed.cubes.get(seat)
            # a cube whose top nobody has named may now show any of its faces up: a power E that
            # turned a named face up looks like that unnamed top read now (advanced bench seed
            # 72535 through the pixels, tilt 31.2: Red turned its cube south face up with power E
            # and Yellow rolled, one scene; only E turns that kept the unnamed face up were
            # offered, the players said none of these, and the game was lost from move 165)
            # (a cube not found at all shows no top either: advanced bench seed 72591, tilt 33.4,
            # Purple's cube on E4 not found when Purple turned its east face up with power E and
            # Red rolled; only the turns that kept a known face up were offered, the players said
            # none of these, and the game was lost from move 62)
            was = here.cubes.get(seat)
            unread = mine is None or mine.confidence < self.unread_top or (was is not None and was.top is UNKNOWN)
            unsure = {loc for loc in here.tops if (reading := observed.tops.get(loc)) is None
                      or reading.covered or reading.confidence < self.unread_top}
            for chain in list(chains):
                if not self._ends_turn_invisibly(work, chain, seat, here, turned=True, top_unread=unread,
                                                 unsure=unsure, boards=observed.boards):
                    continue
                with pushed(work, chain):
                    if work.is_terminal():
                        continue
                    tails = self._turn_chains(work, work.current_player(), observed)
                    chains.extend(chain + tail for tail in tails)
                    # the next player's turn may have been unseen too (a swap of alike stacks),
                    # and the visible change the third turn's (see catch_up_chains); not where
                    # the player to move's turn showed nothing and the third turn is theirs again:
                    # their visible turn alone looks the same, and every such scene became a
                    # question (fresh steep bench seed 72544: 50 -> 82 questions)
                    # Where it showed (a pivot: its top turned), the third turn, theirs again, must
                    # leave their cube as the first left it, else their turn alone explains the
                    # same scene (fresh steep 72550: 61 -> 78 questions "a roll, or a pivot, an
                    # unseen turn and that roll")
                    left = self.expected(work)
                    shown = not _looks_the_same(left, here)
                    # a pivot the reading shows (its top read turned as this chain leaves it): the
                    # next player's turn may have left nothing in view (see _after_an_invisible_turn)
                    pivot_read = (shown and self.pass_after_a_read_pivot and mine is not None
                                  and _only_rotation_differs(here.cubes.get(seat), mine)
                                  and (lv := left.cubes.get(seat)) is not None and lv.rotation == mine.rotation)
                    chains.extend(chain + rest for rest in self._after_an_invisible_turn(
                        work, tails, left, observed, again=seat, again_if_steady=shown, quiet_between=pivot_read))
            if self.quiet_round:
                # a longer run of turns nobody saw before the visible one (a declined extra roll,
                # then a pivot whose turn is not read, then a roll: see quiet_round)
                known = set(chains)
                chains.extend(c for c in self._quiet_round_chains(work, seat, own, here, observed, others)
                              if c not in known)
            # only where the turned tile is read under ``unread_top``: "the player to move's turn"
            # alone then stays within the margin, and the players are asked which; a surer reading
            # would leave the round as the only option, a misread turned into an alarm
            turned = [s for s in others if _only_rotation_differs(here.cubes.get(s), observed.cubes.get(s))
                      and observed.cubes[s].confidence < self.unread_top]
            if turned and seat in self._changed_seats(here, observed):
                for chain in [c for c in chains if len(c) < self.max_turn_depth]:
                    if self._ends_turn_invisibly(work, chain, seat, here, turned=True):
                        self._go_round(work, seat, (), chain, observed, turned, chains)
        elif self.round_after_own_pivot:
            chains.extend(self._round_after_own_pivot(work, seat, here, observed, chains))
        chains.sort(key=len)
        return chains

    quiet_round = True
    """Where a player two or more seats after the player to move changed something, the chains
    :meth:`_quiet_round_chains` offers: the player to move ends the turn with nothing but its own
    top turned (a pass, a declined extra roll, a pivot), each next player up to one round takes a
    turn that changes nothing but its own top's turn (a pass, a pivot), then that player's turn.
    Before, a pass or a pivot of a bare cube after an unseen turn was offered only after a pivot
    the camera *read* (:attr:`pass_after_a_read_pivot`), so two such turns in a row were an alarm.
    Fresh taught game 72766 (printing 997771, 3 players, tilt 13.2, lamp), changes 25-27: Blue
    declined its extra roll, Red pivoted its light blue sextant 180 degrees (its turn not read),
    Yellow rolled east: "Yellow moved out of turn (it is Blue's turn)". Every link is a legal
    move and is judged against the reading as any chain is (a pivot whose top is read unturned
    costs that reading); three players' turns in one chain are always asked (:meth:`doubt`).
    A player who moves out of turn is still an alarm: the chain may not end with the player who
    made the last visible move (the one before the player to move, unless the latter's turn is
    under way) after a run of turns that all left the table exactly as it looked, the one thing
    that tells a round of passes from moving out of turn. False: not offered."""

    def _quiet_round_chains(self, work: OctocubeState, seat: int, own: list[tuple[Move, ...]], here: OctocubeView,
                            observed: OctocubeObservation, others: Collection[int]) -> list[tuple[Move, ...]]:
        """The chains of :attr:`quiet_round` (``own``: the turns of ``seat``, the player to move;
        ``others``: the seats read changed, ``seat`` aside)."""
        players = work.num_players
        if players < 3:
            return []  # the next player's turn after an unseen one is offered already
        # who moved last in view: the player to move whose turn is under way (after a roll onto
        # an extra roll), else the player before
        last_seen = seat if work.phase() not in ("action", "must_retrieve") else (seat - 1) % players
        out: list[tuple[Move, ...]] = []
        tails: dict[int, list[tuple[Move, ...]]] = {}
        for first in own:
            if not all(isinstance(m, Pass | Pivot | Decline) for m in first) \
                    or not self._ends_turn_invisibly(work, first, seat, here, turned=True):
                continue
            with pushed(work, first):
                if work.is_terminal():
                    continue
                left = self.expected(work)
                self._quiet_links(work, seat, first, left, _shows(left, here), observed, others, last_seen, 0,
                                  tails, out)
        return out

    def _quiet_links(self, work: OctocubeState, seat: int, done: tuple[Move, ...], before: OctocubeView,
                     shown: bool, observed: OctocubeObservation, others: Collection[int], last_seen: int,
                     links: int, tails: dict[int, list[tuple[Move, ...]]], out: list[tuple[Move, ...]]) -> None:
        """After ``done``, the player to move's quiet turn (a pass or a pivot, ``links`` such turns
        already made since the player to move's), then the turn of the player after it where that
        one was read changed (the best-fitting of them, ``tails``: the same after any quiet turn),
        or another quiet turn (appended to ``out``). ``shown``: some turn so far changed what the
        camera should see (see :attr:`quiet_round`)."""
        mover = work.current_player()
        if links >= work.num_players - 2 or mover == seat:
            return
        got, want = observed.cubes.get(mover), before.cubes.get(mover)
        if got is not None and want is not None and got.location != want.location:
            return  # its cube is read elsewhere: no quiet turn
        for move in work.legal_moves():
            if not isinstance(move, Pass | Pivot) \
                    or not self._ends_turn_invisibly(work, (move,), mover, before, turned=True):
                continue
            chain = done + (move,)
            with pushed(work, (move,)):
                if work.is_terminal():
                    continue
                after = self.expected(work)
                now_shown = shown or _shows(after, before)
                following = work.current_player()
                if following in others and following != seat and (following != last_seen or now_shown):
                    if following not in tails:
                        tails[following] = self._best_tails(work, following, observed)
                    out.extend(chain + tail for tail in tails[following])
                self._quiet_links(work, seat, chain, after, now_shown, observed, others, last_seen, links + 1,
                                  tails, out)

    def _best_tails(self, work: OctocubeState, seat: int, observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """``seat``'s turns (it is to move in ``work``) that best fit ``observed``, and every one
        tied with the last of them (:attr:`catch_up_prefixes`)."""
        compared: Compared = {}
        fits = sorted(((self._fit_after(work, tail, observed, compared), tail)
                       for tail in self._turn_chains(work, seat, observed)), key=lambda item: (item[0], len(item[1])))
        return self._best_with_ties(fits, self.catch_up_prefixes)

    round_after_own_pivot = True
    """Where only the player to move's cube changed, its cube went elsewhere and no turn of theirs
    alone leaves the top it is read with there: their turn a round ago may have been a pivot that
    showed only through a top read too unsure to name it (under :attr:`unread_top`, a turn that
    counts as one nobody saw), every other player's turn since one nobody could see (a pass, a
    pivot of a bare cube), and this their next turn. Only where the tile on top differs, not just
    its turn (a roll whose top alone is read turned is confirmed: ``test_resync``). Offered as such chains (always asked: three
    turns, :meth:`doubt`). Fresh taught game 72741 (printing 997417, 2 players, tilt
    0.7, lamp), changes 17-19: Yellow pivoted its light blue sextant 90 degrees (read 90 at 0.43),
    Red pivoted its bare cube, Yellow rolled south; only Yellow's roll was offered, with a top it
    could not leave, it was taken (one difference, 0.65), Red's next roll showed a tile its
    unturned cube could not bring up and the game was lost at move 18. False: not offered."""

    def _round_after_own_pivot(self, work: OctocubeState, seat: int, here: OctocubeView,
                               observed: OctocubeObservation, turns: list[tuple[Move, ...]]
                               ) -> list[tuple[Move, ...]]:
        """The chains of :attr:`round_after_own_pivot`: ``seat`` pivots, each other player in turn
        does something nobody sees, then one of ``seat``'s turns (``turns``, its chains now) that
        leaves its cube where it is read."""
        mine, was = observed.cubes.get(seat), here.cubes.get(seat)
        if mine is None or was is None or mine.location is None or mine.location == was.location \
                or mine.top is None:
            return []

        def ends_there(turn: tuple[Move, ...]) -> OctocubeView | None:
            try:
                with pushed(work, turn):
                    view = self.expected(work)
            except RulesError:
                return None
            cube = view.cubes.get(seat)
            return view if cube is not None and cube.location == mine.location else None

        for turn in turns:
            view = ends_there(turn)
            want = view.cubes.get(seat) if view is not None else None
            if want is not None and (want.top is UNKNOWN or want.top == mine.top):
                # a turn of theirs alone leaves that tile on top: nothing to explain (its turn
                # alone read otherwise is far likelier a misread rotation than a round unseen)
                return []
        out: list[tuple[Move, ...]] = []
        for pivot in [m for m in work.legal_moves() if isinstance(m, Pivot)]:
            with pushed(work, (pivot,)):
                if work.is_terminal() or work.current_player() == seat:
                    continue
                for between in self._turns_nobody_saw(work, seat):
                    with pushed(work, between):
                        out.extend((pivot,) + between + turn for turn in self._turn_chains(work, seat, observed)
                                   if ends_there(turn) is not None)
        return out

    def _turns_nobody_saw(self, work: OctocubeState, seat: int) -> list[tuple[Move, ...]]:
        """Every run of one-move turns, from the player to move round to ``seat``, that leaves the
        table as it looks now (passes, pivots of bare cubes)."""
        if work.is_terminal():
            return []
        mover = work.current_player()
        if mover == seat:
            return [()]
        here = self.expected(work)
        runs: list[tuple[Move, ...]] = []
        for move in work.legal_moves():
            if not isinstance(move, (Pass, Pivot)) or not self._ends_turn_invisibly(work, (move,), mover, here):
                continue
            with pushed(work, (move,)):
                runs.extend((move,) + rest for rest in self._turns_nobody_saw(work, seat))
        return runs

    def _go_round(self, work: OctocubeState, seat: int, done: tuple[Move, ...], step: tuple[Move, ...],
                  observed: OctocubeObservation, turned: Collection[int], out: list[tuple[Move, ...]]) -> None:
        """The player to move's visible turn after a whole round nobody saw (appended to ``out``):
        their own turn that left the view as it was (a pass, a pivot: ``step``, the first time),
        then each other player's, the players in ``turned`` pivoting to the rotation their cube's
        top is read with now, the others passing. Only that tile's rotation shows the round, often
        doubtfully under a steep tilt, and without these chains the player to move's turn alone
        fitted within the tolerance: it was confirmed, and the pivoted cube's orientation stayed
        wrong for the rest of the game (bench seed 72475, tilt 34.7, lamp: Yellow passed, Red
        pivoted 90 degrees, its top's rotation read at 0.17, then Yellow rolled; lost from move
        110, 88 false alarms). Three players' turns in one chain are always asked (:meth:`doubt`)."""
        with pushed(work, step):
            if work.is_terminal():
                return
            mover = work.current_player()
            if mover == seat:
                out.extend(done + step + tail for tail in self._turn_chains(work, seat, observed))
                return
            for unseen in self._unseen_turns(work, mover, observed, turned):
                self._go_round(work, seat, done + step, unseen, observed, turned, out)

    def _unseen_turns(self, work: OctocubeState, mover: int, observed: OctocubeObservation,
                      turned: Collection[int]) -> list[tuple[Move, ...]]:
        """``mover``'s turn in a round nobody saw (see :meth:`_go_round`)."""
        legal = work.legal_moves()
        if mover not in turned:
            return [(move,) for move in legal if isinstance(move, Pass)]
        read = observed.cubes[mover].rotation
        found: list[tuple[Move, ...]] = []
        for move in legal:
            if isinstance(move, Pivot):
                with pushed(work, (move,)):
                    if self.expected(work).cubes[mover].rotation == read:
                        found.append((move,))
        return found

    kids_offer_every_tile = True
    """A kids cube's one unseen tile, asked at its Retrieve, is offered as every tile it may be
    (the likely ones first), not only the likely ones."""

    kids_named_at_once = 64
    """At most this many ways to name a kids cube's several unseen faces at once, each tried as
    one of :meth:`reveal_alternatives` (a kind each: a few kinds per face)."""

    unread_top = 0.5
    """A top read less sure than this (hidden behind a cube under a steep tilt, or in dim light)
    does not show what the player to move did to it, nor does a stack top a cube now covers: a
    turn that changed only such tops counts as a turn nobody saw, and the next player's turn may
    follow it in the same scene. Advanced bench seed 61633 (tilt 34.9, evening): Yellow's power E
    turned the south face down under a top read at 0.18, then Red used E; advanced 61654 (tilt
    33.6, evening): Yellow's power H swapped D1 (then read at 0.1) with E4, which Blue's roll
    then covered. Only passes and pivots were extended with the next player's turn, the options
    lacked the true chain (a chain of the player to move fitted, so the catch-up chains were not
    tried), and the games were lost from moves 186 and 134."""

    catch_up_prefixes = 8
    """Turns of the player to move kept as starts of catch-up chains (the best-fitting ones, and
    every one tied with the last of them, up to :attr:`recovery_tied_prefixes`)."""

    def catch_up_chains(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """Chains over two whole turns: the player to move's turn, then the next player's. Tried
        only when no chain of one turn explains a scene (a still scene was missed, or the last
        one raised an alert and the game went on). The first turn's candidates are the few that
        best fit the observation (its cube does not move in the next player's turn)."""
        seat = state.current_player()
        if seat < 0:
            return []
        work = scratch_copy(state)
        chains: list[tuple[Move, ...]] = []
        here = self.expected(state)
        for first in self._best_first_turns(work, seat, observed):
            # the first turn may show only as its cube's top lying turned (a pivot in place): the
            # quiet turn after it is then judged against the table that pivot left (advanced
            # bench seed 72531 through the pixels, tilt 30.5: Yellow pivoted 180 degrees, Red
            # swapped two stacks topped by coins, Yellow swapped B2 and D4; "Yellow pivots, then
            # Red swaps B2 and D4" was the only option, confirmed, and the game was lost from
            # move 174)
            invisible = self._ends_turn_invisibly(work, first, seat, here, turned=True)
            with pushed(work, first):
                tails = self._turn_chains(work, work.current_player(), observed)
                chains.extend(first + tail for tail in tails)
                if invisible:
                    left = self.expected(work)
                    chains.extend(first + rest for rest in self._after_an_invisible_turn(work, tails, left, observed))
        changed = self._changed_seats(here, observed)
        turned = [s for s in changed if s != seat and _only_rotation_differs(here.cubes.get(s), observed.cubes.get(s))]
        if turned and seat in changed:
            # the player to move's visible turn after a round nobody saw, beside the same turn
            # followed by the next player's pivot (above): the same table, a different player to
            # move next, so the players are asked (advanced bench seed 72456 through the pixels,
            # tilt 20.8: Yellow pivoted a bare cube, Red's pivot was read unchanged, then Yellow
            # scored; "Yellow scores, then Red pivots" was the only option, the players said none
            # of these, and the game was lost from move 54). Where the pivot is read unsure, the
            # candidate chains already hold these rounds.
            for chain in [c for c in self._turn_chains(work, seat, observed) if len(c) < self.max_turn_depth]:
                if self._ends_turn_invisibly(work, chain, seat, here, turned=True):
                    self._go_round(work, seat, (), chain, observed, turned, chains)
        chains.sort(key=len)
        return chains

    def _best_first_turns(self, work: OctocubeState, seat: int,
                          observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """``seat``'s whole turns that best fit ``observed`` (:attr:`catch_up_prefixes`, with
        ties): the first turns of the chains that run over the next player's turn too."""
        ending: list[tuple[float, tuple[Move, ...]]] = []
        compared: Compared = {}
        for chain in self._turn_chains(work, seat, observed):
            with pushed(work, chain):
                if not work.is_terminal() and work.current_player() != seat:
                    ending.append((self._cost(work, observed, compared), chain))
        ending.sort(key=lambda item: (item[0], len(item[1])))
        return self._best_with_ties(ending, self.catch_up_prefixes)

    unseen_turn_before_catch_up = True
    """A scene that needs two turns (:meth:`catch_up_chains`: a still scene was missed) may also
    need three (:meth:`missed_scene_chains`): the player to move's turn nobody could see (a pass,
    a pivot of a cube with a bare top), then the two next turns. With two players the third turn is the player to move's again,
    so "A moves, then B" and "A passes, B moves, then A moves" leave the same table with another
    player to move: only the players can tell, and only the first was offered. Fresh taught game
    72774 (printing 997976, 2 players, tilt 21.9, day), changes 3-5: Red pivoted its bare cube on
    B1, Yellow placed its cube on A1 (that still read as hidden by a hand: skipped), Red rolled
    B1 to C1; "Red rolls, then Yellow places" was confirmed, the tracker was a turn out of step
    with Red's cube turned wrong, and the game was lost (15/228 moves, 170 false alarms).
    (:meth:`_two_turns_after_an_unseen_one`; False: not offered.)"""

    def missed_scene_chains(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """:attr:`unseen_turn_before_catch_up`'s chains (none in a recovery: they would stand in for
        a take-back it should offer)."""
        seat = state.current_player()
        if seat < 0 or not self.unseen_turn_before_catch_up:
            return []
        chains = self._two_turns_after_an_unseen_one(scratch_copy(state), seat, self.expected(state), observed)
        chains.sort(key=len)
        return chains

    unseen_round_between = True
    """A scene that no catch-up chain explains may hold a whole round nobody saw between the two
    turns that show: the player to move's turn, the next player's pivot of a cube with a bare top
    (or a pass), the player to move's turn that changes nothing in view, then the next player's
    turn (two players: :meth:`unseen_round_chains`). Only the last turn tells the pivot, by the
    top its cube rolls onto. Fresh taught game 72777 (printing 998142, 2 players, tilt 7.1,
    lamp), changes 145-148: Yellow pivoted its diamond 90, Red pivoted its bare cube 90, Yellow
    pivoted 180, Red rolled south onto a stack; every option left Red's cube turned wrong, the
    players said none of these and the game was lost from move 144. Its stand-in for the player
    to move's quiet turn is a pass (the same table and cube as any pivot after the first turn's
    pivot). False: not offered."""

    def unseen_round_chains(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """:attr:`unseen_round_between`'s chains (none in a recovery)."""
        seat = state.current_player()
        if seat < 0 or not self.unseen_round_between:
            return []
        work = scratch_copy(state)
        out: list[tuple[Move, ...]] = []
        for first in self._best_first_turns(work, seat, observed):
            with pushed(work, first):
                second = work.current_player()
                after_first = self.expected(work)
                for unseen in self._turn_chains(work, second, observed):
                    # a pivot only: a pass then a pass is no round at all (the catch-up chains')
                    if not all(isinstance(m, Pivot) for m in unseen) \
                            or not self._ends_turn_invisibly(work, unseen, second, after_first):
                        continue
                    with pushed(work, unseen):
                        if work.is_terminal() or work.current_player() != seat or Pass() not in work.legal_moves():
                            continue
                        with pushed(work, (Pass(),)):
                            if work.is_terminal() or work.current_player() != second:
                                continue
                            for tail in self._turn_chains(work, second, observed):
                                with pushed(work, tail):
                                    if not work.is_terminal() and work.current_player() == second:
                                        continue
                                    if not _looks_the_same(self.expected(work), after_first):
                                        out.append(first + unseen + (Pass(),) + tail)
        out.sort(key=len)
        return out

    def _two_turns_after_an_unseen_one(self, work: OctocubeState, seat: int, here: OctocubeView,
                                       observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """The chains of :attr:`unseen_turn_before_catch_up`: each turn of ``seat`` (to move in
        ``work``) that leaves the table exactly as ``here``, then the next player's turns that best
        fit ``observed`` and show (as :meth:`catch_up_chains` picks its first turns), each followed
        by every turn of ``seat``'s again that shows. Only where ``seat`` is next again (two
        players): with more, the third turn is another player's and :attr:`quiet_round` offers
        such rounds, while these chains would explain a take-back gone wrong (test_recovery)."""
        out: list[tuple[Move, ...]] = []
        compared: Compared = {}
        for unseen in self._turn_chains(work, seat, observed):
            if not self._ends_turn_invisibly(work, unseen, seat, here):
                continue
            with pushed(work, unseen):
                if work.is_terminal():
                    continue
                second = work.current_player()
                ending: list[tuple[float, tuple[Move, ...]]] = []
                for turn in self._turn_chains(work, second, observed):
                    with pushed(work, turn):
                        # both later turns show: turns nobody sees after the first are the quiet
                        # rounds' (and "B moves, then A passes" is B moving out of turn)
                        if work.is_terminal() or work.current_player() == second:
                            continue
                        view = self.expected(work)
                        if not _looks_the_same(view, here):
                            ending.append((self._cost(work, observed, compared, view), turn))
                ending.sort(key=lambda item: (item[0], len(item[1])))
                for turn in self._best_with_ties(ending, self.catch_up_prefixes):
                    with pushed(work, turn):
                        if work.current_player() != seat:
                            continue  # three players' turns: the quiet rounds' (quiet_round)
                        between = self.expected(work)
                        for tail in self._turn_chains(work, work.current_player(), observed):
                            with pushed(work, tail):
                                if not _looks_the_same(self.expected(work), between):
                                    out.append(unseen + turn + tail)
        return out

    def _after_an_invisible_turn(self, work: OctocubeState, turns: list[tuple[Move, ...]], here: OctocubeView,
                                 observed: OctocubeObservation, again: int | None = None,
                                 again_if_steady: bool = False, quiet_between: bool = False) -> list[tuple[Move, ...]]:
        """After a turn that changed nothing in view (a pass), the next player's turns that use a
        power and change nothing either (a power H swapping two stacks that look alike), each followed by
        the turns of the player after them that best fit ``observed`` (the same after any of
        them: they differ only in what nobody sees; advanced bench seed 61631 through the
        pixels: Blue passed, Red swapped two stacks that looked alike, Yellow pivoted: the
        scene needed three turns, the catch-up chains cover two, and the game was lost from
        move 65). Where the player after them is ``again``: none, or with ``again_if_steady``
        only the turns that leave that player's cube as in ``here``."""
        seat = work.current_player()
        # a power used unseen, not a pass or a pivot: "the two players before passed" would also
        # explain a move made out of turn, which stays an alarm at once. A power E that turned
        # only the user's own cube counts where that cube's top is read too unsure to show it
        # (advanced bench seed 72535 through the pixels, tilt 31.2: Blue pivoted a bare cube, Red
        # reoriented its cube with power E, its new top read at 0.09, Yellow rolled; the three
        # turns were never offered and the game was lost from move 154); the best fitting first.
        mine = observed.cubes.get(seat)
        unread = mine is not None and mine.confidence < self.unread_top
        powers = [turn for turn in turns if any(isinstance(m, UsePower) for m in turn)]
        quiet = [turn for turn in powers if self._ends_turn_invisibly(work, turn, seat, here)]
        quiet = quiet[:self.recovery_tied_prefixes]
        compared: Compared = {}
        own = sorted(((self._fit_after(work, turn, observed, compared), turn) for turn in powers if turn not in quiet
                      and self._ends_turn_invisibly(work, turn, seat, here, turned=True, top_unread=unread)),
                     key=lambda item: (item[0], len(item[1])))
        quiet += self._best_with_ties(own, self.catch_up_prefixes)
        quiet += self._unsure_pivots(work, turns, seat, here, mine)
        if quiet_between:
            # the first turn showed (a pivot read turned): a pass or a pivot of a bare cube after it
            # is no "two players did nothing" (tuning taught 72722, changes 227-229: Purple pivoted
            # its amphora 90 degrees, read unchanged then, Red pivoted its bare cube, Yellow took
            # its cube home: "Yellow moved out of turn", the recovery lacked Red's 270-degree
            # pivot, the players said none of these and the game was lost from move 225)
            quiet += [turn for turn in turns if turn not in quiet and all(isinstance(m, Pass | Pivot) for m in turn)
                      and self._ends_turn_invisibly(work, turn, seat, here)]
        if not quiet:
            return []
        with pushed(work, quiet[0]):
            third = work.current_player()
            if work.is_terminal() or (third == again and not again_if_steady):
                return []
            fits: list[tuple[float, tuple[Move, ...]]] = []
            for tail in self._turn_chains(work, third, observed):
                with pushed(work, tail):
                    view = self.expected(work)
                    if third != again or view.cubes.get(third) == here.cubes.get(third):
                        fits.append((sum(d.weight for d in self.differences(view, observed)), tail))
        fits.sort(key=lambda item: (item[0], len(item[1])))
        best = self._best_with_ties(fits, self.catch_up_prefixes)
        return [turn + tail for turn in quiet for tail in best]

    pass_after_a_read_pivot = True
    """A pass or unseen pivot may follow a pivot the reading shows, before a third player's turn
    (:meth:`candidate_chains`; False: not)."""

    unsure_pivot_between = True
    """:meth:`_unsure_pivots` on (False: only powers count as the middle turn nobody saw)."""

    unsure_pivot_unnamed_top = True
    """:meth:`_unsure_pivots` also where the middle player's cube top was never named (UNKNOWN: read
    only doubtfully so far, under ``reveal_confidence``) and is read now as a tile with a turn,
    under :attr:`unread_top`. Tuning taught game 72730 (printing 997406 draws the dark blue tiles
    dark navy, 3 players, lamp), changes 161-163: Red pivoted its bare cube, Yellow pivoted its dark
    blue amphora 90 degrees (read 0 then 90 at 0.44-0.49, never named), Blue scored: no chain of the
    three turns was offered, "Blue moved out of turn", the camera lost track, and every scene from
    move 175 on was an alarm (173/222 moves, 24 false alarms). False: only a named top's turn counts."""

    def _unsure_pivots(self, work: OctocubeState, turns: list[tuple[Move, ...]], seat: int, here: OctocubeView,
                       mine: Any) -> list[tuple[Move, ...]]:
        """Of ``turns`` (``seat``'s, after a turn that showed nothing), every pivot in place, where
        ``seat``'s cube top is read turned otherwise than ``here`` has it and too unsure to say
        which way (under :attr:`unread_top`): the turn shows only through that reading, and a round
        glyph (a pearl) reads alike in every turn, so each pivot is offered, not just the one the
        reading names. Tuning taught game 72722 (printing 997398, tilt 17.6, evening): Purple
        pivoted a bare cube, Red pivoted its green pearl 90 degrees (read 180 at 0.47: a scene
        within the tolerance), Yellow rolled; Red's pearl then read 0 at 0.46. Only powers were
        extended here, so no chain of the three turns was offered: "Yellow moved out of turn",
        and the recovery offered only chains in which Red's pearl lay as read (Red pivots 270);
        the players said none of these and every later scene was an alarm (lost at move 177).
        With a turn read otherwise a move made out of turn still needs that misreading too, and
        three players' turns in one chain are always asked (:meth:`doubt`)."""
        was = here.cubes.get(seat)
        # a top nobody has named (UNKNOWN) read now as a tile with a turn, as unsurely: the pivot
        # shows only there too (see :attr:`unsure_pivot_unnamed_top`)
        unnamed = (self.unsure_pivot_unnamed_top and was is not None and was.top is UNKNOWN and mine is not None
                   and mine.top is not None and mine.rotation is not None and mine.location == was.location)
        if not self.unsure_pivot_between or mine is None or mine.confidence >= self.unread_top \
                or not (_only_rotation_differs(was, mine) or unnamed):
            return []
        return [turn for turn in turns if len(turn) == 1 and isinstance(turn[0], Pivot)
                and self._ends_turn_invisibly(work, turn, seat, here, turned=True)]

    def _fit_after(self, work: OctocubeState, turn: tuple[Move, ...], observed: OctocubeObservation,
                   compared: Compared | None = None) -> float:
        """How far ``observed`` is from the table ``turn`` leaves (:meth:`_cost`)."""
        with pushed(work, turn):
            return self._cost(work, observed, compared)

    def _cost(self, work: OctocubeState, observed: OctocubeObservation, compared: Compared | None = None,
              view: OctocubeView | None = None) -> float:
        """How far ``observed`` is from the table ``work`` shows (``view``: its view, where the
        caller has it already): the sum of the differences. Given ``compared`` (one dict per
        search of ``observed``), a table that looks as one already weighed is not compared again
        (:func:`tracker.inference.differences_once`)."""
        view = self.expected(work) if view is None else view
        diffs = self.differences(view, observed) if compared is None else differences_once(self, view, observed, compared)
        return sum(d.weight for d in diffs)

    amended_alike_searched_once = True

    unseen_turns_before_retaken = 24
    """At most this many turns nobody sees (a pass, a pivot, a power H swapping two stacks that
    look alike) tried before moves a recovery takes back (:meth:`amended_chains`)."""

    def amended_chains(self, state: OctocubeState, undone: tuple[Move, ...],
                       observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """``undone`` made again by the next player, after a turn of the player to move that the
        camera could not see: a visible move is taken as the mover's own (the shortest chain),
        but the mover may have passed or swapped two alike stacks with power H, and the next
        player made it. Advanced bench seed 61588 with perfect readings: Blue swapped two alike
        coin stacks, then Purple swapped C2 and D4; the swap was confirmed as Blue's, every later
        option had Purple's turn still to come, the players rejected them, and no recovery took
        Blue's swap back (lost from move 104: 2444/2575). Only chains the rules allow."""
        seat = state.current_player()
        if not undone or seat < 0:
            return []
        work = scratch_copy(state)
        here = self.expected(state)
        # the moves taken back must change the view (else there is nothing to give to another player)
        try:
            with pushed(work, undone):
                shown = self.expected(work)
        except RulesError:
            return []
        if _looks_the_same(shown, here):
            return []
        unseen = [turn for turn in self._turn_chains(work, seat, observed)
                  if self._ends_turn_invisibly(work, turn, seat, here)]
        chains: list[tuple[Move, ...]] = []
        for turn in unseen[: self.unseen_turns_before_retaken]:
            trial = state.clone()
            try:
                for move in turn + undone:
                    trial.push(move)
            except RulesError:
                continue
            # the same table as the moves taken back showed (a swap of two stacks, not another
            # player's cube rolling the same way)
            if _looks_the_same(self.expected(trial), shown):
                chains.append(turn + undone)
        return chains

    recovery_turns = 3
    """Whole turns a recovery chain may run over (the rest of the turn of the player to move, and
    the next players'): enough for a declined extra roll nobody saw, a pass or a pivot of a bare
    cube, then a visible move."""
    recovery_prefixes = 8
    """Best-fitting chains kept at the end of each turn as starts of the next ..."""
    recovery_tied_prefixes = 48
    """... and every chain that fits exactly as well as the last of them, up to this many in all.
    Ties are common: a Place whose top face is unreadable (a cube behind another under a steep
    tilt, or a bare face up) fits equally in up to 16 orientations, and the first 8 of them in
    move order left the true one out (bench seed 72009 before session 26; tuning seed 8005)."""

    def recovery_chains(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """Chains over up to :attr:`recovery_turns` turns, tried only when several scenes in a row
        could not be explained (:func:`tracker.inference.recover`): after each turn the
        :attr:`recovery_prefixes` chains that best fit the observation go on with the next
        player's turn. Unlike :meth:`catch_up_chains` this can explain an out-of-turn move as
        passes, which is why it is only used to offer the players a question."""
        if state.current_player() < 0:
            return []
        work = scratch_copy(state)
        out: list[tuple[Move, ...]] = []
        starts: list[tuple[Move, ...]] = [()]
        compared: Compared = {}
        for turn in range(self.recovery_turns):
            ending: list[tuple[float, tuple[Move, ...]]] = []
            for start in starts:
                with pushed(work, start):
                    seat = work.current_player()
                    for chain in self._turn_chains(work, seat, observed):
                        whole = start + chain
                        if turn:
                            out.append(whole)
                        with pushed(work, chain):
                            if not work.is_terminal() and work.current_player() != seat:
                                ending.append((self._cost(work, observed, compared), whole))
            ending.sort(key=lambda item: (item[0], len(item[1])))
            starts = self._best_with_ties(ending, self.recovery_prefixes)
        out.sort(key=len)
        return out

    def _best_with_ties(self, ending: list[tuple[float, tuple[Move, ...]]], best: int) -> list[tuple[Move, ...]]:
        """The first ``best`` chains of ``ending`` (sorted by cost), and every later one that costs
        as much as the last of them, up to :attr:`recovery_tied_prefixes` in all."""
        keep = min(best, len(ending))
        while keep and keep < min(self.recovery_tied_prefixes, len(ending)) \
                and ending[keep][0] <= ending[keep - 1][0] + 1e-9:
            keep += 1
        return [chain for _, chain in ending[:keep]]

    def _ends_turn_invisibly(self, work: OctocubeState, chain: tuple[Move, ...], seat: int,
                             here: OctocubeView, turned: bool = False, top_unread: bool = False,
                             unsure: Collection[Location] = (),
                             boards: Mapping[int, BoardReading] | None = None) -> bool:
        """``chain`` ends ``seat``'s turn and the table looks as in ``here``; with ``turned``,
        the tile on top of ``seat``'s cube may also lie turned (a pivot in place), with
        ``top_unread`` show another tile (its top is not read: a power E), the stack tops
        at ``unsure`` (not read, or covered now) may differ (a power H), and, given the
        ``boards`` as read, a board may differ where those readings cannot tell (a power F that
        swapped an unsure top for a tile of a kind the board holds twice)."""
        with pushed(work, chain):
            if not (work.is_terminal() or work.current_player() != seat):
                return False
            after = self.expected(work)
            return _looks_the_same(after, here) or (turned and _only_turned(after, here, seat, top_unread, unsure,
                                                                              boards))

    placing_waits_for_seat = True
    """Let a placing whose options differ only in how the cube was turned (placed bare side up:
    no face tells which went down or looks north) wait for the seat's next visible turn
    (``InferenceConfig.seat_settles``, :meth:`question_waits_for_seat`). place80 (session 80): 37 %
    of two taught games' questions, 2-16 options, the truth first in 6 of 29. False: asked at once."""
    pivot_waits_for_seat = True
    """The same for a bare cube's unseen pivot (90/180/270) or pass, joined with the next turn
    (place80: 28 % of the questions, always 4 options). False: asked at once."""

    def question_waits_for_seat(self, state: OctocubeState, question: Question) -> int | None:
        """A question whose options are the same moves but one, a placing on one space turned
        differently (``placing_waits_for_seat``) or a pivot or pass (``pivot_waits_for_seat``),
        all by the same seat: the index of that move (only that seat's later roll, or a tile
        showing, tells them apart)."""
        options = question.options
        if len(options) < 2 or len({len(o) for o in options}) != 1:
            return None
        differ = [k for k in range(len(options[0])) if len({o[k] for o in options}) > 1]
        if len(differ) != 1:
            return None
        k = differ[0]
        if any(o[:k] != options[0][:k] or o[k + 1:] != options[0][k + 1:] for o in options):
            return None
        moves = [o[k] for o in options]
        if all(isinstance(m, Place) for m in moves):
            if not self.placing_waits_for_seat or len({m.location for m in moves if isinstance(m, Place)}) != 1:
                return None
        elif all(isinstance(m, Pivot | Pass) for m in moves):
            if not self.pivot_waits_for_seat:
                return None
        else:
            return None
        return k

    def settles_seat_wait(self, state: OctocubeState, move: Move) -> bool:
        """The seat's visible turn: any move but a pass or a pivot (a bare cube's pivot shows nothing)."""
        return not isinstance(move, Pass | Pivot)

    place_beside_unsure_read = True
    """Whether a placing on a space next to where the cube is read, the reading too unsure to tell
    the two apart (:meth:`_unsure_between`: place confidence under :attr:`unsure_place`), is a
    candidate chain too; before, only placings on the very space read were tried, so an unsure
    read one space off an illegal space left no chain at all and the unsure place, which
    :meth:`_place_weight` would weigh at most :attr:`unsure_place_weight`, was never weighed.
    Fresh taught game 72853 (printing 998249, 3 players, tilt 13.5, day), change 117: Blue placed
    its cube on E4; read on D4 (not an edge space) at place confidence 0.33 (whole 0.166) at settled
    0-2; no chain was tried, and "Blue's cube was put on D4" was a false alarm (cleared next
    scene). With this on, "Blue places on E4" weighs 0.54 (the place 0.25), within the tolerance
    (tests/tracker/test_octocube_place_beside_unsure_read.py). A sure reading, or an unsure one two
    spaces off, prunes as before (a cube put on a wrong space stays an alarm). False: only the
    space read, as before."""

    def _turn_chains(self, work: OctocubeState, seat: int, observed: OctocubeObservation) -> list[tuple[Move, ...]]:
        """Every chain of ``seat``'s moves up to the end of the turn (each prefix included; a
        placing only on the space its cube is read on, or next to it where that reading is unsure:
        :attr:`place_beside_unsure_read`)."""
        out: list[tuple[Move, ...]] = []
        seen_cube = observed.cubes.get(seat)

        def walk(chain: tuple[Move, ...]) -> None:
            if len(chain) >= self.max_turn_depth:
                return
            for move in work.legal_moves():
                if isinstance(move, Place) and seen_cube is not None and seen_cube.location is not None \
                        and move.location != seen_cube.location \
                        and not (self.place_beside_unsure_read and self._unsure_between(seen_cube, move.location)):
                    continue  # the camera sees where the cube was put
                try:
                    work.push_unchecked(move)
                except RulesError:
                    continue  # needs a tile nobody has seen yet
                longer = chain + (move,)
                out.append(longer)
                if not work.is_terminal() and work.current_player() == seat:
                    walk(longer)
                work.pop()

        walk(())
        return out

    def _changed_seats(self, here: OctocubeView, observed: OctocubeObservation) -> list[int]:
        changed = []
        for seat, want in here.cubes.items():
            got = observed.cubes.get(seat)
            board = observed.boards.get(seat)
            board_want = here.boards.get(seat)
            moved = got is not None and (
                got.location != want.location
                or (want.top is not UNKNOWN and got.top != want.top)
                or (want.rotation is not None and got.rotation is not None and got.rotation != want.rotation)
            )
            scored = board is not None and board_want is not None and _board_reads_changed(board, board_want)
            if moved or scored:
                changed.append(seat)
        return changed

    def doubt(self, state: OctocubeState, chain: tuple[Move, ...], observed: OctocubeObservation,
              previous: OctocubeObservation | None) -> str:
        """A chain of moves by three players (two turns nobody saw: :meth:`_after_an_invisible_turn`)
        is never confirmed unasked: "two players did nothing the camera could see" also explains a
        move made out of turn (advanced bench seed 61631: Yellow rolling out of turn was taken as
        "Blue passes; then Red passes; then Yellow rolls", unflagged, and the game was lost)."""
        movers: list[int] = []
        pushed = 0
        try:
            for move in chain:
                seat = state.current_player()
                if not movers or movers[-1] != seat:
                    movers.append(seat)
                state.push_unchecked(move)
                pushed += 1
        finally:
            for _ in range(pushed):
                state.pop()
        return "two players' turns left nothing the camera could see" if len(movers) >= 3 else ""

    # ------------------------------------------------------------------ reveals
    def prepare(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Any, Any]]:
        """A cube that took a tile nobody saw (onto a hidden face) and has just gone home: the
        tile that arrived on the board and is not one of its known tiles is that one."""
        found: list[tuple[Any, Any]] = []
        for cube in state.cubes:
            unknown = [f for f, t in cube.faces.items() if t is UNKNOWN]
            got = observed.cubes.get(cube.seat)
            board = observed.boards.get(cube.seat)
            if len(unknown) != 1 or got is None or board is None or cube.location is None or got.location is not None:
                continue
            have = state.boards[cube.seat]
            if board.tiles_counted and board.coins_counted:
                arrived, _ = _multiset_diff(sorted(t.label() for t in board.tiles),
                                            sorted(t.label() for t in have.object_tiles()))
                arrived += ["coin"] * max(0, board.coins - have.coins)
            else:  # piles seen from above: only kinds that were not there before are new
                arrived = sorted({t.label() for t in board.tiles} - {t.label() for t in have.object_tiles()})
                if board.coins and not have.coins:
                    arrived.append("coin")
            for t in cube.faces.values():
                if t is not None and t is not UNKNOWN and t.label() in arrived:
                    arrived.remove(t.label())
            if len(arrived) == 1:
                found.append((("cube", cube.seat, unknown[0]), tile_from_label(arrived[0])))
        return found

    unseen_top_confidence = 0.5
    """Both readings of a cube's unnamed top at least this sure count in :meth:`unseen_changes` ..."""
    unseen_top_weight = 0.55
    """... at this weight: over the inference's margin (0.5), so a chain that turns a known face
    up wins over "nothing happened", and within its tolerance (0.6), so a scene no chain explains
    stays unchanged rather than an alarm (one of the two readings may be the wrong one)."""

    def unseen_changes(self, state: OctocubeState, previous: OctocubeObservation | None,
                       observed: OctocubeObservation, chain: tuple[Move, ...] = ()) -> list[Difference]:
        """A cube's top nobody has named, on the same space, read as one tile in the last
        explained scene and as another now: the cube was turned (advanced bench seed 72456:
        Yellow's coin on top read at 0.59-0.66, too unsure to name it, then power E turned the
        north face's white starfish up; "nothing happened" cost nothing, the coin face was named
        a white starfish and scored as one at the end). Counted after a chain of passes and
        pivots only (they leave every top face up); any other move may have turned up a face
        nobody named either, which the change does not contradict. And a turn read alike, as
        doubtfully, then and now (:meth:`_turn_seen_before`)."""
        if previous is None:
            return []
        found = self._turn_seen_before(state, previous, observed, chain)
        if not all(isinstance(move, Pass | Pivot) for move in chain):
            return found
        for cube in state.cubes:
            if cube.location is None or cube.faces["top"] is not UNKNOWN:
                continue
            then, now = previous.cubes.get(cube.seat), observed.cubes.get(cube.seat)
            if then is None or now is None or then.location != cube.location or now.location != cube.location:
                continue
            if then.top is None or now.top is None or then.top == now.top:
                continue
            if min(then.confidence, now.confidence) < self.unseen_top_confidence:
                continue
            found.append(Difference(
                f"{player_name(cube.seat)}'s cube showed {_words(then.top)} on top and now shows "
                f"{_words(now.top)}, not moved", self.unseen_top_weight))
        return found

    steady_turn_confidence = 0.8
    """A cube top's turn read below this in the last explained scene and now alike is no turn seen
    (:meth:`_turn_seen_before`)."""

    def _turn_seen_before(self, state: OctocubeState, previous: OctocubeObservation,
                          observed: OctocubeObservation, chain: tuple[Move, ...]) -> list[Difference]:
        """A chain that turns a cube in place to the turn its top is read with now, where the last
        explained scene read that top the same way, as doubtfully, and was accepted with the
        cube turned otherwise: the reading did not change, so it shows no turn (advanced bench
        seed 72589 through the pixels, tilt 28.1: Red's cube rolled in beside Yellow's, Yellow's
        top read turned 90 degrees instead of 180 at 0.53, accepted with Red's roll as a doubtful
        reading; when Yellow passed, the same reading at 0.58 was taken for a pivot of 270
        degrees, unasked, and the game was lost from move 37). Counted at the reading's own
        weight, as "nothing happened" counts it, so the two tie."""
        if not any(isinstance(move, Pivot | UsePower) for move in chain):
            return []
        steady = {seat: (then, now) for seat, now in observed.cubes.items()
                  if (then := previous.cubes.get(seat)) is not None and now.location is not None
                  and now.rotation is not None and now.top is not None
                  and (then.location, then.top, then.rotation) == (now.location, now.top, now.rotation)
                  and max(then.confidence, now.confidence) < self.steady_turn_confidence}
        if not steady:
            return []
        after = self.expected(state).cubes
        moves = list(state.history[-len(chain):])
        for _ in moves:
            state.pop()
        try:
            before = self.expected(state).cubes
        finally:
            for move in moves:
                state.push_unchecked(move)
        found = []
        for seat, (then, now) in steady.items():
            turned_from, turned_to = before.get(seat), after.get(seat)
            # turned in place, the same tile on top (a pivot, or a power E that keeps the top face
            # up): a chain that turns another face up shows more than a turn (fresh 72605)
            if (turned_from is not None and turned_to is not None
                    and turned_from.top == turned_to.top == now.top
                    and turned_from.location == turned_to.location == now.location
                    and turned_from.rotation is not None and turned_from.rotation != now.rotation
                    and turned_to.rotation == now.rotation
                    # as doubtful as "nothing happened" weighs the turn it was accepted with
                    and max(self._turn_confidence(then, turned_from.rotation),
                            self._turn_confidence(now, turned_from.rotation)) < self.steady_turn_confidence):
                found.append(Difference(
                    f"the tile on top of {player_name(seat)}'s cube was read turned {now.rotation} degrees "
                    f"before it was turned, as doubtfully", self._turn_weight(now, turned_from.rotation)))
        return found

    def reveal_alternatives(self, state: OctocubeState,
                            observed: OctocubeObservation) -> list[tuple[tuple[Any, Any], ...]]:
        """A cube holding a tile nobody saw has just gone home, onto a board read as piles (seen
        from above, a second tile of a kind shows nothing new, nor a second coin): if it was
        scored, it may be any kind read on that board now (``prepare`` names it only when exactly
        one new kind arrived). One alternative per unseen face and kind; the Score each makes
        possible competes with the chains that leave the tile on the cube, which look the same,
        so the players are asked (bench seed 72424: Blue scored an unseen light blue amphora onto
        a board that held one; the only chain left kept it on the cube, and the game derailed).
        A board whose tiles are counted: any kind that arrived (the unseen tile may be the one
        scored beside a known face of its kind)."""
        found: list[tuple[tuple[Any, Any], ...]] = []
        for cube in state.cubes:
            unknown = [f for f, t in cube.faces.items() if t is UNKNOWN]
            got = observed.cubes.get(cube.seat)
            board = observed.boards.get(cube.seat)
            if not unknown or got is None or board is None or cube.location is None or got.location is not None:
                continue
            have = state.boards[cube.seat]
            arrived = set(_multiset_diff(sorted(t.label() for t in board.tiles),
                                         sorted(t.label() for t in have.object_tiles()))[0])
            if board.tiles_counted and board.slots is not None:
                # a kids board: a Retrieve needs every face named before it, so a kind that
                # arrived, the only option, was taken unasked, though it may be the known face's
                # tile placed first (kids bench seed 61642 through the pixels: the unseen white
                # starfish named a dark blue pearl, lost at move 26). Every name is asked now
                # (``doubt_named``), so what may be it is offered: a kind placed on the board, a
                # coin into an uncounted pile, or a second tile of a known face's kind among the
                # leftovers (61642 move 134: the unseen north face a light blue amphora like the
                # east face, both left over; named a coin unasked, A1's stack one tile short,
                # lost at move 153)
                kinds = arrived | {t.label() for t in cube.faces.values() if t is not None and t is not UNKNOWN}
                # or the top of a leftover stack (kids 61674: the unseen bottom face, a light blue
                # diamond, left over on top of two white pearls)
                kinds |= {top.tile.label() for loc, top in observed.tops.items()
                          if top.tile is not None and top.tile.collectible and state.stacks.get(loc)
                          and state.stacks[loc][-1] is not UNKNOWN and state.stacks[loc][-1] != top.tile}
            elif board.tiles_counted:
                # counted, a tile that arrived is new; ``prepare`` names the unseen tile only when
                # one arrived that no known face holds, but a known face of the same kind may have
                # stayed on the cube while the unseen one was scored (advanced seed 61502: south
                # and the unseen west both light blue sextants, (top, west) scored; taken as
                # (top, south) with no question, the cube's faces were wrong from then on, 447
                # moves lost with perfect readings)
                kinds = arrived
            else:
                kinds = {t.label() for t in board.tiles}
            if board.coins and (not board.coins_counted or board.coins > have.coins):
                kinds.add("coin")
            tiles = [t for t in state.unaccounted_tiles() if t.label() in kinds]
            if board.slots is not None and len(unknown) == 1 and self.kids_offer_every_tile:
                # the players hold that tile and are asked anyway: every tile it may be is
                # offered, the likely ones first, so that "none of these" never loses the game
                # (kids 61679: a white starfish offered while the tile was still in Red's hand,
                # "none of these" twice, and the recovery that followed lost the game at move 61)
                tiles += [t for t in state.unaccounted_tiles() if t.label() not in kinds]
            if board.slots is not None and len(unknown) > 1:
                # a kids Retrieve needs every face named at once (kids seed 61675: two tiles
                # nobody saw, one named at a time, and no chain could be formed: lost at move 83)
                named = itertools.product(*([(("cube", cube.seat, face), tile) for tile in tiles] for face in unknown))
                found.extend(tuple(choice) for choice in itertools.islice(named, self.kids_named_at_once))
            else:
                found.extend(((("cube", cube.seat, face), tile),) for face in unknown for tile in tiles)
                known = {t.label() for t in cube.faces.values() if t is not None and t is not UNKNOWN}
                if len(unknown) > 1 and len(arrived - known) > 1:
                    # two new kinds no known face holds: two unseen faces may have been scored
                    # (one new kind: one face named at a time, the other left unseen)
                    found.extend(self._named_in_pairs(cube.seat, unknown, tiles, arrived))
                if len(unknown) > 1 and not board.tiles_counted:
                    # piles seen from above: one new kind may be two unseen faces alike
                    found.extend(self._named_alike_in_pairs(state, cube.seat, unknown, tiles, arrived - known))
        return found + self._taken_unseen_tops(state, observed)

    def _named_in_pairs(self, seat: int, unknown: list[str], tiles: list[Tile],
                        arrived: set[str]) -> list[tuple[tuple[Any, Any], ...]]:
        """Two unseen faces of ``seat``'s cube named at once, each as a kind in ``tiles`` (the
        kinds that arrived on the board first; at most :attr:`kids_named_at_once` per pair): a
        Score that took both needs both named. Advanced bench seed 72545 through the pixels (tilt
        28.9, lamp): Blue scored four tiles, two of them from faces nobody saw; one face named
        at a time formed no chain, "no legal move explains the table" was raised, and the game
        was lost from move 100."""
        kinds: dict[str, Tile] = {}
        for tile in sorted(tiles, key=lambda t: t.label() not in arrived):
            kinds.setdefault(tile.label(), tile)
        found: list[tuple[tuple[Any, Any], ...]] = []
        for pair in itertools.combinations(unknown, 2):
            named = itertools.product(*([(("cube", seat, face), tile) for tile in kinds.values()] for face in pair))
            found.extend(tuple(choice) for choice in itertools.islice(named, self.kids_named_at_once))
        return found

    @staticmethod
    def _named_alike_in_pairs(state: OctocubeState, seat: int, unknown: list[str], tiles: list[Tile],
                              kinds: set[str]) -> list[tuple[tuple[Any, Any], ...]]:
        """Two unseen faces of ``seat``'s cube named at once as one kind of ``kinds`` (new on a
        board read as piles, where two tiles alike show as one), where two such tiles are still
        unaccounted for. Fresh steep bench seed 72599 through the pixels (tilt 34.3, daylight):
        Purple scored its bottom and north faces, two light blue amphoras nobody had seen, onto
        a board that showed one light blue amphora; only one face named at a time was offered,
        the players said none of these, and the game was lost from move 57."""
        found: list[tuple[tuple[Any, Any], ...]] = []
        counts = state.tile_counts()
        for tile in tiles:
            if tile.label() not in kinds or TILE_COUNTS[tile] - counts.get(tile, 0) < 2:
                continue
            for pair in itertools.combinations(unknown, 2):
                found.append(tuple((("cube", seat, face), tile) for face in pair))
        return found

    def _taken_unseen_tops(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[tuple[Any, Any], ...]]:
        """A stack top nobody has named beside the mover's cube, taken onto the mover's board by
        power F (swapped for a board tile): it is a kind that arrived on that board. Advanced
        bench seed 72503 through the pixels (tilt 21.7, lamp): Yellow rolled off A4, whose top (a
        light blue amphora) was read too unsure to name; power F then took it home for a light
        blue starfish. F needs the tile's name, so no chain could be formed, "tiles appeared on
        Yellow's board without a Score" was raised, and the game was lost from move 199."""
        mover = state.current_player()
        if not 0 <= mover < len(state.cubes):
            return []
        cube, board = state.cubes[mover], observed.boards.get(mover)
        if cube.location is None or board is None:
            return []
        unseen = [x for x in state.game.grid.neighbours[cube.location]
                  if x not in state.occupied and state.stacks.get(x) and state.stacks[x][-1] is UNKNOWN]
        if not unseen:
            return []
        have = state.boards[mover]
        if board.tiles_counted:
            arrived = set(_multiset_diff(sorted(t.label() for t in board.tiles),
                                         sorted(t.label() for t in have.object_tiles()))[0])
        else:
            # piles seen from above: a second tile of a kind the board held shows nothing new, so
            # every kind read there may be the one taken, the new ones first (fresh steep 72564
            # through the pixels, tilt 29.5: Yellow took a dark blue starfish, a kind its board
            # held, from C2; only a coin was offered, named unasked, and Yellow's coins were
            # one too many from then on: lost from move 200)
            held = {t.label() for t in have.object_tiles()}
            arrived = {t.label() for t in board.tiles}
            order = {label: label in held for label in arrived}
        # or a coin onto a pile the camera does not count (fresh steep bench seed 72550 through
        # the pixels, tilt 28.4: Red rolled off C2, whose coin was read at 0.57, then took it
        # with power F for its only green amphora; no coin was offered, "tiles left Red's board"
        # was raised and the game was lost from move 313)
        if board.coins and (not board.coins_counted or board.coins > have.coins):
            arrived.add("coin")
        kinds = {t.label(): t for t in reversed(state.unaccounted_tiles()) if t.kind == "object" and t.label() in arrived}
        tiles = sorted(kinds.values(), key=lambda t: t.label())  # one alternative a kind: alike tiles are one
        if not board.tiles_counted:
            tiles.sort(key=lambda t: order[t.label()])
        coin = next((t for t in state.unaccounted_tiles() if t.kind == "coin"), None)
        if coin is not None and "coin" in arrived:
            tiles.append(coin)  # one alternative: every coin is alike
        return [((loc, tile),) for loc in unseen for tile in tiles]

    def doubt_named(self, state: OctocubeState, reveals: tuple[tuple[Any, Any], ...]) -> str:
        """A kids cube's tile nobody saw, named for its Retrieve from what it may be: the true one
        may be another (it shows only when placed), so the players confirm it."""
        if state.mode == "kids" and any(isinstance(where, tuple) and where[:1] == ("cube",) for where, _ in reveals):
            return "the tile nobody saw on a kids cube is named from what it may be"
        if any(isinstance(where, tuple) and where and isinstance(where[0], int) for where, _ in reveals):
            # a stack top nobody named, taken with power F (:meth:`_taken_unseen_tops`): named from
            # what the board shows, where a second tile of a kind or a coin shows nothing new
            return "the tile taken from a stack nobody had named is named from what the board shows"
        return ""

    def reveals(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Any, Any]]:
        found: list[tuple[Any, Any]] = []
        final = final_score_shown(state)
        for loc, stack in state.stacks.items():
            if not stack or stack[-1] is not UNKNOWN or (loc in state.occupied and not final):
                continue
            reading = observed.tops.get(loc)
            if (reading is not None and not reading.covered and reading.tile is not None
                    and reading.tile.collectible and reading.confidence >= self.reveal_confidence
                    and not (isinstance(reading, ChangedTopReading)
                             and reading.named_confidence < self.reveal_confidence)):
                found.append((loc, reading.tile))
        if final:
            return found + self._final_reveals(state, observed)
        for cube in state.cubes:
            cube_reading = observed.cubes.get(cube.seat)
            if (cube.faces["top"] is UNKNOWN and cube_reading is not None and cube_reading.top is not None
                    and cube_reading.top.collectible and cube_reading.confidence >= self.reveal_confidence):
                found.append((("cube", cube.seat, "top"), cube_reading.top))
        return found

    def final_question(self, state: OctocubeState) -> Question | None:
        """A finished game whose last Score needs a tile on a cube that nobody saw (picked up while
        a stack top was hidden behind a cube, and not told by the boards at the end: a tile put on
        a space that already held one like it): which tile is it? Each option reveals one tile
        the position still has a copy of. (Fresh bench games 72302, 72304, 72313: every move
        followed, yet no score could be counted.)"""
        from rules.octocube.unknowns import UnrevealedTileError

        if not state.is_terminal():
            return None
        try:
            state.score_breakdown()
            return None
        except UnrevealedTileError:
            pass
        faces = [u for u in state.unknowns() if isinstance(u, tuple) and len(u) == 3 and u[0] == "cube"]
        if not faces:
            return None
        where = faces[0]
        _, seat, face = where
        tiles = state.unaccounted_tiles()
        if not tiles:
            return None
        return Question(
            prompt=(f"The game is over: which tile is on the {face} face of {player_name(seat)}'s cube? "
                    "The camera never saw it, and the final Score counts it"),
            options=tuple(() for _ in tiles),
            option_texts=tuple(tile_words(t) for t in tiles),
            reveals_after=tuple(((where, t),) for t in tiles),
        )

    def _final_reveals(self, state: OctocubeState, observed: OctocubeObservation) -> list[tuple[Any, Any]]:
        """A finished advanced game: the cubes' tiles lie on the boards for the last Score; the
        ones nobody saw (picked up under another cube by powers E and G) are what lies there
        beyond the known ones, when the board tells exactly which."""
        found: list[tuple[Any, Any]] = []
        for cube in state.cubes:
            unknown = [f for f, t in cube.faces.items() if t is UNKNOWN]
            board = observed.boards.get(cube.seat)
            if not unknown or board is None or board.confidence < self.reveal_confidence:
                continue
            have = state.boards[cube.seat]
            known = [t for t in cube.faces.values() if t is not None and t is not UNKNOWN]
            mine = sorted([t.label() for t in have.object_tiles()] + [t.label() for t in known if t.kind == "object"])
            coins = have.coins + sum(1 for t in known if t.kind == "coin")
            if board.tiles_counted:
                arrived, _ = _multiset_diff(sorted(t.label() for t in board.tiles), mine)
            else:  # piles seen from above: only kinds that were not there before are new
                arrived = sorted({t.label() for t in board.tiles} - set(mine))
            if board.coins_counted:
                arrived += ["coin"] * max(0, board.coins - coins)
            elif board.coins and not coins:
                arrived.append("coin")
            if len(arrived) == len(unknown):
                found.extend((("cube", cube.seat, face), tile_from_label(label))
                             for face, label in zip(unknown, arrived, strict=True))
        return found

    # ------------------------------------------------------------------ diagnosis
    def diagnose(self, state: OctocubeState, observed: OctocubeObservation,
                 differences: Sequence[Difference]) -> str:
        here = self.expected(state)
        seat = state.current_player()
        reasons: list[str] = []
        moved = [s for s, want in here.cubes.items()
                 if (got := observed.cubes.get(s)) is not None and got.location != want.location]
        for s in moved:
            want, got = here.cubes[s], observed.cubes[s]
            who = player_name(s)
            if s != seat and seat >= 0:
                reasons.append(f"{who} moved out of turn (it is {player_name(seat)}'s turn)")
                continue
            if want.location is not None and got.location is not None:
                dr = abs(want.location[0] - got.location[0])
                dc = abs(want.location[1] - got.location[1])
                if dr and dc:
                    reasons.append(f"{who}'s cube moved diagonally ({location_label(want.location)} to "
                                   f"{location_label(got.location)}); a roll goes one space north, south, east or west")
                elif dr + dc >= 2:
                    reasons.append(f"{who}'s cube moved {dr + dc} spaces ({location_label(want.location)} to "
                                   f"{location_label(got.location)}); a roll moves one space")
            elif want.location is None and got.location is not None:
                if got.location not in state.game.grid.edge:
                    reasons.append(f"{who}'s cube was put on {location_label(got.location)}, which is not an edge space")
        cube_locs = {c.location for c in here.cubes.values()} | {
            c.location for c in observed.cubes.values()}
        for loc, want in here.tops.items():
            reading = observed.tops.get(loc)
            if reading is None or want is COVERED or reading.covered or loc in cube_locs:
                continue
            height = here.heights.get(loc)
            if reading.height is not None and height is not None and reading.height < height and want is not None:
                reasons.append(f"a tile left stack {location_label(loc)} with no cube on it")
                continue
            if want is UNKNOWN:
                if self._unseen_top_left(reading, height):
                    reasons.append(f"a tile left stack {location_label(loc)} with no cube on it")
                continue
            if not here.letters_matter and reading.tile is not None and want is not None \
                    and reading.tile.kind == "abyss" and want.kind == "abyss":
                continue  # only the letter differs, and letters do not matter in this game
            if reading.tile != want and _weight(reading.confidence) * self._nothing_either(
                    here, want, reading.tile) < self.doubtful_reason:
                continue  # too doubtful a reading to name as the reason
            if reading.tile != want:
                if want is not None and reading.tile is None:
                    reasons.append(f"a tile left stack {location_label(loc)} with no cube on it")
                elif want is not None:
                    reasons.append(f"a tile left stack {location_label(loc)} with no cube on it "
                                   f"(it now shows {_words(reading.tile)}, was {_words(want)})")
                else:
                    reasons.append(f"{_words(reading.tile)} appeared on {location_label(loc)}")
        for s, board_want in here.boards.items():
            board_got = observed.boards.get(s)
            if board_got is None or s in moved:
                continue
            seen, wanted = _board_as_read(board_got), _board_as_read(board_got, board_want)
            extra, missing = _multiset_diff(seen.tiles, wanted.tiles)
            if extra or seen.coins > wanted.coins:
                reasons.append(f"tiles appeared on {player_name(s)}'s board without a Score")
            elif missing or seen.coins < wanted.coins:
                reasons.append(f"tiles left {player_name(s)}'s board")
        if not reasons:
            if not differences:
                return "no legal move explains the table"
            worst = sorted(differences, key=lambda d: -d.weight)[:3]
            return "no legal move explains the table: " + "; ".join(d.description for d in worst)
        return "; ".join(dict.fromkeys(reasons))

    # ------------------------------------------------------------------ same table
    widen_tops = True
    """Whether :meth:`widened` widens stack tops at all (False: no second look, as before)."""
    widened_weight = 0.3
    """How much a widened stack top (:meth:`widened`) counts where a chain expects one of its near
    neighbours there, or a cube wearing one: a doubtful reading. With a missed cube's own top
    (:attr:`missed_cube_top_weight`) it stays within the inference's tolerance (0.6)."""

    def widened(self, state: OctocubeState, observed: OctocubeObservation) -> OctocubeObservation | None:
        """The scene with each stack top read plainly as an object tile that the view of ``state``
        does not show there (a tile where a cube or another tile was expected) standing also for
        its near neighbours (:class:`WidenedTopReading`, :func:`near_neighbours`); None where no
        such top was read. Asked once the players said none of a question's options happened (or
        no legal move explained the scene), never confirmed unasked (:mod:`tracker.session`).
        Fresh whole taught game 72770 (printing 997881, tilt 13.6), change 140: Purple placed its
        cube on A4 wearing a dark blue amphora turned 270; the cube was not found and the stack
        reader, which reads tops upright only, read A4 a dark blue pearl, the tile on the cube's
        bottom face: every option turned the top face down, the players rejected them, and with
        no second look the true placement was never offered again (lost from move 141)."""
        if not self.widen_tops:
            return None
        here = self.expected(state)
        tops = dict(observed.tops)
        for loc, reading in observed.tops.items():
            want = here.tops.get(loc)
            if type(reading) is not StackTopReading or reading.covered or reading.tile is None \
                    or want is UNKNOWN or reading.tile == want:
                continue  # a hidden top's own reading (hidden_tops.py), or nothing new
            neighbours = near_neighbours(reading.tile)
            if neighbours:
                tops[loc] = WidenedTopReading(loc, reading.tile, reading.confidence, reading.covered, reading.height,
                                              reading.fingerprint, stands_for=neighbours)
        if not any(isinstance(r, WidenedTopReading) for r in tops.values()):
            return None
        return replace(observed, tops=tops)

    def same_scene(self, first: OctocubeObservation, second: OctocubeObservation) -> bool:
        """The same stack tops, cube places and top tiles (with rotation) and boards, whatever
        the confidences of the readings."""
        def tops(o: OctocubeObservation) -> dict[Any, Any]:
            return {loc: (r.tile, r.covered) for loc, r in o.tops.items()}

        def cubes(o: OctocubeObservation) -> dict[Any, Any]:
            return {s: (r.location, r.top, r.rotation) for s, r in o.cubes.items()}

        def boards(o: OctocubeObservation) -> dict[Any, Any]:
            return {s: (sorted(t.label() for t in r.tiles), r.coins) for s, r in o.boards.items()}

        return tops(first) == tops(second) and cubes(first) == cubes(second) and boards(first) == boards(second)

    # ------------------------------------------------------------------ words
    def player_name(self, seat: int) -> str:
        return player_name(seat)

    def location_words(self, location: Any) -> str:
        if isinstance(location, tuple) and len(location) == 2 and all(isinstance(v, int) for v in location):
            return location_label(location)
        if isinstance(location, tuple) and len(location) == 3 and location[0] == "cube":
            return f"the {location[2]} face of {player_name(location[1])}'s cube"  # not the raw tuple
        return str(location)

    def value_words(self, value: Any) -> str:
        return tile_words(value)


_LABELS: dict[Location, str] = {}


@functools.cache
def _grid_locations(size: int) -> tuple[Location, ...]:
    """Every grid location, row by row (the order views list them in)."""
    return tuple((row, col) for row in range(size) for col in range(size))


def _label(loc: Location) -> str:
    """location_label, remembered (differences names every location it compares)."""
    label = _LABELS.get(loc)
    if label is None:
        label = _LABELS[loc] = location_label(loc)
    return label


def _looks_the_same(after: OctocubeView, here: OctocubeView) -> bool:
    """``after`` shows nothing new compared with ``here``: equal, except that a tile nobody has
    seen yet (a power E turned it onto the top of a cube) may be the very tile shown before."""
    if after == here:
        return True
    if after.tops != here.tops or after.boards != here.boards or after.cubes.keys() != here.cubes.keys():
        return False
    for seat, view in after.cubes.items():
        was = here.cubes[seat]
        if view == was:
            continue
        if view.location != was.location or view.top is not UNKNOWN or was.top is None:
            return False
    return True


def _shows(after: OctocubeView, here: OctocubeView) -> bool:
    """``after`` differs from ``here`` in what the camera could see: not only in the turn of a
    cube top nobody has named (the recogniser cannot say it turned)."""
    if _looks_the_same(after, here):
        return False
    if after.tops != here.tops or after.boards != here.boards or after.cubes.keys() != here.cubes.keys():
        return True
    for seat, view in after.cubes.items():
        was = here.cubes[seat]
        if view != was and (view.location != was.location or view.top is not UNKNOWN or was.top is not UNKNOWN):
            return True
    return False


def _only_turned(after: OctocubeView, here: OctocubeView, seat: int, top_unread: bool = False,
                 unsure: Collection[Location] = (), boards: Mapping[int, BoardReading] | None = None) -> bool:
    """``after`` differs from ``here`` only in the rotation of the tile on top of ``seat``'s
    cube (a pivot in place, seen only through that tile's rotation); with ``top_unread``, or in
    that tile itself (the cube stays where it stood); in the stack tops at ``unsure``; and,
    given ``boards`` (the readings), in what those board readings cannot see."""
    mine, was = after.cubes.get(seat), here.cubes.get(seat)
    if mine is None or was is None or mine.location != was.location or (mine.top != was.top and not top_unread):
        return False
    if after.tops != here.tops and (after.tops.keys() != here.tops.keys() or any(
            top != here.tops[loc] and loc not in unsure for loc, top in after.tops.items())):
        return False
    alike = after.boards == here.boards or (boards is not None and bool(unsure)
                                            and _boards_read_alike(after, here, boards))
    return alike and {s: v for s, v in after.cubes.items() if s != seat} == {s: v for s, v in here.cubes.items()
                                                                              if s != seat}


def _boards_read_alike(after: OctocubeView, here: OctocubeView, boards: Mapping[int, BoardReading]) -> bool:
    """``after``'s boards look like ``here``'s to a camera that reads them as ``boards`` were: where a
    reading does not count identical tiles (from above a space shows its top tile) a swap that
    keeps every kind on the board does not show, nor, where coins are not counted, one coin more
    on a pile (advanced bench seed 72550 through the pixels, tilt 28.4: Red swapped the white
    starfish on D2 for one of two white pearls with power F, D2's new top read at 0.37, then
    Yellow swapped a tile too; only chains leaving Red's board as it was were offered, the
    players said none of these, and the game was lost from move 282)."""
    if after.boards.keys() != here.boards.keys():
        return False
    for seat, view in after.boards.items():
        was, got = here.boards[seat], boards.get(seat)
        if view == was:
            continue
        if got is None or view.slots != was.slots or view.unseen != was.unseen \
                or _board_as_read(got, view) != _board_as_read(got, was):
            return False
    return True


def _board_reads_changed(got: BoardReading, want: BoardView) -> bool:
    """``got`` shows a board other than ``want``, compared as the reading can tell: identical
    tiles on one space show once and a coin pile shows one coin when the reading did not count
    them. Compared raw, every board holding two alike tiles or several coins read "changed" in
    every scene of a taught film, so the other player seemed to have moved and the chains of a
    round after the mover's own unseen pivot were never tried (fresh taught game 72780, printing
    998161, change 152: "Yellow pivots, Red pivots, Yellow rolls" not offered, "Yellow rolls"
    confirmed with Yellow's cube turned wrong, the game lost from change 153)."""
    return _board_as_read(got) != _board_as_read(got, want)


def _only_rotation_differs(want: CubeView | None, got: Any) -> bool:
    """A cube read where it was expected, with the expected tile on top, only turned otherwise
    (a pivot in place)."""
    return (want is not None and got is not None and got.location == want.location and got.location is not None
            and got.top == want.top and want.rotation is not None and got.rotation is not None
            and got.rotation != want.rotation)


def _where(loc: Location | None) -> str:
    return f"on {location_label(loc)}" if loc is not None else "in its personal area"


def _multiset_diff(seen: Sequence[str], want: Sequence[str]) -> tuple[list[str], list[str]]:
    rest = list(want)
    extra = []
    for label in seen:
        if label in rest:
            rest.remove(label)
        else:
            extra.append(label)
    return extra, rest

