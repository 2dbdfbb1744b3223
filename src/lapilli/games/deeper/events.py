"""What happens in a game of Deeper, as events: one kind per class, told apart by
``type`` (generated into docs/schemas/deeper.events.json). Seats are numbered from 0; a
hex is named by its column and the depth of its centre (``H20``); a tile by its deck and
number (``40m-07``); a resource by its name (``titanium``); a card or upgrade by its id
(``radio``, ``launch_platform``, ``fins``).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from lapilli.core.events import STRICT

Placing = Literal["explore", "scan", "terraform"]
"""The action that lays a tile: Explore (the Scanner's free one too), Scan, Terraform."""
End = Literal["rockets", "limit"]
"""Why the game ends: the last rocket card built, or the round limit reached."""


@with_config(STRICT)
class SeatEvent(TypedDict):
    """Something about one player: ``first`` (they are the starting player), ``done``
    (they take no more actions this turn), ``drew_blueprint`` (they draw a blueprint
    card, unseen by the others)."""

    type: Literal["first", "done", "drew_blueprint"]
    seat: int


@with_config(STRICT)
class Turn(TypedDict):
    """A player's turn begins, in round ``round``."""

    type: Literal["turn"]
    seat: int
    round: int


@with_config(STRICT)
class Swam(TypedDict):
    """Swim: a player moves their pawn to the hex ``to``."""

    type: Literal["swam"]
    seat: int
    to: str


@with_config(STRICT)
class Gathered(TypedDict):
    """Gather: a player moves ``n`` of a resource from their tile into their Inventory."""

    type: Literal["gathered"]
    seat: int
    resource: str
    n: int


@with_config(STRICT)
class Discarded(TypedDict):
    """A player returns a resource from their Inventory to the supply, to make room."""

    type: Literal["discarded"]
    seat: int
    resource: str


@with_config(STRICT)
class Placed(TypedDict):
    """A tile laid on the hex ``at`` by ``how`` (Explore, Scan or Terraform), its
    resources added from the supply; Terraform names the tile it ``replaced``."""

    type: Literal["placed"]
    seat: int
    tile: str
    at: str
    how: Placing
    replaced: NotRequired[str]


@with_config(STRICT)
class Milestone(TypedDict):
    """A player explores a new depth (``depth`` metres) for the first time: its
    milestone scores ``points`` stars and a blueprint card."""

    type: Literal["milestone"]
    seat: int
    depth: int
    points: int


@with_config(STRICT)
class Blueprint(TypedDict):
    """The blueprint card a player draws into their hand: only they (``private``) read it."""

    type: Literal["blueprint"]
    seat: int
    card: str
    private: int


@with_config(STRICT)
class Scan(TypedDict):
    """Scan: a player chooses the deck to draw from (``deck``: its name, ``20m``...)."""

    type: Literal["scan"]
    seat: int
    deck: str


@with_config(STRICT)
class DrewTile(TypedDict):
    """Scan: a tile is drawn from the deck of depth level ``deck`` (1 is 20m ... 5 is 100m)."""

    type: Literal["drew_tile"]
    seat: int
    tile: str
    deck: int


@with_config(STRICT)
class NoTile(TypedDict):
    """Scan: no drawn tile fits next to the player; the drawn ``tiles`` go to the tile market."""

    type: Literal["no_tile"]
    seat: int
    tiles: list[str]


@with_config(STRICT)
class Trimmed(TypedDict):
    """Tile market: a player returns a tile to the bottom of its deck."""

    type: Literal["trimmed"]
    seat: int
    tile: str


@with_config(STRICT)
class Glided(TypedDict):
    """Sea Glide: a player moves into the new tile, the hex ``to``."""

    type: Literal["glided"]
    seat: int
    to: str


@with_config(STRICT)
class Fewer(TypedDict):
    """Terraform: the new tile gets one fewer of a resource."""

    type: Literal["fewer"]
    seat: int
    resource: str


@with_config(STRICT)
class Converted(TypedDict):
    """Convert: a player uses a conversion of their Fabricator or built cards (``use``)
    and makes one resource (``made``)."""

    type: Literal["converted"]
    seat: int
    use: str
    made: str


# "from" is a Python keyword: this kind is declared the functional way
Pumped = TypedDict(
    "Pumped",
    {"type": Literal["pumped"], "seat": int, "resource": str, "from": str},
)
Pumped.__doc__ = "Pump: a player moves a resource onto their tile from the hex ``from``."
with_config(STRICT)(Pumped)


@with_config(STRICT)
class Crafted(TypedDict):
    """Craft: a player crafts an upgrade or builds a blueprint or rocket card."""

    type: Literal["crafted"]
    seat: int
    card: str


@with_config(STRICT)
class Moved(TypedDict):
    """In their habitat a player moves a resource from their Inventory to their Storage
    (``stored``) or back (``unstored``)."""

    type: Literal["stored", "unstored"]
    seat: int
    resource: str


@with_config(STRICT)
class Breathed(TypedDict):
    """A player breathes: in their ``habitat`` the Lungs fill up, outside they spend one
    air; ``air`` is what the Lungs hold after."""

    type: Literal["breathed"]
    seat: int
    air: int
    habitat: bool


@with_config(STRICT)
class Drowned(TypedDict):
    """A player with no air drowns: they will lose ``lose`` random Inventory resources,
    and their Lungs are refilled to ``air``."""

    type: Literal["drowned"]
    seat: int
    lose: int
    air: int


@with_config(STRICT)
class Lost(TypedDict):
    """Drowning: a random resource is lost from a player's Inventory."""

    type: Literal["lost"]
    seat: int
    resource: str


@with_config(STRICT)
class Took(TypedDict):
    """Breathing in their habitat, a player takes a resource from the supply with a built
    card (``card``), into their Inventory or Storage."""

    type: Literal["took"]
    seat: int
    card: str
    resource: str
    into: Literal["inventory", "storage"]


@with_config(STRICT)
class GameOver(TypedDict):
    """The game is over (``reason``); every player's points (``scores``, by seat) and the
    builder of the last rocket card (-1: none); every hand is shown (``reveal``)."""

    type: Literal["game_over"]
    reason: End
    scores: list[float]
    builder: int
    reveal: Literal[True]


@with_config(STRICT)
class TieDecided(TypedDict):
    """The builder of the last rocket card names the tied player who wins (``winner``)."""

    type: Literal["tie_decided"]
    seat: int
    winner: int


DeeperEvent = (
    SeatEvent
    | Turn
    | Swam
    | Gathered
    | Discarded
    | Placed
    | Milestone
    | Blueprint
    | Scan
    | DrewTile
    | NoTile
    | Trimmed
    | Glided
    | Fewer
    | Converted
    | Pumped
    | Crafted
    | Moved
    | Breathed
    | Drowned
    | Lost
    | Took
    | GameOver
    | TieDecided
)
Events = list[DeeperEvent]
