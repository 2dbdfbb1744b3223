"""Volcanique (seed 000): stack hex tiles, control biomes, unleash volcanoes."""

from .game import Volcanique
from .state import VolcaniqueState

__all__ = ["Volcanique", "VolcaniqueState"]
