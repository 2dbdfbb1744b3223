"""The ocean: flat-top hexes that never rotate, in columns A-O, depth by rows from the surface.

A hex is named by its column letter and the depth of its centre: ``H0`` is a Hatch on
the surface, ``H20`` the hex below it, ``G10`` the hex down-left of it. Each column sits
half a row (10 m) off its neighbours (default 2). The geometry is ``core.hexgrid``'s
axial coordinates drawn flat-top; here it is laid out once per player count as
numbered cells with their six neighbours.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache

from lapilli.core import hexgrid as hx

from .components import BOARD, COLUMNS, DEEPEST, HALF_ROW, SHALLOWEST

N, NE, SE, S, SW, NW = (hx.FLAT_TOP.index(d) for d in ("N", "NE", "SE", "S", "SW", "NW"))
NO_CELL = -1
HATCH = "hatch"
"""What lies on a Hatch cell of the board (a tile id lies on any other)."""


@dataclass(frozen=True)
class Ocean:
    """The cells of one game's board: the Hatches and every hex a tile may fill."""

    cells: tuple[tuple[int, int], ...]  # (column, depth in half rows)
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]  # per hexgrid direction; NO_CELL off the board
    levels: tuple[int, ...]  # depth level: 0 at the surface, 1 = 20m ... 5 = 100m
    hatches: tuple[int, ...]  # each seat's Hatch
    index: dict[str, int]

    def metres(self, cell: int) -> int:
        return self.cells[cell][1] * HALF_ROW

    def cell(self, name: str) -> int:
        """The cell called ``name`` (``"H20"``); KeyError if there is none."""
        return self.index[name.upper()]


def hatch_columns(players: int) -> list[int]:
    """Hatches ``hatch_spacing`` columns apart, centred on the board (default 6)."""
    spacing = BOARD["hatch_spacing"]
    first = (COLUMNS - 1 - spacing * (players - 1)) // 2
    return [first + spacing * k for k in range(players)]


def level_of(half_rows: int) -> int:
    """Default 3: depth level = ceil(depth / 20 m); 10-20 m is the 20 m level."""
    return (half_rows + 1) // 2


@cache
def ocean(players: int) -> Ocean:
    columns = hatch_columns(players)
    origin = columns[0]
    cells: list[tuple[int, int]] = [(c, 0) for c in columns]
    for col in range(COLUMNS):
        for half in range(SHALLOWEST, DEEPEST + 1):
            if (half - (col - origin)) % 2 == 0:
                cells.append((col, half))
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = []
    for col, half in cells:
        h = hx.from_flat_top_position(col - origin, half)
        around = []
        for d in range(6):
            q, down = hx.flat_top_position(hx.neighbour(h, d))
            around.append(index.get((q + origin, down), NO_CELL))
        neighbours.append(tuple(around))
    names = tuple(f"{string.ascii_uppercase[c]}{h * HALF_ROW}" for c, h in cells)
    return Ocean(
        cells=tuple(cells),
        names=names,
        neighbours=tuple(neighbours),
        levels=tuple(level_of(h) for _, h in cells),
        hatches=tuple(range(players)),
        index={name: i for i, name in enumerate(names)},
    )
