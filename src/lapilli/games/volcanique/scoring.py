"""Scoring (rulebook, "Scoring" and "Bonus objectives")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import powers
from .board import land_height
from .components import NB, POWERS

if TYPE_CHECKING:
    from .rules import VolcaniqueState

ITEMS = (
    "critters",
    "connections",
    "volcanoes",
    "sacrifices",
    "tallest",
    "largest",
    "diversified",
    "caldera",
    "points",
    "powers",
)


def controlled_biomes(state: VolcaniqueState) -> dict[int, list[int]]:
    """seat -> ids of the biomes that seat controls (its critters alone are in them)."""
    biomes = state.biomes()
    owners: dict[int, set[int]] = {}
    of = biomes.of
    for reg, (owner, _n) in state.critters.items():
        bid = of.get(reg)
        if bid is not None:  # (None: on a tile just covered, waiting to migrate)
            owners.setdefault(bid, set()).add(owner)
    out: dict[int, list[int]] = {p: [] for p in range(state.n)}
    for bid, who in owners.items():
        if len(who) == 1:
            out[next(iter(who))].append(bid)
    return out


def placed_critters(state: VolcaniqueState) -> list[int]:
    """Critters on land tiles per seat (not grid, crater, sea or burrowed)."""
    counts = [0] * state.n
    for owner, n in state.critters.values():
        counts[owner] += n
    return counts


def _best_with_ties(values: dict[int, tuple[int, int]], points: int) -> dict[int, int]:
    """Bonus objective: the best (size, how many of that size) wins ``points``; an exact
    draw gives every player in the draw 1 point (rulebook)."""
    if not values:
        return {}
    best = max(values.values())
    if best[0] <= 0:
        return {}
    tied = [p for p, v in values.items() if v == best]
    if len(tied) == 1:
        return {tied[0]: points}
    return {p: 1 for p in tied}


def tallest_biome(state: VolcaniqueState) -> dict[int, int]:
    """3 pts to the player with a critter on the tallest stack; equal heights: most such
    peaks wins; an exact draw: 1 pt each."""
    peaks: dict[int, dict[tuple[int, int], int]] = {}
    for (q, r, _c), (owner, _n) in state.critters.items():
        peaks.setdefault(owner, {})[(q, r)] = land_height(state.stacks[(q, r)])
    values = {}
    for owner, hexes in peaks.items():
        top = max(hexes.values())
        values[owner] = (top, sum(1 for h in hexes.values() if h == top))
    return _best_with_ties(values, 3)


def largest_biome(state: VolcaniqueState, controlled: dict[int, list[int]]) -> dict[int, int]:
    """3 pts for the largest controlled biome by tiles; equal size: most such biomes wins;
    an exact draw: 1 pt each."""
    biomes = state.biomes()
    values = {}
    for p, bids in controlled.items():
        if bids:
            sizes = [len(biomes.members[b]) for b in bids]
            top = max(sizes)
            values[p] = (top, sizes.count(top))
    return _best_with_ties(values, 3)


def breakdown(state: VolcaniqueState) -> list[dict[str, int]]:
    """Each seat's points, item by item."""
    biomes = state.biomes()
    controlled = controlled_biomes(state)
    placed = placed_critters(state)
    tallest = tallest_biome(state)
    largest = largest_biome(state, controlled)
    rows = []
    for p in range(state.n):
        colours = [0] * NB
        for b in controlled[p]:
            colours[biomes.colour[b]] += 1
        row = {
            "critters": placed[p],
            "connections": sum(biomes.links[b] for b in controlled[p]),
            "volcanoes": len(state.marks[p]),
            "sacrifices": state.crater[p] * powers.crater_points(state, p),
            "tallest": tallest.get(p, 0),
            "largest": largest.get(p, 0),
            "diversified": min(colours) if state.game.options.diversified_bonus else 0,
            "caldera": sum(int(POWERS[c]["caldera_vp"]) for c in state.chands[p]),
            "points": state.points[p],
            "powers": powers.extra_score(state, p),
        }
        row["total"] = sum(row[k] for k in ITEMS)
        rows.append(row)
    return rows


def scores(state: VolcaniqueState) -> list[float]:
    return [float(row["total"]) for row in breakdown(state)]
