"""The players' prompt (whose turn, what they may do) in the chosen language.

Mirrors :func:`tracker.octocube.prompts.octocube_prompt` phase by phase, with each sentence taken from the
language files; a test checks that the English output is the tracker's own sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ui.i18n import tr


def game_prompt(state: Any, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The prompt for any game at the table: Octocube's phase by phase from the language files,
    another game's from its :meth:`tracker.table.TableGame.prompt` (English, with the players'
    names put in), translated sentence by sentence."""
    if state.game.name == "octocube":
        return octocube_prompt(state, lang, names)
    import re

    from tracker.registry import table_game
    from ui.i18n.sentences import player_pattern, translate_sentence

    # translated first (the shapes know "player N", not the players' own names), names put in after
    text = translate_sentence(table_game(state.game.name).prompt(state), lang)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if names and 0 <= seat < len(names) and names[seat] else match.group(0)

    return re.sub(player_pattern(lang), name, text)


def octocube_prompt(state: Any, lang: str = "en", names: Sequence[str] | None = None) -> str:
    from rules.octocube.components import location_label
    from rules.octocube.state import player_name

    if state.is_terminal():
        return tr("prompt.over", lang)
    seat = state.current_player()
    if names and seat < len(names) and names[seat]:
        who = names[seat]
    elif lang == "en":
        who = player_name(seat)
    else:
        from ui.i18n import colour_name

        who = colour_name(seat, lang)
    phase = state.phase()
    cube = state.cubes[seat]
    if phase == "choose_abyss":
        return tr("prompt.choose_abyss", lang, who=who, where=location_label(state.pending_abyss[0]))
    if phase == "follow_up":
        if state.follow_up == "roll":
            return tr("prompt.follow_roll", lang, who=who)
        return tr("prompt.follow_power", lang, who=who, power=state.follow_up)
    if phase == "must_retrieve":
        return tr("prompt.must_retrieve", lang, who=who)
    if phase in ("board", "leftover_target", "leftover_stack"):
        return tr("prompt.board", lang, who=who)
    if cube.location is None:
        if any(m.kind == "place" for m in state.legal_moves()):
            return tr("prompt.place", lang, who=who)
        return tr("prompt.no_edge", lang, who=who)
    where = location_label(cube.location)
    if state.mode == "kids":
        return tr("prompt.kids", lang, who=who, where=where)
    key = "prompt.turn_advanced" if state.mode == "advanced" else "prompt.turn"
    return tr(key, lang, who=who, where=where)
