"""Today's recognisers on art they were never drawn with (issue 20): the Octocube demo in the
digital twin drawn with random art packs (bench seeds >= 900000, see vision/render/random_art.py),
read by the pixel recogniser, against the same games drawn with the built-in art.

This is the "before" figure of issue 20 part 1: with untaught art the recogniser is expected to
follow almost no move and to raise false alarms without saying it does not know the tiles.
Each game: ``tablesight demo --game octocube --art PACK --moves N --json`` (the real entry point).

    nice python bench/art_packs.py                      # 3 packs x 1 game of 30 moves + built-in
    nice python bench/art_packs.py --packs 5 --moves 40
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH_ART_SEED = 900_000


def demo(args: list[str]) -> dict:
    res = subprocess.run([sys.executable, "-m", "ui.cli", "demo", "--game", "octocube", "--json",
                          "--headless", *args], cwd=REPO, capture_output=True, text=True, timeout=3600)
    if res.returncode != 0:
        raise SystemExit(f"demo failed: {res.stderr.strip()}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packs", type=int, default=3, help="random art packs (default 3)")
    ap.add_argument("--art-seed", type=int, default=BENCH_ART_SEED,
                    help=f"first random-art seed (default {BENCH_ART_SEED}: bench seeds only)")
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--seed", type=int, default=50_000, help="game seed (the demo's reported range)")
    ap.add_argument("--illegal", type=int, default=0)
    a = ap.parse_args()
    common = ["--moves", str(a.moves), "--seed", str(a.seed), "--illegal", str(a.illegal)]
    rows = []
    base = demo(common)
    rows.append(("built-in", base))
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(a.packs):
            seed = a.art_seed + k
            folder = Path(tmp) / f"art{seed}"
            res = subprocess.run([sys.executable, "-m", "ui.cli", "render", "--random-art", str(seed),
                                  "--out", str(folder)], cwd=REPO, capture_output=True, text=True)
            if res.returncode != 0:
                raise SystemExit(res.stderr.strip())
            rows.append((f"random art {seed}", demo(common + ["--art", str(folder)])))
    print(f"Octocube demo, game seed {a.seed}, {a.moves} moves, {a.illegal} illegal, pixel recogniser")
    print(f"{'art':<20} {'moves followed':>15} {'false alarms':>13} {'questions':>10}")
    for name, r in rows:
        print(f"{name:<20} {r['moves_correct']:>6}/{r['moves_total']:<8} {r['false_alarms']:>13} "
              f"{r['questions_asked']:>10}")
    random_rows = [r for n, r in rows if n != "built-in"]
    if random_rows:
        moves = sum(r["moves_correct"] for r in random_rows)
        total = sum(r["moves_total"] for r in random_rows)
        alarms = sum(r["false_alarms"] for r in random_rows)
        print(f"random art, all packs: {moves}/{total} moves followed ({100 * moves / max(total, 1):.1f} %), "
              f"{alarms} false alarms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
