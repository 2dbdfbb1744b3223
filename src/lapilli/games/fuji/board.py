"""The terrain: an 8 x 8 grid of card slots (x = column, y = row), paths and lava.

A cell is ``y * W + x``. ``card[c]`` is the terrain card's id (0 = no card), ``lava[c]``
whether it shows its lava side (the volcano always does).
"""

from __future__ import annotations

from .tables import VOLCANO

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


def cell(x: int, y: int) -> int:
    return y * W + x


def walkable(card: list[int], lava: list[int], c: int) -> bool:
    """Movement rules: never onto or over lava, rubble or the volcano."""
    return card[c] > 3 and not lava[c]


def reach(card: list[int], lava: list[int], start: int, limit: int) -> dict[int, int]:
    """Cards reachable in up to ``limit`` orthogonal steps, with their distance."""
    dist = {start: 0}
    frontier = [start]
    for d in range(1, limit + 1):
        nxt = []
        for c in frontier:
            for n in NEIGH[c]:
                if n not in dist and card[n] > 3 and not lava[n]:
                    dist[n] = d
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return dist


def path(
    card: list[int],
    lava: list[int],
    start: int,
    goal: int,
    limit: int,
    avoid: list[int] | None = None,
) -> list[int] | None:
    """A shortest walkable path start -> goal of at most ``limit`` steps (cells after
    the start), not crossing cells with ``avoid[c]`` (the goal itself may have it)."""
    if start == goal:
        return []
    prev = {start: -1}
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for c in frontier:
            for n in NEIGH[c]:
                if n in prev or card[n] <= 3 or lava[n]:
                    continue
                if avoid is not None and avoid[n] and n != goal:
                    continue
                prev[n] = c
                if n == goal:
                    out = [n]
                    while prev[out[-1]] != start:
                        out.append(prev[out[-1]])
                    out.reverse()
                    return out
                nxt.append(n)
        if not nxt:
            return None
        frontier = nxt
    return None


def spreading(card: list[int], lava: list[int]) -> list[int]:
    """Phase 6: every card orthogonally next to a lava card flips (they flip together)."""
    out = []
    for c in range(CELLS):
        if card[c] and not lava[c]:
            for n in NEIGH[c]:
                if lava[n]:
                    out.append(c)
                    break
    return out


def grid_distance(card: list[int], start: int, goals: set[int]) -> int:
    """Steps between ``start`` and the nearest goal over any cards (lava ignored)."""
    if start in goals:
        return 0
    seen = {start}
    frontier = [start]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in NEIGH[c]:
                if n not in seen and card[n]:
                    if n in goals:
                        return d
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 99


def is_volcano(card_id: int) -> bool:
    return card_id == VOLCANO
