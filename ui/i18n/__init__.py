"""Translations of the app's words (English, French, Dutch).

Why plain JSON files keyed by a dotted id: translators edit one flat file per language, a test
checks every language has every key, and nothing here imports kivy (the worker thread builds the
translated prompts). The French and Dutch game terms follow the publisher's rulebooks
(/work/shared/seeds/octocube-rules-fr.txt, -nl.txt): cube Pieuvre / octopusblokje, Rouler /
Rollen, Pivoter / Roteren, Score / Scoren, Passer / Overslaan, Abysses / dieptetegel ...
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "nl": "Nederlands"}
"""Language code -> its own name (shown in Settings, never translated)."""

_HERE = Path(__file__).resolve().parent


class TranslationError(ValueError):
    """A language file is missing or malformed."""


def read_language_file(path: Path) -> Any:
    """The JSON in one language file; a TranslationError naming the file when it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TranslationError(f"cannot read {path}: {exc}") from None


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise TranslationError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    path = _HERE / f"{lang}.json"
    data = read_language_file(path)
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise TranslationError(f"{path} must map ids to strings")
    return data


def tr(key: str, lang: str = "en", **fields: Any) -> str:
    """The text for ``key`` in ``lang`` (English when that language lacks it; the key itself when
    no language has it, so a missing translation is visible instead of crashing)."""
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue("en").get(key, key)
    if fields:
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def colour_name(seat: int, lang: str = "en") -> str:
    from rules.octocube.components import PLAYER_COLOURS

    return tr(f"colour.{PLAYER_COLOURS[seat]}", lang)


def category_name(category: str, lang: str = "en") -> str:
    """A score sheet's category in ``lang`` (Octo Dice's "third 2: labs" and "bonus: crystals"
    are a third, or the final bonus, and a category)."""
    import re

    third = re.fullmatch(r"third (\d): (.+)", category)
    if third:
        return tr("category.third", lang, n=third.group(1), what=category_name(third.group(2), lang))
    bonus = re.fullmatch(r"bonus: (.+)", category)
    if bonus:
        return tr("category.bonus_of", lang, what=category_name(bonus.group(1), lang))
    key = f"category.{category}"
    text = tr(key, lang)
    return category if text == key else text
