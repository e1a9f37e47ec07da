"""Subcommands of ``tablesight``: each module defines ``register(subparsers)``."""
