"""Drawing from a face-down pile or deck whose order nobody knows.

A shuffled pile is modelled by its contents only: each draw is a chance node whose
outcomes are the kinds of item left, weighted by how many of each remain. This is
exactly as random as shuffling, needs no hidden order, and lets a replay or a test
name the item drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping


def draw_weights(counts: Mapping[str, int]) -> list[tuple[str, float]]:
    """``(item, probability)`` for one draw from a pile holding ``counts``."""
    total = sum(counts.values())
    if total <= 0:
        return []
    return [(item, n / total) for item, n in counts.items() if n > 0]


def take(counts: dict[str, int], item: str) -> None:
    """Remove one ``item`` from a pile; the caller has checked that one is there."""
    left = counts[item] - 1
    if left:
        counts[item] = left
    else:
        del counts[item]


def put(counts: dict[str, int], item: str, n: int = 1) -> None:
    counts[item] = counts.get(item, 0) + n


def counts_of(items: Iterable[str]) -> dict[str, int]:
    return dict(Counter(items))
