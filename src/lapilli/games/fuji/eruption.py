"""Phase 6: the eruption, and the end of the round."""

from __future__ import annotations

from lapilli.core.state import CHANCE

from . import frames as F
from .board import XY, spreading
from .state import ROUND_FLAGS, FujiState, register


def erupt(s: FujiState, ev: list) -> None:
    """Every card orthogonally next to lava flips to its lava side (villages too, U7);
    a meeple on a flipped card is swallowed and the team loses."""
    flips = spreading(s.card, s.lava)
    for c in flips:
        s.lava[c] = 1
        s.etok[c] = 0
        s.xtok[c] = 0
    ev.append({"type": "eruption", "flipped": [list(XY[c]) for c in flips]})
    for a in s.meeples():
        if s.lava[s.pos[a]]:
            s.lose(f"{s.name(a)} was swallowed by the lava", ev)
            return


def phase6(s: FujiState, f: tuple, ev: list) -> None:
    s.phase = 6
    erupt(s, ev)
    if s.result:
        return
    end_round(s)
    s.stack.append((F.A_ROUND, CHANCE, -1, 0, 0))


def end_round(s: FujiState) -> None:
    """Lent and set-aside dice come back; one-round effects end."""
    s.dhold[:] = s.dhome
    s.daside[:] = [0] * len(s.daside)
    count = len(s.pos)
    for name in ROUND_FLAGS:
        setattr(s, name, [0] * count)
    s.dest[:] = [-1] * count
    s.ddist[:] = [-1] * count


register(F.A_ERUPT, auto=phase6)
