"""Foggy Island (seed 002): a 2-player line-building game on a foggy 6x6 island."""

from .options import FoggyOptions
from .rules import FoggyIsland, FoggyState

__all__ = ["FoggyIsland", "FoggyOptions", "FoggyState"]
