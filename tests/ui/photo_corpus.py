"""Every English sentence the photo scorers say about a handful of finished tables, by source.

Why generated and not listed: the Photo screen shows what ``vision.photo_score.scorer`` returns
(the doubts' questions with their options, the notes, the score lines, the tie-break) or the
one-line refusal it raises, and those words are the scorers' own f-strings
(vision/octocube/score_photo.py, vision/open_season/score_photo.py and the readers it asks,
vision/photo_calibration.py, calibration/table.py, ui/app/photo_worker.py). Rendered finished
tables of both games (``render_one`` with ``end=True``: hands, both Open Season sides, expert
tiles) are scored, and photos that cannot be scored (flat, dark, too small, no markers, the
wrong player count or side ...) are refused, so that a new or changed f-string there shows up as
an untranslated sentence. Used by tests/ui/test_photo_sentences.py and bench/i18n_coverage.py.

Seeds: Octocube 52001, 52009, 52015; Open Season 90513-90515 (finished tables at 1280x720, chosen
among 52000-52022 and 90500-90515 for the kinds of doubt they raise; no reader is tuned on them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

Sentence = tuple[str, str]
"""(source, English text); source is 'question', 'note', 'line', 'tie-break' or 'refusal'."""

OCTOCUBE_SEEDS = (52015, 52009, 52001)
"""52015: a hand over a board and the tokens (hidden spaces, a space read as a coin, a token half
hidden); 52009: a hand over the personal area; 52001: a shared win."""
OPEN_SEASON_SEEDS = (90513, 90514, 90515)
"""90513: Shield, a wild token in doubt (a note); 90514: Horn with expert tiles; 90515: Shield with
expert tiles and a hand (trophies, a Shield scoring's trophy, bonus faces)."""
SIZE = (1280, 720)
"""Small photos: quick to render and read, and the accolades' sharpness note is said."""


def _result_sentences(result: Any) -> Iterator[Sentence]:
    """What a PhotoScore puts into words (the Photo screen and ``tablesight score`` show these)."""
    for d in result.doubts:
        yield "question", d.question
    for note in result.notes:
        yield "note", note
    for p in result.players:
        for _category, _points, reason in p.lines:
            yield "line", reason
    if result.tie_break:
        yield "tie-break", result.tie_break


def _refused(score: Callable[[], Any]) -> Iterator[Sentence]:
    from ui.app.photo_worker import PhotoError
    from vision.photo_score import PhotoScoreError

    try:
        result = score()
    except (PhotoScoreError, PhotoError) as exc:
        yield "refusal", str(exc)
        return
    yield from _result_sentences(result)


def _markers(image: np.ndarray) -> list[np.ndarray]:
    from calibration.table import detect_markers

    scan = detect_markers(image)
    return [scan.corners[i] for i in sorted(scan.corners)]


def _blanked(image: np.ndarray, quads: list[np.ndarray]) -> np.ndarray:
    """The photo with these markers painted over in the table's colour (a card out of view)."""
    import cv2

    out = image.copy()
    for quad in quads:
        centre = quad.mean(axis=0)
        grown = (centre + (quad - centre) * 1.6).astype(np.int32)
        cv2.fillConvexPoly(out, grown, tuple(int(v) for v in np.median(image.reshape(-1, 3), axis=0)))
    return out


def _photo_file_refusals(folder: Path) -> Iterator[Sentence]:
    """ui/app/photo_worker.py's words for a photo file it cannot read."""
    from ui.app.photo_worker import PhotoJob, score_photo

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "empty.png").write_bytes(b"")
    (folder / "text.png").write_text("not a picture")
    for path in ("", str(folder / "missing.png"), str(folder), str(folder / "empty.png"), str(folder / "text.png")):
        yield from _refused(lambda path=path: score_photo(PhotoJob(path)))  # type: ignore[misc]


@lru_cache(maxsize=1)
def photo_sentences(scratch: str = "") -> tuple[Sentence, ...]:
    """The sentences of the tables above and of the refused photos (cached: the tests share them).
    ``scratch``: a folder for the unreadable photo files (a temporary one when empty)."""
    import tempfile

    from vision.photo_score import ScoreRequest, scorer
    from vision.render.dataset import DatasetSettings, render_one
    from vision.render.renderer import Renderer

    out: list[Sentence] = []
    renderer = Renderer(reuse_layers=False)
    octocube, open_season = scorer("octocube"), scorer("open_season")

    def render(game: str, seed: int) -> tuple[np.ndarray, dict[str, Any]]:
        res = render_one(DatasetSettings(game=game, seed=seed, count=1, end=True, resolution=SIZE), 0, renderer)
        return res.image, res.ground_truth["end"]

    first_octocube: tuple[np.ndarray, int] | None = None
    for seed in OCTOCUBE_SEEDS:
        image, end = render("octocube", seed)
        n = end["num_players"]
        first_octocube = first_octocube or (image, n)
        out += _result_sentences(octocube(image, ScoreRequest(n)))
    first_open_season: tuple[np.ndarray, int, dict[str, Any]] | None = None
    for seed in OPEN_SEASON_SEEDS:
        image, end = render("open_season", seed)
        options = {"side": end["side"], "expert": end["expert"]}
        first_open_season = first_open_season or (image, end["num_players"], options)
        out += _result_sentences(open_season(image, ScoreRequest(end["num_players"], options=options)))
    assert first_octocube is not None and first_open_season is not None
    image, n = first_octocube
    os_image, os_n, os_options = first_open_season
    quads = _markers(image)
    flat = np.full((480, 640, 3), 200, np.uint8)
    noise = np.random.default_rng(0).integers(0, 255, (480, 640, 3), dtype=np.uint8)
    photos: list[Callable[[], Any]] = [
        lambda: octocube(flat, ScoreRequest(2)),
        lambda: open_season(np.full((480, 640, 3), 12, np.uint8), ScoreRequest(2, options={"side": "horn"})),
        lambda: octocube(flat[:200, :300], ScoreRequest(2)),
        lambda: octocube(flat.astype(np.float32), ScoreRequest(2)),
        lambda: octocube(noise, ScoreRequest(2)),
        lambda: octocube(_blanked(image, quads[:2]), ScoreRequest(n)),  # two markers out of view
        lambda: octocube(_blanked(image, quads[3:]), ScoreRequest(n)),  # one: scored without it
        lambda: octocube(image, ScoreRequest(n, mode="kids")),
        lambda: octocube(image, ScoreRequest(5)),
        lambda: octocube(image, ScoreRequest(n + 1)),  # a board missing where one should lie
        lambda: open_season(os_image, ScoreRequest(os_n)),  # no side said
        lambda: open_season(os_image, ScoreRequest(5, options=os_options)),
        lambda: open_season(os_image, ScoreRequest(os_n + 1, options=os_options)),  # a wall missing
        lambda: open_season(os_image, ScoreRequest(os_n, options={**os_options, "side": "horn"
                                                                  if os_options["side"] == "shield" else "shield"})),
    ]
    for photo in photos:
        out += _refused(photo)
    with tempfile.TemporaryDirectory() as tmp:
        out += _photo_file_refusals(Path(scratch or tmp))
    return tuple(out)
