"""Foggy Island (seed 002): a 2-player line-building game on a foggy 6x6 island."""

from .game import FoggyIsland
from .options import FoggyOptions
from .state import FoggyState

__all__ = ["FoggyIsland", "FoggyOptions", "FoggyState"]
