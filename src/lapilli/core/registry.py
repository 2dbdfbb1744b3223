"""The registry of games: every entry point in the ``lapilli.games`` group.

A game living in another package registers itself in its own ``pyproject.toml``::

    [project.entry-points."lapilli.games"]
    my_game = "my_package.module:MyGame"
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import UnknownGame
from .options import parse_options
from .state import Game, Utility

GROUP = "lapilli.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The registered games by id, not yet loaded (a game loads only when asked for)."""
    return {ep.name: ep for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name)}


@cache
def _load(game_id: str) -> type[Game]:
    cls = _entry_points()[game_id].load()
    if not isinstance(getattr(cls, "utility", None), Utility):
        raise TypeError(f"the game {game_id} does not declare its utility (Game.utility)")
    if cls.id != game_id:
        raise TypeError(f"the entry point {game_id} names a game whose id is {cls.id}")
    loaded: type[Game] = cls
    return loaded


def game_classes() -> dict[str, type[Game]]:
    """Every registered game class, by id (each loaded on first use)."""
    return {game_id: _load(game_id) for game_id in _entry_points()}


def games() -> list[str]:
    """Ids of the registered games."""
    return list(_entry_points())


def game_class(game_id: str) -> type[Game]:
    known = _entry_points()
    if game_id not in known:
        names = ", ".join(known) or "none installed"
        raise UnknownGame(f"no game called {game_id!r}; games: {names}")
    return _load(game_id)


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
