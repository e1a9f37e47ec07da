"""The ``tablesight`` command runs OpenBLAS on one thread (ui/cli.py says why), as the tests and
benches do; a user's own OPENBLAS_NUM_THREADS still wins. Checked in a fresh interpreter, the way
the console script starts: import ``ui.cli`` first, then ask numpy's OpenBLAS itself."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

_ASK_OPENBLAS = """
import ctypes, glob, os, sys
{first}
import numpy
libs = glob.glob(os.path.join(os.path.dirname(numpy.__file__), os.pardir, "numpy.libs", "*openblas*"))
if not libs:
    print("no-openblas"); sys.exit(0)
lib = ctypes.CDLL(libs[0])
for name in ("scipy_openblas_get_num_threads64_", "openblas_get_num_threads64_", "openblas_get_num_threads"):
    if hasattr(lib, name):
        print(getattr(lib, name)()); sys.exit(0)
print("no-openblas")
"""


def _openblas_threads(first: str, env_threads: str | None = None) -> int:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    if env_threads is not None:
        env["OPENBLAS_NUM_THREADS"] = env_threads
    out = subprocess.run([sys.executable, "-c", _ASK_OPENBLAS.format(first=first)], cwd=REPO, env=env,
                         capture_output=True, text=True, check=True, timeout=120).stdout.strip()
    if out == "no-openblas":
        pytest.skip("this numpy has no bundled OpenBLAS to ask")
    return int(out)


def test_the_command_runs_openblas_on_one_thread() -> None:
    assert _openblas_threads("import ui.cli") == 1


def test_without_the_command_openblas_takes_every_core() -> None:
    """Control: the same interpreter without ``ui.cli`` first gets OpenBLAS's default, so the check
    above can fail."""
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: OpenBLAS's default is one thread too")
    assert _openblas_threads("") > 1


def test_a_users_own_setting_wins() -> None:
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: OpenBLAS caps the count at the cores")
    assert _openblas_threads("import ui.cli", env_threads="2") == 2
