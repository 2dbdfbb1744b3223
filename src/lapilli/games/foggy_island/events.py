"""What happens in a game of Foggy Island, as events: one kind per class, told apart by
``type`` (generated into docs/schemas/foggy_island.events.json). Seats are numbered
from 0 (a seat's side is ``seat % 2``: 0 Red, 1 Blue), tiles are named by the map's
grid (``a1``), tokens by kind (``wolf``), a face-down token as null.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from lapilli.core.events import STRICT


@with_config(STRICT)
class ScoredLine(TypedDict):
    """A line of one side's colour and what it scored."""

    side: int
    tiles: list[str]
    points: int


@with_config(STRICT)
class RoundScored(TypedDict):
    """The round is scored with every token turned up: each side's points, the lines
    that scored, and the map as it was (each tile's token as [kind, seat, face up,
    colour], or null)."""

    type: Literal["round_scored"]
    round: int
    points: list[int]
    lines: list[ScoredLine]
    board: list[tuple[str, int, bool, int] | None]
    reveal: Literal[True]


@with_config(STRICT)
class Placed(TypedDict):
    """A token placed on a tile, face up (its kind shown) or face down."""

    type: Literal["placed"]
    seat: int
    tile: str
    token: str | None
    face_up: bool
    reveal: bool


@with_config(STRICT)
class NoTarget(TypedDict):
    """A token's ability finds nothing to act on, so it is not used."""

    type: Literal["no_target"]
    seat: int
    token: str
    tile: str


@with_config(STRICT)
class FromPile(TypedDict):
    """A token into a seat's hand (the type is its verb: drawn from its pile, taken
    as an opening token, dealt); only that seat reads which."""

    type: Literal["drew", "took", "dealt"]
    seat: int
    private: int
    token: str


@with_config(STRICT)
class TeamPile(TypedDict):
    """A team-mate takes the rest of the team's tokens as their pile."""

    type: Literal["team_pile"]
    seat: int
    private: int
    reveal: Literal[True]


@with_config(STRICT)
class HippoSpans(TypedDict):
    """The Hippo laid across two tiles."""

    type: Literal["hippo_spans"]
    seat: int
    tiles: list[str]


@with_config(STRICT)
class HippoKept(TypedDict):
    """The Hippo stays on one of its two tiles."""

    type: Literal["hippo_kept"]
    seat: int
    tile: str


# (the call form: a class cannot have a key named "from")
FrogMoved = TypedDict(
    "FrogMoved", {"type": Literal["frog_moved"], "seat": int, "from": str, "to": str}
)
FrogMoved.__doc__ = "The Frog hops from one tile to another."
with_config(STRICT)(FrogMoved)


@with_config(STRICT)
class Swapped(TypedDict):
    """The tokens on two tiles swap places."""

    type: Literal["swapped"]
    tiles: list[str]


@with_config(STRICT)
class Targeted(TypedDict):
    """A token picked by an ability."""

    type: Literal["targeted"]
    seat: int
    tile: str


@with_config(STRICT)
class Replaced(TypedDict):
    """A token on a tile changed for one from the hand (shown face up, or not)."""

    type: Literal["replaced"]
    seat: int
    tile: str
    old: str
    token: str | None


@with_config(STRICT)
class Chameleon(TypedDict):
    """The Chameleon takes the colour of a token placed next to it (``colour``: a
    side, or white)."""

    type: Literal["chameleon"]
    tile: str
    colour: int


@with_config(STRICT)
class Hired(TypedDict):
    """A side hires a mercenary in place of one of its basic tokens."""

    type: Literal["hired"]
    seat: int
    mercenary: str
    replaces: str
    cost: int


@with_config(STRICT)
class HiringDone(TypedDict):
    """A side hires no more mercenaries this time."""

    type: Literal["hiring_done"]
    seat: int


@with_config(STRICT)
class WeatherDrawn(TypedDict):
    """A weather card drawn."""

    type: Literal["weather_drawn"]
    card: str


@with_config(STRICT)
class Weather(TypedDict):
    """The weather card kept for the round (``chosen``: picked rather than drawn)."""

    type: Literal["weather"]
    seat: int
    card: str
    chosen: NotRequired[Literal[True]]


@with_config(STRICT)
class FogOpen(TypedDict):
    """The fog lifts from a quarter of the map (NW, NE, SW or SE)."""

    type: Literal["fog_open"]
    board: str


@with_config(STRICT)
class FogRemoved(TypedDict):
    """A player removes the fog board over a quarter of the map."""

    type: Literal["fog_removed"]
    seat: int
    board: str


FoggyEvent = (
    RoundScored
    | Placed
    | NoTarget
    | FromPile
    | TeamPile
    | HippoSpans
    | HippoKept
    | FrogMoved
    | Swapped
    | Targeted
    | Replaced
    | Chameleon
    | Hired
    | HiringDone
    | WeatherDrawn
    | Weather
    | FogOpen
    | FogRemoved
)
Events = list[FoggyEvent]
