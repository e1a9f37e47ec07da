"""What the Octocube recogniser reports for one still scene: the contract between vision/ and
tracker/. Every reading carries a confidence in [0, 1]; the tracker weighs doubtful readings
less and never lets a single doubtful one decide a move on its own."""

from __future__ import annotations

from functools import cached_property
from dataclasses import dataclass, field
from typing import Any

from rules.octocube.components import Location, Tile


@dataclass(frozen=True)
class StackTopReading:
    """The top of the stack at a grid location, as seen from above."""

    location: Location
    tile: Tile | None
    """The visible top tile (object, coin or abyss with its letter); ``None`` when the location
    holds nothing (it stopped being a space) or a cube stands on it (see ``covered``)."""
    confidence: float
    covered: bool = False
    """A cube stands here, so the top tile cannot be seen."""
    height: int | None = None
    """Number of tiles in the stack when it can be estimated, else None. One image cannot tell
    it; the tracker sets it from two scenes (see ``fingerprint``)."""
    fingerprint: Any = field(default=None, compare=False, repr=False)
    """Grey image (numpy uint8) of the top at the stack plane, for comparing the same location
    between two still scenes (vision/octocube/heights.py); None when not sampled. Pixels, not
    a reading: not compared, not shown, not logged."""
    parallax_mm: tuple[float, float] | None = field(default=None, compare=False, repr=False)
    """How far (table mm, in the fingerprint's frame) the top's image moves per tile of extra
    stack height at this location, from the camera geometry; None when not known."""
    unhidden_confidence: float | None = field(default=None, compare=False, repr=False)
    """The reading's confidence before a found cube that leans over this top discounted it (the
    hiding is estimated for middling stacks, so a top on a tall stack behind a cube on a low one
    is often read right all the same); None when nothing discounted it. The tracker trusts it
    only where a scene it accepted read the top right under the same hiding
    (tracker/octocube/hidden_tops.py)."""
    fingerprint_seen: Any = field(default=None, compare=False, repr=False)
    """Where ``unhidden_confidence`` is set (a found cube leans over this top): a uint8 mask the
    size of ``fingerprint``, 255 where the fingerprint shows this stack rather than the found
    cubes in front of it (their outlines on a middling stack); None elsewhere. The tracker
    compares only that visible part of a top whose hiding did not change between two scenes
    (tracker/octocube/hidden_tops.py)."""


@dataclass(frozen=True)
class CubeReading:
    """One octopus cube, identified by its player colour (seat)."""

    seat: int
    location: Location | None
    """Grid location, or ``None`` when the cube is in its player's personal area."""
    top: Tile | None
    """The tile on the cube's top face; ``None`` for bare metal."""
    confidence: float
    rotation: int | None = None
    """In-plane rotation of the top tile in degrees (0, 90, 180, 270; 0 = upright as printed,
    its top towards table north) when a tile is on top, else None."""
    place_confidence: float | None = None
    """How sure the cube's place alone is, when it is surer than the whole reading
    (``confidence`` also covers the top tile): under a steep tilt a cube standing behind another
    shows its colour clearly but its top face hardly at all. None: as ``confidence``."""

    turn_axis_confidence: float | None = None
    """How sure the top tile's turn is up to a half turn (whether its top points along the
    north-south or the east-west axis: 0 or 180 against 90 or 270), when surer than the whole
    reading: a glyph that looks alike turned half round (a starfish) leaves the whole turn, and
    so ``confidence``, doubtful while a quarter turn off would be told surely, and a pivot of 90
    or 270 degrees must not look like a doubtful reading (taught game 72783). None: as
    ``confidence``."""

    turn_alone_confidence: float | None = None
    """How sure the reader is of the top tile's turn alone, its tile taken as read (the fine
    stage's best turn against its next best), where ``confidence`` also holds the doubt between
    alike tiles (a dark blue pearl against the dark blue starfish): a tracker that expects that
    very tile there may weigh the turn by this. None: not weighed apart."""
    turn_axis_alone_confidence: float | None = None
    """As ``turn_alone_confidence``, the turn up to a half turn (``turn_axis_confidence``'s axis)."""
    top_alone_confidence: float | None = None
    """How sure the reader is of the top itself (which tile, or bare metal) with the turn's doubt
    left out, where ``confidence`` also holds it (the fine stage's certainty times its turn-alone
    certainty): a starfish alike turned half round is a sure tile with a doubtful turn, and the
    turn has no say in whether the top wears a tile at all (taught game 72829, move 50). None: as
    ``confidence``."""

    @property
    def top_weight_confidence(self) -> float:
        """The confidence that weighs a tile read on top against a bare top (or the reverse): the
        top itself, its turn's doubt left out (``top_alone_confidence``), never below ``confidence``."""
        return self.confidence if self.top_alone_confidence is None else max(self.confidence,
                                                                               self.top_alone_confidence)

    def turn_alone_weight_confidence(self, other_rotation: int) -> float | None:
        """The turn's own confidence against ``other_rotation`` (degrees), its tile taken as read:
        a quarter turn off by the surer of ``turn_axis_alone_confidence`` and
        ``turn_alone_confidence``, a half turn off by ``turn_alone_confidence``; None: not weighed apart."""
        if self.turn_alone_confidence is None or self.rotation is None:
            return None
        if (self.rotation - other_rotation) % 180 == 90 and self.turn_axis_alone_confidence is not None:
            return max(self.turn_alone_confidence, self.turn_axis_alone_confidence)
        return self.turn_alone_confidence

    @property
    def place_weight_confidence(self) -> float:
        """The confidence that weighs where the cube stands (and the stack it covers)."""
        return self.confidence if self.place_confidence is None else self.place_confidence

    def turn_weight_confidence(self, other_rotation: int) -> float:
        """The confidence that weighs this reading's top turn against ``other_rotation`` (degrees):
        a quarter turn off (90 or 270) by ``turn_axis_confidence``, never below ``confidence``
        (sure of the whole turn is sure of its axis); a half turn off by ``confidence``."""
        if self.turn_axis_confidence is None or self.rotation is None \
                or (self.rotation - other_rotation) % 180 != 90:
            return self.confidence
        return max(self.confidence, self.turn_axis_confidence)


