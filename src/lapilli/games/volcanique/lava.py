"""Lava (step 3's first flow and step 8): flowing downhill, Lava Diversion, what lava
does where it arrives (evacuation, a Colossal Critter stopping it, a sea critter wiped
out), volcanic soil."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import Hex

from . import actions as A
from .actions import ABANDON, DIVERT_LAVA, DONE, at_hex, refusal
from .args import Moving, Region, Volcano
from .board import OWNER_BITS, OWNER_MASK, around, hex_id, hex_of, region_id, region_of, xy
from .components import EVACUATION_COST, SIDES, SOIL, VOLCANO
from .events import Events
from .frames import frame
from .paying import PAY
from .pieces import FLOWING, Lava
from .powers import has_power
from .winter import cold

if TYPE_CHECKING:
    from .state import VolcaniqueState


NEW = -1
"""The ``index`` of a lava flow just starting from its volcano."""


def lower_neighbours(s: VolcaniqueState, h: int, height: int) -> list[int]:
    """Spaces lava may flow to: lower than ``height`` (the ocean is 0), never onto a
    volcano or another lava tile. In the order of the core's directions."""
    lava = s.lava_hexes()
    stacks = s.stacks
    out = []
    for nb in around(h):
        if nb in lava:
            continue
        stack = stacks.get(nb)
        if stack is None or stack[-1] != VOLCANO and len(stack) < height:
            out.append(nb)
    return out


# -- the first lava: a d6 re-rolled until it shows a lower neighbour -----------------------
def start_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    lower = lower_neighbours(s, hex_id(f.args.volcano), f.args.height)
    return [(A.LAVA[h], 1.0 / len(lower)) for h in lower]


