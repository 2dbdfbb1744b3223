"""Scoring (rulebook, "Scoring" and "Bonus objectives")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import powers
from .board import OWNER_MASK, SPOT_HEX, Biome, land_height
from .components import NB, POWERS

if TYPE_CHECKING:
    from .state import VolcaniqueState

ITEMS = (
    "critters",
    "connections",
    "volcanoes",
    "sacrifices",
    "colossal",
    "herds",
    "tallest",
    "largest",
    "diversified",
    "caldera",
    "points",
)
TALLEST_POINTS = 3
LARGEST_POINTS = 3
TIE_POINTS = 1
COLOSSAL_POINTS = 4
HERD_POINTS = 1


def controlled_biomes(s: VolcaniqueState) -> list[list[Biome]]:
    """Per seat, the biomes it controls: its critters alone are in them, or every
    player there holds Cooperative Critters and they share it. Burrowed critters count
    once they emerge."""
    out: list[list[Biome]] = [[] for _ in range(s.players)]
    seats = range(s.players)
    for biome, counts in s.biome_counts().items():
        owners = [o for o in seats if counts[o]]  # burrowed critters count once they emerge
        if len(owners) == 1 or all(powers.has_power(s, o, "cooperative_critters") for o in owners):
            for o in owners:
                out[o].append(biome)
    return out


def controlled_by(s: VolcaniqueState, seat: int) -> list[Biome]:
    """The biomes one seat controls (as ``controlled_biomes``, for one seat)."""
    out = []
    seats = range(s.players)
    sharing: bool | None = None  # whether the seat has Cooperative Critters, when asked
    for biome, counts in s.biome_counts().items():
        if not counts[seat]:
            continue
        others = [o for o in seats if o != seat and counts[o]]
        if others:
            if sharing is None:
                sharing = powers.has_power(s, seat, "cooperative_critters")
            if not (
                sharing and all(powers.has_power(s, o, "cooperative_critters") for o in others)
            ):
                continue
        out.append(biome)
    return out


def herds(s: VolcaniqueState, seat: int) -> int:
    """Herding Critters: biomes where the seat has two or more critters."""
    if not powers.has_power(s, seat, "herding_critters"):
        return 0
    return sum(1 for counts in s.biome_counts().values() if counts[seat] >= 2)


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
    return {p: TIE_POINTS for p in tied}


def tallest_biome(s: VolcaniqueState) -> dict[int, int]:
    """3 pts to the player with a critter on the tallest stack; equal heights: most such
    peaks wins; an exact draw: 1 pt each."""
    peaks: dict[int, dict[int, int]] = {}
    for spot in s.critters:
        h = spot >> SPOT_HEX
        peaks.setdefault(spot & OWNER_MASK, {})[h] = land_height(s.stacks[h])
    values = {}
    for owner, hexes in peaks.items():
        top = max(hexes.values())
        values[owner] = (top, sum(1 for h in hexes.values() if h == top))
    return _best_with_ties(values, TALLEST_POINTS)


def largest_biome(controlled: list[list[Biome]]) -> dict[int, int]:
    """3 pts for the largest controlled biome by tiles; equal size: most such biomes wins;
    an exact draw: 1 pt each."""
    values = {}
    for p, biomes in enumerate(controlled):
        if biomes:
            sizes = [len(b.members) for b in biomes]
            top = max(sizes)
            values[p] = (top, sizes.count(top))
    return _best_with_ties(values, LARGEST_POINTS)


def breakdown(s: VolcaniqueState) -> list[dict[str, int]]:
    """Each seat's points, item by item."""
    controlled = controlled_biomes(s)
    placed = s.placed()
    tallest = tallest_biome(s)
    largest = largest_biome(controlled)
    rows = []
    for p in range(s.players):
        colours = [0] * NB
        for biome in controlled[p]:
            colours[biome.colour] += 1
        row = {
            "critters": placed[p],
            "connections": sum(b.links for b in controlled[p]),
            "volcanoes": len(s.unlocked[p]),
            "sacrifices": s.crater[p] * powers.crater_points(s, p),
            "colossal": COLOSSAL_POINTS
            * sum(n for x, n in s.colossal.items() if x & OWNER_MASK == p),
            "herds": HERD_POINTS * herds(s, p),
            "tallest": tallest.get(p, 0),
            "largest": largest.get(p, 0),
            "diversified": min(colours) if s.options.diversified_bonus else 0,
            "caldera": sum(
                int(POWERS[card]["caldera_vp"]) * n for card, n in s.caldera_hands[p].items.items()
            ),
            "points": s.points[p],
        }
        row["total"] = sum(row[k] for k in ITEMS)
        rows.append(row)
    return rows


def scores(s: VolcaniqueState) -> list[float]:
    return [float(row["total"]) for row in breakdown(s)]
