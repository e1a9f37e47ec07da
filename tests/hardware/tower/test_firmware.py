"""The reference firmware, built with avr-gcc and run in simavr by its C harness
(firmware/tower/test/harness.c): hello, exact dice counts (two dice 5 ms apart, a chattering
die), jam, servo on release, LED, button, repeats until acknowledged, a reset that keeps a
pending roll. Skips, saying what to install, where the AVR toolchain or simavr is absent."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


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
