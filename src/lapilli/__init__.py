"""lapilli: five volcano-themed tabletop games as faithful rules engines, with bots."""

from ._engine import ENGINE  # first: it chooses the compiled or the pure-Python engine
from .core import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    Match,
    Record,
    State,
    games,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "ENGINE",
    "TERMINAL",
    "Action",
    "Game",
    "IllegalAction",
    "Match",
    "Record",
    "State",
    "__version__",
    "games",
    "load_game",
]
