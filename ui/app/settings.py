"""The app's stored settings (a small JSON file in the app's home folder). No kivy."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ui.i18n import LANGUAGES

TEXT_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.2, "huge": 1.45}


@dataclass
class AppSettings:
    language: str = "en"
    text_size: str = "normal"
    camera_index: int = 0
    video_path: str = ""
    dice_port: str = ""
    """The dice tower's serial port (stored only, for a later issue)."""

    def check(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}; choose one of {', '.join(LANGUAGES)}")
        if self.text_size not in TEXT_SIZES:
            raise ValueError(f"text size must be one of {', '.join(TEXT_SIZES)}, not {self.text_size!r}")
        if not isinstance(self.camera_index, int) or not 0 <= self.camera_index <= 63:
            raise ValueError(f"webcam number must be 0-63, not {self.camera_index!r}")

    @classmethod
    def load(cls, path: Path) -> tuple[AppSettings, str]:
        """The settings, and a note when the file was unusable (defaults are used then)."""
        if not path.is_file():
            return cls(), ""
        try:
            from rules.safe_json import cut, loads, obj

            data = obj(loads(path.read_bytes(), "it", max_bytes=64_000), "settings")
            known = {f.name for f in fields(cls)}
            settings = cls(**{k: v for k, v in data.items() if k in known})
            settings.check()
        except (OSError, ValueError, TypeError) as exc:
            return cls(), f"settings file {path} ignored ({cut(str(exc))})"
        return settings, ""

    def save(self, path: Path) -> None:
        self.check()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)


def saved_games(logs_dir: Path) -> list[dict[str, Any]]:
    """Event logs in ``logs_dir``, newest first: path, players, moves, finished."""
    from tracker.event_log import read_events

    out = []
    for path in sorted(logs_dir.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            events = read_events(path).events
        except ValueError:
            continue
        if not events or events[0].get("type") != "game":
            continue
        header = events[0]
        moves = sum(1 for e in events if e.get("type") == "move") - sum(1 for e in events if e.get("type") == "undo")
        out.append({"path": str(path), "name": path.stem, "players": header.get("config", {}).get("num_players", 0),
                    "moves": max(0, moves), "source": header.get("source") or "camera",
                    "seed": header.get("seed"), "illegal": header.get("illegal")})
    return out
