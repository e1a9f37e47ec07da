"""The tower soak: many rolls through the simulator with faults, checked against its truth.

Used by ``bench/tower_soak.py`` (10,000 rolls, the figures in docs/tower.md) and, small, by the
test suite. Every roll the simulated board completed must reach the client exactly once and in
order; each reconnection is timed from the moment the port came back; latency is timed from
the last die crossing the beam to the client's event (the die-passed event for that die) and
from the board's settled decision to the client's roll-settled event.
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from hardware.tower import protocol as p
from hardware.tower.client import Connected, TowerClient, TowerEvent
from hardware.tower.simulator import Faults, TowerSimulator


@dataclass
class SoakResult:
    rolls_started: int
    rolls_completed: int
    rolls_delivered: int
    exactly_once_in_order: bool
    missing: int
    duplicates_delivered: int
    resets: int
    unplugs: int
    bytes_corrupted: int
    frames_dropped: int
    events_dropped_by_board: int
    rolls_cut_by_reset: int
    dice_unseen_rebooting: int
    dice_dropped: int
    dice_in_completed_rolls: int
    reconnect_s: list[float] = field(default_factory=list)
    die_latency_ms: list[float] = field(default_factory=list)
    settle_latency_ms: list[float] = field(default_factory=list)
    """Every delivered roll, including those that waited out an unplug or a reset."""
    settle_direct_ms: list[float] = field(default_factory=list)
    """Rolls that settled while the port was there and nothing was queued before them."""
    client_bad_frames: int = 0
    client_repeats_ignored: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def percentile(self, values: list[float], q: float) -> float:
        if not values:
            return float("nan")
        s = sorted(values)
        return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))]

    def summary(self) -> dict[str, object]:
        pc = self.percentile
        return {
            "rolls_started": self.rolls_started, "rolls_completed": self.rolls_completed, "rolls_delivered": self.rolls_delivered,
            "exactly_once_in_order": self.exactly_once_in_order, "missing": self.missing,
            "duplicates_delivered": self.duplicates_delivered, "resets": self.resets, "unplugs": self.unplugs,
            "bytes_corrupted": self.bytes_corrupted, "frames_dropped": self.frames_dropped,
            "events_dropped_by_board": self.events_dropped_by_board,
            "rolls_cut_by_reset": self.rolls_cut_by_reset, "dice_unseen_rebooting": self.dice_unseen_rebooting,
            "dice_dropped": self.dice_dropped, "dice_in_completed_rolls": self.dice_in_completed_rolls,
            "reconnect_s_max": round(max(self.reconnect_s), 3) if self.reconnect_s else None,
            "reconnects": len(self.reconnect_s),
            "die_latency_ms_p50_p95_max": [round(pc(self.die_latency_ms, 50), 2), round(pc(self.die_latency_ms, 95), 2),
                                           round(max(self.die_latency_ms or [float("nan")]), 2)],
            "settle_latency_ms_p50_p95_max": [round(pc(self.settle_latency_ms, 50), 2),
                                              round(pc(self.settle_latency_ms, 95), 2),
                                              round(max(self.settle_latency_ms or [float("nan")]), 2)],
            "settle_direct_ms_p50_p95_max": [round(pc(self.settle_direct_ms, 50), 2),
                                             round(pc(self.settle_direct_ms, 95), 2),
                                             round(max(self.settle_direct_ms or [float("nan")]), 2)],
            "settle_direct_rolls": len(self.settle_direct_ms),
            "die_events_received": len(self.die_latency_ms),
            "client_bad_frames": self.client_bad_frames, "client_repeats_ignored": self.client_repeats_ignored,
            "seconds": round(self.seconds, 1), "errors": self.errors,
        }


def soak(rolls: int = 10_000, noise: float = 0.01, drop: float = 0.0, resets: int = 50, unplugs: int = 20,
         settle_ms: int = 15, seed: int = 1, link: str | Path | None = None,
         progress: bool = False) -> SoakResult:
    rng = random.Random(seed)
    reset_at = set(rng.sample(range(5, rolls - 5), resets)) if resets else set()
    unplug_at = set(rng.sample(sorted(set(range(5, rolls - 5)) - reset_at), unplugs)) if unplugs else set()
    link = link or Path(tempfile.mkdtemp(prefix="tower-soak-")) / "tower"
    delivered: list[tuple[int, int, int, float]] = []
    die_seen: dict[tuple[int, int, int], float] = {}
    connects: list[float] = []
    lock = threading.Lock()
    holder: dict[str, TowerClient] = {}

    def on_event(event: TowerEvent) -> None:
        w, client = event.what, holder.get("client")
        epoch = client.hello.epoch if client is not None and client.hello else 0
        with lock:
            if isinstance(w, p.RollSettled):
                delivered.append((epoch, w.roll, w.count, event.at))
            elif isinstance(w, p.DiePassed):
                die_seen.setdefault((epoch, w.roll, w.count), event.at)
            elif isinstance(w, Connected) and w.again:
                connects.append(event.at)

    errors: list[str] = []
    dice_total = 0
    t0 = time.monotonic()
    sim = TowerSimulator(link=link, faults=Faults(noise=noise, drop=drop, seed=seed), settle_ms=settle_ms,
                         boot_ms=20, heartbeat_ms=1000)
    sim.start()
    client = TowerClient(sim.link, on_event=on_event)
    holder["client"] = client
    try:
        client.connect()
        for i in range(rolls):
            end = time.monotonic() + 5
            while sim.outbox_free == 0 and time.monotonic() < end:
                time.sleep(0.005)  # the gate stays shut while the tower's outbox is full
            dice, gap = rng.randint(1, 4), rng.uniform(2, 6)
            sim.roll(dice, gap)
            dice_total += dice
            busy = ((dice - 1) * gap + settle_ms) / 1000
            if i in reset_at:
                time.sleep(rng.uniform(0, busy))
                sim.reset(mid_frame=True)
            if i in unplug_at:
                while not sim.plugged:  # one unplug at a time, so that each one counts
                    time.sleep(0.01)
                sim.unplug(rng.uniform(0.2, 1.0))
                time.sleep(0.005)
            time.sleep(busy + 0.008)
            if progress and i and i % 1000 == 0:
                print(f"  {i} rolls, {len(delivered)} delivered, {sim.resets} resets, {sim.unplugs} unplugs", flush=True)
        end = time.monotonic() + 15
        while not (sim.idle and client.connected and sim.plugged) and time.monotonic() < end:
            time.sleep(0.02)
        time.sleep(0.2)
    except Exception as exc:  # a crash is a result to report, not a traceback
        errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        client.close()
        sim.close()
    truth = [(r.epoch, r.roll, r.count) for r in sim.completed]
    got = [(e, r, c) for e, r, c, _ in delivered]
    settle_lat, settle_direct = [], []
    by_key = {(r.epoch, r.roll): r for r in sim.completed}
    for e, r, c, at in delivered:
        done = by_key.get((e, r))
        if done is not None:
            settle_lat.append((at - done.settled) * 1000)
            if done.plugged and done.queued == 0:
                settle_direct.append((at - done.settled) * 1000)
    die_lat = []
    for done in sim.completed:
        seen_at = die_seen.get((done.epoch, done.roll, done.count))
        if seen_at is not None:
            die_lat.append((seen_at - done.last_die) * 1000)
    reconnect = []
    for back in sim.replugged_at:
        after = [c for c in connects if c >= back]
        reconnect.append(after[0] - back if after else float("inf"))
    return SoakResult(
        rolls_started=rolls, rolls_completed=len(truth), rolls_delivered=len(got),
        exactly_once_in_order=got == truth, missing=len(set(truth) - set(got)),
        duplicates_delivered=len(got) - len(set(got)), resets=sim.resets, unplugs=sim.unplugs,
        bytes_corrupted=sim.bytes_corrupted, frames_dropped=sim.frames_dropped,
        events_dropped_by_board=sim.events_dropped, rolls_cut_by_reset=sim.rolls_cut,
        dice_unseen_rebooting=sim.dice_unseen, dice_dropped=dice_total,
        dice_in_completed_rolls=sum(r.count for r in sim.completed), reconnect_s=reconnect,
        die_latency_ms=die_lat, settle_latency_ms=settle_lat, settle_direct_ms=settle_direct, client_bad_frames=client.stats.bad_frames,
        client_repeats_ignored=client.stats.duplicates, seconds=time.monotonic() - t0, errors=errors)
