"""How many of the engine's and the tracker's English sentences the app translates.

Plays the seeded games of tests/ui/sentence_corpus.py (Octocube in all modes, Open Season and
Octo Dice in every variant, 1-4 players; the tracker
watching, with broken tables and odd camera readings) and the photo scorers' words on rendered
finished tables and refused photos (tests/ui/photo_corpus.py, sources "photo ..."; --no-photo
leaves them out, they take ~10 CPU s), collects every distinct sentence by source, and prints
per language the share that a sentence shape explains (the rest would be shown in English),
plus the shapes no generated sentence used.

    /work/venv/bin/python bench/i18n_coverage.py            # the full set (a few minutes)
    /work/venv/bin/python bench/i18n_coverage.py --quick    # the set the tests use
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.sentence_corpus import (  # noqa: E402
    corpus,
    octo_dice_sentences,
    octo_dice_tracker_sentences,
    open_season_sentences,
    open_season_tracker_sentences,
)
from tests.ui.photo_corpus import photo_sentences  # noqa: E402
from ui.i18n import sentences as S  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller set the tests use")
    parser.add_argument("--no-photo", action="store_true", help="leave out the photo scorers' sentences")
    args = parser.parse_args()
    start = time.perf_counter()
    generated = list(corpus(quick=args.quick))
    # Open Season and Octo Dice: their engines' and trackers' sentences (every variant)
    generated += list(open_season_sentences(quick=args.quick)) + list(octo_dice_sentences(quick=args.quick))
    generated += list(open_season_tracker_sentences()) + list(octo_dice_tracker_sentences())
    if not args.no_photo:  # the Photo screen: what the photo scorers say
        generated += [("photo " + source, text) for source, text in photo_sentences()]
    distinct = sorted(set(generated))
    took = time.perf_counter() - start
    print(f"{len(generated)} sentences generated ({len(distinct)} distinct) in {took:.1f} s")
    used: Counter[str] = Counter()
    real_fill = S._fill

    def counting_fill(shape, match, lang):
        out = real_fill(shape, match, lang)
        if out is not None:
            used[shape.id] += 1
        return out

    S._fill = counting_fill
    sources = sorted({s for s, _ in distinct})
    print(f"{'source':<16} {'distinct':>8} " + " ".join(f"{lang + ' translated':>16}" for lang in ("fr", "nl")))
    totals = {"fr": 0, "nl": 0}
    missed: dict[str, list[str]] = {"fr": [], "nl": []}
    for source in sources:
        texts = [t for s, t in distinct if s == source]
        row = f"{source:<16} {len(texts):>8} "
        for lang in ("fr", "nl"):
            ok = [t for t in texts if S.is_translated(t, lang)]
            missed[lang] += [t for t in texts if t not in set(ok)]
            totals[lang] += len(ok)
            row += f"{len(ok):>8} ({len(ok) / len(texts):6.1%})"
        print(row)
    print(f"{'all':<16} {len(distinct):>8} " + " ".join(
        f"{totals[lang]:>8} ({totals[lang] / len(distinct):6.1%})" for lang in ("fr", "nl")))
    S._fill = real_fill
    for lang in ("fr", "nl"):
        for text in missed[lang][:10]:
            print(f"not translated ({lang}): {text}")
    unused = [shape_id for shape_id, _, _ in S.SHAPES if not used[shape_id]]
    print(f"shapes used: {len(S.SHAPES) - len(unused)} of {len(S.SHAPES)}; never produced here: {', '.join(unused)}")


if __name__ == "__main__":
    main()
