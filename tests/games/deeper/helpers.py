"""Positions for Deeper's rule tests, built in the game's words."""

from __future__ import annotations

from typing import Any

from lapilli.core.actions import Action
from lapilli.games.deeper import Deeper, positions
from lapilli.games.deeper.state import DeeperState


def game(**options: Any) -> Deeper:
    return Deeper(**options) if options else Deeper()


def position(players: int = 1, options: dict[str, Any] | None = None, **kw: Any) -> DeeperState:
    """A position at the start of a player's actions (see ``positions.position``)."""
    return positions.position(game(**(options or {})), players, **kw)


def A(kind: str, **params: Any) -> Action:
    return Action(kind, **params)


def inv(s: DeeperState, seat: int = 0) -> dict[str, int]:
    from lapilli.games.deeper.components import RESOURCES

    return {RESOURCES[k]: n for k, n in enumerate(s.inventory[seat]) if n}


def sto(s: DeeperState, seat: int = 0) -> dict[str, int]:
    from lapilli.games.deeper.components import RESOURCES

    return {RESOURCES[k]: n for k, n in enumerate(s.storage[seat]) if n}


def on(s: DeeperState, hex_name: str) -> dict[str, int]:
    from lapilli.games.deeper.components import RESOURCES

    return {RESOURCES[k]: n for k, n in enumerate(s.on_tile(s.ocean.cell(hex_name))) if n}


def at(s: DeeperState, seat: int = 0) -> str:
    return s.ocean.names[s.pawn[seat]]


def step(s: DeeperState) -> str:
    return s.stack[-1].step.name if s.stack else "over"


def finish_turn(s: DeeperState) -> None:
    """End the actions of the player to move (the rest of the turn runs by itself)."""
    s.apply(A("done"))
