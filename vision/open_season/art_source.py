"""The modules whose code draws the Open Season built-in art: part of the key under which the
readers' templates drawn from it are cached (``vision.template_cache``)."""

from __future__ import annotations

from types import ModuleType

from vision.render import open_season_art, open_season_scene, scene, sprites

ART_MODULES: tuple[ModuleType, ...] = (open_season_art, open_season_scene, scene, sprites)
