"""The terrain: an 8 x 8 grid of card slots (x = column, y = row), paths and lava.

A cell is ``y * W + x``. ``terrain[c]`` is the terrain card's id (0 = no card), ``lava[c]``
whether it shows its lava side (the volcano always does). Searches are the shared
breadth-first ``distances`` over ``NEIGH``.
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.grid import distances

from .components import IS_VILLAGE, IS_WALKABLE

W = 8
H = 8
CELLS = W * H

NEIGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * W + (x + dx)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if 0 <= x + dx < W and 0 <= y + dy < H
    )
    for y in range(H)
    for x in range(W)
)
XY: tuple[tuple[int, int], ...] = tuple((c % W, c // W) for c in range(CELLS))
NOWHERE = -1
"""The cell of a meeple or destination marker that is not on the board."""
around = NEIGH.__getitem__
"""The orthogonal neighbours of a cell (no diagonal steps)."""


def cell(x: int, y: int) -> int:
    return y * W + x


def on_board(x: object, y: object) -> bool:
    return type(x) is int and type(y) is int and 0 <= x < W and 0 <= y < H


def walkable(terrain: Sequence[int], lava: Sequence[bool], c: int) -> bool:
    """Movement rules: never onto or over lava, rubble or the volcano."""
    return IS_WALKABLE[terrain[c]] and not lava[c]


def reach(terrain: Sequence[int], lava: Sequence[bool], start: int, limit: int) -> dict[int, int]:
    """Cards reachable in up to ``limit`` orthogonal steps, with their distance."""
    return distances([start], around, lambda c: IS_WALKABLE[terrain[c]] and not lava[c], limit)


def path(
    terrain: Sequence[int],
    lava: Sequence[bool],
    start: int,
    goal: int,
    limit: int,
    avoid: Sequence[int] | None = None,
) -> list[int] | None:
    """A shortest walkable path start -> goal of at most ``limit`` steps (the cells after
    the start), not crossing cells with ``avoid[c]`` (the goal itself may have it). Of
    several shortest paths, the one the search finds first."""
    if start == goal:
        return []

    def passable(c: int) -> bool:
        if not IS_WALKABLE[terrain[c]] or lava[c]:
            return False
        return avoid is None or not avoid[c] or c == goal

    steps = distances([start], around, passable, limit)
    if goal not in steps:
        return None
    found = {c: i for i, c in enumerate(steps)}  # the order the search found them in
    route = [goal]
    while steps[route[-1]] > 1:
        here = route[-1]
        before = [c for c in NEIGH[here] if steps.get(c) == steps[here] - 1]
        route.append(min(before, key=found.__getitem__))
    route.reverse()
    return route


def spreading(terrain: Sequence[int], lava: Sequence[bool]) -> list[int]:
    """Phase 6: every card orthogonally next to a lava card flips (they flip together).
    Village cards have no lava side, so they never flip (see docs/rules/fuji.md)."""
    flips = []
    for c in range(CELLS):
        if terrain[c] and not lava[c] and not IS_VILLAGE[terrain[c]]:
            for n in NEIGH[c]:
                if lava[n]:
                    flips.append(c)
                    break
    return flips
