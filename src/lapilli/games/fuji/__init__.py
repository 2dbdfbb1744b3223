"""Fuji (Wolfgang Warsch, Feuerland 2018): a cooperative escape from the volcano."""

from .game import Fuji
from .options import FujiOptions
from .state import FujiState

__all__ = ["Fuji", "FujiOptions", "FujiState"]
