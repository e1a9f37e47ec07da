"""The seam between the generic tracker and each game: what the pipeline needs from a game.

A game's package under ``tracker/`` (``tracker/octocube`` ...) provides one :class:`TableGame`:
its rules engine, its :class:`tracker.adapter.GameAdapter`, its recognisers, what it remembers
between scenes, its overlay, its prompt, and (for the demo and the bench) its digital twin. The
generic code (:mod:`tracker.build`, :mod:`tracker.pipeline`, :mod:`tracker.session`) never imports
a game's package; it finds games through :mod:`tracker.registry`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import numpy as np

from rules.core import Game, State
from tracker.adapter import GameAdapter
from tracker.film import Change


class TrackerSetupError(ValueError):
    """A setup that cannot be built (unknown game, bad option, no twin for this game)."""


@dataclass(frozen=True)
class OverlayItem:
    label: str
    polygon: np.ndarray
    """N x 2 image pixels."""
    confidence: float


class FrameRecogniser(Protocol):
    """Turns a camera frame (:class:`hardware.camera.Frame`) into a game's observation."""

    name: str
    needs_calibration: bool
    """True when it reads pixels through the table homography (the pipeline calibrates first)."""

    def recognise(self, frame: Any) -> Any: ...


class RefusedScene(ValueError):
    """The recogniser will not read this scene as it lies (an Octo Dice die it calls cocked): the
    players either change the table (re-roll) or say the recogniser is wrong, which
    :meth:`tracker.pipeline.Pipeline.overrule` hands back to the recogniser's ``overrule(places)``
    (read those places anyway, as long as what lies there does not move). ``places`` are table mm;
    the message is the one line the players see."""

    def __init__(self, message: str, places: tuple[tuple[float, float], ...]) -> None:
        super().__init__(message)
        self.places = places


@dataclass(frozen=True)
class Misread:
    """An alarm the players may answer "the camera misread it": the scene memory saw something
    change where nothing moved (an Octo Dice die "turned by hand" that still shows its face).
    ``words``: what the players would say ("the black die at (300, 135) mm shows red 2");
    ``places``: where (table mm); ``readings``: the game's own record, handed back to the memory's
    ``misread`` (:meth:`tracker.pipeline.Pipeline.misread`), never looked into by generic code."""

    words: str
    places: tuple[tuple[float, float], ...]
    readings: tuple[Any, ...] = ()


class SceneMemory(Protocol):
    """What a game keeps of the last scene the tracker accepted to read the next one better
    (Octocube: stack heights from parallax)."""

    def annotate(self, observed: Any) -> Any:
        """``observed`` with what comparing it with the remembered scene adds."""

    def remember(self, observed: Any, expected: Any) -> None:
        """The tracker accepted ``observed``; ``expected`` is the adapter's view of its state."""

    def forget(self) -> None: ...


class Twin(Protocol):
    """The truth side of a digital-twin game (demo and bench only): the engine the simulated
    players play, the changes of the table, and their truthful answers."""

    @property
    def seed(self) -> int: ...

    @property
    def game(self) -> Game[Any]: ...

    @property
    def truth(self) -> State: ...

    @property
    def changes(self) -> list[Change]: ...

    def tracker_initial_state(self) -> State: ...

    def truthful_answer(self, question: Any, tracked_history: list[Any], upto: int | None = None) -> int | None: ...

    def moves_correct(self, tracked_history: list[Any]) -> int: ...


@dataclass(frozen=True)
class DemoFilm:
    """A digital-twin game and its film: frames (each with its truth beside it, see
    :class:`tracker.film.FilmFrame`), the frame rate, and the camera model that filmed it."""

    twin: Twin
    frames: Iterable[Any]
    fps: float
    camera: Any


