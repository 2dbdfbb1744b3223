"""Phase 2: planning with destination markers, signals and equipment.

Two passes in seat order: in the first each adventurer places its destination marker,
in the second it may move it after seeing everybody's markers and signals. Each pass a
seat may give one qualitative signal (the rulebook forbids numbers).
"""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE

from . import actions as X
from . import frames as F
from .board import XY, cell, reach
from .rerolls import session_frames
from .state import FujiState, register
from .tables import SIGNALS


def step_limit(s: FujiState, a: int) -> int:
    """Up to 3 orthogonal steps; the Scout up to 4."""
    return 4 if s.has_skill(a, "scout") else 3


def destinations(s: FujiState, a: int) -> dict[int, int]:
    """Cards a's meeple may aim at, with their distance: reachable, and not the
    destination of a neighbour ("players seated next to each other cannot choose the
    same destination card")."""
    options = reach(s.card, s.lava, s.pos[a], step_limit(s, a))
    for b in s.neighbours(a):
        if b < s.m and b != a:
            options.pop(s.dest[b], None)
    if not options:
        # reading: if the neighbours have taken the only card left, you may stay
        options = {s.pos[a]: 0}
    return options


def start_planning(s: FujiState, f: tuple, ev: list) -> None:
    s.phase = 2
    plans = [(F.D_PLAN, s.controller(a), a, p, 0) for p in (1, 2) for a in s.meeples()]
    s.push(*plans, (F.A_PLAN_END, CHANCE, -1, 0, 0))


def plan_legal(s: FujiState, f: tuple) -> list:
    from .equipment import equipment_actions, give_actions

    a, p = f[2], f[3]
    out: list[Action] = []
    if not s.signalled[a] >> p & 1:
        out.extend(X.SIGNAL[k] for k in SIGNALS)
    out.extend(equipment_actions(s, a, 2, f[1]))
    out.extend(give_actions(s, a))
    out.extend(X.DEST[XY[c]] for c in sorted(destinations(s, a)))
    return out


def plan_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    kind = action[0]
    a = f[2]
    if kind == "destination":
        params = dict(action[1])
        c = cell(params["x"], params["y"])
        s.dest[a] = c
        s.ddist[a] = destinations(s, a)[c]
        s.stack.pop()
        ev.append({"type": "destination", "adventurer": a, "x": params["x"], "y": params["y"]})
    elif kind == "signal":
        s.signalled[a] |= 1 << f[3]
        say = action[1][0][1]
        s.signals.append((a, say))
        ev.append({"type": "signal", "adventurer": a, "say": say})
    else:
        from .equipment import apply_equipment

        apply_equipment(s, f, action, ev)


def end_planning(s: FujiState, f: tuple, ev: list) -> None:
    """Markers are binding once the rerolls begin; a Radio screen goes back up."""
    s.phase = 3
    for a in range(len(s.radio)):
        if s.radio[a]:
            s.radio[a] = 0
            for d in s.held(a):
                if not s.daside[d]:
                    s.dseen[d] = s.base_seen(d)
    s.push(*session_frames(s), (F.A_BARS, CHANCE, -1, 0, 0), (F.A_EQUIP4, CHANCE, -1, 0, 0))


register(F.A_PLAN, auto=start_planning)
register(F.D_PLAN, legal=plan_legal, apply=plan_apply)
register(F.A_PLAN_END, auto=end_planning)
