"""What happens in a game of Volcanique, as events: one kind per class, told apart by
``type`` (generated into docs/schemas/volcanique.events.json).

Seats are numbered from 0. A hex is ``[q, r]`` (axial coordinates); a biome of a tile
is ``[q, r, colour]`` with the colour's index (0 dark, 1 medium, 2 light). Resources
are amounts per kind in that order (``[dark, medium, light]``); a direction is an index
into E, NE, NW, W, SW, SE. Powers and Caldera cards go by their ids
(``magma_siphon``), land tiles by their kinds (``duo-dark-light``).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from lapilli.core.events import STRICT

EndReason = Literal[
    "all_critters_deployed",
    "round_limit",
    "super_volcanic_eruption",
    "last_land_tile",
    "volcanic_winter",
]
"""What started the end-game sequence."""
Purpose = Literal[
    "tile",
    "volcano",
    "colossal",
    "point",
    "migration",
    "evacuate",
    "sacrifice_hand",
    "island",
]
"""What resources are paid for."""


# -- set-up --------------------------------------------------------------------------------
@with_config(STRICT)
class PowerDiscarded(TypedDict):
    """A power drawn for the Volcanic Power Grid has no free slot of its level: it is
    left out of the grid."""

    type: Literal["power_discarded"]
    power: str


@with_config(STRICT)
class Dealt(TypedDict):
    """A power dealt to a slot of the Volcanic Power Grid (``L1`` ... ``L5``)."""

    type: Literal["dealt"]
    slot: str
    power: str


@with_config(STRICT)
class IslandTile(TypedDict):
    """A player lays a tile of their starting island or of a summoned island (the
    ``tile`` kind, turned to ``rotation``)."""

    type: Literal["island_tile"]
    seat: int
    tile: str
    at: list[int]
    rotation: int


@with_config(STRICT)
class Bonus(TypedDict):
    """A player takes a bonus resource of their choice (set-up)."""

    type: Literal["bonus"]
    seat: int
    resource: str


# -- events of one player ------------------------------------------------------------------
@with_config(STRICT)
class SeatEvent(TypedDict):
    """Something a player does: ``first_player`` (the dispute dhoobloon picks them to go
    first), ``starting_critters`` (they place their starting critters),
    ``forced_sacrifice`` (they can buy no tile: a critter from their hand goes to the
    crater), ``caldera_bought`` (they buy a Caldera card), ``caldera_card`` (they draw a
    Caldera card, unseen by others), ``lateral_eruption`` (they set off a Lateral
    Eruption)."""

    type: Literal[
        "first_player",
        "starting_critters",
        "forced_sacrifice",
        "caldera_bought",
        "caldera_card",
        "lateral_eruption",
    ]
    seat: int


@with_config(STRICT)
class SeatHexEvent(TypedDict):
    """Something a player does, or that befalls their critter, on the hex ``at``:
    ``colossal`` (a critter there becomes a Colossal Critter), ``colossal_damaged``
    (their Colossal Critter there loses 1 HP), ``burrowed`` (they burrow a critter
    there), ``emerged`` (their burrowed critter there emerges), ``sea_critter`` (they
    place or move a sea critter to that ocean space), ``eroded`` (Erosion removes the top
    tile there), ``magma_bomb`` (they throw a magma bomb from the volcano there),
    ``diversion`` (Lava Diversion sends the lava there), ``winter`` (the Volcanic Winter
    starts from there), ``super_volcano`` (they set off a super volcano there),
    ``super_eruption`` (their super volcano there erupts)."""

    type: Literal[
        "colossal",
        "colossal_damaged",
        "burrowed",
        "emerged",
        "sea_critter",
        "eroded",
        "magma_bomb",
        "diversion",
        "winter",
        "super_volcano",
        "super_eruption",
    ]
    seat: int
    at: list[int]


# -- the turn ------------------------------------------------------------------------------
@with_config(STRICT)
class Bought(TypedDict):
    """A player buys a land tile of the ``tile`` kind from the supply."""

    type: Literal["bought"]
    seat: int
    tile: str


_Paid = TypedDict(
    "_Paid", {"type": Literal["paid"], "seat": int, "resources": list[int], "for": Purpose}
)


@with_config(STRICT)
class Paid(_Paid):
    """A player pays resources (per kind) into the supply, and ``for`` what."""


@with_config(STRICT)
class Stacked(TypedDict):
    """A player stacks a land tile of the ``tile`` kind on the hex ``at``, turned to
    ``rotation``."""

    type: Literal["stacked"]
    seat: int
    tile: str
    at: list[int]
    rotation: int


@with_config(STRICT)
class Migrated(TypedDict):
    """A player's critter migrates to the hex ``to`` (a tile stacked over it, or
    Volcanic Migration)."""

    type: Literal["migrated"]
    seat: int
    to: list[int]


_Returned = TypedDict("_Returned", {"type": Literal["returned"], "seat": int, "from": list[int]})


@with_config(STRICT)
class Returned(_Returned):
    """A player's critter with nowhere to migrate goes back to their hand from the hex
    ``from``."""


@with_config(STRICT)
class Contested(TypedDict):
    """A contested biome resolved: each player's critters in it (seat -> critters) and
    the ``winner`` (None: a tie, every critter goes home)."""

    type: Literal["contested"]
    counts: dict[str, int]
    winner: int | None


@with_config(STRICT)
class Casualties(TypedDict):
    """The winner of a contested biome loses ``n`` critters there."""

    type: Literal["casualties"]
    seat: int
    n: int


@with_config(STRICT)
class Volcano(TypedDict):
    """A volcano rises on the hex ``at``: one a player bought (``lateral``: the second
    volcano of a Lateral Eruption) or one of the ring around an erupting super volcano
    (``ring``)."""

    type: Literal["volcano"]
    seat: int
    at: list[int]
    lateral: NotRequired[bool]
    ring: NotRequired[Literal[True]]


@with_config(STRICT)
class Turned(TypedDict):
    """Sleight of Land: a player turns the tile under their volcano to ``rotation``."""

    type: Literal["turned"]
    seat: int
    at: list[int]
    rotation: int


_Evacuated = TypedDict(
    "_Evacuated",
    {"type": Literal["evacuated"], "seat": int, "from": list[int], "to": list[int]},
)


@with_config(STRICT)
class Evacuated(_Evacuated):
    """A player's critter evacuates from the hex ``from`` to the hex ``to`` (from lava,
    a volcano or a landslide)."""


@with_config(STRICT)
class Wiped(TypedDict):
    """``n`` of a player's critters on the hex ``at`` are wiped out (back to the hand)."""

    type: Literal["wiped"]
    seat: int
    at: list[int]
    n: int


