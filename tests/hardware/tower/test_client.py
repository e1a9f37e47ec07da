"""The tower client against the simulator on a real pty: rolls delivered exactly once and in
order through noise, dropped frames, resets mid-frame and unplugs; plain errors for ports that
are not towers. Kept small (the full soak is bench/tower_soak.py)."""

from __future__ import annotations

import os
import threading
import time
import tty
from collections.abc import Iterator

import pytest

from hardware.tower import protocol as p
from hardware.tower.client import Connected, Disconnected, TowerClient, TowerError, TowerEvent, find_tower
from hardware.tower.simulator import Faults, TowerSimulator


@pytest.fixture
def sim(tmp_path) -> Iterator[TowerSimulator]:
    s = TowerSimulator(link=tmp_path / "tower", settle_ms=25, boot_ms=20).start()
    yield s
    s.close()


def _wait(cond, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.01)
    return cond()


def _settled(events: list[TowerEvent]) -> list[tuple[int, int]]:
    return [(e.what.roll, e.what.count) for e in events if isinstance(e.what, p.RollSettled)]


def test_connect_ping_commands_and_a_roll(sim: TowerSimulator) -> None:
    events: list[TowerEvent] = []
    with TowerClient(sim.link, on_event=events.append) as client:
        assert client.hello is not None and client.hello.firmware == "1.0"
        assert client.ping() < 0.1
        client.set_led(0, 128, 255)
        client.configure(settle_ms=25, jam_ms=300)
        client.release(200)
        assert _wait(lambda: _settled(events) == [(1, 3)])
        assert sim.led == (0, 128, 255) and sim.jam_ms == 300 and sim.gate_opened == 1
    kinds = [type(e.what).__name__ for e in events]
    assert kinds[0] == "Connected" and "RollStarted" in kinds and kinds.count("DiePassed") == 3


def test_rolls_survive_noise_drops_resets_and_unplugs(tmp_path) -> None:
    """60 rolls with 1 % of bytes corrupted, 3 % of frames dropped, 3 resets mid-frame and 2
    unplugs: every completed roll exactly once, in order; reconnected well within 2 s."""
    faults = Faults(noise=0.01, drop=0.03, seed=5)
    events: list[TowerEvent] = []
    with TowerSimulator(link=tmp_path / "tower", faults=faults, settle_ms=20, boot_ms=20) as sim, \
            TowerClient(sim.link, on_event=events.append) as client:
        for i in range(60):
            _wait(lambda: sim.outbox_free > 0 and sim.plugged or not sim.plugged)
            sim.roll(1 + i % 3, 3)
            time.sleep(0.035)
            if i in (10, 30, 50):
                sim.reset(mid_frame=True)
            if i in (20, 40):
                sim.unplug(0.3)
        assert _wait(lambda: sim.idle and client.connected, 10)
        truth = [(r.roll, r.count) for r in sim.completed]
        assert len(truth) >= 40  # fewer: a roll cut by a reset, or merged with the next on a loaded machine
        assert _settled(events) == truth
        assert sim.resets == 3 and sim.unplugs == 2
        connects = [e.at for e in events if isinstance(e.what, Connected)][1:]
        assert len(connects) == 2 and all(0 < c - r < 2.0 for c, r in zip(connects, sim.replugged_at))
        assert sum(isinstance(e.what, Disconnected) for e in events) == 2
        assert client.stats.bad_frames + client.stats.noise_bytes > 0  # the noise was there


def test_power_cycle_starts_a_new_epoch_and_rolls_restart(sim: TowerSimulator) -> None:
    events: list[TowerEvent] = []
    with TowerClient(sim.link, on_event=events.append):
        sim.roll(2, 3)
        assert _wait(lambda: len(_settled(events)) == 1)
        sim.power_cycle()
        time.sleep(0.1)
        sim.roll(1, 3)
        assert _wait(lambda: len(_settled(events)) == 2)
    assert _settled(events) == [(1, 2), (1, 1)]  # roll 1 again, in the new epoch: not a duplicate
    assert any("powered off and on" in e.text for e in events)


def test_unknown_message_types_are_skipped(sim: TowerSimulator) -> None:
    events: list[TowerEvent] = []
    with TowerClient(sim.link, on_event=events.append) as client:
        sim.send_raw(p.Unknown(0x33, b"from the future"))
        sim.roll(1, 3)
        assert _wait(lambda: len(_settled(events)) == 1)
        assert _wait(lambda: client.connected)
    client_unknown = client.stats.unknown
    assert client_unknown == 1


def test_repeated_command_is_acknowledged_but_executed_once(sim: TowerSimulator) -> None:
    import serial

    port = serial.Serial(sim.link, 115200, timeout=0.2)
    try:
        wire = p.encode_frame(9, p.Release(100))
        port.write(wire)
        port.write(wire)  # as if the first ack had been lost
        reader = p.FrameReader()
        acks: list[p.Ack] = []
        end = time.monotonic() + 2
        while len(acks) < 2 and time.monotonic() < end:
            acks += [f.message for f in reader.feed(port.read(256)) if isinstance(f.message, p.Ack)]
        assert [(a.seq, a.acked_type) for a in acks] == [(9, p.Release.TYPE)] * 2
        assert sim.gate_opened == 1
    finally:
        port.close()


def test_newer_protocol_is_refused_plainly(tmp_path) -> None:
    with TowerSimulator(link=tmp_path / "tower", protocol_version=3) as sim:
        with pytest.raises(TowerError, match="speaks protocol 3; this TableSight speaks 1 to 1"):
            TowerClient(sim.link, reconnect=False).connect()


def test_missing_port_is_a_plain_error(tmp_path) -> None:
    with pytest.raises(TowerError, match="cannot open .*: no such port"):
        TowerClient(str(tmp_path / "nothing")).connect()


@pytest.mark.parametrize("talk, why", [(b"", "nothing was received"),
                                       (b"$GPGGA,123519,4807.038,N,01131.000,E*47\r\n" * 20, "no valid frame"),
                                       (bytes(range(256)) * 4, "wrong baud rate")])
def test_a_port_that_is_not_a_tower(talk: bytes, why: str) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    stop = threading.Event()

    def chatter() -> None:
        while talk and not stop.is_set():
            os.write(master, talk[:64])
            stop.wait(0.02)

    thread = threading.Thread(target=chatter, daemon=True)
    thread.start()
    try:
        with pytest.raises(TowerError, match=why):
            TowerClient(os.ttyname(slave), hello_timeout=0.5, reconnect=False).connect()
    finally:
        stop.set()
        thread.join(1)
        os.close(master)
        os.close(slave)


def test_loop_url_is_not_a_tower() -> None:
    """pyserial's loop:// echoes the host's own hello back: a command, not a tower."""
    with pytest.raises(TowerError, match="no tower answered on loop://"):
        TowerClient("loop://", hello_timeout=0.4, reconnect=False).connect()


def test_find_tower_among_candidates(sim: TowerSimulator, tmp_path) -> None:
    found = find_tower([str(tmp_path / "absent"), sim.link], hello_timeout=0.5)
    assert found is not None and found[0] == sim.link and found[1].uid == sim.uid
    assert find_tower([str(tmp_path / "absent")], hello_timeout=0.2) is None