@dataclass(frozen=True)
class TableSetup:
    """Everything that decides how a game is watched: the game, the camera source, and (demo) the
    digital twin's film. The CLI's ``run`` and ``demo`` and the app build one of these and hand it
    to :func:`tracker.build.build_pipeline`."""

    game: str = "octocube"
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    """The engine's options (Octocube: ``mode``)."""
    source: str = "demo"
    """'demo' (the digital twin), 'camera' (a webcam) or 'video' (a recorded film)."""
    camera_index: int = 0
    video_path: str = ""
    profile_path: str | None = None
    recogniser: str = "pixels"
    """'pixels', or (demo only) 'ground-truth': the renderer's labels, to measure the tracker alone."""
    first_player: int = 0
    """Live games: the seat that starts (the camera cannot tell)."""
    scene_memory: bool = True
    """Let the game compare each scene with the last accepted one (Octocube: stack heights)."""
    # ---- the digital twin's film (source 'demo')
    seed: int = 1
    illegal: int = 0
    moves: int = 0
    """Stop the game after this many moves (0: the whole game)."""
    tilt: float = 15.0
    lighting: str = "day"
    resolution: tuple[int, int] = (960, 540)
    film_frames: tuple[int, int, int, int] | None = (3, 1, 2, 1)
    """Still, reach, hold, retreat frames per change at 10 frames/s; None: as many as a 10 fps
    webcam sees."""
    film_fps: float = 10.0
    """Frames per second of the twin's film (30: what a webcam delivers), each phase as long in
    seconds as at 10; the demo's stillness gate then waits its 0.2 s in frames of that rate."""
    doubt: float = 0.0
    """Ground-truth recogniser: share of readings made doubtful."""
    realtime: bool = False
    pack_path: str | None = None
    """A taught copy of the game (``tablesight teach ... --out FILE``): the pixel recogniser reads
    the components by its faces instead of the built-in art."""
    art: str | None = None
    """Demo only: the art pack folder the twin draws the components with (docs/teach.md;
    vision/render/art_pack.py); None: the built-in art."""

    SOURCES: ClassVar[tuple[str, ...]] = ("demo", "camera", "video")
    RECOGNISERS: ClassVar[tuple[str, ...]] = ("pixels", "ground-truth")

    def check(self) -> None:
        """Raise :class:`TrackerSetupError` naming the first problem."""
        if self.source not in self.SOURCES:
            raise TrackerSetupError(f"camera source must be one of {', '.join(self.SOURCES)}, not {self.source!r}")
        if self.recogniser not in self.RECOGNISERS:
            raise TrackerSetupError(f"recogniser must be one of {', '.join(self.RECOGNISERS)}, not {self.recogniser!r}")
        if self.recogniser == "ground-truth" and self.source != "demo":
            raise TrackerSetupError("only the digital twin's frames carry ground truth: use the pixel recogniser")
        if self.illegal < 0 or self.moves < 0:
            raise TrackerSetupError("the number of illegal changes and of moves must not be negative")
        if not 0.0 <= self.tilt <= 45.0:
            raise TrackerSetupError(f"the camera tilt must be 0-45 degrees, not {self.tilt}")
        if not 0.0 <= self.doubt <= 1.0:
            raise TrackerSetupError(f"doubt must be 0-1, not {self.doubt}")
        if not 1.0 <= self.film_fps <= 60.0:
            raise TrackerSetupError(f"the film's frame rate must be 1-60 frames per second, not {self.film_fps}")
        w, h = self.resolution
        if w < 320 or h < 180 or w * h > 4096 * 2304:
            raise TrackerSetupError(f"resolution {w}x{h} is out of range (320x180 to 4096x2304)")
        if self.art is not None and self.source != "demo":
            raise TrackerSetupError("an art pack draws the digital twin's components: it is for the demo only")
        if self.camera_index < 0 or self.camera_index > 63:
            raise TrackerSetupError(f"camera index must be 0-63, not {self.camera_index}")
        if self.pack_path is not None and self.recogniser == "ground-truth":
            raise TrackerSetupError("a taught pack is for the pixel recogniser, not the renderer's labels")


class TableGame(ABC):
    """One game at the table, as the generic pipeline sees it."""

    name: ClassVar[str]
    reads_pixels: ClassVar[bool] = True
    """False while the game has no pixel recogniser: only the digital twin's labels can be read
    (the demo), and a camera or a video is refused with the reason."""
    reads_ahead: ClassVar[bool] = False
    """Read each scene on the stillness gate's last quiet frame before it settles (``Pipeline``'s
    ``read_ahead``): for a game whose read is short and whose players wait for it (a roll shown)."""
    demo_resolution: ClassVar[tuple[int, int]] = (960, 540)
    """The digital twin's camera when nobody chooses one: enough pixels for this game's
    recogniser (Octo Dice's dice need more than Octocube's tiles)."""

    @abstractmethod
    def new_game(self, setup: TableSetup) -> Game[Any]:
        """The rules engine's game for ``setup`` (players, options); raises on bad options."""

    @abstractmethod
    def unseen_state(self, game: Game[Any], setup: TableSetup) -> State:
        """A live game's start: what the rules know before the camera has seen anything."""

    @abstractmethod
    def adapter(self, game: Game[Any]) -> GameAdapter[Any, Any]:
        """The game's half of move inference."""

    @abstractmethod
    def pixel_recogniser(self, game: Game[Any], *, camera: Any = None,
                         profile_of: Any = None, pack: Any = None) -> FrameRecogniser:
        """Reads frames: through ``camera`` (the twin's exact camera model) when given, else
        through the pipeline's calibration (``profile_of()`` returns the current profile).
        ``pack``: a taught copy (``vision.pack.Pack``) to read the components by; a game with
        nothing to teach refuses one."""

    def truth_recogniser(self, game: Game[Any], truth_of: Any, setup: TableSetup) -> FrameRecogniser:
        """Demo only: reads the renderer's labels (``truth_of(frame)``) instead of the pixels."""
        raise TrackerSetupError(f"{self.name} has no ground-truth recogniser")

    def demo_film(self, setup: TableSetup) -> DemoFilm:
        """Demo and bench: a seeded digital-twin game and its film."""
        raise TrackerSetupError(f"{self.name} has no digital-twin demo yet")

    def scene_memory(self, setup: TableSetup) -> SceneMemory | None:
        """What to remember between scenes; None: nothing."""
        return None

    def overlay(self, observed: Any, profile: Any) -> list[OverlayItem]:
        """Boxes (image pixels) for what was recognised; empty by default."""
        return []

    @abstractmethod
    def prompt(self, state: State) -> str:
        """Whose turn it is and what they may do, in plain (English) words."""
