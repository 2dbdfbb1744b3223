"""Searches over any board whose cells know their neighbours (hex maps, square grids)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

C = TypeVar("C", bound=Hashable)


def distances(
    starts: Iterable[C],
    neighbours: Callable[[C], Iterable[C]],
    passable: Callable[[C], bool] = lambda _: True,
    limit: int | None = None,
) -> dict[C, int]:
    """Breadth-first search: each cell reachable from ``starts`` and its number of steps.

    The start cells are always included (0 steps); other cells are entered only when
    ``passable``; ``limit`` caps the number of steps.
    """
    seen: dict[C, int] = {s: 0 for s in starts}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        d = seen[cell]
        if limit is not None and d >= limit:
            continue
        for nxt in neighbours(cell):
            if nxt not in seen and passable(nxt):
                seen[nxt] = d + 1
                queue.append(nxt)
    return seen


def connected(
    start: C, neighbours: Callable[[C], Iterable[C]], member: Callable[[C], bool]
) -> set[C]:
    """The group of cells joined to ``start`` through cells that are ``member``."""
    return set(distances([start], neighbours, member))
