"""An evaluation of a Volcanique position for the greedy bot (and MCTS cut-offs)."""

from __future__ import annotations

from .rules import VolcaniqueState
from .scoring import breakdown, controlled_biomes

SCALE = 8.0
"""Heuristic units that make a clear favourite."""


def heuristic(state: VolcaniqueState, seat: int) -> float:
    """Points so far and the lead over the best opponent, plus small terms for what
    turns into points later: controlled biomes (a resource each turn), resources in
    hand, and minus critters standing just below active lava."""
    rows = breakdown(state)
    mine = rows[seat]["total"]
    best_other = max((r["total"] for i, r in enumerate(rows) if i != seat), default=0)
    value = 0.5 * mine + 0.5 * (mine - best_other)
    value += 0.3 * len(controlled_biomes(state)[seat])
    value += 0.15 * sum(state.res[seat])
    lava = [(q, r) for q, r, t in state.lava if t < 0]
    if lava:
        risky = 0
        for (q, r, _c), (owner, n) in state.critters.items():
            if owner != seat:
                continue
            for lq, lr in lava:
                dq, dr = q - lq, r - lr
                if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == 1 and state.height(
                    (q, r)
                ) < state.height((lq, lr)):
                    risky += n
                    break
        value -= 0.5 * risky
    return float(value)
