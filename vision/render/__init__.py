"""The digital twin: a synthetic overhead camera for Octocube, Open Season and Octo Dice.

See docs/render.md. Main entry points: :class:`Renderer`, :class:`CameraModel`,
:class:`RenderOptions`, the scene adapters in ``octocube_scene``, ``open_season_scene`` and
``octo_dice_scene``, sequences in ``sequence`` and datasets in ``dataset``.
"""

from vision.render.camera import CameraModel, CameraModelError
from vision.render.effects import Lighting, SensorEffects
from vision.render.hands import Distractor, Hand
from vision.render.renderer import Renderer, RenderOptions, RenderResult
from vision.render.scene import Component, Pose, Scene

__all__ = ["CameraModel", "CameraModelError", "Component", "Distractor", "Hand", "Lighting",
           "Pose", "Renderer", "RenderOptions", "RenderResult", "Scene", "SensorEffects"]
