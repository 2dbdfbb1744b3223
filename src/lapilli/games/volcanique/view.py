"""What a seat sees of a Volcanique position: ``observe(state, seat)`` and its type,
``Observation`` (generated into docs/schemas/volcanique.json).

Everything is public but the Caldera cards of the others: each seat sees its own hand,
and every hand is shown once the game is over. Hexes are axial coordinates ``q, r`` as
on the map; biomes by colour (``dark``, ``medium``, ``light``); resources as ``[dark,
medium, light]``; seats from 0; powers and Caldera cards by their id in data.toml
(``volcanic_winter``). A tile in a stack is the code ``6 × kind + rotation``, its kind
the index of the tile in data.toml's list.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, cast

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict from 3.12 only

from lapilli.core.decision import Decision
from lapilli.core.flow import Frame
from lapilli.core.hexgrid import Hex

from .board import hex_of, spot_of
from .components import BIOMES, KINDS
from .pieces import Stage, cards
from .state import VolcaniqueState

STRICT = ConfigDict(extra="forbid", strict=True)
"""Every key documented, nothing coerced."""


@with_config(STRICT)
class Pending(TypedDict):
    """The engine's pending step, for tools."""

    step: Annotated[str, Field(description="the step's name in the engine")]
    seat: Annotated[int, Field(description="who decides: a seat, or below 0 for a roll or a draw")]
    args: NotRequired[
        Annotated[dict[str, Any], Field(description="the step's arguments (absent: none)")]
    ]


@with_config(STRICT)
class Placing(TypedDict):
    """The land tile being placed during a place or rotate step."""

    seat: Annotated[int, Field(description="who places it")]
    tile: Annotated[str, Field(description="its tile id")]
    at: Annotated[list[int] | None, Field(description="its hex [q, r] once chosen (null before)")]


@with_config(STRICT)
class Observation(TypedDict):
    """One seat's view of a Volcanique position (null seat: a spectator)."""

    stage: Annotated[str, Field(description="setup, main, final, eruption, finale or over")]
    step: Annotated[
        Pending | None,
        Field(description="the engine's pending step (step, seat, args), for tools; see decision"),
    ]
    placing: Annotated[Placing | None, Field(description="the land tile being placed, if any")]
    decision: Annotated[Decision | None, Field(description="what the game waits for")]
    turn: Annotated[int, Field(description="turns played")]
    round: Annotated[int, Field(description="the round")]
    current: Annotated[int, Field(description="the seat to move (-1: a roll or draw, -2: over)")]
    first: Annotated[int, Field(description="the first player")]
    map: Annotated[
        list[list[int | list[int]]],
        Field(description="each land hex: [q, r, its stack of tile codes, bottom first]"),
    ]
    critters: Annotated[
        list[list[int | str]],
        Field(description="critters on the land: [q, r, biome colour, owner, how many]"),
    ]
    colossal: Annotated[list[list[int | str]], Field(description="Colossal Critters, as critters")]
    burrowed: Annotated[list[list[int | str]], Field(description="burrowed critters, as critters")]
    sea: Annotated[list[list[int]], Field(description="sea critters: [q, r, owner]")]
    winter: Annotated[list[list[int]], Field(description="Volcanic Winter: [q, r, turn it began]")]
    super_volcano: Annotated[
        list[int], Field(description="the super volcano: [q, r, owner], or empty")
    ]
    used: Annotated[list[list[str]], Field(description="limited powers each seat has used")]
    lava: Annotated[
        list[list[int]], Field(description="lava: [q, r, turn it met the sea (-1: flowing)]")
    ]
    hand: Annotated[list[int], Field(description="critters each seat holds in hand")]
    crater: Annotated[
        list[int], Field(description="critters in each seat's Sacrificial Critter Crater")
    ]
    resources: Annotated[
        list[list[int]], Field(description="each seat's resources [dark, medium, light]")
    ]
    supply: Annotated[
        list[int], Field(description="resources left in the supply [dark, medium, light]")
    ]
    tiles: Annotated[dict[str, int], Field(description="tiles left to buy, by tile id")]
    volcano_tiles: Annotated[int, Field(description="volcano tiles left")]
    lava_tiles: Annotated[int, Field(description="lava tiles left")]
    grid: Annotated[dict[str, str], Field(description="the Volcanic Power Grid: slot -> power")]
    unlocked: Annotated[list[list[str]], Field(description="the grid slots each seat has unlocked")]
    caldera_deck: Annotated[int, Field(description="Caldera cards left in the deck")]
    caldera_counts: Annotated[list[int], Field(description="Caldera cards in each seat's hand")]
    caldera_discard: Annotated[list[str], Field(description="Caldera cards played or discarded")]
    points: Annotated[list[int], Field(description="points scored during play, per seat")]
    end: Annotated[str, Field(description='why the game is ending or ended ("" while it goes on)')]
    final_turns: Annotated[
        list[int],
        Field(description="the seats still to play their final turn, in order (end-game sequence)"),
    ]
    bomb_thrown: Annotated[
        list[bool],
        Field(description="per seat: its Magma Bomb was thrown this round (once a round)"),
    ]
    seat: NotRequired[Annotated[int, Field(description="whose view this is (absent: a spectator)")]]
    caldera_hand: NotRequired[
        Annotated[list[str], Field(description="your own Caldera cards (absent for a spectator)")]
    ]
    scores: NotRequired[
        Annotated[list[float], Field(description="each seat's final score, once the game is over")]
    ]
    score_breakdown: NotRequired[
        Annotated[
            list[dict[str, int]],
            Field(
                description="each seat's final points item by item (critters, connections, "
                "volcanoes, sacrifices, colossal, herds, tallest, largest, diversified, "
                "caldera, points scored in play), once the game is over"
            ),
        ]
    ]
    caldera_hands: NotRequired[
        Annotated[
            list[list[str]],
            Field(description="every seat's Caldera cards, once they are shown at the end"),
        ]
    ]


