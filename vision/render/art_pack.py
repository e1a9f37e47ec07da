"""Art packs: the twin's components drawn from a folder of images instead of the built-in art,
so that the recognisers can be checked (and trained) on printings they were never drawn with.

A pack is a folder with ``octocube/<name>.png`` and ``open_season/<name>.png``, one PNG per
face, any size; the names are ``calibration.teach_sheet.face_names`` (issue 20): Octocube
``<colour>-<object>``, ``coin``, ``back``, ``abyss``, ``abyss-<A..I>``, ``cube-<colour>``
(the bare face of a player's cube); Open Season ``<people>-<attribute>`` and ``back``.
Octocube images are square; Open Season images are square or card-shaped (44 x 68), stretched
onto the card. A missing file falls back to the built-in art. An optional ``art.json``
(``{"gloss": 0.3}``) says how glossy the print is.

The pack reaches the renderer inside the sprite keys: :func:`with_art` rewrites a scene's keys to
``("art", pack, original_key)``; the ``art`` art module draws them (``draw``), so the renderer,
its caches and every scene builder stay as they are, and no global state says which pack is on.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import cv2
import numpy as np

from calibration.teach_sheet import face_names
from vision.render import sprites as sp
from vision.render.scene import Scene, SpriteKey

ART_GAMES: tuple[str, ...] = ("octocube", "open_season")
MIN_SIDE_PX = 16
MAX_SIDE_PX = 4096
CARD_ASPECT = 44.0 / 68.0
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PAPER_BGR = np.array([236, 240, 243], np.float32)
"""What a transparent pixel of a face prints as (white card)."""


class ArtPackError(ValueError):
    """An art pack cannot be used; the message names the file and the problem (one line)."""


@dataclass(frozen=True, eq=False)
class ArtPack:
    """The faces of one printing, as BGRA uint8 images (read-only), keyed by (game, name).
    Equal and hashed by content (``digest``), so sprite caches keep one copy per pack."""

    root: str
    faces: Mapping[tuple[str, str], np.ndarray] = field(repr=False)
    gloss: float = 0.0
    digest: str = ""

    def __hash__(self) -> int:
        return hash(self.digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArtPack) and other.digest == self.digest

    def __reduce__(self) -> tuple[Any, ...]:
        """Picklable (process pools): the read-only mapping is rebuilt on the other side."""
        return (_rebuild, (self.root, dict(self.faces), self.gloss, self.digest))

    def face(self, game: str, name: str) -> np.ndarray | None:
        return self.faces.get((game, name))

    def names(self, game: str) -> tuple[str, ...]:
        return tuple(n for g, n in self.faces if g == game)

    @classmethod
    def from_faces(cls, faces: Mapping[str, Mapping[str, np.ndarray]], gloss: float = 0.0,
                   name: str = "in memory") -> ArtPack:
        """A pack from images already in memory (``{game: {face name: BGR or BGRA image}}``),
        e.g. a random printing for training without writing PNGs; checked like ``load``."""
        out: dict[tuple[str, str], np.ndarray] = {}
        for game, by_name in faces.items():
            if game not in ART_GAMES:
                raise ArtPackError(f"no art for game {game!r}: art packs draw {', '.join(ART_GAMES)}")
            for face, img in sorted(by_name.items()):
                if face not in face_names(game):
                    raise ArtPackError(f"{game}/{face}: no {game} face is called {face!r}")
                ok, png = cv2.imencode(".png", img)
                if not ok:
                    raise ArtPackError(f"{game}/{face}: not an image")
                out[(game, face)] = _decode(Path(f"{name}/{game}/{face}.png"), png.tobytes(), game)
        if not 0.0 <= gloss <= 1.0:
            raise ArtPackError(f"{name}: gloss must be 0 to 1, not {gloss}")
        return cls(name, MappingProxyType(out), gloss, _pack_digest(out, gloss))

    @classmethod
    def load(cls, folder: str | Path) -> ArtPack:
        """Read and check every face; raises ``ArtPackError`` naming the first bad file."""
        root = Path(folder)
        if not root.exists():
            raise ArtPackError(f"art pack folder {root} does not exist")
        if not root.is_dir():
            raise ArtPackError(f"art pack {root} is not a folder (expected octocube/ and open_season/ inside)")
        faces: dict[tuple[str, str], np.ndarray] = {}
        for game in ART_GAMES:
            sub = root / game
            if not sub.is_dir():
                continue
            valid = face_names(game)
            for path in sorted(sub.iterdir()):
                if path.name.startswith("."):
                    continue
                if path.is_dir():
                    raise ArtPackError(f"{path}: unexpected folder in an art pack (one PNG per face)")
                if path.suffix.lower() != ".png":
                    raise ArtPackError(f"{path}: not a PNG file (an art pack holds one .png per face)")
                if path.stem not in valid:
                    close = difflib.get_close_matches(path.stem, valid, n=1)
                    hint = f" (did you mean {close[0]}.png?)" if close else ""
                    raise ArtPackError(f"{path}: no {game} face is called {path.stem!r}{hint}")
                try:
                    data = path.read_bytes()
                except OSError as exc:
                    raise ArtPackError(f"{path}: cannot read ({exc.strerror or exc})") from None
                faces[(game, path.stem)] = _decode(path, data, game)
        if not faces:
            raise ArtPackError(f"no art in {root}: expected octocube/<face>.png or "
                               f"open_season/<face>.png (e.g. octocube/green-starfish.png)")
        gloss = _read_meta(root)
        return cls(str(root), MappingProxyType(faces), gloss, _pack_digest(faces, gloss))


def _rebuild(root: str, faces: dict[tuple[str, str], np.ndarray], gloss: float, digest: str) -> ArtPack:
    for img in faces.values():
        img.setflags(write=False)
    return ArtPack(root, MappingProxyType(faces), gloss, digest)


def _pack_digest(faces: Mapping[tuple[str, str], np.ndarray], gloss: float) -> str:
    """A pack's identity: its faces' pixels (not their files' bytes: two PNG encoders write the
    same picture differently), in name order, and its gloss."""
    digest = hashlib.sha256()
    for (game, name), img in sorted(faces.items(), key=lambda kv: kv[0]):
        digest.update(f"{game}/{name}/{img.shape}\0".encode() + img.tobytes())
    digest.update(f"gloss={gloss:.6f}".encode())
    return digest.hexdigest()[:16]


def _read_meta(root: Path) -> float:
    meta = root / "art.json"
    if not meta.exists():
        return 0.0
    try:
        data = json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArtPackError(f"{meta}: not readable JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ArtPackError(f"{meta}: expected a JSON object like {{\"gloss\": 0.3}}")
    gloss = data.get("gloss", 0.0)
    if isinstance(gloss, bool) or not isinstance(gloss, (int, float)) or not 0.0 <= gloss <= 1.0:
        raise ArtPackError(f"{meta}: 'gloss' must be a number from 0 to 1")
    return float(gloss)


def _decode(path: Path, data: bytes, game: str) -> np.ndarray:
    if not data.startswith(PNG_SIGNATURE):
        raise ArtPackError(f"{path}: not a PNG image (the file does not start with the PNG signature)")
    from calibration.images import header_size, native_stderr_quiet

    size = header_size(data)
    if size is not None and max(size) > MAX_SIDE_PX:
        raise ArtPackError(f"{path}: {size[0]}x{size[1]} px is too large (at most {MAX_SIDE_PX} px a side)")
    with native_stderr_quiet():
        img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise ArtPackError(f"{path}: damaged PNG image (cannot be decoded)")
    if img.dtype == np.uint16:
        img = (img // 257).astype(np.uint8)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)
    elif img.shape[2] == 3:
        img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    elif img.shape[2] != 4:
        raise ArtPackError(f"{path}: {img.shape[2]} colour channels (expected grey, RGB or RGBA)")
    h, w = img.shape[:2]
    if min(h, w) < MIN_SIDE_PX:
        raise ArtPackError(f"{path}: {w}x{h} px is too small (at least {MIN_SIDE_PX} px a side)")
    square = abs(w - h) <= max(1, 0.01 * max(w, h))
    card = abs(w / h - CARD_ASPECT) <= 0.02
    if not square and not (game == "open_season" and card):
        want = "square or card-shaped (44:68)" if game == "open_season" else "square"
        raise ArtPackError(f"{path}: {w}x{h} px is not {want}")
    img = np.ascontiguousarray(img)
    img.setflags(write=False)
    return img


# --------------------------------------------------------------------------- scenes and sprites


def face_name(key: SpriteKey) -> tuple[str, str] | None:
    """(game, pack name) of the face a built-in sprite key draws, None when packs do not draw it
    (boards, tokens, stack sides, cubes carrying a tile are composed in ``draw``)."""
    game, what = str(key[0]), str(key[1]) if len(key) > 1 else ""
    if game == "octocube":
        if what == "tile":
            label = str(key[2])
            if label.startswith("abyss "):
                return game, "abyss-" + label.split()[1]
            return game, label.replace(" ", "-")
        if what == "tile_back":
            return game, "back"
        if what == "cube_face" and key[3] is None:
            return game, f"cube-{key[2]}"
    if game == "open_season":
        if what == "card":
            return game, f"{key[2]}-{key[3]}"
        if what == "card_back":
            return game, "back"
    return None


def builtin_key(game: str, name: str) -> SpriteKey:
    """The built-in sprite key of a pack face (the inverse of :func:`face_name`)."""
    if game == "octocube":
        if name == "back":
            return ("octocube", "tile_back")
        if name.startswith("cube-"):
            return ("octocube", "cube_face", name[5:], None)
        if name.startswith("abyss-"):
            return ("octocube", "tile", "abyss " + name[6:])
        if name in ("coin", "abyss"):
            return ("octocube", "tile", name)
        colour, _, obj = name.rpartition("-")
        return ("octocube", "tile", f"{colour.replace('-', ' ')} {obj}")
    if game == "open_season":
        if name == "back":
            return ("open_season", "card_back")
        people, _, attribute = name.partition("-")
        return ("open_season", "card", people, attribute)
    raise ArtPackError(f"no art for game {game!r}: art packs draw {', '.join(ART_GAMES)}")


def _uses_pack(pack: ArtPack, key: SpriteKey) -> bool:
    named = face_name(key)
    if named is not None:
        return pack.face(*named) is not None
    if key[:2] == ("octocube", "cube_face"):  # a cube carrying a tile: its body or its tile
        tile = face_name(("octocube", "tile", key[3]))
        return pack.face("octocube", f"cube-{key[2]}") is not None or (
            tile is not None and pack.face(*tile) is not None)
    return False


def art_key(pack: ArtPack | None, key: SpriteKey) -> SpriteKey:
    """``key`` drawn with ``pack`` (unchanged when the pack has nothing for it)."""
    if pack is None or not _uses_pack(pack, key):
        return key
    return ("art", pack, key)


def with_art(scene: Scene, pack: ArtPack | None) -> Scene:
    """A copy of ``scene`` whose faces are drawn from ``pack`` where it has them; components
    printed by the pack get its gloss."""
    if pack is None:
        return scene
    components = []
    for comp in scene.components:
        faces = {f: art_key(pack, k) for f, k in comp.faces.items()}
        if faces == comp.faces:
            components.append(comp)
            continue
        glossy = max(comp.glossy, pack.gloss) if faces.get("top", ("",))[0] == "art" else comp.glossy
        components.append(replace(comp, faces=faces, glossy=glossy))
    return replace(scene, components=components, meta={**scene.meta, "art": pack.root})


def _fit(img: np.ndarray, w: int, h: int) -> np.ndarray:
    interp = cv2.INTER_AREA if img.shape[1] >= w else cv2.INTER_CUBIC
    return cv2.resize(img, (w, h), interpolation=interp)


def _builtin(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    from vision.render import octocube_art, open_season_art

    fn = {"octocube": octocube_art.draw, "open_season": open_season_art.draw}[str(key[0])]
    return fn(key, w, h, density)


def _face(pack: ArtPack, key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    named = face_name(key)
    img = pack.face(*named) if named is not None else None
    if img is None:
        return _builtin(key, w, h, density)
    out = _fit(img, w, h).copy()
    if out[..., 3].min() < 255:  # a face is opaque card: transparent pixels print as white paper
        a = out[..., 3:4].astype(np.float32) / 255.0
        out[..., :3] = np.round(out[..., :3] * a + PAPER_BGR * (1 - a)).astype(np.uint8)
        out[..., 3] = 255
    radius = {"octocube": 2.0, "open_season": 3.0}[named[0]] if named else 2.0
    if named and named[1].startswith("cube-"):
        radius = 2.5
    return sp.rounded_alpha(out, radius * density)


def draw(key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    """The ``art`` art module: ``("art", pack, built_in_key)``."""
    if len(key) != 3 or not isinstance(key[1], ArtPack):
        raise sp.UnknownSpriteError(f"not an art-pack sprite: {key!r}")
    pack, inner = key[1], tuple(key[2])
    if inner[:2] == ("octocube", "cube_face") and inner[3] is not None:
        return _cube_with_tile(pack, inner, w, h, density)
    return _face(pack, inner, w, h, density)


def _cube_with_tile(pack: ArtPack, key: SpriteKey, w: int, h: int, density: float) -> np.ndarray:
    """A cube face carrying a tile: the pack's (or built-in) bare face, the tile inset 3 mm on
    it, turned clockwise by ``key[4]`` degrees (as ``octocube_art.draw_cube_face`` does)."""
    colour, label = str(key[2]), str(key[3])
    rotation = int(key[4]) if len(key) > 4 else 0
    body = _face(pack, ("octocube", "cube_face", colour, None), w, h, density).copy()
    ix = int(round(3.0 * density))
    iw, ih = w - 2 * ix, h - 2 * ix
    turns = (rotation // 90) % 4
    tile_key = ("octocube", "tile", label)
    tw, th = (ih, iw) if turns % 2 else (iw, ih)
    plate = np.ascontiguousarray(np.rot90(_face(pack, tile_key, tw, th, density), -turns))
    a = plate[..., 3:4].astype(np.float32) / 255.0
    roi = body[ix: ix + ih, ix: ix + iw]
    roi[..., :3] = (roi[..., :3] * (1 - a) + plate[..., :3] * a).astype(np.uint8)
    return body


def face_image(pack: ArtPack | None, game: str, name: str) -> np.ndarray:
    """A face as the twin draws it (BGRA, 8 px/mm: the pack's image or the built-in art), e.g.
    for prototypes or to compare with what a teach photo cut out."""
    from calibration.teach_sheet import OCTOCUBE_CUBE_MM, OCTOCUBE_TILE_MM, OPEN_SEASON_CARD_MM

    if name not in face_names(game):
        raise ArtPackError(f"no {game} face is called {name!r}")
    if game == "open_season":
        w, h = OPEN_SEASON_CARD_MM
    else:
        w = h = OCTOCUBE_CUBE_MM if name.startswith("cube-") else OCTOCUBE_TILE_MM
    return sp.base_sprite(art_key(pack, builtin_key(game, name)), w, h)


def describe(pack: ArtPack) -> dict[str, Any]:
    """What a pack holds and what falls back to the built-in art (for the CLI's summary)."""
    out: dict[str, Any] = {"root": pack.root, "gloss": pack.gloss, "digest": pack.digest}
    for game in ART_GAMES:
        have = set(pack.names(game))
        out[game] = {"faces": len(have), "built_in": [n for n in face_names(game) if n not in have]}
    return out
