"""Start a private Xvfb display (tests and the responsiveness bench run the real app on it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time


class XvfbError(RuntimeError):
    pass


def start_xvfb(size: tuple[int, int] = (1280, 800), depth: int = 24) -> tuple[subprocess.Popen[bytes], str]:
    """(process, ':N'): Xvfb picks a free display number and reports it through a pipe.

    At depth 24 Xvfb also offers 32-bit ARGB visuals, which make software GL swaps slow: open
    the window with :func:`ui.app.x11.prefer_default_visual` (the app command does)."""
    if shutil.which("Xvfb") is None:
        raise XvfbError("Xvfb is not installed (apt-get install xvfb)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{size[0]}x{size[1]}x{depth}",
                             "-nolisten", "tcp"], pass_fds=(write_fd,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + 20
    with os.fdopen(read_fd, "rb") as fh:
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = fh.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        proc.kill()
        raise XvfbError("Xvfb did not report a display number")
    return proc, f":{number.decode().strip()}"


def stop_xvfb(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
