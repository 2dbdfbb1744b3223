"""Volcanique (seed 000): stack hex tiles, control biomes, unleash volcanoes."""

from .rules import Volcanique, VolcaniqueState

__all__ = ["Volcanique", "VolcaniqueState"]
