"""The 6x6 Island Map: tile names, adjacency, lines and the four 3x3 fog quadrants."""

from __future__ import annotations

from itertools import product

from .components import DATA

SIZE: int = DATA["board_size"]
TILES = range(SIZE * SIZE)
COLUMNS = "abcdef"


def tile_name(tile: int) -> str:
    """Tiles are named like a chess board: column a-f, row 1-6 (row 1 at the top)."""
    return f"{COLUMNS[tile % SIZE]}{tile // SIZE + 1}"


TILE_NAMES = [tile_name(t) for t in TILES]
TILE_INDEX = {name: t for t, name in enumerate(TILE_NAMES)}


def _adjacent(tile: int) -> tuple[int, ...]:
    """Rulebook: adjacent tiles are side by side horizontally or vertically, not diagonally."""
    row, col = divmod(tile, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


ADJACENT: tuple[tuple[int, ...], ...] = tuple(_adjacent(t) for t in TILES)


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every full row, column and diagonal of 3 or more tiles (where lines may lie)."""
    lines = []
    for i in range(SIZE):
        lines.append(tuple(i * SIZE + c for c in range(SIZE)))
        lines.append(tuple(r * SIZE + i for r in range(SIZE)))
    for start in range(-(SIZE - 3), SIZE - 2):
        down = [r * SIZE + r + start for r in range(SIZE) if 0 <= r + start < SIZE]
        up = [
            r * SIZE + (SIZE - 1 - r - start)
            for r in range(SIZE)
            if 0 <= SIZE - 1 - r - start < SIZE
        ]
        lines.append(tuple(down))
        lines.append(tuple(up))
    return tuple(lines)


LINES = _lines()

QUADRANTS = ("NW", "NE", "SW", "SE")
"""The four 3x3 quarters, each of which a fog board may cover."""
HALF = SIZE // 2


def _quadrant_tiles(q: int) -> tuple[int, ...]:
    row0 = 0 if q < 2 else HALF
    col0 = 0 if q % 2 == 0 else HALF
    return tuple((row0 + r) * SIZE + col0 + c for r in range(HALF) for c in range(HALF))


QUADRANT_TILES = tuple(_quadrant_tiles(q) for q in range(4))
QUADRANT_OF = tuple(next(q for q in range(4) if t in QUADRANT_TILES[q]) for t in TILES)
OPEN_TILES: dict[tuple[bool, ...], tuple[int, ...]] = {
    quarters: tuple(t for t in TILES if quarters[QUADRANT_OF[t]])
    for quarters in product((False, True), repeat=len(QUADRANTS))
}
"""The tiles outside the fog boards, for each way the four quarters may be open."""
