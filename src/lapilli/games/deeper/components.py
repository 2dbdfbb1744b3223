"""Deeper's components, typed, from ``data.toml`` (every number and card lives there).

Resources are counted in fixed-order lists (``RESOURCES``); an edge is ``WATER``,
``ROCK`` or ``SKY`` (the upper edges of a Hatch), indexed by the directions of
``core.hexgrid`` (``FLAT_TOP`` names them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lapilli.core.data import load_toml
from lapilli.core.hexgrid import FLAT_TOP

DATA = load_toml(__package__)

RESOURCES: tuple[str, ...] = tuple(DATA["resources"]["all"])
BASIC: tuple[int, ...] = tuple(RESOURCES.index(r) for r in DATA["resources"]["basic"])
FISH, KELP, CORAL, TITANIUM, QUARTZ, DIAMOND, FOOD = (
    RESOURCES.index(r) for r in ("fish", "kelp", "coral", "titanium", "quartz", "diamond", "food")
)
NRES = len(RESOURCES)

WATER, ROCK, SKY = 0, 1, 2
EDGE_NAMES = ("water", "rock", "sky")

BOARD = DATA["board"]
TURN = DATA["turn"]
PLAYER = DATA["player"]
LUNGS_OPEN: int = PLAYER["lungs_open"]
INVENTORY_OPEN: int = PLAYER["inventory_open"]
STORAGE_CELLS: int = PLAYER["storage_cells"]
FOOD_POINTS: int = PLAYER["food_points"]
AIR_START: int = PLAYER["air_start"]
COLUMNS: int = BOARD["columns"]
ROW_METRES: int = BOARD["row_metres"]
HALF_ROW = ROW_METRES // 2  # metres between a column's centres and the next column's
DEEPEST: int = BOARD["deepest_metres"] // HALF_ROW  # in half rows
SHALLOWEST: int = BOARD["shallowest_metres"] // HALF_ROW
LEVELS = DEEPEST // 2  # depth levels 1-5: 20m ... 100m
ACTIONS: int = TURN["actions"]
GATHER_MOST: int = TURN["gather_most"]
MARKET_SIZE: int = TURN["market_size"]
SCAN_DRAWS: int = TURN["scan_draws"]
TERRAFORM_FEWER: int = TURN["terraform_fewer"]


def counts(names: list[str]) -> tuple[int, ...]:
    """A list of resource names as counts in ``RESOURCES`` order."""
    out = [0] * NRES
    for name in names:
        out[RESOURCES.index(name)] += 1
    return tuple(out)


@dataclass(frozen=True)
class Tile:
    id: str
    level: int  # its deck: 1 = 20m ... 5 = 100m; 0 for a starting tile
    pattern: str
    edges: tuple[int, ...]  # WATER or ROCK per hexgrid direction
    resources: tuple[int, ...]


def _tile(raw: dict[str, Any], level: int) -> Tile:
    rock = set(DATA["edges"][raw["edges"]])
    edges = tuple(ROCK if name in rock else WATER for name in FLAT_TOP)
    return Tile(raw["id"], level, raw["edges"], edges, counts(raw["resources"]))


DECK_NAMES: tuple[str, ...] = tuple(f"{ROW_METRES * k}m" for k in range(1, LEVELS + 1))
TILES: dict[str, Tile] = {}
for _level, _name in enumerate(DECK_NAMES, 1):
    for _raw in DATA["decks"][_name]:
        TILES[_raw["id"]] = _tile(_raw, _level)
START_TILES: tuple[str, ...] = tuple(raw["id"] for raw in DATA["start_tiles"])
for _raw in DATA["start_tiles"]:
    TILES[_raw["id"]] = _tile(_raw, 0)
DECKS: tuple[tuple[str, ...], ...] = tuple(
    tuple(raw["id"] for raw in DATA["decks"][name]) for name in DECK_NAMES
)

HATCH_EDGES: tuple[int, ...] = tuple(SKY if "N" in name else WATER for name in FLAT_TOP)
"""A Hatch: sky on its N, NE and NW edges, water below (default 5)."""


@dataclass(frozen=True)
class Card:
    """A blueprint or rocket card."""

    id: str
    name: str
    cost: tuple[int, ...]
    points: int
    text: str
    copies: int = 0
    invented: bool = False
    breath: int | None = None  # a resource you may take when you breathe in the habitat
    discount: int | None = None  # the resource your other cards cost one less of
    storage: int = 0  # extra Storage cells


def _card(key: str, raw: dict[str, Any]) -> Card:
    return Card(
        key,
        raw["name"],
        counts(raw["cost"]),
        raw["points"],
        raw["text"],
        raw.get("copies", 0),
        raw.get("invented", False),
        RESOURCES.index(raw["breath"]) if "breath" in raw else None,
        RESOURCES.index(raw["discount"]) if "discount" in raw else None,
        raw.get("storage", 0),
    )


BLUEPRINTS: dict[str, Card] = {k: _card(k, v) for k, v in DATA["blueprints"].items()}
ROCKETS: dict[str, Card] = {k: _card(k, v) for k, v in DATA["rockets"].items()}
RADIO = "radio"
BLUEPRINT_DECK: dict[str, int] = {k: c.copies for k, c in BLUEPRINTS.items() if c.copies}
PUMP = "pump"
SCANNER = "scanner"


@dataclass(frozen=True)
class Upgrade:
    id: str
    name: str
    cost: tuple[int, ...]
    text: str
    lungs: int = 0
    inventory: int = 0


UPGRADES: dict[str, Upgrade] = {
    k: Upgrade(k, v["name"], counts(v["cost"]), v["text"], v.get("lungs", 0), v.get("inventory", 0))
    for k, v in DATA["upgrades"].items()
}
FINS, KNIFE, SEA_GLIDE = "fins", "knife", "sea_glide"
UPGRADE_BIT: dict[str, int] = {name: 1 << i for i, name in enumerate(UPGRADES)}

MILESTONES: dict[int, int] = {
    int(name[:-1]) // ROW_METRES: points for name, points in DATA["milestones"].items()
}
"""Explore milestones: depth level (2 = 40m ... 5 = 100m) -> stars."""


@dataclass(frozen=True)
class Conversion:
    id: str
    name: str
    pay: tuple[int, ...]
    make: int | None  # None: the "?" token, one resource of the player's choice


CONVERSIONS: dict[str, Conversion] = {
    raw["id"]: Conversion(
        raw["id"],
        raw["name"],
        counts(raw["pay"]),
        None if raw["make"] == "any" else RESOURCES.index(raw["make"]),
    )
    for raw in DATA["conversions"]
}
