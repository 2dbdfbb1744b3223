"""The registry of games: every entry point in the ``lapilli.games`` group.

A game living in another package registers itself in its own ``pyproject.toml``::

    [project.entry-points."lapilli.games"]
    my_game = "my_package.module:MyGame"
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .options import parse_options
from .state import Game, Utility

GROUP = "lapilli.games"


@cache
def game_classes() -> dict[str, type[Game]]:
    classes: dict[str, type[Game]] = {}
    for ep in entry_points(group=GROUP):
        cls = ep.load()
        if not isinstance(getattr(cls, "utility", None), Utility):
            raise TypeError(f"the game {cls.id} does not declare its utility (Game.utility)")
        classes[cls.id] = cls
    return dict(sorted(classes.items()))


def games() -> list[str]:
    """Ids of the registered games."""
    return list(game_classes())


def game_class(game_id: str) -> type[Game]:
    classes = game_classes()
    if game_id not in classes:
        known = ", ".join(classes) or "none installed"
        raise UnknownGame(f"no game called {game_id!r}; games: {known}")
    return classes[game_id]


def load_game(game_id: str, options: list[str] | None = None, **kwargs: Any) -> Game:
    """A game with its options, given as keywords or as ``["key=value", ...]`` texts."""
    cls = game_class(game_id)
    if options:
        parsed = parse_options(cls.Options, options)
        if kwargs:
            parsed = parse_options(cls.Options, options + [f"{k}={v}" for k, v in kwargs.items()])
        return cls(parsed)
    if kwargs:
        return cls(parse_options(cls.Options, [f"{k}={v}" for k, v in kwargs.items()]))
    return cls()
