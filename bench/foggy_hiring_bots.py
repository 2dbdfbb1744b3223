"""Do hiring bots beat bots that never hire?

``python bench/foggy_hiring_bots.py [games] [bot] [variant]`` (variant: standard, quick)

Foggy Island's mercenary game, ``bot`` (``greedy`` or ``mcts:iters=N``; it values a hire
by what it adds to later rounds, see ``heuristics.py``) against the same bot that always
declines to hire, seats swapped every game. Prints how often each hires, the mean coins
and the win rate of the hiring bot with its Wilson 95% interval.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from collections import Counter

from lapilli.agents import make_agent
from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, TERMINAL, sample_chance
from lapilli.games.foggy_island import FoggyIsland

DONE = Action("done")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


VARIANT: dict[str, str] = {}


def game(spec: str, seed: int) -> tuple[float, list[str], list[int]]:
    """The hiring bot's result (1, 0.5 or 0), its hires and the coins per bot [hiring, not]."""
    rng = random.Random(seed)
    hiring_seat = seed % 2
    bots = [make_agent(spec, seed=seed * 2 + p) for p in range(2)]
    s = FoggyIsland(mode="mercenaries", **VARIANT).new_state(2)
    while s.current_player() != TERMINAL:
        p = s.current_player()
        if p == CHANCE:
            s.apply(sample_chance(s, rng))
        elif s.phase == "hire" and p != hiring_seat:
            s.apply(DONE)
        else:
            s.apply(bots[p].act(s, p))
    order = [hiring_seat, 1 - hiring_seat]
    return s.returns()[hiring_seat], list(s.hired[hiring_seat]), [s.coins[p] for p in order]


def main(games: int, spec: str) -> None:
    results = [game(spec, seed) for seed in range(games)]
    wins = sum(r for r, _, _ in results)
    low, high = wilson(wins, games)
    hires = [len(h) for _, h, _ in results]
    kinds = Counter(k for _, h, _ in results for k in h)
    print(f"{spec} that hires vs {spec} that never hires, {games} games")
    print(
        f"games with a hire: {sum(h > 0 for h in hires)}; mean hires {statistics.mean(hires):.2f}"
        f" ({', '.join(f'{k} {n}' for k, n in kinds.most_common()) or 'none'})"
    )
    print(
        f"mean coins: hiring {statistics.mean(c[0] for _, _, c in results):.1f}, "
        f"not hiring {statistics.mean(c[1] for _, _, c in results):.1f}"
    )
    print(f"hiring bot's win rate {wins / games:.1%} (95% {low:.1%} - {high:.1%})")


if __name__ == "__main__":
    if len(sys.argv) > 3:
        VARIANT["variant"] = sys.argv[3]
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 40,
        sys.argv[2] if len(sys.argv) > 2 else "greedy",
    )