@with_config(STRICT)
class Unlocked(TypedDict):
    """A player unlocks the power on a slot of the Volcanic Power Grid."""

    type: Literal["unlocked"]
    seat: int
    slot: str
    power: str


@with_config(STRICT)
class CalderaPlayed(TypedDict):
    """A player reveals and plays a Caldera card."""

    type: Literal["caldera_played"]
    seat: int
    card: str
    reveal: Literal[True]


@with_config(STRICT)
class Siphoned(TypedDict):
    """Magma Siphon: a player takes resources (per kind) from the supply."""

    type: Literal["siphoned"]
    seat: int
    resources: list[int]


@with_config(STRICT)
class HexEvent(TypedDict):
    """Something on the hex ``at``: ``bomb_lands`` (a magma bomb lands there),
    ``no_lava`` (no lava flows from the volcano there), ``lava_stopped`` (the lava stops
    there: a Colossal Critter took the blow), ``lava_cooled`` (the lava there cools),
    ``soil`` (the lava in the sea there becomes volcanic soil)."""

    type: Literal["bomb_lands", "no_lava", "lava_stopped", "lava_cooled", "soil"]
    at: list[int]


@with_config(STRICT)
class LavaMoved(TypedDict):
    """The lava flows onto the hex ``at`` (``ocean``: into the sea)."""

    type: Literal["lava"]
    at: list[int]
    ocean: bool


_Moved = TypedDict(
    "_Moved", {"type": Literal["moved"], "seat": int, "from": list[int], "to": list[int]}
)


@with_config(STRICT)
class Moved(_Moved):
    """A player moves a critter from a biome of a tile to another (``from`` and ``to``:
    ``[q, r, colour]``)."""


