"""Step 3 (volcanoes) and step 8 (lava): eruption, unlocking a power, the first lava
direction, lava flowing downhill, evacuation, volcanic soil."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, then

from . import endgame, powers, steps
from .actions import ABANDON, UNLOCK, at_act
from .board import Hex, around
from .components import EVACUATION_COST, POWERS, SOIL, VOLCANO
from .pieces import FLOWING, Lava
from .stacking import stack_hexes, to_claim

if TYPE_CHECKING:
    from .state import VolcaniqueState

Events = list[dict]


# -- 3. a volcano --------------------------------------------------------------------------
def legal_erupt(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [at_act("erupt", h) for h in stack_hexes(s, f.seat)]


def refuse_erupt(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "erupt":
        return None
    at = a.arg("at")
    if not isinstance(at, tuple) or at not in s.stacks:
        return "Volcanoes: a volcano must be unleashed on a land tile, not the ocean"
    if s.stacks[at][-1] == VOLCANO or at in s.lava_hexes():
        return "Volcanoes: a volcano cannot go on a volcano or on lava"
    return "Rules of engagement: you may not target that tile"


def erupt(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The volcano wipes out the critters of its tile (no migration) and activates."""
    at = a.arg("at")
    events: Events = [{"type": "volcano", "seat": f.seat, "at": list(at)}]
    events.extend(s.wipe_hex(at))
    height = s.height(at)
    s.set_stack(at, (*s.stacks[at], VOLCANO))
    then(s, steps.UNLOCK(f.seat, volcano=at, height=height))
    return events


