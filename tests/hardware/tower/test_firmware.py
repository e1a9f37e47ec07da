"""The reference firmware, built with avr-gcc and run in simavr by its C harness
(firmware/tower/test/harness.c): hello, exact dice counts (two dice 5 ms apart, a chattering
die), jam, servo on release, LED, button, repeats until acknowledged, a reset that keeps a
pending roll. Skips, saying what to install, where the AVR toolchain or simavr is absent."""

from __future__ import annotations

import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import TypeVar

import pytest

from hardware.tower import protocol as p
from hardware.tower.client import TowerClient

REPO = Path(__file__).resolve().parents[3]
E = TypeVar("E")


def _missing() -> list[str]:
    missing = [tool for tool in ("avr-gcc", "avr-objcopy", "make", "cc") if shutil.which(tool) is None]
    if not Path("/usr/include/simavr/sim_avr.h").is_file():
        missing.append("libsimavr-dev (simavr headers)")
    if not Path("/usr/include/avr/io.h").is_file() and not Path("/usr/lib/avr/include/avr/io.h").is_file():
        missing.append("avr-libc")
    return missing


def test_firmware_in_simavr(tmp_path: Path) -> None:
    missing = _missing()
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (Debian: apt-get install gcc-avr avr-libc binutils-avr "
                    "simavr libsimavr-dev libsimavrparts1, or make firmware-test as root)")
    done = subprocess.run(["make", "-s", "-C", str(REPO / "firmware/tower"), "test", f"BUILD={tmp_path}"],
                          capture_output=True, text=True, timeout=300)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    for check in ("PASS hello at boot", "PASS two dice 5 ms apart: settled with 2",
                  "PASS five dice (one chattering 50 us) counted exactly: 5", "PASS jam reported",
                  "PASS servo driven on release", "PASS the roll settled before the reset"):
        assert check in out, out
    assert "FAIL" not in out and "OK: " in out
    assert (tmp_path / "tower.hex").is_file() or (tmp_path / "tower.elf").is_file()


def test_the_client_talks_to_the_firmware_image(tmp_path: Path) -> None:
    """The real client on the firmware's UART: simavr runs tower.elf in real time with its UART
    on a pty (firmware/tower/test/pty_bridge.c); dice, a jam and the button are driven through the
    bridge's stdin, the servo and LED read from its stdout."""
    missing = _missing()
    if missing or not Path("/usr/include/simavr/parts/uart_pty.h").is_file():
        pytest.skip(f"needs {', '.join(missing) or 'the simavr parts headers (libsimavr-dev)'}")
    done = subprocess.run(["make", "-s", "-C", str(REPO / "firmware/tower"), "bridge", f"BUILD={tmp_path}"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    proc = subprocess.Popen([str(tmp_path / "tower_pty_bridge"), str(tmp_path / "tower.elf")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines: queue.Queue[str] = queue.Queue()
    try:
        assert proc.stdout is not None and proc.stdin is not None
        port = ""
        while not port:
            line = proc.stdout.readline()
            assert line, "the bridge ended before it opened its pty"
            port = line.split()[1] if line.startswith("pty ") else ""
        out, into = proc.stdout, proc.stdin

        def pump() -> None:
            for x in out:
                lines.put(x.strip())

        threading.Thread(target=pump, daemon=True).start()

        def bridge(command: str) -> None:
            into.write(command + "\n")
            into.flush()

        def next_event(kind: type[E], timeout: float = 5.0) -> E:
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                try:
                    event = client.events.get(timeout=0.1)
                except queue.Empty:
                    continue
                if isinstance(event.what, kind):
                    return event.what
            raise AssertionError(f"no {kind.__name__} within {timeout} s")

        def bridge_line(prefix: str, timeout: float = 5.0) -> str:
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                try:
                    line = lines.get(timeout=0.1)
                except queue.Empty:
                    continue
                if line.startswith(prefix):
                    return line
            raise AssertionError(f"the bridge printed no {prefix!r} within {timeout} s")

        def servo_pulse(width_us: int, timeout: float = 5.0) -> None:
            """Waits for the bridge to report a servo pulse of ``width_us``. A single pulse cut short
            where the gate changes mid-period (seen once under load: "servo 231" before "servo
            2000") is passed over: the steady pulse that follows is what drives the servo."""
            end = time.monotonic() + timeout
            seen: list[str] = []
            while time.monotonic() < end:
                line = bridge_line("servo ", max(0.1, end - time.monotonic()))
                if line == f"servo {width_us}":
                    return
                seen.append(line)
            raise AssertionError(f"no {width_us} us servo pulse within {timeout} s (saw {seen})")

        client = TowerClient(port)
        hello = client.connect()
        try:
            assert hello.firmware == "1.0" and hello.protocol == 1
            assert client.ping() < 0.5
            client.configure(settle_ms=100, jam_ms=300)
            bridge("die 2;wait 3;die 2")  # two dice 5 ms apart
            settled = next_event(p.RollSettled)
            assert settled.count == 2 and settled.roll == 1
            client.release(200)
            servo_pulse(2000)  # open: a 2.0 ms pulse
            servo_pulse(1000)  # closed again
            empty = next_event(p.RollSettled)
            assert (empty.roll, empty.count) == (2, 0)  # released, no die fell: settled with none
            client.set_led(255, 0, 255)
            assert bridge_line("led 1") == "led 1 0 1"
            bridge("die 500")
            jam = next_event(p.Jam)
            assert jam.cleared == 0 and jam.blocked_ms == 300
            assert next_event(p.Jam).cleared == 1
            bridge("button 60")
            assert next_event(p.Button).long == 0
        finally:
            client.close()
    finally:
        if proc.stdin:
            proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
