"""Moving and gathering in the ocean: Swim, Gather, discarding to make room, the Knife."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.grid import distances

from . import exploring
from .actions import DECLINE, act
from .components import FINS, GATHER_MOST, KNIFE, NRES, RESOURCES
from .events import Events

if TYPE_CHECKING:
    from .state import DeeperState


# -- Swim -------------------------------------------------------------------------------
def reach(s: DeeperState, seat: int) -> list[int]:
    """Tiles a Swim action may end on: adjacent hex tiles (water or rock never blocks);
    1 or 2 away on your first Swim of a turn with Fins."""
    oc, tiles = s.ocean, s.tiles
    here = s.pawn[seat]
    if s.swum or not s.has(seat, FINS):
        return sorted(n for n in oc.neighbours[here] if n >= 0 and tiles[n] is not None)
    found = distances(
        [here],
        lambda c: [n for n in oc.neighbours[c] if n >= 0],
        lambda c: tiles[c] is not None,
        limit=2,
    )
    del found[here]
    return sorted(found)


def swims(s: DeeperState, seat: int) -> list[Action]:
    names = s.ocean.names
    return [act("swim", to=names[c]) for c in reach(s, seat)]


def refuse_swim(s: DeeperState, seat: int, a: Action) -> str | None:
    cell = s.ocean.index.get(str(a.arg("to")).upper())
    if cell is None:
        return f"Swim: there is no hex {a.arg('to')!r} on the board"
    if s.tiles[cell] is None:
        return f"Swim: {s.ocean.names[cell]} has no tile yet (explore it first)"
    if cell not in reach(s, seat):
        if s.has(seat, FINS) and not s.swum:
            return "Swim: with Fins your first Swim moves at most 2 spaces"
        return "Swim: move your pawn to an adjacent hex tile"
    return None


def swim(s: DeeperState, seat: int, a: Action) -> Events:
    cell = s.ocean.index[a.arg("to")]
    s.pawn[seat] = cell
    s.swum = True
    events, frames = exploring.entered(s, seat, cell)
    then(s, *frames)
    return [{"type": "swam", "seat": seat, "to": a.arg("to")}, *events]


# -- Gather -----------------------------------------------------------------------------
def gathers(s: DeeperState, seat: int) -> list[Action]:
    here = s.on_tile(s.pawn[seat])
    return [
        act("gather", resource=RESOURCES[k], n=n)
        for k in range(NRES)
        for n in range(1, min(GATHER_MOST, here[k]) + 1)
    ]


def refuse_gather(s: DeeperState, seat: int, a: Action) -> str | None:
    name, n = a.arg("resource"), a.arg("n")
    if name not in RESOURCES:
        return f"Gather: {name!r} is not a resource"
    if n not in range(1, GATHER_MOST + 1):
        return f"Gather: take 1 to {GATHER_MOST} resources of the same type"
    there = s.on_tile(s.pawn[seat])[RESOURCES.index(name)]
    if there < n:
        return f"Gather: your tile holds {there} {name}"
    return None


def gather(s: DeeperState, seat: int, a: Action) -> Events:
    return take(s, seat, RESOURCES.index(a.arg("resource")), a.arg("n"))


def take(s: DeeperState, seat: int, k: int, n: int) -> Events:
    """Move ``n`` of resource ``k`` from the player's tile into open Inventory cells,
    returning Inventory resources to the supply first if there is no room (default 26)."""
    short = n - s.inventory_room(seat)
    if short > 0:
        then(s, DISCARD(seat, resource=k, n=n, left=short))
        return []
    base = s.pawn[seat] * NRES
    s.res[base + k] -= n
    s.board_changed()
    s.inventory[seat][k] += n
    return [{"type": "gathered", "seat": seat, "resource": RESOURCES[k], "n": n}]


class DiscardArgs(NamedTuple):
    resource: int  # what is being gathered
    n: int
    left: int  # resources still to return


def _legal_discard(s: DeeperState, f: Frame) -> list[Action]:
    inv = s.inventory[f.seat]
    return [act("discard", resource=RESOURCES[k]) for k in range(NRES) if inv[k]]


def _refuse_discard(s: DeeperState, f: Frame, a: Action) -> str | None:
    name = a.arg("resource")
    if a.kind == "discard" and (
        name not in RESOURCES or not s.inventory[f.seat][RESOURCES.index(name)]
    ):
        return f"Gather: return a resource from your Inventory to make room (you have no {name})"
    return None


def _discard(s: DeeperState, f: Frame, a: Action) -> Events:
    k = RESOURCES.index(a.arg("resource"))
    s.inventory[f.seat][k] -= 1
    events: Events = [{"type": "discarded", "seat": f.seat, "resource": RESOURCES[k]}]
    args = f.args
    if args.left > 1:
        then(s, DISCARD(f.seat, resource=args.resource, n=args.n, left=args.left - 1))
    else:
        events += take(s, f.seat, args.resource, args.n)
    return events


DISCARD = Step(
    "discard",
    "Gather: return a resource from your Inventory to the supply to make room",
    _legal_discard,
    _refuse_discard,
    _discard,
    Args=DiscardArgs,
)


# -- the Knife: when your turn ends you may gather 1 resource -----------------------------
def _legal_knife(s: DeeperState, f: Frame) -> list[Action]:
    here = s.on_tile(s.pawn[f.seat])
    return [act("knife", resource=RESOURCES[k]) for k in range(NRES) if here[k]] + [DECLINE]


def _refuse_knife(s: DeeperState, f: Frame, a: Action) -> str | None:
    if a.kind == "knife":
        name = a.arg("resource")
        here = s.on_tile(s.pawn[f.seat])
        if name not in RESOURCES or not here[RESOURCES.index(name)]:
            return f"Knife: your tile holds no {name}"
    return None


def _knife(s: DeeperState, f: Frame, a: Action) -> Events:
    if a == DECLINE:
        return []
    return take(s, f.seat, RESOURCES.index(a.arg("resource")), 1)


KNIFE_STEP = Step(
    "knife",
    "Knife: your turn ends; you may gather 1 resource from your tile",
    _legal_knife,
    _refuse_knife,
    _knife,
)


def knife_frames(s: DeeperState, seat: int) -> list[Frame]:
    """The Knife's offer at the end of the turn, if there is anything to gather."""
    if s.has(seat, KNIFE) and any(s.on_tile(s.pawn[seat])):
        return [KNIFE_STEP(seat)]
    return []