def settle_erupt(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = legal_erupt(s, f)
    return erupt(s, f, legal[0]) if len(legal) == 1 else None


def legal_unlock(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [UNLOCK[slot] for slot in powers.unlockable(s.unlocked[f.seat])]


def refuse_unlock(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "unlock":
        return None
    return (
        "Volcanic powers: the Level 1 power first, then one sharing an edge with a power "
        "you have unlocked"
    )


def unlock(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """A critter from the hand goes onto the power: its holder may use it from now."""
    slot, seat = a.arg("slot"), f.seat
    s.hand[seat] -= 1
    s.unlocked[seat] = [*s.unlocked[seat], slot]  # replaced: clones share the old one
    power = s.grid.get(slot, "")
    events = [{"type": "unlocked", "seat": seat, "slot": slot, "power": power}]
    if POWERS.get(power, {}).get("end_trigger") == "on_unlock":  # Volcanic Winter
        events.extend(endgame.trigger_end(s, power, seat))
    then(s, steps.LAVA_START(volcano=f.args.volcano, height=f.args.height))
    return events


def settle_unlock(s: VolcaniqueState, f: Frame) -> Events | None:
    """No critter left in hand: nothing to unlock. One slot open: it is that one."""
    if s.hand[f.seat] == 0:
        then(s, steps.LAVA_START(volcano=f.args.volcano, height=f.args.height))
        return []
    legal = legal_unlock(s, f)
    return unlock(s, f, legal[0]) if len(legal) == 1 else None


# -- the first lava: a d6 re-rolled until it shows a lower neighbour -----------------------
def lower_neighbours(s: VolcaniqueState, h: Hex, height: int) -> list[Hex]:
    """Spaces lava may flow to: lower than ``height`` (the ocean is 0), never onto a
    volcano or another lava tile. In the order of the core's directions."""
    lava = s.lava_hexes()
    out = []
    for nb in around(h):
        if nb in lava:
            continue
        stack = s.stacks.get(nb)
        if stack is None or stack[-1] != VOLCANO and len(stack) < height:
            out.append(nb)
    return out


def start_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    lower = lower_neighbours(s, f.args.volcano, f.args.height)
    return [(at_act("lava", h), 1.0 / len(lower)) for h in lower]


def start(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return arrive(s, None, a.arg("at"), steps.CLAIM(s.player))


def settle_start(s: VolcaniqueState, f: Frame) -> Events | None:
    """No lava tile left, or nowhere lower: no lava. One lower space: no roll."""
    if s.lava_tiles <= 0:
        return to_claim(s)
    lower = lower_neighbours(s, f.args.volcano, f.args.height)
    if not lower:
        return [{"type": "no_lava", "at": list(f.args.volcano)}, *to_claim(s)]
    if len(lower) == 1:
        return arrive(s, None, lower[0], steps.CLAIM(s.player))
    return None


def arrive(s: VolcaniqueState, index: int | None, h: Hex, after: Frame) -> Events:
    """Lava moves onto ``h``: a new flow (``index`` None) or flow ``index`` moving on.
    Critters there may evacuate within their biome for 2 resources (their owners decide
    first), then ``after`` goes on."""
    ocean = h not in s.stacks
    flow = Lava(h, s.turn if ocean else FLOWING)
    if index is None:
        s.lava_tiles -= 1
        s.lava.append(flow)
    else:
        s.lava[index] = flow
    events: Events = [{"type": "lava", "at": list(h), "ocean": ocean}]
    evacuations = []
    if not ocean:
        biome_of = s.board.biome_of
        lava = s.lava_hexes()
        for spot in s.spots_on(h):
            region = spot[:3]
            members = biome_of[region].members
            dests = tuple(sorted(m[:2] for m in members if m[:2] not in lava))
            evacuations += [steps.EVACUATE(spot[3], region=region, dests=dests)] * s.critters[spot]
    then(s, *evacuations, after)
    return events


# -- evacuation (the critter's owner decides) ----------------------------------------------
def legal_evacuate(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [at_act("evacuate", d) for d in f.args.dests] + [ABANDON]


def refuse_evacuate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "evacuate":
        return None
    return "Evacuation: only to a tile of the critter's connected biome that lava has not reached"


def evacuate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == ABANDON:
        return _wipe_one(s, f)
    to = a.arg("at")
    then(
        s,
        steps.PAY(f.seat, price=EVACUATION_COST, purpose="evacuate"),
        steps.EVACUATED(seat=f.seat, region=f.args.region, to=to),
    )
    return []


def settle_evacuate(s: VolcaniqueState, f: Frame) -> Events | None:
    """Nowhere to go, or 2 resources short: the lava wipes the critter out."""
    if f.args.dests and sum(s.resources[f.seat]) >= EVACUATION_COST:
        return None
    return _wipe_one(s, f)


def _wipe_one(s: VolcaniqueState, f: Frame) -> Events:
    region = f.args.region
    s.take_critter(region, f.seat)
    s.hand[f.seat] += 1
    return [{"type": "wiped", "seat": f.seat, "at": list(region[:2]), "n": 1}]


def evacuated(s: VolcaniqueState, f: Frame) -> Events:
    seat, region, to = f.args
    s.take_critter(region, seat)
    s.add_critter((*to, region[2]), seat)
    return [{"type": "evacuated", "seat": seat, "from": list(region[:2]), "to": list(to)}]


# -- 8. progress all lava ------------------------------------------------------------------
def progress(s: VolcaniqueState, f: Frame) -> Events:
    """Each lava tile from ``index`` on, in the order laid: one that reached the ocean
    last turn becomes volcanic soil; a flow with nowhere lower cools (its tile goes
    back); any other moves one step downhill (a roll when there is a choice)."""
    events: Events = []
    i = f.args.index
    while i < len(s.lava):
        at, sea_turn = s.lava[i]
        if sea_turn != FLOWING:
            if sea_turn < s.turn:
                del s.lava[i]
                s.set_stack(at, (SOIL,))
                events.append({"type": "soil", "at": list(at)})
            else:
                i += 1
            continue
        if not lower_neighbours(s, at, s.height(at)):
            del s.lava[i]
            s.lava_tiles += 1
            events.append({"type": "lava_cooled", "at": list(at)})
            continue
        then(s, steps.LAVA_FLOW(index=i))
        return events
    return events


def flow_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    at = s.lava[f.args.index].at
    lower = lower_neighbours(s, at, s.height(at))
    return [(at_act("lava", h), 1.0 / len(lower)) for h in lower]


def flow(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return arrive(s, f.args.index, a.arg("at"), steps.PROGRESS_LAVA(index=f.args.index + 1))


def settle_flow(s: VolcaniqueState, f: Frame) -> Events | None:
    outcomes = flow_outcomes(s, f)
    return flow(s, f, outcomes[0][0]) if len(outcomes) == 1 else None
