"""What a seat may see of a Deeper position: ``observe(state, seat)``, typed.

The observation is a ``TypedDict`` (documented into docs/schemas/deeper.json): hexes
are named as on the map (column letter and depth row); resources by name (``coral``,
``fish``, ...); decks by their depth (``20m`` to ``100m``); seats from 0.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict from 3.12 only

from lapilli.core.decision import Decision

from .components import DECK_NAMES, MILESTONES, RESOURCES, ROW_METRES, UPGRADES
from .state import DeeperState

STRICT = ConfigDict(extra="forbid", strict=True)
"""Every key documented, nothing coerced."""


@with_config(STRICT)
class Tile(TypedDict):
    """A tile on the map."""

    hex: Annotated[str, Field(description="where it lies")]
    tile: Annotated[str, Field(description="the tile")]
    resources: Annotated[dict[str, int], Field(description="the resources on it, by name")]


@with_config(STRICT)
class Deck(TypedDict):
    """A tile deck."""

    count: Annotated[int, Field(description="tiles left")]
    bottom: Annotated[list[str], Field(description="tiles put under it, in order")]


@with_config(STRICT)
class Diver(TypedDict):
    """A player's diver, boards and cards."""

    hex: Annotated[str, Field(description="where the diver is")]
    hatch: Annotated[str, Field(description="the player's habitat hatch")]
    air: Annotated[int, Field(description="air in the lungs")]
    lungs: Annotated[int, Field(description="lung capacity")]
    inventory: Annotated[dict[str, int], Field(description="resources in the Inventory, by name")]
    inventory_size: Annotated[int, Field(description="Inventory cells")]
    storage: Annotated[dict[str, int], Field(description="resources in Storage, by name")]
    storage_size: Annotated[int, Field(description="Storage cells")]
    upgrades: Annotated[list[str], Field(description="upgrades held")]
    milestones: Annotated[list[str], Field(description="depth milestones reached")]
    built: Annotated[list[str], Field(description="blueprint cards built")]
    rockets: Annotated[list[str], Field(description="rocket cards built")]
    hand: Annotated[
        list[str] | None,
        Field(description="blueprint cards in hand, if you may see them (all at the end)"),
    ]
    hand_count: Annotated[int, Field(description="how many blueprint cards in hand")]
    score: Annotated[int, Field(description="points so far")]


@with_config(STRICT)
class Observation(TypedDict):
    """One seat's view of a Deeper position (null seat: a spectator)."""

    players: Annotated[int, Field(description="how many play")]
    board: Annotated[list[Tile], Field(description="the tiles on the map")]
    decks: Annotated[dict[str, Deck], Field(description="the tile decks, by depth")]
    market: Annotated[list[str], Field(description="the tile market")]
    removed: Annotated[list[str], Field(description="tiles out of the game")]
    blueprint_deck: Annotated[int, Field(description="blueprint cards left to draw")]
    rockets: Annotated[list[str], Field(description="the rocket cards still to build")]
    seats: Annotated[list[Diver], Field(description="each seat's diver and boards")]
    first: Annotated[int, Field(description="the first player")]
    round: Annotated[int, Field(description="the round, from 1")]
    turns: Annotated[int, Field(description="turns played")]
    swum: Annotated[bool, Field(description="whether the diver to move has swum this turn")]
    end: Annotated[
        str, Field(description='how the game ended: "rockets", "limit", or "" while playing')
    ]
    builder: Annotated[int, Field(description="who built the last rocket card (-1: nobody)")]
    tie_winner: Annotated[int, Field(description="the tied player the builder chose (-1: none)")]
    pending: Annotated[
        dict[str, Any] | None,
        Field(description="the engine's pending step (step, seat, args), for tools; see decision"),
    ]
    decision: Annotated[Decision | None, Field(description="what the game waits for")]


def observe(s: DeeperState, seat: int | None) -> Observation:
    oc = s.ocean
    return {
        "players": s.players,
        "board": [
            {"hex": oc.names[c], "tile": tile, "resources": named(s.on_tile(c))}
            for c, tile in enumerate(s.tiles)
            if tile is not None
        ],
        "decks": {
            name: {"count": len(d), "bottom": list(d.under)}
            for name, d in zip(DECK_NAMES, s.decks, strict=True)
        },
        "market": list(s.market),
        "removed": list(s.removed),
        "blueprint_deck": len(s.blueprints),
        "rockets": list(s.rockets),
        "seats": [_diver(s, p, seat) for p in range(s.players)],
        "first": s.first,
        "round": s.round,
        "turns": s.turns,
        "swum": s.swum,
        "end": s.end,
        "builder": s.builder,
        "tie_winner": s.tie_winner,
        "pending": public_frame(s),
        "decision": s.decision(),
    }


def _diver(s: DeeperState, p: int, seat: int | None) -> Diver:
    return {
        "hex": s.ocean.names[s.pawn[p]],
        "hatch": s.ocean.names[s.ocean.hatches[p]],
        "air": s.air[p],
        "lungs": s.lungs(p),
        "inventory": named(s.inventory[p]),
        "inventory_size": s.inventory_size(p),
        "storage": named(s.storage[p]),
        "storage_size": s.storage_size(p),
        "upgrades": [k for k in UPGRADES if s.has(p, k)],
        "milestones": [f"{lv * ROW_METRES}m" for lv in MILESTONES if s.milestones[p] >> lv & 1],
        "built": list(s.built[p]),
        "rockets": list(s.rocket_cards[p]),
        "hand": sorted(s.hands[p].hidden()) if s.hand_shown(p, seat) else None,
        "hand_count": len(s.hands[p]),
        "score": sum(s.breakdown(p).values()),
    }


def public_frame(s: DeeperState) -> dict[str, Any] | None:
    """What the game waits for, named and in words; every frame argument in Deeper is
    public."""
    if not s.stack:
        return None
    frame = s.stack[-1]
    return {**frame.to_json(), "prompt": frame.step.prompt}


def named(counts: list[int]) -> dict[str, int]:
    """Resource counts by name, the resources held only."""
    return {RESOURCES[k]: n for k, n in enumerate(counts) if n}
