"""Phase 6: the eruption, and the end of the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.flow import Frame, Step

from .board import NOWHERE, XY, spreading
from .dice import Aside
from .events import Events

if TYPE_CHECKING:
    from .state import FujiState


def erupt(s: FujiState, ev: Events) -> None:
    """Every card with a lava side (rubble, landscape) orthogonally next to lava flips;
    a meeple on a flipped card is swallowed and the team loses."""
    flips = spreading(s.terrain, s.lava)
    for c in flips:
        s.lava[c] = True
        s.equipment_token[c] = False
        s.eruption_tokens[c] = 0
    ev.append({"type": "eruption", "flipped": [list(XY[c]) for c in flips]})
    for a in s.meeples():
        if s.lava[s.position[a]]:
            s.lose(f"{s.name(a)} was swallowed by the lava", ev)
            return


def eruption(s: FujiState, f: Frame) -> Events:
    s.phase = 6
    ev: Events = []
    erupt(s, ev)
    if not s.result:
        end_round(s)  # the round's own frame, under this one, starts the next
    return ev


def end_round(s: FujiState) -> None:
    """Lent and set-aside dice come back; markers and one-round effects end."""
    for die in s.dice:
        die.holder = die.owner
        die.aside = Aside.NO
    s.clear_round_effects()
    s.destination = [NOWHERE] * s.adventurer_count
    s.marker_steps = [NOWHERE] * s.adventurer_count


# ---------------------------------------------------------------- steps
ERUPTION = Step("eruption", run=eruption)
