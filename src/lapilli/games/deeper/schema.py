"""What ``observation(seat)`` holds in Deeper (generated into docs/schemas/deeper.json).

Hexes are named as on the map (column letter and depth row); resources by name
(``coral``, ``fish``, ...); decks by their depth (``20m`` to ``100m``); seats from 0.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, create_model

from lapilli.core.flow import Steps
from lapilli.core.schema import Strict, decision_model


class Tile(Strict):
    """A tile on the map."""

    hex: str = Field(description="where it lies")
    tile: str = Field(description="the tile")
    resources: dict[str, int] = Field(description="the resources on it, by name")


class Deck(Strict):
    """A tile deck."""

    count: int = Field(description="tiles left")
    bottom: list[str] = Field(description="tiles put under it, in order")


class Diver(Strict):
    """A player's diver, boards and cards."""

    hex: str = Field(description="where the diver is")
    hatch: str = Field(description="the player's habitat hatch")
    air: int = Field(description="air in the lungs")
    lungs: int = Field(description="lung capacity")
    inventory: dict[str, int] = Field(description="resources in the Inventory, by name")
    inventory_size: int = Field(description="Inventory cells")
    storage: dict[str, int] = Field(description="resources in Storage, by name")
    storage_size: int = Field(description="Storage cells")
    upgrades: list[str] = Field(description="upgrades held")
    milestones: list[str] = Field(description="depth milestones reached")
    built: list[str] = Field(description="blueprint cards built")
    rockets: list[str] = Field(description="rocket cards built")
    hand: list[str] | None = Field(
        description="blueprint cards in hand, if you may see them (all at the end)"
    )
    hand_count: int = Field(description="how many blueprint cards in hand")
    score: int = Field(description="points so far")


class Position(Strict):
    """One seat's view of a Deeper position (null seat: a spectator)."""

    players: int = Field(description="how many play")
    board: list[Tile] = Field(description="the tiles on the map")
    decks: dict[str, Deck] = Field(description="the tile decks, by depth")
    market: list[str] = Field(description="the tile market")
    removed: list[str] = Field(description="tiles out of the game")
    blueprint_deck: int = Field(description="blueprint cards left to draw")
    rockets: list[str] = Field(description="the rocket cards still to build")
    seats: list[Diver] = Field(description="each seat's diver and boards")
    first: int = Field(description="the first player")
    round: int = Field(description="the round, from 1")
    turns: int = Field(description="turns played")
    swum: bool = Field(description="whether the diver to move has swum this turn")
    end: str = Field(description='how the game ended: "rockets", "limit", or "" while playing')
    builder: int = Field(description="who built the last rocket card (-1: nobody)")
    tie_winner: int = Field(description="the tied player the builder chose (-1: none)")
    pending: dict[str, Any] | None = Field(
        description="the engine's pending step (step, seat, args), for tools; see decision"
    )


def observation(steps: Steps) -> type[BaseModel]:
    """The observation's model: a position and the decision named in the words of the
    game's steps."""
    decision: Any = decision_model(steps)
    return create_model(
        "Observation",
        __base__=Position,
        __doc__=Position.__doc__,
        decision=(decision | None, Field(description="what the game waits for")),
    )
