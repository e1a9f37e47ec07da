"""Golden files under tests/golden/: compared, never silently (re)written.

A golden is rewritten only when the environment says exactly ``UPDATE_GOLDEN=1`` (any other
value, ``0`` included, compares as usual), and a missing golden fails with the command that
creates it: a golden that writes itself when it is absent or different checks nothing.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def updating() -> bool:
    """True only for ``UPDATE_GOLDEN=1``."""
    return os.environ.get("UPDATE_GOLDEN") == "1"


def check_golden(path: Path, text: str, test_file: str) -> None:
    """Fail with a unified diff when ``text`` differs from the golden at ``path``.

    ``test_file`` is the test module (``__file__``), named in the messages so that whoever reads
    a failure knows the exact command that accepts or creates the golden."""
    command = f"UPDATE_GOLDEN=1 .venv/bin/python -m pytest {Path(test_file).resolve().relative_to(GOLDEN_DIR.parents[1])}"
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"golden file {path} is missing; create it deliberately with `{command}`, "
                    f"review it and commit it")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), text.splitlines(keepends=True),
            fromfile=str(path), tofile="this build", n=2))
        pytest.fail(f"output differs from the golden {path.name}; if the change is intended, "
                    f"accept it with `{command}` and review the diff:\n{diff[:4000]}")
