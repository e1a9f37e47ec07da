"""The dice-tower soak (docs/tower.md): 10,000 rolls over the simulated tower's pty with 1 % of
bytes corrupted, 50 resets mid-frame and 20 unplugs; prints whether every completed roll was
delivered exactly once and in order, reconnection times and latencies. About 6 minutes.

    .venv/bin/python bench/tower_soak.py [--rolls N --noise F --resets K --unplugs K --seed S]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.tower.soak import soak  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rolls", type=int, default=10_000)
    ap.add_argument("--noise", type=float, default=0.01, help="share of bytes corrupted (default 0.01)")
    ap.add_argument("--drop", type=float, default=0.0, help="share of frames dropped (default 0)")
    ap.add_argument("--resets", type=int, default=50)
    ap.add_argument("--unplugs", type=int, default=20)
    ap.add_argument("--settle-ms", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.rolls < 20 or args.resets + args.unplugs > args.rolls - 10 or not 0 <= args.noise < 1:
        print("tower_soak: error: need --rolls >= 20, fewer resets + unplugs than rolls, 0 <= --noise < 1",
              file=sys.stderr)
        return 2
    result = soak(args.rolls, args.noise, args.drop, args.resets, args.unplugs, args.settle_ms, args.seed,
                  progress=True)
    summary = result.summary()
    print(json.dumps(summary, indent=1))
    ok = (result.exactly_once_in_order and not result.errors and all(s <= 2.0 for s in result.reconnect_s)
          and result.percentile(result.die_latency_ms, 95) <= 20.0)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
