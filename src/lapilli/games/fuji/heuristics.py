"""An evaluation for the greedy bot: progress toward the village, stamina, safety."""

from __future__ import annotations

from .board import CELLS, NEIGH
from .tables import EXHAUSTION, IS_VILLAGE, VALID

COOPERATIVE = True
"""Every seat wins or loses together."""
SCALE = 40.0
"""About a clear favourite: e.g. one meeple four cards nearer the village."""

# expected valid value of one unseen die of each type on each card
_MEAN = [
    tuple(sum(VALID[k][t * 6 + v] for v in range(6)) / 6 for t in range(3)) if VALID[k] else ()
    for k in range(40)
]


def _distances_to_village(s) -> list[int]:
    """Walking distance of every card to the nearest safe village card."""
    card, lava = s.card, s.lava
    dist = [99] * CELLS
    frontier = [c for c in range(CELLS) if IS_VILLAGE[card[c]] and not lava[c]]
    for c in frontier:
        dist[c] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in NEIGH[c]:
                if dist[n] == 99 and card[n] > 3 and not lava[n]:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def _lava_distance(s, start: int) -> int:
    """Steps from ``start`` to the nearest lava card over any cards (how many eruptions
    until it is swallowed)."""
    card, lava = s.card, s.lava
    seen = {start}
    frontier = [start]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in NEIGH[c]:
                if n in seen or not card[n]:
                    continue
                if lava[n]:
                    return d
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return 20


def expected_value(s, b: int, card: int, seat: int) -> float:
    """b's movement value on ``card`` as ``seat`` can judge it: the dice it sees count
    their value, the others their average."""
    valid = VALID[card]
    mean = _MEAN[card]
    bit = 1 << seat
    total = 0.0
    for d in s.counting(b):
        if s.dseen[d] & bit and s.dval[d]:
            total += valid[s.dtype[d] * 6 + s.dval[d] - 1]
        else:
            total += mean[s.dtype[d]]
    return total


def success_chance(s, a: int, seat: int) -> float:
    """A rough chance that a's planned move succeeds, from ``seat``'s point of view."""
    card = s.card[s.dest[a]]
    mine = expected_value(s, a, card, seat) + s.flare[a] + s.boost[a]
    left, right = s.neighbours(a)
    best = max(expected_value(s, left, card, seat), expected_value(s, right, card, seat))
    if mine > best + 2:
        return 0.85
    if mine > best:
        return 0.5
    return 0.15


def heuristic(state, seat: int) -> float:
    """Higher is better for the whole team (every seat gets the same value)."""
    s = state
    if s.result == 1:
        return 1000.0 + s.victory_points()
    if s.result == -1:
        return -1000.0
    dist = _distances_to_village(s)
    score = 0.0
    for a in s.meeples():
        p = s.pos[a]
        if p < 0:
            continue
        score -= 10.0 * min(dist[p], 15)
        left = EXHAUSTION - s.lost[a]
        score += 2.0 * left - (8.0 if left <= 5 else 0.0)
        score -= 3.0 * bin(s.inj[a]).count("1")
        score += 1.0 * len(s.equip[a])
        dest = s.dest[a]
        if dest >= 0 and dest != p and s.phase in (2, 3, 4):
            # a planned move: the progress it would make, weighted by its chance
            gain = min(dist[p], 15) - min(dist[dest], 15)
            score += 10.0 * gain * success_chance(s, a, seat)
        safety = _lava_distance(s, p)
        if safety <= 1:
            score -= 40.0
        elif safety == 2:
            score -= 10.0
    return score
