"""Axial hex coordinates (q, r), for Volcanique (pointy-top hexes) and Deeper (flat-top).

Directions run counter-clockwise from east (as drawn, with r growing downwards); a
rotation by one step turns every direction into the next one. The same coordinates
describe flat-top hexes drawn in columns: ``FLAT_TOP`` names the directions then, and
``flat_top_position`` says where a hex is drawn.
"""

from __future__ import annotations

from collections.abc import Iterator

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""East, north-east, north-west, west, south-west, south-east."""

FLAT_TOP: tuple[str, ...] = ("SE", "NE", "N", "NW", "SW", "S")
"""The compass names of ``DIRECTIONS`` on flat-top hexes: q counts columns to the right,
and each column sits half a hex lower than the one on its left."""


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction index from ``a`` to its neighbour ``b`` (None if not adjacent)."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def pointy_top_position(h: Hex) -> tuple[int, int]:
    """Where a pointy-top hex is drawn: its column in half-hex steps and its row (each
    row r shifted half a hex to the right of the row above it)."""
    q, r = h
    return 2 * q + r, r


def from_pointy_top_position(half_columns: int, row: int) -> Hex:
    """The hex drawn ``half_columns`` half-hexes across in ``row``."""
    if (half_columns - row) % 2:
        raise ValueError(f"no hex centre {half_columns} half-hexes across in row {row}")
    return (half_columns - row) // 2, row


def rotate(h: Hex, steps: int = 1, about: Hex = (0, 0)) -> Hex:
    """Turn ``h`` by ``steps`` x 60 degrees about ``about``: east goes to north-east."""
    q, r = h[0] - about[0], h[1] - about[1]
    for _ in range(steps % 6):
        # in cube coordinates (x, y, z) -> (-y, -z, -x): one step along DIRECTIONS
        q, r = q + r, -q
    return (q + about[0], r + about[1])


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps away, in a walk around the ring."""
    if radius == 0:
        return [center]
    results = []
    h = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            results.append(h)
            h = neighbour(h, side)
    return results


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` steps, the centre first, then ring by ring."""
    for k in range(radius + 1):
        yield from ring(center, k)


def flat_top_position(h: Hex) -> tuple[int, int]:
    """Where a flat-top hex is drawn: its column and its centre's height below the
    origin in half-hex rows (the hex below it in its column is 2 further down)."""
    q, r = h
    return q, 2 * r + q


def from_flat_top_position(column: int, half_rows: int) -> Hex:
    """The hex drawn in ``column`` with its centre ``half_rows`` half-hexes down."""
    if (half_rows - column) % 2:
        raise ValueError(f"no hex centre in column {column} at {half_rows} half-rows")
    return column, (half_rows - column) // 2