def observe(s: VolcaniqueState, seat: int | None) -> Observation:
    data = _public(s)
    if s.stage is Stage.OVER:
        data["scores"] = s.scores()
        data["score_breakdown"] = s.score_breakdown()
    if seat is not None:
        data["seat"] = seat
        data["caldera_hand"] = cards(s.caldera_hands[seat])
    if s.stage is Stage.OVER:
        data["caldera_hands"] = [cards(h) for h in s.caldera_hands]
    return data


def _public(s: VolcaniqueState) -> Observation:
    pending = s.pending()
    return {
        "stage": s.stage.value,
        "step": _pending(pending),
        "placing": _placing(pending),
        "decision": s.decision(),
        "turn": s.turn,
        "round": s.round,
        "current": s.current_player(),
        "first": s.first,
        "map": [[*hex_of(h), list(st)] for h, st in sorted(s.board.stacks.items())],
        "critters": _spots(s.critters),
        "colossal": _spots(s.colossal),
        "burrowed": _spots(s.burrowed),
        "sea": [[*hex_of(h), o] for h, o in sorted(s.sea.items())],
        "winter": [[q, r, t] for (q, r), t in s.winter],
        "super_volcano": list(s.super_volcano),
        "used": [list(u) for u in s.used],
        "lava": [[*hex_of(flow.at), flow.sea_turn] for flow in s.lava],
        "hand": list(s.hand),
        "crater": list(s.crater),
        "resources": [list(r) for r in s.resources],
        "supply": list(s.supply),
        "tiles": dict(sorted(s.tiles.items())),
        "volcano_tiles": s.volcano_tiles,
        "lava_tiles": s.lava_tiles,
        "grid": dict(s.grid),
        "unlocked": [list(u) for u in s.unlocked],
        "caldera_deck": len(s.caldera_deck),
        "caldera_counts": [len(h) for h in s.caldera_hands],
        "caldera_discard": list(s.caldera_discard),
        "points": list(s.points),
        "end": s.end_reason,
        "final_turns": list(s.final_left),
        "bomb_thrown": [r == s.round for r in s.bombed],
    }


def _pending(frame: Frame | None) -> Pending | None:
    """The step on top as the engine saves it (``Frame.to_json``)."""
    return cast(Pending, frame.to_json()) if frame else None


PLACING = frozenset(
    {"place", "rotate", "island_place", "island_rotate", "setup_place", "setup_rotate"}
)
"""The steps in which a land tile is being placed (where, then how it is turned)."""


def _placing(frame: Frame | None) -> Placing | None:
    """The land tile being placed and by whom: its kind, and its hex once chosen."""
    if frame is None or frame.step.name not in PLACING:
        return None
    at = getattr(frame.args, "at", None)
    return {"seat": frame.seat, "tile": KINDS[frame.args.kind], "at": list(at) if at else None}


def _spots(spots: dict[int, int]) -> list[list[int | str]]:
    """Spots with their counts, as ``[q, r, colour name, owner, n]``."""
    out: list[list[int | str]] = []
    for spot, n in sorted(spots.items()):
        q, r, c, o = spot_of(spot)
        out.append([q, r, BIOMES[c], o, n])
    return out


# -- reading the mixed lists, typed (JSON keeps them as lists of mixed items) -------------
Critters = tuple[int, int, str, int, int]
"""Critters of one owner on a region: (q, r, biome colour, owner, how many)."""


def hex_stacks(obs: Observation) -> dict[Hex, list[int]]:
    """Each land hex's stack of tile codes, bottom first, in the map's order."""
    return {(cast(int, q), cast(int, r)): cast(list[int], st) for q, r, st in obs["map"]}


def critter_spots(rows: list[list[int | str]]) -> list[Critters]:
    """The rows of ``critters``, ``colossal`` or ``burrowed``, typed."""
    return [cast(Critters, tuple(row)) for row in rows]
