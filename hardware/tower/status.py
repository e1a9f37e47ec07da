"""What a screen shows about the tower, without Kivy: the Play screen's "connected / rolling /
jammed" line and the Settings screen's "Test" answer. The app binds these (a later change); the
CLI uses :func:`check_port` for ``tablesight tower test``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.tower import protocol as p
from hardware.tower.client import Connected, Disconnected, TowerClient, TowerError, TowerEvent


@dataclass
class TowerStatus:
    """Folds the client's events into one state. ``update`` returns True when the line to show
    changed (so a UI redraws only then)."""

    state: str = "absent"
    """absent, idle, rolling, jammed, gate open, lost"""
    dice: int = 0
    """Dice seen in the roll in progress, or in the last settled roll."""
    last_roll: int | None = None
    firmware: str = ""

    def update(self, event: TowerEvent) -> bool:
        before = self.text
        w = event.what
        if isinstance(w, Connected):
            self.state, self.firmware = "idle", w.hello.firmware
        elif isinstance(w, Disconnected):
            self.state = "lost"
        elif isinstance(w, p.RollStarted):
            self.state, self.dice = ("gate open" if w.cause == 1 else "rolling"), 0
        elif isinstance(w, p.DiePassed):
            self.state, self.dice = "rolling", w.count
        elif isinstance(w, p.RollSettled):
            self.state, self.dice, self.last_roll = "idle", w.count, w.roll
        elif isinstance(w, p.Jam):
            self.state = "idle" if w.cleared else "jammed"
        elif isinstance(w, p.Heartbeat) and self.state not in ("lost", "absent"):
            self.state = p.STATES.get(w.state, self.state)
        return self.text != before

    @property
    def text(self) -> str:
        if self.state == "absent":
            return "no tower"
        if self.state == "lost":
            return "tower lost: reconnecting"
        if self.state == "rolling":
            return f"tower: rolling, {self.dice} {'die' if self.dice == 1 else 'dice'} so far"
        if self.state == "jammed":
            return "tower: jammed, clear the exit"
        if self.state == "idle" and self.last_roll is not None:
            return f"tower v{self.firmware}: ready (last roll {self.dice} {'die' if self.dice == 1 else 'dice'})"
        return f"tower v{self.firmware}: {self.state}" if self.firmware else f"tower: {self.state}"


def check_port(port: str, *, baud: int = p.DEFAULT_BAUD, timeout: float = 2.5, pings: int = 5) -> tuple[bool, str]:
    """(ok, one sentence): "tower v1.0 answered in 4 ms (...)" or why there is no tower there."""
    client = TowerClient(port, baud=baud, reconnect=False, hello_timeout=timeout)
    try:
        hello = client.connect()
        times = sorted(client.ping() for _ in range(max(1, pings)))
    except TowerError as exc:
        return False, str(exc)
    finally:
        client.close()
    median = times[len(times) // 2] * 1000
    shown = f"{median:.1f}" if median < 10 else f"{median:.0f}"
    return True, (f"tower v{hello.firmware} answered in {shown} ms (median of {len(times)} pings; "
                  f"protocol {hello.protocol}, id {hello.uid:08x}, port {port})")
