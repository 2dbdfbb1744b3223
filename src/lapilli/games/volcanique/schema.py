"""What ``observation(seat)`` holds in Volcanique (generated into
docs/schemas/volcanique.json).

Hexes are axial coordinates ``q, r`` as on the map; biomes by colour (``dark``,
``medium``, ``light``); resources as ``[dark, medium, light]``; seats from 0; powers and
Caldera cards by their id in data.toml (``volcanic_winter``). A tile in a stack is the
code ``6 × kind + rotation``, its kind the index of the tile in data.toml's list.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from lapilli.core.flow import Decision
from lapilli.core.schema import Strict


class Placing(Strict):
    """The land tile being placed during a place or rotate step."""

    seat: int = Field(description="who places it")
    tile: str = Field(description="its tile id")
    at: list[int] | None = Field(description="its hex [q, r] once chosen (null before)")


class Observation(Strict):
    """One seat's view of a Volcanique position (null seat: a spectator)."""

    stage: str = Field(description="setup, main, final, eruption, finale or over")
    step: dict[str, Any] | None = Field(
        description="the engine's pending step (step, seat, args), for tools; see decision"
    )
    placing: Placing | None = Field(description="the land tile being placed, if any")
    decision: Decision | None = Field(description="what the game waits for")
    turn: int = Field(description="turns played")
    round: int = Field(description="the round")
    current: int = Field(description="the seat to move (-1: a roll or draw, -2: over)")
    first: int = Field(description="the first player")
    map: list[list[int | list[int]]] = Field(
        description="each land hex: [q, r, its stack of tile codes, bottom first]"
    )
    critters: list[list[int | str]] = Field(
        description="critters on the land: [q, r, biome colour, owner, how many]"
    )
    colossal: list[list[int | str]] = Field(description="Colossal Critters, as critters")
    burrowed: list[list[int | str]] = Field(description="burrowed critters, as critters")
    sea: list[list[int]] = Field(description="sea critters: [q, r, owner]")
    winter: list[list[int]] = Field(description="Volcanic Winter: [q, r, turn it began]")
    super_volcano: list[int] = Field(description="the super volcano: [q, r, owner], or empty")
    used: list[list[str]] = Field(description="limited powers each seat has used")
    lava: list[list[int]] = Field(description="lava: [q, r, turn it met the sea (-1: flowing)]")
    hand: list[int] = Field(description="critters each seat holds in hand")
    crater: list[int] = Field(description="critters in each seat's Sacrificial Critter Crater")
    resources: list[list[int]] = Field(description="each seat's resources [dark, medium, light]")
    supply: list[int] = Field(description="resources left in the supply [dark, medium, light]")
    tiles: dict[str, int] = Field(description="tiles left to buy, by tile id")
    volcano_tiles: int = Field(description="volcano tiles left")
    lava_tiles: int = Field(description="lava tiles left")
    grid: dict[str, str] = Field(description="the Volcanic Power Grid: slot -> power")
    unlocked: list[list[str]] = Field(description="the grid slots each seat has unlocked")
    caldera_deck: int = Field(description="Caldera cards left in the deck")
    caldera_counts: list[int] = Field(description="Caldera cards in each seat's hand")
    caldera_discard: list[str] = Field(description="Caldera cards played or discarded")
    points: list[int] = Field(description="points scored during play, per seat")
    end: str = Field(description='why the game is ending or ended ("" while it goes on)')
    seat: int | None = Field(default=None, description="whose view this is (absent: a spectator)")
    caldera_hand: list[str] | None = Field(
        default=None, description="your own Caldera cards (absent for a spectator)"
    )
    scores: list[float] | None = Field(
        default=None, description="each seat's final score, once the game is over"
    )
    score_breakdown: list[dict[str, int]] | None = Field(
        default=None,
        description="each seat's final points item by item (critters, connections, "
        "volcanoes, sacrifices, colossal, herds, tallest, largest, diversified, caldera, "
        "points scored in play), once the game is over",
    )
    caldera_hands: list[list[str]] | None = Field(
        default=None, description="every seat's Caldera cards, once they are shown at the end"
    )
