"""lapilli: five volcano-themed tabletop games as faithful rules engines, with bots."""

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
