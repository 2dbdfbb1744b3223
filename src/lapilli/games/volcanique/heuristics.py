"""An evaluation of a Volcanique position for the greedy bot."""

from __future__ import annotations

from .rules import VolcaniqueState
from .scoring import breakdown


def heuristic(state: VolcaniqueState, seat: int) -> float:
    """Points so far, plus small terms for what turns into points later: controlled
    biomes (resources next turn), resources in hand, critters safe from lava, and the
    lead over the best opponent."""
    rows = breakdown(state)
    mine = rows[seat]["total"]
    best_other = max((r["total"] for i, r in enumerate(rows) if i != seat), default=0)
    value = mine + 0.5 * (mine - best_other)
    value += 0.15 * sum(state.res[seat])
    value += 0.3 * sum(1 for r in rows[seat:seat + 1] for _ in range(r["critters"]))
    # critters next to active lava are at risk
    lava = [(q, r) for q, r, t in state.lava if t < 0]
    if lava:
        risky = 0
        for (q, r, _c), (owner, n) in state.critters.items():
            if owner != seat:
                continue
            for lq, lr in lava:
                dq, dr = q - lq, r - lr
                if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == 1 and \
                        state.height((q, r)) < state.height((lq, lr)):
                    risky += n
                    break
        value -= 0.5 * risky
    return float(value)
