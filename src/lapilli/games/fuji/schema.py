"""What ``observation(seat)`` holds in Fuji (generated into docs/schemas/fuji.json).

Cells of the terrain are numbered row by row (``c``); a card's place on the map is
``[x, y]``; seats and adventurers from 0; dice are numbered across the game and each
has a type A, B or C.
"""

from __future__ import annotations

from pydantic import Field

from lapilli.core.schema import Strict, decision_model

from .state import FujiState

Decision = decision_model(FujiState)


class Die(Strict):
    """A die held by an adventurer; its face only if you may see it."""

    die: int = Field(description="the die's number")
    type: str = Field(description="its type: A, B or C")
    value: int | None = Field(description="its face, if you may see it (null: behind a screen)")
    aside: str = Field(description='why it is set aside ("": it is not)')
    home: int = Field(description="the adventurer whose screen it belongs behind")
    holder: int = Field(description="the adventurer holding it now")


class Adventurer(Strict):
    """An adventurer: a player's, the neutral one or the third."""

    adventurer: int = Field(description="its number")
    seat: int | None = Field(description="the seat that moves it (null: nobody's)")
    kind: str = Field(description="player, neutral or third")
    skill: str = Field(description="its skill card")
    position: list[int] | None = Field(description="its card on the map, [x, y]")
    destination: list[int] | None = Field(description="its destination marker, [x, y]")
    stamina_lost: int = Field(description="stamina lost")
    injuries: int = Field(description="covered injury spaces, one bit each")
    power_bars: int = Field(description="power bars (Gatherer)")
    equipment: list[str] = Field(description="its equipment cards")
    tapped: int = Field(description="equipment cards used once, one bit per card")
    first_aid: int = Field(description="First aid: 1 while in use")
    flare: int = Field(description="Flare: its state")
    dice: list[Die] = Field(description="the dice it holds")


class Reroll(Strict):
    """Your own rerolls in progress (phase 3)."""

    left: int = Field(description="rerolls left")
    selected: int = Field(description="dice selected to reroll, one bit per die number")


class Observation(Strict):
    """One seat's view of a Fuji position (null seat: a spectator)."""

    round: int = Field(description="the round, from 1")
    phase: int = Field(description="the phase of the round, 1 to 5")
    scenario: int = Field(description="the scenario card (0: none)")
    level: int = Field(description="the difficulty level")
    to_move: int = Field(description="the seat to move (-1: a roll or draw, -2: over)")
    waiting_for: str = Field(
        description='the pending step if it is yours, "chance", "another seat", or ""'
    )
    decision: Decision | None = Field(description="what the game waits for")  # type: ignore[valid-type]
    result: int = Field(description="1 victory, -1 defeat, 0 while playing")
    cause: str = Field(description="why the game was lost or won")
    terrain: list[list[int]] = Field(
        description="each laid card: [cell, card, lava side, equipment token, eruption tokens]"
    )
    adventurers: list[Adventurer] = Field(description="every adventurer")
    deck_size: int = Field(description="equipment cards left in the draw pile")
    bottom: list[str] = Field(description="equipment cards put under the pile, in order")
    discard: list[str] = Field(description="discarded equipment cards")
    signals: list[list[int | str]] = Field(description="signals given: [adventurer, words]")
    victory_points: int = Field(description="the team's victory points")
    reroll: Reroll | None = Field(default=None, description="present during your own rerolls")
