"""What ``observation(seat)`` holds in Fuji (generated into docs/schemas/fuji.json).

Cells of the terrain are numbered row by row (``c``); a card's place on the map is
``[x, y]``; seats and adventurers from 0; dice are numbered across the game and each
has a type A, B or C.
"""

from __future__ import annotations

from pydantic import Field

from lapilli.core.flow import Decision
from lapilli.core.schema import Strict


class Die(Strict):
    """A die held by an adventurer; its face only if you may see it."""

    die: int = Field(description="the die's number")
    type: str = Field(description="its type: A, B or C")
    value: int | None = Field(description="its face, if you may see it (null: behind a screen)")
    aside: str = Field(description='why it is set aside ("": it is not)')
    home: int = Field(description="the adventurer whose screen it belongs behind")
    holder: int = Field(description="the adventurer holding it now")


class CardHelp(Strict):
    """The helper's sums for one card a meeple may aim at."""

    card: list[int] = Field(description="the card on the map, [x, y]")
    steps: int = Field(description="how many steps away it is")
    value: int = Field(description="your total there, from the dice you see")
    rerolls: int = Field(description="the phase-3 rerolls it gives")
    stamina_on_fail: int = Field(description="the stamina a tie or a loss would cost")
    injuries_on_fail: int = Field(description="the injuries that loss would mark")
    exhausted_on_fail: bool = Field(description="whether it would exhaust the adventurer")
    warning: str | None = Field(
        default=None, description="present when the way there crosses an eruption token"
    )


class Neighbour(Strict):
    """What you know of a neighbour's total on your destination card."""

    adventurer: int = Field(description="the neighbour")
    value: int = Field(description="its total from the dice you see")
    valid: int = Field(description="how many of its dice you see count there")
    hidden: int = Field(description="how many of its dice you cannot see")


class DestinationHelp(CardHelp):
    """The helper's sums for the card a meeple's destination marker is on."""

    valid: int = Field(description="how many of your dice count there")
    hidden: int = Field(description="how many of your dice you cannot see")
    neighbours: list[Neighbour] = Field(description="each neighbour's known total")
    ahead_by: int = Field(description="your total (with a flare) minus the best neighbour's")
    certain: bool = Field(description="whether no hidden die could change the comparison")


class Helper(Strict):
    """The private helper for one meeple this seat decides for."""

    adventurer: int = Field(description="the meeple")
    destination: DestinationHelp | None = Field(description="its destination card's sums")
    cards: list[CardHelp] | None = Field(
        default=None, description="phase 2: every card it may aim at"
    )


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
    decision: Decision | None = Field(description="what the game waits for")
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
    helper: list[Helper] = Field(
        description="the private helper for each meeple you decide for (empty for a spectator)"
    )
    reroll: Reroll | None = Field(default=None, description="present during your own rerolls")
