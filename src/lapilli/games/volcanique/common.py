"""Shared pieces of the Volcanique rules: numbers from the data, interned actions,
payments and step names."""

from __future__ import annotations

from typing import Any

from lapilli.core import Action

from .board import distance
from .components import (
    BIOMES,
    COSTS,
    KINDS,
    LIMITS,
    POWER_IDS,
    POWERS,
    SETUP,
    SLOTS,
)

CRITTERS = int(LIMITS["critters"])
CRATER = int(LIMITS["crater"])
THRESHOLD = int(LIMITS["targeting_threshold"])
VOLCANO_COST = int(COSTS["volcano"])
SAC_COST = int(COSTS["sacrifice_from_hand"])
ISLAND_COST = int(COSTS["island"])
EVAC_COST = int(COSTS["evacuation"])
POINT_COST = int(COSTS["point"])
CALDERA_COST = tuple(int(x) for x in COSTS["caldera"])
START_GAP = int(SETUP["start_gap"])
BONUS = tuple(int(x) for x in SETUP["bonus_resources"])
GRID_POWERS = tuple(p for p in POWER_IDS if POWERS[p]["levels"])
# deal the most constrained slots first (the level 5 and the L3 middle)

CHANCE_PHASES = frozenset({"deal", "deal_slot", "coin", "lava_start", "lava_flow", "draw"})


# -- interned actions ---------------------------------------------------------------------
_ACTIONS: dict[tuple, Action] = {}


def act(kind: str, **params: Any) -> Action:
    key = (kind, *sorted(params.items()))
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, **params)
    return a


DONE = act("done")
ABANDON = act("abandon")
SACRIFICE_HAND = act("sacrifice_hand")
SUMMON_ISLAND = act("summon_island")
BUY_CALDERA = act("buy_caldera")
BUY_POINT = act("buy_point")
BUY = {k: act("buy", tile=k) for k in (*KINDS, "volcano")}
ROTATE = [act("rotate", rotation=r) for r in range(6)]
CHOOSE = {k: act("choose_tile", tile=k) for k in KINDS}
BONUS_ACT = [act("bonus", resource=b) for b in BIOMES]
DISCARD_ACT = [act("discard", resource=b) for b in BIOMES]
COIN = [act("first_player", seat=i) for i in range(8)]
UNLOCK = {s: act("unlock", slot=s) for s in SLOTS}
DRAW = {c: act("draw", card=c) for c in POWER_IDS}
DEAL = {p: act("deal", power=p) for p in GRID_POWERS}
DEAL_SLOT = {s: act("deal_slot", slot=s) for s in SLOTS}


def at_act(kind: str, h: tuple[int, int], c: int | None = None) -> Action:
    key = (kind, h, c)
    a = _ACTIONS.get(key)
    if a is None:
        a = Action(kind, at=h) if c is None else Action(kind, at=h, biome=BIOMES[c])
        _ACTIONS[key] = a
    return a


_COMBOS: dict[tuple, list[Action]] = {}


def pay_options(res: list[int], amount: int) -> list[Action]:
    """Every way to pay ``amount`` resources of any kinds from ``res``."""
    key = (res[0], res[1], res[2], amount)
    out = _COMBOS.get(key)
    if out is None:
        out = []
        for a in range(min(res[0], amount) + 1):
            for b in range(min(res[1], amount - a) + 1):
                c = amount - a - b
                if c <= res[2]:
                    out.append(act("pay", **{BIOMES[0]: a, BIOMES[1]: b, BIOMES[2]: c}))
        _COMBOS[key] = out
    return out


def _paid(action: Action) -> tuple[int, ...]:
    return tuple(action.arg(b) for b in BIOMES)


PHASE_TEXT = {
    "setup_tile": "set-up: choose a tile for your starting island",
    "setup_place": "set-up: place the starting-island tile",
    "setup_rotate": "set-up: rotate the starting-island tile",
    "setup_critter": "set-up: place your Trio critter",
    "bonus": "set-up: take a bonus resource",
    "move": "Move a critter (step 1)",
    "move_to": "Move a critter: choose where (step 1)",
    "buy": "Buy and stack a tile (step 2)",
    "spend": "End-game sequence: spend your final resources",
    "place": "Buy and stack a tile: choose where to stack it",
    "rotate": "Buy and stack a tile: choose its rotation",
    "erupt": "Volcanoes: choose the land tile the volcano is unleashed on (step 3)",
    "unlock": "Volcanoes: unlock a volcanic power (step 3)",
    "claim": "Claim uninhabited tiles (step 4)",
    "sacrifice": "Sacrifice (step 5)",
    "island_tile": "Summoning an island: choose a tile",
    "island_place": "Summoning an island: place the tile",
    "island_rotate": "Summoning an island: rotate the tile",
    "caldera": "The Caldera (step 6)",
}


DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
SEAT_COLOURS = ("pink", "blue", "purple", "orange", "green")


def _mind(h: tuple[int, int], hexes) -> int:
    best = 1 << 30
    for o in hexes:
        d = distance(h, o)
        if d < best:
            best = d
    return best


def _counts_json(counts: dict[int, int]) -> dict[str, int]:
    return {str(k): v for k, v in sorted(counts.items())}


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    return v


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


def _task_json(t: tuple) -> dict[str, Any]:
    return {"kind": t[0], "seat": t[1], "data": _jsonable(t[2:])}