@dataclass(frozen=True)
class BoardReading:
    """What lies on and beside one player's board."""

    seat: int
    tiles: tuple[Tile, ...]
    """Object tiles on the board (kids mode: in board-space order where a space is filled)."""
    coins: int
    confidence: float
    coins_counted: bool = True
    """False when ``coins`` only says whether a coin pile lies beside the board (1) or not (0):
    seen from above, a pile shows its top coin, not how many lie under it."""
    tiles_counted: bool = True
    """False when identical tiles stacked on one board space are reported once: from above only
    the top tile of a space shows."""
    slots: tuple[Tile | None, ...] | None = None
    """Kids side: the tile on each of the 16 board spaces (None: empty), in the engine's slot
    order; None when the board is read standard side up."""
    coins_fingerprint: Any = field(default=None, compare=False, repr=False)
    """Grey image (numpy uint8) of the coin pile's top beside the board, as ``StackTopReading``'s
    ``fingerprint``: one image cannot count a pile, two scenes of the same camera can (the pile does
    not move when a coin is put on it, its top's image slides along ``coins_parallax_mm`` per coin;
    tracker/octocube/stack_heights.py ``StackHeightsConfig.count_coins``). None: no pile seen or
    not sampled. Pixels, not a reading: not compared, not shown, not logged."""
    coins_parallax_mm: tuple[float, float] | None = field(default=None, compare=False, repr=False)
    """How far (table mm, in the fingerprint's frame) the pile top's image moves per coin (a coin
    is a tile's thickness) at the pile's place; None when not known."""

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """The tiles' labels, sorted: what the tracker compares with every chain it weighs."""
        return tuple(sorted(t.label() for t in self.tiles))


@dataclass
class OctocubeObservation:
    tops: dict[Location, StackTopReading] = field(default_factory=dict)
    cubes: dict[int, CubeReading] = field(default_factory=dict)
    """By seat; a seat whose cube is not found at all is absent."""
    boards: dict[int, BoardReading] = field(default_factory=dict)
    occluded: bool = False
    """A hand or another object hides part of the play area: not a scene to read."""
    timings_ms: dict[str, float] = field(default_factory=dict)
    """Per-stage recognition times (rectify, tops, cubes, boards ...)."""
    familiarity: float = 1.0
    """Share of the visible stack tops that look like a face of the copy the recogniser knows
    (its taught pack, or the built-in art): near 0 for a printing it was never taught."""
    unknown_copy: str | None = None
    """Set (a sentence for the players) when the tiles look like no copy the recogniser knows:
    the scene is not one to track, the players should teach their copy."""
