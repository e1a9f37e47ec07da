"""Rewrite event-log lines as someone editing a log on purpose would: recompute each line's
``sum`` (and, for :func:`rechain`, every ``seq`` and ``prev``). Used to check that what the
chain cannot catch, the engine and the player check still do."""

from __future__ import annotations

import json
from typing import Any

from tracker.event_log import line_hash, line_sum


def encode(event: dict[str, Any]) -> bytes:
    """One line as :class:`tracker.event_log.EventLog` writes it, with a fresh ``sum``."""
    event = {k: v for k, v in event.items() if k != "sum"}
    body = json.dumps(event, separators=(",", ":")).encode()
    return body[:-1] + b',"sum":"' + line_sum(body).encode() + b'"}\n'


def resum(raw: bytes) -> bytes:
    """The line with its own checksum recomputed (its place in the chain untouched)."""
    return encode(json.loads(raw))


def rechain(lines: list[bytes]) -> list[bytes]:
    """Every line renumbered, relinked and re-summed from the first."""
    out = [resum(lines[0])]
    for i, raw in enumerate(lines[1:], start=1):
        event = json.loads(raw)
        event["seq"], event["prev"] = i, line_hash(out[-1])
        out.append(encode(event))
    return out
