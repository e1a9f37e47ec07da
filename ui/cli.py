"""The ``tablesight`` command. Subcommands live in ``ui/commands/``, one module each, found at
start-up so that adding a command never means editing this file. Command modules import heavy
libraries (cv2, onnxruntime, kivy) inside their ``run`` function, not at import time."""

from __future__ import annotations

import os

# OpenBLAS reads its thread count once, when numpy loads (command modules load numpy as they
# register), so it is set here, before any of them. One thread: the fine stage's batched face
# correlations are the one large BLAS product, and measured on 2 cores (docs/testing.md, session
# 80/81 lead) a second thread bought no wall time and cost ~14 % more CPU, a core the app's UI
# thread needs on a tablet. The tests and the benches already run this way, so their figures are
# the product's. A user's own OPENBLAS_NUM_THREADS wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn

import ui.commands
from rules.safe_json import one_line


class CommandError(Exception):
    """A failure to report to the user as one clear line (exit status 2), never a traceback."""


class _Parser(argparse.ArgumentParser):
    """Bad arguments are one line too (argparse's default prints the whole usage first): the
    problem, and where to read the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message, 300)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tablesight",
        description="TableSight: a camera assistant for board-game tables.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for info in sorted(pkgutil.iter_modules(ui.commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"ui.commands.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return int(handler(args) or 0)
    except (CommandError, ValueError) as exc:  # ValueError: RulesError and friends, user-facing by design
        # one line, whatever the message holds (a bad value is shown cut where it is named;
        # this is the last guard for one that was not)
        print(f"tablesight {args.command}: error: {one_line(str(exc), 600)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    # Run through the package module so that ``ui.cli.CommandError`` raised by a command is the
    # same class that ``main`` catches (under ``python -m ui.cli`` this file is ``__main__``).
    from ui.cli import main as _main

    sys.exit(_main())
