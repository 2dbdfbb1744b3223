"""The engine every game shares."""

from .actions import Action
from .errors import (
    IllegalAction,
    LapilliError,
    MalformedInput,
    OptionError,
    RecordError,
    UnknownGame,
)
from .match import Match
from .records import Record
from .registry import game_class, games, load_game
from .state import CHANCE, TERMINAL, Event, Game, NoOptions, State, Utility, sample_chance

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "LapilliError",
    "MalformedInput",
    "Match",
    "NoOptions",
    "OptionError",
    "Record",
    "RecordError",
    "State",
    "UnknownGame",
    "Utility",
    "game_class",
    "games",
    "load_game",
    "sample_chance",
]
