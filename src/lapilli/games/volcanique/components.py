"""The component catalogue, read once from ``data.toml``.

A tile on the map is stored as an int *code*: a land tile is ``kind * 6 + rotation``
(``tile_code``),
volcanic soil is ``SOIL`` and a volcano is ``VOLCANO``. Rotation ``r`` turns the tile
``r`` steps counter-clockwise, so the edge drawn at direction ``d`` for rotation 0 faces
direction ``d + r`` (directions as in ``lapilli.core.hexgrid``).
"""

from __future__ import annotations

from typing import Any

from lapilli.core.data import load_toml
from lapilli.core.hexgrid import DIRECTIONS

DATA = load_toml(__package__)

BIOMES: tuple[str, ...] = tuple(DATA["biomes"]["names"])
"""Biome colours, also the resource kinds: index 0, 1, 2."""
BIOME_INDEX = {name: i for i, name in enumerate(BIOMES)}
NB = len(BIOMES)

LIMITS = DATA["limits"]
COSTS = DATA["costs"]
SETUP = DATA["setup"]

CRITTERS = int(LIMITS["critters"])
CRATER = int(LIMITS["crater"])
HAND_CAP = int(LIMITS["hand_cap"])
THRESHOLD = int(LIMITS["targeting_threshold"])
VOLCANO_COST = int(COSTS["volcano"])
SACRIFICE_COST = int(COSTS["sacrifice_from_hand"])
ISLAND_COST = int(COSTS["island"])
EVACUATION_COST = int(COSTS["evacuation"])
POINT_COST = int(COSTS["point"])
CALDERA_COST = tuple(int(x) for x in COSTS["caldera"])
START_GAP = int(SETUP["start_gap"])
BONUS_RESOURCES = tuple(int(x) for x in SETUP["bonus_resources"])
ISLAND_TILES = int(LIMITS["island_tiles"])
TILES_ON_SOIL = int(LIMITS["tiles_on_soil"])
CRATER_POINTS = int(LIMITS["crater_points"])
FREE_ISLAND_RESOURCES = int(LIMITS["free_island_resources"])
FREE_ISLAND_CRITTERS = int(LIMITS["free_island_critters"])

SOIL = -1
VOLCANO = -2
SIDES = len(DIRECTIONS)

# -- land tiles ----------------------------------------------------------------------------
KINDS: tuple[str, ...] = tuple(t["id"] for t in DATA["tiles"])
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
KIND_SIZE: tuple[int, ...] = tuple(int(t["size"]) for t in DATA["tiles"])
KIND_COUNT: dict[str, int] = {t["id"]: int(t["count"]) for t in DATA["tiles"]}
SIZE_NAME = {1: "uno", 2: "duo", 3: "trio"}
KIND_COST: tuple[int, ...] = tuple(int(COSTS[SIZE_NAME[s]]) for s in KIND_SIZE)
BASE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(BIOME_INDEX[c] for c in t["edges"]) for t in DATA["tiles"]
)


def tile_code(kind: int, rotation: int) -> int:
    return kind * SIDES + rotation


def kind_of(code: int) -> int:
    return code // SIDES


def rotation_of(code: int) -> int:
    return code % SIDES


def _rotated(edges: tuple[int, ...], rot: int) -> tuple[int, ...]:
    return tuple(edges[(d - rot) % SIDES] for d in range(SIDES))


EDGES: dict[int, tuple[int, ...]] = {}
"""code -> colour of each of the six edges (land tiles only)."""
COLOURS_OF: dict[int, tuple[int, ...]] = {}
"""code -> the biome colours of its regions (one region per colour on every tile)."""
DIRS_OF: dict[int, tuple[tuple[int, ...], ...]] = {}
"""code -> for each colour, the directions whose edge has that colour."""
for _k, _base in enumerate(BASE_EDGES):
    for _r in range(SIDES):
        _e = _rotated(_base, _r)
        _code = tile_code(_k, _r)
        EDGES[_code] = _e
        COLOURS_OF[_code] = tuple(sorted(set(_e)))
        DIRS_OF[_code] = tuple(tuple(d for d in range(SIDES) if _e[d] == c) for c in range(NB))

ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(SIDES) if _rotated(b, r) not in {_rotated(b, s) for s in range(r)})
    for b in BASE_EDGES
)
"""The rotations of each kind that give different tiles (an Uno has only one)."""


# -- powers and the grid -------------------------------------------------------------------
POWERS: dict[str, dict[str, Any]] = {p["id"]: p for p in DATA["powers"]}
POWER_IDS: tuple[str, ...] = tuple(POWERS)
GRID = DATA["grid"]
SLOTS: tuple[str, ...] = tuple(GRID["slots"])
SLOT_LEVEL = dict(zip(SLOTS, GRID["levels"], strict=True))
SLOT_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    s: tuple(
        sorted({b for a, b in GRID["edges"] if a == s} | {a for a, b in GRID["edges"] if b == s})
    )
    for s in SLOTS
}
FIRST_SLOT: str = GRID["first"]
MIDDLE_SLOT: str = GRID["middle"]
GRID_POWERS: tuple[str, ...] = tuple(p for p in POWER_IDS if POWERS[p]["levels"])
"""The powers dealt to the grid (the others live only in the Caldera deck)."""


def fits_slot(power: str, slot: str) -> bool:
    """Whether a power card may be dealt into a grid slot (its suggested unlock slot)."""
    info = POWERS[power]
    if SLOT_LEVEL[slot] not in info["levels"]:
        return False
    if info.get("middle"):
        return slot == MIDDLE_SLOT
    return True


def tile_name(kind: str) -> str:
    """``uno-dark`` -> "dark Uno", ``duo-dark-light`` -> "dark/light Duo", ``trio-dml``
    -> "Trio (dark, medium, light counter-clockwise)", the order of its edges."""
    size, _, biomes = kind.partition("-")
    if size == "trio":
        order = ", ".join(BIOMES["dml".index(c)] for c in biomes)
        return f"Trio ({order} counter-clockwise)"
    return f"{biomes.replace('-', '/')} {size.title()}"
