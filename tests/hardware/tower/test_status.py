"""The tower's state line for a screen (Play) and the Settings test sentence, without Kivy."""

from __future__ import annotations

import time

from hardware.tower import protocol as p
from hardware.tower.client import Connected, Disconnected, TowerEvent
from hardware.tower.simulator import TowerSimulator
from hardware.tower.status import TowerStatus, check_port

HELLO = p.Hello(1, 1, 0, 0xABCDEF, 1, 7, 0)


def _ev(what: object) -> TowerEvent:
    return TowerEvent(what, time.monotonic())  # type: ignore[arg-type]


def test_status_follows_a_roll_a_jam_and_a_lost_port() -> None:
    s = TowerStatus()
    assert s.text == "no tower"
    steps = [(Connected("/dev/x", HELLO, False), "tower v1.0: idle"),
             (p.RollStarted(1, 0), "tower: rolling, 0 dice so far"),
             (p.DiePassed(1, 1), "tower: rolling, 1 die so far"),
             (p.DiePassed(1, 2), "tower: rolling, 2 dice so far"),
             (p.RollSettled(1, 2, 30), "tower v1.0: ready (last roll 2 dice)"),
             (p.Jam(1, 800, 0), "tower: jammed, clear the exit"),
             (p.Jam(1, 1200, 1), "tower v1.0: ready (last roll 2 dice)"),
             (Disconnected("/dev/x", "unplugged"), "tower lost: reconnecting"),
             (p.Heartbeat(5, 0, 1, 0, 0), "tower lost: reconnecting")]
    for what, text in steps:
        s.update(_ev(what))
        assert s.text == text, what
    assert not s.update(_ev(p.Heartbeat(6, 0, 1, 0, 0)))  # nothing new to draw


def test_settings_test_sentence(tmp_path) -> None:
    with TowerSimulator(link=tmp_path / "tower") as sim:
        ok, sentence = check_port(sim.link)
    assert ok and sentence.startswith("tower v1.0 answered in ") and "ms (median of 5 pings" in sentence
    ok, sentence = check_port(str(tmp_path / "gone"))
    assert not ok and sentence == f"cannot open {tmp_path / 'gone'}: no such port"