@with_config(STRICT)
class GroupMoved(TypedDict):
    """A player's pack or herd of ``n`` critters moves to the biome ``to`` of a tile
    (``[q, r, colour]``)."""

    type: Literal["group_moved"]
    seat: int
    n: int
    to: list[int]


@with_config(STRICT)
class Claimed(TypedDict):
    """A player claims the ``biome`` (its colour) of the tile on the hex ``at``."""

    type: Literal["claimed"]
    seat: int
    at: list[int]
    biome: str


@with_config(STRICT)
class Landed(TypedDict):
    """A player's sea critter lands on the ``biome`` (its colour) of the tile on the hex
    ``at``."""

    type: Literal["landed"]
    seat: int
    at: list[int]
    biome: str


_Sacrificed = TypedDict(
    "_Sacrificed",
    {"type": Literal["sacrificed"], "seat": int, "from": list[int] | Literal["hand"]},
)


@with_config(STRICT)
class Sacrificed(_Sacrificed):
    """A player sacrifices a critter to the crater, from the hex ``from`` or from their
    hand (``"hand"``)."""


@with_config(STRICT)
class SummonIsland(TypedDict):
    """A player summons an island (``free``: with no resources to pay, to re-enter the
    game)."""

    type: Literal["summon_island"]
    seat: int
    free: bool


@with_config(STRICT)
class Collected(TypedDict):
    """A player collects resources (per kind), one per controlled biome."""

    type: Literal["collected"]
    seat: int
    resources: list[int]


@with_config(STRICT)
class Discarded(TypedDict):
    """A player discards ``n`` resources of one kind down to their maximum."""

    type: Literal["discarded"]
    seat: int
    resource: str
    n: int


@with_config(STRICT)
class PowerUsed(TypedDict):
    """A player uses a power (Rift, Converging Tectonic Plates)."""

    type: Literal["power_used"]
    seat: int
    power: str


_Landslide = TypedDict(
    "_Landslide",
    {"type": Literal["landslide"], "seat": int, "from": list[int], "to": list[int]},
)


@with_config(STRICT)
class Landslide(_Landslide):
    """Landslide: a player slides the top tile of the hex ``from`` onto the hex ``to``."""


@with_config(STRICT)
class Rift(TypedDict):
    """Rift: a player splits off the ``tiles`` (hexes) of a land mass and moves them 1
    space in the direction ``dir``."""

    type: Literal["rift"]
    seat: int
    tiles: list[list[int]]
    dir: int


@with_config(STRICT)
class Converge(TypedDict):
    """Converging Tectonic Plates: a player moves the land mass at the hex ``at``
    ``steps`` spaces in the direction ``dir``."""

    type: Literal["converge"]
    seat: int
    at: list[int]
    dir: int
    steps: int


# -- the end -------------------------------------------------------------------------------
@with_config(STRICT)
class EndTriggered(TypedDict):
    """The end-game sequence begins, on a player's turn, and why."""

    type: Literal["end_triggered"]
    reason: EndReason
    seat: int


@with_config(STRICT)
class WinterComplete(TypedDict):
    """The Volcanic Winter covers every land tile."""

    type: Literal["winter_complete"]


@with_config(STRICT)
class GameOver(TypedDict):
    """The game is over: each seat's score and the Caldera cards each held, revealed."""

    type: Literal["game_over"]
    scores: list[float]
    caldera: list[list[str]]
    reveal: Literal[True]


VolcaniqueEvent = (
    PowerDiscarded
    | Dealt
    | IslandTile
    | Bonus
    | SeatEvent
    | SeatHexEvent
    | Bought
    | Paid
    | Stacked
    | Migrated
    | Returned
    | Contested
    | Casualties
    | Volcano
    | Turned
    | Evacuated
    | Wiped
    | Unlocked
    | CalderaPlayed
    | Siphoned
    | HexEvent
    | LavaMoved
    | Moved
    | GroupMoved
    | Claimed
    | Landed
    | Sacrificed
    | SummonIsland
    | Collected
    | Discarded
    | PowerUsed
    | Landslide
    | Rift
    | Converge
    | EndTriggered
    | WinterComplete
    | GameOver
)
Events = list[VolcaniqueEvent]
