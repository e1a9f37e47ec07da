"""Translations are complete and the translated prompt says what the tracker says (no display)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules.octocube import OctocubeGame
from tracker.octocube.prompts import octocube_prompt as tracker_prompt
from ui.i18n import LANGUAGES, TranslationError, tr
from ui.i18n.prompts import octocube_prompt

HERE = Path(__file__).resolve().parents[2] / "ui" / "i18n"


def _keys(lang: str) -> set[str]:
    return set(json.loads((HERE / f"{lang}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_language_has_every_key_and_the_same_fields(lang: str) -> None:
    assert _keys(lang) == _keys("en")
    import string

    for key in _keys("en"):
        fields_en = {f for _, f, _, _ in string.Formatter().parse(tr(key, "en")) if f}
        fields_other = {f for _, f, _, _ in string.Formatter().parse(tr(key, lang)) if f}
        assert fields_en == fields_other, key


def test_rulebook_terms_are_used() -> None:
    assert "Rouler" in tr("prompt.turn", "fr") and "Pivoter" in tr("prompt.turn", "fr")
    assert "cube Pieuvre" in tr("prompt.place", "fr")
    assert "Rollen" in tr("prompt.turn", "nl") and "octopusblokje" in tr("prompt.place", "nl")
    assert tr("category.coins", "nl") == "Munttegels" and tr("category.coins", "fr") == "Tuiles Pièce"


def test_unknown_language_is_refused_and_missing_keys_show_themselves() -> None:
    with pytest.raises(TranslationError, match="unknown language 'de'"):
        tr("nav.home", "de")
    assert tr("no.such.key", "fr") == "no.such.key"
    assert set(LANGUAGES) == {"en", "fr", "nl"}


@pytest.mark.parametrize("mode", ["standard", "kids", "advanced"])
def test_english_prompt_is_the_trackers_own_sentence(mode: str) -> None:
    """Through random games every phase comes up; the app's English must equal tracker/octocube/prompts.py."""
    for seed in range(3):
        state = OctocubeGame(3, mode=mode).new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(150):
            assert octocube_prompt(state, "en") == tracker_prompt(state)
            for lang in ("fr", "nl"):
                assert octocube_prompt(state, lang) != tracker_prompt(state)
            if state.is_terminal():
                break
            state.push(rng.choice(list(state.legal_moves())))


@pytest.mark.parametrize("game, players, options", [
    ("octocube", 3, {"mode": "standard"}), ("octocube", 2, {"mode": "advanced"}),
    ("open_season", 3, {"side": "horn", "expert": True}), ("open_season", 2, {"side": "shield"}),
    ("octo_dice", 2, {"variant": "virtual"}), ("octo_dice", 1, {"variant": "solo"}), ("octo_dice", 3, {}),
])
def test_every_score_category_a_finished_game_shows_is_translated(game: str, players: int,
                                                                  options: dict[str, object]) -> None:
    """The Score screen shows each category by name: a whole random game's sheet has every one."""
    from rules.core import random_playout
    from rules.registry import make_game
    from ui.i18n import category_name

    state = make_game(game, players, **options).new_initial_state(5)
    random_playout(state, random.Random(5))
    categories = {line.category for line in state.score_breakdown().lines}
    assert categories
    catalogues = {lang: json.loads((Path(__file__).resolve().parents[2] / f"ui/i18n/{lang}.json").read_text("utf-8"))
                  for lang in ("en", "fr", "nl")}
    for category in categories:
        inner = category.split(": ", 1)[-1]
        for lang, catalogue in catalogues.items():
            assert f"category.{inner}" in catalogue, f"{game}: {category!r} has no {lang} name"
            assert category_name(category, lang).endswith(catalogue[f"category.{inner}"])



@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_word_of_the_octo_dice_sheet_is_translated(lang: str) -> None:
    """The score sheet's words (ui/app/octo_dice_sheet.py): none left in English."""
    keys = sorted(k for k in _keys("en") if k.startswith("sheet."))
    assert len(keys) > 30
    left = [k for k in keys if tr(k, lang) == tr(k, "en")]
    assert not left, f"English left in {lang}: {left}"
