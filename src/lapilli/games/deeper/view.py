"""What a seat may see of a Deeper position: ``observe(state, seat)``."""

from __future__ import annotations

from typing import Any

from .components import DECK_NAMES, MILESTONES, RESOURCES, ROW_METRES, UPGRADES
from .state import DeeperState


def observe(s: DeeperState, seat: int | None) -> dict[str, Any]:
    oc = s.ocean
    return {
        "players": s.players,
        "board": [
            {"hex": oc.names[c], "tile": s.tiles[c], "resources": named(s.on_tile(c))}
            for c in range(len(oc.cells))
            if s.tiles[c] is not None
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


def _diver(s: DeeperState, p: int, seat: int | None) -> dict[str, Any]:
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
