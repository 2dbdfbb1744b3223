"""The Volcanic Winter: spawn points chosen by those who unlock it, spreading one space
a turn over land and sea; frozen tiles take no tiles, critters, movement, sacrifices or
collection (lava still flows over them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, Step

from .actions import at_hex, on_hex, refusal
from .board import distance, hex_id, xy
from .events import Events
from .triggers import trigger_end

if TYPE_CHECKING:
    from .state import VolcaniqueState


def frozen(s: VolcaniqueState, h: int) -> bool:
    """Whether the winter has reached a space: within as many spaces of a spawn point as
    turns have ended since it began."""
    return any(distance(h, hex_id(spawn)) <= s.turn - began for spawn, began in s.winter)


def cold(s: VolcaniqueState, h: int) -> bool:
    """``frozen``, asked cheaply: false at once while no winter has begun."""
    return bool(s.winter) and frozen(s, h)


def all_frozen(s: VolcaniqueState) -> bool:
    """Every land tile is frozen: the winter has locked out the play area."""
    return bool(s.winter) and all(frozen(s, h) for h in s.stacks)


def may_spawn(s: VolcaniqueState) -> bool:
    """Spawn points can be made until all land tiles are frozen."""
    return not all_frozen(s)


def legal_spawn(s: VolcaniqueState, f: Frame) -> list[Action]:
    freeze = on_hex("freeze")
    return [freeze[h] for h in sorted(s.stacks) if not frozen(s, h)]


def refuse_spawn(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "freeze":
        return None
    return "Volcanic Winter: it starts from a land tile the winter has not reached yet"


def spawn(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The winter begins on the chosen tile; the first spawn starts the end sequence."""
    at = at_hex(a)
    s.winter = (*s.winter, (a.arg("at"), s.turn))
    events: Events = [{"type": "winter", "seat": f.seat, "at": xy(at)}]
    return events + trigger_end(s, "volcanic_winter", f.seat)


# -- the steps --------------------------------------------------------------------------
WINTER_SPAWN = Step(
    "winter_spawn",
    "Volcanic Winter: choose the tile the winter starts from",
    legal_spawn,
    refusal(legal_spawn, refuse_spawn),
    spawn,
    word="volcanic winter",
)
