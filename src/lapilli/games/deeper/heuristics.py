"""An evaluation for the greedy and MCTS bots: points, plus progress toward the next card
to build, resources kept safe, upgrades, and the danger of drowning far from the Hatch.

The tie at the end: a bot names itself when it is among the tied players (its result is
1 then); otherwise it names the tied player who comes first after it in turn order (the
small ``TIE_ORDER`` term below breaks the greedy bot's indifference that way).
"""

from __future__ import annotations

from lapilli.core.grid import distances

from .components import (
    BASIC,
    BLUEPRINTS,
    FINS,
    FOOD,
    NRES,
    QUARTZ,
    RADIO,
    ROCKETS,
    TILES,
    TITANIUM,
)
from .habitat import card_cost
from .state import DeeperState

SCALE = 3.0
"""Heuristic units that make a clear favourite (about one built card)."""

WORTH = (0.08, 0.15, 0.18, 0.3, 0.3, 0.35, 0.5)
"""A spare resource token's worth, in RESOURCES order (fish ... diamond, food)."""
UPGRADE_WORTH = {
    "fins": 0.9,
    "knife": 0.2,
    "sea_glide": 0.3,
    "swim_bag": 0.4,
    "back_pack": 0.5,
    "rebreather": 0.6,
    "air_tank": 0.5,
}
GOAL = 0.8  # per star of the next card, for holding all it needs in the habitat
PARTIAL = 0.6  # credit for a resource not yet held, times how close the nearest one is
FAR = 8  # swims counted at most
LEVEL = 2  # swims a depth level counts for, toward a deck not yet explored
DROWN = 1.0  # share of the expected drowning loss counted
TIE_ORDER = 0.01
FIRST_DECK = {k: min(t.level for t in TILES.values() if t.level and t.resources[k]) for k in BASIC}
"""The shallowest deck whose tiles hold each basic resource."""


def _goal(s: DeeperState, p: int) -> tuple[list[int], int]:
    """The cost and stars of the next card to build: the Radio, then the rocket card that
    needs the fewest resources for its stars."""
    if RADIO not in s.built[p]:
        return card_cost(s, p, RADIO), BLUEPRINTS[RADIO].points
    if not s.rockets:
        return [0] * NRES, 0
    return min(
        ((card_cost(s, p, r), ROCKETS[r].points) for r in s.rockets),
        key=lambda o: sum(o[0]) - o[1],
    )


def _swims(s: DeeperState, p: int) -> dict[int, int]:
    tiles, around = s.tiles, s.ocean.neighbours
    return distances(
        [s.pawn[p]], lambda c: [n for n in around[c] if n >= 0], lambda c: tiles[c] is not None
    )


def _closeness(s: DeeperState, p: int, k: int, reach: dict[int, int]) -> float:
    """1 on a tile holding resource ``k``, less the more swims away the nearest is (or,
    with none placed, the more depth levels short of the shallowest deck holding it)."""
    res = s.res
    near = [d for c, d in reach.items() if res[c * NRES + k]]
    short = LEVEL * max(0, FIRST_DECK.get(k, 1) - s.level(p))
    far = min(FAR, min(near)) if near else FAR + short
    return 1.0 - far / (FAR + LEVEL * 5)


def value(s: DeeperState, p: int) -> float:
    v = float(sum(s.breakdown(p).values()))
    inv, sto = s.inventory[p], s.storage[p]
    held = [inv[k] + sto[k] for k in range(NRES)]
    goal, stars = _goal(s, p)
    # what the next card needs and is held (2 spare titanium make a quartz)
    covered = [min(held[k], goal[k]) for k in range(NRES)]
    extra_quartz = min(goal[QUARTZ] - covered[QUARTZ], (held[TITANIUM] - covered[TITANIUM]) // 2)
    covered[QUARTZ] += extra_quartz
    used = covered[:]
    used[TITANIUM] += 2 * extra_quartz
    used[QUARTZ] -= extra_quartz
    reach = _swims(s, p)
    home = 0 if s.in_habitat(p) else reach.get(s.ocean.hatches[p], FAR)
    need = sum(goal)
    if need:
        # progress: each resource held, part of one still out there, then the way home
        done = float(sum(covered))
        missing = [k for k in range(NRES) if goal[k] > covered[k]]
        for k in missing:
            done += PARTIAL * (goal[k] - covered[k]) * _closeness(s, p, k, reach)
        if not missing:
            done += 1.0 - min(FAR, home) / FAR
        v += GOAL * stars * done / (need + 1)
    v += sum(WORTH[k] * (held[k] - used[k]) for k in range(NRES) if k != FOOD)
    v += WORTH[FOOD] * inv[FOOD]
    v += sum(w for k, w in UPGRADE_WORTH.items() if s.has(p, k))
    v += 0.2 * sum(1 for c in s.hands[p].hidden() if c != RADIO)
    carried = sum(inv)
    if home and carried:
        # drowning on the way home loses a random share of what the Inventory holds
        per_turn = 3 if s.has(p, FINS) else 2
        short = -(-home // per_turn) - 1 - s.air[p]
        if short > 0:
            share = GOAL * stars / (need + 1) if need else 0.0
            # the next card's resources count as kept in Storage first
            at_risk = sum(
                WORTH[k] * inv[k] + share * max(0, min(inv[k], used[k] - sto[k]))
                for k in range(NRES)
            )
            v -= DROWN * min(1.0, short * s.level(p) / carried) * at_risk
    return v


def heuristic(s: DeeperState, seat: int) -> float:
    if s.is_terminal() and s.tie_winner >= 0 and seat not in s.tied():
        # the tie-break rule for a bot outside the tie (see the module notes)
        return -TIE_ORDER * ((s.tie_winner - seat) % s.n)
    mine = value(s, seat)
    if s.n == 1:
        return mine
    return mine - max(value(s, p) for p in range(s.n) if p != seat)
