"""An evaluation of a Volcanique position for the greedy bot (and MCTS cut-offs)."""

from __future__ import annotations

from .board import OWNER_MASK, SPOT_HEX, distance
from .powers import LIMITED, held_powers
from .scoring import breakdown, controlled_biomes
from .state import VolcaniqueState

SCALE = 8.0
"""Heuristic units that make a clear favourite."""

POWER_VALUE = 0.75
"""What holding a power is worth beyond its volcano point: more moves, resources or
protection in the turns to come."""
LIMITED_USE_VALUE = 0.5
"""An unspent use of Rift or Converging Tectonic Plates."""
ISLAND_VALUE = 2.5
"""Each tile still to come of an island being summoned: a critter back on land and a
biome to hold (the claims lie beyond a one-turn lookahead; without this the crater's
points lost by summoning hide them, and a player with no critter left never returns)."""
ISLAND_STEPS = frozenset({"island_tile", "island_place", "island_rotate"})


def powers_value(state: VolcaniqueState, seat: int) -> float:
    """The seat's unlocked powers (each once), and its limited uses still to spend."""
    held = set(held_powers(state, seat))
    unspent = sum(1 for p in LIMITED if p in held and f"{p}@main" not in state.used[seat])
    return POWER_VALUE * len(held) + LIMITED_USE_VALUE * unspent


def heuristic(state: VolcaniqueState, seat: int) -> float:
    """Points so far and the lead over the best opponent, plus small terms for what
    turns into points later: controlled biomes (a resource each turn), resources in
    hand, powers held, an island being summoned, and minus critters standing just below
    active lava."""
    rows = breakdown(state)
    mine = rows[seat]["total"]
    best_other = max((r["total"] for i, r in enumerate(rows) if i != seat), default=0)
    value = 0.5 * mine + 0.5 * (mine - best_other)
    value += 0.3 * len(controlled_biomes(state)[seat])
    value += 0.15 * sum(state.resources[seat])
    value += powers_value(state, seat)
    for frame in state.stack[::-1]:  # newest first (a copy: mypyc trips on reversed here)
        if frame.seat == seat and frame.step.name in ISLAND_STEPS:
            value += ISLAND_VALUE * (frame.args.size - len(frame.args.island))
            break
    flows = [flow.at for flow in state.lava if flow.flowing]
    if flows:
        risky = 0
        for spot, n in state.critters.items():
            if spot & OWNER_MASK != seat:
                continue
            h = spot >> SPOT_HEX
            for lava in flows:
                below = state.height(h) < state.height(lava)
                if distance(h, lava) == 1 and below:
                    risky += n
                    break
        value -= 0.5 * risky
    return float(value)
