"""The component catalogue, read once from ``data.toml``.

A tile on the map is stored as an int *code*: a land tile is ``kind * 6 + rotation``,
volcanic soil is ``SOIL`` and a volcano is ``VOLCANO``. Rotation ``r`` turns the tile
``r`` steps counter-clockwise, so the edge drawn at direction ``d`` for rotation 0 faces
direction ``d + r`` (directions as in ``lapilli.core.hexgrid``).
"""

from __future__ import annotations

from lapilli.core.data import load_toml

DATA = load_toml(__package__)

BIOMES: tuple[str, ...] = tuple(DATA["biomes"]["names"])
"""Biome colours, also the resource kinds: index 0, 1, 2."""
BIOME_INDEX = {name: i for i, name in enumerate(BIOMES)}
NB = len(BIOMES)

LIMITS = DATA["limits"]
COSTS = DATA["costs"]

SOIL = -1
VOLCANO = -2

# -- land tiles ---------------------------------------------------------------------
KINDS: tuple[str, ...] = tuple(t["id"] for t in DATA["tiles"])
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
KIND_SIZE: tuple[int, ...] = tuple(int(t["size"]) for t in DATA["tiles"])
KIND_COUNT: dict[str, int] = {t["id"]: int(t["count"]) for t in DATA["tiles"]}
SIZE_NAME = {1: "uno", 2: "duo", 3: "trio"}
KIND_COST: tuple[int, ...] = tuple(int(COSTS[SIZE_NAME[s]]) for s in KIND_SIZE)
BASE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(BIOME_INDEX[c] for c in t["edges"]) for t in DATA["tiles"]
)


def _rotated(edges: tuple[int, ...], rot: int) -> tuple[int, ...]:
    return tuple(edges[(d - rot) % 6] for d in range(6))


EDGES: dict[int, tuple[int, ...]] = {}
"""code -> colour of each of the six edges (land tiles only)."""
COLOURS_OF: dict[int, tuple[int, ...]] = {}
"""code -> the biome colours of its regions (one region per colour on every tile)."""
DIRS_OF: dict[int, tuple[tuple[int, ...], ...]] = {}
"""code -> for each colour, the directions whose edge has that colour."""
for _k, _base in enumerate(BASE_EDGES):
    for _r in range(6):
        _e = _rotated(_base, _r)
        _code = _k * 6 + _r
        EDGES[_code] = _e
        COLOURS_OF[_code] = tuple(sorted(set(_e)))
        DIRS_OF[_code] = tuple(tuple(d for d in range(6) if _e[d] == c) for c in range(NB))

ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(6) if _rotated(b, r) not in {_rotated(b, s) for s in range(r)})
    for b in BASE_EDGES
)
"""The rotations of each kind that give different tiles (an Uno has only one)."""


def kind_of(code: int) -> int:
    return code // 6


def code_name(code: int) -> str:
    if code == SOIL:
        return "soil"
    if code == VOLCANO:
        return "volcano"
    return f"{KINDS[code // 6]}@{code % 6}"


# -- powers and the grid ----------------------------------------------------------------
POWERS: dict[str, dict] = {p["id"]: p for p in DATA["powers"]}
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


def fits_slot(power: str, slot: str) -> bool:
    """Whether a power card may be dealt into a grid slot (its suggested unlock slot)."""
    info = POWERS[power]
    if SLOT_LEVEL[slot] not in info["levels"]:
        return False
    if info.get("middle"):
        return slot == MIDDLE_SLOT
    return True


SETUP = DATA["setup"]
