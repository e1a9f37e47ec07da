"""``tablesight ARGS`` run by the command's own ``ui.cli.main`` inside the test process.

Why: the suite ran ~150 ``python -m ui.cli`` subprocesses, and each spent 0.5-0.7 s importing
numpy, OpenCV and the project before doing anything: about a tenth of ``make test``. In the test
process those modules are already loaded. What the user runs is the same code: the parser, the
command, the one-line errors and the exit status; the console script itself (``tablesight`` on
the PATH, ``python -m ui.cli``) keeps its own subprocess tests (tests/ui/test_entry_points.py).

Output is caught at the file descriptors, not only ``sys.stdout``: a line a C library writes to
stderr (OpenCV's warnings) lands in ``stderr`` here as it would in a terminal, so a test that
wants exactly one line of error still sees it.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def _fd_redirected(fd: int, to: IO[bytes]) -> Iterator[None]:
    saved = os.dup(fd)
    try:
        os.dup2(to.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def run_cli(*args: str, cwd: Path | str = REPO, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``tablesight *args`` in this process from ``cwd``, with ``stdin`` as its input (none: an
    empty one, as a closed pipe gives): the exit
    status, stdout and stderr as ``subprocess.run(..., capture_output=True, text=True)`` gives
    them."""
    from ui.cli import main

    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        out = io.TextIOWrapper(out_file, encoding="utf-8", write_through=True)
        err = io.TextIOWrapper(err_file, encoding="utf-8", write_through=True)
        streams = sys.stdin, sys.stdout, sys.stderr
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            with contextlib.chdir(cwd), _fd_redirected(1, out_file), _fd_redirected(2, err_file):
                sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin or ""), out, err
                try:
                    status = main(list(args))
                except SystemExit as exc:  # argparse's errors and --help
                    if isinstance(exc.code, str):
                        print(exc.code, file=err)
                    status = 1 if isinstance(exc.code, str) else int(exc.code or 0)
                out.flush()
                err.flush()
        finally:
            sys.stdin, sys.stdout, sys.stderr = streams
        texts = []
        for wrapper in (out, err):
            wrapper.seek(0)
            texts.append(wrapper.read())
            wrapper.detach()
    return subprocess.CompletedProcess(["tablesight", *args], int(status), texts[0], texts[1])
