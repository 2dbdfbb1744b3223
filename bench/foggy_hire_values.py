"""Measure what a hired mercenary adds to later rounds of Foggy Island.

``python bench/foggy_hire_values.py [games] [mercenary ...]`` (default: every one): greedy
bots play the mercenary game; after round 1 one side (alternating, to cancel the first
player's edge) hires one mercenary, paid for by coins added just before (so only its play
counts), and nobody else ever hires. The value of a mercenary is the mean lead of the
hiring side in the points of rounds 2-4, per round, minus the same lead in the same games
with no hire. The figures in ``data.toml`` (``[bots.hire_value]``) came from this script,
but for the Crow's, measured in play by ``foggy_hiring_bots.py``.
"""

from __future__ import annotations

import random
import statistics
import sys

from lapilli.agents.greedy import GreedyAgent
from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, TERMINAL, sample_chance
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island.components import MERCENARIES


def lead(kind: str | None, seed: int) -> float:
    """The hiring side's mean lead per round in rounds 2-4 (side seed % 2 hires)."""
    rng = random.Random(seed)
    s = FoggyIsland(mode="mercenaries").new_state(2)
    bots = [GreedyAgent(seed=seed * 2 + p) for p in range(2)]
    hirer = seed % 2
    while s.current_player() != TERMINAL:
        p = s.current_player()
        if p == CHANCE:
            s.apply(sample_chance(s, rng))
        elif s.phase == "hire":
            if kind and s.side(p) == hirer and kind not in s.hired[hirer]:
                s.coins[hirer] += MERCENARIES[kind].cost
                s.apply(Action("hire", mercenary=kind))
            else:
                s.apply(Action("done"))
        else:
            s.apply(bots[p].act(s, p))
    later = s.points[1:4]
    return sum(r[hirer] - r[1 - hirer] for r in later) / len(later)


def main(games: int, kinds: list[str]) -> None:
    base = [lead(None, seed) for seed in range(games)]
    print(f"no hire: {statistics.mean(base):+.2f} per round")
    for kind in kinds:
        diffs = [lead(kind, seed) - b for seed, b in zip(range(games), base, strict=True)]
        se = statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"{kind}: {statistics.mean(diffs):+.2f} per round (± {1.96 * se:.2f})", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12, sys.argv[2:] or list(MERCENARIES))