def start(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return aim(s, NEW, hex_id(f.args.volcano), at_hex(a))


def settle_start(s: VolcaniqueState, f: Frame) -> Events | None:
    """No lava tile left, or nowhere lower: no lava. One lower space: no roll."""
    if s.lava_tiles <= 0:
        return []
    volcano = hex_id(f.args.volcano)
    lower = lower_neighbours(s, volcano, f.args.height)
    if not lower:
        return [{"type": "no_lava", "at": list(f.args.volcano)}]
    if len(lower) == 1:
        return aim(s, NEW, volcano, lower[0])
    return None


# -- Lava Diversion: after the roll, holders may try to redirect it ------------------------
def diversion_sides(s: VolcaniqueState, source: int, to: int) -> list[int]:
    """The two spaces beside the target (around the lava's source) that the lava could
    flow to: the diversion's 1-2 and 5-6."""
    nbs = around(source)
    d = nbs.index(to)
    lower = lower_neighbours(s, source, s.height(source))  # (lava and volcanoes: no height)
    return [h for h in (nbs[(d + 1) % SIDES], nbs[(d - 1) % SIDES]) if h in lower]


def aim(s: VolcaniqueState, index: int, source: int, to: int) -> Events:
    """The roll names ``to``: each holder of Lava Diversion in turn order (from the
    player whose turn it is) may try to divert it, if a side space could take it."""
    holders = tuple(
        o
        for o in ((s.player + i) % s.players for i in range(s.players))
        if has_power(s, o, "lava_diversion")
    )
    if holders and diversion_sides(s, source, to):
        then(
            s,
            DIVERT(
                holders[0], index=index, source=hex_of(source), to=hex_of(to), others=holders[1:]
            ),
        )
        return []
    return arrive(s, index, to)


def legal_divert(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [DIVERT_LAVA, DONE]


def refuse_divert(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return None


def divert(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    index, source, to, others = f.args
    if a == DIVERT_LAVA:
        then(s, DIVERSION(index=index, source=source, to=to))
        return [{"type": "diversion", "seat": f.seat, "at": list(to)}]
    if others:
        then(s, DIVERT(others[0], index=index, source=source, to=to, others=others[1:]))
        return []
    return arrive(s, index, hex_id(to))


def diversion_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    """The d6: 1-2 and 5-6 divert it to a side space, 3-4 keep it on course (a side the
    lava cannot take keeps it on course too)."""
    to = hex_id(f.args.to)
    sides = diversion_sides(s, hex_id(f.args.source), to)
    stay = 1.0 - len(sides) / 3
    return [(A.LAVA[to], stay)] + [(A.LAVA[h], 1 / 3) for h in sides]


def diverted(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return arrive(s, f.args.index, at_hex(a))


# -- where the lava arrives ----------------------------------------------------------------
def arrive(s: VolcaniqueState, index: int, h: int) -> Events:
    """Lava moves onto ``h``: a new flow (``index`` NEW) or flow ``index`` moving on.
    In the sea it wipes out a sea critter. On a tile with a Colossal Critter, each takes
    1 damage and the lava stops (its tile goes back). Otherwise critters there may
    evacuate within their biome for 2 resources (their owners decide; burrowed and
    frozen ones cannot), then the next flow moves."""
    ocean = h not in s.stacks
    events: Events = [{"type": "lava", "at": xy(h), "ocean": ocean}]
    after = [] if index == NEW else [frame(PROGRESS_LAVA, index=index + 1)]
    bigs = [spot for spot in s.spots_on(h) if s.colossal.get(spot)] if not ocean else []
    if bigs:
        for spot in bigs:
            for _ in range(s.colossal[spot]):
                s.damage(spot)
                events.append({"type": "colossal_damaged", "seat": spot & OWNER_MASK, "at": xy(h)})
        events.append({"type": "lava_stopped", "at": xy(h)})
        if index != NEW:
            del s.lava[index]
            s.lava_tiles += 1
            after = [frame(PROGRESS_LAVA, index=index)]
        then(s, *after)
        return events
    flow = Lava(h, s.turn if ocean else FLOWING)
    if index == NEW:
        s.lava_tiles -= 1
        s.lava.append(flow)
    else:
        s.lava[index] = flow
    if ocean:
        owner = s.sea.pop(h, None)
        if owner is not None:
            s.hand[owner] += 1
            events.append({"type": "wiped", "seat": owner, "at": xy(h), "n": 1})
        then(s, *after)
        return events
    for spot in s.burrowed_on(h):
        n = s.unbury(spot)
        s.hand[spot & OWNER_MASK] += n
        events.append({"type": "wiped", "seat": spot & OWNER_MASK, "at": xy(h), "n": n})
    evacuations = []
    biome_of = s.board.biome_of
    lava = s.lava_hexes()
    stuck = cold(s, h)
    for spot in s.spots_on(h):
        region = spot >> OWNER_BITS
        tiles = biome_of[region].tiles
        dests = () if stuck else evacuation_tiles(s, tiles, lava)
        evacuations += [
            EVACUATE(spot & OWNER_MASK, region=region_of(region), dests=dests)
        ] * s.critters[spot]
    then(s, *evacuations, *after)
    return events


def evacuation_tiles(
    s: VolcaniqueState, tiles: tuple[int, ...], lava: frozenset[int]
) -> tuple[Hex, ...]:
    """Tiles of a biome a critter may evacuate to: no lava, not frozen."""
    return tuple(hex_of(h) for h in sorted(h for h in tiles if h not in lava and not cold(s, h)))


# -- evacuation (the critter's owner decides) ----------------------------------------------
def legal_evacuate(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [A.EVACUATE[hex_id(d)] for d in f.args.dests] + [ABANDON]


def refuse_evacuate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "evacuate":
        return None
    return "Evacuation: only to a tile of the critter's connected biome that lava has not reached"


def evacuate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == ABANDON:
        return _wipe_one(s, f)
    then(
        s,
        frame(PAY, f.seat, price=EVACUATION_COST, purpose="evacuate"),
        EVACUATED(seat=f.seat, region=f.args.region, to=a.arg("at")),
    )
    return []


def settle_evacuate(s: VolcaniqueState, f: Frame) -> Events | None:
    """Nowhere to go, or 2 resources short: the lava wipes the critter out."""
    if f.args.dests and sum(s.resources[f.seat]) >= EVACUATION_COST:
        return None
    return _wipe_one(s, f)


def _wipe_one(s: VolcaniqueState, f: Frame) -> Events:
    region = f.args.region
    s.send_home(region_id(region), f.seat, 1)
    return [{"type": "wiped", "seat": f.seat, "at": list(region[:2]), "n": 1}]


def evacuated(s: VolcaniqueState, f: Frame) -> Events:
    seat, region, to = f.args
    big = s.take_critter(region_id(region), seat)
    s.add_critter(region_id((*to, region[2])), seat, 1, big)
    return [{"type": "evacuated", "seat": seat, "from": list(region[:2]), "to": list(to)}]


# -- 8. progress all lava ------------------------------------------------------------------
def progress(s: VolcaniqueState, f: Frame) -> Events:
    """Each lava tile from ``index`` on, in the order laid: one that reached the ocean
    last turn becomes volcanic soil; a flow with nowhere lower cools (its tile goes
    back); any other moves one step downhill (a roll when there is a choice). Lava
    flows over frozen tiles too."""
    events: Events = []
    i = f.args.index
    while i < len(s.lava):
        at, sea_turn = s.lava[i]
        if sea_turn != FLOWING:
            if sea_turn < s.turn:
                del s.lava[i]
                s.set_stack(at, (SOIL,))
                events.append({"type": "soil", "at": xy(at)})
            else:
                i += 1
            continue
        if not lower_neighbours(s, at, s.height(at)):
            del s.lava[i]
            s.lava_tiles += 1
            events.append({"type": "lava_cooled", "at": xy(at)})
            continue
        then(s, frame(LAVA_FLOW, index=i))
        return events
    return events


def flow_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    at = s.lava[f.args.index].at
    lower = lower_neighbours(s, at, s.height(at))
    return [(A.LAVA[h], 1.0 / len(lower)) for h in lower]


def flow(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return aim(s, f.args.index, s.lava[f.args.index].at, at_hex(a))


def settle_flow(s: VolcaniqueState, f: Frame) -> Events | None:
    outcomes = flow_outcomes(s, f)
    return flow(s, f, outcomes[0][0]) if len(outcomes) == 1 else None


# -- the steps --------------------------------------------------------------------------
LAVA_START = Step(
    "lava_start",
    "rolling the lava direction",
    outcomes=start_outcomes,
    apply=start,
    Args=Volcano,
    settle=settle_start,
    word="lava direction",
)


class Aim(NamedTuple):
    index: int  # type: ignore[assignment]  # the saved name (frames keep it); shadows tuple's method: the lava tile moving (-1: a new flow from its volcano)
    source: Hex
    to: Hex  # where the roll sends it


class Diverters(NamedTuple):
    index: int  # type: ignore[assignment]  # the saved name (frames keep it); shadows tuple's method
    source: Hex
    to: Hex
    others: tuple[int, ...]  # holders asked after this one


DIVERT = Step(
    "divert",
    "Lava Diversion: roll to divert this lava flow?",
    legal_divert,
    refusal(legal_divert, refuse_divert),
    divert,
    Args=Diverters,
    word="lava diversion",
)


DIVERSION = Step(
    "diversion",
    "rolling the lava diversion",
    outcomes=diversion_outcomes,
    apply=diverted,
    Args=Aim,
    word="lava diversion roll",
)


EVACUATE = Step(
    "evacuate",
    "Evacuation: evacuate to a tile of the connected biome for 2 resources, or abandon the critter",
    legal_evacuate,
    refusal(legal_evacuate, refuse_evacuate),
    evacuate,
    Args=Moving,
    settle=settle_evacuate,
)


class Evacuee(NamedTuple):
    seat: int
    region: Region
    to: Hex


EVACUATED = Step("evacuated", run=evacuated, Args=Evacuee)


class Flow(NamedTuple):
    index: int  # type: ignore[assignment]  # the saved name (frames keep it); shadows tuple's method: the lava tile (in the order laid) the step goes on from


PROGRESS_LAVA = Step("progress_lava", run=progress, Args=Flow)


LAVA_FLOW = Step(
    "lava_flow",
    "lava flows",
    outcomes=flow_outcomes,
    apply=flow,
    Args=Flow,
    settle=settle_flow,
    word="lava flow",
)
